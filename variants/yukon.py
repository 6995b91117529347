"""Yukon: no stock; any face-up card moves with every card on it.

All 52 cards are dealt into seven columns: column 1 gets one card, face up;
columns 2 to 7 get 1 to 6 face-down cards with five face-up cards on them.  A
card (with whatever lies on it) goes on a card of the other colour one rank
higher; only a king, with what lies on it, fills an empty column; the
foundations build up by suit from the ace.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants.blocks import Block, Declared, Foundations, Tableau

__all__ = ["Yukon"]


class Yukon(Declared):
    """Yukon, the classic rules."""

    id: ClassVar[str] = "yukon"
    code_prefix: ClassVar[str] = "YU"
    family: ClassVar[str] = "yukon"
    family_names: ClassVar[str] = N_("Yukon")
    names: ClassVar[str] = N_("Yukon")
    summary: ClassVar[str] = N_(
        "No stock: all 52 cards are dealt into seven columns, 21 of them face down."
        " Any face-up card moves with every card on it onto a card of the other colour one rank"
        " higher; only a king fills an empty column; build the foundations up by suit from the ace."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    layout: ClassVar[tuple[Block, ...]] = (
        Foundations(),
        Tableau((1, 6, 7, 8, 9, 10, 11), face_up=5, groups="any"),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (957, 3324)}
