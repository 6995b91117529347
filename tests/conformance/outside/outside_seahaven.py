"""Seahaven Towers, by the classic rules (as PySolFC and Wikipedia give them): fifty
cards face up in ten columns of five, the last two in two of the four cells.  A card
goes on the card of its own suit one rank higher; only a king, alone or heading its
group, fills an empty column; a group in order moves when the free cells could hold
all of it but one card (an empty column takes only a king, so it does not help); the
foundations build up by suit from the ace, and cards stay there."""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.blocks import (
    DOWN,
    KING,
    SAME_SUIT,
    Block,
    Build,
    Cells,
    Declared,
    Foundations,
    Tableau,
    cell_limit,
)


class SeahavenTowers(Declared):
    """Ten columns of five face up and four cells, two of them filled at the deal."""

    id: ClassVar[str] = "seahaven-towers"
    code_prefix: ClassVar[str] = "ST"
    family: ClassVar[str] = "freecell"
    names: ClassVar[str] = "Seahaven Towers"
    summary: ClassVar[str] = (
        "Ten columns of five cards face up and four cells, two of them filled at the deal. Build down"
        " in the same suit; only a king fills an empty column; foundations up by suit."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (
        Cells(4, deal=2),
        Foundations(returns=False),
        Tableau((5,) * 10, face_up=None, build=Build(DOWN, SAME_SUIT), empty=KING, limit=cell_limit),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(SeahavenTowers())
