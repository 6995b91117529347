"""La Belle Lucie (Midnight Oil), as PySolFC deals it (``LaBelleLucie`` in its ``fan.py``),
with the merci of Morehead and Mott-Smith's and Parlett's rules.

All 52 cards are dealt face up in fans of three, seventeen of them and one fan of
a single card.  The top card of a fan goes on the next higher card of its suit on
another fan, or to its foundation; one card moves at a time, and an empty fan stays
empty.  The foundations build up by suit from the ace.  Twice a game, a tap of the
(empty) stock gathers the fans, shuffles them and deals them again in fans of
three (the last one of one or two cards).  Once a game, the merci: any one card
under others is pulled up to the top of its fan (``t5:3>t5``), where it plays as
any top card does; some books allow it only after the last redeal, this one at
any time.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.variants.blocks import (
    DOWN,
    NO_CARD,
    SAME_SUIT,
    SINGLE,
    Block,
    Build,
    Declared,
    Fans,
    Foundations,
    Redeal,
    Stock,
    Tableau,
)

__all__ = ["LaBelleLucie"]


class LaBelleLucie(Declared):
    """La Belle Lucie: eighteen fans, two shuffled redeals and one merci."""

    id: ClassVar[str] = "la-belle-lucie"
    code_prefix: ClassVar[str] = "LB"
    family: ClassVar[str] = "fan"
    family_names: ClassVar[dict[str, str]] = {"en": "Fan", "ru": "Веер"}
    names: ClassVar[dict[str, str]] = {"en": "La Belle Lucie", "ru": "Прекрасная Люси"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Seventeen fans of three cards and one of a single card, all face up. Build down by suit,"
        " one card at a time; an empty fan stays empty. Two redeals shuffle the fans and deal them"
        " again in threes; once a game a card may be pulled up from under others.",
        "ru": "Семнадцать вееров по три карты и один из одной карты, все открыты. Кладите вниз по"
        " масти, по одной карте; пустой веер остаётся пустым. Две пересдачи тасуют веера и снова"
        " раздают их по три; один раз за игру можно вытянуть карту из-под других.",
    }
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(deals="redeal", redeal=Redeal(2, shuffle=True, deal=Fans(3))),
        Foundations(returns=False),
        Tableau(
            (3,) * 17 + (1,),
            face_up=None,
            build=Build(DOWN, SAME_SUIT),
            empty=NO_CARD,
            groups=SINGLE,
            merci=1,
        ),
    )
