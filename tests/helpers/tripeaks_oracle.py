"""TriPeaks decided by a plain exhaustive search, written from the rules alone.

The rules (RULES.md, ``variants/rules/tripeaks.en.md``): three peaks of four rows that
share their bottom row.  The tops are t1 t2 t3; under them the peaks' second rows
(two cards a peak, t4 … t9) and third rows (three a peak, t10 … t18), each card lying
on the two cards of the row above it that it touches; the bottom row of ten (t19 …
t28) lies on the third rows, its cards k and k + 1 (from 0) on card k of the nine.  A
card is free when no card lies on it (a face-down card turns up then: this search
knows every card, as the solvers do).  A free card goes onto the waste (``f1``) when it
is one rank higher or lower than the waste's top, whatever the suits, a king next to
an ace.  A tap of the stock turns its next card onto the waste, whatever it is; there
is no redeal.  Won when the peaks are gone, whatever the stock still holds.

Nothing here asks the engine's rules: the position is read once from the piles, then
it is plain Python: the piles still holding a card (a set of numbers, kept as the bits
of an int so that the visited set holds small keys), the stock's size (it only loses
its next card) and the waste's top card, suit and all.  A visited set of such triples
is exact.  The search is a depth-first walk of every reachable triple, without pruning
and without any move made without branching: "unwinnable" means every reachable
position was seen.  It tries the peaks' cards first, the stock last, which changes how
soon it finds a win, not what it finds.

Used by ``benchmarks/golf.py --game tripeaks`` and ``tests/solver/test_tripeaks_oracle.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.core.state import State

PILES = 28
RANKS = 13
#: A card: (rank 1..13, suit letter).
Card = tuple[int, str]
#: A position: the piles left (bit n - 1 for pile tn), the stock's size, the waste's top.
Position = tuple[int, int, Card]


def _lying_on() -> dict[int, tuple[int, int]]:
    """For each pile that has cards lying on it, the two piles that do."""
    on: dict[int, tuple[int, int]] = {}
    for peak in range(3):
        top = 1 + peak
        second = [4 + 2 * peak, 5 + 2 * peak]
        third = [10 + 3 * peak, 11 + 3 * peak, 12 + 3 * peak]
        on[top] = (second[0], second[1])
        on[second[0]] = (third[0], third[1])
        on[second[1]] = (third[1], third[2])
        for k, pile in enumerate(third):
            on[pile] = (19 + 3 * peak + k, 20 + 3 * peak + k)
    return on


LYING_ON = _lying_on()


def next_to(one: int, other: int) -> bool:
    """Whether two ranks are one apart, K and A next to each other."""
    return abs(one - other) in (1, RANKS - 1)


@dataclass(frozen=True)
class Deal:
    """A TriPeaks position as plain data: the card of each pile still holding one (by
    pile number), the stock with its next card last, the waste's top card."""

    peaks: dict[int, Card]
    stock: list[Card]
    top: Card

    @classmethod
    def of(cls, state: State) -> Deal:
        """The position of an engine state of TriPeaks (piles t1 … t28, s, f1)."""

        def cards(pile_id: str) -> list[Card]:
            pile = state.pile(pile_id)
            return [(card.rank, card.suit.letter) for card in (*pile.down, *pile.up)]

        peaks = {n: cards(f"t{n}")[0] for n in range(1, PILES + 1) if cards(f"t{n}")}
        return cls(peaks, cards("s"), cards("f1")[-1])

    def start(self) -> Position:
        return sum(1 << (n - 1) for n in self.peaks), len(self.stock), self.top

    @staticmethod
    def free(left: int, pile: int) -> bool:
        return bool(left >> (pile - 1) & 1) and not any(
            left >> (upper - 1) & 1 for upper in LYING_ON.get(pile, ())
        )

    def moves(self, position: Position) -> list[tuple[str, Position]]:
        """The legal moves of ``position``, in notation, each with the position after it."""
        left, stock, top = position
        out: list[tuple[str, Position]] = []
        for pile in range(1, PILES + 1):
            if self.free(left, pile) and next_to(self.peaks[pile][0], top[0]):
                out.append((f"t{pile}>f1", (left & ~(1 << (pile - 1)), stock, self.peaks[pile])))
        if stock:
            out.append(("s", (left, stock - 1, self.stock[stock - 1])))
        return out

    @staticmethod
    def won(position: Position) -> bool:
        return position[0] == 0

    def solve(self) -> tuple[bool, list[str], int]:
        """Whether the position is won, a winning line (empty when not), and how many
        positions were seen."""
        start = self.start()
        if self.won(start):
            return True, [], 1
        seen = {start}
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
            if after in seen:
                continue
            seen.add(after)
            if self.won(after):
                return True, [*line, move], len(seen)
            line.append(move)
            stack.append(list(reversed(self.moves(after))))
        return False, [], len(seen)
