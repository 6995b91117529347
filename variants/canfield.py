"""Canfield (Demon): a reserve of thirteen, foundations started by the rank the deal sets.

The deal: thirteen cards to the reserve (``r1``, its top card face up), one to its
foundation, whose rank starts all four, one to each of the four columns, the rest to
the stock.  Foundations build up by suit, a king followed by the ace; columns build
down in alternating colours, an ace followed by a king.  A column moves as a whole,
or its last card alone; a column emptied is filled from the reserve at once, and once
the reserve is gone an empty column takes any card.  The stock turns three cards (or
one) onto the waste, as often as you like.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["Canfield"]

WRAPPING_UP = b.Build(b.UP, b.SAME_SUIT, wrap=True)


class Canfield(b.Declared):
    """Canfield, the classic rules (as Pagat and PySolFC play them)."""

    id: ClassVar[str] = "canfield"
    code_prefix: ClassVar[str] = "CF"
    family: ClassVar[str] = "canfield"
    family_names: ClassVar[str] = N_("Canfield")
    names: ClassVar[str] = N_("Canfield")
    summary: ClassVar[str] = N_(
        "A reserve of thirteen, four columns and a stock turned three at a time. The card dealt to the"
        " foundations sets the rank that starts them all: build them up by suit, an ace on a king; build"
        " the columns down in alternating colours, a king on an ace; the reserve fills an emptied column."
    )
    default_draw: ClassVar[int] = 3
    default_scoring: ClassVar[str] = "none"
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (1140, 1402), 3: (915, 1453)}
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(),
        b.Reserve(deal=13),
        b.Foundations(base=b.DEALT, build=WRAPPING_UP, returns=False, dealt=b.Next(1)),
        b.Tableau(
            (1,) * 4,
            face_up=None,
            build=b.Build(wrap=True),
            empty=b.ANY_CARD,
            groups=b.WHOLE_OR_TOP,
            fill_from="r1",
        ),
    )
