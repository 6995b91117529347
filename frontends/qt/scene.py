"""The table: a card scene that draws the state and turns gestures into moves.

The scene is a subscriber of the game's changes and never decides legality: it
asks the core (``Game.check``, ``tap``, ``double_tap``) and shows the answer.
Card items know their card and nothing of rules.  Where piles go comes from the
variant's own description of its piles (``Variant.piles``).
"""

from __future__ import annotations

from typing import Any

from qtpy.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QSizeF,
    Qt,
    QTimer,
    Signal,
)
from qtpy.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap, QRadialGradient
from qtpy.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from solitaire.core import i18n
from solitaire.core.cards import Card, Suit
from solitaire.core.game import Change, Game
from solitaire.core.i18n import N_
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.ruleset import PileSpec
from solitaire.core.state import TABLEAU, WASTE, CardsMoved, State
from solitaire.frontends.qt.cards import CardPainter

__all__ = ["CardItem", "StockLabel", "TableScene"]

GAP = 0.22  # space between piles, in card widths
DOWN_FAN = 0.12  # offset of a face-down card in a column, in card heights
UP_FAN = 0.27  # offset of a face-up card
MIN_DOWN_FAN = 0.04  # squeezed as far as a face-down card goes
MIN_UP_FAN = 0.2  # squeezed as far as a face-up card goes: its rank and suit still show
WASTE_FAN = 0.24  # offset of the fanned draw-3 waste, in card widths
SLIVER = 0.03  # the least of a face-down card's back that shows under the next, in card heights
MIN_SLIVER_PX = 3.0  # ... and in pixels
ANIMATION_MS = 170
SHAKE_MS = 260  # a card that cannot go where it was sent shakes this long
DRAG_THRESHOLD = 6
FOCUS_COLOUR = QColor(255, 214, 10)  # the keyboard focus
HELD_COLOUR = QColor(80, 200, 255)  # the keyboard focus holding cards
HINT_COLOUR = QColor(255, 92, 190)  # a hint's cards and where they go: unlike the focus

#: The words of the stock's labels.
_STOCK_WORDS: dict[str, str] = {
    "pass": N_("Pass {n}"),
    "pass.of": N_("Pass {n} of {total}"),
    "no.passes": N_("No more passes"),
}


#: The suits by symbol: a pile that accepts a suit shows it.
_SUITS: dict[str, Suit] = {suit.symbol: suit for suit in Suit}

_PLAY_KEYS = frozenset(
    (
        Qt.Key.Key_Left,
        Qt.Key.Key_Right,
        Qt.Key.Key_Up,
        Qt.Key.Key_Down,
        Qt.Key.Key_Return,
        Qt.Key.Key_Enter,
        Qt.Key.Key_Space,
    )
)


class CardItem(QGraphicsObject):
    """One card on the table.  Its ``pos`` animates; it paints a cached pixmap."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card
        self.face_up = False
        self._pixmap = QPixmap()
        self._size = (0.0, 0.0)
        self._unscaled = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the scene handles the mouse
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)

    def set_look(self, pixmap: QPixmap, width: float, height: float) -> None:
        if self._size != (width, height):
            self.prepareGeometryChange()
        if pixmap is not self._pixmap:
            self.update()
        self._pixmap, self._size = pixmap, (width, height)
        ratio = pixmap.devicePixelRatio() or 1.0
        self._unscaled = (
            abs(pixmap.width() / ratio - width) < 0.01 and abs(pixmap.height() / ratio - height) < 0.01
        )

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self._size[0], self._size[1])

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._unscaled:
            painter.drawPixmap(QPointF(0, 0), self._pixmap)  # pixel for pixel: the fast path
        else:
            painter.drawPixmap(self.boundingRect(), self._pixmap, QRectF(self._pixmap.rect()))


class StockLabel(QGraphicsObject):
    """A small rounded label on the stock: the cards left in it, or the pass."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self._font = QFont()
        self._size = QSizeF(0, 0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_text(self, text: str, pixel_size: float) -> None:
        font = QFont()
        font.setPixelSize(max(7, round(pixel_size)))
        font.setBold(True)
        metrics = QFontMetricsF(font)
        size = QSizeF(metrics.horizontalAdvance(text) + metrics.height() * 0.7, metrics.height() * 1.15)
        if size != self._size:
            self.prepareGeometryChange()
        self.text, self._font, self._size = text, font, size
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(QPointF(0, 0), self._size)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        rect = self.boundingRect()
        radius = rect.height() / 2
        painter.setPen(QPen(QColor(255, 255, 255, 150), 1))
        painter.setBrush(QColor(12, 30, 22, 215))
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
        painter.setFont(self._font)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)


class _Drag:
    """A gesture under way: the cards picked up and where they were grabbed."""

    def __init__(self, pile: str, items: list[CardItem], press: QPointF) -> None:
        self.pile = pile
        self.items = items
        self.press = press
        self.origins = [item.pos() for item in items]
        self.moving = False
        #: Why the cards may not be picked up, once the core said so.
        self.refusal: Refusal | None = None


