"""Scorpion: seven columns of seven cards, Yukon's moves, Spider's runs, a stock of three.

Build down in suit; any face-up card moves with every card on it, in order or not;
only a king (with what lies on it) fills an empty column.  In the first four columns
the first three cards lie face down.  A whole run, king to ace of one suit, goes
off to a foundation by itself.  The last three cards are the stock: one tap deals
them onto the first three columns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["Scorpion"]


class Scorpion(b.Declared):
    """Scorpion, as PySolFC plays it."""

    id: ClassVar[str] = "scorpion"
    code_prefix: ClassVar[str] = "SC"
    family: ClassVar[str] = "spider"
    family_names: ClassVar[str] = N_("Spider")
    names: ClassVar[str] = N_("Scorpion")
    summary: ClassVar[str] = N_(
        "Seven columns of seven cards. Build down in suit; any face-up card moves with the cards on it;"
        " only a king fills an empty column; a whole run, king to ace of one suit, goes off by itself."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="each", needs_full=False),
        b.Foundations(4, by_suit=False, runs=True, returns=False),
        b.Tableau(
            (7,) * 7, face_up=None, face_down=(3,) * 4, build=b.Build(b.DOWN, b.SAME_SUIT), groups="any"
        ),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (152, 337)}
