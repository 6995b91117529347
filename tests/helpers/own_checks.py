"""What the tests of the games' own solvers (Golf, TriPeaks, Pyramid, Aces Up) share:
a verdict whose winning line is played through the engine, and random play before it."""

from __future__ import annotations

import random

from solitaire.core.game import Game
from solitaire.core.solver import Solver


def checked(game: Game, solver: Solver) -> str:
    """The solver's verdict on ``game``, its winning line played to a win."""
    result = solver.solve(game.state, game.rules)
    assert result.verdict != "unknown", game.code
    if result.verdict == "winnable":
        replay = Game(game.rules, initial=game.state)
        for action in result.solution:
            replay.perform(action)
        assert replay.is_won, (game.code, result.solution)
    return result.verdict


def play_randomly(game: Game, steps: int, rng: random.Random) -> Game:
    """``game`` after up to ``steps`` random legal moves, any move rather than the stock
    where there is one (so that not every game is lost)."""
    for _ in range(steps):
        moves = [str(move) for move in game.rules.legal_moves(game.state)]
        if not moves or game.is_won:
            break
        game.perform(rng.choice([move for move in moves if move != "s"] or moves))
    return game
