"""Simple Simon: Spider's building with one deck, all dealt face up, no stock.

The 52 cards are dealt face up into ten columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and
1 cards.  A card goes on a card one rank higher, whatever its suit; only a group
of one suit moves; an empty column takes any card or group; a whole run, king to
ace of one suit, goes off to a foundation by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["SimpleSimon"]

_ANY_SUIT = b.Build(b.DOWN, b.ANY_SUIT)
_IN_SUIT = b.Build(b.DOWN, b.SAME_SUIT)


class SimpleSimon(b.Declared):
    """Simple Simon, the classic rules."""

    id: ClassVar[str] = "simple-simon"
    code_prefix: ClassVar[str] = "SS"
    family: ClassVar[str] = "spider"
    family_names: ClassVar[str] = N_("Spider")
    names: ClassVar[str] = N_("Simple Simon")
    summary: ClassVar[str] = N_(
        "One deck face up in ten columns, no stock. Build down regardless of suit; only a group of one"
        " suit moves; a whole run, king to ace of one suit, goes off by itself."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Foundations(by_suit=False, runs=True, returns=False),
        b.Tableau(
            (8, 8, 8, 7, 6, 5, 4, 3, 2, 1), face_up=None, build=_ANY_SUIT, empty=b.ANY_CARD, groups=_IN_SUIT
        ),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (548, 912)}
