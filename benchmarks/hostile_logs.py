"""Hostile-log figures: the worst files up to the size cap, and how many hostile cases the tests throw.

Run:  .venv/bin/python benchmarks/hostile_logs.py [--megabytes M] [--only NAME ...] [--no-count]

Builds each case as a file of up to ``--megabytes`` (default: the cap, 16 MiB), then runs
``solitaire replay FILE`` on it in a process of its own and prints its exit status, the
start of its message, the time and the peak memory (``ru_maxrss``: the whole process,
Python and the program included), with the targets of the hostile-input issue: every
file up to the cap refused or replayed in <= 10 s with <= 300 MB.  The time depends on
the machine and how busy it is.

The cases: entries wrong by the million (a list of numbers or of non-cards where the
dealt order belongs, wrong cards in an event, wrong actions), as many objects as the
limit allows and more, deep nesting, huge strings (the code, an action, a key, a
package name), a key given twice, and valid logs of some 240,000 actions (as the game
writes them, and written compactly: the most actions 16 MiB can hold).

Then it counts the hostile cases the tests throw at each input (argv, codes, logs,
store files, plugins): the test cases of the test files that feed that input, a
parametrized test counting each of its parameters and a property test (hypothesis)
the examples its settings allow (``SOLITAIRE_TESTS=thorough`` allows more).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solitaire.plugins.builtins import new_catalog

MIB = 1024 * 1024
LIMITS = {"seconds": 10.0, "megabytes": 300.0}


# -- the cases -----------------------------------------------------------------------------------


def _base() -> dict[str, Any]:
    from solitaire.core import log
    from solitaire.core.game import parse_action

    catalog = new_catalog(entry_points=False)
    game = catalog.game_from_code("KL1-D1N-AAAAAAG")
    for action in ("s", "t7>f", "s"):
        game.perform(parse_action(action))
    data: dict[str, Any] = json.loads(log.dumps(log.log_of(game, catalog)))
    return data


def _fill(unit: str, size: int) -> int:
    """How many ``unit`` (plus a comma) fit in ``size`` bytes."""
    return max(1, (size - 100) // (len(unit) + 1))


def _with(path: tuple[str | int, ...], items: str, size: int) -> str:
    """The real log with the value at ``path`` replaced by a list of ``items`` filling ``size``."""
    data = _base()
    marker = "@@FILL@@"
    node: Any = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = marker
    text = json.dumps(data, separators=(",", ":"))
    count = _fill(items, size - len(text))
    return text.replace(json.dumps(marker), "[" + ",".join([items] * count) + "]")


def _marked(path: tuple[str | int, ...]) -> str:
    """The base log as compact JSON, with the value at ``path`` a marker to fill in."""
    data = _base()
    node: Any = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = "@@FILL@@"
    return json.dumps(data, separators=(",", ":"))


def _string_at(path: tuple[str | int, ...], prefix: str, size: int) -> str:
    text = _marked(path)
    return text.replace("@@FILL@@", prefix + "x" * (size - len(text) - len(prefix)))


def _nested(path: tuple[str | int, ...], size: int) -> str:
    text = _marked(path)
    depth = (size - len(text)) // 2
    return text.replace('"@@FILL@@"', "[" * depth + "]" * depth)


def _key_at(path: tuple[str | int, ...], size: int) -> str:
    data = _base()
    node: Any = data
    for step in path:
        node = node[step]
    node["@@FILL@@"] = 1
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("@@FILL@@", "k" * (size - len(text)))


def _valid(size: int, *, compact: bool) -> str:
    """A real game of stock taps (draws and recycles), as long as ``size`` allows."""
    from solitaire.core import log
    from solitaire.core.game import parse_action

    catalog = new_catalog(entry_points=False)
    game = catalog.game_from_code("KL1-D1N-AAAAAAG")
    tap = parse_action("s")
    per_action = 57 if compact else 68
    for _ in range((size - 3000) // per_action):
        game.perform(tap)
    text = log.dumps(log.log_of(game, catalog))
    if compact:
        text = json.dumps(json.loads(text), separators=(",", ":"))
    return text


def _duplicate_key(size: int) -> str:
    """A long valid game, then ``actions`` once more: a tampered win a reader may take."""
    text = _valid(size - 200, compact=False)
    return text[:-2] + ',"actions":[{"action":"w>f","events":[{"tag":"won"}]}]}\n'


def _under_the_limit(unit: str) -> int:
    """The size of a list of ``unit`` that the memory estimate still lets through."""
    from solitaire.core import log

    per_unit = log.parsed_size("[" + ",".join([unit] * 1000) + "]") / 1000
    return int((log.MAX_PARSED_BYTES - 100_000) / per_unit * (len(unit) + 1))


def _objects(size: int) -> str:
    return _with(("actions",), "{}", min(size, _under_the_limit("{}")))


CASES: dict[str, Callable[[int], str]] = {
    "dealt: numbers": lambda size: _with(("header", "dealt"), "1", size),
    "dealt: 'XX'": lambda size: _with(("header", "dealt"), '"XX"', size),
    "dealt: 52 cards and more": lambda size: _with(("header", "dealt"), '"AS"', size),
    "event cards: 'XX'": lambda size: _with(("actions", 0, "events", 0, "cards"), '"XX"', size),
    "events: won": lambda size: _with(("actions", 0, "events"), '{"tag":"won"}', size),
    "events: won, up to the memory limit": lambda size: _with(
        ("actions", 0, "events"), '{"tag":"won"}', min(size, _under_the_limit('{"tag":"won"}'))
    ),
    "dealt: floats": lambda size: _with(("header", "dealt"), "1.5", size),
    "actions: not text": lambda size: _with(("actions",), '{"action":1,"events":[]}', size),
    "actions: empty objects, up to the memory limit": _objects,
    "actions: empty lists, as many as fit": lambda size: _with(("actions",), "[]", size),
    "nesting: [[[[...": lambda size: "[" * size,
    "nesting: in the header": lambda size: _nested(("header", "code"), size),
    "string: header.code": lambda size: _string_at(("header", "code"), "KL1-D1N-", size),
    "string: an action": lambda size: _string_at(("actions", 0, "action"), "t1>", size),
    "string: a package name": lambda size: _string_at(("header", "variant", "package"), "", size),
    "string: a key": lambda size: _key_at(("header",), size),
    "a key given twice": _duplicate_key,
    "valid: as the game writes it": lambda size: _valid(size, compact=False),
    "valid: compact, the most actions": lambda size: _valid(size, compact=True),
}


# -- one case, in a process of its own -----------------------------------------------------------


def measure(path: str) -> dict[str, Any]:
    """Run ``solitaire replay FILE`` here; the exit status, message, time and peak memory."""
    from solitaire.frontends.cli.main import run

    err = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = run(["replay", path])
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    if sys.platform == "darwin":
        peak /= 1024  # bytes there
    message = err.getvalue().removeprefix(path + ": ")
    return {"status": status, "message": message, "seconds": seconds, "megabytes": peak}


def build(name: str, size: int, path: Path) -> None:
    """Write case ``name`` to ``path`` in a process of its own, so that this one stays small:
    a child's peak memory counts what it had when it was forked."""
    subprocess.run(
        [sys.executable, __file__, "--build", name, "--size", str(size), "--measure", str(path)], check=True
    )


