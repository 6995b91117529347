"""Golf's own solver: an exact search over column heights, stock size and top rank.

The generic search (:mod:`solitaire.core.search`) plays Golf through the engine's
moves, a few thousand positions a second, while a Golf deal may have two million
reachable positions: it finds some wins and proves almost nothing.  Golf needs no
engine to search it.  The columns and the stock only lose cards from their ends, so a
position is the seven column heights, the stock's size and the foundation's top card;
of that card only the rank matters (nothing in the rules looks at a suit), so the
key is (heights, stock size, top rank), packed in one int.  The search is a
depth-first search with a transposition table over those keys, column moves before the
stock, the taller columns first, and one sound cut:

* **A dead rank.**  A column card of rank r can only ever go onto a card of rank r-1
  or r+1 (not a king: nothing goes on one).  When the card the foundation covers was
  the last of its rank still to come, the ranks next to it are checked: if a rank
  still in the columns has neither neighbour left to come (in the stock, in the
  columns, or on top of the foundation), its cards can never leave and the position
  is lost.

It reads the position from the variant's piles (``t1`` … ``t7``, ``s``, ``f1``) and
answers in the notation of the engine's moves (``t3>f1``, ``s``).  Its verdicts are
checked against an exhaustive search written from the rules alone
(``tests/helpers/golf_oracle.py``) by the tests and by ``benchmarks/golf.py``, and
its lines are played through the engine in the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from solitaire.core.state import FOUNDATION, STOCK, TABLEAU
from solitaire.variants.own_search import Budget, OwnSearch, deeper

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset
    from solitaire.core.state import State

__all__ = ["GOLF_SOLVER", "GolfSolver"]

KING: Final = 13
_RANK_BITS: Final = 4
_STOCK_SHIFT: Final = 4
_HEIGHT_SHIFT: Final = 10  # the stock's size in bits 4-9 (up to 63 cards)
_HEIGHT_BITS: Final = 6  # a column's height in 6 bits (up to 63 cards)


def _fits(top: int, rank: int) -> bool:
    """Whether a card of ``rank`` goes on a top card of rank ``top`` (0: an empty foundation)."""
    return top == 0 or (top != KING and (rank - top == 1 or top - rank == 1))


class GolfSolver(OwnSearch):
    """The solver of Golf (see the module's docstring); ``cuts=False`` searches without
    the dead-rank cut (to test that it is sound)."""

    def search(self, state: State, rules: Ruleset, budget: Budget) -> Sequence[str] | None:
        table = state.table
        column_ids = table.ids_of(TABLEAU)
        columns = [[card.rank for card in state.pile(pile).cards] for pile in column_ids]
        (stock_id,) = table.ids_of(STOCK)
        (home_id,) = table.ids_of(FOUNDATION)
        stock = [card.rank for card in state.pile(stock_id).cards]
        home = state.pile(home_id).up
        moves = [f"{pile}>{home_id}" for pile in column_ids]
        shifts = [_HEIGHT_SHIFT + _HEIGHT_BITS * number for number in range(len(columns))]
        mask = (1 << _HEIGHT_BITS) - 1
        # How many cards of each rank are still to come (columns and stock), and in the columns.
        to_come = [0] * (KING + 2)
        in_columns = [0] * (KING + 2)
        for column in columns:
            for rank in column:
                to_come[rank] += 1
                in_columns[rank] += 1
        for rank in stock:
            to_come[rank] += 1
        start = (home[-1].rank if home else 0) | len(stock) << _STOCK_SHIFT
        for column, shift in zip(columns, shifts, strict=True):
            start |= len(column) << shift
        seen: set[int] = set()
        line: list[str] = []
        cuts = self.cuts
        spend = budget.spend

        def dead(covered: int, top: int) -> bool:
            """Whether covering a card of rank ``covered`` (the last of its rank to come)
            leaves a rank of the columns that can never go (``top``: the new top's rank)."""
            for rank in (covered - 1, covered + 1):
                if 1 <= rank <= KING and in_columns[rank]:
                    if _fits(top, rank):
                        continue
                    if not (to_come[rank - 1] or (rank < KING - 1 and to_come[rank + 1])):
                        return True
            return False

        def search(here: int) -> bool:
            if here in seen:
                return False
            seen.add(here)
            spend()
            top = here & 15
            covered_last = top and not to_come[top]
            playable: list[tuple[int, int, int]] = []
            if top != KING:
                for number, shift in enumerate(shifts):
                    height = (here >> shift) & mask
                    if height:
                        rank = columns[number][height - 1]
                        if _fits(top, rank):
                            playable.append((height, number, rank))
            playable.sort(reverse=True)  # the taller columns first
            for _, number, rank in playable:
                after = ((here & ~15) - (1 << shifts[number])) | rank
                to_come[rank] -= 1
                in_columns[rank] -= 1
                lost = cuts and covered_last and dead(top, rank)
                if not lost and ((after >> _HEIGHT_SHIFT) == 0 or search(after)):
                    line.append(moves[number])
                    to_come[rank] += 1
                    in_columns[rank] += 1
                    return True
                to_come[rank] += 1
                in_columns[rank] += 1
            size = (here >> _STOCK_SHIFT) & 63
            if size:
                rank = stock[size - 1]
                after = ((here & ~15) - (1 << _STOCK_SHIFT)) | rank
                to_come[rank] -= 1
                lost = cuts and covered_last and dead(top, rank)
                found = not lost and search(after)
                to_come[rank] += 1
                if found:
                    line.append("s")
                    return True
            return False

        with deeper(sum(map(len, columns)) + len(stock) + 100):
            won = search(start)
        return line[::-1] if won else None


#: Golf's solver (``Golf.solver``).
GOLF_SOLVER: Final = GolfSolver()
