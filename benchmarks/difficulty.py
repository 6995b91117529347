"""Calibrate the difficulty levels (core/difficulty.py): rerun when the solver changes.

Run:  .venv/bin/python benchmarks/difficulty.py [--deals N] [--timeout S] [--first N] [--variant ID ...]
                                                [--dry-run]

For every built-in game and every draw it offers, deals --first .. --first+N-1 of the
game's own deal numbers (default 60) are solved with the winnable-deal search's budget
(difficulty.BUDGET positions, --timeout seconds a deal, default 3).  The effort of a
win is the positions searched before it was found (SolveResult.nodes, the same on every
machine; a deal cut off by the timeout is left out, as it would be by the search).  The
thresholds are the terciles of the effort among the deals found winnable; they are
written into the table of core/difficulty.py (unless --dry-run), and printed with the
share of winnable deals and the effort's median.  A game with fewer than 6 winnable deals
in the sample gets no thresholds (it then has no levels).
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


def calibrate(variant_id: str, draw: int, deals: int, first: int, timeout: float) -> list[int]:
    """The efforts of the winnable deals of the sample."""
    catalog = new_catalog(entry_points=False)
    numbers = catalog.variant(variant_id).deal_numbers
    efforts = []
    for offset in range(deals):
        game = catalog.new_game(catalog.options(variant_id, draw=draw, deal=numbers[first + offset]))
        result = solve(game.state, game.rules, max_nodes=difficulty.BUDGET, timeout=timeout)
        if result.verdict == "winnable":
            efforts.append(result.nodes)
    return efforts


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
            efforts = calibrate(variant_id, draw, args.deals, args.first, args.timeout)
            seconds = time.monotonic() - started
            share = f"{len(efforts)}/{args.deals}"
            if len(efforts) < 6:
                table.pop((variant_id, draw), None)
                print(
                    f"{variant_id:<20} {draw:>4} {share:>9} {'-':>8} {'-':>8} {'-':>9} {seconds:>6.1f}",
                    flush=True,
                )
                continue
            bounds = terciles(efforts)
            table[variant_id, draw] = bounds
            median = int(statistics.median(efforts))
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
