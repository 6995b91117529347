"""Atomic writes: a failed or killed save leaves the previous file readable.

* ``write_atomic`` (core/files.py) made to fail at each step: the old content
  stays, no temporary file is left behind;
* a real process (``saver.py``) saving after every action, killed with SIGKILL at
  random moments and started again: after every kill each store file that exists
  reads and replays without a notice, and temporary files are never taken for data.
"""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from solitaire.core import files
from solitaire.core.files import write_atomic
from solitaire.core.registry import Catalog
from solitaire.core.store import Settings, Statistics, Store
from solitaire.plugins.builtins import new_catalog

CURRENT = "current-game.json"
SETTINGS = "settings.json"
STATISTICS = "statistics.json"
#: The files of the store, and the lock held while statistics and settings change.
DATA = frozenset({CURRENT, SETTINGS, STATISTICS, "store.lock"})
SAVER = Path(__file__).with_name("saver.py")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


class _Os:
    """``os`` as core/files.py sees it, with some functions replaced (the real
    module, and so pytest and tempfile, are left alone)."""

    def __init__(self, **replaced: Any) -> None:
        self.__dict__.update(replaced)

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)


def _fail(*args: Any, **kwargs: Any) -> None:
    raise OSError(errno.EIO, "Input/output error")


class _HalfWriter:
    """A stream that writes half of what it is given, then fails (a full disk)."""

    def __init__(self, stream: Any, error: BaseException) -> None:
        self.stream, self.error = stream, error

    def __enter__(self) -> _HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.close()

    def write(self, data: bytes) -> int:
        self.stream.write(data[: len(data) // 2])
        self.stream.flush()
        raise self.error

    def flush(self) -> None:
        self.stream.flush()

    def fileno(self) -> int:
        return int(self.stream.fileno())


def _half_fdopen(error: BaseException) -> Any:
    def fdopen(descriptor: int, *args: Any, **kwargs: Any) -> _HalfWriter:
        return _HalfWriter(os.fdopen(descriptor, *args, **kwargs), error)

    return fdopen


FAILURES = {
    "replace fails": lambda: _Os(replace=_fail),
    "fsync fails": lambda: _Os(fsync=_fail),
    "disk full midway": lambda: _Os(fdopen=_half_fdopen(OSError(errno.ENOSPC, "No space left on device"))),
    "interrupted midway": lambda: _Os(fdopen=_half_fdopen(KeyboardInterrupt())),
}


def test_write_atomic_writes_replaces_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.json"
    write_atomic(target, b"first")
    assert target.read_bytes() == b"first"
    write_atomic(target, b"second, longer")
    write_atomic(target, b"3")
    assert target.read_bytes() == b"3"
    assert [path.name for path in target.parent.iterdir()] == ["file.json"]


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failed_write_leaves_the_old_content_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    target = tmp_path / "settings.json"
    target.write_bytes(b'{"old": true}')
    monkeypatch.setattr(files, "os", FAILURES[failure]())
    with pytest.raises((OSError, KeyboardInterrupt)):
        write_atomic(target, b'{"new": true, "padding": "' + b"x" * 10_000 + b'"}')
    monkeypatch.undo()
    assert target.read_bytes() == b'{"old": true}'
    assert [path.name for path in tmp_path.iterdir()] == ["settings.json"]


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failed_first_write_leaves_no_file_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    monkeypatch.setattr(files, "os", FAILURES[failure]())
    with pytest.raises((OSError, KeyboardInterrupt)):
        write_atomic(tmp_path / "new.json", b"{}")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failed_save_leaves_the_previous_save_readable(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    store = Store(tmp_path)
    game = catalog.new_game(catalog.options(deal=99))
    game.play("s")
    store.save_game(game, catalog, game_id="g")
    store.save_settings(Settings(language="ru"))
    store.record_result(game, game_id="g", seconds=1.0)
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert set(before) == DATA

    game.play(game.legal_moves()[0])
    monkeypatch.setattr(files, "os", FAILURES[failure]())
    if failure == "interrupted midway":  # the player's Ctrl-C goes through
        with pytest.raises(KeyboardInterrupt):
            store.save_game(game, catalog, game_id="g")
    else:  # a disk error is reported once, and what was saved is kept in memory
        store.save_game(game, catalog, game_id="g")
        store.save_settings(Settings(language="en"))
        store.record_result(game, game_id="h", seconds=2.0)
        assert store.unsaved
        assert len(store.notices) == 1 and "cannot save" in store.notices[0]
    monkeypatch.undo()

    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
    again = Store(tmp_path)
    loaded = again.load_game(catalog)
    assert loaded is not None and loaded[0].actions == ["s"]
    assert again.settings() == Settings(language="ru")
    assert again.statistics().counted == ("g",)
    assert again.notices == []


# -- killed while saving -------------------------------------------------------------------------


def _check(folder: Path, catalog: Catalog) -> Statistics:
    """Every store file that exists is readable and valid; temporary files are not data."""
    names = {path.name for path in folder.iterdir()}
    temporaries = {name for name in names if name.endswith(".tmp")}
    assert names - temporaries <= DATA, names  # nothing moved aside, nothing unexpected
    for name in temporaries:  # hidden, and named so that they are never read as data
        assert name.startswith(".") and name not in DATA
    assert CURRENT in names  # the saver wrote it before saying "ready"
    store = Store(folder)
    loaded = store.load_game(catalog)
    settings = store.settings()
    statistics = store.statistics()
    assert store.notices == []
    assert loaded is not None
    assert isinstance(settings, Settings)
    assert {path.name for path in folder.iterdir()} == names  # reading moved nothing
    return statistics


def _start(folder: Path, seed: int) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, str(SAVER), str(folder), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline() if process.stdout else ""
    if line != "ready\n":
        process.kill()
        _, errors = process.communicate(timeout=30)
        pytest.fail(f"the saver did not start in {folder.name}: {line!r} {errors}")
    return process


def _kill(process: subprocess.Popen[str]) -> int:
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    return process.returncode


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_killed_at_random_moments_the_store_stays_readable(catalog: Catalog, tmp_path: Path) -> None:
    """Three savers in three folders at once (more kills in the same time), each
    killed after a random short time and started again, five times."""
    rng = random.Random(20260)
    folders = [tmp_path / f"store-{number}" for number in range(3)]
    played = dict.fromkeys(folders, 0)
    for round_number in range(5):
        processes = {}
        try:
            for folder in folders:
                processes[folder] = _start(folder, rng.randrange(2**32))
            for folder, process in processes.items():
                time.sleep(rng.uniform(0.0, 0.2))
                # still saving when it was killed (it did not stop on its own, on an error)
                assert _kill(process) == -signal.SIGKILL, (folder.name, round_number, process.returncode)
        finally:
            for process in processes.values():
                if process.poll() is None:
                    process.kill()
                    process.communicate()
        for folder in folders:
            statistics = _check(folder, catalog)
            now = sum(record.played for record in statistics.records.values())
            assert now >= played[folder]  # a kill never takes back results that were saved
            played[folder] = now
    assert all(played.values())  # the statistics files were written (and survived) along the way
