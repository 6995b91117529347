"""Starting the desktop game, and rendering it offscreen for screenshots."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from solitaire.core import i18n
from solitaire.core.i18n import N_, Message
from solitaire.core.registry import Catalog
from solitaire.core.session import Session
from solitaire.core.store import Store

if TYPE_CHECKING:
    from qtpy.QtGui import QIcon
    from qtpy.QtWidgets import QApplication

    from solitaire.frontends.qt.instance import WindowInstance
    from solitaire.frontends.qt.window import MainWindow

__all__ = ["WindowUnavailable", "debian_package", "display_available", "run", "screenshot", "window_problem"]

#: How to get the window when Qt is not installed.
QT_EXTRA = "pip install 'solitaire-framework[qt]'"

#: Started in a child process before the window: Qt aborts the process (it cannot be
#: caught) when its platform plugin cannot load or reach the display.
PROBE = """
import os, sys
os.environ.setdefault("QT_API", "pyside6")
from qtpy.QtGui import QGuiApplication
app = QGuiApplication(sys.argv[:1])
print(app.platformName())
"""
PROBE_TIMEOUT = 30.0


class WindowUnavailable(Exception):
    """The window cannot open here: why, a message translated when shown (or a text per language)."""

    def __init__(self, why: Message | Mapping[str, str]) -> None:
        super().__init__(str(why) if isinstance(why, Message) else why["en"])
        self.text = why

    def message(self, lang: str = "en") -> str:
        return (
            self.text.translate(lang) if isinstance(self.text, Message) else i18n.translate(self.text, lang)
        )


def display_available() -> bool:
    """Whether a window can be shown here (a display, or a platform chosen by hand)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.partition(":")[0] not in ("offscreen", "minimal")  # nobody would see those
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _no_display() -> WindowUnavailable:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return WindowUnavailable(Message("QT_QPA_PLATFORM={platform} shows no window", platform=platform))
    return WindowUnavailable(Message("no display here (neither DISPLAY nor WAYLAND_DISPLAY is set)"))


def _no_qt(error: ImportError) -> WindowUnavailable:
    return WindowUnavailable(
        Message(
            "the window needs Qt, which is not installed ({error}): {QT_EXTRA}",
            error=error,
            QT_EXTRA=QT_EXTRA,
        )
    )


#: Debian packages whose name does not follow from the library's (see :func:`debian_package`).
_PACKAGES = {
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgio-2.0.so.0": "libglib2.0-0",
}


def debian_package(soname: str) -> str:
    """The Debian (and Ubuntu) package of a shared library, by Debian's naming rule:
    the name in lower case with its version, a hyphen between two digits.

    >>> debian_package("libxcb-cursor.so.0"), debian_package("libxkbcommon-x11.so.0")
    ('libxcb-cursor0', 'libxkbcommon-x11-0')
    >>> debian_package("libEGL.so.1")
    'libegl1'
    """
    if soname in _PACKAGES:
        return _PACKAGES[soname]
    name, _, version = soname.partition(".so.")
    version = version.partition(".")[0]
    if not version:
        return name.lower()
    return f"{name.lower()}{'-' if name[-1:].isdigit() else ''}{version}"


def missing_libraries(ldd_output: str) -> list[str]:
    """The libraries ``ldd`` reports as not found, each once, in order.

    >>> missing_libraries("\\tlibc.so.6 => /lib/libc.so.6\\n\\tlibxcb-icccm.so.4 => not found\\n")
    ['libxcb-icccm.so.4']
    """
    found = re.findall(r"^\s*(\S+) => not found", ldd_output, flags=re.MULTILINE)
    return list(dict.fromkeys(found))


def _platform_plugin(name: str) -> Path | None:
    from qtpy.QtCore import QLibraryInfo

    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms"
    plugin = folder / f"libq{name}.so"
    return plugin if plugin.exists() else None


def _missing_for(platform: str) -> list[str]:
    """The libraries the platform plugin needs and cannot find (``ldd``), if that can be told."""
    plugin = _platform_plugin(platform)
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    try:
        result = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return []
    return missing_libraries(result.stdout)


