"""The solver in the window: hints in the background, the "still winnable?" indicator,
and new games from winnable deals only.

Most tests think in threads (a window made without ``worker_catalog``), where a
slow hint provider or a slowed solver can be held and released by the test; a
few go through worker processes, as the ``solitaire`` command's window does.
"""

from __future__ import annotations

import functools
import gc
import itertools
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from pytestqt.qtbot import QtBot
from qtpy.QtCore import Qt
from qtpy.QtWidgets import QApplication, QDialog, QGraphicsRectItem, QPushButton

from solitaire.core.cards import CARDS, Card, Suit
from solitaire.core.game import Game
from solitaire.core.hints import Hint
from solitaire.core.hookspecs import hookimpl
from solitaire.core.i18n import has_translation, ngettext
from solitaire.core.moves import Move
from solitaire.core.registry import Catalog
from solitaire.core.ruleset import Ruleset
from solitaire.core.solver import SolveResult, Verdict, solve
from solitaire.core.state import Column, State
from solitaire.core.store import Settings, Store
from solitaire.frontends.qt import app, jobs, thinking
from solitaire.frontends.qt.dialogs import NewGameDialog, SettingsDialog
from solitaire.frontends.qt.i18n import TEXTS, Counted, text
from solitaire.frontends.qt.window import MainWindow
from solitaire.frontends.qt.winnability import position_key
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.klondike import Klondike

#: Klondike draw 3, deal 2: no card of it ever plays (the solver's doctest).
UNWINNABLE_KLONDIKE = "KL1-D3N-AAAAAAC"
REFLECHI = "TF1-D1N-AAAAAAG"
#: Generous enough that every verdict these tests expect is reached.
PATIENT: dict[str, Any] = {"max_nodes": 2_000_000, "timeout": 60.0}

#: The ``open_window`` fixture: a shown window over a catalog.
OpenWindow = Callable[..., MainWindow]


# -- windows and positions -----------------------------------------------------------------------


@pytest.fixture
def open_window(qtbot: QtBot, store: Store) -> OpenWindow:
    """Shown windows over any catalog; threads unless ``worker_catalog`` is given."""

    def open_(catalog: Catalog, *, lang: str = "en", **params: Any) -> MainWindow:
        window = MainWindow(catalog, store, lang=lang, resume=False, **params)
        qtbot.addWidget(window)
        window.table.animations = False
        window.resize(1100, 760)
        window.show()
        qtbot.waitExposed(window)
        window.view.banner.hide()
        return window

    return open_


def cards_of(suit: Suit, first: int = 1, last: int = 13) -> tuple[Card, ...]:
    return tuple(card for card in CARDS if card.suit == suit and first <= card.rank <= last)


def kings_left(catalog: Catalog, variant: str = "reflechi") -> Any:
    """A game one move from a win per suit: every card home but the four kings, one a column."""
    foundations = tuple(cards_of(suit, last=12) for suit in Suit)
    tableau = tuple(Column((), (card,)) for card in cards_of_rank(13)) + (Column(),) * 3
    state = State.classic((), (), foundations, tableau)
    return catalog.new_game(catalog.options(variant, 1), initial=state)


def cards_of_rank(rank: int) -> tuple[Card, ...]:
    return tuple(card for card in CARDS if card.rank == rank)


def spades_stuck(catalog: Catalog) -> Any:
    """Réfléchi without foundation returns, the other suits home, A♠ under 2♠ in one
    column and 3♠..K♠ out of order in another: nothing can ever move."""
    foundations = ((), *(cards_of(suit) for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)))
    spades = cards_of(Suit.SPADES)
    tableau = (Column((), spades[:2]), Column((), spades[:1:-1])) + (Column(),) * 5
    state = State.classic((), (), foundations, tableau)
    return catalog.new_game(catalog.options("reflechi", 1, returns_allowed=False), initial=state)


def banner(window: MainWindow) -> str:
    return window.view.banner.text() if window.view.banner.isVisible() else ""


