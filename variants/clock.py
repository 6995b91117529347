"""Clock: thirteen piles of four face-down cards, twelve for the hours and the kings' in the middle.

The deal turns up the top card of the kings' pile (``t13``).  The one move there ever
is goes home: the face-up card goes to the foundation of its rank beside the pile of
its hour (``f1`` aces .. ``f12`` queens, ``f13`` kings), and the top card of that
hour's pile turns up.  The fourth king ends the game: won if every card is home.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from solitaire.core.cards import Card
from solitaire.core.i18n import N_
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal, Rule
from solitaire.core.ruleset import PileSpec, Ruleset
from solitaire.core.state import CardsMoved, CardTurnedUp, Event, Pile, State
from solitaire.variants import blocks as b

__all__ = ["Clock"]

OWN_RANK: Final = Rule(
    "foundation.rank",
    N_("{card} cannot go on {pile}: each rank has its own foundation, and {card} goes on {own}."),
)
#: Each hour's place (row, place across) on the clock's face; 13 is the kings' pile.
FACE: Final = {11: (0, 1), 12: (0, 2), 1: (0, 3), 10: (1, 0), 2: (1, 4), 9: (2, 0), 13: (2, 2), 3: (2, 4)}
FACE.update({8: (3, 0), 4: (3, 4), 7: (4, 1), 6: (4, 2), 5: (4, 3)})
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Clock(b.Declared):
    """Clock (Travellers, Sun Dial), the classic rules."""

    id: ClassVar[str] = "clock"
    code_prefix: ClassVar[str] = "CL"
    family: ClassVar[str] = "clock"
    names: ClassVar[str] = N_("Clock")
    summary: ClassVar[str] = N_(
        "Thirteen piles of four face-down cards: the hours round a clock, the kings in the middle."
        " The face-up card goes home beside the pile of its hour, whose top card turns up."
        " Won if the fourth king comes up last."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Foundations(13, by_suit=False, returns=False),
        b.Tableau((4,) * 13, face_up=0, build=b.Build(suit=b.NO_SUIT), empty=b.NO_CARD, groups="single"),
    )

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        """The piles dealt face down, and the top card of the kings' pile turned up."""
        state = super().initial_state(order, rules)
        kings = state.pile("t13")
        return state.with_piles({"t13": Pile(kings.down[:-1], kings.down[-1:])})

    def _foundation_takes(self, state: State, card: Card, pile: str) -> bool:
        """The blocks' hook: foundation ``fN`` takes the cards of rank N."""
        return card.rank == int(pile[1:])

    def _foundation_refusal(self, state: State, card: Card, pile: str) -> Refusal | None:
        if self._foundation_takes(state, card, pile):
            return None
        return OWN_RANK.refuse(card=card, pile=self.pile_name(pile), own=f"f{card.rank}")

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        """The card goes home; the top card of its hour's pile turns up."""
        card = state.pile(move.src).up[-1]
        hour = state.pile(f"t{card.rank}")
        turned = [CardTurnedUp(f"t{card.rank}", hour.down[-1])] if hour.down else []
        return [CardsMoved(move.src, f"f{card.rank}", (card,)), *turned]

    def interchangeable(self) -> tuple[tuple[str, ...], ...]:
        """Each pile is an hour: none may stand for another."""
        return ()

    def piles(self, state: State) -> list[PileSpec]:
        """A clock face: each hour's pile, and its foundation on its right."""
        specs = [PileSpec(f"t{hour}", "column", row, 2 * place) for hour, (row, place) in FACE.items()]
        homes = [
            PileSpec(f"f{hour}", "foundation", row, 2 * place + 1, accepts=RANKS[hour - 1])
            for hour, (row, place) in FACE.items()
        ]
        return specs + homes
