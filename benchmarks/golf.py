"""Golf, Pyramid, TriPeaks, Aces Up: every verdict of the game's own solver checked against an
exhaustive search without any pruning.

Run:  .venv/bin/python benchmarks/golf.py [--game golf|pyramid|tripeaks|aces-up] [--deals N] [--first N]
                                          [--timeout S] [--oracle-limit N]

Defaults: Golf, deals 1..200, 10 s a deal for our solver.  For each deal, the variant's
solver (``Variant.solver``) gives its verdict within --timeout CPU seconds; a winning
line is played through the engine to a win.  The check is written independently of
the solver and of the engine's rules, from the rules of the game alone
(``tests/helpers/golf_oracle.py``, ``pyramid_oracle.py``, ``tripeaks_oracle.py``,
``aces_up_oracle.py``, each
tested against the engine's legal moves in ``tests/solver/test_*_oracle.py``): the
deal's layout is read from the engine's dealt position, then a plain depth-first search
walks every reachable position with an exact visited set (Golf: column heights, stock
size, foundation top card; TriPeaks: the piles left, stock size, waste top card;
Pyramid: the pyramid's places left, the stock's and the waste's cards, the pass; Aces
Up: the four columns in their order, the stock's size),
without pruning and without safe moves.  For Golf and TriPeaks it always finishes
within seconds.  A lost Pyramid deal may have tens of millions of positions, more
than a plain search walks in minutes, and so may an Aces Up deal: with --oracle-limit N
(Pyramid's default 200,000, Aces Up's 2,000,000) the check gives up after N positions
and counts the deal unknown.  Our solver has --timeout, and no budget of positions.  Its line,
when it finds one, is played through the engine too.

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
from collections.abc import Sequence
from pathlib import Path

from solitaire.core.registry import Catalog
from solitaire.core.solver import Solver
from solitaire.plugins.builtins import new_catalog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))
import aces_up_oracle
import golf_oracle
import pyramid_oracle
import tripeaks_oracle

from solitaire.core.state import State

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"


def cpu_clocked(solver: Solver | None) -> Solver:
    """The game's solver, timed in CPU seconds where it can be."""
    assert solver is not None
    clock = getattr(solver, "clock", None)
    if clock is not None and clock is not time.process_time:
        return type(solver)(clock=time.process_time)  # type: ignore[call-arg]
    return solver


def check(game: str, state: State, limit: int | None) -> tuple[bool | None, Sequence[str]]:
    """The exhaustive search's verdict on a dealt position (None: it gave up after
    ``limit`` positions) and its winning line."""
    if game == "golf":
        won, line, _ = golf_oracle.Deal.of(state).solve()
        return won, line
    if game == "tripeaks":
        won, line, _ = tripeaks_oracle.Deal.of(state).solve()
        return won, line
    if game == "aces-up":
        verdict, line, _ = aces_up_oracle.Deal.of(state).solve(limit=limit)
        return verdict, line
    verdict, line, _ = pyramid_oracle.Deal.of(state).solve(limit=limit)
    return verdict, line


def wins(catalog: Catalog, game: str, deal: int, line: Sequence[str]) -> bool:
    """Whether ``line`` played through the engine wins the deal."""
    replay = catalog.new_game(catalog.options(game, deal=deal))
    for action in line:
        replay.perform(action)
    return replay.is_won


def shares(counts: dict[str, int]) -> str:
    total = sum(counts.values()) or 1
    return ", ".join(f"{count} {verdict} ({100 * count / total:.1f}%)" for verdict, count in counts.items())


def times(label: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{label}: no deals"
    return (
        f"{label}: median {statistics.median(seconds):.3f} s, mean {statistics.fmean(seconds):.3f} s,"
        f" max {max(seconds):.3f} s a deal"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", choices=("golf", "pyramid", "tripeaks", "aces-up"), default="golf")
    parser.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="CPU seconds a deal for our solver (default 10)"
    )
    parser.add_argument(
        "--oracle-limit",
        type=int,
        default=None,
        help="positions after which the exhaustive search gives up (Pyramid: 200,000; Aces Up: 2,000,000)",
    )
    args = parser.parse_args()
    default_limit = 2_000_000 if args.game == "aces-up" else 200_000
    limit = args.oracle_limit if args.oracle_limit is not None else default_limit
    catalog = new_catalog(entry_points=False)
    ours_counts = dict.fromkeys((WINNABLE, UNWINNABLE, UNKNOWN), 0)
    check_counts = dict.fromkeys((WINNABLE, UNWINNABLE, UNKNOWN), 0)
    agree = 0
    contradictions: list[str] = []
    ours_times: list[float] = []
    check_times: list[float] = []
    for deal in range(args.first, args.first + args.deals):
        game = catalog.new_game(catalog.options(args.game, deal=deal))
        solver = cpu_clocked(game.rules.variant.solver())
        started = time.process_time()
        result = solver.solve(game.state, game.rules, timeout=args.timeout, max_nodes=10**9)
        ours_times.append(time.process_time() - started)
        started = time.process_time()
        won, check_line = check(args.game, game.state, limit)
        check_times.append(time.process_time() - started)
        checked = UNKNOWN if won is None else WINNABLE if won else UNWINNABLE
        ours_counts[result.verdict] += 1
        check_counts[checked] += 1
        note = ""
        for who, verdict, actions in (
            ("ours", result.verdict, result.solution),
            ("exhaustive", checked, check_line),
        ):
            if verdict == WINNABLE and not wins(catalog, args.game, deal, actions):
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
    limited = args.game in ("pyramid", "aces-up")
    bound = f"at most {limit:,} positions a deal" if limited else "without a limit"
    print(
        f"{args.game}, deals {args.first}..{args.first + args.deals - 1}: ours {args.timeout:g} CPU s a deal,"
        f" the exhaustive search {bound}"
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
