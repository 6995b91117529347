"""Golf: seven columns of five cards face up, one foundation built up or down.

A column's top card goes onto the foundation when it is one rank higher or lower,
whatever its suit, without wrapping and never on a king; the stock turns one card
onto the foundation.  Won when the columns are empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from solitaire.core.i18n import N_
from solitaire.core.ruleset import PileSpec
from solitaire.core.state import State
from solitaire.variants import blocks as b

if TYPE_CHECKING:
    from solitaire.core.solver import Solver

__all__ = ["Golf"]


class Golf(b.Declared):
    """Golf, the classic rules."""

    id: ClassVar[str] = "golf"
    code_prefix: ClassVar[str] = "GO"
    family: ClassVar[str] = "golf"
    family_names: ClassVar[str] = N_("Golf")
    names: ClassVar[str] = N_("Golf")
    summary: ClassVar[str] = N_(
        "Seven columns of five cards, all face up. A column's top card goes onto the foundation when it"
        " is one rank higher or lower, any suit, never on a king; the stock turns one card onto it."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "golf"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="foundation"),
        b.Foundations(
            1,
            by_suit=False,
            base=b.ANY_CARD,
            build=b.Build(b.EITHER, b.ANY_SUIT, king_ends=True),
            returns=False,
        ),
        b.Tableau((5,) * 7, face_up=None, build=b.Build(suit=b.NO_SUIT), empty=b.NO_CARD, groups="single"),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (9491, 54217)}

    def piles(self, state: State) -> list[PileSpec]:
        """The columns on top, the stock and the foundation under them."""
        return [PileSpec(f"t{n + 1}", "column", 0, n, "down") for n in range(7)] + [
            PileSpec("s", "stock", 1, 0),
            PileSpec("f1", "foundation", 1, 1),
        ]

    def is_won(self, state: State) -> bool:
        """Every column empty (the stock need not be)."""
        return not any(state.tableau)

    def solver(self) -> Solver | None:
        """Golf's own exact search (:data:`~solitaire.variants.golf_solver.GOLF_SOLVER`),
        which knows these rules; a subclass that changes them gets the generic search."""
        if not self.keeps(Golf, ("layout", "effects", "legal_moves", "check", "events", "is_won", "piles")):
            return super().solver()
        from solitaire.variants.golf_solver import GOLF_SOLVER

        return GOLF_SOLVER
