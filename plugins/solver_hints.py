"""Hints backed by the solver, where that is fair (a built-in plugin, ``solver-hints``).

In variants whose tableau hides nothing (Réfléchi, FreeCell, Golf...) the hint is the first move of
a winning line when the solver finds one within a small budget; the rest of
that line is remembered, so the hints that follow it cost nothing.  Elsewhere,
and when the budget runs out, the next provider (the heuristic) answers.
"""

from __future__ import annotations

from typing import Final

import attrs

from solitaire.core.hints import Hint, Memory, naming
from solitaire.core.hookspecs import hookimpl
from solitaire.core.i18n import Message
from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import GameOptions, Ruleset
from solitaire.core.state import State

__all__ = [
    "GENERIC_HINT_NODES",
    "GENERIC_HINT_SECONDS",
    "HINT_NODES",
    "HINT_SECONDS",
    "known",
    "solitaire_hint",
    "solver_hint",
]

#: The most a hint may think: positions searched, and seconds.
HINT_NODES: Final = 1_500
HINT_SECONDS: Final = 0.2
#: The same for the generic solver (every game but the Klondike family's), which
#: searches fewer positions a second and needs more of them in the open games.
GENERIC_HINT_NODES: Final = 10_000
GENERIC_HINT_SECONDS: Final = 0.6

#: What the solver said about positions: the winning move from there, or None.
known: Memory[tuple[GameOptions, State], Move | None] = Memory(2_048)


def solver_hint(state: State, rules: Ruleset) -> Hint | None:
    """The first move of a winning line, or None (hidden cards, no win found in time)."""
    from solitaire.core.solver import solvable, solve, solver_of  # loaded when a hint is asked
    from solitaire.variants.klondike_solver import KLONDIKE_SOLVER

    if rules.variant.hidden_information or not solvable(rules) or rules.is_won(state):
        return None
    key = (rules.options, _counterless(state))
    found, move = known.recall(key)
    if found:
        return _hint(state, rules, move) if move is not None else None
    if solver_of(rules) is KLONDIKE_SOLVER:
        nodes, seconds = HINT_NODES, HINT_SECONDS
    else:
        nodes, seconds = GENERIC_HINT_NODES, GENERIC_HINT_SECONDS
    result = solve(state, rules, max_nodes=nodes, timeout=seconds)
    if result.verdict == "unwinnable":
        return Hint(
            None,
            Message("No move wins from here: undo some moves or start a new game."),
        )
    if result.verdict != "winnable" or not result.solution:
        known.remember(key, None)
        return None
    # Remember the whole line: each position on it and the move that goes on.
    position = state
    first: Move | None = None
    for action in result.solution:
        step = DRAW if action == "s" else rules.check(position, Move.parse(action))
        if not isinstance(step, Move):  # never expected: the solver plays by the same rules
            return None
        first = first or step
        known.remember((rules.options, _counterless(position)), step)
        _, position = rules.transition(position, step)
    return _hint(state, rules, first)


def _counterless(state: State) -> State:
    """The position without the move counter and score, which do not change what wins."""
    return attrs.evolve(state, score=0, moves=0, credited=0)


def _hint(state: State, rules: Ruleset, move: Move | None) -> Hint | None:
    if move is None:
        return None
    return naming(
        state,
        move,
        Message("this starts a winning line."),
        rules,
    )


@hookimpl
def solitaire_hint(state: State, rules: Ruleset) -> Hint | None:
    """The solver's hint where nothing is hidden; None lets the heuristic answer."""
    return solver_hint(state, rules)
