"""Hint latency in Réfléchi, from positions of random play.

Run:  .venv/bin/python benchmarks/reflechi_hints.py [--positions N] [--seed S] [--draw 1|3]

Random play (some undo and redo) from random deals stops after a random number
of actions; the hint for that position is timed, as the player asks for it:
through the catalog's hint providers, the solver-backed one first.  The
provider remembers the winning lines it found, so each position is timed twice:
"cold" with that memory emptied first (the first hint of a game, or one asked
away from the line last hinted), and "warm" right after (the next hint along a
line).  Prints median, mean, 90th percentile and maximum of each, and how many
hints the solver gave (the rest fell back to the heuristic: no win found within
the hint's budget, or none exists).  Target: median <= 100 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from solitaire.core.playout import play_randomly
from solitaire.plugins import solver_hints
from solitaire.plugins.builtins import new_catalog


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="positions timed (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3, help="cards per tap (default 3)")
    args = parser.parse_args()

    catalog = new_catalog(entry_points=False)
    rng = random.Random(args.seed)
    cold: list[float] = []
    warm: list[float] = []
    by_solver = 0
    for _ in range(args.positions):
        options = catalog.options(variant="reflechi", draw=args.draw, deal=rng.randrange(2**35))
        game = play_randomly(catalog.new_game(options), rng, rng.randrange(0, 120), undo=0.05, redo=0.03)
        solver_hints.known.clear()
        start = time.perf_counter()
        hint = catalog.hint(game.state, game.rules)
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        catalog.hint(game.state, game.rules)
        warm.append(time.perf_counter() - start)
        by_solver += "winning line" in hint.reason("en")

    print(f"Réfléchi hints, draw {args.draw}: {args.positions} positions of random play (seed {args.seed})")
    print(f"  solver budget per hint: {solver_hints.HINT_NODES:,} positions or {solver_hints.HINT_SECONDS} s")
    for name, times in (("cold", cold), ("warm", warm)):
        ordered = [seconds * 1000 for seconds in sorted(times)]
        print(
            f"  {name}  median {statistics.median(ordered):7.1f} ms   mean {statistics.mean(ordered):7.1f} ms"
            f"   p90 {ordered[int(0.9 * (len(ordered) - 1))]:7.1f} ms   max {ordered[-1]:7.1f} ms"
        )
    print(f"  hints from a winning line: {by_solver} of {args.positions}; the rest from the heuristic")
    print("  target: median <= 100 ms")


if __name__ == "__main__":
    main()
