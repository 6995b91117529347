"""Our solver side by side with a peer: pyksolve (Klondike-Solver, C++), on the same deals.

Run:  .venv/bin/pip install pyksolve      # the peer; not a dependency of the project
      .venv/bin/python benchmarks/solver.py [--deals N] [--draw 1|3|both] [--timeout S] [--first N]

Defaults: 200 deals (numbers --first .. --first+N-1, shuffle version 1), both draws, 10 s.
Both solvers play thoughtful Klondike (face-down cards known to the solver), unlimited
redeals.  Ours plays with foundation returns allowed (--returns), because the peer
generates foundation-to-tableau moves too (see README-solver.md for the details).

How it measures, so that the numbers can be trusted:

* Every solve runs in a fresh child process (multiprocessing "spawn"), one at a time,
  never two at once.  The child sets up the deal, then times only the solve call(s)
  with time.perf_counter.  The parent gives each solve --timeout seconds (plus a grace
  of --grace seconds for the answer to arrive) and kills the child when it is over:
  ours stops itself at the timeout, but the peer has no time limit of its own, only a
  budget of states (--peer-max-closed, the pyksolve default is 5,000,000).
* A verdict counts only when its solve took at most --timeout seconds; a later one
  is counted as unknown ("late").  For the time statistics every time is capped at
  --timeout, so a solve cut off at the timeout counts as exactly the timeout.
* Memory: ru_maxrss (resource.getrusage) of the child after the solve minus before
  it, i.e. the growth of the peak resident set caused by the solve, each solver in its
  own fresh process.  For a child killed at the timeout, VmHWM from /proc is used
  where available (Linux), else no figure.
* Every winning line is replayed in our engine (Game.perform, then Game.is_won):
  ours as it is, the peer's after translating its move list to our notation.
* The peer's view of every deal (its game_diagram) is compared with ours before it
  solves; a deal where they differ is reported and its peer verdict not counted.

Progress goes to stderr, one line per solve; the figures go to stdout at the end.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import multiprocessing
import multiprocessing.connection
import platform
import re
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from solitaire.plugins.builtins import new_catalog

PEER = "pyksolve"
WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
SETUP_LIMIT = 120.0  # seconds a child may take to start and set up the deal
PEER_SUITS = "4321"  # our suit S H D C (0..3) -> the peer's digit: 1=C 2=D 3=H 4=S
PEER_FOUNDATION = {"S": "f1", "H": "f2", "D": "f3", "C": "f4"}  # the peer's suit letter -> ours


# -- measuring in the child ------------------------------------------------------------------------


def _peak_rss_mib() -> float:
    """The peak resident set of this process so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _vm_hwm_mib(pid: int) -> float | None:
    """The peak resident set of another (live) process, from /proc (Linux only)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _our_child(conn: multiprocessing.connection.Connection, job: dict[str, Any]) -> None:
    from solitaire.core.solver import solve

    catalog = new_catalog(entry_points=False)
    game = catalog.new_game(
        catalog.options(
            variant="klondike", draw=job["draw"], deal=job["deal"], returns_allowed=job["returns"]
        )
    )
    before = _peak_rss_mib()
    conn.send({"rss_before": before})
    start = time.perf_counter()
    result = solve(game.state, game.rules, max_nodes=job["max_nodes"], timeout=job["timeout"])
    seconds = time.perf_counter() - start
    conn.send(
        {
            "verdict": result.verdict,
            "seconds": seconds,
            "nodes": result.nodes,
            "line": list(result.solution),
            "rss_after": _peak_rss_mib(),
        }
    )


def _peer_child(conn: multiprocessing.connection.Connection, job: dict[str, Any]) -> None:
    try:
        import pyksolve
        from pyksolve import solver as peer
    except Exception as error:  # the peer is missing or broken: say so, do not crash the run
        conn.send({"error": f"cannot import {PEER}: {type(error).__name__}: {error}"})
        return
    game = peer.Solitaire()
    if not game.load_solitaire(job["deck"]):
        conn.send({"error": f"{PEER} refused the deck {job['deck']}"})
        return
    game.reset_game(job["draw"])
    before = _peak_rss_mib()
    conn.send({"rss_before": before, "diagram": game.game_diagram(), "version": pyksolve.__version__})
    solved = (peer.SolveResult.SolvedMinimal, peer.SolveResult.SolvedMayNotBeMinimal)
    start = time.perf_counter()
    fast = game.solve_fast(max_closed_count=job["max_closed"])
    minimal = None
    if fast not in solved and fast != peer.SolveResult.Impossible:
        # solve_fast keeps only the best few moves of each position: it finds wins, but its
        # CouldNotComplete proves nothing.  solve_minimal searches everything (within the
        # state budget): Impossible from it is the peer's proof.  It starts from the
        # current position, so the deal is dealt anew first.
        game.reset_game(job["draw"])
        minimal = game.solve_minimal(max_closed_count=job["max_closed"])
    seconds = time.perf_counter() - start
    final = minimal if minimal is not None else fast
    if final in solved:
        verdict = WINNABLE
    elif final == peer.SolveResult.Impossible:
        verdict = UNWINNABLE
    else:
        verdict = UNKNOWN  # CouldNotComplete: the state budget ran out
    conn.send(
        {
            "verdict": verdict,
            "seconds": seconds,
            "fast": fast.name,
            "minimal": minimal.name if minimal is not None else None,
            "line": game.moves_made() if verdict == WINNABLE else "",
            "rss_after": _peak_rss_mib(),
        }
    )


# -- running a child -------------------------------------------------------------------------------


@dataclass
class Run:
    """One solver on one deal."""

    verdict: str = UNKNOWN  # as counted: a late verdict counts as unknown
    raw: str = UNKNOWN  # as the solver said it, if it said anything
    seconds: float | None = None  # the solver's own measurement; None when killed or crashed
    why: str = ""  # why the verdict is unknown: budget, timeout, late, crash, ...
    memory: float | None = None  # peak RSS growth, MiB
    baseline: float | None = None  # peak RSS of the child before solving, MiB
    line: Any = None
    replay: str = ""  # the winning line replayed in our engine
    info: dict[str, Any] = field(default_factory=dict)


def _isolated(
    target: Any, job: dict[str, Any], timeout: float, grace: float
) -> tuple[dict, dict | None, str]:
    """Run ``target(conn, job)`` in a fresh process: (set-up message, result or None, problem)."""
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(sender, job), daemon=True)
    process.start()
    sender.close()
    setup: dict[str, Any] = {}
    result: dict[str, Any] | None = None
    problem = ""
    try:
        if not receiver.poll(SETUP_LIMIT):
            problem = f"no answer within {SETUP_LIMIT:.0f} s of starting"
        else:
            setup = receiver.recv()
            if "error" in setup:
                problem = setup["error"]
            elif receiver.poll(timeout + grace):
                result = receiver.recv()
            else:
                peak = _vm_hwm_mib(process.pid) if process.pid is not None else None
                setup["rss_at_kill"] = peak
                problem = "timeout"
    except EOFError:
        problem = "crash"
    finally:
        if process.is_alive() and result is None:
            process.kill()  # only this child, which this run started
        process.join(10)
        if process.is_alive():
            process.kill()
            process.join()
        receiver.close()
    if problem == "crash" or (result is None and not problem):
        problem = f"crashed (exit code {process.exitcode})"
    return setup, result, problem


def _finish(run: Run, setup: dict, result: dict | None, problem: str, timeout: float) -> Run:
    run.baseline = setup.get("rss_before")
    if result is None:
        run.why = problem
        if problem == "timeout" and run.baseline is not None and setup.get("rss_at_kill") is not None:
            run.memory = setup["rss_at_kill"] - run.baseline
        return run
    run.raw = result["verdict"]
    run.seconds = result["seconds"]
    run.memory = result["rss_after"] - run.baseline if run.baseline is not None else None
    run.line = result.get("line")
    if run.raw == UNKNOWN:
        run.why = "budget" if run.seconds < timeout else "timeout"
    elif run.seconds > timeout:
        run.why = "late"  # decided, but after the timeout: not counted
    else:
        run.verdict = run.raw
    return run


# -- the deal for the peer, and its view of it -----------------------------------------------------


def peer_deck(order: Any) -> str:
    """The peer's 156-digit deck: per card two digits of rank and one of suit (1=C 2=D 3=H 4=S),
    in our dealt order (its ResetGame deals cards 0..27 row by row as we do, then 28..51
    form the stock with card 28 drawn first)."""
    return "".join(f"{card.rank:02d}{PEER_SUITS[int(card.suit)]}" for card in order)


def layout_difference(diagram: str, state: Any) -> str:
    """Compare the peer's game_diagram with our state; "" when they agree.

    The diagram lists, per pile number (0 waste, 1..7 columns, 8 stock, 9..12 foundations),
    the face-up cards top first, then '-' and each face-down card, top first."""
    piles: dict[int, str] = {}
    for text in diagram.splitlines():
        match = re.fullmatch(r"\s*(\d+): ?(.*?)\s*", text)
        if match:
            piles[int(match[1])] = match[2]
    problems = []
    for number, column in enumerate(state.tableau, start=1):
        parts = piles.get(number, "").split("-")
        up = list(reversed(parts[0].split()))
        down = list(reversed([part.strip() for part in parts[1:]]))
        if up != [card.text for card in column.up] or down != [card.text for card in column.down]:
            problems.append(f"t{number}: peer {down} {up}, ours {column}")
    stock = list(reversed(piles.get(8, "").split()))
    if stock != [card.text for card in state.stock]:
        problems.append(f"stock: peer {stock}, ours {[card.text for card in state.stock]}")
    if piles.get(0, "") or any(piles.get(n, "") for n in range(9, 13)):
        problems.append("the peer's waste or foundations are not empty")
    return "; ".join(problems)


def peer_line_to_ours(moves: str) -> list[str]:
    """Translate the peer's move list (Solitaire::MovesMade) into our notation.

    Its tokens: ``DR#`` draw # times; ``NEW`` turn the waste over; ``F#`` flip column #
    (ours turns cards up by itself); ``XY`` or ``XY-#``: move the top card (or # cards)
    from X to Y, where X and Y are 1..7 (columns), W (waste) or C D S H (foundations)."""
    actions: list[str] = []
    for token in moves.split():
        if token.startswith("DR"):
            actions += ["s"] * int(token[2:])
        elif token == "NEW":
            actions.append("s")
        elif re.fullmatch(r"F\d", token):
            continue
        else:
            match = re.fullmatch(r"([1-7WCDSH])([1-7CDSH])(?:-(\d+))?", token)
            if match is None:
                raise ValueError(f"unknown peer move {token!r}")
            src, dst, count = match[1], match[2], match[3]
            to = f"t{dst}" if dst.isdigit() else "f"
            if src == "W":
                actions.append(f"w>{to}")
            elif src.isdigit():
                actions.append(f"t{src}:{count}>{to}" if count and int(count) > 1 else f"t{src}>{to}")
            else:
                actions.append(f"{PEER_FOUNDATION[src]}>{to}")
    return actions


def replay(catalog: Any, options: Any, actions: list[str]) -> str:
    """Play ``actions`` in our engine: "wins", or where and why it stops."""
    game = catalog.new_game(options)
    for index, action in enumerate(actions):
        try:
            game.perform(action)
        except Exception as error:
            return f"refused at action {index + 1} of {len(actions)} ({action}): {error}"
    return "wins" if game.is_won else f"all {len(actions)} actions legal, but the game is not won"


# -- the report ------------------------------------------------------------------------------------


def _fmt_s(value: float) -> str:
    return f"{value:.3f} s" if value >= 0.01 else f"{value * 1000:.2f} ms"


def _ratio(ours: float, peer: float) -> str:
    return f"{ours / peer:.3g}x" if peer > 0 else "n/a"


def _capped(run: Run, timeout: float) -> float:
    return timeout if run.seconds is None else min(run.seconds, timeout)


def report_draw(draw: int, deals: list[int], rows: dict[int, tuple[Run, Run | None]], args: Any) -> None:
    done = [deal for deal in deals if deal in rows]
    ours = [rows[deal][0] for deal in done]
    peers = [rows[deal][1] for deal in done if rows[deal][1] is not None]
    have_peer = len(peers) == len(done) and bool(done)
    print(
        f"\n=== Draw {draw}: {len(done)} deals ({done[0]}..{done[-1]})"
        if done
        else f"\n=== Draw {draw}: none"
    )
    if not done:
        return
    solvers: list[tuple[str, list[Run]]] = [("ours", ours)]
    if have_peer:
        solvers.append((PEER, [run for run in peers if run is not None]))

    print("\nVerdicts (a verdict reached after the timeout counts as unknown):")
    print(f"  {'solver':<10} {'winnable':>9} {'unwinnable':>11} {'unknown':>8}   unknown because")
    for name, runs in solvers:
        counts = {v: sum(run.verdict == v for run in runs) for v in (WINNABLE, UNWINNABLE, UNKNOWN)}
        whys: dict[str, int] = {}
        for run in runs:
            if run.verdict == UNKNOWN:
                whys[run.why] = whys.get(run.why, 0) + 1
        because = ", ".join(f"{why} {count}" for why, count in sorted(whys.items())) or "-"
        print(f"  {name:<10} {counts[WINNABLE]:>9} {counts[UNWINNABLE]:>11} {counts[UNKNOWN]:>8}   {because}")
    print(
        "  (budget: the solver's own node/state budget ran out before the timeout; timeout: stopped"
        " at the timeout; late: decided after it)"
    )

    print("\nWinning lines replayed in our engine (Game.perform each action, then Game.is_won):")
    for name, runs in solvers:
        wins = [run for run in runs if run.verdict == WINNABLE]
        good = sum(run.replay == "wins" for run in wins)
        print(f"  {name:<10} {good} of {len(wins)} win")
        for deal in done:
            checked = rows[deal][0] if name == "ours" else rows[deal][1]
            if checked is not None and checked.verdict == WINNABLE and checked.replay != "wins":
                print(f"    deal {deal}: {checked.replay}")

    if have_peer:
        print("\nContradictions (one says winnable, the other unwinnable):")
        found = False
        for deal in done:
            our, peer = rows[deal]
            assert peer is not None
            if {our.verdict, peer.verdict} == {WINNABLE, UNWINNABLE}:
                found = True
                print(f"  deal {deal} ({_code(draw, deal, args)}): ours {our.verdict}, {PEER} {peer.verdict}")
                winner, name = (our, "our") if our.verdict == WINNABLE else (peer, f"the {PEER}")
                returns = sum(action.startswith("f") for action in _actions(winner))
                verdict = (
                    f"{name} line wins in our engine ({returns} foundation returns in it),"
                    " so the unwinnable verdict is wrong"
                    if winner.replay == "wins"
                    else f"{name} line does not win in our engine: {winner.replay}"
                )
                print(f"    {verdict}")
        if not found:
            print("  none")
        pairs = [(deal, *rows[deal]) for deal in done]
        late = [
            f"deal {deal}: ours {our.raw}, {PEER} {peer.raw}"
            for deal, our, peer in pairs
            if peer is not None
            and {our.raw, peer.raw} == {WINNABLE, UNWINNABLE}
            and {our.verdict, peer.verdict} != {WINNABLE, UNWINNABLE}
        ]
        if late:
            print("  counting late verdicts too: " + "; ".join(late))
        print("Unwinnable verdicts the other side did not reach (a win can be replayed, a proof cannot):")
        lonely = [
            f"deal {deal}: ours {our.verdict}, {PEER} {peer.verdict}{_peer_calls(peer)}"
            for deal, our, peer in pairs
            if peer is not None
            and UNWINNABLE in (our.verdict, peer.verdict)
            and UNKNOWN in (our.verdict, peer.verdict)
        ]
        print("  " + ("\n  ".join(lonely) if lonely else "none"))

    print(f"\nDecided within the timeout ({args.timeout:g} s):")
    for name, runs in solvers:
        decided = sum(run.verdict != UNKNOWN for run in runs)
        print(f"  {name:<10} {decided} of {len(runs)} = {100 * decided / len(runs):.1f} %")

    print(f"\nTime per deal (wall, time.perf_counter around the solve; capped at {args.timeout:g} s):")
    stats = {}
    for name, runs in solvers:
        times = [_capped(run, args.timeout) for run in runs]
        stats[name] = (statistics.median(times), statistics.fmean(times))
        print(f"  {name:<10} median {_fmt_s(stats[name][0]):>10}   mean {_fmt_s(stats[name][1]):>10}")
    if have_peer:
        (om, oa), (pm, pa) = stats["ours"], stats[PEER]
        print(f"  ours/{PEER}: median {_ratio(om, pm)}, mean {_ratio(oa, pa)}")
        both = [
            (our.seconds, peer.seconds)
            for our, peer in (rows[deal] for deal in done)
            if peer is not None and our.verdict != UNKNOWN and peer.verdict != UNKNOWN
        ]
        if both:
            ot = [float(o) for o, _ in both if o is not None]
            pt = [float(p) for _, p in both if p is not None]
            print(
                f"  on the {len(both)} deals both decided: ours median {_fmt_s(statistics.median(ot))},"
                f" {PEER} median {_fmt_s(statistics.median(pt))}, ratio of medians"
                f" {_ratio(statistics.median(ot), statistics.median(pt))}, ratio of totals"
                f" {_ratio(sum(ot), sum(pt))}"
            )

    print("\nPeak memory (ru_maxrss growth during the solve, fresh process per solve, MiB):")
    for name, runs in solvers:
        growth = [run.memory for run in runs if run.memory is not None]
        base = [run.baseline for run in runs if run.baseline is not None]
        if growth:
            print(
                f"  {name:<10} median {statistics.median(growth):7.1f}   max {max(growth):7.1f}"
                f"   (process before the solve: median {statistics.median(base):.1f};"
                f" {len(growth)} of {len(runs)} solves measured)"
            )
        else:
            print(f"  {name:<10} no figure")


def _actions(run: Run) -> list[str]:
    """A winning line in our notation (the peer's translated)."""
    if isinstance(run.line, str):
        try:
            return peer_line_to_ours(run.line)
        except ValueError:
            return []
    return list(run.line or [])


def _code(draw: int, deal: int, args: Any) -> str:
    return args.catalog.code(_options(args.catalog, draw, deal, args.returns == "allowed"))


def _options(catalog: Any, draw: int, deal: int, returns: bool) -> Any:
    return catalog.options(variant="klondike", draw=draw, deal=deal, returns_allowed=returns)


# -- main ------------------------------------------------------------------------------------------


def peer_status() -> tuple[bool, str]:
    """Whether the peer can be imported here, and its version or the problem."""
    if importlib.util.find_spec(PEER) is None:
        return False, f"{PEER} is not installed (install it with: .venv/bin/pip install {PEER})"
    try:
        import pyksolve.solver  # noqa: F401
    except Exception as error:
        return False, f"{PEER} is installed but cannot be imported: {type(error).__name__}: {error}"
    return True, importlib.metadata.version(PEER)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    parser.add_argument("--first", type=int, default=0, help="first deal number (default 0)")
    parser.add_argument("--draw", choices=("1", "3", "both"), default="both", help="default both")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per solve (default 10)")
    parser.add_argument(
        "--returns",
        choices=("allowed", "forbidden"),
        default="allowed",
        help="foundation returns in our rules (default allowed: the peer makes such moves too)",
    )
    parser.add_argument("--our-max-nodes", type=int, default=None, help="our node budget (default: solver's)")
    parser.add_argument(
        "--peer-max-closed", type=int, default=5_000_000, help="the peer's state budget (default 5,000,000)"
    )
    parser.add_argument("--grace", type=float, default=2.0, help="seconds beyond --timeout before a kill")
    parser.add_argument("--no-peer", action="store_true", help="run ours only")
    args = parser.parse_args(argv)

    from solitaire.core.solver import DEFAULT_NODES

    catalog = new_catalog(entry_points=False)
    args.catalog = catalog
    max_nodes = args.our_max_nodes if args.our_max_nodes is not None else DEFAULT_NODES
    draws = (1, 3) if args.draw == "both" else (int(args.draw),)
    deals = list(range(args.first, args.first + args.deals))
    returns = args.returns == "allowed"
    peer_ok, peer_note = (False, "left out (--no-peer)") if args.no_peer else peer_status()

    print("Solver benchmark: ours (solitaire.core.solver) and the peer", PEER)
    print(f"  python {platform.python_version()} on {platform.platform()}, {_cpu()}")
    print(f"  deals {deals[0]}..{deals[-1]} ({len(deals)}), draw {' and '.join(map(str, draws))},")
    print(f"  timeout {args.timeout:g} s per solve, thoughtful Klondike, unlimited redeals")
    print(
        f"  ours: foundation returns {args.returns}, node budget {max_nodes:,};"
        " solve() itself stops at the timeout"
    )
    if peer_ok:
        print(
            f"  peer: {PEER} {peer_note}, solve_fast then (unless that won) solve_minimal, each with a"
            f" budget of {args.peer_max_closed:,} states; killed at timeout + {args.grace:g} s"
        )
        print(
            "  foundation returns: the peer does move cards back from the foundations, but only from a"
            " foundation more than two\n  cards above the lowest one (Klondike-Solver's move generator)."
            f" Ours is run with returns {args.returns}"
            + (
                "; that is the rule the peer plays by, the peer's limit being a pruning of its search."
                if returns
                else "; the peer still makes some returns, so a peer win may need one that ours may not make."
            )
        )
    else:
        print(f"  PEER NOT RUN: {peer_note}. Only our figures follow.")
    print("  each solve in a fresh child process, one at a time; memory = ru_maxrss growth in that process")
    sys.stdout.flush()

    results: dict[int, dict[int, tuple[Run, Run | None]]] = {draw: {} for draw in draws}
    peer_crashes: list[str] = []
    interrupted = False
    total = len(draws) * len(deals)
    step = 0
    try:
        for draw in draws:
            for deal in deals:
                step += 1
                options = _options(catalog, draw, deal, returns)
                code = catalog.code(options)
                job = {
                    "draw": draw,
                    "deal": deal,
                    "returns": returns,
                    "timeout": args.timeout,
                    "max_nodes": max_nodes,
                }
                setup, result, problem = _isolated(_our_child, job, args.timeout, args.grace)
                our = _finish(Run(), setup, result, problem, args.timeout)
                if our.raw == WINNABLE:
                    our.replay = replay(catalog, options, list(our.line or []))
                peer: Run | None = None
                if peer_ok:
                    game = catalog.new_game(options)
                    peer_job = {
                        "draw": draw,
                        "deck": peer_deck(game.order),
                        "max_closed": args.peer_max_closed,
                    }
                    setup, result, problem = _isolated(_peer_child, peer_job, args.timeout, args.grace)
                    peer = _finish(Run(), setup, result, problem, args.timeout)
                    if "diagram" in setup:
                        difference = layout_difference(setup["diagram"], game.state)
                        if difference:
                            peer.verdict, peer.why = UNKNOWN, "layout differs"
                            print(f"LAYOUT DIFFERS, deal {deal}: {difference}", file=sys.stderr)
                    if problem and problem not in ("timeout",):
                        peer_crashes.append(f"draw {draw} deal {deal}: {problem}")
                    if result is not None:
                        peer.info = {"fast": result["fast"], "minimal": result["minimal"]}
                    if peer.raw == WINNABLE:
                        try:
                            peer.replay = replay(catalog, options, peer_line_to_ours(peer.line or ""))
                        except ValueError as error:
                            peer.replay = f"not translated: {error}"
                results[draw][deal] = (our, peer)
                print(
                    f"[{step}/{total}] {code} deal {deal}: {_progress('ours', our)}"
                    + (f" | {_progress(PEER, peer)}" if peer is not None else ""),
                    file=sys.stderr,
                )
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted: figures for the deals done so far", file=sys.stderr)

    for draw in draws:
        report_draw(draw, deals, results[draw], args)
    if peer_ok and peer_crashes:
        print(f"\nThe peer failed on {len(peer_crashes)} solve(s); counted as unknown:")
        for text in peer_crashes:
            print(f"  {text}")
    elif peer_ok:
        print("\nThe peer ran without a crash on every deal.")
    if interrupted:
        print("\n(interrupted: not every deal was run)")
    return 0


def _cpu() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _progress(name: str, run: Run) -> str:
    seconds = f"{run.seconds:.2f} s" if run.seconds is not None else "-"
    memory = f"{run.memory:.0f} MiB" if run.memory is not None else "? MiB"
    why = f" ({run.why})" if run.why else ""
    replayed = f" replay: {run.replay}" if run.replay and run.replay != "wins" else ""
    return f"{name} {run.raw}{why}{_peer_calls(run)} {seconds} {memory}{replayed}"


def _peer_calls(run: Run) -> str:
    """What the peer's calls returned, e.g. " [fast CouldNotComplete, minimal Impossible]"."""
    if not run.info:
        return ""
    minimal = f", minimal {run.info['minimal']}" if run.info.get("minimal") else ""
    return f" [fast {run.info['fast']}{minimal}]"


if __name__ == "__main__":
    sys.exit(main())
