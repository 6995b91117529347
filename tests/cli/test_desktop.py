"""``solitaire install-desktop``: the desktop entry, the icon and the AppStream metainfo, valid
and written for the user where desktops look for them."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire.frontends import desktop
from solitaire.frontends.cli.main import run

ID = desktop.APP_ID
PLACES = (
    f"applications/{ID}.desktop",
    f"icons/hicolor/scalable/apps/{ID}.svg",
    f"metainfo/{ID}.metainfo.xml",
)


@pytest.fixture
def data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    home = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def _entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="freedesktop.org desktops")
def test_install_desktop_writes_the_three_files(capsys: pytest.CaptureFixture[str], data_home: Path) -> None:
    assert run(["install-desktop"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [str(data_home / place) for place in PLACES]
    assert err == ""
    for place in PLACES[1:]:
        assert (data_home / place).read_bytes() == desktop.read_data(Path(place).name)
    entry = _entry(data_home / PLACES[0])
    # The menu starts this installation's script, wherever it is, even off the session's PATH.
    assert entry["Exec"] == str(Path(sys.executable).with_name("solitaire"))
    assert entry["Icon"] == ID
    assert (entry["Name"], entry["Name[ru]"]) == ("Solitaire", "Пасьянс")
    # Installing again replaces the files in place, with no temporary file left behind.
    assert run(["install-desktop"]) == 0
    capsys.readouterr()
    assert sorted(p.relative_to(data_home).as_posix() for p in data_home.rglob("*") if p.is_file()) == sorted(
        PLACES
    )


def test_install_desktop_that_cannot_write_exits_2(
    capsys: pytest.CaptureFixture[str], data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    data_home.write_text("a file where the folder should be", encoding="utf-8")
    assert run(["install-desktop"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("install-desktop: ") and "cannot be written" in err and err.count("\n") == 1


def test_a_relative_xdg_data_home_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")
    assert desktop.data_home() == Path.home() / ".local" / "share"


def test_install_desktop_on_windows_says_what_to_use(
    capsys: pytest.CaptureFixture[str], data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert run(["install-desktop"]) == 2
    assert "solitaire-gui" in capsys.readouterr().err
    assert not data_home.exists()


def _exec_argument(value: str) -> str:
    """The one argument of an Exec value, unescaped as the Desktop Entry spec says."""
    string = []  # the string-type escapes first
    characters = iter(value)
    for c in characters:
        string.append(
            {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[next(characters)] if c == "\\" else c
        )
    text = "".join(string)
    if not text.startswith('"'):
        assert not any(c in text for c in " \t\n\"'\\><~|&;$*?#()`")
        return text.replace("%%", "%")
    assert text.endswith('"') and len(text) >= 2
    argument = []
    inner = iter(text[1:-1])
    for c in inner:
        if c == "\\":
            c = next(inner)
            assert c in '"`$\\'
        else:
            assert c not in '"`$'
        argument.append(c)
    return "".join(argument).replace("%%", "%")


@given(st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1))
def test_any_command_path_survives_the_exec_key(command: str) -> None:
    line = next(
        line for line in desktop.desktop_entry(command).decode().splitlines() if line.startswith("Exec=")
    )
    assert _exec_argument(line.removeprefix("Exec=")) == command


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="needs desktop-file-utils")
def test_the_desktop_entry_is_valid(tmp_path: Path) -> None:
    path = tmp_path / f"{ID}.desktop"
    path.write_bytes(desktop.desktop_entry("/home/someone/my apps/bin/solitaire"))
    result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert (result.returncode, result.stdout) == (0, "")


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstream")
def test_the_metainfo_is_valid(tmp_path: Path) -> None:
    path = tmp_path / f"{ID}.metainfo.xml"
    path.write_bytes(desktop.read_data(path.name))
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--explain", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    assert result.returncode == 0, result.stdout
    assert "W:" not in result.stdout and "E:" not in result.stdout


def test_the_metainfo_names_the_entry_and_the_version() -> None:
    text = desktop.read_data(f"{ID}.metainfo.xml").decode()
    assert f"<id>{ID}</id>" in text
    assert f'<launchable type="desktop-id">{ID}.desktop</launchable>' in text
    from importlib import metadata

    assert f'<release version="{metadata.version("solitaire-framework")}"' in text


def test_solitaire_gui_opens_the_window_with_no_console(monkeypatch: pytest.MonkeyPatch) -> None:
    # pythonw (Windows' gui-scripts) runs with no stdout and no stderr.
    from solitaire.frontends.cli import main as cli

    seen: list[tuple[str | None, bool]] = []

    def play(args: argparse.Namespace) -> int:
        seen.append((args.command, args.terminal))
        print("nobody reads this", file=sys.stderr)
        return 0

    monkeypatch.setattr(cli, "_play", play)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    with pytest.raises(SystemExit) as exit_:
        cli.gui_main()
    sys.stdout.close()
    sys.stderr.close()
    assert exit_.value.code == 0
    assert seen == [(None, False)]  # no command, not the terminal: the window
