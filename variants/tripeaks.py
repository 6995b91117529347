"""TriPeaks: 28 cards in three peaks that share their bottom row of ten, the 18 above
it face down; a card one rank up or down from the waste's top goes onto it, K and A
next to each other.

A card plays when no card lies on it, and a face-down card turns up once uncovered.
The stock turns one card at a time onto the waste (the foundation, as in Golf), once
through.  Won when the peaks are gone, whether or not the stock is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b
from solitaire.variants import overlap as o

if TYPE_CHECKING:
    from solitaire.core.solver import Solver


class TriPeaks(o.Overlapping):
    """TriPeaks, the classic rules (ranks wrap)."""

    id: ClassVar[str] = "tripeaks"
    code_prefix: ClassVar[str] = "TP"
    family: ClassVar[str] = "golf"
    family_names: ClassVar[str] = N_("Golf")
    names: ClassVar[str] = N_("TriPeaks")
    summary: ClassVar[str] = N_(
        "Three peaks of 28 cards. A card no card lies on goes onto the waste when one rank higher or"
        " lower, any suit, K next to A; the stock turns one card onto the waste, once through."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "tripeaks"
    covered_face_down: ClassVar[bool] = True
    won_with_stock: ClassVar[bool] = True
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="foundation"),
        b.Foundations(1, False, b.ANY_CARD, b.Build(b.EITHER, b.ANY_SUIT, wrap=True), returns=False),
        b.Tableau((1,) * 28, face_up=None, build=b.Build(suit=b.NO_SUIT), empty=b.NO_CARD, groups="single"),
    )
    spots: ClassVar[tuple[o.Spot, ...]] = o.peaks(3, 4)
    places: ClassVar[dict[str, o.Spot]] = {"s": (3.75, 2.7), "f1": (5.25, 2.7)}
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (49, 449)}

    def solver(self) -> Solver | None:
        """TriPeaks' own exact search (:data:`~solitaire.variants.tripeaks_solver.TRIPEAKS_SOLVER`),
        which knows these rules; a subclass that changes them gets the generic search."""
        if not self.keeps(TriPeaks, _RULES):
            return super().solver()
        from solitaire.variants.tripeaks_solver import TRIPEAKS_SOLVER

        return TRIPEAKS_SOLVER


#: What TriPeaks' solver knows: a subclass that changes one of these gets the generic search.
_RULES = (
    "layout",
    "spots",
    "covered_face_down",
    "won_with_stock",
    "legal_moves",
    "check",
    "events",
    "is_won",
    "covered",
    "piles",
    "effects",
)
