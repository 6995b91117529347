"""Deal numbers and the project's own, versioned shuffle.

A deal is named by a number in ``0 .. DEAL_NUMBERS - 1`` (35 bits, the 7 base32
characters at the end of a game code) and a shuffle version.  The shuffle is pure
integer arithmetic, so a deal number gives the same cards on every machine and
every Python version; :mod:`random` is never used.  ``docs/deals.md`` describes
the algorithm for people who write tools, with test vectors.

Version 1:

1. a SplitMix64 generator seeded with the deal number;
2. unbiased bounded integers by rejection;
3. a Fisher–Yates shuffle of the deck in index order (``AS .. KS, AH .. KH,
   AD .. KD, AC .. KC``), from position 51 down to 1.

The result is the *dealt order*: :func:`deal_layout` deals its first cards to
the tableau row by row, each row to the columns that still want cards (with
columns of 1 .. 7 cards: row 0 on columns 1..7, row 1 on columns 2..7, ..., row
6 on column 7), and the cards left over are the stock in draw order.

:func:`shuffle_positions` is the same shuffle on ``range(size)`` for any number
of cards: for two decks (``size`` 104) position ``p < 52`` is card index ``p``
of deck 1 and ``p >= 52`` card index ``p - 52`` of deck 2.

A game may deal from an order of its own instead (``Variant.dealt_order``), such
as the numbered deals of another program.

>>> order = shuffled_deck(6)
>>> len(order), len(set(order))
(52, 52)
>>> columns, stock = deal_layout(order, (1, 2, 3, 4, 5, 6, 7))
>>> [len(column) for column in columns], len(stock)
([1, 2, 3, 4, 5, 6, 7], 24)
>>> stock[-1] is order[28]
True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Final, TypeVar

from solitaire.core.cards import CARDS, MAX_DECKS, Card, deck_cards

__all__ = [
    "DEAL_NUMBERS",
    "SHUFFLE_VERSIONS",
    "bounded",
    "deal_layout",
    "shuffle_positions",
    "shuffled_deck",
    "splitmix64",
]

DEAL_NUMBERS: Final = 2**35
"""How many deal numbers there are: deals are ``0 .. DEAL_NUMBERS - 1``."""

SHUFFLE_VERSIONS: Final[tuple[int, ...]] = (1,)
"""The shuffle versions this module knows, oldest first."""

_MASK64: Final = 0xFFFF_FFFF_FFFF_FFFF
_GAMMA: Final = 0x9E37_79B9_7F4A_7C15
_MIX1: Final = 0xBF58_476D_1CE4_E5B9
_MIX2: Final = 0x94D0_49BB_1331_11EB
_TWO64: Final = 1 << 64

_T = TypeVar("_T")


@lru_cache(maxsize=8)
def _limits(size: int) -> tuple[int, ...]:
    """``limits[n] = 2**64 - (2**64 mod n)`` for ``n`` in ``0 .. size``: draws at or above it are rejected."""
    return (0, *(_TWO64 - _TWO64 % n for n in range(1, size + 1)))


_LIMITS: Final = _limits(2 * len(CARDS))
"""The rejection limits for every deck of up to two packs."""


@lru_cache(maxsize=32)
def _tableau_positions(sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each column, the dealt-order positions of its cards, bottom first (kept for
    the few shapes the games deal)."""
    if not all(isinstance(size, int) and size >= 0 for size in sizes) or sum(sizes) > len(CARDS) * MAX_DECKS:
        raise ValueError(f"column sizes must be counts of cards, not {sizes!r}")
    columns: list[list[int]] = [[] for _ in sizes]
    position = 0
    for row in range(max(sizes, default=0)):
        for column, size in enumerate(sizes):
            if row < size:
                columns[column].append(position)
                position += 1
    return tuple(tuple(column) for column in columns)


