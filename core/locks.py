"""Advisory file locks between processes sharing one store folder.

A lock is a small file that is locked, never written: ``fcntl.flock`` on POSIX,
``msvcrt.locking`` (of its first byte) on Windows.  The system lets a lock go
when its process ends, killed or not, so that a crash never leaves a folder
locked.  The file itself stays; only its lock matters.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Final

__all__ = ["FileLock", "LockTimeout"]

#: How long :meth:`FileLock.acquire` waits by default (seconds).
DEFAULT_WAIT: Final = 10.0


class LockTimeout(OSError):
    """A lock another process holds, for longer than one would wait."""

    def __init__(self, path: Path, waited: float) -> None:
        super().__init__(
            f"{path.parent} is in use by another process (its lock {path.name} was not released"
            f" within {waited:g} s)"
        )
        self.path = path


class FileLock:
    """An exclusive lock on the file ``path``, created when missing.

    Not reentrant: one holder at a time, even within a process (two ``FileLock``
    objects on one path exclude each other)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._descriptor: int | None = None

    @property
    def held(self) -> bool:
        return self._descriptor is not None

    def acquire(self, wait: float = DEFAULT_WAIT) -> bool:
        """Take the lock, waiting at most ``wait`` seconds (0: try once); False when
        another holder kept it all the while.  Raises ``OSError`` when the lock
        file cannot be opened (a read-only folder, no permission)."""
        if self._descriptor is not None:
            raise RuntimeError(f"{self.path} is already locked by this object")
        deadline = time.monotonic() + wait
        pause = 0.001
        while True:
            descriptor = _open(self.path)
            try:
                locked = _try_lock(descriptor) and _still_there(descriptor, self.path)
            except BaseException:  # flock or fstat failed (no locks on this file system)
                os.close(descriptor)
                raise
            if locked:
                self._descriptor = descriptor
                return True
            os.close(descriptor)  # closing lets go of a lock on a file removed meanwhile
            if time.monotonic() >= deadline:
                return False
            time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
            pause = min(pause * 2, 0.05)

    def acquire_or_fail(self, wait: float = DEFAULT_WAIT) -> None:
        """Take the lock, or raise :class:`LockTimeout` after ``wait`` seconds."""
        if not self.acquire(wait):
            raise LockTimeout(self.path, wait)

    def release(self, *, remove: bool = False) -> None:
        """Let go of the lock (``remove``: and delete its file first, while still
        holding it: a process that opened the old file meanwhile sees it gone)."""
        descriptor, self._descriptor = self._descriptor, None
        if descriptor is None:
            return
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()
        with contextlib.suppress(OSError):
            _unlock(descriptor)
        os.close(descriptor)

    def __enter__(self) -> FileLock:
        self.acquire_or_fail()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.release()


def _open(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(descriptor: int) -> bool:
        os.lseek(descriptor, 0, os.SEEK_SET)
        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)

    def _still_there(descriptor: int, path: Path) -> bool:
        return path.exists()  # an open file cannot be removed on Windows

else:
    import fcntl

    def _try_lock(descriptor: int) -> bool:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)

    def _still_there(descriptor: int, path: Path) -> bool:
        """Whether the file locked is still the one at ``path`` (not removed, nor
        replaced, by a holder that let go of it)."""
        try:
            on_disk = path.stat()
        except FileNotFoundError:
            return False
        mine = os.fstat(descriptor)
        return (mine.st_dev, mine.st_ino) == (on_disk.st_dev, on_disk.st_ino)
