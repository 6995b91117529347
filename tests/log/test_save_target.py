"""``play --save FILE`` writes only a new path or a regular file, with the usual mode.

Anything else (a symbolic link, even to a regular file, a folder, a FIFO, a device) is
refused with exit 2 and left as it was: replacing a device node as root would replace
the device.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from solitaire.core import log
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

Capture = pytest.CaptureFixture[str]
PLAY = ["play", "KL1-D1N-AAAAAAG", "s"]


def _save(capsys: Capture, path: Path) -> tuple[int, str, str]:
    status = run([*PLAY, "--save", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def _symlink_to_a_file(tmp_path: Path) -> Path:
    target = tmp_path / "target.json"
    target.write_text("precious", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    return link


def _dangling_symlink(tmp_path: Path) -> Path:
    link = tmp_path / "dangling.json"
    link.symlink_to(tmp_path / "nowhere.json")
    return link


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.json"
    os.mkfifo(path)
    return path


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "folder.json"
    path.mkdir()
    return path


def _device(tmp_path: Path) -> Path:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    path = tmp_path / "null.json"
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # as /dev/null
    return path


TARGETS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "symlink to a regular file": (_symlink_to_a_file, "a symbolic link"),
    "dangling symlink": (_dangling_symlink, "a symbolic link"),
    "fifo": (_fifo, "a FIFO"),
    "folder": (_folder, "a folder"),
    "device": (_device, "a device"),
}


def _snapshot(path: Path) -> tuple[int, int, str | None]:
    info = os.lstat(path)
    link = os.readlink(path) if stat.S_ISLNK(info.st_mode) else None
    return info.st_mode, info.st_ino, link


@pytest.mark.skipif(os.name != "posix", reason="symlinks, FIFOs and device nodes as POSIX has them")
@pytest.mark.parametrize("name", sorted(TARGETS))
def test_save_onto_what_is_not_a_regular_file_is_refused(name: str, tmp_path: Path, capsys: Capture) -> None:
    make, kind = TARGETS[name]
    path = make(tmp_path)
    before = _snapshot(path)
    status, out, err = _save(capsys, path)
    assert status == 2 and out == ""
    assert err == f"{path}: is {kind}, not a regular file: a log is written only to a new or regular file\n"
    assert _snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []
    if name == "symlink to a regular file":
        assert (tmp_path / "target.json").read_text(encoding="utf-8") == "precious"


def test_save_onto_a_regular_file_replaces_it(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    assert _save(capsys, path)[0] == 0
    assert log.load(path).entries[0].action == "s"


@pytest.fixture
def umask() -> Iterator[Callable[[int], int]]:
    old = os.umask(0o022)
    try:
        yield os.umask
    finally:
        os.umask(old)


@pytest.mark.skipif(os.name != "posix", reason="file modes as POSIX has them")
@pytest.mark.parametrize("mask", [0o022, 0o002, 0o077, 0o027])
def test_a_log_gets_the_usual_mode_of_a_new_file(
    mask: int, umask: Callable[[int], int], tmp_path: Path, capsys: Capture
) -> None:
    """A log is for sharing: 0666 less the umask, as any new file, not the store's 0600."""
    umask(mask)
    new = tmp_path / "new.json"
    assert _save(capsys, new)[0] == 0
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~mask
    old = tmp_path / "old.json"
    old.write_text("old", encoding="utf-8")
    os.chmod(old, 0o600)
    log.save(
        log.log_of(new_catalog(entry_points=False).game_from_code("KL1-D1N-AAAAAAG"), new_catalog()), old
    )
    assert stat.S_IMODE(old.stat().st_mode) == 0o666 & ~mask
