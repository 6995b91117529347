"""Golf: every verdict of the game's solver checked against an exhaustive search
without any pruning.

Run:  .venv/bin/python benchmarks/golf.py [--deals N] [--first N] [--timeout S]

Defaults: deals 1..200, 10 s a deal for each search.  For each deal, the variant's
solver (``Variant.solver``: the generic search of ``core/search.py``) gives its verdict
within --timeout seconds; a winning line is played through the engine to a win.  The
check is written here, independently of the solver: a plain depth-first search over
the variant's legal moves (``Ruleset.legal_moves``, ``Ruleset.transition``) with a
visited set of whole positions (every pile's cards and the pass; no canonical key, no
macro move, no safe move), which says "unwinnable" only when it has seen every
reachable position.  Golf is small enough for that: a position is seven column heights,
the stock's size and the foundation's top card.

A contradiction is a deal both decide differently, or a winning line that does not
win: there must be none.  Times are CPU seconds of this process (time.process_time),
which other work on a busy machine weighs on less than the wall clock.  Progress goes
to stderr, a line a deal; the figures to stdout at the end.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"


def exhaustive(state: State, rules: Ruleset, timeout: float) -> str:
    """The verdict of a plain depth-first search of every reachable position."""
    deadline = time.monotonic() + timeout
    seen = {(state.piles, state.pass_number)}
    stack = [state]
    while stack:
        here = stack.pop()
        if rules.is_won(here):
            return WINNABLE
        if len(seen) & 1023 == 0 and time.monotonic() > deadline:
            return UNKNOWN
        for move in rules.legal_moves(here):
            _, after = rules.transition(here, move)
            mark = (after.piles, after.pass_number)
            if mark not in seen:
                seen.add(mark)
                stack.append(after)
    return UNWINNABLE


def times(label: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{label}: no deals"
    return (
        f"{label}: median {statistics.median(seconds):.3f} s, mean {statistics.fmean(seconds):.3f} s,"
        f" max {max(seconds):.3f} s a deal"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="seconds a deal for each search (default 10)"
    )
    args = parser.parse_args()
    catalog = new_catalog(entry_points=False)
    ours_counts = dict.fromkeys((WINNABLE, UNWINNABLE, UNKNOWN), 0)
    check_counts = dict.fromkeys((WINNABLE, UNWINNABLE, UNKNOWN), 0)
    agree = 0
    contradictions: list[str] = []
    ours_times: list[float] = []
    check_times: list[float] = []
    for deal in range(args.first, args.first + args.deals):
        game = catalog.new_game(catalog.options("golf", deal=deal))
        solver = game.rules.variant.solver()
        assert solver is not None
        started = time.process_time()
        result = solver.solve(game.state, game.rules, timeout=args.timeout)
        ours_times.append(time.process_time() - started)
        started = time.process_time()
        checked = exhaustive(game.state, game.rules, args.timeout)
        check_times.append(time.process_time() - started)
        ours_counts[result.verdict] += 1
        check_counts[checked] += 1
        note = ""
        if result.verdict == WINNABLE:
            replay = catalog.new_game(catalog.options("golf", deal=deal))
            for action in result.solution:
                replay.perform(action)
            if not replay.is_won:
                contradictions.append(f"{game.code}: the winning line does not win")
                note = " LINE DOES NOT WIN"
        if UNKNOWN not in (result.verdict, checked):
            if result.verdict == checked:
                agree += 1
            else:
                contradictions.append(f"{game.code}: ours {result.verdict}, exhaustive {checked}")
                note += " CONTRADICTION"
        print(
            f"{game.code} ours {result.verdict} {ours_times[-1]:.3f}s"
            f" exhaustive {checked} {check_times[-1]:.3f}s{note}",
            file=sys.stderr,
            flush=True,
        )
    print(
        f"Golf, deals {args.first}..{args.first + args.deals - 1}, {args.timeout:g} s a deal for each search"
    )
    print("ours:       " + ", ".join(f"{count} {verdict}" for verdict, count in ours_counts.items()))
    print("exhaustive: " + ", ".join(f"{count} {verdict}" for verdict, count in check_counts.items()))
    print(f"both decided and agree: {agree}; contradictions: {len(contradictions)}")
    for line in contradictions:
        print("  " + line)
    print(times("ours", ours_times))
    print(times("exhaustive", check_times))
    return 1 if contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
