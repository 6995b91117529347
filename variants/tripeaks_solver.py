"""TriPeaks' own solver: an exact search over the peaks' cards left, the stock's size
and the waste's top rank.

The generic search (:mod:`solitaire.core.search`) plays TriPeaks through the engine's
moves and leaves about a quarter of the deals unknown within 5,000 positions.
TriPeaks, like Golf, needs no engine to search it.  A card of the peaks leaves only
when no card lies on it, so the peaks are the set of their cards still there (one
bit a pile); the stock only loses its next card, so its size says what is left; and
of the waste (the foundation ``f1``) only its top card's rank matters, since nothing
in the rules looks at a suit or at the cards under the top.  The face-down cards
turn up by themselves once uncovered: the search knows them, as every solver here
knows the cards a player cannot see (the "thoughtful" verdict).  The key is (peaks
left, stock size, top rank), packed in one int.

The search is a depth-first search with a transposition table over those keys, cards
of the peaks before the stock, the cards with the most face-down cards under them
first, and one sound cut:

* **A dead rank.**  A card of rank r goes onto the waste only onto a card of rank
  r - 1 or r + 1 (a king and an ace are next to each other).  When the card the waste
  covers was the last of its rank still to come, the ranks next to it are checked:
  if a rank still in the peaks has neither neighbour left to come (in the stock, in
  the peaks, or on top of the waste), its cards can never leave and the position is
  lost.

It reads the position from the variant's piles (``t1`` … ``t28``, what lies on what
from ``Variant.piles``, ``s``, ``f1``) and answers in the notation of the engine's
moves (``t24>f1``, ``s``).  Its verdicts are checked against an exhaustive search
written from the rules alone (``tests/helpers/tripeaks_oracle.py``) by the tests and
by ``benchmarks/golf.py --game tripeaks``, and its lines are played through the
engine in the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from solitaire.core.state import FOUNDATION, STOCK, TABLEAU
from solitaire.variants.own_search import Budget, OwnSearch

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset
    from solitaire.core.state import State

__all__ = ["TRIPEAKS_SOLVER", "TriPeaksSolver"]

RANKS: Final = 13


def _next_to(one: int, other: int) -> bool:
    """Whether ranks ``one`` and ``other`` are one apart, a king next to an ace."""
    return (one - other) % RANKS in (1, RANKS - 1)


class TriPeaksSolver(OwnSearch):
    """The solver of TriPeaks (see the module's docstring); ``cuts=False`` searches
    without the dead-rank cut (to test that it is sound)."""

    def search(self, state: State, rules: Ruleset, budget: Budget) -> Sequence[str] | None:
        table = state.table
        piles = table.ids_of(TABLEAU)
        (stock_id,) = table.ids_of(STOCK)
        (home_id,) = table.ids_of(FOUNDATION)
        number = {pile: n for n, pile in enumerate(piles)}
        covers = {spec.id: spec.covered_by for spec in rules.variant.piles(state)}
        count = len(piles)
        ranks = [state.pile(pile).cards[-1].rank if state.pile(pile) else 0 for pile in piles]
        over = [sum(1 << number[upper] for upper in covers.get(pile, ())) for pile in piles]
        under: list[list[int]] = [[] for _ in piles]
        for n in range(count):
            for upper in range(count):
                if over[n] >> upper & 1:
                    under[upper].append(n)
        # How many cards lie under each pile, through the piles between them: the order.
        below = [0] * count
        for n in range(count):
            reach = set(under[n])
            stack = list(under[n])
            while stack:
                for lower in under[stack.pop()]:
                    if lower not in reach:
                        reach.add(lower)
                        stack.append(lower)
            below[n] = len(reach)
        stock = [card.rank for card in state.pile(stock_id).cards]
        home = state.pile(home_id).cards
        top = home[-1].rank if home else 0
        left = sum(1 << n for n, rank in enumerate(ranks) if rank)
        to_come = [0] * (RANKS + 1)
        in_peaks = [0] * (RANKS + 1)
        for rank in ranks:
            if rank:
                to_come[rank] += 1
                in_peaks[rank] += 1
        for rank in stock:
            to_come[rank] += 1
        stock_shift = count
        top_shift = count + 6
        seen: set[int] = set()
        line: list[str] = []
        spend = budget.spend
        cuts = self.cuts
        moves = [f"{pile}>{home_id}" for pile in piles]
        free_cache: dict[int, tuple[tuple[int, int], ...]] = {}

        def free_of(mask: int) -> tuple[tuple[int, int], ...]:
            """The free cards of ``mask``, (pile number, rank), those over most cards first."""
            found = free_cache.get(mask)
            if found is None:
                cards = [n for n in range(count) if mask >> n & 1 and not mask & over[n]]
                cards.sort(key=lambda n: -below[n])
                found = tuple((n, ranks[n]) for n in cards)
                free_cache[mask] = found
            return found

        def dead(covered: int, new_top: int) -> bool:
            """Whether covering a card of rank ``covered`` (the last of its rank to come)
            leaves a rank of the peaks that can never go (``new_top``: the new top's rank)."""
            for rank in (covered % RANKS + 1, (covered - 2) % RANKS + 1):
                if (
                    in_peaks[rank]
                    and not _next_to(new_top, rank)
                    and not (to_come[rank % RANKS + 1] or to_come[(rank - 2) % RANKS + 1])
                ):
                    return True
            return False

        def search(mask: int, size: int, rank_on_top: int) -> bool:
            key = mask | size << stock_shift | rank_on_top << top_shift
            if key in seen:
                return False
            seen.add(key)
            spend()
            covered_last = cuts and rank_on_top and not to_come[rank_on_top]
            for n, rank in free_of(mask):
                if rank_on_top and not _next_to(rank, rank_on_top):
                    continue
                after = mask & ~(1 << n)
                if after == 0:
                    line.append(moves[n])
                    return True
                to_come[rank] -= 1
                in_peaks[rank] -= 1
                lost = covered_last and dead(rank_on_top, rank)
                found = not lost and search(after, size, rank)
                to_come[rank] += 1
                in_peaks[rank] += 1
                if found:
                    line.append(moves[n])
                    return True
            if size:
                rank = stock[size - 1]
                to_come[rank] -= 1
                lost = covered_last and dead(rank_on_top, rank)
                found = not lost and search(mask, size - 1, rank)
                to_come[rank] += 1
                if found:
                    line.append(stock_id)
                    return True
            return False

        won = search(left, len(stock), top)
        return line[::-1] if won else None


#: TriPeaks' solver (``TriPeaks.solver``).
TRIPEAKS_SOLVER: Final = TriPeaksSolver()
