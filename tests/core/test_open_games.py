"""Baker's Dozen, Beleaguered Castle, Eight Off and Simple Simon: their deals, their
own rules and refusals, on dealt games and hand-built tables, and their legal moves
against the games written again on their own (other_games_open)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from other_games import INDEPENDENT
from strategies import CATALOG

from solitaire.core.cards import Card
from solitaire.core.deals import deal_layout
from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.state import Pile, State
from solitaire.variants import blocks as b

DATA = Path(__file__).parent.parent / "data"
GAMES = ["bakers-dozen", "beleaguered-castle", "eight-off", "simple-simon"]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(map(Card.parse, text.split()))


def game_on(variant: str, piles: dict[str, str]) -> Game:
    """A game of ``variant`` on a table of face-up piles (the others empty)."""
    options = CATALOG.options(variant=variant, deal=1)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    table = empty.with_piles({pile: Pile((), cards(text)) for pile, text in piles.items()})
    return CATALOG.new_game(options, initial=table)


def refusal(game: Game, text: str) -> str:
    checked = game.check(text)
    assert isinstance(checked, Refusal), f"{text} was accepted"
    return checked.rule


def legal(game: Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


def dealt(variant: str, deal: int) -> tuple[Game, tuple[Card, ...]]:
    """A dealt game and the order its cards were dealt in."""
    game = CATALOG.new_game(CATALOG.options(variant=variant, deal=deal))
    return game, game.rules.variant.dealt_order(deal, game.rules)


# -- the recorded positions and random play against the independent rules ----------------------


@pytest.mark.parametrize("code", ["BD1-D1X-AAAAAAC", "BC1-D1X-AAAAAAD", "EO1-D1X-AAAAAAE", "SS1-D1X-AAAAAAF"])
def test_random_play_matches_the_independent_rules(code: str) -> None:
    rng = random.Random(code)
    for _ in range(4):
        game = CATALOG.game_from_code(code)
        for _ in range(150):
            moves = legal(game)
            assert moves == INDEPENDENT[game.rules.options.variant](game.state), game.actions
            if not moves:
                break
            game.play(rng.choice(sorted(moves)))


@pytest.mark.parametrize(
    ("variant", "prefix", "family"),
    [
        ("bakers-dozen", "BD", "bakers-dozen"),
        ("beleaguered-castle", "BC", "beleaguered-castle"),
        ("eight-off", "EO", "freecell"),
        ("simple-simon", "SS", "spider"),
    ],
)
def test_code_family_and_scoring(variant: str, prefix: str, family: str) -> None:
    game = CATALOG.new_game(CATALOG.options(variant=variant, deal=5))
    assert game.code == f"{prefix}1-D1X-AAAAAAF"
    assert game.rules.variant.family == family
    assert game.rules.options.scoring == "none"
    assert game.rules.variant.hidden_information is False
    assert all(not pile.down for pile in game.state.piles)  # every card face up
    assert refusal(game, "s") == "move.no-such-pile"  # no stock


# -- Baker's Dozen -------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 3, 77, 1234])
def test_bakers_dozen_deal_moves_the_kings_under_the_other_cards(deal: int) -> None:
    game, order = dealt("bakers-dozen", deal)
    columns, rest = deal_layout(order, (4,) * 13)
    assert rest == ()
    assert len(game.state.tableau) == 13
    for column, pile in zip(columns, game.state.tableau, strict=True):
        kings = [card for card in column if card.rank == 13]
        others = [card for card in column if card.rank != 13]
        assert list(pile.up) == kings + others
    assert sum(len(pile.up) for pile in game.state.tableau) == 52


def test_bakers_dozen_deal_1_has_kings_moved() -> None:
    """In deal 1 some kings are dealt above other cards: those columns change."""
    game, order = dealt("bakers-dozen", 1)
    columns, _ = deal_layout(order, (4,) * 13)
    piles = game.state.tableau
    moved = [n for n, column in enumerate(columns) if piles[n].up != column]
    assert moved
    assert all(piles[n].up[0].rank == 13 and piles[n].up[-1].rank != 13 for n in moved)


def test_bakers_dozen_single_cards_any_suit_no_filling() -> None:
    game = game_on(
        "bakers-dozen",
        {"t1": "KS 8H", "t2": "9S", "t3": "8D 7C", "t4": "TD", "f1": "AS", "t5": "2S"} | {"t6": "QC"},
    )
    assert game.check("t1>t2") == Move("t1", "t2")  # 8H on 9S: any suit
    assert game.check("t3>t1") == Move("t3", "t1")  # 7C on 8H
    assert refusal(game, "t3:2>t2") == "tableau.one-card"
    assert refusal(game, "t1>t4") == "tableau.one-rank-lower"
    assert refusal(game, "t2>t7") == "tableau.empty-stays-empty"
    assert game.check("t5>f") == Move("t5", "f")
    assert refusal(game, "f1>t7") == "foundation.no-returns"
    assert refusal(game, "t6>f") == "foundation.ace-first"
    assert not any(move.dst in {f"t{n}" for n in range(7, 14)} for move in game.legal_moves())
    game.play("t5>f")
    assert not game.state.pile("t5")
    assert refusal(game, "t6>t5") == "tableau.empty-stays-empty"


# -- Beleaguered Castle ----------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 3, 77, 1234])
def test_beleaguered_castle_deal_puts_the_aces_on_the_foundations(deal: int) -> None:
    game, order = dealt("beleaguered-castle", deal)
    state = game.state
    assert [tuple(card.text for card in pile) for pile in state.foundations] == [
        ("AS",),
        ("AH",),
        ("AD",),
        ("AC",),
    ]
    columns, rest = deal_layout(tuple(card for card in order if card.rank != 1), (6,) * 8)
    assert rest == ()
    assert [pile.up for pile in state.tableau] == list(columns)
    assert state.foundation_count == 4


def test_beleaguered_castle_single_cards_and_any_card_in_an_empty_column() -> None:
    game = game_on(
        "beleaguered-castle",
        {
            "f1": "AS",
            "f2": "AH",
            "f3": "AD",
            "f4": "AC",
            "t1": "9C 8H",
            "t2": "9S",
            "t3": "3D 2S",
            "t4": "QH JS",
        },
    )
    assert game.check("t1>t2") == Move("t1", "t2")  # any suit
    assert refusal(game, "t4:2>t5") == "tableau.one-card"
    assert game.check("t4>t5") == Move("t4", "t5")  # one card, without a count
    assert game.check("t4:1>t5") == Move("t4", "t5")
    assert game.check("t3>f") == Move("t3", "f")
    assert refusal(game, "t1>f") == "foundation.next-rank"
    assert refusal(game, "f1>t5") == "foundation.no-returns"
    assert {"t1>t5", "t2>t5", "t3>t5", "t4>t5"} <= legal(game)


# -- Eight Off -------------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 3, 77, 1234])
def test_eight_off_deal_fills_four_of_the_eight_cells(deal: int) -> None:
    game, order = dealt("eight-off", deal)
    state = game.state
    columns, _ = deal_layout(order[:48], (6,) * 8)
    assert [pile.up for pile in state.tableau] == list(columns)
    assert [pile.up for pile in state.cells] == [(card,) for card in order[48:]] + [()] * 4
    assert state.foundation_count == 0


def test_eight_off_builds_in_suit_and_only_a_king_fills_a_column() -> None:
    game = game_on("eight-off", {"t1": "9H 8H", "t2": "9S", "t3": "KD QD", "t4": "QS", "c1": "KC"})
    assert refusal(game, "t1>t2") == "build.same-suit"
    assert refusal(game, "t4>t5") == "tableau.empty-needs-king"
    assert game.check("t3>t5") == Move("t3", "t5", 2)  # the king heads its group
    assert game.check("c1>t5") == Move("c1", "t5")
    assert refusal(game, "t1>c1") == "cell.full"
    assert game.check("t1>c2") == Move("t1", "c2")


def test_eight_off_group_limit_is_the_free_cells_plus_one() -> None:
    """A run of 4 in hearts fits on 8H.  Three cells free: 4 may move; the empty
    columns add nothing (only a king may go there)."""
    run = "7H 6H 5H 4H"
    filled = {f"c{n}": f"{rank}C" for n, rank in enumerate("23456", 1)}  # five of eight cells used
    game = game_on("eight-off", {"t1": "KS " + run, "t2": "8H"} | filled)
    assert game.check("t1:4>t2") == Move("t1", "t2", 4)
    game = game_on("eight-off", {"t1": "KS " + run, "t2": "8H", "c6": "7C"} | filled)
    too_big = game.check("t1:4>t2")
    assert isinstance(too_big, Refusal) and too_big.rule == "tableau.group-too-big"
    assert "at most 3 cards" in too_big.message("en")
    assert refusal(game, "t1>t2") == "tableau.group-too-big"
    assert not any(move.src == "t1" and move.dst == "t2" for move in game.legal_moves())
    assert refusal(game, "t1:3>c7") == "cell.one-card"


# -- Simple Simon ----------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 3, 77, 1234])
def test_simple_simon_deal(deal: int) -> None:
    game, order = dealt("simple-simon", deal)
    columns, rest = deal_layout(order, (8, 8, 8, 7, 6, 5, 4, 3, 2, 1))
    assert rest == ()
    assert [pile.up for pile in game.state.tableau] == list(columns)
    assert [len(pile) for pile in game.state.foundations] == [0] * 4


def test_simple_simon_groups_of_one_suit_and_runs_going_off() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    game = game_on("simple-simon", {"t1": "5D " + run, "t2": "7H AS", "t3": "9C 8H 7C", "t4": "9D"})
    assert refusal(game, "t3:2>t4") == "tableau.group-suit-order"
    assert refusal(game, "t3>t4") == "tableau.group-suit-order"  # 8H would fit, but 7C is on it
    assert refusal(game, "t2>f") == "foundation.whole-runs"
    assert game.check("t1:12>t5") == Move("t1", "t5", 12)  # a long group in suit, to an empty column
    assert game.check("t1>t5") == Move("t1", "t5", 12)  # the longest group that may go
    assert game.check("t1:1>t5") == Move("t1", "t5", 1)
    game.play("t2>t1")
    state = game.state
    assert state.pile("t1").up == cards("5D")
    assert state.pile("f1").up == cards(run + " AS")
    assert state.pile("t2").up == cards("7H")
    assert refusal(game, "f1>t5") == "foundation.no-returns"
    game.undo()
    assert game.state.pile("t1").up == cards("5D " + run)


def test_simple_simon_is_won_with_the_four_runs_off() -> None:
    runs = {f"t{n}": " ".join(f"{rank}{suit}" for rank in "KQJT98765432") for n, suit in enumerate("SHDC", 1)}
    game = game_on("simple-simon", runs | {"t5": "AS", "t6": "AH", "t7": "AD", "t8": "AC"})
    for n in range(1, 5):
        assert not game.is_won
        game.play(f"t{n + 4}>t{n}")
    assert game.is_won and legal(game) == set()


# -- the blocks' new parameters ----------------------------------------------------------------------


def test_cards_dealt_to_cells_and_foundations_count_in_the_deal() -> None:
    class Short(b.Declared):
        id = "short"
        code_prefix = "ZZ"
        layout = (b.Cells(8, deal=3), b.Foundations(), b.Tableau((6,) * 8, face_up=None))

    with pytest.raises(ValueError, match="places 51 cards and there is no stock"):
        Short()

    class Castle(b.Declared):
        id = "castle"
        code_prefix = "ZZ"
        layout = (b.Cells(0), b.Foundations(base_dealt=True), b.Tableau((6,) * 8, face_up=None))

    assert Castle().table_problems() == []


# -- hints ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", GAMES)
def test_following_the_hints_never_goes_round_in_a_circle(variant: str) -> None:
    from solitaire.plugins.hints import _shape, heuristic_hint

    for deal in (1, 2, 3):
        rules = CATALOG.ruleset(CATALOG.options(variant=variant, deal=deal))
        state = CATALOG.new_game(rules.options).state
        seen: set[object] = set()
        for _ in range(60):
            hint = heuristic_hint(state, rules)
            if hint.move is None or rules.is_won(state):
                break
            assert rules.check(state, hint.move) == hint.move
            assert _shape(state) not in seen
            seen.add(_shape(state))
            _, state = rules.transition(state, hint.move)
