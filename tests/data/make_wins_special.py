"""Write Canfield's winning line (tests/data/wins/canfield.win), and on request those of
Grandfather, Clock and Aces Up, which tests/data/make_wins.py writes.

Run from the repository root:  .venv/bin/python tests/data/make_wins_special.py [GAME...]

For each game, deals 1, 2, 3 ... are tried in turn with a best-first search over the
legal moves (most cards home first, then fewest cards face down, then fewest left in
the stock), each position looked at once, up to a budget of positions per deal; the
first deal won gives the line, written as tests/cli/test_wins.py reads it.  A position
is the cards where they lie, whatever the pass (Grandfather's redeals aside): make_wins.py
counts the pass too, and Canfield's unlimited turns of the stock then make every pass a
new set of positions, so that its search finds no win within its budget.
"""

from __future__ import annotations

import heapq
import sys
from pathlib import Path

from solitaire.core.moves import Move
from solitaire.core.state import FOUNDATION, STOCK, State
from solitaire.plugins.builtins import new_catalog

HERE = Path(__file__).resolve().parent
CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])
#: The game code to try for each game (the deal number is filled in) and the budget a deal.
GAMES = {
    "canfield": ("CF1-D3X-{}", 60_000),
    "grandfather": ("GF1-D1X-{}", 60_000),
    "clock": ("CL1-D1X-{}", 100),
    "aces-up": ("AU1-D1X-{}", 60_000),
}
DEALS = 40


def _score(state: State) -> tuple[int, int, int]:
    home = sum(len(state.piles[place]) for place in state.table.places(FOUNDATION))
    stock = sum(len(state.piles[place]) for place in state.table.places(STOCK))
    return (-home, state.face_down_count, stock)


def _code(template: str, deal: int) -> str:
    from solitaire.core.codes import encode_deal

    return template.format(encode_deal(deal))


def search(code: str, budget: int) -> list[str] | None:
    """A winning line of the game ``code`` by best-first search, or None within ``budget``."""
    game = CATALOG.game_from_code(code)
    rules = game.rules
    start = game.state
    heap: list[tuple[tuple[int, int, int], int, State, tuple[str, ...]]] = [(_score(start), 0, start, ())]
    seen = {(start.piles, start.pass_number if code.startswith("GF") else 0)}
    count = 0
    while heap and count < budget:
        _, _, state, path = heapq.heappop(heap)
        count += 1
        if rules.is_won(state):
            return list(path)
        for move in rules.legal_moves(state):
            _, after = rules.transition(state, move)
            # Grandfather's redeals are counted by the pass; elsewhere it only counts recycles.
            key = (after.piles, after.pass_number if code.startswith("GF") else 0)
            if key in seen:
                continue
            seen.add(key)
            heapq.heappush(heap, (_score(after), len(seen), after, (*path, str(move))))
    return None


def write(name: str) -> None:
    template, budget = GAMES[name]
    for deal in range(1, DEALS + 1):
        code = _code(template, deal)
        line = search(code, budget)
        if line is None:
            print(f"{code}: no win within {budget} positions", flush=True)
            continue
        game = CATALOG.game_from_code(code)
        for action in line:
            game.play(Move.parse(action))
        assert game.is_won
        text = [
            "note: a best-first search over the legal moves that takes a position for the cards where"
            " they lie (tests/data/make_wins_special.py; make_wins.py's also counts the pass, and finds"
            " none)",
            f"code: {code}",
            *(f"actions: {' '.join(line[i : i + 20])}" for i in range(0, len(line), 20)),
        ]
        (HERE / "wins").mkdir(exist_ok=True)
        (HERE / "wins" / f"{name}.win").write_text("\n".join(text) + "\n", encoding="utf-8")
        print(f"{code}: won in {len(line)} moves", flush=True)
        return
    raise SystemExit(f"{name}: no deal won")


if __name__ == "__main__":
    for name in sys.argv[1:] or ["canfield"]:
        write(name)