def _check_deal(deal: object, version: object) -> None:
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f"shuffle version must be an int, not {type(version).__name__}")
    if version not in SHUFFLE_VERSIONS:
        known = ", ".join(str(v) for v in SHUFFLE_VERSIONS)
        raise ValueError(f"unknown shuffle version {version} (known versions: {known})")
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise ValueError(f"a deal number must be an int, not {type(deal).__name__} ({deal!r})")
    if not 0 <= deal < DEAL_NUMBERS:
        raise ValueError(f"deal number {deal} is out of range: deals are 0 .. {DEAL_NUMBERS - 1} (2**35 - 1)")


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 generator: an endless stream of 64-bit integers.

    This is the pseudo-random generator of shuffle version 1, seeded with the
    deal number.

    >>> numbers = splitmix64(0)
    >>> hex(next(numbers))
    '0xe220a8397b1dcdaf'
    """
    state = seed & _MASK64
    while True:
        state = (state + _GAMMA) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        yield z ^ (z >> 31)


def bounded(numbers: Iterator[int], n: int) -> int:
    """An unbiased integer in ``0 .. n-1`` from a stream of 64-bit integers.

    Draws at or above ``2**64 - (2**64 mod n)`` are rejected and drawn again;
    the accepted draw is taken modulo ``n``.

    >>> bounded(iter([5, 17]), 10)
    5
    >>> bounded(iter([2**64 - 1, 17]), 10)
    7
    """
    if not 1 <= n <= _TWO64:
        raise ValueError(f"bound must be 1 .. 2**64, not {n}")
    limit = _TWO64 - _TWO64 % n
    while True:
        x = next(numbers)
        if x < limit:
            return x % n


def _shuffle(deck: list[_T], deal: int) -> None:
    """Shuffle version 1 of ``deck`` in place, for a checked deal number."""
    # SplitMix64 + rejection + Fisher–Yates, inlined for speed; the same as
    # using splitmix64() and bounded() above.
    size = len(deck)
    limits = _LIMITS if size < len(_LIMITS) else _limits(size)
    state = deal
    for i in range(size - 1, 0, -1):
        n = i + 1
        limit = limits[n]
        while True:
            state = (state + _GAMMA) & _MASK64
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        deck[i], deck[j] = deck[j], deck[i]


def shuffle_positions(deal: int, size: int, version: int = 1) -> tuple[int, ...]:
    """The positions ``0 .. size-1`` shuffled by deal ``deal`` (shuffle ``version``).

    This is the shuffle of :func:`shuffled_deck` for any number of cards: the
    Fisher–Yates shuffle of the list ``range(size)`` from position ``size - 1``
    down to 1.  For 52 cards it is :func:`shuffled_deck` by card index; for two
    decks (``size`` 104) position ``p < 52`` is card index ``p`` of deck 1 and
    ``p >= 52`` card index ``p - 52`` of deck 2.

    >>> order = shuffle_positions(6, 52)
    >>> order == tuple(card.index for card in shuffled_deck(6))
    True
    >>> shuffle_positions(6, 104)[:4]
    (49, 51, 75, 76)
    >>> shuffle_positions(6, 1), shuffle_positions(6, 0)
    ((0,), ())
    """
    _check_deal(deal, version)
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise ValueError(f"a deck size must be an int of at least 0, not {size!r}")
    deck = list(range(size))
    _shuffle(deck, deal)
    return tuple(deck)


def shuffled_deck(deal: int, version: int = 1, decks: int = 1) -> tuple[Card, ...]:
    """The 52 cards of deal ``deal`` in dealt order (shuffle ``version``); with
    ``decks``, the cards of that many decks (:func:`shuffle_positions` over them,
    deck by deck in index order).

    Cards 0..27 go to the tableau row by row, cards 28..51 are the stock in
    draw order (card 28 is drawn first); :func:`deal_layout` splits them.

    >>> " ".join(card.text for card in shuffled_deck(6)[:4])
    'AD 2H 7C 7H'
    >>> shuffled_deck(6) == shuffled_deck(6)
    True
    """
    _check_deal(deal, version)
    deck = list(CARDS) if decks == 1 else list(deck_cards(decks))
    _shuffle(deck, deal)
    return tuple(deck)


def deal_layout(
    order: tuple[Card, ...],
    sizes: tuple[int, ...],
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Split a dealt order into tableau columns of ``sizes`` cards and the stock.

    The cards are dealt row by row, left to right, each row to the columns that
    still want cards (columns of 1..7 cards: row 0 on columns 1..7, row 1 on
    columns 2..7, ...); the cards left over are the stock.  Each column is bottom
    first: its last card is the top one.  The stock is *bottom first* too, the
    reverse of draw order: its last card is the next one drawn (``order[28]``
    after columns of 1..7 cards, 28 in all).

    >>> columns, stock = deal_layout(shuffled_deck(6), (1, 2, 3, 4, 5, 6, 7))
    >>> [card.text for card in columns[1]], stock[-1].text
    (['2H', 'JC'], 'QH')
    >>> columns, stock = deal_layout(shuffled_deck(6), (1, 6, 7, 8, 9, 10, 11))
    >>> [len(column) for column in columns], stock
    ([1, 6, 7, 8, 9, 10, 11], ())
    """
    if not all(isinstance(card, Card) for card in order):
        raise ValueError("a dealt order must contain only Card objects")
    if len(set(order)) != len(order):
        seen: set[Card] = set()
        repeated: set[str] = set()
        for card in order:
            if card in seen:
                repeated.add(card.token)
            seen.add(card)
        raise ValueError(f"a dealt order has distinct cards; repeated: {', '.join(sorted(repeated))}")
    if sum(sizes) > len(order):
        raise ValueError(f"columns of {sum(sizes)} cards cannot be dealt from {len(order)}")
    positions = _tableau_positions(tuple(sizes))
    columns = tuple(tuple(order[p] for p in column) for column in positions)
    stock = tuple(reversed(order[sum(sizes) :]))
    return columns, stock
