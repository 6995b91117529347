"""The exhaustive TriPeaks search of ``benchmarks/golf.py --game tripeaks``
(``tests/helpers/tripeaks_oracle.py``), written from the rules alone, against the
engine: the same legal moves and the same positions after them along random games,
and winning lines that the engine plays to a win.  Only then do its verdicts say
anything about the solver's."""

from __future__ import annotations

import random

import pytest
from tripeaks_oracle import Deal, Position

from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False)


def seen_by_engine(state: State) -> Position:
    """The oracle's triple for an engine position: piles left, stock size, top card."""
    left = sum(1 << (n - 1) for n in range(1, 29) if state.pile(f"t{n}"))
    top = state.pile("f1").up[-1]
    return left, len(state.pile("s")), (top.rank, top.suit.letter)


@pytest.mark.parametrize("deal", range(1, 31))
def test_the_oracle_has_the_engines_moves_along_random_games(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("tripeaks", deal=deal))
    oracle = Deal.of(game.state)
    rng = random.Random(f"tripeaks oracle {deal}")
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
        # A card of the peaks rather than the stock where one plays, so that games go far.
        move = rng.choice([move for move in engine_moves if move != "s"] or engine_moves)
        game.perform(move)
        position = ours[move]
        assert position == seen_by_engine(game.state), (game.code, steps, move)
        steps += 1
    assert steps >= 23  # every game that is not won taps the whole stock


@pytest.mark.parametrize("deal", range(1, 9))
def test_the_oracles_winning_lines_win_in_the_engine(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("tripeaks", deal=deal))
    won, line, seen = Deal.of(game.state).solve()
    assert seen >= 1
    if not won:
        assert line == []
        return
    for action in line:
        game.perform(action)
    assert game.is_won


def test_the_oracle_on_positions_known_by_hand() -> None:
    # Nothing fits the five and the stock is empty: no move.
    stuck = Deal({19: (9, "S")}, [], (5, "H"))
    assert stuck.moves(stuck.start()) == []
    assert stuck.solve() == (False, [], 1)
    # K and A are next to each other: the king on the ace, then the queen.
    wraps = Deal({19: (13, "S"), 20: (12, "D")}, [], (1, "H"))
    assert wraps.solve()[:2] == (True, ["t19>f1", "t20>f1"])
    # A card with a card lying on it waits for it: t10 lies under t19 and t20.
    covered = Deal({10: (6, "C"), 19: (4, "S")}, [(7, "D")], (5, "H"))
    assert sorted(move for move, _ in covered.moves(covered.start())) == ["s", "t19>f1"]
    # The four frees the six, which then goes on the stock's seven; the seven first, on the
    # five, takes neither the four nor the six's place.
    assert covered.solve()[:2] == (True, ["t19>f1", "s", "t10>f1"])
    # Without the seven the six never goes: the four was the last card to take it.
    lost = Deal({10: (6, "C"), 19: (4, "S")}, [(9, "D")], (5, "H"))
    assert lost.solve()[0] is False
