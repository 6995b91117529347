"""The immutable state of a game and the events that change it.

A state holds everything the rules, the scoring scheme and the redeal policy need
to remember (passes, score, move counter), so undo is "restore the previous state".
Events are small frozen records with a stable string ``tag``; :func:`apply` folds
one event into a state and trusts its input (moves are validated before).

A state is a :class:`Table` (the piles' ids and kinds) and the cards of each pile.
Lists run bottom first, as in the JSON form: the last card of the stock is the
next one drawn, the last of the waste the playable one, the last of a column's
``up`` the card a move lands on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar, Final, TypeAlias

import attrs

from solitaire.core.cards import Card
from solitaire.core.variables import Variables

__all__ = [
    "CELL",
    "FOUNDATION",
    "KINDS",
    "RESERVE",
    "STOCK",
    "TABLEAU",
    "WASTE",
    "CardTurnedUp",
    "CardsMoved",
    "Column",
    "Event",
    "GameWon",
    "Pile",
    "Redealt",
    "ScoreChanged",
    "State",
    "StockDealt",
    "StockDrawn",
    "Table",
    "VariableSet",
    "Variables",
    "WasteRecycled",
    "apply",
    "apply_all",
    "pile_cards",
]

Cards: TypeAlias = tuple[Card, ...]

#: The pile kinds the core knows; a plugin may declare more (any other short word).
STOCK: Final = "stock"
WASTE: Final = "waste"
FOUNDATION: Final = "foundation"
TABLEAU: Final = "tableau"
CELL: Final = "cell"
RESERVE: Final = "reserve"
KINDS: Final[tuple[str, ...]] = (STOCK, WASTE, FOUNDATION, TABLEAU, CELL, RESERVE)


@attrs.frozen
class Pile:
    """The cards of one pile: face-down cards under face-up ones.

    The stock holds its cards face down (``down``); the others lie face up.
    """

    down: Cards = ()
    up: Cards = ()

    def __len__(self) -> int:
        return len(self.down) + len(self.up)

    @property
    def top(self) -> Card | None:
        """The face-up card a move lands on (None when there is none)."""
        return self.up[-1] if self.up else None

    @property
    def cards(self) -> Cards:
        """Every card of the pile, bottom first."""
        return self.down + self.up


Column = Pile
"""A tableau column (the name of :class:`Pile` before tables had other piles)."""


class Table:
    """The piles a table has: an id and a kind for each, in layout order.

    One object per distinct table (``Table.of`` interns them), shared by every
    state of a game; ``index`` maps a pile id to its place in ``State.piles``.

    >>> table = Table.of(("s", "stock"), ("w", "waste"), ("t1", "tableau"))
    >>> table.index["w"], table.ids_of("tableau"), Table.of(*table.pairs) is table
    (1, ('t1',), True)
    """

    __slots__ = ("_kind_places", "ids", "index", "kinds", "pairs")
    _interned: ClassVar[dict[tuple[tuple[str, str], ...], Table]] = {}

    ids: tuple[str, ...]
    kinds: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    index: dict[str, int]
    _kind_places: dict[str, tuple[int, ...]]

    def __init__(self, pairs: tuple[tuple[str, str], ...]) -> None:
        ids = tuple(pile for pile, _ in pairs)
        if len(set(ids)) != len(ids):
            repeated = sorted({pile for pile in ids if ids.count(pile) > 1})
            raise ValueError(f"a table names each pile once; used twice: {', '.join(repeated)}")
        self.pairs = pairs
        self.ids = ids
        self.kinds = tuple(kind for _, kind in pairs)
        self.index = {pile: place for place, pile in enumerate(ids)}
        places: dict[str, list[int]] = {}
        for place, kind in enumerate(self.kinds):
            places.setdefault(kind, []).append(place)
        self._kind_places = {kind: tuple(found) for kind, found in places.items()}

    @classmethod
    def of(cls, *pairs: tuple[str, str]) -> Table:
        """The table of these ``(id, kind)`` pairs (the same object for the same pairs)."""
        key = tuple((str(pile), str(kind)) for pile, kind in pairs)
        table = cls._interned.get(key)
        if table is None:
            table = cls._interned.setdefault(key, cls(key))
        return table

    @classmethod
    def classic(cls, foundations: int = 4, columns: int = 7, *, stock: bool = True, cells: int = 0) -> Table:
        """The classic table, by default a stock, a waste, four foundations by suit and
        seven columns, and its cousins: ``s`` and ``w`` (when there is a stock),
        ``f1``.., ``c1``.. (cells) and ``t1``..."""
        pairs = [("s", STOCK), ("w", WASTE)] if stock else []
        pairs += [(f"c{n}", CELL) for n in range(1, cells + 1)]
        pairs += [(f"f{n}", FOUNDATION) for n in range(1, foundations + 1)]
        pairs += [(f"t{n}", TABLEAU) for n in range(1, columns + 1)]
        return cls.of(*pairs)

    def places(self, kind: str) -> tuple[int, ...]:
        """The places in ``State.piles`` of the piles of ``kind``, in layout order."""
        return self._kind_places.get(kind, ())

    def ids_of(self, kind: str) -> tuple[str, ...]:
        """The ids of the piles of ``kind``, in layout order."""
        return tuple(self.ids[place] for place in self.places(kind))

    def kind(self, pile: str) -> str:
        """The kind of a pile; raises ``KeyError`` for one the table does not have."""
        return self.kinds[self.index[pile]]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Table) and self.pairs == other.pairs

    def __hash__(self) -> int:
        return hash(self.pairs)

    def __reduce__(self) -> tuple[object, tuple[tuple[str, str], ...]]:
        return (Table.of, self.pairs)

    def __repr__(self) -> str:
        return f"Table.of{self.pairs!r}"


@attrs.frozen
class State:
    """A position plus the counters that go with it.

    ``piles`` holds the cards of each pile of ``table``, in the table's order.
    ``credited`` is a bit mask (bit ``card.uid``) of the cards that have earned
    their foundation points in this game, so a card played to a foundation again
    after a return earns nothing.  ``variables`` holds the values of the fields the
    variant declares (:mod:`solitaire.core.variables`): a flag, a counter, a seed.
    """

    table: Table
    piles: tuple[Pile, ...]
    score: int = 0
    moves: int = 0
    pass_number: int = 1
    credited: int = 0
    variables: Variables = attrs.field(factory=Variables)

    @classmethod
    def classic(
        cls,
        stock: Cards = (),
        waste: Cards = (),
        foundations: tuple[Cards, ...] = ((),) * 4,
        tableau: tuple[Pile, ...] = (),
        *,
        cells: tuple[Cards, ...] = (),
        has_stock: bool = True,
        score: int = 0,
        moves: int = 0,
        pass_number: int = 1,
        credited: int = 0,
    ) -> State:
        """A state of the classic table (``Table.classic``: a stock, a waste, four
        foundations by suit and seven columns, or as many as are given) from its
        piles' cards."""
        table = Table.classic(len(foundations), len(tableau), stock=has_stock, cells=len(cells))
        piles = [Pile(tuple(stock)), Pile((), tuple(waste))] if has_stock else []
        piles += [Pile((), tuple(cell)) for cell in cells]
        piles += [Pile((), tuple(foundation)) for foundation in foundations]
        piles += list(tableau)
        return cls(table, tuple(piles), score, moves, pass_number, credited)

    def pile(self, pile: str) -> Pile:
        """The pile with id ``pile``; raises ``KeyError`` for one the table does not have."""
        return self.piles[self.table.index[pile]]

    def of_kind(self, kind: str) -> tuple[Pile, ...]:
        """The piles of ``kind``, in layout order."""
        piles = self.piles
        return tuple(piles[place] for place in self.table.places(kind))

    def with_piles(self, changes: Mapping[str, Pile]) -> State:
        """This state with some piles' cards replaced (by pile id)."""
        piles = list(self.piles)
        for pile, cards in changes.items():
            piles[self.table.index[pile]] = cards
        return attrs.evolve(self, piles=tuple(piles))

    def cards(self) -> list[Card]:
        """Every card in the state, pile by pile."""
        found: list[Card] = []
        for pile in self.piles:
            found.extend(pile.down)
            found.extend(pile.up)
        return found

    @property
    def stock(self) -> Cards:
        """The stock's cards (the last is drawn next); () when the table has none."""
        places = self.table.places(STOCK)
        return self.piles[places[0]].down if places else ()

    @property
    def waste(self) -> Cards:
        """The waste's cards (the last plays); () when the table has none."""
        places = self.table.places(WASTE)
        return self.piles[places[0]].up if places else ()

    @property
    def foundations(self) -> tuple[Cards, ...]:
        """The cards of each foundation, in layout order."""
        piles = self.piles
        return tuple(piles[place].up for place in self.table.places(FOUNDATION))

    @property
    def tableau(self) -> tuple[Pile, ...]:
        """The tableau columns, in layout order."""
        return self.of_kind(TABLEAU)

    @property
    def cells(self) -> tuple[Pile, ...]:
        """The cells, in layout order."""
        return self.of_kind(CELL)

    @property
    def face_down_count(self) -> int:
        """How many cards outside the stock are face down."""
        kinds = self.table.kinds
        return sum(len(pile.down) for kind, pile in zip(kinds, self.piles, strict=True) if kind != STOCK)

    @property
    def foundation_count(self) -> int:
        """How many cards are on the foundations."""
        piles = self.piles
        return sum(len(piles[place].up) for place in self.table.places(FOUNDATION))


