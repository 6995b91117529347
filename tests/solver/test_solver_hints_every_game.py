"""Hints in every built-in game: the sampling hint where cards are hidden, the
solver's where nothing is; each a legal move that changes the position, and in the
open games the first move of a line that wins."""

from __future__ import annotations

import pytest

from solitaire.core.moves import Move
from solitaire.plugins import sampling_hints, solver_hints
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False)
GAMES = sorted(CATALOG.variants)
DEALS = 3


@pytest.mark.parametrize("variant", GAMES)
def test_the_hint_is_a_legal_move_that_does_something(variant: str) -> None:
    chosen = CATALOG.variant(variant)
    for offset in range(DEALS):
        game = CATALOG.new_game(CATALOG.options(variant, deal=chosen.deal_numbers[offset]))
        state, rules = game.state, game.rules
        if chosen.hidden_information:
            hint = sampling_hints.sampling_hint(state, rules, remember=False)
        else:
            hint = solver_hints.solver_hint(state, rules)
        if hint is None or hint.move is None:
            continue  # the heuristic answers, or no move wins (said in words)
        checked = rules.check(state, hint.move)
        assert isinstance(checked, Move), (variant, offset, hint.move, checked)
        _, after = rules.transition(state, checked)
        assert after.piles != state.piles, (variant, offset, hint.move)
        if not chosen.hidden_information:
            # The rest of the line is remembered: following the hints wins.
            for _ in range(2_000):
                if rules.is_won(after):
                    break
                step = solver_hints.solver_hint(after, rules)
                assert step is not None and step.move is not None, (variant, offset)
                checked = rules.check(after, step.move)
                assert isinstance(checked, Move)
                _, after = rules.transition(after, checked)
            assert rules.is_won(after), (variant, offset)
