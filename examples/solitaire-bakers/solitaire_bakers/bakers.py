"""Baker's Game: FreeCell's table, but cards build by suit.

All 52 cards are dealt face up into eight columns (7, 7, 7, 7, 6, 6, 6, 6), with
four free cells of one card each.  A card goes on the card of its own suit one
rank higher; any card fills an empty column; a group moves when it is in order
(one suit, each card one rank lower) and no bigger than (free cells + 1) ×
2^(empty columns other than the target); the foundations build up by suit from
the ace, and cards stay there.

The framework's building blocks say all of that: the variant only declares its
table, and the blocks check the moves, list the legal ones, lay the table out and
explain refusals (rule ids and messages in the player's language).
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants.blocks import (
    ANY_CARD,
    DOWN,
    SAME_SUIT,
    Block,
    Build,
    Cells,
    Declared,
    Foundations,
    Tableau,
    free_cell_limit,
)
from solitaire_bakers import DOMAIN

__all__ = ["BakersGame"]


class BakersGame(Declared):
    """Baker's Game, the classic rules (the ancestor of FreeCell)."""

    id: ClassVar[str] = "bakers"
    code_prefix: ClassVar[str] = "BG"
    family: ClassVar[str] = "freecell"
    domain: ClassVar[str] = DOMAIN
    names: ClassVar[str] = N_("Baker's Game")
    summary: ClassVar[str] = N_(
        "FreeCell by suit: all cards face up in eight columns, and four cells that hold one card each."
        " Build down in the same suit; any card fills an empty column; build the foundations up by suit."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (
        Cells(4),
        Foundations(returns=False),
        Tableau(
            (7, 7, 7, 7, 6, 6, 6, 6),
            face_up=None,
            build=Build(DOWN, SAME_SUIT),
            empty=ANY_CARD,
            limit=free_cell_limit,
        ),
    )
