"""The blocks a table is declared from, and the data they take.

A layout lists blocks: one :class:`Stock` at most, and any number of
:class:`Cells`, :class:`Foundations`, :class:`Tableau` and :class:`Reserve` groups.
Each group gets its piles' ids in turn (``c1`` .., ``f1`` .., ``t1`` .., ``r1`` ..,
numbered on from one group of a kind to the next) and plays by its own parameters,
so foundations built up from the aces and foundations built down from the kings are
two ``Foundations`` blocks.  Every parameter is a plain value: the blocks are frozen
and compare by value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from solitaire.core.cards import Card
from solitaire.core.state import CELL, TABLEAU, State
from solitaire.variants.blocks.build import KLONDIKE_BUILD, SAME_SUIT, UP, Build
from solitaire.variants.blocks.hooks import MoveRule

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset

__all__ = [
    "ANY_CARD",
    "ANY_GROUP",
    "BASE",
    "BASES",
    "BELOW_BASE",
    "BOTTOM_UP",
    "DEALT",
    "KING",
    "NO_CARD",
    "ORDERED",
    "SINGLE",
    "TOP_DOWN",
    "WHOLE_OR_TOP",
    "Block",
    "Cells",
    "Fans",
    "Foundations",
    "GroupLimit",
    "Next",
    "Pick",
    "Redeal",
    "Reserve",
    "Spots",
    "Stock",
    "Tableau",
    "cell_limit",
    "free_cell_limit",
]

# -- what an empty pile takes, what starts a foundation -------------------------------------------

#: A king (or any rank 1..13: the number itself).
KING: Final = 13
#: Any card.
ANY_CARD: Final = 0
#: Nothing: an empty pile stays empty.
NO_CARD: Final = -1
#: The rank just below the foundations' base (a king when they start with the aces; the
#: card under the dealt rank where the deal sets the base).
BELOW_BASE: Final = -2
#: A foundation base set by the deal: the rank of the card its ``Next`` placement deals.
DEALT: Final = -3
#: In a :class:`Pick`, the rank that starts the foundation the card goes to.
BASE: Final = 0

# -- what moves together ----------------------------------------------------------------------------

#: A group built by the tableau's own build.
ORDERED: Final = "ordered"
#: Any face-up cards, in order or not (Yukon).
ANY_GROUP: Final = "any"
#: One card at a time.
SINGLE: Final = "single"
#: The whole column, or its last card alone (Canfield); the column must be in order.
WHOLE_OR_TOP: Final = "whole-or-top"
GROUPS: Final = (ORDERED, ANY_GROUP, SINGLE, WHOLE_OR_TOP)

# -- how gathered cards are picked up ---------------------------------------------------------------

#: Each pile from its top card down, the first pile first.
TOP_DOWN: Final = "top-down"
#: Each pile from its bottom card up, the first pile first.
BOTTOM_UP: Final = "bottom-up"

#: A group size limit: ``(state, destination, rules) -> most cards``.
GroupLimit: TypeAlias = Callable[[State, str, "Ruleset"], int]


def free_cell_limit(state: State, dst: str, rules: Ruleset) -> int:
    """FreeCell's group limit: (free cells + 1) × 2^(empty columns other than ``dst``)."""
    piles = state.piles
    table = state.table
    cells = 0
    for place in table.places(CELL):
        pile = piles[place]
        if not (pile.up or pile.down):
            cells += 1
    empty = 0
    ids = table.ids
    for place in table.places(TABLEAU):
        pile = piles[place]
        if not (pile.up or pile.down) and ids[place] != dst:
            empty += 1
    return (cells + 1) << empty


def cell_limit(state: State, dst: str, rules: Ruleset) -> int:
    """A group limit of free cells + 1, the empty columns left out (Eight Off: only a
    king goes to an empty column, so it cannot hold a group's cards on the way)."""
    return 1 + sum(1 for cell in state.of_kind(CELL) if not cell)


# -- converters ---------------------------------------------------------------------------------------


