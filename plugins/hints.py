"""The built-in hint provider: one useful move, not necessarily the best, in any game.

The hint is one of the variant's legal moves, ranked by what it does to the
table (worked out by playing it), so that it holds for every game:

1. a face-down card turns up (a move that also sends cards home first; in Spider,
   a move that sends a whole run home comes before every other);
2. a card goes to a foundation;
3. a column empties, when a card that is not alone in its pile could then go there;
4. a waste card comes into play;
5. a cell is freed, its card going onto a card;
6. a card is freed for its foundation;
7. a run gets longer (a card or group leaves a card it does not build on for one it does);
8. the stock, last: drawing or dealing, then turning the waste back.

When no move does one of the first seven, a short search (:data:`SEARCH_DEPTH`
moves, :data:`SEARCH_NODES` positions at most, no clock) looks for a line that
puts a card on a foundation, turns a card up, empties a column or lets the stock
deal again (Spider's stock waits for every column to hold a card), and the hint is
its first move: a card to a free cell in FreeCell, say.  The search also runs when
the best move only does one of 5 to 8, and a line that puts a card home then comes
first: freeing a cell onto the very card that covers the next card home would
only be undone.  The rest of the line
(unless it leads to a deal) is remembered, so that the next hints follow it
instead of undoing its first move.

A move that does none of these is never suggested: foundation returns, moves that
only shuttle cards between equivalent piles (a lone card from one empty column or
cell to another), and moves that only undo one another, since the reverse of a
move that makes progress makes none.  Following the hints therefore never goes
round in a circle, except through the stock.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import Final

from solitaire.core.hints import Hint, Memory, move_message, no_move
from solitaire.core.i18n import Message
from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import CELL, FOUNDATION, TABLEAU, WASTE, CardTurnedUp, Pile, State
from solitaire.variants.blocks import Declared

__all__ = ["SEARCH_DEPTH", "SEARCH_NODES", "heuristic_hint", "lines"]

#: How many moves the search behind the hint looks ahead, and how many positions it sees.
SEARCH_DEPTH: Final = 3
SEARCH_NODES: Final = 1_000

#: Ranks up to this one beat following a line found before (see :func:`heuristic_hint`).
STRONG: Final = 25

#: Ranks from this one on (freeing a cell, freeing a card, a longer run, the stock) give
#: way to a short line that sends a card home.
WEAK: Final = 36

#: The lines the search found: the move to play next from a position on one, and why.
lines: Memory[Hashable, tuple[Move, Message]] = Memory(1_024)

#: The kinds of piles whose places do not matter: states that differ only in which of
#: them holds what are the same position for a hint.
_INTERCHANGEABLE = (TABLEAU, CELL)


def _moves(state: State, rules: Ruleset) -> list[Move]:
    """The legal moves that mean what they say: those the rules read back as themselves
    (``tN>tM`` to an empty column may stand for a bigger group when played)."""
    return [move for move in rules.legal_moves(state) if move.is_draw or rules.check(state, move) == move]


def _kind(state: State, pile: str) -> str:
    if pile == "f":
        return FOUNDATION
    return state.table.kind(pile)


def _said(state: State, rules: Ruleset, move: Move, reason: Message | None = None) -> Message:
    """The move in words, then why (a reason in lower case)."""
    words = move_message(state, move, rules)
    if reason is None:
        return Message("{move}.", move=words)
    return Message("{move}: {reason}", move=words, reason=reason)


def _shape(state: State) -> tuple[object, ...]:
    """The position with interchangeable piles taken as a multiset (see :data:`_INTERCHANGEABLE`)."""
    shape: list[object] = []
    for kind in dict.fromkeys(state.table.kinds):
        piles = state.of_kind(kind)
        # Piles of a kind in an order of their own: equal multisets give equal shapes.
        shape.append(tuple(sorted(piles, key=_place_key)) if kind in _INTERCHANGEABLE else piles)
    return tuple(shape)


def _place_key(pile: Pile) -> int:
    """An order of piles: by the card on top (no two piles share one), empty piles first."""
    cards = pile.up or pile.down
    return cards[-1].uid if cards else -1


def _order(state: State, rules: Ruleset) -> tuple[int, int]:
    """How ordered the tableau is: the cards of its movable groups (beyond their heads),
    then the face-up cards lying on a card they build on."""
    variant = rules.variant
    if not isinstance(variant, Declared):
        return 0, 0
    build = variant.tableau_block.build
    grouped = built = 0
    for column in state.tableau:
        up = column.up
        grouped += max(variant.movable(up) - 1, 0)
        built += sum(1 for under, card in itertools.pairwise(up) if build.fits(card, under))
    return grouped, built


def _empty_columns(state: State) -> int:
    return sum(1 for column in state.tableau if not column)


def _stops_the_stock(after: State, rules: Ruleset) -> bool:
    """Whether the stock holds cards it cannot deal in ``after`` (Spider deals only while
    every column holds a card: emptying one there only to fill it again would go round
    in a circle)."""
    return bool(after.stock) and not isinstance(rules.check(after, DRAW), Move)


def _fills_usefully(after: Sequence[Move], state: State, column: str, came: str | None = None) -> bool:
    """Whether a card that is not alone in its pile (or a waste card) may go to
    ``column``, other than from ``came`` (where the cards that left it went)."""
    for move in after:
        if move.dst != column or move.is_draw or move.src == came:
            continue
        kind = _kind(state, move.src)
        if kind == WASTE:
            return True
        if kind == TABLEAU and len(state.pile(move.src)) > (move.count or 1):
            return True
    return False


def _turns_up(pile: str) -> Message:
    """The reason of a move that turns a card up in ``pile``."""
    if pile[:1] == "t":
        return Message("that turns up a card in column {column}.", column=pile[1:])
    return Message("that turns up the next card of the reserve.")


def _rank(state: State, rules: Ruleset, move: Move) -> tuple[float, Message] | None:
    """A move's priority (lower is better) and its reason (naming the move), or None
    when useless."""
    if move.is_draw:
        return (60 if state.stock else 70), _said(state, rules, move)
    src_kind, dst_kind = _kind(state, move.src), _kind(state, move.dst or "")
    if src_kind == FOUNDATION:
        return None
    events, after = rules.transition(state, move)
    if _shape(after) == _shape(state):
        return None  # a lone card from one empty pile to another of the same kind
    source = state.pile(move.src)
    home = after.foundation_count - state.foundation_count
    turned = state.face_down_count - after.face_down_count
    # Where a card turns up: the source column, as a rule (Clock: the pile of the card's hour).
    turned_in = next((event.pile for event in events if isinstance(event, CardTurnedUp)), move.src)
    if home > 0 and turned > 0:
        return 5, _said(state, rules, move, _turns_up(turned_in))
    if home > 0:
        if dst_kind != FOUNDATION:
            # A game's own words say what such a move does (Pyramid's pairs); else it is Spider's run.
            words = rules.variant.move_words(state, move)
            reason = None if words is not None else Message("that sends a whole run to the foundations.")
            return 9, _said(state, rules, move, reason)
        return 20 + source.up[-1].rank / 100, _said(state, rules, move)
    if turned > 0:
        return 10 - min(len(source.down), 6) / 10, _said(state, rules, move, _turns_up(turned_in))
    if (
        src_kind == TABLEAU
        and dst_kind == TABLEAU
        and _empty_columns(after) > _empty_columns(state)
        and not _stops_the_stock(after, rules)
        and _fills_usefully(rules.legal_moves(after), after, move.src, move.dst)
    ):
        return 30, _said(state, rules, move, Message("that empties column {column}.", column=move.src[1:]))
    if src_kind == WASTE and dst_kind != CELL:
        return 35, _said(state, rules, move)
    target = state.pile(move.dst or "")
    if dst_kind == TABLEAU and not target:
        ranked = _useful(state, rules, move, after, src_kind, dst_kind, target)
        # Of two moves as useful, the one that keeps an empty column empty.
        return None if ranked is None else (ranked[0] + 0.5, ranked[1])
    return _useful(state, rules, move, after, src_kind, dst_kind, target)


def _useful(
    state: State, rules: Ruleset, move: Move, after: State, src_kind: str, dst_kind: str, target: Pile
) -> tuple[float, Message] | None:
    """:func:`_rank` for the moves that neither go home nor turn a card up."""
    source = state.pile(move.src)
    count = move.count or 1
    if src_kind == CELL and target:
        return 36, _said(state, rules, move, Message("that frees a cell."))
    if src_kind == TABLEAU and count < len(source.up):
        freed = source.up[-count - 1]
        if any(
            step.src == move.src and _kind(after, step.dst or "") == FOUNDATION
            for step in rules.legal_moves(after)
        ):
            return 40, _said(
                state,
                rules,
                move,
                Message("that frees {freed} for its foundation.", freed=freed.display),
            )
    if dst_kind == TABLEAU and target and count < len(source) and _order(after, rules) > _order(state, rules):
        return 50, _said(state, rules, move, Message("that makes a longer run."))
    return None


def _goal(root: State, state: State, rules: Ruleset, last: Move) -> tuple[int, Message] | None:
    """What the line to ``state`` (its ``last`` move) achieved since ``root`` when it is
    worth a hint, and how much (lower is better)."""
    if state.foundation_count > root.foundation_count:
        return 0, Message("that prepares a move to a foundation.")
    if state.face_down_count < root.face_down_count:
        return 1, Message("that prepares turning up a card.")
    if _empty_columns(state) > _empty_columns(root) and not _stops_the_stock(state, rules):
        moves = rules.legal_moves(state)
        for pile, column in zip(state.table.ids_of(TABLEAU), state.tableau, strict=True):
            if not column and _fills_usefully(moves, state, pile, last.dst):
                return 2, Message("that prepares emptying a column.")
    if (
        state.stock
        and not isinstance(rules.check(root, DRAW), Move)
        and isinstance(rules.check(state, DRAW), Move)
    ):
        return 3, Message("that lets the stock deal again.")
    return None


def _key(state: State, rules: Ruleset) -> Hashable:
    return rules.options, state.table, state.piles, state.pass_number


def _prepared(state: State, rules: Ruleset) -> tuple[int, Message, tuple[tuple[State, Move], ...]] | None:
    """The line found that reaches the best :func:`_goal` (the shortest of those),
    breadth first, without the stock, foundation returns, or positions seen before:
    how good its goal is, why, and its positions and moves."""
    seen = {_shape(state)}
    Line = tuple[tuple[State, Move], ...]
    frontier: list[tuple[State, Line, int]] = [(state, (), 0)]
    #: The best goal so far: how good, how long, how many columns it fills, why, the line.
    best: tuple[int, int, int, Message, Line] | None = None
    for depth in range(SEARCH_DEPTH):
        if best is not None and best[0] == 0:
            break  # nothing better than a card home, and later lines are longer
        reached: list[tuple[State, Line, int]] = []
        for position, line, filled in frontier:
            for move in _moves(position, rules):
                if move.is_draw or _kind(position, move.src) == FOUNDATION or len(seen) > SEARCH_NODES:
                    continue
                _, after = rules.transition(position, move)
                shape = _shape(after)
                if shape in seen:
                    continue
                seen.add(shape)
                steps = (*line, (position, move))
                # Empty columns are worth more than cells: a line fills as few as it can.
                fills = filled + (
                    _kind(position, move.dst or "") == TABLEAU and not position.pile(move.dst or "")
                )
                goal = _goal(state, after, rules, move)
                if goal is not None and (best is None or (goal[0], depth, fills) < best[:3]):
                    best = (goal[0], depth, fills, goal[1], steps)
                reached.append((after, steps, fills))
        frontier = reached
    if best is None:
        return None
    return best[0], best[3], best[4]


def _start(rules: Ruleset, goal: int, reason: Message, steps: tuple[tuple[State, Move], ...]) -> Hint:
    """The hint to play the first move of a line :func:`_prepared` found, its other
    positions and moves going to :data:`lines`."""
    if goal <= 2:  # not a line to a deal: filling columns for it may empty others again
        for place, step in steps[1:]:
            lines.remember(_key(place, rules), (step, reason))
    state, move = steps[0]
    return Hint(move, _said(state, rules, move, reason))


def _followed(state: State, rules: Ruleset) -> Hint | None:
    """The next move of a line :func:`_prepared` found, when ``state`` lies on one."""
    found, answer = lines.recall(_key(state, rules))
    if not found or answer is None:
        return None
    move, reason = answer
    checked = rules.check(state, move)
    if not isinstance(checked, Move):
        return None
    return Hint(checked, _said(state, rules, checked, reason))


def heuristic_hint(state: State, rules: Ruleset) -> Hint:
    """The most useful-looking legal move (or the next move of a line found before),
    else the first move of a short line that makes progress, else the stock, else
    :func:`no_move`."""
    if rules.is_won(state):
        return Hint(None, Message("The game is won: every card is home."))
    best: tuple[float, int, Move, Message] | None = None
    for order, move in enumerate(_moves(state, rules)):
        ranked = _rank(state, rules, move)
        if ranked is not None and (best is None or (ranked[0], order) < best[:2]):
            best = (ranked[0], order, move, ranked[1])
    if best is None or best[0] > STRONG:
        followed = _followed(state, rules)
        if followed is not None:
            return followed
    if best is None or best[0] >= WEAK:
        prepared = _prepared(state, rules)
        # A line that sends a card home beats a weak move (which may bury that card),
        # any line beats the stock; a line starting with the best move keeps its reason.
        if prepared is not None and (
            best is None or (prepared[2][0][1] != best[2] and (best[2].is_draw or prepared[0] == 0))
        ):
            return _start(rules, *prepared)
    if best is None:
        return no_move()
    return Hint(best[2], best[3])
