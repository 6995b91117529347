"""``solitaire play ... --save FILE`` and ``solitaire replay FILE``: a saved game
replays to the state ``play`` printed; a tampered or broken log is exit 2 with
one line on stderr naming the file, the action index and the field."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.core import log
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Game
from solitaire.core.playout import play_randomly
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])  # quick hints
Capture = pytest.CaptureFixture[str]


def random_actions(code: str, seed: int, count: int) -> list[str]:
    """The actions of a random game of ``code``: legal moves, undo and redo."""
    return play_randomly(CATALOG.game_from_code(code), random.Random(seed), count, hint=0.42).actions


def cli(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def check_play_and_replay_agree(code: str, actions: list[str], tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "game.json"
    status, played, err = cli(capsys, "play", code, *actions, "--json", "--save", str(path))
    assert (status, err) == (0, "")
    status, replayed, err = cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    assert json.loads(replayed) == json.loads(played)
    assert replayed == played
    status, text, _ = cli(capsys, "replay", str(path))
    assert status == 0
    assert text == cli(capsys, "play", code, *actions)[1]
    # The file is the log of the game the actions make.
    game = CATALOG.game_from_code(code)
    for action in actions:
        game.perform(action)
    assert path.read_text(encoding="utf-8") == log.dumps(log.log_of(game, CATALOG))


GAMES = [
    ("KL1-D1N-AAAAAAG", 1, 150),
    ("KL1-D3V-AAAAAAB", 2, 200),
    ("KL1-D3NP3F-AAAAMBZ", 3, 250),
    ("KL1-D1VU-AAAAAAC", 4, 120),
    ("TF1-D1N-AAAAAAG", 5, 200),
    ("TF1-D3VP2-AAAAAAH", 6, 300),
    ("TF1-D1NP1F-7777777", 7, 100),
]


@pytest.mark.parametrize(("code", "seed", "count"), GAMES, ids=[game[0] for game in GAMES])
def test_replay_prints_what_play_printed(
    code: str, seed: int, count: int, tmp_path: Path, capsys: Capture
) -> None:
    actions = random_actions(code, seed, count)
    assert "undo" in actions
    check_play_and_replay_agree(code, actions, tmp_path, capsys)


@st.composite
def game_codes(draw: st.DrawFn) -> str:
    options = CATALOG.options(
        draw(st.sampled_from(["klondike", "reflechi"])),
        draw(st.sampled_from([1, 3])),
        draw(st.sampled_from(["normal", "vegas"])),
        draw(st.sampled_from(["unlimited", "passes:1", "passes:2", "passes:3"])),
        draw(st.booleans()),
        draw(st.integers(0, DEAL_NUMBERS - 1)),
    )
    return CATALOG.code(options)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(code=game_codes(), seed=st.integers(0, 2**32), count=st.integers(100, 300))
def test_replay_agrees_with_play_for_random_games(
    code: str, seed: int, count: int, tmp_path: Path, capsys: Capture
) -> None:
    check_play_and_replay_agree(code, random_actions(code, seed, count), tmp_path, capsys)


def test_the_console_script_round_trips(tmp_path: Path) -> None:
    code = "KL1-D3VP3-AAAAAAG"
    actions = random_actions(code, 9, 120)
    path = tmp_path / "game.json"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}

    def solitaire(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "solitaire", *argv], capture_output=True, text=True, env=env, timeout=60
        )

    played = solitaire("play", code, *actions, "--json", "--save", str(path))
    replayed = solitaire("replay", str(path), "--json")
    assert (played.returncode, replayed.returncode) == (0, 0)
    assert replayed.stdout == played.stdout and replayed.stderr == ""
    assert json.loads(replayed.stdout)["code"] == code


def test_a_won_game_replays_as_won(capsys: Capture) -> None:
    path = Path(__file__).resolve().parents[1] / "data" / "logs" / "won-klondike.json"
    status, out, err = cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    state = json.loads(out)
    assert state["won"] is True and state["score"] == 610
    assert [len(foundation) for foundation in state["foundations"]] == [13, 13, 13, 13]


def test_a_version_0_log_replays(capsys: Capture) -> None:
    path = Path(__file__).resolve().parents[1] / "data" / "logs" / "version-0.json"
    status, out, err = cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    state = json.loads(out)
    assert (state["code"], state["score_text"], state["moves"]) == ("KL1-D3VP3F-AAAAAAG", "-$37", 15)


# -- play --save writes only whole games ---------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "status"),
    [(["s", "undo", "undo"], 3), (["s", "t1>t1"], 3), (["s", "x>t1"], 2)],
)
def test_play_save_writes_nothing_when_an_action_fails(
    actions: list[str], status: int, tmp_path: Path, capsys: Capture
) -> None:
    path = tmp_path / "game.json"
    assert cli(capsys, "play", "KL1-D1N-AAAAAAG", *actions, "--save", str(path))[0] == status
    assert not path.exists()
    path.write_text("old", encoding="utf-8")
    assert cli(capsys, "play", "KL1-D1N-AAAAAAG", *actions, "--save", str(path))[0] == status
    assert path.read_text(encoding="utf-8") == "old"


def test_play_save_into_a_folder_that_cannot_be_written_is_exit_2(tmp_path: Path, capsys: Capture) -> None:
    target = tmp_path / "a-file"
    target.write_text("", encoding="utf-8")
    status, _, err = cli(capsys, "play", "KL1-D1N-AAAAAAG", "s", "--save", str(target / "game.json"))
    assert status == 2 and err.count("\n") == 1 and "cannot be written" in err


# -- tampered logs through the command line ------------------------------------------------------


def base_data() -> dict[str, Any]:
    """Deal 6 draw 1: s, t7>f, s, s, w>f, undo, redo, s (see test_log.py)."""
    game: Game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for action in ("s", "t7>f", "s", "s", "w>f", "undo", "redo", "s"):
        game.perform(action)
    data: dict[str, Any] = json.loads(log.dumps(log.log_of(game, CATALOG)))
    return data


def _card(data: dict[str, Any]) -> None:
    data["actions"][3]["events"][0]["cards"] = ["KS"]


def _score(data: dict[str, Any]) -> None:
    data["actions"][4]["events"][1]["new"] = 1000


def _swap(data: dict[str, Any]) -> None:
    data["actions"][2], data["actions"][3] = data["actions"][3], data["actions"][2]


def _illegal(data: dict[str, Any]) -> None:
    data["actions"][4]["action"] = "w>t1"


def _not_a_move(data: dict[str, Any]) -> None:
    data["actions"][4]["action"] = "x>t1"


def _dealt(data: dict[str, Any]) -> None:
    dealt = data["header"]["dealt"]
    dealt[10], dealt[20] = dealt[20], dealt[10]


def _code(data: dict[str, Any]) -> None:
    data["header"]["code"] = "KL1-D3N-AAAAAAG"


def _removed(data: dict[str, Any]) -> None:
    data["actions"][1]["events"].pop()


def _added(data: dict[str, Any]) -> None:
    data["actions"][1]["events"].append({"tag": "won"})


def _undo(data: dict[str, Any]) -> None:
    data["actions"][5]["events"][0]["cards"] = ["AH"]


TAMPERED = {
    "card": (_card, "actions[3].events[0].cards"),
    "score": (_score, "actions[4].events[1].new"),
    "swapped": (_swap, "actions[2].events[0].cards"),
    "illegal": (_illegal, "actions[4].action"),
    "not-a-move": (_not_a_move, "actions[4].action"),
    "dealt": (_dealt, "header.dealt[10]"),
    "code": (_code, "header.code"),
    "event-removed": (_removed, "actions[1].events"),
    "event-added": (_added, "actions[1].events"),
    "undo-events": (_undo, "actions[5].events[0].cards"),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_log_is_exit_2_naming_file_index_and_field(
    name: str, tmp_path: Path, capsys: Capture
) -> None:
    tamper, where = TAMPERED[name]
    data = base_data()
    tamper(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = cli(capsys, "replay", str(path), "--json")
    assert status == 2 and out == ""
    assert err.startswith(f"{path}: {where}: ")
    assert err.endswith("\n") and err.count("\n") == 1
    assert "Traceback" not in err


def test_the_untampered_log_replays(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "base.json"
    path.write_text(json.dumps(base_data()), encoding="utf-8")
    assert cli(capsys, "replay", str(path))[0] == 0


def test_the_refusal_of_an_illegal_action_names_its_rule(tmp_path: Path, capsys: Capture) -> None:
    data = base_data()
    _illegal(data)
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _, _, err = cli(capsys, "replay", str(path))
    assert err.startswith(f"{path}: actions[4].action: 'w>t1' is refused by rule tableau.")


@pytest.mark.parametrize("name", ["missing.json", "."])
def test_a_file_that_cannot_be_read_is_exit_2(
    name: str, tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = cli(capsys, "replay", name)
    assert status == 2 and out == ""
    assert err.startswith(f"{name}: cannot be read (") and err.count("\n") == 1


def test_a_relative_path_is_named_once(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``replay ./game.json`` names ``./game.json`` once, as for a replay error."""
    monkeypatch.chdir(tmp_path)
    data = base_data()
    data["version"] = 3
    (tmp_path / "game.json").write_text(json.dumps(data), encoding="utf-8")
    status, _, err = cli(capsys, "replay", "./game.json")
    assert status == 2
    assert err == "./game.json: version: format version 3 is not known here (this version reads 0 to 2)\n"
