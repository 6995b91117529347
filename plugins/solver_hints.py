"""Hints backed by the solver, where that is fair (a built-in plugin, ``solver-hints``).

In variants whose tableau hides nothing (Réfléchi) the hint is the first move of
a winning line when the solver finds one within a small budget; the rest of
that line is remembered, so the hints that follow it cost nothing.  Elsewhere,
and when the budget runs out, the next provider (the heuristic) answers.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from solitaire.core.hints import Hint
from solitaire.core.hookspecs import hookimpl
from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import GameOptions, Ruleset
from solitaire.core.solver import solvable, solve
from solitaire.core.state import State

__all__ = ["HINT_NODES", "HINT_SECONDS", "solitaire_hint", "solver_hint"]

#: The most a hint may think: positions searched, and seconds.
HINT_NODES: Final = 1_500
HINT_SECONDS: Final = 0.2
_REMEMBERED: Final = 2_048

# What the solver said about positions: the winning move from there, or None.
_known: OrderedDict[tuple[GameOptions, State], Move | None] = OrderedDict()


def _remember(key: tuple[GameOptions, State], move: Move | None) -> None:
    _known[key] = move
    _known.move_to_end(key)
    while len(_known) > _REMEMBERED:
        _known.popitem(last=False)


def solver_hint(state: State, rules: Ruleset) -> Hint | None:
    """The first move of a winning line, or None (hidden cards, no win found in time)."""
    if rules.variant.hidden_information or not solvable(rules) or rules.is_won(state):
        return None
    key = (rules.options, _counterless(state))
    if key in _known:
        _known.move_to_end(key)
        move = _known[key]
        return _hint(move) if move is not None else None
    result = solve(state, rules, max_nodes=HINT_NODES, timeout=HINT_SECONDS)
    if result.verdict == "unwinnable":
        return Hint(
            None,
            {
                "en": "No move wins from here: undo some moves or start a new game.",
                "ru": "Отсюда партию не выиграть: отмените несколько ходов или начните новую.",
            },
        )
    if result.verdict != "winnable" or not result.solution:
        _remember(key, None)
        return None
    # Remember the whole line: each position on it and the move that goes on.
    position = state
    for action in result.solution:
        step = DRAW if action == "s" else rules.check(position, Move.parse(action))
        if not isinstance(step, Move):  # never expected: the solver plays by the same rules
            return None
        _remember((rules.options, _counterless(position)), step)
        _, position = rules.transition(position, step)
    return _hint(_known[key])


def _counterless(state: State) -> State:
    """The position without the move counter and score, which do not change what wins."""
    return State(state.stock, state.waste, state.foundations, state.tableau, 0, 0, state.pass_number, 0)


def _hint(move: Move | None) -> Hint | None:
    if move is None:
        return None
    return Hint(
        move,
        {
            "en": "This move starts a winning line.",
            "ru": "С этого хода начинается выигрышная партия.",
        },
    )


@hookimpl
def solitaire_hint(state: State, rules: Ruleset) -> Hint | None:
    """The solver's hint where nothing is hidden; None lets the heuristic answer."""
    return solver_hint(state, rules)
