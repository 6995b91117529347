"""Invariants of every built-in variant, over random play with undo and redo.

For Klondike, Réfléchi, Yukon, FreeCell, Spider (1, 2 and 4 suits) and Golf, after
every action: the dealt cards are all there (the multiset of card uids never
changes); ``legal_moves`` is exactly the set of moves ``check`` accepts among every
move the notation can write (:func:`solitaire.testing.perft.oracle`); a move
``check`` refuses raises and changes nothing; an undo gives back exactly the state
before the move (the move counter aside); replaying the actions on a fresh game of
the same code gives the same state.
"""

from __future__ import annotations

import os

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import CATALOG

from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.ruleset import GameOptions
from solitaire.testing.perft import move_space, oracle

#: (variant, draw) of every built-in game; Spider's draw is its number of suits.
GAMES = [
    ("klondike", 1),
    ("klondike", 3),
    ("reflechi", 1),
    ("yukon", 1),
    ("freecell", 1),
    ("spider", 1),
    ("spider", 2),
    ("spider", 4),
    ("golf", 1),
]


@st.composite
def options(draw: st.DrawFn) -> GameOptions:
    variant, cards = draw(st.sampled_from(GAMES), label="game")
    deal = draw(st.integers(1, 32000), label="deal")
    return CATALOG.options(variant=variant, draw=cards, deal=deal)


def _uids(game: Game) -> list[int]:
    return sorted(card.uid for card in game.state.cards())


def _replayed(game: Game) -> Game:
    fresh = CATALOG.game_from_code(game.code)
    for action in game.actions:
        fresh.perform(action)
    return fresh


@pytest.mark.slow
@settings(
    max_examples=36 if os.environ.get("SOLITAIRE_TESTS") == "thorough" else 12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(options=options(), steps=st.integers(10, 80), data=st.data())
def test_invariants_of_every_variant(options: GameOptions, steps: int, data: st.DataObject) -> None:
    game = CATALOG.new_game(options)
    dealt = _uids(game)
    assert len(dealt) == len(set(dealt)) == 52 * game.rules.variant.decks
    for step in range(steps):
        legal = game.legal_moves()
        assert len(legal) == len(set(legal))
        assert {str(move) for move in legal} == oracle(game)
        for move in legal:
            assert game.check(move) == move
        # A refused move raises and changes nothing.
        probe = data.draw(st.sampled_from(move_space(game.state)), label="probe")
        checked = game.check(probe)
        if isinstance(checked, Refusal):
            before = (game.state, list(game.actions), game.can_undo, game.can_redo)
            with pytest.raises(IllegalMoveError):
                game.play(probe)
            assert (game.state, game.actions, game.can_undo, game.can_redo) == before
        else:
            assert isinstance(checked, Move) and checked in legal
        roll = data.draw(st.integers(0, 99), label="roll")
        before_state = game.state
        if roll < 10 and game.can_undo:
            game.undo()
        elif roll < 15 and game.can_redo:
            game.redo()
        elif legal:
            move = data.draw(st.sampled_from(legal), label="move")
            game.play(move)
            game.undo()
            assert game.state == attrs.evolve(before_state, moves=before_state.moves + 1)
            game.redo()
        else:
            break
        assert _uids(game) == dealt
        if step % 20 == 19:
            assert _replayed(game).state == game.state
    assert _replayed(game).state == game.state
