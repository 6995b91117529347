"""Playing with the mouse and the keyboard on the real table widget (offscreen)."""

from __future__ import annotations

import attrs
import pytest
from pytestqt.qtbot import QtBot
from qtgestures import (
    CODE,
    click,
    double_click,
    drag,
    drag_card,
    grip,
    item_of,
    pile_point,
    positions_match_layout,
    without_rules,
)
from qtpy.QtCore import QPointF, Qt

from solitaire.core.cards import Card
from solitaire.core.refusals import Refusal
from solitaire.frontends.qt.window import MainWindow

# KL1-D1N-AAAAABM after t4>t5: t5 is #### Q♣ J♥, t6 ##### K♥, t3 ## ## 9♥.
GROUP_CODE = "KL1-D1N-AAAAABM"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def start(window: MainWindow, code: str, *actions: str) -> None:
    game = window.catalog.game_from_code(code)
    for action in actions:
        game.play(action)
    window.start(game, record=False)
    window.view.banner.hide()


def refusal_of(window: MainWindow, move: str) -> Refusal:
    assert window.game is not None
    refusal = window.game.check(move)
    assert isinstance(refusal, Refusal), f"{move} should be refused here"
    return refusal


def banner_text(window: MainWindow) -> str | None:
    banner = window.view.banner
    return banner.text() if banner.isVisible() else None


# -- dragging ------------------------------------------------------------------------------------


def test_dragging_a_card_onto_a_column_plays_the_move(qtbot: QtBot, window: MainWindow) -> None:
    drag_card(qtbot, window, "9D", "t4")
    assert window.game is not None
    assert window.game.actions == ["t5>t4"]
    assert window.game.state.tableau[3].up == cards("TC 9D")
    assert len(window.game.state.tableau[4].up) == 1  # the card under 9♦ turned up
    assert window.table.where[Card.parse("9D")] == ("t4", 4)
    assert positions_match_layout(window)


def test_dragging_a_group_onto_a_column_moves_all_of_it(qtbot: QtBot, window: MainWindow) -> None:
    start(window, GROUP_CODE, "t4>t5")
    assert window.game is not None
    drag_card(qtbot, window, "QC", "t6")
    assert window.game.actions[-1] == "t5:2>t6"
    assert window.game.state.tableau[5].up == cards("KH QC JH")
    assert positions_match_layout(window)


def test_dragging_a_card_onto_its_foundation(qtbot: QtBot, window: MainWindow) -> None:
    drag_card(qtbot, window, "AD", "f3")
    assert window.game is not None
    assert window.game.actions == ["t1>f"]
    assert window.game.state.foundations[2] == cards("AD")
    assert positions_match_layout(window)


def test_dragging_from_the_waste_plays_the_move(qtbot: QtBot, window: MainWindow) -> None:
    start(window, CODE, "s", "s", "s", "s")  # Q♣ on the waste fits on t3's K♦
    assert window.game is not None
    drag_card(qtbot, window, "QC", "t3")
    assert window.game.actions[4:] == ["w>t3"]
    assert window.game.state.tableau[2].up == cards("KD QC")
    assert positions_match_layout(window)


def test_dragging_from_the_waste_to_a_foundation(qtbot: QtBot, window: MainWindow) -> None:
    start(window, CODE, "s", "s", "s")  # A♠ on the waste
    assert window.game is not None
    drag_card(qtbot, window, "AS", "f1")
    assert window.game.actions[3:] == ["w>f"]
    assert window.game.state.foundations[0] == cards("AS")


