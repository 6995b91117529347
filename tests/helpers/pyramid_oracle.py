"""Pyramid decided by a plain exhaustive search, written from the rules alone.

The rules (RULES.md, ``variants/rules/pyramid.en.md``): 28 cards in a pyramid of seven
rows, row r (from 1 at the top) holding r cards, each card lying on the two cards of
the row above it that it touches: card n of row r (from 1) lies on cards n - 1 and n
of row r - 1.  A card is free when no card lies on it.  Two free cards that add up to
13 (A 1, J 11, Q 12) go off together, a king (13) alone.  Besides the pyramid's free
cards, the stock's next card (face up) and the waste's top card play, with a pyramid
card or with each other.  A tap of the stock moves its next card onto the waste; a tap
on its last card turns the waste (with that card on it) back into the stock in the
same order, a new pass, and so does a tap on an empty stock when the waste has cards;
three passes in all (or as many as the redeal policy says, or no limit), so on the
last pass the stock's last card stays where it is.  Won when all 52 cards are off.

Nothing here asks the engine's rules: the position is read once from the piles, then
everything is plain Python: the pyramid a frozenset of the places still holding a card
(row, place in row), the stock a tuple of cards with the next one first, the waste a
tuple with its top last, and the passes begun.  A visited set of such positions is
exact.  The search is a depth-first walk of every reachable position, without pruning
and without any move made without branching: "unwinnable" means every reachable
position was seen.  Moves are written as the engine writes them: the piles of a pair
in table order (``s``, ``w``, then ``t1`` … ``t28``, row by row from the top), a king
as ``PILE>f1``, a tap as ``s``.

Used by ``benchmarks/golf.py --game pyramid`` and ``tests/solver/test_pyramid_oracle.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.core.state import State

ROWS = 7
TOTAL = 13
KING = 13
#: A card: (rank 1..13, suit letter).
Card = tuple[int, str]
#: A place of the pyramid: (row from 1, place in the row from 1).
Place = tuple[int, int]
#: A position: the pyramid's places left, the stock (next card first), the waste (top
#: last), the passes begun (1 on the first pass).
Position = tuple[frozenset[Place], tuple[Card, ...], tuple[Card, ...], int]

PLACES: list[Place] = [(row, n) for row in range(1, ROWS + 1) for n in range(1, row + 1)]


def pile_of(place: Place) -> str:
    """The engine's name of a pyramid place: t1 at the top, row by row."""
    row, n = place
    return f"t{row * (row - 1) // 2 + n}"


def lying_on(place: Place) -> list[Place]:
    """The places of the row below that lie on ``place``."""
    row, n = place
    return [(row + 1, n), (row + 1, n + 1)] if row < ROWS else []


@dataclass(frozen=True)
class Deal:
    """A Pyramid position as plain data: the card at each place still holding one,
    the stock with its next card first, the waste with its top last, the pass under
    way, and how many passes the rules allow (None: no limit)."""

    pyramid: dict[Place, Card]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    passes: int | None = 3
    pass_number: int = 1

    @classmethod
    def of(cls, state: State, passes: int | None = 3) -> Deal:
        """The position of an engine state of Pyramid (piles s, w, t1 … t28)."""

        def cards(pile_id: str) -> tuple[Card, ...]:
            pile = state.pile(pile_id)
            return tuple((card.rank, card.suit.letter) for card in (*pile.down, *pile.up))

        pyramid = {place: cards(pile_of(place))[0] for place in PLACES if cards(pile_of(place))}
        stock = tuple(reversed(cards("s")))
        return cls(pyramid, stock, cards("w"), passes, state.pass_number)

    def start(self) -> Position:
        return frozenset(self.pyramid), self.stock, self.waste, self.pass_number

    def free(self, left: frozenset[Place]) -> list[Place]:
        return [place for place in left if not any(upper in left for upper in lying_on(place))]

    def moves(self, position: Position) -> list[tuple[str, Position]]:
        """The legal moves of ``position``, in notation, each with the position after it."""
        left, stock, waste, passes_begun = position
        # What plays: (pile name, the card, what is left once it is gone).
        playable: list[tuple[str, Card, Position]] = []
        if stock:
            playable.append(("s", stock[0], (left, stock[1:], waste, passes_begun)))
        if waste:
            playable.append(("w", waste[-1], (left, stock, waste[:-1], passes_begun)))
        for place in sorted(self.free(left), key=lambda found: int(pile_of(found)[1:])):
            playable.append(
                (pile_of(place), self.pyramid[place], (left - {place}, stock, waste, passes_begun))
            )
        out: list[tuple[str, Position]] = []
        for name, card, after in playable:
            if card[0] == KING:
                out.append((f"{name}>f1", after))
        for index, (name, card, _) in enumerate(playable):
            for other_name, other, _ in playable[index + 1 :]:
                if card[0] + other[0] == TOTAL:
                    both = self._without(position, name, other_name)
                    out.append((f"{name}>{other_name}", both))
        may_turn_back = self.passes is None or passes_begun < self.passes
        if len(stock) > 1:
            out.append(("s", (left, stock[1:], (*waste, stock[0]), passes_begun)))
        elif (stock or waste) and may_turn_back:
            out.append(("s", (left, (*waste, *stock), (), passes_begun + 1)))
        return out

    @staticmethod
    def _without(position: Position, *names: str) -> Position:
        left, stock, waste, passes_begun = position
        for name in names:
            if name == "s":
                stock = stock[1:]
            elif name == "w":
                waste = waste[:-1]
            else:
                number = int(name[1:])
                left = left - {place for place in PLACES if pile_of(place) == f"t{number}"}
        return left, stock, waste, passes_begun

    @staticmethod
    def won(position: Position) -> bool:
        left, stock, waste, _ = position
        return not left and not stock and not waste

    def key(self, position: Position) -> Position:
        """The position as the visited set keeps it: the pass only counts with a limit."""
        if self.passes is None:
            return position[0], position[1], position[2], 0
        return position

    def solve(self, limit: int | None = None) -> tuple[bool | None, list[str], int]:
        """Whether the position is won, a winning line (empty when not), and how many
        positions were seen; None for the verdict when ``limit`` positions were seen
        first."""
        start = self.start()
        if self.won(start):
            return True, [], 1
        seen = {self.key(start)}
        line: list[str] = []
        stack = [list(reversed(self.moves(start)))]
        while stack:
            kids = stack[-1]
            if not kids:
                stack.pop()
                if line:
                    line.pop()
                continue
            move, after = kids.pop()
            key = self.key(after)
            if key in seen:
                continue
            seen.add(key)
            if self.won(after):
                return True, [*line, move], len(seen)
            if limit is not None and len(seen) >= limit:
                return None, [], len(seen)
            line.append(move)
            stack.append(list(reversed(self.moves(after))))
        return False, [], len(seen)
