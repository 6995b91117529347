"""Saved-game figures: replay of saved logs, size of a log, time of the autosave.

Run:  .venv/bin/python benchmarks/saves.py [--games N] [--length L] [--seed S] [--folder DIR]

Prints, with the targets of the local-store issue:
- replay of saved logs from their text (``log.loads``: JSON parse and checks, then
  ``log.replay``: every action played again through the rules and its events
  compared), actions per second on one core (target >= 20,000/s);
- size on disk of a log of ``--length`` (300) actions, median and largest over the
  games: the log file (``log.dumps``) and the store's ``current-game.json``
  (target <= 60 KB, 1 KB = 1,000 bytes);
- time to save after one action (``Store.save_game``: log, JSON, atomic write with
  fsync of the file and of its folder), median and 95th percentile over the
  actions of a game (target <= 5 ms median); a save writes the whole log, so it
  grows with the game: the last one is shown too.  The fsync cost depends on the disk
  and file system of ``--folder`` (default: a temporary folder).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from solitaire.core import log as game_log
from solitaire.core.game import Game
from solitaire.core.playout import play_randomly
from solitaire.core.registry import Catalog
from solitaire.core.store import Store
from solitaire.plugins.builtins import new_catalog


def play(game: Game, rng: random.Random, length: int) -> Game:
    """Random legal play with some undo and redo, ``length`` actions when the deal allows."""
    return play_randomly(game, rng, length, undo=0.05, redo=0.03)


def random_games(catalog: Catalog, games: int, length: int, seed: int) -> list[Game]:
    """Games in both variants, draw 1 and 3, Normal and Vegas (unlimited redeals, so
    that the games last ``length`` actions)."""
    rng = random.Random(seed)
    played = []
    for number in range(games):
        options = catalog.options(
            variant=("klondike", "reflechi")[number % 2],
            draw=(1, 3)[number // 2 % 2],
            scoring=("normal", "vegas")[number // 4 % 2],
            redeal="unlimited",
            deal=rng.randrange(2**35),
        )
        played.append(play(catalog.new_game(options), rng, length))
    return played


def replay_speed(catalog: Catalog, texts: list[str]) -> float:
    """Actions per second, best of three rounds: text -> log.loads -> log.replay."""
    total = sum(len(game_log.loads(text).entries) for text in texts)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for text in texts:
            game_log.replay(game_log.loads(text), catalog)
        best = min(best, time.perf_counter() - start)
    return total / best


def saved_sizes(catalog: Catalog, games: list[Game], folder: Path) -> list[int]:
    """Size of current-game.json as the store writes it, per game."""
    sizes = []
    for number, game in enumerate(games):
        Store(folder).save_game(game, catalog, game_id=f"{number:032x}", seconds=1234.5)
        sizes.append((folder / "current-game.json").stat().st_size)
    return sizes


def save_times(catalog: Catalog, length: int, seed: int, folder: Path) -> list[float]:
    """Seconds taken by Store.save_game after each action of one game."""
    rng = random.Random(seed)
    store = Store(folder)
    game = catalog.new_game(catalog.options(deal=rng.randrange(2**35), redeal="unlimited"))
    game_id = Store.new_game_id()
    times = []
    for _ in range(length):
        before = len(game.journal)
        play(game, rng, 1)
        if len(game.journal) == before:
            break
        start = time.perf_counter()
        store.save_game(game, catalog, game_id=game_id, seconds=len(times) * 2.5)
        times.append(time.perf_counter() - start)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--length", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--folder", type=Path, default=None, help="where to save (default: a temp folder)")
    args = parser.parse_args()
    catalog = new_catalog(entry_points=False)
    games = random_games(catalog, args.games, args.length, args.seed)
    texts = [game_log.dumps(game_log.log_of(game, catalog)) for game in games]
    actions = sum(len(game.journal) for game in games)
    full = sum(len(game.journal) == args.length for game in games)
    print(
        f"games: {len(games)} ({full} of {args.length} actions), actions: {actions:,}"
        f" (random legal play with undo/redo, both variants, seed {args.seed})"
    )

    speed = replay_speed(catalog, texts)
    print(
        f"replay of saved logs (log.loads + log.replay), actions per second: {speed:,.0f}   target >= 20,000"
    )

    log_sizes = [len(text.encode("utf-8")) for text in texts]
    with tempfile.TemporaryDirectory(dir=args.folder) as scratch:
        folder = Path(scratch)
        store_sizes = saved_sizes(catalog, games, folder / "sizes")
        times = save_times(catalog, args.length, args.seed, folder / "saves")
    for what, sizes in (("log (log.dumps)", log_sizes), ("current-game.json (Store.save_game)", store_sizes)):
        median, largest = statistics.median(sizes) / 1000, max(sizes) / 1000
        print(f"size of a {args.length}-action {what}: median {median:.1f} KB, max {largest:.1f} KB", end="")
        print("   target <= 60 KB")
    where = args.folder or "a temp folder"
    median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
    print(f"save after one action (Store.save_game, {len(times)} saves during one game, in {where}):", end="")
    print(f" median {median:.2f} ms, p95 {p95:.2f} ms, max {max(times) * 1000:.2f} ms", end="")
    print(f" (the last, at {len(times)} actions: {times[-1] * 1000:.2f} ms)   target <= 5 ms median")
    print("(the save includes two fsyncs, of the file and of its folder: their cost depends on the disk)")


if __name__ == "__main__":
    main()
