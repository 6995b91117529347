"""The Game object and the player conveniences of RULES.md ("Player conveniences").

Crafted positions are installed with ``winning.start_from`` (a test-only shortcut
that assigns ``game.state``); everything after that goes through the Game API.
"""

from __future__ import annotations

import os
import random

import attrs
import pytest
from winning import (
    DRAW1_NO_RECYCLE,
    DRAW1_ONE_RECYCLE,
    DRAW3_NO_RECYCLE,
    column,
    full_deal,
    start_from,
    state_of,
)

from solitaire.core.cards import Card
from solitaire.core.game import HISTORY_LIMIT, Change, Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.playout import play_randomly
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.registry import Catalog
from solitaire.core.state import CardsMoved, GameWon, Pile, ScoreChanged, State, StockDrawn
from solitaire.plugins.builtins import new_catalog

CODE = "KL1-D1N-AAAAAAG"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


def new_game(catalog: Catalog, **options: object) -> Game:
    return catalog.new_game(catalog.options(**options))  # type: ignore[arg-type]


def crafted(catalog: Catalog, state: State, **options: object) -> Game:
    return start_from(new_game(catalog, **options), state)


def refused(result: object, rule: str) -> bool:
    return isinstance(result, Refusal) and result.rule == rule


# -- a game from its code -------------------------------------------------------------------------


def test_a_tap_of_the_stock_draws_and_undo_keeps_the_move_counter(catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    assert game.play("s") == (StockDrawn(cards=(Card.parse("QH"),), src="s", dst="w"),)
    assert (game.state.moves, len(game.state.waste)) == (1, 1)
    assert game.undo().moves == 1  # undo never lowers the move counter


def test_random_play_plays_about_the_actions_asked(catalog: Catalog) -> None:
    game = play_randomly(catalog.game_from_code(CODE), random.Random(1), 50)
    assert game.state.moves >= 40
    again = play_randomly(catalog.game_from_code(CODE), random.Random(1), 50)
    assert again.actions == game.actions  # the same seed, the same game


# -- tap ----------------------------------------------------------------------------------------


def test_tap_on_the_stock_draws_then_recycles_and_plays_nothing(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column(up="KS"), stock="5H"))
    before = game.state
    assert game.tap("s") == DRAW
    assert game.state is before and game.actions == []
    game.play("s")
    assert game.tap("s") == DRAW  # the stock is empty: the tap recycles
    game.play(game.tap("s"))  # type: ignore[arg-type]
    assert game.state.stock and not game.state.waste and game.state.pass_number == 2


def test_tap_on_the_empty_stock_without_passes_left_is_refused(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column(up="KS"), waste="5H"), redeal="passes:1")
    assert refused(game.tap("s"), "stock.no-passes-left")
    game = crafted(catalog, state_of(column(up="KS")))
    assert refused(game.tap("s"), "stock.exhausted")


def test_tap_sends_a_top_card_to_its_foundation_when_legal(catalog: Catalog) -> None:
    game = crafted(
        catalog, state_of(column(up="AS"), column(up="KD"), waste="AH", foundations=("", "", "", ""))
    )
    before = game.state
    assert game.tap("t1") == Move("t1", "f")
    assert game.tap("w") == Move("w", "f")
    assert game.state is before  # a tap only says what would happen
    game.play(game.tap("t1"))  # type: ignore[arg-type]
    assert game.state.foundations[0] == before.tableau[0].up


@pytest.mark.parametrize(
    ("pile", "rule"),
    [("t2", "foundation.ace-first"), ("t3", "foundation.next-rank"), ("t4", "move.source-empty"),
     ("w", "waste.empty")],
)  # fmt: skip
def test_tap_on_a_card_that_cannot_go_up_is_a_refusal(catalog: Catalog, pile: str, rule: str) -> None:
    game = crafted(
        catalog, state_of(column(up="AS"), column(up="KD"), column(up="3H"), foundations=("", "1", "", ""))
    )
    result = game.tap(pile)
    assert refused(result, rule)
    assert isinstance(result, Refusal) and result.message("en") and result.message("ru")


# -- double tap ---------------------------------------------------------------------------------


