"""Solvers: is a position winnable, and how.

A variant's solver is what ``Variant.solver()`` gives: any object with the ``solve``
method of :class:`Solver`.  Every variant declared from the building blocks gets the
generic search of its own rules (:mod:`solitaire.core.search`); a game may give a
solver of its own.  :func:`solve` asks the variant's solver; a verdict is
``winnable`` (with a line of actions that wins), ``unwinnable`` (only after a search
that proves it) or ``unknown`` (the budget of positions, the time or a cancel
stopped it).  The verdict is the "thoughtful" one: a solver knows the face-down
cards.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator
from typing import Final, Literal, Protocol

import attrs

from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State

__all__ = [
    "DEFAULT_NODES",
    "SolveResult",
    "Solver",
    "UnsupportedVariant",
    "Verdict",
    "collector_paused",
    "first_move",
    "solvable",
    "solve",
    "solver_of",
]

Verdict = Literal["winnable", "unwinnable", "unknown"]
#: The positions a search is given unless told otherwise.
DEFAULT_NODES: Final = 2_000_000


@attrs.frozen
class SolveResult:
    """A verdict, and for ``winnable`` a winning line of actions in notation."""

    verdict: Verdict
    solution: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0


class UnsupportedVariant(ValueError):
    """The variant has no solver (``Variant.solver`` gives None)."""


class Solver(Protocol):
    """A solver for some variants' rules, as ``Variant.solver`` gives it: the
    verdict on a position and, when winnable, a winning line of actions."""

    def solve(
        self,
        state: State,
        rules: Ruleset,
        *,
        max_nodes: int = DEFAULT_NODES,
        timeout: float | None = None,
        cancel: threading.Event | None = None,
    ) -> SolveResult:
        """Search ``state`` for a win (see :func:`solve`)."""
        ...


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off meanwhile, when it is on and this is the main thread.

    A search makes millions of objects and no cycles, and the collector would go
    through all of them again and again as they pile up: some 15% of the time on a
    deal that takes seconds.  Other threads leave the switch alone: it is the
    process's, and the window keeps it off itself while its thinking threads work
    (``frontends/qt/thinking.py``).  A solver of a plugin may use it too."""
    if not gc.isenabled() or threading.current_thread() is not threading.main_thread():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def solver_of(rules: Ruleset) -> Solver | None:
    """The solver of ``rules.variant`` (``Variant.solver``), or None when it has none."""
    return rules.variant.solver()


def solvable(rules: Ruleset) -> bool:
    """Whether ``rules.variant`` has a solver (``Variant.solver``)."""
    return solver_of(rules) is not None


def solve(
    state: State,
    rules: Ruleset,
    *,
    max_nodes: int = DEFAULT_NODES,
    timeout: float | None = None,
    cancel: threading.Event | None = None,
) -> SolveResult:
    """Search ``state`` for a win with the variant's solver (``Variant.solver``).
    ``winnable`` comes with a line of actions that ``Game.perform`` plays to the
    win; ``unwinnable`` only when the search was exhaustive; ``unknown`` when
    ``max_nodes`` or ``timeout`` (seconds) ran out, or when another thread set
    ``cancel``.  Raises :class:`UnsupportedVariant` for a variant without a solver
    (see :func:`solvable`)."""
    solver = solver_of(rules)
    if solver is None:
        raise UnsupportedVariant(f"the solver does not know the rules of {rules.variant.id!r}")
    return solver.solve(state, rules, max_nodes=max_nodes, timeout=timeout, cancel=cancel)


def first_move(result: SolveResult) -> Move | None:
    """The first move of a winning line (a tap of the stock counts as a move)."""
    if not result.solution:
        return None
    first = result.solution[0]
    return DRAW if first == "s" else Move.parse(first)
