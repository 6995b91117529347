"""The main window: undo and redo, winning, languages, resuming, the status bar, resizing."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot
from qtgestures import (
    CODE,
    MakeWindow,
    cell_text,
    click,
    double_click,
    drag_card,
    grip,
    item_of,
    pile_point,
    positions_match_layout,
)
from qtpy.QtCore import QRect, Qt, QTimer
from qtpy.QtGui import QAction, QGuiApplication
from qtpy.QtWidgets import QApplication, QFileDialog, QMenu, QMessageBox

from solitaire.core import log as game_log
from solitaire.core.cards import CARDS, Card, Suit
from solitaire.core.game import Game
from solitaire.core.registry import Catalog
from solitaire.core.state import Column, State
from solitaire.core.store import Statistics, Store, WindowState
from solitaire.frontends.qt.dialogs import ReplayViewer, StatisticsDialog
from solitaire.frontends.qt.window import DEFAULT_SIZE, MainWindow, autocomplete_blocker, fit_window


def menu_action(window: MainWindow, menu_title: str, action_text: str) -> QAction:
    """An action of the menu bar by the words a player reads (without the & marks)."""
    for entry in window.menuBar().actions():
        if entry.text().replace("&", "") == menu_title:
            menu = entry.menu()
            assert isinstance(menu, QMenu), menu_title
            for action in menu.actions():
                if action.text().replace("&", "") == action_text:
                    return action
    raise LookupError(f"{menu_title} › {action_text}")


def menu_titles(window: MainWindow) -> list[str]:
    return [entry.text().replace("&", "") for entry in window.menuBar().actions()]


def shortcut(qtbot: QtBot, window: MainWindow, key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
    qtbot.keyClick(window.view, key, modifiers)


def banner_text(window: MainWindow) -> str | None:
    banner = window.view.banner
    return banner.text() if banner.isVisible() else None


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def suit_cards(suit: Suit, up_to: int = 13) -> tuple[Card, ...]:
    return tuple(card for card in CARDS if card.suit == suit and card.rank <= up_to)


# -- undo and redo -------------------------------------------------------------------------------


def test_undo_and_redo_by_shortcuts(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    undo, redo = menu_action(window, "Edit", "Undo"), menu_action(window, "Edit", "Redo")
    assert not undo.isEnabled() and not redo.isEnabled()
    assert window.game is not None
    start = window.game.state
    click(qtbot, window, grip(window.table, item_of(window, "AD")))
    played = window.game.state
    assert played.foundations[2] == cards("AD")
    assert undo.isEnabled() and not redo.isEnabled()

    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.game.state == attrs.evolve(start, moves=1)  # undo keeps the move counter
    assert window.table.where[Card.parse("AD")] == ("t1", 0)
    assert not undo.isEnabled() and redo.isEnabled()

    control_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    shortcut(qtbot, window, Qt.Key.Key_Z, control_shift)
    assert window.game.state == attrs.evolve(played, moves=2)
    assert window.table.where[Card.parse("AD")] == ("f3", 0)
    assert undo.isEnabled() and not redo.isEnabled()

    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    shortcut(qtbot, window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.game.actions == ["t1>f", "undo", "redo", "undo", "redo"]
    assert window.game.state.foundations[2] == cards("AD")
    # Nothing to redo: the shortcut does nothing (the action is disabled).
    shortcut(qtbot, window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert len(window.game.journal) == 5
    assert positions_match_layout(window)


def test_undo_and_redo_from_the_menu(qtbot: QtBot, window: MainWindow) -> None:
    undo, redo = menu_action(window, "Edit", "Undo"), menu_action(window, "Edit", "Redo")
    assert window.game is not None
    click(qtbot, window, pile_point(window.table, "s"))
    click(qtbot, window, grip(window.table, item_of(window, "AD")))
    undo.trigger()
    undo.trigger()
    assert window.game.state.waste == () and len(window.game.state.stock) == 24
    assert window.game.state.foundations[2] == ()
    assert not undo.isEnabled() and redo.isEnabled()
    redo.trigger()
    assert window.game.state.waste == cards("QH")
    assert undo.isEnabled() and redo.isEnabled()
    # A new move forgets what could be redone.
    click(qtbot, window, grip(window.table, item_of(window, "AD")))
    assert not redo.isEnabled()
    assert window.game.actions == ["s", "t1>f", "undo", "undo", "redo", "t1>f"]


def test_undo_and_redo_follow_the_game_started(window: MainWindow, catalog: Catalog) -> None:
    undo = menu_action(window, "Edit", "Undo")
    game = catalog.game_from_code(CODE)
    game.play("t1>f")
    window.start(game, record=False)
    assert undo.isEnabled()
    window.start(catalog.game_from_code(CODE), record=False)
    assert not undo.isEnabled()


# -- a game won ----------------------------------------------------------------------------------


def near_win(catalog: Catalog, *, in_waste: bool) -> Game:
    """Every card home but the king of clubs, left on t1 or on the waste."""
    foundations = tuple(suit_cards(suit, 13 if suit != Suit.CLUBS else 12) for suit in Suit)
    king = (Card.parse("KC"),)
    tableau = tuple(Column() for _ in range(7))
    if not in_waste:
        tableau = (Column((), king), *tableau[1:])
    state = State.classic(stock=(), waste=king if in_waste else (), foundations=foundations, tableau=tableau)
    return catalog.new_game(catalog.options(deal=7), initial=state)


@pytest.mark.parametrize(("lang", "words"), [("en", "You won"), ("ru", "Победа")], ids=["en", "ru"])
@pytest.mark.parametrize("gesture", ["click", "drag"])
def test_the_last_card_wins_the_game(
    qtbot: QtBot, make_window: MakeWindow, catalog: Catalog, store: Store, lang: str, words: str, gesture: str
) -> None:
    window = make_window(lang=lang, resume=False)
    game = near_win(catalog, in_waste=gesture == "drag")
    window.start(game, record=False)
    assert not game.is_won
    if gesture == "click":
        click(qtbot, window, grip(window.table, item_of(window, "KC")))
    else:
        drag_card(qtbot, window, "KC", "f4")
    assert game.is_won
    text = banner_text(window)
    assert text is not None and words in text
    assert game.rules.scoring.format(game.state.score) in text
    key = Statistics.key("klondike", 1, "normal")
    record = store.statistics().records[key]
    assert (record.played, record.won, record.fewest_moves) == (1, 1, 1)
    # Leaving the won game for a new one does not count it twice.
    window.start(catalog.game_from_code(CODE))
    record = store.statistics().records[key]
    assert (record.played, record.won) == (1, 1)


def minutes_and_seconds(label: str) -> int:
    found = re.search(r"(\d+):(\d\d)", label)
    assert found, label
    return int(found[1]) * 60 + int(found[2])


def test_a_game_left_after_moves_counts_as_played(qtbot: QtBot, window: MainWindow, store: Store) -> None:
    click(qtbot, window, pile_point(window.table, "s"))
    assert store.statistics().records == {}
    window.restart()
    record = store.statistics().records[Statistics.key("klondike", 1, "normal")]
    assert (record.played, record.won) == (1, 0)
    # The same deal again, untouched: leaving it counts nothing more.
    window.restart()
    assert store.statistics().records[Statistics.key("klondike", 1, "normal")].played == 1


def test_the_statistics_dialog_lists_the_results(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, pile_point(window.table, "s"))
    window.restart()
    dialog = window.show_statistics()
    assert dialog.chosen_game() == "klondike"  # the game on the table
    assert dialog.table.rowCount() == 2  # its one record, and the total
    assert cell_text(dialog.table, 0, 1) == "1"  # played
    assert cell_text(dialog.table, 0, 2) == "0"  # won
    assert cell_text(dialog.table, 1, 0) == "Total"
    dialog.close()


# -- the language ------------------------------------------------------------------------------


def test_the_language_switches_at_run_time(
    qtbot: QtBot, make_window: MakeWindow, store: Store, catalog: Catalog
) -> None:
    window = make_window(resume=False)
    window.start(catalog.game_from_code(CODE), record=False)
    assert menu_titles(window) == ["Game", "Edit", "Settings", "Help"]
    assert window.score_label.text().startswith("Score:")
    window.apply_settings(attrs.evolve(window.settings, language="ru"))
    assert menu_titles(window) == ["Игра", "Правка", "Настройки", "Справка"]
    assert window.windowTitle() == "Пасьянс"
    assert window.score_label.text() == "Счёт: 0"
    assert window.moves_label.text() == "Ходы: 0"
    assert window.time_label.text().startswith("Время:")
    assert window.code_button.text() == f"Игра {CODE}"
    assert menu_action(window, "Правка", "Отменить") is not None
    # Refusals and messages are now told in Russian.
    double_click(qtbot, window, grip(window.table, item_of(window, "3S")))
    text = banner_text(window)
    assert text is not None and "Сейчас ни один столбец не принимает 3♠" in text
    click(qtbot, window, pile_point(window.table, "s"))
    assert window.moves_label.text() == "Ходы: 1"
    assert store.settings().language == "ru"  # kept for the next launch
    window.apply_settings(attrs.evolve(window.settings, language="en"))
    assert menu_titles(window) == ["Game", "Edit", "Settings", "Help"]
    assert window.windowTitle() == "Solitaire"
    assert window.score_label.text().startswith("Score:")
    assert window.moves_label.text() == "Moves: 1"
    assert window.code_button.text() == f"Game {CODE}"


def test_the_saved_language_is_used_at_the_next_launch(make_window: MakeWindow, store: Store) -> None:
    store.save_settings(attrs.evolve(store.settings(), language="ru"))
    window = make_window(resume=False)
    assert menu_titles(window)[0] == "Игра"
    english = make_window(lang="en", resume=False)  # --lang wins over the saved setting
    assert menu_titles(english)[0] == "Game"


# -- resuming ------------------------------------------------------------------------------------


def test_a_closed_game_resumes_where_it_was(
    qtbot: QtBot, make_window: MakeWindow, window: MainWindow, store_folder: Path
) -> None:
    assert window.game is not None
    click(qtbot, window, grip(window.table, item_of(window, "AD")))
    click(qtbot, window, pile_point(window.table, "s"))
    click(qtbot, window, pile_point(window.table, "s"))
    menu_action(window, "Edit", "Undo").trigger()
    code, state, journal, game_id = window.game.code, window.game.state, window.game.journal, window.game_id
    window.close()

    again = make_window(store=Store(store_folder))
    assert again.game is not None
    assert again.game.code == code
    assert again.game.state == state
    assert again.game.journal == journal
    assert again.game_id == game_id
    # The log replays the undo too, so the draw taken back can be redone.
    assert again.game.can_redo and menu_action(again, "Edit", "Redo").isEnabled()
    assert positions_match_layout(again)
    text = banner_text(again)
    assert text is not None and code in text
    # Neither closing nor resuming counts the game.
    assert Store(store_folder).statistics().records == {}
    # Leaving it for a new game counts it once, as the same game.
    again.start(again.new_game_from_settings(deal=1))
    again.finish_current()
    assert Store(store_folder).statistics().records[Statistics.key("klondike", 1, "normal")].played == 1


def test_a_window_without_resume_deals_a_new_game(
    make_window: MakeWindow, window: MainWindow, store_folder: Path
) -> None:
    assert window.game is not None
    window.game.play("t1>f")
    window.close()
    fresh = make_window(store=Store(store_folder), resume=False)
    assert fresh.game is not None
    assert fresh.game.journal == []


# -- the status bar ------------------------------------------------------------------------------


def test_the_status_bar_follows_the_game(qtbot: QtBot, window: MainWindow) -> None:
    assert window.game is not None
    scoring = window.game.rules.scoring
    assert window.score_label.text() == f"Score: {scoring.format(0)}"
    assert window.moves_label.text() == "Moves: 0"
    assert re.fullmatch(r"Time: \d+:\d\d", window.time_label.text())
    assert window.code_button.text() == f"Game {CODE}"
    click(qtbot, window, grip(window.table, item_of(window, "AD")))
    score = window.game.state.score
    assert score > 0
    assert window.score_label.text() == f"Score: {scoring.format(score)}"
    assert window.moves_label.text() == "Moves: 1"
    menu_action(window, "Edit", "Undo").trigger()
    assert window.score_label.text() == f"Score: {scoring.format(0)}"
    assert window.moves_label.text() == "Moves: 1"


def test_vegas_shows_its_score_in_dollars(window: MainWindow, catalog: Catalog) -> None:
    window.start(catalog.game_from_code("KL1-D1V-AAAAAAG"), record=False)
    assert window.score_label.text() == "Score: -$52"
    assert window.code_button.text() == "Game KL1-D1V-AAAAAAG"


def test_clicking_the_code_copies_it(qtbot: QtBot, window: MainWindow) -> None:
    QGuiApplication.clipboard().setText("something else")
    qtbot.mouseClick(window.code_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == CODE
    text = banner_text(window)
    assert text is not None and CODE in text


# -- resizing ------------------------------------------------------------------------------------


LONG_COLUMN = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"


def long_column_game(catalog: Catalog) -> Game:
    """t1 holds six face-down cards under a run of thirteen (19 cards); the rest is in the stock."""
    up = cards(LONG_COLUMN)
    rest = [card for card in CARDS if card not in up]
    down, stock = tuple(rest[:6]), tuple(rest[6:])
    tableau = (Column(down, up), *(Column() for _ in range(6)))
    state = State.classic(stock=stock, waste=(), foundations=((),) * 4, tableau=tableau)
    return catalog.new_game(catalog.options(deal=3), initial=state)


@pytest.mark.parametrize("size", [(800, 600), (1200, 800), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_column_stays_inside_the_view(
    make_window: MakeWindow, catalog: Catalog, size: tuple[int, int]
) -> None:
    window = make_window(resume=False, size=size)
    window.start(long_column_game(catalog), record=False)
    QApplication.processEvents()
    scene = window.table
    viewport = window.view.viewport().size()
    assert (viewport.width(), viewport.height()) == (scene.sceneRect().width(), scene.sceneRect().height())
    assert viewport.width() >= size[0] - 2  # the window did get that size
    bounds = scene.sceneRect()
    for card, item in scene.card_items.items():
        assert bounds.contains(item.sceneBoundingRect()), f"{card} sticks out at {size}"
    # The whole run can be read: each card shows a strip of itself.
    column = scene.pile_cards("t1")
    steps = [b.pos().y() - a.pos().y() for a, b in itertools.pairwise(column)]
    assert min(steps) > 0


def test_cards_scale_with_the_window(qtbot: QtBot, make_window: MakeWindow, catalog: Catalog) -> None:
    window = make_window(resume=False, size=(800, 600))
    window.start(long_column_game(catalog), record=False)
    small = window.table.card_width
    item = window.table.pile_cards("t1")[-1]
    assert item.boundingRect().width() == pytest.approx(small)
    window.resize(3840, 2160)
    QApplication.processEvents()
    large = window.table.card_width
    assert large > 2.5 * small
    assert item.boundingRect().width() == pytest.approx(large)
    assert item.boundingRect().height() == pytest.approx(window.table.card_height)
    assert positions_match_layout(window)
    window.resize(800, 600)
    QApplication.processEvents()
    assert window.table.card_width == pytest.approx(small)
    assert positions_match_layout(window)


# -- the Game menu's file actions ----------------------------------------------------------------


def answer_file_dialogs(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[str]:
    """The save and open file dialogs answer ``path``; returns their titles as asked."""
    asked: list[str] = []

    def answer(parent: object, title: str, *args: object, **kwargs: object) -> tuple[str, str]:
        asked.append(title)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(answer))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(answer))
    return asked


@pytest.mark.parametrize("how", ["menu", "shortcut"])
def test_save_log_asks_where_and_writes_a_log_that_replays(
    qtbot: QtBot,
    window: MainWindow,
    catalog: Catalog,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    how: str,
) -> None:
    path = tmp_path / "saved.json"
    asked = answer_file_dialogs(monkeypatch, path)
    assert window.game is not None
    click(qtbot, window, grip(window.table, item_of(window, "AD")))
    click(qtbot, window, pile_point(window.table, "s"))
    if how == "menu":
        menu_action(window, "Game", "Save Log…").trigger()
    else:
        window.activateWindow()
        qtbot.waitActive(window)
        shortcut(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Save Log…"]
    replayed = game_log.replay(game_log.load(path), catalog)
    assert replayed.state == window.game.state and replayed.actions == ["t1>f", "s"]


def test_open_log_and_replay_from_the_menu_ask_for_the_file(
    qtbot: QtBot, window: MainWindow, catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = catalog.game_from_code(CODE)
    for action in ("t1>f", "s", "s"):
        game.perform(action)
    path = tmp_path / "log.json"
    game_log.save(game_log.log_of(game, catalog), path)
    asked = answer_file_dialogs(monkeypatch, path)
    menu_action(window, "Game", "Replay a Log…").trigger()
    viewers = [viewer for viewer in window.findChildren(ReplayViewer) if viewer.isVisible()]
    assert len(viewers) == 1 and viewers[0].slider.maximum() == 3
    viewers[0].close()
    menu_action(window, "Game", "Open Log…").trigger()
    assert asked == ["Replay a Log…", "Open Log…"]
    assert window.game is not None and window.game.actions == ["t1>f", "s", "s"]


# -- no record from a log ------------------------------------------------------------------------

WON_LOG = Path(__file__).resolve().parents[1] / "data" / "logs" / "won-klondike.json"


def near_won_log(catalog: Catalog, folder: Path) -> Path:
    """The won Klondike log cut where auto-complete can finish it."""
    data = json.loads(WON_LOG.read_text(encoding="utf-8"))
    for count in range(len(data["actions"]) - 1, 0, -1):
        cut = {**data, "actions": data["actions"][:count]}
        game = game_log.replay(game_log.loads(json.dumps(cut)), catalog)
        if (
            not game.is_won
            and game.autocomplete_moves() is not None
            and len(game.autocomplete_moves() or []) > 3
        ):
            path = folder / "near-won.json"
            path.write_text(json.dumps(cut), encoding="utf-8")
            return path
    raise AssertionError("no point of the log where auto-complete finishes it")


def test_a_game_opened_from_a_log_is_no_record(
    qtbot: QtBot,
    make_window: MakeWindow,
    window: MainWindow,
    catalog: Catalog,
    store_folder: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answer_file_dialogs(monkeypatch, near_won_log(catalog, tmp_path))
    menu_action(window, "Game", "Open Log…").trigger()
    text = banner_text(window)
    assert text is not None and "not counted in the statistics" in text
    # It survives a close and a resume as a game opened from a log.
    window.close()
    again = make_window(store=Store(store_folder))
    assert again.game is not None and not again.from_deal
    again.activateWindow()
    qtbot.waitActive(again)
    shortcut(qtbot, again, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier)
    assert again.game.is_won
    assert Store(store_folder).statistics().records == {}  # neither a win nor a fastest win
    qtbot.waitUntil(lambda: again.win_dialog is not None and again.win_dialog.isVisible())
    assert again.win_dialog is not None and again.win_dialog.note.isVisible()
    # The same deal again is played from its deal on: it counts.
    qtbot.mouseClick(again.win_dialog.restart_button, Qt.MouseButton.LeftButton)
    assert again.from_deal and again.game.journal == []
    click(qtbot, again, pile_point(again.table, "s"))
    again.restart()
    record = Store(store_folder).statistics().records[Statistics.key("klondike", 1, "normal")]
    assert (record.played, record.won) == (1, 0)


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_opening_a_log_asks_before_it_replaces_a_game_in_progress(
    qtbot: QtBot,
    window: MainWindow,
    catalog: Catalog,
    store: Store,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
) -> None:
    answer_file_dialogs(monkeypatch, near_won_log(catalog, tmp_path))
    questions: list[str] = []

    def question(parent: object, title: str, words: str, *args: object) -> QMessageBox.StandardButton:
        questions.append(title)
        return QMessageBox.StandardButton.Yes if answer == "yes" else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    assert window.game is not None
    menu_action(window, "Game", "Open Log…").trigger()  # nothing played yet: nothing to ask
    assert questions == [] and window.game.code == "KL1-D1N-AAAAAAC"
    window.start(catalog.game_from_code(CODE), record=False)
    playing = window.game
    click(qtbot, window, pile_point(window.table, "s"))
    menu_action(window, "Game", "Open Log…").trigger()
    assert questions == ["Open this log?"]
    if answer == "no":
        assert window.game is playing and store.statistics().records == {}
    else:
        assert window.game.code == "KL1-D1N-AAAAAAC" and not window.from_deal
        assert store.statistics().records[Statistics.key("klondike", 1, "normal")].played == 1


# -- auto-complete says why not ------------------------------------------------------------------


def reasons_game(catalog: Catalog, case: str) -> Game:
    if case == "face down":
        return catalog.game_from_code(CODE)
    if case == "blocked":  # Réfléchi: every card face up, low cards under high ones
        return catalog.game_from_code("TF1-D1N-AAAAAAG")
    # The king of clubs over the queen on the waste, and no pass left to turn them over.
    foundations = tuple(suit_cards(suit, 13 if suit != Suit.CLUBS else 11) for suit in Suit)
    state = State.classic(
        stock=(), waste=cards("QC KC"), foundations=foundations, tableau=tuple(Column() for _ in range(7))
    )
    return catalog.new_game(catalog.options(redeal="passes:1", deal=7), initial=state)


@pytest.mark.parametrize(
    ("case", "lang", "words"),
    [
        ("face down", "en", "some cards are still face down"),
        ("face down", "ru", "рубашкой вверх"),
        ("blocked", "en", "some cards lie on cards that must go home first"),
        ("no passes", "en", "no passes through the stock are left"),
        ("no passes", "ru", "проходов по колоде больше нет"),
    ],
)
def test_auto_complete_says_why_it_is_not_available(
    qtbot: QtBot, make_window: MakeWindow, catalog: Catalog, case: str, lang: str, words: str
) -> None:
    window = make_window(lang=lang, resume=False)
    game = reasons_game(catalog, case)
    assert game.autocomplete_moves() is None
    window.start(game, record=False)
    window.view.banner.hide()
    window.activateWindow()
    qtbot.waitActive(window)
    shortcut(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier)
    text = banner_text(window)
    assert text is not None and words in text
    assert game.journal == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=st.integers(0, 10**6), variant=st.sampled_from(["klondike", "reflechi"]), data=st.data())
def test_auto_complete_has_a_reason_exactly_when_it_is_not_available(
    catalog: Catalog, deal: int, variant: str, data: st.DataObject
) -> None:
    game = catalog.new_game(catalog.options(variant, 1, deal=deal))
    for _ in range(data.draw(st.integers(0, 40))):
        moves = game.legal_moves()
        if not moves or game.is_won:
            break
        game.play(data.draw(st.sampled_from(moves)))
    available = game.autocomplete_moves() is not None
    assert (autocomplete_blocker(game) is None) == available


# -- the clock -----------------------------------------------------------------------------------


class FakeClock:
    """Monotonic seconds that move only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fake_clock(window: MainWindow) -> FakeClock:
    clock = FakeClock()
    window.now = clock
    return clock


