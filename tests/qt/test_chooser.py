"""The New Game dialog as a chooser of twenty and more games: families, the search
field, the options each game has, the picture of its opening layout, the player's
statistics, what is remembered; and the Statistics window per game.

The dialog is driven as a player drives it: the menu's action opens it, words are
typed into the search field, items of the list are clicked, OK is clicked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from qtgestures import CODE, MakeWindow, cell_text
from qtpy.QtCore import QEvent, Qt, QTimer
from qtpy.QtGui import QColor, QImage, QKeyEvent
from qtpy.QtWidgets import QApplication, QDialogButtonBox, QMenu, QMessageBox, QWidget
from stand_ins import many_games

from solitaire.core.families import by_family, folded
from solitaire.core.registry import Catalog
from solitaire.core.store import GameChoice, Settings, Statistics, Store
from solitaire.frontends.qt import scene as scene_module
from solitaire.frontends.qt.chooser import PREVIEW_SIZE, NewGameDialog, has_waste
from solitaire.frontends.qt.dialogs import StatisticsDialog
from solitaire.frontends.qt.i18n import text
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog


@pytest.fixture(scope="module")
def games() -> Catalog:
    """Twenty games or more (stand-ins for those not installed yet)."""
    catalog = many_games()
    assert len(catalog.variants) >= 20
    return catalog


def chooser(
    qtbot: QtBot, catalog: Catalog, settings: Settings | None = None, **kwargs: object
) -> NewGameDialog:
    dialog = NewGameDialog(catalog, settings or Settings(), kwargs.pop("lang", "en"), **kwargs)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):
        dialog.show()
        dialog.activateWindow()
    return dialog


def click_game(qtbot: QtBot, dialog: NewGameDialog, name: str) -> None:
    """Click the game of this name under its family, as a player does (scrolled to it first)."""
    items = [dialog.games.item(row) for row in range(dialog.games.count())]
    (item, *_) = [it for it in reversed(items) if it is not None and it.text() == name and not it.isHidden()]
    dialog.games.scrollToItem(item)
    centre = dialog.games.visualItemRect(item).center()
    qtbot.mouseClick(dialog.games.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert dialog.games.currentItem() is item


def click_ok(qtbot: QtBot, dialog: QWidget) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok is not None and ok.isEnabled()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)


def with_dialog(qtbot: QtBot, kind: type[QWidget], act: Callable[[QWidget], None]) -> list[QWidget]:
    """Run ``act`` on the modal dialog of ``kind`` once it is open (a menu's action runs it)."""
    seen: list[QWidget] = []

    def try_now() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, kind):
            QTimer.singleShot(10, try_now)
            return
        seen.append(dialog)
        dialog.activateWindow()
        try:
            qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
            act(dialog)
        finally:
            if dialog.isVisible():  # a check that failed: the dialog closes, the test goes on to fail
                dialog.close()

    QTimer.singleShot(0, try_now)
    return seen


def menu_action(window: MainWindow, path: str) -> None:
    """Trigger the menu's action "Menu › Item" by the words the player reads."""
    menu_title, item = path.split(" › ")
    for entry in window.menuBar().actions():
        menu = entry.menu()
        if entry.text().replace("&", "") == menu_title and isinstance(menu, QMenu):
            for action in menu.actions():
                if action.text().replace("&", "") == item:
                    action.trigger()
                    return
    raise LookupError(path)


def type_in(qtbot: QtBot, widget: QWidget, typed: str) -> None:
    """Type ``typed`` into ``widget`` key by key (``keyClicks`` knows only ASCII keys)."""
    if typed.isascii():
        qtbot.keyClicks(widget, typed)
        return
    for char in typed:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))


def wait_preview(qtbot: QtBot, dialog: NewGameDialog) -> None:
    key = dialog._preview_key()
    qtbot.waitUntil(lambda: key in dialog.previews)


# -- from the menu to the game -------------------------------------------------------------------


