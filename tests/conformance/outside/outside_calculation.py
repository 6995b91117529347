"""Calculation (also called Broken Intervals), by the classic rules (as PySolFC and
Wikipedia give them): an ace, a two, a three and a four, of any suits, start the four
foundations at the deal; they build regardless of suit by ones, twos, threes and
fours, the ranks going round past the king (the second foundation takes 2 4 6 8 10 Q
A 3 5 7 9 J K), and each is complete at its king.  The stock turns one card at a
time, and that card goes to a foundation or onto one of four waste piles before the
next is turned; only the top card of a waste pile plays, and only to a foundation.
The stock is gone through once."""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.blocks import (
    ANY_CARD,
    ANY_ON_ANY,
    ANY_SUIT,
    BASE,
    SINGLE,
    UP,
    Block,
    Build,
    Declared,
    Foundations,
    Pick,
    Stock,
    Tableau,
)


def by(step: int) -> Foundations:
    """The foundation started by the card of rank ``step`` and built by ``step`` ranks."""
    build = Build(UP, ANY_SUIT, wrap=True, king_ends=True, step=step)
    return Foundations(1, by_suit=False, base=step, build=build, returns=False, dealt=Pick(ranks=(BASE,)))


class Calculation(Declared):
    """Four foundations by 1s, 2s, 3s and 4s; four waste piles fed from the stock."""

    id: ClassVar[str] = "calculation"
    code_prefix: ClassVar[str] = "CC"
    names: ClassVar[str] = "Calculation"
    summary: ClassVar[str] = (
        "An ace, a two, a three and a four start four foundations that build by 1s, 2s, 3s and 4s,"
        " any suit. Each card of the stock goes to a foundation or onto one of four waste piles,"
        " whose top cards go only to the foundations. One pass."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    default_redeal: ClassVar[str | None] = "passes:1"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(needs_empty_waste=True),
        by(1),
        by(2),
        by(3),
        by(4),
        Tableau((0,) * 4, face_up=None, build=ANY_ON_ANY, empty=ANY_CARD, groups=SINGLE, takes_from=("w",)),
    )


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Calculation())
