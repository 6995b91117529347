"""Engine speed in every built-in game, this tree beside an earlier commit, in one run.

Run:  .venv/bin/python benchmarks/games.py [--before COMMIT] [--games N] [--length N] [--seed S]

For every built-in game (every draw it offers), random legal play with some undo and
redo is recorded once, here; the same action lists are then replayed by this tree and
by ``--before`` (default 0ce7d27, the commit before the public rules vocabulary),
checked out with ``git worktree`` into a temporary folder, each in a process of its
own, taking turns: first this tree, then the other, three rounds.  Printed per game:

- replay: validated actions per second (parse, check, events, fold, log), the best of
  the rounds;
- legal moves: the mean time of ``legal_moves`` over every position of the games, the
  best of the rounds;

and the ratio of this tree to the other (above 1.00: this tree is faster).  Times are
CPU time (``time.process_time``) of the measuring process, so that other work on a busy
machine weighs less.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import ROOT, checked_out

from solitaire.core.playout import play_randomly
from solitaire.plugins.builtins import new_catalog

#: Measures the games read as JSON on stdin with the ``solitaire`` package found first on
#: the path; prints, per game, the actions per second and the seconds per legal_moves.
MEASURER = """
import json, sys, time
from solitaire.plugins.builtins import new_catalog
catalog = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])
recorded = json.load(sys.stdin)
out = {}


def replay(games, positions=None):
    for code, actions in games:
        game = catalog.game_from_code(code)
        for action in actions:
            game.perform(action)
            if positions is not None:
                positions.append((game.rules, game.state))


for name, games in recorded.items():
    total = sum(len(actions) for _, actions in games)
    positions = []
    replay(games, positions)  # warm: caches filled, code paths taken once
    start = time.process_time()
    replay(games)
    speed = total / (time.process_time() - start)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for rules, state in positions:
            rules.legal_moves(state)
        best = min(best, (time.process_time() - start) / len(positions))
    out[name] = (speed, best)
print(json.dumps(out))
"""


def recorded_games(games: int, length: int, seed: int) -> dict[str, list[tuple[str, list[str]]]]:
    """Random games of every built-in game and draw, by ``game/draw``."""
    catalog = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])
    rng = random.Random(seed)
    found: dict[str, list[tuple[str, list[str]]]] = {}
    for variant in catalog.variants.values():
        for draw in variant.draws:
            games_of = []
            for _ in range(games):
                deal = variant.deal_numbers[rng.randrange(len(variant.deal_numbers))]
                game = catalog.new_game(catalog.options(variant.id, draw=draw, deal=deal))
                play_randomly(game, rng, length, undo=0.05, redo=0.03)
                games_of.append((game.code, list(game.actions)))
            found[f"{variant.id}/{draw}"] = games_of
    return found


def measure(folder: Path, recorded: dict[str, list[tuple[str, list[str]]]]) -> dict[str, tuple[float, float]]:
    """Replay speed and legal-move time per game with the package of ``folder``."""
    result = subprocess.run(
        [sys.executable, "-c", MEASURER],
        input=json.dumps(recorded),
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"},
        cwd=folder,
    )
    found: dict[str, tuple[float, float]] = json.loads(result.stdout)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", default="0ce7d27", help="the commit to compare with")
    parser.add_argument("--games", type=int, default=6, help="games per game and draw")
    parser.add_argument("--length", type=int, default=200, help="actions per game")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    recorded = recorded_games(args.games, args.length, args.seed)
    here: dict[str, list[tuple[float, float]]] = {}
    there: dict[str, list[tuple[float, float]]] = {}
    with checked_out(args.before) as before, tempfile.TemporaryDirectory() as linked:
        if before is None:
            print(f"cannot check out {args.before}", file=sys.stderr)
            return 1
        Path(linked, "solitaire").symlink_to(ROOT)  # this tree, importable as the package
        for _ in range(args.rounds):
            for name, figures in measure(Path(linked), recorded).items():
                here.setdefault(name, []).append(figures)
            for name, figures in measure(before, recorded).items():
                there.setdefault(name, []).append(figures)
    actions = sum(len(a) for games in recorded.values() for _, a in games)
    print(f"{actions:,} actions in {len(recorded)} games and draws; best of {args.rounds} rounds each")
    print(f"{'game/draw':22} {'replay actions/s':>26} {'legal moves, us':>24}")
    print(f"{'':22} {'now':>8} {args.before:>8} {'ratio':>7}  {'now':>7} {args.before:>7} {'ratio':>7}")
    worst_replay = worst_moves = float("inf")
    for name in recorded:
        now_replay = max(replay for replay, _ in here[name])
        old_replay = max(replay for replay, _ in there[name])
        now_moves = min(moves for _, moves in here[name])
        old_moves = min(moves for _, moves in there[name])
        worst_replay = min(worst_replay, now_replay / old_replay)
        worst_moves = min(worst_moves, old_moves / now_moves)
        print(
            f"{name:22} {now_replay:8,.0f} {old_replay:8,.0f} {now_replay / old_replay:7.2f}"
            f"  {now_moves * 1e6:7.1f} {old_moves * 1e6:7.1f} {old_moves / now_moves:7.2f}"
        )
    print(f"lowest ratio: replay {worst_replay:.2f}, legal moves {worst_moves:.2f} (1.00: as fast as before)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
