"""Output in an encoding without the suit symbols (a Windows file, an ASCII pipe) never fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.frontends.cli.main import run

CODE = "KL1-D1N-AAAAAAG"
COMMANDS = {
    "show": ["show", CODE],
    "show-reflechi-ru": ["show", "TF1-D1N-AAAAAAB", "--lang", "ru"],
    "new": ["new", "--deal", "6"],
    "play": ["play", CODE, "t7>f", "t1>f", "s"],
    "hint": ["hint", CODE],
    "hint-ru": ["hint", CODE, "--lang", "ru"],
    "solve": ["solve", CODE, "--timeout", "1"],
    "calibrate": ["calibrate", "klondike", "--deals", "3", "--nodes", "50"],
    "variants": ["variants"],
    "replay": ["replay", "{log}"],
}


def _cli(encoding: str, argv: list[str]) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "solitaire", *argv], capture_output=True, env=env, timeout=60
    )


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "game.json"
    assert run(["play", CODE, "t7>f", "t1>f", "s", "--save", str(path)]) == 0
    return path


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_writes_in_an_encoding_without_suit_symbols(
    command: str, as_json: bool, encoding: str, log: Path
) -> None:
    argv = [part.format(log=log) for part in COMMANDS[command]] + (["--json"] if as_json else [])
    result = _cli(encoding, argv)
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr and result.stderr == b""
    text = result.stdout.decode(encoding)  # all of it in that encoding
    if as_json:
        # The same JSON as a UTF-8 output gives, the characters it lacks escaped.
        shown, expected = json.loads(text), json.loads(_cli("utf-8", argv).stdout.decode())
        shown.pop("seconds", None), expected.pop("seconds", None)  # solve's time taken varies
        assert shown == expected
    else:
        assert not set("♠♥♦♣") & set(text)


def test_cards_fall_back_to_letters() -> None:
    shown = _cli("cp1252", ["show", CODE]).stdout.decode("cp1252")
    assert "t1  AD" in shown and "t4  ## ## ## TC" in shown and "f1 S --" in shown
    assert "Klondike · draw 1" in shown  # what cp1252 has is written as it is
    hint = _cli("ascii", ["hint", CODE]).stdout.decode("ascii")
    assert hint == "t7>f  Put AH on its foundation: that turns up a card in column 7.\n"
    variants = _cli("ascii", ["variants"]).stdout.decode("ascii")
    assert "Reflechi" in variants


def test_a_refusal_on_stderr_writes_its_cards_in_letters() -> None:
    result = _cli("ascii", ["play", CODE, "t2>t3"])
    assert result.returncode == 3
    assert b"JC cannot go on KD" in result.stderr
