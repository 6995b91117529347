"""Klondike: seven columns of 1..7 cards, only the last of each face up; 24 in the stock.

A card goes on a face-up card of the opposite colour one rank higher, with every
card on it; only a king (with its group) fills an empty column; foundations build
up by suit from the ace, one card at a time.  See ``docs/rules.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from solitaire.core.cards import CARDS, Card
from solitaire.core.i18n import N_
from solitaire.variants.blocks import KLONDIKE_BUILD, Block, Declared, Foundations, Stock, Tableau

if TYPE_CHECKING:
    from solitaire.core.solver import Solver

__all__ = [
    "KLONDIKE_COLUMNS",
    "STOCK_SIZE",
    "TABLEAU_COLUMNS",
    "TABLEAU_SIZE",
    "Klondike",
    "fits_on",
    "ordered_suffix",
]

KLONDIKE_COLUMNS: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 7)
"""Klondike's column sizes (``deal_layout(order, KLONDIKE_COLUMNS)``), Réfléchi's too."""
TABLEAU_COLUMNS: Final = len(KLONDIKE_COLUMNS)
"""Klondike's columns: 7."""
TABLEAU_SIZE: Final = sum(KLONDIKE_COLUMNS)
"""The cards Klondike deals to its columns: 28."""
STOCK_SIZE: Final = len(CARDS) - TABLEAU_SIZE
"""The cards of Klondike's stock when the game starts: 24."""


def fits_on(card: Card, target: Card) -> bool:
    """True when ``card`` may go on ``target`` in a Klondike column."""
    return KLONDIKE_BUILD.fits(card, target)


def ordered_suffix(up: Sequence[Card]) -> int:
    """How many cards at the end of ``up`` form an ordered group (0 when empty)."""
    return KLONDIKE_BUILD.run_length(up)


class Klondike(Declared):
    """Classic Klondike, as played by the app "Solitaire Klondike"."""

    id: ClassVar[str] = "klondike"
    code_prefix: ClassVar[str] = "KL"
    family: ClassVar[str] = "klondike"
    family_names: ClassVar[Mapping[str, str] | str] = N_("Klondike")
    names: ClassVar[Mapping[str, str] | str] = N_("Klondike")
    summary: ClassVar[Mapping[str, str] | str] = N_(
        "Seven columns, only the last card of each face up. Build down in alternating colours; only a "
        "king fills an empty column; build the foundations up by suit from the ace."
    )
    solver_family: ClassVar[str | None] = "klondike"
    layout: ClassVar[tuple[Block, ...]] = (Stock(), Foundations(), Tableau(KLONDIKE_COLUMNS))
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (39, 99), 3: (60, 173)}

    def solver(self) -> Solver | None:
        """The built-in Klondike solver, while the declaration keeps Klondike's table
        and moves; a subclass that changes them gets the generic search of the blocks,
        one that sets ``solver_family`` to None (as older plugins did) none, unless it
        says otherwise."""
        from solitaire.variants.klondike_solver import KLONDIKE_SOLVER

        if self.solver_family is None:
            return None
        if self.solver_family != "klondike" or not KLONDIKE_SOLVER.fits(self):
            return super().solver()
        return KLONDIKE_SOLVER
