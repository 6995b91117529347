"""Pyramid and TriPeaks: their deals, the covering of their layouts, Pyramid's pairs and
stock, TriPeaks' wrap and turned-up cards, their refusals (with rule ids) and scores,
and the table the terminal draws."""

from __future__ import annotations

import pytest
from strategies import CATALOG

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.ruleset import Variant
from solitaire.core.state import Pile, State
from solitaire.frontends.cli.render import render_state
from solitaire.variants.overlap import covering, peaks, pyramid


def cards(text: str) -> tuple[Card, ...]:
    return tuple(map(Card.parse, text.split()))


def game_on(code: str, piles: dict[str, Pile], pass_number: int = 1) -> Game:
    """A game of ``code``'s options started from a table holding only ``piles``."""
    options = CATALOG.options_from_code(code)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    state = empty.with_piles(piles)
    return CATALOG.new_game(options, initial=State(state.table, state.piles, pass_number=pass_number))


def rule(game: Game, text: str) -> str:
    checked = game.check(text)
    assert isinstance(checked, Refusal), f"{text} was accepted as {checked}"
    return checked.rule


# -- the layouts ------------------------------------------------------------------------------


def test_a_pyramid_card_lies_under_the_two_below_it_and_the_peaks_share_their_bottom_row() -> None:
    spots = pyramid(7)
    assert len(spots) == 28 and spots[0] == (3.0, 0.0) and spots[21:] == tuple((n, 3.0) for n in range(7))
    lying = covering(spots)
    assert lying[0] == (2, 3) and lying[1] == (4, 5) and lying[20] == (27, 28)
    assert all(lying[n] == () for n in range(21, 28))
    spots = peaks(3, 4)
    lying = covering(spots)
    assert [len(spots[n : n + k]) for n, k in ((0, 3), (3, 6), (9, 9), (18, 10))] == [3, 6, 9, 10]
    assert lying[0] == (4, 5) and lying[1] == (6, 7) and lying[2] == (8, 9)  # the tops
    assert lying[3] == (10, 11) and lying[5] == (13, 14)  # the second row, peak by peak
    assert lying[9] == (19, 20) and lying[17] == (27, 28)  # the third row, on the shared bottom row


@pytest.mark.parametrize("code", ["PY1-D1X-AAAAAAB", "TP1-D1T-AAAAAAB"])
def test_the_piles_say_where_they_lie_and_which_cover_which(code: str) -> None:
    game = CATALOG.game_from_code(code)
    specs = {spec.id: spec for spec in game.rules.variant.piles(game.state)}
    assert all(spec.at is not None for spec in specs.values())
    assert specs["t1"].covered_by == (("t2", "t3") if code[:2] == "PY" else ("t4", "t5"))
    assert specs["t28"].covered_by == ()
    # The core's answer from the description agrees with the variant's own.
    for pile in game.state.table.ids:
        assert Variant.covered(game.rules.variant, game.state, pile) == game.rules.variant.covered(
            game.state, pile
        )


# -- Pyramid ----------------------------------------------------------------------------------


def test_pyramid_deals_28_face_up_cards_and_the_stocks_next_card_face_up() -> None:
    game = CATALOG.game_from_code("PY1-D1X-AAAAAAB")
    state = game.state
    assert all(len(state.pile(f"t{n}").up) == 1 and not state.pile(f"t{n}").down for n in range(1, 29))
    stock = state.pile("s")
    assert len(stock.down) == 23 and stock.up == cards("QS") and not state.waste
    assert game.rules.options.redeal == "passes:3" and game.code == "PY1-D1X-AAAAAAB"
    assert CATALOG.options_from_code("PY1-D1XU-AAAAAAB").redeal == "unlimited"
    assert game.state.face_down_count == 0


