"""The window and its store: a file that could not be read is told when the window
opens, with where it was kept; on a disk that cannot be written (full, read-only)
the window opens, plays on, says so once, and saves when the disk is back (at the
next action, or on its retry timer); a saved game whose plugin is gone waits for
it and is resumed when it is back.

The disk fails by ``os.replace`` refusing, for the store's folder only, as a full
or read-only disk would (chmod would not stop root).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from failing_store import Disk, SiblingPlugin
from pytestqt.qtbot import QtBot
from qtgestures import CODE, MakeWindow, click, pile_point
from qtpy.QtGui import QAction

from solitaire.core.registry import Catalog
from solitaire.core.store import WAITING, Store
from solitaire.frontends.qt.dialogs import StatisticsDialog
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog

CURRENT = "current-game.json"


def banner_text(window: MainWindow) -> str:
    banner = window.view.banner
    return banner.text() if banner.isVisible() else ""


def action(window: MainWindow, key: str) -> QAction:
    return window._actions[key]


def game_in_progress(store: Store, catalog: Catalog) -> None:
    game = catalog.game_from_code(CODE)
    game.play("s")
    store.save_game(game, catalog, game_id="g")


def saved_actions(folder: Path, catalog: Catalog) -> list[str] | None:
    loaded = Store(folder).load_game(catalog)
    return loaded[0].actions if loaded else None


@pytest.mark.parametrize("name", ["statistics.json", "window.json"])
def test_a_file_that_could_not_be_read_is_told_when_the_window_opens(
    qtbot: QtBot, make_window: MakeWindow, store: Store, store_folder: Path, catalog: Catalog, name: str
) -> None:
    game_in_progress(store, catalog)
    (store_folder / name).write_bytes(b'{"records": ')
    window = make_window(store=Store(store_folder))
    (kept,) = store_folder.glob(f"{name}.corrupt-*")
    qtbot.waitUntil(lambda: f"{name} could not be read" in banner_text(window))
    assert str(kept) in banner_text(window)
    window.view.banner.hide()
    action(window, "action.statistics").trigger()  # read again: nothing more to tell
    dialog = window.findChild(StatisticsDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    dialog.close()
    click(qtbot, window, pile_point(window.table, "s"))
    assert window.game is not None and window.game.actions == ["s", "s"]
    assert "could not be read" not in banner_text(window)


def test_the_notice_is_in_the_players_language(
    qtbot: QtBot, make_window: MakeWindow, store_folder: Path
) -> None:
    (store_folder / "statistics.json").write_bytes(b"[")
    window = make_window(store=Store(store_folder), lang="ru")
    qtbot.waitUntil(lambda: "statistics.json не читается" in banner_text(window))


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_the_window_opens_and_plays_on_a_disk_that_cannot_be_written(
    qtbot: QtBot,
    make_window: MakeWindow,
    store: Store,
    store_folder: Path,
    catalog: Catalog,
    monkeypatch: pytest.MonkeyPatch,
    code: int,
) -> None:
    game_in_progress(store, catalog)
    last_good = (store_folder / CURRENT).read_bytes()
    disk = Disk(monkeypatch, store_folder, code)
    failing = Store(store_folder)
    window = make_window(store=failing, resume=False)  # a new deal, saved at once: that fails
    qtbot.waitUntil(lambda: "cannot save" in banner_text(window))
    assert os.strerror(code) in banner_text(window)
    window.view.banner.hide()
    for _ in range(3):
        click(qtbot, window, pile_point(window.table, "s"))
    assert window.game is not None and window.game.actions == ["s"] * 3
    assert banner_text(window) == ""  # said once
    assert len(failing.notices) == 1
    assert (store_folder / CURRENT).read_bytes() == last_good
    assert [path.name for path in store_folder.iterdir() if path.name.endswith(".tmp")] == []

    disk.full = False
    click(qtbot, window, pile_point(window.table, "s"))
    assert saved_actions(store_folder, catalog) == ["s"] * 4
    assert "Saving works again" in banner_text(window)
    assert not window.save_retry_timer.isActive()


def test_the_window_saves_on_its_timer_once_the_disk_is_back(
    qtbot: QtBot,
    make_window: MakeWindow,
    store_folder: Path,
    catalog: Catalog,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    disk = Disk(monkeypatch, store_folder, errno.ENOSPC)
    window = make_window(store=Store(store_folder), resume=False)
    click(qtbot, window, pile_point(window.table, "s"))
    assert window.save_retry_timer.isActive()
    assert saved_actions(store_folder, catalog) is None
    disk.full = False
    window.save_retry_timer.setInterval(20)  # rather than the 20 s a player waits
    qtbot.waitUntil(lambda: saved_actions(store_folder, catalog) == ["s"])
    assert not window.save_retry_timer.isActive()


def test_a_window_closed_on_a_failing_disk_closes(
    qtbot: QtBot, make_window: MakeWindow, store_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Disk(monkeypatch, store_folder, errno.EROFS)
    window = make_window(store=Store(store_folder), resume=False)
    click(qtbot, window, pile_point(window.table, "s"))
    action(window, "action.quit").trigger()
    qtbot.waitUntil(lambda: not window.isVisible())


# -- a saved game whose plugin is gone -----------------------------------------------------------


def open_window(qtbot: QtBot, catalog: Catalog, folder: Path) -> MainWindow:
    window = MainWindow(catalog, Store(folder))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_game_whose_plugin_is_gone_waits_for_it_and_comes_back(
    qtbot: QtBot, store: Store, store_folder: Path, catalog: Catalog
) -> None:
    with_plugin = new_catalog(entry_points=False, plugins=[SiblingPlugin()])
    game = with_plugin.new_game(with_plugin.options("sibling", deal=8))
    game.play("s")
    store.save_game(game, with_plugin, game_id="sib")

    without = open_window(qtbot, catalog, store_folder)  # the plugin uninstalled
    (kept,) = (store_folder / WAITING).glob("*.json")
    qtbot.waitUntil(lambda: str(kept) in banner_text(without))
    assert "'sibling'" in banner_text(without) and "not installed" in banner_text(without)
    assert without.game is not None and without.game.rules.options.variant == "klondike"
    without.close()

    back = open_window(qtbot, with_plugin, store_folder)  # installed again
    assert back.game is not None and back.game_id == "sib"
    assert back.game.journal == game.journal
    qtbot.waitUntil(lambda: "resumed" in banner_text(back))
    assert not list((store_folder / WAITING).glob("*.json"))
