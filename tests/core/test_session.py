"""The session every front end plays through: saves after every change, the saved game
back, one result a finished game (none for a game opened from a log), and the clock.

Real store files, in a fresh ``SOLITAIRE_HOME`` for every test; the clock is a fake
that moves only when told."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from winning import full_deal, play_greedily

from solitaire.core import log as game_log
from solitaire.core.game import Change, Game
from solitaire.core.registry import Catalog
from solitaire.core.session import Session
from solitaire.core.store import CURRENT, HOME_VARIABLE, Statistics, Store
from solitaire.plugins.builtins import new_catalog

CODE = "KL1-D1N-AAAAAAG"
KEY = Statistics.key("klondike", 1, "normal")


class FakeClock:
    """Monotonic seconds that move only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder


def session_in(catalog: Catalog, clock: FakeClock | None = None) -> Session:
    """A session on the files of ``$SOLITAIRE_HOME``."""
    return Session(catalog, Store(), now=clock or FakeClock())


def winnable(catalog: Catalog) -> Game:
    """A deal the greedy player wins (draw one, no recycle)."""
    return catalog.new_game(catalog.options(variant="klondike", draw=1, deal=3), initial=full_deal())


def saved(home: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((home / CURRENT).read_text(encoding="utf-8"))
    return data


def test_a_session_resumes_nothing_at_first_and_saves_a_move_at_once(home: Path, catalog: Catalog) -> None:
    session = session_in(catalog)
    assert session.resume() is None  # nothing saved yet
    assert session.new_game(CODE).code == CODE
    assert session.game is not None
    session.game.play("s")
    loaded = session.store.load_game(session.catalog)
    assert loaded is not None and loaded[0].actions == ["s"]


def test_a_new_game_is_saved_at_once_and_after_every_change(home: Path, catalog: Catalog) -> None:
    session = session_in(catalog)
    game = session.new_game(CODE)
    assert saved(home)["id"] == session.game_id
    loaded = Store().load_game(catalog)
    assert loaded is not None and loaded[0].code == CODE and loaded[0].actions == []
    game.play("s")
    game.play("s")
    game.undo()
    loaded = Store().load_game(catalog)
    assert loaded is not None and loaded[0].actions == ["s", "s", "undo"]
    assert loaded[0].state == game.state and loaded[1].id == session.game_id


def test_resume_gets_the_same_game_back(home: Path, catalog: Catalog) -> None:
    clock = FakeClock()
    first = session_in(catalog, clock)
    assert first.resume() is None  # nothing saved yet
    game = first.new_game(catalog.options(variant="klondike", draw=3, deal=77))
    game.play("s")
    clock.now += 42
    game.play("s")
    first.helped = True
    first.close()
    again = session_in(catalog)
    resumed = again.resume()
    assert resumed is not None and again.game is resumed
    assert (resumed.code, resumed.state, resumed.actions) == (game.code, game.state, game.actions)
    assert (again.game_id, again.helped, again.from_deal) == (first.game_id, True, True)
    assert again.elapsed() == pytest.approx(42, abs=0.1)


def test_a_win_records_one_result(home: Path, catalog: Catalog) -> None:
    clock = FakeClock()
    session = session_in(catalog, clock)
    told: list[bool] = []
    session.subscribe(lambda change, won: told.append(won))
    game = winnable(catalog)
    session.start(game)
    game.play("s")
    clock.now += 30
    play_greedily(game)
    assert game.is_won and told.count(True) == 1 and told[-1] is True
    game.undo()
    game.redo()  # won again: the same game, not counted again
    session.new_game()  # nor when it is left
    record = Store().statistics().records[KEY]
    assert (record.played, record.won, record.fastest_win_seconds) == (1, 1, 30)
    assert told.count(True) == 1


def test_a_started_game_left_counts_as_played_and_an_untouched_one_does_not(
    home: Path, catalog: Catalog
) -> None:
    session = session_in(catalog)
    session.new_game(CODE)
    session.new_game(CODE)  # no move made: nothing to count
    assert Store().statistics().records == {}
    assert session.game is not None
    session.game.play("s")
    session.restart()
    record = Store().statistics().records[KEY]
    assert (record.played, record.won) == (1, 0)
    assert session.game.code == CODE and session.game.actions == []


def test_a_game_opened_from_a_log_records_nothing(home: Path, catalog: Catalog) -> None:
    session = session_in(catalog)
    game = winnable(catalog)
    session.start(game, from_deal=False)
    play_greedily(game)
    assert game.is_won
    played = catalog.game_from_code(CODE)
    played.play("s")
    opened = game_log.replay(game_log.log_of(played, catalog), catalog)
    session.start(opened, from_deal=False)
    opened.play("s")
    session.close()
    again = session_in(catalog)
    resumed = again.resume()
    assert resumed is not None and resumed.actions == ["s", "s"]
    assert again.from_deal is False  # played on after a log: still no record
    resumed.play("s")
    again.new_game(CODE).play("s")  # left: no loss either
    assert Store().statistics().records == {}
    again.new_game(CODE)  # a game dealt here counts
    assert Store().statistics().records[KEY].played == 1


def test_the_clock_starts_at_the_first_move_pauses_and_stops_at_the_win(home: Path, catalog: Catalog) -> None:
    clock = FakeClock()
    session = session_in(catalog, clock)
    game = winnable(catalog)
    session.start(game, seconds=10)
    clock.now += 90  # the player looks at the deal
    assert session.elapsed() == 10
    game.play("s")
    clock.now += 65
    assert session.elapsed() == 75
    with session.paused():
        clock.now += 100
        session.pause()  # pauses nest
        session.unpause()
        clock.now += 100
        assert session.elapsed() == 75
    clock.now += 5
    assert session.elapsed() == 80
    play_greedily(game)
    clock.now += 300
    assert session.elapsed() == 80  # it stops at the win
    assert Store().statistics().records[KEY].fastest_win_seconds == 80
    assert saved(home)["seconds"] == 80


def test_a_resumed_game_s_clock_waits_for_the_first_move(home: Path, catalog: Catalog) -> None:
    clock = FakeClock()
    session = session_in(catalog, clock)
    session.new_game(CODE).play("s")
    clock.now += 20
    session.close()
    again = session_in(catalog, clock)
    resumed = again.resume()
    assert resumed is not None
    clock.now += 500  # away from the game
    assert again.elapsed() == 20
    resumed.play("s")
    clock.now += 1
    assert again.elapsed() == 21


@given(st.lists(st.sampled_from(["move", "pause", "unpause", "wait"]), max_size=30))
def test_the_clock_counts_only_the_time_played(steps: list[str]) -> None:
    """Whatever the order of moves, pauses and waits, the clock counts the seconds
    waited after the first move while no pause is open."""
    catalog = new_catalog(entry_points=False)
    clock = FakeClock()
    session = Session(catalog, Store(), now=clock)
    game = catalog.game_from_code(CODE)
    session.start(game, record=False)
    moved, pauses, expected = False, 0, 0.0
    for step in steps:
        if step == "move":
            game.play("s")
            moved = True
        elif step == "pause":
            session.pause()
            pauses += 1
        elif step == "unpause" and pauses:
            session.unpause()
            pauses -= 1
        elif step == "wait":
            clock.now += 7
            expected += 7 if moved and not pauses else 0
        assert session.elapsed() == expected


def test_listeners_are_told_after_the_save(home: Path, catalog: Catalog) -> None:
    session = session_in(catalog)
    seen: list[list[str]] = []

    def look(change: Change, won: bool) -> None:
        loaded = Store().load_game(catalog)
        assert loaded is not None
        seen.append(loaded[0].actions)

    unsubscribe = session.subscribe(look)
    session.new_game(CODE).play("s")
    unsubscribe()
    assert session.game is not None
    session.game.play("s")
    assert seen == [["s"]]


# -- a balance carried from game to game -------------------------------------------------------


def test_vegas_cumulative_carries_the_balance_into_the_next_game(catalog: Catalog, home: Path) -> None:
    """Vegas cumulative: a game left at -$37 makes the next deal start at -$89 (another
    $52 stake), kept in the store; the second game's log replays from that balance, and a
    game code still names only the deal and options."""
    session = session_in(catalog)
    first = session.new_game(catalog.options(variant="klondike", scoring="vegas-cumulative", deal=6))
    assert first.state.score == -52
    for move in ("t7>f", "t1>f", "t6>t7"):  # two cards home: +$10
        first.play(move)
    assert first.state.score == -42
    second = session.new_game(catalog.options(variant="klondike", scoring="vegas-cumulative", deal=7))
    assert session.store.balance("vegas-cumulative") == -42
    assert session.game is not None and session.game.state.score == -42 - 52
    second = session.game
    assert second.code == catalog.code(second.rules.options) and "AAAAAAH" in second.code
    second.play("s")
    text = game_log.dumps(game_log.log_of(second, catalog))
    assert '"balance": -42' in text
    replayed = game_log.replay(game_log.loads(text), catalog)
    assert replayed.state == second.state
    # Plain Vegas carries nothing, and its logs name no balance.
    plain = session.new_game(catalog.options(variant="klondike", scoring="vegas", deal=6))
    assert plain.state.score == -52
    assert '"balance"' not in game_log.dumps(game_log.log_of(plain, catalog))
