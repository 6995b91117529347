"""Piles that overlap by position: cards laid out in a picture, each lying partly on
others, as in Pyramid and TriPeaks; and games whose cards go off in pairs.

An :class:`Overlapping` variant is a :class:`~solitaire.variants.blocks.Declared`
one whose piles lie at places of their own, in slots across and card heights down
(:class:`~solitaire.core.ruleset.PileSpec` ``at``): ``spots`` for the tableau piles
``t1`` ..., ``places`` for the others.  A tableau pile lies on another when it is
lower on the table by less than a card's height and less than a slot to either side;
a card with a card lying on it is covered and does not play (rule ``move.covered``),
and with ``covered_face_down`` a covered card is dealt face down and turns up once
nothing lies on it any more.  The front ends read the places and the covering from
:meth:`~Overlapping.piles`: neither needs code for such a game.

:class:`Pairing` adds the moves of a game whose cards go off to the foundation in
pairs that add up to ``total`` (Pyramid: 13, a king alone): ``SRC>DST`` names the two
cards, the pile that comes first in the table (``s``, ``w``, ``t1`` ...) written
first; ``SRC>f1`` sends off a card worth ``total`` by itself.  With
``stock_face_up`` the stock's next card lies face up and plays as well.

>>> [spot for spot in pyramid(3)]
[(1.0, 0.0), (0.5, 0.5), (1.5, 0.5), (0.0, 1.0), (1.0, 1.0), (2.0, 1.0)]
>>> covering(pyramid(3))[0], covering(pyramid(3))[4]
((2, 3), ())
>>> len(peaks()), peaks()[:3]
(28, ((1.5, 0.0), (4.5, 0.0), (7.5, 0.0)))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

import attrs

from solitaire.core.cards import Card
from solitaire.core.i18n import N_, Message
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import (
    COVERED,
    FACE_DOWN,
    NO_SUCH_PILE,
    SAME_PILE,
    SOURCE_EMPTY,
    STOCK_NOT_A_SOURCE,
    Refusal,
    Rule,
)
from solitaire.core.ruleset import PileSpec, Ruleset
from solitaire.core.state import (
    FOUNDATION,
    STOCK,
    TABLEAU,
    WASTE,
    CardsMoved,
    CardTurnedUp,
    Event,
    Pile,
    State,
    apply_all,
)
from solitaire.variants import blocks as b

__all__ = ["Overlapping", "Pairing", "Spot", "covering", "peaks", "pyramid"]

#: Where a pile lies: slots from the table's left edge, card heights from its top.
Spot = tuple[float, float]


def pyramid(rows: int = 7, left: float = 0.0) -> tuple[Spot, ...]:
    """The spots of a pyramid of ``rows`` rows, one card on top, each row one card
    longer and half a card lower, each card lying on the two above it; ``left``: the
    slot where the bottom row starts.  Numbered row by row from the top."""
    return tuple((left + (rows - 1 - row) / 2 + n, row / 2) for row in range(rows) for n in range(row + 1))


def peaks(count: int = 3, height: int = 4, left: float = 0.0) -> tuple[Spot, ...]:
    """The spots of ``count`` peaks ``height`` rows high that share their bottom row
    (TriPeaks: 3 peaks of 4 rows, 28 cards, the bottom row of 10), numbered row by row
    from the top, each row from the left."""
    spots: list[Spot] = []
    width = height - 1
    for row in range(height - 1):
        for peak in range(count):
            spots += [(left + peak * width + (width - row) / 2 + n, row / 2) for n in range(row + 1)]
    spots += [(left + n, width / 2) for n in range(count * width + 1)]
    return tuple(spots)


def lies_on(upper: Spot, lower: Spot) -> bool:
    """Whether a card at ``upper`` lies partly on one at ``lower``: lower on the table
    by less than a card's height, less than a slot to either side."""
    return 0 < upper[1] - lower[1] < 1 and abs(upper[0] - lower[0]) < 1


