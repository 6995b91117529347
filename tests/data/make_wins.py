"""Write tests/data/wins/ID.win: a winning line of each built-in game.

Run from the repository root:  .venv/bin/python tests/data/make_wins.py [ID ...]
(no ID: every built-in game without a file yet; ``--force`` rewrites existing files;
``--deals N`` tries the first N deals, ``--nodes N`` the positions searched a deal).

A game whose variant has a solver (``Variant.solver``: Klondike, Réfléchi) takes the
solver's line.  Every other game is searched here, generically, through the variant's
own rules only (``Ruleset.legal_moves`` and ``Ruleset.transition``): a best-first
search that prefers positions with fewer cards in play (the stock's count less),
fewer face-down cards and fewer cards lying on a card of lower rank (where the
foundations take whole runs, as in Spider: fewer runs, above all over face-down cards,
and fewer moves made), trying deal 1, 2, ... until it finds a win within the budget.
The search knows the face-down cards (it plays the "thoughtful" game): the line is a
test of the rules, not of a player's luck.

The file records the code, the actions and where the line comes from; the test
(tests/cli/test_wins.py) plays it through the command line to a win.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import sys
from collections.abc import Callable
from pathlib import Path

from solitaire.core.moves import Move
from solitaire.core.registry import Catalog
from solitaire.core.ruleset import Ruleset
from solitaire.core.solver import solve
from solitaire.core.state import FOUNDATION, STOCK, State
from solitaire.plugins.builtins import new_catalog

WINS = Path(__file__).resolve().parent / "wins"


def _key(state: State) -> object:
    """The position without its score and move counter."""
    return state.piles, state.pass_number


def _cost(state: State) -> int:
    """Lower is closer to a win: cards in play (the stock counts less), face-down cards,
    cards that lie on a card of lower rank (one of them must move first), breaks in the
    runs (a card not one rank lower than the card under it, in its suit), full piles."""
    cost = 0
    for pile, kind in zip(state.piles, state.table.kinds, strict=True):
        if kind == FOUNDATION:
            continue
        if kind == STOCK:
            cost += 4 * (len(pile.down) + len(pile.up))
            continue
        cards = pile.down + pile.up
        cost += 10 * len(cards) + 3 * len(pile.down) + bool(cards)
        lowest = 14
        for under, card in itertools.pairwise(cards):
            lowest = min(lowest, under.rank)
            if card.rank > lowest:
                cost += 4  # lies on a lower card: one of them must move first
            if card.rank != under.rank - 1 or card.suit != under.suit:
                cost += 2  # a break in the run
    return cost


def _runs_cost(state: State) -> int:
    """The cost in games whose foundations take whole runs (Spider, Simple Simon).

    Cards home count off.  A column costs 20 a face-down card and 3 a half run of its
    face-up cards (a card on one a rank higher but of another suit starts half a run,
    any other card not in suit order a whole one), twice that over face-down cards:
    those runs must move before the card under them turns.  An empty column costs
    nothing.  A card of the stock costs 9, more than a new run on a column turned up
    (6) and less than one over face-down cards (12): a deal, a row of cards mostly on
    no run, pays only once most columns are turned up.  Each move made so far costs 3,
    as the depth in A*: on a plateau (a group shuffled from column to column) the
    search takes the nearer positions first instead of wandering deep.
    """
    cost: int = 3 * state.moves
    for pile, kind in zip(state.piles, state.table.kinds, strict=True):
        if kind == FOUNDATION:
            cost -= 10 * len(pile.up)
        elif kind == STOCK:
            cost += 9 * len(pile.down)
        elif pile:
            halves = 2  # the run at the bottom of the face-up cards
            for lower, upper in itertools.pairwise(pile.up):
                if upper.rank != lower.rank - 1:
                    halves += 2
                elif upper.suit != lower.suit:
                    halves += 1
            cost += 20 * len(pile.down) + (6 if pile.down else 3) * halves
    return cost


def cost_of(rules: Ruleset) -> Callable[[State], int]:
    """The measure the search orders positions by, for the variant of ``rules``."""
    block = getattr(rules.variant, "foundations_block", None)
    return _runs_cost if getattr(block, "runs", False) else _cost


def search(state: State, rules: Ruleset, nodes: int) -> list[Move] | None:
    """A winning line from ``state`` found within ``nodes`` positions, or None."""
    measure = cost_of(rules)
    tie = itertools.count(0, -1)  # among equals, the newest first: deeper on a plateau
    parents: dict[object, tuple[object, Move] | None] = {_key(state): None}
    queue: list[tuple[int, int, State]] = [(measure(state), next(tie), state)]
    while queue and len(parents) < nodes:
        _, _, here = heapq.heappop(queue)
        here_key = _key(here)
        for move in rules.legal_moves(here):
            _, after = rules.transition(here, move)
            key = _key(after)
            if key in parents:
                continue
            parents[key] = (here_key, move)
            if rules.is_won(after):
                line: list[Move] = []
                step: tuple[object, Move] | None = parents[key]
                while step is not None:
                    line.append(step[1])
                    step = parents[step[0]]
                return line[::-1]
            heapq.heappush(queue, (measure(after), next(tie), after))
    return None


def winning_line(catalog: Catalog, variant: str, deals: int, nodes: int) -> tuple[str, list[str], str] | None:
    """(code, actions, how it was found) for the first deal won within the budget."""
    for deal in range(1, deals + 1):
        options = catalog.options(variant, deal=deal)
        game = catalog.new_game(options)
        rules = game.rules
        if rules.variant.solver() is not None:
            result = solve(game.state, rules, max_nodes=nodes)
            if result.verdict == "winnable":
                return game.code, list(result.solution), "the built-in solver's winning line"
            continue
        line = search(game.state, rules, nodes)
        if line is not None:
            note = "a best-first search over the variant's legal moves (tests/data/make_wins.py)"
            return game.code, [str(move) for move in line], note
        print(f"  {variant}: deal {deal} not won within {nodes} positions", file=sys.stderr)
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
