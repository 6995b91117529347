"""The solver: is a position winnable, and how.

Depth-first search with a transposition table over a compact encoding of the
position (a few dozen bytes), for the Klondike family: Klondike is solved
"thoughtfully" (the face-down cards are known to the solver, but stay unmovable
until turned up), Réfléchi exactly.  Draw 1 and 3, every redeal policy (the pass
under way is part of the position when passes are limited), foundation returns
allowed or forbidden.

Sound reductions only, so that "unwinnable" is a proof:

* the stock is handled by macro moves: "tap the stock k times, then play the
  waste card": taps commute with moves that do not touch the waste, and taps
  not followed by a play are useless;
* safe moves to the foundations are made without branching: a card whose rank
  is at most 2, or whose two possible holders (the cards of the other colour one
  rank lower) are both home already; from the waste only at draw 1 with
  unlimited redeals (Blake & Gent's Solvitaire);
* part of an ordered group moves to another column only when the card it
  uncovers can then go to its foundation (the same paper: otherwise it only
  swaps which of two equal cards holds it);
* a king that already lies at the bottom of its column never moves to an empty
  column, and of several empty columns only the first is tried.

>>> from solitaire.core.registry import Catalog
>>> game = Catalog(entry_points=False).game_from_code("KL1-D3N-AAAAAAC")
>>> solve(game.state, game.rules).verdict   # no card of this deal ever plays
'unwinnable'
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from typing import Final, Literal

import attrs

from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State

__all__ = ["SolveResult", "UnsupportedVariant", "Verdict", "solvable", "solve"]

Verdict = Literal["winnable", "unwinnable", "unknown"]
DEFAULT_NODES: Final = 2_000_000
#: The recursion the search needs at the most (one call per move of a line).
RECURSION_LIMIT: Final = 20_000

# Cards are ints 0..51 as Card.index: suit = card // 13 (S H D C), rank = card % 13 + 1.
_RED: Final = tuple((card // 13) in (1, 2) for card in range(52))
_RANK: Final = tuple(card % 13 + 1 for card in range(52))
_SUIT: Final = tuple(card // 13 for card in range(52))
_OTHER_COLOUR: Final = ((1, 2), (0, 3), (0, 3), (1, 2))  # suits of the other colour, by suit


@attrs.frozen
class SolveResult:
    """A verdict, and for ``winnable`` a winning line of actions in notation."""

    verdict: Verdict
    solution: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0


class _Budget(Exception):
    """The search ran out of nodes, time or memory, or was cancelled."""


class UnsupportedVariant(ValueError):
    """The solver does not know this variant's rules (it knows the Klondike family)."""


def solvable(rules: Ruleset) -> bool:
    """Whether the solver knows the rules of ``rules.variant``: variants declare it
    with ``solver_family = "klondike"`` (Klondike and Réfléchi do)."""
    return rules.variant.solver_family == "klondike"


Columns = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
#: stock, waste, foundation heights, columns, pass under way
Position = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], Columns, int]


