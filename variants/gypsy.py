"""Gypsy: two decks, eight columns of three cards, the stock deals onto every column.

Build down in alternating colours; an ordered group moves as one; any card or
group fills an empty column; the eight foundations build up by suit from the ace,
and their top cards may come back.  A tap of the stock deals one card onto each
column, whenever the player likes, empty columns or not.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["Gypsy"]


class Gypsy(b.Declared):
    """Gypsy, as PySolFC and Aisleriot deal it: two cards face down and one up a column."""

    id: ClassVar[str] = "gypsy"
    code_prefix: ClassVar[str] = "GY"
    family: ClassVar[str] = "gypsy"
    family_names: ClassVar[str] = N_("Gypsy")
    names: ClassVar[str] = N_("Gypsy")
    summary: ClassVar[str] = N_(
        "Two decks; eight columns of three cards, the last face up. Build down in alternating"
        " colours; any card fills an empty column; build eight foundations up by suit. The stock"
        " deals a card onto every column."
    )
    decks: ClassVar[int] = 2
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="each", needs_full=False),
        b.Foundations(8),
        b.Tableau((3,) * 8, empty=b.ANY_CARD),
    )
