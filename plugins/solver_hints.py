"""Hints backed by the solver, where that is fair: in variants whose tableau hides
nothing (Réfléchi), the hint is the first move of a winning line when the solver
finds one within a short budget.  Elsewhere, and when the budget runs out, the
next provider (the heuristic) answers."""

from __future__ import annotations

from typing import Final

from solitaire.core.hints import Hint
from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.solver import solve
from solitaire.core.state import State

__all__ = ["HINT_SECONDS", "solver_hint"]

#: The most a hint may think.
HINT_SECONDS: Final = 0.5


def solver_hint(state: State, rules: Ruleset, seconds: float = HINT_SECONDS) -> Hint | None:
    """The first move of a winning line, or None (hidden cards, no win found in time)."""
    if rules.variant.hidden_information or rules.is_won(state):
        return None
    result = solve(state, rules, timeout=seconds)
    if result.verdict == "unwinnable":
        return Hint(
            None,
            {
                "en": "No move wins from here: undo some moves or start a new game.",
                "ru": "Отсюда партию не выиграть: отмените несколько ходов или начните новую.",
            },
        )
    if result.verdict != "winnable" or not result.solution:
        return None
    first = result.solution[0]
    move = DRAW if first == "s" else Move.parse(first)
    checked = rules.check(state, move)
    if not isinstance(checked, Move):  # never expected: the solver plays by the same rules
        return None
    return Hint(
        checked,
        {
            "en": f"{checked} — the first move of a winning line.",
            "ru": f"{checked} — первый ход выигрышной партии.",
        },
    )
