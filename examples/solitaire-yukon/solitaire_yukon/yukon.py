"""Yukon: no stock; any face-up card moves with every card on it.

All 52 cards are dealt into seven columns: column 1 gets one card, face up;
columns 2 to 7 get 1 to 6 face-down cards with five face-up cards on them.  A
card (with whatever lies on it) goes on a card of the other colour one rank
higher; only a king, with what lies on it, fills an empty column; the
foundations build up by suit from the ace.

Klondike's rules already say how cards build and reach the foundations and why
a move is refused (with rule ids and messages in English and Russian), so Yukon
only says what differs.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.variants.klondike import Klondike

__all__ = ["Yukon"]


class Yukon(Klondike):
    """Yukon, the classic rules."""

    id: ClassVar[str] = "yukon"
    code_prefix: ClassVar[str] = "YU"
    names: ClassVar[dict[str, str]] = {"en": "Yukon", "ru": "Юкон"}
    summary: ClassVar[dict[str, str]] = {
        "en": "No stock: all 52 cards are dealt into seven columns, 21 of them face down."
        " Any face-up card moves with every card on it onto a card of the other colour one rank"
        " higher; only a king fills an empty column; build the foundations up by suit from the ace.",
        "ru": "Колоды нет: все 52 карты сданы в семь столбцов, 21 из них рубашкой вверх."
        " Любую открытую карту можно перенести вместе со всеми картами на ней на карту другого"
        " цвета на ранг старше; пустой столбец занимает только король; базы собирают по мастям от туза.",
    }
    has_stock: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    #: The solver knows games with a stock whose groups move only in order: not this one.
    solver_family: ClassVar[str | None] = None
    groups_must_be_ordered: ClassVar[bool] = False
    column_sizes: ClassVar[tuple[int, ...]] = (1, 6, 7, 8, 9, 10, 11)
    dealt_face_up: ClassVar[int] = 5
