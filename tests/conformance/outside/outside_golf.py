"""Golf as an outside package would declare it: the blocks' own layout of the table
(no ``piles`` of its own), another id and prefix."""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.blocks import (
    ANY_CARD,
    ANY_SUIT,
    EITHER,
    NO_CARD,
    NO_SUIT,
    Block,
    Build,
    Declared,
    Foundations,
    Stock,
    Tableau,
)


class OutsideGolf(Declared):
    """Seven columns of five face up; the top cards go onto one foundation a rank apart."""

    id: ClassVar[str] = "outside-golf"
    code_prefix: ClassVar[str] = "OG"
    family: ClassVar[str] = "golf"
    names: ClassVar[str] = "Outside Golf"
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "golf"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(deals="foundation"),
        Foundations(
            1, by_suit=False, base=ANY_CARD, build=Build(EITHER, ANY_SUIT, king_ends=True), returns=False
        ),
        Tableau((5,) * 7, face_up=None, build=Build(suit=NO_SUIT), empty=NO_CARD, groups="single"),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(OutsideGolf())
