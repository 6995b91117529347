"""The installed example package in the window: offered by the New Game dialog,
laid out from ``Variant.piles`` (cells and all) and played with the mouse, with no
front-end code of its own."""

from __future__ import annotations

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
CODE = "BG1-D1X-AAAAAAG"


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


def test_the_dialog_offers_bakers_game_without_draw_or_redeal_choices(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = dialog_for(qtbot, catalog, Settings(draw=3, redeal="passes:3"))
    names = [dialog.games.item(row).text() for row in range(dialog.games.count())]
    assert "Baker's Game" in names
    assert ("FreeCell", ["bakers", "eight-off", "freecell"]) in dialog.groups()  # listed with its family
    form = dialog._form
    assert form.isRowVisible(dialog.draw) and form.isRowVisible(dialog.redeal)
    dialog.select_game("bakers")
    assert not form.isRowVisible(dialog.draw) and not form.isRowVisible(dialog.redeal)
    dialog.scoring.setCurrentIndex(dialog.scoring.findData("none"))  # the scheme that fits it
    assert dialog.options(random_deal=6) == catalog.options("bakers", deal=6)
    assert catalog.code(dialog.options(random_deal=6)) == CODE
    # Back to Klondike, the draw and redeal chosen before are still there.
    dialog.select_game("klondike")
    dialog.scoring.setCurrentIndex(dialog.scoring.findData("normal"))
    assert form.isRowVisible(dialog.draw)
    assert dialog.options(random_deal=6) == catalog.options("klondike", 3, "normal", "passes:3", deal=6)


def test_a_bakers_game_code_in_the_dialog_is_ticked(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = dialog_for(qtbot, catalog, Settings())
    qtbot.keyClicks(dialog.code, "bg1-d1x-aaaaaag")
    assert dialog.code_status.text().startswith("✓")
    assert "Baker's Game" in dialog.code_status.text()
    assert dialog.game_id() == "bakers"
    assert not dialog._form.isRowVisible(dialog.draw)
    assert catalog.code(dialog.options(random_deal=0)) == CODE


def test_new_game_through_the_window_starts_bakers_game(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    def choose_bakers(dialog: NewGameDialog) -> int:
        dialog.select_game("bakers")
        dialog.scoring.setCurrentIndex(dialog.scoring.findData("none"))
        dialog.number.setValue(6)
        return QDialog.DialogCode.Accepted

    window.start(window.catalog.game_from_code("KL1-D3N-AAAAAAG"), record=False)
    monkeypatch.setattr(NewGameDialog, "exec", choose_bakers)
    window.ask_new_game()
    assert window.game is not None and window.game.code == CODE
    settings = window.store.settings()
    assert (settings.variant, settings.draw, settings.redeal) == ("bakers", 1, None)
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
    assert all(face_up for _, face_up, _, _, _ in places.values())
    # Columns side by side, left to right; the cells over the first four, the foundations over the last.
    xs = [table.positions[f"t{n}"].x() for n in range(1, 9)]
    assert xs == sorted(xs) and len(set(xs)) == 8
    assert [table.positions[f"c{n}"].x() for n in range(1, 5)] == xs[:4]
    assert [table.positions[f"f{n}"].x() for n in range(1, 5)] == xs[4:]
    assert all(table.positions[f"c{n}"].y() < table.positions["t1"].y() for n in range(1, 5))


def test_a_card_is_dragged_onto_a_card_of_its_suit(qtbot: QtBot, window: MainWindow) -> None:
    table = window.table
    ten = table.card_items[Card.parse("TD")]  # the top of column 7
    jack = table.card_items[Card.parse("JD")]  # the top of column 2
    start = ten.pos() + QPointF(table.card_width / 2, table.card_height * 0.5)
    end = jack.pos() + QPointF(table.card_width / 2, table.card_height * 0.5)
    viewport = window.view.viewport()
    a, b = window.view.mapFromScene(start), window.view.mapFromScene(end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    for step in range(1, 7):
        qtbot.mouseMove(
            viewport, QPoint(a.x() + (b.x() - a.x()) * step // 6, a.y() + (b.y() - a.y()) * step // 6)
        )
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)
    assert window.game is not None
    assert window.game.actions == ["t7>t2"]
    assert [card.text for card in window.game.state.tableau[1].up[-2:]] == ["JD", "TD"]
    assert table.where[Card.parse("TD")][0] == "t2"


def test_the_hint_shows_a_move(qtbot: QtBot, window: MainWindow) -> None:
    window.hint()  # worked out in the background
    assert window.game is not None
    qtbot.waitUntil(lambda: bool(window.table._hint_items))  # outlined on the table


def test_the_rules_dialog_and_status_speak_of_no_stock(window: MainWindow) -> None:
    assert window.game is not None
    text = rules_text(window.game, "en")
    assert text.startswith("Baker's Game\n\nFreeCell by suit") and "Draw" not in text
    description = window.view.accessibleDescription()
    assert description.startswith("Baker's Game") and CODE in description


def test_help_rules_shows_the_page_the_package_ships(qtbot: QtBot, window: MainWindow) -> None:
    window._actions["action.rules"].trigger()  # Help ▸ Rules
    dialog = window.findChild(RulesDialog)
    assert dialog is not None
    shown = dialog.browser.toPlainText()
    assert shown.startswith("Baker's Game\nThis game: Baker's Game")
    assert "a card goes on the card of its own suit" in shown
    window.apply_settings(attrs.evolve(window.settings, language="ru"))
    window._actions["action.rules"].trigger()
    qtbot.waitUntil(
        lambda: any(
            d.browser.toPlainText().startswith("Игра пекаря") for d in window.findChildren(RulesDialog)
        )
    )


def test_no_front_end_code_names_the_package() -> None:
    sources = [path for path in (ROOT / "frontends").rglob("*.py")]
    assert sources
    named = [path.name for path in sources if "bakers" in path.read_text(encoding="utf-8").lower()]
    assert named == []
