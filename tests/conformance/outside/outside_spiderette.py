"""Spiderette, by the classic rules (one-deck Spider, as PySolFC and Wikipedia give
it): seven columns of one to seven cards, dealt as in Klondike, only the last card of
each face up; the other 24 cards in the stock.  A card goes on any card one rank
higher, whatever its suit; a group moves together when it runs down in one suit; any
card or group fills an empty column.  A whole run of one suit, king to ace, goes off
to one of the four foundations.  A tap of the stock deals one card onto each column
(the last three onto the first three), and only while no column is empty."""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.blocks import (
    ANY_CARD,
    ANY_SUIT,
    DOWN,
    SAME_SUIT,
    Block,
    Build,
    Declared,
    Foundations,
    Stock,
    Tableau,
)


class Spiderette(Declared):
    """One-deck Spider on seven columns dealt as Klondike's."""

    id: ClassVar[str] = "spiderette"
    code_prefix: ClassVar[str] = "SR"
    family: ClassVar[str] = "spider"
    names: ClassVar[str] = "Spiderette"
    summary: ClassVar[str] = (
        "Spider with one deck: seven columns of 1 to 7 cards, the top one face up. Build down in any"
        " suit, move runs of one suit; a whole run king to ace goes off; the stock deals a row."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "spider"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(deals="each"),
        Foundations(4, by_suit=False, runs=True, returns=False),
        Tableau(
            (1, 2, 3, 4, 5, 6, 7),
            build=Build(DOWN, ANY_SUIT),
            empty=ANY_CARD,
            groups=Build(DOWN, SAME_SUIT),
        ),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Spiderette())
