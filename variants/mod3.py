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

from collections.abc import Sequence
from typing import ClassVar, Final

from solitaire.core.cards import Card
from solitaire.core.i18n import N_
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal, Rule
from solitaire.core.ruleset import PileSpec, Ruleset
from solitaire.core.state import Pile, State
from solitaire.variants import blocks as b

__all__ = ["ACES", "BASE", "Mod3"]

ACES: Final = "f25"
BASE: Final = {**{f"f{n + 1}": 2 + n // 8 for n in range(24)}, ACES: 1}  # the rank each pile starts with
ONLY_ACES: Final = Rule("foundation.aces-only", N_("{card} cannot go on the aces pile: only aces go there."))
ACES_STAY: Final = Rule("foundation.aces-stay", N_("The aces stay on the aces pile."), source=True)
NO_BASE: Final = Rule("foundation.start", N_("{card} cannot go on a pile that does not start with a {rank}."))


class Mod3(b.Declared):
    """Mod 3 (KPat's Mod3)."""

    id: ClassVar[str] = "mod3"
    code_prefix: ClassVar[str] = "MO"
    family: ClassVar[str] = "mod3"
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
        b.Foundations(25, by_suit=False, base=2, build=b.Build(b.UP, b.SAME_SUIT, step=3)),
        b.Tableau((1,) * 8, face_up=None, build=b.Build(suit=b.NO_SUIT), empty=b.ANY_CARD, groups="single"),
    )

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        """One card on each pile of the three rows, then one on each place of the fourth."""
        state = super().initial_state(order[24:], rules)
        return state.with_piles({f"f{n + 1}": Pile((), (card,)) for n, card in enumerate(order[:24])})

    def _foundation_takes(self, state: State, card: Card, pile: str) -> bool:
        """A card of the pile's rank on an empty pile or on the aces pile; else one that the
        build lets go on the top card of a pile that starts with the pile's rank."""
        cards, base = state.pile(pile).up, BASE[pile]
        fits = not cards or pile == ACES or card.index in self._foundation_fitting[cards[-1].index]
        return fits and (cards[0] if cards and pile != ACES else card).rank == base

    def _foundation_refusal(self, state: State, card: Card, pile: str) -> Refusal | None:
        cards, base = state.pile(pile).up, BASE[pile]
        if (cards[0] if cards and pile != ACES else card).rank != base:
            rule = ONLY_ACES if pile == ACES else NO_BASE if cards else b.FOUNDATION_BASE
            return rule.refuse(card=card, rank=base)
        return super()._foundation_refusal(state, card, pile)

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        return ACES_STAY.refuse() if move.src == ACES else super().check(state, move, rules)

    def can_pick_up(self, state: State, pile: str, count: int, rules: Ruleset) -> Refusal | None:
        return ACES_STAY.refuse() if pile == ACES else super().can_pick_up(state, pile, count, rules)

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        """The blocks' moves but those from the aces pile and to the foundations; then every
        top card of the fourth row and of the rows to each pile that takes it."""
        ids = self._tableau_ids + self._foundation_ids[: 24 * rules.returns_allowed]
        tops, home = [(p, c) for p in ids for c in state.pile(p).up[-1:]], self._foundation_ids
        moves = [m for m in super().legal_moves(state, rules) if m.src != ACES and m.dst not in BASE]
        return moves + [Move(p, f) for p, c in tops for f in home if self._foundation_takes(state, c, f)]

    def piles(self, state: State) -> list[PileSpec]:
        """The three rows on top, the aces pile at the right of the first, the fourth row
        with the stock at its right."""
        rows = [PileSpec(f"f{n + 1}", "foundation", n // 8, n % 8, accepts="234"[n // 8]) for n in range(24)]
        rows += [PileSpec(ACES, "foundation", 0, 8, accepts="A"), PileSpec("s", "stock", 3, 8)]
        return rows + [PileSpec(f"t{n + 1}", "column", 3, n, "down") for n in range(8)]
