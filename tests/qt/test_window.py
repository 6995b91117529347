"""The main window: undo and redo, winning, languages, resuming, the status bar, resizing."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import attrs
import pytest
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
from qtpy.QtCore import Qt
from qtpy.QtGui import QAction, QGuiApplication
from qtpy.QtWidgets import QApplication, QMenu

from solitaire.core.cards import CARDS, Card, Suit
from solitaire.core.game import Game
from solitaire.core.registry import Catalog
from solitaire.core.state import Column, State
from solitaire.core.store import Statistics, Store
from solitaire.frontends.qt.window import MainWindow


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
    state = State(stock=(), waste=king if in_waste else (), foundations=foundations, tableau=tableau)
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


def test_a_won_game_keeps_the_time_it_took(
    qtbot: QtBot, make_window: MakeWindow, catalog: Catalog, store: Store
) -> None:
    """The clock stops at the win: the statistics and the status bar keep the time played."""
    window = make_window(resume=False)
    window.start(near_win(catalog, in_waste=False), record=False)
    window.clock -= 75  # as if the game had been started 75 seconds ago
    assert window.elapsed() >= 75
    click(qtbot, window, grip(window.table, item_of(window, "KC")))
    assert window.game is not None and window.game.is_won
    record = store.statistics().records[Statistics.key("klondike", 1, "normal")]
    assert record.fastest_win_seconds is not None
    assert 75 <= record.fastest_win_seconds < 75 + 60
    assert 75 <= window.elapsed() < 75 + 60
    assert 75 <= minutes_and_seconds(window.time_label.text()) < 75 + 60


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
    assert dialog.table.rowCount() == 1
    assert cell_text(dialog.table, 0, 1) == "1"  # played
    assert cell_text(dialog.table, 0, 2) == "0"  # won
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
    state = State(stock=stock, waste=(), foundations=((),) * 4, tableau=tableau)
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
