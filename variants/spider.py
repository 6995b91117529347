"""Spider: two decks' worth of cards in ten columns, in one, two or four suits.

Build down regardless of suit; only a group in one suit moves; a whole run, king
to ace of one suit, goes off to a foundation by itself.  The stock deals a row,
one card onto every column, never while a column is empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.cards import Card, Suit
from solitaire.core.deals import shuffle_positions
from solitaire.core.i18n import N_
from solitaire.core.ruleset import Ruleset
from solitaire.variants import blocks as b

__all__ = ["Spider"]


class Spider(b.Declared):
    """Spider; the number after ``D`` in its code is the count of suits (1, 2 or 4)."""

    id: ClassVar[str] = "spider"
    code_prefix: ClassVar[str] = "SP"
    family: ClassVar[str] = "spider"
    family_names: ClassVar[str] = N_("Spider")
    names: ClassVar[str] = N_("Spider")
    summary: ClassVar[str] = N_(
        "104 cards in ten columns. Build down regardless of suit; only a group of one suit moves;"
        " a whole run, king to ace of one suit, goes off by itself. The stock deals a row onto every column."
    )
    decks: ClassVar[int] = 2
    draws: ClassVar[tuple[int, ...]] = (1, 2, 4)
    draw_label: ClassVar[str] = N_("Suits")
    default_scoring: ClassVar[str] = "spider"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="each"),
        b.Foundations(8, by_suit=False, runs=True, returns=False),
        b.Tableau(
            (6, 6, 6, 6, 5, 5, 5, 5, 5, 5),
            build=b.Build(b.DOWN, b.ANY_SUIT),
            empty=b.ANY_CARD,
            groups=b.Build(b.DOWN, b.SAME_SUIT),
        ),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (551, 623), 2: (1872, 3122), 4: (4558, 8663)}

    def dealt_order(self, deal: int, rules: Ruleset) -> tuple[Card, ...]:
        """The 104 cards of ``rules.draw`` suits (♠, then ♥, then ♦ ♣), shuffled."""
        suits = rules.draw
        cards = [Card(p % 13 + 1, Suit(p // 13 % suits), p // (13 * suits)) for p in range(104)]
        return tuple(cards[p] for p in shuffle_positions(deal, 104))
