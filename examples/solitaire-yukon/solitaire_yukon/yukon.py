"""Yukon: no stock; any face-up card moves with every card on it.

All 52 cards are dealt into seven columns: column 1 gets one card, face up;
columns 2 to 7 get 1 to 6 face-down cards with five face-up cards on them.  A
card (with whatever lies on it) goes on a card of the other colour one rank
higher; only a king, with what lies on it, fills an empty column; the
foundations build up by suit from the ace.

Klondike's rules already say how cards build and reach the foundations and why
a move is refused (with rule ids and messages in the player's language), so Yukon
only says what differs.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants.klondike import Klondike
from solitaire_yukon import DOMAIN

__all__ = ["Yukon"]


class Yukon(Klondike):
    """Yukon, the classic rules."""

    id: ClassVar[str] = "yukon"
    code_prefix: ClassVar[str] = "YU"
    domain: ClassVar[str] = DOMAIN
    names: ClassVar[str] = N_("Yukon")
    summary: ClassVar[str] = N_(
        "No stock: all 52 cards are dealt into seven columns, 21 of them face down."
        " Any face-up card moves with every card on it onto a card of the other colour one rank"
        " higher; only a king fills an empty column; build the foundations up by suit from the ace."
    )
    has_stock: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    #: The solver knows games with a stock whose groups move only in order: not this one.
    solver_family: ClassVar[str | None] = None
    groups_must_be_ordered: ClassVar[bool] = False
    column_sizes: ClassVar[tuple[int, ...]] = (1, 6, 7, 8, 9, 10, 11)
    dealt_face_up: ClassVar[int] = 5
