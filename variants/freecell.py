"""FreeCell: 52 cards face up in eight columns, four cells of one card each.

Build down in alternating colours; any card or group fills an empty column; a
group moves when it is in order and no bigger than (free cells + 1) ×
2^(empty columns other than the target).  Deals 1–32000 are Microsoft's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from solitaire.core.cards import Card
from solitaire.core.i18n import N_
from solitaire.core.ruleset import Ruleset
from solitaire.variants.blocks import ANY_CARD, Block, Cells, Declared, Foundations, Tableau, free_cell_limit
from solitaire.variants.microsoft import MICROSOFT_DEALS, microsoft_freecell_order

__all__ = ["FREECELL_COLUMNS", "FreeCell"]

FREECELL_COLUMNS: Final[tuple[int, ...]] = (7, 7, 7, 7, 6, 6, 6, 6)
"""FreeCell's column sizes: with ``deal_layout``, card ``k`` goes to column ``k % 8``."""


class FreeCell(Declared):
    """FreeCell with Microsoft's deal numbers."""

    id: ClassVar[str] = "freecell"
    code_prefix: ClassVar[str] = "FC"
    family: ClassVar[str] = "freecell"
    family_names: ClassVar[str] = N_("FreeCell")
    names: ClassVar[str] = N_("FreeCell")
    summary: ClassVar[str] = N_(
        "All cards face up in eight columns, and four cells that hold one card each. Build down in"
        " alternating colours; any card fills an empty column; build the foundations up by suit."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    deal_numbers: ClassVar[range] = range(1, MICROSOFT_DEALS)
    layout: ClassVar[tuple[Block, ...]] = (
        Cells(4),
        Foundations(returns=False),
        Tableau(FREECELL_COLUMNS, face_up=None, empty=ANY_CARD, limit=free_cell_limit),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (2071, 3448)}

    def dealt_order(self, deal: int, rules: Ruleset) -> tuple[Card, ...]:
        """Microsoft's deal ``deal`` (1 .. ``2**33 - 1``: :attr:`deal_numbers`), in the
        order it is dealt row by row."""
        return microsoft_freecell_order(deal)
