"""Baker's Dozen: thirteen columns of four cards, all face up, kings at the bottom.

At the deal every king in a column is moved under the other cards of that column
(which keep their order), because an empty column is never filled.  A card goes on
a card one rank higher, whatever its suit, one card at a time; the foundations
build up by suit from the ace.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.core.state import Pile
from solitaire.variants import blocks as b

__all__ = ["BakersDozen"]

_ANY_SUIT = b.Build(b.DOWN, b.ANY_SUIT)


class BakersDozen(b.Declared):
    """Baker's Dozen, the classic rules."""

    id: ClassVar[str] = "bakers-dozen"
    code_prefix: ClassVar[str] = "BD"
    family: ClassVar[str] = "bakers-dozen"
    family_names: ClassVar[str] = N_("Baker's Dozen")
    names: ClassVar[str] = N_("Baker's Dozen")
    summary: ClassVar[str] = N_(
        "Thirteen columns of four cards, all face up, the kings moved to the bottom. Build down"
        " regardless of suit, one card at a time; an empty column stays empty; foundations up by suit."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Foundations(returns=False),
        b.Tableau((4,) * 13, face_up=None, build=_ANY_SUIT, empty=b.NO_CARD, groups="single"),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (493, 658)}

    def deal_column(self, cards: b.Cards) -> Pile:
        """The column with its kings moved under the other cards, each group in its order."""
        return super().deal_column(tuple(sorted(cards, key=lambda card: card.rank != 13)))
