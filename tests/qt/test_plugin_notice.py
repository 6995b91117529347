"""Plugins left out, in the window: a notice once per set of problems, and Help ▸ Plugins."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from qtgestures import cell_text
from qtpy.QtCore import Qt
from qtpy.QtWidgets import QApplication, QMenu

from solitaire.core.hints import Hint
from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import BUILTIN_PACKAGE, Catalog, Registry
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import Event, State
from solitaire.core.store import Store
from solitaire.frontends.qt import jobs
from solitaire.frontends.qt.i18n import text
from solitaire.frontends.qt.plugin_info import PluginsDialog, installed_plugins, problem_lines
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.scoring import NormalScoring

#: The ``open_window`` fixture: a shown window over a catalog.
OpenWindow = Callable[..., MainWindow]


class RaisingPlugin:
    @hookimpl
    def solitaire_register_variants(self, register: Registry) -> None:
        raise RuntimeError("boom")


class OtherRaisingPlugin:
    @hookimpl
    def solitaire_register_scoring(self, register: Registry) -> None:
        raise ValueError("no scoring today")


class RaisingHintPlugin:
    @hookimpl(tryfirst=True)
    def solitaire_hint(self, state: State, rules: Ruleset) -> Hint | None:
        raise RuntimeError("hint boom")


class CountingRaisingHintPlugin:
    def __init__(self) -> None:
        self.calls = 0

    @hookimpl(tryfirst=True)
    def solitaire_hint(self, state: State, rules: Ruleset) -> Hint | None:
        self.calls += 1
        raise RuntimeError("hint boom")


@pytest.fixture
def open_window(qtbot: QtBot, store: Store) -> OpenWindow:
    def open_(*plugins: object, lang: str = "en", **params: Any) -> MainWindow:
        catalog = new_catalog(entry_points=False, plugins=plugins, **params)
        window = MainWindow(catalog, store, lang=lang, resume=False)
        qtbot.addWidget(window)
        window.resize(1000, 700)
        window.show()
        qtbot.waitExposed(window)
        QApplication.processEvents()  # the notice comes once the window is up
        return window

    return open_


def notice(window: MainWindow) -> str:
    banner = window.view.banner
    return banner.text() if banner.isVisible() and "<a href" in banner.text() else ""


def test_a_broken_plugin_is_announced_once(open_window: OpenWindow, store: Store) -> None:
    window = open_window(RaisingPlugin())
    shown = notice(window)
    assert "Some plugins were left out: RaisingPlugin." in shown and "Details…" in shown
    assert store.settings().plugin_problems_shown == problem_lines(window.catalog.problems)
    window.close()

    again = open_window(RaisingPlugin())
    assert notice(again) == ""  # the same problem: not at every start


def test_new_problems_are_announced_and_mended_ones_forgotten(open_window: OpenWindow, store: Store) -> None:
    open_window(RaisingPlugin()).close()
    other = open_window(RaisingPlugin(), OtherRaisingPlugin())
    assert "RaisingPlugin, OtherRaisingPlugin" in notice(other)
    other.close()

    mended = open_window()
    assert notice(mended) == "" and store.settings().plugin_problems_shown == ""
    mended.close()
    assert "RaisingPlugin" in notice(open_window(RaisingPlugin()))  # broken again: said again


def test_a_blocked_plugin_is_announced_too(open_window: OpenWindow) -> None:
    window = open_window(blocked=["solver-hints"])
    assert "solver-hints" in notice(window)


def test_the_notice_leads_to_the_plugins_dialog(open_window: OpenWindow) -> None:
    window = open_window(RaisingPlugin(), lang="ru")
    assert "Некоторые плагины не загружены: RaisingPlugin." in notice(window)
    assert "Подробнее…" in notice(window)
    opened: list[PluginsDialog] = []

    def show_plugins() -> PluginsDialog:
        opened.append(PluginsDialog(window.catalog, [], "ru"))
        return opened[-1]

    window.show_plugins = show_plugins  # type: ignore[method-assign]
    window.view.banner.linkActivated.emit("plugins")
    assert len(opened) == 1


def test_the_plugins_dialog_lists_installed_and_left_out_plugins(
    qtbot: QtBot, open_window: OpenWindow
) -> None:
    window = open_window(RaisingPlugin())
    action = next(a for a in window._actions.values() if a.text() == text("action.plugins", "en"))
    help_menu = window._menus["menu.help"]
    assert isinstance(help_menu, QMenu) and action in help_menu.actions()
    dialog = window.show_plugins()
    qtbot.addWidget(dialog)
    rows = [
        [cell_text(dialog.installed, row, column) for column in range(4)]
        for row in range(dialog.installed.rowCount())
    ]
    builtins = next(row for row in rows if row[0] == "builtins")
    assert builtins[1] == BUILTIN_PACKAGE
    assert builtins[3].splitlines() == [
        "variants: " + ", ".join(variant.name("en") for variant in window.catalog.variants.values()),
        "scoring: " + ", ".join(scheme.name("en") for scheme in window.catalog.scorings.values()),
        "redeal policies: unlimited, passes",
        "hints",
    ]
    assert ["solver-hints", BUILTIN_PACKAGE, builtins[2], "hints"] in rows
    left_out = [
        [cell_text(dialog.left_out, row, column) for column in range(2)]
        for row in range(dialog.left_out.rowCount())
    ]
    assert left_out == [["RaisingPlugin", "failed in solitaire_register_variants: RuntimeError: boom"]]
    assert dialog.left_out.isVisibleTo(dialog) and not dialog.none_left_out.isVisibleTo(dialog)


def test_the_plugins_dialog_without_problems(qtbot: QtBot, open_window: OpenWindow) -> None:
    window = open_window(lang="ru")
    dialog = window.show_plugins()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Плагины"
    assert dialog.none_left_out.text() == "Нет: все плагины загружены."
    assert not dialog.left_out.isVisibleTo(dialog)
    registers = [plugin.registers for plugin in installed_plugins(window.catalog, "ru")]
    assert ("подсказки",) in registers


def test_a_hint_provider_failing_during_play_is_announced(
    qtbot: QtBot, open_window: OpenWindow, store: Store
) -> None:
    window = open_window(RaisingHintPlugin())
    assert notice(window) == ""
    window.hint()
    qtbot.waitUntil(lambda: "RaisingHintPlugin" in notice(window))
    assert any("hint boom" in line for line in store.settings().plugin_problems_shown.splitlines())


def test_a_failing_hint_provider_is_left_out_on_the_window_thread(
    qtbot: QtBot, open_window: OpenWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[threading.Thread] = []
    leave_out = Catalog._leave_out

    def noted(catalog: Catalog, name: str, reason: str) -> None:
        threads.append(threading.current_thread())
        leave_out(catalog, name, reason)

    monkeypatch.setattr(Catalog, "_leave_out", noted)
    window = open_window(RaisingHintPlugin())
    window.hint()  # thought about in a thread, with the window's catalog
    qtbot.waitUntil(lambda: "RaisingHintPlugin" in notice(window))
    assert threads == [threading.main_thread()]  # the catalog changed on the window's thread only
    assert window.catalog.manager.get_plugin("RaisingHintPlugin") is None


def test_a_hint_provider_failing_in_a_worker_is_left_out_of_the_window_too(
    qtbot: QtBot, store: Store
) -> None:
    make_catalog = functools.partial(new_catalog, entry_points=False, plugins=[RaisingHintPlugin()])
    window = MainWindow(make_catalog(), store, lang="en", resume=False, worker_catalog=make_catalog)
    qtbot.addWidget(window)
    window.show()
    window.hint()
    qtbot.waitUntil(lambda: "RaisingHintPlugin" in notice(window), timeout=60_000)
    assert window.thinker.fallbacks == 0  # the worker's catalog gave the hint
    assert "RaisingHintPlugin" not in [plugin.name for plugin in installed_plugins(window.catalog, "en")]
    dialog = window.show_plugins()
    qtbot.addWidget(dialog)
    left_out = [cell_text(dialog.left_out, row, 0) for row in range(dialog.left_out.rowCount())]
    assert left_out == ["RaisingHintPlugin"]


def test_a_closed_plugins_dialog_is_deleted(qtbot: QtBot, open_window: OpenWindow) -> None:
    window = open_window()
    dialog = window.show_plugins()
    with qtbot.waitSignal(dialog.destroyed):
        dialog.close()


def test_a_reason_can_be_copied_but_not_edited(qtbot: QtBot, open_window: OpenWindow) -> None:
    window = open_window(RaisingPlugin())
    dialog = window.show_plugins()
    qtbot.addWidget(dialog)
    item = dialog.left_out.item(0, 1)
    assert item is not None
    assert item.flags() & Qt.ItemFlag.ItemIsSelectable
    assert not item.flags() & Qt.ItemFlag.ItemIsEditable
    dialog.left_out.setCurrentItem(item)
    assert item.isSelected()
    qtbot.keyClick(dialog.left_out, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == "failed in solitaire_register_variants: RuntimeError: boom"


def test_a_worker_stops_asking_a_hint_provider_that_failed_in_it() -> None:
    """A worker process has a catalog of its own, which the window cannot mend: the
    worker passes a failing provider over from its first failure, and reports it once."""
    plugin = CountingRaisingHintPlugin()
    catalog = new_catalog(entry_points=False, plugins=[plugin])
    context = jobs.Context(catalog, [0] * len(jobs.CHANNELS))
    code = "KL1-D1N-AAAAAAG"
    game = catalog.game_from_code(code)
    job = jobs.HintJob(catalog.options_from_code(code), jobs.position_of(game.state, game.rules))
    first, second = jobs.run(job, context, 0, 0), jobs.run(job, context, 0, 0)
    assert isinstance(first, jobs.HintAnswer) and isinstance(second, jobs.HintAnswer)
    reasons = [problem.reason for problem in first.problems]
    assert reasons == ["failed in solitaire_hint: RuntimeError: hint boom"]
    assert second.problems == () and plugin.calls == 1
    assert first.hint == second.hint == game.hint()  # the next provider answers


class HangingHintPlugin:
    """A hint provider that never answers (until the test lets it go)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    @hookimpl(tryfirst=True)
    def solitaire_hint(self, state: State, rules: Ruleset) -> Hint | None:
        self.release.wait()
        return None


