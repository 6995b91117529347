"""Gypsy, Forty Thieves, Scorpion and Mod 3: their own rules, on dealt games and
hand-built tables, and their legal moves against the games written again on their own
(other_games_stock)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from other_games_stock import STOCK_GAMES
from strategies import CATALOG

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import Refusal
from solitaire.core.state import Pile, State

DATA = Path(__file__).parent.parent / "data"
GAMES = ("gypsy", "forty-thieves", "scorpion", "mod3")


def cards(text: str, deck: int = 0) -> tuple[Card, ...]:
    return tuple(Card(c.rank, c.suit, deck) for c in map(Card.parse, text.split()))


def game_on(variant: str, piles: dict[str, Pile], code: str = "") -> Game:
    options = CATALOG.options_from_code(code) if code else CATALOG.options(variant=variant, deal=1)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    return CATALOG.new_game(options, initial=empty.with_piles(piles))


def refusal(game: Game, text: str) -> str:
    checked = game.check(text)
    assert isinstance(checked, Refusal), f"{text} was accepted"
    return checked.rule


def legal(game: Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


# -- the recorded positions and random play against the independent rules ----------------------


@pytest.mark.parametrize("code", ["GY1-D1X-AAAAAAC", "FT1-D1X-AAAAAAD", "SC1-D1X-AAAAAAE", "MO1-D1X-AAAAAAF"])
def test_random_play_matches_the_independent_rules(code: str) -> None:
    rng = random.Random(code)
    for _ in range(3):
        game = CATALOG.game_from_code(code)
        for _ in range(120):
            found = legal(game)
            assert found == STOCK_GAMES[game.rules.options.variant](game.state), game.actions
            if not found:
                break
            game.play(rng.choice(sorted(found)))


@pytest.mark.parametrize("name", GAMES)
def test_two_decks_or_one_each_card_once(name: str) -> None:
    game = CATALOG.new_game(CATALOG.options(variant=name, deal=5))
    uids = [card.uid for card in game.state.cards()]
    assert len(uids) == len(set(uids)) == 52 * game.rules.variant.decks


# -- Gypsy -------------------------------------------------------------------------------------


def test_gypsy_deal() -> None:
    game = CATALOG.game_from_code("GY1-D1X-AAAAAAB")
    assert [(len(pile.down), len(pile.up)) for pile in game.state.tableau] == [(2, 1)] * 8
    assert len(game.state.stock) == 80 and not any(game.state.foundations)
    assert game.rules.options.scoring == "none" and game.rules.variant.family == "gypsy"


def _gypsy(columns: list[str], stock: str = "", **foundations: str) -> Game:
    piles = {f"t{n}": Pile((), cards(text)) for n, text in enumerate(columns, 1)}
    piles |= {pile: Pile((), cards(text, deck=int(pile[1:]) > 4)) for pile, text in foundations.items()}
    return game_on("gypsy", piles | {"s": Pile(cards(stock, deck=1))})


def test_gypsy_stock_deals_onto_empty_columns_too() -> None:
    game = _gypsy(["KS", "", "QH", "", "JC", "TD", "9S", "8H"], stock="2C 3C 4C 5C 6C 7C 8C 9C")
    assert Move("s") in game.legal_moves()
    game.play("s")
    assert [len(pile.up) for pile in game.state.tableau] == [2, 1, 2, 1, 2, 2, 2, 2]
    assert [pile.up[-1].text for pile in game.state.tableau] == [
        "9C",
        "8C",
        "7C",
        "6C",
        "5C",
        "4C",
        "3C",
        "2C",
    ]
    assert refusal(game, "s") == "stock.empty"


def test_gypsy_an_ace_goes_to_either_foundation_of_its_suit() -> None:
    game = _gypsy(["KS AS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"])
    assert {"t1>f", "t1>f5"} <= legal(game)
    assert game.check("t1>f1") == Move("t1", "f")  # the first that takes it is written f
    assert game.check("t1>f5") == Move("t1", "f5")
    assert refusal(game, "t1>f2") == "foundation.suit"
    game.play("t1>f5")
    assert game.state.pile("f5").up == cards("AS")
    # Only f5 takes the 2: it is the first that takes it, written f.
    game = _gypsy(["KS 2S", "KH"], f5="AS")
    assert game.check("t1>f") == Move("t1", "f") and game.check("t1>f5") == Move("t1", "f")
    assert "t1>f5" not in legal(game)
    game.play("t1>f")
    assert game.state.pile("f5").up == (Card(1, 0, 1), Card(2, 0, 0))


def test_gypsy_groups_in_order_move_and_empty_columns_take_any() -> None:
    game = _gypsy(["9H 8S 7D", "TC", "", "KS 5H 4S", "KD", "KC", "KH", "QS"])
    assert game.check("t1>t2") == Move("t1", "t2", 3)
    assert game.check("t1>t3") == Move("t1", "t3", 3)  # the biggest group goes to an empty column
    assert game.check("t1:1>t3") == Move("t1", "t3", 1)
    assert refusal(game, "t4:3>t3") == "tableau.group-order"
    assert refusal(game, "t1>t5") == "tableau.one-rank-lower"


def test_gypsy_foundation_cards_come_back_unless_forbidden() -> None:
    piles = {"t1": Pile((), cards("3H")), "f1": Pile((), cards("AS 2S"))}
    game = game_on("gypsy", piles)
    assert "f1>t1" in legal(game)
    game = game_on("gypsy", piles, code="GY1-D1XF-AAAAAAB")
    assert refusal(game, "f1>t1") == "foundation.no-returns"


# -- Forty Thieves -----------------------------------------------------------------------------


def test_forty_thieves_deal_and_one_pass() -> None:
    game = CATALOG.game_from_code("FT1-D1X-AAAAAAB")
    assert [(len(pile.down), len(pile.up)) for pile in game.state.tableau] == [(0, 4)] * 10
    assert len(game.state.stock) == 64 and not game.state.waste
    assert game.rules.options.redeal == "passes:1"
    assert CATALOG.code(CATALOG.options(variant="forty-thieves", deal=1)) == "FT1-D1X-AAAAAAB"
    for _ in range(64):
        game.play("s")
    assert refusal(game, "s") == "stock.no-passes-left" and DRAW not in game.legal_moves()
    unlimited = CATALOG.game_from_code("FT1-D1XU-AAAAAAB")
    for _ in range(64):
        unlimited.play("s")
    assert unlimited.check("s") == DRAW


def _forty(columns: list[str], waste: str = "") -> Game:
    piles = {f"t{n}": Pile((), cards(text)) for n, text in enumerate(columns, 1)}
    return game_on("forty-thieves", piles | {"w": Pile((), cards(waste))})


def test_forty_thieves_builds_down_in_suit_one_card_at_a_time() -> None:
    game = _forty(["8H 7H", "9H", "8S", "", "KC", "KD", "KS", "KH", "QC", "QD"], waste="7S")
    assert refusal(game, "t1:2>t2") == "tableau.one-card"
    assert refusal(game, "t1>t3") == "build.same-suit"
    assert game.check("w>t3") == Move("w", "t3")
    assert game.check("t1>t4") == Move("t1", "t4")  # an empty column takes any card
    assert game.check("w>t4") == Move("w", "t4")


def test_forty_thieves_foundations_keep_their_cards() -> None:
    game = game_on("forty-thieves", {"t1": Pile((), cards("3H")), "f1": Pile((), cards("AS 2S"))})
    assert refusal(game, "f1>t1") == "foundation.no-returns"
    assert game.can_pick_up("f1", 1) is not None


# -- Scorpion ----------------------------------------------------------------------------------


def test_scorpion_deal() -> None:
    game = CATALOG.game_from_code("SC1-D1X-AAAAAAB")
    shape = [(len(pile.down), len(pile.up)) for pile in game.state.tableau]
    assert shape == [(3, 4)] * 4 + [(0, 7)] * 3
    assert len(game.state.stock) == 3
    assert "spider" in {s.id for s in CATALOG.scorings.values() if s.fits(game.rules.variant)}


def test_scorpion_stock_deals_onto_the_first_three_columns_once() -> None:
    columns = {f"t{n}": Pile((), cards(text)) for n, text in enumerate(["", "KH", "KD", "KC"], 1)}
    game = game_on("scorpion", columns | {"s": Pile(cards("2S 3S 4S"))})
    game.play("s")
    assert [pile.up[-1].text if pile.up else "" for pile in game.state.tableau][:4] == [
        "4S",
        "3S",
        "2S",
        "KC",
    ]
    assert refusal(game, "s") == "stock.empty"


def test_scorpion_any_face_up_card_moves_with_what_lies_on_it() -> None:
    columns = ["KS 8H 2C QD", "9H", "", "TC"]
    game = game_on("scorpion", {f"t{n}": Pile((), cards(text)) for n, text in enumerate(columns, 1)})
    assert game.check("t1:3>t2") == Move("t1", "t2", 3)  # 8H with 2C QD, out of order
    assert game.check("t1:4>t3") == Move("t1", "t3", 4)  # a king with all on it
    assert refusal(game, "t1:3>t3") == "tableau.empty-needs-king"
    assert refusal(game, "t2>t4") == "build.same-suit"


def test_scorpion_a_whole_run_goes_off_and_the_card_under_it_turns_up() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    piles = {"t1": Pile(cards("3D"), cards(run)), "t2": Pile((), cards("7H AS"))}
    game = game_on("scorpion", piles)
    assert refusal(game, "t2>f1") == "foundation.whole-runs"
    game.play("t2>t1")
    assert game.state.pile("f1").up == cards(run + " AS")
    assert game.state.pile("t1") == Pile((), cards("3D"))
    assert not game.is_won


# -- Mod 3 -------------------------------------------------------------------------------------


def test_mod3_deal() -> None:
    game = CATALOG.game_from_code("MO1-D1X-AAAAAAB")
    state = game.state
    assert [len(state.pile(f"f{n}").up) for n in range(1, 25)] == [1] * 24
    assert not state.pile("f25") and [len(pile.up) for pile in state.tableau] == [1] * 8
    assert len(state.stock) == 72
    assert sorted(map(str, game.legal_moves())) == ["f15>f25", "f6>f18", "s", "t4>f25"]


def _mod3(rows: dict[str, str], places: list[str], stock: str = "") -> Game:
    piles = {pile: Pile((), cards(text)) for pile, text in rows.items()}
    piles |= {f"t{n}": Pile((), cards(text)) for n, text in enumerate(places, 1)}
    return game_on("mod3", piles | {"s": Pile(cards(stock, deck=1))})


def test_mod3_rows_build_by_suit_in_steps_of_three_from_their_rank() -> None:
    game = _mod3(
        {"f1": "2H", "f2": "9C", "f9": "", "f17": ""}, ["5H", "6H", "5S", "3H", "4C", "2D", "", "AH"]
    )
    assert game.check("t1>f1") == Move("t1", "f1")
    assert refusal(game, "t2>f1") == "build.step-higher"
    assert refusal(game, "t3>f1") == "build.same-suit"
    assert game.check("t4>f9") == Move("t4", "f9")  # a 3 starts a pile of the second row
    assert refusal(game, "t4>f17") == "foundation.base-rank"
    assert game.check("t5>f17") == Move("t5", "f17")  # a 4 starts one of the third
    assert game.check("t6>f3") == Move("t6", "f3")  # an empty pile of the first row takes any 2
    assert refusal(game, "t1>f2") == "foundation.start"  # f2 starts with 9C: it takes nothing
    assert game.check("t1>f") == Move("t1", "f1")  # f: the first pile that takes it


def test_mod3_aces_go_to_their_pile_and_stay() -> None:
    game = _mod3({"f25": "AS"}, ["5H", "AH", "", "", "", "", "", ""])
    assert game.check("t2>f") == Move("t2", "f25")
    assert refusal(game, "t1>f25") == "build.same-rank"
    assert refusal(game, "f25>t3") == "foundation.keeps"
    assert game.can_pick_up("f25", 1) is not None
    assert not any(move.src == "f25" for move in game.legal_moves())


def test_mod3_the_fourth_row_takes_a_card_only_where_a_place_is_empty() -> None:
    game = _mod3({"f1": "9C", "f2": "2H 5H"}, ["5C", "", "7D", "", "", "", "", ""])
    assert refusal(game, "t3>t1") == "build.none"
    assert {"f1>t2", "f2>t2", "t1>t2", "t3>t2"} <= legal(game)
    assert isinstance(game.check("f2>f"), Refusal)  # 5H fits on no other pile
    game.play("f1>t2")
    assert not game.state.pile("f1") and game.state.pile("t2").up == cards("9C")


def test_mod3_the_rows_cards_move_between_piles_and_the_stock_deals_onto_empty_places() -> None:
    game = _mod3({"f1": "2H 5H", "f2": "2H"}, ["", "", "", "", "", "", "", ""], stock="KS " * 8)
    assert "f1>f2" in legal(game)
    game.play("f1>f2")
    assert game.state.pile("f2").up == cards("2H 5H")
    game.play("s")
    assert all(len(pile.up) == 1 for pile in game.state.tableau)


def test_mod3_returns_forbidden_keep_the_rows() -> None:
    rows = {"f1": "9C", "f2": "2H 5H", "f3": "2H"}
    game = game_on("mod3", {p: Pile((), cards(t)) for p, t in rows.items()}, code="MO1-D1XF-AAAAAAB")
    assert refusal(game, "f1>t1") == "foundation.no-returns"
    assert not any(move.src.startswith("f") for move in game.legal_moves())


def test_mod3_is_won_when_every_card_is_in_the_rows_or_with_the_aces() -> None:
    variant = CATALOG.variant("mod3")
    state = variant.empty_state()  # type: ignore[attr-defined]
    assert variant.is_won(state)
    assert not variant.is_won(state.with_piles({"t1": Pile((), cards("KS"))}))
