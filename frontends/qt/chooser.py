"""The New Game dialog: a chooser of games, grouped by family, with a search field.

For the game chosen it shows its name, family and rule summary, a picture of its
opening layout (drawn by the table's own scene from the variant, when the game is
first chosen, and kept for the dialog's life), the player's statistics of it, and
only the options it has: its draw choices under its own label, the scoring schemes
that fit it, the passes through the stock where there is a waste to turn back, the
foundation returns where cards could come back.  Then the deal: random, by number,
or a game code checked as it is typed.

The game last chosen is chosen again, with the options last chosen for it
(``Settings.choices``); the recent games and the favourites head the list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from qtpy.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRectF, QSize, Qt, QTimer, Signal
from qtpy.QtGui import QFont, QKeyEvent, QPainter, QPixmap, QShowEvent
from qtpy.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from solitaire.core import difficulty, i18n
from solitaire.core.codes import CodeError
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.families import by_family, family_name, folded
from solitaire.core.registry import Catalog, OptionsError, PluginError
from solitaire.core.ruleset import GameOptions, Variant
from solitaire.core.session import REDEALS, has_waste, offers, returns_matter
from solitaire.core.store import GameChoice, Settings, Statistics, StatsTotal
from solitaire.frontends.cli.render import describe_rules
from solitaire.frontends.qt.cards import CardPainter
from solitaire.frontends.qt.i18n import text

__all__ = ["PREVIEW_SIZE", "NewGameDialog", "duration", "has_waste", "returns_matter"]

#: The size of the picture of a game's opening layout (device-independent pixels).
PREVIEW_SIZE = QSize(400, 250)
#: The item data that holds a game's variant id (a heading holds none).
GAME_ROLE = Qt.ItemDataRole.UserRole
#: The item data that holds the kind of group an item is in: a family, or the
#: favourites and recent games (which the search leaves out: each game shows once).
GROUP_ROLE = Qt.ItemDataRole.UserRole + 1
FAMILY, EXTRA = "family", "extra"


class _Indented(QStyledItemDelegate):
    """Games a little to the right of their group's heading."""

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        if index.data(GAME_ROLE) is not None:
            option = QStyleOptionViewItem(option)
            option.rect.adjust(16, 0, 0, 0)
        super().paint(painter, option, index)


def duration(seconds: float | None) -> str:
    """A time as minutes and seconds ("3:05"), "–" for none."""
    if seconds is None:
        return "–"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def search_text(variant: Variant, lang: str, members: Iterable[Variant] = ()) -> str:
    """What the search field looks through for a game: its name (in ``lang`` and in
    English), its id, its family's name (see :func:`family_name`: ``members`` are the
    installed variants) and its rule summary, folded."""
    words = (variant.name(lang), variant.name("en"), variant.id, family_name(variant, lang, members))
    return folded(" ".join((*words, variant.rules_summary(lang))))


