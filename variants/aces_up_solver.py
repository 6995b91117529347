"""Aces Up's own solver: an exact depth-first search over the four columns and the
stock's size.

The generic search (:mod:`solitaire.core.search`) plays Aces Up through the engine's
moves and left some 80% of deals unknown; Aces Up needs no engine to search it.  A
card is a number, suit by suit, from the two up to the ace (so that a higher card of
a suit is a bigger number), a column a list of them, and the stock a fixed sequence
of which only the size changes: what is neither in the columns nor in the stock is
discarded.

* **The key** is the four columns and the stock's size, in a few bytes.  The columns
  keep their order while the stock has cards: the next deal puts its first card on
  the first column, so two positions with two columns exchanged are different
  positions (the same cards dealt on other cards).  Once the stock is dealt nothing
  tells the columns apart, and the key sorts them.
* **A depth-first search** with a transposition table of those keys tries the
  discards first (from the taller columns first), then the moves into an empty
  column, the deal last, and says ``unwinnable`` only when it has been through
  every position (the budget of positions, the timeout and the cancel event are
  kept as in the other solvers).
* **Two sound cuts, harmless discards**, each made without trying anything else.
  A discard in general may lose a won position (the card could have sent a lower
  card of its suit off later, when the card that sends it off is covered;
  ``tests/solver/test_aces_up_solver.py`` has such a position).  Two are harmless:

  - *A card whose lower cards of its suit are all discarded.*  Every line from the
    position before the discard is played as well after it, move for move, leaving
    out the moves of that card (its own discard, a move of it into an empty column).
    Every other move is legal there too: a column's last card, other than that card,
    is the same in both (the card is missing from under it, or nowhere); an empty
    column is empty in both; a deal puts the same cards on the same columns; and the
    card never sends another off.  So the line ends in the same won position.
  - *Any discard once the stock is dealt.*  The same line is played, and the one
    move that could fail, the card sending a lower card of its suit off, is made by
    another card: with no deal left nothing is put on a last card again (a card
    moves only into an empty column), so the higher card that lets this one go stays
    a last card until it goes itself, which takes a still higher card of the suit
    ending a column, which stays one in turn.  From the discard on, some higher card
    of the suit ends a column other than that of the card to send off.  So once the
    stock is dealt every discard is made, in any order, without branching (and
    without keeping the positions in between), and only the moves into an empty
    column are tried one by one.

It reads the position from the variant's piles (``t1`` … ``t4``, ``s``, ``f1``) and
answers in the notation of the engine's moves (``t3>f1``, ``t1>t2``, ``s``).  Its
verdicts are checked against an exhaustive search written from the rules alone
(``tests/helpers/aces_up_oracle.py``) by the tests and by ``benchmarks/golf.py --game aces-up``,
and its lines are played through the engine in the tests.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from solitaire.core.state import FOUNDATION, STOCK, TABLEAU
from solitaire.variants.own_search import Budget, OwnSearch, deeper

if TYPE_CHECKING:
    from solitaire.core.cards import Card
    from solitaire.core.ruleset import Ruleset
    from solitaire.core.state import State

__all__ = ["ACES_UP_SOLVER", "AcesUpSolver"]

#: A card's number in its suit: the two is 0, the ace 12.
ACE: Final = 12
#: Between the columns in a key (a card's number is below 52).
_SEPARATOR: Final = b"\xff"


def number(card: Card) -> int:
    """The card as a number: 13 a suit, the two lowest, the ace highest."""
    return int(card.suit) * 13 + (ACE if card.rank == 1 else card.rank - 2)


class AcesUpSolver(OwnSearch):
    """The solver of Aces Up (see the module's docstring); ``cuts=False`` searches
    without the harmless-discard cut (to test that it is sound)."""

    def search(self, state: State, rules: Ruleset, budget: Budget) -> Sequence[str] | None:
        table = state.table
        column_ids = table.ids_of(TABLEAU)
        (stock_id,) = table.ids_of(STOCK)
        (home_id,) = table.ids_of(FOUNDATION)
        columns = [[number(card) for card in state.pile(pile).cards] for pile in column_ids]
        stock = [number(card) for card in state.pile(stock_id).cards]
        count = len(columns)
        #: Per suit, a bit for each of its cards not discarded (in a column or the stock).
        alive = [0] * 4
        for card in (*stock, *(card for column in columns for card in column)):
            alive[card // 13] |= 1 << (card % 13)
        # The cards still to discard: all but the aces.
        left = sum(bin(bits & ~(1 << ACE)).count("1") for bits in alive)
        discards = [f"{pile}>{home_id}" for pile in column_ids]
        moves = [[f"{source}>{target}" for target in column_ids] for source in column_ids]
        seen: set[bytes] = set()
        line: list[str] = []
        spend = budget.spend
        size = len(stock)
        cuts = self.cuts
        separator = _SEPARATOR

        def search() -> bool:
            nonlocal left
            if size or not cuts:
                return node()
            # The stock is dealt: every discard is harmless (see the module's docstring);
            # make them all, in any order, without branching.
            gone: list[tuple[int, int]] = []
            while True:
                for place, column in enumerate(columns):
                    if column and column[-1] % 13 != ACE:
                        top = column[-1]
                        suit = top // 13
                        if any(other and other[-1] > top and other[-1] // 13 == suit for other in columns):
                            column.pop()
                            alive[suit] ^= 1 << (top % 13)
                            left -= 1
                            gone.append((place, top))
                            break
                else:
                    break
            if left == 0:
                won = True
            elif all(columns):  # nothing more to play
                spend()
                won = False
            else:
                won = node()
            if won:
                line.extend(discards[place] for place, _ in reversed(gone))
            for place, top in reversed(gone):
                columns[place].append(top)
                alive[top // 13] |= 1 << (top % 13)
                left += 1
            return won

        def node() -> bool:
            nonlocal size, left
            if size == 0:
                if left == 0:
                    return True
                key = separator.join(sorted(bytes(column) for column in columns))
            else:
                key = separator.join(bytes(column) for column in columns) + bytes((size,))
            if key in seen:
                return False
            seen.add(key)
            spend()
            tops = [column[-1] if column else -1 for column in columns]
            # The discards: a last card with a higher card of its suit ending another column.
            going: list[tuple[int, int]] = []
            for place, top in enumerate(tops):
                if top >= 0 and top % 13 != ACE:
                    suit = top // 13
                    if any(other > top and other // 13 == suit for other in tops):
                        going.append((len(columns[place]), place))
            if cuts:
                for _, place in going:
                    top = tops[place]
                    if size == 0 or not alive[top // 13] & ((1 << (top % 13)) - 1):
                        # Harmless (see the module's docstring): the only move tried.
                        going = [(0, place)]
                        break
            going.sort(reverse=True)  # from the taller columns first
            for height, place in going:
                top = columns[place].pop()
                alive[top // 13] ^= 1 << (top % 13)
                left -= 1
                found = search()
                left += 1
                alive[top // 13] |= 1 << (top % 13)
                columns[place].append(top)
                if found:
                    line.append(discards[place])
                    return True
                if height == 0:  # the harmless discard was the only move
                    return False
            empty = [place for place in range(count) if not columns[place]]
            sources = sorted(
                ((len(columns[place]), place) for place in range(count) if columns[place]), reverse=True
            )
            # Into an empty column, a card from a taller column first, before the deal:
            # which column a card lies on decides which card the deal puts on it.
            if empty and move_into(empty, [source for _, source in sources]):
                return True
            if size:
                dealt = min(size, count)
                for place in range(dealt):
                    columns[place].append(stock[size - 1 - place])
                size -= dealt
                found = search()
                size += dealt
                for place in range(dealt):
                    columns[place].pop()
                if found:
                    line.append("s")
                    return True
            return False

        def move_into(empty: list[int], sources: list[int]) -> bool:
            """Whether a move of the last card of one of ``sources`` into one of the
            ``empty`` columns leads to a win."""
            for target in empty:
                for source in sources:
                    card = columns[source].pop()
                    columns[target].append(card)
                    found = search()
                    columns[target].pop()
                    columns[source].append(card)
                    if found:
                        line.append(moves[source][target])
                        return True
            return False

        # A line has at most 48 discards and 12 deals; between two of them at most four
        # moves into an empty column leave a card of a dealt column there, and between two
        # of those the other moves only put the columns in another order, 24 at most:
        # some 7,600 moves in all, three calls deep each.
        with deeper(sys.getrecursionlimit() + 3 * 125 * (left + 12 + 1)):
            won = search()
        return line[::-1] if won else None


#: Aces Up's solver (``AcesUp.solver``).
ACES_UP_SOLVER: Final = AcesUpSolver()
