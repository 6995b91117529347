"""Random play, for tests, benchmarks and conformance checks: a game of any variant
(``catalog.new_game(options)``) played on by ``play_randomly(game, random.Random(1),
50)``, the same moves for the same seed."""

from __future__ import annotations

import random

from solitaire.core.game import Game

__all__ = ["play_randomly"]


def play_randomly(
    game: Game, rng: random.Random, actions: int, *, undo: float = 0.08, redo: float = 0.05, hint: float = 0.0
) -> Game:
    """About ``actions`` actions: legal moves chosen at random (the hint's move with
    probability ``hint``, which takes games deeper), undo and redo with the given
    probabilities.  Stops early when no move is left and nothing can be undone."""
    for _ in range(actions):
        roll = rng.random()
        if roll < undo and game.can_undo:
            game.undo()
        elif roll < undo + redo and game.can_redo:
            game.redo()
        elif roll < undo + redo + hint and (hinted := game.hint().move) is not None:
            game.play(hinted)
        elif legal := game.legal_moves():
            game.play(rng.choice(legal))
        elif game.can_undo:
            game.undo()
        else:
            break
    return game
