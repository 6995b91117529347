"""How a card goes on another: :class:`Build`, the rule of ranks and suits.

>>> Build(DOWN, ALTERNATE).fits(Card.parse("9H"), Card.parse("TS"))
True
>>> Build(UP, ANY_SUIT, wrap=True, step=3).fits(Card.parse("AC"), Card.parse("JD"))
True
>>> Build(SAME_RANK, ANY_SUIT).fits(Card.parse("AS"), Card.parse("AH"))
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from solitaire.core.cards import CARDS, Card
from solitaire.core.refusals import Refusal
from solitaire.variants.blocks import rules as r

__all__ = [
    "ALTERNATE",
    "ANY_ON_ANY",
    "ANY_RANK",
    "ANY_SUIT",
    "DIRECTIONS",
    "DOWN",
    "EITHER",
    "KLONDIKE_BUILD",
    "NOTHING_BUILDS",
    "NO_SUIT",
    "RANK_TEXTS",
    "SAME_COLOUR",
    "SAME_RANK",
    "SAME_SUIT",
    "SUITS",
    "UP",
    "Build",
    "fitting_faces",
]

# -- the rank rule --------------------------------------------------------------------------------

#: One rank (``step`` ranks) lower than the card it goes on.
DOWN: Final = "down"
#: One rank (``step`` ranks) higher.
UP: Final = "up"
#: Either way.
EITHER: Final = "either"
#: The same rank (an aces pile: an ace on an ace).
SAME_RANK: Final = "same-rank"
#: Any rank: any card on any card (a waste pile, a discard).
ANY_RANK: Final = "any-rank"
DIRECTIONS: Final = (DOWN, UP, EITHER, SAME_RANK, ANY_RANK)

# -- the suit rule --------------------------------------------------------------------------------

#: A card of the other colour.
ALTERNATE: Final = "alternate"
#: A card of the same suit.
SAME_SUIT: Final = "same"
#: A card of the same colour (of either suit of it).
SAME_COLOUR: Final = "same-colour"
#: Any suit.
ANY_SUIT: Final = "any"
#: Nothing builds: no card goes on another.
NO_SUIT: Final = "none"
SUITS: Final = (ALTERNATE, SAME_SUIT, SAME_COLOUR, ANY_SUIT, NO_SUIT)

#: The ranks as a player reads them, A to K.
RANK_TEXTS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _direction(_: object, __: object, value: str) -> None:
    if value not in DIRECTIONS:
        raise ValueError(f"a build's direction is one of {', '.join(DIRECTIONS)}, not {value!r}")


def _suit(_: object, __: object, value: str) -> None:
    if value not in SUITS:
        raise ValueError(f"a build's suit rule is one of {', '.join(SUITS)}, not {value!r}")


def _step(_: object, __: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
        raise ValueError(f"a build's step is a count of ranks, 1 to 12, not {value!r}")


@attrs.frozen
class Build:
    """How a card goes on another: the rank ``direction`` (``DOWN``: ``step`` ranks
    lower, ``UP``: higher, ``EITHER``, ``SAME_RANK``, ``ANY_RANK``), the ``suit`` rule
    (``ALTERNATE`` colours, ``SAME_SUIT``, ``SAME_COLOUR``, ``ANY_SUIT``, or ``NO_SUIT``:
    nothing builds), whether ranks ``wrap`` around (K then A going up), ``king_ends``:
    nothing goes on a king (Golf), and ``step``: how many ranks a card is from the one
    it goes on (foundations that build by 2s, 3s or 4s)."""

    direction: str = attrs.field(default=DOWN, validator=_direction)
    suit: str = attrs.field(default=ALTERNATE, validator=_suit)
    wrap: bool = False
    king_ends: bool = False
    step: int = attrs.field(default=1, validator=_step)

    def rank_fits(self, card: Card, target: Card) -> bool:
        """True when the ranks allow ``card`` on ``target``."""
        direction = self.direction
        if direction == ANY_RANK:
            return True
        if direction == SAME_RANK:
            return card.rank == target.rank
        step = (card.rank - target.rank) % 13 if self.wrap else card.rank - target.rank
        by = self.step
        if direction == DOWN:
            return step == 13 - by if self.wrap else step == -by
        if direction == UP:
            return step == by
        return step in (by, 13 - by) if self.wrap else step in (by, -by)

    def suit_fits(self, card: Card, target: Card) -> bool:
        """True when the suits allow ``card`` on ``target``."""
        suit = self.suit
        if suit == ALTERNATE:
            return card.is_red is not target.is_red
        if suit == SAME_SUIT:
            return card.suit is target.suit
        if suit == SAME_COLOUR:
            return card.is_red is target.is_red
        return suit == ANY_SUIT

    def fits(self, card: Card, target: Card) -> bool:
        """True when ``card`` may go on ``target``."""
        if self.king_ends and target.rank == 13:
            return False
        return self.rank_fits(card, target) and self.suit_fits(card, target)

    def refusal(self, card: Card, target: Card) -> Refusal | None:
        """Why ``card`` may not go on ``target`` (the rank rule first), or None."""
        if self.suit == NO_SUIT:
            return r.NO_BUILDING.refuse(card=card, target=target)
        if self.king_ends and target.rank == 13:
            return r.NOTHING_ON_KING.refuse(card=card, target=target)
        if not self.rank_fits(card, target):
            direction = self.direction
            if direction == SAME_RANK:
                return r.WRONG_RANK_SAME.refuse(card=card, target=target)
            if self.step != 1 and direction in (UP, DOWN):
                rule = r.WRONG_RANK_STEP if direction == UP else r.WRONG_RANK_STEP_DOWN
                return rule.refuse(card=card, target=target, step=self.step)
            rule = {DOWN: r.WRONG_RANK, UP: r.WRONG_RANK_UP}.get(direction, r.WRONG_RANK_EITHER)
            return rule.refuse(card=card, target=target)
        if not self.suit_fits(card, target):
            rule = {ALTERNATE: r.WRONG_COLOUR, SAME_COLOUR: r.WRONG_SAME_COLOUR}.get(self.suit, r.WRONG_SUIT)
            return rule.refuse(card=card, target=target)
        return None

    def run_length(self, up: Sequence[Card]) -> int:
        """How many cards at the end of ``up`` are built in this order (0 when empty)."""
        count = len(up)
        if not count:
            return 0
        size = 1
        while size < count and self.fits(up[-size], up[-size - 1]):
            size += 1
        return size

    def next_rank(self, rank: int) -> int | None:
        """The rank that goes next on a card of ``rank``, where one rank does (up or down
        by the step; None past the end without wrap, or when no one rank is next)."""
        if self.direction not in (UP, DOWN) or self.suit == NO_SUIT:
            return None
        step = self.step if self.direction == UP else -self.step
        if self.king_ends and rank == 13:
            return None
        following = rank + step
        if self.wrap:
            return (following - 1) % 13 + 1
        return following if 1 <= following <= 13 else None


#: Klondike's build: down in alternating colours.
KLONDIKE_BUILD: Final = Build()
#: Nothing goes on a card.
NOTHING_BUILDS: Final = Build(suit=NO_SUIT)
#: Any card on any card.
ANY_ON_ANY: Final = Build(ANY_RANK, ANY_SUIT)


@functools.cache
def fitting_faces(build: Build) -> tuple[tuple[int, ...], ...]:
    """For each face 0..51 (``Card.index``), the faces that ``build`` lets go on it, in order."""
    return tuple(tuple(card.index for card in CARDS if build.fits(card, target)) for target in CARDS)
