"""Files built to hurt: reading stops at the first wrong entry (a file of 20,000 wrong
entries costs no more than one), a key given twice is refused wherever a file is read,
and no message quotes more than about 60 characters of its input.

The same cases at the size limit, with their time and memory, are in
``benchmarks/hostile_logs.py``.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core import log
from solitaire.core.codes import CodeError, GameCode
from solitaire.core.game import Game
from solitaire.core.moves import Move, MoveSyntaxError
from solitaire.core.store import Settings, Store, WindowState
from solitaire.core.untrusted import DuplicateKeyError, cut, loads_json, quote
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])
Capture = pytest.CaptureFixture[str]
N = 20_000


def _game() -> Game:
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for action in ("s", "t7>f", "s"):
        game.perform(Move.parse(action))
    return game


TEXT = log.dumps(log.log_of(_game(), CATALOG))


def real_log() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TEXT)
    return data


def _edit(change: Callable[[dict[str, Any]], None]) -> str:
    data = real_log()
    change(data)
    return json.dumps(data)


def _set(path: tuple[str | int, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value

    return change


# -- 20,000 wrong entries: refused at the first, naming it ---------------------------------------

CARDS = real_log()["header"]["dealt"]
WRONG: dict[str, tuple[str, str, str]] = {
    # name: (the file, the place named, a word of the problem)
    "dealt-numbers": (_edit(_set(("header", "dealt"), [1] * N)), "header.dealt[0]", "not a number"),
    "dealt-XX": (_edit(_set(("header", "dealt"), ["XX"] * N)), "header.dealt[0]", "'XX' is not a card"),
    "dealt-long": (_edit(_set(("header", "dealt"), CARDS + ["AS"] * N)), "header.dealt[416]", "416 cards"),
    "dealt-after-good": (
        _edit(_set(("header", "dealt"), CARDS[:10] + [None] * N)),
        "header.dealt[10]",
        "not null",
    ),
    "event-cards": (
        _edit(_set(("actions", 0, "events", 0, "cards"), ["XX"] * N)),
        "actions[0].events[0].cards[0]",
        "'XX' is not a card",
    ),
    "events": (
        _edit(_set(("actions", 0, "events"), [{"tag": "won"}] * N)),
        "actions[0].events[1000]",
        "1000",
    ),
    "event-tags": (
        _edit(_set(("actions", 0, "events"), [{"tag": "teleported"}] * 500)),
        "actions[0].events[0].tag",
        "'teleported'",
    ),
    "actions": (
        _edit(_set(("actions",), [{"action": 1, "events": []}] * N)),
        "actions[0].action",
        "not a number",
    ),
    "actions-after-good": (
        _edit(lambda d: d.__setitem__("actions", d["actions"] + [{"action": "s"}] * N)),
        "actions[3].events",
        "missing",
    ),
    "objects": (_edit(_set(("actions",), [{}] * N)), "actions[0].action", "missing"),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_many_wrong_entries_are_refused_at_the_first_with_little_memory(name: str) -> None:
    """The work is that of one entry: without stopping at the first, each wrong entry cost a
    record of its error (3.2 GB for 2,000,000 of them)."""
    text, where, word = WRONG[name]
    tracemalloc.start()
    try:
        with pytest.raises(log.LogError) as caught:
            log.loads(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert caught.value.where == where
    assert word in caught.value.problem
    # The parsed JSON itself costs up to some 250 bytes an entry; an error record for each
    # wrong entry cost 1,600 to 2,000 more.
    assert peak < 400 * N + 1_000_000, peak


@pytest.mark.parametrize("name", sorted(WRONG))
def test_the_command_line_names_the_first_wrong_entry(name: str, tmp_path: Path, capsys: Capture) -> None:
    text, where, _ = WRONG[name]
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8")
    assert run(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{path}: {where}: ") and err.count("\n") == 1
    assert len(err) < 300


def test_a_file_that_would_take_too_much_memory_is_refused_before_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each object or list costs memory far beyond its two bytes of text: estimated first."""
    monkeypatch.setattr(log, "MAX_PARSED_BYTES", 100_000)
    for text in ("[" + ",".join(["[]"] * 1001) + "]", "[" + ",".join(['"ab"'] * 2001) + "]", "[" * 1100):
        with pytest.raises(log.LogError) as caught:
            log.loads(text)
        assert caught.value.problem.startswith("too many objects, lists and strings for a game log")
    monkeypatch.setattr(log, "MAX_PARSED_BYTES", 240_000_000)
    log.loads(TEXT)


