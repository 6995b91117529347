"""Aces Up: four columns; a card goes off when a higher card of its suit ends another column.

The stock deals one card onto each column; a column's last card goes to the discard
pile (``f1``) when the last card of another column is of its suit and higher (aces
high); an empty column takes the last card of any column.  Won when only the four
aces are left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from solitaire.core.cards import Card
from solitaire.core.i18n import N_
from solitaire.core.refusals import Rule
from solitaire.core.state import State
from solitaire.variants import blocks as b

if TYPE_CHECKING:
    from solitaire.core.solver import Solver

__all__ = ["AcesUp", "HigherOfSuitEnds"]


def _value(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


class HigherOfSuitEnds(b.MoveRule):
    """The discard takes a card when a higher card of its suit ends another column."""

    rule: ClassVar[Rule] = Rule(
        "foundation.higher-of-suit",
        N_("{card} cannot be discarded: no higher card of its suit ends another column (aces are high)."),
    )

    def allows(self, attempt: b.Attempt) -> bool:
        card = attempt.card
        assert card is not None
        tops = [column.up[-1] for column in attempt.state.tableau if column.up]
        return any(top.suit is card.suit and _value(top) > _value(card) for top in tops)


class AcesUp(b.Declared):
    """Aces Up, the classic rules."""

    id: ClassVar[str] = "aces-up"
    code_prefix: ClassVar[str] = "AU"
    family: ClassVar[str] = "aces-up"
    family_names: ClassVar[str] = N_("Aces Up")
    names: ClassVar[str] = N_("Aces Up")
    summary: ClassVar[str] = N_(
        "Four columns; the stock deals a card onto each. A column's last card is discarded when a higher"
        " card of its suit ends another column (aces high); an empty column takes any last card."
        " Won when only the four aces are left."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="each", needs_full=False),
        b.Foundations(1, False, b.ANY_CARD, b.ANY_ON_ANY, returns=False, rules=(HigherOfSuitEnds(),)),
        b.Tableau((1,) * 4, face_up=None, build=b.NOTHING_BUILDS, empty=b.ANY_CARD, groups=b.SINGLE),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (1008, 6071)}

    def is_won(self, state: State) -> bool:
        """The stock dealt and only aces left in the columns (48 cards discarded)."""
        return not state.stock and all(card.rank == 1 for column in state.tableau for card in column.cards)

    def solver(self) -> Solver | None:
        """Aces Up's own exact search (:data:`~solitaire.variants.aces_up_solver.ACES_UP_SOLVER`),
        which knows these rules; a subclass that changes them gets the generic search."""
        if not self.keeps(AcesUp, ("layout", "effects", "legal_moves", "check", "events", "is_won", "piles")):
            return super().solver()
        from solitaire.variants.aces_up_solver import ACES_UP_SOLVER

        return ACES_UP_SOLVER