def test_the_clock_starts_at_the_first_move(qtbot: QtBot, window: MainWindow, catalog: Catalog) -> None:
    clock = fake_clock(window)
    window.start(catalog.game_from_code(CODE), record=False)
    clock.now += 90  # the player looks at the deal
    window.clock_timer.timeout.emit()
    assert window.elapsed() == 0 and window.time_label.text() == "Time: 0:00"
    click(qtbot, window, pile_point(window.table, "s"))
    clock.now += 65
    window.clock_timer.timeout.emit()
    assert window.elapsed() == 65 and window.time_label.text() == "Time: 1:05"


def close_when_shown(qtbot: QtBot, clock: FakeClock, window: MainWindow, seen: list[float]) -> None:
    """When a modal dialog shows, let 100 seconds pass, note the time played, close it."""

    def close() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(10, close)
            return
        clock.now += 100
        seen.append(window.elapsed())
        dialog.close()

    QTimer.singleShot(0, close)


@pytest.mark.parametrize("action", [("Game", "New Game…"), ("Settings", "Preferences…"), ("Help", "About")])
def test_the_clock_stands_while_a_modal_dialog_is_open(
    qtbot: QtBot, window: MainWindow, action: tuple[str, str]
) -> None:
    clock = fake_clock(window)
    click(qtbot, window, pile_point(window.table, "s"))
    clock.now += 30
    seen: list[float] = []
    close_when_shown(qtbot, clock, window, seen)
    menu_action(window, *action).trigger()
    assert seen == [30]
    clock.now += 5
    assert window.elapsed() == 35  # running again


