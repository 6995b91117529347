"""Grandfather, as KPatience plays it: Yukon's moves built in suit, and two redeals.

The deal zigzags face-down cards over the seven columns, each row ending with a
face-up card, then deals the rest face up in rows onto columns 2 to 7.  Any face-up
card moves with every card on it onto the next higher card of its suit; a king
fills an empty column.  Twice a game, a tap of the (always empty) stock gathers the
columns, each from its top card down, column 1 first, and deals them again the same
way; the foundations stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["DEAL", "PATTERN", "Grandfather"]

#: The zigzag of face-down cards, each row starting with the one face-up card its column gets;
#: then the face-up rows on columns 2 to 7 (columns counted from 0).
ROWS: Final = ("0123456", "654321", "12345", "5432", "234", "43", "3")
PATTERN: Final = [(int(column), n == 0) for row in ROWS for n, column in enumerate(row)]
PATTERN.extend((1 + n % 6, True) for n in range(24))
#: The deal, and every redeal: where each card goes, in order.
DEAL: Final = b.Spots(PATTERN)


class Grandfather(b.Declared):
    """Grandfather, KPatience's game."""

    id: ClassVar[str] = "grandfather"
    code_prefix: ClassVar[str] = "GF"
    family: ClassVar[str] = "yukon"
    family_names: ClassVar[str] = N_("Yukon")
    names: ClassVar[str] = N_("Grandfather")
    summary: ClassVar[str] = N_(
        "Yukon built in suit: any face-up card moves with the cards on it onto the next higher card"
        " of its suit; a king fills an empty column. Twice a game the columns may be gathered and"
        " dealt again."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (634, 3329)}
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="redeal", redeal=b.Redeal(2)),
        b.Foundations(returns=False),
        b.Tableau(DEAL, build=b.Build(b.DOWN, b.SAME_SUIT), groups=b.ANY_GROUP),
    )
