"""Gestures and looks for the window tests: scene points, drags, clicks (imported by the tests)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from pytestqt.qtbot import QtBot
from qtpy.QtCore import QPoint, QPointF, Qt
from qtpy.QtWidgets import QTableWidget

from solitaire.core.cards import Card
from solitaire.frontends.qt import cards as cards_module
from solitaire.frontends.qt.scene import CardItem, TableScene
from solitaire.frontends.qt.window import MainWindow

#: The deal most tests play (see ``solitaire show KL1-D1N-AAAAAAG``):
#: t1 A♦, t2 ## J♣, t3 ## ## K♦, t4 ### 10♣, t5 #### 9♦, t6 ##### 3♠, t7 ###### A♥.
CODE = "KL1-D1N-AAAAAAG"

#: The ``make_window`` fixture: shown windows (keywords store, lang, resume, size).
MakeWindow = Callable[..., MainWindow]
WINDOW_SIZE = (1200, 800)


# -- looking at the table ------------------------------------------------------------------------


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    """The text in a cell of a dialog's table (a cell without an item fails)."""
    item = table.item(row, column)
    assert item is not None, (row, column)
    return item.text()


def item_of(window: MainWindow, card: str) -> CardItem:
    return window.table.card_items[Card.parse(card)]


def grip(scene: TableScene, item: CardItem) -> QPointF:
    """A point on the visible part of a card (its top strip), in scene coordinates."""
    return item.pos() + QPointF(scene.card_width / 2, scene.card_height * 0.07)


def centre(scene: TableScene, item: CardItem) -> QPointF:
    return item.pos() + QPointF(scene.card_width / 2, scene.card_height / 2)


def pile_point(scene: TableScene, pile: str) -> QPointF:
    """The middle of a pile's base (where its first card lies)."""
    origin = scene.positions[pile]
    return origin + QPointF(scene.card_width / 2, scene.card_height / 2)


def landing(scene: TableScene, pile: str) -> QPointF:
    """Where the next card of a pile would lie, offset as a player drops it: the grip point
    of the top card moved one fan step down for a column, the base of any other pile."""
    cards = scene.pile_cards(pile)
    if scene.specs[pile].kind == "column" and cards:
        top = cards[-1]
        return grip(scene, top) + QPointF(0, scene.card_height * 0.27)
    return scene.positions[pile] + QPointF(scene.card_width / 2, scene.card_height * 0.07)


def view_point(window: MainWindow, scene_pos: QPointF) -> QPoint:
    return window.view.mapFromScene(scene_pos)


def positions_match_layout(window: MainWindow) -> bool:
    """Every card item lies where the layout of the game's state puts it."""
    scene = window.table
    assert window.game is not None
    for card, (pos, face_up, _z, _pile, _index) in scene.layout_of(window.game.state).items():
        item = scene.card_items[card]
        if (item.pos() - pos).manhattanLength() > 0.5 or item.face_up != face_up:
            return False
    return True


# -- gestures ------------------------------------------------------------------------------------


def drag(qtbot: QtBot, window: MainWindow, start: QPointF, end: QPointF, steps: int = 6) -> None:
    """Press at ``start``, move in steps, release at ``end`` (scene coordinates)."""
    viewport = window.view.viewport()
    a, b = view_point(window, start), view_point(window, end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    for step in range(1, steps + 1):
        point = QPoint(a.x() + (b.x() - a.x()) * step // steps, a.y() + (b.y() - a.y()) * step // steps)
        qtbot.mouseMove(viewport, point)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)


def drag_card(qtbot: QtBot, window: MainWindow, card: str, pile: str) -> None:
    """Drag a card (and the cards on it) by its visible strip onto a pile."""
    scene = window.table
    drag(qtbot, window, grip(scene, item_of(window, card)), landing(scene, pile))


def click(qtbot: QtBot, window: MainWindow, scene_pos: QPointF) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=view_point(window, scene_pos))


def double_click(qtbot: QtBot, window: MainWindow, scene_pos: QPointF) -> None:
    """What a real double click delivers: press, release, double-click press, release."""
    viewport, pos, left = window.view.viewport(), view_point(window, scene_pos), Qt.MouseButton.LeftButton
    qtbot.mousePress(viewport, left, pos=pos)
    qtbot.mouseRelease(viewport, left, pos=pos)
    qtbot.mouseDClick(viewport, left, pos=pos)
    qtbot.mouseRelease(viewport, left, pos=pos)


def without_rules(window: MainWindow) -> None:
    window.apply_settings(attrs.evolve(window.settings, interactive_rules=False), save=False)


def count_tries(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The deck files loaded from now on to see whether Qt can draw them, in order."""
    tried: list[Path] = []
    load = cards_module._load_deck

    def counting(path: Path) -> object:
        tried.append(path)
        return load(path)

    monkeypatch.setattr(cards_module, "_load_deck", counting)
    return tried
