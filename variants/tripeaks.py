"""TriPeaks: 28 cards in three peaks that share their bottom row of ten, the 18 above
it face down; a card one rank up or down from the waste's top goes onto it, K and A
next to each other.

A card plays when no card lies on it, and a face-down card turns up once uncovered.
The stock turns one card at a time onto the waste (the foundation, as in Golf), once
through.  Won when the peaks are gone, whether or not the stock is.
"""

from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b
from solitaire.variants import overlap as o


class TriPeaks(o.Overlapping):
    """TriPeaks, the classic rules (ranks wrap)."""

    id: ClassVar[str] = "tripeaks"
    code_prefix: ClassVar[str] = "TP"
    family: ClassVar[str] = "golf"
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
