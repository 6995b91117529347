"""Hint quality in Klondike: how often a player who always follows the hint wins.

Run:  .venv/bin/python benchmarks/hints.py [--deals N] [--first N] [--budget S] [--workers K]

Defaults: 100 deals (numbers --first .. --first+N-1), draw 3, unlimited redeals,
foundation returns allowed, 1 s per hint.  Two players go through the same deals:

* the **hint player** always plays the hint the game gives in Klondike: the
  sampling hint (``plugins/sampling_hints.py``: guesses of the unseen cards,
  solved, the move that wins most of them), or the heuristic's when the sampling
  hint has no answer.  It never looks at a face-down card;
* the **heuristic player** always plays the heuristic hint alone
  (``plugins/hints.py``): the anchor.

A game is lost when the hint has no move, when a position comes back (the same
cards everywhere, in the same pass state: the player would go round forever) or
after --max-actions actions (500).  Every hint is timed (time.perf_counter); the
figures are the median, mean and largest time per hint, including the hints that
are answered at once (safe moves, forced moves, remembered lines).

With --levels, each deal is also solved as the winnable-deal search solves it
(``difficulty.BUDGET`` positions, --level-timeout seconds) and the win rates are
printed again for each difficulty level of the game (``Variant.difficulty``: easy,
medium, hard), over the deals found winnable: whether the levels say what a player meets.

Progress goes to stderr, one line per deal with the running win rates; the figures
go to stdout at the end.  With --workers K the deals are played in K processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor

import attrs

from solitaire.core import difficulty
from solitaire.core.hints import Hint
from solitaire.core.ruleset import Ruleset
from solitaire.core.solver import solve
from solitaire.core.state import State
from solitaire.core.survey import wilson
from solitaire.plugins import sampling_hints
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.hints import heuristic_hint
from solitaire.plugins.sampling_hints import SamplingBudget, sampling_hint

ANCHORS = (
    "anchors (published): greedy play 13%, hindsight optimisation 23-27%,"
    " the best published player 47.6%; target >= 30% at <= 1 s per hint"
)
Player = Callable[[State, Ruleset], Hint]


@attrs.frozen
class Game:
    """One deal played by one player."""

    deal: int
    won: bool
    end: str  # won, stuck (no move hinted), repeats, too long
    actions: int
    hint_seconds: tuple[float, ...]
    #: The deal's difficulty level (--levels), "unwinnable" or "unknown"; None when not asked.
    level: str | None = None


def hint_player(limits: SamplingBudget) -> Player:
    """The hint Klondike gives: sampling, else the heuristic."""

    def hint(state: State, rules: Ruleset) -> Hint:
        return sampling_hint(state, rules, limits) or heuristic_hint(state, rules)

    return hint


def _position(state: State, rules: Ruleset) -> Hashable:
    """The position without counters, with what matters of the pass under way."""
    return (
        state.stock,
        state.waste,
        state.foundations,
        state.tableau,
        sampling_hints.stock_seen(state),
        rules.redeal.passes_left(state),
    )


def play(deal: int, player: Player, draw: int, max_actions: int) -> Game:
    """Follow ``player``'s hints through deal ``deal`` until won, stuck, looping or too long."""
    catalog = new_catalog(entry_points=False)
    rules = catalog.ruleset(catalog.options("klondike", draw, "normal", "unlimited", True, deal))
    state = catalog.new_game(rules.options).state
    seen: set[Hashable] = set()
    times: list[float] = []
    end = "too long"
    for _ in range(max_actions):
        if rules.is_won(state):
            end = "won"
            break
        position = _position(state, rules)
        if position in seen:
            end = "repeats"
            break
        seen.add(position)
        started = time.perf_counter()
        hint = player(state, rules)
        times.append(time.perf_counter() - started)
        if hint.move is None:
            end = "stuck"
            break
        _, state = rules.transition(state, hint.move)
    else:
        if rules.is_won(state):
            end = "won"
    return Game(deal, end == "won", end, state.moves, tuple(times))


def deal_level(deal: int, draw: int, timeout: float) -> str:
    """The deal's level as "winnable deals only" sees it (a solve with the search's
    budget), or the verdict when it is not a win."""
    catalog = new_catalog(entry_points=False)
    rules = catalog.ruleset(catalog.options("klondike", draw, "normal", "unlimited", True, deal))
    result = solve(catalog.new_game(rules.options).state, rules, max_nodes=difficulty.BUDGET, timeout=timeout)
    if result.verdict != "winnable":
        return result.verdict
    return difficulty.level(rules, result.nodes) or "winnable"


