"""Klondike: seven columns of 1..7 cards, only the last of each face up; 24 in the stock.

A card goes on a face-up card of the opposite colour one rank higher, with every
card on it; only a king (with its group) fills an empty column; foundations build
up by suit from the ace, one card at a time.  See ``docs/rules.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from solitaire.core import refusals as r
from solitaire.core.cards import CARDS, Card, Suit
from solitaire.core.deals import KLONDIKE_COLUMNS, deal_layout
from solitaire.core.i18n import N_, Message
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import Refusal
from solitaire.core.ruleset import PileSpec, Ruleset, Variant
from solitaire.core.state import CardsMoved, CardTurnedUp, Column, Event, State, StockDrawn, WasteRecycled

__all__ = ["Klondike", "fits_on", "ordered_suffix"]

_PILE_NAMES = {"s": N_("The stock"), "w": N_("The waste")}


def pile_name(pile: str) -> Message:
    """A pile's name for messages, translated when shown."""
    if pile in _PILE_NAMES:
        return Message(_PILE_NAMES[pile])
    number = pile[1:]
    if pile[0] == "t":
        return Message("Column {number}", number=number)
    if number.isdigit() and 1 <= int(number) <= 4:
        return Message("Foundation {suit}", suit=Suit(int(number) - 1).symbol)
    return Message("Foundation {number}", number=number)


def fits_on(card: Card, target: Card) -> bool:
    """True when ``card`` may go on ``target`` in a column."""
    return card.rank + 1 == target.rank and card.is_red is not target.is_red


def ordered_suffix(up: Sequence[Card]) -> int:
    """How many cards at the end of ``up`` form an ordered group (0 when empty)."""
    count = len(up)
    if not count:
        return 0
    size = 1
    while size < count and fits_on(up[-size], up[-size - 1]):
        size += 1
    return size


# Kings, and for each card the two cards that fit on it, by card index.
_KINGS = tuple(card for card in CARDS if card.rank == 13)
_FITTING: tuple[tuple[Card, ...], ...] = tuple(
    tuple(other for other in CARDS if fits_on(other, card)) for card in CARDS
)


