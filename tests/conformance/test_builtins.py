"""Every built-in plugin passes the conformance kit with its default settings."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.plugins.builtins import new_catalog
from solitaire.testing import DEFAULT_DEALS, DEFAULT_STEPS, Kit, Summary, check_redeal, check_variant

CATALOG = new_catalog(entry_points=False, blocked=["solver-hints"])
KIT = Kit(CATALOG)


def _played_enough(summary: Summary, games: int, share: int = 2) -> None:
    """The kit really played: every game, most steps (1/``share`` of them moves), undo and
    redo, refusals looked at."""
    assert summary.games == games
    assert summary.moves >= games * DEFAULT_STEPS // share
    assert summary.undos >= summary.moves  # each game is undone back to the deal
    assert summary.redos > 0
    assert summary.refusals >= summary.positions * 5


BUILTIN_VARIANTS = ["klondike", "reflechi", "yukon", "freecell", "spider", "golf", "pyramid", "tripeaks"]
BUILTIN_VARIANTS += ["bakers-dozen", "beleaguered-castle", "eight-off", "simple-simon"]
BUILTIN_VARIANTS += ["grandfather", "canfield", "clock", "aces-up"]
BUILTIN_VARIANTS += ["gypsy", "forty-thieves", "scorpion", "mod3"]
#: The built-in variants each scheme fits.
FITS = {
    "normal": ["klondike", "reflechi", "yukon", "grandfather"],
    "vegas": ["klondike", "reflechi", "yukon", "grandfather", "canfield"],
    "vegas-cumulative": ["klondike", "reflechi", "yukon", "grandfather", "canfield"],
    "none": BUILTIN_VARIANTS,
    "spider": ["spider", "simple-simon", "scorpion"],
    "golf": ["golf", "tripeaks"],
    "tripeaks": ["tripeaks"],
}


def test_the_catalog_has_the_builtins() -> None:
    assert sorted(CATALOG.variants) == sorted(BUILTIN_VARIANTS)
    assert sorted(CATALOG.scorings) == sorted(FITS)


#: Games whose random play soon has no move left (the kit then undoes): Scorpion's random
#: games stick after some 20 moves, so a quarter of the steps are moves.
STICKY = {"scorpion": 4}


@pytest.mark.parametrize("variant", BUILTIN_VARIANTS)
def test_builtin_variant(variant: str) -> None:
    _played_enough(KIT.check_variant(variant), DEFAULT_DEALS, STICKY.get(variant, 2))


@pytest.mark.parametrize("variant", ["spider", "golf", "freecell", "pyramid", "tripeaks", "simple-simon"])
def test_a_variant_is_played_under_its_own_scoring(variant: str) -> None:
    games = KIT._options(CATALOG.variant(variant), KIT._default_scoring(CATALOG.variant(variant)), None)
    assert {game.scoring for game in games} == {CATALOG.variant(variant).default_scoring}


@pytest.mark.parametrize("scoring", sorted(FITS))
def test_builtin_scoring(scoring: str) -> None:
    """Each scheme is checked over the variants it fits, and only those."""
    _played_enough(KIT.check_scoring(scoring), DEFAULT_DEALS * len(FITS[scoring]))


def test_a_scheme_is_not_checked_with_a_variant_it_does_not_fit() -> None:
    with pytest.raises(AssertionError, match="scoring 'vegas' does not fit variant 'spider'"):
        KIT.check_scoring("vegas", variants=["klondike", "spider"])


@pytest.mark.parametrize("policy", ["unlimited", "passes:1", "passes:3"])
def test_builtin_redeal(policy: str) -> None:
    """Only the variants whose waste goes back to the stock: Klondike, Réfléchi, Pyramid,
    Canfield and Forty Thieves."""
    _played_enough(KIT.check_redeal(policy), DEFAULT_DEALS * 5)
    assert KIT.check_redeal(policy, scoring="vegas", variants=["klondike"]).games == DEFAULT_DEALS


def test_the_plain_functions_take_the_kit_settings() -> None:
    summary = check_variant("reflechi", catalog=CATALOG, deals=1, steps=10, seed=3, samples=0)
    assert (summary.games, summary.refusals) == (1, 0)
    assert summary.moves <= 10
    assert check_redeal("passes:2", catalog=CATALOG, deals=1, steps=5, variants=["klondike"]).games == 1


def test_each_game_is_played_in_each_draw_mode_and_return_rule() -> None:
    games = KIT._options(CATALOG.variant("klondike"), "normal", None)
    assert {(game.draw, game.returns_allowed) for game in games} == {
        (1, True),
        (3, True),
        (1, False),
        (3, False),
    }
    assert len({game.deal for game in games}) == len(games)
    assert Kit(CATALOG, seed=1)._options(CATALOG.variant("klondike"), "normal", None) != games


def test_the_kit_names_what_is_not_installed() -> None:
    with pytest.raises(
        AssertionError, match=r"variant 'nope' cannot be tested: no variant 'nope' is installed"
    ):
        KIT.check_variant("nope")
    with pytest.raises(AssertionError, match="redeal policy 'passes:0' cannot be tested"):
        KIT.check_redeal("passes:0")


@pytest.mark.parametrize("settings", [{"deals": 0}, {"steps": -1}, {"samples": True}])
def test_settings_are_checked(settings: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="whole number"):
        Kit(CATALOG, **settings)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(BUILTIN_VARIANTS))
def test_builtin_variants_pass_whatever_the_seed(seed: int, variant: str) -> None:
    summary = Kit(CATALOG, deals=1, steps=40, seed=seed).check_variant(variant)
    assert summary.positions > summary.moves
