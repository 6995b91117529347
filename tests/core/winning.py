"""Test helper: crafted positions that can be won, and a player that wins them.

Nothing here changes the engine: positions are plain :class:`State` values and
every move goes through ``Game.play`` (so through the variant, the scoring scheme
and the redeal policy under test).

The full 52-card Klondike deal of :func:`full_deal` is built so that a simple
strategy wins it: give every card a *global order* ``g = (rank - 1) * 4 + suit``
(all aces, then all twos, ...).  Each column, read from its top card down to its
bottom card, is in increasing global order, and the stock holds the rest.  The
card lowest in the global order that is not on a foundation yet is then always
either a column's top card or a stock/waste card, and it always fits on its
foundation; so "play any card to its foundation, else tap the stock" wins as
long as the stock can be gone through often enough.  The stock's draw order
decides how many recycles that takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from solitaire.core.cards import CARDS, Card
from solitaire.core.game import Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.state import CardsMoved, CardTurnedUp, Column, Event, State, WasteRecycled

__all__ = [
    "DRAW1_NO_RECYCLE",
    "DRAW1_ONE_RECYCLE",
    "DRAW3_NO_RECYCLE",
    "DRAW3_TWO_RECYCLES",
    "STOCK_CARDS",
    "Tally",
    "column",
    "full_deal",
    "global_order",
    "play_greedily",
    "start_from",
    "state_of",
    "tally",
]


def global_order(card: Card) -> int:
    """All aces first, then all twos, ...; suits in foundation order within a rank."""
    return (card.rank - 1) * 4 + int(card.suit)


_BY_ORDER: tuple[Card, ...] = tuple(sorted(CARDS, key=global_order))
#: The tableau: every even global order, plus the aces of hearts and clubs (28 cards).
TABLEAU_CARDS: tuple[Card, ...] = tuple(c for c in _BY_ORDER if global_order(c) % 2 == 0 or c.rank == 1)
#: The stock: the other 24 cards, in increasing global order.
STOCK_CARDS: tuple[Card, ...] = tuple(c for c in _BY_ORDER if c not in TABLEAU_CARDS)
_SORTED: tuple[str, ...] = tuple(card.text for card in STOCK_CARDS)

# Stock draw orders for :func:`full_deal` (first drawn first).  In each, the first
# card to reach the waste top is 2♥, which fits on 3♠, the top card of column 7;
# the greedy player of :func:`play_greedily` then needs the stated recycles (the
# counts are checked by the tests, from the events).
#: Draw 1, increasing global order: no recycle.
DRAW1_NO_RECYCLE: tuple[str, ...] = _SORTED
#: Draw 1: Q♣ and K♣ drawn before J♣, last: one recycle.
DRAW1_ONE_RECYCLE: tuple[str, ...] = (*_SORTED[:-6], "JH", "QH", "QC", "KH", "KC", "JC")
#: Draw 3, each group of three reversed (its first card ends on the waste top): no recycle.
DRAW3_NO_RECYCLE: tuple[str, ...] = tuple(t for i in range(0, 24, 3) for t in reversed(_SORTED[i : i + 3]))
#: Draw 3 with the last six cards shuffled: two recycles.
DRAW3_TWO_RECYCLES: tuple[str, ...] = (*DRAW3_NO_RECYCLE[:-6], "QH", "KC", "JC", "JH", "QC", "KH")


def column(down: str = "", up: str = "") -> Column:
    """A column from card texts, bottom first: ``column("KS QH", "9C 8D")``."""
    return Column(tuple(Card.parse(t) for t in down.split()), tuple(Card.parse(t) for t in up.split()))


def state_of(
    *columns: Column,
    stock: str = "",
    waste: str = "",
    foundations: Sequence[str] = ("", "", "", ""),
    score: int = 0,
    pass_number: int = 1,
) -> State:
    """A hand-built state; ``stock`` is given in *draw order* (first drawn first),
    ``waste`` bottom first, each foundation by its top card's rank (``"3"`` = A..3)
    or as card text.  Missing columns are empty (7 in all)."""
    piles = []
    for number, text in enumerate(foundations):
        if text.isdigit():
            piles.append(tuple(CARDS[number * 13 + rank] for rank in range(int(text))))
        else:
            piles.append(tuple(Card.parse(t) for t in text.split()))
    tableau = tuple(columns) + (Column(),) * (7 - len(columns))
    return State.classic(
        stock=tuple(Card.parse(t) for t in reversed(stock.split())),
        waste=tuple(Card.parse(t) for t in waste.split()),
        foundations=tuple(piles),
        tableau=tableau,
        score=score,
        pass_number=pass_number,
    )


def full_deal(draw_order: Sequence[str] = DRAW1_NO_RECYCLE, *, face_up: bool = False) -> State:
    """A complete 52-card position as dealt: 28 tableau cards in columns of 1..7
    (21 face down unless ``face_up``, as in Réfléchi) and 24 in the stock.

    ``draw_order`` is the stock, first drawn first (one of the ``DRAW*`` orders
    or any order of the 24 cards of :data:`STOCK_CARDS`).
    """
    received: list[list[Card]] = [[] for _ in range(7)]
    cards = iter(TABLEAU_CARDS)
    for row in range(7):
        for number in range(row, 7):
            received[number].append(next(cards))
    tableau = []
    for got in received:
        bottom_first = tuple(reversed(got))  # the first card a column got is its top card
        tableau.append(Column((), bottom_first) if face_up else Column(bottom_first[:-1], bottom_first[-1:]))
    order = [Card.parse(text) for text in draw_order]
    assert sorted(order, key=global_order) == list(STOCK_CARDS), "the stock must hold STOCK_CARDS"
    state = State.classic(
        stock=tuple(reversed(order)), waste=(), foundations=((),) * 4, tableau=tuple(tableau)
    )
    assert sorted(state.cards(), key=global_order) == list(_BY_ORDER)
    return state


def start_from(game: Game, state: State, *, score: int | None = None) -> Game:
    """Test-only shortcut: make ``state`` the game's current position, with
    ``score`` (default: the scoring scheme's starting score, so Vegas starts at
    -52).  ``Game`` has no public way to start from a crafted position; assigning
    ``game.state`` is the shortcut the tests use.
    """
    start = game.rules.scoring.initial_score if score is None else score
    game.state = attrs.evolve(state, score=start)
    return game


def play_greedily(game: Game, *, returns: bool = False, limit: int = 2000) -> list[Event]:
    """Win by playing a card to its foundation whenever one fits (column tops
    first, then the waste), else tapping the stock; returns every event.

    With ``returns``, every card that can come back from a foundation to a
    column is taken back once (and then played up again).  Raises
    ``AssertionError`` when the game is stuck or does not end.
    """
    events: list[Event] = []
    idle = 0
    returned: set[Card] = set()
    for _ in range(limit):
        if game.is_won:
            return events
        moves = game.legal_moves()
        if returns:
            back = [
                m
                for m in moves
                if m.src[0] == "f" and game.state.foundations[int(m.src[1:]) - 1][-1] not in returned
            ]
            if back:
                returned.add(game.state.foundations[int(back[0].src[1:]) - 1][-1])
                events.extend(game.play(back[0]))
                continue
        to_foundation = sorted((m for m in moves if m.dst == "f"), key=lambda m: m.src == "w")
        if to_foundation:
            move: Move = to_foundation[0]
            idle = 0
        elif DRAW in moves:
            move = DRAW
            idle += 1
            if idle > 3 * (len(game.state.stock) + len(game.state.waste)) + 3:
                raise AssertionError(f"no progress after {idle} taps of the stock: {game.state}")
        else:
            raise AssertionError(
                f"stuck: no move to a foundation and the stock cannot be tapped: {game.state}"
            )
        events.extend(game.play(move))
    raise AssertionError(f"not won after {limit} moves")


@attrs.frozen
class Tally:
    """What the events of a game did, counted independently of the scoring code."""

    to_foundation: int
    waste_to_column: int
    turned_up: int
    recycles: int
    returns: int


def tally(events: Iterable[Event]) -> Tally:
    """Count the scoring-relevant events."""
    to_foundation = waste_to_column = turned_up = recycles = returns = 0
    for event in events:
        if isinstance(event, CardsMoved):
            if event.dst[0] == "f":
                to_foundation += len(event.cards)
            elif event.src == "w" and event.dst[0] == "t":
                waste_to_column += len(event.cards)
            elif event.src[0] == "f":
                returns += len(event.cards)
        elif isinstance(event, CardTurnedUp):
            turned_up += 1
        elif isinstance(event, WasteRecycled):
            recycles += 1
    return Tally(to_foundation, waste_to_column, turned_up, recycles, returns)
