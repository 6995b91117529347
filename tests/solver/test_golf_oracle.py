"""The exhaustive Golf search of ``benchmarks/golf.py`` (``tests/helpers/golf_oracle.py``),
written from the rules alone, against the engine: the same legal moves and the same
positions after them along random games, and winning lines that the engine plays to
a win.  Only then do its verdicts say anything about the solver's."""

from __future__ import annotations

import random

import pytest
from golf_oracle import Deal, Position

from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False)


def seen_by_engine(state: State) -> Position:
    """The oracle's triple for an engine position: column heights, stock size, top card."""
    heights = tuple(len(state.pile(f"t{n}")) for n in range(1, 8))
    top = state.pile("f1").up[-1]
    return heights, len(state.pile("s")), (top.rank, top.suit.letter)


@pytest.mark.parametrize("deal", range(1, 41))
def test_the_oracle_has_the_engines_moves_along_random_games(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("golf", deal=deal))
    oracle = Deal.of(game.state)
    rng = random.Random(f"golf oracle {deal}")
    position = oracle.start()
    assert position == seen_by_engine(game.state)
    steps = 0
    while True:
        engine_moves = sorted(str(move) for move in game.rules.legal_moves(game.state))
        ours = dict(oracle.moves(position))
        assert sorted(ours) == engine_moves, (game.code, steps)
        assert oracle.won(position) == game.is_won
        if not engine_moves or game.is_won:
            break
        move = rng.choice(engine_moves)
        game.perform(move)
        position = ours[move]
        assert position == seen_by_engine(game.state), (game.code, steps, move)
        steps += 1
    assert steps >= 16  # every game taps the whole stock at least


@pytest.mark.parametrize("deal", range(1, 9))
def test_the_oracles_winning_lines_win_in_the_engine(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("golf", deal=deal))
    won, line, seen = Deal.of(game.state).solve()
    assert seen >= 1
    if not won:
        assert line == []
        return
    for action in line:
        game.perform(action)
    assert game.is_won


def test_the_oracle_says_unwinnable_when_nothing_can_be_played() -> None:
    # A king on the foundation, the stock empty: no move at all.
    stuck = Deal([[(5, "S")], [], [], [], [], [], []], [], (13, "H"))
    assert stuck.moves(stuck.start()) == []
    assert stuck.solve() == (False, [], 1)
    # One stock card that does not help: the 5 needs a 4 or a 6.
    stuck = Deal([[(5, "S")], [], [], [], [], [], []], [(9, "D")], (2, "H"))
    assert stuck.solve()[0] is False
    # Nothing goes on the king, but the stock's 3 covers it: then the 4 and the 5 go.
    freed = Deal([[(5, "S"), (4, "C")], [], [], [], [], [], []], [(3, "D")], (13, "H"))
    assert freed.solve() == (True, ["s", "t1>f1", "t1>f1"], 4)
