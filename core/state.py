"""The immutable state of a game and the events that change it.

A state holds everything the rules, the scoring scheme and the redeal policy need
to remember (passes, score, move counter), so undo is "restore the previous state".
Events are small frozen records with a stable string ``tag``; :func:`apply` folds
one event into a state and trusts its input (moves are validated before).

Lists run bottom first, as in the JSON form: the last card of ``stock`` is the
next one drawn, the last of ``waste`` the playable one, the last of a column's
``up`` the card a move lands on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar, Final, TypeAlias

import attrs

from solitaire.core.cards import Card

__all__ = [
    "CardTurnedUp",
    "CardsMoved",
    "Column",
    "Event",
    "GameWon",
    "ScoreChanged",
    "State",
    "StockDrawn",
    "WasteRecycled",
    "apply",
    "apply_all",
    "pile_cards",
]

Cards: TypeAlias = tuple[Card, ...]


@attrs.frozen
class Column:
    """A tableau column: face-down cards under face-up ones."""

    down: Cards = ()
    up: Cards = ()

    def __len__(self) -> int:
        return len(self.down) + len(self.up)

    @property
    def top(self) -> Card | None:
        """The card a move lands on (None when the column is empty)."""
        return self.up[-1] if self.up else None


@attrs.frozen
class State:
    """A position plus the counters that go with it.

    ``credited`` is a bit mask (bit ``card.index``) of the cards that have earned
    their foundation points in this game, so a card played to a foundation again
    after a return earns nothing.
    """

    stock: Cards
    waste: Cards
    foundations: tuple[Cards, ...]
    tableau: tuple[Column, ...]
    score: int = 0
    moves: int = 0
    pass_number: int = 1
    credited: int = 0

    def cards(self) -> list[Card]:
        """Every card in the state, pile by pile."""
        found: list[Card] = [*self.stock, *self.waste]
        for foundation in self.foundations:
            found.extend(foundation)
        for column in self.tableau:
            found.extend(column.down)
            found.extend(column.up)
        return found

    @property
    def face_down_count(self) -> int:
        """How many tableau cards are face down."""
        return sum(len(column.down) for column in self.tableau)

    @property
    def foundation_count(self) -> int:
        """How many cards are on the foundations."""
        return sum(len(foundation) for foundation in self.foundations)


def pile_cards(state: State, pile: str) -> Cards:
    """The face-up cards of a pile by its id (all cards for stock/waste/foundations).

    Raises ``KeyError`` for a pile the state does not have.
    """
    kind, number = pile[0], pile[1:]
    if kind == "s" and not number:
        return state.stock
    if kind == "w" and not number:
        return state.waste
    if number.isdigit() and number[0] != "0":
        index = int(number) - 1
        if kind == "t" and index < len(state.tableau):
            return state.tableau[index].up
        if kind == "f" and index < len(state.foundations):
            return state.foundations[index]
    raise KeyError(pile)


# -- events --------------------------------------------------------------------------------------


@attrs.frozen
class CardsMoved:
    """Face-up cards moved from one pile to another, bottom card first."""

    tag: ClassVar[str] = "moved"
    src: str
    dst: str
    cards: Cards


@attrs.frozen
class CardTurnedUp:
    """The face-down card left on top of a column turned face up."""

    tag: ClassVar[str] = "turned"
    pile: str
    card: Card


@attrs.frozen
class StockDrawn:
    """Cards turned from the stock onto the waste, in the order they were drawn."""

    tag: ClassVar[str] = "drawn"
    cards: Cards


@attrs.frozen
class WasteRecycled:
    """The whole waste turned back into the stock, keeping its order; a new pass starts."""

    tag: ClassVar[str] = "recycled"
    count: int


@attrs.frozen
class ScoreChanged:
    """The score went from ``old`` to ``new``."""

    tag: ClassVar[str] = "score"
    old: int
    new: int


@attrs.frozen
class GameWon:
    """Every card is on the foundations."""

    tag: ClassVar[str] = "won"


Event: TypeAlias = CardsMoved | CardTurnedUp | StockDrawn | WasteRecycled | ScoreChanged | GameWon


def _split(pile: str) -> tuple[str, int]:
    return pile[0], int(pile[1:]) - 1 if len(pile) > 1 else -1


def _take(state: State, pile: str, count: int) -> State:
    kind, index = _split(pile)
    if kind == "w":
        return attrs.evolve(state, waste=state.waste[:-count])
    if kind == "f":
        foundations = list(state.foundations)
        foundations[index] = foundations[index][:-count]
        return attrs.evolve(state, foundations=tuple(foundations))
    if kind == "t":
        tableau = list(state.tableau)
        column = tableau[index]
        tableau[index] = Column(column.down, column.up[:-count])
        return attrs.evolve(state, tableau=tuple(tableau))
    if kind == "s":
        return attrs.evolve(state, stock=state.stock[:-count])
    raise ValueError(f"cannot take cards from pile {pile!r}")


def _put(state: State, pile: str, cards: Cards) -> State:
    kind, index = _split(pile)
    if kind == "f":
        foundations = list(state.foundations)
        foundations[index] = foundations[index] + cards
        credited = state.credited
        for card in cards:
            credited |= 1 << card.index
        return attrs.evolve(state, foundations=tuple(foundations), credited=credited)
    if kind == "t":
        tableau = list(state.tableau)
        column = tableau[index]
        tableau[index] = Column(column.down, column.up + cards)
        return attrs.evolve(state, tableau=tuple(tableau))
    if kind == "w":
        return attrs.evolve(state, waste=state.waste + cards)
    if kind == "s":
        return attrs.evolve(state, stock=state.stock + cards)
    raise ValueError(f"cannot put cards on pile {pile!r}")


def _moved(state: State, event: CardsMoved) -> State:
    return _put(_take(state, event.src, len(event.cards)), event.dst, event.cards)


def _turned(state: State, event: CardTurnedUp) -> State:
    _, index = _split(event.pile)
    tableau = list(state.tableau)
    column = tableau[index]
    tableau[index] = Column(column.down[:-1], column.up + (column.down[-1],))
    return attrs.evolve(state, tableau=tuple(tableau))


def _drawn(state: State, event: StockDrawn) -> State:
    count = len(event.cards)
    return attrs.evolve(state, stock=state.stock[:-count], waste=state.waste + event.cards)


def _recycled(state: State, event: WasteRecycled) -> State:
    # The first card of the waste was drawn first: it becomes the next card drawn again.
    return attrs.evolve(
        state, stock=state.stock + state.waste[::-1], waste=(), pass_number=state.pass_number + 1
    )


def _score(state: State, event: ScoreChanged) -> State:
    return attrs.evolve(state, score=event.new)


def _won(state: State, event: GameWon) -> State:
    return state


_FOLDS: Final[dict[type, Callable[[State, object], State]]] = {
    CardsMoved: _moved,  # type: ignore[dict-item]
    CardTurnedUp: _turned,  # type: ignore[dict-item]
    StockDrawn: _drawn,  # type: ignore[dict-item]
    WasteRecycled: _recycled,  # type: ignore[dict-item]
    ScoreChanged: _score,  # type: ignore[dict-item]
    GameWon: _won,  # type: ignore[dict-item]
}


def apply(state: State, event: Event) -> State:
    """The state after one event (pure; the event is trusted)."""
    return _FOLDS[type(event)](state, event)


def apply_all(state: State, events: Iterable[Event]) -> State:
    """Fold a sequence of events into a state."""
    for event in events:
        state = _FOLDS[type(event)](state, event)
    return state