def test_double_tap_prefers_the_longest_column_that_accepts_the_card(catalog: Catalog) -> None:
    game = crafted(
        catalog,
        state_of(
            column(up="8H"),
            column(up="9S"),  # 1 card
            column("2D 3D", "9C"),  # 3 cards: the longest that accepts 8♥
            column(),
            stock="4S",
            waste="8D",
        ),
    )
    before = game.state
    assert game.double_tap("t1") == Move("t1", "t3")
    assert game.double_tap("w") == Move("w", "t3")
    assert game.state is before


def test_double_tap_moves_a_group_to_the_column_that_accepts_its_head(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column("2C", "9S 8H"), column(up="TH"), column(up="TD 9C")))
    assert game.double_tap("t1", 2) == Move("t1", "t2", 2)


def test_double_tap_puts_a_king_in_an_empty_column_only_when_no_column_accepts_it(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column("2C", "KH"), column(), column(up="5S"), waste="KS"))
    assert game.double_tap("t1") == Move("t1", "t2")  # a king over a face-down card
    assert game.double_tap("w") == Move("w", "t2")


def test_double_tap_does_not_offer_to_move_a_whole_column_to_an_empty_one(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column(up="KH"), column(), column(up="KS QD")))
    assert refused(game.double_tap("t1"), "tap.no-column-accepts")
    assert refused(game.double_tap("t3", 2), "tap.no-column-accepts")


def test_double_tap_refuses_when_no_column_accepts(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column(up="8H"), column(up="9D"), column(), waste="5C"))
    for pile in ("t1", "w"):
        result = game.double_tap(pile)
        assert refused(result, "tap.no-column-accepts")
        assert isinstance(result, Refusal)
        assert ("8♥" if pile == "t1" else "5♣") in result.message("en")
        assert result.message("ru")


def test_double_tap_on_the_top_card_moves_that_card_only(catalog: Catalog) -> None:
    # BUG: Game.double_tap builds Move(pile, dst, None) for count 1, and a column
    # move without a count takes "the group that fits": here the 2-card group
    # 9♠ 8♥ fits on 10♥, so tapping 8♥ offers t1:2>t2, a move of 9♠ the player did
    # not tap.  8♥ itself fits nowhere.
    game = crafted(catalog, state_of(column("2C", "9S 8H"), column(up="TH")))
    assert refused(game.double_tap("t1"), "tap.no-column-accepts")


def test_double_tap_on_the_top_card_never_moves_a_whole_column_to_an_empty_one(catalog: Catalog) -> None:
    # BUG (same cause): tapping Q♦ on a column K♠ Q♦ with nothing under it
    # offers t1:2>t2, the whole column to an empty column; the whole-column
    # test compares the tapped count (1) with the column size, not the move's.
    game = crafted(catalog, state_of(column(up="KS QD"), column()))
    result = game.double_tap("t1")
    assert not (isinstance(result, Move) and result.count == 2)
    assert refused(result, "tap.no-column-accepts")


# -- auto-complete ------------------------------------------------------------------------------


def test_autocomplete_is_not_available_while_a_card_is_face_down(catalog: Catalog) -> None:
    game = crafted(catalog, full_deal(DRAW1_NO_RECYCLE))
    assert game.autocomplete_moves() is None
    # Everything but one face-down card is easy: still not available.
    game = crafted(catalog, state_of(column("2S", "AS"), foundations=("", "13", "13", "13")))
    assert game.state.face_down_count == 1
    assert game.autocomplete_moves() is None
    with pytest.raises(ValueError, match="not available"):
        game.autocomplete()


@pytest.mark.parametrize(("draw", "order"), [(1, DRAW1_NO_RECYCLE), (3, DRAW3_NO_RECYCLE)])
def test_autocomplete_lists_winning_moves_and_playing_them_wins(
    catalog: Catalog, draw: int, order: tuple[str, ...]
) -> None:
    game = crafted(catalog, full_deal(order, face_up=True), draw=draw)
    before = game.state
    moves = game.autocomplete_moves()
    assert moves is not None
    assert game.state is before  # offered, not played
    assert all(move.dst == "f" or move == DRAW for move in moves)
    assert game.autocomplete_moves() == moves

    events = game.autocomplete()
    assert game.is_won and isinstance(events[-1], GameWon)
    assert game.actions == [str(move) for move in moves]
    assert game.state.score == 520  # 52 cards up, nothing turned up, no recycle
    assert game.autocomplete_moves() is None  # nothing left to complete


