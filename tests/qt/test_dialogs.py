"""The dialogs (new game, settings, replay viewer) and ``solitaire screenshot``."""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from failing_store import Disk
from pytestqt.qtbot import QtBot
from qtgestures import CODE, MakeWindow, click, count_tries, grip, item_of, pile_point
from qtpy.QtCore import QPointF, QSize, Qt
from qtpy.QtGui import QImage
from qtpy.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QMessageBox,
    QPushButton,
)

from solitaire.core import log as game_log
from solitaire.core.cards import Card
from solitaire.core.registry import Catalog
from solitaire.core.store import Settings, Statistics, Store
from solitaire.frontends.cli.main import run
from solitaire.frontends.cli.render import describe_action
from solitaire.frontends.qt import cards as cards_module
from solitaire.frontends.qt.dialogs import NewGameDialog, ReplayViewer, SettingsDialog, StatisticsDialog
from solitaire.frontends.qt.i18n import text
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog

# -- the new game dialog -------------------------------------------------------------------------


def new_game_dialog(qtbot: QtBot, catalog: Catalog, lang: str = "en") -> NewGameDialog:
    dialog = NewGameDialog(catalog, Settings(language=lang), lang)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def ok_button(dialog: NewGameDialog) -> QPushButton:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert button is not None
    return button


@pytest.mark.parametrize("code", ["KL1-D1V-AAAAAAG", "TF1-D3V-AAAAAAF", "  kl1-d1n-aaaaaag "])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_valid_code_is_ticked_and_can_be_played(
    qtbot: QtBot, catalog: Catalog, code: str, lang: str
) -> None:
    dialog = new_game_dialog(qtbot, catalog, lang)
    qtbot.keyClicks(dialog.code, code)
    expected = catalog.options_from_code(code)
    status = dialog.code_status.text()
    assert status.startswith("✓")
    # The status names the game the code stands for, in the dialog's language.
    assert catalog.variant(expected.variant).name(lang) in status
    assert catalog.scoring(expected.scoring).name(lang) in status
    assert f"#{expected.deal}" in status
    assert ok_button(dialog).isEnabled()
    assert dialog.options(random_deal=12345) == expected  # the code wins over the other fields
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("KL1-D2N-AAAAAAG", "режим должен быть D1 или D3"),
        ("XX1-D1N-AAAAAAG", "нет установленного варианта с буквами 'XX'"),
        ("KL1-D1N-AAAAAA", "ровно 7 знаков base32"),
    ],
)
def test_a_bad_code_is_explained_in_russian(qtbot: QtBot, catalog: Catalog, typed: str, problem: str) -> None:
    dialog = new_game_dialog(qtbot, catalog, lang="ru")
    qtbot.keyClicks(dialog.code, typed)
    status = dialog.code_status.text()
    assert status.startswith(f"✗ код игры {typed!r}: ") and problem in status
    assert not ok_button(dialog).isEnabled()


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("KL1-D2N-AAAAAAG", "draw mode must be D1 or D3, not 'D2'"),
        ("XX1-D1N-AAAAAAG", "no installed variant has prefix 'XX'"),
        ("KL1-D1N-AAAAAA", "exactly 7 base32 characters"),
    ],
)
def test_a_bad_code_is_crossed_and_blocks_ok(qtbot: QtBot, catalog: Catalog, code: str, problem: str) -> None:
    dialog = new_game_dialog(qtbot, catalog)
    qtbot.keyClicks(dialog.code, code)
    status = dialog.code_status.text()
    assert status.startswith("✗")
    assert problem in status
    assert not ok_button(dialog).isEnabled()
    # Emptying the field goes back to the other choices.
    dialog.code.clear()
    assert dialog.code_status.text() == ""
    assert ok_button(dialog).isEnabled()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("pasted", [False, True])
def test_a_long_problem_is_shown_whole(qtbot: QtBot, catalog: Catalog, lang: str, pasted: bool) -> None:
    """The ✗ message wraps onto more lines: the dialog makes room instead of cutting
    it, whether the code is typed or pasted at once."""
    dialog = new_game_dialog(qtbot, catalog, lang=lang)
    qtbot.waitExposed(dialog)
    if pasted:
        dialog.code.setText("KL1-D1N3-AAAAAAG")  # the longest message: what may follow the letter
    else:
        qtbot.keyClicks(dialog.code, "KL1-D1N3-AAAAAAG")
    QApplication.processEvents()
    status = dialog.code_status
    needed = status.heightForWidth(status.width())
    assert needed > status.fontMetrics().height()  # the message does take two lines
    assert status.height() >= needed, f"the message is cut: {status.height()} of {needed} pixels shown"


