"""The installed example package from the command line: listed, played, saved,
replayed and blocked, with the exit statuses of INTERFACE.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from solitaire.core import log
from solitaire.core.registry import BLOCK_VARIABLE
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

CODE = "YU1-D1N-AAAAAAG"
VERSION = metadata.version("solitaire-yukon")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def solitaire(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The command in a fresh process: entry points found as a player's start finds them."""
    return subprocess.run(
        [sys.executable, "-m", "solitaire", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
        timeout=60,
    )


def test_variants_lists_yukon_and_windows_from_their_package() -> None:
    result = solitaire("variants", "--json")
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    (yukon,) = [v for v in data["variants"] if v["id"] == "yukon"]
    assert yukon == {
        "id": "yukon",
        "name": "Yukon",
        "code_prefix": "YU",
        "draws": [1],
        "default_draw": 1,
        "has_stock": False,
        "package": "solitaire-yukon",
        "version": VERSION,
    }
    (windows,) = [s for s in data["scoring"] if s["id"] == "windows"]
    assert (windows["code_letter"], windows["package"]) == ("W", "solitaire-yukon")
    assert data["left_out"] == []
    text = solitaire("variants").stdout
    assert "yukon        Yukon" in text and "no stock" in text and f"solitaire-yukon {VERSION}" in text


def test_new_shows_a_yukon_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "new", "--variant", "yukon", "--deal", "6")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == CODE
    assert lines[2] == f"Yukon · Normal scoring   {CODE}"  # no draw mode or redeal policy to tell
    assert "Pass" not in out and "s [" not in out
    assert lines[-1] == "t7  ## ## ## ## ## ## 8C 5S TH 9S 6C"
    status, out, _ = cli(capsys, "new", "--variant", "yukon", "--deal", "6", "--json")
    state = json.loads(out)
    assert (state["code"], state["variant"], state["stock"], state["waste"]) == (CODE, "yukon", [], [])
    assert sum(len(column["down"]) for column in state["tableau"]) == 21


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["new", "--variant", "yukon", "--draw", "3"], "yukon draws 1, not 3"),
        (["new", "--variant", "yukon", "--redeal", "passes:3"], "yukon has no stock"),
        (["show", "YU1-D3N-AAAAAAG"], "yukon draws 1, not 3"),
        (["show", "YU1-D1NP3-AAAAAAG"], "yukon has no stock"),
        (["play", CODE, "t1>f", "t7:0>t5"], "action at index 1: 't7:0>t5' is not a move"),
        (["solve", CODE], "the solver does not know the rules of Yukon"),
        (["survey", "--variant", "yukon", "--draw", "1", "--deals", "2"], "the solver does not know"),
    ],
)
def test_what_yukon_cannot_take_is_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], problem: str
) -> None:
    status, out, err = cli(capsys, *argv)
    assert status == 2 and out == ""
    assert problem in err and len(err.splitlines()) == 1


def test_play_moves_a_group_and_reports_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "play", CODE, "t1>f", "t7:2>t5", "--json")
    assert status == 0 and err == ""
    state = json.loads(out)
    assert state["foundations"][2] == ["AD"]
    assert state["tableau"][4]["up"][-3:] == ["TD", "9S", "6C"]
    dealt = json.loads(cli(capsys, "show", CODE, "--json")[1])
    assert state["tableau"][6] == {"down": dealt["tableau"][6]["down"], "up": ["8C", "5S", "TH"]}

    status, out, err = cli(capsys, "play", CODE, "t1>f", "s")
    assert status == 3 and out == ""
    assert (
        err == "action at index 1 (s) refused by rule move.no-such-pile: There is no pile s in this game.\n"
    )
    status, out, err = cli(capsys, "play", CODE, "t7:2>t1", "--json")
    assert status == 3
    illegal = json.loads(out)["illegal"]
    assert (illegal["index"], illegal["rule"]) == (0, "tableau.one-rank-lower")
    status, _, err = cli(capsys, "--lang", "ru", "play", CODE, "t1>f", "t7:2>t1")
    assert status == 3 and "tableau.empty-needs-king" in err and "король" in err


def test_a_saved_game_names_the_plugin_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "yukon.json"
    code = "YU1-D1W-AAAAAAG"
    status, played, _ = cli(
        capsys, "play", code, "t1>f", "t7:2>t5", "undo", "redo", "--save", str(path), "--json"
    )
    assert status == 0
    saved = log.load(path)
    for ref in (saved.header.variant, saved.header.scoring):
        assert (ref.package, ref.version) == ("solitaire-yukon", VERSION)
    assert [entry.action for entry in saved.entries] == ["t1>f", "t7:2>t5", "undo", "redo"]
    status, replayed, err = cli(capsys, "replay", str(path), "--json")
    assert status == 0 and err == ""
    assert json.loads(replayed) == json.loads(played)

    # Without the plugin, the log says which package to install.
    result = solitaire("replay", str(path), **{BLOCK_VARIABLE: "yukon"})
    assert result.returncode == 2
    assert result.stderr.strip().endswith(
        f"variant 'yukon' is not installed: pip install 'solitaire-yukon=={VERSION}'"
    )


def test_a_tampered_yukon_log_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "yukon.json"
    assert cli(capsys, "play", CODE, "t1>f", "t7:2>t5", "--save", str(path))[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][1]["action"] = "t7:3>t5"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = cli(capsys, "replay", str(path))
    assert status == 2 and out == "" and "actions[1]" in err


def test_blocking_the_plugin_leaves_the_builtins(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(BLOCK_VARIABLE, "yukon")
    assert "yukon" not in new_catalog().variants
    status, out, _ = cli(capsys, "variants", "--json")
    data = json.loads(out)
    assert status == 0
    assert {v["id"] for v in data["variants"]} == {"klondike", "reflechi"}
    assert "windows" not in {s["id"] for s in data["scoring"]}
    assert data["left_out"] == [{"plugin": "yukon", "reason": f"blocked (by {BLOCK_VARIABLE} or the caller)"}]
    status, out, err = cli(capsys, "show", CODE)
    assert status == 2 and "no installed variant has prefix 'YU'" in err
    assert cli(capsys, "show", "KL1-D1N-AAAAAAG")[0] == 0


def test_hint_answers_with_a_yukon_move(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "hint", CODE, "t1>f", "--json")
    assert status == 0 and err == ""
    hint = json.loads(out)
    assert hint["move"] is not None
    assert cli(capsys, "play", CODE, "t1>f", hint["move"])[0] == 0
