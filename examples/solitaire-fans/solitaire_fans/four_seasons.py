"""Four Seasons (Corner Card, Vanishing Cross), as Morehead and Mott-Smith and Wikipedia
give it.

Five cards are dealt face up in a cross, and one to a foundation: its rank starts
all four foundations, which build up by suit, an ace following a king.  In the
cross a card goes on a card one rank higher of any suit, a king on an ace; one
card moves at a time, and any card fills an empty pile.  The stock turns one card
at a time onto the waste, once through: no redeal.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.variants.blocks import (
    ANY_CARD,
    ANY_SUIT,
    DEALT,
    DOWN,
    SAME_SUIT,
    SINGLE,
    UP,
    Block,
    Build,
    Declared,
    Foundations,
    Next,
    Stock,
    Tableau,
)

__all__ = ["FourSeasons"]


class FourSeasons(Declared):
    """Four Seasons: a cross of five piles and foundations started by the dealt rank."""

    id: ClassVar[str] = "four-seasons"
    code_prefix: ClassVar[str] = "FS"
    family: ClassVar[str] = "four-seasons"
    family_names: ClassVar[dict[str, str]] = {"en": "Four Seasons", "ru": "Четыре сезона"}
    names: ClassVar[dict[str, str]] = {"en": "Four Seasons", "ru": "Четыре сезона"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Five cards in a cross and one on a foundation, whose rank starts all four. Build the"
        " foundations up by suit and the cross down in any suit, both round the corner; one card at"
        " a time, any card in a space. The stock is turned once, one card at a time.",
        "ru": "Пять карт крестом и одна на базе: её ранг начинает все четыре базы. Базы собирайте"
        " вверх по масти, крест — вниз без учёта масти, и там и там по кругу; по одной карте, в"
        " пустое место — любая карта. Колода проходится один раз, по одной карте.",
    }
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    default_redeal: ClassVar[str | None] = "passes:1"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(),
        Foundations(base=DEALT, build=Build(UP, SAME_SUIT, wrap=True), returns=False, dealt=Next(1)),
        Tableau(
            (1,) * 5,
            face_up=None,
            build=Build(DOWN, ANY_SUIT, wrap=True),
            empty=ANY_CARD,
            groups=SINGLE,
        ),
    )