@pytest.mark.parametrize("draw", [1, 3])
def test_a_16_mib_log_as_the_game_writes_it_is_below_the_memory_limit(draw: int) -> None:
    """The densest log of real moves the game writes: stock taps, each drawing ``draw`` cards."""
    game = CATALOG.game_from_code(f"KL1-D{draw}N-AAAAAAG")
    for _ in range(300):
        game.perform(Move.parse("s"))
    text = log.dumps(log.log_of(game, CATALOG))
    head = len(log.dumps(log.log_of(CATALOG.game_from_code(f"KL1-D{draw}N-AAAAAAG"), CATALOG)))
    per_byte = (log.parsed_size(text) - log.parsed_size(TEXT)) / (len(text) - head)
    assert per_byte * log.MAX_LOG_BYTES < log.MAX_PARSED_BYTES


def test_the_memory_estimate_is_above_what_parsing_takes() -> None:
    cases = ['{"tag":"won"}', "{}", "[]", "[1]", '"ab"', "1000", "1.5", '{"action":1,"events":[]}', '["QH"]']
    for unit in cases:
        text = "[" + ",".join([unit] * 20_000) + "]"
        tracemalloc.start()
        try:
            loads_json(text)
            used = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert used <= log.parsed_size(text) + 200_000, unit


# -- a key given twice ---------------------------------------------------------------------------


def _twice(text: str, key: str, value: Any) -> str:
    """``text`` (a JSON object) with ``key`` given once more at its start."""
    assert text.startswith("{")
    return "{" + json.dumps(key) + ": " + json.dumps(value) + ", " + text[1:]


def test_the_same_key_twice_is_refused() -> None:
    with pytest.raises(DuplicateKeyError) as caught:
        loads_json('{"a": {"b": 1, "b": 1}}')
    assert caught.value.key == "b"
    assert loads_json('{"a": {"b": 1}, "b": [{"b": 2}]}') == {"a": {"b": 1}, "b": [{"b": 2}]}


