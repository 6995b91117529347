"""A bug is said in one line that names the log holding its traceback; ``--debug`` prints it;
``--version``; the log rotates and never stops the program."""

from __future__ import annotations

import argparse
import logging
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from solitaire.core.registry import Catalog
from solitaire.frontends.cli import main as cli

CODE = "KL1-D1N-AAAAAAG"


def _main(*argv: str) -> int:
    with pytest.raises(SystemExit) as exit_:
        cli.main(list(argv))
    code = exit_.value.code
    assert isinstance(code, int)
    return code


def _broken_show(catalog: Catalog, args: argparse.Namespace) -> int:
    raise RuntimeError("the injected bug")


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(cli.COMMANDS, "show", _broken_show)


def _log(home: Path) -> Path:
    return home / "logs" / "solitaire.log"


@pytest.mark.usefixtures("broken")
def test_an_internal_error_names_the_log_that_holds_its_traceback(
    capsys: pytest.CaptureFixture[str], _private_home: Path
) -> None:
    assert _main("show", CODE) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("solitaire: internal error (RuntimeError: the injected bug)")
    assert f"the traceback is in {_log(_private_home)}" in err
    logged = _log(_private_home).read_text(encoding="utf-8")
    assert "ERROR solitaire: internal error" in logged
    assert "Traceback" in logged and "_broken_show" in logged and "RuntimeError: the injected bug" in logged
    assert logging.getLogger("solitaire").handlers == []  # main() leaves no handler behind


@pytest.mark.usefixtures("broken")
@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_prints_the_traceback(
    where: str, capsys: pytest.CaptureFixture[str], _private_home: Path
) -> None:
    argv = ["--debug", "show", CODE] if where == "before" else ["show", CODE, "--debug"]
    assert _main(*argv) == 1
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "_broken_show" in err
    assert (
        err.rstrip().splitlines()[-1].startswith("solitaire: internal error (RuntimeError: the injected bug)")
    )
    logged = _log(_private_home).read_text(encoding="utf-8")
    assert "DEBUG solitaire: solitaire " in logged  # the version and the command line, at debug level
    assert "_broken_show" in logged


@pytest.mark.qt_no_exception_capture  # pytest-qt would take the hook itself
def test_an_exception_in_a_window_slot_is_logged_and_the_game_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, _private_home: Path
) -> None:
    from qtpy.QtCore import QEventLoop, QTimer
    from qtpy.QtWidgets import QApplication

    def slot() -> None:
        raise ValueError("raised in a slot")

    def command(catalog: Catalog, args: argparse.Namespace) -> int:
        _ = QApplication.instance() or QApplication([])
        loop = QEventLoop()
        QTimer.singleShot(0, slot)
        QTimer.singleShot(0, loop.quit)
        loop.exec()
        return 0

    monkeypatch.setitem(cli.COMMANDS, "show", command)
    hook = sys.excepthook
    assert _main("show", CODE) == 0
    assert sys.excepthook is hook
    assert "ValueError: raised in a slot" in capsys.readouterr().err  # printed as before
    logged = _log(_private_home).read_text(encoding="utf-8")
    assert "ERROR solitaire: uncaught exception" in logged and "ValueError: raised in a slot" in logged


def test_without_debug_a_run_that_goes_well_writes_no_log(
    capsys: pytest.CaptureFixture[str], _private_home: Path
) -> None:
    assert _main("show", CODE) == 0
    assert not _log(_private_home).exists()


@pytest.mark.usefixtures("broken")
def test_a_log_that_cannot_be_written_does_not_stop_the_program(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "a-file"
    home.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("SOLITAIRE_HOME", str(home))
    assert _main("show", CODE) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Logging error" not in err
    assert "run it again with --debug to see the traceback" in err
    monkeypatch.setitem(cli.COMMANDS, "show", cli.cmd_show)
    assert _main("--debug", "show", CODE) == 0
    assert "Logging error" not in capsys.readouterr().err


@pytest.mark.usefixtures("broken")
def test_the_log_rotates(capsys: pytest.CaptureFixture[str], _private_home: Path) -> None:
    log = _log(_private_home)
    log.parent.mkdir(parents=True)
    log.write_text("x" * 300_000, encoding="utf-8")
    assert _main("show", CODE) == 1
    assert log.stat().st_size < 10_000
    assert log.with_name("solitaire.log.1").stat().st_size == 300_000


def test_log_file_follows_solitaire_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path))
    assert cli.log_file() == tmp_path / "logs" / "solitaire.log"
    monkeypatch.delenv("SOLITAIRE_HOME")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    if sys.platform.startswith("linux"):
        assert cli.log_file() == tmp_path / "state" / "solitaire" / "log" / "solitaire.log"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert _main("--version") == 0
    assert capsys.readouterr().out == f"solitaire {metadata.version('solitaire-framework')}\n"


def test_version_of_the_console_script() -> None:
    script = Path(sys.executable).with_name("solitaire")
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (0, "solitaire 0.1.0\n", "")


@pytest.mark.usefixtures("broken")
def test_an_internal_error_is_said_in_the_player_s_language(
    capsys: pytest.CaptureFixture[str], _private_home: Path
) -> None:
    assert _main("--lang", "ru", "show", CODE) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"solitaire: внутренняя ошибка (RuntimeError: the injected bug); трассировка в {_log(_private_home)};"
        " пожалуйста, сообщите о ней\n"
    )
    assert _main("show", CODE) == 1
    assert capsys.readouterr().err == (
        "solitaire: internal error (RuntimeError: the injected bug);"
        f" the traceback is in {_log(_private_home)}; please report it\n"
    )


#: A run of ``main`` in a process of its own, where nothing has loaded the logging module
#: (pytest has): the log is set up when there is something to write.
FRESH = """
import sys
from solitaire.frontends.cli import main as cli

def broken(catalog, args):
    assert ("logging" in sys.modules) == ("--debug" in sys.argv)
    if "--uncaught" in sys.argv:
        sys.excepthook(RuntimeError, RuntimeError("raised in a slot"), None)
        return 0
    raise RuntimeError("the injected bug")

cli.COMMANDS["show"] = broken
cli.main([word for word in sys.argv[1:] if word != "--uncaught"])
"""


@pytest.mark.parametrize("argv", [["show", CODE], ["--debug", "show", CODE], ["show", CODE, "--uncaught"]])
def test_a_process_that_had_not_loaded_logging_logs_as_ever(argv: list[str], _private_home: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", FRESH, *argv], capture_output=True, text=True, timeout=60, check=False
    )
    logged = _log(_private_home).read_text(encoding="utf-8")
    if "--uncaught" in argv:
        assert done.returncode == 0
        assert "ERROR solitaire: uncaught exception" in logged and "RuntimeError: raised in a slot" in logged
        return
    assert done.returncode == 1
    assert f"the traceback is in {_log(_private_home)}" in done.stderr
    assert "ERROR solitaire: internal error" in logged and "RuntimeError: the injected bug" in logged
    assert ("DEBUG solitaire: solitaire " in logged) == ("--debug" in argv)
    assert ("Traceback" in done.stderr) == ("--debug" in argv)
