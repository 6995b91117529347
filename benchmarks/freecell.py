"""FreeCell: our generic solver side by side with fc-solve on Microsoft's deals.

Run:  .venv/bin/python benchmarks/freecell.py [--deals N] [--first N] [--timeout S]
                                              [--deal D] [--deal-list D,D,..] [--preset NAME]
                                              [--no-peer]

Defaults: Microsoft deals 1 .. 1000 (``--first`` .. ``--first + --deals - 1``), 10 s a
deal, then deal 11982, the one deal of 1 .. 32000 that cannot be won, which ours must
prove unwinnable (its time and memory are printed).  ``--deal D`` solves one deal only,
``--deal-list D,D,..`` those deals only (without deal 11982).

The peer is Freecell Solver's command line ``fc-solve`` (Debian: ``freecell-solver-bin``),
the solver PySolFC and KPat use.  It is optional: when it is not on the PATH the figures
are ours alone, and the benchmark says so.  It runs in its default mode (or ``-l PRESET``
with ``--preset``), one process a deal, killed after ``--timeout`` seconds; its verdict
is "winnable" for "This game is solveable.", "unwinnable" for "I could not solve this
game." (its default scan is complete over its own moves), else unknown.

How it measures:

* Ours runs in this process, one deal at a time, with ``timeout=--timeout`` counted in
  CPU time (``GenericSolver(clock=time.process_time)``), so other work on a busy
  machine weighs less.  The
  peer's is the wall clock of its process (start-up included: a few ms).
* A verdict counts only when it came within the timeout.
* Every winning line of ours is replayed through ``Game.perform`` from the dealt
  position and must end in a win.
* The board given to the peer is written from our dealt position (columns as lines,
  the top card last); the script checks, for a few deals, that it is the layout
  pysol-cards deals for the same Microsoft number (when pysol-cards is installed).
* Deal 11982 is solved in a fresh child process, so that its peak memory
  (``VmHWM`` on Linux, else ``ru_maxrss``) is its own.

Progress goes to stderr, one line a deal; the figures go to stdout at the end.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import shutil
import statistics
import subprocess
import sys
import time
from typing import Any

from solitaire.core.search import GenericSolver
from solitaire.core.state import CELL, FOUNDATION, TABLEAU, State
from solitaire.plugins.builtins import new_catalog

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
UNWINNABLE_DEAL = 11982
PEER = "fc-solve"
#: Deals whose board text is checked against pysol-cards' layout.
CHECKED = (1, 2, 617, 11982, 32000)


def board_text(state: State) -> str:
    """The position as fc-solve's board text: a line ``Foundations:`` and ``Freecells:``
    when they hold cards, then one line a column, from the bottom card to the top one."""
    lines: list[str] = []
    homes = [
        pile.up[-1]
        for pile, kind in zip(state.piles, state.table.kinds, strict=True)
        if kind == FOUNDATION and pile.up
    ]
    if homes:
        lines.append("Foundations: " + " ".join(f"{card.suit.letter}-{str(card)[0]}" for card in homes))
    cells = [pile for pile, kind in zip(state.piles, state.table.kinds, strict=True) if kind == CELL]
    if any(cells):
        lines.append("Freecells: " + " ".join(str(pile.up[-1]) if pile.up else "-" for pile in cells))
    for pile, kind in zip(state.piles, state.table.kinds, strict=True):
        if kind == TABLEAU:
            lines.append(" ".join(str(card) for card in pile.down + pile.up))
    return "".join(line + "\n" for line in lines)


def pysol_board(deal: int) -> str | None:
    """pysol-cards' layout of Microsoft deal ``deal`` in the same text, or None when it
    is not installed."""
    try:
        from pysol_cards.cards import CardRenderer
        from pysol_cards.deal_game import Game as PysolGame
        from pysol_cards.random_base import RandomBase
    except ImportError:
        return None
    text: str = PysolGame("freecell", deal, RandomBase.DEALS_MS).calc_layout_string(CardRenderer(True))
    return "".join(line.strip() + "\n" for line in text.splitlines() if line.strip())


def peer_solve(board: str, timeout: float, preset: str | None) -> tuple[str, float]:
    """fc-solve's verdict on ``board`` and its wall-clock time."""
    command = [PEER] + (["-l", preset] if preset else []) + ["-"]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command, input=board, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return UNKNOWN, timeout
    seconds = time.perf_counter() - started
    if "This game is solveable." in done.stdout:
        return WINNABLE, seconds
    if "I could not solve this game." in done.stdout:
        return UNWINNABLE, seconds
    return UNKNOWN, seconds


