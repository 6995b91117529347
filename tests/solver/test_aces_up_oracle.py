"""The exhaustive Aces Up search of ``benchmarks/golf.py --game aces-up``
(``tests/helpers/aces_up_oracle.py``),
written from the rules alone, against the engine: the same legal moves and the same
positions after them along random games, winning lines that the engine plays to a
win, and small positions decided by hand.  Only then do its verdicts say anything
about the solver's."""

from __future__ import annotations

import random

import pytest
from aces_up_oracle import Deal, Position

from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False)


def seen_by_engine(state: State) -> Position:
    """The oracle's pair for an engine position: the four columns, the stock's size."""
    columns = tuple(
        tuple((card.rank, card.suit.letter) for card in state.pile(f"t{n}").cards) for n in range(1, 5)
    )
    return columns, len(state.pile("s"))


@pytest.mark.parametrize("deal", range(1, 31))
def test_the_oracle_has_the_engines_moves_along_random_games(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("aces-up", deal=deal))
    oracle = Deal.of(game.state)
    rng = random.Random(f"aces up oracle {deal}")
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
    assert steps >= 12  # every game deals the whole stock at least


@pytest.mark.parametrize("deal", [1, 5])
def test_the_oracles_winning_lines_win_in_the_engine(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("aces-up", deal=deal))
    won, line, seen = Deal.of(game.state).solve(limit=3_000_000)
    assert won is True and seen > 1
    for action in line:
        game.perform(action)
    assert game.is_won


H, S, D, C = "H", "S", "D", "C"


def test_small_positions_decided_by_hand() -> None:
    aces = ((1, H),), ((1, S),), ((1, D),), ((1, C),)
    # Only the aces, the stock dealt: won already.
    assert Deal(aces, ()).solve() == (True, [], 1)
    # A five under its ace's column, nothing higher of hearts elsewhere: lost.
    stuck = Deal((((1, H), (5, H)), ((1, S),), ((1, D),), ((1, C),)), ())
    assert stuck.moves(stuck.start()) == []
    assert stuck.solve()[0] is False
    # The same five with the ace of hearts ending another column: it goes.
    assert Deal((((5, H),), ((1, S),), ((1, D),), ((1, H),)), ()).solve() == (True, ["t1>f1"], 2)
    # An empty column frees the ace from under the five: the five moves there, then goes.
    freed = Deal((((1, H), (5, H)), ((1, S),), ((1, D), (1, C)), ()), ())
    assert freed.solve() == (True, ["t1>t4", "t4>f1"], 3)
    # The deal puts the stock's next card on the first column: there the two of hearts
    # covers the ace of hearts and never goes; with the first two columns the other way
    # round it lands on the ace of spades, and the ace of hearts sends it off.
    covered = Deal((((1, H),), ((1, S),), ((1, D),), ((1, C),)), ((2, H),))
    assert covered.solve() == (False, [], 2)
    other_way = Deal((((1, S),), ((1, H),), ((1, D),), ((1, C),)), ((2, H),))
    assert other_way.solve() == (True, ["s", "t1>f1"], 3)