def test_a_log_with_a_tampered_win_under_the_same_key_is_refused(tmp_path: Path, capsys: Capture) -> None:
    """A reader that keeps the first key would see the other actions: neither is trusted."""
    tampered = [{"action": "w>f", "events": [{"tag": "won"}]}]
    text = _twice(TEXT, "actions", tampered)
    with pytest.raises(log.LogError) as caught:
        log.loads(text)
    assert caught.value.problem.startswith("the key 'actions' appears twice in one object")
    path = tmp_path / "twice.json"
    path.write_text(text, encoding="utf-8")
    assert run(["replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"{path}: the key 'actions' appears twice")


@pytest.mark.parametrize(
    "path", [("header",), ("header", "variant"), ("actions", 0), ("actions", 0, "events", 0)]
)
def test_the_same_key_twice_is_refused_anywhere_in_a_log(path: tuple[str | int, ...]) -> None:
    data = real_log()
    node: Any = data
    for step in path:
        node = node[step]
    key, value = next(iter(node.items()))
    inner = json.dumps(node)
    text = json.dumps(data).replace(inner, _twice(inner, key, value), 1)
    assert json.loads(text) == data  # the standard parser keeps the last and says nothing
    with pytest.raises(log.LogError) as caught:
        log.loads(text)
    assert f"the key {key!r} appears twice" in caught.value.problem


def _store_files(folder: Path) -> Store:
    store = Store(folder)
    store.save_settings(Settings())
    game = _game()
    store.record_result(game, game_id="one", seconds=1.0)
    store.save_game(game, CATALOG, game_id="two")
    store.save_window_state(WindowState(1, 2, 300, 400))
    return store


@pytest.mark.parametrize("name", ["settings.json", "statistics.json", "current-game.json", "window.json"])
def test_a_store_file_with_a_key_twice_is_kept_aside_and_said(name: str, tmp_path: Path) -> None:
    _store_files(tmp_path)
    path = tmp_path / name
    text = path.read_text(encoding="utf-8")
    key, value = next(iter(json.loads(text).items()))
    path.write_text(_twice(text, key, value), encoding="utf-8")
    store = Store(tmp_path)
    read = {
        "settings.json": store.settings,
        "statistics.json": store.statistics,
        "current-game.json": lambda: store.load_game(CATALOG),
        "window.json": store.window_state,
    }
    read[name]()
    assert len(store.notices) == 1
    assert f"the key {key!r} appears twice" in store.notices[0]
    assert not path.exists()
    assert [p.name for p in tmp_path.glob(f"{name}.corrupt-*")]


# -- messages quote at most about 60 characters --------------------------------------------------


def test_quote_and_cut() -> None:
    assert quote("KL1") == "'KL1'"
    assert quote("a'b") == '"a\'b"'
    assert quote("x" * 100_000) == "'" + "x" * 60 + "…' (100,000 characters)"
    assert quote("\x1b]0;owned\x07" * 100).count("\x1b") == 0
    assert cut("k" * 61) == "k" * 60 + "… (61 characters)"
    assert quote([1] * 1000).startswith("[1, 1,") and len(quote([1] * 1000)) < 60


def test_a_long_code_is_quoted_short(capsys: Capture) -> None:
    code = "KL1-D1N-" + "A" * 99_992
    assert run(["show", code]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"game code '{code[:60]}…' (100,000 characters): is too long for a game code"
        " (at most 64 characters, like KL1-D1N-AAAAAAG)\n"
    )


@pytest.mark.parametrize(
    "code",
    [
        "KL1-D1N-AAAAAAG" + " " * 100_000 + "x",
        "KL" + "1" * 63,
        "KL1-D1" + "U9" * 28 + "-AAAAAAG",
        "KL1-D1N-" + "0" * 56,
    ],
)
def test_code_errors_stay_short(code: str) -> None:
    with pytest.raises(CodeError) as caught:
        GameCode.parse(code)
    assert len(str(caught.value)) < 300 and len(caught.value.message("ru")) < 300


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300).map(lambda text: text * 5))
def test_no_code_or_move_error_is_long(text: str) -> None:
    try:
        GameCode.parse(text)
    except CodeError as error:
        assert len(str(error)) < 400 and len(error.message("ru")) < 400
    try:
        Move.parse(text)
    except MoveSyntaxError as error:
        assert len(str(error)) < 250


LONG = "x" * 1_048_576
LONG_IN_LOGS = {
    "code": _set(("header", "code"), "KL1-D1N-" + LONG),
    "variant": _set(("header", "variant", "id"), LONG),
    "action": _set(("actions", 0, "action"), "t1>" + LONG),
    "action-spaces": _set(("actions", 0, "action"), "x" + " " * 1_000_000 + ">t1"),
    "src": _set(("actions", 1, "events", 0, "src"), LONG),
    "card": _set(("actions", 0, "events", 0, "cards"), [LONG]),
    "header-key": _set(("header", LONG), 1),
    "event-key": _set(("actions", 0, "events", 0, LONG), 1),
    "top-key": _set((LONG,), 1),
    "tag": _set(("actions", 0, "events", 0, "tag"), LONG),
    "package": _set(("header", "variant", "package"), LONG),
    "redeal": _set(("header", "redeal", "id"), "passes:" + "9" * 1_000_000),
}


@pytest.mark.parametrize("name", sorted(LONG_IN_LOGS))
def test_a_megabyte_of_text_in_a_log_gives_a_short_message(
    name: str, tmp_path: Path, capsys: Capture
) -> None:
    path = tmp_path / "long.json"
    path.write_text(_edit(LONG_IN_LOGS[name]), encoding="utf-8")
    assert run(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400, len(err)
    assert "characters)" in err


def test_a_long_move_gives_a_short_message(capsys: Capture) -> None:
    assert run(["play", "KL1-D1N-AAAAAAG", "t1>" + "x" * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200 and "(100,003 characters)" in err


def test_a_refused_move_padded_with_spaces_gives_a_short_message(capsys: Capture) -> None:
    assert run(["play", "KL1-D1N-AAAAAAG", " " * 100_000 + "t1>t1"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300 and "(100,005 characters)" in err
