"""Eight Off: eight cells, four of them filled at the deal; building in suit.

48 cards are dealt face up into eight columns of six, the other four into the
first four of the eight cells.  A card goes on the card of its own suit one rank
higher; only a king, alone or heading its group, fills an empty column; a group in
order moves when it is no bigger than the free cells + 1 (an empty column takes
only a king, so it does not help to move a group); the foundations build up by
suit from the ace.  The columns are centred under the twelve cells and foundations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["EightOff"]


class EightOff(b.Declared):
    """Eight Off, as Aisleriot and PySolFC play it."""

    id: ClassVar[str] = "eight-off"
    code_prefix: ClassVar[str] = "EO"
    family: ClassVar[str] = "freecell"
    family_names: ClassVar[str] = N_("FreeCell")
    names: ClassVar[str] = N_("Eight Off")
    summary: ClassVar[str] = N_(
        "Eight columns of six cards face up and eight cells, four of them filled at the deal. Build"
        " down in the same suit; only a king fills an empty column; foundations up by suit."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Cells(8, deal=4),
        b.Foundations(returns=False),
        b.Tableau((6,) * 8, face_up=None, build=b.Build(b.DOWN, b.SAME_SUIT), limit=b.cell_limit),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (1032, 1430)}
