"""Scoring schemes say what they fit (a game without score fits every one); a redeal
policy may change how many cards a tap draws."""

from __future__ import annotations

from typing import ClassVar

import pytest

from solitaire.core.codes import CodeError
from solitaire.core.registry import OptionsError
from solitaire.core.ruleset import RedealPolicy, Ruleset
from solitaire.core.state import State, StockDrawn
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False)


@pytest.mark.parametrize(
    ("variant", "fitting"),
    [
        ("klondike", {"normal", "vegas", "vegas-cumulative", "none"}),
        ("yukon", {"normal", "vegas", "vegas-cumulative", "none"}),
        ("freecell", {"none"}),
        ("spider", {"spider", "none"}),
        ("golf", {"golf", "none"}),
    ],
)
def test_each_scheme_fits_the_families_it_names(variant: str, fitting: set[str]) -> None:
    chosen = CATALOG.variant(variant)
    assert {s.id for s in CATALOG.scorings.values() if s.fits(chosen)} == fitting
    assert CATALOG.options(variant=variant).scoring == chosen.default_scoring in fitting


def test_a_scheme_that_does_not_fit_is_refused_in_options_and_codes() -> None:
    with pytest.raises(OptionsError, match="does not fit freecell"):
        CATALOG.options(variant="freecell", scoring="normal")
    with pytest.raises(CodeError, match="does not fit"):
        CATALOG.options_from_code("FC1-D1N-AAAAAAB")
    with pytest.raises(CodeError, match="must be D1 or D3"):
        CATALOG.options_from_code("KL1-D2N-AAAAAAB")


class ThreeThenOne(RedealPolicy):
    """Draw three on the first pass, one card at a time after it; unlimited passes."""

    id = "three-then-one"
    passes: ClassVar[int | None] = None  # type: ignore[misc]

    def may_recycle(self, state: State) -> bool:
        return True

    def draw_count(self, state: State, draw: int) -> int:
        return 3 if state.pass_number == 1 else 1


def test_a_redeal_policy_may_change_how_many_cards_a_tap_draws() -> None:
    catalog = new_catalog(entry_points=False)
    base = catalog.ruleset(catalog.options(variant="klondike", draw=1, deal=6))
    rules = Ruleset(base.options, base.variant, base.scoring, ThreeThenOne())
    state = rules.initial_state(rules.variant.dealt_order(6, rules))
    events, state = rules.transition(state, rules.check(state, rules.legal_moves(state)[-1]))  # type: ignore[arg-type]
    assert isinstance(events[0], StockDrawn) and len(events[0].cards) == 3
    while state.stock:
        _, state = rules.transition(state, rules.check(state, rules.legal_moves(state)[-1]))  # type: ignore[arg-type]
    _, state = rules.transition(state, rules.check(state, rules.legal_moves(state)[-1]))  # type: ignore[arg-type]
    assert state.pass_number == 2
    events, state = rules.transition(state, rules.check(state, rules.legal_moves(state)[-1]))  # type: ignore[arg-type]
    assert isinstance(events[0], StockDrawn) and len(events[0].cards) == 1