def play_both(
    deal: int, limits: SamplingBudget, draw: int, max_actions: int, level_timeout: float | None = None
) -> tuple[Game, Game]:
    """The deal played by the hint player, then by the heuristic player (each with the
    deal's level when ``level_timeout`` is given)."""
    level = None if level_timeout is None else deal_level(deal, draw, level_timeout)
    return (
        attrs.evolve(play(deal, hint_player(limits), draw, max_actions), level=level),
        attrs.evolve(play(deal, heuristic_hint, draw, max_actions), level=level),
    )


def _share(games: list[Game]) -> str:
    won = sum(game.won for game in games)
    interval = wilson(won, len(games))
    return (
        f"{won:4d}/{len(games):<4d} {100 * interval.share:5.1f}%"
        f"  95% interval {100 * interval.low:5.1f}% .. {100 * interval.high:5.1f}%"
    )


def _times(games: list[Game]) -> str:
    times = [t for game in games for t in game.hint_seconds]
    if not times:
        return "no hints"
    return (
        f"{len(times):6d} hints  per hint: median {statistics.median(times):.3f} s,"
        f" mean {statistics.fmean(times):.3f} s, max {max(times):.3f} s"
    )


def _ends(games: list[Game]) -> str:
    counts: dict[str, int] = {}
    for game in games:
        counts[game.end] = counts.get(game.end, 0) + 1
    return ", ".join(f"{end} {count}" for end, count in sorted(counts.items()))


def report(results: list[tuple[Game, Game]], args: argparse.Namespace, elapsed: float) -> None:
    """The figures, to stdout."""
    hinted = [pair[0] for pair in results]
    heuristic = [pair[1] for pair in results]
    print(
        f"Klondike, draw {args.draw}, unlimited redeals, returns allowed: deals {args.first}.."
        f"{args.first + args.deals - 1} ({len(results)} played)"
    )
    print(
        f"hint budget {args.budget} s, at most {args.samples} guesses of {args.nodes} positions;"
        f" at most {args.max_actions} actions a game"
    )
    for name, games in (("hint player (no peeking)", hinted), ("heuristic player", heuristic)):
        print(f"  {name:26s} won {_share(games)}")
        print(f"  {'':26s} {_times(games)}")
        print(f"  {'':26s} ends: {_ends(games)}")
    if args.levels:
        print(
            f"by difficulty level (a solve of {difficulty.BUDGET:,} positions,"
            f" {args.level_timeout:g} s a deal; the game's thresholds, Variant.difficulty):"
        )
        for level in (*difficulty.LEVELS, "winnable", "unwinnable", "unknown"):
            some = [pair for pair in results if pair[0].level == level]
            if some:
                print(f"  {level:10s} hint player {_share([p[0] for p in some])}")
                print(f"  {'':10s} heuristic   {_share([p[1] for p in some])}")
    print(ANCHORS)
    print(f"{elapsed:.0f} s elapsed on {args.workers} process(es)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="number of deals (default 100)")
    parser.add_argument("--first", type=int, default=0, help="first deal number (default 0)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per hint at most (default 1)")
    defaults = SamplingBudget()
    parser.add_argument("--samples", type=int, default=defaults.samples, help="guesses per hint at most")
    parser.add_argument("--nodes", type=int, default=defaults.nodes, help="positions searched per guess")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3, help="cards per tap (default 3)")
    parser.add_argument("--max-actions", type=int, default=500, help="actions a game at most (default 500)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals (default 1)")
    parser.add_argument("--levels", action="store_true", help="the win rates by difficulty level too")
    parser.add_argument(
        "--level-timeout", type=float, default=10.0, help="seconds to find a deal's level (default 10)"
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1 or args.first < 0:
        parser.error("--deals and --workers must be at least 1, --first at least 0")
    limits = SamplingBudget(seconds=args.budget, samples=args.samples, nodes=args.nodes)
    level_timeout = args.level_timeout if args.levels else None
    deals = range(args.first, args.first + args.deals)
    results: list[tuple[Game, Game]] = []
    started = time.perf_counter()

    def progress(pair: tuple[Game, Game]) -> None:
        results.append(pair)
        hinted, heuristic = pair
        won = sum(p[0].won for p in results)
        anchor = sum(p[1].won for p in results)
        mean = statistics.fmean(hinted.hint_seconds) if hinted.hint_seconds else 0.0
        print(
            f"deal {hinted.deal}{'' if hinted.level is None else f' ({hinted.level})'}:"
            f" hint player {hinted.end} ({hinted.actions} actions,"
            f" {mean:.2f} s a hint), heuristic {heuristic.end};"
            f" so far {won}/{len(results)} and {anchor}/{len(results)} won,"
            f" {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    if args.workers == 1:
        for deal in deals:
            progress(play_both(deal, limits, args.draw, args.max_actions, level_timeout))
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as executor:
            futures = [
                executor.submit(play_both, deal, limits, args.draw, args.max_actions, level_timeout)
                for deal in deals
            ]
            for future in futures:
                progress(future.result())
    results.sort(key=lambda pair: pair[0].deal)
    report(results, args, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
