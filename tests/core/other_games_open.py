"""Baker's Dozen, Beleaguered Castle, Eight Off and Simple Simon written again, small
and on their own: the legal moves of a position from their rules pages, without the
engine's blocks (the conventions of other_games: canonical notation, ``SRC>f`` to a
foundation by suit, ``SRC>fN`` to one of any suit, ``tN:K>DST`` for K > 1 cards)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solitaire.core.cards import Card
from solitaire.core.state import CELL, FOUNDATION, TABLEAU, State

__all__ = [
    "OPEN_GAMES",
    "bakers_dozen_moves",
    "beleaguered_castle_moves",
    "eight_off_moves",
    "simple_simon_moves",
]


def _of(state: State, kind: str) -> list[tuple[str, Sequence[Card]]]:
    """(id, cards) of the piles of ``kind``, in table order; every card is face up."""
    return [
        (pile, state.piles[place].down + state.piles[place].up)
        for place, pile in enumerate(state.table.ids)
        if state.table.kinds[place] == kind
    ]


def _goes_home(card: Card, foundations: list[tuple[str, Sequence[Card]]]) -> bool:
    """By suit from the ace: ♠ ♥ ♦ ♣ are f1 .. f4."""
    return len(foundations[card.suit][1]) == card.rank - 1


def _single_card_game(state: State, empty_takes_a_card: bool) -> set[str]:
    """A top card home, or onto a top card one rank higher of any suit, or (when
    allowed) into an empty column; never more than one card."""
    foundations = _of(state, FOUNDATION)
    columns = _of(state, TABLEAU)
    moves = set()
    for src, cards in columns:
        if not cards:
            continue
        card = cards[-1]
        if _goes_home(card, foundations):
            moves.add(f"{src}>f")
        for dst, target in columns:
            if dst == src:
                continue
            if (target and target[-1].rank == card.rank + 1) or (not target and empty_takes_a_card):
                moves.add(f"{src}>{dst}")
    return moves


def bakers_dozen_moves(state: State) -> set[str]:
    """Baker's Dozen: single cards, down regardless of suit; an empty column stays empty."""
    return _single_card_game(state, empty_takes_a_card=False)


def beleaguered_castle_moves(state: State) -> set[str]:
    """Beleaguered Castle: single cards, down regardless of suit; any card to an empty column."""
    return _single_card_game(state, empty_takes_a_card=True)


def _same_suit_tail(cards: Sequence[Card]) -> int:
    """How many cards end the pile in one suit, each one rank below the one under it."""
    if not cards:
        return 0
    n = 1
    while (
        n < len(cards) and cards[-n - 1].suit == cards[-n].suit and cards[-n - 1].rank == cards[-n].rank + 1
    ):
        n += 1
    return n


def eight_off_moves(state: State) -> set[str]:
    """Eight Off: single cards home (from a column or a cell) and into a free cell; a
    group in suit order, at most free cells + 1 cards, onto the card of its suit one
    rank higher or, headed by a king, into an empty column."""
    cells = _of(state, CELL)
    foundations = _of(state, FOUNDATION)
    columns = _of(state, TABLEAU)
    free = [cell for cell, cards in cells if not cards]
    moves = set()
    for src, cards in cells + columns:
        if cards:
            if _goes_home(cards[-1], foundations):
                moves.add(f"{src}>f")
            moves.update(f"{src}>{cell}" for cell in free)
    sources = [(src, cards, 1) for src, cards in cells if cards]
    sources += [(src, cards, size) for src, cards in columns for size in range(1, _same_suit_tail(cards) + 1)]
    for src, cards, size in sources:
        head = cards[-size]
        if size > len(free) + 1:
            continue
        for dst, target in columns:
            if dst == src:
                continue
            if target:
                fits = target[-1].suit == head.suit and target[-1].rank == head.rank + 1
            else:
                fits = head.rank == 13
            if fits:
                moves.add(f"{src}:{size}>{dst}" if size > 1 else f"{src}>{dst}")
    return moves


def simple_simon_moves(state: State) -> set[str]:
    """Simple Simon: a group in suit order onto a card one rank above its head of any
    suit, or into an empty column (where one card of a longer group is written
    ``tN:1>tM``); nothing goes to a foundation by hand; no stock."""
    columns = _of(state, TABLEAU)
    moves = set()
    for src, cards in columns:
        tail = _same_suit_tail(cards)
        for size in range(1, tail + 1):
            head = cards[-size]
            for dst, target in columns:
                if dst == src:
                    continue
                if not target:
                    moves.add(f"{src}:{size}>{dst}" if tail > 1 else f"{src}>{dst}")
                elif target[-1].rank == head.rank + 1:
                    moves.add(f"{src}:{size}>{dst}" if size > 1 else f"{src}>{dst}")
    return moves


#: The independent move generator of each of these games, by variant id.
OPEN_GAMES: dict[str, Callable[[State], set[str]]] = {
    "bakers-dozen": bakers_dozen_moves,
    "beleaguered-castle": beleaguered_castle_moves,
    "eight-off": eight_off_moves,
    "simple-simon": simple_simon_moves,
}