def ours(deal: int, timeout: float, max_nodes: int) -> dict[str, Any]:
    """Our verdict on ``deal``, its CPU time, its positions and whether its line wins."""
    catalog = new_catalog(entry_points=False)
    game = catalog.new_game(catalog.options("freecell", deal=deal))
    solver = GenericSolver(clock=time.process_time)  # what Declared.solver() gives, on CPU time
    started = time.process_time()
    result = solver.solve(game.state, game.rules, timeout=timeout, max_nodes=max_nodes)
    seconds = time.process_time() - started
    replayed = None
    if result.verdict == WINNABLE:
        replay = catalog.new_game(catalog.options("freecell", deal=deal))
        for action in result.solution:
            replay.perform(action)
        replayed = bool(replay.is_won)
    verdict = result.verdict if seconds <= timeout else UNKNOWN
    return {
        "verdict": verdict,
        "seconds": seconds,
        "nodes": result.nodes,
        "replayed": replayed,
        "moves": len(result.solution),
        "board": board_text(game.state),
    }


def _peak_kb() -> int:
    """This process's peak resident memory in KiB: ``VmHWM`` where Linux gives it (its
    ``ru_maxrss`` outlives ``exec``, so a spawned child would start at its parent's peak),
    else ``ru_maxrss``."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _child(deal: int, timeout: float, max_nodes: int, pipe: Any) -> None:
    before = _peak_kb()
    found = ours(deal, timeout, max_nodes)
    found["memory_mb"] = (_peak_kb() - before) / 1024
    pipe.send(found)


def ours_in_child(deal: int, timeout: float, max_nodes: int) -> dict[str, Any]:
    """:func:`ours` in a fresh process, with the growth of its peak memory."""
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    child = context.Process(target=_child, args=(deal, timeout, max_nodes, theirs))
    child.start()
    found: dict[str, Any] = mine.recv()
    child.join()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="how many deals (default 1000)")
    parser.add_argument("--first", type=int, default=1, help="the first deal (default 1)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a deal (default 10)")
    parser.add_argument("--deal", type=int, help="solve this one deal only")
    parser.add_argument(
        "--deal-list", help="solve these deals only, separated by commas (deal 11982 is not added)"
    )
    parser.add_argument("--preset", help="run fc-solve with -l PRESET (default: its default mode)")
    parser.add_argument("--no-peer", action="store_true", help="do not run fc-solve")
    parser.add_argument("--max-nodes", type=int, default=10**9, help="our budget of positions a deal")
    parser.add_argument(
        "--proof-timeout", type=float, default=600.0, help="seconds for deal 11982 (default 600)"
    )
    args = parser.parse_args(argv)

    peer = shutil.which(PEER) is not None and not args.no_peer
    if not peer:
        print(f"{PEER} is not run ({'--no-peer' if args.no_peer else 'not on the PATH'}): our figures only")
    else:
        mode = f"-l {args.preset}" if args.preset else "its default mode"
        print(f"peer: {shutil.which(PEER)}, {mode}, {args.timeout:g} s a deal (subprocess timeout)")

    checked = [deal for deal in CHECKED if pysol_board(deal) is not None]
    for deal in checked:
        catalog = new_catalog(entry_points=False)
        mine = board_text(catalog.new_game(catalog.options("freecell", deal=deal)).state)
        if mine != pysol_board(deal):
            print(f"deal {deal}: our board differs from pysol-cards':\n{mine}\n{pysol_board(deal)}")
            return 1
    print(f"boards checked against pysol-cards: {', '.join(map(str, checked)) or 'none (not installed)'}")

    if args.deal_list:
        deals = [int(deal) for deal in args.deal_list.split(",")]
    elif args.deal is not None:
        deals = [args.deal]
    else:
        deals = list(range(args.first, args.first + args.deals))
    rows: list[tuple[int, dict[str, Any], str | None, float | None]] = []
    for deal in deals:
        if deal == UNWINNABLE_DEAL and args.deal is None and not args.deal_list:
            continue  # solved at the end, in its own process
        found = ours(deal, args.timeout, args.max_nodes)
        theirs, their_time = peer_solve(found["board"], args.timeout, args.preset) if peer else (None, None)
        rows.append((deal, found, theirs, their_time))
        peer_note = f"  {PEER} {theirs} {their_time:.2f}s" if peer else ""
        line_note = {None: "", True: " line wins", False: " LINE DOES NOT WIN"}[found["replayed"]]
        print(
            f"deal {deal}: ours {found['verdict']} {found['seconds']:.2f}s {found['nodes']} positions"
            f"{line_note}{peer_note}",
            file=sys.stderr,
            flush=True,
        )

    if rows:
        report(rows, args.timeout, peer)
    if (args.deal is None and not args.deal_list) or args.deal == UNWINNABLE_DEAL:
        found = ours_in_child(UNWINNABLE_DEAL, args.proof_timeout, args.max_nodes)
        print(
            f"deal {UNWINNABLE_DEAL}: ours {found['verdict']} in {found['seconds']:.1f} s CPU,"
            f" {found['nodes']} positions, peak memory +{found['memory_mb']:.0f} MB"
        )
        if peer:
            theirs, their_time = peer_solve(found["board"], args.proof_timeout, args.preset)
            print(f"deal {UNWINNABLE_DEAL}: {PEER} {theirs} in {their_time:.2f} s")
    return 0


def report(
    rows: list[tuple[int, dict[str, Any], str | None, float | None]], timeout: float, peer: bool
) -> None:
    n = len(rows)
    contradictions = [
        deal
        for deal, found, theirs, _ in rows
        if theirs is not None and {found["verdict"], theirs} == {WINNABLE, UNWINNABLE}
    ]
    bad_lines = [deal for deal, found, _, _ in rows if found["replayed"] is False]
    print(f"deals: {n} ({rows[0][0]} .. {rows[-1][0]}), {timeout:g} s a deal")
    print(f"contradictions: {len(contradictions)} {contradictions if contradictions else ''}")
    winning = sum(1 for _, found, _, _ in rows if found["replayed"] is not None)
    print(f"our winning lines replayed: {winning}, not winning: {len(bad_lines)} {bad_lines or ''}")
    times = [min(found["seconds"], timeout) for _, found, _, _ in rows]
    counts = {
        v: sum(1 for _, found, _, _ in rows if found["verdict"] == v) for v in (WINNABLE, UNWINNABLE, UNKNOWN)
    }
    print(
        f"ours:  decided {n - counts[UNKNOWN]}/{n} ({100 * (n - counts[UNKNOWN]) / n:.1f}%),"
        f" winnable {counts[WINNABLE]}, unwinnable {counts[UNWINNABLE]}, unknown {counts[UNKNOWN]};"
        f" CPU time a deal: median {statistics.median(times):.3f} s, mean {statistics.mean(times):.3f} s,"
        f" max {max(times):.2f} s"
    )
    undecided = [deal for deal, found, _, _ in rows if found["verdict"] == UNKNOWN]
    if undecided:
        print(f"ours undecided: {undecided}")
    if peer:
        their = [theirs for _, _, theirs, _ in rows]
        their_times = [min(t or 0.0, timeout) for _, _, _, t in rows]
        decided = sum(1 for v in their if v != UNKNOWN)
        print(
            f"{PEER}: decided {decided}/{n} ({100 * decided / n:.1f}%), winnable {their.count(WINNABLE)},"
            f" unwinnable {their.count(UNWINNABLE)}, unknown {their.count(UNKNOWN)};"
            f" wall time a deal: median {statistics.median(their_times):.3f} s, max {max(their_times):.2f} s"
        )


if __name__ == "__main__":
    sys.exit(main())
