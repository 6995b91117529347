"""FreeCell, Spider and Golf written again, small and on their own: the legal moves
of a position from RULES.md, without the engine's blocks.

Each function takes a state and gives the canonical notation of every legal move
(the forms ``rules.legal_moves`` lists): ``SRC>f`` to a foundation by suit,
``SRC>fN`` to one of any suit, ``tN:K>DST`` for a group of K > 1 cards.  Nothing
here calls the rules engine, so a rule the engine gets wrong in both ``check`` and
``legal_moves`` shows up as a difference (tests/core/test_other_games.py and
tests/data/make_perft.py compare them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from other_games_open import OPEN_GAMES
from other_games_overlap import pyramid_moves, tripeaks_moves
from other_games_special import SPECIAL_GAMES
from other_games_stock import STOCK_GAMES

from solitaire.core.cards import Card
from solitaire.core.state import CELL, FOUNDATION, STOCK, TABLEAU, State

__all__ = ["INDEPENDENT", "freecell_moves", "golf_moves", "spider_moves"]


def _piles(state: State, kind: str) -> list[tuple[str, Sequence[Card], int]]:
    """(id, face-up cards, face-down count) of the piles of ``kind``."""
    table = state.table
    return [
        (pile, state.piles[place].up, len(state.piles[place].down))
        for place, pile in enumerate(table.ids)
        if table.kinds[place] == kind
    ]


def _move(src: str, dst: str, count: int = 1, written: bool = False) -> str:
    """A move's canonical text; ``written``: the count is written even for one card
    (to an empty column, where ``tN>tM`` would move the biggest group that may go)."""
    return f"{src}:{count}>{dst}" if count > 1 or written else f"{src}>{dst}"


def _alternating_run(up: Sequence[Card]) -> int:
    size = 1 if up else 0
    while (
        size < len(up)
        and up[-size].rank == up[-size - 1].rank - 1
        and up[-size].is_red != up[-size - 1].is_red
    ):
        size += 1
    return size


def _suit_run(up: Sequence[Card]) -> int:
    size = 1 if up else 0
    while (
        size < len(up) and up[-size].rank == up[-size - 1].rank - 1 and up[-size].suit == up[-size - 1].suit
    ):
        size += 1
    return size


def freecell_moves(state: State) -> set[str]:
    """FreeCell: single cards to the foundations (by suit, from the ace) and to free
    cells; ordered alternating groups (cells' cards alone) to columns, a group no
    bigger than (free cells + 1) x 2^(empty columns other than the target)."""
    cells = _piles(state, CELL)
    foundations = _piles(state, FOUNDATION)
    columns = _piles(state, TABLEAU)
    singles = [(pile, up[-1]) for pile, up, _ in cells + columns if up]
    moves = set()
    for src, card in singles:
        home = foundations[card.suit][1]
        if card.rank == len(home) + 1:
            moves.add(_move(src, "f"))
        moves.update(_move(src, cell) for cell, up, _ in cells if not up)
    free = sum(1 for _, up, _ in cells if not up)
    empty = [pile for pile, up, _ in columns if not up]
    for dst, target, _ in columns:
        limit = (free + 1) * 2 ** len([pile for pile in empty if pile != dst])
        groups = [(src, up, 1, 1) for src, up, _ in cells if up]
        groups += [
            (src, up, size, _alternating_run(up))
            for src, up, _ in columns
            for size in range(1, _alternating_run(up) + 1)
        ]
        for src, up, size, run in groups:
            head = up[-size]
            fits = not target or (head.rank == target[-1].rank - 1 and head.is_red != target[-1].is_red)
            if src != dst and fits and size <= limit:
                moves.add(_move(src, dst, size, written=not target and min(run, limit) > 1))
    return moves


def spider_moves(state: State) -> set[str]:
    """Spider: a group of one suit in order goes on a card one rank higher of any
    suit or to an empty column; nothing goes to a foundation by hand; the stock
    deals while it has cards and no column is empty."""
    columns = _piles(state, TABLEAU)
    moves = set()
    for src, up, _ in columns:
        run = _suit_run(up)
        for size in range(1, run + 1):
            head = up[-size]
            for dst, target, down in columns:
                if dst == src:
                    continue
                if not target and not down:
                    moves.add(_move(src, dst, size, written=run > 1))
                elif target and head.rank == target[-1].rank - 1:
                    moves.add(_move(src, dst, size))
    stock = state.piles[state.table.index["s"]]
    if stock and all(up or down for _, up, down in columns):
        moves.add("s")
    return moves


def golf_moves(state: State) -> set[str]:
    """Golf: a column's top card onto the foundation when one rank higher or lower
    (any suit, no wrap, nothing on a king); the stock turns a card while it has one."""
    (foundation, home, _), *_ = _piles(state, FOUNDATION)
    moves = set()
    for src, up, _ in _piles(state, TABLEAU):
        if up and (not home or (home[-1].rank != 13 and abs(up[-1].rank - home[-1].rank) == 1)):
            moves.add(_move(src, foundation))
    if any(state.piles[place] for place in state.table.places(STOCK)):
        moves.add("s")
    return moves


#: The independent move generator of each game, by variant id.
INDEPENDENT: dict[str, Callable[[State], set[str]]] = {
    "freecell": freecell_moves,
    "spider": spider_moves,
    "golf": golf_moves,
    "pyramid": pyramid_moves,
    "tripeaks": tripeaks_moves,
    **OPEN_GAMES,
    **SPECIAL_GAMES,
    **STOCK_GAMES,
}
