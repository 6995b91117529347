"""The Klondike solver: is a position of Klondike's table winnable, and how.

Depth-first search with a transposition table over a compact encoding of the
position (a few dozen bytes), for the Klondike family: Klondike is solved
"thoughtfully" (the face-down cards are known to the solver, but stay unmovable
until turned up), Réfléchi exactly.  Draw 1 and 3, every redeal policy (the pass
under way is part of the position when passes are limited), foundation returns
allowed or forbidden.

Deals where some cards can provably never move (:func:`_locked`) are lost
without searching.  Moves are tried in order of promise: foundations, moves
that turn a card up (from the column with most cards face down first), the
waste, the stock, moves that empty a column, foundation returns; a move that
prepares one that turns a card up (emptying a column for a king, laying a talon
card out for a group) ranks with it.  Searches for a win run first, on three
quarters of the budget: depth-first searches that try only the two or three
most promising moves of each position, and a best-first search
(:meth:`_Search.best_first`).  They find most wins quickly.  The complete
search then uses sound reductions only, so that "unwinnable" is a proof:

* the stock is handled by macro moves: "tap the stock k times, then play the
  waste card": taps commute with moves that do not touch the waste, and taps
  not followed by a play are useless;
* with unlimited redeals, talons that taps alone turn into one another are one
  position in the transposition table (at draw 1 any two talons holding the
  same cards in the same drawing order, wherever the waste ends; at draw 3 those
  whose waste ends where a pass starts a group of three, or at the end);
* safe moves to the foundations are made without branching: a card whose rank
  is at most 2, or whose two possible holders (the cards of the other colour one
  rank lower) are both home already; from the talon only at draw 1 with
  unlimited redeals, where every talon card is a few taps away (Blake & Gent's
  Solvitaire);
* part of an ordered group moves to another column only when the card it
  uncovers can then go to its foundation (the same paper: otherwise it only
  swaps which of two equal cards holds it);
* at draw 1 with unlimited redeals a talon card goes to a column only when the
  next move puts a card on it (it waits as well in the talon);
* a column is emptied only when no other is empty, and the next move brings a
  king there (until then the cards that left it serve as well where they were);
* a king that already lies at the bottom of its column never moves to an empty
  column, and of several empty columns only the first is tried.

The solver answers for :class:`~solitaire.variants.klondike.Klondike` and for every
variant whose declaration is Klondike's table (:meth:`KlondikeSolver.fits`): Réfléchi,
and a plugin's Klondike with other deals.

>>> from solitaire.core.solver import solve
>>> from solitaire.plugins.builtins import new_catalog
>>> game = new_catalog(entry_points=False).game_from_code("KL1-D3N-AAAAAAC")
>>> solve(game.state, game.rules).verdict   # no card of this deal ever plays
'unwinnable'
"""

from __future__ import annotations

import heapq
import itertools
import random
import sys
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, Literal

import attrs

from solitaire.core.ruleset import Ruleset
from solitaire.core.solver import DEFAULT_NODES, SolveResult
from solitaire.core.state import State

if TYPE_CHECKING:
    from solitaire.core.ruleset import Variant

__all__ = ["KLONDIKE_SOLVER", "WIN_PHASES", "KlondikeSolver", "Phase"]

#: What a search does: "complete" tries every move but those its sound reductions
#: leave out, so that finding no win is a proof; "narrow" tries only the ``width`` most
#: promising moves of each position; "best-first" follows :meth:`_Search.estimate`.
#: The last two only look for wins.
Mode = Literal["complete", "narrow", "best-first"]

#: How many moves of each position the narrow searches try.
FAST_WIDTH: Final = 2
#: The narrow searches get 1/NARROW_SHARE of the budget, the probes as much again.
NARROW_SHARE: Final = 4
#: How many moves of each position the narrow searches in a shaken order try.
PROBE_WIDTH: Final = 3
#: How many narrow searches in a shaken order follow the first one.
PROBES: Final = 8
PROBE_JITTER: Final = 25.0
#: The best-first search gets 1/BEST_FIRST_SHARE of the budget.
BEST_FIRST_SHARE: Final = 4
#: How many of each position's moves the best-first search keeps: in the first quarter of
#: its budget, the second quarter, and the rest.
BEST_FIRST_WIDTHS: Final = (3, 2, 1)
#: How much a move made weighs in the best-first search against a move still needed.
BEST_FIRST_WEIGHT: Final = 1.0
#: How many columns' encodings :meth:`_Search.key` keeps.
COLUMN_CACHE: Final = 200_000
#: The recursion the search needs at the most (one call per move of a line).
RECURSION_LIMIT: Final = 20_000

