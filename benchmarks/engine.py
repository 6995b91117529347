"""Engine figures: replay speed, legal-move generation, command start-up.

Run:  .venv/bin/python benchmarks/engine.py [--games N] [--seed S] [--before COMMIT]

Prints, with the targets of the engine issue:
- replaying recorded action lists (parse + validate + events + fold), actions per second
  on one core (target >= 50,000/s); the Klondike games also on the engine of
  ``--before`` (default bb785fd, the commit before the table of named piles), checked
  out with ``git worktree`` in a temporary folder, side by side;
- legal-move generation, mean time per position over positions from random play
  (target <= 20 us in Klondike, <= 40 us in Spider);
- start-up of `solitaire show CODE` as a process, wall clock median, and the CPU time it
  took (target <= 150 ms): as a player has it, HEAD and ``--before`` each
  installed with pip into a new virtual environment (needs the package index), and as
  the running environment has it (an editable install is slower: its import hook runs for
  every module);
- dealing: the version-1 shuffle of one deck (`shuffled_deck`) and of two decks
  (`shuffle_positions(deal, 104)`), best mean time per deal (no target; it should not grow).

Times measured inside a process are its CPU time (``time.process_time``), the best of
three runs, so that other work on a busy machine weighs less; on a quiet machine they
are the wall-clock times.  The start-up is wall clock, with the CPU time beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from solitaire.core.deals import shuffle_positions, shuffled_deck
from solitaire.core.game import Game
from solitaire.core.playout import play_randomly
from solitaire.core.registry import Catalog
from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog

ROOT = Path(__file__).resolve().parent.parent

#: Replays games read as JSON on stdin with the ``solitaire`` package found first on the
#: path; prints the best actions per second of three runs.
REPLAYER = """
import json, sys, time
try:
    from solitaire.plugins.builtins import new_catalog
    catalog = new_catalog(entry_points=False)
except ImportError:
    from solitaire.core.registry import Catalog
    catalog = Catalog(entry_points=False)
recorded = json.load(sys.stdin)
total = sum(len(actions) for _, actions in recorded)
best = float("inf")
for _ in range(3):
    start = time.process_time()
    for code, actions in recorded:
        game = catalog.game_from_code(code)
        for action in actions:
            game.perform(action)
    best = min(best, time.process_time() - start)
print(total / best)
"""


@contextlib.contextmanager
def checked_out(commit: str) -> Iterator[Path | None]:
    """A temporary folder holding the project at ``commit`` as ``solitaire/`` (a git
    worktree, removed afterwards), or None when it cannot be checked out."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "solitaire"
        added = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], capture_output=True
        )
        if added.returncode:
            yield None
            return
        try:
            yield Path(folder)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)


def replay_speed_at(commit: str, recorded: list[tuple[str, list[str]]]) -> float | None:
    """Actions per second replaying ``recorded`` on the engine of ``commit`` (None when
    it cannot be checked out)."""
    with checked_out(commit) as folder:
        if folder is None:
            return None
        result = subprocess.run(
            [sys.executable, "-c", REPLAYER],
            input=json.dumps(recorded),
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"},
            cwd=folder,
        )
        return float(result.stdout)


