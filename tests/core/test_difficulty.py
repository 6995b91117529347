"""The calibration of a game's difficulty levels (``core.difficulty.calibrate``): the
terciles of the wins' efforts, solved with no time limit, or why there are none."""

from __future__ import annotations

import types
from typing import ClassVar

import pytest

from solitaire.core import difficulty
from solitaire.core.hookspecs import hookimpl
from solitaire.core.moves import Move
from solitaire.core.registry import Catalog, OptionsError, PluginError, Registry
from solitaire.core.ruleset import Ruleset
from solitaire.core.solver import solve
from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.klondike import Klondike


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


def test_the_thresholds_are_the_terciles_of_the_wins_efforts(catalog: Catalog) -> None:
    told: list[tuple[int, int, int]] = []
    found = difficulty.calibrate(
        catalog, "klondike", 1, deals=10, first=2, max_nodes=5_000, progress=lambda *n: told.append(n)
    )
    assert (found.variant, found.draw, found.deals, found.max_nodes) == ("klondike", 1, range(2, 12), 5_000)
    assert [done for done, _total, _wins in told] == list(range(1, 11))
    assert told[-1][1:] == (10, len(found.wins))
    # Each deal solved once more, as the calibration solves it: the same positions.
    for deal, effort in found.wins:
        game = catalog.new_game(catalog.options("klondike", draw=1, deal=deal))
        again = solve(game.state, game.rules, max_nodes=5_000)
        assert (again.verdict, again.nodes) == ("winnable", effort)
    assert len(found.wins) >= difficulty.MIN_WINS
    assert found.thresholds == difficulty.terciles(found.efforts) and found.why == "" and found.reason is None
    easy, medium = found.thresholds
    levels = [0 if effort <= easy else 1 if effort <= medium else 2 for effort in found.efforts]
    assert sorted(set(levels)) == [0, 1, 2]  # every level holds a win


def test_a_sample_with_too_few_wins_gives_no_thresholds(catalog: Catalog) -> None:
    found = difficulty.calibrate(catalog, "klondike", 1, deals=8, first=2, max_nodes=30)
    assert len(found.wins) < difficulty.MIN_WINS
    assert (found.thresholds, found.why) == (None, "few-wins")
    assert found.reason is not None and found.reason.translate("en") == "fewer than 6 winnable deals"


def test_efforts_that_do_not_spread_give_no_thresholds() -> None:
    assert difficulty.split([51] * 12) == (None, "no-spread")  # Clock: every win the same
    assert difficulty.split([10, 10, 10, 10, 20, 30]) == (None, "no-spread")  # no medium win
    assert difficulty.split([10, 20, 30, 40, 50, 60]) == ((20, 40), "")
    assert difficulty.split([10, 20, 30, 40, 50]) == (None, "few-wins")


class Unsolved(Klondike):
    """A plugin's Klondike that asks for no solver (as older plugins did)."""

    id: ClassVar[str] = "unsolved"
    code_prefix: ClassVar[str] = "UN"
    names: ClassVar[str] = "Unsolved"
    solver_family: ClassVar[str | None] = None


class Broken(Klondike):
    """A plugin's Klondike whose moves fail."""

    id: ClassVar[str] = "broken"
    code_prefix: ClassVar[str] = "BR"
    names: ClassVar[str] = "Broken"
    solver_family: ClassVar[str | None] = "broken"  # the generic search, which asks for moves

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        raise RuntimeError("no moves today")


def _plugin() -> types.ModuleType:
    module = types.ModuleType("unsolved_plugin")

    @hookimpl
    def solitaire_register_variants(register: Registry) -> None:
        register.add_variant(Unsolved())
        register.add_variant(Broken())

    module.solitaire_register_variants = solitaire_register_variants  # type: ignore[attr-defined]
    return module


@pytest.mark.parametrize(
    ("variant", "given", "said"),
    [
        ("no-such-game", {}, "no-such-game"),
        ("klondike", {"draw": 2}, "klondike draws 1 or 3, not 2"),
        ("freecell", {"first": 0}, "calibrate: freecell has deals 1..8589934591, not 0..59"),
        ("clock", {"first": 2**35 - 10, "deals": 20}, "not 34359738358..34359738377"),
        ("unsolved", {}, "calibrate: the solver does not know the rules of unsolved"),
    ],
)
def test_what_cannot_be_calibrated_is_refused(variant: str, given: dict[str, int], said: str) -> None:
    catalog = new_catalog(entry_points=False, plugins=[_plugin()])
    with pytest.raises(OptionsError, match=said):
        difficulty.calibrate(catalog, variant, **given)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a calibration takes deals and positions"):
        difficulty.calibrate(catalog, "klondike", deals=0)


def test_a_plugin_failing_on_a_deal_is_named() -> None:
    catalog = new_catalog(entry_points=False, plugins=[_plugin()])
    with pytest.raises(PluginError, match="variant 'broken' in legal_moves: RuntimeError: no moves today"):
        difficulty.calibrate(catalog, "broken", deals=2)
