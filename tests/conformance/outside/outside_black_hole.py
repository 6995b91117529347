"""Black Hole, by the classic rules (David Parlett's game, as PySolFC and Wikipedia
give it): the ace of spades alone starts the one foundation, the black hole; the
other 51 cards lie face up in 17 fans of three.  The top card of a fan goes into
the hole when it is one rank above or below the hole's top card, whatever its suit,
a king and an ace being next to each other.  Nothing builds on the fans, an empty
fan stays empty, and there is no stock.  Won when all 52 cards are in the hole."""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.blocks import (
    ANY_SUIT,
    EITHER,
    NO_CARD,
    NOTHING_BUILDS,
    SINGLE,
    Block,
    Build,
    Declared,
    Foundations,
    Pick,
    Tableau,
)


class BlackHole(Declared):
    """Seventeen fans of three face up around the black hole, started by the ace of spades."""

    id: ClassVar[str] = "black-hole"
    code_prefix: ClassVar[str] = "BH"
    family: ClassVar[str] = "golf"
    names: ClassVar[str] = "Black Hole"
    summary: ClassVar[str] = (
        "Seventeen fans of three cards face up; the ace of spades starts the black hole. A fan's top"
        " card goes into the hole when it is one rank above or below the hole's top card, any suit,"
        " king and ace being next to each other."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (
        Foundations(
            1,
            by_suit=False,
            build=Build(EITHER, ANY_SUIT, wrap=True),
            returns=False,
            dealt=Pick(cards=("AS",)),
        ),
        Tableau((3,) * 17, face_up=None, build=NOTHING_BUILDS, empty=NO_CARD, groups=SINGLE),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(BlackHole())