def test_the_menu_opens_the_chooser_and_a_search_starts_the_game_found(
    qtbot: QtBot, make_window: MakeWindow, store: Store
) -> None:
    window = make_window(resume=False)

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog)
        assert dialog.search.hasFocus()  # type at once
        qtbot.keyClicks(dialog.search, "yuk")  # Yukon, and Grandfather of Yukon's family
        assert dialog.visible_games() == ["grandfather", "yukon"]
        qtbot.keyClicks(dialog.search, "on")
        assert dialog.visible_games() == ["grandfather", "yukon"]  # the family's name holds it too
        dialog.search.clear()
        qtbot.keyClicks(dialog.search, "yukon 21")  # Yukon's summary: 21 cards face down
        assert dialog.visible_games() == ["yukon"] and dialog.game_id() == "yukon"
        qtbot.keyClick(dialog.search, Qt.Key.Key_Return)  # Enter starts it

    seen = with_dialog(qtbot, NewGameDialog, choose)
    menu_action(window, "Game › New Game…")
    assert seen and window.game is not None and window.game.rules.variant.id == "yukon"
    settings = store.settings()
    assert settings.variant == "yukon" and settings.recent[0] == "yukon"


def test_the_last_game_and_its_options_are_remembered(
    qtbot: QtBot, make_window: MakeWindow, store: Store, store_folder: Path
) -> None:
    window = make_window(resume=False)

    def spider_in_two_suits(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog)
        click_game(qtbot, dialog, "Spider")
        dialog.draw.setCurrentIndex(dialog.draw.findData(2))
        click_ok(qtbot, dialog)

    with_dialog(qtbot, NewGameDialog, spider_in_two_suits)
    menu_action(window, "Game › New Game…")
    assert window.game is not None and window.game.rules.options.draw == 2
    saved = json.loads((store_folder / "settings.json").read_text(encoding="utf-8"))
    assert saved["variant"] == "spider" and saved["choices"]["spider"]["draw"] == 2
    assert not list(store_folder.glob(".*.tmp"))  # written whole, as the store writes

    def klondike_then_back(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog)
        assert dialog.game_id() == "spider" and dialog.draw.currentData() == 2  # as left
        assert dialog.groups()[0] == (text("chooser.recent", "en"), ["spider"])
        click_game(qtbot, dialog, "Klondike")
        dialog.draw.setCurrentIndex(dialog.draw.findData(3))
        click_game(qtbot, dialog, "Spider")
        assert dialog.draw.currentData() == 2  # its own choice, not Klondike's draw 3
        click_game(qtbot, dialog, "Klondike")
        assert dialog.draw.currentData() == 3
        click_ok(qtbot, dialog)

    with_dialog(qtbot, NewGameDialog, klondike_then_back)
    menu_action(window, "Game › New Game…")
    assert window.game is not None and window.game.rules.options.draw == 3
    settings = store.settings()
    assert settings.recent[:2] == ("klondike", "spider")
    assert settings.choices["klondike"] == GameChoice(3, "normal", None, True)
    assert Store(store_folder).settings() == settings  # the next launch remembers it


def test_favourites_head_the_list_and_are_kept_when_the_dialog_is_cancelled(
    qtbot: QtBot, make_window: MakeWindow, store: Store
) -> None:
    window = make_window(resume=False)

    def mark_golf(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog)
        click_game(qtbot, dialog, "Golf")
        qtbot.mouseClick(dialog.favourite, Qt.MouseButton.LeftButton)
        assert dialog.favourite.isChecked()
        assert dialog.groups()[0] == (text("chooser.favourites", "en"), ["golf"])
        assert dialog.game_id() == "golf"  # still chosen
        dialog.reject()

    with_dialog(qtbot, NewGameDialog, mark_golf)
    menu_action(window, "Game › New Game…")
    assert store.settings().favourites == ("golf",)

    def look(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog)
        assert dialog.groups()[0] == (text("chooser.favourites", "en"), ["golf"])
        qtbot.keyClicks(dialog.search, "golf")
        assert [title for title, _ in dialog.groups()] == ["Golf"]  # each game once while searching
        dialog.reject()

    with_dialog(qtbot, NewGameDialog, look)
    menu_action(window, "Game › New Game…")