def hint_outlines(window: MainWindow) -> list[QGraphicsRectItem]:
    """The outlines a hint draws (the keyboard focus is a rectangle too, but hidden)."""
    return [item for item in window.table.items() if isinstance(item, QGraphicsRectItem) and item.isVisible()]


# -- a hint provider the test holds, and a solver the test holds ----------------------------------


class HeldHint:
    """Answers "t1>f" once the test releases it (or after 20 s), noting whether it was released."""

    MESSAGE: ClassVar[dict[str, str]] = {"en": "Held hint.", "ru": "Задержанная подсказка."}

    def __init__(self) -> None:
        self.release = threading.Event()
        self.asked = threading.Event()
        self.answered = threading.Event()
        self.released_first: list[bool] = []

    @hookimpl(tryfirst=True)
    def solitaire_hint(self, state: State, rules: Ruleset) -> Hint | None:
        self.asked.set()
        self.released_first.append(self.release.wait(20))
        self.answered.set()
        return Hint(Move.parse("t1>f"), self.MESSAGE)


@attrs.define
class HeldSolve:
    """Stands in for the solver in the window's thinking: each call waits for the
    test (``verdict``) or for its cancel event, and is recorded."""

    verdict: Verdict | None = None
    calls: list[tuple[State, threading.Event]] = attrs.Factory(list)
    release: threading.Event = attrs.Factory(threading.Event)

    def __call__(self, state: State, rules: Ruleset, **budget: Any) -> SolveResult:
        cancel = budget["cancel"]
        self.calls.append((state, cancel))
        while not self.release.wait(0.005):
            if cancel.is_set():
                # A stale search says "unwinnable", so that showing it would be noticed.
                return SolveResult("unwinnable")
        return SolveResult(self.verdict or "winnable")


@pytest.fixture
def held_solve(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSolve]:
    held = HeldSolve()
    monkeypatch.setattr(jobs, "solve", held)
    yield held
    held.release.set()


# -- hints ---------------------------------------------------------------------------------------


def test_a_hint_arrives_without_blocking_the_window(qtbot: QtBot, open_window: OpenWindow) -> None:
    provider = HeldHint()
    window = open_window(new_catalog(entry_points=False, plugins=[provider]))
    window.hint()  # returns at once: the provider is still held
    assert provider.asked.wait(5)
    assert not provider.answered.is_set()
    qtbot.waitUntil(lambda: banner(window) == text("message.hint.thinking", "en"))
    provider.release.set()
    qtbot.waitUntil(lambda: banner(window) == "Held hint.")
    assert provider.released_first == [True]  # it answered after the window had moved on
    assert hint_outlines(window)


def test_a_hint_marks_the_game_as_helped(qtbot: QtBot, open_window: OpenWindow) -> None:
    window = open_window(new_catalog(entry_points=False))
    assert window.helped is False
    window.hint()
    qtbot.waitUntil(lambda: bool(hint_outlines(window)))
    assert window.helped is True  # a win now counts as won with help


def test_a_hint_for_a_position_left_behind_is_dropped(qtbot: QtBot, open_window: OpenWindow) -> None:
    provider = HeldHint()
    window = open_window(new_catalog(entry_points=False, plugins=[provider]))
    window.hint()
    assert provider.asked.wait(5)
    assert window.game is not None
    window.game.perform("s")  # the table changes while the hint is thought about
    assert not window.thinker.busy("hint")
    provider.release.set()
    assert provider.answered.wait(5)
    qtbot.wait(5 * thinking.POLL_MS)
    assert banner(window) != "Held hint." and not hint_outlines(window)

    window.hint()  # the new position gets its own hint
    qtbot.waitUntil(lambda: banner(window) == "Held hint.")
    assert provider.released_first == [True, True]


def test_asking_again_while_thinking_asks_once(qtbot: QtBot, open_window: OpenWindow) -> None:
    provider = HeldHint()
    window = open_window(new_catalog(entry_points=False, plugins=[provider]))
    window.hint()
    assert provider.asked.wait(5)  # the first question is being thought about
    window.hint()
    provider.release.set()
    qtbot.waitUntil(lambda: banner(window) == "Held hint.")
    qtbot.wait(5 * thinking.POLL_MS)
    assert provider.released_first == [True]


