"""Mod 3, as KPat's handbook describes it: two decks, three rows of foundations built
by suit in steps of three, a fourth row that is waste and tableau at once.

Row one builds 2-5-8-J, row two 3-6-9-Q, row three 4-7-10-K, each pile in one suit
(``f1``..``f8``, ``f9``..``f16``, ``f17``..``f24``); the aces go to the aces pile
(``f25``) and stay there.  The deal puts one card face up on each of the 32 piles:
a pile of the rows that starts with a card of another rank takes nothing until
that card is moved away.  The top card of any row or of the fourth row moves to
where it fits, or to an empty place of the fourth row (``t1``..``t8``), which
takes any card and nothing on a card.  A tap of the stock deals one card onto each
place of the fourth row.  Won when every card is in the rows or on the aces pile.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.core.ruleset import PileSpec
from solitaire.core.state import State
from solitaire.variants import blocks as b

__all__ = ["ACES", "BASE", "Mod3"]

ACES = "f25"
#: The rank each pile starts with: 2, 3 and 4 in the rows, the ace on the aces pile.
BASE = {**{f"f{n + 1}": 2 + n // 8 for n in range(24)}, ACES: 1}

#: One row: eight piles by suit in steps of three from ``base``, each first dealt a card.
ROW = b.Foundations(8, by_suit=False, build=b.Build(b.UP, b.SAME_SUIT, step=3), dealt=b.Next())


class Mod3(b.Declared):
    """Mod 3 (KPat's Mod3)."""

    id: ClassVar[str] = "mod3"
    code_prefix: ClassVar[str] = "MO"
    family: ClassVar[str] = "mod3"
    family_names: ClassVar[str] = N_("Mod 3")
    names: ClassVar[str] = N_("Mod 3")
    summary: ClassVar[str] = N_(
        "Two decks. Build three rows of piles by suit in steps of three: 2-5-8-J, 3-6-9-Q, 4-7-10-K;"
        " aces go to their own pile. The stock deals a card onto each place of the fourth row."
    )
    decks: ClassVar[int] = 2
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Stock(deals="each", needs_full=False),
        *(b.evolve(ROW, base=base) for base in (2, 3, 4)),
        b.Foundations(1, by_suit=False, build=b.Build(b.SAME_RANK, b.ANY_SUIT), returns=False),
        b.Tableau((1,) * 8, face_up=None, build=b.NOTHING_BUILDS, empty=b.ANY_CARD, groups=b.SINGLE),
    )

    def piles(self, state: State) -> list[PileSpec]:
        """The three rows on top, the aces pile at the right of the first, the fourth row
        with the stock at its right."""
        specs = {spec.id: spec for spec in super().piles(state)}
        rows = [b.evolve(specs[f"f{n + 1}"], row=n // 8, slot=n % 8) for n in range(24)]
        rows += [b.evolve(specs["f25"], row=0, slot=8), PileSpec("s", "stock", 3, 8)]
        return rows + [PileSpec(f"t{n + 1}", "column", 3, n, "down") for n in range(8)]
