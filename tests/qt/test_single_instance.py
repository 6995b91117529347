"""One window per store folder (issue 15): a second ``solitaire`` brings the first to
the front and exits; a window beside a terminal game plays a game of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from qtpy.QtCore import QTimer
from qtpy.QtNetwork import QLocalServer
from qtpy.QtWidgets import QApplication

from solitaire.core.registry import Catalog
from solitaire.core.store import HOME_VARIABLE, Store
from solitaire.frontends.qt import app
from solitaire.frontends.qt.instance import WindowInstance, bring_to_front, server_name
from solitaire.frontends.qt.window import MainWindow


def test_each_store_folder_has_a_window_of_its_own(tmp_path: Path, qtbot: QtBot) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    assert server_name(one) == server_name(tmp_path / "two" / ".." / "one") != server_name(two)
    first, second = WindowInstance(one), WindowInstance(two)
    try:
        assert first.claim() and second.claim()  # two folders, two windows
        assert not WindowInstance(one).claim() and not WindowInstance(two).claim()
    finally:
        first.release()
        second.release()
    again = WindowInstance(one)
    assert again.claim()  # the first gone, the next one is the window
    again.release()


def _windows() -> set[MainWindow]:
    return {w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)}


def _close_others(before: set[MainWindow]) -> None:
    """Close a window the second ``solitaire`` opened (windows of earlier tests may be left)."""
    others = _windows() - before
    for other in others:
        other.close()
    if others:
        QApplication.quit()


def test_a_second_solitaire_brings_the_first_window_to_the_front(
    window: MainWindow,
    store_folder: Path,
    qtbot: QtBot,
    catalog: Catalog,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = WindowInstance(store_folder)
    assert first.claim()
    try:
        first.raise_requested.connect(lambda: bring_to_front(window))
        window.showMinimized()
        qtbot.waitUntil(window.isMinimized)
        monkeypatch.setenv(HOME_VARIABLE, str(store_folder))
        before = _windows()
        QTimer.singleShot(0, lambda: _close_others(before))  # a second window would not end the test
        with qtbot.waitSignal(first.raise_requested):
            assert app.run(catalog, lang="en") == 0
        qtbot.waitUntil(lambda: not window.isMinimized())
    finally:
        first.release()
    assert capsys.readouterr().out == (
        f"solitaire: the game is already open in a window (its files are in {store_folder});"
        " that window was brought to the front.\n"
    )
    assert QApplication.topLevelWidgets().count(window) == 1
    assert _windows() <= before  # no second window was opened


def test_the_socket_of_a_killed_window_is_no_obstacle(store_folder: Path, qtbot: QtBot) -> None:
    store_folder.mkdir(parents=True, exist_ok=True)
    stale = QLocalServer()
    assert stale.listen(server_name(store_folder))  # as a killed window leaves it: nobody holds the lock
    first = WindowInstance(store_folder)
    try:
        assert first.claim()
        with qtbot.waitSignal(first.raise_requested):
            assert WindowInstance(store_folder).ask_to_raise()
    finally:
        first.release()
        stale.close()


def test_a_window_beside_a_terminal_game_plays_its_own(
    store: Store,
    store_folder: Path,
    catalog: Catalog,
    qtbot: QtBot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = Store(store_folder)
    assert terminal.claim_game()  # the terminal game holds current-game.json
    game = catalog.new_game(catalog.options(variant="klondike", draw=1, deal=5))
    game.perform("s")
    terminal.save_game(game, catalog, game_id="terminal")
    before = (store_folder / "current-game.json").read_bytes()
    monkeypatch.setenv(HOME_VARIABLE, str(store_folder))
    seen: list[str] = []

    def look_and_close() -> None:
        (shown,) = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        seen.append(shown.view.banner.text())
        seen.append(shown.store.game_file)
        assert shown.game is not None
        seen.append(shown.game_id)
        shown.close()
        QApplication.quit()

    QTimer.singleShot(0, look_and_close)
    assert app.run(catalog, lang="en") == 0
    message, own_file, game_id = seen
    assert own_file.startswith("current-game-") and own_file in message
    assert "this one is a game of its own" in message
    assert game_id != "terminal"
    assert (store_folder / "current-game.json").read_bytes() == before
    # The window's game had no moves: nothing of it is kept.
    assert not list(store_folder.glob("current-game-*"))
    terminal.release_game()
