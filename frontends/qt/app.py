"""Starting the desktop game, and rendering it offscreen for screenshots."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from solitaire.core.registry import Catalog
from solitaire.core.store import Store

if TYPE_CHECKING:
    from qtpy.QtGui import QIcon
    from qtpy.QtWidgets import QApplication

    from solitaire.frontends.qt.window import MainWindow

__all__ = ["display_available", "run", "screenshot"]


def display_available() -> bool:
    """Whether a window can be shown here (a display, or a platform chosen by hand)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.partition(":")[0] not in ("offscreen", "minimal")  # nobody would see those
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _application() -> QApplication:
    from qtpy.QtWidgets import QApplication

    from solitaire.frontends import desktop

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setApplicationName("solitaire")
    app.setApplicationDisplayName("Solitaire")
    app.setOrganizationName(desktop.ORGANISATION)
    # The desktop entry `solitaire install-desktop` writes: the taskbar and Wayland match it.
    app.setDesktopFileName(desktop.APP_ID)
    if app.windowIcon().isNull():
        app.setWindowIcon(_icon())
    return app


def _icon() -> QIcon:
    """The game's SVG icon, drawn at the sizes window managers ask for."""
    from qtpy.QtCore import QByteArray, Qt
    from qtpy.QtGui import QIcon, QPainter, QPixmap
    from qtpy.QtSvg import QSvgRenderer

    from solitaire.frontends import desktop

    renderer = QSvgRenderer(QByteArray(desktop.read_data(f"{desktop.APP_ID}.svg")))
    icon = QIcon()
    for size in (16, 22, 24, 32, 48, 64, 128, 256):
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        icon.addPixmap(pixmap)
    return icon


def run(catalog: Catalog, *, lang: str | None = None) -> int:
    """Open the window and run until it is closed.

    ``catalog`` is the installed plugins' (``Catalog()``): the window's worker
    processes build the same one to think with."""
    from solitaire.frontends.qt.window import MainWindow

    app = _application()
    window = MainWindow(catalog, Store(), lang=lang, worker_catalog=Catalog)
    # Quitting with the window open (the session ends) does not wait for its searches either.
    app.aboutToQuit.connect(window.thinker.shutdown)
    window.show()
    return int(app.exec())


def screenshot(
    catalog: Catalog, code: str, actions: Sequence[str], out: Path, *, size: tuple[int, int], lang: str
) -> None:
    """Render the window with a game (after ``actions``) into a PNG, offscreen.

    Uses a throw-away store, so the player's saved game and statistics are untouched.
    Raises the engine's errors for a bad code or action.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from qtpy.QtCore import qInstallMessageHandler

    # The offscreen platform warns about window hints it cannot honour: not news for a PNG.
    previous = qInstallMessageHandler(lambda kind, context, message: None)
    try:
        _render(catalog, code, actions, out, size, lang)
    finally:
        qInstallMessageHandler(previous)


#: How long a screenshot waits for the "still winnable?" verdict (seconds).
VERDICT_WAIT = 3.0


def _await_verdict(window: MainWindow, app: QApplication) -> None:
    """Let the indicator settle, so that the picture shows a verdict rather than "thinking"."""
    deadline = time.monotonic() + VERDICT_WAIT
    while window.indicator.state == "thinking" or window.thinker.busy("verdict"):
        if time.monotonic() > deadline:
            return
        app.processEvents()
        time.sleep(0.01)
    app.processEvents()


def _render(
    catalog: Catalog, code: str, actions: Sequence[str], out: Path, size: tuple[int, int], lang: str
) -> None:
    from solitaire.frontends.qt.window import MainWindow

    app = _application()
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(catalog, Store(folder), lang=lang, resume=False)
        game = catalog.game_from_code(code)
        for action in actions:
            game.perform(action)
        window.start(game, record=False)
        window.resize(*size)
        window.show()
        app.processEvents()
        _await_verdict(window, app)
        window.table.finish_animations()
        window.view.banner.hide()
        image = window.grab()
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(out), "PNG"):
            raise OSError(f"cannot write {out}")
        window.close()