# Cards are ints 0..51 as Card.index: suit = card // 13 (S H D C), rank = card % 13 + 1.
_RED: Final = tuple((card // 13) in (1, 2) for card in range(52))
_RANK: Final = tuple(card % 13 + 1 for card in range(52))
_SUIT: Final = tuple(card // 13 for card in range(52))
_OTHER_COLOUR: Final = ((1, 2), (0, 3), (0, 3), (1, 2))  # suits of the other colour, by suit
_SAME_COLOUR: Final = (3, 2, 1, 0)  # the other suit of the same colour, by suit
#: The clock is read on the first node of each search, then every _CLOCK + 1 nodes (a few
#: milliseconds): deadlines hold closely, even when a search starts after the deadline.
_CLOCK: Final = 127
#: ``pending`` values from _EMPTY on name a column just emptied, that a king must fill.
_EMPTY: Final = 64
_KINGS: Final = tuple(suit * 13 + 12 for suit in range(4))
#: For each card, the two cards that may go on it in a column (none for an ace).
_FITTERS: Final = tuple(
    () if card % 13 == 0 else tuple(suit * 13 + card % 13 - 1 for suit in _OTHER_COLOUR[card // 13])
    for card in range(52)
)
#: For each card, the two cards it may go on in a column (none for a king).
_ACCEPTORS: Final = tuple(
    () if card % 13 == 12 else tuple(suit * 13 + card % 13 + 1 for suit in _OTHER_COLOUR[card // 13])
    for card in range(52)
)


@attrs.frozen
class Phase:
    """A search for a win that :meth:`KlondikeSolver.solve` runs before the complete search, on
    1/``share`` of the budget (nodes and seconds)."""

    mode: Mode
    share: int
    #: How many moves of each position a narrow search tries.
    width: int | None = None
    #: A narrow search's moves in a shaken order (a probe), from this seed.
    seed: int | None = None


#: The searches for a win, in order: the two most promising moves of each
#: position, the best-first search, then three moves a position in shaken orders.
WIN_PHASES: tuple[Phase, ...] = (
    Phase("narrow", NARROW_SHARE, FAST_WIDTH),
    Phase("best-first", BEST_FIRST_SHARE),
    *(Phase("narrow", NARROW_SHARE * PROBES, PROBE_WIDTH, probe) for probe in range(1, PROBES + 1)),
)


class _Budget(Exception):
    """The search ran out of nodes, time or memory, or was cancelled."""


Columns = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
#: stock, waste, foundation heights, columns, pass under way
Position = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], Columns, int]
#: a move's priority, its actions, the position it leads to, the card the next move must use (or -1)
Child = tuple[int, list[str], Position, int]
#: A line of actions as a linked list: the last actions, and the line before them.
Link = tuple[list[str], "Link"] | None


class _Search:
    def __init__(
        self,
        rules: Ruleset,
        max_nodes: int,
        deadline: float,
        *,
        returns: bool,
        mode: Mode = "complete",
        width: int | None = None,
        seed: int | None = None,
        cancel: threading.Event | None = None,
    ) -> None:
        if (mode == "narrow") != (width is not None):
            raise ValueError("a narrow search, and only one, takes a width")
        self.mode = mode
        self.draw = rules.draw
        self.passes = rules.redeal.passes  # None: unlimited
        self.returns = returns
        self.safe_waste = self.draw == 1 and self.passes is None
        complete = mode == "complete"
        #: Talon cards wait in the talon until a card may go on them (see :meth:`children`).
        self.defer = self.safe_waste and complete
        #: A column is emptied only just before a king goes there (see :meth:`children`).
        self.late_empty = complete
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.cancel = cancel
        self.width = width
        self.shuffle = random.Random(seed) if seed is not None else None
        #: Whether ``width`` ever left a move out (if not, other orders find nothing new).
        self.narrowed = False
        self.nodes = 0
        self.seen: set[bytes] = set()
        self.column_bytes: dict[tuple[tuple[int, ...], tuple[int, ...]], bytes] = {}
        self.movables: dict[tuple[int, ...], int] = {}
        self.column_estimates: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self.talons: dict[
            tuple[tuple[int, ...], tuple[int, ...], int],
            list[tuple[int, int, tuple[int, ...], tuple[int, ...], int]],
        ] = {}
        self.line: list[str] = []

    def solve(self, state: State) -> bool | None:
        """True (the winning line is in ``line``), False (none, or none found by a
        best-first search), None (out of budget)."""
        if self.mode == "best-first":
            return self.best_first(state)
        # A line is one call deep per move: raise the limit if it is low, never lower it
        # again (lowering it under another thread's search would break that search).
        if sys.getrecursionlimit() < RECURSION_LIMIT:
            sys.setrecursionlimit(RECURSION_LIMIT)
        try:
            position = _position(state)
            return self.run(position, self.line, -1, self.key(position))
        except _Budget:
            return None

    # -- the position ----------------------------------------------------------------------------

    def key(self, position: Position) -> bytes:
        stock, waste, found, cols, passes = position
        # The talon as the order the cards are drawn in, and where the waste ends in
        # it.  With unlimited redeals, talons that can reach one another by taps
        # alone are one position: at draw 1 all of them, at draw 3 those whose
        # pointer sits where a pass starts its groups of three (or at the end).
        pointer = len(waste)
        if self.passes is None and (self.draw == 1 or pointer % 3 == 0 or not stock):
            pointer = 0
        # Columns are interchangeable: sort them so that mirror positions meet.  Most
        # columns recur in many positions: their bytes are kept.
        known = self.column_bytes
        try:
            columns = [known[column] for column in cols]
        except KeyError:
            if len(known) > COLUMN_CACHE:
                known.clear()
            for column in cols:
                if column not in known:
                    known[column] = b"\xfe" + bytes(column[0]) + b"\xfd" + bytes(column[1])
            columns = [known[column] for column in cols]
        columns.sort()
        if self.passes is not None:
            columns.append(bytes((passes,)))
        return b"".join(
            (bytes(waste), bytes(stock[::-1]), b"\xff", bytes((pointer,)), bytes(found), *columns)
        )

    def out_of_time(self) -> bool:
        return time.monotonic() > self.deadline or (self.cancel is not None and self.cancel.is_set())

    # -- moves -----------------------------------------------------------------------------------

    def movable(self, up: tuple[int, ...]) -> int:
        """How many cards of ``up`` form the ordered group on top (kept: most columns
        recur in many positions)."""
        size = self.movables.get(up)
        if size is None:
            size = 1
            while size < len(up):
                card, under = up[-size], up[-size - 1]
                if _RANK[card] + 1 != _RANK[under] or _RED[card] == _RED[under]:
                    break
                size += 1
            if not up:
                size = 0
            if len(self.movables) > COLUMN_CACHE:
                self.movables.clear()
            self.movables[up] = size
        return size

    @staticmethod
    def fits(card: int, target: int | None) -> bool:
        if target is None:
            return _RANK[card] == 13
        return _RANK[card] + 1 == _RANK[target] and _RED[card] != _RED[target]

    def safe(self, card: int, found: tuple[int, ...]) -> bool:
        """Whether ``card`` may go home without losing a win: nothing that is not home
        could ever need it.  The cards that may go on it (the other colour, one rank
        lower) are home; with foundation returns, which could bring those back, so
        is every card two ranks lower or more, so that whatever returned cards
        build on it holds only cards that are home."""
        rank, suit = _RANK[card], _SUIT[card]
        if found[suit] != rank - 1:
            return False
        if rank <= 2:
            return True
        if not all(found[other] >= rank - 1 for other in _OTHER_COLOUR[suit]):
            return False
        return not self.returns or found[_SAME_COLOUR[suit]] >= rank - 2

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

    def talon(
        self, stock: tuple[int, ...], waste: tuple[int, ...], passes: int
    ) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...], int]]:
        """Each card the taps can bring to the top of the waste: the number of taps,
        the card, the stock and the waste once it is played, and the pass (cached:
        most positions share their talon with many others)."""
        talon_key = (stock, waste, passes)
        known = self.talons.get(talon_key)
        if known is None:
            known = []
            for count, shown, new_passes, cards, left, base in self.taps(stock, waste, passes):
                if shown is not None:
                    new_stock, new_waste = _talon(cards, left, base)
                    known.append((count, shown, new_stock, new_waste[:-1], new_passes))
            if len(self.talons) > 100_000:
                self.talons.clear()
            self.talons[talon_key] = known
        return known

    # -- the search ------------------------------------------------------------------------------

    def run(self, position: Position, line: list[str], pending: int, raw: bytes) -> bool:
        """Depth-first search; ``line`` collects the winning actions.  ``pending`` is
        a talon card just laid on a column that the next move must use, or
        ``_EMPTY`` plus a column just emptied that a king must fill.  ``raw`` is the
        position's key (with ``pending``), not seen yet: moves to positions seen
        already are left out before the call."""
        start = len(line)
        seen = self.seen
        seen.add(raw)
        if pending < 0:
            # Safe moves first, without branching.
            before = len(line)
            position = self.play_safe(position, line)
            if sum(position[2]) == 52:
                return True
            if len(line) != before:
                key = self.key(position)
                if key in seen:
                    del line[start:]
                    return False
                seen.add(key)
        self.nodes += 1
        if self.nodes > self.max_nodes or (self.nodes & _CLOCK == 1 and self.out_of_time()):
            raise _Budget
        if pending < 0:
            moves = self.children(position)
        elif pending >= _EMPTY:
            moves = self.fill(pending - _EMPTY, position)
        else:
            moves = self.uses(pending, position)
        for _, actions, child, then in moves:
            raw = self.key(child)
            if then >= 0:
                raw += bytes((0xFC, then))  # what the next move must do is part of the position
            if raw in seen:
                continue
            mark = len(line)
            line.extend(actions)
            if self.run(child, line, then, raw):
                return True
            del line[mark:]
        del line[start:]
        return False

    def best_first(self, state: State) -> bool:
        """A best-first search for a win, in the way of Klondike-Solver's fast mode:
        positions are taken in order of the moves made plus :meth:`estimate` of the
        moves still needed (the latest first among equals), and only the few moves of
        each position that lead to the best estimates are kept.  It finds wins that
        the depth-first searches miss, where an early move leads them astray; it
        proves nothing.  True (the winning line is in ``line``) or False."""
        start = _position(state)
        order = itertools.count()
        #: estimate, order (latest first), moves made, position, the line as a linked list
        Entry = tuple[float, int, int, Position, "Link"]
        heap: list[Entry] = [(0.0, 0, 0, start, None)]
        best: dict[bytes, int] = {}
        quarter = self.max_nodes // 4
        weight = BEST_FIRST_WEIGHT
        while heap:
            _, _, made, position, link = heapq.heappop(heap)
            safe: list[str] = []
            position = self.play_safe(position, safe)
            if safe:
                link, made = (safe, link), made + len(safe)
            if sum(position[2]) == 52:
                while link is not None:
                    actions, link = link
                    self.line[:0] = actions
                return True
            self.nodes += 1
            if self.nodes > self.max_nodes or (self.nodes & _CLOCK == 1 and self.out_of_time()):
                return False
            width = BEST_FIRST_WIDTHS[min(self.nodes // quarter, 2)] if quarter else 1
            scored: list[tuple[float, int, Position, list[str]]] = []
            for _, actions, child, _ in self.children(position):
                moves = made + len(actions)
                scored.append((moves * weight + self.estimate(child), moves, child, actions))
            scored.sort(key=_first)
            for estimate, moves, child, actions in scored:
                key = self.key(child)
                if best.get(key, sys.maxsize) <= moves:
                    continue  # reached already, in as few moves
                best[key] = moves
                heapq.heappush(heap, (estimate, -next(order), moves, child, (actions, link)))
                width -= 1
                if not width:
                    break
        return False

    def estimate(self, position: Position) -> int:
        """Roughly how many moves a win still needs from ``position``: two for each
        card not home (a move and its way home), one more for each card face down
        (turned up later), each card in the talon and each draw the stock still
        needs, and one more for a card face down above a lower card of its suit (it
        cannot go home directly).  Never less than the cards not home; 0 at the win."""
        stock, waste, found, cols, _ = position
        estimate = 2 * (52 - sum(found)) + len(stock) + -(-len(stock) // self.draw) + len(waste)
        known = self.column_estimates
        for column in cols:
            cost = known.get(column)
            if cost is None:
                down, up = column
                cost = 2 * len(down) + len(up)
                lowest = [14, 14, 14, 14]
                for card in down:
                    suit, rank = _SUIT[card], _RANK[card]
                    if lowest[suit] < rank:
                        cost += 1
                    else:
                        lowest[suit] = rank
                if len(known) > COLUMN_CACHE:
                    known.clear()
                known[column] = cost
            estimate += cost
        return estimate

    def play_safe(self, position: Position, line: list[str]) -> Position:
        """``position`` once the safe moves home are made (see :meth:`safe`)."""
        stock, waste, found, cols, passes = position
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
            if self.safe_waste and (stock or waste):
                # Draw 1, unlimited redeals: every talon card is a few taps away.
                talon = waste + stock[::-1]
                for index, card in enumerate(talon):
                    if self.safe(card, found):
                        pointer = len(waste)
                        taps = (
                            index + 1 - pointer
                            if index + 1 >= pointer
                            else len(talon) - pointer + 1 + index + 1
                        )
                        line.extend(["s"] * taps)
                        line.append("w>f")
                        found = _raise(found, _SUIT[card])
                        waste, stock = talon[:index], talon[:index:-1]
                        changed = True
                        break
        return stock, waste, found, cols, passes

    def children(self, position: Position) -> list[Child]:
        """Moves with a priority (lower first): foundations, moves that turn a card
        up (from the column with most cards face down first), part of a group for a
        foundation move, the whole group of a Réfléchi column, the waste, the stock,
        moves that empty a column, returns.

        A column is emptied only when no other column is empty and a king could go
        there, and the next move must bring one: until then the cards that leave it
        would serve as well where they are.

        At draw 1 with unlimited redeals a talon card goes to a column only when a
        card could then go on it, and the next move must lay one there: the card
        would wait as well in the talon, where every card stays a few taps away."""
        stock, waste, found, cols, passes = position
        at: dict[int, int] = {}  # top card -> its column
        empty = -1
        for number, (down, up) in enumerate(cols):
            if up:
                at[up[-1]] = number
            elif empty < 0 and not down:
                empty = number
        out: list[Child] = []
        add = out.append
        runs: set[int] = set()  # the cards that may head a group (for ``defer``)
        #: Cards heading all the face-up cards of a column with cards face down: a card
        #: laid out for one of them to go on is as promising as the move that turns one up.
        heads: dict[int, int] = {}
        king: int | None = None  # the priority of a king's move to a column emptied now (-1: none)
        # Column to foundation, and column to column.
        for number, (down, up) in enumerate(cols):
            if not up:
                continue
            top = up[-1]
            if _RANK[top] == found[_SUIT[top]] + 1:
                child = (
                    stock,
                    waste,
                    _raise(found, _SUIT[top]),
                    _set(cols, number, _after_take(down, up, 1)),
                    passes,
                )
                add((0, [f"t{number + 1}>f"], child, -1))
            movable = self.movable(up)
            if self.defer:
                runs.update(up[-movable:])
            if down and movable == len(up):
                heads[up[0]] = 11 - len(down)
            for size in range(1, movable + 1):
                head = up[-size]
                if size < movable:  # part of an ordered group
                    uncovered = up[-size - 1]
                    if _RANK[uncovered] != found[_SUIT[uncovered]] + 1:
                        continue
                    priority = 20
                elif size == len(up):
                    priority = 10 - len(down) if down else 60
                else:  # the whole movable group of a Réfléchi column: uncovers a face-up card
                    priority = 30
                then = -1
                if priority == 60:
                    # Emptying a column is as promising as the king's move that follows
                    # it; in the complete search it waits until a king is to go there.
                    if king is None:
                        king = self.king_priority(position) if empty < 0 else -1
                    if king >= 0:
                        priority = king
                    if self.late_empty:
                        if king < 0:
                            continue
                        then = _EMPTY + number
                if _RANK[head] == 13:
                    if empty < 0 or (size == len(up) and not down):
                        continue
                    targets: tuple[int, ...] = (empty,)
                else:
                    targets = tuple([at[t] for t in _ACCEPTORS[head] if t in at])
                for target in targets:
                    target_down, target_up = cols[target]
                    moved = _set(cols, number, _after_take(down, up, size))
                    moved = _set(moved, target, (target_down, target_up + up[-size:]))
                    action = (
                        f"t{number + 1}:{size}>t{target + 1}" if size > 1 else f"t{number + 1}>t{target + 1}"
                    )
                    add((priority, [action], (stock, waste, found, moved, passes), then))
        talon_cards: set[int] = set()
        if self.defer:
            talon_cards.update(stock)
            talon_cards.update(waste)
            if self.returns:
                talon_cards.update(suit * 13 + height - 1 for suit, height in enumerate(found) if height)
        # Waste to foundation and to columns.
        if waste:
            card = waste[-1]
            if _RANK[card] == found[_SUIT[card]] + 1:
                add((0, ["w>f"], (stock, waste[:-1], _raise(found, _SUIT[card]), cols, passes), -1))
            pending = -1
            if self.defer:
                pending = card
                if not any(f in runs or f in talon_cards for f in _FITTERS[card]):
                    pending = -2  # nothing could go on it: it waits in the talon
            if pending != -2:
                priority = min([35, *[heads[f] for f in _FITTERS[card] if f in heads]]) if heads else 35
                for target in self.targets(card, at, empty):
                    down, up = cols[target]
                    add(
                        (
                            priority,
                            [f"w>t{target + 1}"],
                            (stock, waste[:-1], found, _set(cols, target, (down, (*up, card))), passes),
                            pending,
                        )
                    )
        # The stock: tap k times, then play the waste card.
        wanted = {suit * 13 + height for suit, height in enumerate(found) if height < 13}
        for top in at:
            wanted.update(_FITTERS[top])
        if empty >= 0:
            wanted.update(_KINGS)
        for entry in self.talon(stock, waste, passes):
            if entry[1] not in wanted:
                continue
            count, card, new_stock, new_waste, new_passes = entry
            to_foundation = _RANK[card] == found[_SUIT[card]] + 1
            targets = self.targets(card, at, empty)
            taps = ["s"] * count
            if to_foundation:
                add(
                    (
                        40,
                        [*taps, "w>f"],
                        (new_stock, new_waste, _raise(found, _SUIT[card]), cols, new_passes),
                        -1,
                    )
                )
            pending = -1
            if self.defer:
                if not any(f in runs or f in talon_cards for f in _FITTERS[card]):
                    continue  # nothing could go on it: it waits in the talon
                pending = card
            priority = min([41, *[heads[f] + 1 for f in _FITTERS[card] if f in heads]]) if heads else 41
            for target in targets:
                down, up = cols[target]
                add(
                    (
                        priority,
                        [*taps, f"w>t{target + 1}"],
                        (
                            new_stock,
                            new_waste,
                            found,
                            _set(cols, target, (down, (*up, card))),
                            new_passes,
                        ),
                        pending,
                    )
                )
        # Foundation returns, last.
        if self.returns:
            for suit, height in enumerate(found):
                if not height:
                    continue
                card = suit * 13 + height - 1
                if height == 13 and empty >= 0:
                    add(_returned(card, empty, position))
                for t in _ACCEPTORS[card]:
                    if t in at:
                        add(_returned(card, at[t], position))
        return self.ordered(out)

    def uses(self, card: int, position: Position) -> list[Child]:
        """The moves that lay a card on ``card``, a talon card just laid on a column
        (see :meth:`children`): a group from another column, another talon card, or
        a card back from its foundation."""
        stock, waste, found, cols, passes = position
        target = next(number for number, (_, up) in enumerate(cols) if up and up[-1] == card)
        target_down, target_up = cols[target]
        fitters = _FITTERS[card]
        out: list[Child] = []
        add = out.append
        for number, (down, up) in enumerate(cols):
            if number == target or not up:
                continue
            movable = self.movable(up)
            for size in range(1, movable + 1):
                if up[-size] not in fitters:
                    continue
                if size == len(up):
                    priority = 10 - len(down) if down else 60
                else:
                    priority = 20 if size < movable else 30
                moved = _set(cols, number, _after_take(down, up, size))
                moved = _set(moved, target, (target_down, target_up + up[-size:]))
                action = f"t{number + 1}:{size}>t{target + 1}" if size > 1 else f"t{number + 1}>t{target + 1}"
                add((priority, [action], (stock, waste, found, moved, passes), -1))
        for entry in self.talon(stock, waste, passes):
            if entry[1] in fitters:
                count, shown, new_stock, new_waste, new_passes = entry
                column = (target_down, (*target_up, shown))
                add(
                    (
                        41,
                        ["s"] * count + [f"w>t{target + 1}"],
                        (new_stock, new_waste, found, _set(cols, target, column), new_passes),
                        shown,
                    )
                )
        if waste and waste[-1] in fitters:
            column = (target_down, (*target_up, waste[-1]))
            add(
                (
                    35,
                    [f"w>t{target + 1}"],
                    (stock, waste[:-1], found, _set(cols, target, column), passes),
                    waste[-1],
                )
            )
        if self.returns:
            for fitter in fitters:
                if found[_SUIT[fitter]] == _RANK[fitter]:
                    add(_returned(fitter, target, position))
        return self.ordered(out)

    def king_priority(self, position: Position) -> int:
        """The priority of the move that would bring a king to a column emptied now,
        or -1 when no king could come: one heading a group that lies on another card
        (a column about to be emptied has none), one in the talon, or one at home.
        A king that would turn a card up ranks as such a move does, one place lower."""
        stock, waste, found, cols, _ = position
        best = 99
        for down, up in cols:
            if up:
                size = self.movable(up)
                if _RANK[up[-size]] == 13:
                    if down and size == len(up):
                        best = min(best, 11 - len(down))
                    elif size < len(up):
                        best = min(best, 31)
        if best < 99:
            return best
        if any(_RANK[card] == 13 for card in stock) or any(_RANK[card] == 13 for card in waste):
            return 60
        return 60 if self.returns and 13 in found else -1

    def fill(self, column: int, position: Position) -> list[Child]:
        """The moves that bring a king to ``column``, just emptied (see :meth:`children`)."""
        stock, waste, found, cols, passes = position
        out: list[Child] = []
        add = out.append
        for number, (down, up) in enumerate(cols):
            if number == column or not up:
                continue
            size = self.movable(up)
            if _RANK[up[-size]] != 13 or (size == len(up) and not down):
                continue
            moved = _set(cols, number, _after_take(down, up, size))
            moved = _set(moved, column, ((), up[-size:]))
            action = f"t{number + 1}:{size}>t{column + 1}" if size > 1 else f"t{number + 1}>t{column + 1}"
            add((10 - len(down) if down else 30, [action], (stock, waste, found, moved, passes), -1))
        if waste and _RANK[waste[-1]] == 13:
            king = waste[-1]
            child = (stock, waste[:-1], found, _set(cols, column, ((), (king,))), passes)
            add((35, [f"w>t{column + 1}"], child, king if self.defer else -1))
        for count, shown, new_stock, new_waste, new_passes in self.talon(stock, waste, passes):
            if _RANK[shown] == 13:
                child = (new_stock, new_waste, found, _set(cols, column, ((), (shown,))), new_passes)
                add((41, ["s"] * count + [f"w>t{column + 1}"], child, shown if self.defer else -1))
        if self.returns:
            for suit, height in enumerate(found):
                if height == 13:
                    add(_returned(suit * 13 + 12, column, position))
        return self.ordered(out)

    def ordered(self, out: list[Child]) -> list[Child]:
        """``out`` in order of promise (shaken in a probe), cut to ``width``."""
        if self.shuffle is not None:
            # A probe: the order of promise, shaken (moves within a few classes swap).
            shuffle = self.shuffle.random
            out.sort(key=lambda entry: entry[0] + PROBE_JITTER * shuffle())
        else:
            out.sort(key=_priority)
        if self.width is not None and len(out) > self.width:
            del out[self.width :]
            self.narrowed = True
        return out

    @staticmethod
    def targets(card: int, at: dict[int, int], empty: int) -> tuple[int, ...]:
        """The columns ``card`` may go to (an empty one only for a king, the first)."""
        if _RANK[card] == 13:
            return (empty,) if empty >= 0 else ()
        return tuple([at[t] for t in _ACCEPTORS[card] if t in at])


def _priority(entry: Child) -> int:
    return entry[0]


def _first(entry: tuple[float, int, Position, list[str]]) -> float:
    return entry[0]


def _position(state: State) -> Position:
    """``state`` as the search's compact position."""
    cols: Columns = tuple(
        (tuple(c.index for c in col.down), tuple(c.index for c in col.up)) for col in state.tableau
    )
    found = tuple(len(foundation) for foundation in state.foundations)
    return (
        tuple(c.index for c in state.stock),
        tuple(c.index for c in state.waste),
        found,
        cols,
        state.pass_number,
    )


def _returned(card: int, target: int, position: Position) -> Child:
    """``card``, the top of its foundation, back onto column ``target`` (last in promise)."""
    stock, waste, found, cols, passes = position
    suit = _SUIT[card]
    down, up = cols[target]
    child = (stock, waste, _lower(found, suit), _set(cols, target, (down, (*up, card))), passes)
    return (70, [f"f{suit + 1}>t{target + 1}"], child, -1)


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


def _locked(cols: Columns, found: tuple[int, ...], *, returns: bool) -> bool:
    """Whether some cards of the tableau can provably never leave their places, so
    that the cards under them never come home: a dead position, found without
    searching.

    A card that does not continue an ordered group (it lies on a face-down card, or
    on a card it does not fit) leaves the card under it only by moving as the head
    of a group or by going home; until then every card under it stays put.  A set of
    such cards (kings aside: they may go to an empty column) is locked when each of
    them has a lower card of its own suit under a card of the set (so it never goes
    home) and each of the two cards it could go on lies under a card of the set, or
    is home for good (returns forbidden).  No card of a locked set ever moves first,
    so none ever moves.  The largest locked set is found by discarding, until none
    is left to discard, the cards that fail those conditions."""
    under: dict[int, tuple[int, ...]] = {}
    for down, up in cols:
        pile = down + up
        for index in range(1, len(pile)):
            card = pile[index]
            if _RANK[card] == 13:
                continue
            if index > len(down) and pile[index - 1] in _ACCEPTORS[card]:
                continue  # continues an ordered group: it may leave with the cards under it
            under[card] = pile[:index]
    changed = True
    while under and changed:
        stuck = {card for cards in under.values() for card in cards}
        changed = False
        for card in list(under):
            suit, rank = _SUIT[card], _RANK[card]
            if not any(_SUIT[other] == suit and _RANK[other] < rank for other in stuck) or not all(
                holder in stuck or (not returns and found[_SUIT[holder]] >= _RANK[holder])
                for holder in _ACCEPTORS[card]
            ):
                del under[card]
                changed = True
    return bool(under)


class KlondikeSolver:
    """The built-in solver of the Klondike family (see the module's docstring): a
    table of a stock dealing to a waste, four foundations by suit from the ace, and
    seven columns built down in alternating colours, where only ordered groups move
    and only kings fill an empty column.  :meth:`fits` says whether a variant's
    declaration is such a table."""

    @staticmethod
    def fits(variant: Variant) -> bool:
        """Whether ``variant`` is declared as the solver's rules want (any deal, any
        face-down cards): a :class:`~solitaire.variants.blocks.Declared` variant of one
        deck whose blocks are Klondike's, and no rule or effect of its own."""
        from solitaire.variants.blocks import KING, KLONDIKE_BUILD, Declared, Foundations, Stock, Tableau

        if not isinstance(variant, Declared) or variant.decks != 1 or variant.effects:
            return False
        kinds = sorted(type(block).__name__ for block in variant.layout)
        if kinds != ["Foundations", "Stock", "Tableau"]:
            return False
        tableau = variant.tableau_block
        return (
            variant.stock_block == Stock()
            and variant.foundations_block == Foundations()
            and tableau.count == 7
            and tableau.build == KLONDIKE_BUILD
            and tableau.empty == KING
            and tableau.groups == "ordered"
            and tableau.limit is None
            and attrs.evolve(tableau, deal=(), face_up=1, face_down=()) == Tableau(())
        )

    def solve(
        self,
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
        when another thread set ``cancel``.

        Searches for a win come first, without foundation returns: the two most
        promising moves of each position, on a quarter of the budget; the best-first
        search on another quarter; three moves a position in :data:`PROBES` shaken
        orders on a third.  They find most wins quickly but prove nothing; when they
        fail, the complete search runs on what is left."""
        started = time.monotonic()
        position = _position(state)
        if _locked(position[3], position[2], returns=rules.returns_allowed):
            return SolveResult("unwinnable", (), 0, time.monotonic() - started)
        deadline = started + timeout if timeout is not None else float("inf")
        nodes = 0
        for phase in WIN_PHASES:
            ends = min(deadline, time.monotonic() + (deadline - started) / phase.share)
            wins = _Search(
                rules,
                max_nodes // phase.share,
                ends,
                returns=False,
                mode=phase.mode,
                width=phase.width,
                seed=phase.seed,
                cancel=cancel,
            )
            won = wins.solve(state)
            nodes += wins.nodes
            if won:
                return SolveResult("winnable", tuple(wins.line), nodes, time.monotonic() - started)
            if (phase.mode == "narrow" and not wins.narrowed) or (cancel is not None and cancel.is_set()):
                break
        search = _Search(rules, max_nodes - nodes, deadline, returns=rules.returns_allowed, cancel=cancel)
        outcome = search.solve(state)
        nodes += search.nodes
        seconds = time.monotonic() - started
        if outcome is None:
            return SolveResult("unknown", (), nodes, seconds)
        if outcome:
            return SolveResult("winnable", tuple(search.line), nodes, seconds)
        return SolveResult("unwinnable", (), nodes, seconds)


#: The solver of Klondike and Réfléchi (``Klondike.solver``).
KLONDIKE_SOLVER: Final = KlondikeSolver()