class _Search:
    def __init__(
        self,
        rules: Ruleset,
        max_nodes: int,
        deadline: float,
        *,
        returns: bool,
        cancel: threading.Event | None = None,
    ) -> None:
        self.draw = rules.draw
        self.passes = rules.redeal.passes  # None: unlimited
        self.returns = returns
        self.ordered_groups = getattr(rules.variant, "groups_must_be_ordered", True)
        self.safe_waste = self.draw == 1 and self.passes is None
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.cancel = cancel
        self.nodes = 0
        self.seen: set[bytes] = set()
        self.line: list[str] = []

    def solve(self, state: State) -> bool | None:
        """True (the winning line is in ``line``), False (none), None (out of budget)."""
        cols: Columns = tuple(
            (tuple(c.index for c in col.down), tuple(c.index for c in col.up)) for col in state.tableau
        )
        found = tuple(len(foundation) for foundation in state.foundations)
        stock = tuple(c.index for c in state.stock)
        waste = tuple(c.index for c in state.waste)
        # A line is one call deep per move: raise the limit if it is low, never lower it
        # again (lowering it under another thread's search would break that search).
        if sys.getrecursionlimit() < RECURSION_LIMIT:
            sys.setrecursionlimit(RECURSION_LIMIT)
        try:
            return self.run(stock, waste, found, cols, state.pass_number, self.line)
        except _Budget:
            return None

    # -- the position ----------------------------------------------------------------------------

    def key(
        self,
        stock: tuple[int, ...],
        waste: tuple[int, ...],
        found: tuple[int, ...],
        cols: Columns,
        passes: int,
    ) -> bytes:
        parts = [bytes(stock), b"\xff", bytes(waste), b"\xff", bytes(found)]
        # Columns are interchangeable: sort them so that mirror positions meet.
        for down, up in sorted(cols):
            parts += (b"\xfe", bytes(down), b"\xfd", bytes(up))
        if self.passes is not None:
            parts.append(bytes((passes,)))
        return b"".join(parts)

    def out_of_time(self) -> bool:
        return time.monotonic() > self.deadline or (self.cancel is not None and self.cancel.is_set())

    # -- moves -----------------------------------------------------------------------------------

    def movable(self, up: tuple[int, ...]) -> int:
        if not self.ordered_groups:
            return len(up)
        size = 1
        while size < len(up):
            card, under = up[-size], up[-size - 1]
            if _RANK[card] + 1 != _RANK[under] or _RED[card] == _RED[under]:
                break
            size += 1
        return size if up else 0

    @staticmethod
    def fits(card: int, target: int | None) -> bool:
        if target is None:
            return _RANK[card] == 13
        return _RANK[card] + 1 == _RANK[target] and _RED[card] != _RED[target]

    @staticmethod
    def safe(card: int, found: tuple[int, ...]) -> bool:
        rank = _RANK[card]
        if found[_SUIT[card]] != rank - 1:
            return False
        return rank <= 2 or all(found[suit] >= rank - 1 for suit in _OTHER_COLOUR[_SUIT[card]])

    def taps(
        self, stock: tuple[int, ...], waste: tuple[int, ...], passes: int
    ) -> Iterator[tuple[int, int | None, int, tuple[int, ...], int, tuple[int, ...]]]:
        """Each talon configuration reachable by tapping: the number of taps, the
        waste's top card, the pass, and what :func:`_talon` needs to build the stock
        and the waste (built only for the configurations that are played)."""
        count = 0
        limit = 2 * (len(stock) + len(waste)) + 4
        left = len(stock)  # cards of ``stock`` not drawn yet in this pass
        while count < limit:
            if left:
                left -= min(self.draw, left)
                count += 1
                yield count, stock[left], passes, stock, left, waste
            elif (waste or stock) and (self.passes is None or passes < self.passes):
                stock, waste = (waste + stock[::-1])[::-1], ()  # the whole waste, face down
                left, passes = len(stock), passes + 1
                count += 1
                yield count, None, passes, stock, left, waste
            else:
                return

    # -- the search ------------------------------------------------------------------------------

    def run(
        self,
        stock: tuple[int, ...],
        waste: tuple[int, ...],
        found: tuple[int, ...],
        cols: Columns,
        passes: int,
        line: list[str],
    ) -> bool:
        """Depth-first search; ``line`` collects the winning actions."""
        start = len(line)
        raw = self.key(stock, waste, found, cols, passes)
        if raw in self.seen:
            return False
        self.seen.add(raw)
        # Safe moves first, without branching.
        before = len(line)
        stock, waste, found, cols = self.play_safe(stock, waste, found, cols, line)
        if sum(found) == 52:
            return True
        if len(line) != before:
            key = self.key(stock, waste, found, cols, passes)
            if key in self.seen:
                del line[start:]
                return False
            self.seen.add(key)
        self.nodes += 1
        if self.nodes > self.max_nodes or (self.nodes & 1023 == 0 and self.out_of_time()):
            raise _Budget
        for actions, child in self.children(stock, waste, found, cols, passes):
            mark = len(line)
            line.extend(actions)
            if self.run(*child, line):
                return True
            del line[mark:]
        del line[start:]
        return False

    def play_safe(
        self,
        stock: tuple[int, ...],
        waste: tuple[int, ...],
        found: tuple[int, ...],
        cols: Columns,
        line: list[str],
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], Columns]:
        changed = True
        while changed:
            changed = False
            for number, (down, up) in enumerate(cols):
                if up and self.safe(up[-1], found):
                    card = up[-1]
                    found = _raise(found, _SUIT[card])
                    cols = _set(cols, number, _after_take(down, up, 1))
                    line.append(f"t{number + 1}>f")
                    changed = True
            if self.safe_waste and waste and self.safe(waste[-1], found):
                found = _raise(found, _SUIT[waste[-1]])
                waste = waste[:-1]
                line.append("w>f")
                changed = True
        return stock, waste, found, cols

    def children(
        self,
        stock: tuple[int, ...],
        waste: tuple[int, ...],
        found: tuple[int, ...],
        cols: Columns,
        passes: int,
    ) -> Iterator[tuple[list[str], Position]]:
        """Moves in a promising order: foundations, turning cards up, the rest, the stock, returns."""
        tops = [up[-1] if up else None for _, up in cols]
        empty = next((i for i, (down, up) in enumerate(cols) if not down and not up), None)
        first: list[tuple[list[str], Position]] = []
        later: list[tuple[list[str], Position]] = []
        # Column to foundation.
        for number, (down, up) in enumerate(cols):
            if up and _RANK[up[-1]] == found[_SUIT[up[-1]]] + 1:
                child = (
                    stock,
                    waste,
                    _raise(found, _SUIT[up[-1]]),
                    _set(cols, number, _after_take(down, up, 1)),
                    passes,
                )
                first.append(([f"t{number + 1}>f"], child))
        # Waste to foundation and to columns.
        if waste:
            card = waste[-1]
            if _RANK[card] == found[_SUIT[card]] + 1:
                first.append((["w>f"], (stock, waste[:-1], _raise(found, _SUIT[card]), cols, passes)))
            for number, top in enumerate(tops):
                if self.fits(card, top) and (top is not None or number == empty):
                    down, up = cols[number]
                    later.append(
                        (
                            [f"w>t{number + 1}"],
                            (stock, waste[:-1], found, _set(cols, number, (down, up + (card,))), passes),
                        )
                    )
        # Column to column.
        for number, (down, up) in enumerate(cols):
            movable = self.movable(up)
            for size in range(1, movable + 1):
                head = up[-size]
                partial = size < movable  # part of an ordered group
                whole_column = size == len(up) and not down
                if partial:
                    uncovered = up[-size - 1]
                    if _RANK[uncovered] != found[_SUIT[uncovered]] + 1:
                        continue
                for target_number, top in enumerate(tops):
                    if target_number == number or not self.fits(head, top):
                        continue
                    if top is None and (target_number != empty or whole_column):
                        continue
                    target_down, target_up = cols[target_number]
                    moved = _set(cols, number, _after_take(down, up, size))
                    moved = _set(moved, target_number, (target_down, target_up + up[-size:]))
                    action = (
                        f"t{number + 1}:{size}>t{target_number + 1}"
                        if size > 1
                        else f"t{number + 1}>t{target_number + 1}"
                    )
                    entry = ([action], (stock, waste, found, moved, passes))
                    (first if not partial and not whole_column else later).append(entry)
        # The stock: tap k times, then play the waste card.
        for count, shown, new_passes, talon, left, base in self.taps(stock, waste, passes):
            if shown is None:
                continue
            card = shown
            to_foundation = _RANK[card] == found[_SUIT[card]] + 1
            targets = [
                number
                for number, top in enumerate(tops)
                if self.fits(card, top) and (top is not None or number == empty)
            ]
            if not to_foundation and not targets:
                continue
            new_stock, new_waste = _talon(talon, left, base)
            taps = ["s"] * count
            if to_foundation:
                later.append(
                    (
                        [*taps, "w>f"],
                        (new_stock, new_waste[:-1], _raise(found, _SUIT[card]), cols, new_passes),
                    )
                )
            for number in targets:
                down, up = cols[number]
                later.append(
                    (
                        [*taps, f"w>t{number + 1}"],
                        (
                            new_stock,
                            new_waste[:-1],
                            found,
                            _set(cols, number, (down, (*up, card))),
                            new_passes,
                        ),
                    )
                )
        # Foundation returns, last.
        if self.returns:
            for suit, height in enumerate(found):
                if not height:
                    continue
                card = suit * 13 + height - 1
                for number, top in enumerate(tops):
                    if top is not None and self.fits(card, top):
                        down, up = cols[number]
                        later.append(
                            (
                                [f"f{suit + 1}>t{number + 1}"],
                                (
                                    stock,
                                    waste,
                                    _lower(found, suit),
                                    _set(cols, number, (down, up + (card,))),
                                    passes,
                                ),
                            )
                        )
        yield from first
        yield from later


