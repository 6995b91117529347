"""Aces Up: every verdict of the game's solver checked against an exhaustive search
without any pruning.

Run:  .venv/bin/python benchmarks/aces_up.py [--deals N] [--first N] [--timeout S] [--oracle-limit N]

Defaults: deals 1..200, 10 s a deal for our solver, 2,000,000 positions for the check.
For each deal, the variant's solver (``Variant.solver``) gives its verdict within
--timeout CPU seconds; a winning line is played through the engine to a win.  The
check is written independently of the solver and of the engine's rules, from the
rules of Aces Up alone (``tests/helpers/aces_up_oracle.py``, tested against the
engine's legal moves in ``tests/solver/test_aces_up_oracle.py``): the deal's cards are
read from the engine's dealt position, then a plain depth-first search walks every
reachable position with a visited set keyed by (the four columns in their order, the
stock's size), which is exact for Aces Up, without pruning and without safe moves.
It gives up ("unknown") past --oracle-limit positions; its line, when it finds one,
is played through the engine too.

A contradiction is a deal both decide differently, or a winning line that does not
win: there must be none.  Times are CPU seconds of this process (time.process_time),
which other work on a busy machine weighs on less than the wall clock.  Progress goes
to stderr, a line a deal; the figures to stdout at the end.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from golf import UNKNOWN, UNWINNABLE, WINNABLE, cpu_clocked, shares, times

from solitaire.core.registry import Catalog
from solitaire.plugins.builtins import new_catalog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))
from aces_up_oracle import Deal


def wins(catalog: Catalog, deal: int, line: tuple[str, ...] | list[str]) -> bool:
    """Whether ``line`` played through the engine wins the deal."""
    replay = catalog.new_game(catalog.options("aces-up", deal=deal))
    for action in line:
        replay.perform(action)
    return replay.is_won


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="CPU seconds a deal for our solver (default 10)"
    )
    parser.add_argument(
        "--oracle-limit",
        type=int,
        default=2_000_000,
        help="positions the exhaustive search may see a deal (default 2,000,000)",
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
        game = catalog.new_game(catalog.options("aces-up", deal=deal))
        solver = cpu_clocked(game.rules.variant.solver())
        started = time.process_time()
        result = solver.solve(game.state, game.rules, timeout=args.timeout, max_nodes=10**9)
        ours_times.append(time.process_time() - started)
        started = time.process_time()
        won, check_line, _ = Deal.of(game.state).solve(limit=args.oracle_limit)
        check_times.append(time.process_time() - started)
        checked = UNKNOWN if won is None else WINNABLE if won else UNWINNABLE
        ours_counts[result.verdict] += 1
        check_counts[checked] += 1
        note = ""
        for who, verdict, actions in (
            ("ours", result.verdict, result.solution),
            ("exhaustive", checked, tuple(check_line)),
        ):
            if verdict == WINNABLE and not wins(catalog, deal, actions):
                contradictions.append(f"{game.code}: the {who} winning line does not win")
                note += f" {who.upper()} LINE DOES NOT WIN"
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
        f"Aces Up, deals {args.first}..{args.first + args.deals - 1}: ours {args.timeout:g} CPU s a deal,"
        f" the exhaustive search {args.oracle_limit:,} positions a deal"
    )
    print("ours:       " + shares(ours_counts))
    print("exhaustive: " + shares(check_counts))
    print(f"both decided and agree: {agree}; contradictions: {len(contradictions)}")
    for line in contradictions:
        print("  " + line)
    print(times("ours", ours_times))
    print(times("exhaustive", check_times))
    return 1 if contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