def test_a_hint_provider_that_hangs_does_not_keep_the_window_thinking(
    qtbot: Any, open_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from solitaire.plugins import sampling_hints

    monkeypatch.setattr(sampling_hints, "budget", sampling_hints.SamplingBudget(seconds=0.1))
    plugin = HangingHintPlugin()
    window = open_window(plugin)
    try:
        window._actions["action.hint"].trigger()
        qtbot.waitUntil(lambda: not window.thinker.busy("hint"), timeout=20_000)
        assert window.view.banner.text() != text("message.hint.thinking", "en")
        qtbot.waitUntil(lambda: "HangingHintPlugin" in notice(window))
        reasons = [p.reason for p in window.catalog.problems if p.plugin == "HangingHintPlugin"]
        assert reasons == ["failed in solitaire_hint: did not answer in 0.6 s"]
    finally:
        plugin.release.set()


class FlakyScoringPlugin:
    """A scoring scheme (letter Q) that starts raising after an update of its plugin."""

    def __init__(self) -> None:
        self.broken = False
        plugin = self

        class Flaky(NormalScoring):
            id = "flaky"
            code_letter = "Q"

            def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
                if plugin.broken:
                    raise ZeroDivisionError("division by zero")
                return int(super().score(before, events, rules))

        self.scheme = Flaky()

    @hookimpl
    def solitaire_register_scoring(self, register: Registry) -> None:
        register.add_scoring(self.scheme)


def test_a_saved_game_its_plugin_can_no_longer_replay_does_not_stop_the_window(
    qtbot: Any, store: Store, store_folder: Path
) -> None:
    plugin = FlakyScoringPlugin()
    catalog = new_catalog(entry_points=False, plugins=[plugin])
    game = catalog.game_from_code("KL1-D1Q-AAAAAAG")
    game.perform("s")
    store.save_game(game, catalog, game_id="saved")
    plugin.broken = True  # the plugin's next version raises while the saved game replays
    window = MainWindow(catalog, Store(store_folder), lang="en")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.game is not None and window.game.code != "KL1-D1Q-AAAAAAG"  # a new game
    qtbot.waitUntil(lambda: "could not be read" in window.view.banner.text())
    assert "ZeroDivisionError" in window.view.banner.text()
    assert [p.name for p in store_folder.iterdir() if ".corrupt-" in p.name]  # kept aside


def test_the_plugins_dialog_gives_the_reasons_in_the_language(qtbot: QtBot, open_window: OpenWindow) -> None:
    window = open_window(RaisingPlugin(), OtherRaisingPlugin(), lang="ru", blocked=["solver-hints"])
    action = next(a for a in window._actions.values() if a.text() == text("action.plugins", "ru"))
    action.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, PluginsDialog) and w.isVisible())
    qtbot.addWidget(dialog)
    left_out = [
        [cell_text(dialog.left_out, row, column) for column in range(2)]
        for row in range(dialog.left_out.rowCount())
    ]
    assert left_out == [
        ["OtherRaisingPlugin", "сбой в solitaire_register_scoring: ValueError: no scoring today"],
        ["RaisingPlugin", "сбой в solitaire_register_variants: RuntimeError: boom"],
        ["solver-hints", "заблокирован (SOLITAIRE_BLOCK_PLUGINS или вызывающей программой)"],
    ]
    # What the window keeps to announce the same problems once stays in English.
    assert "RaisingPlugin: failed in solitaire_register_variants: RuntimeError: boom" in problem_lines(
        window.plugin_problems
    )
