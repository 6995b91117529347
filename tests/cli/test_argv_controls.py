"""Arguments that hold control characters: every message escapes them, in one line.

argparse quotes the words it cannot use as they were typed; an ESC, a BEL or a
newline in a word would retitle or clear the terminal, or break the one-line
message in two. And actions may follow options (``play CODE --json s``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.core import survey
from solitaire.frontends.cli import main
from solitaire.frontends.cli.main import run

CODE = "KL1-D1N-AAAAAAG"
# C0 controls (but NUL, which no command line can hold), DEL, C1 controls (CSI, NEL),
# the Unicode line separators, and a byte that is not UTF-8 as Python hands it over
# from argv (a lone surrogate).
CONTROLS = [chr(c) for c in range(1, 0x20)] + ["\x7f", "\x85", "\x9b", "\u2028", "\u2029", "\udc9b"]
controls = st.text(alphabet=st.sampled_from(CONTROLS), min_size=1, max_size=3)


def _templates(folder: Path) -> dict[str, tuple[list[str], set[int]]]:
    """A valid command line for each command, and the indexes of the words left as they
    are (the PNG's path: with control characters in it the window would render)."""
    saved = folder / "game.json"
    assert run(["play", CODE, "s", "--save", str(saved)]) == 0
    survey_argv = ["survey", "--variant", "klondike", "--draw", "3", "--deals", "2", "--max-nodes", "50"]
    return {
        "show": (["show", CODE, "--json"], set()),
        "new": (["new", "--variant", "klondike", "--draw", "1", "--deal", "5", "--json"], set()),
        "play": (["play", CODE, "s", "--json", "--save", str(folder / "out.json")], set()),
        "replay": (["replay", str(saved), "--json"], set()),
        "hint": (["--lang", "ru", "hint", CODE, "s"], set()),
        "solve": (["solve", CODE, "s", "--timeout", "0.01", "--json"], set()),
        "survey": ([*survey_argv, "--scheduler", "tcp://127.0.0.1:9"], set()),
        "screenshot": (["screenshot", CODE, "--out", str(folder / "x.png"), "--size", "300x200"], {3}),
        "variants": (["variants", "--json"], set()),
        "install-desktop": (["install-desktop", "--lang", "en"], set()),
    }


def _unreachable(address: str, timeout: float | None = None) -> object:
    # The scheduler's address as typed, in the message: the command line must escape it.
    raise survey.ClusterError(f"cannot reach the Dask scheduler at {address}")


def _one_clean_line(err: str) -> None:
    if err:
        assert err.endswith("\n") and "\n" not in err[:-1], err
        assert err[:-1].isprintable(), err  # no byte below 0x20, no DEL, no C1 control


@pytest.mark.parametrize(
    "command",
    ["show", "new", "play", "replay", "hint", "solve", "survey", "screenshot", "variants", "install-desktop"],
)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_control_characters_anywhere_give_one_clean_line(
    command: str,
    data: st.DataObject,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path_factory.mktemp("argv")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder / "data"))
    monkeypatch.setattr(survey, "dask_client", _unreachable)

    def no_game(args: object) -> int:
        raise AssertionError("the interactive game started")

    monkeypatch.setattr(main, "_play", no_game)
    argv, kept = _templates(folder)[command]
    capsys.readouterr()
    place = data.draw(st.integers(0, len(argv)), label="place")
    bad = data.draw(controls, label="controls")
    if place < len(argv) and place not in kept and data.draw(st.booleans(), label="inside a word"):
        word = argv[place]
        at = data.draw(st.integers(0, len(word)), label="at")
        argv[place] = word[:at] + bad + word[at:]
    else:
        argv.insert(place, data.draw(st.text(max_size=3), label="before") + bad)
    status = run(argv)
    out, err = capsys.readouterr()
    assert status in (0, 2, 3), (argv, err)
    if status == 2:
        assert out == "" and err
    _one_clean_line(err)
    assert "\x1b" not in out and "\x07" not in out


def test_the_terminal_is_not_retitled_or_cleared() -> None:
    """The example of the report, as the shell hands it over: stderr's bytes."""
    hostile = "\x1b]0;owned\x07\x1b[2J"
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", "play", CODE, "--json", hostile, "--lang", "en"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.endswith(b"\n") and all(byte >= 0x20 for byte in result.stderr[:-1])
    assert b"\\x1b]0;owned\\x07\\x1b[2J" in result.stderr


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "KL1-D1N-AAAAAAG", "--json", "x\ny"], "'x\\ny' is not a move"),
        (["play", "KL1-D1N-AAAAAAG", "--bogus\n"], "unrecognized arguments: --bogus\\n"),
        (["play", "KL1-D1N-AAAAAAG", "undo\n"], "action at index 0 (undo\\n) refused"),
        (["sh\x1bow", CODE], "invalid choice: 'sh\\x1bow'"),
        (["show", CODE, "x\r"], "unrecognized arguments: x\\r"),
    ],
)
def test_a_newline_in_an_argument_stays_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(argv) in (2, 3)
    out, err = capsys.readouterr()
    assert "\x1b" not in out
    _one_clean_line(err)
    assert said in err


def _json_state(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert run(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    "argv",
    [
        ["play", CODE, "--json", "s"],
        ["play", "--json", CODE, "s"],
        ["play", CODE, "s", "--json"],
        ["play", CODE, "--lang", "ru", "s", "--json"],
        ["play", CODE, "--json", "--", "s"],
    ],
)
def test_options_may_come_before_the_actions(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert _json_state(argv, capsys) == _json_state(["play", CODE, "s", "--json"], capsys)


def test_actions_on_both_sides_of_the_options_keep_their_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = ["s", "s", "s", "undo", "s"]
    mixed = ["play", CODE, "s", "s", "--json", "s", "undo", "--save", str(tmp_path / "g.json"), "s"]
    assert _json_state(mixed, capsys) == _json_state(["play", CODE, *moves, "--json"], capsys)
    assert _json_state(["hint", CODE, "--json", "s", "s"], capsys) == _json_state(
        ["hint", CODE, "s", "s", "--json"], capsys
    )
    # A refusal names the action by its index among all of them.
    assert run(["play", CODE, "s", "--json", "undo", "undo", "undo"]) == 3
    _, err = capsys.readouterr()
    assert err.startswith("action at index 2 (undo) refused")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["show", CODE, "--json", "s"], "unrecognized arguments: s"),  # show takes no action
        (["play", CODE, "--json", "--bogus", "s"], "unrecognized arguments: --bogus"),
    ],
)
def test_words_no_command_takes_are_still_refused(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and said in err and err.count("\n") == 1