def run_case(path: Path) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, __file__, "--measure", str(path)], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        return {"status": None, "message": result.stderr.strip()[-200:], "seconds": 0.0, "megabytes": 0.0}
    figures: dict[str, Any] = json.loads(result.stdout)
    return figures


# -- the hostile cases the tests throw ------------------------------------------------------------

#: Input and the test files (or test names in them) that feed it.
INPUTS: dict[str, list[str]] = {
    "argv": ["tests/cli/test_cli.py", "tests/cli/test_output_encoding.py"],
    "codes": ["tests/core/test_codes.py", "tests/log/test_limits.py::*code*"],
    "logs": [
        "tests/log/test_hostile.py",
        "tests/log/test_log.py",
        "tests/log/test_replay_cli.py",
        "tests/log/test_limits.py::*entries*",
        "tests/log/test_limits.py::*log*",
        "tests/log/test_limits.py::*objects*",
        "tests/log/test_save_target.py",
    ],
    "store files": ["tests/store", "tests/log/test_limits.py::*store*"],
    "plugins": ["tests/plugins", "tests/core/test_plugins.py"],
}


class _Collector:
    def __init__(self) -> None:
        self.items: list[tuple[str, int]] = []

    def pytest_collection_modifyitems(self, items: list[Any]) -> None:
        for item in items:
            inner = getattr(item, "obj", None)
            examples = getattr(
                getattr(inner, "_hypothesis_internal_use_settings", None), "max_examples", None
            )
            self.items.append((item.nodeid, int(examples) if examples else 1))


