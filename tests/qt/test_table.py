"""The table scene: quick clicks, a refused click, the stock's labels, fitting small
views, slivers of squeezed backs and the hint's outline (offscreen, real mouse events)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot
from qtgestures import (
    double_click,
    grip,
    item_of,
    pile_point,
    positions_match_layout,
    view_point,
)
from qtpy.QtCore import QPointF, QRectF, Qt
from qtpy.QtGui import QColor, QImage, QPainter
from qtpy.QtTest import QTest
from qtpy.QtWidgets import QApplication

from solitaire.core.cards import CARDS, Card
from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.registry import Catalog
from solitaire.core.state import Column, Pile, State
from solitaire.frontends.qt.cards import CardPainter
from solitaire.frontends.qt.scene import FOCUS_COLOUR, HELD_COLOUR, HINT_COLOUR
from solitaire.frontends.qt.view import TableView
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def banner_text(window: MainWindow) -> str | None:
    banner = window.view.banner
    return banner.text() if banner.isVisible() else None


def quick_clicks(qtbot: QtBot, window: MainWindow, scene_pos: QPointF, gap_ms: int = 150) -> None:
    """Two clicks ``gap_ms`` apart, as Qt delivers them when the second comes within the
    double-click interval: press, release, then the second press as a double-click event."""
    assert gap_ms < QApplication.doubleClickInterval()
    viewport, pos = window.view.viewport(), view_point(window, scene_pos)
    QTest.mousePress(viewport, LEFT, NONE, pos)
    QTest.mouseRelease(viewport, LEFT, NONE, pos)
    qtbot.wait(gap_ms)
    QTest.mouseDClick(viewport, LEFT, NONE, pos)
    QTest.mouseRelease(viewport, LEFT, NONE, pos)


def start_state(window: MainWindow, state: State, *, redeal: str | None = None) -> Game:
    catalog: Catalog = window.catalog
    game = catalog.new_game(catalog.options("klondike", 1, redeal=redeal), initial=state)
    window.start(game, record=False)
    window.view.banner.hide()
    return game


def with_column(column: Column, number: int = 1) -> State:
    """A position with ``column`` at ``number`` and every other card in the stock."""
    used = set(column.down + column.up)
    tableau = tuple(column if n == number else Column() for n in range(1, 8))
    return State.classic(tuple(card for card in CARDS if card not in used), (), ((),) * 4, tableau)


# -- quick clicks ----------------------------------------------------------------------------------


def test_two_quick_clicks_on_the_stock_draw_twice(qtbot: QtBot, window: MainWindow) -> None:
    quick_clicks(qtbot, window, pile_point(window.table, "s"))
    assert window.game is not None
    assert window.game.actions == ["s", "s"]
    assert positions_match_layout(window)


def test_a_double_click_on_the_stock_draws_twice(qtbot: QtBot, window: MainWindow) -> None:
    double_click(qtbot, window, pile_point(window.table, "s"))
    assert window.game is not None
    assert window.game.actions == ["s", "s"]


def test_a_lone_double_click_event_on_the_stock_still_draws(qtbot: QtBot, window: MainWindow) -> None:
    viewport, pos = window.view.viewport(), view_point(window, pile_point(window.table, "s"))
    QTest.mouseDClick(viewport, LEFT, NONE, pos)  # QTest's double click: no press before it
    QTest.mouseRelease(viewport, LEFT, NONE, pos)
    assert window.game is not None
    assert window.game.actions == ["s"]


def test_quick_clicks_send_one_card_home_after_another(qtbot: QtBot, window: MainWindow) -> None:
    game = start_state(window, with_column(Column(cards("2D"), cards("AD"))))
    quick_clicks(qtbot, window, grip(window.table, item_of(window, "AD")))
    assert game.actions == ["t1>f", "t1>f"]
    assert game.state.foundations[2] == cards("AD 2D")


def test_a_real_double_click_still_finds_a_column(qtbot: QtBot, window: MainWindow) -> None:
    """9♦ cannot go home: the second press of a quick pair is a double click that moves it."""
    quick_clicks(qtbot, window, grip(window.table, item_of(window, "9D")))
    assert window.game is not None
    assert window.game.actions == ["t5>t4"]
    qtbot.wait(QApplication.doubleClickInterval() + 50)
    assert banner_text(window) is None  # the first click's refusal gave way to the double click


# -- a click that cannot send a card home ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_click_on_a_card_that_cannot_go_home_says_why(qtbot: QtBot, window: MainWindow, lang: str) -> None:
    window.apply_settings(attrs.evolve(window.settings, language=lang), save=False)
    assert window.game is not None
    expected = window.game.tap("t5")
    assert isinstance(expected, Refusal)
    QTest.mouseClick(
        window.view.viewport(), LEFT, NONE, view_point(window, grip(window.table, item_of(window, "9D")))
    )
    qtbot.waitUntil(lambda: banner_text(window) is not None)
    assert banner_text(window) == expected.message(lang)
    assert window.game.journal == []


def test_a_click_on_a_card_with_others_on_it_says_why(qtbot: QtBot, window: MainWindow) -> None:
    game = start_state(window, with_column(Column((), cards("KS QH")), 2))
    QTest.mouseClick(
        window.view.viewport(), LEFT, NONE, view_point(window, grip(window.table, item_of(window, "KS")))
    )
    qtbot.waitUntil(lambda: banner_text(window) is not None)
    refusal = game.check(Move("t2", "f", 2))
    assert isinstance(refusal, Refusal) and refusal.rule == "foundation.one-card"
    assert banner_text(window) == refusal.message("en")
    assert game.journal == []


def test_a_refused_click_followed_at_once_by_another_still_says_why(qtbot: QtBot, window: MainWindow) -> None:
    assert window.game is not None
    expected = window.game.tap("t5")
    assert isinstance(expected, Refusal)
    viewport = window.view.viewport()
    QTest.mouseClick(viewport, LEFT, NONE, view_point(window, grip(window.table, item_of(window, "9D"))))
    QTest.mouseClick(viewport, LEFT, NONE, view_point(window, pile_point(window.table, "s")))
    assert banner_text(window) == expected.message("en")
    assert window.game.actions == ["s"]


def test_a_refused_click_shakes_the_card(qtbot: QtBot, window: MainWindow) -> None:
    window.apply_settings(attrs.evolve(window.settings, double_tap=False), save=False)
    window.table.animations = True
    item = item_of(window, "9D")
    home = item.pos()
    seen: list[float] = []
    item.xChanged.connect(lambda: seen.append(item.pos().x()))
    QTest.mouseClick(window.view.viewport(), LEFT, NONE, view_point(window, grip(window.table, item)))
    qtbot.waitUntil(lambda: len(seen) > 2 and item.pos() == home)
    assert max(seen) > home.x() and min(seen) < home.x()
    assert banner_text(window) is not None


# -- the stock ---------------------------------------------------------------------------------------


def test_the_stock_shows_its_cards_and_the_pass(qtbot: QtBot, window: MainWindow) -> None:
    table = window.table
    assert table.stock_count.isVisible() and table.stock_count.text == "24"
    assert table.stock_pass.isVisible() and table.stock_pass.text == "Pass 1"
    QTest.mouseClick(window.view.viewport(), LEFT, NONE, view_point(window, pile_point(table, "s")))
    assert table.stock_count.text == "23"


def test_limited_passes_are_counted_and_the_last_one_refuses_to_recycle(
    qtbot: QtBot, window: MainWindow
) -> None:
    table = window.table
    game = window.catalog.game_from_code("KL1-D1N-AAAAAAG")
    game = window.catalog.new_game(attrs.evolve(game.rules.options, redeal="passes:2"))
    window.start(game, record=False)
    viewport, stock = window.view.viewport(), view_point(window, pile_point(table, "s"))
    assert table.stock_pass.text == "Pass 1 of 2"
    for _ in range(24):
        QTest.mouseClick(viewport, LEFT, NONE, stock)
    assert not table.stock_count.isVisible()
    assert table.stock_look() == "recycle"
    QTest.mouseClick(viewport, LEFT, NONE, stock)  # the second pass
    assert table.stock_pass.text == "Pass 2 of 2" and table.stock_count.text == "24"
    for _ in range(24):
        QTest.mouseClick(viewport, LEFT, NONE, stock)
    assert isinstance(game.tap("s"), Refusal)
    assert table.stock_look() == "spent"  # no recycle arrow: a "no more passes" slot
    assert table.stock_pass.text == "No more passes"
    slot = table._slot_pixmap("s", table.specs["s"])
    spent = window.painter.stock_spent(table.card_width, table.card_height, table.device_pixel_ratio)
    assert slot.toImage() == spent.toImage()
    window.apply_settings(attrs.evolve(window.settings, language="ru"), save=False)
    assert table.stock_pass.text == "Проходов больше нет"


def test_an_empty_stock_and_waste_show_a_plain_slot(window: MainWindow) -> None:
    suits = [sorted((c for c in CARDS if c.suit == suit), key=lambda c: c.rank) for suit in range(4)]
    king = suits[3].pop()
    tableau = (Column((), (king,)),) + (Column(),) * 6
    state = State.classic((), (), tuple(tuple(suit) for suit in suits), tableau)
    table = window.table
    game = window.catalog.new_game(window.catalog.options("klondike", 1), initial=state)
    table.set_game(game)
    assert table.stock_look() == "empty"
    assert not table.stock_count.isVisible()


# -- fitting the view --------------------------------------------------------------------------------


def long_column(down: int, up: int) -> Column:
    """``down`` face-down cards under a run of ``up`` face-up ones from the king down."""
    run = [next(c for c in CARDS if c.rank == 13 - k and c.is_red == (k % 2 == 1)) for k in range(up)]
    rest = [card for card in CARDS if card not in run]
    return Column(tuple(rest[:down]), tuple(run))


def fitted_view(
    qtbot: QtBot, size: tuple[int, int], state: State, *, redeal: str | None = None, lang: str = "en"
) -> TableView:
    catalog = new_catalog(entry_points=False)
    view = TableView(CardPainter())
    view.table.set_language(lang)
    qtbot.addWidget(view)
    view.setMinimumSize(1, 1)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    view.table.animations = False
    options = catalog.options("klondike", 3, redeal=redeal)
    view.table.set_game(catalog.new_game(options, initial=state))
    QApplication.processEvents()
    return view


def everything_shows(view: TableView) -> list[str]:
    """What lies outside the part of the scene the view shows."""
    table = view.table
    visible = view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
    outside = [pile for pile in table.specs if not visible.contains(table.pile_rect(pile))]
    for label in (table.stock_count, table.stock_pass):
        if label.isVisible() and not visible.contains(label.sceneBoundingRect()):
            outside.append(f"the stock's label {label.text!r}")
    outside += [
        str(item.card) for item in table.card_items.values() if not visible.contains(item.sceneBoundingRect())
    ]
    return outside


@pytest.mark.parametrize("size", [(800, 600), (800, 540), (800, 420), (640, 360)])
def test_every_pile_and_card_shows_in_a_small_view(qtbot: QtBot, size: tuple[int, int]) -> None:
    state = with_column(long_column(6, 13), 7)
    view = fitted_view(qtbot, size, state)
    assert everything_shows(view) == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    width=st.integers(320, 1400),
    height=st.integers(240, 1000),
    down=st.integers(0, 20),
    up=st.integers(1, 13),
    number=st.integers(1, 7),
    waste=st.integers(0, 5),
    lang=st.sampled_from(["en", "ru"]),
    redeal=st.sampled_from([None, "passes:3"]),
)
def test_every_pile_and_card_shows_at_any_size(
    qtbot: QtBot,
    width: int,
    height: int,
    down: int,
    up: int,
    number: int,
    waste: int,
    lang: str,
    redeal: str | None,
) -> None:
    state = with_column(long_column(down, up), number)
    state = state.with_piles({"s": Pile(state.stock[waste:]), "w": Pile((), state.stock[:waste])})
    view = fitted_view(qtbot, (width, height), state, redeal=redeal, lang=lang)
    assert everything_shows(view) == []
    view.close()


# -- slivers of squeezed backs -----------------------------------------------------------------------


def bluish(colour: QColor) -> bool:
    return colour.blue() - colour.red() > 40


def test_squeezed_face_down_cards_show_a_sliver_of_their_back(qtbot: QtBot) -> None:
    view = fitted_view(qtbot, (800, 360), with_column(long_column(20, 13), 7))
    table = view.table
    column = table.pile_cards("t7")
    down = [item for item in column if not item.face_up]
    assert len(down) == 20
    step = down[1].pos().y() - down[0].pos().y()
    assert step < 0.12 * table.card_height  # squeezed below the usual fan
    rect = table.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    table.render(painter, QRectF(image.rect()), rect)
    painter.end()
    for item, below in zip(down, column[1:], strict=False):
        x = int(item.pos().x() + table.card_width / 2)
        rows = range(int(item.pos().y()) + 1, int(below.pos().y()))
        assert any(bluish(image.pixelColor(x, y)) for y in rows), f"{item.card} shows no back"


# -- hints -------------------------------------------------------------------------------------------


def test_the_hint_outline_stays_until_the_next_move_and_is_not_the_focus_colour(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert HINT_COLOUR not in (FOCUS_COLOUR, HELD_COLOUR)
    table = window.table
    table.show_hint(Move("t1", "f"))
    assert len(table.hint_rects()) == 2
    assert all(item.pen().color() == HINT_COLOUR for item in table._hint_items)
    qtbot.wait(2000)  # longer than the timer that used to clear it
    assert len(table.hint_rects()) == 2
    window.resize(900, 700)  # a relayout: the outlines follow the cards
    QApplication.processEvents()
    assert table.hint_rects()[0].contains(item_of(window, "AD").sceneBoundingRect())
    QTest.mouseClick(window.view.viewport(), LEFT, NONE, view_point(window, pile_point(table, "s")))
    assert table.hint_rects() == []
