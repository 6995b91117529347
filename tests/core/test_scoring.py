"""Scoring and redeal scenarios of RULES.md, played through the engine.

Won games come from the crafted 52-card deals of ``winning.py``: they start with
21 face-down cards (Klondike) or none (Réfléchi) and are won by real moves, so
the totals below are what a player sees at the end of a game.
"""

from __future__ import annotations

import attrs
import pytest
from winning import (
    DRAW1_NO_RECYCLE,
    DRAW1_ONE_RECYCLE,
    DRAW3_NO_RECYCLE,
    DRAW3_TWO_RECYCLES,
    Tally,
    column,
    full_deal,
    play_greedily,
    start_from,
    state_of,
    tally,
)

from solitaire.core.game import Change, Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.registry import Catalog
from solitaire.core.state import GameWon, ScoreChanged, State, WasteRecycled
from solitaire.plugins.builtins import new_catalog


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


def new_game(catalog: Catalog, **options: object) -> Game:
    return catalog.new_game(catalog.options(**options))  # type: ignore[arg-type]


def record(game: Game) -> list[Change]:
    changes: list[Change] = []
    game.subscribe(changes.append)
    return changes


def recycle_costs(changes: list[Change]) -> list[int]:
    """What each recycle in ``changes`` cost."""
    return [
        change.old.score - change.new.score
        for change in changes
        if any(isinstance(event, WasteRecycled) for event in change.events)
    ]


# -- the crafted deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("face_up", [False, True])
def test_the_crafted_deal_is_laid_out_like_a_real_deal(face_up: bool) -> None:
    state = full_deal(face_up=face_up)
    assert len(set(state.cards())) == 52
    assert [len(c) for c in state.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert state.face_down_count == (0 if face_up else 21)
    assert len(state.stock) == 24 and not state.waste and state.foundation_count == 0


# -- won games ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draw", "order", "recycles", "penalty"),
    [
        (1, DRAW1_NO_RECYCLE, 0, 100),
        (1, DRAW1_ONE_RECYCLE, 1, 100),
        (3, DRAW3_NO_RECYCLE, 0, 20),
        (3, DRAW3_TWO_RECYCLES, 2, 20),
    ],
)
def test_a_won_normal_klondike_game_scores_625_plus_waste_cards_minus_recycles(
    catalog: Catalog, draw: int, order: tuple[str, ...], recycles: int, penalty: int
) -> None:
    game = start_from(new_game(catalog, draw=draw), full_deal(order))
    changes = record(game)
    events = [*game.play("s"), *game.play("w>t7")]  # 2♥ from the waste onto 3♠: +5
    events += play_greedily(game)

    assert game.is_won
    assert isinstance(events[-1], GameWon)
    assert tally(events) == Tally(
        to_foundation=52, waste_to_column=1, turned_up=21, recycles=recycles, returns=0
    )
    # The floor never interfered: each recycle cost the whole penalty.
    assert recycle_costs(changes) == [penalty] * recycles
    assert game.state.score == 625 + 5 * 1 - penalty * recycles
    assert game.rules.scoring.format(game.state.score) == str(625 + 5 - penalty * recycles)


@pytest.mark.parametrize(("draw", "order"), [(1, DRAW1_NO_RECYCLE), (3, DRAW3_NO_RECYCLE)])
def test_a_won_vegas_game_ends_at_plus_208_and_turns_positive_with_the_11th_card(
    catalog: Catalog, draw: int, order: tuple[str, ...]
) -> None:
    game = start_from(new_game(catalog, draw=draw, scoring="vegas"), full_deal(order))
    assert game.rules.redeal.id == "passes:1"  # Vegas default: one pass
    assert game.state.score == -52
    assert game.rules.scoring.format(game.state.score) == "-$52"
    changes = record(game)
    game.play("s")
    game.play("w>t7")  # waste to column: nothing in Vegas
    assert game.state.score == -52
    play_greedily(game)

    assert game.is_won
    assert game.state.score == 208
    assert game.rules.scoring.format(game.state.score) == "+$208"
    seen = set()
    for change in changes:
        on_foundations = change.new.foundation_count
        seen.add(on_foundations)
        assert change.new.score == -52 + 5 * on_foundations
        assert (change.new.score < 0) == (on_foundations <= 10)
        assert (change.new.score > 0) == (on_foundations >= 11)
    assert {10, 11, 52} <= seen  # -$2 with 10 cards up, +$3 with 11 ($0 is never shown)


@pytest.mark.parametrize(
    ("draw", "order", "recycles", "penalty"),
    [(1, DRAW1_NO_RECYCLE, 0, 100), (1, DRAW1_ONE_RECYCLE, 1, 100), (3, DRAW3_TWO_RECYCLES, 2, 20)],
)
def test_a_won_reflechi_normal_game_scores_520_plus_waste_cards_minus_recycles(
    catalog: Catalog, draw: int, order: tuple[str, ...], recycles: int, penalty: int
) -> None:
    game = start_from(new_game(catalog, variant="reflechi", draw=draw), full_deal(order, face_up=True))
    changes = record(game)
    events = [*game.play("s"), *game.play("w>t7"), *play_greedily(game)]

    assert game.is_won
    assert tally(events) == Tally(
        to_foundation=52, waste_to_column=1, turned_up=0, recycles=recycles, returns=0
    )
    assert recycle_costs(changes) == [penalty] * recycles
    assert game.state.score == 520 + 5 - penalty * recycles


