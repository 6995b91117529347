"""Spider as an outside package would declare it: two whole decks (the framework's
shuffle of ``decks = 2``), four suits, another id and prefix."""

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


class OutsideSpider(Declared):
    """104 cards in ten columns; the stock deals a row; whole suit runs go off."""

    id: ClassVar[str] = "outside-spider"
    code_prefix: ClassVar[str] = "OS"
    family: ClassVar[str] = "spider"
    names: ClassVar[str] = "Outside Spider"
    decks: ClassVar[int] = 2
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "spider"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(deals="each"),
        Foundations(8, by_suit=False, runs=True, returns=False),
        Tableau(
            (6, 6, 6, 6, 5, 5, 5, 5, 5, 5),
            build=Build(DOWN, ANY_SUIT),
            empty=ANY_CARD,
            groups=Build(DOWN, SAME_SUIT),
        ),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(OutsideSpider())
