"""The installed example package in the window: offered by the New Game dialog,
laid out from ``Variant.piles`` and played with the mouse, with no front-end code
of its own."""

from __future__ import annotations

import itertools
from pathlib import Path

import attrs
import pytest
from pytestqt.qtbot import QtBot
from qtpy.QtCore import QPoint, QPointF, Qt
from qtpy.QtWidgets import QApplication, QDialog

from solitaire.core.cards import Card
from solitaire.core.registry import Catalog
from solitaire.core.store import Settings, Store
from solitaire.frontends.qt.dialogs import NewGameDialog, RulesDialog, rules_text
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog

ROOT = Path(__file__).resolve().parents[2]
CODE = "YU1-D1N-AAAAAAG"
#: From deal 6, eight moves that pile 20 cards (4 face down) onto column 5.
LONG_COLUMN = ("t6>t2", "t4>t2", "t4>t3", "t7:2>t5", "t1>t4", "t2:4>t3", "t5>t2", "t3:10>t5")


@pytest.fixture
def catalog() -> Catalog:
    return new_catalog()  # with the installed packages' entry points


@pytest.fixture
def window(qtbot: QtBot, catalog: Catalog, tmp_path: Path) -> MainWindow:
    store = Store(tmp_path / "store")
    store.save_settings(Settings(animations=False))
    window = MainWindow(catalog, store, lang="en", resume=False)
    qtbot.addWidget(window)
    window.table.animations = False
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.start(catalog.game_from_code(CODE), record=False)
    window.view.banner.hide()
    QApplication.processEvents()
    return window


def dialog_for(qtbot: QtBot, catalog: Catalog, settings: Settings) -> NewGameDialog:
    dialog = NewGameDialog(catalog, settings, "en")
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


# -- the New Game dialog -------------------------------------------------------------------------


