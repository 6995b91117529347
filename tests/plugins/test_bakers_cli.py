"""The installed example package from the command line: listed, played, saved,
replayed and blocked, with the exit statuses of INTERFACE.md."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from solitaire.core import log
from solitaire.core.registry import BLOCK_VARIABLE
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

CODE = "BG1-D1X-AAAAAAG"
VERSION = metadata.version("solitaire-bakers")
BUILTINS = {"klondike", "reflechi", "yukon", "freecell", "spider", "golf", "pyramid", "tripeaks"}
BUILTINS |= {"bakers-dozen", "beleaguered-castle", "eight-off", "simple-simon"}
BUILTINS |= {"grandfather", "canfield", "clock", "aces-up"}
BUILTINS |= {"gypsy", "forty-thieves", "scorpion", "mod3"}


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


def test_variants_lists_bakers_game_and_windows_from_their_package() -> None:
    result = solitaire("variants", "--json")
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    (bakers,) = [v for v in data["variants"] if v["id"] == "bakers"]
    assert bakers == {
        "id": "bakers",
        "name": "Baker's Game",
        "code_prefix": "BG",
        "draws": [1],
        "default_draw": 1,
        "has_stock": False,
        "package": "solitaire-bakers",
        "version": VERSION,
        "family": "freecell",
        "family_name": "FreeCell",
        "draw_label": "Draw",
        "scoring": ["none"],
        "default_scoring": "none",
        "redeal": False,
    }
    (windows,) = [s for s in data["scoring"] if s["id"] == "windows"]
    assert (windows["code_letter"], windows["package"]) == ("W", "solitaire-bakers")
    assert data["left_out"] == []
    (freecells,) = [family for family in data["families"] if family["id"] == "freecell"]
    assert freecells == {
        "id": "freecell",
        "name": "FreeCell",
        "variants": ["bakers", "eight-off", "freecell"],
    }
    text = solitaire("variants").stdout
    assert re.search(r"^  bakers +Baker's Game +code BG", text, re.MULTILINE)
    assert f"solitaire-bakers {VERSION}" in text
    lines = text.splitlines()
    family = lines.index(" FreeCell family:")  # Baker's Game is listed with FreeCell, its family
    members = [line.split()[0] for line in lines[family + 1 : family + 7 : 2]]
    assert members == ["bakers", "eight-off", "freecell"]


def test_show_gives_a_deal_of_bakers_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "show", CODE)
    assert status == 0 and err == ""
    assert out.splitlines()[0] == f"Baker's Game · No score   {CODE}"
    assert "Pass" not in out and "s [" not in out
    assert "t8  JC 6S KC QC KS AC" in out.splitlines()
    status, out, _ = cli(capsys, "show", CODE, "--json")
    state = json.loads(out)
    assert (state["code"], state["variant"], state["scoring"]) == (CODE, "bakers", "none")
    assert [len(column["up"]) for column in state["tableau"]] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert [pile["id"] for pile in state["piles"] if pile["kind"] == "cell"] == ["c1", "c2", "c3", "c4"]


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["show", "BG1-D3X-AAAAAAG"], "draw mode must be D1, not 'D3'"),
        (["show", "BG1-D1W-AAAAAAG"], "scoring 'windows' does not fit bakers (it fits: none)"),
        (["play", CODE, "t8>f", "t7:0>t2"], "action at index 1: 't7:0>t2' is not a move"),
    ],
)
def test_what_bakers_game_cannot_take_is_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], problem: str
) -> None:
    status, out, err = cli(capsys, *argv)
    assert status == 2 and out == ""
    assert problem in err and len(err.splitlines()) == 1


def test_the_plugins_game_gets_the_generic_solver(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "solve", CODE, "--json", "--timeout", "20")
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["verdict"] == "winnable"  # and the line plays to a win through the command line
    status, out, _ = cli(capsys, "play", CODE, *result["solution"], "--json")
    assert status == 0 and json.loads(out)["won"] is True


def test_play_moves_cards_and_reports_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "play", CODE, "t8>f", "t7>t2", "t1>c2", "--json")
    assert status == 0 and err == ""
    state = json.loads(out)
    assert state["foundations"][3] == ["AC"]
    assert state["tableau"][1]["up"][-2:] == ["JD", "TD"]
    cells = {pile["id"]: pile["up"] for pile in state["piles"] if pile["kind"] == "cell"}
    assert cells == {"c1": [], "c2": ["TH"], "c3": [], "c4": []}

    status, out, err = cli(capsys, "play", CODE, "t8>f", "s")
    assert status == 3 and out == ""
    assert (
        err == "action at index 1 (s) refused by rule move.no-such-pile: There is no pile s in this game.\n"
    )
    status, out, err = cli(capsys, "play", CODE, "t3>t7", "--json")
    assert status == 3
    illegal = json.loads(out)["illegal"]
    assert (illegal["index"], illegal["rule"]) == (0, "build.same-suit")
    status, _, err = cli(capsys, "--lang", "ru", "play", CODE, "t3>t7")
    assert status == 3 and "build.same-suit" in err and "той же масти" in err


def test_a_saved_game_names_the_plugin_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bakers.json"
    status, played, _ = cli(
        capsys, "play", CODE, "t8>f", "t7>t2", "undo", "redo", "--save", str(path), "--json"
    )
    assert status == 0
    saved = log.load(path)
    assert (saved.header.variant.package, saved.header.variant.version) == ("solitaire-bakers", VERSION)
    assert saved.header.scoring.package != "solitaire-bakers"  # No score is the framework's
    assert [entry.action for entry in saved.entries] == ["t8>f", "t7>t2", "undo", "redo"]
    status, replayed, err = cli(capsys, "replay", str(path), "--json")
    assert status == 0 and err == ""
    assert json.loads(replayed) == json.loads(played)

    # Without the plugin, the log says which package to install.
    result = solitaire("replay", str(path), **{BLOCK_VARIABLE: "bakers"})
    assert result.returncode == 2
    assert result.stderr.strip().endswith(
        f"variant 'bakers' is not installed: pip install 'solitaire-bakers=={VERSION}'"
    )


def test_a_game_scored_by_the_package_names_it_for_its_scoring(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "windows.json"
    assert cli(capsys, "play", "KL1-D1W-AAAAAAG", "s", "--save", str(path))[0] == 0
    saved = log.load(path)
    assert (saved.header.scoring.package, saved.header.scoring.version) == ("solitaire-bakers", VERSION)


def test_a_tampered_log_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bakers.json"
    assert cli(capsys, "play", CODE, "t8>f", "t7>t2", "--save", str(path))[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][1]["action"] = "t7>t3"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = cli(capsys, "replay", str(path))
    assert status == 2 and out == "" and "actions[1]" in err


def test_blocking_the_plugin_leaves_the_builtins(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(BLOCK_VARIABLE, "bakers")
    assert "bakers" not in new_catalog().variants
    status, out, _ = cli(capsys, "variants", "--json")
    data = json.loads(out)
    assert status == 0
    assert {v["id"] for v in data["variants"]} == BUILTINS
    assert "windows" not in {s["id"] for s in data["scoring"]}
    assert data["left_out"] == [
        {"plugin": "bakers", "reason": f"blocked (by {BLOCK_VARIABLE} or the caller)"}
    ]
    status, out, err = cli(capsys, "show", CODE)
    assert status == 2 and "no installed variant has prefix 'BG'" in err
    assert cli(capsys, "show", "KL1-D1N-AAAAAAG")[0] == 0


def test_hint_answers_with_a_move_of_bakers_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "hint", CODE, "--json")
    assert status == 0 and err == ""
    hint = json.loads(out)
    assert hint["move"] == "t8>f"  # A♣ home
    assert cli(capsys, "play", CODE, hint["move"])[0] == 0
