"""Microsoft's numbered deals, as FreeCell, Baker's Game and other games number them.

Microsoft FreeCell numbered its games 1 .. 32000 and dealt each with its own
generator; FreeCell Solver and PySol extend the numbers up to ``2**33 - 1``.
:func:`microsoft_freecell_order` gives the cards of such a deal in dealt order,
so that published deals such as #617 can be played: card ``k`` goes to column
``k % 8``, which is ``deal_layout(order, FREECELL_COLUMNS)`` (see
:func:`solitaire.core.deals.deal_layout` and ``docs/deals.md``, which has the test
vectors).  The project's own deals are :mod:`solitaire.core.deals`.

>>> from solitaire.core.deals import deal_layout
>>> from solitaire.variants.freecell import FREECELL_COLUMNS
>>> columns, stock = deal_layout(microsoft_freecell_order(617), FREECELL_COLUMNS)
>>> " ".join(card.text for card in columns[0]), stock
('7D TD TH KD 4C 4S JD', ())
"""

from __future__ import annotations

from typing import Final

from solitaire.core.cards import CARDS, Card

__all__ = ["MICROSOFT_DEALS", "microsoft_freecell_order"]

MICROSOFT_DEALS: Final = 2**33
"""Microsoft FreeCell deals are ``1 .. MICROSOFT_DEALS - 1`` (see :func:`microsoft_freecell_order`)."""

# Microsoft FreeCell: the deck before the deal is AC AD AH AS 2C 2D ... KS.
_MICROSOFT_DECK: Final = tuple(CARDS[13 * suit + rank] for rank in range(13) for suit in (3, 2, 1, 0))
_MS_MULTIPLIER: Final = 214013
_MS_INCREMENT: Final = 2531011


def microsoft_freecell_order(deal: int) -> tuple[Card, ...]:
    """The 52 cards of Microsoft FreeCell's deal ``deal`` in dealt order.

    Card ``k`` goes to column ``k % 8``, row by row, so the columns get 7, 7, 7,
    7, 6, 6, 6, 6 cards (``deal_layout(order, FREECELL_COLUMNS)``).  Deals 1 ..
    32000 are Microsoft's own; 32001 .. ``2**33 - 1`` are the extension that
    FreeCell Solver and PySol use (Microsoft's generator, with a high bit set
    from ``2**31`` on and a 33-bit generator from ``2**32`` on).  There is no deal
    0: it, and any number from ``MICROSOFT_DEALS`` (``2**33``) on, raises
    :class:`ValueError`, though our own deal numbers go up to ``2**35 - 1``.

    >>> from solitaire.core.deals import deal_layout
    >>> from solitaire.variants.freecell import FREECELL_COLUMNS
    >>> order = microsoft_freecell_order(1)
    >>> " ".join(card.text for card in order[:8])
    'JD 2D 9H JC 5D 7H 7C 5H'
    >>> columns, stock = deal_layout(order, FREECELL_COLUMNS)
    >>> " ".join(card.text for card in columns[0]), stock
    ('JD KD 2S 4C 3S 6D 6S', ())
    """
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise ValueError(f"a deal number must be an int, not {type(deal).__name__} ({deal!r})")
    if not 1 <= deal < MICROSOFT_DEALS:
        raise ValueError(
            f"Microsoft FreeCell has no deal {deal}: its deals are 1 .. {MICROSOFT_DEALS - 1} (2**33 - 1)"
        )
    if deal < 1 << 32:
        # Microsoft's rand(): a 31-bit state and 15 bits out of it; from 2**31
        # on the extension sets bit 15 of every number drawn.
        state, mask, bits, offset = deal, 0x7FFF_FFFF, 0x7FFF, 0
        high = 0x8000 if deal >= 1 << 31 else 0
    else:
        # The extension from 2**32 on: a 33-bit state, 16 bits out, plus one.
        state, mask, bits, high, offset = deal - (1 << 32), (1 << 33) - 1, 0xFFFF, 0, 1
    deck = list(_MICROSOFT_DECK)
    dealt = []
    for remaining in range(len(deck), 0, -1):
        state = (state * _MS_MULTIPLIER + _MS_INCREMENT) & mask
        number = (((state >> 16) & bits) | high) + offset
        j = number % remaining
        dealt.append(deck[j])
        deck[j] = deck[-1]
        deck.pop()
    return tuple(dealt)