def test_the_dialog_offers_yukon_without_draw_or_redeal_choices(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = dialog_for(qtbot, catalog, Settings(draw=3, redeal="passes:3"))
    names = [dialog.variant.itemText(i) for i in range(dialog.variant.count())]
    assert "Yukon" in names
    form = dialog._form
    assert form.isRowVisible(dialog.draw) and form.isRowVisible(dialog.redeal)
    dialog.variant.setCurrentIndex(dialog.variant.findData("yukon"))
    assert not form.isRowVisible(dialog.draw) and not form.isRowVisible(dialog.redeal)
    assert dialog.options(random_deal=6) == catalog.options("yukon", deal=6)
    assert catalog.code(dialog.options(random_deal=6)) == CODE
    # Back to Klondike, the draw and redeal chosen before are still there.
    dialog.variant.setCurrentIndex(dialog.variant.findData("klondike"))
    assert form.isRowVisible(dialog.draw)
    assert dialog.options(random_deal=6) == catalog.options("klondike", 3, "normal", "passes:3", deal=6)


def test_a_yukon_code_in_the_dialog_is_ticked(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = dialog_for(qtbot, catalog, Settings())
    qtbot.keyClicks(dialog.code, "yu1-d1w-aaaaaag")
    assert dialog.code_status.text().startswith("✓")
    assert "Yukon · Windows standard scoring" in dialog.code_status.text()
    assert dialog.variant.currentData() == "yukon"
    assert not dialog._form.isRowVisible(dialog.draw)
    assert catalog.code(dialog.options(random_deal=0)) == "YU1-D1W-AAAAAAG"


def test_new_game_through_the_window_starts_yukon(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    def choose_yukon(dialog: NewGameDialog) -> int:
        dialog.variant.setCurrentIndex(dialog.variant.findData("yukon"))
        dialog.number.setValue(6)
        return QDialog.DialogCode.Accepted

    window.start(window.catalog.game_from_code("KL1-D3N-AAAAAAG"), record=False)
    monkeypatch.setattr(NewGameDialog, "exec", choose_yukon)
    window.ask_new_game()
    assert window.game is not None and window.game.code == CODE
    settings = window.store.settings()
    assert (settings.variant, settings.draw, settings.redeal) == ("yukon", 1, None)
    assert window.new_game_from_settings(deal=6).code == CODE


# -- the table -----------------------------------------------------------------------------------


def test_the_table_is_laid_out_from_the_variants_piles(window: MainWindow) -> None:
    assert window.game is not None
    table = window.table
    specs = window.game.rules.variant.piles(window.game.state)
    assert table.specs == {spec.id: spec for spec in specs}
    assert set(table.positions) == {spec.id for spec in specs}
    assert "s" not in table.positions and "w" not in table.positions
    places = table.layout_of(window.game.state)
    assert len(places) == 52
    assert sum(1 for _, face_up, _, _, _ in places.values() if not face_up) == 21
    # Columns side by side, left to right; the foundations above the last four.
    xs = [table.positions[f"t{n}"].x() for n in range(1, 8)]
    assert xs == sorted(xs) and len(set(xs)) == 7
    assert [table.positions[f"f{n}"].x() for n in range(1, 5)] == xs[3:]
    assert all(table.positions[f"f{n}"].y() < table.positions["t1"].y() for n in range(1, 5))


@pytest.mark.parametrize("size", [(1200, 800), (800, 500)])
def test_a_long_column_fits_in_the_window(qtbot: QtBot, window: MainWindow, size: tuple[int, int]) -> None:
    assert window.game is not None
    window.resize(*size)
    QApplication.processEvents()
    table = window.table
    dealt = table.card_width
    for action in LONG_COLUMN:  # the table follows the game as it is played
        window.game.play(action)
    assert table.card_width < dealt  # the cards shrank to fit the column
    column = table.pile_cards("t5")
    assert len(column) == 20
    bottom = max(item.sceneBoundingRect().bottom() for item in column)
    assert bottom <= table.sceneRect().bottom()
    # Every face-up card still shows its corner: the one on it starts below its rank and suit.
    ups = [item for item in column if item.face_up]
    gaps = [b.pos().y() - a.pos().y() for a, b in itertools.pairwise(ups)]
    assert min(gaps) >= 0.19 * table.card_height
    while window.game.can_undo:
        window.game.undo()
    assert table.card_width == pytest.approx(dealt)  # and grow back when it is gone


def test_a_group_not_in_order_is_dragged_onto_a_column(qtbot: QtBot, window: MainWindow) -> None:
    table = window.table
    nine = table.card_items[Card.parse("9S")]  # 9♠ with 6♣ on it, in column 7
    ten = table.card_items[Card.parse("TD")]  # the top of column 5
    start = nine.pos() + QPointF(table.card_width / 2, table.card_height * 0.07)
    end = ten.pos() + QPointF(table.card_width / 2, table.card_height * 0.34)
    viewport = window.view.viewport()
    a, b = window.view.mapFromScene(start), window.view.mapFromScene(end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    for step in range(1, 7):
        qtbot.mouseMove(
            viewport, QPoint(a.x() + (b.x() - a.x()) * step // 6, a.y() + (b.y() - a.y()) * step // 6)
        )
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)
    assert window.game is not None
    assert window.game.actions == ["t7:2>t5"]
    assert [card.text for card in window.game.state.tableau[4].up[-3:]] == ["TD", "9S", "6C"]
    assert table.where[Card.parse("6C")][0] == "t5"


def test_the_hint_shows_a_yukon_move(qtbot: QtBot, window: MainWindow) -> None:
    window.hint()  # worked out in the background
    assert window.game is not None
    qtbot.waitUntil(lambda: bool(window.table._hint_items))  # outlined on the table


def test_the_rules_dialog_and_status_speak_of_no_stock(window: MainWindow) -> None:
    assert window.game is not None
    text = rules_text(window.game, "en")
    assert text.startswith("Yukon\n\nNo stock") and "Draw" not in text and "stock;" not in text
    assert "Normal scoring" in text
    description = window.view.accessibleDescription()
    assert description.startswith(f"Yukon · Normal scoring   {CODE}")


def test_help_rules_shows_the_page_the_package_ships(qtbot: QtBot, window: MainWindow) -> None:
    window._actions["action.rules"].trigger()  # Help ▸ Rules
    dialog = window.findChild(RulesDialog)
    assert dialog is not None
    shown = dialog.browser.toPlainText()
    assert shown.startswith("Yukon\nThis game: Yukon · Normal scoring\n")
    assert "There is no stock and no waste: every card is dealt." in shown
    window.apply_settings(attrs.evolve(window.settings, language="ru"))
    window._actions["action.rules"].trigger()
    qtbot.waitUntil(
        lambda: any(d.browser.toPlainText().startswith("Юкон") for d in window.findChildren(RulesDialog))
    )


def test_no_front_end_code_names_yukon() -> None:
    sources = [path for path in (ROOT / "frontends").rglob("*.py")]
    assert sources
    assert [path.name for path in sources if "yukon" in path.read_text(encoding="utf-8").lower()] == []
