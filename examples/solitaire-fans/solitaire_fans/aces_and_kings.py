"""Aces and Kings, as PySolFC plays it (``AcesAndKings`` in its ``acesandkings.py``).

Two decks.  Two reserves of thirteen cards, face up, their top cards free; four
tableau piles of one card; four foundations built up from an ace to a king and four
built down from a king to an ace, each regardless of suit.  Nothing is built on the
tableau: its cards only go to the foundations.  A tableau pile left empty takes the
stock's next card at once; once the stock is gone, an empty pile takes any one card
from the waste, a reserve or another pile.  The stock turns one card at a time onto
the waste, once through: no redeal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solitaire.core.state import TABLEAU, Event, State, StockDrawn
from solitaire.variants.blocks import (
    ANY_CARD,
    ANY_SUIT,
    DOWN,
    KING,
    NOTHING_BUILDS,
    SINGLE,
    UP,
    Attempt,
    Block,
    Build,
    Declared,
    Effect,
    Foundations,
    Reserve,
    Stock,
    Tableau,
)

__all__ = ["AcesAndKings", "FilledFromStock"]


class FilledFromStock(Effect):
    """A tableau pile left empty takes the stock's next card, face up, at once."""

    def after(self, attempt: Attempt, events: Sequence[Event], after: State) -> list[Event]:
        stock = after.pile("s").down
        empty = [pile for pile in after.table.ids_of(TABLEAU) if not after.pile(pile)]
        return [StockDrawn((card,), dst=pile) for pile, card in zip(empty, stock[::-1], strict=False)]


class AcesAndKings(Declared):
    """Aces and Kings: two reserves, foundations up from the aces and down from the kings."""

    id: ClassVar[str] = "aces-and-kings"
    code_prefix: ClassVar[str] = "AK"
    family: ClassVar[str] = "aces-and-kings"
    family_names: ClassVar[dict[str, str]] = {"en": "Aces and Kings", "ru": "Тузы и короли"}
    names: ClassVar[dict[str, str]] = {"en": "Aces and Kings", "ru": "Тузы и короли"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Two decks; two reserves of thirteen and four tableau piles of one card. Build four"
        " foundations up from the aces and four down from the kings, regardless of suit; nothing"
        " builds on the tableau, and the stock fills its spaces. The stock is turned once.",
        "ru": "Две колоды; два резерва по тринадцать карт и четыре стопки по одной карте. Четыре"
        " базы собирайте вверх от тузов, четыре — вниз от королей, без учёта масти; на стопки"
        " ничего не кладут, их пустые места занимает колода. Колода проходится один раз.",
    }
    decks: ClassVar[int] = 2
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    default_redeal: ClassVar[str | None] = "passes:1"
    effects: ClassVar[tuple[Effect, ...]] = (FilledFromStock(),)
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(),
        Reserve(2, deal=13, face_up=None),
        Foundations(by_suit=False, build=Build(UP, ANY_SUIT), returns=False),
        Foundations(by_suit=False, base=KING, build=Build(DOWN, ANY_SUIT), returns=False),
        Tableau((1,) * 4, face_up=None, build=NOTHING_BUILDS, empty=ANY_CARD, groups=SINGLE),
    )
