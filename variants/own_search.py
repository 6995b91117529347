"""What the games' own exact searches share (Golf, TriPeaks, Pyramid, Aces Up).

Each of those games is small enough for a search over a compact key of its own, with
cuts proven for its rules alone (see their modules).  What they have in common is
written once here: the :class:`~solitaire.core.solver.Solver` protocol's ``solve``
(the budget of positions and seconds, cancellation, the verdict and its line), in
:class:`OwnSearch`, whose subclasses write only :meth:`OwnSearch.search`, and the
budget itself, :class:`Budget`, which the search spends a position at a time.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

from solitaire.core.solver import DEFAULT_NODES, SolveResult, collector_paused

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset
    from solitaire.core.state import State

__all__ = ["Budget", "OutOfBudget", "OwnSearch", "deeper"]

#: The clock is read every _CLOCK + 1 positions.
_CLOCK: Final = 4095


class OutOfBudget(Exception):
    """Out of positions or time, or cancelled."""


class Budget:
    """The positions a search may still see, until when, and whether it was cancelled."""

    __slots__ = ("cancel", "clock", "deadline", "max_nodes", "nodes")

    def __init__(
        self, max_nodes: int, deadline: float, cancel: threading.Event | None, clock: Callable[[], float]
    ) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.cancel = cancel
        self.clock = clock

    def spend(self) -> None:
        """One more position; :class:`OutOfBudget` when that was the last the budget
        allows, or (the clock is read every 4,096 positions) the time is up or the search
        was cancelled."""
        self.nodes += 1
        nodes = self.nodes
        if nodes >= self.max_nodes:
            raise OutOfBudget
        if nodes & _CLOCK == 0 and (
            self.clock() > self.deadline or (self.cancel is not None and self.cancel.is_set())
        ):
            raise OutOfBudget


@contextmanager
def deeper(depth: int) -> Iterator[None]:
    """Python's recursion limit at least ``depth`` meanwhile (a recursive search one call
    a move)."""
    limit = sys.getrecursionlimit()
    if depth > limit:
        sys.setrecursionlimit(depth)
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


class OwnSearch:
    """A game's own exact search.  ``clock`` reads the seconds ``timeout`` counts (the
    wall clock by default; ``time.process_time`` for CPU time); ``cuts=False`` searches
    without the game's cuts (to test that they are sound)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, cuts: bool = True) -> None:
        self.clock = clock
        self.cuts = cuts

    def solve(
        self,
        state: State,
        rules: Ruleset,
        *,
        max_nodes: int = DEFAULT_NODES,
        timeout: float | None = None,
        cancel: threading.Event | None = None,
    ) -> SolveResult:
        """``winnable`` with a line of actions that ``Game.perform`` plays to the win;
        ``unwinnable`` after the search has been through every position; ``unknown``
        when ``max_nodes`` positions or ``timeout`` seconds ran out, or ``cancel`` was set."""
        clock = self.clock
        started = clock()
        if rules.is_won(state):
            return SolveResult("winnable", (), 0, 0.0)
        deadline = started + timeout if timeout is not None else float("inf")
        budget = Budget(max_nodes, deadline, cancel, clock)
        try:
            with collector_paused():
                line = self.search(state, rules, budget)
        except OutOfBudget:
            return SolveResult("unknown", (), budget.nodes, clock() - started)
        if line is None:
            return SolveResult("unwinnable", (), budget.nodes, clock() - started)
        return SolveResult("winnable", tuple(line), budget.nodes, clock() - started)

    def search(self, state: State, rules: Ruleset, budget: Budget) -> Sequence[str] | None:
        """A winning line from ``state`` (not won yet), or None when there is none;
        :meth:`Budget.spend` for every position seen."""
        raise NotImplementedError
