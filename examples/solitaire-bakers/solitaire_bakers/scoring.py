"""Windows standard scoring, with the foundation-return penalty.

+10 every time a card reaches a foundation, −15 every time one comes back from
it, +5 for a card from the waste to a column, +5 for a card turned up, −100 for
a recycle at draw 1 and −20 at draw 3; never below 0.  Unlike the built-in
Normal scheme, a card earns its foundation points again after a return, and the
return costs more than that earns.  Like Normal, it fits the Klondike and Yukon
families (``families``): a game without a waste or face-down cards is not scored so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import FOUNDATION, CardsMoved, CardTurnedUp, Event, State, WasteRecycled
from solitaire.plugins.scoring import NormalScoring
from solitaire_bakers import DOMAIN

__all__ = ["WindowsScoring"]


class WindowsScoring(NormalScoring):
    """The points of the Windows game (Normal's values), with −15 a card for a foundation return."""

    id: ClassVar[str] = "windows"
    code_letter: ClassVar[str] = "W"
    domain: ClassVar[str] = DOMAIN
    names: ClassVar[str] = N_("Windows standard")
    #: Points for a stock, a waste and face-down cards: the games of Klondike and Yukon.
    families: ClassVar[tuple[str, ...] | None] = ("klondike", "yukon")
    return_penalty: ClassVar[int] = 15

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        points = 0
        kind = before.table.kind
        for event in events:
            if isinstance(event, CardsMoved):
                if kind(event.dst) == FOUNDATION:
                    points += self.foundation_points * len(event.cards)
                elif kind(event.src) == FOUNDATION:
                    points -= self.return_penalty * len(event.cards)
                elif event.src == "w":
                    points += self.waste_to_column_points * len(event.cards)
            elif isinstance(event, CardTurnedUp):
                points += self.turn_up_points
            elif isinstance(event, WasteRecycled):
                points -= self.recycle_penalty.get(rules.draw, 100)
        return max(0, before.score + points)