def covering(spots: Sequence[Spot]) -> tuple[tuple[int, ...], ...]:
    """For each spot, the numbers (from 1) of the spots that lie on it."""
    return tuple(tuple(n for n, upper in enumerate(spots, 1) if lies_on(upper, lower)) for lower in spots)


class Overlapping(b.Declared):
    """A declared variant whose piles lie at places of their own, the tableau's
    covering one another (see the module's docstring)."""

    #: Where the tableau piles ``t1`` ... lie, in slots across and card heights down.
    spots: ClassVar[tuple[Spot, ...]]
    #: Where the other piles (``s``, ``w``, ``f1`` ...) lie.
    places: ClassVar[Mapping[str, Spot]]
    #: Whether covered cards are dealt face down, each turning up once uncovered.
    covered_face_down: ClassVar[bool] = False
    #: Whether the game is won once the tableau is empty, whatever the stock still holds
    #: (TriPeaks, as Golf); else when every card is on the foundations.
    won_with_stock: ClassVar[bool] = False

    # Worked out at their first use, not when the game is registered (at every start-up).

    @functools.cached_property
    def _covered_by(self) -> dict[str, tuple[str, ...]]:
        """The piles that lie on each tableau pile."""
        ids = self.table.ids_of(TABLEAU)
        return {
            pile: tuple(ids[n - 1] for n in over)
            for pile, over in zip(ids, covering(self.spots[: len(ids)]), strict=False)
        }

    @functools.cached_property
    def _lies_on(self) -> dict[str, tuple[str, ...]]:
        """The piles each tableau pile lies on."""
        lying: dict[str, list[str]] = {}
        for pile, over in self._covered_by.items():
            for upper in over:
                lying.setdefault(upper, []).append(pile)
        return {pile: tuple(found) for pile, found in lying.items()}

    def table_problems(self) -> list[str]:
        problems = super().table_problems()
        count = len(self.table.ids_of(TABLEAU))
        if len(self.spots) != count:
            problems.append(f"{len(self.spots)} spots for {count} tableau piles")
        missing = [pile for pile in self.table.ids if pile[0] != "t" and pile not in self.places]
        if missing:
            problems.append(f"no place for {', '.join(missing)}")
        return problems

    def covered(self, state: State, pile: str) -> bool:
        over = self._covered_by.get(pile)
        if not over:
            return False
        index, piles = state.table.index, state.piles
        return any(piles[index[upper]] for upper in over)

    def _covered_refusal(self, state: State, pile: str) -> Refusal | None:
        """Why the cards of a covered tableau pile do not play (never naming a face-down
        card), or None when nothing covers it."""
        cards = state.piles[state.table.index[pile]]
        if not cards or not self.covered(state, pile):
            return None
        return COVERED.refuse(card=cards.up[-1]) if cards.up else FACE_DOWN.refuse()

    # -- the table ----------------------------------------------------------------------------

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        state = super().initial_state(order, rules)
        if not self.covered_face_down:
            return state
        changes = {
            pile: Pile(state.pile(pile).cards, ())
            for pile in self.table.ids_of(TABLEAU)
            if self.covered(state, pile)
        }
        return state.with_piles(changes)

    def is_won(self, state: State) -> bool:
        if self.won_with_stock:
            return not any(state.tableau)
        return super().is_won(state)

    def pile_name(self, pile: str) -> Message:
        if pile in self._covered_by:
            return Message(N_("Pile {number}"), number=pile[1:])
        return super().pile_name(pile)

    def piles(self, state: State) -> list[PileSpec]:
        """Every pile at its place in row 0; the tableau's say which piles lie on them."""
        kinds = {STOCK: "stock", WASTE: "waste", FOUNDATION: "foundation", TABLEAU: "column"}
        specs = []
        for pile, kind in self.table.pairs:
            at = self.places[pile] if kind != TABLEAU else self.spots[int(pile[1:]) - 1]
            mark = self.foundation_mark(pile) if kind == FOUNDATION else ""
            specs.append(
                PileSpec(
                    pile,
                    kinds.get(kind, kind),
                    0,
                    int(at[0]),
                    accepts=mark,
                    at=at,
                    covered_by=self._covered_by.get(pile, ()),
                )
            )
        return specs

    # -- the moves ----------------------------------------------------------------------------

    def can_pick_up(self, state: State, pile: str, count: int, rules: Ruleset) -> Refusal | None:
        if pile in self._covered_by:
            refusal = self._covered_refusal(state, pile)
            if refusal is not None:
                return refusal
        return super().can_pick_up(state, pile, count, rules)

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        if not move.is_draw and move.src in self._covered_by:
            refusal = self._covered_refusal(state, move.src)
            if refusal is not None:
                return refusal
        return super().check(state, move, rules)

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        return [
            move
            for move in super().legal_moves(state, rules)
            if move.is_draw or not self.covered(state, move.src)
        ]

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        return self.uncovered(state, super().events(state, move, rules))

    def uncovered(self, state: State, events: list[Event]) -> list[Event]:
        """``events`` and, with ``covered_face_down``, the face-down cards they leave
        with nothing lying on them, turned up."""
        if not self.covered_face_down:
            return events
        after = apply_all(state, events)
        turned: list[Event] = []
        for event in events:
            if not isinstance(event, CardsMoved):
                continue
            for pile in self._lies_on.get(event.src, ()):
                cards = after.pile(pile)
                if cards.down and not cards.up and not self.covered(after, pile):
                    turned.append(CardTurnedUp(pile, cards.down[-1]))
        return events + turned


