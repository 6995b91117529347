"""Grandfather, as KPatience plays it: Yukon's moves built in suit, and two redeals.

The deal zigzags face-down cards over the seven columns, each row ending with a
face-up card, then deals the rest face up in rows onto columns 2 to 7.  Any face-up
card moves with every card on it onto the next higher card of its suit; a king
fills an empty column.  Twice a game, a tap of the (always empty) stock gathers the
columns, each from its top card down, column 1 first, and deals them again the same
way; the foundations stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from solitaire.core.cards import Card
from solitaire.core.i18n import N_
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import Refusal, Rule
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import Event, Redealt, State, apply
from solitaire.variants import blocks as b

__all__ = ["Grandfather", "deal_columns"]

REDEALS: Final = 2
NO_REDEALS_LEFT: Final = Rule(
    "stock.no-redeals-left", N_("The columns cannot be dealt again: both redeals are used.")
)
NOTHING_TO_REDEAL: Final = Rule(
    "stock.nothing-to-redeal", N_("There is nothing to deal again: every column is empty.")
)


#: The zigzag of face-down cards, each row starting with the one face-up card its column gets;
#: then the face-up rows on columns 2 to 7 (columns counted from 0).
ROWS: Final = ("0123456", "654321", "12345", "5432", "234", "43", "3")
PATTERN: Final = [(int(column), n == 0) for row in ROWS for n, column in enumerate(row)]
PATTERN.extend((1 + n % 6, True) for n in range(24))


def deal_columns(cards: Sequence[Card]) -> list[tuple[int, bool, Card]]:
    """Where each card goes as ``cards`` are dealt, in that order: (column from 0, face up,
    card); with fewer cards than a whole deal, each column's top card is face up."""
    spots = list(zip(PATTERN, cards, strict=False))
    last = {column: n for n, ((column, _), _) in enumerate(spots)}
    return [(column, up or last[column] == n, card) for n, ((column, up), card) in enumerate(spots)]


class Grandfather(b.Declared):
    """Grandfather, KPatience's game."""

    id: ClassVar[str] = "grandfather"
    code_prefix: ClassVar[str] = "GF"
    family: ClassVar[str] = "yukon"
    names: ClassVar[str] = N_("Grandfather")
    summary: ClassVar[str] = N_(
        "Yukon built in suit: any face-up card moves with the cards on it onto the next higher card"
        " of its suit; a king fills an empty column. Twice a game the columns may be gathered and"
        " dealt again."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="redeal"),
        b.Foundations(returns=False),
        b.Tableau((1, 7, 9, 11, 10, 8, 6), face_up=5, build=b.Build(b.DOWN, b.SAME_SUIT), groups="any"),
    )

    def _redealt(self, cards: Sequence[Card]) -> Redealt:
        """The columns dealt from ``cards``: the event lists the face-down cards first."""
        dealt = sorted(deal_columns(cards), key=lambda spot: spot[1])
        dsts, down = tuple(f"t{column + 1}" for column, _, _ in dealt), sum(not up for _, up, _ in dealt)
        return Redealt(self._tableau_ids, dsts, tuple(card for _, _, card in dealt), down)

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        """The first deal: the empty table dealt as a redeal deals it, before pass 1."""
        return apply(attrs.evolve(self.empty_state(), pass_number=0), self._redealt(order))

    def _check_draw(self, state: State, rules: Ruleset) -> Move | Refusal:
        """The stock tap redeals, while redeals are left."""
        if state.pass_number > REDEALS:
            return NO_REDEALS_LEFT.refuse()
        return DRAW if any(state.tableau) else NOTHING_TO_REDEAL.refuse()

    def interchangeable(self) -> tuple[tuple[str, ...], ...]:
        """A redeal gathers the columns in their order: none may stand for another."""
        return ()

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        """The blocks' events; the stock tap gathers the columns, column 1 first, each from
        its top card down, and deals them again."""
        if not move.is_draw:
            return super().events(state, move, rules)
        return [self._redealt([card for column in state.tableau for card in reversed(column.cards)])]