class TableScene(QGraphicsScene):
    """The table of one game.  Signals tell the window what to show."""

    #: A refused move, with its refusal (the window shows it when interactive rules are on).
    refused = Signal(object)
    #: Something worth a short message (already in the player's language).
    notice = Signal(str)
    #: The keyboard focus moved (True: by an arrow key) or the cards held changed.
    focus_moved = Signal(bool)

    def __init__(self, painter: CardPainter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.painter = painter
        self.game: Game | None = None
        self.animations = True
        self.double_tap_enabled = True
        #: False for a table that is only shown (the replay viewer): gestures do nothing.
        self.interactive = True
        self.device_pixel_ratio = 1.0
        self.card_width = 80.0
        self.card_height = 112.0
        self.card_items: dict[Card, CardItem] = {}
        self.positions: dict[str, QPointF] = {}
        self.specs: dict[str, PileSpec] = {}
        #: The piles of pictures of overlapping cards (that lie on others or under them).
        self._covering: set[str] = set()
        #: The order, bottom first, of the piles laid at places of their own.
        self._depth: dict[str, int] = {}
        self.where: dict[Card, tuple[str, int]] = {}
        self._drag: _Drag | None = None
        self._last_click: tuple[Card, str, int] | None = None
        self._animation: QParallelAnimationGroup | None = None
        self._unsubscribe: Any = None
        self._slot_cache: dict[tuple[str, float, float, str], QPixmap] = {}
        # Keyboard play: a focus on a pile (and how deep into a column), and cards held.
        self.focus_index = 0
        self.focus_depth = 1
        self.held: tuple[str, int] | None = None
        #: The focus shows once the keyboard is used, and hides at the next click.
        self.keyboard_mode = False
        self._focus_item = QGraphicsRectItem()
        self._focus_item.setPen(QPen(FOCUS_COLOUR, 3))
        self._focus_item.setZValue(10_000)
        self._focus_item.setVisible(False)
        self.addItem(self._focus_item)
        self._hint_items: list[QGraphicsRectItem] = []
        self._hint_move: Move | None = None
        #: The language of the stock's labels.
        self.lang = "en"
        #: The cards left in the stock, and the pass through it.
        self.stock_count = StockLabel()
        self.stock_pass = StockLabel()
        for label in (self.stock_count, self.stock_pass):
            label.setZValue(9_000)
            label.setVisible(False)
            self.addItem(label)
        self._stock_look = ""
        # A click on a card that cannot go home: its refusal shows unless a double click follows.
        self._refusal_timer = QTimer(self)
        self._refusal_timer.setSingleShot(True)
        self._refusal_timer.timeout.connect(self._show_pending_refusal)
        self._pending_refusal: tuple[list[CardItem], Refusal] | None = None

    # -- the game --------------------------------------------------------------------------------

    def set_game(self, game: Game) -> None:
        """Show ``game`` and follow its changes."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        for item in self.card_items.values():
            self.removeItem(item)
        self.card_items = {}
        self.game = game
        self._drag = None
        self.held = None
        self._last_click = None
        self._drop_pending_refusal()
        self.clear_hint()
        for card in game.order:
            item = CardItem(card)
            self.card_items[card] = item
            self.addItem(item)
        self._unsubscribe = game.subscribe(self._changed)
        self.relayout()

    def _changed(self, change: Change) -> None:
        self.clear_hint()
        self._drop_pending_refusal()
        if self.specs and abs(self._fitting_width(list(self.specs.values())) - self.card_width) > 0.5:
            self.relayout()  # a column grew too long for the cards, or shrank back
            return
        self.sync(animated=self.animations and change.kind in ("move", "undo", "redo"))

    # -- geometry --------------------------------------------------------------------------------

    def resize(self, width: float, height: float, device_pixel_ratio: float = 1.0) -> None:
        """Fit the table to a view of this size."""
        self.setSceneRect(0, 0, width, height)
        self.device_pixel_ratio = device_pixel_ratio
        self.relayout()

    def relayout(self) -> None:
        """Compute card size and pile places, then put every card in place."""
        if self.game is None:
            return
        rect = self.sceneRect()
        specs = self.game.rules.variant.piles(self.game.state)
        self.specs = {spec.id: spec for spec in specs}
        self._covering = {pile for spec in specs for pile in spec.covered_by} | {
            spec.id for spec in specs if spec.covered_by
        }
        width = self._fitting_width(specs)
        self.card_width, self.card_height = width, width * self.painter.table_ratio
        height, gap = self.card_height, GAP * width
        left = (rect.width() - _span(specs) * width) / 2
        tops = self._row_tops(specs, width)
        self.positions = {
            spec.id: QPointF(left + _across(spec) * (width + gap), tops[spec.row] + _down(spec) * height)
            for spec in specs
        }
        # Piles laid over one another: those lower on the table lie above.
        placed = sorted(
            (spec for spec in specs if spec.at is not None), key=lambda s: (s.row, _down(s), _across(s))
        )
        self._depth = {spec.id: n for n, spec in enumerate(placed)}
        self._slot_cache.clear()
        self.sync(animated=False)
        self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)
        if self._hint_move is not None:
            self.show_hint(self._hint_move)  # the outlines follow the cards to their new places

    def _reserved(self, specs: list[PileSpec]) -> dict[int, float]:
        """The room, in card heights, kept under each row for its piles that fan down:
        the fan of the longest of them as dealt (or as it is now, if longer).  The last
        row keeps none: its piles fan down to the bottom of the table."""
        assert self.game is not None
        last = max(spec.row for spec in specs)
        reserved = dict.fromkeys((spec.row for spec in specs), 0.0)
        for spec in specs:
            reserved[spec.row] = max(reserved[spec.row], _down(spec))  # a pile lying lower in its row
            if spec.fan != "down" or spec.row == last:
                continue
            for state in (self.game.initial, self.game.state):
                pile = state.pile(spec.id)
                fan = len(pile.down) * DOWN_FAN + max(0, len(pile.up) - 1) * UP_FAN
                reserved[spec.row] = max(reserved[spec.row], _down(spec) + fan)
        return reserved

    def _row_tops(self, specs: list[PileSpec], width: float) -> dict[int, float]:
        """The top of each row for cards ``width`` wide."""
        height, gap = width * self.painter.table_ratio, GAP * width
        reserved = self._reserved(specs)
        tops: dict[int, float] = {}
        y = gap
        for row in sorted(reserved):
            tops[row] = y
            y += height * (1 + reserved[row]) + gap * 1.3
        return tops

    def _fitting_width(self, specs: list[PileSpec]) -> float:
        """The card width for the piles: their slots across; their rows plus a column of
        about 10 fanned cards down (longer ones squeeze); and every column squeezed as far
        as it goes, so that a very long one shrinks the cards rather than hiding corners.
        How far a face-down card squeezes depends a little on the size of its back: the
        size is worked out once with the least fan, then again with the fan its back needs
        a little smaller (the answer depends on the view's size alone)."""
        width = self._width_for(specs, MIN_DOWN_FAN)
        return min(width, self._width_for(specs, self._min_down_fan(width * 0.9)))

    def _width_for(self, specs: list[PileSpec], min_down_fan: float) -> float:
        assert self.game is not None
        rect = self.sceneRect()
        reserved = self._reserved(specs)
        rows, last = len(reserved), max(reserved)
        ratio = self.painter.table_ratio
        width = rect.width() / (_span(specs) + 2 * GAP)
        # In card widths: a gap above, the rows with the room kept under them, the gaps
        # between the rows; the last row's fans below.
        above = GAP + sum(ratio * (1 + room) for room in reserved.values()) + 1.3 * GAP * (rows - 1)
        fanned = [spec for spec in specs if spec.fan == "down" and spec.row == last]
        below = 9 * UP_FAN * ratio if fanned else 0.5 * GAP
        width = min(width, rect.height() / (above + below))
        state = self.game.state
        for spec in fanned:
            pile = state.pile(spec.id)
            fan = len(pile.down) * min_down_fan + max(0, len(pile.up) - 1) * MIN_UP_FAN
            fan -= reserved[last] - _down(spec)  # the room its row keeps under it already
            width = min(width, rect.height() / (above + 0.5 * GAP + ratio * max(0.0, fan)))
        return max(8.0, width)

    def _column_offsets(self, pile: str, down: int, up: int) -> tuple[float, float]:
        """Fan offsets of a column, squeezed to fit the window."""
        top = self.positions[pile].y()
        row = self.specs[pile].row
        below = [self.positions[p].y() for p, spec in self.specs.items() if spec.row > row]
        bottom = min(below) - GAP * self.card_width * 1.3 if below else self.sceneRect().height()
        room = bottom - top - self.card_height - (0 if below else GAP * self.card_width * 0.5)
        down_step, up_step = DOWN_FAN * self.card_height, UP_FAN * self.card_height
        ups = max(0, up - 1)
        if down * down_step + ups * up_step <= room or room <= 0:
            return down_step, up_step
        # Squeeze the face-down cards first, down to where a sliver of each back still
        # shows, then the face-up ones down to where the rank and suit of each still show;
        # only then everything alike.
        least_down = self._min_down_fan(self.card_width) * self.card_height
        down_step = max(least_down, (room - ups * up_step) / down if down else 0.0)
        if down * down_step + ups * up_step > room and ups:
            up_step = max(MIN_UP_FAN * self.card_height, (room - down * down_step) / ups)
        needed = down * down_step + ups * up_step
        if needed > room:
            factor = room / needed
            down_step, up_step = down_step * factor, up_step * factor
        return down_step, up_step

    def _min_down_fan(self, width: float) -> float:
        """The least offset of a face-down card ``width`` wide, in card heights: past the
        plain edge at the top of the back (its outline and white border), a sliver of its
        pattern."""
        width = max(8.0, width)
        height = width * self.painter.table_ratio
        border = self.painter.back_border(width, height, self.device_pixel_ratio)
        return max(MIN_DOWN_FAN, (border + max(MIN_SLIVER_PX, SLIVER * height)) / height)

    def layout_of(self, state: State) -> dict[Card, tuple[QPointF, bool, float, str, int]]:
        """Where every card goes: position, face up, z value, pile and index in the pile.
        A pile's face-down cards lie under its face-up ones; it stacks them, fans them
        down, or fans its last few to the right (the waste: as many as a tap turns)."""
        assert self.game is not None
        places: dict[Card, tuple[QPointF, bool, float, str, int]] = {}
        fan_x = WASTE_FAN * self.card_width
        for pile, spec in self.specs.items():
            origin = self.positions[pile]
            z = 100.0 * (spec.row * 20 + (spec.slot if spec.at is None else self._depth[pile]) + 1)
            cards = state.pile(pile)
            down = len(cards.down)
            if spec.fan == "down":
                down_step, up_step = self._column_offsets(pile, down, len(cards.up))
                y = 0.0
                for index, card in enumerate(cards.cards):
                    places[card] = (origin + QPointF(0, y), index >= down, z + index, pile, index)
                    y += down_step if index < down else up_step
            elif spec.fan == "right":
                first = len(cards) - self._fanned(spec, len(cards))
                for index, card in enumerate(cards.cards):
                    step = max(0, index - first)
                    places[card] = (origin + QPointF(step * fan_x, 0), index >= down, z + index, pile, index)
            else:
                for index, card in enumerate(cards.cards):
                    places[card] = (origin, index >= down, z + index, pile, index)
        return places

    def _fanned(self, spec: PileSpec, size: int) -> int:
        """How many of a pile's last cards fan to the right: for the waste, as many as
        a tap of the stock turns."""
        assert self.game is not None
        if spec.fan != "right":
            return 1
        return min(size, self.game.rules.draw if spec.kind == "waste" else size)

    def sync(self, *, animated: bool = False) -> None:
        """Put every card where the state says, sliding them when ``animated``."""
        if self.game is None:
            return
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
        places = self.layout_of(self.game.state)
        self.where = {}
        group = QParallelAnimationGroup(self)
        width, height, dpr = self.card_width, self.card_height, self.device_pixel_ratio
        covered = self._covered(places)
        for card, (pos, face_up, z, pile, index) in places.items():
            item = self.card_items[card]
            item.setVisible(card not in covered or animated)
            item.face_up = face_up
            pixmap = (
                self.painter.pixmap(card, width, height, dpr)
                if face_up
                else self.painter.back(width, height, dpr)
            )
            item.set_look(pixmap, width, height)
            self.where[card] = (pile, index)
            moving = animated and (item.pos() - pos).manhattanLength() > 1
            if moving:
                item.setZValue(z + 5_000)  # above the rest while it travels
                animation = QPropertyAnimation(item, b"pos", group)
                animation.setDuration(ANIMATION_MS)
                animation.setEasingCurve(QEasingCurve.Type.OutCubic)
                animation.setEndValue(pos)
                animation.finished.connect(lambda item=item, z=z: item.setZValue(z))
                group.addAnimation(animation)
            else:
                item.setPos(pos)
                item.setZValue(z)
        if group.animationCount():
            self._animation = group
            group.start(QAbstractAnimation.DeletionPolicy.KeepWhenStopped)
        self._update_stock()
        self._update_focus()

    # -- the stock -------------------------------------------------------------------------------

    def stock_look(self) -> str:
        """What the empty stock's place shows: ``"recycle"`` (a click turns the waste over),
        ``"spent"`` (the waste may not go back: no passes left) or ``"empty"``.  A stock
        without a waste that a click still plays (Grandfather's redeal) shows ``"recycle"``."""
        assert self.game is not None
        state = self.game.state
        if not state.waste:
            redeals = not state.table.places(WASTE) and not state.stock
            return "recycle" if redeals and isinstance(self.game.rules.check(state, DRAW), Move) else "empty"
        return "recycle" if self.game.rules.redeal.may_recycle(state) else "spent"

    def stock_words(self) -> tuple[str, str]:
        """The stock's two labels: the cards left in it ("" when none), and the pass
        ("Pass 2 of 3" where the passes are limited)."""
        assert self.game is not None
        state, redeal = self.game.state, self.game.rules.redeal
        words = {key: i18n.gettext(value, self.lang) for key, value in _STOCK_WORDS.items()}
        count = str(len(state.stock)) if state.stock else ""
        if not any(spec.kind == "waste" for spec in self.specs.values()):
            return count, ""  # without a waste, nothing goes back to the stock: no passes
        if not state.stock and self.stock_look() == "spent":
            return count, words["no.passes"]
        if redeal.passes is not None:
            return count, words["pass.of"].format(n=state.pass_number, total=redeal.passes)
        return count, words["pass"].format(n=state.pass_number)

    def _update_stock(self) -> None:
        if self.game is None or "s" not in self.specs:
            for label in (self.stock_count, self.stock_pass):
                label.setVisible(False)
            return
        look = self.stock_look()
        if look != self._stock_look:
            self._stock_look = look
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        count, passes = self.stock_words()
        origin, width, height = self.positions["s"], self.card_width, self.card_height
        self.stock_count.set_text(count, 0.2 * width)
        self.stock_count.setVisible(bool(count))
        size = self.stock_count.boundingRect()
        self.stock_count.setPos(origin + QPointF(width - size.width() * 0.75, -size.height() * 0.25))
        self.stock_pass.set_text(passes, 0.13 * width)
        size = self.stock_pass.boundingRect()
        room = width * (1 + GAP)  # over the card, and half the gap on either side
        if size.width() > room:  # long words on a small card: smaller
            self.stock_pass.set_text(passes, 0.13 * width * room / size.width())
            size = self.stock_pass.boundingRect()
        self.stock_pass.setVisible(bool(passes) and size.width() <= room)  # else too small to read
        self.stock_pass.setPos(origin + QPointF((width - size.width()) / 2, height - size.height() * 1.15))

    def set_language(self, lang: str) -> None:
        """Write the stock's labels in ``lang``."""
        self.lang = lang
        self._update_stock()

    def _covered(self, places: dict[Card, tuple[QPointF, bool, float, str, int]]) -> set[Card]:
        """Cards lying exactly under another card of a stacked pile: not worth painting."""
        tops: dict[str, int] = {}
        for _, _, _, pile, index in places.values():
            tops[pile] = max(tops.get(pile, -1), index)
        covered = set()
        for card, (_, _, _, pile, index) in places.items():
            spec = self.specs[pile]
            depth = tops[pile] - index
            if spec.fan != "down" and depth > self._fanned(spec, tops[pile] + 1):
                covered.add(card)
        return covered

    def finish_animations(self) -> None:
        """Jump every running animation to its end (tests, screenshots)."""
        if self._animation is not None:
            self._animation.setCurrentTime(self._animation.totalDuration())
            self._animation.stop()
            self._animation = None
            self.sync(animated=False)

    # -- painting --------------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        scene = self.sceneRect()
        felt = QRadialGradient(scene.center(), max(scene.width(), scene.height()) * 0.75)
        felt.setColorAt(0.0, QColor(30, 120, 72))
        felt.setColorAt(1.0, QColor(14, 74, 44))
        painter.fillRect(rect, QBrush(felt))
        if self.game is None:
            return
        for pile, spec in self.specs.items():
            if pile in self._covering:
                continue  # a card of a picture of overlapping cards leaves no place when it goes
            pixmap = self._slot_pixmap(pile, spec)
            origin = self.positions[pile]
            painter.drawPixmap(QRectF(origin, self._card_size()), pixmap, QRectF(pixmap.rect()))

    def _card_size(self) -> QSizeF:
        return QSizeF(self.card_width, self.card_height)

    def _slot_pixmap(self, pile: str, spec: PileSpec) -> QPixmap:
        name = pile if spec.kind != "stock" else f"{pile}:{self._stock_look}"
        key = (name, self.card_width, self.device_pixel_ratio, self.lang)
        if key not in self._slot_cache:
            width, height, dpr = self.card_width, self.card_height, self.device_pixel_ratio
            if spec.kind == "stock" and self._stock_look == "recycle":
                pixmap = self.painter.stock_empty(width, height, dpr)
            elif spec.kind == "stock" and self._stock_look == "spent":
                pixmap = self.painter.stock_spent(width, height, dpr)
            else:
                suit = _SUITS.get(spec.accepts)
                mark = "" if suit is not None or spec.kind == "stock" else spec.accepts
                note = spec.note.translate(self.lang) if spec.note is not None else ""
                pixmap = self.painter.slot(width, height, suit, dpr, mark, note)
            self._slot_cache[key] = pixmap
        return self._slot_cache[key]

    # -- what is where ---------------------------------------------------------------------------

    def card_at(self, pos: QPointF) -> CardItem | None:
        """The topmost card under a point."""
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemShape, Qt.SortOrder.DescendingOrder):
            if isinstance(item, CardItem):
                return item
        return None

    def pile_rect(self, pile: str, leaving: frozenset[Card] = frozenset()) -> QRectF:
        """The area a pile covers (a column down to its last card), without the
        cards ``leaving`` it (those being dragged)."""
        origin = self.positions[pile]
        rect = QRectF(origin, self._card_size())
        assert self.game is not None
        if self.specs[pile].fan == "down":
            cards = [card for card, (where, _) in self.where.items() if where == pile and card not in leaving]
            for card in cards:
                rect = rect.united(self.card_items[card].sceneBoundingRect())
        if self.specs[pile].fan == "right":
            for card, (where, _) in self.where.items():
                if where == pile:
                    rect = rect.united(QRectF(self.card_items[card].pos(), self._card_size()))
        return rect

    def pile_at(self, pos: QPointF) -> str | None:
        """The pile whose area holds a point."""
        for pile in self.specs:
            if self.pile_rect(pile).contains(pos):
                return pile
        return None

    def pile_cards_of(self, pile: str) -> list[Card]:
        """The cards of a pile as shown, bottom first."""
        return [card for _, card in sorted((i, c) for c, (where, i) in self.where.items() if where == pile)]

    def pile_cards(self, pile: str) -> list[CardItem]:
        """The card items of a pile, bottom first."""
        cards = sorted((index, card) for card, (where, index) in self.where.items() if where == pile)
        return [self.card_items[card] for _, card in cards]

    # -- the mouse -------------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self.game is None or not self.interactive:
            return
        self._press(event.scenePos())

    def _press(self, pos: QPointF) -> None:
        """A press of the left button: the start of a click or of a drag."""
        self._last_click = None  # only a click (set at its release) can begin a double click
        if self.keyboard_mode:
            self.keyboard_mode, self.held = False, None
            self._update_focus()
        self.finish_animations()
        self.clear_hint()
        self._show_pending_refusal()  # another gesture: the click before did not go home
        item = self.card_at(pos)
        if item is None:
            pile = self.pile_at(pos)
            self._drag = _Drag(pile, [], pos) if pile else None
            return
        pile, index = self.where[item.card]
        self._drag = _Drag(pile, self.pile_cards(pile)[index:], pos)  # the card and those on it

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        drag = self._drag
        if drag is None or not drag.items or drag.refusal is not None or self.game is None:
            return
        delta = event.scenePos() - drag.press
        if not drag.moving and delta.manhattanLength() < DRAG_THRESHOLD:
            return
        if not drag.moving:
            drag.refusal = self.game.can_pick_up(drag.pile, len(drag.items))
            if drag.refusal is not None:
                return  # the release explains (or, on the stock, taps it)
            drag.moving = True
            for offset, item in enumerate(drag.items):
                item.setZValue(20_000 + offset)
        for item, origin in zip(drag.items, drag.origins, strict=True):
            item.setPos(origin + delta)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        drag, self._drag = self._drag, None
        if drag is None or self.game is None:
            return
        if drag.refusal is not None and self.specs[drag.pile].kind != "stock":
            self._last_click = None
            self.shake(drag.items)
            self.refused.emit(drag.refusal)
            return
        if not drag.moving:
            self._click(drag)
            return
        target = self._drop_target(drag)
        if target is None or target == drag.pile:
            self._fly_back(drag)  # dropped on the table or back home: nothing to explain
            return
        self._submit(self._move(drag.pile, target, len(drag.items)), drag)

    def _move(self, src: str, dst: str, count: int) -> Move:
        """The move of ``count`` cards from ``src`` to ``dst`` in notation: a count only
        for cards leaving a column."""
        assert self.game is not None
        return Move(src, dst, count if self.game.state.table.kind(src) == TABLEAU else None)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Qt turns a second press soon after a click into this.  It is a double click only
        on the card the first click left in place (it could not go home): that card looks
        for a column.  Anything else is one more press: on the stock, on the card that came
        up after the first went home, and with double clicks turned off."""
        if event.button() != Qt.MouseButton.LeftButton or self.game is None or not self.interactive:
            return
        item = self.card_at(event.scenePos())
        last, self._last_click = self._last_click, None
        if (
            not self.double_tap_enabled
            or item is None
            or last is None
            or last[0] is not item.card
            or self.where.get(item.card) != last[1:]
        ):
            self._press(event.scenePos())
            return
        self._drop_pending_refusal()  # the double click answers instead
        self._drag = None
        pile, index = self.where[item.card]
        count = len(self.pile_cards(pile)) - index if self.specs[pile].fan == "down" else 1
        self._answer(self.game.double_tap(pile, count))

    def _click(self, drag: _Drag) -> None:
        assert self.game is not None
        spec = self.specs[drag.pile]
        if spec.kind == "stock":
            self._last_click = None
            self._answer(self.game.tap(drag.pile))
            return
        if not drag.items:
            return
        item = drag.items[0]
        pile, index = self.where[item.card]
        self._last_click = (item.card, pile, index)
        if not item.face_up:
            return
        if len(drag.items) == 1 or spec.fan != "down":  # the top card (of a fan, any of them)
            result = self.game.tap(pile)
            if isinstance(result, Move):
                self._answer(result)
            elif spec.kind != "foundation":  # a card already home has nowhere else to go: no fuss
                self._refuse_click(drag.items[-1:], result)
        else:  # a card with others on it: they go home one by one
            refused = self.game.check(self._move(pile, "f", len(drag.items)))
            if isinstance(refused, Refusal):
                self._refuse_click(drag.items, refused)

    def _refuse_click(self, items: list[CardItem], refusal: Refusal) -> None:
        """A click that could not send a card home: the cards shake and the refusal shows,
        once a double click (which would find them a column) can no longer follow."""
        self._pending_refusal = (items, refusal)
        if self.double_tap_enabled:
            self._refusal_timer.start(QApplication.doubleClickInterval())
        else:
            self._show_pending_refusal()

    def _show_pending_refusal(self) -> None:
        pending, self._pending_refusal = self._pending_refusal, None
        self._refusal_timer.stop()
        if pending is None:
            return
        items, refusal = pending
        self.shake(items)
        self.refused.emit(refusal)

    def _drop_pending_refusal(self) -> None:
        self._pending_refusal = None
        self._refusal_timer.stop()

    def shake(self, items: list[CardItem]) -> None:
        """Shake cards from side to side: they cannot go where they were sent."""
        if not self.animations:
            return
        self.finish_animations()
        step = self.card_width * 0.06
        group = QParallelAnimationGroup(self)
        for item in items:
            home = item.pos()
            animation = QPropertyAnimation(item, b"pos", group)
            animation.setDuration(SHAKE_MS)
            for at, offset in ((0.0, 0.0), (0.2, step), (0.45, -step), (0.7, step / 2), (1.0, 0.0)):
                animation.setKeyValueAt(at, home + QPointF(offset, 0))
            group.addAnimation(animation)
        self._animation = group
        group.start(QAbstractAnimation.DeletionPolicy.KeepWhenStopped)

    def _answer(self, result: Move | Refusal) -> None:
        """Play what the core answered, or show why not."""
        assert self.game is not None
        if isinstance(result, Refusal):
            self.refused.emit(result)
            return
        self.game.play(result)

    def _drop_target(self, drag: _Drag) -> str | None:
        head = drag.items[0].sceneBoundingRect()
        leaving = frozenset(item.card for item in drag.items)
        best: tuple[float, str] | None = None
        for pile, spec in self.specs.items():
            if not (spec.kind not in ("stock", "waste") if spec.drop_target is None else spec.drop_target):
                continue
            if pile in self._covering and not any(card not in leaving for card in self.pile_cards_of(pile)):
                continue  # an empty place of a picture shows nothing to drop on
            area = self.pile_rect(pile, leaving).intersected(head)
            size = area.width() * area.height()
            if size > 0 and (best is None or size > best[0]):
                best = (size, pile)
        return best[1] if best else None

    def _submit(self, move: Move, drag: _Drag | None) -> None:
        assert self.game is not None
        try:
            self.game.play(move)
        except IllegalMoveError as error:
            if drag is not None:
                self._fly_back(drag)
            self.refused.emit(error.refusal)

    def _fly_back(self, drag: _Drag) -> None:
        self.sync(animated=self.animations)

    # -- winning ---------------------------------------------------------------------------------

    def celebrate(self) -> None:
        """The four kings leap off their foundations and bounce back, one after the other."""
        if self.game is None or not self.animations:
            return
        group = QParallelAnimationGroup(self)
        for number, foundation in enumerate(self.game.state.foundations):
            if not foundation:
                continue
            item = self.card_items[foundation[-1]]
            home = item.pos()
            leap = QPropertyAnimation(item, b"pos", group)
            leap.setDuration(900 + 150 * number)
            leap.setKeyValueAt(0.0, home)
            leap.setKeyValueAt(0.12 + 0.04 * number, home)
            leap.setKeyValueAt(0.35 + 0.04 * number, home + QPointF(0, self.card_height * 0.9))
            leap.setKeyValueAt(1.0, home)
            leap.setEasingCurve(QEasingCurve.Type.InOutSine)
            group.addAnimation(leap)
        self._celebration = group
        group.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)

    # -- hints -----------------------------------------------------------------------------------

    def show_hint(self, move: Move) -> None:
        """Outline the cards a hint moves and where they go, until the next action."""
        self.clear_hint()
        if self.game is None:
            return
        self._hint_move = move
        pen = QPen(HINT_COLOUR, 4)
        if move.is_draw:
            rects = [QRectF(self.positions["s"], self._card_size())]
        else:
            cards = self.pile_cards(move.src)[-(move.count or 1) :]
            source = QRectF()
            for item in cards:
                source = source.united(item.sceneBoundingRect())
            dst = self._destination(move)
            rects = [source, self.pile_rect(dst) if dst in self.positions else QRectF()]
        for rect in rects:
            outline = QGraphicsRectItem(rect.adjusted(-3, -3, 3, 3))
            outline.setPen(pen)
            outline.setZValue(30_000)
            self.addItem(outline)
            self._hint_items.append(outline)

    def _destination(self, move: Move) -> str:
        """The pile a legal move puts its cards on (``f`` names one foundation)."""
        assert self.game is not None
        dst = move.dst or ""
        if dst in self.positions:
            return dst
        rules = self.game.rules
        state = self.game.state
        try:
            checked = rules.check(state, move)
            events = rules.variant.events(state, checked, rules) if isinstance(checked, Move) else []
        except (KeyError, ValueError):
            return dst
        return next((event.dst for event in events if isinstance(event, CardsMoved)), dst)

    def hint_rects(self) -> list[QRectF]:
        """The outlines of the hint shown (none when no hint shows)."""
        return [item.rect() for item in self._hint_items]

    def clear_hint(self) -> None:
        self._hint_move = None
        for item in self._hint_items:
            if item.scene() is self:
                self.removeItem(item)
        self._hint_items = []

    # -- the keyboard ----------------------------------------------------------------------------

    def pile_order(self) -> list[str]:
        """Piles in keyboard order: top row left to right, then the columns (piles at
        places of their own: line by line from the top, each from the left)."""
        return [spec.id for spec in sorted(self.specs.values(), key=lambda s: (*_line(s), _across(s)))]

    def focused_pile(self) -> str:
        order = self.pile_order()
        return order[self.focus_index % len(order)]

    def key(self, key: int) -> bool:
        """Handle a key for keyboard play; True when it was used."""
        if self.game is None or not self.interactive:
            return False
        if not self.keyboard_mode and key in _PLAY_KEYS:
            self.keyboard_mode = True  # the first key only shows where the focus is
            self._update_focus()
            self.focus_moved.emit(True)
            return True
        order = self.pile_order()
        pile = self.focused_pile()
        spec = self.specs[pile]
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            row = [p for p in order if _line(self.specs[p]) == _line(spec)]
            step = -1 if key == Qt.Key.Key_Left else 1
            pile = row[(row.index(pile) + step) % len(row)]
            self.focus_index, self.focus_depth = order.index(pile), 1
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._vertical(key == Qt.Key.Key_Up, order, spec)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._pick_or_drop(pile)
        elif key == Qt.Key.Key_Escape:
            if self.held is None:
                return False
            self.held = None
        else:
            return False
        self._update_focus()
        self.focus_moved.emit(key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down))
        return True

    def _vertical(self, up: bool, order: list[str], spec: PileSpec) -> None:
        assert self.game is not None
        if spec.fan == "down":
            column = self.game.state.pile(spec.id)
            if up and self.focus_depth < len(column.up):
                self.focus_depth += 1
                return
            if not up and self.focus_depth > 1:
                self.focus_depth -= 1
                return
        rows = sorted({_line(s) for s in self.specs.values()})
        target_row = rows[(rows.index(_line(spec)) + (-1 if up else 1)) % len(rows)]
        candidates = [p for p in order if _line(self.specs[p]) == target_row]
        nearest = min(candidates, key=lambda p: abs(_across(self.specs[p]) - _across(spec)))
        self.focus_index, self.focus_depth = order.index(nearest), 1

    def _pick_or_drop(self, pile: str) -> None:
        assert self.game is not None
        spec = self.specs[pile]
        if self.held is None:
            if spec.kind == "stock":
                self._answer(self.game.tap(pile))
            elif self.pile_cards(pile):
                count = self.focus_depth if spec.fan == "down" else 1
                refusal = self.game.can_pick_up(pile, count)
                if refusal is not None:
                    self.refused.emit(refusal)
                else:
                    self.held = (pile, count)
            return
        src, count = self.held
        self.held = None
        if src == pile:
            return
        self._submit(self._move(src, pile, count), None)

    def _update_focus(self) -> None:
        if self.game is None or not self.specs or not self.keyboard_mode:
            self._focus_item.setVisible(False)
            return
        pile = self.focused_pile()
        cards = self.pile_cards(pile)
        rect = QRectF(self.positions[pile], self._card_size())
        if cards and self.specs[pile].fan == "down":
            depth = min(self.focus_depth, max(1, sum(1 for c in cards if c.face_up)))
            rect = QRectF(cards[-depth].pos(), self._card_size())
            for item in cards[-depth:]:
                rect = rect.united(item.sceneBoundingRect())
        elif cards:
            rect = cards[-1].sceneBoundingRect()
        color = HELD_COLOUR if self.held else FOCUS_COLOUR
        self._focus_item.setPen(QPen(color, 3))
        self._focus_item.setRect(rect.adjusted(-3, -3, 3, 3))
        self._focus_item.setVisible(True)

    def focusInEvent(self, event: Any) -> None:
        super().focusInEvent(event)
        self._update_focus()

    def focusOutEvent(self, event: Any) -> None:
        super().focusOutEvent(event)
        self._update_focus()


def _across(spec: PileSpec) -> float:
    """Where a pile lies across the table, in slots from its left edge."""
    return float(spec.slot) if spec.at is None else spec.at[0]


def _down(spec: PileSpec) -> float:
    """How far below the top of its row a pile lies, in card heights."""
    return 0.0 if spec.at is None else spec.at[1]


def _line(spec: PileSpec) -> tuple[int, float]:
    """The line of piles a pile is on, for the keyboard: its row, and its place down it."""
    return spec.row, _down(spec)


def _span(specs: list[PileSpec]) -> float:
    """How wide the piles lie, in card widths: from the left edge of slot 0 to the
    right edge of the rightmost pile."""
    return max(_across(spec) * (1 + GAP) + 1 for spec in specs)