def test_a_pair_is_written_either_way_and_kept_in_table_order() -> None:
    game = CATALOG.game_from_code("PY1-D1X-AAAAAAB")
    game.play("t22>f")
    game.play("t23>f1")
    assert game.check("t28>t16") == Move("t16", "t28") == game.check("t16:1>t28")
    assert rule(game, "t16:2>t28") == "tableau.not-enough-cards"
    events = game.play("t28>t16")
    assert game.actions[-1] == "t16>t28"
    assert not game.state.pile("t16") and not game.state.pile("t28")
    assert game.state.pile("f1").up[-2:] == cards("5D 8C")
    assert len(events) == 2


def test_pyramid_refuses_with_its_own_rules() -> None:
    game = CATALOG.game_from_code("PY1-D1X-AAAAAAB")
    assert rule(game, "t16>t28") == "move.covered"  # 5D lies under KS and KD
    assert rule(game, "t28>t16") == "pairs.partner-covered"
    assert rule(game, "t25>t26") == "pairs.total"  # TC and JC make 21
    assert rule(game, "t28>f1") == "pairs.alone"  # 8C is no king
    assert rule(game, "w>t28") == "waste.empty"
    assert rule(game, "t28>w") == "pairs.partner-empty"
    assert rule(game, "t22>t23") == "pairs.total"  # two kings make 26
    game.play("t22>f1")
    assert rule(game, "f1>t23") == "foundation.no-returns"
    assert rule(game, "t22>f1") == "move.source-empty"
    refusal = game.can_pick_up("t1", 1)
    assert refusal is not None and refusal.rule == "move.covered"
    assert game.can_pick_up("t28", 1) is None and game.can_pick_up("s", 1) is None
    refused = game.can_pick_up("s", 2)
    assert refused is not None and refused.rule == "move.top-card-only"


def test_the_stock_turns_its_card_onto_the_waste_and_goes_round_three_times() -> None:
    game = game_on("PY1-D1X-AAAAAAB", {"s": Pile(cards("2C"), cards("3C")), "t1": Pile((), cards("9H"))})
    game.play("s")
    assert game.state.pile("s") == Pile((), cards("2C")) and game.state.waste == cards("3C")
    game.play("s")  # the last card: onto the waste, and the waste back at once
    assert game.state.pile("s") == Pile(cards("2C"), cards("3C")) and not game.state.waste
    assert game.state.pass_number == 2
    game.play("s")
    game.play("s")
    assert game.state.pass_number == 3 and game.state.pile("s") == Pile(cards("2C"), cards("3C"))
    game.play("s")
    assert rule(game, "s") == "stock.no-passes-left"  # the last card stays where it is
    assert game.state.pile("s") == Pile((), cards("2C")) and game.legal_moves() == []


def test_the_stocks_card_pairs_with_the_waste_and_a_king_on_it_goes_alone() -> None:
    game = game_on(
        "PY1-D1X-AAAAAAB",
        {"s": Pile(cards("KH 4D"), cards("9S")), "w": Pile((), cards("4C")), "t28": Pile((), cards("QD"))},
    )
    assert {str(move) for move in game.legal_moves()} == {"s", "s>w"}
    game.play("w>s")
    assert game.actions == ["s>w"]
    assert game.state.pile("s") == Pile(cards("KH"), cards("4D")) and not game.state.waste
    game.play("s")
    assert game.state.pile("s").up == cards("KH")
    assert {str(move) for move in game.legal_moves()} == {"s", "s>f1"}
    game.play("s>f")
    assert not game.state.pile("s") and game.state.waste == cards("4D")
    assert rule(game, "s>t28") == "move.source-empty"


def test_pyramid_is_won_when_every_card_is_off() -> None:
    game = game_on("PY1-D1X-AAAAAAB", {"t1": Pile((), cards("KS")), "s": Pile((), cards("KH"))})
    game.play("t1>f1")
    assert not game.is_won
    game.play("s>f1")
    assert game.is_won and game.legal_moves() == []


# -- TriPeaks ---------------------------------------------------------------------------------


