"""The main window: the table, the menus, the status bar, and the local store."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from pathlib import Path

import attrs
from qtpy.QtCore import Qt, QTimer
from qtpy.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from qtpy.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox, QPushButton

from solitaire.core import log as game_log
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Change, Game
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.registry import Catalog, OptionsError, package_version
from solitaire.core.store import Settings, Store
from solitaire.frontends.cli.render import render_state
from solitaire.frontends.qt.cards import CardPainter
from solitaire.frontends.qt.dialogs import (
    NewGameDialog,
    ReplayViewer,
    SettingsDialog,
    StatisticsDialog,
    rules_text,
)
from solitaire.frontends.qt.i18n import text
from solitaire.frontends.qt.view import TableView

__all__ = ["MainWindow"]

#: Let the winning move land before the kings leap.
ANIMATION_GRACE_MS = 250


class MainWindow(QMainWindow):
    """The desktop game.  It resumes the saved game and saves after every action."""

    def __init__(
        self, catalog: Catalog, store: Store, *, lang: str | None = None, resume: bool = True
    ) -> None:
        super().__init__()
        self.catalog, self.store = catalog, store
        self.settings = store.settings()
        if lang is not None:
            self.settings = attrs.evolve(self.settings, language=lang)
        self.painter = CardPainter(deck=self.settings.deck or None, back=self.settings.back)
        self.view = TableView(self.painter, self)
        self.table = self.view.table
        self.setCentralWidget(self.view)
        self.table.refused.connect(self._refused)
        self._actions: dict[str, QAction] = {}
        self._menus: dict[str, object] = {}
        self._build_menus()
        self._build_status_bar()
        self.game: Game | None = None
        self.game_id = ""
        self.seconds = 0.0
        self.clock = time.monotonic()
        self.helped = False
        self._unsubscribe: object = None
        self._celebrated = False
        self._auto_offered = False
        self.clock_timer = QTimer(self)
        self.clock_timer.timeout.connect(self._update_status)
        self.clock_timer.start(1000)
        resumed = store.load_game(catalog) if resume else None
        if resumed is not None:
            game, saved = resumed
            self.start(game, game_id=saved.id, seconds=saved.seconds, helped=saved.helped, record=False)
            self.view.show_message(text("message.resumed", self.lang, code=game.code))
        else:
            self.start(self.new_game_from_settings(), record=False)
        self.apply_settings(self.settings, save=False)
        notices = list(store.notices) + [f"{p.plugin}: {p.reason}" for p in catalog.problems]
        if notices:
            QTimer.singleShot(0, lambda: self.view.show_message("\n".join(notices), 8))
        self.resize(1100, 780)

    @property
    def lang(self) -> str:
        return self.settings.language

    # -- menus and status bar --------------------------------------------------------------------

    def _action(
        self,
        key: str,
        slot: object,
        shortcuts: list[QKeySequence | QKeySequence.StandardKey | str] | None = None,
    ) -> QAction:
        action = QAction(self)
        action.triggered.connect(slot)
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
        help_menu = bar.addMenu("")
        help_menu.addAction(self._action("action.rules", self.show_rules, ["F1"]))
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
        for widget, name in (
            (self.score_label, "score"),
            (self.moves_label, "moves"),
            (self.time_label, "time"),
        ):
            widget.setMinimumWidth(110)
            widget.setAccessibleName(name)
            status.addWidget(widget)
        self.code_button.setAccessibleName("game code")
        status.addPermanentWidget(self.code_button)

    def retranslate(self) -> None:
        """Put every label in the current language."""
        self.setWindowTitle(text("app.title", self.lang))
        for key, menu in self._menus.items():
            menu.setTitle(text(key, self.lang))  # type: ignore[attr-defined]
        for key, action in self._actions.items():
            action.setText(text(key, self.lang))
        self.code_button.setToolTip(text("status.code.tip", self.lang))
        self._update_status()

    # -- the game --------------------------------------------------------------------------------

    def new_game_from_settings(self, deal: int | None = None) -> Game:
        """A random deal with the options of the settings."""
        deal = secrets.randbelow(DEAL_NUMBERS) if deal is None else deal
        s = self.settings
        try:
            options = self.catalog.options(s.variant, s.draw, s.scoring, s.redeal, s.returns_allowed, deal)
        except OptionsError:
            options = self.catalog.options(deal=deal)
        return self.catalog.new_game(options)

    def start(
        self,
        game: Game,
        *,
        game_id: str | None = None,
        seconds: float = 0.0,
        helped: bool = False,
        record: bool = True,
    ) -> None:
        """Show ``game``; the game left counts as played when moves were made."""
        if record:
            self.finish_current()
        if callable(self._unsubscribe):
            self._unsubscribe()
        self.game = game
        self.game_id = game_id or Store.new_game_id()
        self.seconds, self.clock, self.helped = seconds, time.monotonic(), helped
        self._celebrated = game.is_won
        self._auto_offered = game.autocomplete_moves() is not None
        self._unsubscribe = game.subscribe(self._changed)
        self.table.set_game(game)
        self._save()
        self._update_status()

    def finish_current(self) -> None:
        """Count the game being left in the statistics, if it was played at all."""
        if self.game is not None and self.game.journal:
            self.store.record_result(
                self.game, game_id=self.game_id, seconds=self.elapsed(), helped=self.helped
            )

    def elapsed(self) -> float:
        if self.game is not None and self.game.is_won:
            return self.seconds
        return self.seconds + time.monotonic() - self.clock

    def _changed(self, change: Change) -> None:
        assert self.game is not None
        if self.game.is_won and not self._celebrated:
            self._celebrated = True
            self.seconds += time.monotonic() - self.clock  # the clock stops at the win
            self.clock = time.monotonic()
            self.store.record_result(
                self.game, game_id=self.game_id, seconds=self.seconds, helped=self.helped
            )
            score = self.game.rules.scoring.format(self.game.state.score)
            self.view.show_message(
                text("message.won", self.lang, score=score, moves=self.game.state.moves), 8
            )
            QTimer.singleShot(ANIMATION_GRACE_MS, self.table.celebrate)
        elif not self.game.is_won:
            available = self.game.autocomplete_moves() is not None
            if available and not self._auto_offered:
                self.view.show_message(text("message.auto", self.lang), 4)
            self._auto_offered = available
        self._save()
        self._update_status()

    def _save(self) -> None:
        if self.game is not None:
            self.store.save_game(
                self.game, self.catalog, game_id=self.game_id, seconds=self.elapsed(), helped=self.helped
            )

    def _update_status(self) -> None:
        game = self.game
        if game is None:
            return
        score = game.rules.scoring.format(game.state.score)
        self.score_label.setText(text("status.score", self.lang, score=score))
        self.moves_label.setText(text("status.moves", self.lang, moves=game.state.moves))
        minutes, seconds = divmod(int(self.elapsed()), 60)
        self.time_label.setText(text("status.time", self.lang, time=f"{minutes}:{seconds:02d}"))
        self.code_button.setText(text("status.code", self.lang, code=game.code or "—"))
        self._actions["action.undo"].setEnabled(game.can_undo)
        self._actions["action.redo"].setEnabled(game.can_redo)
        self._actions["action.auto"].setEnabled(game.autocomplete_moves() is not None)
        # Screen readers get the table as text, the same picture the terminal game draws.
        self.view.setAccessibleDescription(render_state(game.state, game.rules, game.code, lang=self.lang))

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

    def hint(self) -> None:
        if self.game is None:
            return
        hint = self.game.hint()
        if hint.move is not None:
            self.table.show_hint(hint.move)
        self.view.show_message(hint.reason(self.lang))

    def autocomplete(self) -> None:
        if self.game is not None and self.game.autocomplete_moves() is not None:
            self.table.finish_animations()
            self.game.autocomplete()

    def ask_new_game(self) -> None:
        dialog = NewGameDialog(self.catalog, self.settings, self.lang, self)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return
        options = dialog.options(secrets.randbelow(DEAL_NUMBERS))
        default_redeal = self.catalog.scoring(options.scoring).default_redeal
        self.settings = attrs.evolve(
            self.settings,
            variant=options.variant,
            draw=options.draw,
            scoring=options.scoring,
            redeal=None if options.redeal == default_redeal else options.redeal,
            returns_allowed=options.returns_allowed,
        )
        self.store.save_settings(self.settings)
        self.start(self.catalog.new_game(options))

    def ask_restart(self) -> None:
        if self.game is None:
            return
        if self.game.journal and not self.game.is_won:
            answer = QMessageBox.question(
                self, text("dialog.restart.title", self.lang), text("dialog.restart.text", self.lang)
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.restart()

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
            path, _ = QFileDialog.getSaveFileName(
                self,
                text("action.save", self.lang).replace("&", ""),
                f"{self.game.code or 'game'}.json",
                text("file.filter", self.lang),
            )
        if path:
            game_log.save(game_log.log_of(self.game, self.catalog), path)

    def _ask_log(self) -> tuple[game_log.GameLog, str] | None:
        path, _ = QFileDialog.getOpenFileName(
            self, text("action.open", self.lang).replace("&", ""), "", text("file.filter", self.lang)
        )
        if not path:
            return None
        return self.read_log(path)

    def read_log(self, path: str) -> tuple[game_log.GameLog, str] | None:
        """Read a log file, or say why not."""
        try:
            return game_log.load(path), Path(path).name
        except game_log.LogError as error:
            QMessageBox.warning(self, text("dialog.error.title", self.lang), str(error))
            return None

    def open_log(self, path: str | None = None) -> None:
        """Continue a saved game from where its log ends."""
        found = self.read_log(path) if path else self._ask_log()
        if found is None:
            return
        try:
            game = game_log.replay(found[0], self.catalog)
        except game_log.LogError as error:
            QMessageBox.warning(self, text("dialog.error.title", self.lang), str(error))
            return
        self.start(game)

    def open_replay(self, path: str | None = None) -> ReplayViewer | None:
        """Step through a saved log in a viewer."""
        found = self.read_log(path) if path else self._ask_log()
        if found is None:
            return None
        try:
            viewer = ReplayViewer(found[0], self.catalog, self.painter, self.lang, found[1], self)
        except game_log.LogError as error:
            QMessageBox.warning(self, text("dialog.error.title", self.lang), str(error))
            return None
        viewer.show()
        return viewer

    def show_statistics(self) -> StatisticsDialog:
        dialog = StatisticsDialog(self.store.statistics(), self.catalog, self.lang, self)
        dialog.show()
        return dialog

    def show_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self.lang, self)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.apply_settings(dialog.settings())

    def apply_settings(self, settings: Settings, *, save: bool = True) -> None:
        """Use new settings at once (language, rules, double click, animations, deck)."""
        deck_changed = (settings.deck, settings.back) != (self.settings.deck, self.settings.back)
        self.settings = settings
        if save:
            self.store.save_settings(settings)
        self.table.animations = settings.animations
        self.table.double_tap_enabled = settings.double_tap
        if deck_changed:
            self.painter.set_deck(settings.deck or None, settings.back)
            self.table.relayout()
            if self.painter.deck_error:
                self.view.show_message(self.painter.deck_error, 6)
        self.retranslate()

    def show_rules(self) -> None:
        if self.game is not None:
            QMessageBox.information(
                self, text("action.rules", self.lang).replace("&", ""), rules_text(self.game, self.lang)
            )

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            text("dialog.about.title", self.lang),
            text("dialog.about.text", self.lang, version=package_version("solitaire-framework")),
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        self._save()
        super().closeEvent(event)