def random_games(
    catalog: Catalog, games: int, length: int, seed: int, variants: tuple[str, ...] = ("klondike", "reflechi")
) -> list[tuple[str, list[str]]]:
    """Random legal play (with some undo and redo) in the variants and option mixes."""
    rng = random.Random(seed)
    recorded = []
    for number in range(games):
        options = catalog.options(
            variant=variants[number % len(variants)],
            draw=(1, 3)[number // 2 % 2],
            scoring=("normal", "vegas")[number // 4 % 2],
            deal=rng.randrange(2**35),
        )
        game = play_randomly(catalog.new_game(options), rng, length, undo=0.05, redo=0.03)
        recorded.append((game.code, list(game.actions)))
    return recorded


def replay_speed(catalog: Catalog, recorded: list[tuple[str, list[str]]]) -> float:
    total = sum(len(actions) for _, actions in recorded)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for code, actions in recorded:
            game = catalog.game_from_code(code)
            for action in actions:
                game.perform(action)
        best = min(best, time.process_time() - start)
    return total / best


def positions(catalog: Catalog, recorded: list[tuple[str, list[str]]]) -> list[tuple[Game, State]]:
    found = []
    for code, actions in recorded:
        game = catalog.game_from_code(code)
        for action in actions:
            game.perform(action)
            found.append((game, game.state))
    return found


def movegen_time(sample: list[tuple[Game, State]]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for game, state in sample:
            game.rules.legal_moves(state)
        best = min(best, time.process_time() - start)
    return best / len(sample)


def startup_time(script: Path, runs: int = 15) -> tuple[float, float]:
    """Median wall-clock and CPU time (user + system) of ``script show CODE``."""
    command = [str(script), "show", "KL1-D1N-AAAAAAG"]
    subprocess.run(command, capture_output=True, check=True)  # warm the file cache
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def installed_startup(commit: str) -> tuple[float, float] | None:
    """Start-up of `solitaire show CODE` as a player has it: the project at ``commit``
    installed with pip into a new virtual environment, byte-code compiled as pip does.
    None when it cannot be checked out or installed (no package index)."""
    with checked_out(commit) as folder:
        if folder is None:
            return None
        venv = folder / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
        pip = subprocess.run(
            [str(venv / "bin" / "pip"), "install", "--quiet", str(folder / "solitaire")],
            capture_output=True,
            text=True,
        )
        if pip.returncode:
            print(pip.stderr.strip().splitlines()[-1:], file=sys.stderr)
            return None
        return startup_time(venv / "bin" / "solitaire")


def deal_times(deals: int = 2000, runs: int = 7) -> tuple[float, float]:
    """Best mean time per deal of shuffled_deck and of a two-deck shuffle_positions."""
    one = two = float("inf")
    for _ in range(runs):
        start = time.process_time()
        for deal in range(deals):
            shuffled_deck(deal)
        one = min(one, (time.process_time() - start) / deals)
        start = time.process_time()
        for deal in range(deals):
            shuffle_positions(deal, 104)
        two = min(two, (time.process_time() - start) / deals)
    return one, two


def spider_games(catalog: Catalog, args: argparse.Namespace) -> list[tuple[str, list[str]]]:
    """Random Spider games in one, two and four suits."""
    rng = random.Random(args.seed)
    games = []
    for number in range(max(3, args.games // 4)):
        options = catalog.options(variant="spider", draw=(1, 2, 4)[number % 3], deal=rng.randrange(2**35))
        game = play_randomly(catalog.new_game(options), rng, args.length, undo=0.05, redo=0.03)
        games.append((game.code, list(game.actions)))
    return games


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--length", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--before", default="bb785fd", help="the commit to compare Klondike's replay with")
    args = parser.parse_args()
    catalog = new_catalog(entry_points=False)
    recorded = random_games(catalog, args.games, args.length, args.seed)
    actions = sum(len(a) for _, a in recorded)
    print(f"games: {len(recorded)}, actions: {actions} (random legal play with undo/redo, seed {args.seed})")
    speed = replay_speed(catalog, recorded)
    print(f"replay, validated actions per second (one core): {speed:,.0f}   target >= 50,000")
    klondike = [(code, actions) for code, actions in recorded if code.startswith("KL")]
    now = replay_speed(catalog, klondike)
    before = replay_speed_at(args.before, klondike)
    shown = "n/a" if before is None else f"{before:,.0f}"
    print(f"replay of the Klondike games, actions per second: now {now:,.0f}, at {args.before} {shown}")
    for name, games, target in (("Klondike", klondike, 20), ("Spider", spider_games(catalog, args), 40)):
        sample = positions(catalog, games)
        mean = movegen_time(sample)
        print(
            f"legal-move generation, {name}, mean per position over {len(sample):,}: {mean * 1e6:.1f} us",
            end="",
        )
        print(f"   target <= {target} us")
    for commit in ("HEAD", args.before):
        measured = installed_startup(commit)
        shown = "n/a"
        if measured is not None:
            shown = f"{measured[0] * 1000:.0f} ms (CPU {measured[1] * 1000:.0f} ms)"
        print(f"start-up of `solitaire show CODE`, {commit} installed, median wall: {shown}", end="")
        print("   target <= 150 ms")
    wall, cpu = startup_time(Path(sys.executable).with_name("solitaire"))
    print(
        f"start-up of `solitaire show CODE` from this environment ({sys.prefix}), median wall:"
        f" {wall * 1000:.0f} ms (CPU {cpu * 1000:.0f} ms); an editable install pays for its import hook"
    )
    one, two = deal_times()
    print(f"dealing, best mean per deal: one deck {one * 1e6:.1f} us, two decks {two * 1e6:.1f} us")


if __name__ == "__main__":
    main()
