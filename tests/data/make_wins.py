"""Write tests/data/wins/ID.win: a winning line of each built-in game.

Run from the repository root:  .venv/bin/python tests/data/make_wins.py [ID ...]
(no ID: every built-in game without a file yet; ``--force`` rewrites existing files;
``--deals N`` tries the first N deals, ``--nodes N`` the positions searched a deal).

Every built-in game has a solver (``Variant.solver``): Klondike and Réfléchi the
Klondike solver (``core/solver.py``), every other game the generic search over its own
rules (``core/search.py``: a best-first search, then a complete one, with canonical
keys, stock macro moves and safe moves home).  The script tries deal 1, 2, ... until
the solver finds a win within the budget.  The solver knows the face-down cards (it
plays the "thoughtful" game): the line is a test of the rules, not of a player's luck.
The files whose note names an earlier search of this script's own were written before
the generic search; the generic search wins their deals too, and they are kept.

The file records the code, the actions and where the line comes from; the test
(tests/cli/test_wins.py) plays it through the command line to a win.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from solitaire.core.registry import Catalog
from solitaire.core.search import GenericSolver
from solitaire.plugins.builtins import new_catalog

WINS = Path(__file__).resolve().parent / "wins"


def winning_line(catalog: Catalog, variant: str, deals: int, nodes: int) -> tuple[str, list[str], str] | None:
    """(code, actions, how it was found) for the first deal won within the budget."""
    for deal in range(1, deals + 1):
        options = catalog.options(variant, deal=deal)
        game = catalog.new_game(options)
        rules = game.rules
        solver = rules.variant.solver()
        if solver is None:
            print(f"  {variant}: no solver", file=sys.stderr)
            return None
        result = solver.solve(game.state, rules, max_nodes=nodes)
        if result.verdict == "winnable":
            if isinstance(solver, GenericSolver):
                note = "the generic search's winning line (core/search.py, via tests/data/make_wins.py)"
            else:
                note = "the built-in solver's winning line"
            return game.code, list(result.solution), note
        print(f"  {variant}: deal {deal} {result.verdict} within {nodes} positions", file=sys.stderr)
    return None


def write_win(path: Path, code: str, actions: list[str], note: str) -> None:
    """The ``.win`` file: the code, the actions (wrapped), the note."""
    lines = [f"note: {note}", f"code: {code}"]
    for start in range(0, len(actions), 20):
        lines.append("actions: " + " ".join(actions[start : start + 20]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=200_000)
    args = parser.parse_args()
    catalog = new_catalog(entry_points=False)
    WINS.mkdir(exist_ok=True)
    status = 0
    for variant in args.variants or sorted(catalog.variants):
        path = WINS / f"{variant}.win"
        if path.exists() and not args.force:
            continue
        found = winning_line(catalog, variant, args.deals, args.nodes)
        if found is None:
            print(f"{variant}: no win found", file=sys.stderr)
            status = 1
            continue
        code, actions, note = found
        write_win(path, code, actions, note)
        print(f"{variant}: {code}, {len(actions)} actions")
    return status


if __name__ == "__main__":
    sys.exit(main())