class Klondike(Variant):
    """Classic Klondike, as played by the app "Solitaire Klondike"; with its class
    attributes changed, the rules of other games that build down in alternating
    colours (Réfléchi, Yukon: see "What Yukon changed in the core" in ``docs/modding.md``)."""

    id: ClassVar[str] = "klondike"
    code_prefix: ClassVar[str] = "KL"
    names: ClassVar[Mapping[str, str] | str] = N_("Klondike")
    summary: ClassVar[Mapping[str, str] | str] = N_(
        "Seven columns, only the last card of each face up. Build down in alternating colours; only a "
        "king fills an empty column; build the foundations up by suit from the ace."
    )
    columns: ClassVar[int] = 7
    solver_family: ClassVar[str | None] = "klondike"
    #: Whether a group taken from a column must already be in order.
    groups_must_be_ordered: ClassVar[bool] = True
    #: How many cards each column is dealt (row by row, see ``deal_layout``); the rest is the stock.
    column_sizes: ClassVar[tuple[int, ...]] = KLONDIKE_COLUMNS
    #: How many cards at the end of each dealt column lie face up.
    dealt_face_up: ClassVar[int] = 1

    # -- the deal ------------------------------------------------------------------------------

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        columns, stock = deal_layout(tuple(order), self.column_sizes)
        tableau = tuple(self.deal_column(cards) for cards in columns)
        return State(stock=stock, waste=(), foundations=((),) * 4, tableau=tableau)

    def deal_column(self, cards: tuple[Card, ...]) -> Column:
        """A dealt column: its last ``dealt_face_up`` cards face up (in Klondike, one)."""
        split = max(0, len(cards) - self.dealt_face_up)
        return Column(cards[:split], cards[split:])

    def piles(self, state: State) -> list[PileSpec]:
        """The stock and waste (when there are) and the foundations on the top row, at
        the right end; the columns below."""
        top = [PileSpec("s", "stock", 0, 0), PileSpec("w", "waste", 0, 1, "right")] if self.has_stock else []
        first = max(0, len(state.tableau) - len(state.foundations))
        top += [PileSpec(f"f{i + 1}", "foundation", 0, first + i) for i in range(len(state.foundations))]
        columns = [PileSpec(f"t{i + 1}", "column", 1, i, "down") for i in range(len(state.tableau))]
        return top + columns

    # -- validation ----------------------------------------------------------------------------

    def movable(self, up: Sequence[Card]) -> int:
        """How many of a column's top face-up cards may move together."""
        return ordered_suffix(up) if self.groups_must_be_ordered else len(up)

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        if move.is_draw:
            return self._check_draw(state, rules)
        src, dst = move.src, move.dst
        assert dst is not None
        for pile in (src, dst):
            if not self._exists(state, pile):
                return r.NO_SUCH_PILE.refuse(pile=pile)
        if src == "s":
            return r.STOCK_NOT_A_SOURCE.refuse()
        if dst in ("s", "w"):
            return r.NOT_A_DESTINATION.refuse(pile=pile_name(dst))
        if src == dst:
            return r.SAME_PILE.refuse()
        if src == "w" and not state.waste:
            return r.WASTE_EMPTY.refuse()
        if src[0] == "t" and not state.tableau[int(src[1:]) - 1]:
            return r.SOURCE_EMPTY.refuse(pile=pile_name(src))
        if src[0] == "f":
            if not state.foundations[int(src[1:]) - 1]:
                return r.SOURCE_EMPTY.refuse(pile=pile_name(src))
            if not rules.returns_allowed:
                return r.RETURNS_FORBIDDEN.refuse()
        if dst[0] == "f":
            return self._check_to_foundation(state, move)
        return self._check_to_column(state, move)

    def _exists(self, state: State, pile: str) -> bool:
        if pile in ("s", "w"):
            return self.has_stock
        if pile == "f":
            return True
        number = int(pile[1:])
        size = len(state.tableau) if pile[0] == "t" else len(state.foundations)
        return 1 <= number <= size

    def _check_draw(self, state: State, rules: Ruleset) -> Move | Refusal:
        if not self.has_stock:
            return r.NO_SUCH_PILE.refuse(pile="s")
        if state.stock:
            return DRAW
        if not state.waste:
            return r.NOTHING_TO_DRAW.refuse()
        if not rules.redeal.may_recycle(state):
            return r.NO_PASSES_LEFT.refuse(passes=rules.redeal.passes)
        return DRAW

    def _top(self, state: State, pile: str) -> Card:
        if pile == "w":
            return state.waste[-1]
        if pile[0] == "f":
            return state.foundations[int(pile[1:]) - 1][-1]
        return state.tableau[int(pile[1:]) - 1].up[-1]

    def _check_to_foundation(self, state: State, move: Move) -> Move | Refusal:
        if move.count is not None and move.count > 1:
            return r.FOUNDATION_ONE_CARD.refuse()
        card = self._top(state, move.src)
        own = f"f{card.suit + 1}"
        if move.dst not in ("f", own):
            return r.FOUNDATION_SUIT.refuse(
                card=card, pile=self._suit_of(move), own=f"{own} ({card.suit.symbol})"
            )
        if move.src == own:
            return r.SAME_PILE.refuse()
        return self._foundation_refusal(state, card) or Move(move.src, "f")

    @staticmethod
    def _suit_of(move: Move) -> str:
        number = int((move.dst or "f0")[1:])
        return Suit(number - 1).symbol if 1 <= number <= 4 else "?"

    @staticmethod
    def _foundation_refusal(state: State, card: Card) -> Refusal | None:
        size = len(state.foundations[card.suit])
        if card.rank == size + 1:
            return None
        if size == 0:
            return r.FOUNDATION_EMPTY_NEEDS_ACE.refuse(card=card)
        return r.FOUNDATION_RANK.refuse(card=card, needed=Card(size + 1, card.suit))

    def _check_to_column(self, state: State, move: Move) -> Move | Refusal:
        target = state.tableau[int((move.dst or "t0")[1:]) - 1].top
        if move.src[0] != "t":
            return self._fit_refusal(self._top(state, move.src), target) or Move(move.src, move.dst)
        column = state.tableau[int(move.src[1:]) - 1]
        if move.count is None:
            return self._find_group(column, move, target)
        count = move.count
        if count < 1:
            raise ValueError(f"{move!r}: a count of cards is 1 or more")
        if count > len(column):
            return r.TOO_MANY.refuse(pile=pile_name(move.src), count=count)
        if count > len(column.up):
            return r.FACE_DOWN.refuse()
        head = column.up[-count]
        if count > self.movable(column.up):
            return r.GROUP_ORDER.refuse(card=head)
        return self._fit_refusal(head, target) or Move(move.src, move.dst, count if count > 1 else None)

    @staticmethod
    def _fit_refusal(card: Card, target: Card | None) -> Refusal | None:
        if target is None:
            return None if card.rank == 13 else r.EMPTY_NEEDS_KING.refuse(card=card)
        if card.rank + 1 != target.rank:
            return r.WRONG_RANK.refuse(card=card, target=target)
        if card.is_red is target.is_red:
            return r.WRONG_COLOUR.refuse(card=card, target=target)
        return None

    def _find_group(self, column: Column, move: Move, target: Card | None) -> Move | Refusal:
        """Resolve ``tN>DST`` without a count: the one movable group that fits."""
        up = column.up
        movable = self.movable(up)
        for size in range(1, movable + 1):
            if self._fit_refusal(up[-size], target) is None:
                return Move(move.src, move.dst, size if size > 1 else None)
        # Nothing fits.  Explain with a visible card of the wanted rank: first one
        # that would fit but is held by the cards on it, then one of the wrong
        # colour.  Face-down cards are never looked at: that would give them away.
        wanted = 13 if target is None else target.rank - 1
        candidates = [(len(up) - i, card) for i, card in enumerate(up) if card.rank == wanted]
        for depth, card in candidates:
            if self._fit_refusal(card, target) is None and depth > movable:
                return r.GROUP_ORDER.refuse(card=card)
        for _, card in candidates:
            refusal = self._fit_refusal(card, target)
            if refusal is not None:
                return refusal
        card = up[-movable] if target is None else up[-1]
        return self._fit_refusal(card, target) or r.GROUP_ORDER.refuse(card=card)

    # -- what a legal move does ----------------------------------------------------------------

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        if move.is_draw:
            if state.stock:
                count = min(rules.draw, len(state.stock))
                return [StockDrawn(state.stock[: -count - 1 : -1])]
            return [WasteRecycled(len(state.waste))]
        src, dst = move.src, move.dst or ""
        count = move.count or 1
        if src == "w":
            cards: tuple[Card, ...] = state.waste[-1:]
        elif src[0] == "f":
            cards = state.foundations[int(src[1:]) - 1][-1:]
        else:
            cards = state.tableau[int(src[1:]) - 1].up[-count:]
        if dst == "f":
            dst = f"f{cards[0].suit + 1}"
        events: list[Event] = [CardsMoved(src, dst, cards)]
        if src[0] == "t":
            column = state.tableau[int(src[1:]) - 1]
            if count == len(column.up) and column.down:
                events.append(CardTurnedUp(src, column.down[-1]))
        return events

    # -- move generation -----------------------------------------------------------------------

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        moves: list[Move] = []
        foundations = state.foundations
        tableau = state.tableau
        waste_top = state.waste[-1] if state.waste else None
        # To the foundations: the waste top and the column tops.
        if waste_top is not None and waste_top.rank == len(foundations[waste_top.suit]) + 1:
            moves.append(Move("w", "f"))
        for number, column in enumerate(tableau, 1):
            if column.up:
                card = column.up[-1]
                if card.rank == len(foundations[card.suit]) + 1:
                    moves.append(Move(f"t{number}", "f"))
        # To the columns: index every card that can move by the pile it leaves.
        sources: list[tuple[str, int] | None] = [None] * 52
        if waste_top is not None:
            sources[waste_top.index] = ("w", 1)
        if rules.returns_allowed:
            for number, foundation in enumerate(foundations, 1):
                if foundation:
                    sources[foundation[-1].index] = (f"f{number}", 1)
        for number, column in enumerate(tableau, 1):
            up = column.up
            for size in range(1, self.movable(up) + 1):
                sources[up[-size].index] = (f"t{number}", size)
        for number, column in enumerate(tableau, 1):
            dst = f"t{number}"
            wanted = _KINGS if not column.up else _FITTING[column.up[-1].index]
            for card in wanted:
                source = sources[card.index]
                if source is None or source[0] == dst:
                    continue
                src, size = source
                moves.append(Move(src, dst, size if size > 1 else None))
        if state.stock or (state.waste and rules.redeal.may_recycle(state)):
            moves.append(DRAW)
        return moves
