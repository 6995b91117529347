"""Pyramid's own solver: an exact search over the cards left and where the stock stands.

The generic search (:mod:`solitaire.core.search`) plays Pyramid through the engine's
moves, a few thousand positions a second, and leaves most deals unknown.  Pyramid
needs no engine to search it.  A pyramid card leaves only when no card lies on it,
so the pyramid is the set of its cards still there (one bit a pile).  The stock and
the waste are one sequence in drawing order, the waste's cards (bottom first) then
the stock's (its face-up card first): a tap moves the boundary between them one card
on, a pair takes out the card just before the boundary (the waste's top) or just
after it (the stock's card), and turning the waste back keeps the order and puts the
boundary at the start.  So a position is: the pyramid cards left, the sequence's
cards left (one bit a card), the boundary (the place of the stock's card) and, with
limited passes, the passes used; the foundation's cards say nothing more.  The first
three are packed in one int, the key of the transposition table, which keeps the
fewest passes used with which the position was searched.

The search is a depth-first search over those keys: pairs of two pyramid cards
first (the lower rows first), then pyramid cards with the stock's or the waste's,
then the stock's with the waste's, the tap last.  What it leaves out, each sound:

* **Fewer passes used is never worse.**  A position searched with u passes used is
  not searched again with more: with fewer used, every move of the other is legal
  (a tap that turns the waste back needs a pass left) and leads to the same position
  with fewer passes used again.
* **A free king goes at once.**  A king of the pyramid that no card lies on, or a
  king that is the stock's card or the waste's top, goes off before anything else,
  and no other move is tried.  A winning line must take it off some time, alone.
  Let X⁻ be a position X of the line without the king, the boundary where it was.
  Every move of the line from X is then matched by at most one move from X⁻ that
  leads to the next position without the king, or to one as good: a move of other
  cards is the same move (the stock's card and the waste's top are the same cards
  once the king is gone, unless the king was one of them, and a king never pairs);
  a tap over the king is no move; a tap that turns the waste back is a tap of the
  empty stock (the same pass); and a tap onto the king as the stock's last card
  leaves, without the king, the stock empty and that card on top of the waste,
  which the position X⁻ beats: the same card is its stock's last card, a tap turns
  the waste back all the same, and every pair of it is a pair of X⁻ with the same
  result.  Taking the king off at once so loses no win.
* **A card no card can pair with.**  Every card but a king must go off with a card of
  the rank that makes 13 with it, the two free at the same time: neither may lie on
  the other, even through cards between them (a card is free only once every card
  that lies on it, and on those, is gone); and on the last pass two cards of the
  waste never pair (only its top plays, and nothing turns it back into the stock).
  So for each pair of ranks (A and Q, 2 and J, ... 6 and 7) the cards of one still in
  play must be matched one for one with those of the other, each with one it may
  pair with; where no such matching exists the position is lost.  It is checked at
  the start, after each pair for the ranks of that pair, and after each tap on the
  last pass for the rank of the card tapped (nothing else changes what may pair).
* **A stock that plays at any time.**  The position is lost if it would be lost even
  were every card of the stock and the waste free at every moment: a pool to pair
  the pyramid's cards with, what is left of it pairing off at the end (equal numbers
  of each two ranks that make 13).  Every winning line is a winning line of that
  looser game: its pairs of pyramid cards are the same, a pyramid card's pair with
  the stock's or the waste's card takes that card from the pool, the kings and the
  pairs of the stock with the waste only take from the pool what pairs off at the
  end, and taps are no moves.  The looser game is searched on the pyramid's bits and
  the pool's count of each rank, a few thousand positions at most, the answers kept;
  it is asked at the start and after each pair.  It proves lost at once deals whose
  pyramid's order forbids a win whatever the stock holds (pairs that wait for one
  another: an ace lying on a jack whose two lies on the ace's queen): deals 3, 4, 7,
  8, 55 and 74, which took the search up to 2.1 million positions without it.

It reads the position from the variant's piles (``s``, ``w``, ``f1``, ``t1`` …
``t28``, and what lies on what from ``Variant.piles``) and answers in the notation of
the engine's moves (``t16>t28``, ``s>w``, ``t22>f1``, ``s``).  The passes come from
the redeal policy (``RedealPolicy.passes``, None for no limit) and the pass under
way (``State.pass_number``).  Its verdicts are checked against an exhaustive search
written from the rules alone (``tests/helpers/pyramid_oracle.py``) by the tests and by
``benchmarks/golf.py --game pyramid``, and its lines are played through the engine in
the tests.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from solitaire.core.solver import DEFAULT_NODES, SolveResult
from solitaire.core.state import FOUNDATION, STOCK, TABLEAU, WASTE
from solitaire.variants.own_search import Budget, OwnSearch, deeper

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset
    from solitaire.core.state import State

__all__ = ["PYRAMID_SOLVER", "PyramidSolver"]

KING: Final = 13
TOTAL: Final = 13


def _matched(lefts: list[int], rights: list[int], may_pair: Callable[[int, int], bool]) -> bool:
    """Whether every card of ``lefts`` can be matched with its own card of ``rights``
    (as many), each pair one that ``may_pair`` allows (augmenting paths)."""
    if len(lefts) != len(rights):
        return False
    partner: dict[int, int] = {}

    def augment(left: int, tried: set[int]) -> bool:
        for right in rights:
            if right not in tried and may_pair(left, right):
                tried.add(right)
                if right not in partner or augment(partner[right], tried):
                    partner[right] = left
                    return True
        return False

    return all(augment(left, set()) for left in lefts)


class PyramidSolver(OwnSearch):
    """The solver of Pyramid (see the module's docstring); ``cuts=False`` searches
    without the kings, the matching and the looser game (to test that they are sound;
    the passes are compared either way)."""

    def solve(
        self,
        state: State,
        rules: Ruleset,
        *,
        max_nodes: int = DEFAULT_NODES,
        timeout: float | None = None,
        cancel: threading.Event | None = None,
    ) -> SolveResult:
        """As :meth:`OwnSearch.solve`; a position with the stock's next card face down
        (not one the game makes) goes to the generic search."""
        (stock_id,) = state.table.ids_of(STOCK)
        stock_pile = state.pile(stock_id)
        if stock_pile.down and not stock_pile.up:
            from solitaire.core.search import GENERIC_SOLVER

            return GENERIC_SOLVER.solve(state, rules, max_nodes=max_nodes, timeout=timeout, cancel=cancel)
        return super().solve(state, rules, max_nodes=max_nodes, timeout=timeout, cancel=cancel)

    def search(self, state: State, rules: Ruleset, budget: Budget) -> Sequence[str] | None:
        table = state.table
        order = {pile: place for place, pile in enumerate(table.ids)}
        piles = table.ids_of(TABLEAU)
        (stock_id,) = table.ids_of(STOCK)
        (waste_id,) = table.ids_of(WASTE)
        (home_id,) = table.ids_of(FOUNDATION)
        stock_pile = state.pile(stock_id)
        count = len(piles)
        number = {pile: n for n, pile in enumerate(piles)}
        covers = {spec.id: spec.covered_by for spec in rules.variant.piles(state)}
        # The pyramid: a card's rank by pile (0: empty), the piles lying on each as bits,
        # and every pile lying on each through the piles between them.
        ranks = [state.pile(pile).cards[-1].rank if state.pile(pile) else 0 for pile in piles]
        over = [sum(1 << number[upper] for upper in covers.get(pile, ())) for pile in piles]
        above = list(over)
        for n in reversed(range(count)):
            for upper in range(count):
                if over[n] >> upper & 1:
                    above[n] |= above[upper]
        # The stock and the waste as one sequence in drawing order: places 0 .. size - 1,
        # written count + place among the cards in play.
        waste_cards = state.pile(waste_id).cards
        sequence = [card.rank for card in (*waste_cards, *reversed(stock_pile.cards))]
        size = len(sequence)
        passes = rules.redeal.passes
        limited = passes is not None
        passes_left = max(0, (passes or 0) - state.pass_number) if limited else 0
        seq_shift = count
        at_shift = count + size
        cuts = self.cuts
        rank_of = [*ranks, *sequence]

        # For the matching, the cards in play are bits: pyramid piles 0 .. count - 1, then
        # the sequence's places.  The slots holding each pair of ranks, by the lower rank.
        slots = {
            low: sum(1 << n for n, rank in enumerate(rank_of) if rank in (low, TOTAL - low))
            for low in range(1, 7)
        }
        matchings: dict[tuple[int, int, int], bool] = {}

        def pairable(rank: int, mask: int, seq: int, at: int, last_pass: bool) -> bool:
            """Whether the cards of ``rank`` and of the rank that makes 13 with it can all
            be paired off in the position (a king always can)."""
            if rank == KING:
                return True
            low = min(rank, TOTAL - rank)
            cards = (mask | seq << count) & slots[low]
            waste = (seq & ((1 << at) - 1)) << count & cards if last_pass else 0
            key = (low, cards, waste)
            found = matchings.get(key)
            if found is None:
                lefts = [n for n in range(len(rank_of)) if cards >> n & 1 and rank_of[n] == low]
                rights = [n for n in range(len(rank_of)) if cards >> n & 1 and rank_of[n] != low]

                def may_pair(one: int, other: int) -> bool:
                    if one < count and other < count:
                        return not (above[one] >> other & 1 or above[other] >> one & 1)
                    return not (waste >> one & 1 and waste >> other & 1)

                found = matchings[key] = _matched(lefts, rights, may_pair)
            return found

        free_cache: dict[int, tuple[tuple[int, int], ...]] = {}

        def free_of(mask: int) -> tuple[tuple[int, int], ...]:
            """The free pyramid cards of ``mask``, (pile number, rank), the lowest row first."""
            found = free_cache.get(mask)
            if found is None:
                found = tuple(
                    (n, ranks[n]) for n in reversed(range(count)) if mask >> n & 1 and not mask & over[n]
                )
                free_cache[mask] = found
            return found

        # The pyramid with the stock and the waste as a pool whose every card plays at
        # any time: (pyramid bits, the pool's count of each rank) -> whether it wins.
        pools: dict[tuple[int, tuple[int, ...]], bool] = {}
        loose: dict[int, bool] = {}

        def pooled(mask: int, pool: tuple[int, ...]) -> bool:
            if mask == 0:
                return all(pool[rank] == pool[TOTAL - rank] for rank in range(1, 7))
            key = (mask, pool)
            found = pools.get(key)
            if found is not None:
                return found
            free = free_of(mask)
            found = False
            king = next((n for n, rank in free if rank == KING), None)
            if king is not None:
                found = pooled(mask & ~(1 << king), pool)
            else:
                for index, (n, rank) in enumerate(free):
                    if any(
                        rank + other == TOTAL and pooled(mask & ~(1 << n) & ~(1 << m), pool)
                        for m, other in free[index + 1 :]
                    ):
                        found = True
                        break
                    if pool[TOTAL - rank]:
                        fewer = list(pool)
                        fewer[TOTAL - rank] -= 1
                        if pooled(mask & ~(1 << n), tuple(fewer)):
                            found = True
                            break
            pools[key] = found
            return found

        def winnable_loose(mask: int, seq: int) -> bool:
            """Whether the position would win if every card of the stock and the waste
            played at any time (a position lost so is lost)."""
            key = mask | seq << seq_shift
            found = loose.get(key)
            if found is None:
                pool = [0] * (KING + 1)
                for place, rank in enumerate(sequence):
                    if seq >> place & 1:
                        pool[rank] += 1
                found = loose[key] = pooled(mask, tuple(pool))
            return found

        start_mask = sum(1 << n for n, rank in enumerate(ranks) if rank)
        start_seq = (1 << size) - 1
        if cuts and not (
            all(
                pairable(rank, start_mask, start_seq, len(waste_cards), limited and passes_left == 0)
                for rank in range(1, 7)
            )
            and winnable_loose(start_mask, start_seq)
        ):
            budget.nodes = 1
            return None

        seen: dict[int, int] = {}
        line: list[str] = []
        spend = budget.spend

        def pair(first: str, second: str) -> str:
            one, other = sorted((first, second), key=order.__getitem__)
            return f"{one}>{other}"

        def search(mask: int, seq: int, at: int, used: int) -> bool:
            """Whether the position wins: pyramid ``mask``, sequence ``seq``, the stock's card
            the first at or after place ``at``, ``used`` passes used (with a limit)."""
            rest = seq >> at << at
            at = (rest & -rest).bit_length() - 1 if rest else size
            key = mask | seq << seq_shift | at << at_shift
            known = seen.get(key)
            if known is not None and known <= used:
                return False
            seen[key] = used
            spend()
            last_pass = limited and used >= passes_left
            free = free_of(mask)
            stock_rank = sequence[at] if at < size else 0
            below = seq & ((1 << at) - 1)
            top = below.bit_length() - 1 if below else -1
            waste_rank = sequence[top] if top >= 0 else 0
            if cuts:
                for n, rank in free:
                    if rank == KING:
                        return gone(mask & ~(1 << n), seq, at, used, f"{piles[n]}>{home_id}")
                if stock_rank == KING:
                    return gone(mask, seq & ~(1 << at), at, used, f"{stock_id}>{home_id}")
                if waste_rank == KING:
                    return gone(mask, seq & ~(1 << top), at, used, f"{waste_id}>{home_id}")
            # Two pyramid cards.
            for index, (n, rank) in enumerate(free):
                for m, other in free[index + 1 :]:
                    if rank + other == TOTAL and paired(
                        mask & ~(1 << n) & ~(1 << m), seq, at, used, n, last_pass
                    ):
                        line.append(pair(piles[n], piles[m]))
                        return True
            # A pyramid card with the stock's or the waste's.
            for n, rank in free:
                if (
                    stock_rank
                    and rank + stock_rank == TOTAL
                    and paired(mask & ~(1 << n), seq & ~(1 << at), at, used, n, last_pass)
                ):
                    line.append(pair(piles[n], stock_id))
                    return True
                if (
                    waste_rank
                    and rank + waste_rank == TOTAL
                    and paired(mask & ~(1 << n), seq & ~(1 << top), at, used, n, last_pass)
                ):
                    line.append(pair(piles[n], waste_id))
                    return True
            if (
                stock_rank
                and waste_rank
                and stock_rank + waste_rank == TOTAL
                and paired(mask, seq & ~(1 << at) & ~(1 << top), at, used, count + at, last_pass)
            ):
                line.append(pair(stock_id, waste_id))
                return True
            if not cuts:
                kings = [(mask & ~(1 << n), seq, piles[n]) for n, rank in free if rank == KING]
                if stock_rank == KING:
                    kings.append((mask, seq & ~(1 << at), stock_id))
                if waste_rank == KING:
                    kings.append((mask, seq & ~(1 << top), waste_id))
                for after, after_seq, pile in kings:
                    if gone(after, after_seq, at, used, f"{pile}>{home_id}"):
                        return True
            # The tap.
            if stock_rank and seq >> (at + 1):
                if last_pass and cuts and not pairable(stock_rank, mask, seq, at + 1, True):
                    return False
                if search(mask, seq, at + 1, used):
                    line.append(stock_id)
                    return True
            elif seq and not last_pass and search(mask, seq, 0, used + 1 if limited else 0):
                line.append(stock_id)
                return True
            return False

        def gone(mask: int, seq: int, at: int, used: int, move: str) -> bool:
            """Whether the position after ``move`` (a king off) wins."""
            if (mask == 0 and seq == 0) or search(mask, seq, at, used):
                line.append(move)
                return True
            return False

        def paired(mask: int, seq: int, at: int, used: int, card: int, last_pass: bool) -> bool:
            """Whether the position after a pair, one of its cards written ``card`` (a pile
            number, or count + a place in the sequence), wins."""
            if mask == 0 and seq == 0:
                return True
            if cuts and not (pairable(rank_of[card], mask, seq, at, last_pass) and winnable_loose(mask, seq)):
                return False
            return search(mask, seq, at, used)

        with deeper((count + size + 2) * (size + 2) * (passes_left + 1) + 100):
            won = search(start_mask, start_seq, len(waste_cards), 0)
        return line[::-1] if won else None


#: Pyramid's solver (``Pyramid.solver``).
PYRAMID_SOLVER: Final = PyramidSolver()