class NewGameDialog(QDialog):
    """The games by family (the favourites and the recent ones first) with a search
    field; for the game chosen, its summary, a picture of its opening layout, the
    player's statistics and its options; the deal (random, by number or a game code).

    ``statistics`` are the player's (none: nothing is shown of them); ``painter``
    draws the pictures' cards (a twin of the window's, so that they are the cards
    of the table).  :attr:`favourites` says the favourites as the player left them.
    """

    #: A picture of a game's opening layout was drawn (the variant's id).
    preview_drawn = Signal(str)

    def __init__(
        self,
        catalog: Catalog,
        settings: Settings,
        lang: str,
        parent: QWidget | None = None,
        *,
        statistics: Statistics | None = None,
        painter: CardPainter | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog, self.lang, self.statistics = catalog, lang, statistics
        self.setWindowTitle(text("dialog.new.title", lang))
        self._settings = settings
        self._painter = painter.twin() if painter is not None else None
        #: The favourite games, as the player marks them here.
        self.favourites: tuple[str, ...] = tuple(v for v in settings.favourites if v in catalog.variants)
        self._recent = tuple(v for v in settings.recent if v in catalog.variants)
        #: The options chosen for each game, here and before (``Settings.choices``).
        self._choices: dict[str, GameChoice] = dict(settings.choices)
        self._wanted_draw, self._wanted_scoring = settings.draw, settings.scoring
        self._searched = {
            v.id: search_text(v, lang, catalog.variants.values()) for v in catalog.variants.values()
        }
        self._current: str | None = None
        self._fitting = False
        self._code_options: GameOptions | None = None
        #: The pictures drawn so far, by variant id and draw.
        self.previews: dict[tuple[str, int], QPixmap] = {}
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.timeout.connect(self._draw_preview)

        layout = QVBoxLayout(self)
        columns = QHBoxLayout()
        columns.addLayout(self._build_list(), 2)
        columns.addLayout(self._build_details(), 3)
        layout.addLayout(columns, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self._fill_list()
        first = settings.variant if settings.variant in catalog.variants else catalog.default_variant or None
        if first is not None:
            self.select_game(first)
        self.games.currentItemChanged.connect(self._item_chosen)
        self._fit_winnable()
        self.search.setFocus()

    # -- the list of games -----------------------------------------------------------------------

    def _build_list(self) -> QVBoxLayout:
        column = QVBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText(text("chooser.search.placeholder", self.lang))
        self.search.setAccessibleName(text("chooser.search", self.lang))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.search.installEventFilter(self)
        column.addWidget(self.search)
        self.games = QListWidget()
        self.games.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.games.setItemDelegate(_Indented(self.games))
        self.games.setAccessibleName(text("chooser.games", self.lang))
        self.games.setMinimumWidth(220)
        column.addWidget(self.games, 1)
        self.no_match = QLabel()
        self.no_match.setWordWrap(True)
        self.no_match.hide()
        column.addWidget(self.no_match)
        return column

    def _fill_list(self) -> None:
        """The groups: the favourites, the recent games, then every family (its heading
        is no item to choose: the arrow keys pass over it, from game to game)."""
        blocked = self.games.blockSignals(True)
        self.games.clear()
        variants = self.catalog.variants
        if self.favourites:
            self._add_group(
                text("chooser.favourites", self.lang), [variants[v] for v in self.favourites], EXTRA
            )
        if self._recent:
            self._add_group(text("chooser.recent", self.lang), [variants[v] for v in self._recent], EXTRA)
        for family in by_family(variants.values(), self.lang):
            self._add_group(family.name, family.variants, FAMILY)
        self.games.blockSignals(blocked)

    def _add_group(self, title: str, variants: Sequence[Variant], kind: str) -> None:
        heading = QListWidgetItem(title, self.games)
        heading.setFlags(Qt.ItemFlag.NoItemFlags)
        heading.setData(GROUP_ROLE, kind)
        font = QFont(self.games.font())
        font.setBold(True)
        heading.setFont(font)
        heading.setForeground(self.games.palette().text())
        for variant in variants:
            item = QListWidgetItem(variant.name(self.lang), self.games)
            item.setData(GAME_ROLE, variant.id)
            item.setData(GROUP_ROLE, kind)
            item.setToolTip(variant.rules_summary(self.lang))

    def _items(self) -> list[QListWidgetItem]:
        return [item for row in range(self.games.count()) if (item := self.games.item(row)) is not None]

    def _family_item(self, variant: str) -> QListWidgetItem | None:
        """The game's item under its family (the favourites and recent games come first)."""
        found = [item for item in self._items() if item.data(GAME_ROLE) == variant]
        return found[-1] if found else None

    def visible_games(self) -> list[str]:
        """The games the list shows now under their families, in their order."""
        return [
            item.data(GAME_ROLE)
            for item in self._items()
            if not item.isHidden() and item.data(GAME_ROLE) is not None and item.data(GROUP_ROLE) == FAMILY
        ]

    def groups(self) -> list[tuple[str, list[str]]]:
        """The groups the list shows now: each heading with its games' ids."""
        shown: list[tuple[str, list[str]]] = []
        for item in self._items():
            if item.isHidden():
                continue
            variant = item.data(GAME_ROLE)
            if variant is None:
                shown.append((item.text(), []))
            elif shown:
                shown[-1][1].append(variant)
        return shown

    def select_game(self, variant: str) -> bool:
        """Choose the game ``variant`` (shown again if the search hid it); False when
        it is not installed."""
        item = self._family_item(variant)
        if item is None:
            return False
        if item.isHidden():
            self.search.clear()
        self.games.setCurrentItem(item)
        self._game_chosen(variant)
        return True

    def game_id(self) -> str | None:
        """The id of the game chosen."""
        return self._current

    def _item_chosen(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None = None) -> None:
        variant = item.data(GAME_ROLE) if item is not None else None
        if variant is not None:
            self._game_chosen(variant)

    def _filter(self, typed: str) -> None:
        """Show the games whose name, family or summary hold every word typed, under
        their headings; the favourites and recent games are left out while searching
        (each game shows once)."""
        words = folded(typed).split()
        heading: QListWidgetItem | None = None
        shown = 0
        for item in [*self._items(), None]:
            variant = item.data(GAME_ROLE) if item is not None else None
            if item is None or variant is None:  # a heading (or the end): the group before is done
                if heading is not None:
                    extra = heading.data(GROUP_ROLE) == EXTRA
                    heading.setHidden(not shown or (extra and bool(words)))
                heading, shown = item, 0
                continue
            found = all(word in self._searched[variant] for word in words)
            hidden = not found or (item.data(GROUP_ROLE) == EXTRA and bool(words))
            item.setHidden(hidden)
            shown += not hidden
        visible = self.visible_games()
        self.no_match.setText(text("chooser.no_match", self.lang, text=typed.strip()) if not visible else "")
        self.no_match.setVisible(not visible)
        self._fit_ok()
        current = self.games.currentItem()
        if visible and (current is None or current.isHidden()):
            self._point_at(visible[0])

    def _point_at(self, variant: str) -> None:
        """Make the game's item under its family the current one."""
        item = self._family_item(variant)
        if item is not None:
            self.games.setCurrentItem(item)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down (or Up) in the search field goes on to the list of games."""
        if watched is self.search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
                self.games.setFocus()
                current = self.games.currentItem()
                if (current is None or current.isHidden()) and self.visible_games():
                    self._point_at(self.visible_games()[0])
                return True
        return super().eventFilter(watched, event)

    def _toggle_favourite(self, marked: bool) -> None:
        variant = self._current
        if variant is None or self._fitting:
            return
        others = tuple(v for v in self.favourites if v != variant)
        self.favourites = (*others, variant) if marked else others
        blocked = self.games.blockSignals(True)  # the game chosen stays chosen
        try:
            self._fill_list()
            self._filter(self.search.text())
            self._point_at(variant)
        finally:
            self.games.blockSignals(blocked)

    # -- the game chosen -------------------------------------------------------------------------

    def _build_details(self) -> QVBoxLayout:
        lang = self.lang
        column = QVBoxLayout()
        self.title = QLabel()
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title.setFont(font)
        self.favourite = QCheckBox(text("chooser.favourite", lang))
        self.favourite.toggled.connect(self._toggle_favourite)
        heading = QHBoxLayout()
        heading.addWidget(self.title, 1)
        heading.addWidget(self.favourite)
        column.addLayout(heading)
        self.family = QLabel()
        column.addWidget(self.family)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        column.addWidget(self.summary)
        self.preview = QLabel()
        self.preview.setFixedSize(PREVIEW_SIZE)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setStyleSheet("QLabel { background: #0e4a2c; color: white; border-radius: 6px; }")
        column.addWidget(self.preview, 0, Qt.AlignmentFlag.AlignHCenter)
        self.record = QLabel()
        self.record.setWordWrap(True)
        column.addWidget(self.record)
        column.addLayout(self._build_options())
        column.addStretch(1)
        return column

    def _build_options(self) -> QFormLayout:
        lang = self.lang
        settings = self._settings
        form = QFormLayout()
        self.draw = QComboBox()
        self._draw_label = QLabel(text("dialog.new.draw", lang))
        self.draw.currentIndexChanged.connect(self._draw_chosen)
        form.addRow(self._draw_label, self.draw)
        self.scoring = QComboBox()
        self.scoring.currentIndexChanged.connect(self._scoring_chosen)
        form.addRow(text("dialog.new.scoring", lang), self.scoring)
        self.redeal = QComboBox()
        for policy in REDEALS:
            if policy is None:
                self.redeal.addItem(text("dialog.new.redeal.default", lang), None)
            elif policy == "unlimited":
                self.redeal.addItem(text("dialog.new.redeal.unlimited", lang), policy)
            else:
                self.redeal.addItem(policy.partition(":")[2], policy)
        self.redeal.setCurrentIndex(max(0, self.redeal.findData(settings.redeal)))
        form.addRow(text("dialog.new.redeal", lang), self.redeal)
        self.returns = QCheckBox(text("dialog.new.returns", lang))
        self.returns.setChecked(settings.returns_allowed)
        form.addRow("", self.returns)
        self._form = form

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
        form.setRowVisible(self.code_status, False)
        self.winnable_only = QCheckBox(text("dialog.new.winnable", lang))
        self.winnable_only.setChecked(settings.winnable_only)
        self.winnable_note = QLabel()
        self.winnable_note.setWordWrap(True)
        form.addRow("", self.winnable_only)
        form.addRow("", self.winnable_note)
        self.difficulty = QComboBox()
        for choice in difficulty.CHOICES:
            self.difficulty.addItem(text(f"dialog.new.difficulty.{choice}", lang), choice)
        self.difficulty.setCurrentIndex(max(0, self.difficulty.findData(settings.difficulty)))
        self.difficulty_label = QLabel(text("dialog.new.difficulty", lang))
        self.difficulty_label.setBuddy(self.difficulty)
        form.addRow(self.difficulty_label, self.difficulty)
        for changed in (self.random.toggled, self.code.textChanged):
            changed.connect(self._fit_winnable)
        self.winnable_only.toggled.connect(self._fit_winnable)
        return form

    def _game_chosen(self, variant_id: str) -> None:
        """Show the game ``variant_id``: its words, picture, statistics and options."""
        variant = self.catalog.variants.get(variant_id)
        if variant is None or variant_id == self._current:
            return
        if self._current is not None:
            self._choices[self._current] = self._fields()  # offered again if it is chosen again
        self._current = variant_id
        lang = self.lang
        self.title.setText(variant.name(lang))
        self.family.setText(
            text("chooser.family", lang, family=family_name(variant, lang, self.catalog.variants.values()))
        )
        self.summary.setText(variant.rules_summary(lang))
        self._fitting = True
        try:
            self.favourite.setChecked(variant_id in self.favourites)
            self._fit_choices(variant, self._choices.get(variant_id))
        finally:
            self._fitting = False
        self._show_record(variant)
        self._show_preview()
        self._fit_winnable()

    def _fields(self) -> GameChoice:
        """The options as the fields say now."""
        return GameChoice(
            self.draw.currentData(),
            self.scoring.currentData(),
            self.redeal.currentData(),
            self.returns.isChecked(),
        )

    def _draw_chosen(self) -> None:
        if not self._fitting and self.draw.currentData() is not None:
            self._wanted_draw = self.draw.currentData()
            self._show_preview()  # Spider's suits: other cards

    def _scoring_chosen(self) -> None:
        if not self._fitting and self.scoring.currentData() is not None:
            self._wanted_scoring = self.scoring.currentData()

    def _fit_choices(self, variant: Variant, choice: GameChoice | None) -> None:
        """Offer what the variant has: its draw choices (under its own label, such as
        Spider's suits) when it has more than one, the scoring schemes that fit it, and a
        redeal policy only where there is a waste to turn back; chosen as ``choice``
        (the options last chosen for the game), else as chosen for the games before."""
        lang = self.lang
        klondike_words = variant.draw_label == Variant.draw_label
        self._draw_label.setText(i18n.translate(variant.draw_label, lang, variant.domain))
        self.draw.clear()
        for draw in variant.draws:
            words = {1: "dialog.new.draw1", 3: "dialog.new.draw3"}.get(draw) if klondike_words else None
            self.draw.addItem(text(words, lang) if words else str(draw), draw)
        wanted = choice.draw if choice is not None else self._wanted_draw
        wanted = wanted if wanted in variant.draws else variant.default_draw
        self.draw.setCurrentIndex(max(0, self.draw.findData(wanted)))
        self._form.setRowVisible(self.draw, len(variant.draws) > 1)
        self.scoring.clear()
        for scheme in self.catalog.scorings.values():
            if scheme.fits(variant):
                self.scoring.addItem(scheme.name(lang), scheme.id)
        index = self.scoring.findData(choice.scoring if choice is not None else self._wanted_scoring)
        if index < 0:
            index = max(0, self.scoring.findData(variant.default_scoring))
        self.scoring.setCurrentIndex(index)
        if choice is not None:
            redeal = self.redeal.findData(choice.redeal)
            if redeal >= 0:
                self.redeal.setCurrentIndex(redeal)
            self.returns.setChecked(choice.returns_allowed)
        self._form.setRowVisible(self.redeal, has_waste(variant))
        self._form.setRowVisible(self.returns, returns_matter(variant))
        numbers = variant.deal_numbers  # FreeCell's start at 1, as Microsoft's
        self.number.blockSignals(True)  # a value moved into the range is not a choice of deal
        self.number.setRange(numbers.start, min(numbers.stop - 1, 2**31 - 1))
        self.number.blockSignals(False)

    def _show_record(self, variant: Variant) -> None:
        """The player's results in the game, over every option it was played with."""
        self.record.setVisible(self.statistics is not None)
        if self.statistics is None:
            return
        records = self.statistics.of_game(variant.id)
        total = StatsTotal.of(records)
        lang = self.lang
        if not total.played:
            self.record.setText(text("chooser.stats.none", lang))
            return
        rate = f"{total.win_rate:.0%}" if total.win_rate is not None else "–"
        lines = [text("chooser.stats.played", lang, played=total.played, won=total.won, rate=rate)]
        details = []
        if total.fastest_win_seconds is not None:
            details.append(text("chooser.stats.fastest", lang, time=duration(total.fastest_win_seconds)))
        if total.fewest_moves is not None:
            details.append(text("chooser.stats.fewest", lang, moves=total.fewest_moves))
        schemes = {Statistics.parts(key)[2] for key in records}
        if total.best_score is not None and len(schemes) == 1:
            scheme = self.catalog.scorings.get(next(iter(schemes)))
            score = scheme.format(total.best_score) if scheme is not None else str(total.best_score)
            details.append(text("chooser.stats.best", lang, score=score))
        if details:
            lines.append(" · ".join(details))
        self.record.setText("\n".join(lines))

    # -- the picture of the opening layout --------------------------------------------------------

    def _preview_key(self) -> tuple[str, int] | None:
        variant = self.catalog.variants.get(self._current or "")
        if variant is None:
            return None
        draw = self.draw.currentData()
        return variant.id, draw if draw in variant.draws else variant.default_draw

    def _show_preview(self) -> None:
        """The picture of the game chosen: the one drawn before, else drawn soon (once
        the dialog has painted, so that opening it and going through the list stay quick)."""
        key = self._preview_key()
        if key is None:
            return
        pixmap = self.previews.get(key)
        variant = self.catalog.variant(key[0])
        self.preview.setAccessibleName(text("chooser.preview", self.lang, game=variant.name(self.lang)))
        if pixmap is not None:
            self.preview.setPixmap(pixmap)
            return
        self.preview.clear()
        if self.isVisible():  # else once the dialog shows
            self._preview_timer.start(0)

    def showEvent(self, event: QShowEvent) -> None:
        """The picture of the game chosen is drawn once the dialog shows (not before)."""
        super().showEvent(event)
        self._show_preview()

    def _draw_preview(self) -> None:
        key = self._preview_key()
        if key is None or key in self.previews:
            return
        pixmap = self._drawn(*key)
        if pixmap is None:
            self.preview.setText(text("chooser.preview.none", self.lang))
            return
        self.previews[key] = pixmap
        if self._preview_key() == key:
            self.preview.setPixmap(pixmap)
        self.preview_drawn.emit(key[0])

    def _drawn(self, variant: str, draw: int) -> QPixmap | None:
        """The opening layout of a deal of ``variant``, drawn by the table's scene (None
        when the variant's plugin fails at it)."""
        from solitaire.frontends.qt.scene import TableScene

        try:
            game = self.catalog.new_game(self.catalog.options(variant, draw))
        except (OptionsError, PluginError, ValueError):
            return None
        if self._painter is None:
            self._painter = CardPainter(deck=self._settings.deck or None, back=self._settings.back)
        ratio = self.devicePixelRatioF()
        size = PREVIEW_SIZE
        scene = TableScene(self._painter)
        scene.interactive = False
        scene.set_language(self.lang)
        scene.resize(size.width(), size.height(), ratio)
        try:
            scene.set_game(game)
        except (PluginError, ValueError):
            return None
        pixmap = QPixmap(round(size.width() * ratio), round(size.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        painter = QPainter(pixmap)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        scene.render(painter, QRectF(0, 0, size.width(), size.height()), scene.sceneRect())
        painter.end()
        scene.deleteLater()
        return pixmap

    # -- winnable deals, codes and the options chosen ---------------------------------------------

    def _fit_winnable(self) -> None:
        """Winnable deals only: offered for random deals of a variant the solver knows."""
        variant = self.catalog.variants.get(self._current or "")
        offered = offers(self.catalog, variant.id) if variant is not None else None
        known = offered is not None and offered.winnable
        self.winnable_only.setEnabled(known and self.random.isChecked() and not self.code.text().strip())
        levels = offered is not None and offered.levels
        self.difficulty.setEnabled(self.random_winnable() and levels)
        self.difficulty.setToolTip("" if levels else text("dialog.new.difficulty.none", self.lang))
        note = "" if known or variant is None else variant.name(self.lang)
        self.winnable_note.setText(
            text("dialog.new.winnable.unsupported", self.lang, variant=note) if note else ""
        )
        self.winnable_note.setVisible(bool(note))

    def chosen_difficulty(self) -> str:
        """The difficulty asked of a winnable deal: "any", "easy", "medium" or "hard"."""
        return str(self.difficulty.currentData() or "any")

    def random_winnable(self) -> bool:
        """Whether the new game is to be a random deal the solver proves winnable."""
        return self.winnable_only.isEnabled() and self.winnable_only.isChecked()

    def _fit_ok(self) -> None:
        """OK starts a game: not with a code that is wrong, nor when the search found none
        (and no code says which)."""
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        typed = bool(self.code.text().strip())
        if ok is not None:
            ok.setEnabled(self._code_options is not None if typed else bool(self.visible_games()))

    def _check_code(self, value: str) -> None:
        self._form.setRowVisible(self.code_status, bool(value.strip()))
        if not value.strip():
            self._code_options = None
            self.code_status.setText("")
            self._fit_ok()
            return
        try:
            options = self.catalog.options_from_code(value)
        except (CodeError, OptionsError) as error:
            self._code_options = None
            self.code_status.setText(f"✗ {error.message(self.lang)}")
            self.code_status.setStyleSheet("color: #b3261e")
            self._fit_ok()
            self._fit()
            return
        self._code_options = options
        detail = f"{describe_rules(self.catalog.ruleset(options), self.lang)} · #{options.deal}"
        self.code_status.setText(text("dialog.new.code.ok", self.lang, name=detail))
        self.code_status.setStyleSheet("color: #1b6e2e")
        self._show_options(options)
        self._fit_ok()
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
        default = self.catalog.default_redeal(
            self.catalog.variant(options.variant), self.catalog.scoring(options.scoring)
        )
        redeal = None if options.redeal == default else options.redeal
        if self.redeal.findData(redeal) < 0:
            self.redeal.addItem(options.redeal, options.redeal)
        self._choices[options.variant] = GameChoice(
            options.draw, options.scoring, redeal, options.returns_allowed
        )
        if self._current == options.variant:
            self._current = None  # shown again, with the code's options
        self.select_game(options.variant)
        self.by_number.setChecked(options.deal <= self.number.maximum())
        if options.deal <= self.number.maximum():
            self.number.blockSignals(True)
            self.number.setValue(options.deal)
            self.number.blockSignals(False)

    def options(self, random_deal: int | None = None) -> GameOptions:
        """The options chosen (``random_deal``, or one the variant draws, when the deal is random)."""
        if self._code_options is not None:
            return self._code_options
        variant = self.catalog.variant(self._current or "")
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
