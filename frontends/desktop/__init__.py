"""The game on the desktop menu: its desktop entry, icon and AppStream metainfo.

The three files ship in this package; ``solitaire install-desktop``
copies them into the user's XDG data folder, where desktops (GNOME, KDE, Xfce) and
software centres find them, as they find Aisleriot's and KPat's.
"""

from __future__ import annotations

import os
import shutil
import sys
from importlib import resources
from pathlib import Path
from typing import Final

from solitaire.core.files import write_atomic

__all__ = ["APP_ID", "ORGANISATION", "data_home", "install", "read_data"]

#: The reverse-DNS id that names the desktop entry, the icon and the metainfo alike
#: (Qt's desktop file name, the Wayland app id).
APP_ID: Final = "org.solitaire_framework.Solitaire"
ORGANISATION: Final = "The solitaire developers"

#: Where each file goes, under the XDG data folder.
_TARGETS: Final = (
    (f"{APP_ID}.desktop", ("applications",)),
    (f"{APP_ID}.svg", ("icons", "hicolor", "scalable", "apps")),
    (f"{APP_ID}.metainfo.xml", ("metainfo",)),
)


def read_data(name: str) -> bytes:
    """A file shipped in this package."""
    return resources.files(__name__).joinpath(name).read_bytes()


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share`` (a relative value is ignored, as the spec says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def _command() -> str:
    """The ``solitaire`` script next to this Python (a venv or pipx), so that the menu finds it
    even when that folder is not on the desktop session's PATH."""
    script = Path(sys.executable).with_name("solitaire")
    if script.is_file() and os.access(script, os.X_OK):
        return str(script)
    return shutil.which("solitaire") or "solitaire"


def _exec_value(command: str) -> str:
    """``command`` as the Exec key wants it: quoted when it holds a reserved character."""
    if command and not any(c in command for c in " \t\n\"'\\><~|&;$*?#()`%="):
        return command
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in command)
    # A string value escapes its backslashes once more, and % starts a field code.
    return '"' + escaped.replace("\\", "\\\\").replace("%", "%%") + '"'


def desktop_entry(command: str) -> bytes:
    """The shipped desktop entry, with ``Exec`` pointing at ``command``."""
    lines = read_data(f"{APP_ID}.desktop").decode("utf-8").splitlines()
    lines = [f"Exec={_exec_value(command)}" if line.startswith("Exec=") else line for line in lines]
    return ("\n".join(lines) + "\n").encode("utf-8")


def install(home: Path | None = None, command: str | None = None) -> list[Path]:
    """Write the desktop entry, the icon and the metainfo under ``home`` (the XDG data folder),
    each atomically; returns the files written. Raises OSError when one cannot be written."""
    home = data_home() if home is None else home
    written = []
    for name, folder in _TARGETS:
        path = home.joinpath(*folder, name)
        data = desktop_entry(command or _command()) if name.endswith(".desktop") else read_data(name)
        write_atomic(path, data)
        written.append(path)
    return written
