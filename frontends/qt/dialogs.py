"""The window's dialogs: new game, statistics, preferences, rules, replay viewer."""

from __future__ import annotations

from qtpy.QtCore import Qt, QTimer
from qtpy.QtGui import QGuiApplication
from qtpy.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from solitaire.core import log as game_log
from solitaire.core.families import by_family
from solitaire.core.game import Game
from solitaire.core.i18n import Message, Plural
from solitaire.core.registry import Catalog
from solitaire.core.store import INDICATOR_MODES, Settings, Statistics, StatsRecord, StatsTotal, Store
from solitaire.frontends.cli.render import describe_action, describe_rules
from solitaire.frontends.qt.cards import (
    CardPainter,
    SvgDeck,
    deck_checks,
    deck_loads,
    find_svg_decks,
)
from solitaire.frontends.qt.chooser import NewGameDialog, duration
from solitaire.frontends.qt.i18n import languages, text

__all__ = [
    "NewGameDialog",
    "ReplayViewer",
    "RulesDialog",
    "SettingsDialog",
    "StatisticsDialog",
    "WinDialog",
]


class StatisticsDialog(QDialog):
    """The results per variant, draw mode and scoring: of one game or of every game,
    with their total; with a ``store``, a reset of one game's results (asked first)."""

    COLUMNS = (
        "stats.game",
        "stats.played",
        "stats.won",
        "stats.rate",
        "stats.best",
        "stats.fastest",
        "stats.fewest",
        "stats.streak",
        "stats.total",
        "stats.help",
    )

    def __init__(
        self,
        statistics: Statistics,
        catalog: Catalog,
        lang: str,
        parent: QWidget | None = None,
        *,
        store: Store | None = None,
        game: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.statistics, self.catalog, self.lang, self.store = statistics, catalog, lang, store
        self.setWindowTitle(text("dialog.statistics.title", lang))
        layout = QVBoxLayout(self)
        choose = QHBoxLayout()
        self.game = QComboBox()
        label = QLabel(text("stats.of", lang))
        label.setBuddy(self.game)
        choose.addWidget(label)
        choose.addWidget(self.game, 1)
        layout.addLayout(choose)
        self.empty = QLabel(text("dialog.statistics.none", lang))
        layout.addWidget(self.empty)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.headers = [text(key, lang) for key in self.COLUMNS]
        self.table.setHorizontalHeaderLabels(self.headers)
        layout.addWidget(self.table)
        self.notice = QLabel()
        self.notice.hide()
        layout.addWidget(self.notice)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.reset_button = buttons.addButton(
            text("stats.reset", lang), QDialogButtonBox.ButtonRole.ResetRole
        )
        self.reset_button.setVisible(store is not None)
        self.reset_button.clicked.connect(self.ask_reset)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fill_games(game if game in statistics.games() else None)
        self.game.currentIndexChanged.connect(self._show)
        self._show()

    def _game_name(self, variant: str) -> str:
        installed = self.catalog.variants.get(variant)
        return installed.name(self.lang) if installed is not None else variant

    def _fill_games(self, chosen: str | None) -> None:
        """All games, then each game (by family; those of uninstalled plugins by id) with
        how many were played."""
        games = self.statistics.games()
        order = [
            v.id for family in by_family(self.catalog.variants.values(), self.lang) for v in family.variants
        ]
        order += sorted(set(games) - set(order))
        self.game.blockSignals(True)
        self.game.clear()
        self.game.addItem(text("stats.all", self.lang), None)
        for variant in order:
            played = StatsTotal.of(games.get(variant, {})).played
            self.game.addItem(
                text("stats.game.count", self.lang, game=self._game_name(variant), played=played), variant
            )
        self.game.setCurrentIndex(max(0, self.game.findData(chosen)))
        self.game.blockSignals(False)

    def chosen_game(self) -> str | None:
        """The game shown (None: every game)."""
        variant = self.game.currentData()
        return variant if isinstance(variant, str) else None

    def show_game(self, variant: str | None) -> None:
        """Show the results of ``variant`` (None: of every game)."""
        self.game.setCurrentIndex(max(0, self.game.findData(variant)))

    def _show(self) -> None:
        variant = self.chosen_game()
        records = self.statistics.records if variant is None else self.statistics.of_game(variant)
        table = self.table
        table.setRowCount(0)
        rows = sorted(records.items())
        table.setRowCount(len(rows) + (1 if rows else 0))
        for row, (key, record) in enumerate(rows):
            streak = f"{record.current_streak} ({record.longest_streak})"
            values = self._values(self._label(key), record, record.best_score, record.total_score, streak)
            self._put_row(row, values)
        if rows:
            total = StatsTotal.of(records)
            streak = f"– ({total.longest_streak})"
            values = self._values(
                text("stats.total.row", self.lang), total, total.best_score, total.total_score, streak
            )
            self._put_row(len(rows), values, bold=True)
        self.empty.setVisible(not rows)
        self.reset_button.setEnabled(variant is not None and bool(rows))
        self._fit_table()

    def _label(self, key: str) -> str:
        variant, draw, scoring = Statistics.parts(key)
        scheme = self.catalog.scorings.get(scoring)
        draw_text = Message("draw {draw}", draw=draw).translate(self.lang)
        return f"{self._game_name(variant)} · {draw_text} · {scheme.name(self.lang) if scheme else scoring}"

    def _values(
        self, label: str, record: StatsRecord | StatsTotal, best: int | None, total: int | None, streak: str
    ) -> list[object]:
        rate = f"{record.win_rate:.0%}" if record.win_rate is not None else "–"
        return [
            label,
            record.played,
            record.won,
            rate,
            "–" if best is None else best,
            duration(record.fastest_win_seconds),
            "–" if record.fewest_moves is None else record.fewest_moves,
            streak,
            "–" if total is None else total,
            record.won_with_help,
        ]

    def _put_row(self, row: int, values: list[object], *, bold: bool = False) -> None:
        for column, value in enumerate(values):
            item = QTableWidgetItem(str(value))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            if bold:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.table.setItem(row, column, item)

    def ask_reset(self) -> bool:
        """Forget the results of the game shown, once the player says yes; True when done."""
        variant = self.chosen_game()
        if variant is None or self.store is None:
            return False
        name = self._game_name(variant)
        answer = QMessageBox.question(
            self,
            text("stats.reset.title", self.lang, game=name),
            text("stats.reset.text", self.lang, game=name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self.statistics = self.store.reset_statistics(variant)
        self._fill_games(variant)
        self._show()
        self.notice.setText(text("stats.reset.done", self.lang, game=name))
        self.notice.show()
        return True

    def _fit_table(self) -> None:
        """As wide as the table, within the screen: headers of two lines, and the name
        of the game on two, when one line of each is too wide."""
        table = self.table
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().width() * 19 // 20 if screen is not None else 1000
        layout = self.layout()
        margins = layout.contentsMargins().left() + layout.contentsMargins().right() if layout else 0
        extra = 2 * table.frameWidth() + margins
        for wrapped in (False, True):
            labels = [_two_lines(label) if wrapped else label for label in self.headers]
            table.setHorizontalHeaderLabels(labels)
            for row in range(table.rowCount()):
                item = table.item(row, 0)
                if item is not None:
                    item.setText(item.text().replace(" · ", "\n", 1) if wrapped else item.text())
            table.resizeColumnsToContents()
            table.resizeRowsToContents()
            width = sum(table.columnWidth(column) for column in range(table.columnCount())) + extra
            if width <= room:
                break
        # As tall as the rows, within most of the screen; taller, they scroll (the bar takes room).
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        needed = table.horizontalHeader().sizeHint().height() + rows + 2 * table.frameWidth()
        tallest = screen.availableGeometry().height() * 3 // 5 if screen is not None else 600
        table.setMinimumHeight(min(needed, tallest))
        if needed > tallest:
            width += table.verticalScrollBar().sizeHint().width()
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.resize(max(420, self.width(), min(width + 4, room)), max(280, self.sizeHint().height()))


def _two_lines(label: str) -> str:
    """A header on two lines, broken at the space nearest its middle."""
    spaces = [index for index, char in enumerate(label) if char == " "]
    if not spaces:
        return label
    middle = min(spaces, key=lambda index: abs(index - len(label) / 2))
    return f"{label[:middle]}\n{label[middle + 1 :]}"


class WinDialog(QDialog):
    """The game is won: its time, score and moves, and what next: a new game, this
    deal again, or a look at the table (``choice`` is "new", "restart" or None)."""

    def __init__(
        self,
        lang: str,
        *,
        time: str,
        score: str,
        moves: int,
        counted: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(text("dialog.won.title", lang))
        self.choice: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 20, 28, 16)
        layout.setSpacing(12)
        heading = QLabel(text("dialog.won.title", lang))
        font = heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        heading.setFont(font)
        heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(heading)
        self.summary = QLabel(text("dialog.won.text", lang, time=time, score=score, moves=moves))
        font = self.summary.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.summary.setFont(font)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.summary)
        self.note = QLabel(text("dialog.won.uncounted", lang))
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setVisible(not counted)
        layout.addWidget(self.note)
        buttons = QDialogButtonBox()
        self.new_button = buttons.addButton(
            text("dialog.won.new", lang), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.restart_button = buttons.addButton(
            text("dialog.won.restart", lang), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.new_button.setDefault(True)
        self.new_button.clicked.connect(lambda: self._choose("new"))
        self.restart_button.clicked.connect(lambda: self._choose("restart"))
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(buttons)

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()


class SettingsDialog(QDialog):
    """Language, interactive rules, double click, animations, the "still winnable?"
    indicator, deck and back."""

    def __init__(self, settings: Settings, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(text("dialog.settings.title", lang))
        form = QFormLayout()
        self.language = QComboBox()
        self.language.addItem(text("settings.language.system", lang), "")
        for code, name in languages().items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language or "")))
        form.addRow(text("settings.language", lang), self.language)
        self.interactive_rules = QCheckBox(text("settings.rules", lang))
        self.interactive_rules.setChecked(settings.interactive_rules)
        self.double_tap = QCheckBox(text("settings.double", lang))
        self.double_tap.setChecked(settings.double_tap)
        self.animations = QCheckBox(text("settings.animations", lang))
        self.animations.setChecked(settings.animations)
        for box in (self.interactive_rules, self.double_tap, self.animations):
            form.addRow("", box)
        self.indicator = QComboBox()
        for mode in INDICATOR_MODES:
            self.indicator.addItem(text(f"settings.indicator.{mode}", lang), mode)
        self.indicator.setCurrentIndex(max(0, self.indicator.findData(settings.winnable_indicator)))
        form.addRow(text("settings.indicator", lang), self.indicator)
        self.deck = QComboBox()
        self.deck.addItem(text("deck.own", lang), "")
        #: Decks not yet tried: one is loaded per turn of the event loop (they take tens of ms
        #: each), and those Qt cannot draw leave the list.  What is found is kept between runs
        #: (``DeckChecks``): a deck is tried again only when its file changes.
        self.unprobed: list[SvgDeck] = []
        for deck in find_svg_decks(lang=lang):
            known = deck_loads(deck.path, probe=False)
            if known is not False:
                self.deck.addItem(deck.name, str(deck.path))
            if known is None:
                self.unprobed.append(deck)
        self.deck.setCurrentIndex(max(0, self.deck.findData(settings.deck)))
        form.addRow(text("settings.deck", lang), self.deck)
        self._prober = QTimer(self)
        self._prober.setInterval(0)
        self._prober.timeout.connect(self._probe_next)
        if self.unprobed:
            self._prober.start()
        self.back = QComboBox()
        for back in CardPainter.BACKS:
            self.back.addItem(text(f"back.{back}", lang), back)
        self.back.setCurrentIndex(max(0, self.back.findData(settings.back)))
        form.addRow(text("settings.back", lang), self.back)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self._base = settings

    def _probe_next(self) -> None:
        """Try the next deck not yet tried, and leave it out of the list if Qt cannot draw it."""
        if self.unprobed:
            deck = self.unprobed.pop(0)
            if not deck_loads(deck.path):
                index = self.deck.findData(str(deck.path))
                if index >= 0:
                    if index == self.deck.currentIndex():
                        self.deck.setCurrentIndex(0)  # the window draws the own deck instead
                    self.deck.removeItem(index)
        if not self.unprobed:
            self._prober.stop()
            deck_checks().save()  # kept for the next run: the decks are not tried again

    def done(self, result: int) -> None:
        """Closing stops the trying of decks (the rest is tried the next time; what was found
        is kept)."""
        self._prober.stop()
        deck_checks().save()
        super().done(result)

    def settings(self) -> Settings:
        """The settings as chosen."""
        import attrs

        return attrs.evolve(
            self._base,
            language=self.language.currentData() or None,
            interactive_rules=self.interactive_rules.isChecked(),
            double_tap=self.double_tap.isChecked(),
            animations=self.animations.isChecked(),
            winnable_indicator=self.indicator.currentData(),
            deck=self.deck.currentData(),
            back=self.back.currentData(),
        )


class ReplayViewer(QDialog):
    """Steps through a saved log: forward, back, a slider, play and pause."""

    def __init__(
        self,
        log: game_log.GameLog,
        catalog: Catalog,
        painter: CardPainter,
        lang: str,
        name: str,
        parent: QWidget | None = None,
    ) -> None:
        from solitaire.frontends.qt.view import TableView

        # Check the whole log first: a tampered log is refused before any widget exists.
        game_log.replay(log, catalog)
        super().__init__(parent)
        self.log, self.catalog, self.lang = log, catalog, lang
        self.setWindowTitle(text("dialog.replay.title", lang, name=name))
        self.view = TableView(painter)
        self.view.table.interactive = False
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, len(log.entries))
        self.slider.valueChanged.connect(self.show_step)
        self.back_button = QPushButton("◀")
        self.forward_button = QPushButton("▶")
        self.play_button = QPushButton(text("replay.play", lang))
        self.back_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.forward_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.play_button.clicked.connect(self.toggle)
        self.caption = QLabel()
        self.timer = QTimer(self)
        self.timer.setInterval(600)
        self.timer.timeout.connect(self._tick)
        controls = QHBoxLayout()
        for widget in (self.back_button, self.play_button, self.forward_button, self.slider):
            controls.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.caption)
        layout.addLayout(controls)
        self.resize(900, 680)
        self.game: Game | None = None
        self.show_step(0)

    def show_step(self, index: int) -> None:
        """Show the table after ``index`` actions."""
        game = game_log.replay(self.log, self.catalog, until=index)
        self.game = game
        self.view.table.set_game(game)
        total = len(self.log.entries)
        if index == 0:
            self.caption.setText(text("replay.start", self.lang))
        else:
            entry = self.log.entries[index - 1]
            words = describe_action(entry.action, entry.events, self.lang)
            self.caption.setText(
                text("replay.step", self.lang, index=index, total=total, action=entry.action, words=words)
            )

    def toggle(self) -> None:
        """Play or pause."""
        if self.timer.isActive():
            self.timer.stop()
            self.play_button.setText(text("replay.play", self.lang))
        else:
            if self.slider.value() >= self.slider.maximum():
                self.slider.setValue(0)
            self.timer.start()
            self.play_button.setText(text("replay.pause", self.lang))

    def _tick(self) -> None:
        if self.slider.value() >= self.slider.maximum():
            self.toggle()
            return
        self.slider.setValue(self.slider.value() + 1)


