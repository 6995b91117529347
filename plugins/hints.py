"""The built-in hint provider: one useful move, not necessarily the best.

In order of preference: a move that turns up a face-down card; a card to its
foundation; a waste card into play; a move that frees a card for a foundation
or fills an empty column with a king that uncovers something; then the stock.
Moves that only shuffle cards between columns, and foundation returns, are
never suggested.
"""

from __future__ import annotations

from solitaire.core.cards import Card
from solitaire.core.hints import Hint, move_message, no_move
from solitaire.core.i18n import Message
from solitaire.core.moves import Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State

__all__ = ["heuristic_hint"]


def _column(state: State, pile: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    column = state.tableau[int(pile[1:]) - 1]
    return column.down, column.up


def _head(state: State, move: Move) -> Card:
    if move.src == "w":
        return state.waste[-1]
    if move.src[0] == "f":
        return state.foundations[int(move.src[1:]) - 1][-1]
    return _column(state, move.src)[1][-(move.count or 1)]


def _said(state: State, move: Move, reason: Message | None = None) -> Message:
    """The move in words, then why (a reason in lower case)."""
    words = move_message(state, move)
    if reason is None:
        return Message("{move}.", move=words)
    return Message("{move}: {reason}", move=words, reason=reason)


def _rank(state: State, move: Move) -> tuple[float, Message] | None:
    """A move's priority (lower is better) and its reason (naming the move), or None
    when useless."""
    if move.is_draw:
        return (50 if state.stock else 60), _said(state, move)
    card = _head(state, move)
    dst = move.dst or ""
    if move.src[0] == "f":
        return None
    if move.src[0] == "t":
        down, up = _column(state, move.src)
        whole = (move.count or 1) == len(up)
        if whole and down:
            column = move.src[1:]
            return 10 - min(len(down), 6) / 10, _said(
                state, move, Message("that turns up a card in column {column}.", column=column)
            )
    if dst == "f":
        return 20 + card.rank / 100, _said(state, move)
    if move.src == "w":
        return 30, _said(state, move)
    down, up = _column(state, move.src)
    size = move.count or 1
    if size < len(up):
        freed = up[-size - 1]
        if freed.rank == len(state.foundations[freed.suit]) + 1:
            return 40, _said(
                state,
                move,
                Message("that frees {freed} for its foundation.", freed=freed.display),
            )
    return None


def heuristic_hint(state: State, rules: Ruleset) -> Hint:
    """The most useful-looking legal move, or :func:`no_move`."""
    if rules.is_won(state):
        return Hint(None, Message("The game is won: every card is home."))
    best: tuple[float, int, Move, Message] | None = None
    for order, move in enumerate(rules.legal_moves(state)):
        ranked = _rank(state, move)
        if ranked is not None and (best is None or (ranked[0], order) < best[:2]):
            best = (ranked[0], order, move, ranked[1])
    if best is None:
        return no_move()
    return Hint(best[2], best[3])
