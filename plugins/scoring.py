"""The built-in scoring schemes: Normal (Windows values), Vegas, Spider's, Golf's and TriPeaks'.

Both give a card its foundation points only the first time it reaches a
foundation in a game, so a return and a replay earn nothing; a return itself
scores 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.core.ruleset import Ruleset, ScoringScheme
from solitaire.core.state import (
    FOUNDATION,
    TABLEAU,
    CardsMoved,
    CardTurnedUp,
    Event,
    State,
    StockDrawn,
    WasteRecycled,
)

__all__ = [
    "GolfScoring",
    "NoScoring",
    "NormalScoring",
    "SpiderScoring",
    "TriPeaksScoring",
    "VegasScoring",
    "new_foundation_cards",
]


def new_foundation_cards(before: State, events: Sequence[Event]) -> int:
    """How many cards reach a foundation for the first time in this game."""
    count = 0
    for event in events:
        if isinstance(event, CardsMoved) and event.dst[0] == "f":
            count += sum(1 for card in event.cards if not before.credited >> card.uid & 1)
    return count


class NormalScoring(ScoringScheme):
    """+10 per card to a foundation, +5 per card from the waste to a column, +5 per
    card turned up, −100 per recycle at draw 1 and −20 at draw 3; never below 0."""

    id: ClassVar[str] = "normal"
    code_letter: ClassVar[str] = "N"
    families: ClassVar[tuple[str, ...] | None] = ("klondike", "yukon")
    names: ClassVar[str] = N_("Normal")
    default_redeal: ClassVar[str] = "unlimited"
    foundation_points: ClassVar[int] = 10
    waste_to_column_points: ClassVar[int] = 5
    turn_up_points: ClassVar[int] = 5
    recycle_penalty: ClassVar[dict[int, int]] = {1: 100, 3: 20}

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        points = self.foundation_points * new_foundation_cards(before, events)
        for event in events:
            if isinstance(event, CardsMoved) and event.src == "w" and event.dst[0] == "t":
                points += self.waste_to_column_points * len(event.cards)
            elif isinstance(event, CardTurnedUp):
                points += self.turn_up_points
            elif isinstance(event, WasteRecycled):
                points -= self.recycle_penalty.get(rules.draw, 100)
        return max(0, before.score + points)


class VegasScoring(ScoringScheme):
    """A $52 stake, $5 back per card to a foundation, no floor; one pass through the stock."""

    id: ClassVar[str] = "vegas"
    code_letter: ClassVar[str] = "V"
    #: Canfield's too: the casino game it comes from paid $5 a card home on a $50 stake.
    families: ClassVar[tuple[str, ...] | None] = ("klondike", "yukon", "canfield")
    names: ClassVar[str] = N_("Vegas")
    default_redeal: ClassVar[str] = "passes:1"
    initial_score: ClassVar[int] = -52
    foundation_points: ClassVar[int] = 5

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        return before.score + self.foundation_points * new_foundation_cards(before, events)

    def format(self, score: int) -> str:
        """Dollars: ``+$208``, ``$0``, ``-$52``."""
        if score > 0:
            return f"+${score}"
        if score < 0:
            return f"-${-score}"
        return "$0"


class VegasCumulativeScoring(VegasScoring):
    """Vegas, with the balance carried from game to game: each deal costs another $52."""

    id: ClassVar[str] = "vegas-cumulative"
    code_letter: ClassVar[str] = "C"
    names: ClassVar[str] = N_("Vegas cumulative")
    carries_balance: ClassVar[bool] = True


class NoScoring(ScoringScheme):
    """No score: the game counts moves only (FreeCell)."""

    id: ClassVar[str] = "none"
    code_letter: ClassVar[str] = "X"
    names: ClassVar[str] = N_("No score")

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        return before.score

    def format(self, score: int) -> str:
        """Nothing to show."""
        return ""


class SpiderScoring(ScoringScheme):
    """Windows Spider: 500 at the start, −1 a move, +100 a run of 13 sent off."""

    id: ClassVar[str] = "spider"
    code_letter: ClassVar[str] = "S"
    names: ClassVar[str] = N_("Spider")
    families: ClassVar[tuple[str, ...] | None] = ("spider",)
    initial_score: ClassVar[int] = 500
    run_points: ClassVar[int] = 100

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        runs = sum(
            1
            for event in events
            if isinstance(event, CardsMoved) and before.table.kind(event.dst) == FOUNDATION
        )
        return before.score - 1 + self.run_points * runs


class GolfScoring(ScoringScheme):
    """Golf: the cards left in the columns (lower is better)."""

    id: ClassVar[str] = "golf"
    code_letter: ClassVar[str] = "G"
    names: ClassVar[str] = N_("Cards left")
    families: ClassVar[tuple[str, ...] | None] = ("golf",)
    initial_score: ClassVar[int] = 35

    def starting_score(self, dealt: State, rules: Ruleset) -> int:
        """The cards dealt to the columns: 35 in Golf, 28 in TriPeaks."""
        return sum(len(pile) for pile in dealt.of_kind(TABLEAU))

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        left = before.score
        for event in events:
            if isinstance(event, CardsMoved) and before.table.kind(event.src) == TABLEAU:
                left -= len(event.cards)
        return left


class TriPeaksScoring(ScoringScheme):
    """TriPeaks as its classic versions count: a card played from the peaks scores one
    point more than the card before it in the same run (1, 2, 3 ...); a card turned from
    the stock costs 5 and starts a new run; a peak cleared scores 15, the last one 30.

    The run is read from the foundation: the cards on its top that came from the table
    (``State.credited``: the stock's cards are turned, not moved, and earn no credit)."""

    id: ClassVar[str] = "tripeaks"
    code_letter: ClassVar[str] = "T"
    names: ClassVar[str] = N_("Runs and peaks")
    families: ClassVar[tuple[str, ...] | None] = ()
    variants: ClassVar[tuple[str, ...]] = ("tripeaks",)
    draw_cost: ClassVar[int] = 5
    peak_points: ClassVar[int] = 15
    last_peak_points: ClassVar[int] = 30

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        table = before.table
        score, run = before.score, 0
        for pile in before.of_kind(FOUNDATION):
            for card in reversed(pile.up):
                if not before.credited >> card.uid & 1:
                    break
                run += 1
        peaks = _peaks(rules, before)
        cleared = sum(1 for pile in peaks if not before.pile(pile))
        for event in events:
            if isinstance(event, StockDrawn):
                score, run = score - self.draw_cost, 0
            elif isinstance(event, CardsMoved) and table.kind(event.src) == TABLEAU:
                run += 1
                score += run
                if event.src in peaks and len(before.pile(event.src)) == len(event.cards):
                    cleared += 1
                    score += self.last_peak_points if cleared == len(peaks) else self.peak_points
        return score


def _peaks(rules: Ruleset, state: State) -> frozenset[str]:
    """The tops of the peaks: piles that other piles lie on, lying on none themselves."""
    specs = rules.variant.piles(state)
    lying_on = {pile for spec in specs for pile in spec.covered_by}
    return frozenset(spec.id for spec in specs if spec.covered_by and spec.id not in lying_on)
