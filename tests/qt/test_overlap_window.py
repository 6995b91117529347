"""Pyramid and TriPeaks in the window: the piles at their places, lower cards drawn above
higher ones, pairs dragged onto each other (the stock's card and the waste too), covered
cards the core refuses to pick up, TriPeaks' cards clicked onto the waste and turned up."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot
from qtgestures import MakeWindow, click, drag, drag_card, grip, landing, pile_point, positions_match_layout
from qtpy.QtCore import QPointF

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.refusals import Refusal
from solitaire.core.registry import Catalog
from solitaire.core.state import Pile, State
from solitaire.frontends.qt.window import MainWindow

OpenGame = Callable[..., tuple[MainWindow, Game]]


@pytest.fixture
def open_game(make_window: MakeWindow, catalog: Catalog) -> OpenGame:
    def start(code: str, piles: dict[str, Pile] | None = None) -> tuple[MainWindow, Game]:
        window = make_window(resume=False, size=(1280, 800))
        options = catalog.options_from_code(code)
        initial = None
        if piles is not None:
            empty = catalog.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
            assert isinstance(empty, State)
            initial = empty.with_piles(piles)
        game = catalog.new_game(options, initial=initial)
        window.start(game, record=False)
        return window, game

    return start


def cards(text: str) -> tuple[Card, ...]:
    return tuple(map(Card.parse, text.split()))


def test_the_pyramid_lies_row_by_row_each_card_half_on_two_and_drawn_above_them(open_game: OpenGame) -> None:
    window, game = open_game("PY1-D1X-AAAAAAB")
    scene = window.table
    where = scene.positions
    height, width = scene.card_height, scene.card_width
    # t2 lies half a card lower than t1, half a slot to its left; t3 as far to its right.
    assert where["t2"].y() - where["t1"].y() == pytest.approx(height / 2)
    assert where["t1"].x() - where["t2"].x() == pytest.approx(where["t3"].x() - where["t1"].x())
    assert where["t3"].x() - where["t2"].x() == pytest.approx(width * 1.22)
    items = scene.card_items
    top = {pile: items[game.state.pile(pile).up[-1]] for pile in ("t1", "t2", "t3", "t28")}
    assert top["t2"].zValue() > top["t1"].zValue() and top["t3"].zValue() > top["t1"].zValue()
    assert scene.card_at(QPointF(where["t1"].x() + 5, where["t2"].y() + 5)) is top["t2"]  # t2 on t1
    # The stock's next card lies face up on it; the empty waste shows its place.
    assert items[game.state.pile("s").up[-1]].face_up
    assert scene.pile_order()[:3] == ["s", "t1", "f1"]
    assert positions_match_layout(window)


def test_a_pair_dragged_onto_each_other_goes_off_and_an_empty_place_takes_no_drop(
    qtbot: QtBot, open_game: OpenGame
) -> None:
    window, game = open_game("PY1-D1X-AAAAAAB")
    scene = window.table
    refusals: list[Refusal] = []
    scene.refused.connect(refusals.append)
    click(qtbot, window, pile_point(scene, "t22") + QPointF(0, scene.card_height * 0.3))  # a king: off
    drag_card(qtbot, window, "KD", "f1")
    assert game.actions == ["t22>f1", "t23>f1"]
    drag_card(qtbot, window, "8C", "t16")  # 8C onto 5D: 13
    assert game.actions[-1] == "t16>t28" and not game.state.pile("t16") and not game.state.pile("t28")
    assert positions_match_layout(window)
    # Onto the place where 8C was: nothing there to pair with, the card flies back unexplained.
    ten = scene.card_items[Card.parse("TH")]
    home = ten.pos()
    away = QPointF(scene.card_width * 0.5, scene.card_height * 0.3)
    drag(qtbot, window, grip(scene, ten), landing(scene, "t28") + away)
    assert ten.pos() == home and game.actions[-1] == "t16>t28" and refusals == []


def test_a_covered_card_is_not_picked_up_the_core_says_why(qtbot: QtBot, open_game: OpenGame) -> None:
    window, game = open_game("PY1-D1X-AAAAAAB")
    scene = window.table
    refusals: list[Refusal] = []
    scene.refused.connect(refusals.append)
    item = scene.card_items[game.state.pile("t16").up[-1]]
    home = item.pos()
    start = grip(scene, item)
    drag(qtbot, window, start, start + QPointF(scene.card_width * 2, 0))
    assert item.pos() == home and game.actions == []
    assert [refusal.rule for refusal in refusals] == ["move.covered"]


def test_the_waste_dragged_onto_the_stocks_card_pairs_and_a_click_turns_the_stock(
    qtbot: QtBot, open_game: OpenGame
) -> None:
    window, game = open_game(
        "PY1-D1X-AAAAAAB",
        {"s": Pile(cards("KH 2C"), cards("9S")), "w": Pile((), cards("4C")), "t28": Pile((), cards("QD"))},
    )
    scene = window.table
    drag_card(qtbot, window, "4C", "s")  # 4C and 9S make 13
    assert game.actions == ["s>w"] and game.state.pile("s") == Pile(cards("KH"), cards("2C"))
    assert scene.card_items[Card.parse("2C")].face_up and positions_match_layout(window)
    click(qtbot, window, pile_point(scene, "s"))
    assert game.actions[-1] == "s" and game.state.waste == cards("2C")
    assert scene.where[Card.parse("2C")] == ("w", 0) and scene.card_items[Card.parse("KH")].face_up
    drag_card(qtbot, window, "KH", "f1")  # a king from the stock goes off alone
    assert game.actions[-1] == "s>f1" and not game.state.pile("s")
    assert positions_match_layout(window)


def test_tripeaks_plays_a_clicked_card_onto_the_waste_and_turns_up_the_one_it_frees(
    qtbot: QtBot, open_game: OpenGame
) -> None:
    window, game = open_game("TP1-D1T-AAAAAAB")
    scene = window.table
    for card in ("KS", "AH", "2S"):  # on QS: KS, then AH (K and A are next), then 2S
        item = scene.card_items[Card.parse(card)]
        click(qtbot, window, item.pos() + QPointF(scene.card_width / 2, scene.card_height * 0.8))
    assert game.actions == ["t22>f1", "t20>f1", "t19>f1"]
    freed = game.state.pile("t10").up[-1]
    assert scene.card_items[freed].face_up and scene.where[freed] == ("t10", 0)
    assert positions_match_layout(window)


def test_the_hint_menu_names_a_pair_as_one_move_and_marks_both_cards(
    qtbot: QtBot, open_game: OpenGame
) -> None:
    # 5♣ and 8♦ make 13, nothing lies on them; the stock's card (a 9) pairs with nothing.
    window, _ = open_game(
        "PY1-D1X-AAAAAAB",
        {"t22": Pile((), cards("5C")), "t28": Pile((), cards("8D")), "s": Pile(cards("2S"), cards("9H"))},
    )
    window._actions["action.hint"].trigger()
    qtbot.waitUntil(lambda: window.table._hint_items != [], timeout=10_000)
    assert window.view.banner.text().startswith("Take 5♣ and 8♦ off together")
    assert len(window.table._hint_items) == 2
