"""Statistics per game: a game's records over every option set, totals across
games, and a reset of one game that leaves the others (and older files) as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire.core.registry import Catalog
from solitaire.core.store import Statistics, StatsRecord, StatsTotal, Store
from solitaire.plugins.builtins import new_catalog

#: A statistics file as an older version wrote it: no balances, records without the
#: fields added since (won with help, the total score).
OLD_FILE = {
    "records": {
        "klondike/1/normal": {
            "played": 5,
            "won": 2,
            "best_score": 600,
            "fastest_win_seconds": 200.5,
            "fewest_moves": 90,
            "current_streak": 1,
            "longest_streak": 2,
        },
        "klondike/3/vegas": {
            "played": 3,
            "won": 1,
            "best_score": 40,
            "current_streak": 0,
            "longest_streak": 1,
        },
        "spider/2/spider": {"played": 4, "won": 0, "best_score": 450},
    },
    "counted": ["a", "b"],
}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


def old_store(tmp_path: Path) -> Store:
    (tmp_path / "statistics.json").write_text(json.dumps(OLD_FILE), encoding="utf-8")
    return Store(tmp_path)


def test_an_older_file_loads_unchanged_and_reads_per_game(tmp_path: Path) -> None:
    stats = old_store(tmp_path).statistics()
    assert stats.records["klondike/1/normal"] == StatsRecord(
        played=5,
        won=2,
        best_score=600,
        fastest_win_seconds=200.5,
        fewest_moves=90,
        current_streak=1,
        longest_streak=2,
    )
    assert stats.balances == {} and stats.counted == ("a", "b")
    games = stats.games()
    assert list(games) == ["klondike", "spider"]
    assert list(stats.of_game("klondike")) == ["klondike/1/normal", "klondike/3/vegas"]
    assert stats.of_game("golf") == {}
    assert Statistics.parts("klondike/3/vegas") == ("klondike", "3", "vegas")


def test_totals_add_up_and_keep_scores_only_within_one_scheme(tmp_path: Path) -> None:
    stats = old_store(tmp_path).statistics()
    klondike = StatsTotal.of(stats.of_game("klondike"))
    assert (klondike.played, klondike.won, klondike.win_rate) == (8, 3, 3 / 8)
    assert (klondike.fastest_win_seconds, klondike.fewest_moves, klondike.longest_streak) == (200.5, 90, 2)
    assert klondike.best_score is None and klondike.total_score is None  # points and dollars
    spider = StatsTotal.of(stats.of_game("spider"))
    assert (spider.best_score, spider.total_score, spider.fastest_win_seconds) == (450, 0, None)
    everything = StatsTotal.of(stats.records)
    assert (everything.played, everything.won) == (12, 3)
    assert StatsTotal.of({}) == StatsTotal() and StatsTotal().win_rate is None


def test_a_reset_forgets_one_game_and_keeps_the_rest_as_it_was(tmp_path: Path, catalog: Catalog) -> None:
    store = old_store(tmp_path)
    after = store.reset_statistics("klondike")
    assert list(after.records) == ["spider/2/spider"]
    assert Store(tmp_path).statistics() == after
    written = json.loads((tmp_path / "statistics.json").read_text(encoding="utf-8"))
    assert written["counted"] == ["a", "b"]  # a game counted once is never counted again
    assert written["records"]["spider/2/spider"]["played"] == 4
    # The next Klondike result starts a fresh record; Spider's stays.
    game = catalog.new_game(catalog.options("klondike", 1, deal=3))
    game.play("s")
    assert store.record_result(game, game_id="c", seconds=5.0)
    stats = store.statistics()
    assert stats.records["klondike/1/normal"] == StatsRecord(played=1, best_score=0)
    assert stats.records["spider/2/spider"] == after.records["spider/2/spider"]
    assert store.reset_statistics("golf") == store.statistics()  # nothing of it: nothing changes


def test_a_reset_keeps_the_balance_of_a_scheme_that_carries_one(tmp_path: Path, catalog: Catalog) -> None:
    store = Store(tmp_path)
    game = catalog.new_game(catalog.options("klondike", 1, "vegas-cumulative", deal=3))
    store.record_result(game, game_id="v", seconds=1.0)
    balance = store.balance("vegas-cumulative")
    assert balance != 0
    store.reset_statistics("klondike")
    assert store.statistics().records == {} and store.balance("vegas-cumulative") == balance
