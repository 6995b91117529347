"""Forty Thieves: two decks, ten columns of four cards face up, one pass through the stock.

Build down in suit, one card at a time; any card fills an empty column; the eight
foundations build up by suit from the ace, and cards stay there.  The stock turns
one card onto the waste; by default it is gone through once (``passes:1``).
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["FortyThieves"]

IN_SUIT = b.Build(b.DOWN, b.SAME_SUIT)


class FortyThieves(b.Declared):
    """Forty Thieves, the classic rules."""

    id: ClassVar[str] = "forty-thieves"
    code_prefix: ClassVar[str] = "FT"
    family: ClassVar[str] = "forty-thieves"
    family_names: ClassVar[str] = N_("Forty Thieves")
    names: ClassVar[str] = N_("Forty Thieves")
    summary: ClassVar[str] = N_(
        "Two decks; ten columns of four cards, face up. Build down in suit, one card at a time; any card"
        " fills an empty column; build eight foundations up by suit. The stock is turned once."
    )
    decks: ClassVar[int] = 2
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    default_redeal: ClassVar[str | None] = "passes:1"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(),
        b.Foundations(8, returns=False),
        b.Tableau((4,) * 10, face_up=None, build=IN_SUIT, empty=b.ANY_CARD, groups="single"),
    )