def test_the_code_is_checked_as_it_is_typed(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = new_game_dialog(qtbot, catalog)
    qtbot.keyClicks(dialog.code, "KL1-D1N-AAAAAA")
    assert not ok_button(dialog).isEnabled()
    qtbot.keyClicks(dialog.code, "G")
    assert ok_button(dialog).isEnabled()
    qtbot.keyClick(dialog.code, Qt.Key.Key_Backspace)
    assert not ok_button(dialog).isEnabled()


def test_the_dialog_speaks_russian(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = new_game_dialog(qtbot, catalog, "ru")
    assert dialog.windowTitle() == "Новая игра"
    assert dialog.title.text() == "Клондайк"
    current = dialog.games.currentItem()
    assert current is not None and current.text() == "Клондайк"


def test_standard_buttons_speak_the_windows_language(
    qtbot: QtBot, make_window: MakeWindow, catalog: Catalog
) -> None:
    window = make_window(lang="ru")
    dialog = NewGameDialog(catalog, window.settings, "ru", window)
    qtbot.addWidget(dialog)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Отмена"
    window.apply_settings(attrs.evolve(window.settings, language="en"))
    english = NewGameDialog(catalog, window.settings, "en", window)
    qtbot.addWidget(english)
    assert english.buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Cancel"


def test_without_a_code_the_fields_choose_the_game(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = new_game_dialog(qtbot, catalog)
    dialog.select_game("reflechi")
    dialog.draw.setCurrentIndex(dialog.draw.findData(3))
    dialog.scoring.setCurrentIndex(dialog.scoring.findData("vegas"))
    assert dialog.options(random_deal=77) == catalog.options("reflechi", 3, "vegas", None, True, 77)
    dialog.number.setValue(1234)
    assert dialog.by_number.isChecked()
    assert dialog.options(random_deal=77).deal == 1234


def test_the_deal_number_box_offers_the_games_own_deal_numbers(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = new_game_dialog(qtbot, catalog)
    dialog.select_game("freecell")
    assert dialog.number.minimum() == 1  # Microsoft's deals: FreeCell #1 is the first
    assert dialog.number.value() == 1
    assert dialog.random.isChecked()  # moving the value into the range chose no deal
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Down):  # and cannot go below 1
        qtbot.keyClick(dialog.number, key)
    assert dialog.by_number.isChecked()
    assert dialog.options(random_deal=5).deal == 1
    dialog.number.setValue(11982)
    assert dialog.options().deal == 11982
    dialog.select_game("klondike")
    assert dialog.number.minimum() == 0
    dialog.number.setValue(0)
    assert dialog.options().deal == 0


def fake_exec(code: str | None, result: QDialog.DialogCode) -> Callable[[NewGameDialog], int]:
    def exec_(self: NewGameDialog) -> int:
        if code is not None:
            self.code.setText(code)
        return result

    return exec_


def test_new_game_through_the_window_starts_the_code(
    qtbot: QtBot, window: MainWindow, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    click(qtbot, window, pile_point(window.table, "s"))  # the game left was played
    monkeypatch.setattr(NewGameDialog, "exec", fake_exec("TF1-D3V-AAAAAAF", QDialog.DialogCode.Accepted))
    window.ask_new_game()
    assert window.game is not None
    assert window.game.code == "TF1-D3V-AAAAAAF"
    assert window.game.journal == []
    assert window.table.card_width > 0 and len(window.table.card_items) == 52
    # The game left is counted, and the next random games use the choice.
    assert store.statistics().records[Statistics.key("klondike", 1, "normal")].played == 1
    settings = store.settings()
    assert (settings.variant, settings.draw, settings.scoring) == ("reflechi", 3, "vegas")
    assert window.new_game_from_settings(deal=5).code == "TF1-D3V-AAAAAAF"


@pytest.mark.parametrize(
    ("saved_redeal", "code"),
    [(None, "KL1-D1NP2-AAAAAAJ"), ("unlimited", "KL1-D1V-AAAAAAJ")],
    ids=["code-with-2-passes", "vegas-code-after-unlimited"],
)
def test_new_game_from_a_code_keeps_the_codes_redeal_for_the_next_games(
    make_window: MakeWindow,
    catalog: Catalog,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    saved_redeal: str | None,
    code: str,
) -> None:
    """The settings take the variant, draw, scoring and returns of a code: its redeal policy too,
    or the next random deal mixes the code's scoring with the old redeal choice."""
    store.save_settings(attrs.evolve(store.settings(), redeal=saved_redeal))
    window = make_window(resume=False)
    monkeypatch.setattr(NewGameDialog, "exec", fake_exec(code, QDialog.DialogCode.Accepted))
    window.ask_new_game()
    assert window.game is not None and window.game.code == code
    chosen = catalog.options_from_code(code)
    following = window.new_game_from_settings(deal=chosen.deal)
    assert following.rules.options == chosen
    assert following.code == code


def test_a_cancelled_new_game_changes_nothing(
    qtbot: QtBot, window: MainWindow, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    click(qtbot, window, pile_point(window.table, "s"))
    game = window.game
    monkeypatch.setattr(NewGameDialog, "exec", fake_exec("KL1-D1V-AAAAAAG", QDialog.DialogCode.Rejected))
    window.ask_new_game()
    assert window.game is game
    assert store.statistics().records == {}


def test_the_new_game_shortcut_opens_the_dialog(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []

    def exec_(self: NewGameDialog) -> int:
        opened.append(self.windowTitle())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.keyClick(window.view, Qt.Key.Key_F2)
    assert opened == ["New Game"]


# -- the settings dialog -------------------------------------------------------------------------


def test_the_settings_dialog_applies_its_choices(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    def exec_(self: SettingsDialog) -> int:
        self.language.setCurrentIndex(self.language.findData("ru"))
        self.double_tap.setChecked(False)
        self.interactive_rules.setChecked(False)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", exec_)
    window.show_settings()
    assert window.lang == "ru"
    assert window.table.double_tap_enabled is False
    assert window.store.settings() == attrs.evolve(
        window.settings, language="ru", double_tap=False, interactive_rules=False
    )
    assert window.menuBar().actions()[0].text() == "&Игра"


# -- the replay viewer ---------------------------------------------------------------------------

ACTIONS = ("t1>f", "s", "s", "undo", "t5>t4", "t7>f")


@pytest.fixture
def log_path(tmp_path: Path, catalog: Catalog) -> Path:
    game = catalog.game_from_code(CODE)
    for action in ACTIONS:
        game.perform(action)
    path = tmp_path / "short.json"
    game_log.save(game_log.log_of(game, catalog), path)
    return path


def open_viewer(qtbot: QtBot, window: MainWindow, path: Path) -> ReplayViewer:
    viewer = window.open_replay(str(path))
    assert viewer is not None
    qtbot.addWidget(viewer)
    return viewer


def test_the_viewer_steps_through_the_log(
    qtbot: QtBot, window: MainWindow, catalog: Catalog, log_path: Path
) -> None:
    log = game_log.load(log_path)
    viewer = open_viewer(qtbot, window, log_path)
    assert viewer.isVisible()
    assert viewer.slider.maximum() == len(ACTIONS)

    def shows(index: int) -> None:
        assert viewer.slider.value() == index
        assert viewer.game is not None
        assert viewer.game.state == game_log.replay(log, catalog, until=index).state
        table = viewer.view.table
        assert table.game is viewer.game
        for card, (pos, *_rest) in table.layout_of(viewer.game.state).items():
            assert (table.card_items[card].pos() - pos).manhattanLength() < 0.5

    shows(0)
    assert viewer.caption.text() == "The deal, before any action"
    for index in range(1, len(ACTIONS) + 1):
        qtbot.mouseClick(viewer.forward_button, Qt.MouseButton.LeftButton)
        shows(index)
        entry = log.entries[index - 1]
        words = describe_action(entry.action, entry.events)
        assert viewer.caption.text() == f"Action {index} of {len(ACTIONS)}: {words} ({ACTIONS[index - 1]})"
    qtbot.mouseClick(viewer.forward_button, Qt.MouseButton.LeftButton)  # already at the end
    shows(len(ACTIONS))
    for index in (5, 4, 3):
        qtbot.mouseClick(viewer.back_button, Qt.MouseButton.LeftButton)
        shows(index)
    viewer.slider.setValue(1)
    shows(1)
    # The window's own game is untouched by the viewer.
    assert window.game is not None and window.game.journal == []


def test_actions_in_words() -> None:
    """The replay's captions: what moved where, in English and in Russian."""
    game = new_catalog(entry_points=False).game_from_code("KL1-D1N-AAAAAAG")
    words = {}
    for action in ("s", "t1>f", "undo", "redo"):
        if action in ("undo", "redo"):
            getattr(game, action)()
        else:
            game.play(action)
        entry = game_log.log_of(game, new_catalog(entry_points=False)).entries[-1]
        words[action] = (
            describe_action(entry.action, entry.events),
            describe_action(entry.action, entry.events, "ru"),
        )
    assert words == {
        "s": ("Drawn: Q♥", "Из колоды: Q♥"),
        "t1>f": ("A♦ from column 1 to the foundation", "A♦ из столбца 1 на базу"),
        "undo": ("Undo: A♦ from column 1 to the foundation", "Отмена: A♦ из столбца 1 на базу"),
        "redo": ("Redo: A♦ from column 1 to the foundation", "Повтор: A♦ из столбца 1 на базу"),
    }


def test_the_replay_table_cannot_be_played_on(qtbot: QtBot, window: MainWindow, log_path: Path) -> None:
    """The viewer shows the log: clicks and keys on its table do not add moves to it."""
    viewer = open_viewer(qtbot, window, log_path)
    qtbot.waitExposed(viewer)
    viewer.slider.setValue(1)
    assert viewer.game is not None
    shown = viewer.game.state
    table = viewer.view.table
    for point in (table.positions["s"], table.card_items[Card.parse("9D")].pos()):
        target = point + QPointF(table.card_width / 2, table.card_height * 0.07)
        qtbot.mouseClick(
            viewer.view.viewport(), Qt.MouseButton.LeftButton, pos=viewer.view.mapFromScene(target)
        )
    qtbot.keyClick(viewer.view, Qt.Key.Key_Space)
    qtbot.keyClick(viewer.view, Qt.Key.Key_Space)
    assert viewer.game.journal == game_log.replay(game_log.load(log_path), window.catalog, until=1).journal
    assert viewer.game.state == shown


def test_the_viewer_plays_and_pauses(qtbot: QtBot, window: MainWindow, log_path: Path) -> None:
    viewer = open_viewer(qtbot, window, log_path)
    viewer.timer.setInterval(5)
    qtbot.mouseClick(viewer.play_button, Qt.MouseButton.LeftButton)
    assert viewer.timer.isActive()
    assert viewer.play_button.text() == "Pause"
    qtbot.waitUntil(lambda: viewer.slider.value() >= 2, timeout=5000)
    qtbot.mouseClick(viewer.play_button, Qt.MouseButton.LeftButton)
    assert not viewer.timer.isActive()
    assert viewer.play_button.text() == "Play"
    paused_at = viewer.slider.value()
    qtbot.wait(30)
    assert viewer.slider.value() == paused_at
    # Playing on stops by itself at the end.
    qtbot.mouseClick(viewer.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not viewer.timer.isActive(), timeout=5000)
    assert viewer.slider.value() == len(ACTIONS)
    assert viewer.play_button.text() == "Play"
    # Play at the end starts again from the deal.
    qtbot.mouseClick(viewer.play_button, Qt.MouseButton.LeftButton)
    assert viewer.slider.value() <= 1
    viewer.toggle()


def record_warnings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    calls: list[tuple[str, str]] = []

    def warning(
        parent: object, title: str, message: str, *args: object, **kwargs: object
    ) -> QMessageBox.StandardButton:
        calls.append((title, message))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warning))
    return calls


def test_a_tampered_log_is_refused_with_a_warning(
    window: MainWindow, log_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(log_path.read_text(encoding="utf-8"))
    assert data["actions"][1]["action"] == "s"
    data["actions"][1]["events"][0]["cards"] = ["KH"]  # the stock gave Q♥, not K♥
    log_path.write_text(json.dumps(data), encoding="utf-8")
    calls = record_warnings(monkeypatch)
    assert window.open_replay(str(log_path)) is None
    assert len(calls) == 1
    title, message = calls[0]
    assert title == "Cannot open this log"
    assert "actions[1].events[0]" in message
    assert not [viewer for viewer in window.findChildren(ReplayViewer) if viewer.isVisible()]


def test_a_refused_log_leaves_no_half_built_viewer_behind(
    window: MainWindow, log_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(log_path.read_text(encoding="utf-8"))
    data["actions"][0]["action"] = "t7>f"  # the recorded events are t1's A♦
    log_path.write_text(json.dumps(data), encoding="utf-8")
    calls = record_warnings(monkeypatch)
    for _ in range(3):
        assert window.open_replay(str(log_path)) is None
    assert len(calls) == 3
    assert window.findChildren(ReplayViewer) == []


def test_a_file_that_is_not_a_log_is_refused_with_a_warning(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    path.write_text("{not json", encoding="utf-8")
    calls = record_warnings(monkeypatch)
    assert window.open_replay(str(path)) is None
    assert len(calls) == 1 and "not valid JSON" in calls[0][1]
    assert window.findChildren(ReplayViewer) == []
    window.open_log(str(path))  # "Open Log" says the same and keeps the game
    assert len(calls) == 2
    assert window.game is not None and window.game.code == CODE


def test_open_log_continues_the_saved_game(qtbot: QtBot, window: MainWindow, log_path: Path) -> None:
    window.open_log(str(log_path))
    assert window.game is not None
    assert window.game.actions == list(ACTIONS)
    click(qtbot, window, grip(window.table, item_of(window, "9D")))  # still playable
    assert window.game.actions == list(ACTIONS)


def test_save_log_writes_a_log_that_replays(window: MainWindow, tmp_path: Path, catalog: Catalog) -> None:
    assert window.game is not None
    for action in ("t1>f", "s", "t5>t4"):
        window.game.play(action)
    path = tmp_path / "saved.json"
    window.save_log(str(path))
    replayed = game_log.replay(game_log.load(path), catalog)
    assert replayed.state == window.game.state


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs as POSIX has them")
def test_game_save_onto_a_fifo_is_refused_with_a_warning(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Game ▸ Save onto what is not a regular file: a warning, and the FIFO is left as it is."""
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(path), "")))
    calls = record_warnings(monkeypatch)
    window._actions["action.save"].trigger()
    assert len(calls) == 1 and "is a FIFO, not a regular file" in calls[0][1]
    assert stat.S_ISFIFO(os.lstat(path).st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs as POSIX has them")
def test_game_save_onto_a_fifo_is_refused_in_the_player_s_language(
    make_window: MakeWindow, catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(resume=False, lang="ru")
    window.start(catalog.game_from_code(CODE), record=False)
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(path), "")))
    calls = record_warnings(monkeypatch)
    window._actions["action.save"].trigger()
    assert [message for _, message in calls] == [
        f"{path}: это именованный канал (FIFO), а не обычный файл:"
        " запись партии пишется только в новый или обычный файл"
    ]
    assert stat.S_ISFIFO(os.lstat(path).st_mode)


def test_game_save_says_where_the_log_went(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kept.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(path), "")))
    calls = record_warnings(monkeypatch)
    window._actions["action.save"].trigger()
    assert path.is_file() and calls == []
    banner = window.view.banner
    assert banner.isVisible() and banner.text() == "Game log saved as kept.json."


def test_game_save_on_a_full_disk_warns_and_the_game_goes_on(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kept.json"
    Disk(monkeypatch, tmp_path, errno.ENOSPC)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(path), "")))
    calls = record_warnings(monkeypatch)
    window._actions["action.save"].trigger()
    assert calls == [
        ("Cannot save this log", "The log could not be saved as kept.json: No space left on device.")
    ]
    assert not path.exists() and not list(tmp_path.glob(".kept.json*"))  # no temporary file left either
    assert window.game is not None


# -- solitaire screenshot ------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAG", "TF1-D3V-AAAAAAF"])
def test_screenshot_writes_a_png_of_the_size_asked(tmp_path: Path, code: str) -> None:
    images = {}
    for lang in ("en", "ru"):
        out = tmp_path / lang / "table.png"
        # As INTERFACE.md writes it: --lang after the command's arguments.
        status = run(["screenshot", code, "s", "--out", str(out), "--size", "640x480", "--lang", lang])
        assert status == 0
        image = QImage(str(out))
        assert not image.isNull()
        assert image.size() == QSize(640, 480)
        images[lang] = image
    assert images["en"] != images["ru"]  # the menus and status bar are in another language


def test_screenshots_differ_between_variants(tmp_path: Path) -> None:
    klondike, reflechi = tmp_path / "kl.png", tmp_path / "tf.png"
    assert run(["screenshot", "KL1-D1N-AAAAAAB", "--out", str(klondike), "--size", "500x400"]) == 0
    assert run(["screenshot", "TF1-D1N-AAAAAAB", "--out", str(reflechi), "--size", "500x400"]) == 0
    assert QImage(str(klondike)) != QImage(str(reflechi))  # Réfléchi shows every card face up


def test_screenshot_of_a_large_window(tmp_path: Path) -> None:
    out = tmp_path / "big.png"
    assert run(["screenshot", CODE, "t1>f", "--out", str(out), "--size", "1920x1080"]) == 0
    assert QImage(str(out)).size() == QSize(1920, 1080)


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["KL1-D2N-AAAAAAG"], 2),
        (["KL1-D1N-AAAAAAG", "t2>>t3"], 2),
        (["KL1-D1N-AAAAAAG", "t6>t7"], 3),
        (["KL1-D1N-AAAAAAG", "--size", "10x10"], 2),
    ],
    ids=["bad-code", "bad-action", "refused-action", "bad-size"],
)
def test_screenshot_refuses_bad_input_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], status: int
) -> None:
    out = tmp_path / "never.png"
    assert run(["screenshot", *args, "--out", str(out)]) == status
    assert not out.exists()
    assert capsys.readouterr().err.strip()


def test_screenshot_leaves_the_players_files_alone(tmp_path: Path) -> None:
    home = Store()
    assert run(["screenshot", CODE, "s", "--out", str(tmp_path / "x.png")]) == 0
    assert home.load_game(new_catalog(entry_points=False)) is None
    assert home.statistics().records == {}


def tiny_deck(width: float, height: float, *, symbol_pips: bool = False) -> str:
    """A deck of plain ``width`` x ``height`` white cards; with ``symbol_pips`` each card has a
    pip from a <symbol> with its own viewBox, placed by rank, which Qt does not scale into the
    <use> (as in Debian's Anglo Poker): Qt cannot draw that deck."""
    parts = []
    for suit_index, suit in enumerate(("spade", "heart", "diamond", "club")):
        for rank_index, rank in enumerate(
            ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
        ):
            x, y = rank_index * 2 * width, suit_index * 2 * height
            pip = (
                f'<use x="{x + 3 * rank_index}" y="{y + 5}" width="8" height="8" xlink:href="#pip"/>'
                if symbol_pips
                else ""
            )
            parts.append(
                f'<g id="{suit}_{rank}"><rect x="{x}" y="{y}" width="{width}" height="{height}"'
                f' fill="#fafafa"/>{pip}</g>'
            )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        f' width="{26 * width}" height="{8 * height}">'
        '<defs><symbol id="pip" viewBox="0 0 100 100"><rect width="100" height="100"/></symbol></defs>'
        + "".join(parts)
        + "</svg>"
    )


@pytest.fixture
def xdg_decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Decks in a temporary XDG_DATA_HOME, and no others: a tall one (Anglo's shape), one Qt
    cannot draw, and a KDE twin of the tall one named in Russian too."""
    home = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "nothing"))
    cards = home / "aisleriot" / "cards"
    cards.mkdir(parents=True)
    (cards / "tall.svg").write_text(tiny_deck(45, 70), encoding="utf-8")
    (cards / "poker.svg").write_text(tiny_deck(50, 70, symbol_pips=True), encoding="utf-8")
    kde = home / "carddecks" / "svg-tall"
    kde.mkdir(parents=True)
    (kde / "tall.svg").write_text(tiny_deck(50, 70), encoding="utf-8")
    (kde / "index.desktop").write_text("[KDE Backdeck]\nName=Tall\nName[ru]=Высокая\n", encoding="utf-8")
    return home


def deck_names(dialog: SettingsDialog) -> list[str]:
    return [dialog.deck.itemText(index) for index in range(dialog.deck.count())]


def test_preferences_list_the_players_decks_and_they_fill_their_slots(
    qtbot: QtBot, window: MainWindow, xdg_decks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[list[str]] = []

    def exec_(self: SettingsDialog) -> int:
        qtbot.waitUntil(lambda: not self.unprobed)  # every deck tried, without blocking
        seen.append(deck_names(self))
        self.deck.setCurrentIndex(self.deck.findText("Tall (GNOME)"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", exec_)
    assert window.table.card_height / window.table.card_width == pytest.approx(1.4)
    window._actions["action.settings"].trigger()
    # The deck Qt cannot draw is left out; the twins are told apart.
    assert seen == [["Classic (built in)", "Tall (GNOME)", "Tall (KDE)"]]
    assert window.settings.deck == str(xdg_decks / "aisleriot" / "cards" / "tall.svg")
    assert window.painter.deck_error is None
    table = window.table
    assert table.card_height / table.card_width == pytest.approx(70 / 45)
    # A card on the table covers its slot from edge to edge.
    item = next(item for item in table.card_items.values() if item.isVisible())
    image = window.view.grab().toImage()
    top_left = window.view.mapFromScene(item.scenePos())
    width, height = round(table.card_width), round(table.card_height)
    for x, y in ((2, height // 2), (width - 3, height // 2), (width // 2, 2), (width // 2, height - 3)):
        colour = image.pixelColor(top_left.x() + x, top_left.y() + y)
        assert colour.red() > 200 and colour.green() > 200, (x, y, colour.name())


def test_preferences_name_decks_and_backs_in_russian(qtbot: QtBot, xdg_decks: Path) -> None:
    dialog = SettingsDialog(Settings(language="ru"), "ru")
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.unprobed)
    assert deck_names(dialog) == ["Классическая (встроенная)", "Tall", "Высокая"]
    backs = [dialog.back.itemText(index) for index in range(dialog.back.count())]
    assert backs == ["Синяя", "Зелёная", "Красная", "Графитовая"]
    dialog.back.setCurrentIndex(backs.index("Красная"))
    assert dialog.settings().back == "red"


def test_closing_the_preferences_stops_trying_decks(qtbot: QtBot, xdg_decks: Path) -> None:
    """Decks are tried one per turn of the event loop while the dialog is open, not after: a
    game in play does not stutter."""
    dialog = SettingsDialog(Settings(), "en")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.unprobed  # nothing is loaded before the dialog shows
    dialog.reject()
    left = list(dialog.unprobed)
    QApplication.processEvents()
    QApplication.processEvents()
    assert dialog.unprobed == left


def test_the_preferences_try_each_deck_once_and_remember_it_in_the_next_run(
    qtbot: QtBot,
    make_window: MakeWindow,
    store_folder: Path,
    xdg_decks: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tried = count_tries(monkeypatch)
    seen: list[tuple[list[str], int]] = []

    def exec_(self: SettingsDialog) -> int:
        waiting = len(self.unprobed)
        qtbot.waitUntil(lambda: not self.unprobed)
        seen.append((deck_names(self), waiting))
        self.reject()
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(SettingsDialog, "exec", exec_)

    def open_preferences_in_a_new_run() -> None:
        monkeypatch.setattr(cards_module, "_checks", None)  # nothing in memory: a new process
        window = make_window(resume=False)
        window._actions["action.settings"].trigger()
        window.close()

    names = ["Classic (built in)", "Tall (GNOME)", "Tall (KDE)"]
    open_preferences_in_a_new_run()
    assert seen == [(names, 3)] and len(tried) == 3
    saved = json.loads((store_folder / "deck-checks.json").read_text(encoding="utf-8"))
    assert len(saved["decks"]) == 3
    open_preferences_in_a_new_run()
    assert seen[1:] == [(names, 0)] and len(tried) == 3  # every verdict known, none tried again
    # A deck whose file changed is tried again, alone.
    kde_tall = xdg_decks / "carddecks" / "svg-tall" / "tall.svg"
    kde_tall.write_text(tiny_deck(50, 70, symbol_pips=True), encoding="utf-8")
    open_preferences_in_a_new_run()
    assert seen[2:] == [(names[:2], 1)] and tried[3:] == [kde_tall]


# -- the statistics dialog -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_statistics_table_fits_in_the_dialog_and_the_screen(
    qtbot: QtBot, catalog: Catalog, tmp_path: Path, lang: str
) -> None:
    store = Store(tmp_path)
    for variant, draw in (("klondike", 1), ("klondike", 3), ("reflechi", 1)):
        game = catalog.new_game(catalog.options(variant, draw, "vegas", deal=5))
        game.play("s")
        store.record_result(game, game_id=f"{variant}{draw}", seconds=3600.0)
    dialog = StatisticsDialog(store.statistics(), catalog, lang)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.table
    assert table.horizontalScrollBar().maximum() == 0  # every column in sight
    last = table.columnCount() - 1
    assert table.columnViewportPosition(last) + table.columnWidth(last) <= table.viewport().width()
    assert dialog.frameGeometry().width() <= dialog.screen().availableGeometry().width()
    items = [table.horizontalHeaderItem(column) for column in range(last + 1)]
    headers = [item.text().replace("\n", " ") for item in items if item is not None]
    assert headers == [text(key, lang) for key in StatisticsDialog.COLUMNS]  # wrapped, not cut


def choices(combo: QComboBox) -> list[tuple[str, object]]:
    return [(combo.itemText(index), combo.itemData(index)) for index in range(combo.count())]


@pytest.mark.parametrize(
    ("variant", "draw_label", "draws", "schemes", "redeal"),
    [
        ("klondike", "Draw", [1, 3], ["normal", "vegas", "vegas-cumulative", "none"], True),
        ("spider", "Suits", [1, 2, 4], ["none", "spider"], False),
        ("golf", None, [1], ["none", "golf"], False),
        ("freecell", None, [1], ["none"], False),
        ("yukon", None, [1], ["normal", "vegas", "vegas-cumulative", "none"], False),
    ],
)
def test_the_new_game_dialog_offers_only_what_the_variant_has(
    qtbot: QtBot,
    catalog: Catalog,
    variant: str,
    draw_label: str | None,
    draws: list[int],
    schemes: list[str],
    redeal: bool,
) -> None:
    dialog = new_game_dialog(qtbot, catalog)
    dialog.select_game(variant)
    form = dialog._form
    assert [data for _, data in choices(dialog.draw)] == draws
    assert form.isRowVisible(dialog.draw) is (draw_label is not None)
    if draw_label is not None:
        assert dialog._draw_label.text() == draw_label
    assert sorted(str(data) for _, data in choices(dialog.scoring)) == sorted(schemes)
    assert all(catalog.scoring(scheme).fits(catalog.variant(variant)) for scheme in schemes)
    assert form.isRowVisible(dialog.redeal) is redeal
    options = dialog.options(random_deal=3)
    assert options.variant == variant and options.draw in draws and options.scoring in schemes


def test_spiders_suits_are_numbers_and_a_choice_survives_a_look_at_another_variant(
    qtbot: QtBot, catalog: Catalog
) -> None:
    dialog = new_game_dialog(qtbot, catalog)
    dialog.select_game("klondike")
    assert [text for text, _ in choices(dialog.draw)] == ["One card (Easy)", "Three cards (Hard)"]
    dialog.draw.setCurrentIndex(dialog.draw.findData(3))
    dialog.scoring.setCurrentIndex(dialog.scoring.findData("vegas"))
    dialog.select_game("spider")
    assert [text for text, _ in choices(dialog.draw)] == ["1", "2", "4"]
    assert dialog.options(random_deal=9).scoring == "spider"  # Vegas does not score Spider
    dialog.select_game("klondike")
    assert (dialog.draw.currentData(), dialog.scoring.currentData()) == (3, "vegas")
    dialog.select_game("spider")
    dialog.draw.setCurrentIndex(dialog.draw.findData(2))
    assert dialog.options(random_deal=9).draw == 2


def test_the_draw_label_is_translated(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = new_game_dialog(qtbot, catalog, lang="ru")
    dialog.select_game("spider")
    assert dialog._draw_label.text() not in ("", "Suits")