def test_autocomplete_turns_the_stock_as_often_as_needed_when_the_policy_allows(catalog: Catalog) -> None:
    state = full_deal(DRAW1_ONE_RECYCLE, face_up=True)
    unlimited = crafted(catalog, state)
    moves = unlimited.autocomplete_moves()
    assert moves is not None
    assert moves.count(DRAW) > 24  # it went through the stock more than once
    unlimited.autocomplete()
    assert unlimited.is_won


def test_autocomplete_is_not_available_when_the_stock_cannot_be_gone_through_again(catalog: Catalog) -> None:
    one_pass = crafted(catalog, full_deal(DRAW1_ONE_RECYCLE, face_up=True), redeal="passes:1")
    assert one_pass.autocomplete_moves() is None
    # A♥ is under 2♥ in the waste and the only pass is used up; a second pass would win.
    stuck = crafted(
        catalog,
        state_of(column(up="KS"), waste="AH 2H", foundations=("12", "", "13", "13")),
        redeal="passes:1",
    )
    assert stuck.autocomplete_moves() is None
    stuck_ok = crafted(catalog, stuck.state, redeal="passes:2")
    assert stuck_ok.autocomplete_moves() is not None


def test_nothing_is_played_by_itself(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column(up="AS"), column(up="2S"), foundations=("", "13", "13", "13")))
    events = game.play("t1>f")
    assert events == (CardsMoved("t1", "f1", (Card.parse("AS"),)), ScoreChanged(0, 10))
    assert not game.is_won  # 2♠ could go up, but the game never finishes by itself
    game.play("t2>f")
    assert game.is_won


# -- restart ------------------------------------------------------------------------------------