# -- families and the search ---------------------------------------------------------------------


def test_the_games_are_grouped_by_family(qtbot: QtBot, games: Catalog) -> None:
    dialog = chooser(qtbot, games)
    expected = [
        (family.name, [v.id for v in family.variants]) for family in by_family(games.variants.values(), "en")
    ]
    assert dialog.groups() == expected
    assert ("Spider", ["scorpion", "simple-simon", "spider"]) in dialog.groups()
    assert sorted(dialog.visible_games()) == sorted(games.variants)
    # The arrow keys go from game to game, over the families' headings.
    click_game(qtbot, dialog, "FreeCell")
    qtbot.keyClick(dialog.games, Qt.Key.Key_Down)
    families = dict(dialog.groups())
    after = [v for family in families.values() for v in family]
    assert dialog.game_id() == after[after.index("freecell") + 1]


def test_the_families_are_named_in_the_players_language(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = chooser(qtbot, catalog, Settings(variant="spider"), lang="ru")
    titles = [title for title, _ in dialog.groups()]
    assert "Паук" in titles and "Клондайк" in titles
    assert dialog.title.text() == "Паук"
    assert dialog.family.text() == text("chooser.family", "ru", family="Паук")


@pytest.mark.parametrize(
    ("lang", "typed", "found"),
    [
        ("en", "Spider", ["scorpion", "simple-simon", "spider"]),  # a family's name
        ("en", "Reflechi", ["reflechi"]),  # no accents needed
        ("en", "simon", ["simple-simon"]),
        ("en", "  free  CELL ", ["eight-off", "freecell"]),
        ("ru", "паук", ["scorpion", "simple-simon", "spider"]),
        ("ru", "Клондайк", ["klondike", "reflechi"]),
    ],
)
def test_the_search_finds_games_by_name_family_and_rules(
    qtbot: QtBot, games: Catalog, lang: str, typed: str, found: list[str]
) -> None:
    dialog = chooser(qtbot, games, lang=lang)
    type_in(qtbot, dialog.search, typed)
    shown = dialog.visible_games()
    for variant in found:
        assert variant in shown
    for variant in shown:  # every game shown holds every word typed, in its words
        words = dialog._searched[variant]
        assert all(word in words for word in folded(typed).split())
    assert dialog.game_id() in shown  # the game chosen is one of those shown
    assert not dialog.no_match.isVisible()


def test_the_search_reads_the_rules_summary(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = chooser(qtbot, catalog)
    summary_word = "cells"  # FreeCell's and Baker's summaries speak of free cells; others do not
    qtbot.keyClicks(dialog.search, summary_word)
    shown = dialog.visible_games()
    assert "freecell" in shown and "klondike" not in shown
    assert all(
        summary_word in catalog.variant(v).rules_summary("en").casefold() for v in shown if v != "freecell"
    )


def test_a_search_that_finds_nothing_says_so_and_clearing_it_shows_every_game(
    qtbot: QtBot, games: Catalog
) -> None:
    dialog = chooser(qtbot, games, Settings(variant="golf", recent=("golf",)))
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.keyClicks(dialog.search, "zzzq")
    assert dialog.visible_games() == [] and dialog.groups() == []
    assert dialog.no_match.isVisible() and "zzzq" in dialog.no_match.text()
    assert ok is not None and not ok.isEnabled()  # no game to start
    dialog.search.clear()
    assert ok.isEnabled()
    assert sorted(dialog.visible_games()) == sorted(games.variants)
    assert dialog.groups()[0][0] == text("chooser.recent", "en")
    assert not dialog.no_match.isVisible()


def test_down_in_the_search_field_goes_to_the_games_found(qtbot: QtBot, games: Catalog) -> None:
    dialog = chooser(qtbot, games)
    qtbot.keyClicks(dialog.search, "spider")
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)
    assert dialog.games.hasFocus()
    first = dialog.game_id()
    qtbot.keyClick(dialog.games, Qt.Key.Key_Down)
    assert dialog.game_id() != first and dialog.game_id() in dialog.visible_games()


# -- the options each game has -------------------------------------------------------------------


def test_each_game_shows_only_the_options_it_has(qtbot: QtBot, games: Catalog) -> None:
    dialog = chooser(qtbot, games)
    form = dialog._form
    for variant in games.variants.values():
        click_game(qtbot, dialog, variant.name("en"))
        assert dialog.title.text() == variant.name("en")
        assert dialog.summary.text() == variant.rules_summary("en")
        draws = [dialog.draw.itemData(i) for i in range(dialog.draw.count())]
        assert draws == list(variant.draws)
        assert form.isRowVisible(dialog.draw) is (len(variant.draws) > 1)
        schemes = [dialog.scoring.itemData(i) for i in range(dialog.scoring.count())]
        assert schemes == [s.id for s in games.scorings.values() if s.fits(variant)]
        assert form.isRowVisible(dialog.redeal) is has_waste(variant)
        options = dialog.options(random_deal=variant.deal_numbers[0])
        assert options.variant == variant.id and games.new_game(options).rules.variant is variant


def test_a_game_code_chooses_its_game_in_the_list(qtbot: QtBot, games: Catalog) -> None:
    dialog = chooser(qtbot, games)
    qtbot.keyClicks(dialog.search, "golf")
    qtbot.keyClicks(dialog.code, "SP1-D4S-AAAAAAG")
    assert dialog.game_id() == "spider" and dialog.draw.currentData() == 4
    current = dialog.games.currentItem()
    assert current is not None and current.text() == "Spider" and not current.isHidden()
    assert dialog.search.text() == ""  # the search gave way to show it


# -- the picture ---------------------------------------------------------------------------------


def test_the_picture_is_drawn_by_the_tables_scene_when_a_game_is_chosen(
    qtbot: QtBot, games: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, int, int]] = []
    set_game = scene_module.TableScene.set_game

    def recorded(self: scene_module.TableScene, game: object) -> None:
        set_game(self, game)  # type: ignore[arg-type]
        drawn.append((game.rules.variant.id, game.rules.options.draw, len(game.journal)))  # type: ignore[attr-defined]

    monkeypatch.setattr(scene_module.TableScene, "set_game", recorded)
    dialog = NewGameDialog(games, Settings(variant="klondike"), "en")
    qtbot.addWidget(dialog)
    assert drawn == [] and dialog.previews == {}  # nothing drawn before the dialog shows
    dialog.show()
    wait_preview(qtbot, dialog)
    assert drawn == [("klondike", 1, 0)]  # the opening layout, drawn once shown
    picture = dialog.preview.pixmap()
    ratio = picture.devicePixelRatio()
    assert (picture.width() / ratio, picture.height() / ratio) == (
        PREVIEW_SIZE.width(),
        PREVIEW_SIZE.height(),
    )
    # Browsing draws each game once; coming back takes the picture drawn before.
    for name in ("Spider", "FreeCell", "Klondike", "Spider"):
        click_game(qtbot, dialog, name)
        wait_preview(qtbot, dialog)
    assert [variant for variant, _, _ in drawn] == ["klondike", "spider", "freecell"]
    # Spider's suits are other cards: another picture.
    dialog.draw.setCurrentIndex(dialog.draw.findData(4))
    wait_preview(qtbot, dialog)
    assert drawn[-1] == ("spider", 4, 0)
    assert dialog.previews[("spider", 4)].toImage() != dialog.previews[("spider", 1)].toImage()