def _talon(
    stock: tuple[int, ...], left: int, waste: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Stock and waste once the cards of ``stock`` beyond ``left`` have been drawn."""
    return stock[:left], waste + stock[left:][::-1]


def _raise(found: tuple[int, ...], suit: int) -> tuple[int, ...]:
    return found[:suit] + (found[suit] + 1,) + found[suit + 1 :]


def _lower(found: tuple[int, ...], suit: int) -> tuple[int, ...]:
    return found[:suit] + (found[suit] - 1,) + found[suit + 1 :]


def _set(cols: Columns, number: int, column: tuple[tuple[int, ...], tuple[int, ...]]) -> Columns:
    return cols[:number] + (column,) + cols[number + 1 :]


def _after_take(
    down: tuple[int, ...], up: tuple[int, ...], size: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    rest = up[:-size]
    if not rest and down:
        return down[:-1], (down[-1],)  # the card under turns up by itself
    return down, rest


def solve(
    state: State,
    rules: Ruleset,
    *,
    max_nodes: int = DEFAULT_NODES,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
) -> SolveResult:
    """Search ``state`` for a win.  ``winnable`` comes with a line of actions that
    ``Game.perform`` plays to the win; ``unwinnable`` only when the search was
    exhaustive; ``unknown`` when ``max_nodes`` or ``timeout`` (seconds) ran out, or
    when another thread set ``cancel``.  Raises :class:`UnsupportedVariant` for a
    variant outside the Klondike family (see :func:`solvable`).

    With foundation returns allowed, the search first looks for a win without
    them (a much smaller space, and a win there is a win here); only a deal that
    has none is searched again with them, for the proof."""
    if not solvable(rules):
        raise UnsupportedVariant(f"the solver does not know the rules of {rules.variant.id!r}")
    started = time.monotonic()
    deadline = started + timeout if timeout is not None else float("inf")
    nodes = 0
    if rules.returns_allowed:
        first = _Search(
            rules, max_nodes // 2, started + (deadline - started) / 2, returns=False, cancel=cancel
        )
        found = first.solve(state)
        nodes = first.nodes
        if found is True:
            return SolveResult("winnable", tuple(first.line), nodes, time.monotonic() - started)
    search = _Search(rules, max_nodes - nodes, deadline, returns=rules.returns_allowed, cancel=cancel)
    found = search.solve(state)
    nodes += search.nodes
    seconds = time.monotonic() - started
    if found is None:
        return SolveResult("unknown", (), nodes, seconds)
    if found:
        return SolveResult("winnable", tuple(search.line), nodes, seconds)
    return SolveResult("unwinnable", (), nodes, seconds)


def first_move(result: SolveResult) -> Move | None:
    """The first move of a winning line (a tap of the stock counts as a move)."""
    if not result.solution:
        return None
    first = result.solution[0]
    return DRAW if first == "s" else Move.parse(first)