def pile_cards(state: State, pile: str) -> Cards:
    """The face-up cards of a pile by its id (every card of the stock).

    Raises ``KeyError`` for a pile the state does not have.
    """
    place = state.table.index[pile]
    found = state.piles[place]
    return found.down + found.up if state.table.kinds[place] == STOCK else found.up


# -- events --------------------------------------------------------------------------------------


@attrs.frozen
class CardsMoved:
    """Face-up cards moved from one pile to another, bottom card first.  With ``src``
    equal to ``dst``, the pile's top ``len(cards)`` cards are laid again in the order
    of ``cards``: a card pulled out from under others to the top (a merci)."""

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
    """Cards turned from the stock (``src``) face up onto a pile (``dst``: the waste,
    or a foundation the stock deals onto), in the order they were drawn."""

    tag: ClassVar[str] = "drawn"
    cards: Cards
    src: str = "s"
    dst: str = "w"


@attrs.frozen
class StockDealt:
    """The stock (``src``) dealt one card face up onto each of ``dsts``, in that order
    (a stock that deals a row onto the columns)."""

    tag: ClassVar[str] = "dealt"
    dsts: tuple[str, ...]
    cards: Cards
    src: str = "s"


@attrs.frozen
class WasteRecycled:
    """The whole waste (``src``) turned back into the stock (``dst``), keeping its
    order; a new pass starts."""

    tag: ClassVar[str] = "recycled"
    count: int
    src: str = "w"
    dst: str = "s"


