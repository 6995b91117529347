"""Simple Simon decided by a plain exhaustive search, written from the rules alone.

The rules (``docs/rules.md``): ten columns, all cards face up.  A card goes on a card
one rank higher, whatever its suit, or into an empty column; a group moves as one
only when it is a run of one suit (each card one rank below the one under it); a
whole run, king to ace of one suit, leaves the table.  Won when the table is empty.

Nothing here asks the engine's rules: the columns are read once from a dealt
position, then everything is tuples of ``(rank, suit)``.  A position is the ten
columns; since the rules never tell two columns apart, the visited set holds them
sorted.  The search is a depth-first walk of every reachable position, without
pruning and without any move made without branching: "unwinnable" means every
reachable position was seen.

The engine removes a finished run at once; a player who may leave it (so that its
cards still take others) plays a game with more moves, and the search can do both:
``optional=True`` makes the removal a move of its own.

Used by ``tests/solver/test_simple_simon_oracle.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from solitaire.core.state import State

#: A card: (rank 1..13, suit number).
Card = tuple[int, int]
Column = tuple[Card, ...]
Position = tuple[Column, ...]

RUN = 13


def columns(state: State) -> Position:
    """The ten columns of an engine position, bottom card first."""
    return tuple(tuple((card.rank, int(card.suit)) for card in state.pile(f"t{n}").up) for n in range(1, 11))


def _top_run(column: Column) -> int:
    """How many cards at the top of ``column`` make a run of one suit."""
    length = 1
    while (
        length < len(column)
        and column[-length - 1][1] == column[-length][1]
        and column[-length - 1][0] == column[-length][0] + 1
    ):
        length += 1
    return length


def _finished(column: Column) -> bool:
    return len(column) >= RUN and _top_run(column) >= RUN and column[-RUN][0] == RUN


def _settled(position: Position) -> Position:
    """Every finished run gone (what the engine does after each move)."""
    while any(_finished(column) for column in position):
        position = tuple(column[:-RUN] if _finished(column) else column for column in position)
    return position


def moves(position: Position, *, optional: bool = False) -> Iterator[Position]:
    """Every position one move away."""
    for source, column in enumerate(position):
        if not column:
            continue
        run = _top_run(column)
        if optional and _finished(column):
            yield tuple(column[:-RUN] if n == source else other for n, other in enumerate(position))
        for count in range(1, run + 1):
            group = column[-count:]
            for target, other in enumerate(position):
                if target == source:
                    continue
                fits = other[-1][0] == group[0][0] + 1 if other else count < len(column)
                if fits:
                    yield tuple(
                        column[:-count] if n == source else other + group if n == target else pile
                        for n, pile in enumerate(position)
                    )


def winnable(position: Position, *, optional: bool = False, limit: int = 100_000) -> bool | None:
    """Whether ``position`` can be won; None after ``limit`` positions."""
    start = position if optional else _settled(position)
    seen = {tuple(sorted(start))}
    stack = [start]
    while stack:
        here = stack.pop()
        if not any(here):
            return True
        if len(seen) > limit:
            return None
        for after in moves(here, optional=optional):
            if not optional:
                after = _settled(after)
            key = tuple(sorted(after))
            if key not in seen:
                seen.add(key)
                stack.append(after)
    return False
