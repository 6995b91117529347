"""Several processes on one store (issue 15): no result lost between two of them,
and no game shared by two instances."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from racers import record_results

from solitaire.core.locks import FileLock, LockTimeout
from solitaire.core.registry import Catalog
from solitaire.core.store import Settings, Statistics, StatsRecord, Store
from solitaire.plugins.builtins import new_catalog

CURRENT = "current-game.json"
WON_LOG = Path(__file__).parent.parent / "data" / "logs" / "won-klondike.json"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


def _totals(stats: Statistics) -> tuple[int, int]:
    records = stats.records.values()
    return sum(r.played for r in records), sum(r.won for r in records)


# -- results and settings: read, changed and written back by several processes -------------------


@pytest.mark.parametrize(("workers", "results"), [(3, 60)])
def test_no_result_is_lost_between_processes(tmp_path: Path, workers: int, results: int) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(workers)
    processes = [
        context.Process(target=record_results, args=(str(tmp_path), worker, results, start))
        for worker in range(workers)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
    assert [process.exitcode for process in processes] == [0] * workers
    store = Store(tmp_path)
    stats = store.statistics()
    won = len(range(0, results, 3))
    assert stats.records["klondike/1/normal"].played == workers * (results - won)
    assert stats.records["klondike/3/normal"] == attrs.evolve(
        stats.records["klondike/3/normal"], played=workers * won, won=workers * won
    )
    assert sorted(stats.counted) == sorted(f"{w}-{n}" for w in range(workers) for n in range(results))
    lines = store.settings().plugin_problems_shown.splitlines()
    assert sorted(lines) == sorted(stats.counted)
    assert store.notices == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 9), st.booleans()), min_size=1, max_size=24))
def test_each_game_counts_once_whichever_store_records_it(
    catalog: Catalog, tmp_path_factory: pytest.TempPathFactory, plan: list[tuple[int, int, bool]]
) -> None:
    """Three stores on one folder, each recording in its own thread: every game id counts
    once, and the counts are those of the distinct ids, whatever the order."""
    folder = tmp_path_factory.mktemp("shared")
    game = catalog.new_game(catalog.options(variant="klondike", draw=1, deal=7))
    stores = [Store(folder) for _ in range(3)]
    errors: list[BaseException] = []

    def record(which: int) -> None:
        try:
            for store_number, game_number, helped in plan:
                if store_number == which:
                    stores[which].record_result(game, game_id=f"g{game_number}", seconds=1.0, helped=helped)
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=record, args=(which,)) for which in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    stats = Store(folder).statistics()
    distinct = {game_number for _, game_number, _ in plan}
    assert stats.records["klondike/1/normal"].played == len(distinct)
    assert sorted(stats.counted) == sorted(f"g{number}" for number in distinct)


def test_a_store_held_too_long_is_a_clear_error_and_changes_nothing(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = catalog.new_game(catalog.options(variant="klondike", draw=1, deal=7))
    assert store.record_result(game, game_id="first", seconds=1.0)
    store.lock_wait = 0.05
    with FileLock(tmp_path / "store.lock"), pytest.raises(LockTimeout, match="in use by another process"):
        store.record_result(game, game_id="second", seconds=1.0)
    with FileLock(tmp_path / "store.lock"), pytest.raises(OSError, match=r"store\.lock"):
        store.update_settings(lambda old: attrs.evolve(old, language="ru"))
    assert store.statistics().counted == ("first",)
    assert store.statistics().records["klondike/1/normal"] == StatsRecord().add(False, 0, 0, 1.0, False)
    assert store.settings() == Settings()
    # Let go, the store works again.
    assert store.record_result(game, game_id="second", seconds=1.0)
    assert store.update_settings(lambda old: attrs.evolve(old, language="ru")).language == "ru"


def test_the_lock_is_reentrant_within_a_store(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.lock_wait = 0.05
    with store.locked(), store.locked():
        store.save_settings(Settings(language="ru"))
        assert not FileLock(tmp_path / "store.lock").acquire(0)  # held all the while
    assert FileLock(tmp_path / "store.lock").acquire(0)


# -- two instances, two games --------------------------------------------------------------------


def test_a_second_instance_gets_a_game_file_of_its_own(catalog: Catalog, tmp_path: Path) -> None:
    first, second = Store(tmp_path), Store(tmp_path)
    assert first.claim_game() is True and first.game_file == CURRENT
    assert second.claim_game() is False and second.game_file != CURRENT
    one = catalog.new_game(catalog.options(variant="klondike", draw=1, deal=1))
    other = catalog.new_game(catalog.options(variant="klondike", draw=3, deal=2))
    other.perform("s")
    first.save_game(one, catalog, game_id="one")
    second.save_game(other, catalog, game_id="other")
    assert json.loads((tmp_path / CURRENT).read_text())["id"] == "one"
    assert json.loads((tmp_path / second.game_file).read_text())["id"] == "other"
    # A third instance neither takes the files in use...
    third = Store(tmp_path)
    assert third.claim_game() is False
    assert third.game_file not in (CURRENT, second.game_file)
    third_file = third.game_file
    third.save_game(one, catalog, game_id="third")
    third.release_game(keep=False)  # a game with nothing to resume: its file goes
    assert not (tmp_path / third_file).exists() and not list(tmp_path.glob(f"{third_file}*"))
    # ...but, once the second has gone, resumes the game it left (and its id).
    kept = second.game_file
    second.release_game()
    fourth = Store(tmp_path)
    assert fourth.claim_game() is False and fourth.game_file == kept
    resumed = fourth.load_game(catalog)
    assert resumed is not None and resumed[1].id == "other" and resumed[0].code == other.code
    # Once the first has gone, current-game.json is free again.
    first.release_game()
    fifth = Store(tmp_path)
    assert fifth.claim_game() is True
    loaded = fifth.load_game(catalog)
    assert loaded is not None and loaded[1].id == "one"


def _won_actions() -> list[str]:
    return [action["action"] for action in json.loads(WON_LOG.read_text())["actions"]]


def _terminal(home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "SOLITAIRE_HOME": str(home), "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.Popen(
        [sys.executable, "-m", "solitaire", "--terminal"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
    )


def _read_until(stream: IO[str], end: str) -> str:
    """What the game printed up to the line that ends with ``end``."""
    seen: list[str] = []
    for line in stream:
        seen.append(line)
        if line.rstrip().endswith(end):
            return "".join(seen)
    raise AssertionError(f"the game ended before {end!r}: {''.join(seen)}")


def test_two_terminal_games_on_one_store_both_count(tmp_path: Path) -> None:
    """The first game is part-played when the second starts; each wins its own game."""
    code = json.loads(WON_LOG.read_text())["header"]["code"]
    actions = _won_actions()
    first = _terminal(tmp_path)
    try:
        assert first.stdin is not None and first.stdout is not None
        first.stdin.write("\n".join([f"new {code}", *actions[:10], "code"]) + "\n")
        first.stdin.flush()
        _read_until(first.stdout, f">   {code}")  # "code" answered: the first game is ten moves in
        first_saved = json.loads((tmp_path / CURRENT).read_text())
        assert len(first_saved["log"]["actions"]) == 10
        second = subprocess.run(
            [sys.executable, "-m", "solitaire", "--terminal"],
            input="\n".join([f"new {code}", *actions, "quit"]) + "\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
            env={**os.environ, "SOLITAIRE_HOME": str(tmp_path), "PYTHONIOENCODING": "utf-8"},
        )
        assert second.returncode == 0, second.stderr
        assert "this one is a game of its own, saved as current-game-" in second.stdout
        assert "Resuming" not in second.stdout
        assert "You won!" in second.stdout
        # The second did not touch the first's saved game.
        assert json.loads((tmp_path / CURRENT).read_text()) == first_saved
        rest, errors = first.communicate("\n".join([*actions[10:], "quit"]) + "\n", timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 0, errors
    assert "You won!" in rest
    stats = Store(tmp_path).statistics()
    assert _totals(stats) == (2, 2)
    assert len(set(stats.counted)) == 2
    assert json.loads((tmp_path / CURRENT).read_text())["id"] == first_saved["id"] != ""
    # The second's own file went with it: its game was won, nothing to resume.
    assert sorted(path.name for path in tmp_path.glob("current-game-*.json")) == []