def count_tests(root: Path) -> dict[str, tuple[int, int]]:
    """Per input: (tests, cases): the test cases, and the cases they throw (examples counted)."""
    import fnmatch

    import pytest

    collector = _Collector()
    folders = sorted({entry.partition("::")[0] for entries in INPUTS.values() for entry in entries})
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *folders], plugins=[collector])
    counts: dict[str, tuple[int, int]] = {}
    for name, entries in INPUTS.items():
        tests = cases = 0
        for nodeid, examples in collector.items:
            for entry in entries:
                place, _, pattern = entry.partition("::")
                if nodeid.startswith(place) and (
                    not pattern or fnmatch.fnmatch(nodeid.partition("::")[2], pattern)
                ):
                    tests += 1
                    cases += examples
                    break
        counts[name] = (tests, cases)
    return counts


# -- the report ----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--megabytes", type=float, default=16, help="the size of each file in MiB (16: the cap)"
    )
    parser.add_argument("--only", nargs="*", default=None, help="only the cases whose name contains this")
    parser.add_argument("--no-count", action="store_true", help="do not count the tests' hostile cases")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--count-tests", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--build", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    if args.build:
        Path(args.measure).write_text(CASES[args.build](args.size), encoding="utf-8")
        return
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return
    if args.count_tests:
        os.chdir(root)
        print(json.dumps(count_tests(root)))
        return

    from solitaire.core import log

    size = min(int(args.megabytes * MIB), log.MAX_LOG_BYTES)
    print(
        f"Each file up to {size:,} bytes; targets: <= {LIMITS['seconds']:g} s, <= {LIMITS['megabytes']:g} MB"
    )
    print(f"{'case':46} {'bytes':>11} {'exit':>4} {'s':>6} {'MB':>6}  message")
    worst = {"seconds": 0.0, "megabytes": 0.0}
    with tempfile.TemporaryDirectory(prefix="hostile-logs-") as folder:
        for name in CASES:
            if args.only and not any(part in name for part in args.only):
                continue
            path = Path(folder) / "case.json"
            build(name, size, path)
            figures = run_case(path)
            over = figures["seconds"] > LIMITS["seconds"] or figures["megabytes"] > LIMITS["megabytes"]
            for key in worst:
                worst[key] = max(worst[key], figures[key])
            message = figures["message"].strip().replace("\n", " ")
            print(
                f"{name:46} {path.stat().st_size:>11,} {figures['status']!s:>4} {figures['seconds']:6.2f}"
                f" {figures['megabytes']:6.0f}  {message[:90]}{'  OVER THE TARGET' if over else ''}"
            )
    print(f"worst: {worst['seconds']:.2f} s, {worst['megabytes']:.0f} MB")
    if args.no_count:
        return
    print("\nHostile cases the tests throw at each input (parameters; a property test counts its examples):")
    for profile in ("ci", "thorough"):
        env = {key: value for key, value in os.environ.items() if key != "SOLITAIRE_TESTS"}
        if profile == "thorough":
            env["SOLITAIRE_TESTS"] = "thorough"
        result = subprocess.run(
            [sys.executable, __file__, "--count-tests"],
            capture_output=True,
            text=True,
            check=False,
            cwd=root,
            env=env,
        )
        if result.returncode != 0:
            print("the tests could not be counted:", result.stderr.strip()[-300:])
            return
        label = "by default" if profile == "ci" else "with SOLITAIRE_TESTS=thorough"
        counts = json.loads(result.stdout)
        print(
            f"  {label}: "
            + ", ".join(f"{name} {cases:,} ({tests:,} tests)" for name, (tests, cases) in counts.items())
        )


if __name__ == "__main__":
    main()