def test_restart_gives_the_initial_state_and_clears_undo_and_redo(catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    fresh = catalog.game_from_code(CODE)
    for move in ("s", "s", "s"):
        game.play(move)
    game.undo()
    assert game.can_undo and game.can_redo
    game.restart()
    assert game.state == fresh.state == game.initial
    assert not game.can_undo and not game.can_redo
    assert game.actions == []
    with pytest.raises(IllegalMoveError):
        game.undo()
    with pytest.raises(IllegalMoveError):
        game.redo()


# -- undo and redo ------------------------------------------------------------------------------


def test_only_the_last_100_moves_can_be_undone(catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    states = [game.state]
    for _ in range(150):
        game.play("s")
        states.append(game.state)
    assert HISTORY_LIMIT == 100
    for _ in range(100):
        game.undo()
        assert game.state.moves == 150  # the counter never goes down
    assert game.state == attrs.evolve(states[50], moves=150)
    assert not game.can_undo
    with pytest.raises(IllegalMoveError) as raised:
        game.undo()
    assert raised.value.refusal.rule == "history.nothing-to-undo"
    assert raised.value.refusal.message("ru")
    # Redo everything again: each redo counts as a move.
    for number in range(1, 101):
        game.redo()
        assert game.state.moves == 150 + number
    assert game.state == attrs.evolve(states[150], moves=250)
    with pytest.raises(IllegalMoveError) as raised:
        game.redo()
    assert raised.value.refusal.rule == "history.nothing-to-redo"


def test_a_new_move_clears_redo(catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    with pytest.raises(IllegalMoveError) as raised:
        game.undo()
    assert raised.value.refusal.rule == "history.nothing-to-undo"
    with pytest.raises(IllegalMoveError) as raised:
        game.redo()
    assert raised.value.refusal.rule == "history.nothing-to-redo"
    game.play("s")
    game.play("s")
    game.undo()
    game.undo()
    assert game.can_redo
    game.play("t1>f")
    assert not game.can_redo
    with pytest.raises(IllegalMoveError) as raised:
        game.redo()
    assert raised.value.refusal.rule == "history.nothing-to-redo"
    assert game.state.moves == 3


def test_a_refused_move_changes_nothing(catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    before = game.state
    with pytest.raises(IllegalMoveError) as raised:
        game.play("t2>t3")
    assert raised.value.refusal.rule.startswith("tableau.")
    assert game.state is before and game.actions == [] and not game.can_undo


# -- subscribers --------------------------------------------------------------------------------


def test_subscribers_hear_of_moves_undo_redo_and_restart(catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    changes: list[Change] = []
    unsubscribe = game.subscribe(changes.append)
    start = game.state

    events = game.play("s")
    after = game.state
    game.undo()
    undone = game.state
    game.redo()
    redone = game.state
    game.restart()
    assert changes == [
        Change("move", start, after, events, DRAW),
        Change("undo", after, undone, events, DRAW),
        Change("redo", undone, redone, events, DRAW),
        Change("restart", redone, game.initial, (), None),
    ]
    unsubscribe()
    game.play("s")
    assert len(changes) == 4


def test_a_refused_move_is_not_announced(catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    changes: list[Change] = []
    game.subscribe(changes.append)
    with pytest.raises(IllegalMoveError):
        game.play("w>t1")
    assert changes == []


# -- hints --------------------------------------------------------------------------------------


#: Hints asked along each game: each may think for up to a second.
HINTS_ALONG_A_GAME = 40 if os.environ.get("SOLITAIRE_TESTS") == "thorough" else 12


@pytest.mark.slow
@pytest.mark.parametrize("deal", [0, 1, 6, 12345])
def test_a_hint_is_a_legal_move_with_a_reason_in_english_and_russian(catalog: Catalog, deal: int) -> None:
    game = new_game(catalog, deal=deal)
    for _ in range(HINTS_ALONG_A_GAME):
        hint = game.hint()
        assert hint.reason("en") and hint.reason("ru")
        assert hint.reason("ru") != hint.reason("en")
        if hint.move is None:
            break
        assert hint.move in game.legal_moves()
        assert hint.move.src[0] != "f"
        game.play(hint.move)


def test_a_hint_prefers_turning_up_a_face_down_card(catalog: Catalog) -> None:
    game = crafted(
        catalog,
        state_of(
            column("5C", "9H"), column(up="TS"), column(up="AD"), column(up="8S"), stock="4S", waste="8C"
        ),
    )
    # A♦ could go up, 8♣ and 8♠ could go on 9♥; moving 9♥ turns up 5♣.
    hint = game.hint()
    assert hint.move == Move("t1", "t2")
    assert "5♣" not in hint.reason("en")  # the hidden card is not given away


def test_a_hint_never_suggests_a_foundation_return(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column(up="3H"), foundations=("2", "", "", ""), stock="9D"))
    assert Move("f1", "t1") in game.legal_moves()
    assert game.hint().move == DRAW


def test_a_hint_suggests_the_stock_when_nothing_else_helps(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The heuristic's hint: the solver-backed ones would say that this position of four
    # cards cannot be won.
    from solitaire.variants.klondike import Klondike

    monkeypatch.setattr(Klondike, "solver", lambda self: None)
    # 8♥ can go on 9♠ or 9♣, which only shuffles cards: the stock is the hint.
    state = state_of(column(up="8H"), column(up="9S"), column(up="9C"), stock="4D")
    game = crafted(catalog, state)
    assert Move("t1", "t2") in game.legal_moves()
    hint = game.hint()
    assert hint.move == DRAW
    assert hint.reason("en") and hint.reason("ru")
    # With the stock empty, turning the waste back is the hint.
    game = crafted(catalog, state.with_piles({"s": Pile(), "w": Pile((), state.stock)}))
    assert game.hint().move == DRAW


def test_no_hint_in_a_dead_position(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column("KS", "5H"), column(up="9C")))
    assert game.legal_moves() == []
    hint = game.hint()
    assert hint.move is None
    assert hint.reason("en") and hint.reason("ru") and hint.reason("en") != hint.reason("ru")


def test_no_hint_when_only_a_return_is_possible(catalog: Catalog) -> None:
    game = crafted(catalog, state_of(column(up="3H"), foundations=("2", "", "", "")))
    assert game.legal_moves() == [Move("f1", "t1")]
    assert game.hint().move is None


# -- the actions list ---------------------------------------------------------------------------


def test_actions_record_canonical_moves_and_undo_redo(catalog: Catalog) -> None:
    game = crafted(
        catalog, state_of(column(up="9C"), column(up="AS"), column("2D", "TD 9S 8H"), column(up="JC"))
    )
    game.play("T2>F1")
    game.play(" t3>T4 ")  # the group 10♦ 9♠ 8♥ is the one that fits on J♣
    game.undo()
    game.redo()
    game.perform("undo")
    game.perform("redo")
    assert game.actions == ["t2>f", "t3:3>t4", "undo", "redo", "undo", "redo"]