@pytest.mark.parametrize(("scoring", "total"), [("normal", 625 + 5), ("vegas", 208)])
def test_foundation_returns_and_replays_do_not_change_the_won_total(
    catalog: Catalog, scoring: str, total: int
) -> None:
    game = start_from(new_game(catalog, scoring=scoring), full_deal(DRAW1_NO_RECYCLE))
    events = [*game.play("s"), *game.play("w>t7"), *play_greedily(game, returns=True)]

    assert game.is_won
    counted = tally(events)
    assert counted.returns >= 10  # the greedy player took back many cards and played them again
    assert counted.to_foundation == 52 + counted.returns
    assert game.state.score == total


# -- the floor, returns -------------------------------------------------------------------------


@pytest.mark.parametrize(("draw", "penalty"), [(1, 100), (3, 20)])
def test_an_early_recycle_costs_no_more_than_the_score_the_floor_is_0(
    catalog: Catalog, draw: int, penalty: int
) -> None:
    # Column 1 holds A♠ (+10 to its foundation); the stock holds one card.
    game = start_from(new_game(catalog, draw=draw), state_of(column(up="AS"), column(up="KD"), stock="5H"))
    game.play("t1>f")
    game.play("s")
    assert game.state.score == 10
    events = game.play("s")  # recycle
    assert WasteRecycled(1) in events
    assert ScoreChanged(10, 0) in events
    assert game.state.score == 0
    game.play("s")
    events = game.play("s")  # a recycle at 0 changes nothing
    assert game.state.score == 0
    assert not any(isinstance(event, ScoreChanged) for event in events)
    # A recycle at a score above the penalty costs the whole penalty.
    game.state = attrs.evolve(game.state, score=250)  # test-only shortcut
    game.play("s")
    assert game.state.score == 250
    game.play("s")
    assert game.state.score == 250 - penalty


@pytest.mark.parametrize(("scoring", "points"), [("normal", 10), ("vegas", 5)])
def test_a_card_played_again_after_a_return_earns_nothing(
    catalog: Catalog, scoring: str, points: int
) -> None:
    game = start_from(
        new_game(catalog, scoring=scoring),
        state_of(column(up="3H"), column(up="2S"), column(up="2D"), foundations=("1", "", "1", "")),
    )
    start = game.state.score
    game.play("t2>f")  # 2♠: first time on a foundation
    assert game.state.score == start + points
    events = game.play("f1>t1")  # the return itself scores 0
    assert not any(isinstance(event, ScoreChanged) for event in events)
    assert game.state.score == start + points
    events = game.play("t1>f")  # 2♠ again: nothing
    assert not any(isinstance(event, ScoreChanged) for event in events)
    assert game.state.score == start + points
    game.play("t3>f")  # 2♦, a card that has not been on a foundation yet, still scores
    assert game.state.score == start + 2 * points


def test_a_card_returned_from_the_waste_side_earns_nothing_either(catalog: Catalog) -> None:
    # 2♠ goes up from the waste, comes back to a column, and goes up again from there.
    game = start_from(new_game(catalog), state_of(column(up="3H"), waste="2S", foundations=("1", "", "", "")))
    game.play("w>f")
    assert game.state.score == 10
    game.play("f1>t1")
    game.play("t1>f")
    assert game.state.score == 10


def test_rules_transition_also_credits_a_card_once(catalog: Catalog) -> None:
    rules = new_game(catalog).rules
    state = state_of(column(up="3H"), column(up="2S"), foundations=("1", "", "", ""))
    for text, score in (("t2>f", 10), ("f1>t1", 10), ("t1>f", 10)):
        move = rules.check(state, Move.parse(text))
        assert not isinstance(move, Refusal)
        _, state = rules.transition(state, move)
        assert state.score == score


# -- undo and redo take back and give again exactly the points of a move -------------------------


