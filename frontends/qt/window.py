"""The main window: the table, the menus, the status bar, and the local store."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Unpack

import attrs
from qtpy.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QMargins,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
    QTranslator,
)
from qtpy.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from qtpy.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox, QPushButton

from solitaire.core import i18n
from solitaire.core import log as game_log
from solitaire.core.cards import Card
from solitaire.core.difficulty import has_levels
from solitaire.core.game import Change, Game
from solitaire.core.moves import DRAW
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.registry import Catalog, PluginProblem, package_version
from solitaire.core.ruleset import GameOptions
from solitaire.core.session import NewGameChoice, Session, StartOptions, remembered
from solitaire.core.solver import SolveResult, solvable
from solitaire.core.state import FOUNDATION, State
from solitaire.core.store import Settings, Store, WindowState
from solitaire.frontends.cli.render import render_state
from solitaire.frontends.qt.cards import CardPainter, use_deck_checks
from solitaire.frontends.qt.dialogs import (
    NewGameDialog,
    ReplayViewer,
    RulesDialog,
    SettingsDialog,
    StatisticsDialog,
    WinDialog,
)
from solitaire.frontends.qt.i18n import text
from solitaire.frontends.qt.jobs import HintAnswer, HintJob, VerdictJob, position_of
from solitaire.frontends.qt.plugin_info import PluginsDialog, problem_lines
from solitaire.frontends.qt.qt_words import QtWords
from solitaire.frontends.qt.speech import announce, focus_words
from solitaire.frontends.qt.thinking import Thinker
from solitaire.frontends.qt.view import TableView
from solitaire.frontends.qt.winnability import (
    VERDICT_NODES,
    VERDICT_SECONDS,
    DealSearch,
    IndicatorState,
    WinnableIndicator,
    indicator_wanted,
    position_key,
)

__all__ = ["MainWindow", "autocomplete_blocker", "fit_window"]

#: Let the winning move land before the kings leap.
ANIMATION_GRACE_MS = 250
#: The indicator asks the solver once the table has been still this long (milliseconds)...
VERDICT_DELAY_MS = 120
#: ...and says "thinking" when no verdict came this long after the change.
THINKING_AFTER_MS = 400
#: Actions on the game in play that wait while a winnable deal is sought (with undo, redo, auto).
SEARCH_BLOCKS = ("action.restart", "action.open", "action.hint")
#: A hint that takes longer than this says "thinking" meanwhile.
HINT_THINKING_AFTER_MS = 150
#: The first worker process starts this long after the window (when thinking in processes).
WARM_UP_MS = 1500
#: The window's size at the first launch, when the screen has room for it.
DEFAULT_SIZE = QSize(1100, 780)
#: The win dialog comes once the kings have leapt (when moves are animated).
WIN_DIALOG_AFTER_MS = ANIMATION_GRACE_MS + 1500
#: While saving fails (a full disk), it is tried again after every action and this often.
RETRY_SAVE_MS = 20_000


def fit_window(saved: QRect | None, available: QRect, default: QSize = DEFAULT_SIZE) -> QRect:
    """Where the window's frame goes: ``saved`` (where it was last) moved and shrunk
    into the ``available`` part of the screen, or ``default`` at the centre, at most
    nine tenths of the screen."""
    if saved is None or saved.width() <= 0 or saved.height() <= 0:
        width = min(default.width(), available.width() * 9 // 10)
        height = min(default.height(), available.height() * 9 // 10)
        width, height = max(1, width), max(1, height)
        left = available.x() + (available.width() - width) // 2
        top = available.y() + (available.height() - height) // 2
        return QRect(left, top, width, height)
    width = max(1, min(saved.width(), available.width()))
    height = max(1, min(saved.height(), available.height()))
    left = min(max(saved.x(), available.x()), available.x() + available.width() - width)
    top = min(max(saved.y(), available.y()), available.y() + available.height() - height)
    return QRect(left, top, width, height)


def autocomplete_blocker(game: Game) -> str | None:
    """Why auto-complete is not available (the key of a text), None when it is."""
    state, rules = game.state, game.rules
    if game.is_won:
        return "auto.won"
    if state.face_down_count:
        return "auto.face_down"
    if game.autocomplete_moves() is not None:
        return None
    # Play cards home and turn the stock as auto-complete would, to see what stops it.
    idle, limit = 0, 2 * (len(state.stock) + len(state.waste)) + 2
    while idle <= limit and not rules.is_won(state):
        home = [
            move
            for move in rules.legal_moves(state)
            if move.dst == "f" or (move.dst and state.table.kind(move.dst) == FOUNDATION)
        ]
        if home:
            idle = 0
            _, state = rules.transition(state, home[0])
            continue
        draw = rules.check(state, DRAW)
        if isinstance(draw, Refusal):
            return "auto.no_passes" if state.stock or state.waste else "auto.blocked"
        idle += 1
        _, state = rules.transition(state, DRAW)
    return "auto.blocked"


_qt_translators: list[QTranslator] = []


def system_languages() -> list[str]:
    """The languages of the desktop, the player's first (``QLocale``'s UI languages)."""
    return list(QLocale.system().uiLanguages())


def use_qt_translations(lang: str) -> None:
    """Qt's own words (the OK, Cancel, Close, Yes and No of standard buttons, the file
    dialog) in ``lang``, from the translations Qt ships and, for what they leave out,
    from the game's catalogue; English needs none.  Also the application's name, which
    Qt adds to every window title."""
    app = QCoreApplication.instance()
    if app is None:
        return
    if isinstance(app, QGuiApplication):  # Qt adds it to every window title
        app.setApplicationDisplayName(text("app.title", lang))
    while _qt_translators:
        app.removeTranslator(_qt_translators.pop())
    if lang == "en":
        return
    translator = QTranslator(app)
    if translator.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(translator)
        _qt_translators.append(translator)
    # Installed last, asked first: the words Qt's translations leave out (see qt_words).
    words = QtWords(lang, app)
    app.installTranslator(words)
    _qt_translators.append(words)


class MainWindow(QMainWindow):
    """The desktop game.  It resumes the saved game and saves after every action.

    Hints, the "still winnable?" indicator and winnable deals are worked out in
    the background (see :mod:`~solitaire.frontends.qt.thinking`): in worker
    processes that build their catalog with ``worker_catalog`` (a picklable
    callable such as :class:`Catalog`, what the ``solitaire`` command passes),
    else in threads with ``catalog``.
    """

    def __init__(
        self,
        catalog: Catalog,
        store: Store,
        *,
        lang: str | None = None,
        resume: bool = True,
        worker_catalog: Callable[[], Catalog] | None = None,
        session: Session | None = None,
    ) -> None:
        super().__init__()
        self.catalog, self.store = catalog, store
        #: The game and its bookkeeping: saves, statistics, the clock.
        self.session = session if session is not None else Session(catalog, store)
        self.thinker = Thinker(catalog, worker_catalog=worker_catalog, parent=self)
        #: The plugins left out, here and in the workers (a hint provider may fail there).
        self.plugin_problems: list[PluginProblem] = list(catalog.problems)
        #: Verdicts of the positions of this game, by position (see ``position_key``).
        self.verdicts: dict[State, IndicatorState] = {}
        self.verdict_budget = (VERDICT_NODES, VERDICT_SECONDS)
        self.search: DealSearch | None = None
        self._hint_for: tuple[Game, State] | None = None
        self._verdict_timer = self._single_shot(self._ask_verdict)
        self._thinking_timer = self._single_shot(self._show_thinking)
        self._hint_timer = self._single_shot(self._show_hint_thinking)
        self.settings = store.settings()
        #: The language asked for by --lang or $SOLITAIRE_LANG: this run only, until the
        #: player chooses one in the preferences.
        self._given_lang = lang
        use_deck_checks(store.folder)  # which decks Qt can draw, kept beside the settings
        self.painter = CardPainter(deck=self.settings.deck or None, back=self.settings.back)
        self.view = TableView(self.painter, self)
        self.table = self.view.table
        self.setCentralWidget(self.view)
        self.table.refused.connect(self._refused)
        self.table.focus_moved.connect(self._announce_focus)
        self.view.link_followed.connect(self._follow_link)
        self._actions: dict[str, QAction] = {}
        self._menus: dict[str, object] = {}
        self._build_menus()
        self._build_status_bar()
        self.win_dialog: WinDialog | None = None
        self.session.subscribe(self._changed)
        self._auto_offered = False
        self.clock_timer = QTimer(self)
        self.clock_timer.timeout.connect(self._update_status)
        self.clock_timer.start(1000)
        #: Saves again while the store cannot write (see ``_after_store``).
        self.save_retry_timer = QTimer(self)
        self.save_retry_timer.setInterval(RETRY_SAVE_MS)
        self.save_retry_timer.timeout.connect(self._save)
        self._telling = False  # the store's notices are told together once the window is up
        resumed = self.session.resume() if resume else None
        if resumed is not None:
            self._show_game()
            self.view.show_message(text("message.resumed", self.lang, code=resumed.code))
        else:
            self.start(self.new_game_from_settings(), record=False)
        self.apply_settings(self.settings, save=False)
        place = store.window_state()
        store.statistics()  # read now, so that a file that could not be read is told at the start
        notices = self.session.take_notices(self.lang)
        self._telling = True
        if notices:
            QTimer.singleShot(0, lambda: self.view.show_message("\n".join(notices), 10))
        QTimer.singleShot(0, lambda: self._announce_plugin_problems(notices))
        if self.thinker.in_processes:
            QTimer.singleShot(WARM_UP_MS, self.thinker.warm_up)
        self._place(place)

    @property
    def lang(self) -> str:
        """The language spoken: given, else chosen in the preferences, else the system's."""
        return i18n.choose_language(self._given_lang, self.settings.language, system=system_languages())

    def _single_shot(self, slot: Callable[[], None]) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(slot)
        return timer

    # -- menus and status bar --------------------------------------------------------------------

    def _action(
        self,
        key: str,
        slot: object,
        shortcuts: list[QKeySequence | QKeySequence.StandardKey | str] | None = None,
    ) -> QAction:
        action = QAction(self)
        # ``triggered`` passes ``checked``: the slots take no argument from the menu
        # (``save_log(False)`` would save nowhere).
        action.triggered.connect(lambda: slot())  # type: ignore[operator]
        if shortcuts:
            action.setShortcuts([s if isinstance(s, QKeySequence) else QKeySequence(s) for s in shortcuts])
        self._actions[key] = action
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("")
        game.addAction(self._action("action.new", self.ask_new_game, ["Ctrl+N", "F2"]))
        game.addAction(self._action("action.restart", self.ask_restart, ["Ctrl+R"]))
        game.addSeparator()
        game.addAction(self._action("action.open", self.open_log, ["Ctrl+O"]))
        game.addAction(self._action("action.save", self.save_log, ["Ctrl+S"]))
        game.addAction(self._action("action.replay", self.open_replay))
        game.addSeparator()
        game.addAction(self._action("action.statistics", self.show_statistics))
        game.addSeparator()
        game.addAction(self._action("action.quit", self.close, ["Ctrl+Q"]))
        edit = bar.addMenu("")
        edit.addAction(self._action("action.undo", self.undo, [QKeySequence.StandardKey.Undo]))
        edit.addAction(self._action("action.redo", self.redo, ["Ctrl+Shift+Z", "Ctrl+Y"]))
        edit.addSeparator()
        edit.addAction(self._action("action.hint", self.hint, ["H"]))
        edit.addAction(self._action("action.auto", self.autocomplete, ["A"]))
        settings = bar.addMenu("")
        settings.addAction(self._action("action.settings", self.show_settings, ["Ctrl+,"]))
        settings.addSeparator()
        full_screen = self._action("action.fullscreen", self.toggle_full_screen, _full_screen_keys())
        full_screen.setCheckable(True)
        settings.addAction(full_screen)
        help_menu = bar.addMenu("")
        help_menu.addAction(self._action("action.rules", self.show_rules, ["F1"]))
        help_menu.addAction(self._action("action.plugins", self.show_plugins))
        help_menu.addAction(self._action("action.about", self.show_about))
        self._menus = {
            "menu.game": game,
            "menu.edit": edit,
            "menu.settings": settings,
            "menu.help": help_menu,
        }

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.score_label, self.moves_label, self.time_label = QLabel(), QLabel(), QLabel()
        self.code_button = QPushButton()
        self.code_button.setFlat(True)
        self.code_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.code_button.clicked.connect(self.copy_code)
        # No accessible names of their own: screen readers read what they show ("Score: 130").
        for widget in (self.score_label, self.moves_label, self.time_label):
            widget.setMinimumWidth(110)
            status.addWidget(widget)
        self.indicator = WinnableIndicator()
        status.addPermanentWidget(self.indicator)
        status.addPermanentWidget(self.code_button)

    def retranslate(self) -> None:
        """Put every label in the current language."""
        use_qt_translations(self.lang)
        self.table.set_language(self.lang)
        self.setWindowTitle(text("app.title", self.lang))
        for key, menu in self._menus.items():
            menu.setTitle(text(key, self.lang))  # type: ignore[attr-defined]
        for key, action in self._actions.items():
            action.setText(text(key, self.lang))
        self.code_button.setToolTip(text("status.code.tip", self.lang))
        self.indicator.retranslate(self.lang)
        self._update_status()

    # -- the game --------------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game on the table (the session's)."""
        return self.session.game

    @property
    def game_id(self) -> str:
        return self.session.game_id

    @property
    def from_deal(self) -> bool:
        """False for a game not played here from its deal on (opened from a log)."""
        return self.session.from_deal

    @property
    def helped(self) -> bool:
        """Whether the solver helped in this game (a win then counts as won with help)."""
        return self.session.helped

    @helped.setter
    def helped(self, helped: bool) -> None:
        self.session.helped = helped

    @property
    def now(self) -> Callable[[], float]:
        """Where the clock reads the time (monotonic seconds)."""
        return self.session.now

    @now.setter
    def now(self, now: Callable[[], float]) -> None:
        self.session.now = now

    def new_game_from_settings(self, deal: int | None = None) -> Game:
        """A random deal with the options of the settings."""
        return self.session.random_game(self.settings, deal)

    def start(self, game: Game, **how: Unpack[StartOptions]) -> None:
        """Show ``game``, put in play as :meth:`Session.start` says (``how``: its id,
        time, help, origin, and whether the game left is recorded)."""
        self._close_win_dialog()
        self.session.start(game, **how)
        self._show_game()

    def _show_game(self) -> None:
        """Put the session's game, new on the table, in every part of the window."""
        game = self.session.game
        assert game is not None
        self._auto_offered = game.autocomplete_moves() is not None
        self.table.set_game(game)
        self._forget_hint()
        self.verdicts = {}
        self.indicator.show_state(None, self.lang)  # nothing known of this game yet
        self._schedule_verdict()
        self._after_store()
        self._update_status()

    def finish_current(self) -> None:
        """Count the game being left in the statistics, if it was played at all."""
        self.session.finish()

    # -- the clock -------------------------------------------------------------------------------

    def elapsed(self) -> float:
        """The time played: the clock runs from the first action of this sitting on,
        stops at the win and stands while a modal dialog is open."""
        return self.session.elapsed()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The clock stands while this block runs (around a modal dialog)."""
        try:
            with self.session.paused():
                yield
        finally:
            self._update_status()

    def _pause_while_open(self, dialog: Any) -> None:
        """The clock stands while a window-modal ``dialog`` (opened with ``open()``) is up."""
        self.session.pause()

        def closed(_: int) -> None:
            self.session.unpause()
            self._update_status()

        dialog.finished.connect(closed)

    # -- changes ---------------------------------------------------------------------------------

    def _changed(self, change: Change, won: bool) -> None:
        """After a change of the game (saved, and a win counted, by the session)."""
        assert self.game is not None
        if won:
            score = self.game.rules.scoring.format(self.game.state.score)
            self.view.show_message(
                text("message.won", self.lang, score=score, moves=self.game.state.moves), 8
            )
            QTimer.singleShot(ANIMATION_GRACE_MS, self.table.celebrate)
            game = self.game
            delay = WIN_DIALOG_AFTER_MS if self.table.animations else 0
            QTimer.singleShot(delay, self, lambda: self._offer_after_win(game))
        elif not self.game.is_won:
            available = self.game.autocomplete_moves() is not None
            if available and not self._auto_offered:
                self.view.show_message(text("message.auto", self.lang), 4)
            self._auto_offered = available
        self._forget_hint()
        self._schedule_verdict()
        self._after_store()
        self._update_status()

    def _save(self) -> None:
        self.session.save()
        self._after_store()

    def _after_store(self) -> None:
        """Tell what the store met (once each); while it cannot write, try again on a timer."""
        if self.store.unsaved:
            if not self.save_retry_timer.isActive():
                self.save_retry_timer.start()
        else:
            self.save_retry_timer.stop()
        if self._telling:
            notices = self.session.take_notices(self.lang)
            if notices:
                self.view.show_message("\n".join(notices), 10)

    def _update_status(self) -> None:
        game = self.game
        if game is None:
            return
        score = game.rules.scoring.format(game.state.score)
        self.score_label.setText(text("status.score", self.lang, score=score))
        self.score_label.setVisible(bool(score))  # a game without scoring shows no score
        self.moves_label.setText(text("status.moves", self.lang, moves=game.state.moves))
        minutes, seconds = divmod(int(self.elapsed()), 60)
        self.time_label.setText(text("status.time", self.lang, time=f"{minutes}:{seconds:02d}"))
        self.code_button.setText(text("status.code", self.lang, code=game.code or "—"))
        # While a winnable deal is sought, nothing acts on the game it will replace.
        idle = self.search is None
        for key in SEARCH_BLOCKS:
            self._actions[key].setEnabled(idle)
        self._actions["action.undo"].setEnabled(idle and game.can_undo)
        self._actions["action.redo"].setEnabled(idle and game.can_redo)
        # Auto-complete stays enabled: when it cannot finish the game, it says why.
        self._actions["action.auto"].setEnabled(idle)
        self._describe_table(game)

    def _describe_table(self, game: Game) -> None:
        """Screen readers get the table as text, the same picture the terminal game draws."""
        self.view.setAccessibleName(text("a11y.table", self.lang, variant=game.rules.variant.name(self.lang)))
        self.view.setAccessibleDescription(render_state(game.state, game.rules, game.code, lang=self.lang))

    def _announce_focus(self, arrow: bool) -> None:
        """Say what the keyboard focus is on (an arrow key interrupts the words before)."""
        game, table = self.game, self.table
        if game is None or not table.keyboard_mode or not table.specs:
            return
        held: tuple[Card, ...] = ()
        if table.held is not None:
            pile, count = table.held
            held = tuple(item.card for item in table.pile_cards(pile)[-count:])
        pile = table.focused_pile()
        words = focus_words(
            game.state, pile, table.focus_depth, self.lang, held=held, spec=table.specs.get(pile)
        )
        announce(self.view, words, interrupt=arrow)

    def _refused(self, refusal: Refusal) -> None:
        if self.settings.interactive_rules:
            self.view.show_message(refusal.message(self.lang))

    # -- commands --------------------------------------------------------------------------------

    def undo(self) -> None:
        self._safely(lambda game: game.undo())

    def redo(self) -> None:
        self._safely(lambda game: game.redo())

    def _safely(self, step: Callable[[Game], object]) -> None:
        if self.game is None:
            return
        self.table.finish_animations()
        try:
            step(self.game)
        except IllegalMoveError as error:
            self._refused(error.refusal)

    # -- hints, in the background -----------------------------------------------------------------

    def hint(self) -> None:
        """Ask the hint providers about the table; the hint shows when it comes."""
        game = self.game
        if game is None:
            return
        asked = (game, game.state)
        if self._hint_for == asked and self.thinker.busy("hint"):
            return  # already thinking about this very position
        self._hint_for = asked
        job = HintJob(game.rules.options, position_of(game.state, game.rules))
        self.thinker.ask("hint", job, lambda answer: self._hint_ready(asked, answer), self._hint_failed)
        self._hint_timer.start(HINT_THINKING_AFTER_MS)

    def _show_hint_thinking(self) -> None:
        if self.thinker.busy("hint"):
            self.view.show_message(text("message.hint.thinking", self.lang), 30)

    def _hint_ready(self, asked: tuple[Game, State], answer: HintAnswer) -> None:
        self._hint_timer.stop()
        if self.game is None or (self.game, self.game.state) != asked:
            return  # the table changed meanwhile: that hint is about another position
        self._hint_for = None
        if answer.hint.move is not None:
            self.helped = True  # a win now counts as won with help
            self.table.show_hint(answer.hint.move)
        self.view.show_message(answer.hint.reason(self.lang))
        self._hint_providers_failed(answer.problems, before=[answer.hint.reason(self.lang)])

    def _hint_providers_failed(self, problems: Sequence[PluginProblem], before: Sequence[str]) -> None:
        """Leave out of the window's catalog, here on its thread, the hint providers
        that failed in the background (in a thread, or in a worker's catalog)."""
        for problem in problems:
            if problem not in self.catalog.problems:
                self.catalog.leave_out(problem.plugin, problem.reason)
        self._add_plugin_problems(problems, before=before)

    def _hint_failed(self, error: BaseException) -> None:
        self._hint_timer.stop()
        self._hint_for = None
        _report("hint", error)
        self.view.show_message(text("message.hint.unavailable", self.lang))

    def _forget_hint(self) -> None:
        """The table changed: a hint on its way is about the position before."""
        if self.thinker.busy("hint"):
            self.thinker.cancel("hint")
            if self.view.banner.text() == text("message.hint.thinking", self.lang):
                self.view.banner.hide()
        self._hint_timer.stop()
        self._hint_for = None

    # -- still winnable? -------------------------------------------------------------------------

    def _indicator_wanted(self) -> bool:
        return self.game is not None and indicator_wanted(self.settings.winnable_indicator, self.game.rules)

    def _schedule_verdict(self) -> None:
        """After a change: the verdict known for the new position, else ask soon."""
        self.thinker.cancel("verdict")
        self._verdict_timer.stop()
        self._thinking_timer.stop()
        game = self.game
        if game is None or not self._indicator_wanted():
            self.indicator.show_state(None, self.lang)
            return
        if game.is_won:  # nothing left to tell
            self.indicator.show_state(None, self.lang)
            return
        knows_hidden = game.rules.variant.hidden_information
        known = self.verdicts.get(position_key(game.state))
        if known is not None:
            self.indicator.show_state(known, self.lang, knows_hidden=knows_hidden)
            return
        if self.indicator.state is None:
            self.indicator.show_state("thinking", self.lang, knows_hidden=knows_hidden)
        else:
            self.indicator.set_stale()
        self._verdict_timer.start(VERDICT_DELAY_MS)
        self._thinking_timer.start(THINKING_AFTER_MS)

    def _ask_verdict(self) -> None:
        game = self.game
        if game is None or not self._indicator_wanted():
            return
        key = position_key(game.state)
        nodes, seconds = self.verdict_budget
        job = VerdictJob(game.rules.options, position_of(game.state, game.rules), nodes, seconds)
        self.thinker.ask(
            "verdict", job, lambda result: self._verdict_ready(game, key, result), self._verdict_failed
        )

    def _show_thinking(self) -> None:
        if self.game is not None and self.thinker.busy("verdict"):
            knows_hidden = self.game.rules.variant.hidden_information
            self.indicator.show_state("thinking", self.lang, knows_hidden=knows_hidden)

    def _verdict_ready(self, game: Game, key: State, result: SolveResult) -> None:
        if game is not self.game:
            return  # a verdict on the game before (its verdicts are forgotten)
        if result.verdict != "unknown":  # an unknown one may be found with more time
            self.verdicts[key] = result.verdict
        if position_key(game.state) == key:
            self._thinking_timer.stop()
            knows_hidden = game.rules.variant.hidden_information
            self.indicator.show_state(result.verdict, self.lang, knows_hidden=knows_hidden)
            if knows_hidden and result.verdict != "unknown":
                self.helped = True  # the verdict told something about the face-down cards

    def _verdict_failed(self, error: BaseException) -> None:
        self._thinking_timer.stop()
        _report("verdict", error)
        if self.game is not None:
            knows_hidden = self.game.rules.variant.hidden_information
            self.indicator.show_state("unknown", self.lang, knows_hidden=knows_hidden)

    def autocomplete(self) -> None:
        """Play every card home, or say why that cannot finish the game."""
        if self.game is None:
            return
        blocker = autocomplete_blocker(self.game)
        if blocker is not None:
            self.view.show_message(text(blocker, self.lang))
            return
        self.table.finish_animations()
        self.game.autocomplete()

    # -- the win ---------------------------------------------------------------------------------

    def _offer_after_win(self, game: Game) -> None:
        """The win dialog: time, score and moves; a new game or this deal again."""
        if game is not self.game or not game.is_won or self.win_dialog is not None:
            return
        minutes, seconds = divmod(int(self.elapsed()), 60)
        dialog = WinDialog(
            self.lang,
            time=f"{minutes}:{seconds:02d}",
            score=game.rules.scoring.format(game.state.score),
            moves=game.state.moves,
            counted=self.from_deal,
            parent=self,
        )
        dialog.finished.connect(lambda _: self._after_win(dialog))
        self.win_dialog = dialog
        dialog.open()

    def _after_win(self, dialog: WinDialog) -> None:
        if self.win_dialog is not dialog:
            return
        self.win_dialog = None
        dialog.deleteLater()
        if dialog.choice == "new":
            self.deal_new_game()
        elif dialog.choice == "restart" and self.game is not None:
            self.restart()

    def _close_win_dialog(self) -> None:
        dialog, self.win_dialog = self.win_dialog, None
        if dialog is not None:
            dialog.choice = None
            dialog.reject()
            dialog.deleteLater()

    def deal_new_game(self) -> None:
        """A new random game as the settings say (a winnable deal when they ask for one)."""
        choice = self.session.next_choice(self.settings)
        if choice.search:
            self.new_winnable_game(choice.options)
        else:
            self.start(self.catalog.new_game(choice.options))

    # -- new games -------------------------------------------------------------------------------

    def new_game_dialog(self) -> NewGameDialog:
        """The New Game dialog, with the player's statistics and the table's cards."""
        statistics = self.store.statistics()
        self._after_store()
        return NewGameDialog(
            self.catalog, self.settings, self.lang, self, statistics=statistics, painter=self.painter
        )

    def ask_new_game(self) -> None:
        """Game ▸ New Game: the chooser; its game, with the options chosen, is remembered
        (and so are the favourites, even when the dialog is cancelled)."""
        dialog = self.new_game_dialog()
        with self.paused():
            accepted = dialog.exec() == NewGameDialog.DialogCode.Accepted
        if dialog.favourites != self.settings.favourites:
            self.settings = attrs.evolve(self.settings, favourites=dialog.favourites)
            if not accepted:
                self.store.save_settings(self.settings)
        if not accepted:
            return
        options = dialog.options()
        choice = NewGameChoice(
            options,
            dialog.winnable_only.isChecked(),
            dialog.chosen_difficulty(),
            dialog.random_winnable(),
            has_levels(self.catalog.variant(options.variant), options.draw),
        )
        self.settings = remembered(self.catalog, self.settings, choice)
        self.store.save_settings(self.settings)
        if choice.search:
            self.new_winnable_game(options)
        else:
            self.start(self.catalog.new_game(options))

    def new_winnable_game(self, options: GameOptions, **tuning: Any) -> DealSearch | None:
        """Start a game of a random deal the solver proves winnable, with ``options``
        but their deal; the search shows its progress and may be cancelled.
        ``tuning`` goes to :class:`DealSearch` (budgets, the source of deals)."""
        if not solvable(self.catalog.ruleset(options)):
            self.start(self.catalog.new_game(options))
            return None
        if self.search is not None:
            self.search.cancel()
        self.thinker.cancel("verdict")  # the solver's time goes to the new deal
        # Deals from the variant's own numbers (FreeCell's Microsoft deals start at 1).
        variant = self.catalog.variant(options.variant)
        tuning.setdefault("random_deal", variant.random_deal)
        tuning.setdefault("difficulty", self.settings.difficulty if self.settings.winnable_only else "any")
        search = DealSearch(self.thinker, options, self.lang, self, variant=variant, **tuning)
        search.found.connect(lambda found: self._winnable_found(search, found))
        search.ended.connect(lambda tried: self._search_ended(search, tried))
        self.search = search
        self.session.pause()  # the clock stands while the search's dialog is up
        # The table and the menu take no moves meanwhile (the found deal would replace
        # them), also before the search's dialog, which takes the window's input, shows.
        self.view.setEnabled(False)
        self._update_status()
        search.start()
        return search

    def _search_done(self, search: DealSearch) -> None:
        if self.search is search:
            self.search = None
            self.session.unpause()
        search.deleteLater()
        self.view.setEnabled(True)
        self._update_status()
        self.view.setFocus()

    def _winnable_found(self, search: DealSearch, options: GameOptions) -> None:
        self._search_done(search)
        self.start(self.catalog.new_game(options))
        code = self.game.code if self.game is not None else ""
        self.view.show_message(text("search.found", self.lang, code=code or "—", tried=search.tried), 5)

    def _search_ended(self, search: DealSearch, tried: int) -> None:
        self._search_done(search)
        key = "search.gave_up" if tried >= search.max_deals else "search.cancelled"
        self.view.show_message(text(key, self.lang, tried=tried), 5)
        self._schedule_verdict()

    def ask_restart(self) -> None:
        if self.game is None:
            return
        if self.in_progress():
            with self.paused():
                answer = QMessageBox.question(
                    self, text("dialog.restart.title", self.lang), text("dialog.restart.text", self.lang)
                )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.restart()

    def in_progress(self) -> bool:
        """Whether a game is being played: moves made, not won."""
        return self.session.in_progress

    def restart(self) -> None:
        """The same deal again (a new game for the statistics)."""
        assert self.game is not None
        self.start(self.catalog.new_game(self.game.rules.options))

    def copy_code(self) -> None:
        if self.game is not None and self.game.code:
            QGuiApplication.clipboard().setText(self.game.code)
            self.view.show_message(text("status.copied", self.lang, code=self.game.code), 2)

    def save_log(self, path: str | None = None) -> None:
        if self.game is None:
            return
        if path is None:
            with self.paused():
                path, _ = QFileDialog.getSaveFileName(
                    self,
                    text("action.save", self.lang).replace("&", ""),
                    f"{self.game.code or 'game'}.json",
                    text("file.filter", self.lang),
                )
        if not path:
            return
        name = Path(path).name
        try:
            game_log.save(game_log.log_of(self.game, self.catalog), path)
        except game_log.LogError as error:  # a symlink, a FIFO, a device: refused
            self._warn(error.message(self.lang), title="dialog.save_error.title")
        except OSError as error:  # a full or read-only disk, a folder that is gone
            reason = error.strerror or type(error).__name__
            self._warn(
                text("message.save_failed", self.lang, name=name, reason=reason),
                title="dialog.save_error.title",
            )
        else:
            self.view.show_message(text("message.saved", self.lang, name=name))

    def _ask_log(self, action: str = "action.open") -> tuple[game_log.GameLog, str] | None:
        """Ask for a log file (the dialog titled as the menu item ``action``) and read it."""
        with self.paused():
            path, _ = QFileDialog.getOpenFileName(
                self, text(action, self.lang).replace("&", ""), "", text("file.filter", self.lang)
            )
        if not path:
            return None
        return self.read_log(path)

    def read_log(self, path: str) -> tuple[game_log.GameLog, str] | None:
        """Read a log file, or say why not."""
        try:
            return game_log.load(path), Path(path).name
        except game_log.LogError as error:
            self._warn(error.message(self.lang))
            return None

    def _warn(self, message: str, *, title: str = "dialog.error.title") -> None:
        with self.paused():
            QMessageBox.warning(self, text(title, self.lang), message)

    def open_log(self, path: str | None = None) -> None:
        """Continue a saved game from where its log ends, asking first when a game
        is in progress.  It was not played here from its deal on: no record."""
        found = self.read_log(path) if path else self._ask_log()
        if found is None:
            return
        try:
            game = game_log.replay(found[0], self.catalog)
        except game_log.LogError as error:
            self._warn(error.message(self.lang))
            return
        if self.in_progress():
            with self.paused():
                answer = QMessageBox.question(
                    self, text("dialog.open.title", self.lang), text("dialog.open.text", self.lang)
                )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.start(game, from_deal=False)
        self.view.show_message(text("message.opened", self.lang, name=found[1]), 5)

    def open_replay(self, path: str | None = None) -> ReplayViewer | None:
        """Step through a saved log in a viewer."""
        found = self.read_log(path) if path else self._ask_log("action.replay")
        if found is None:
            return None
        try:
            viewer = ReplayViewer(found[0], self.catalog, self.painter, self.lang, found[1], self)
        except game_log.LogError as error:
            self._warn(error.message(self.lang))
            return None
        viewer.show()
        return viewer

    def show_statistics(self) -> StatisticsDialog:
        game = self.game.rules.variant.id if self.game is not None else None
        dialog = StatisticsDialog(
            self.store.statistics(), self.catalog, self.lang, self, store=self.store, game=game
        )
        self._after_store()
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._pause_while_open(dialog)
        dialog.open()  # window-modal
        return dialog

    def show_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self.lang, self)
        with self.paused():
            accepted = dialog.exec() == SettingsDialog.DialogCode.Accepted
        if accepted:
            self.apply_settings(dialog.settings())

    def apply_settings(self, settings: Settings, *, save: bool = True) -> None:
        """Use new settings at once (language, rules, double click, animations, deck)."""
        deck_changed = (settings.deck, settings.back) != (self.settings.deck, self.settings.back)
        indicator_changed = settings.winnable_indicator != self.settings.winnable_indicator
        if settings.language != self.settings.language:
            # The player chose: that language from now on, over --lang and $SOLITAIRE_LANG
            # (or, choosing "the system's language", the desktop's).
            self._given_lang = settings.language or i18n.system_language(system_languages())
        self.settings = settings
        if save:
            self.store.save_settings(settings)
            self._after_store()
        self.table.animations = settings.animations
        self.table.double_tap_enabled = settings.double_tap
        if deck_changed:
            self.painter.set_deck(settings.deck or None, settings.back)
            self.table.relayout()
            if self.painter.deck_error:
                self.view.show_message(self.painter.deck_error, 6)
        if indicator_changed:
            self._schedule_verdict()
        self.retranslate()

    def show_rules(self) -> RulesDialog | None:
        """Help ▸ Rules: the rules page of the game being played, in the player's language."""
        if self.game is None:
            return None
        for shown in self.findChildren(RulesDialog):
            shown.close()  # one page at a time: that of the game now on the table
        dialog = RulesDialog(self.game, self.lang, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def show_plugins(self) -> PluginsDialog:
        """Help ▸ Plugins: the plugins installed, and those left out with the reasons."""
        dialog = PluginsDialog(self.catalog, self.plugin_problems, self.lang, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def _add_plugin_problems(self, problems: Sequence[PluginProblem], before: Sequence[str] = ()) -> None:
        new = [problem for problem in problems if problem not in self.plugin_problems]
        if new:
            self.plugin_problems.extend(new)
            self._announce_plugin_problems(before)

    def _announce_plugin_problems(self, before: Sequence[str] = ()) -> None:
        """Tell the player about plugins left out, once for the same problems (after
        the lines ``before``, which the notice would hide otherwise)."""
        lines = problem_lines(self.plugin_problems)
        if lines == self.settings.plugin_problems_shown:
            return
        # Remember them in the saved settings as they are (not with this window's language).
        self.store.update_settings(lambda saved: attrs.evolve(saved, plugin_problems_shown=lines))
        self.settings = attrs.evolve(self.settings, plugin_problems_shown=lines)
        if lines:
            names = ", ".join(dict.fromkeys(problem.plugin for problem in self.plugin_problems))
            message = "\n".join([*before, text("notice.plugins", self.lang, names=names)])
            self.view.show_notice(message, text("notice.details", self.lang), "plugins", 15)

    def _follow_link(self, name: str) -> None:
        if name == "plugins":
            self.show_plugins()

    def show_about(self) -> None:
        with self.paused():
            QMessageBox.about(
                self,
                text("dialog.about.title", self.lang),
                text("dialog.about.text", self.lang, version=package_version("solitaire-framework")),
            )

    # -- the window on the screen ----------------------------------------------------------------

    def _place(self, saved: WindowState | None) -> None:
        """Open where the window was left, inside the screen it is on (the primary
        screen the first time), maximised if it was."""
        self.winId()  # the window exists, so that its frame is known where it already is
        margins = self._frame_margins()
        extra = QSize(margins.left() + margins.right(), margins.top() + margins.bottom())
        frame = (
            None
            if saved is None
            else QRect(QPoint(saved.x, saved.y), QSize(saved.width, saved.height) + extra)
        )
        screen = QGuiApplication.screenAt(frame.center()) if frame is not None else None
        screen = screen or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(DEFAULT_SIZE)
            return
        fitted = fit_window(frame, screen.availableGeometry(), DEFAULT_SIZE + extra)
        self.move(fitted.topLeft())  # the frame's corner
        self.resize(fitted.size() - extra)
        if saved is not None and saved.maximized:
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def _frame_margins(self) -> QMargins:
        handle = self.windowHandle()
        return handle.frameMargins() if handle is not None else QMargins()

    def window_state(self) -> WindowState:
        """Where the window is, when neither maximised nor full screen: the corner of its
        frame and the size inside it; and whether it is maximised."""
        if self.isMaximized() or self.isFullScreen():
            rect, margins = self.normalGeometry(), self._frame_margins()
            corner = rect.topLeft() - QPoint(margins.left(), margins.top())
            size = rect.size()
        else:
            corner, size = self.pos(), self.size()
        if size.width() <= 0 or size.height() <= 0:
            size = self.size()
        maximized = bool(self.windowState() & Qt.WindowState.WindowMaximized)
        return WindowState(corner.x(), corner.y(), max(1, size.width()), max(1, size.height()), maximized)

    def toggle_full_screen(self) -> None:
        """Settings ▸ Full Screen (F11): the table on the whole screen, or back."""
        if self.isFullScreen():
            self.setWindowState(self.windowState() & ~Qt.WindowState.WindowFullScreen)
        else:
            self.setWindowState(self.windowState() | Qt.WindowState.WindowFullScreen)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.WindowStateChange:
            action = self._actions.get("action.fullscreen")
            if action is not None:
                action.setChecked(self.isFullScreen())
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._save()
        self.store.save_window_state(self.window_state())
        if self.search is not None:
            self.search.cancel()
        self.thinker.shutdown()
        super().closeEvent(event)


def _full_screen_keys() -> list[QKeySequence | QKeySequence.StandardKey | str]:
    """F11, and the platform's own full-screen keys where they differ."""
    keys: list[QKeySequence | QKeySequence.StandardKey | str] = [QKeySequence("F11")]
    keys += [key for key in QKeySequence.keyBindings(QKeySequence.StandardKey.FullScreen) if key != keys[0]]
    return keys


def _report(work: str, error: BaseException) -> None:
    """Say on standard error why background work failed (the player sees less)."""
    words = str(error).replace("\n", " ")
    print(f"solitaire: the {work} failed: {type(error).__name__}: {words}", file=sys.stderr)
