"""FreeCell as an outside package would declare it: the blocks, another id and prefix,
and the framework's own shuffle instead of Microsoft's deals."""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.blocks import ANY_CARD, Block, Cells, Declared, Foundations, Tableau, free_cell_limit


class OutsideFreeCell(Declared):
    """Four cells, eight columns face up, groups as big as the free places allow."""

    id: ClassVar[str] = "outside-freecell"
    code_prefix: ClassVar[str] = "OF"
    family: ClassVar[str] = "freecell"
    names: ClassVar[str] = "Outside FreeCell"
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (
        Cells(4),
        Foundations(returns=False),
        Tableau((7, 7, 7, 7, 6, 6, 6, 6), face_up=None, empty=ANY_CARD, limit=free_cell_limit),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(OutsideFreeCell())
