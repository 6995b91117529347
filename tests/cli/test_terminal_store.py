"""The terminal game and its store: a file that could not be read is told at the
start, with where it was kept; a disk that cannot be written (full, read-only) is
told once, the game goes on in memory, and it is saved when the disk is back; a
saved game whose plugin is gone waits for it.

The game runs in this process (``play_in_terminal``) with typed lines on standard
input; the disk fails by ``os.replace`` refusing, for the store's folder only, as
a full or read-only disk would (chmod would not stop root).
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from failing_store import Disk, SiblingPlugin
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.core.store import WAITING, Store
from solitaire.frontends.cli.terminal import play_in_terminal
from solitaire.plugins.builtins import new_catalog

CODE = "KL1-D1N-AAAAAAG"


class Typed:
    """Lines typed at the game (what ``input`` reads from a standard input that is
    no terminal); ``before[n]`` runs before line ``n`` (from 0) is read."""

    def __init__(self, lines: list[str], before: dict[int, Callable[[], None]] | None = None) -> None:
        self.lines = [f"{line}\n" for line in lines]
        self.before = before or {}
        self.count = 0

    def readline(self) -> str:
        action = self.before.get(self.count)
        if action is not None:
            action()
        self.count += 1
        return self.lines[self.count - 1] if self.count <= len(self.lines) else ""

    def isatty(self) -> bool:
        return False

    def mend(self) -> None:
        self.full = False


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    store: Store,
    lines: list[str],
    before: dict[int, Callable[[], None]] | None = None,
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", Typed(lines, before))
    status = play_in_terminal(new_catalog(entry_points=False), store=store)
    return status, capsys.readouterr().out


def game_in_progress(folder: Path) -> None:
    catalog = new_catalog(entry_points=False)
    game = catalog.game_from_code(CODE)
    game.play("s")
    Store(folder).save_game(game, catalog, game_id="g")


@pytest.mark.parametrize("name", ["statistics.json", "settings.json"])
def test_a_file_that_could_not_be_read_is_told_at_the_start_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    game_in_progress(tmp_path)  # resumed: the settings are not needed for a new deal
    (tmp_path / name).write_bytes(b'{"records": {"klondike/1/normal": ')
    status, shown = play(monkeypatch, capsys, Store(tmp_path), ["stats", "stats", "s", "quit"])
    assert status == 0
    (kept,) = tmp_path.glob(f"{name}.corrupt-*")
    assert shown.count(f"{name} could not be read") == 1
    assert shown.count(str(kept)) == 1
    assert shown.index(str(kept)) < shown.index("Moves:")  # at the start, before the table


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_a_disk_that_cannot_be_written_is_told_once_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], code: int
) -> None:
    game_in_progress(tmp_path)
    last_good = (tmp_path / "current-game.json").read_bytes()
    Disk(monkeypatch, tmp_path, code)
    status, shown = play(monkeypatch, capsys, Store(tmp_path), ["s", "s", "new", "s", "stats", "quit"])
    assert status == 0
    assert shown.count(os.strerror(code)) == 1
    assert shown.count("cannot save") == 1
    assert "internal error" not in shown and "Traceback" not in shown
    assert "klondike/1/normal    played 1" in shown  # the game left is counted, in memory
    assert (tmp_path / "current-game.json").read_bytes() == last_good
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left


def test_the_game_is_saved_once_the_disk_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game_in_progress(tmp_path)
    disk = Disk(monkeypatch, tmp_path, errno.ENOSPC)
    status, shown = play(monkeypatch, capsys, Store(tmp_path), ["s", "s", "s", "quit"], before={2: disk.mend})
    assert status == 0
    assert shown.count("cannot save") == 1 and shown.count("Saving works again") == 1
    again = Store(tmp_path)
    loaded = again.load_game(new_catalog(entry_points=False))
    assert loaded is not None and loaded[0].actions == ["s"] * 4 and loaded[1].id == "g"
    assert again.notices == []


def test_a_game_whose_plugin_is_gone_waits_for_it_and_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_plugin = new_catalog(entry_points=False, plugins=[SiblingPlugin()])
    game = with_plugin.new_game(with_plugin.options("sibling", deal=8))
    game.play("s")
    Store(tmp_path).save_game(game, with_plugin, game_id="sib")

    status, shown = play(monkeypatch, capsys, Store(tmp_path), ["s", "quit"])  # the plugin uninstalled
    assert status == 0
    (kept,) = (tmp_path / WAITING).glob("*.json")
    assert shown.count(str(kept)) == 1 and "'sibling', which is not installed" in shown
    assert "Resuming" not in shown

    monkeypatch.setattr(sys, "stdin", Typed(["quit"]))
    assert play_in_terminal(with_plugin, store=Store(tmp_path)) == 0  # installed again
    shown = capsys.readouterr().out
    # The game left after one move is in progress: the waiting game waits, and says so.
    assert "Resuming KL1" in shown and "can be played again" in shown
    assert play(monkeypatch, capsys, Store(tmp_path), ["new", "quit"])[0] == 0  # that game is given up
    monkeypatch.setattr(sys, "stdin", Typed(["quit"]))
    assert play_in_terminal(with_plugin, store=Store(tmp_path)) == 0
    assert f"Resuming {game.code}" in capsys.readouterr().out
    assert not list((tmp_path / WAITING).glob("*.json"))


def _an_object(raw: bytes) -> bool:
    try:
        return isinstance(json.loads(raw), dict)
    except ValueError:
        return False


GOOD_STATISTICS = b'{"records": {}, "counted": ["a"]}'
#: Files that are not what the store wrote: bytes, a good file cut short, JSON of another shape.
SPOILT = st.one_of(
    st.binary(max_size=200).filter(lambda raw: not _an_object(raw)),
    st.integers(0, len(GOOD_STATISTICS) - 1).map(lambda cut: GOOD_STATISTICS[:cut]),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8), st.lists, max_leaves=6).map(
        lambda data: json.dumps(data).encode()
    ),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(["statistics.json", "settings.json"]), raw=SPOILT)
def test_every_spoilt_file_is_told_once_at_the_start(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    raw: bytes,
) -> None:
    folder = tmp_path_factory.mktemp("spoilt")
    game_in_progress(folder)
    (folder / name).write_bytes(raw)
    status, shown = play(monkeypatch, capsys, Store(folder), ["stats", "quit"])
    assert status == 0
    (kept,) = folder.glob(f"{name}.corrupt-*")
    assert kept.read_bytes() == raw
    assert shown.count("could not be read") == 1 and shown.count(str(kept)) == 1
