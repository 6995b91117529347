"""Spider: the share of deals the game's solver decides within a time limit, in one,
two and four suits.

Run:  .venv/bin/python benchmarks/spider.py [--deals N] [--first N] [--timeout S] [--suits 1,2,4]

Defaults: deals 1..200, 10 s a deal, every suit count (the number after ``D`` in a
Spider code: ``solitaire play SP1-D2S-...`` is two suits).  For each deal the variant's
solver (``Variant.solver``: the generic search of ``core/search.py``, which knows the
face-down cards: the "thoughtful" verdict) gets --timeout seconds of this process's CPU
time (``GenericSolver(clock=time.process_time)``: the machine may be shared); every winning line
is played through the engine and must win.  Printed per suit count: the share decided
within the timeout (the target for one suit is at least 99%), the winnable, unwinnable
and unknown counts, the median time (wall clock and CPU seconds of this process), and
any line that does not win.  Progress goes to stderr, a line a deal.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from solitaire.core.search import GenericSolver
from solitaire.plugins.builtins import new_catalog

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a deal (default 10)")
    parser.add_argument("--suits", default="1,2,4", help="suit counts, comma-separated (default 1,2,4)")
    args = parser.parse_args()
    catalog = new_catalog(entry_points=False)
    solver = GenericSolver(clock=time.process_time)
    failed: list[str] = []
    summary: list[str] = []
    for suits in (int(word) for word in args.suits.split(",")):
        counts = dict.fromkeys((WINNABLE, UNWINNABLE, UNKNOWN), 0)
        wall: list[float] = []
        cpu: list[float] = []
        for deal in range(args.first, args.first + args.deals):
            options = catalog.options("spider", draw=suits, deal=deal)
            game = catalog.new_game(options)
            assert isinstance(game.rules.variant.solver(), GenericSolver)
            started, started_cpu = time.monotonic(), time.process_time()
            result = solver.solve(game.state, game.rules, timeout=args.timeout)
            wall.append(time.monotonic() - started)
            cpu.append(time.process_time() - started_cpu)
            counts[result.verdict] += 1
            note = ""
            if result.verdict == WINNABLE:
                replay = catalog.new_game(options)
                for action in result.solution:
                    replay.perform(action)
                if not replay.is_won:
                    failed.append(f"{game.code}: the winning line does not win")
                    note = " LINE DOES NOT WIN"
                else:
                    note = f" {len(result.solution)} actions, won"
            print(
                f"{game.code} {result.verdict} {result.nodes} positions"
                f" {wall[-1]:.2f}s ({cpu[-1]:.2f}s CPU){note}",
                file=sys.stderr,
                flush=True,
            )
        decided = counts[WINNABLE] + counts[UNWINNABLE]
        summary.append(
            f"{suits} suit{'s' if suits > 1 else ''}: decided {decided}/{args.deals}"
            f" ({100 * decided / args.deals:.1f}%); "
            + ", ".join(f"{count} {verdict}" for verdict, count in counts.items())
            + f"; median {statistics.median(wall):.2f} s ({statistics.median(cpu):.2f} s CPU)"
        )
    print(f"Spider, deals {args.first}..{args.first + args.deals - 1}, {args.timeout:g} s a deal")
    for line in summary:
        print(line)
    print(f"winning lines that do not win: {len(failed)}")
    for line in failed:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
