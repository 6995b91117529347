"""Canfield (Demon): a reserve of thirteen, foundations started by the rank the deal sets.

The deal: thirteen cards to the reserve (``r1``, its top card face up), one to its
foundation, whose rank starts all four, one to each of the four columns, the rest to
the stock.  Foundations build up by suit, a king followed by the ace; columns build
down in alternating colours, an ace followed by a king.  A column moves as a whole,
or its last card alone; a column emptied is filled from the reserve at once, and once
the reserve is gone an empty column takes any card.  The stock turns three cards (or
one) onto the waste, as often as you like.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from attrs import evolve

from solitaire.core.cards import Card
from solitaire.core.i18n import N_
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal, Rule
from solitaire.core.ruleset import PileSpec, Ruleset
from solitaire.core.state import RESERVE, Event, Pile, State, Table, apply_all
from solitaire.variants import blocks as b

__all__ = ["Canfield"]

WHOLE_OR_TOP: Final = Rule(
    "tableau.whole-or-top",
    N_("{card} cannot move with the cards on it: a column moves as a whole, or only its last card."),
)


class Canfield(b.Declared):
    """Canfield, the classic rules (as Pagat and PySolFC play them)."""

    id: ClassVar[str] = "canfield"
    code_prefix: ClassVar[str] = "CF"
    family: ClassVar[str] = "canfield"
    names: ClassVar[str] = N_("Canfield")
    summary: ClassVar[str] = N_(
        "A reserve of thirteen, four columns and a stock turned three at a time. The card dealt to the"
        " foundations sets the rank that starts them all: build them up by suit, an ace on a king; build"
        " the columns down in alternating colours, a king on an ace; the reserve fills an emptied column."
    )
    default_draw: ClassVar[int] = 3
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(),
        b.Foundations(build=b.Build(b.UP, b.SAME_SUIT, wrap=True), returns=False),
        b.Tableau((1,) * 4, face_up=None, build=b.Build(wrap=True), empty=b.ANY_CARD),
    )

    def make_table(self) -> Table:
        return Table.of(*super().make_table().pairs, ("r1", RESERVE))

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        """Cards 0 to 12 to the reserve (12 on top), 13 to its foundation, 14 to 17 to
        the columns, the rest to the stock (18 drawn first)."""
        base, columns = order[13], {f"t{n}": Pile((), (card,)) for n, card in enumerate(order[14:18], 1)}
        reserve = {"r1": Pile(tuple(order[:12]), (order[12],)), f"f{base.suit + 1}": Pile((), (base,))}
        return self.empty_state().with_piles({**columns, **reserve, "s": Pile(tuple(reversed(order[18:])))})

    def foundation_base(self, state: State) -> int:
        """The rank of the card the deal put on a foundation (it never leaves)."""
        return next(pile[0].rank for pile in state.foundations if pile)

    def _middle(self, move: Move, state: State) -> bool:
        """True for a move of a column's cards that are neither its last card nor all of it."""
        return move.src[0] == "t" and 1 < (move.count or 1) < len(state.pile(move.src))

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        """The blocks' check; a group leaves a column only as the whole column."""
        found = super().check(state, move, rules)
        if isinstance(found, Move) and self._middle(found, state):
            return WHOLE_OR_TOP.refuse(card=state.pile(found.src).up[-(found.count or 1)])
        return found

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        return [move for move in super().legal_moves(state, rules) if not self._middle(move, state)]

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        """The blocks' events, then the reserve's top card into the column left empty."""
        after = apply_all(state, events := super().events(state, move, rules))
        empty = [pile for pile in self._tableau_ids if not after.pile(pile)]
        fill = bool(after.pile("r1")) and bool(empty)
        return events + super().events(after, Move("r1", empty[0]), rules) if fill else events

    def piles(self, state: State) -> list[PileSpec]:
        """The stock and the waste, then the foundations on top; the reserve and, under the
        foundations, the columns below."""
        specs = [evolve(spec, slot=spec.slot + (spec.kind == "foundation")) for spec in super().piles(state)]
        specs = [spec for spec in specs if spec.row == 0] + [PileSpec("r1", "reserve", 1, 0, "down")]
        return specs + [PileSpec(f"t{n}", "column", 1, 2 + n, "down") for n in range(1, 5)]
