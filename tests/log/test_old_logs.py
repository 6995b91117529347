"""Every log in tests/data/logs was written by an earlier version (format 0 or 1,
before the table of named piles; format 2 by version 0.1.0, one or more of every
built-in game, before the public rules vocabulary: ``tests/data/make_old_logs.py``):
each still loads, replays, and ends in the very state it ended in then.

``final-states.json`` holds the JSON state (``solitaire replay FILE --json``) that the
version that wrote the logs printed for each of them; the fields it has are the
contract's, and they must not change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solitaire.core import log
from solitaire.core.jsonstate import state_to_dict
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

LOGS = Path(__file__).resolve().parents[1] / "data" / "logs"
FINAL_STATES: dict[str, dict[str, Any]] = json.loads((LOGS / "final-states.json").read_text(encoding="utf-8"))
OLD_LOGS = sorted(path.name for path in LOGS.glob("*.json") if path.name != "final-states.json")
CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])


def test_every_old_log_has_its_final_state() -> None:
    assert sorted(FINAL_STATES) == OLD_LOGS
    assert len(OLD_LOGS) >= 9
    versions = {json.loads((LOGS / name).read_text(encoding="utf-8"))["version"] for name in OLD_LOGS}
    assert versions == {0, 1, 2}
    variants = {state["variant"] for state in FINAL_STATES.values()}
    assert variants == set(CATALOG.variants)


def assert_same_state(now: dict[str, Any], before: dict[str, Any]) -> None:
    """The fields ``before`` has are the same now; only a game without a stock
    (Yukon) no longer writes the ``stock`` and ``waste`` it never had cards in."""
    gone = set(before) - set(now)
    assert gone <= {"stock", "waste"}
    for key in gone:
        assert before[key] == []
        assert not [pile for pile in now["piles"] if pile["kind"] == key]
    assert {key: now[key] for key in before if key in now} == {
        k: v for k, v in before.items() if k not in gone
    }


@pytest.mark.parametrize("name", OLD_LOGS)
def test_an_old_log_replays_to_the_state_it_reached_then(name: str) -> None:
    game = log.replay(log.load(LOGS / name), CATALOG)
    assert_same_state(state_to_dict(game.state, game.rules, game.code), FINAL_STATES[name])


@pytest.mark.parametrize("name", OLD_LOGS)
def test_an_old_log_written_again_replays_the_same_way(name: str) -> None:
    game = log.replay(log.load(LOGS / name), CATALOG)
    again = log.replay(log.loads(log.dumps(log.log_of(game, CATALOG))), CATALOG)
    assert again.state == game.state
    assert again.journal == game.journal


@pytest.mark.parametrize("name", ["won-klondike.json", "v1-yukon-normal.json"])
def test_the_command_line_replays_an_old_log(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["replay", str(LOGS / name), "--json"]) == 0
    assert_same_state(json.loads(capsys.readouterr().out), FINAL_STATES[name])