def test_the_clock_stands_while_the_statistics_are_open(qtbot: QtBot, window: MainWindow) -> None:
    clock = fake_clock(window)
    click(qtbot, window, pile_point(window.table, "s"))
    clock.now += 30
    menu_action(window, "Game", "Statistics").trigger()
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, StatisticsDialog)
    clock.now += 100
    assert window.elapsed() == 30
    dialog.close()
    clock.now += 5
    assert window.elapsed() == 35


def test_the_clock_stands_while_a_file_dialog_or_a_question_is_open(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = fake_clock(window)
    click(qtbot, window, pile_point(window.table, "s"))

    def slow_answer(parent: object, *args: object, **kwargs: object) -> object:
        clock.now += 100
        return ("", "") if args and "Log" in str(args[0]) else QMessageBox.StandardButton.No

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(slow_answer))
    monkeypatch.setattr(QMessageBox, "question", staticmethod(slow_answer))
    menu_action(window, "Game", "Save Log…").trigger()
    menu_action(window, "Game", "Restart This Deal").trigger()
    assert window.elapsed() == 0


# -- a win ---------------------------------------------------------------------------------------


def test_a_won_game_keeps_the_time_it_took(
    qtbot: QtBot, make_window: MakeWindow, catalog: Catalog, store: Store
) -> None:
    """The clock stops at the win: the statistics and the status bar keep the time played."""
    window = make_window(resume=False)
    clock = fake_clock(window)
    game = catalog.game_from_code(CODE)
    window.start(game, record=False)
    click(qtbot, window, pile_point(window.table, "s"))
    clock.now += 75
    menu_action(window, "Edit", "Undo").trigger()
    # The game turns into a win (as if played to its end in these 75 seconds).
    window.start(near_win(catalog, in_waste=False), seconds=window.elapsed(), record=False)
    click(qtbot, window, grip(window.table, item_of(window, "KC")))
    assert window.game is not None and window.game.is_won
    clock.now += 300
    record = store.statistics().records[Statistics.key("klondike", 1, "normal")]
    assert record.fastest_win_seconds == 75
    assert window.elapsed() == 75
    window.clock_timer.timeout.emit()
    assert minutes_and_seconds(window.time_label.text()) == 75


