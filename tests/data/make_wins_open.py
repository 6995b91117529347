"""Write tests/data/wins/ID.win for Baker's Dozen, Beleaguered Castle, Eight Off and
Simple Simon: a winning line found by a best-first search over the variant's own
rules (``Ruleset.legal_moves`` and ``Ruleset.transition``).

Run from the repository root:  .venv/bin/python tests/data/make_wins_open.py [ID ...]

The search orders positions by make_perft's measure of progress (cards home, free
cells and empty columns, cards in suit order, low cards not buried), or in Simple
Simon by cards home, empty columns and cards on the next rank up (in suit above
all), trying deal 1, 2, ... until it finds a win within the budget of positions.  The file records the
code, the actions and where the line comes from; tests/cli/test_wins.py plays it
through the command line to a win.
"""

from __future__ import annotations

import heapq
import itertools
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_perft import _key, _progress  # noqa: E402

from solitaire.core.codes import encode_deal  # noqa: E402
from solitaire.core.state import FOUNDATION, TABLEAU, State  # noqa: E402
from solitaire.plugins.builtins import new_catalog  # noqa: E402

CATALOG = new_catalog(entry_points=False)
NODES = 200_000
DEALS = 20


def _runs_progress(state: State) -> int:
    """Simple Simon's measure: cards home and empty columns; cards on a card one rank
    higher, four times as much in suit (only a run in suit goes off)."""
    home = sum(len(pile.up) for pile in state.of_kind(FOUNDATION))
    columns = state.of_kind(TABLEAU)
    empty = sum(1 for pile in columns if not pile)
    built = 0
    for pile in columns:
        for lower, upper in zip(pile.up, pile.up[1:], strict=False):
            if upper.rank == lower.rank - 1:
                built += 4 if upper.suit == lower.suit else 1
    return 10 * home + 6 * empty + built


#: Each game's code prefix and measure of progress.
GAMES: dict[str, tuple[str, Callable[[State], int]]] = {
    "bakers-dozen": ("BD", _progress),
    "beleaguered-castle": ("BC", _progress),
    "eight-off": ("EO", _progress),
    "simple-simon": ("SS", _runs_progress),
}


def search(code: str, progress: Callable[[State], int]) -> list[str] | None:
    """A winning line of the game ``code``, or None within the budget."""
    game = CATALOG.game_from_code(code)
    rules = game.rules
    tie = itertools.count()
    heap: list[tuple[int, int, State, tuple[str, ...]]] = [(0, 0, game.state, ())]
    seen = {_key(game.state)}
    for _ in range(NODES):
        if not heap:
            return None
        _, _, state, path = heapq.heappop(heap)
        if rules.variant.is_won(state):
            return list(path)
        for move in rules.legal_moves(state):
            _, after = rules.transition(state, move)
            key = _key(after)
            if key not in seen:
                seen.add(key)
                heapq.heappush(heap, (-progress(after), next(tie), after, (*path, str(move))))
    return None


def write(variant: str) -> None:
    for deal in range(1, DEALS + 1):
        prefix, progress = GAMES[variant]
        code = f"{prefix}1-D1X-{encode_deal(deal)}"
        line = search(code, progress)
        if line is not None:
            break
        print(f"{code}: no win found within {NODES} positions", file=sys.stderr)
    else:
        raise SystemExit(f"{variant}: no win found in deals 1 to {DEALS}")
    lines = [f"code: {code}"]
    lines += [f"actions: {' '.join(line[n : n + 16])}" for n in range(0, len(line), 16)]
    lines.append(f"note: found by tests/data/make_wins_open.py (best-first search), {len(line)} moves")
    (HERE / "wins" / f"{variant}.win").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{variant}: {code}, {len(line)} moves")


if __name__ == "__main__":
    for name in sys.argv[1:] or GAMES:
        write(name)
