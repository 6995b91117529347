"""Help ▸ Rules: the full rules page of the game being played, in the player's language."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, ClassVar, cast

import pytest
from qtgestures import CODE
from qtpy.QtWidgets import QMenu

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Catalog, Registry
from solitaire.core.store import Store
from solitaire.frontends.qt.dialogs import RulesDialog
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.klondike import Klondike

MakeWindow = Callable[..., MainWindow]


def open_rules(qtbot: Any, window: MainWindow) -> RulesDialog:
    """Help ▸ Rules, as the player chooses it."""
    help_menu = cast(QMenu, window.menuBar().actions()[-1].menu())
    (action,) = [a for a in help_menu.actions() if a is window._actions["action.rules"]]
    action.trigger()
    (dialog,) = [d for d in window.findChildren(RulesDialog) if d.isVisible()]
    qtbot.waitExposed(dialog)
    return dialog


@pytest.mark.parametrize(
    ("lang", "code", "words"),
    [
        (
            "en",
            CODE,
            [
                "This game: Klondike · draw 1 · Normal scoring · unlimited redeals",
                "An empty column takes only a king",
                "Every card earns its foundation points once per game.",
                "the waste turned back into the stock, draw 3",
            ],
        ),
        (
            "ru",
            CODE,
            [
                "Эта партия: Клондайк · по 1 · счёт Обычный · без ограничения проходов",
                "Пустой столбец принимает только короля",
                "Каждая карта получает очки за базу один раз за партию.",
                "сброс возвращён в колоду, по 3 карты",
            ],
        ),
        (
            "en",
            "TF1-D3VP3F-AAAAAAG",
            [
                "This game: Réfléchi · draw 3 · Vegas scoring · 3 passes · no foundation returns",
                "All 28 column cards are dealt face up.",
                "In Réfléchi nothing is ever face down",
            ],
        ),
        (
            "ru",
            "TF1-D1N-AAAAAAG",
            [
                "Что меняет Réfléchi",
                "Все 28 карт столбцов сдаются открытыми.",
                "В Réfléchi закрытых карт не бывает",
            ],
        ),
    ],
)
def test_help_rules_shows_the_whole_page_of_the_game_in_the_players_language(
    qtbot: Any, make_window: MakeWindow, catalog: Catalog, lang: str, code: str, words: list[str]
) -> None:
    window = make_window(lang=lang, resume=False)
    window.start(catalog.game_from_code(code), record=False)
    dialog = open_rules(qtbot, window)
    shown = dialog.browser.toPlainText()
    assert [phrase for phrase in words if phrase not in shown] == []
    assert "## " not in shown and "|---" not in shown  # Markdown shown as a page, not as its source
    assert dialog.browser.document().toMarkdown().count("|") > 20  # the tables are tables
    if code.startswith("KL"):
        assert "Réfléchi changes" not in shown and "Что меняет" not in shown


def test_the_rules_page_is_as_tall_as_the_window_and_scrolls(
    qtbot: Any, make_window: MakeWindow, catalog: Catalog
) -> None:
    window = make_window(resume=False)
    window.start(catalog.game_from_code(CODE), record=False)
    dialog = open_rules(qtbot, window)
    assert dialog.height() == window.height() and dialog.width() >= window.width() // 2
    bar = dialog.browser.verticalScrollBar()
    assert bar.maximum() > 0  # the page is longer than the window: it scrolls
    again = open_rules(qtbot, window)  # F1 again: one page, not two
    assert [d for d in window.findChildren(RulesDialog) if d.isVisible()] == [again]


class Westcliff(Klondike):
    """A variant of a plugin that ships no rules page."""

    id: ClassVar[str] = "westcliff-test"
    code_prefix: ClassVar[str] = "WX"
    names: ClassVar[dict[str, str]] = {"en": "Westcliff", "ru": "Уэстклифф"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Three face-down cards a column.",
        "ru": "По три закрытых карты.",
    }


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Westcliff())


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Three face-down cards a column."), ("ru", "По три закрытых")]
)
def test_a_variant_without_a_page_shows_its_summary(qtbot: Any, store: Store, lang: str, words: str) -> None:
    catalog = new_catalog(entry_points=False, plugins=[sys.modules[__name__]])
    window = MainWindow(catalog, store, lang=lang, resume=False)
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    window.start(catalog.new_game(catalog.options("westcliff-test")), record=False)
    shown = open_rules(qtbot, window).browser.toPlainText()
    assert shown.startswith(Westcliff.names[lang]) and words in shown
