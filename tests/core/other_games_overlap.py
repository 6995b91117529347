"""Pyramid and TriPeaks written again, small and on their own: the legal moves of a
position from the rules pages (docs/rules.md), without the engine's blocks or its
covering layouts (variants/overlap.py).  Which card lies on which is written out here
from the shape of each layout, not worked out from places on the table.

Each function takes a state and gives the canonical notation of every legal move:
``SRC>f1`` for a card going off alone (Pyramid's king, TriPeaks' card onto the waste),
``A>B`` for a pair in Pyramid, the pile that comes first in the table (``s``, ``w``,
``t1`` ...) written first, and ``s`` for the stock's tap.  They take the games' default
options: Pyramid's three passes.
"""

from __future__ import annotations

from solitaire.core.cards import Card
from solitaire.core.state import State

__all__ = ["pyramid_moves", "tripeaks_moves"]


def _pyramid_lying_on() -> dict[int, tuple[int, int]]:
    """Pyramid: the two cards lying on each card of rows 1..6 (cards numbered from 1 at
    the top, row by row): card ``i`` of row ``r`` (both from 0) is under cards ``i`` and
    ``i + 1`` of row ``r + 1``."""
    lying: dict[int, tuple[int, int]] = {}
    for row in range(6):
        first, below = row * (row + 1) // 2 + 1, (row + 1) * (row + 2) // 2 + 1
        for i in range(row + 1):
            lying[first + i] = (below + i, below + i + 1)
    return lying


def _tripeaks_lying_on() -> dict[int, tuple[int, int]]:
    """TriPeaks: the rows hold 3, 6, 9 and 10 cards (1-3, 4-9, 10-18, 19-28).  Peak
    ``p``'s top (card 1 + p) lies under its second row's pair (4 + 2p, 5 + 2p); card ``k``
    of a peak's second row (4 + 2p + k) under cards 10 + 3p + k and 11 + 3p + k of the
    third; card ``j`` of the third row (10 + j) under cards 19 + j and 20 + j of the
    bottom row, which all peaks share."""
    lying: dict[int, tuple[int, int]] = {}
    for peak in range(3):
        lying[1 + peak] = (4 + 2 * peak, 5 + 2 * peak)
        for k in range(2):
            lying[4 + 2 * peak + k] = (10 + 3 * peak + k, 11 + 3 * peak + k)
    for j in range(9):
        lying[10 + j] = (19 + j, 20 + j)
    return lying


PYRAMID_LYING_ON = _pyramid_lying_on()
TRIPEAKS_LYING_ON = _tripeaks_lying_on()


def _free(state: State, lying_on: dict[int, tuple[int, int]]) -> list[tuple[str, Card]]:
    """The face-up cards of the layout that no card lies on, by pile id (t1 .. t28)."""
    free = []
    for number in range(1, 29):
        pile = state.pile(f"t{number}")
        if not pile.up:
            continue
        if any(state.pile(f"t{other}").cards for other in lying_on.get(number, ())):
            continue
        free.append((f"t{number}", pile.up[-1]))
    return free


def pyramid_moves(state: State) -> set[str]:
    """Pyramid: a king that plays goes off alone; two cards that play and make 13 go off
    together.  The stock's face-up card, the waste's top and the uncovered cards of the
    pyramid play.  The tap turns the stock's card onto the waste (and, when it was the
    last, turns the waste back at once), or turns the waste back when the stock is
    empty: three passes in all."""
    stock, waste = state.pile("s"), state.pile("w")
    cards: list[tuple[str, Card]] = []
    if stock.up:
        cards.append(("s", stock.up[-1]))
    if waste.up:
        cards.append(("w", waste.up[-1]))
    cards += _free(state, PYRAMID_LYING_ON)
    moves = {f"{pile}>f1" for pile, card in cards if card.rank == 13}
    for n, (first, card) in enumerate(cards):
        for second, other in cards[n + 1 :]:
            if card.rank + other.rank == 13:
                moves.add(f"{first}>{second}")
    if stock.down or ((stock.up or waste.up) and state.pass_number < 3):
        moves.add("s")
    return moves


def tripeaks_moves(state: State) -> set[str]:
    """TriPeaks: an uncovered face-up card goes onto the waste (``f1``) when it is one
    rank higher or lower than the waste's top, any suit, a king and an ace next to each
    other; the stock turns a card while it has one."""
    top = state.pile("f1").up[-1]
    moves = {
        f"{pile}>f1"
        for pile, card in _free(state, TRIPEAKS_LYING_ON)
        if (card.rank - top.rank) % 13 in (1, 12)
    }
    if state.pile("s").cards:
        moves.add("s")
    return moves
