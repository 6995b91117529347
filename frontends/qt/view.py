"""The view that shows a table: it sizes the scene to itself and passes keys on."""

from __future__ import annotations

from html import escape

from qtpy.QtCore import QSize, Qt, QTimer, Signal
from qtpy.QtGui import QKeyEvent, QPainter, QResizeEvent
from qtpy.QtWidgets import QFrame, QGraphicsView, QLabel, QWidget

from solitaire.frontends.qt.cards import CardPainter
from solitaire.frontends.qt.scene import TableScene
from solitaire.frontends.qt.speech import announce

__all__ = ["TableView"]


class TableView(QGraphicsView):
    """A QGraphicsView of a :class:`TableScene` with a message banner that never blocks.

    A notice on the banner may end with a link: ``link_followed(name)`` when it is
    clicked."""

    link_followed = Signal(str)

    def __init__(self, painter: CardPainter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = TableScene(painter, self)
        self.setScene(self.table)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(480, 360)
        self.banner = QLabel(self)
        self.banner.setWordWrap(True)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet(
            "QLabel { background: rgba(20, 24, 28, 215); color: white; border-radius: 10px;"
            " padding: 10px 16px; font-size: 15px; }"
        )
        self.banner.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self.banner.linkActivated.connect(self.link_followed)
        self.banner.hide()
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self.banner.hide)
        self.setAccessibleName("Card table")

    def show_message(self, message: str, seconds: float = 3.5) -> None:
        """Show a message over the bottom of the table for a while."""
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.setText(message)
        self._show_banner(seconds)
        announce(self, message)

    def show_notice(self, message: str, link: str, name: str, seconds: float = 12) -> None:
        """Show a message followed by a link (such as "Details…") named ``name``."""
        words = escape(message).replace("\n", "<br>")
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setText(f'{words} <a href="{escape(name)}" style="color: #9cd3ff">{escape(link)}</a>')
        self._show_banner(seconds)
        announce(self, message)

    def _show_banner(self, seconds: float) -> None:
        self._place_banner()
        self.banner.show()
        self.banner.raise_()
        self._banner_timer.start(int(seconds * 1000))

    def _place_banner(self) -> None:
        width = min(self.width() - 40, 640)
        self.banner.setFixedWidth(max(200, width))
        self.banner.adjustSize()
        self.banner.move((self.width() - self.banner.width()) // 2, self.height() - self.banner.height() - 24)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        self.table.resize(size.width(), size.height(), self.devicePixelRatioF())
        self.resetCachedContent()
        if self.banner.isVisible():
            self._place_banner()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.table.key(event.key()):
            super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return False

    def sizeHint(self) -> QSize:
        return QSize(1024, 720)
