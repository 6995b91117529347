"""Golf decided by a plain exhaustive search, written from the rules alone.

The rules (RULES.md, ``docs/rules.md``): seven columns, one foundation, a stock.  The
last card of a column goes onto the foundation when it is one rank higher or lower
than the foundation's top card, any suit, without wrap (no king on an ace, no ace on
a king), and nothing goes on a king (``kings_block``; without it a queen may, which is
the Golf that Blake & Gent's tables give).  A tap of the stock turns its next card onto
the foundation, whatever it is; the stock is gone through once.  Won when the seven
columns are empty.

Nothing here asks the engine's rules: the deal is read once from a dealt position
(the columns' cards, the stock's order, the foundation's card), then everything is
plain Python lists.  A position is the seven column heights, the stock's size and
the foundation's top card: the columns and the stock only ever lose cards from their
ends, so that triple says everything, and a visited set of triples is exact.  The
search is a depth-first walk of every reachable triple, without pruning and without
any move made without branching: "unwinnable" means every reachable position was
seen.  The only liberty it takes is the order it tries the moves in (the columns
first, the stock last), which changes how soon it finds a win, not what it finds.

A triple is packed in one int (the top card's number in bits 0-5, the stock's size
in bits 6-10, column n's height in the three bits from 11 + 3n) so that the visited
set holds ints: that is the same key, only smaller and quicker to hash.

Used by ``benchmarks/golf.py``, ``benchmarks/golf_published.py`` and ``tests/solver/test_golf_oracle.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.core.state import State

KING = 13
COLUMNS = 7
#: A card: (rank 1..13, suit letter).
Card = tuple[int, str]
#: A position: the column heights, the stock's size, the foundation's top card.
Position = tuple[tuple[int, ...], int, Card]

_STOCK_SHIFT = 6
_HEIGHT_SHIFT = 11


@dataclass(frozen=True)
class Deal:
    """A Golf deal as plain lists: each column bottom first, the stock with its next
    card last, the foundation's first card."""

    columns: list[list[Card]]
    stock: list[Card]
    foundation: Card
    #: Whether nothing goes on a king (our Golf); False lets a queen go on one, as in the
    #: Golf of Blake & Gent's tables (``benchmarks/golf_published.py``).
    kings_block: bool = True

    @classmethod
    def of(cls, state: State, *, kings_block: bool = True) -> Deal:
        """The deal of a freshly dealt Golf position (its columns t1..t7, stock s, foundation f1)."""

        def cards(pile_id: str) -> list[Card]:
            pile = state.pile(pile_id)
            return [(card.rank, card.suit.letter) for card in (*pile.down, *pile.up)]

        columns = [cards(f"t{n}") for n in range(1, COLUMNS + 1)]
        (foundation,) = cards("f1")
        return cls(columns, cards("s"), foundation, kings_block)

    # -- positions as triples (for tests and for reading) ---------------------------------

    def start(self) -> Position:
        return tuple(len(column) for column in self.columns), len(self.stock), self.foundation

    def moves(self, position: Position) -> list[tuple[str, Position]]:
        """The legal moves of ``position``, in notation, each with the position after it."""
        heights, stock, top = position
        out: list[tuple[str, Position]] = []
        if not (self.kings_block and top[0] == KING):
            for number, height in enumerate(heights):
                if height:
                    card = self.columns[number][height - 1]
                    if abs(card[0] - top[0]) == 1:
                        lower = heights[:number] + (height - 1,) + heights[number + 1 :]
                        out.append((f"t{number + 1}>f1", (lower, stock, card)))
        if stock:
            out.append(("s", (heights, stock - 1, self.stock[stock - 1])))
        return out

    @staticmethod
    def won(position: Position) -> bool:
        return not any(position[0])

    # -- the search, on packed triples ----------------------------------------------------

    def solve(self) -> tuple[bool, list[str], int]:
        """Whether the deal is won, a winning line (empty when not), and how many
        positions were seen."""
        faces = sorted({self.foundation, *self.stock, *(card for column in self.columns for card in column)})
        number = {card: index for index, card in enumerate(faces)}
        rank = [card[0] for card in faces]
        column_cards = [[number[card] for card in column] for column in self.columns]
        stock_cards = [number[card] for card in self.stock]
        start = number[self.foundation] | len(self.stock) << _STOCK_SHIFT
        for column, cards in enumerate(column_cards):
            start |= len(cards) << (_HEIGHT_SHIFT + 3 * column)
        if start >> _HEIGHT_SHIFT == 0:
            return True, [], 1
        blocked = self.kings_block

        def children(here: int) -> list[tuple[str, int]]:
            """The moves of ``here``, the one to try first last."""
            out: list[tuple[str, int]] = []
            stock = (here >> _STOCK_SHIFT) & 31
            cleared = here & ~63
            if stock:
                out.append(("s", (cleared - (1 << _STOCK_SHIFT)) | stock_cards[stock - 1]))
            top = rank[here & 63]
            if not (blocked and top == KING):
                for column in range(COLUMNS):
                    shift = _HEIGHT_SHIFT + 3 * column
                    height = (here >> shift) & 7
                    if height:
                        card = column_cards[column][height - 1]
                        if rank[card] - top in (1, -1):
                            out.append((f"t{column + 1}>f1", (cleared - (1 << shift)) | card))
            return out

        seen = {start}
        line: list[str] = []
        stack = [children(start)]
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
            if after >> _HEIGHT_SHIFT == 0:
                return True, [*line, move], len(seen)
            line.append(move)
            stack.append(children(after))
        return False, [], len(seen)