@pytest.mark.parametrize(
    ("variant", "scoring", "draw", "state", "score", "move", "delta"),
    [
        ("klondike", "normal", 1, state_of(column(up="AS")), 0, "t1>f", +10),
        ("klondike", "normal", 1, state_of(column(up="9S"), waste="8H"), 40, "w>t1", +5),
        ("klondike", "normal", 1, state_of(column("4D", "8H"), column(up="9S")), 40, "t1>t2", +5),
        ("klondike", "normal", 1, state_of(column("4D", "AS")), 0, "t1>f", +15),
        ("klondike", "normal", 1, state_of(column(up="KS"), waste="5H"), 250, "s", -100),
        ("klondike", "normal", 3, state_of(column(up="KS"), waste="5H"), 250, "s", -20),
        ("klondike", "normal", 1, state_of(column(up="KS"), waste="5H"), 30, "s", -30),
        ("klondike", "vegas", 1, state_of(column("4D", "AS")), -52, "t1>f", +5),
        ("reflechi", "normal", 1, state_of(column(up="9S"), waste="8H"), 0, "w>t1", +5),
    ],
    ids=["foundation", "waste-to-column", "turn-up", "foundation+turn-up", "recycle-d1", "recycle-d3",
         "floored-recycle", "vegas-foundation", "reflechi-waste-to-column"],
)  # fmt: skip
def test_undo_takes_back_exactly_the_points_of_the_move_and_redo_gives_them_again(
    catalog: Catalog,
    variant: str,
    scoring: str,
    draw: int,
    state: State,
    score: int,
    move: str,
    delta: int,
) -> None:
    game = start_from(
        new_game(catalog, variant=variant, scoring=scoring, draw=draw, redeal="unlimited"), state, score=score
    )
    before = game.state
    game.play(move)
    assert game.state.score == score + delta
    after = game.state

    undone = game.undo()
    assert undone.score == score
    assert undone == attrs.evolve(before, moves=1)  # all back but the move counter
    redone = game.redo()
    assert redone.score == score + delta
    assert redone == attrs.evolve(after, moves=2)


# -- score text ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scoring", "score", "text"),
    [("vegas", 208, "+$208"), ("vegas", 0, "$0"), ("vegas", -52, "-$52"), ("vegas", 3, "+$3"),
     ("vegas", -2, "-$2"), ("normal", 625, "625"), ("normal", 0, "0")],
)  # fmt: skip
def test_score_text(catalog: Catalog, scoring: str, score: int, text: str) -> None:
    assert catalog.scoring(scoring).format(score) == text
    assert new_game(catalog, scoring=scoring).rules.scoring.format(score) == text


def test_a_new_game_shows_its_starting_score(catalog: Catalog) -> None:
    vegas = new_game(catalog, scoring="vegas", deal=6)
    normal = new_game(catalog, deal=6)
    assert vegas.rules.scoring.format(vegas.state.score) == "-$52"
    assert normal.rules.scoring.format(normal.state.score) == "0"


# -- redeal policies ----------------------------------------------------------------------------


def go_through_the_stock(game: Game) -> None:
    while game.state.stock:
        game.play("s")


def test_passes_1_refuses_the_first_recycle(catalog: Catalog) -> None:
    game = new_game(catalog, redeal="passes:1", deal=6)
    go_through_the_stock(game)
    refusal = game.check("s")
    assert isinstance(refusal, Refusal)
    assert refusal.rule == "stock.no-passes-left"
    assert DRAW not in game.legal_moves()
    before = game.state
    with pytest.raises(IllegalMoveError) as raised:
        game.play("s")
    assert raised.value.refusal.rule == "stock.no-passes-left"
    assert game.state is before


def test_passes_3_allows_exactly_two_recycles_and_undo_steps_the_pass_back(catalog: Catalog) -> None:
    game = new_game(catalog, redeal="passes:3", deal=6)
    passes = [game.state.pass_number]
    for _ in range(2):
        go_through_the_stock(game)
        game.play("s")
        passes.append(game.state.pass_number)
    assert passes == [1, 2, 3]
    assert game.rules.redeal.passes_left(game.state) == 0
    go_through_the_stock(game)
    refusal = game.check("s")
    assert isinstance(refusal, Refusal) and refusal.rule == "stock.no-passes-left"

    for _ in range(24):
        game.undo()  # the draws of pass 3
    assert game.state.pass_number == 3
    game.undo()  # the second recycle
    assert game.state.pass_number == 2
    for _ in range(25):
        game.undo()
    assert game.state.pass_number == 1
    game.redo()
    assert game.state.pass_number == 2


def test_unlimited_always_recycles_and_normal_has_it_by_default(catalog: Catalog) -> None:
    game = new_game(catalog, deal=6)
    assert game.rules.options.redeal == "unlimited"
    assert game.rules.redeal.passes_left(game.state) is None
    for _ in range(6):
        go_through_the_stock(game)
        assert game.check("s") == DRAW
        game.play("s")
    assert game.state.pass_number == 7
    assert game.state.score == 0  # the floor: six recycles at 0 cost nothing


@pytest.mark.parametrize("draw", [1, 3])
def test_vegas_defaults_to_one_pass_in_both_draw_modes(catalog: Catalog, draw: int) -> None:
    assert catalog.options(scoring="vegas", draw=draw).redeal == "passes:1"
    assert catalog.options(scoring="normal", draw=draw).redeal == "unlimited"
    game = new_game(catalog, scoring="vegas", draw=draw, deal=6)
    go_through_the_stock(game)
    assert game.state.waste and not game.state.stock
    refusal = game.check("s")
    assert isinstance(refusal, Refusal) and refusal.rule == "stock.no-passes-left"


def test_vegas_with_a_redeal_option_recycles_for_free(catalog: Catalog) -> None:
    game = new_game(catalog, scoring="vegas", redeal="passes:2", deal=6)
    go_through_the_stock(game)
    events = game.play("s")
    assert WasteRecycled(24) in events
    assert game.state.score == -52
    assert game.state.pass_number == 2