PAIR_TOTAL: Final = Rule(
    "pairs.total",
    N_("{card} and {other} make {sum}: two cards go off together only when they make {total}."),
)
ALONE_TOTAL: Final = Rule(
    "pairs.alone",
    N_("{card} cannot go off alone: only a card worth {total} does; pair it with a card that makes {total}."),
)
PARTNER_EMPTY: Final = Rule(
    "pairs.partner-empty",
    N_("{pile} is empty: there is no card there to pair with."),
)
PARTNER_COVERED: Final = Rule(
    "pairs.partner-covered",
    N_("{other} is covered: it pairs only once no other card lies on it."),
)
PARTNER_FACE_DOWN: Final = Rule(
    "pairs.partner-face-down",
    N_("The stock's next card is face down: tap the stock to turn it."),
)
RETURNS_FORBIDDEN: Final = b.RETURNS_FORBIDDEN


class Pairing(Overlapping):
    """A covering layout whose cards go off to the foundation in pairs that add up to
    ``total``, or alone when worth it (see the module's docstring)."""

    #: What two cards that go off together add up to (A 1 ... J 11, Q 12, K 13).
    total: ClassVar[int] = 13

    @property
    def stock_face_up(self) -> bool:
        """Whether the stock's next card lies face up and plays (PySolFC's Pyramid):
        ``Stock(face_up=True)``."""
        return self.stock_block is not None and self.stock_block.face_up

    def piles(self, state: State) -> list[PileSpec]:
        """The piles, cards dropped on the stock's card and the waste's pairing with them."""
        return [
            attrs.evolve(spec, drop_target=True) if spec.kind in ("stock", "waste") else spec
            for spec in super().piles(state)
        ]

    def _order(self, pile: str) -> int:
        return self.table.index[pile]

    def playable(self, state: State) -> list[tuple[str, Card]]:
        """The cards that play now, by pile, in table order: the stock's face-up card,
        the waste's top and every uncovered tableau card."""
        found = []
        index, piles = state.table.index, state.piles
        for pile, kind in self.table.pairs:
            if kind == FOUNDATION:
                continue
            cards = piles[index[pile]].up
            if cards and not (kind == TABLEAU and self.covered(state, pile)):
                found.append((pile, cards[-1]))
        return found

    def move_words(self, state: State, move: Move) -> Message | None:
        """A pair in words ("Take 5♣ and 8♦ off together"); a card going off alone keeps the
        general wording."""
        if move.is_draw or move.dst not in self.table.index or self.table.kind(move.dst) == FOUNDATION:
            return None
        first, second = state.pile(move.src).up, state.pile(move.dst or "").up
        if not first or not second:
            return None
        return Message(
            N_("Take {card} and {other} off together"), card=first[-1].display, other=second[-1].display
        )

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        foundation = self.table.ids_of(FOUNDATION)[0]
        cards = self.playable(state)
        moves = [Move(pile, foundation) for pile, card in cards if card.rank == self.total]
        for n, (first, card) in enumerate(cards):
            moves += [
                Move(first, second)
                for second, other in cards[n + 1 :]
                if card.rank + other.rank == self.total
            ]
        if isinstance(super().check(state, DRAW, rules), Move):
            moves.append(DRAW)
        return moves

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        if move.is_draw:
            return super().check(state, move, rules)
        src, dst = move.src, move.dst or ""
        kinds = dict(self.table.pairs)
        for pile in (src, dst):
            if pile not in kinds and pile != "f":
                return NO_SUCH_PILE.refuse(pile=pile)
        if src == dst:
            return SAME_PILE.refuse()
        if kinds[src] == FOUNDATION:
            return RETURNS_FORBIDDEN.refuse()
        cards = state.pile(src)
        if move.count is not None and move.count > len(cards):
            return b.TOO_MANY.refuse(pile=self.pile_name(src), count=move.count)
        card = self._card(state, src, partner=False)
        if isinstance(card, Refusal):
            return card
        if dst == "f" or kinds[dst] == FOUNDATION:
            if card.rank != self.total:
                return ALONE_TOTAL.refuse(card=card, total=self.total)
            return Move(src, self.table.ids_of(FOUNDATION)[0])
        other = self._card(state, dst, partner=True)
        if isinstance(other, Refusal):
            return other
        if card.rank + other.rank != self.total:
            return PAIR_TOTAL.refuse(card=card, other=other, sum=card.rank + other.rank, total=self.total)
        first, second = sorted((src, dst), key=self._order)
        return Move(first, second)

    def _card(self, state: State, pile: str, *, partner: bool) -> Card | Refusal:
        """The card of ``pile`` that plays, or why there is none."""
        cards = state.pile(pile)
        kind = self.table.kind(pile)
        if not cards:
            if kind == WASTE and not partner:
                return b.WASTE_EMPTY.refuse()
            rule = PARTNER_EMPTY if partner else SOURCE_EMPTY
            return rule.refuse(pile=self.pile_name(pile))
        if not cards.up:
            if kind == STOCK:
                return PARTNER_FACE_DOWN.refuse() if partner else STOCK_NOT_A_SOURCE.refuse()
            return FACE_DOWN.refuse()
        if kind == TABLEAU and self.covered(state, pile):
            if partner:
                return PARTNER_COVERED.refuse(other=cards.up[-1])
            return COVERED.refuse(card=cards.up[-1])
        return cards.up[-1]

    def can_pick_up(self, state: State, pile: str, count: int, rules: Ruleset) -> Refusal | None:
        if pile in self.table.index and self.table.kind(pile) == STOCK and self.stock_face_up:
            card = self._card(state, pile, partner=False)
            if isinstance(card, Refusal):
                return card
            return b.TOP_CARD_ONLY.refuse(pile=self.pile_name(pile)) if count != 1 else None
        return super().can_pick_up(state, pile, count, rules)

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        if move.is_draw:
            return super().events(state, move, rules)
        stock = state.pile("s")
        foundation = self.table.ids_of(FOUNDATION)[0]
        events: list[Event] = [
            CardsMoved(pile, foundation, state.pile(pile).up[-1:]) for pile in (move.src, move.dst or "")
        ]
        if move.dst == foundation:
            events = events[:1]
        if self.stock_face_up and "s" in (move.src, move.dst) and stock.down:
            events.append(CardTurnedUp("s", stock.down[-1]))
        return self.uncovered(state, events)
