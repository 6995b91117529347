"""Canfield, Grandfather, Clock and Aces Up written again, small and on their own: the
legal moves of a position from the rules pages, without the engine's blocks.

As in :mod:`other_games`, each function takes a state and gives the canonical notation
of every legal move; nothing here calls the rules engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.core.cards import Card
from solitaire.core.state import State

__all__ = ["SPECIAL_GAMES", "aces_up_moves", "canfield_moves", "clock_moves", "grandfather_moves"]


def _pile(state: State, pile: str) -> tuple[Sequence[Card], Sequence[Card]]:
    """(face-down cards, face-up cards) of a pile by its id."""
    found = state.piles[state.table.index[pile]]
    return found.down, found.up


def _ids(state: State, letter: str) -> list[str]:
    return [pile for pile in state.table.ids if pile[0] == letter]


def _move(src: str, dst: str, count: int = 1, written: bool = False) -> str:
    return f"{src}:{count}>{dst}" if count > 1 or written else f"{src}>{dst}"


def canfield_moves(state: State) -> set[str]:
    """Canfield: the waste's, the reserve's and each column's last card to its suit's
    foundation (the rank of the card dealt there first starts every foundation, an ace
    follows a king); onto a column a card one rank lower of the other colour (a king on
    an ace); from a column its last card alone or the whole column; an empty column (the
    reserve is spent) takes any of them; the stock turns or goes back, without limit."""
    foundations = {pile: _pile(state, pile)[1] for pile in _ids(state, "f")}
    base = next(cards[0].rank for cards in foundations.values() if cards)
    columns = {pile: _pile(state, pile)[1] for pile in _ids(state, "t")}
    singles = [(pile, _pile(state, pile)[1]) for pile in ("w", "r1")]
    moves = set()
    for src, cards in [*singles, *columns.items()]:
        if not cards:
            continue
        card, home = cards[-1], foundations[f"f{cards[-1].suit + 1}"]
        if (not home and card.rank == base) or (home and card.rank == home[-1].rank % 13 + 1):
            moves.add(f"{src}>f")
        groups = [(1, card)] + ([(len(cards), cards[0])] if src[0] == "t" and len(cards) > 1 else [])
        for dst, target in columns.items():
            for size, head in groups:
                if dst == src:
                    continue
                if not target:
                    moves.add(_move(src, dst, size, written=src[0] == "t" and len(cards) > 1))
                elif head.is_red != target[-1].is_red and (target[-1].rank - head.rank) % 13 == 1:
                    moves.add(_move(src, dst, size))
    if _pile(state, "s")[0] or _pile(state, "w")[1]:
        moves.add("s")
    return moves


def grandfather_moves(state: State) -> set[str]:
    """Grandfather: a column's last card to its suit's foundation (ace first, then up);
    any face-up card, with everything on it, onto the next higher card of its suit at the
    end of another column, or, a king, to an empty column; the stock tap redeals while
    the columns hold cards, twice a game."""
    foundations = [_pile(state, pile)[1] for pile in _ids(state, "f")]
    columns = {pile: _pile(state, pile) for pile in _ids(state, "t")}
    moves = set()
    for src, (_, up) in columns.items():
        if up and up[-1].rank == len(foundations[up[-1].suit]) + 1:
            moves.add(f"{src}>f")
        for size in range(1, len(up) + 1):
            head = up[-size]
            for dst, (down, target) in columns.items():
                king_to_empty = not target and not down and head.rank == 13
                fits = bool(target) and target[-1].suit == head.suit and target[-1].rank == head.rank + 1
                if dst != src and (king_to_empty or fits):
                    moves.add(_move(src, dst, size))
    if state.pass_number <= 2 and any(down or up for down, up in columns.values()):
        moves.add("s")
    return moves


def clock_moves(state: State) -> set[str]:
    """Clock: the one face-up card on the clock goes to the foundation of its rank."""
    moves = set()
    for pile in _ids(state, "t"):
        up = _pile(state, pile)[1]
        if up:
            moves.add(f"{pile}>f{up[-1].rank}")
    return moves


def aces_up_moves(state: State) -> set[str]:
    """Aces Up: a column's last card to the discard when a higher card of its suit ends
    another column (aces high); any last card to an empty column; the stock deals while
    it has cards."""

    def value(card: Card) -> int:
        return 14 if card.rank == 1 else card.rank

    columns = {pile: _pile(state, pile)[1] for pile in _ids(state, "t")}
    tops = [cards[-1] for cards in columns.values() if cards]
    moves = set()
    for src, cards in columns.items():
        if not cards:
            continue
        if any(top.suit == cards[-1].suit and value(top) > value(cards[-1]) for top in tops):
            moves.add(f"{src}>f1")
        moves.update(_move(src, dst) for dst, target in columns.items() if not target and dst != src)
    if _pile(state, "s")[0]:
        moves.add("s")
    return moves


SPECIAL_GAMES = {
    "canfield": canfield_moves,
    "grandfather": grandfather_moves,
    "clock": clock_moves,
    "aces-up": aces_up_moves,
}