def test_the_picture_shows_the_cards_where_the_table_lays_them(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = chooser(qtbot, catalog, Settings(variant="freecell"))
    wait_preview(qtbot, dialog)
    image = dialog.preview.pixmap().toImage()
    scene = scene_module.TableScene(dialog._painter)  # type: ignore[arg-type]
    scene.resize(PREVIEW_SIZE.width(), PREVIEW_SIZE.height(), image.devicePixelRatio())
    scene.set_game(catalog.new_game(catalog.options("freecell")))
    ratio = image.devicePixelRatio()

    def colour(x: float, y: float) -> QColor:
        return image.pixelColor(round(x * ratio), round(y * ratio))

    bottom = scene.pile_cards("t1")[-1]  # the last card of column 1: a white face
    corner = bottom.pos()
    # The margin of a face, beside its pips.
    face = colour(corner.x() + scene.card_width * 0.9, corner.y() + scene.card_height * 0.5)
    assert face.lightness() > 200, face.name()
    felt = colour(2, PREVIEW_SIZE.height() - 2)  # the table's green felt under no card
    assert felt.green() > felt.red() + 20, felt.name()
    assert image.format() != QImage.Format.Format_Invalid


def test_a_game_whose_plugin_fails_at_the_deal_has_no_picture(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*args: object, **kwargs: object) -> None:
        raise ValueError("no deal")

    monkeypatch.setattr(catalog, "new_game", failing)
    dialog = chooser(qtbot, catalog)
    qtbot.waitUntil(lambda: dialog.preview.text() == text("chooser.preview.none", "en"))
    assert dialog.previews == {} and dialog.game_id() == "klondike"


# -- statistics ----------------------------------------------------------------------------------


def played(
    store: Store, catalog: Catalog, variant: str, draw: int, scoring: str, game_id: str, won: bool = False
) -> None:
    game = catalog.new_game(catalog.options(variant, draw, scoring, deal=7))
    if won:
        game = won_game(catalog, variant, draw, scoring)
    else:
        game.play(game.legal_moves()[0])
    store.record_result(game, game_id=game_id, seconds=75.0)


def won_game(catalog: Catalog, variant: str, draw: int, scoring: str):  # type: ignore[no-untyped-def]
    from solitaire.core.cards import CARDS, Card
    from solitaire.core.state import Column, State

    foundations = tuple(
        tuple(CARDS[suit * 13 + rank] for rank in range(13 if suit < 3 else 12)) for suit in range(4)
    )
    tableau = (Column((), (Card.parse("KC"),)),) + (Column(),) * 6
    state = State.classic(stock=(), waste=(), foundations=foundations, tableau=tableau, score=0, moves=40)
    game = catalog.new_game(catalog.options(variant, draw, scoring), initial=state)
    (last,) = [move for move in game.legal_moves() if move.dst == "f"]
    game.play(last)
    assert game.is_won
    return game


def test_the_chooser_shows_the_players_results_in_the_game_chosen(
    qtbot: QtBot, make_window: MakeWindow, store: Store, catalog: Catalog
) -> None:
    played(store, catalog, "klondike", 1, "normal", "a", won=True)
    played(store, catalog, "klondike", 3, "vegas", "b")
    played(store, catalog, "reflechi", 1, "normal", "c", won=True)
    window = make_window(resume=False)
    window.start(catalog.game_from_code(CODE), record=False)

    def look(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog)
        click_game(qtbot, dialog, "Klondike")
        lines = dialog.record.text().splitlines()
        assert lines[0] == text("chooser.stats.played", "en", played=2, won=1, rate="50%")
        assert text("chooser.stats.fastest", "en", time="1:15") in lines[1]
        assert "Best score" not in dialog.record.text()  # points and dollars do not add up
        click_game(qtbot, dialog, "Réfléchi")
        best = store.statistics().records[Statistics.key("reflechi", 1, "normal")].best_score
        assert text("chooser.stats.best", "en", score=str(best)) in dialog.record.text()
        click_game(qtbot, dialog, "Yukon")
        assert dialog.record.text() == text("chooser.stats.none", "en")
        dialog.reject()

    seen = with_dialog(qtbot, NewGameDialog, look)
    menu_action(window, "Game › New Game…")
    assert seen


def test_the_statistics_window_switches_games_totals_them_and_resets_one(
    qtbot: QtBot, make_window: MakeWindow, store: Store, store_folder: Path, catalog: Catalog
) -> None:
    played(store, catalog, "klondike", 1, "normal", "a", won=True)
    played(store, catalog, "klondike", 3, "vegas", "b")
    played(store, catalog, "spider", 2, "spider", "c")
    window = make_window(resume=False)
    window.start(catalog.game_from_code(CODE), record=False)
    menu_action(window, "Game › Statistics")
    dialog = window.findChild(StatisticsDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.chosen_game() == "klondike"  # the game on the table
    table = dialog.table
    assert [cell_text(table, row, 0).replace("\n", " · ") for row in range(table.rowCount())] == [
        "Klondike · draw 1 · Normal",
        "Klondike · draw 3 · Vegas",
        "Total",
    ]
    assert (cell_text(table, 2, 1), cell_text(table, 2, 2), cell_text(table, 2, 3)) == ("2", "1", "50%")
    # Every game, and their total.
    dialog.game.setCurrentIndex(dialog.game.findData(None))
    assert table.rowCount() == 4 and cell_text(table, 3, 1) == "3"
    assert not dialog.reset_button.isEnabled()  # a reset is for one game
    dialog.show_game("spider")
    assert table.rowCount() == 2 and dialog.reset_button.isEnabled()
    names = [dialog.game.itemText(i) for i in range(dialog.game.count())]
    assert text("stats.game.count", "en", game="Spider", played=1) in names
    # Reset asks first: No keeps everything.
    answers: list[str] = []

    def answer(button: QMessageBox.StandardButton) -> Callable[[], None]:
        def press() -> None:
            box = QApplication.activeModalWidget()
            assert isinstance(box, QMessageBox)
            answers.append(box.text())
            pressed = box.button(button)
            assert pressed is not None
            qtbot.mouseClick(pressed, Qt.MouseButton.LeftButton)

        return press

    QTimer.singleShot(0, answer(QMessageBox.StandardButton.No))
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert answers == [text("stats.reset.text", "en", game="Spider")]
    assert "spider" in store.statistics().games()
    QTimer.singleShot(0, answer(QMessageBox.StandardButton.Yes))
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert len(answers) == 2
    assert sorted(store.statistics().games()) == ["klondike"]  # Spider's gone, Klondike's kept
    assert sorted(Store(store_folder).statistics().games()) == ["klondike"]
    assert dialog.empty.isVisible() and table.rowCount() == 0
    assert dialog.notice.text() == text("stats.reset.done", "en", game="Spider")
    assert text("stats.game.count", "en", game="Spider", played=0) in [
        dialog.game.itemText(i) for i in range(dialog.game.count())
    ]
    dialog.close()


def test_the_statistics_of_a_game_whose_plugin_is_gone_are_shown_by_its_id(
    qtbot: QtBot, catalog: Catalog, tmp_path: Path
) -> None:
    store = Store(tmp_path)
    played(store, catalog, "klondike", 1, "normal", "a")
    stats = store.statistics()
    old = Statistics({**stats.records, "gone/1/none": stats.records["klondike/1/normal"]}, stats.counted)
    dialog = StatisticsDialog(old, new_catalog(entry_points=False), "en", store=store)
    qtbot.addWidget(dialog)
    dialog.show_game("gone")
    assert dialog.chosen_game() == "gone" and cell_text(dialog.table, 0, 0).startswith("gone")
