"""Write the winning lines of Pyramid and TriPeaks: tests/data/wins/{pyramid,tripeaks}.win.

Run from the repository root:  .venv/bin/python tests/data/make_wins_overlap.py

A small depth-first search over ``legal_moves``, positions seen once (a position is
its piles and its pass), moves tried cards first (those freeing the most cards of the
layout first), the stock's tap last; deal after deal from 1 until one is won within
the node budget.  The format is tests/cli/test_wins.py's.
"""

from __future__ import annotations

import sys
from pathlib import Path

from solitaire.core.moves import Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import TABLEAU, State
from solitaire.plugins.builtins import new_catalog

HERE = Path(__file__).resolve().parent
CATALOG = new_catalog(entry_points=False)
NODES = 200_000


def _order(state: State, move: Move) -> tuple[int, int]:
    """Cards before the tap; among cards, those of lower rows (higher numbers) first."""
    if move.is_draw:
        return (1, 0)
    piles = [pile for pile in (move.src, move.dst or "") if state.table.kind(pile) == TABLEAU]
    return (0, -sum(int(pile[1:]) for pile in piles))


def win(rules: Ruleset, state: State) -> list[str] | None:
    """A winning line from ``state``, or None within the node budget."""
    seen: set[tuple[object, ...]] = set()
    path: list[str] = []
    budget = [NODES]

    def search(state: State) -> bool:
        if rules.is_won(state):
            return True
        key = (state.piles, state.pass_number)
        if key in seen or budget[0] <= 0:
            return False
        seen.add(key)
        budget[0] -= 1
        for move in sorted(rules.legal_moves(state), key=lambda move: _order(state, move)):
            _, after = rules.transition(state, move)
            path.append(str(move))
            if search(after):
                return True
            path.pop()
        return False

    sys.setrecursionlimit(10_000)
    return path if search(state) else None


def write(variant: str) -> None:
    for deal in range(1, 200):
        game = CATALOG.new_game(CATALOG.options(variant, deal=deal))
        line = win(game.rules, game.state)
        if line is None:
            continue
        text = [f"code: {game.code}"]
        text += [f"actions: {' '.join(line[n : n + 16])}" for n in range(0, len(line), 16)]
        text.append(f"note: found by tests/data/make_wins_overlap.py (a depth-first search), deal {deal}")
        (HERE / "wins").mkdir(exist_ok=True)
        (HERE / "wins" / f"{variant}.win").write_text("\n".join(text) + "\n", encoding="utf-8")
        print(f"{variant}: deal {deal}, {len(line)} moves")
        return
    raise SystemExit(f"{variant}: no deal won")


if __name__ == "__main__":
    for name in sys.argv[1:] or ("pyramid", "tripeaks"):
        write(name)
