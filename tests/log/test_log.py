"""The game log: write, read, replay; tampering refused at the first wrong entry;
older format versions upgraded on load.

Random games cover both variants and every option (draw 1/3, Normal/Vegas,
unlimited and 1..3 passes, foundation returns allowed or forbidden) with undo
and redo mixed in.  Every saved log must read back equal, and replaying it must
give the very same state and the very same journal.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from logcheck import assert_header_names

from solitaire.core import log
from solitaire.core.cards import Card
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Game
from solitaire.core.jsonstate import state_to_dict
from solitaire.core.playout import play_randomly
from solitaire.core.ruleset import GameOptions
from solitaire.core.state import CardsMoved, GameWon, ScoreChanged, StockDrawn, WasteRecycled
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])  # quick hints
LOGS = Path(__file__).resolve().parents[1] / "data" / "logs"
VARIANTS = ("klondike", "reflechi")
DRAWS = (1, 3)
SCORINGS = ("normal", "vegas")
REDEALS = ("unlimited", "passes:1", "passes:2", "passes:3")
RETURNS = (True, False)


# -- helpers -------------------------------------------------------------------------------------


def play_randomly_then_undo_redo(game: Game, rng: random.Random, actions: int) -> None:
    """About ``actions`` actions: legal moves (often the hint's, so games get deep),
    some undo and redo; the game always ends with an undo and a redo when it can."""
    play_randomly(game, rng, actions, hint=0.42)
    if game.can_undo:
        game.undo()
        game.redo()


def random_game(options: GameOptions, seed: int, actions: int) -> Game:
    game = CATALOG.new_game(options)
    play_randomly_then_undo_redo(game, random.Random(seed), actions)
    return game


def check_round_trip(game: Game, tmp_path: Path) -> log.GameLog:
    """The log of ``game`` reads back equal, from text and from a file, and
    replays to the same state and journal."""
    written = log.log_of(game, CATALOG)
    text = log.dumps(written)
    assert log.loads(text) == written
    assert log.loads(text.encode("utf-8")) == written
    data = json.loads(text)
    assert list(data) == ["format", "version", "header", "actions"]
    assert (data["format"], data["version"]) == ("solitaire-log", log.FORMAT_VERSION)
    assert len(data["actions"]) == len(game.journal)

    header = written.header
    assert_header_names(header, game)
    for ref in (header.variant, header.scoring, header.redeal):
        assert ref.package == "solitaire-framework" and ref.version

    replayed = log.replay(log.loads(text), CATALOG)
    assert replayed.state == game.state
    assert replayed.journal == game.journal
    assert replayed.code == game.code
    assert replayed.can_undo == game.can_undo and replayed.can_redo == game.can_redo

    path = tmp_path / "game.json"
    log.save(written, path)
    assert path.read_text(encoding="utf-8") == text
    assert log.load(path) == written
    return written


def base_game() -> Game:
    """Deal 6, draw 1 (first draws: QH, JH, AS, QC), with undo and redo.

    0 s       drawn QH
    1 t7>f    moved AH to f2, turned 4D, score 0 -> 15
    2 s       drawn JH
    3 s       drawn AS
    4 w>f     moved AS to f1, score 15 -> 25
    5 undo    (the events of 4)
    6 redo    (the events of 4)
    7 s       drawn QC
    """
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for action in ("s", "t7>f", "s", "s", "w>f", "undo", "redo", "s"):
        game.perform(action)
    return game


def base_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(log.dumps(log.log_of(base_game(), CATALOG)))
    return data


def refusal(data: dict[str, Any]) -> log.LogError:
    """The error replaying (or reading) the log ``data`` gives."""
    with pytest.raises(log.LogError) as caught:
        log.replay(log.loads(json.dumps(data)), CATALOG)
    return caught.value


# -- round trips ---------------------------------------------------------------------------------

EVERY_COMBINATION = [
    GameOptions(variant, draw, scoring, REDEALS[index % len(REDEALS)], returns, 0)
    for index, (variant, draw, scoring, returns) in enumerate(
        itertools.product(VARIANTS, DRAWS, SCORINGS, RETURNS)
    )
]


def test_the_combinations_cover_every_option() -> None:
    for field, values in (
        ("variant", VARIANTS),
        ("draw", DRAWS),
        ("scoring", SCORINGS),
        ("redeal", REDEALS),
        ("returns_allowed", RETURNS),
    ):
        assert {getattr(options, field) for options in EVERY_COMBINATION} == set(values)


def _name(index: int) -> str:
    o = EVERY_COMBINATION[index]
    return (
        f"{o.variant}-draw{o.draw}-{o.scoring}-{o.redeal}-{'returns' if o.returns_allowed else 'noreturns'}"
    )


@pytest.mark.parametrize("index", range(len(EVERY_COMBINATION)), ids=_name)
def test_round_trip_for_every_option(index: int, tmp_path: Path) -> None:
    base = EVERY_COMBINATION[index]
    options = CATALOG.options(
        base.variant, base.draw, base.scoring, base.redeal, base.returns_allowed, 1000 + 7919 * index
    )
    game = random_game(options, seed=index, actions=100 + 13 * index)
    assert "undo" in game.actions and "redo" in game.actions
    check_round_trip(game, tmp_path)


@st.composite
def game_options(draw: st.DrawFn) -> GameOptions:
    return CATALOG.options(
        draw(st.sampled_from(VARIANTS)),
        draw(st.sampled_from(DRAWS)),
        draw(st.sampled_from(SCORINGS)),
        draw(st.sampled_from(REDEALS)),
        draw(st.sampled_from(RETURNS)),
        draw(st.integers(0, DEAL_NUMBERS - 1)),
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options=game_options(), seed=st.integers(0, 2**32), actions=st.integers(100, 300))
def test_round_trip_of_random_games(options: GameOptions, seed: int, actions: int, tmp_path: Path) -> None:
    check_round_trip(random_game(options, seed, actions), tmp_path)


def test_every_event_tag_is_written_and_read() -> None:
    games = [random_game(options, seed, 300) for seed, options in enumerate(EVERY_COMBINATION)]
    won = log.replay(log.load(LOGS / "won-klondike.json"), CATALOG)
    tags = {
        event["tag"]
        for game in [*games, won]
        for entry in json.loads(log.dumps(log.log_of(game, CATALOG)))["actions"]
        for event in entry["events"]
    }
    assert tags == {"moved", "turned", "drawn", "recycled", "score", "won"}


def test_an_empty_game_round_trips(tmp_path: Path) -> None:
    game = CATALOG.game_from_code("TF1-D3VP2F-AAAAMBZ")
    written = check_round_trip(game, tmp_path)
    assert written.entries == ()
    assert json.loads(log.dumps(written))["actions"] == []


def test_the_example_from_the_format_page() -> None:
    """The log ``play KL1-D1N-AAAAAAG s t7>f --save`` writes, field by field."""
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    game.perform("s")
    game.perform("t7>f")
    data = json.loads(log.dumps(log.log_of(game, CATALOG)))
    header = data["header"]
    assert list(header) == [
        "code",
        "variant",
        "scoring",
        "redeal",
        "draw",
        "returns_allowed",
        "deal",
        "shuffle",
        "dealt",
    ]
    assert header["code"] == "KL1-D1N-AAAAAAG"
    assert header["variant"]["id"] == "klondike" and header["variant"]["package"] == "solitaire-framework"
    assert (header["scoring"]["id"], header["redeal"]["id"]) == ("normal", "unlimited")
    assert (header["draw"], header["returns_allowed"], header["deal"], header["shuffle"]) == (1, True, 6, 1)
    assert header["dealt"][:8] == ["AD", "2H", "7C", "7H", "4C", "9C", "9H", "JC"]
    assert header["dealt"][-4:] == ["TH", "JD", "9S", "6C"]
    assert data["actions"] == [
        {"action": "s", "events": [{"tag": "drawn", "cards": ["QH"]}]},
        {
            "action": "t7>f",
            "events": [
                {"tag": "moved", "src": "t7", "dst": "f2", "cards": ["AH"]},
                {"tag": "turned", "pile": "t7", "card": "4D"},
                {"tag": "score", "old": 0, "new": 15},
            ],
        },
    ]


def test_the_complete_example_of_the_format_page_is_what_play_writes() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "log-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```json\n(.*?)^```$", page, flags=re.MULTILINE | re.DOTALL)
    example = next(block for block in blocks if '"dealt": [' in block)
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for action in ("s", "t7>f", "s", "s", "w>f", "undo", "redo"):
        game.perform(action)
    written = log.log_of(game, CATALOG)
    shown = log.loads(example)
    assert shown.entries == written.entries
    unnamed = log.PluginRef("")  # the plugins' packages and versions aside
    assert attrs.evolve(shown.header, variant=unnamed, scoring=unnamed, redeal=unnamed) == attrs.evolve(
        written.header, variant=unnamed, scoring=unnamed, redeal=unnamed
    )
    replayed = log.replay(shown, CATALOG)
    assert (replayed.state.score, replayed.state.moves, replayed.state.waste[-1].text) == (25, 6, "JH")


def test_the_complete_example_is_of_the_current_version() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "log-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```json\n(.*?)^```$", page, flags=re.MULTILINE | re.DOTALL)
    example = next(block for block in blocks if '"dealt": [' in block)
    assert json.loads(example)["version"] == log.FORMAT_VERSION == 2


@pytest.mark.parametrize(
    ("code", "first"), [("SP1-D4S-AAAAAAG", '[{"tag": "dealt"'), ("GO1-D1G-AAAAAAG", '[{"tag": "drawn"')]
)
def test_the_format_page_shows_what_a_tap_of_the_stock_records(code: str, first: str) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "log-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```json\n(.*?)^```$", page, flags=re.MULTILINE | re.DOTALL)
    (shown,) = [json.loads(block) for block in blocks if block.startswith(first)]
    game = CATALOG.game_from_code(code)
    game.perform("s")
    written = json.loads(log.dumps(log.log_of(game, CATALOG)))
    assert written["actions"][0]["events"] == shown
    assert log.replay(log.loads(json.dumps(written)), CATALOG).state == game.state


def test_the_text_has_one_header_field_and_one_action_per_line() -> None:
    text = log.dumps(log.log_of(base_game(), CATALOG))
    lines = text.splitlines()
    assert lines[:4] == [
        "{",
        '  "format": "solitaire-log",',
        f'  "version": {log.FORMAT_VERSION},',
        '  "header": {',
    ]
    assert sum(line.startswith('    {"action": ') for line in lines) == 8
    assert text.endswith("\n  ]\n}\n")


# -- undo and redo in the log --------------------------------------------------------------------


def test_undo_and_redo_record_the_events_of_the_move_they_take_back_or_play_again() -> None:
    entries = log.log_of(base_game(), CATALOG).entries
    assert [entry.action for entry in entries] == ["s", "t7>f", "s", "s", "w>f", "undo", "redo", "s"]
    move = (CardsMoved("w", "f1", (Card.parse("AS"),)), ScoreChanged(15, 25))
    assert entries[4].events == entries[5].events == entries[6].events == move
    assert entries[7].events == (StockDrawn((Card.parse("QC"),)),)


def test_undo_at_the_end_replays_to_the_state_before_the_move_with_the_move_counter_kept() -> None:
    game = CATALOG.game_from_code("KL1-D1V-AAAAAAG")
    for action in ("t7>f", "s", "undo"):
        game.perform(action)
    replayed = log.replay(log.log_of(game, CATALOG), CATALOG)
    assert replayed.state == game.state
    assert (replayed.state.moves, replayed.state.score, len(replayed.state.waste)) == (2, -47, 0)
    assert replayed.can_redo


def test_a_game_over_the_history_limit_replays(tmp_path: Path) -> None:
    """More than 100 moves, then undo as far as it goes: the log keeps every action."""
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for _ in range(130):
        game.perform("s")
    while game.can_undo:
        game.undo()
    assert game.actions.count("undo") == 100
    check_round_trip(game, tmp_path)


def test_replay_until_stops_after_that_many_actions() -> None:
    written = log.log_of(base_game(), CATALOG)
    partial = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for count, entry in enumerate(written.entries):
        assert log.replay(written, CATALOG, until=count).state == partial.state
        partial.perform(entry.action)


def test_a_log_cut_after_any_action_still_replays() -> None:
    data = base_data()
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for count in range(len(data["actions"]) + 1):
        cut = {**data, "actions": data["actions"][:count]}
        assert log.replay(log.loads(json.dumps(cut)), CATALOG).state == game.state
        if count < len(data["actions"]):
            game.perform(data["actions"][count]["action"])


def test_a_won_game_log_replays_to_the_win() -> None:
    path = LOGS / "won-klondike.json"
    written = log.load(path)
    game = log.replay(written, CATALOG)
    assert game.is_won and game.code == "KL1-D1N-AAAAAAC"
    assert written.entries[-1].events[-1] == GameWon()
    assert sum(isinstance(e, WasteRecycled) for entry in written.entries for e in entry.events) == 1
    assert (game.state.score, game.state.moves, game.state.pass_number) == (610, 120, 2)
    # A version 1 log is written again as version 2, every other byte the same.
    old = path.read_text(encoding="utf-8")
    assert '"version": 1,' in old
    assert log.dumps(written) == old.replace('"version": 1,', f'"version": {log.FORMAT_VERSION},', 1)


# -- tampering -----------------------------------------------------------------------------------


def test_the_untampered_base_log_replays() -> None:
    assert log.replay(log.loads(json.dumps(base_data())), CATALOG).state == base_game().state


def test_a_tampered_card_is_named() -> None:
    data = base_data()
    assert data["actions"][3]["events"][0] == {"tag": "drawn", "cards": ["AS"]}
    data["actions"][3]["events"][0]["cards"] = ["KS"]
    error = refusal(data)
    assert error.where == "actions[3].events[0].cards"
    assert "KS" in error.problem and "AS" in error.problem


def test_a_tampered_moved_card_is_named() -> None:
    data = base_data()
    data["actions"][1]["events"][0]["cards"] = ["AS"]
    assert refusal(data).where == "actions[1].events[0].cards"


def test_a_tampered_turned_card_is_named() -> None:
    data = base_data()
    data["actions"][1]["events"][1]["card"] = "KS"
    assert refusal(data).where == "actions[1].events[1].card"


def test_a_tampered_destination_is_named() -> None:
    data = base_data()
    data["actions"][1]["events"][0]["dst"] = "f1"
    assert refusal(data).where == "actions[1].events[0].dst"


@pytest.mark.parametrize(("field", "value"), [("new", 1000), ("old", 0)])
def test_a_tampered_score_is_named(field: str, value: int) -> None:
    data = base_data()
    assert data["actions"][4]["events"][1] == {"tag": "score", "old": 15, "new": 25}
    data["actions"][4]["events"][1][field] = value
    error = refusal(data)
    assert error.where == f"actions[4].events[1].{field}"
    assert str(value) in error.problem


def test_two_actions_swapped_are_refused_at_the_first() -> None:
    data = base_data()
    data["actions"][2], data["actions"][3] = data["actions"][3], data["actions"][2]
    error = refusal(data)
    assert error.where == "actions[2].events[0].cards"
    assert "AS" in error.problem and "JH" in error.problem


def test_an_action_removed_is_refused_where_the_game_goes_another_way() -> None:
    data = base_data()
    del data["actions"][2]
    assert refusal(data).where == "actions[2].events[0].cards"


@pytest.mark.parametrize("action", ["w>t1", "f1>t1", "t1>t1", "redo"])
def test_an_illegal_action_is_named_with_its_rule(action: str) -> None:
    data = base_data()
    data["actions"][4]["action"] = action
    error = refusal(data)
    assert error.where == "actions[4].action"
    assert repr(action) in error.problem and "rule" in error.problem


@pytest.mark.parametrize("action", ["x>t1", "", "t1>", 7, None, ["s"]])
def test_an_action_that_is_not_a_move_is_named(action: object) -> None:
    data = base_data()
    data["actions"][4]["action"] = action
    assert refusal(data).where == "actions[4].action"


def test_an_undo_with_nothing_to_undo_is_refused() -> None:
    data = base_data()
    data["actions"].insert(0, {"action": "undo", "events": []})
    error = refusal(data)
    assert error.where == "actions[0].action"
    assert "history.nothing-to-undo" in error.problem


def test_tampered_undo_events_are_named() -> None:
    data = base_data()
    data["actions"][5]["events"][0]["cards"] = ["AH"]
    assert refusal(data).where == "actions[5].events[0].cards"


def test_the_first_wrong_entry_is_the_one_named() -> None:
    data = base_data()
    data["actions"][7]["events"][0]["cards"] = ["KS"]
    data["actions"][6]["events"][1]["new"] = 99
    data["actions"][3]["events"][0]["cards"] = ["KS"]
    assert refusal(data).where == "actions[3].events[0].cards"


@pytest.mark.parametrize(("first", "second"), [(10, 20), (0, 51), (27, 28)])
def test_a_dealt_order_that_does_not_match_the_deal_is_named(first: int, second: int) -> None:
    data = base_data()
    dealt = data["header"]["dealt"]
    dealt[first], dealt[second] = dealt[second], dealt[first]
    error = refusal(data)
    assert error.where == f"header.dealt[{first}]"
    assert "deal 6" in error.problem


def test_a_dealt_order_one_card_short_is_named_at_the_missing_card() -> None:
    data = base_data()
    data["header"]["dealt"] = data["header"]["dealt"][:51]
    assert refusal(data).where == "header.dealt[51]"


def test_a_dealt_order_one_card_long_is_named_at_the_extra_card() -> None:
    """52 cards match, the 53rd (index 52) is the first wrong entry."""
    data = base_data()
    data["header"]["dealt"] = [*data["header"]["dealt"], "AS"]
    assert refusal(data).where == "header.dealt[52]"


def test_a_dealt_order_with_a_card_left_out_is_named_at_the_first_difference() -> None:
    """Card 10 left out: entries 0..9 match, entry 10 is the first wrong one."""
    data = base_data()
    del data["header"]["dealt"][10]
    assert refusal(data).where == "header.dealt[10]"


def test_a_dealt_order_of_another_deal_is_named() -> None:
    data = base_data()
    data["header"]["dealt"] = [card.text for card in CATALOG.game_from_code("KL1-D1N-AAAAAAH").order]
    assert refusal(data).where == "header.dealt[0]"


@pytest.mark.parametrize(
    "code",
    [
        "KL1-D3N-AAAAAAG",  # another draw
        "KL1-D1V-AAAAAAG",  # another scoring
        "KL1-D1NF-AAAAAAG",  # returns forbidden
        "KL1-D1NP2-AAAAAAG",  # another redeal
        "TF1-D1N-AAAAAAG",  # another variant
        "KL1-D1N-AAAAAAH",  # another deal
        "",
        "not a code",
    ],
)
def test_a_header_code_that_does_not_match_the_options_is_named(code: str) -> None:
    data = base_data()
    data["header"]["code"] = code
    error = refusal(data)
    assert error.where == "header.code"
    assert "KL1-D1N-AAAAAAG" in error.problem


@pytest.mark.parametrize(
    ("field", "value"),
    [("draw", 3), ("returns_allowed", False), ("deal", 7), ("variant", {"id": "reflechi"})],
)
def test_options_that_do_not_match_the_code_are_refused_at_the_code(field: str, value: object) -> None:
    data = base_data()
    data["header"][field] = value
    assert refusal(data).where == "header.code"


def test_an_event_removed_at_the_end_is_named() -> None:
    data = base_data()
    data["actions"][1]["events"].pop()
    error = refusal(data)
    assert error.where == "actions[1].events"
    assert "2" in error.problem and "3" in error.problem


def test_an_event_removed_in_the_middle_is_named() -> None:
    data = base_data()
    del data["actions"][1]["events"][1]
    assert refusal(data).where == "actions[1].events[1].tag"


@pytest.mark.parametrize(
    "event", [{"tag": "won"}, {"tag": "score", "old": 15, "new": 15}, {"tag": "recycled", "count": 0}]
)
def test_an_event_added_is_named(event: dict[str, Any]) -> None:
    data = base_data()
    data["actions"][1]["events"].append(event)
    assert refusal(data).where == "actions[1].events"
    data = base_data()
    data["actions"][1]["events"].insert(0, event)
    assert refusal(data).where == "actions[1].events[0].tag"


def test_an_event_of_another_kind_is_named() -> None:
    data = base_data()
    data["actions"][0]["events"][0] = {"tag": "recycled", "count": 1}
    error = refusal(data)
    assert error.where == "actions[0].events[0].tag"
    assert "'recycled'" in error.problem and "'drawn'" in error.problem


def test_an_extra_action_after_the_end_is_checked_too() -> None:
    data = base_data()
    data["actions"].append({"action": "s", "events": [{"tag": "drawn", "cards": ["KS"]}]})
    assert refusal(data).where == "actions[8].events[0].cards"


# -- older versions ------------------------------------------------------------------------------


def test_version_0_is_upgraded_on_load() -> None:
    text = (LOGS / "version-0.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    assert raw["version"] == 0 and raw["header"]["variant"] == "klondike"
    upgraded = log.load(LOGS / "version-0.json")
    assert upgraded.header.variant == log.PluginRef("klondike", None, None)
    assert upgraded.header.scoring == log.PluginRef("vegas", None, None)
    assert upgraded.header.redeal == log.PluginRef("passes:3", None, None)
    assert upgraded.header.code == "KL1-D3VP3F-AAAAAAG"
    assert (upgraded.header.draw, upgraded.header.returns_allowed) == (3, False)
    assert len(upgraded.entries) == 17


def test_version_0_replays_to_the_expected_final_state() -> None:
    game = log.replay(log.load(LOGS / "version-0.json"), CATALOG)
    state = state_to_dict(game.state, game.rules, game.code)
    assert (state["score"], state["score_text"], state["moves"], state["pass"], state["won"]) == (
        -37,
        "-$37",
        15,
        1,
        False,
    )
    assert state["foundations"] == [["AS"], ["AH"], ["AD"], []]
    assert state["stock"] == ["6C", "9S", "JD", "TH", "AC", "TD"]
    assert state["waste"][-3:] == ["8S", "2D", "5S"]
    assert state["tableau"][0] == {"down": [], "up": ["KC"]}
    assert state["tableau"][5] == {"down": ["9C", "KH", "JS"], "up": ["5H", "4S"]}
    assert game.actions[-3:] == ["undo", "redo", "undo"] and game.can_redo
    same = CATALOG.game_from_code("KL1-D3VP3F-AAAAAAG")
    for action in json.loads((LOGS / "version-0.json").read_text(encoding="utf-8"))["actions"]:
        same.perform(action["action"])
    assert same.state == game.state and same.journal == game.journal


def test_an_upgraded_log_is_written_as_the_current_version() -> None:
    upgraded = log.load(LOGS / "version-0.json")
    data = json.loads(log.dumps(upgraded))
    assert data["version"] == log.FORMAT_VERSION
    assert data["header"]["variant"] == {"id": "klondike", "package": None, "version": None}
    assert log.loads(log.dumps(upgraded)) == upgraded


def test_version_0_tampering_is_still_refused() -> None:
    data = json.loads((LOGS / "version-0.json").read_text(encoding="utf-8"))
    tampered = copy.deepcopy(data)
    tampered["actions"][6]["events"][1]["new"] = -30
    assert refusal(tampered).where == "actions[6].events[1].new"
    tampered = copy.deepcopy(data)
    tampered["header"]["variant"] = {"id": "klondike"}  # version 1 form in a version 0 log
    assert refusal(tampered).where.startswith("header.variant")


@pytest.mark.parametrize("version", [3, 99, -1, 10**400])
def test_a_version_not_known_here_is_refused(version: int) -> None:
    data = base_data()
    data["version"] = version
    error = refusal(data)
    assert error.where == "version"
    assert f"format version {version} is not known" in error.problem


@pytest.mark.parametrize("version", ["1", 1.0, None, True, [1]])
def test_a_version_that_is_not_a_number_is_refused(version: object) -> None:
    data = base_data()
    data["version"] = version
    assert refusal(data).where == "version"
