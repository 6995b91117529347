"""Gypsy, Forty Thieves, Scorpion and Mod 3 written again, small and on their own: the
legal moves of a position from their rules pages, without the engine's blocks.

Each function takes a state and gives the canonical notation of every legal move (the
forms ``rules.legal_moves`` lists): ``SRC>f`` to the first foundation of the card's suit
that takes it and ``SRC>fN`` to the suit's other one (two decks), ``SRC>fN`` to a Mod 3
pile, ``tN:K>DST`` for a group of K > 1 cards, ``tN:1>tM`` for one card of a bigger
group that could move into an empty column that takes any card.  The positions are
those of the games' default options: foundation returns allowed (Gypsy, Mod 3) and one
pass through the stock (Forty Thieves).  Nothing here calls the rules engine
(tests/core/test_other_games_stock.py and tests/data/make_perft.py compare them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solitaire.core.cards import Card
from solitaire.core.state import FOUNDATION, STOCK, TABLEAU, WASTE, State

__all__ = ["STOCK_GAMES", "forty_thieves_moves", "gypsy_moves", "mod3_moves", "scorpion_moves"]

Up = Sequence[Card]


def _piles(state: State, kind: str) -> list[tuple[str, Up, int]]:
    """(id, face-up cards, face-down count) of the piles of ``kind``, in table order."""
    return [
        (pile, state.piles[place].up, len(state.piles[place].down))
        for place, pile in enumerate(state.table.ids)
        if state.table.kinds[place] == kind
    ]


def _stock_left(state: State) -> bool:
    return any(state.piles[place].down for place, kind in enumerate(state.table.kinds) if kind == STOCK)


def _text(src: str, dst: str, count: int = 1, written: bool = False) -> str:
    return f"{src}:{count}>{dst}" if count > 1 or written else f"{src}>{dst}"


def _red(card: Card) -> bool:
    return card.suit in (1, 2)  # ♥ ♦


def _to_suit_foundations(src: str, card: Card, foundations: list[tuple[str, Up, int]]) -> set[str]:
    """Two decks, a foundation per suit and deck in the order ♠ ♥ ♦ ♣ ♠ ♥ ♦ ♣, built up from
    the ace: the first of the suit's that takes the card is ``f``, the other is named."""
    taking = [
        pile
        for number, (pile, up, _) in enumerate(foundations)
        if number % 4 == card.suit and card.rank == len(up) + 1
    ]
    return {_text(src, "f" if n == 0 else pile) for n, pile in enumerate(taking)}


def _alternating(up: Up) -> int:
    """How many cards at the end of ``up`` run down in alternating colours."""
    size = 1 if up else 0
    while (
        size < len(up) and up[-size].rank == up[-size - 1].rank - 1 and _red(up[-size]) != _red(up[-size - 1])
    ):
        size += 1
    return size


def gypsy_moves(state: State) -> set[str]:
    """Gypsy: column tops to the foundations; ordered groups (down, alternating colours)
    onto a card one rank higher of the other colour, or into an empty column; foundation
    tops back onto the columns; the stock deals while it has cards."""
    columns = _piles(state, TABLEAU)
    foundations = _piles(state, FOUNDATION)
    moves: set[str] = set()
    for src, up, _ in columns:
        if up:
            moves |= _to_suit_foundations(src, up[-1], foundations)
    groups = [
        (src, up, size, _alternating(up)) for src, up, _ in columns for size in range(1, _alternating(up) + 1)
    ]
    groups += [(src, up, 1, 1) for src, up, _ in foundations if up]
    for dst, target, down in columns:
        for src, up, size, run in groups:
            head = up[-size]
            if src == dst:
                continue
            if not target and not down:
                moves.add(_text(src, dst, size, written=src.startswith("t") and run > 1))
            elif target and head.rank == target[-1].rank - 1 and _red(head) != _red(target[-1]):
                moves.add(_text(src, dst, size))
    if _stock_left(state):
        moves.add("s")
    return moves


def forty_thieves_moves(state: State) -> set[str]:
    """Forty Thieves: the waste's top and the column tops, one card at a time, to the
    foundations and onto a card of their suit one rank higher or an empty column; the
    stock turns a card while it has one (one pass: the waste never goes back)."""
    columns = _piles(state, TABLEAU)
    foundations = _piles(state, FOUNDATION)
    waste = [(pile, up) for pile, up, _ in _piles(state, WASTE) if up]
    tops = [(pile, up[-1]) for pile, up in waste] + [(pile, up[-1]) for pile, up, _ in columns if up]
    moves: set[str] = set()
    for src, card in tops:
        moves |= _to_suit_foundations(src, card, foundations)
        for dst, target, _ in columns:
            if dst != src and (
                not target or (target[-1].suit == card.suit and target[-1].rank == card.rank + 1)
            ):
                moves.add(_text(src, dst))
    if _stock_left(state):
        moves.add("s")
    return moves


def scorpion_moves(state: State) -> set[str]:
    """Scorpion: any face-up card with everything on it onto the card of its suit one rank
    higher, or a king with everything on it into an empty column; nothing goes to a
    foundation by hand; the stock deals its cards while it has them."""
    columns = _piles(state, TABLEAU)
    moves: set[str] = set()
    for src, up, _ in columns:
        for depth in range(len(up)):
            head, size = up[depth], len(up) - depth
            for dst, target, down in columns:
                if dst == src:
                    continue
                on_card = bool(target) and target[-1].suit == head.suit and target[-1].rank == head.rank + 1
                if on_card or (not target and not down and head.rank == 13):
                    moves.add(_text(src, dst, size))
    if _stock_left(state):
        moves.add("s")
    return moves


def mod3_moves(state: State) -> set[str]:
    """Mod 3: the top card of a place of the fourth row or of a pile of the three rows goes
    to the aces pile (``f25``) if it is an ace, to a pile of row R (``f1``..``f8``: R=1 ..
    ``f17``..``f24``: R=3) if the pile is empty and the card is an R+1, or if the pile starts
    with an R+1 and its top is the card's suit three ranks lower; or to an empty place of the
    fourth row.  Nothing comes off the aces pile; the stock deals while it has cards."""
    places = _piles(state, TABLEAU)
    rows = _piles(state, FOUNDATION)
    sources = [(pile, up[-1]) for pile, up, _ in places if up]
    sources += [(pile, up[-1]) for pile, up, _ in rows if up and pile != "f25"]
    moves: set[str] = set()
    for src, card in sources:
        for number, (dst, up, _) in enumerate(rows):
            base = number // 8 + 2
            if dst == "f25":
                fits = card.rank == 1
            elif not up:
                fits = card.rank == base
            else:
                fits = up[0].rank == base and up[-1].suit == card.suit and card.rank == up[-1].rank + 3
            if fits and dst != src:
                moves.add(_text(src, dst))
        moves.update(_text(src, dst) for dst, up, _ in places if not up and dst != src)
    if _stock_left(state):
        moves.add("s")
    return moves


#: The independent move generator of each game, by variant id.
STOCK_GAMES: dict[str, Callable[[State], set[str]]] = {
    "gypsy": gypsy_moves,
    "forty-thieves": forty_thieves_moves,
    "scorpion": scorpion_moves,
    "mod3": mod3_moves,
}