def _rule_tuple(rules: Iterable[MoveRule]) -> tuple[MoveRule, ...]:
    return tuple(rules)


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _str_tuple(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _spot_tuple(spots: Iterable[Sequence[object]]) -> tuple[tuple[int, bool], ...]:
    return tuple((int(pile), bool(up)) for pile, up in spots)  # type: ignore[call-overload]


# -- cards placed by the deal -----------------------------------------------------------------------


def _ranks(_: object, __: object, ranks: tuple[int, ...]) -> None:
    if not all(isinstance(rank, int) and not isinstance(rank, bool) and 0 <= rank <= 13 for rank in ranks):
        raise ValueError(f"ranks are 1 (ace) .. 13 (king), or BASE, not {ranks!r}")


def _cards(_: object, __: object, cards: tuple[str, ...]) -> None:
    for text in cards:
        Card.parse(text)


@attrs.frozen
class Pick:
    """Cards picked out of the pack before the deal and laid face up on a block's piles
    (the rest is dealt as if they had never been there).  ``ranks``: pile by pile, the
    first card of that rank in the dealt order (of the pile's suit where the piles are
    by suit; ``BASE``: the rank that starts the pile; one rank alone: the same for
    every pile); or ``cards``: pile by pile, a card by its text (``"AS"``; the first
    copy of it).

    >>> Pick(ranks=(1, 2, 3, 4))    # an ace, a two, a three and a four, any suits
    Pick(ranks=(1, 2, 3, 4), cards=())
    """

    ranks: tuple[int, ...] = attrs.field(default=(), converter=_int_tuple, validator=_ranks)
    cards: tuple[str, ...] = attrs.field(default=(), converter=_str_tuple, validator=_cards)

    def count(self, piles: int) -> int:
        """How many cards the pick lays on ``piles`` piles."""
        if self.cards:
            return min(len(self.cards), piles)
        return piles if len(self.ranks) == 1 else min(len(self.ranks), piles)

    def rank_for(self, number: int) -> int:
        """The rank pile ``number`` (from 0) gets (``BASE`` for its base)."""
        return self.ranks[0] if len(self.ranks) == 1 else self.ranks[number]


#: Every card of the base rank, one to each pile: Beleaguered Castle's aces.
BASES: Final = Pick(ranks=(BASE,))


@attrs.frozen
class Next:
    """The next cards of the deal, face up on a block's piles: ``count`` of them (None:
    one to each pile), each to the first empty pile of its suit where the piles are by
    suit, else to the piles in turn.  A foundation dealt a card of another rank than its
    base takes nothing until that card has gone (Mod 3's rows)."""

    count: int | None = None

    def cards_for(self, piles: int) -> int:
        """How many cards it deals onto ``piles`` piles."""
        return piles if self.count is None else self.count


Placement: TypeAlias = Pick | Next

# -- how cards are dealt onto piles ------------------------------------------------------------------


@attrs.frozen
class Spots:
    """A deal card by card: ``spots[n]`` is (pile from 0, face up) for the ``n``-th card
    dealt.  With fewer cards than spots, each pile's last card is face up."""

    spots: tuple[tuple[int, bool], ...] = attrs.field(converter=_spot_tuple)

    @property
    def piles(self) -> int:
        """How many piles the spots use."""
        return max((pile for pile, _ in self.spots), default=-1) + 1

    def deal(self, count: int, piles: int) -> list[tuple[int, bool]]:
        """Where each of ``count`` cards goes, in order."""
        spots = list(self.spots[:count])
        last = {pile: n for n, (pile, _) in enumerate(spots)}
        return [(pile, up or last[pile] == n) for n, (pile, up) in enumerate(spots)]


@attrs.frozen
class Fans:
    """A deal pile by pile, ``size`` cards to each pile in turn until the cards run out
    (the piles beyond stay empty), all face up (La Belle Lucie's redeal)."""

    size: int

    def deal(self, count: int, piles: int) -> list[tuple[int, bool]]:
        """Where each of ``count`` cards goes, in order."""
        return [(min(n // self.size, piles - 1), True) for n in range(count)]


Pattern: TypeAlias = Spots | Fans


@attrs.frozen
class Redeal:
    """The tableau gathered and dealt again by a tap of the stock, at most ``times``
    times a game (each redeal is a new pass): picked up ``gather`` (``TOP_DOWN`` or
    ``BOTTOM_UP``, the first pile first), shuffled where ``shuffle`` (from a random
    source the game keeps in its state, seeded by the deal), and dealt by ``deal`` (a
    :class:`Spots` or :class:`Fans`; None: as the tableau was dealt)."""

    times: int
    shuffle: bool = False
    gather: str = TOP_DOWN
    deal: Pattern | None = None


# -- the blocks ---------------------------------------------------------------------------------------


def _rules(_: object, __: object, rules: tuple[MoveRule, ...]) -> None:
    for rule in rules:
        if not isinstance(rule, MoveRule):
            raise TypeError(f"a block's rules are MoveRule objects, not {type(rule).__name__}")


@attrs.frozen
class Stock:
    """The stock: ``deals`` onto the ``"waste"`` (``rules.draw`` cards a tap, turned back
    as the redeal policy allows), onto ``"each"`` tableau pile (one card each, and only
    while no column is empty when ``needs_full``), onto the ``"foundation"`` (one card,
    Golf), or ``"redeal"``: it holds no card, and a tap deals the tableau again by
    ``redeal``.  ``face_up``: its next card lies face up and plays (Pyramid).
    ``needs_empty_waste``: it deals only onto an empty waste.  ``rules``: rules of a
    tap (:class:`~solitaire.variants.blocks.hooks.MoveRule`)."""

    deals: str = "waste"
    needs_full: bool = True
    face_up: bool = False
    redeal: Redeal | None = None
    needs_empty_waste: bool = False
    rules: tuple[MoveRule, ...] = attrs.field(default=(), converter=_rule_tuple, validator=_rules)


@attrs.frozen
class Cells:
    """``count`` cells, each holding one card; the first ``deal`` of them get one card
    each at the deal, after the columns (Eight Off).  ``takes_from``: the piles (ids) or
    kinds of pile their cards may come from (None: any)."""

    count: int = 4
    deal: int = 0
    takes_from: tuple[str, ...] | None = None
    rules: tuple[MoveRule, ...] = attrs.field(default=(), converter=_rule_tuple, validator=_rules)


@attrs.frozen
class Foundations:
    """``count`` foundations: by suit in fixed places (♠ ♥ ♦ ♣, again for each further
    deck of the group) when ``by_suit``, by rank when ``by_rank`` (pile N takes the
    cards of rank N), else any suit; started by a card of rank ``base`` (``ANY_CARD``:
    any card; ``DEALT``: the rank the deal puts there; a tuple: a rank per pile) and
    built by ``build``.  With ``runs`` a foundation takes only a whole run, king to ace
    of one suit, which leaves the tableau by itself (Spider); ``returns``: whether cards
    may come back.  ``dealt``: the cards the deal lays on them (:class:`Pick` or
    :class:`Next`); ``base_dealt=True`` is ``dealt=BASES``, as older declarations say
    it.  ``rules``: rules of a move onto them."""

    count: int = 4
    by_suit: bool = True
    base: int | tuple[int, ...] = 1
    build: Build = attrs.field(factory=lambda: Build(UP, SAME_SUIT))
    runs: bool = False
    returns: bool = True
    base_dealt: bool = False
    dealt: Placement | None = None
    by_rank: bool = False
    rules: tuple[MoveRule, ...] = attrs.field(default=(), converter=_rule_tuple, validator=_rules)

    @property
    def placement(self) -> Placement | None:
        """What the deal lays on these foundations."""
        return BASES if self.base_dealt and self.dealt is None else self.dealt


@attrs.frozen
class Tableau:
    """Columns: ``deal`` cards each (dealt row by row), or a :class:`Spots` deal; the
    last ``face_up`` of each face up (None: all; a tuple: a count per column), built
    by ``build``.  ``empty``: what an empty column takes (a rank such as ``KING``,
    ``ANY_CARD``, ``NO_CARD`` or ``BELOW_BASE``).  ``groups``: what moves together:
    ``ORDERED`` (a group built by ``build``), a :class:`Build` of its own (Spider: down
    in one suit), ``ANY_GROUP`` face-up cards (Yukon), ``SINGLE`` cards or
    ``WHOLE_OR_TOP`` (Canfield); ``limit``: the most cards a group may have.
    ``face_down``: how many cards the first columns get face down, one count each, in
    place of ``face_up`` (Scorpion's first four columns: 3).  ``takes_from``: the piles
    (ids) or kinds its cards may come from (None: any; ``("w",)``: a waste pile that
    takes only from the waste).  ``fill_from``: a pile whose top card fills a column
    as soon as it is empty (Canfield's reserve).  ``turns_up``: whether the face-down
    card a move leaves on top turns up.  ``merci``: how many times a game a card may be
    pulled up to the top of its column (``tN:K>tN``).  ``rules``: rules of a move onto
    the columns."""

    deal: tuple[int, ...] | Spots
    face_up: int | tuple[int | None, ...] | None = 1
    build: Build = KLONDIKE_BUILD
    empty: int = KING
    groups: str | Build = ORDERED
    limit: GroupLimit | None = None
    face_down: tuple[int, ...] = ()
    takes_from: tuple[str, ...] | None = None
    fill_from: str | None = None
    turns_up: bool = True
    merci: int = 0
    rules: tuple[MoveRule, ...] = attrs.field(default=(), converter=_rule_tuple, validator=_rules)

    @property
    def count(self) -> int:
        """How many columns there are."""
        return self.deal.piles if isinstance(self.deal, Spots) else len(self.deal)

    @property
    def dealt(self) -> int:
        """How many cards the deal gives the columns."""
        return len(self.deal.spots) if isinstance(self.deal, Spots) else sum(self.deal)


@attrs.frozen
class Reserve:
    """``count`` reserve piles of ``deal`` cards each, the last ``face_up`` face up (None:
    all): their top card plays, and nothing goes on them (Canfield's thirteen)."""

    count: int = 1
    deal: int = 0
    face_up: int | None = 1


Block: TypeAlias = Stock | Cells | Foundations | Tableau | Reserve
