"""`solitaire` without a working window: it says why, and the game plays in the terminal."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from solitaire.frontends.cli import main, terminal
from solitaire.frontends.qt import app
from solitaire.frontends.qt.app import WindowUnavailable, debian_package, missing_libraries

HELP_START = "Moves: s (tap the stock)"


def _start(env_changes: dict[str, str | None]) -> subprocess.CompletedProcess[str]:
    """``solitaire`` with no command, as a player starts it, then ``quit``."""
    env = {key: value for key, value in os.environ.items() if key not in env_changes}
    env.update({key: value for key, value in env_changes.items() if value is not None})
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "solitaire"],
        input="quit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=90,
    )


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a display is always there")
def test_no_display_says_so_in_one_line_and_plays_in_the_terminal() -> None:
    result = _start({"DISPLAY": None, "WAYLAND_DISPLAY": None, "QT_QPA_PLATFORM": None})
    assert result.returncode == 0
    assert result.stderr == (
        "solitaire: no display here (neither DISPLAY nor WAYLAND_DISPLAY is set); playing in the terminal.\n"
    )
    assert HELP_START in result.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb platform")
def test_a_display_qt_cannot_use_is_explained_not_an_abort() -> None:
    # Nothing listens on display 31999: Qt aborts the process it tries in (or it cannot
    # load its xcb plugin at all, when a library is missing).
    result = _start({"DISPLAY": ":31999", "WAYLAND_DISPLAY": None, "QT_QPA_PLATFORM": None})
    assert result.returncode == 0, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("solitaire: the window cannot open: ")
    assert line.endswith("; playing in the terminal.")
    assert ("sudo apt install lib" in line) or ("could not connect to display :31999" in line)
    assert HELP_START in result.stdout


@pytest.mark.parametrize(
    ("soname", "package"),
    [
        ("libxcb-cursor.so.0", "libxcb-cursor0"),
        ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libxcb-icccm.so.4", "libxcb-icccm4"),
        ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
        ("libxcb-shape.so.0", "libxcb-shape0"),
        ("libxcb-render-util.so.0", "libxcb-render-util0"),
        ("libxcb-image.so.0", "libxcb-image0"),
        ("libEGL.so.1", "libegl1"),
        ("libX11-xcb.so.1", "libx11-xcb1"),
        ("libdbus-1.so.3", "libdbus-1-3"),
        ("libglib-2.0.so.0", "libglib2.0-0"),
    ],
)
def test_a_missing_library_is_named_by_its_debian_package(soname: str, package: str) -> None:
    assert debian_package(soname) == package


QT_SAYS = """qt.qpa.plugin: From 6.5.0, xcb-cursor0 or libxcb-cursor0 is needed to load the Qt xcb platform
plugin.
qt.qpa.plugin: Could not load the Qt platform plugin "xcb" in "" even though it was found.
This application failed to start because no Qt platform plugin could be initialized.
"""
LDD_SAYS = """\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-cursor.so.0 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f)
\tlibxcb-icccm.so.4 => not found
"""


def test_the_message_names_every_missing_library_and_its_package(monkeypatch: pytest.MonkeyPatch) -> None:
    assert missing_libraries(LDD_SAYS) == ["libxcb-icccm.so.4", "libxcb-cursor.so.0"]
    asked: list[str] = []

    def missing_for(platform: str) -> list[str]:
        asked.append(platform)
        return missing_libraries(LDD_SAYS)

    monkeypatch.setattr(app, "_missing_for", missing_for)
    problem = app._platform_failed(QT_SAYS)
    assert asked == ["xcb"]
    assert problem.message("en") == (
        "the window cannot open: Qt's xcb platform needs libxcb-icccm.so.4, libxcb-cursor.so.0, missing"
        " here (on Debian and Ubuntu: sudo apt install libxcb-icccm4 libxcb-cursor0)"
    )
    assert "sudo apt install libxcb-icccm4 libxcb-cursor0" in problem.message("ru")


def test_without_missing_libraries_qt_s_own_words_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "_missing_for", lambda platform: [])
    problem = app._platform_failed('qt.qpa.xcb: could not connect to display :5\nqt.qpa.plugin: ... "xcb"\n')
    assert (
        problem.message()
        == "the window cannot open: Qt cannot start here (qt.qpa.xcb: could not connect to display :5)"
    )


class _Played:
    """Stands in for the terminal game and the window: records which one started."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: list[str] = []
        monkeypatch.setattr(terminal, "play_in_terminal", self.terminal)
        monkeypatch.setattr(app, "run", self.window)

    def terminal(
        self, catalog: object, *, lang: str = "en", store: object = None, choice: object = None
    ) -> int:
        self.started.append(f"terminal {lang}")
        return 0

    def window(self, catalog: object, *, lang: str | None = None) -> int:
        self.started.append("window")
        return 0


def test_the_probe_decides_between_the_window_and_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played = _Played(monkeypatch)
    monkeypatch.setattr(app, "window_problem", lambda: None)
    assert main.run([]) == 0 and played.started == ["window"]
    assert capsys.readouterr().err == ""
    problem = WindowUnavailable({"en": "the window cannot open: why", "ru": "окно не открыть: почему"})
    monkeypatch.setattr(app, "window_problem", lambda: problem)
    assert main.run(["--lang", "ru"]) == 0 and played.started == ["window", "terminal ru"]
    assert capsys.readouterr().err == "solitaire: окно не открыть: почему; играем в терминале.\n"


def _without_qt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Qt not installed (``pip install solitaire-framework``, no extra): importing it fails."""
    for name in ("qtpy", "qtpy.QtWidgets", "solitaire.frontends.qt.window"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    # The probe would try Qt in a process of its own; here it has nothing to say.
    monkeypatch.setattr(
        app, "_probe", lambda: subprocess.Popen([sys.executable, "-c", ""], stdout=subprocess.PIPE, text=True)
    )


def test_without_qt_it_says_how_to_get_the_window_and_plays_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played = _Played(monkeypatch)
    _without_qt(monkeypatch)
    assert main.run([]) == 0 and played.started == ["terminal en"]
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("solitaire: the window needs Qt, which is not installed (")
    assert line.endswith("): pip install 'solitaire-framework[qt]'; playing in the terminal.")


def test_opening_the_window_without_qt_raises_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_qt(monkeypatch)
    with pytest.raises(WindowUnavailable, match=r"pip install 'solitaire-framework\[qt\]'"):
        app.run(None)  # type: ignore[arg-type]  # it fails before a catalog is needed
