"""Pyramid: 28 cards face up in a pyramid of seven rows, each card lying half on the
two above it; the other 24 in the stock, its next card face up.

A card plays when no card lies on it; two playable cards that make 13 (A 1, J 11,
Q 12) go off to the foundation together, a king (13) alone.  The stock turns one
card onto the waste; the waste's top and the stock's card play too.  Three passes
through the stock (PySolFC's rules).  Won when all 52 cards are off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b
from solitaire.variants import overlap as o

if TYPE_CHECKING:
    from solitaire.core.solver import Solver


class Pyramid(o.Pairing):
    """Pyramid as PySolFC plays it."""

    id: ClassVar[str] = "pyramid"
    code_prefix: ClassVar[str] = "PY"
    family: ClassVar[str] = "pyramid"
    family_names: ClassVar[str] = N_("Pyramid")
    names: ClassVar[str] = N_("Pyramid")
    summary: ClassVar[str] = N_(
        "28 cards in a pyramid. Two cards no card lies on go off when they make 13 (J 11, Q 12, K alone);"
        " the stock's card and the waste's top play too. Three passes through the stock."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    default_redeal: ClassVar[str | None] = "passes:3"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(face_up=True),
        b.Foundations(1, by_suit=False, base=b.ANY_CARD, returns=False),
        b.Tableau((1,) * 28, face_up=None, build=b.Build(suit=b.NO_SUIT), empty=b.NO_CARD, groups="single"),
    )
    spots: ClassVar[tuple[o.Spot, ...]] = o.pyramid(7)
    places: ClassVar[dict[str, o.Spot]] = {"s": (0.0, 0.0), "w": (0.0, 1.2), "f1": (6.0, 0.0)}
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (60, 892)}

    def solver(self) -> Solver | None:
        """Pyramid's own exact search (:data:`~solitaire.variants.pyramid_solver.PYRAMID_SOLVER`),
        which knows these rules; a subclass that changes them gets the generic search."""
        if not self.keeps(Pyramid, _RULES):
            return super().solver()
        from solitaire.variants.pyramid_solver import PYRAMID_SOLVER

        return PYRAMID_SOLVER


#: What Pyramid's solver knows: a subclass that changes one of these gets the generic search.
_RULES = (
    "layout",
    "spots",
    "total",
    "stock_face_up",
    "covered_face_down",
    "won_with_stock",
    "legal_moves",
    "check",
    "events",
    "is_won",
    "covered",
    "playable",
    "piles",
    "effects",
)
