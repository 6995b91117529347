"""Fixtures for the window tests: a catalog, a store in a temporary folder, shown windows."""

from __future__ import annotations

import os

from pytestqt.qtbot import QtBot

os.environ.setdefault("QT_API", "pyside6")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from qtgestures import CODE, WINDOW_SIZE, MakeWindow
from qtpy.QtWidgets import QApplication

from solitaire.core.registry import Catalog
from solitaire.core.store import Settings, Store
from solitaire.frontends.qt import cards as cards_module
from solitaire.frontends.qt import window as window_module
from solitaire.frontends.qt.window import MainWindow, use_qt_translations
from solitaire.plugins.builtins import new_catalog


@pytest.fixture
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


@pytest.fixture
def store_folder(tmp_path: Path) -> Path:
    return tmp_path / "store"


@pytest.fixture
def store(store_folder: Path) -> Store:
    store = Store(store_folder)
    # No animation: every gesture's result is in place at once (tests that want them turn them on).
    store.save_settings(Settings(animations=False))
    return store


@pytest.fixture(autouse=True)
def _desktop_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window follows the desktop's language: tests see an English desktop unless they say otherwise."""
    monkeypatch.setattr(window_module, "system_languages", lambda: ["en-US", "en"])


@pytest.fixture(autouse=True)
def _qt_words_in_english() -> Iterator[None]:
    """A window in Russian installs Qt's Russian words for the whole application: undo that."""
    yield
    use_qt_translations("en")


@pytest.fixture(autouse=True)
def _fresh_deck_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no deck checks in memory, kept in its own store folder."""
    monkeypatch.setattr(cards_module, "_checks", None)
    monkeypatch.setattr(cards_module, "_checks_folder", None)


@pytest.fixture
def make_window(qtbot: QtBot, catalog: Catalog, store: Store) -> MakeWindow:
    """A factory of shown windows at a fixed size, animations off."""

    def make(
        *,
        store: Store = store,
        lang: str | None = None,
        resume: bool = True,
        size: tuple[int, int] = WINDOW_SIZE,
    ) -> MainWindow:
        window = MainWindow(catalog, store, lang=lang, resume=resume)
        qtbot.addWidget(window)
        window.table.animations = False
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        QApplication.processEvents()
        return window

    return make


@pytest.fixture
def window(make_window: MakeWindow, catalog: Catalog) -> MainWindow:
    """A window playing KL1-D1N-AAAAAAG from the deal (nothing counted yet)."""
    window = make_window(resume=False)
    window.start(catalog.game_from_code(CODE), record=False)
    window.view.banner.hide()
    return window