def rules_text(game: Game, lang: str) -> str:
    """The rules of the game being played, for the rules dialog."""
    rules = game.rules
    variant = rules.variant
    summary = variant.rules_summary(lang)
    passes = rules.redeal.passes
    scoring = rules.scoring.name(lang)
    returns = (
        Message("cards may come back from the foundations")
        if rules.returns_allowed
        else Message("no foundation returns")
    )
    if variant.has_stock:
        stock = (
            Message("unlimited passes through the stock")
            if passes is None
            else Plural("{n} pass through the stock", "{n} passes through the stock", passes)
        )
        said = Message(
            "Draw {draw}; {scoring} scoring; {stock}; {returns}.",
            draw=rules.draw,
            scoring=scoring,
            stock=stock,
            returns=returns,
        )
    else:
        said = Message("{scoring} scoring; {returns}.", scoring=scoring, returns=returns)
    options = said.translate(lang)
    return f"{variant.name(lang)}\n\n{summary}\n\n{options}"


def rules_markdown(game: Game, lang: str) -> str:
    """The rules page of the game being played (see ``Variant.rules_page``), headed by its
    options; without a page, the summary of ``rules_text``."""
    rules = game.rules
    page = rules.variant.rules_page(lang)
    if page is None:
        return f"# {rules_text(game, lang)}"
    this_game = text("rules.this_game", lang, rules=describe_rules(rules, lang))
    title, newline, rest = page.partition("\n")
    if not title.startswith("# "):
        return f"*{this_game}*\n\n{page}"
    return f"{title}\n\n*{this_game}*\n{newline}{rest}"


class RulesDialog(QDialog):
    """Help ▸ Rules: the full rules of the game being played, scrollable, in the
    player's language."""

    def __init__(self, game: Game, lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(text("action.rules", lang).replace("&", ""))
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.setMarkdown(rules_markdown(game, lang))
        self.browser.setAccessibleName(game.rules.variant.name(lang))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        if parent is not None:  # as tall as the window, and wide enough for the tables
            self.resize(max(560, parent.width() * 2 // 3), max(420, parent.height()))
        else:
            self.resize(640, 720)
        self.browser.setFocus()