def test_tripeaks_deals_18_face_down_above_a_face_up_row_of_10() -> None:
    game = CATALOG.game_from_code("TP1-D1T-AAAAAAB")
    state = game.state
    assert [len(state.pile(f"t{n}").down) for n in range(1, 29)] == [1] * 18 + [0] * 10
    assert [len(state.pile(f"t{n}").up) for n in range(1, 29)] == [0] * 18 + [1] * 10
    assert len(state.stock) == 23 and state.pile("f1").up == cards("QS")
    assert state.score == 0 and game.rules.scoring.id == "tripeaks"
    assert CATALOG.game_from_code("TP1-D1G-AAAAAAB").state.score == 28  # Golf's cards left


def test_tripeaks_wraps_and_turns_a_card_up_once_nothing_lies_on_it() -> None:
    game = CATALOG.game_from_code("TP1-D1T-AAAAAAB")
    assert rule(game, "t10>f1") == "tableau.face-down"  # covered, face down: never named
    game.play("t22>f")  # KS on QS
    assert game.check("t20>f1") == Move("t20", "f1")  # AH on KS: K and A are next to each other
    game.play("t20>f1")
    assert rule(game, "t21>f1") == "build.one-rank-apart"  # 6C on AH
    events = game.play("t19>f1")  # 2S on AH: t10 (under t19 and t20) turns up
    assert game.state.pile("t10").up and not game.state.pile("t10").down
    assert events[1].tag == "turned"


def test_tripeaks_refuses_a_face_up_card_with_a_card_on_it() -> None:
    game = game_on(
        "TP1-D1X-AAAAAAB",
        {"t1": Pile((), cards("5H")), "t4": Pile((), cards("9C")), "f1": Pile((), cards("4S"))},
    )
    assert rule(game, "t1>f1") == "move.covered"
    refusal = game.can_pick_up("t1", 1)
    assert refusal is not None and refusal.rule == "move.covered"
    game = game_on("TP1-D1X-AAAAAAB", {"t1": Pile((cards("5H")), ()), "t4": Pile((), cards("9C"))})
    refusal = game.can_pick_up("t1", 1)
    assert refusal is not None and refusal.rule == "tableau.face-down"


def test_tripeaks_is_won_with_cards_left_in_the_stock() -> None:
    game = game_on(
        "TP1-D1T-AAAAAAB", {"t28": Pile((), cards("5H")), "f1": Pile((), cards("4S")), "s": Pile(cards("9C"))}
    )
    game.play("t28>f1")
    assert game.is_won


def test_runs_score_one_more_each_the_stock_costs_5_and_peaks_15_then_30() -> None:
    piles = {
        "t1": Pile((), cards("5H")),
        "t2": Pile((), cards("6C")),
        "t3": Pile((), cards("7D")),
        "t19": Pile((), cards("3S")),
        "f1": Pile((), cards("2D")),
        "s": Pile(cards("8S 4C")),
    }
    game = game_on("TP1-D1T-AAAAAAB", piles)
    scores = []
    for move in ("t19>f1", "s", "t1>f1", "t2>f1", "t3>f1"):
        game.play(move)
        scores.append(game.state.score)
    # 3S: run 1; the tap: -5 and the run starts again; 5H: 1 + a peak 15; 6C: 2 + 15; 7D: 3 + 30.
    assert scores == [1, -4, 12, 29, 62]
    game.undo()
    assert game.state.score == 29


# -- the terminal's picture -------------------------------------------------------------------


def test_the_terminal_draws_the_pyramid_as_a_picture() -> None:
    game = CATALOG.game_from_code("PY1-D1X-AAAAAAB")
    game.play("t22>f1")
    text = render_state(game.state, game.rules, game.code, symbols=False)
    lines = text.splitlines()
    top = next(line for line in lines if "t1 " in line)
    assert top.startswith("s [23] QS") and top.rstrip().endswith("f1 KS")  # 23 face down under QS
    assert top.index("t1 7H") == 24  # three slots in, eight characters a slot
    assert lines[-1].startswith("t22 --  t23 KD")  # the place of a card gone off
