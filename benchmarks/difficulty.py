"""Calibrate the difficulty levels (core/difficulty.py): rerun when the solver changes.

Run:  .venv/bin/python benchmarks/difficulty.py [--deals N] [--timeout S] [--first N] [--variant ID ...]
                                                [--dry-run]

For every built-in game and every draw it offers, deals --first .. --first+N-1 of the
game's own deal numbers (default 60) are solved with the winnable-deal search's budget
(difficulty.BUDGET positions, --timeout seconds a deal, default 3).  The effort of a
win is the positions searched before it was found (SolveResult.nodes; a deal cut off by
the timeout is left out, as it would be by the search).  The thresholds are the
terciles of the effort among the deals found winnable; they are written into the table
of core/difficulty.py (unless --dry-run), and printed with the share of winnable deals
and the effort's median.

The effort is the same on every machine only where the win does not depend on the
clock: the solver's best-first phase gets a share of the seconds as well as of the
positions, and a win the complete phase finds after the time cut that phase short
comes after a count of positions that depends on the machine's speed.  So each win is
solved again with BUDGET positions and no time limit, and the thresholds must give it
the same level both ways.  A game gets no thresholds (it then has no levels) when the
sample has fewer than 6 winnable deals; when its wins do not fill all three levels (in
Clock, whose play is forced, every win takes the same effort); or when some win's level
depends on the clock (Forty Thieves, whose wins come from the complete phase).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

from solitaire.core import difficulty
from solitaire.core.solver import solve
from solitaire.plugins.builtins import new_catalog

TABLE = Path(difficulty.__file__)


def terciles(efforts: list[int]) -> tuple[int, int]:
    """The efforts below which a third and two thirds of ``efforts`` lie."""
    ordered = sorted(efforts)
    count = len(ordered)
    return ordered[(count - 1) // 3], ordered[(2 * count - 1) // 3]


#: A win: its effort within --timeout seconds, and within difficulty.BUDGET positions
#: with no time limit (None: not won so, which makes it hard).
Win = tuple[int, int | None]


def levels(wins: list[Win]) -> tuple[tuple[int, int] | None, str]:
    """The thresholds for ``wins``, or None and why not: too few wins to tell, a level
    that would hold none of them (the efforts do not spread), or a win whose level
    depends on the clock."""
    efforts = [timed for timed, _ in wins]
    if len(efforts) < 6:
        return None, "fewer than 6 wins"
    easy, medium = terciles(efforts)
    if not any(easy < effort <= medium for effort in efforts) or max(efforts) <= medium:
        return None, "the efforts do not spread over three levels"

    def level(nodes: int | None) -> int:
        return 2 if nodes is None else 0 if nodes <= easy else 1 if nodes <= medium else 2

    moved = sum(level(timed) != level(untimed) for timed, untimed in wins)
    if moved:
        return None, f"{moved} of {len(wins)} wins change level without the time limit"
    return (easy, medium), ""


def calibrate(variant_id: str, draw: int, deals: int, first: int, timeout: float) -> list[Win]:
    """The wins of the sample: each deal solved within ``timeout`` seconds, and each
    win again with no time limit."""
    catalog = new_catalog(entry_points=False)
    numbers = catalog.variant(variant_id).deal_numbers
    wins: list[Win] = []
    for offset in range(deals):
        options = catalog.options(variant_id, draw=draw, deal=numbers[first + offset])
        game = catalog.new_game(options)
        result = solve(game.state, game.rules, max_nodes=difficulty.BUDGET, timeout=timeout)
        if result.verdict == "winnable":
            game = catalog.new_game(options)
            again = solve(game.state, game.rules, max_nodes=difficulty.BUDGET)
            wins.append((result.nodes, again.nodes if again.verdict == "winnable" else None))
    return wins


def write(table: dict[tuple[str, int], tuple[int, int]]) -> None:
    lines = ["#: (variant, draw) -> (most positions for easy, most positions for medium)"]
    lines.append("THRESHOLDS: dict[tuple[str, int], tuple[int, int]] = {")
    lines.extend(
        f"    ({variant!r}, {draw}): ({easy}, {medium}),"
        for (variant, draw), (easy, medium) in sorted(table.items())
    )
    lines.append("}")
    text = TABLE.read_text(encoding="utf-8")
    block = "# -- thresholds begin --\n" + "\n".join(lines) + "\n# -- thresholds end --"
    text = re.sub(r"# -- thresholds begin --\n.*?# -- thresholds end --", lambda _: block, text, flags=re.S)
    TABLE.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--variant", action="append", help="only these games (default: every built-in)")
    parser.add_argument("--dry-run", action="store_true", help="print the table, do not write it")
    args = parser.parse_args(argv)
    catalog = new_catalog(entry_points=False)
    table = dict(difficulty.THRESHOLDS)
    print(f"{'game':<20} {'draw':>4} {'winnable':>9} {'median':>8} {'easy ≤':>8} {'medium ≤':>9} {'s':>6}")
    for variant_id in args.variant or list(catalog.variants):
        variant = catalog.variant(variant_id)
        for draw in variant.draws:
            started = time.monotonic()
            wins = calibrate(variant_id, draw, args.deals, args.first, args.timeout)
            seconds = time.monotonic() - started
            share = f"{len(wins)}/{args.deals}"
            bounds, why = levels(wins)
            if bounds is None:
                table.pop((variant_id, draw), None)
                row = f"{variant_id:<20} {draw:>4} {share:>9} {'-':>8} {'-':>8} {'-':>9} {seconds:>6.1f}"
                print(f"{row}  {why}", flush=True)
                continue
            table[variant_id, draw] = bounds
            median = int(statistics.median(timed for timed, _ in wins))
            easy, medium = bounds
            print(
                f"{variant_id:<20} {draw:>4} {share:>9} {median:>8} {easy:>8} {medium:>9} {seconds:>6.1f}",
                flush=True,
            )
    if not args.dry_run:
        write(table)
        print(f"written: {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
