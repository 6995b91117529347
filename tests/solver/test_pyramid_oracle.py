"""The exhaustive Pyramid search of ``benchmarks/golf.py --game pyramid``
(``tests/helpers/pyramid_oracle.py``), written from the rules alone, against the
engine: the same legal moves and the same positions after them along random games
(three passes and no limit), and winning lines that the engine plays to a win.  Only
then do its verdicts say anything about the solver's."""

from __future__ import annotations

import random

import pytest
from pyramid_oracle import Deal

from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False)


@pytest.mark.parametrize("redeal", ["passes:3", "unlimited"])
@pytest.mark.parametrize("deal", range(1, 21))
def test_the_oracle_has_the_engines_moves_along_random_games(deal: int, redeal: str) -> None:
    game = CATALOG.new_game(CATALOG.options("pyramid", deal=deal, redeal=redeal))
    passes = game.rules.redeal.passes
    oracle = Deal.of(game.state, passes)
    rng = random.Random(f"pyramid oracle {deal} {redeal}")
    position = oracle.start()
    steps = 0
    while steps < 200:
        engine_moves = sorted(str(move) for move in game.rules.legal_moves(game.state))
        ours = dict(oracle.moves(position))
        assert sorted(ours) == engine_moves, (game.code, steps)
        assert oracle.won(position) == game.is_won
        if not engine_moves or game.is_won:
            break
        # A pair rather than a tap where one plays, so that games go far.
        move = rng.choice([move for move in engine_moves if move != "s"] or engine_moves)
        game.perform(move)
        position = ours[move]
        assert position == Deal.of(game.state, passes).start(), (game.code, steps, move)
        steps += 1
    assert game.state.pass_number > 1  # the waste went back at least once


@pytest.mark.parametrize("deal", [1, 2, 5, 14])
def test_the_oracles_winning_lines_win_in_the_engine(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("pyramid", deal=deal))
    won, line, seen = Deal.of(game.state).solve()
    assert won is True and seen >= 1
    for action in line:
        game.perform(action)
    assert game.is_won


def test_the_oracle_on_positions_known_by_hand() -> None:
    # Two sixes never make 13, and nothing else is left.
    sixes = Deal({(7, 1): (6, "H"), (7, 2): (6, "D")}, ())
    assert sixes.moves(sixes.start()) == []
    assert sixes.solve() == (False, [], 1)
    # A king alone, then a six and a seven together.
    pair = Deal({(7, 1): (13, "S"), (7, 2): (6, "H"), (7, 3): (7, "D")}, ())
    assert pair.solve()[:2] == (True, ["t22>f1", "t23>t24"])
    # A card pairs only with a card that does not lie on it: the queen on the ace.
    covering = Deal({(6, 1): (1, "S"), (7, 1): (12, "H")}, ())
    assert [move for move, _ in covering.moves(covering.start())] == []
    # The stock's card and the waste's top pair: a tap puts the five on the waste,
    # the eight comes up.
    stock = Deal({}, ((5, "C"), (8, "D")))
    assert stock.solve()[:2] == (True, ["s", "s>w"])
    # On the last pass the stock's last card stays: the five under the eight on the
    # waste never pairs with it.
    last = Deal({}, ((9, "C"),), ((5, "C"), (8, "D")), passes=3, pass_number=3)
    assert [move for move, _ in last.moves(last.start())] == []
    assert last.solve()[0] is False
    # With a pass left the waste goes back: five, then eight on it, pair; the nine stays.
    assert Deal({}, ((9, "C"),), ((5, "C"), (8, "D")), passes=3, pass_number=2).solve()[0] is False
    again = Deal({}, ((4, "C"),), ((5, "C"), (8, "D"), (9, "S")), passes=3, pass_number=2)
    assert again.solve()[0] is True
