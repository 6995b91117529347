"""Whitehead, a Klondike with every card face up, as PySolFC plays it (``Whitehead`` in
its ``klondike.py``; Morehead and Mott-Smith give the same rules).

Seven columns of 1 to 7 cards, all face up; 24 cards in the stock.  A card goes on
the card of its own colour one rank higher (8♥ on 9♦ or 9♥); only a run of one suit
moves as a group, onto a card of its colour one rank above the run's first card; any
card or run fills an empty column.  The foundations build up by suit from the ace.
The stock turns one card at a time onto the waste, once through: no redeal.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.blocks import (
    ANY_CARD,
    DOWN,
    SAME_COLOUR,
    SAME_SUIT,
    Block,
    Build,
    Declared,
    Foundations,
    Stock,
    Tableau,
)


class Whitehead(Declared):
    """Whitehead: Klondike face up, built by colour, runs of one suit moving together."""

    id: ClassVar[str] = "whitehead"
    code_prefix: ClassVar[str] = "WH"
    family: ClassVar[str] = "klondike"
    names: ClassVar[dict[str, str]] = {"en": "Whitehead", "ru": "Уайтхед"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Klondike with every card face up: build down by colour, move runs of one suit,"
        " fill a space with any card; the stock is turned once, one card at a time.",
        "ru": "Клондайк, где все карты открыты: кладите вниз по цвету, переносите серии одной масти,"
        " любая карта занимает пустой столбец; колода проходится один раз, по одной карте.",
    }
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_redeal: ClassVar[str | None] = "passes:1"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(),
        Foundations(),
        Tableau(
            (1, 2, 3, 4, 5, 6, 7),
            face_up=None,
            build=Build(DOWN, SAME_COLOUR),
            empty=ANY_CARD,
            groups=Build(DOWN, SAME_SUIT),
        ),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Whitehead())