def _platform_failed(output: str) -> WindowUnavailable:
    """Why Qt could not start, from what it said, and which packages would help."""
    platforms = re.findall(r'platform plugin "([^"]+)"', output) or ["xcb"]
    missing = [library for platform in dict.fromkeys(platforms) for library in _missing_for(platform)]
    if missing:
        libraries = ", ".join(missing)
        packages = " ".join(dict.fromkeys(debian_package(library) for library in missing))
        return WindowUnavailable(
            Message(
                N_(
                    "the window cannot open: Qt's {platform} platform needs {libraries}, missing here (on "
                    "Debian and Ubuntu: sudo apt install {packages})"
                ),
                platform=platforms[0],
                libraries=libraries,
                packages=packages,
            )
        )
    said = [line.strip() for line in output.splitlines() if line.strip()]
    # Qt's first line names the trouble ("could not connect to display :5"); the rest is advice.
    cause = said[0] if said else "no reason given"
    return WindowUnavailable(Message("the window cannot open: Qt cannot start here ({cause})", cause=cause))


def _probe() -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", PROBE],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def window_problem() -> WindowUnavailable | None:
    """Why the window cannot open here, or None: no display, Qt not installed, or
    Qt's platform plugin failing (a missing library, a display it cannot reach).

    Tried in a child process, since Qt aborts the process it fails in."""
    if not display_available():
        return _no_display()
    probe = _probe() if sys.platform not in ("win32", "darwin") else None
    try:
        try:
            from qtpy import QtWidgets  # noqa: F401

            import solitaire.frontends.qt.window  # noqa: F401  (loaded for the window meanwhile)
        except ImportError as error:
            return _no_qt(error)
        if probe is None:
            return None
        try:
            output, _ = probe.communicate(timeout=PROBE_TIMEOUT)
        except subprocess.TimeoutExpired:
            return WindowUnavailable(Message("the window cannot open: the display does not answer"))
        return None if probe.returncode == 0 else _platform_failed(output)
    finally:
        if probe is not None and probe.poll() is None:
            probe.kill()
            probe.wait()


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

    ``catalog`` is the application's (``solitaire.plugins.builtins.new_catalog()``):
    the window's worker processes build the same one to think with.  Raises :class:`WindowUnavailable`
    when Qt is not installed."""
    try:
        from solitaire.frontends.qt.window import MainWindow
    except ImportError as error:
        raise _no_qt(error) from None

    from solitaire.frontends.qt.i18n import text
    from solitaire.frontends.qt.instance import WindowInstance, bring_to_front
    from solitaire.plugins.builtins import new_catalog

    app = _application()
    store = Store()
    instance = WindowInstance(store.folder)
    if not instance.claim():
        return _already_open(instance, store, lang)
    # A terminal game on the same files may hold the current game: this window then plays its own.
    session = Session(catalog, store)
    own = not session.claim()
    window = MainWindow(catalog, store, lang=lang, worker_catalog=new_catalog, session=session)
    instance.raise_requested.connect(lambda: bring_to_front(window))
    # Quitting with the window open (the session ends) does not wait for its searches either.
    app.aboutToQuit.connect(window.thinker.shutdown)
    window.show()
    if own:
        window.view.show_message(text("message.own_game", window.lang, name=store.game_file), 10)
    try:
        return int(app.exec())
    finally:
        session.leave()
        instance.release()


#: Said by a second ``solitaire`` whose files a window already has open.
ALREADY_OPEN: Final = N_(
    "solitaire: the game is already open in a window (its files are in {folder}); {then}."
)
RAISED: Final = N_("that window was brought to the front")
NOT_RAISED: Final = N_("that window did not answer")


def _already_open(instance: WindowInstance, store: Store, lang: str | None) -> int:
    """Ask the window already open on the store's files to come to the front, and say so."""
    raised = instance.ask_to_raise()
    said = i18n.choose_language(lang, store.settings().language)
    then = i18n.gettext(RAISED if raised else NOT_RAISED, said)
    print(i18n.gettext(ALREADY_OPEN, said).format(folder=store.folder, then=then))
    return 0


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
