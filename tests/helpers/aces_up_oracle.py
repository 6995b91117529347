"""Aces Up decided by a plain exhaustive search, written from the rules alone.

The rules (RULES.md, ``docs/rules.md``): four columns, a discard pile, a stock.  The
stock deals one card onto each of the four columns, empty or not (its next card onto
the first column, the one after onto the second, and so on; a stock of fewer than
four cards deals them onto the first columns).  A column's last card
goes to the discard pile when the last card of another column is of its suit and
higher, aces high (so an ace never goes).  The last card of any column may move into
an empty column.  Won when the stock is dealt and only the four aces are left in the
columns.

Nothing here asks the engine's rules: the cards are read once from a position (the
columns bottom first, the stock with its next card last), then everything is plain
Python tuples.  A position is the four columns, in their order, and the stock's
size: the stock only loses cards from its end, and what is not in the columns or the
stock is discarded, so that pair says everything, and a visited set of pairs is
exact.  The columns are not sorted: while the stock has cards, which column a card
lies on decides which card the next deal puts on it.  The search is a depth-first
walk of every reachable pair, without pruning and without any move made without
branching: "unwinnable" means every reachable position was seen.  The only liberty
it takes is the order it tries the moves in (the discards first, the deal last),
which changes how soon it finds a win, not what it finds.

Used by ``benchmarks/golf.py --game aces-up`` and ``tests/solver/test_aces_up_oracle.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.core.state import State

COLUMNS = 4
ACE = 1
#: A card: (rank 1..13, suit letter).
Card = tuple[int, str]
Columns = tuple[tuple[Card, ...], ...]
#: A position: the four columns (each bottom first), the stock's size.
Position = tuple[Columns, int]


def value(card: Card) -> int:
    """A card's rank, aces high."""
    return 14 if card[0] == ACE else card[0]


@dataclass(frozen=True)
class Deal:
    """An Aces Up position as plain tuples: each column bottom first, the stock with its
    next card last."""

    columns: Columns
    stock: tuple[Card, ...]

    @classmethod
    def of(cls, state: State) -> Deal:
        """The cards of any Aces Up position (its columns t1..t4 and its stock s)."""

        def cards(pile_id: str) -> tuple[Card, ...]:
            return tuple((card.rank, card.suit.letter) for card in state.pile(pile_id).cards)

        return cls(tuple(cards(f"t{n}") for n in range(1, COLUMNS + 1)), cards("s"))

    def start(self) -> Position:
        return self.columns, len(self.stock)

    def moves(self, position: Position) -> list[tuple[str, Position]]:
        """The legal moves of ``position``, in notation, each with the position after it:
        the discards, the moves into an empty column, the deal."""
        columns, stock = position
        out: list[tuple[str, Position]] = []
        for number, column in enumerate(columns):
            if not column:
                continue
            suit = column[-1][1]
            if any(
                other and other[-1][1] == suit and value(other[-1]) > value(column[-1])
                for place, other in enumerate(columns)
                if place != number
            ):
                after = columns[:number] + (column[:-1],) + columns[number + 1 :]
                out.append((f"t{number + 1}>f1", (after, stock)))
        for target, empty in enumerate(columns):
            if empty:
                continue
            for number, column in enumerate(columns):
                if column:
                    moved = list(columns)
                    moved[number] = column[:-1]
                    moved[target] = column[-1:]
                    out.append((f"t{number + 1}>t{target + 1}", (tuple(moved), stock)))
        if stock:
            dealt = tuple(
                column + (self.stock[stock - 1 - number],) if number < stock else column
                for number, column in enumerate(columns)
            )
            out.append(("s", (dealt, max(stock - COLUMNS, 0))))
        return out

    @staticmethod
    def won(position: Position) -> bool:
        columns, stock = position
        return not stock and all(card[0] == ACE for column in columns for card in column)

    def solve(self, limit: int | None = None) -> tuple[bool | None, list[str], int]:
        """Whether the position is won, a winning line (empty when not), and how many
        positions were seen; None for "not known" when more than ``limit`` positions
        would have to be seen."""
        start = self.start()
        if self.won(start):
            return True, [], 1
        seen = {start}
        line: list[str] = []
        # The moves to try first last, so that pop() takes them first.
        stack = [self.moves(start)[::-1]]
        while stack:
            kids = stack[-1]
            if not kids:
                stack.pop()
                if line:
                    line.pop()
                continue
            move, after = kids.pop()
            if after in seen:
                continue
            seen.add(after)
            if limit is not None and len(seen) > limit:
                return None, [], len(seen)
            if self.won(after):
                return True, [*line, move], len(seen)
            line.append(move)
            stack.append(self.moves(after)[::-1])
        return False, [], len(seen)
