"""The window's dialogs: new game, statistics, preferences, rules, replay viewer."""

from __future__ import annotations

from qtpy.QtCore import Qt, QTimer
from qtpy.QtGui import QGuiApplication
from qtpy.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSlider,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from solitaire.core import i18n
from solitaire.core import log as game_log
from solitaire.core.codes import CodeError
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Game
from solitaire.core.i18n import Message, Plural
from solitaire.core.registry import Catalog, OptionsError
from solitaire.core.ruleset import GameOptions, Variant
from solitaire.core.solver import solvable
from solitaire.core.store import INDICATOR_MODES, Settings, Statistics
from solitaire.frontends.cli.render import describe_action, describe_rules
from solitaire.frontends.qt.cards import (
    CardPainter,
    SvgDeck,
    deck_checks,
    deck_loads,
    find_svg_decks,
)
from solitaire.frontends.qt.i18n import languages, text
from solitaire.variants.blocks import Foundations

__all__ = [
    "NewGameDialog",
    "ReplayViewer",
    "RulesDialog",
    "SettingsDialog",
    "StatisticsDialog",
    "WinDialog",
]


def has_waste(variant: Variant) -> bool:
    """Whether the variant's table has a waste (then a redeal policy matters)."""
    return variant.has_stock and variant.has_waste


def returns_matter(variant: Variant) -> bool:
    """Whether cards could come back from the variant's foundations (then the choice
    to allow it matters)."""
    block = getattr(variant, "foundations_block", None)
    return not isinstance(block, Foundations) or block.returns


