"""Files written so that a crash never leaves half of one behind."""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path
from typing import Final

__all__ = ["HOME_VARIABLE", "write_atomic"]

#: The environment variable that, when set, names the folder of every file the program
#: keeps (the store's files and the log), instead of the user's data and log folders.
HOME_VARIABLE: Final = "SOLITAIRE_HOME"


def write_atomic(path: Path, data: bytes, *, shared: bool = False) -> None:
    """Replace ``path`` with ``data`` atomically: write a temporary file in the same
    folder, flush and fsync it, rename it over ``path``, then fsync the folder.
    Killed at any moment, the process leaves either the old file or the new one.

    The file is private (mode 0600) unless ``shared``: then it has the usual mode of a
    new file (0666 less the umask), for a file written to be given to others."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if shared:
        handle, temporary = _shared_temporary(path)
    else:
        import tempfile

        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def _shared_temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, created with mode 0666 for the umask to reduce."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    import secrets

    for _ in range(100):
        temporary = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no temporary file name is free", str(path.parent))


def _sync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
