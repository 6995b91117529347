"""One window per store folder: a second ``solitaire`` brings the first window to the front.

The first window holds ``window.lock`` in the store folder for as long as it is
open, and listens on a local socket (``QLocalServer``) named after the folder.
A second one finds the lock taken, connects to the socket, which asks the first
to raise its window, and exits.
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import time
from pathlib import Path
from typing import Final

from qtpy.QtCore import QObject, Qt, Signal
from qtpy.QtNetwork import QLocalServer, QLocalSocket
from qtpy.QtWidgets import QWidget

from solitaire.core.locks import FileLock

__all__ = ["WINDOW_LOCK", "WindowInstance", "bring_to_front", "server_name"]

#: Held by the window open on a store folder.
WINDOW_LOCK: Final = "window.lock"
#: How long a second window tries to reach the first (which may be starting), in seconds.
ASK_WAIT: Final = 5.0


def server_name(folder: Path | str) -> str:
    """The local socket of the window open on ``folder``: the same for every way of
    writing the folder, another for another folder (or another user)."""
    with contextlib.suppress(OSError):
        folder = Path(folder).resolve()
    user = ""
    with contextlib.suppress(Exception):  # no user name to be had: the folder alone tells
        user = getpass.getuser()
    digest = hashlib.sha256(f"{user}\0{folder}".encode(errors="surrogatepass")).hexdigest()
    return f"solitaire-{digest[:24]}"


class WindowInstance(QObject):
    """The window of one store folder: :meth:`claim` it, or :meth:`ask_to_raise` the
    one that has it."""

    #: Another ``solitaire`` asked for the window to come to the front.
    raise_requested = Signal()

    def __init__(self, folder: Path | str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(folder)
        self._lock = FileLock(Path(folder) / WINDOW_LOCK)
        self._server: QLocalServer | None = None

    def claim(self) -> bool:
        """Be the window of the folder (True), unless another one is (False)."""
        try:
            if not self._lock.acquire(0):
                return False
        except OSError:  # no lock file can be made here (a read-only folder): ask the socket
            if self._reach(0.0):
                return False
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        server.newConnection.connect(self._answer)
        if not server.listen(self.name):
            # The socket of a window that was killed: nobody else holds the lock, so nobody listens.
            QLocalServer.removeServer(self.name)
            server.listen(self.name)
        self._server = server
        return True

    def release(self) -> None:
        """Stop being the window of the folder."""
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.release()

    def ask_to_raise(self, wait: float = ASK_WAIT) -> bool:
        """Ask the window of the folder to come to the front; False when it did not
        answer within ``wait`` seconds."""
        return self._reach(wait)

    def _reach(self, wait: float) -> bool:
        deadline = time.monotonic() + wait
        while True:
            socket = QLocalSocket()
            socket.connectToServer(self.name)
            if socket.waitForConnected(500):
                socket.write(b"raise\n")
                socket.waitForBytesWritten(1000)
                socket.disconnectFromServer()
                return True
            socket.abort()
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.1)  # the first window may be starting: its socket is not open yet

    def _answer(self) -> None:
        server = self._server
        if server is None:
            return
        while server.hasPendingConnections():
            socket = server.nextPendingConnection()
            socket.disconnected.connect(socket.deleteLater)
            socket.disconnectFromServer()
        self.raise_requested.emit()


def bring_to_front(window: QWidget) -> None:
    """Show ``window`` (un-minimised, as it was) above the others, with the focus."""
    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()
