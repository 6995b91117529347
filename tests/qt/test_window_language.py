"""The window's language: the desktop's until the player chooses one, every catalogue
offered in the preferences, and Qt's own dialogs in the same language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from qtpy.QtCore import QTimer
from qtpy.QtGui import QGuiApplication
from qtpy.QtWidgets import QApplication, QComboBox, QDialog, QFileDialog, QLabel, QPushButton, QWidget

from solitaire.core import i18n
from solitaire.core.store import Store
from solitaire.frontends.qt import window as window_module
from solitaire.frontends.qt.dialogs import SettingsDialog
from solitaire.frontends.qt.window import MainWindow

MakeWindow = Callable[..., MainWindow]
GERMAN_PO = Path(__file__).resolve().parents[1] / "data" / "locale" / "de" / "LC_MESSAGES" / "solitaire.po"


def menu_titles(window: MainWindow) -> list[str]:
    return [entry.text().replace("&", "") for entry in window.menuBar().actions()]


def choose_in_preferences(window: MainWindow, monkeypatch: pytest.MonkeyPatch, language: str) -> list[str]:
    """Open Settings ▸ Preferences through its menu item, pick ``language`` (its data: a
    code, or "" for the system's) and press OK; returns the languages offered."""
    offered: list[str] = []

    def exec_(self: SettingsDialog) -> int:
        combo: QComboBox = self.language
        offered.extend(combo.itemText(index) for index in range(combo.count()))
        combo.setCurrentIndex(combo.findData(language))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", exec_)
    window._actions["action.settings"].trigger()
    return offered


def desktop(monkeypatch: pytest.MonkeyPatch, *languages: str) -> None:
    monkeypatch.setattr(window_module, "system_languages", lambda: list(languages))


def test_the_window_follows_the_desktop_until_the_player_chooses(
    make_window: MakeWindow, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    desktop(monkeypatch, "ru-RU", "ru")
    window = make_window(resume=False)
    assert menu_titles(window) == ["Игра", "Правка", "Настройки", "Справка"]
    assert QGuiApplication.applicationDisplayName() == "Пасьянс"  # Qt adds it to window titles
    assert store.settings().language is None  # followed, not chosen
    offered = choose_in_preferences(window, monkeypatch, "en")
    assert offered == ["Язык системы", "English", "Русский"]
    assert menu_titles(window) == ["Game", "Edit", "Settings", "Help"]
    assert QGuiApplication.applicationDisplayName() == "Solitaire"
    assert store.settings().language == "en"
    window.close()
    # The choice outlives the desktop's language ...
    again = make_window(resume=False)
    assert menu_titles(again)[0] == "Game"
    # ... until the player goes back to the system's.
    choose_in_preferences(again, monkeypatch, "")
    assert store.settings().language is None
    assert menu_titles(again)[0] == "Игра"


def test_an_unknown_desktop_language_is_english(
    make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    desktop(monkeypatch, "ja-JP", "ja")
    assert menu_titles(make_window(resume=False))[0] == "Game"


def test_the_language_given_is_for_this_run_until_the_player_chooses(
    make_window: MakeWindow, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(lang="ru", resume=False)  # --lang ru or $SOLITAIRE_LANG
    assert menu_titles(window)[0] == "Игра"
    choose_in_preferences(window, monkeypatch, "ru")  # saving other preferences does not pin it
    assert menu_titles(window)[0] == "Игра"
    choose_in_preferences(window, monkeypatch, "en")
    assert menu_titles(window)[0] == "Game" and store.settings().language == "en"


def test_the_players_choice_wins_over_the_environment(
    make_window: MakeWindow, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "ru")
    window = make_window(resume=False)
    assert menu_titles(window)[0] == "Игра"
    choose_in_preferences(window, monkeypatch, "en")
    assert menu_titles(window)[0] == "Game" and store.settings().language == "en"


def test_a_third_catalogue_is_offered_and_speaks_where_it_can(
    make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with GERMAN_PO.open("rb") as po, (folder / "solitaire.mo").open("wb") as mo:
        write_mo(mo, read_po(po, locale="de"))
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(tmp_path))
    window = make_window(resume=False)
    offered = choose_in_preferences(window, monkeypatch, "de")
    assert offered == ["The system's language", "Deutsch", "English", "Русский"]
    assert menu_titles(window) == ["Spiel", "Edit", "Settings", "Help"]  # the rest stays English


def qt_dialog_words(widget: QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel) if label.text()] + [
        button.text() for button in widget.findChildren(QPushButton) if button.text()
    ]


def test_the_file_dialog_speaks_the_player_s_language(qtbot: object, make_window: MakeWindow) -> None:
    window = make_window(lang="ru", resume=False)
    seen: list[tuple[str, list[str]]] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, look)
            return
        QApplication.processEvents()
        seen.append((dialog.windowTitle(), qt_dialog_words(dialog)))
        dialog.reject()

    QTimer.singleShot(0, look)
    window._actions["action.open"].trigger()  # Game ▸ Open Log…: the dialog runs until look() closes it
    assert seen, "no file dialog opened"
    title, words = seen[0]
    assert title == "Открыть запись…"
    for word in ("&Папка:", "&Имя файла:", "&Тип файлов:", "&Открыть", "Отмена"):
        assert word in words, (word, words)
    assert not {"&Look in:", "Files of &type:", "File &name:", "Cancel"} & set(words)
