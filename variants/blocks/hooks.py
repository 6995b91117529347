"""Rules and effects of a game's own, beyond what the blocks' parameters say.

A block's parameters say most of what its piles allow.  What they cannot say, a
variant adds as small objects of its own, through one protocol each:

* a :class:`MoveRule` on a block (``Foundations(..., rules=(MyRule(),))``) is asked
  about every move onto one of the block's piles (on the :class:`Stock`: about every
  tap), after the block's own tests have let it through; it either allows the move
  or refuses it with its :class:`~solitaire.core.refusals.Rule`, whose id and message
  the player then reads;
* an :class:`Effect` (``Declared.effects``) adds events after every move: a card that
  turns up somewhere else, a counter that goes up.

Both see the move as an :class:`Attempt`: the position, the move in canonical form,
the cards that move and the variant.

>>> from solitaire.core.i18n import N_
>>> from solitaire.core.refusals import Rule
>>> class NoEights(MoveRule):
...     rule = Rule("example.no-eights", N_("{card} cannot go on {pile}: no eight goes there."))
...     def allows(self, attempt):
...         return attempt.card is None or attempt.card.rank != 8
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from solitaire.core.cards import Card
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal, Rule
from solitaire.core.state import Event, State

if TYPE_CHECKING:
    from solitaire.core.i18n import Message
    from solitaire.core.ruleset import Ruleset
    from solitaire.variants.blocks.declared import Declared

__all__ = ["Attempt", "Effect", "MoveRule"]


@attrs.frozen
class Attempt:
    """A move as a rule or an effect sees it: the position ``state`` before it, the
    ``move`` in canonical form (its destination a pile of the table; a tap of the
    stock is ``DRAW``), the ``cards`` that move, bottom first (none for a tap), the
    ``variant`` and the game's ``rules``."""

    variant: Declared
    state: State
    rules: Ruleset
    move: Move
    cards: tuple[Card, ...] = ()

    @property
    def card(self) -> Card | None:
        """The card that moves (the bottom one of a group), or None for a tap."""
        return self.cards[0] if self.cards else None

    @property
    def src(self) -> str:
        """The pile the cards come from (``s`` for a tap)."""
        return self.move.src

    @property
    def dst(self) -> str:
        """The pile the cards go to ("" for a tap)."""
        return self.move.dst or ""

    @property
    def target(self) -> Card | None:
        """The face-up card the move lands on, or None (an empty pile, a tap)."""
        dst = self.move.dst
        return self.state.pile(dst).top if dst and dst in self.state.table.index else None

    def pile_name(self, pile: str) -> Message:
        """A pile's name for a message (translated when shown)."""
        return self.variant.pile_name(pile)


class MoveRule(ABC):
    """A rule of a block's piles that its parameters do not say (see the module's
    docstring): :meth:`allows` answers for a move the block's own tests let through;
    a move it does not allow is refused with :attr:`rule`.  Rules only ever forbid:
    what the block refuses stays refused.  The generator of legal moves asks them too,
    so a rule must answer from the position alone (the same answer every time)."""

    #: The rule a refused move names: its id, and its message with ``{card}``,
    #: ``{pile}`` and ``{target}`` (or the names :meth:`values` gives).
    rule: ClassVar[Rule]

    @abstractmethod
    def allows(self, attempt: Attempt) -> bool:
        """Whether the move may be made."""

    def values(self, attempt: Attempt) -> Mapping[str, Any]:
        """The values of the refusal's message: ``card``, ``target`` and ``pile`` (the
        destination's name) by default."""
        dst = attempt.dst
        return {
            "card": attempt.card,
            "target": attempt.target,
            "pile": attempt.pile_name(dst) if dst else attempt.pile_name(attempt.src),
        }

    def refusal(self, attempt: Attempt) -> Refusal | None:
        """None when the move is allowed, else its refusal."""
        return None if self.allows(attempt) else self.rule.refuse(**self.values(attempt))


class Effect(ABC):
    """Something that happens after a move besides what the blocks do (see the
    module's docstring)."""

    @abstractmethod
    def after(self, attempt: Attempt, events: Sequence[Event], after: State) -> list[Event]:
        """The events to add after ``events`` (what the move did so far), given the
        position ``after`` them; ``[]`` for none."""
