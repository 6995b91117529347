"""Clock: thirteen piles of four face-down cards, twelve for the hours and the kings' in the middle.

The deal turns up the top card of the kings' pile (``t13``).  The one move there ever
is goes home: the face-up card goes to the foundation of its rank beside the pile of
its hour (``f1`` aces .. ``f12`` queens, ``f13`` kings), and the top card of that
hour's pile turns up.  The fourth king ends the game: won if every card is home.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from solitaire.core.i18n import N_
from solitaire.core.ruleset import PileSpec
from solitaire.core.state import CardTurnedUp, Event, State
from solitaire.variants import blocks as b

__all__ = ["Clock", "HourTurnsUp"]

#: Each hour's place (row, place across) on the clock's face; 13 is the kings' pile.
FACE: Final = {11: (0, 1), 12: (0, 2), 1: (0, 3), 10: (1, 0), 2: (1, 4), 9: (2, 0), 13: (2, 2), 3: (2, 4)}
FACE.update({8: (3, 0), 4: (3, 4), 7: (4, 1), 6: (4, 2), 5: (4, 3)})


class HourTurnsUp(b.Effect):
    """A card gone home turns up the top card of the pile of its hour."""

    def after(self, attempt: b.Attempt, events: Sequence[Event], after: State) -> list[Event]:
        card = attempt.card
        if card is None:
            return []
        hour = attempt.state.pile(f"t{card.rank}")
        return [CardTurnedUp(f"t{card.rank}", hour.down[-1])] if hour.down else []


class Clock(b.Declared):
    """Clock (Travellers, Sun Dial), the classic rules."""

    id: ClassVar[str] = "clock"
    code_prefix: ClassVar[str] = "CL"
    family: ClassVar[str] = "clock"
    family_names: ClassVar[str] = N_("Clock")
    names: ClassVar[str] = N_("Clock")
    summary: ClassVar[str] = N_(
        "Thirteen piles of four face-down cards: the hours round a clock, the kings in the middle."
        " The face-up card goes home beside the pile of its hour, whose top card turns up."
        " Won if the fourth king comes up last."
    )
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Foundations(13, by_suit=False, by_rank=True, build=b.Build(b.SAME_RANK, b.ANY_SUIT), returns=False),
        b.Tableau(
            (4,) * 13,
            face_up=(0,) * 12 + (1,),
            build=b.NOTHING_BUILDS,
            empty=b.NO_CARD,
            groups=b.SINGLE,
            turns_up=False,
        ),
    )
    effects: ClassVar[tuple[b.Effect, ...]] = (HourTurnsUp(),)

    def piles(self, state: State) -> list[PileSpec]:
        """A clock face: each hour's pile, and its foundation on its right."""
        specs = {spec.id: spec for spec in super().piles(state)}
        face = FACE.items()
        hours = [b.evolve(specs[f"t{h}"], row=row, slot=2 * place, fan="none") for h, (row, place) in face]
        return hours + [b.evolve(specs[f"f{h}"], row=row, slot=2 * place + 1) for h, (row, place) in face]
