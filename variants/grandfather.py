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

from solitaire.core.cards import Card
from solitaire.core.i18n import N_
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import Refusal, Rule
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import Event, Pile, Redealt, State
from solitaire.variants import blocks as b

__all__ = ["Grandfather", "deal_columns"]

REDEALS: Final = 2
NO_REDEALS_LEFT: Final = Rule(
    "stock.no-redeals-left", N_("The columns cannot be dealt again: both redeals are used.")
)
NOTHING_TO_REDEAL: Final = Rule(
    "stock.nothing-to-redeal", N_("There is nothing to deal again: every column is empty.")
)


def _pattern() -> list[tuple[int, bool]]:
    """Where each card of a whole deal goes, in order: (column from 0, face up)."""
    spots, start, stop, step = [], 0, 6, 1
    for _ in range(7):  # the zigzag: a row there, a shorter one back, each ending face up
        spots += [(column, column == start) for column in range(start, stop + step, step)]
        start, stop, step = stop, start + step, -step
    return spots + [(1 + n % 6, True) for n in range(24)]


PATTERN: Final = _pattern()


def deal_columns(cards: Sequence[Card]) -> list[Pile]:
    """The seven columns ``cards`` make in dealing order; a column left without a face-up
    card (when fewer cards are dealt) turns its top card up."""
    columns: list[tuple[list[Card], list[Card]]] = [([], []) for _ in range(7)]
    for (column, face_up), card in zip(PATTERN, cards, strict=False):
        columns[column][face_up].append(card)
    for down, up in columns:
        if down and not up:
            up.append(down.pop())
    return [Pile(tuple(down), tuple(up)) for down, up in columns]


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

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        columns = dict(zip(self._tableau_ids, deal_columns(order), strict=True))
        return self.empty_state().with_piles(columns)

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        """The blocks' moves; the stock tap redeals, while redeals are left."""
        if not move.is_draw:
            return super().check(state, move, rules)
        if state.pass_number > REDEALS:
            return NO_REDEALS_LEFT.refuse()
        return DRAW if any(state.tableau) else NOTHING_TO_REDEAL.refuse()

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        if not move.is_draw:
            return super().events(state, move, rules)
        gathered = [card for column in state.tableau for card in reversed(column.cards)]
        columns = dict(zip(self._tableau_ids, deal_columns(gathered), strict=True))
        down = [(pile, card) for pile, column in columns.items() for card in column.down]
        up = [(pile, card) for pile, column in columns.items() for card in column.up]
        dsts, cards = zip(*down, *up, strict=True)
        return [Redealt(self._tableau_ids, dsts, cards, len(down))]

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        moves = super().legal_moves(state, rules)
        return [*moves, DRAW] if isinstance(self.check(state, DRAW, rules), Move) else moves