@pytest.mark.parametrize(("button", "lang"), [("new", "en"), ("restart", "en"), ("close", "ru")])
def test_a_win_tells_time_score_and_moves_and_offers_what_next(
    qtbot: QtBot, make_window: MakeWindow, catalog: Catalog, store: Store, button: str, lang: str
) -> None:
    store.save_settings(attrs.evolve(store.settings(), winnable_indicator="always", animations=False))
    window = make_window(resume=False, lang=lang)
    clock = fake_clock(window)
    game = near_win(catalog, in_waste=False)
    window.start(game, seconds=125, record=False)
    window.verdicts[game.state] = "winnable"
    window._schedule_verdict()
    assert window.indicator.isVisible()
    click(qtbot, window, grip(window.table, item_of(window, "KC")))
    clock.now += 30
    qtbot.waitUntil(lambda: window.win_dialog is not None and window.win_dialog.isVisible())
    dialog = window.win_dialog
    assert dialog is not None
    summary = dialog.summary.text()
    score = game.rules.scoring.format(game.state.score)
    if lang == "en":
        assert summary == f"Time: 2:05\nScore: {score}\nMoves: 1"
    else:
        assert summary == f"Время: 2:05\nСчёт: {score}\nХоды: 1"
    assert not dialog.note.isVisible()  # played here: it counts
    assert not window.indicator.isVisible()  # nothing left to tell
    clicked = {"new": dialog.new_button, "restart": dialog.restart_button, "close": dialog.close_button}
    qtbot.mouseClick(clicked[button], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert window.win_dialog is None
    if button == "close":
        assert window.game is game
    elif button == "restart":
        assert window.game is not game and window.game is not None
        assert window.game.rules.options == game.rules.options and window.game.journal == []
    else:
        assert window.game is not game and window.game is not None and window.game.journal == []
    record = store.statistics().records[Statistics.key("klondike", 1, "normal")]
    assert (record.played, record.won) == (1, 1)  # counted once, whatever comes next


# -- the window on the screen --------------------------------------------------------------------


def new_window(qtbot: QtBot, catalog: Catalog, store: Store) -> MainWindow:
    window = MainWindow(catalog, store, resume=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_first_window_fits_the_screen(qtbot: QtBot, catalog: Catalog, store: Store) -> None:
    window = new_window(qtbot, catalog, store)
    available = window.screen().availableGeometry()
    assert available.contains(window.frameGeometry())
    assert window.width() <= DEFAULT_SIZE.width()


def test_the_window_opens_where_it_was_left(qtbot: QtBot, catalog: Catalog, store: Store) -> None:
    window = new_window(qtbot, catalog, store)
    available = window.screen().availableGeometry()
    window.move(available.x() + 20, available.y() + 30)
    window.resize(640, 480)
    QApplication.processEvents()
    window.close()
    assert store.window_state() == WindowState(available.x() + 20, available.y() + 30, 640, 480, False)
    again = new_window(qtbot, catalog, store)
    assert (again.x(), again.y(), again.width(), again.height()) == (
        available.x() + 20,
        available.y() + 30,
        640,
        480,
    )
    assert not again.isMaximized()
    again.showMaximized()
    qtbot.waitUntil(again.isMaximized)
    again.close()
    saved = store.window_state()
    assert saved is not None and saved.maximized and (saved.width, saved.height) == (640, 480)
    third = new_window(qtbot, catalog, store)
    qtbot.waitUntil(third.isMaximized)
    third.showNormal()
    qtbot.waitUntil(lambda: not third.isMaximized())
    assert (third.width(), third.height()) == (640, 480)


def test_a_window_left_off_screen_comes_back_on_it(qtbot: QtBot, catalog: Catalog, store: Store) -> None:
    store.save_window_state(WindowState(-5000, 9000, 4000, 3000, False))
    window = new_window(qtbot, catalog, store)
    assert window.screen().availableGeometry().contains(window.frameGeometry())


def test_f11_switches_full_screen(qtbot: QtBot, window: MainWindow) -> None:
    action = menu_action(window, "Settings", "Full Screen")
    assert action.isCheckable() and not action.isChecked()
    window.activateWindow()
    qtbot.waitActive(window)
    shortcut(qtbot, window, Qt.Key.Key_F11, Qt.KeyboardModifier.NoModifier)
    qtbot.waitUntil(window.isFullScreen)
    assert action.isChecked()
    shortcut(qtbot, window, Qt.Key.Key_F11, Qt.KeyboardModifier.NoModifier)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not action.isChecked()
    action.trigger()  # from the menu
    qtbot.waitUntil(window.isFullScreen)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_window_fits_an_800x600_screen(
    qtbot: QtBot, make_window: MakeWindow, catalog: Catalog, lang: str
) -> None:
    """A screen of 800×600 with a panel: the window can be that small, status bar and all."""
    window = make_window(lang=lang, resume=False)
    window.start(catalog.game_from_code("TF1-D3V-AAAAAAF"), record=False)
    window.indicator.show_state("unknown", lang, knows_hidden=True)  # its longest words
    window.resize(800, 560)
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= 800 and hint.height() <= 560
    assert (window.width(), window.height()) == (800, 560)
    status = window.statusBar()
    assert status.isVisible() and window.rect().contains(status.geometry())
    for label in (window.score_label, window.moves_label, window.time_label, window.code_button):
        corner = label.mapTo(window, label.rect().bottomRight())
        assert window.rect().contains(corner), label.text()


@given(
    saved=st.one_of(
        st.none(),
        st.tuples(
            st.integers(-9000, 9000), st.integers(-9000, 9000), st.integers(1, 9000), st.integers(1, 9000)
        ),
    ),
    available=st.tuples(
        st.integers(-4000, 4000), st.integers(-4000, 4000), st.integers(1, 8000), st.integers(1, 8000)
    ),
)
def test_the_window_always_opens_inside_the_screen(
    saved: tuple[int, int, int, int] | None, available: tuple[int, int, int, int]
) -> None:
    screen = QRect(*available)
    rect = fit_window(None if saved is None else QRect(*saved), screen)
    assert screen.contains(rect) and rect.width() >= 1 and rect.height() >= 1
    if saved is not None and screen.contains(QRect(*saved)):
        assert rect == QRect(*saved)  # a window that fits stays where it was