@attrs.frozen
class Redealt:
    """Every card of the piles ``srcs`` gathered up and dealt out again (a redeal of
    the columns): ``cards[k]`` went onto ``dsts[k]``, in that order, the first ``down`` of
    them face down, the others face up; a new pass starts."""

    tag: ClassVar[str] = "redealt"
    srcs: tuple[str, ...]
    dsts: tuple[str, ...]
    cards: Cards
    down: int = 0


@attrs.frozen
class VariableSet:
    """The variant's field ``name`` (``State.variables``) now holds ``value``."""

    tag: ClassVar[str] = "set"
    name: str
    value: int


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


Event: TypeAlias = (
    CardsMoved
    | CardTurnedUp
    | StockDrawn
    | StockDealt
    | WasteRecycled
    | Redealt
    | VariableSet
    | ScoreChanged
    | GameWon
)


def _take(state: State, piles: list[Pile], pile: str, count: int) -> Cards:
    """Take the top ``count`` cards of a pile (from the stock's face-down cards)."""
    place = state.table.index[pile]
    found = piles[place]
    if state.table.kinds[place] == STOCK and not found.up:
        piles[place] = Pile(found.down[:-count], ())
        return found.down[-count:]
    piles[place] = Pile(found.down, found.up[:-count])
    return found.up[-count:]