class NewGameDialog(QDialog):
    """Variant, draw mode, scoring, redeal policy and returns; a random deal, a deal
    number, or a game code checked as it is typed."""

    def __init__(
        self, catalog: Catalog, settings: Settings, lang: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.catalog, self.lang = catalog, lang
        self.setWindowTitle(text("dialog.new.title", lang))
        form = QFormLayout()
        self.variant = QComboBox()
        for variant in catalog.variants.values():
            self.variant.addItem(variant.name(lang), variant.id)
        self.variant.setCurrentIndex(max(0, self.variant.findData(settings.variant)))
        form.addRow(text("dialog.new.variant", lang), self.variant)
        self.draw = QComboBox()
        self._draw_label = QLabel(text("dialog.new.draw", lang))
        self._wanted_draw = settings.draw
        self._fitting = False
        self.draw.currentIndexChanged.connect(self._draw_chosen)
        form.addRow(self._draw_label, self.draw)
        self.scoring = QComboBox()
        self._wanted_scoring = settings.scoring
        self.scoring.currentIndexChanged.connect(self._scoring_chosen)
        form.addRow(text("dialog.new.scoring", lang), self.scoring)
        self.redeal = QComboBox()
        self.redeal.addItem(text("dialog.new.redeal.default", lang), None)
        self.redeal.addItem(text("dialog.new.redeal.unlimited", lang), "unlimited")
        for passes in (1, 2, 3):
            self.redeal.addItem(str(passes), f"passes:{passes}")
        self.redeal.setCurrentIndex(max(0, self.redeal.findData(settings.redeal)))
        form.addRow(text("dialog.new.redeal", lang), self.redeal)
        self.returns = QCheckBox(text("dialog.new.returns", lang))
        self.returns.setChecked(settings.returns_allowed)
        form.addRow("", self.returns)
        self._form = form
        self.variant.currentIndexChanged.connect(self._fit_to_variant)
        self._fit_to_variant()

        self.random = QRadioButton(text("dialog.new.random", lang))
        self.by_number = QRadioButton(text("dialog.new.number", lang))
        self.random.setChecked(True)
        self.number = QSpinBox()
        self.number.setRange(0, 2**31 - 1)  # a spin box holds 32-bit numbers; codes reach the rest
        self.number.valueChanged.connect(lambda _: self.by_number.setChecked(True))
        group = QButtonGroup(self)
        group.addButton(self.random)
        group.addButton(self.by_number)
        deal_row = QHBoxLayout()
        deal_row.addWidget(self.random)
        deal_row.addWidget(self.by_number)
        deal_row.addWidget(self.number)
        form.addRow(text("dialog.new.deal", lang), deal_row)
        self.code = QLineEdit()
        self.code.setPlaceholderText(text("dialog.new.code.placeholder", lang))
        self.code.textChanged.connect(self._check_code)
        self.code_status = QLabel()
        self.code_status.setWordWrap(True)
        form.addRow(text("dialog.new.code", lang), self.code)
        form.addRow("", self.code_status)
        self.winnable_only = QCheckBox(text("dialog.new.winnable", lang))
        self.winnable_only.setChecked(settings.winnable_only)
        self.winnable_note = QLabel()
        self.winnable_note.setWordWrap(True)
        form.addRow("", self.winnable_only)
        form.addRow("", self.winnable_note)
        for changed in (self.variant.currentIndexChanged, self.random.toggled, self.code.textChanged):
            changed.connect(self._fit_winnable)
        self._fit_winnable()

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self._code_options: GameOptions | None = None

    def _fit_to_variant(self) -> None:
        """Offer what the chosen variant has: its draw choices (under its own label, such
        as Spider's suits) when it has more than one, the scoring schemes that fit it,
        and a redeal policy only where there is a waste to turn back."""
        variant = self.catalog.variants.get(self.variant.currentData())
        if variant is None:
            return
        self._fitting = True
        try:
            self._fit_choices(variant)
        finally:
            self._fitting = False

    def _draw_chosen(self) -> None:
        if not self._fitting and self.draw.currentData() is not None:
            self._wanted_draw = self.draw.currentData()

    def _scoring_chosen(self) -> None:
        if not self._fitting and self.scoring.currentData() is not None:
            self._wanted_scoring = self.scoring.currentData()

    def _fit_choices(self, variant: Variant) -> None:
        lang = self.lang
        klondike_words = variant.draw_label == Variant.draw_label
        self._draw_label.setText(i18n.translate(variant.draw_label, lang, variant.domain))
        self.draw.clear()
        for draw in variant.draws:
            words = {1: "dialog.new.draw1", 3: "dialog.new.draw3"}.get(draw) if klondike_words else None
            self.draw.addItem(text(words, lang) if words else str(draw), draw)
        wanted = self._wanted_draw if self._wanted_draw in variant.draws else variant.default_draw
        self.draw.setCurrentIndex(max(0, self.draw.findData(wanted)))
        self._form.setRowVisible(self.draw, len(variant.draws) > 1)
        self.scoring.clear()
        for scheme in self.catalog.scorings.values():
            if scheme.fits(variant):
                self.scoring.addItem(scheme.name(lang), scheme.id)
        index = self.scoring.findData(self._wanted_scoring)
        if index < 0:
            index = max(0, self.scoring.findData(variant.default_scoring))
        self.scoring.setCurrentIndex(index)
        self._form.setRowVisible(self.redeal, has_waste(variant))
        self._form.setRowVisible(self.returns, returns_matter(variant))

    def _fit_winnable(self) -> None:
        """Winnable deals only: offered for random deals of a variant the solver knows."""
        variant = self.catalog.variants.get(self.variant.currentData())
        try:
            known = variant is not None and solvable(self.catalog.ruleset(self.catalog.options(variant.id)))
        except OptionsError:
            known = False
        self.winnable_only.setEnabled(known and self.random.isChecked() and not self.code.text().strip())
        note = "" if known or variant is None else variant.name(self.lang)
        self.winnable_note.setText(
            text("dialog.new.winnable.unsupported", self.lang, variant=note) if note else ""
        )
        self.winnable_note.setVisible(bool(note))

    def random_winnable(self) -> bool:
        """Whether the new game is to be a random deal the solver proves winnable."""
        return self.winnable_only.isEnabled() and self.winnable_only.isChecked()

    def _check_code(self, value: str) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if not value.strip():
            self._code_options = None
            self.code_status.setText("")
            ok.setEnabled(True)
            return
        try:
            options = self.catalog.options_from_code(value)
        except (CodeError, OptionsError) as error:
            self._code_options = None
            self.code_status.setText(f"✗ {error.message(self.lang)}")
            self.code_status.setStyleSheet("color: #b3261e")
            ok.setEnabled(False)
            self._fit()
            return
        self._code_options = options
        detail = f"{describe_rules(self.catalog.ruleset(options), self.lang)} · #{options.deal}"
        self.code_status.setText(text("dialog.new.code.ok", self.lang, name=detail))
        self.code_status.setStyleSheet("color: #1b6e2e")
        ok.setEnabled(True)
        self._show_options(options)
        self._fit()

    def _fit(self) -> None:
        # The layout first learns the wrapped status line's height, or the dialog
        # would keep its old height and cut the line's end off.
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.adjustSize()

    def _show_options(self, options: GameOptions) -> None:
        """Let the fields say what the typed code chose."""
        self._wanted_draw, self._wanted_scoring = options.draw, options.scoring
        self.variant.setCurrentIndex(max(0, self.variant.findData(options.variant)))
        self.draw.setCurrentIndex(max(0, self.draw.findData(options.draw)))
        self.scoring.setCurrentIndex(max(0, self.scoring.findData(options.scoring)))
        default = self.catalog.default_redeal(
            self.catalog.variant(options.variant), self.catalog.scoring(options.scoring)
        )
        redeal = None if options.redeal == default else options.redeal
        index = self.redeal.findData(redeal)
        if index < 0:
            self.redeal.addItem(options.redeal, options.redeal)
            index = self.redeal.count() - 1
        self.redeal.setCurrentIndex(index)
        self.returns.setChecked(options.returns_allowed)
        self.by_number.setChecked(options.deal <= self.number.maximum())
        if options.deal <= self.number.maximum():
            self.number.blockSignals(True)
            self.number.setValue(options.deal)
            self.number.blockSignals(False)

    def options(self, random_deal: int | None = None) -> GameOptions:
        """The options chosen (``random_deal``, or one the variant draws, when the deal is random)."""
        if self._code_options is not None:
            return self._code_options
        variant = self.catalog.variant(self.variant.currentData())
        if self.by_number.isChecked():
            deal = self.number.value()
        else:
            deal = variant.random_deal() if random_deal is None else random_deal
        draw = self.draw.currentData()
        return self.catalog.options(
            variant.id,
            draw if draw in variant.draws else variant.default_draw,
            self.scoring.currentData(),
            self.redeal.currentData() if has_waste(variant) else None,
            self.returns.isChecked(),
            deal % DEAL_NUMBERS,
        )


class StatisticsDialog(QDialog):
    """A table of the results per variant, draw mode and scoring."""

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
        self, statistics: Statistics, catalog: Catalog, lang: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(text("dialog.statistics.title", lang))
        layout = QVBoxLayout(self)
        if not statistics.records:
            layout.addWidget(QLabel(text("dialog.statistics.none", lang)))
        table = QTableWidget(len(statistics.records), len(self.COLUMNS))
        table.setHorizontalHeaderLabels([text(key, lang) for key in self.COLUMNS])
        table.verticalHeader().setVisible(False)
        for row, (key, record) in enumerate(sorted(statistics.records.items())):
            variant, draw, scoring = key.split("/")
            try:
                name = catalog.variant(variant).name(lang)
                scheme = catalog.scoring(scoring).name(lang)
            except OptionsError:
                name, scheme = variant, scoring
            rate = f"{record.win_rate:.0%}" if record.win_rate is not None else "–"
            fastest = _duration(record.fastest_win_seconds)
            draw_text = Message("draw {draw}", draw=draw).translate(lang)
            values = [
                f"{name} · {draw_text} · {scheme}",
                record.played,
                record.won,
                rate,
                "–" if record.best_score is None else record.best_score,
                fastest,
                "–" if record.fewest_moves is None else record.fewest_moves,
                f"{record.current_streak} ({record.longest_streak})",
                record.total_score,
                record.won_with_help,
            ]
            for column, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                table.setItem(row, column, item)
        self.table = table
        self.headers = [text(key, lang) for key in self.COLUMNS]
        layout.addWidget(table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fit_table()

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
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.resize(max(420, min(width + 4, room)), 280)


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


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


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