@pytest.mark.parametrize(
    ("code", "actions", "card", "target", "move"),
    [
        pytest.param(CODE, (), "3S", "t7", "t6>t7", id="card"),
        pytest.param(GROUP_CODE, ("t4>t5",), "QC", "t3", "t5:2>t3", id="group"),
        pytest.param(CODE, ("s", "s", "s", "s"), "QC", "t4", "w>t4", id="waste-card"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_illegal_drop_flies_back_and_says_why(
    qtbot: QtBot,
    window: MainWindow,
    code: str,
    actions: tuple[str, ...],
    card: str,
    target: str,
    move: str,
    lang: str,
) -> None:
    window.apply_settings(attrs.evolve(window.settings, language=lang, animations=True), save=False)
    start(window, code, *actions)
    assert window.game is not None
    before, journal = window.game.state, list(window.game.journal)
    expected = refusal_of(window, move).message(lang)
    drag_card(qtbot, window, card, target)
    # Let go over the target: the cards are not left lying there.
    window.table.finish_animations()
    assert positions_match_layout(window)
    assert window.game.state == before
    assert window.game.journal == journal
    text = banner_text(window)
    assert text is not None, "no message for a refused drop"
    assert expected in text


@pytest.mark.parametrize(
    ("code", "actions", "card", "target"),
    [
        pytest.param(CODE, (), "3S", "t7", id="column-card"),
        pytest.param(CODE, ("s", "s", "s", "s"), "QC", "t4", id="waste-card"),
    ],
)
def test_without_interactive_rules_a_refused_drop_is_silent(
    qtbot: QtBot, window: MainWindow, code: str, actions: tuple[str, ...], card: str, target: str
) -> None:
    start(window, code, *actions)
    without_rules(window)
    assert window.game is not None
    before = window.game.state
    seen: list[Refusal] = []
    window.table.refused.connect(seen.append)
    drag_card(qtbot, window, card, target)
    assert seen, "the drop was not tried against the rules"
    assert window.game.state == before
    assert positions_match_layout(window)
    assert banner_text(window) is None


def test_a_drop_back_on_its_own_pile_or_on_the_felt_changes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    assert window.game is not None
    scene = window.table
    near = grip(scene, item_of(window, "3S"))
    drag(qtbot, window, near, near + QPointF(scene.card_width * 0.3, scene.card_height * 0.2))
    felt = QPointF(scene.sceneRect().width() - 5, scene.sceneRect().height() - 5)
    assert scene.pile_at(felt) is None
    drag(qtbot, window, grip(scene, item_of(window, "AD")), felt)
    assert window.game.journal == []
    assert positions_match_layout(window)
    assert banner_text(window) is None


def test_the_stock_and_face_down_cards_do_not_travel(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.table
    assert window.game is not None
    tableau = window.game.state.tableau
    face_down = scene.pile_cards("t7")[0]
    drag(qtbot, window, grip(scene, face_down), pile_point(scene, "t1"))
    assert window.game.journal == []
    stock_top = scene.pile_cards("s")[-1]
    drag(qtbot, window, grip(scene, stock_top), pile_point(scene, "t4"))
    assert window.game.actions in ([], ["s"])  # at most a tap of the stock
    assert window.game.state.tableau == tableau
    assert positions_match_layout(window)


# -- clicking ------------------------------------------------------------------------------------


def test_a_click_sends_a_card_to_its_foundation(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, grip(window.table, item_of(window, "AD")))
    assert window.game is not None
    assert window.game.actions == ["t1>f"]
    assert window.game.state.foundations[2] == cards("AD")
    assert positions_match_layout(window)


def test_a_click_on_a_card_that_cannot_go_home_plays_nothing(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, grip(window.table, item_of(window, "9D")))
    assert window.game is not None
    assert window.game.journal == []
    assert positions_match_layout(window)  # and it says why: see test_table.py


def test_a_click_on_the_stock_draws(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, pile_point(window.table, "s"))
    assert window.game is not None
    assert window.game.actions == ["s"]
    assert window.game.state.waste == cards("QH")
    assert window.table.where[Card.parse("QH")] == ("w", 0)
    assert item_of(window, "QH").face_up


def test_clicking_through_the_stock_recycles_it_under_normal_scoring(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.game is not None
    for _ in range(24):
        click(qtbot, window, pile_point(window.table, "s"))
    assert window.game.state.stock == ()
    assert len(window.game.state.waste) == 24
    assert window.table.pile_cards("s") == []
    click(qtbot, window, pile_point(window.table, "s"))  # the empty stock's place
    assert window.game.actions == ["s"] * 25
    assert window.game.state.waste == ()
    assert len(window.game.state.stock) == 24
    assert window.game.state.pass_number == 2
    assert positions_match_layout(window)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_vegas_refuses_a_second_pass_with_a_message(qtbot: QtBot, window: MainWindow, lang: str) -> None:
    window.apply_settings(attrs.evolve(window.settings, language=lang), save=False)
    start(window, "KL1-D1V-AAAAAAG")
    assert window.game is not None
    for _ in range(24):
        click(qtbot, window, pile_point(window.table, "s"))
    assert window.game.state.stock == ()
    expected = refusal_of(window, "s")
    assert expected.rule == "stock.no-passes-left"
    click(qtbot, window, pile_point(window.table, "s"))
    assert len(window.game.journal) == 24
    assert len(window.game.state.waste) == 24
    text = banner_text(window)
    assert text is not None and expected.message(lang) in text


def test_a_double_click_moves_a_card_onto_the_column_that_takes_it(qtbot: QtBot, window: MainWindow) -> None:
    double_click(qtbot, window, grip(window.table, item_of(window, "9D")))
    assert window.game is not None
    assert window.game.actions == ["t5>t4"]
    assert window.game.state.tableau[3].up == cards("TC 9D")
    assert positions_match_layout(window)


def test_a_double_click_on_a_group_moves_the_group(qtbot: QtBot, window: MainWindow) -> None:
    start(window, GROUP_CODE, "t4>t5")
    double_click(qtbot, window, grip(window.table, item_of(window, "QC")))
    assert window.game is not None
    assert window.game.actions[-1] == "t5:2>t6"


def test_a_double_click_does_nothing_when_the_setting_is_off(qtbot: QtBot, window: MainWindow) -> None:
    window.apply_settings(attrs.evolve(window.settings, double_tap=False), save=False)
    double_click(qtbot, window, grip(window.table, item_of(window, "9D")))
    assert window.game is not None
    assert window.game.journal == []
    assert positions_match_layout(window)


def test_a_double_click_on_a_card_nothing_takes_says_so(qtbot: QtBot, window: MainWindow) -> None:
    expected = window.game.double_tap("t6") if window.game else None
    assert isinstance(expected, Refusal)
    double_click(qtbot, window, grip(window.table, item_of(window, "3S")))
    assert window.game is not None
    assert window.game.journal == []
    text = banner_text(window)
    assert text is not None and expected.message("en") in text


# -- the keyboard --------------------------------------------------------------------------------


def press(qtbot: QtBot, window: MainWindow, *keys: Qt.Key) -> None:
    for key in keys:
        qtbot.keyClick(window.view, key)


def test_the_focus_shows_only_once_a_key_is_pressed(qtbot: QtBot, window: MainWindow) -> None:
    focus = window.table._focus_item
    assert not focus.isVisible()
    press(qtbot, window, Qt.Key.Key_Right)
    assert focus.isVisible()
    assert window.table.focused_pile() == "s"  # the first key only shows where the focus is
    click(qtbot, window, pile_point(window.table, "t4"))  # a click hides it again
    assert not focus.isVisible()


def test_arrow_keys_move_the_focus(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.table
    press(qtbot, window, Qt.Key.Key_Right)  # show the focus
    visited = []
    for key in (
        Qt.Key.Key_Right,
        Qt.Key.Key_Right,
        Qt.Key.Key_Left,
        Qt.Key.Key_Down,
        Qt.Key.Key_Right,
        Qt.Key.Key_Up,
        Qt.Key.Key_Left,
        Qt.Key.Key_Left,
    ):
        press(qtbot, window, key)
        visited.append(scene.focused_pile())
    # Up from t3 (slot 2) goes to the nearest top pile, the waste (slot 1) before f1 (slot 3);
    # Left from the stock wraps round to the last foundation.
    assert visited == ["w", "f1", "w", "t2", "t3", "w", "s", "f4"]
    # The focus outline surrounds the focused pile.
    press(qtbot, window, Qt.Key.Key_Right, Qt.Key.Key_Down)
    assert scene.focused_pile() == "t1"
    outline = scene._focus_item.sceneBoundingRect()
    assert outline.contains(item_of(window, "AD").sceneBoundingRect())


def test_enter_picks_up_and_drops_on_a_foundation(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.table
    press(qtbot, window, Qt.Key.Key_Right, Qt.Key.Key_Down)
    assert scene.focused_pile() == "t1"
    press(qtbot, window, Qt.Key.Key_Return)
    assert scene.held == ("t1", 1)
    press(qtbot, window, Qt.Key.Key_Up, *[Qt.Key.Key_Right] * 4)
    assert scene.focused_pile() == "f3"
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.game is not None
    assert window.game.actions == ["t1>f"]
    assert scene.held is None


def test_space_on_the_stock_draws_and_enter_moves_to_a_column(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.table
    press(qtbot, window, Qt.Key.Key_Space, Qt.Key.Key_Space)  # show the focus, then draw
    assert window.game is not None
    assert window.game.actions == ["s"]
    # 9♦ from t5 onto t4's 10♣ with the keyboard.
    press(qtbot, window, Qt.Key.Key_Down, *[Qt.Key.Key_Right] * 4, Qt.Key.Key_Enter)
    assert scene.held == ("t5", 1)
    press(qtbot, window, Qt.Key.Key_Left, Qt.Key.Key_Enter)
    assert window.game.actions == ["s", "t5>t4"]


def test_escape_cancels_a_pick(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.table
    press(qtbot, window, Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Return)
    assert scene.focused_pile() == "t1"
    assert scene.held == ("t1", 1)
    press(qtbot, window, Qt.Key.Key_Escape)
    assert scene.held is None
    # Enter on a foundation now picks nothing up and moves nothing.
    press(qtbot, window, Qt.Key.Key_Up, *[Qt.Key.Key_Right] * 4, Qt.Key.Key_Return)
    assert window.game is not None
    assert window.game.journal == []
    assert scene.held is None


def test_a_refused_keyboard_drop_says_why(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.table
    expected = refusal_of(window, "t6>t7").message("en")
    press(qtbot, window, Qt.Key.Key_Down, Qt.Key.Key_Down, *[Qt.Key.Key_Right] * 5, Qt.Key.Key_Return)
    assert scene.held == ("t6", 1)
    press(qtbot, window, Qt.Key.Key_Right, Qt.Key.Key_Return)
    assert window.game is not None
    assert window.game.journal == []
    text = banner_text(window)
    assert text is not None and expected in text