def _put(state: State, piles: list[Pile], pile: str, cards: Cards) -> None:
    place = state.table.index[pile]
    found = piles[place]
    if state.table.kinds[place] == STOCK:
        piles[place] = Pile(found.down + cards, found.up)
    else:
        piles[place] = Pile(found.down, found.up + cards)


def _moved(state: State, event: CardsMoved) -> State:
    piles = list(state.piles)
    _take(state, piles, event.src, len(event.cards))
    _put(state, piles, event.dst, event.cards)
    credited = state.credited
    if state.table.kind(event.dst) == FOUNDATION:
        for card in event.cards:
            credited |= 1 << card.uid
    return attrs.evolve(state, piles=tuple(piles), credited=credited)


def _turned(state: State, event: CardTurnedUp) -> State:
    place = state.table.index[event.pile]
    piles = list(state.piles)
    found = piles[place]
    piles[place] = Pile(found.down[:-1], found.up + found.down[-1:])
    return attrs.evolve(state, piles=tuple(piles))


def _drawn(state: State, event: StockDrawn) -> State:
    piles = list(state.piles)
    index = state.table.index
    src, dst = index[event.src], index[event.dst]
    stock = piles[src]
    piles[src] = Pile(stock.down[: -len(event.cards)], stock.up)
    piles[dst] = Pile(piles[dst].down, piles[dst].up + event.cards)
    return attrs.evolve(state, piles=tuple(piles))


def _dealt(state: State, event: StockDealt) -> State:
    piles = list(state.piles)
    index = state.table.index
    src = index[event.src]
    stock = piles[src]
    piles[src] = Pile(stock.down[: -len(event.cards)], stock.up)
    for pile, card in zip(event.dsts, event.cards, strict=True):
        place = index[pile]
        piles[place] = Pile(piles[place].down, piles[place].up + (card,))
    return attrs.evolve(state, piles=tuple(piles))


def _recycled(state: State, event: WasteRecycled) -> State:
    # The first card of the waste was drawn first: it becomes the next card drawn again.
    piles = list(state.piles)
    index = state.table.index
    src, dst = index[event.src], index[event.dst]
    waste = piles[src]
    piles[dst] = Pile(piles[dst].down + waste.up[::-1], piles[dst].up)
    piles[src] = Pile(waste.down, ())
    return attrs.evolve(state, piles=tuple(piles), pass_number=state.pass_number + 1)


def _redealt(state: State, event: Redealt) -> State:
    piles = list(state.piles)
    index = state.table.index
    for pile in event.srcs:
        piles[index[pile]] = Pile()
    for number, (pile, card) in enumerate(zip(event.dsts, event.cards, strict=True)):
        place = index[pile]
        found = piles[place]
        face_down = number < event.down
        piles[place] = (
            Pile(found.down + (card,), found.up) if face_down else Pile(found.down, found.up + (card,))
        )
    return attrs.evolve(state, piles=tuple(piles), pass_number=state.pass_number + 1)


def _set(state: State, event: VariableSet) -> State:
    return attrs.evolve(state, variables=state.variables.set(event.name, event.value))


def _score(state: State, event: ScoreChanged) -> State:
    return attrs.evolve(state, score=event.new)


def _won(state: State, event: GameWon) -> State:
    return state


_FOLDS: Final[dict[type, Callable[[State, object], State]]] = {
    CardsMoved: _moved,  # type: ignore[dict-item]
    CardTurnedUp: _turned,  # type: ignore[dict-item]
    StockDrawn: _drawn,  # type: ignore[dict-item]
    StockDealt: _dealt,  # type: ignore[dict-item]
    WasteRecycled: _recycled,  # type: ignore[dict-item]
    Redealt: _redealt,  # type: ignore[dict-item]
    VariableSet: _set,  # type: ignore[dict-item]
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
