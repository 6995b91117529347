"""What a screen reader gets: accessible names with values in the player's language,
banner messages announced, and the keyboard focus told in words (PySolFC #427).

Names are read through the QAccessible API, as assistive technology reads them.
Announcements are caught where the window hands them to Qt
(``QAccessible.updateAccessibility``): offscreen there is no screen reader to hear them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from qtgestures import CODE, click, grip, item_of
from qtpy import QtGui
from qtpy.QtCore import QObject, Qt
from qtpy.QtGui import QAccessible
from qtpy.QtWidgets import QWidget

from solitaire.core.cards import CARDS, Card, Suit
from solitaire.core.refusals import Refusal
from solitaire.core.registry import Catalog
from solitaire.core.state import Column, State
from solitaire.frontends.qt.i18n import text
from solitaire.frontends.qt.speech import card_words, focus_words, plural
from solitaire.frontends.qt.window import MainWindow

MakeWindow = Callable[..., MainWindow]


class Announcements:
    """The announcements the window made, in order: (object, message, interrupting)."""

    def __init__(self) -> None:
        self.made: list[tuple[QObject, str, bool]] = []

    def record(self, event: Any) -> None:
        if event.type() == QAccessible.Event.Announcement:
            assertive = event.politeness() == QAccessible.AnnouncementPoliteness.Assertive
            self.made.append((event.object(), event.message(), assertive))

    @property
    def messages(self) -> list[str]:
        return [message for _, message, _ in self.made]


@pytest.fixture
def announcements(monkeypatch: pytest.MonkeyPatch) -> Announcements:
    if not hasattr(QtGui, "QAccessibleAnnouncementEvent"):
        pytest.skip("announcements need Qt 6.8 or later")
    heard = Announcements()
    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(heard.record))
    return heard


def name_of(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    return str(interface.text(QAccessible.Text.Name))


def playing(make_window: MakeWindow, catalog: Catalog, lang: str, code: str = CODE) -> MainWindow:
    window = make_window(lang=lang, resume=False)
    window.start(catalog.game_from_code(code), record=False)
    window.view.banner.hide()
    return window


def press(qtbot: Any, window: MainWindow, *keys: Qt.Key) -> None:
    for key in keys:
        qtbot.keyClick(window.view, key)


# -- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "score", "moves", "time", "code", "table"),
    [
        ("en", "Score: 10", "Moves: 1", "Time: ", f"Game {CODE}", "Card table: Klondike"),
        ("ru", "Счёт: 10", "Ходы: 1", "Время: ", f"Игра {CODE}", "Карточный стол: Клондайк"),
    ],
    ids=["en", "ru"],
)
def test_status_bar_and_table_names_carry_values_in_the_players_language(
    qtbot: Any,
    make_window: MakeWindow,
    catalog: Catalog,
    lang: str,
    score: str,
    moves: str,
    time: str,
    code: str,
    table: str,
) -> None:
    window = playing(make_window, catalog, lang)
    click(qtbot, window, grip(window.table, item_of(window, "AD")))  # A♦ home: +10
    assert name_of(window.score_label) == score
    assert name_of(window.moves_label) == moves
    assert name_of(window.time_label).startswith(time)
    assert name_of(window.code_button) == code
    assert name_of(window.view) == table


def test_the_names_follow_a_change_of_language(qtbot: Any, make_window: MakeWindow, catalog: Catalog) -> None:
    window = playing(make_window, catalog, "en")
    window.apply_settings(attrs.evolve(window.settings, language="ru"))  # what Preferences does
    assert name_of(window.score_label) == "Счёт: 0"
    assert name_of(window.view) == "Карточный стол: Клондайк"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_winnable_indicator_is_named_by_its_verdict(
    qtbot: Any, make_window: MakeWindow, catalog: Catalog, lang: str
) -> None:
    window = playing(make_window, catalog, lang, "TF1-D1N-AAAAAAG")  # Réfléchi: the indicator shows
    qtbot.waitUntil(lambda: window.indicator.state in ("winnable", "unwinnable", "unknown"), timeout=30_000)
    assert window.indicator.state is not None
    assert name_of(window.indicator) == text(f"indicator.{window.indicator.state}", lang)


# -- announcements -------------------------------------------------------------------------------


def test_a_hint_is_announced(
    qtbot: Any, make_window: MakeWindow, catalog: Catalog, announcements: Announcements
) -> None:
    window = playing(make_window, catalog, "ru")
    window._actions["action.hint"].trigger()
    qtbot.waitUntil(lambda: window.table._hint_items != [])
    assert window.view.banner.text() in announcements.messages
    assert all(source is window.view for source, _, _ in announcements.made)


def test_a_refused_move_is_announced_in_the_players_language(
    qtbot: Any, make_window: MakeWindow, catalog: Catalog, announcements: Announcements
) -> None:
    window = playing(make_window, catalog, "ru")
    assert window.game is not None
    expected = window.game.check("t6>t7")
    assert isinstance(expected, Refusal)
    press(qtbot, window, Qt.Key.Key_Down, Qt.Key.Key_Down, *[Qt.Key.Key_Right] * 5, Qt.Key.Key_Return)
    press(qtbot, window, Qt.Key.Key_Right, Qt.Key.Key_Return)  # 3♠ onto A♥: refused
    message = expected.message("ru")
    assert message in announcements.messages
    # The refusal is said without being cut short by the focus that follows it.
    index = announcements.messages.index(message)
    assert not any(assertive for _, _, assertive in announcements.made[index + 1 :])


def test_the_win_is_announced(
    qtbot: Any, make_window: MakeWindow, catalog: Catalog, announcements: Announcements
) -> None:
    window = make_window(lang="en", resume=False)
    foundations = tuple(
        tuple(card for card in CARDS if card.suit == suit and (suit != Suit.CLUBS or card.rank < 13))
        for suit in Suit
    )
    king = Column((), (Card.parse("KC"),))
    state = State.classic(stock=(), waste=(), foundations=foundations, tableau=(king, *[Column()] * 6))
    window.start(catalog.new_game(catalog.options(deal=7), initial=state), record=False)
    click(qtbot, window, grip(window.table, item_of(window, "KC")))
    assert window.game is not None and window.game.is_won
    assert any(message.startswith("You won! Score ") for message in announcements.messages)


# -- the keyboard focus --------------------------------------------------------------------------


#: The keys pressed in KL1-D1N-AAAAAAG, what is said after each, and whether it cuts short
#: what was said before (an arrow key does; a pick-up or a drop waits its turn).
FOCUS_WALK = [
    (Qt.Key.Key_Right, "Stock: 24 cards", "Колода: 24 карты", True),  # the first key shows the focus
    (Qt.Key.Key_Down, "Column 1: ace of diamonds", "Столбец 1: туз бубён", True),
    (
        Qt.Key.Key_Right,
        "Column 2: jack of clubs, 1 card face down",
        "Столбец 2: валет треф, 1 закрытая карта",
        True,
    ),
    (
        Qt.Key.Key_Right,
        "Column 3: king of diamonds, 2 cards face down",
        "Столбец 3: король бубён, 2 закрытые карты",
        True,
    ),
    (
        Qt.Key.Key_Right,
        "Column 4: ten of clubs, 3 cards face down",
        "Столбец 4: десятка треф, 3 закрытые карты",
        True,
    ),
    (
        Qt.Key.Key_Right,
        "Column 5: nine of diamonds, 4 cards face down",
        "Столбец 5: девятка бубён, 4 закрытые карты",
        True,
    ),
    (
        Qt.Key.Key_Return,
        "Column 5: nine of diamonds, 4 cards face down, holding nine of diamonds",
        "Столбец 5: девятка бубён, 4 закрытые карты, в руке: девятка бубён",
        False,
    ),
    (
        Qt.Key.Key_Left,
        "Column 4: ten of clubs, 3 cards face down, holding nine of diamonds",
        "Столбец 4: десятка треф, 3 закрытые карты, в руке: девятка бубён",
        True,
    ),
    (
        Qt.Key.Key_Return,
        "Column 4: nine of diamonds, 3 cards face down",
        "Столбец 4: девятка бубён, 3 закрытые карты",
        False,
    ),
    (
        Qt.Key.Key_Up,
        "Column 4: a group of 2 cards: ten of clubs to nine of diamonds, 3 cards face down",
        "Столбец 4: группа из 2 карт: десятка треф — девятка бубён, 3 закрытые карты",
        True,
    ),
]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_focused_pile_and_card_are_announced(
    qtbot: Any, make_window: MakeWindow, catalog: Catalog, announcements: Announcements, lang: str
) -> None:
    window = playing(make_window, catalog, lang)
    for key, en, ru, interrupting in FOCUS_WALK:
        announcements.made.clear()
        press(qtbot, window, key)
        assert announcements.made == [(window.view, en if lang == "en" else ru, interrupting)]
    assert window.game is not None and window.game.actions == ["t5>t4"]


# -- cards and piles in words --------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_card_has_its_own_name(lang: str) -> None:
    names = {card_words(card, lang) for card in CARDS}
    assert len(names) == 52


@pytest.mark.parametrize(
    ("card", "en", "ru"),
    [
        ("7H", "seven of hearts", "семёрка червей"),
        ("AS", "ace of spades", "туз пик"),
        ("TD", "ten of diamonds", "десятка бубён"),
        ("QC", "queen of clubs", "дама треф"),
        ("KH", "king of hearts", "король червей"),
    ],
)
def test_card_names(card: str, en: str, ru: str) -> None:
    assert (card_words(Card.parse(card), "en"), card_words(Card.parse(card), "ru")) == (en, ru)


@pytest.mark.parametrize(
    ("count", "ru"),
    [
        (1, "1 карта"),
        (2, "2 карты"),
        (4, "4 карты"),
        (5, "5 карт"),
        (11, "11 карт"),
        (21, "21 карта"),
        (24, "24 карты"),
    ],
)
def test_russian_counts_agree_with_their_number(count: int, ru: str) -> None:
    assert plural("a11y.cards", "ru", count) == ru
    assert plural("a11y.cards", "en", count) == (f"{count} card" if count == 1 else f"{count} cards")


def test_a_group_a_foundation_and_an_empty_pile_in_words() -> None:
    group = Column((Card.parse("2S"),), tuple(Card.parse(c) for c in ("9C", "8H", "7S")))
    hearts = tuple(Card.parse(c) for c in ("AH", "2H"))
    state = State.classic(stock=(), waste=(), foundations=((), hearts, (), ()), tableau=(group, Column()))
    assert focus_words(state, "t1", 3, "en") == (
        "Column 1: a group of 3 cards: nine of clubs to seven of spades, 1 card face down"
    )
    assert focus_words(state, "t1", 3, "ru") == (
        "Столбец 1: группа из 3 карт: девятка треф — семёрка пик, 1 закрытая карта"
    )
    assert focus_words(state, "f2", 1, "en") == "Foundation of hearts: two of hearts"
    assert focus_words(state, "f2", 1, "ru") == "База червей: двойка червей"
    assert focus_words(state, "t2", 1, "en") == "Column 2: empty"
    assert focus_words(state, "s", 1, "ru") == "Колода: пусто"
    assert focus_words(state, "w", 1, "en") == "Waste: empty"