def test_hints_come_from_a_worker_process(qtbot: QtBot, open_window: OpenWindow, catalog: Catalog) -> None:
    window = open_window(catalog, worker_catalog=functools.partial(new_catalog, entry_points=False))
    assert window.thinker.in_processes
    game = catalog.game_from_code(REFLECHI)
    window.start(game, record=False)
    expected = catalog.hint(game.state, game.rules)
    window.hint()
    qtbot.waitUntil(lambda: banner(window) == expected.reason("en"), timeout=60_000)
    assert expected.move is not None and hint_outlines(window)
    assert window.thinker.fallbacks == 0


def test_a_hint_that_cannot_be_worked_out_says_so_and_why(
    qtbot: QtBot,
    open_window: OpenWindow,
    catalog: Catalog,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def fail(job: jobs.HintJob, context: jobs.Context, cancel: threading.Event) -> jobs.HintAnswer:
        raise RuntimeError("the hint\nbroke")

    monkeypatch.setattr(jobs.HintJob, "run", fail)
    window = open_window(catalog, lang="ru")
    window.hint()
    qtbot.waitUntil(lambda: banner(window) == text("message.hint.unavailable", "ru"))
    assert banner(window) != text("message.hint.none", "ru")  # not "no useful move": none was sought
    assert "RuntimeError: the hint broke\n" in capsys.readouterr().err


def test_a_verdict_that_cannot_be_worked_out_says_why(
    qtbot: QtBot,
    open_window: OpenWindow,
    catalog: Catalog,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def fail(state: State, rules: Ruleset, **budget: Any) -> SolveResult:
        raise ValueError("no verdict today")

    monkeypatch.setattr(jobs, "solve", fail)
    window = open_window(catalog)
    window.start(catalog.game_from_code(REFLECHI), record=False)
    qtbot.waitUntil(lambda: window.indicator.state == "unknown")
    assert "ValueError: no verdict today" in capsys.readouterr().err


# -- the indicator -------------------------------------------------------------------------------


def indicator_text(window: MainWindow) -> str:
    return window.indicator.text() if window.indicator.isVisible() else ""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_indicator_says_winnable(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, lang: str
) -> None:
    window = open_window(catalog, lang=lang)
    game = kings_left(catalog)
    window.start(game, record=False)
    qtbot.waitUntil(lambda: window.indicator.state == "winnable")
    assert indicator_text(window) == text("indicator.winnable", lang)
    assert solve(game.state, game.rules).verdict == "winnable"


def test_the_indicator_says_not_winnable(qtbot: QtBot, open_window: OpenWindow, catalog: Catalog) -> None:
    window = open_window(catalog)
    game = spades_stuck(catalog)
    assert game.legal_moves() == []
    window.start(game, record=False)
    qtbot.waitUntil(lambda: window.indicator.state == "unwinnable")
    assert indicator_text(window) == "Not winnable"


def test_the_indicator_says_unknown_when_its_budget_runs_out(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog
) -> None:
    window = open_window(catalog)
    window.verdict_budget = (0, 30.0)
    window.start(catalog.game_from_code(REFLECHI), record=False)
    qtbot.waitUntil(lambda: window.indicator.state == "unknown")
    assert indicator_text(window) == "Winnable? Unknown"


def start_asking(qtbot: QtBot, window: MainWindow, catalog: Catalog, held_solve: HeldSolve) -> Game:
    """Start a Réfléchi game and wait until the indicator has asked the (held) solver."""
    game = catalog.game_from_code(REFLECHI)
    window.start(game, record=False)
    qtbot.waitUntil(lambda: len(held_solve.calls) == 1)
    return game


def test_an_unknown_verdict_is_not_remembered(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, held_solve: HeldSolve
) -> None:
    window = open_window(catalog)
    game = start_asking(qtbot, window, catalog, held_solve)
    held_solve.verdict = "unknown"  # the budget ran out
    held_solve.release.set()
    qtbot.waitUntil(lambda: window.indicator.state == "unknown")
    assert position_key(game.state) not in window.verdicts
    held_solve.release.clear()
    game.perform("s")
    qtbot.waitUntil(lambda: len(held_solve.calls) == 2)
    game.undo()  # back to the position found "unknown": it is asked about again
    qtbot.waitUntil(lambda: len(held_solve.calls) == 3)
    assert position_key(held_solve.calls[2][0]) == position_key(held_solve.calls[0][0])
    held_solve.verdict = "winnable"
    held_solve.release.set()
    qtbot.waitUntil(lambda: window.indicator.state == "winnable")


def test_the_indicator_says_thinking_then_the_verdict(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, held_solve: HeldSolve
) -> None:
    window = open_window(catalog)
    window.start(catalog.game_from_code(REFLECHI), record=False)
    qtbot.waitUntil(lambda: window.indicator.state == "thinking" and len(held_solve.calls) == 1)
    assert indicator_text(window) == "Winnable? Thinking…"
    held_solve.verdict = "winnable"
    held_solve.release.set()
    qtbot.waitUntil(lambda: window.indicator.state == "winnable")


def test_a_change_cancels_the_verdict_on_its_way(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, held_solve: HeldSolve
) -> None:
    window = open_window(catalog)
    game = start_asking(qtbot, window, catalog, held_solve)
    first_position, first_cancel = held_solve.calls[0]
    game.perform("s")
    qtbot.waitUntil(lambda: first_cancel.is_set())
    qtbot.waitUntil(lambda: len(held_solve.calls) == 2)
    assert held_solve.calls[1][0] == game.state != first_position
    qtbot.wait(5 * thinking.POLL_MS)
    assert window.indicator.state != "unwinnable"  # the stale search's answer never shows
    held_solve.verdict = "winnable"
    held_solve.release.set()
    qtbot.waitUntil(lambda: window.indicator.state == "winnable")

    game.undo()  # back to a position judged before (by the cancelled search: not at all)
    qtbot.waitUntil(lambda: len(held_solve.calls) == 3)
    game.redo()  # a position whose verdict is known: no new search
    assert window.indicator.state == "winnable"
    qtbot.wait(300)
    assert len(held_solve.calls) == 3


def test_thinking_threads_leave_cycles_to_the_window_thread_and_closing_waits_for_them(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, held_solve: HeldSolve
) -> None:
    # Cyclic garbage holding Qt objects must not be collected on a thinking thread.
    assert gc.isenabled()
    window = open_window(catalog)
    window.start(catalog.game_from_code(REFLECHI), record=False)
    qtbot.waitUntil(lambda: len(held_solve.calls) == 1)
    assert not gc.isenabled()
    window.close()  # tells the search to stop, and waits for it
    assert held_solve.calls[0][1].is_set() and gc.isenabled()


def test_klondike_shows_the_indicator_only_when_asked_and_says_it_knows_the_hidden_cards(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog
) -> None:
    window = open_window(catalog)
    assert window.settings.winnable_indicator == "open"
    window.start(catalog.game_from_code(UNWINNABLE_KLONDIKE), record=False)
    QApplication.processEvents()
    assert window.indicator.state is None and not window.indicator.isVisible()
    assert window.helped is False

    window.apply_settings(attrs.evolve(window.settings, winnable_indicator="always"))
    qtbot.waitUntil(lambda: window.indicator.state == "unwinnable")
    assert indicator_text(window) == "Not winnable (knows the hidden cards)"
    assert window.helped is True  # the verdict told something about the face-down cards
    assert "face-down cards" in window.indicator.toolTip()
    window.apply_settings(attrs.evolve(window.settings, language="ru"))
    assert indicator_text(window) == "Выиграть нельзя (зная закрытые карты)"

    window.apply_settings(attrs.evolve(window.settings, winnable_indicator="off"))
    assert not window.indicator.isVisible()
    window.start(kings_left(catalog), record=False)
    QApplication.processEvents()
    assert window.indicator.state is None


@pytest.mark.parametrize(
    ("code", "verdict"),
    [("PY1-D1X-AAAAAAC", "winnable"), ("PY1-D1X-AAAAAAA", "unwinnable"), ("TP1-D1T-AAAAAAB", "winnable")],
)
def test_the_indicator_asks_pyramids_and_tripeaks_own_solvers(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, code: str, verdict: str
) -> None:
    window = open_window(catalog)
    window.apply_settings(attrs.evolve(window.settings, winnable_indicator="always"))
    game = catalog.game_from_code(code)
    window.start(game, record=False)
    qtbot.waitUntil(lambda: window.indicator.state == verdict, timeout=60_000)
    assert solve(game.state, game.rules).verdict == verdict


def test_preferences_choose_the_indicator(qtbot: QtBot) -> None:
    dialog = SettingsDialog(Settings(), "en")
    qtbot.addWidget(dialog)
    modes = [dialog.indicator.itemData(i) for i in range(dialog.indicator.count())]
    assert modes == ["off", "open", "always"]
    assert dialog.indicator.currentData() == "open"
    dialog.indicator.setCurrentIndex(dialog.indicator.findData("always"))
    assert dialog.settings().winnable_indicator == "always"


def test_a_saved_indicator_setting_is_kept(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(winnable_indicator="always", winnable_only=True))
    assert store.settings() == Settings(winnable_indicator="always", winnable_only=True)
    with pytest.raises(ValueError, match="winnable_indicator"):
        Settings(winnable_indicator="sometimes")


def test_the_indicator_thinks_in_a_worker_process(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog
) -> None:
    window = open_window(catalog, worker_catalog=functools.partial(new_catalog, entry_points=False))
    window.start(spades_stuck(catalog), record=False)
    qtbot.waitUntil(lambda: window.indicator.state == "unwinnable", timeout=60_000)
    window.start(kings_left(catalog), record=False)
    qtbot.waitUntil(lambda: window.indicator.state == "winnable", timeout=60_000)
    assert window.thinker.fallbacks == 0


# -- winnable deals only -------------------------------------------------------------------------


def unwinnable_deal(catalog: Catalog) -> int:
    return catalog.options_from_code(UNWINNABLE_KLONDIKE).deal


def test_winnable_only_passes_over_deals_the_solver_does_not_prove(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog
) -> None:
    window = open_window(catalog)
    before = window.game
    options = catalog.options("klondike", 3)
    bad = unwinnable_deal(catalog)
    deals = itertools.chain([bad, bad], itertools.count(1000))
    search = window.new_winnable_game(options, random_deal=lambda: next(deals))
    assert search is not None
    qtbot.waitUntil(lambda: window.game is not before, timeout=60_000)
    game = window.game
    assert game is not None and game.rules.options.deal != bad
    assert game.rules.options == attrs.evolve(options, deal=game.rules.options.deal)
    assert search.tried >= 3
    assert game.code == catalog.code(game.rules.options)  # the code of the deal, nothing more
    assert solve(game.state, game.rules, **PATIENT).verdict == "winnable"
    assert text("search.found", "en", code=game.code, tried=search.tried) == banner(window)


def test_winnable_only_through_the_new_game_dialog(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    def exec_(dialog: NewGameDialog) -> int:
        dialog.select_game("reflechi")
        assert dialog.winnable_only.isEnabled()
        dialog.winnable_only.setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    window = open_window(catalog)
    before = window.game
    window.ask_new_game()
    assert store.settings().winnable_only
    qtbot.waitUntil(lambda: window.game is not before, timeout=60_000)
    game = window.game
    assert game is not None and game.rules.variant.id == "reflechi"
    assert solve(game.state, game.rules, **PATIENT).verdict == "winnable"


def test_winnable_only_can_be_cancelled(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, held_solve: HeldSolve
) -> None:
    window = open_window(catalog)
    before = window.game
    search = window.new_winnable_game(catalog.options("klondike", 1))
    assert search is not None
    qtbot.waitUntil(lambda: search.dialog.isVisible() and len(held_solve.calls) == 1)
    assert search.dialog.labelText() == text("search.label", "en", tried=0)
    qtbot.mouseClick(search.dialog.findChild(QPushButton), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: held_solve.calls[0][1].is_set())
    assert window.game is before and window.search is None and not search.running
    assert banner(window) == text("search.cancelled", "en", tried=0)


def test_the_table_takes_no_moves_while_a_winnable_deal_is_sought(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog, held_solve: HeldSolve
) -> None:
    window = open_window(catalog)
    game = window.game
    assert game is not None
    search = window.new_winnable_game(catalog.options("klondike", 1))
    assert search is not None and not search.dialog.isVisible()  # not yet: the window is still input's
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=stock_point(window))
    QApplication.processEvents()
    assert not game.journal  # the click on the stock did not draw
    # Nor do the menu's actions on the game in play (their shortcuts included).
    game_actions = [
        "action.undo",
        "action.redo",
        "action.hint",
        "action.auto",
        "action.restart",
        "action.open",
    ]
    assert not any(window._actions[key].isEnabled() for key in game_actions)
    search.cancel()
    assert window.view.isEnabled()
    assert all(window._actions[key].isEnabled() for key in ["action.hint", "action.restart", "action.open"])
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=stock_point(window))
    qtbot.waitUntil(lambda: len(game.journal) == 1)


def stock_point(window: MainWindow) -> Any:
    scene = window.table
    corner = scene.positions["s"]
    return window.view.mapFromScene(corner.x() + scene.card_width / 2, corner.y() + scene.card_height / 2)


def test_winnable_only_gives_up_after_its_deals(
    qtbot: QtBot, open_window: OpenWindow, catalog: Catalog
) -> None:
    window = open_window(catalog, lang="ru")
    before = window.game
    bad = unwinnable_deal(catalog)
    search = window.new_winnable_game(
        catalog.options("klondike", 3), random_deal=lambda: bad, max_deals=3, **PATIENT
    )
    assert search is not None
    qtbot.waitUntil(lambda: window.search is None)
    assert window.game is before and search.tried == 3
    assert banner(window) == "Выигрышный расклад не найден за 3 попытки: партия продолжается."


def test_winnable_only_in_worker_processes(qtbot: QtBot, open_window: OpenWindow, catalog: Catalog) -> None:
    window = open_window(catalog, worker_catalog=functools.partial(new_catalog, entry_points=False))
    before = window.game
    window.new_winnable_game(catalog.options("reflechi", 3))
    qtbot.waitUntil(lambda: window.game is not before, timeout=120_000)
    game = window.game
    assert game is not None and solve(game.state, game.rules, **PATIENT).verdict == "winnable"
    assert window.thinker.fallbacks == 0


def test_a_job_the_workers_cannot_do_is_done_in_a_thread(qtbot: QtBot, open_window: OpenWindow) -> None:
    catalog = new_catalog(entry_points=False, plugins=[UnsolvedPlugin()])
    # The workers' catalog lacks the plugin: its variant's hint comes from the window's catalog.
    window = open_window(catalog, worker_catalog=functools.partial(new_catalog, entry_points=False))
    game = catalog.new_game(catalog.options("unsolved", 1, deal=6))
    window.start(game, record=False)
    expected = catalog.hint(game.state, game.rules)
    window.hint()
    qtbot.waitUntil(lambda: banner(window) == expected.reason("en"), timeout=60_000)
    assert window.thinker.fallbacks == 1


class Unsolved(Klondike):
    """A variant the solver has not been taught."""

    id: ClassVar[str] = "unsolved"
    code_prefix: ClassVar[str] = "UN"
    names: ClassVar[dict[str, str]] = {"en": "Unsolved", "ru": "Нерешаемый"}
    solver_family: ClassVar[str | None] = None


class UnsolvedPlugin:
    @hookimpl
    def solitaire_register_variants(self, register: Any) -> None:
        register.add_variant(Unsolved())


def test_the_dialog_offers_winnable_only_for_random_deals_the_solver_knows(qtbot: QtBot) -> None:
    catalog = new_catalog(entry_points=False, plugins=[UnsolvedPlugin()])
    dialog = NewGameDialog(catalog, Settings(winnable_only=True), "en")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.winnable_only.isChecked() and dialog.random_winnable()
    dialog.by_number.setChecked(True)
    assert not dialog.winnable_only.isEnabled() and not dialog.random_winnable()
    dialog.random.setChecked(True)
    dialog.code.setText("KL1-D1N-AAAAAAG")
    assert not dialog.random_winnable()
    dialog.code.setText("")  # the code's deal number stays chosen
    assert dialog.by_number.isChecked() and not dialog.random_winnable()
    dialog.random.setChecked(True)
    assert dialog.random_winnable()
    dialog.select_game("unsolved")
    assert not dialog.winnable_only.isEnabled() and not dialog.random_winnable()
    assert dialog.winnable_note.text() == text("dialog.new.winnable.unsupported", "en", variant="Unsolved")


def test_a_variant_the_solver_does_not_know_gets_any_deal(qtbot: QtBot, open_window: OpenWindow) -> None:
    catalog = new_catalog(entry_points=False, plugins=[UnsolvedPlugin()])
    window = open_window(catalog)
    assert window.new_winnable_game(catalog.options("unsolved", 1, deal=7)) is None
    assert window.game is not None and window.game.rules.options.deal == 7


# -- the thinker's corners -------------------------------------------------------------------------


@attrs.frozen
class Answer:
    """A job that answers ``value`` (once ``release`` is set, when given; its cancel is not heeded)."""

    value: str
    release: threading.Event | None = None

    def run(self, context: jobs.Context, cancel: threading.Event) -> str:
        if self.release is not None:
            self.release.wait(20)
        return self.value


class BrokenPool(Executor):
    """A worker pool whose workers have died: every job it takes fails at once."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(BrokenProcessPool("a worker died"))
        return future


def test_an_answer_may_cancel_another_job_whose_answer_waits(qtbot: QtBot, catalog: Catalog) -> None:
    thinker = thinking.Thinker(catalog)
    answers: list[str] = []

    def found(answer: str) -> None:  # as a winnable deal found starts a game: other jobs go
        answers.append(answer)
        thinker.cancel("hint")

    thinker.ask("deal", Answer("deal"), found)
    thinker.ask("hint", Answer("hint"), answers.append)
    thinker._timer.stop()  # both answers are to be taken in one look
    qtbot.waitUntil(lambda: all(pending.future.done() for pending in thinker._pending.values()))
    thinker._collect()
    assert answers == ["deal"] and not thinker.busy("hint")
    thinker.shutdown()


def test_workers_that_cannot_start_leave_the_jobs_to_threads(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_processes(thinker: thinking.Thinker) -> Executor:
        raise OSError("no shared memory here")

    monkeypatch.setattr(thinking.Thinker, "_process_pool", no_processes)
    thinker = thinking.Thinker(catalog, worker_catalog=new_catalog)
    thinker.warm_up()
    answers: list[str] = []
    thinker.ask("hint", Answer("thought"), answers.append)
    qtbot.waitUntil(lambda: answers == ["thought"])
    thinker.shutdown()


def test_a_pool_that_breaks_counts_once_however_many_jobs_it_took(qtbot: QtBot, catalog: Catalog) -> None:
    thinker = thinking.Thinker(catalog, worker_catalog=new_catalog)
    assert thinking.MAX_BREAKDOWNS == 2
    thinker._processes = BrokenPool()
    answers: list[str] = []
    thinker.ask("hint", Answer("hint"), answers.append)
    thinker.ask("verdict", Answer("verdict"), answers.append)
    qtbot.waitUntil(lambda: sorted(answers) == ["hint", "verdict"])  # done again in threads
    assert thinker.fallbacks == 2
    assert thinker.in_processes  # one breakdown: new workers next time
    thinker.shutdown()


def test_closing_switches_collection_back_on_when_a_thread_outlives_the_wait(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert gc.isenabled()
    monkeypatch.setattr(thinking, "CLOSING_WAIT", 0.01)
    release = threading.Event()
    thinker = thinking.Thinker(catalog)
    try:
        thinker.ask("verdict", Answer("late", release), lambda answer: None)
        assert not gc.isenabled()
        thinker.shutdown()  # the job does not heed its cancel event
        assert gc.isenabled()
    finally:
        release.set()
        gc.enable()


def test_quitting_stops_the_thinking_of_the_window_left_open(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = QApplication.topLevelWidgets()
    opened: list[MainWindow] = []

    def exec_(application: QApplication) -> int:
        new = [w for w in application.topLevelWidgets() if w not in before]
        window = next(w for w in new if isinstance(w, MainWindow))
        qtbot.addWidget(window)
        opened.append(window)
        application.aboutToQuit.emit()  # the session ends with the window open
        return 0

    monkeypatch.setattr(QApplication, "exec", exec_)
    assert app.run(catalog) == 0
    thinker = opened[0].thinker
    thinker.ask("hint", Answer("too late"), lambda answer: None)
    assert not thinker.busy("hint")  # shut down: it takes no more work


# -- words -----------------------------------------------------------------------------------------


def test_every_text_has_both_languages_with_the_same_placeholders() -> None:
    import string

    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    for key, entry in TEXTS.items():
        if isinstance(entry, Counted):
            assert has_translation(entry.singular, "ru"), key
            for n in (1, 2, 5):
                assert fields(entry.plural) == fields(ngettext(entry.singular, entry.plural, n, "ru")), key
            continue
        assert isinstance(entry, str), f"{key}: convert it with scripts/i18n.sh convert"
        assert has_translation(entry, "ru"), key
        assert fields(entry) == fields(text(key, "ru")), key


def test_the_clock_stands_while_a_winnable_deal_is_sought(
    qtbot: Any, open_window: Any, catalog: Catalog, held_solve: HeldSolve
) -> None:
    window: MainWindow = open_window(catalog)
    now = [500.0]
    window.now = lambda: now[0]
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=stock_point(window))
    qtbot.waitUntil(lambda: window.game is not None and len(window.game.journal) == 1)
    now[0] += 20
    search = window.new_winnable_game(catalog.options("klondike", 1))
    assert search is not None
    now[0] += 300  # the search takes its time, and is cancelled
    assert window.elapsed() == 20
    search.cancel()
    now[0] += 5
    assert window.elapsed() == 25  # the game goes on, and so does its clock


@pytest.mark.parametrize("variant", ["freecell", "spider", "golf", "pyramid", "tripeaks"])
def test_winnable_only_and_a_difficulty_in_any_game_through_the_new_game_action(
    qtbot: QtBot,
    open_window: OpenWindow,
    catalog: Catalog,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
) -> None:
    from qtpy.QtGui import QAction

    from solitaire.core import difficulty

    levels = bool(catalog.variant(variant).difficulty)
    wanted = "easy" if levels else "any"

    def exec_(dialog: NewGameDialog) -> int:
        dialog.select_game(variant)
        dialog.draw.setCurrentIndex(max(0, dialog.draw.findData(1)))  # Spider: one suit
        assert dialog.winnable_only.isEnabled()
        dialog.winnable_only.setChecked(True)
        assert dialog.difficulty.isEnabled() is levels
        dialog.difficulty.setCurrentIndex(dialog.difficulty.findData(wanted))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    window = open_window(catalog)
    before = window.game
    new = next(action for action in window.findChildren(QAction) if action.text() == text("action.new", "en"))
    new.trigger()
    assert store.settings().winnable_only
    assert store.settings().difficulty == wanted
    qtbot.waitUntil(lambda: window.game is not before, timeout=120_000)
    game = window.game
    assert game is not None and game.rules.variant.id == variant
    assert game.rules.options.deal in game.rules.variant.deal_numbers
    result = solve(game.state, game.rules, max_nodes=difficulty.BUDGET)
    assert result.verdict == "winnable"
    assert difficulty.fits(wanted, game.rules.variant, game.rules.draw, result.nodes)
