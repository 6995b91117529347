"""FreeCell, Spider and Golf written as outside packages on the building blocks
(``outside/``, other ids and prefixes) pass the kit, installed with entry points as a
player's packages are, or handed to it as plugins; and the kit finds what a broken
declaration of them does wrong: cards lost from two decks, copies of one card, a cell
laid out as a column."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import broken_plugins
import pytest

from solitaire.core.cards import Card, Suit
from solitaire.core.registry import Catalog
from solitaire.core.ruleset import PileSpec, Ruleset
from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog
from solitaire.testing import DEFAULT_DEALS, ConformanceError, Kit, VariantConformance

OUTSIDE = Path(__file__).resolve().parent / "outside"
MODULES = ("outside_freecell", "outside_spider", "outside_golf")
VARIANTS = {
    "outside_freecell": "outside-freecell",
    "outside_spider": "outside-spider",
    "outside_golf": "outside-golf",
}


def _load(name: str) -> ModuleType:
    """The module of ``outside/NAME.py``, imported under a name of its own (not installed)."""
    spec = importlib.util.spec_from_file_location(f"{name}_loaded", OUTSIDE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LOADED = {name: _load(name) for name in MODULES}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Catalog]:
    """The catalog of the installed plugins, the three outside packages among them
    (each a distribution with an entry point in the group ``solitaire``)."""
    site = tmp_path_factory.mktemp("site")
    for name in MODULES:
        source = (OUTSIDE / f"{name}.py").read_text(encoding="utf-8")
        broken_plugins.install(site, name, source, package=f"solitaire-{name.replace('_', '-')}")
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        yield new_catalog(blocked=["solver-hints"])
    finally:
        sys.path.remove(str(site))
        for name in MODULES:
            sys.modules.pop(name, None)


def test_the_installed_packages_are_found_through_their_entry_points(installed: Catalog) -> None:
    assert [p for p in installed.problems if p.plugin != "solver-hints"] == []
    for name, variant in VARIANTS.items():
        assert installed.sources[("variant", variant)].package == f"solitaire-{name.replace('_', '-')}"


@pytest.mark.parametrize("variant", sorted(VARIANTS.values()))
def test_each_installed_outside_game_passes(installed: Catalog, variant: str) -> None:
    summary = Kit(installed).check_variant(variant)
    assert summary.games == DEFAULT_DEALS and summary.moves > DEFAULT_DEALS * 20
    assert summary.undos >= summary.moves and summary.refusals > summary.positions


def test_two_decks_are_dealt_and_conserved(installed: Catalog) -> None:
    game = installed.new_game(installed.options("outside-spider", deal=6))
    cards = game.state.cards()
    assert len(cards) == 104 and len(set(cards)) == 104
    assert {card.deck for card in cards} == {0, 1}
    assert len(game.state.stock) == 50


@pytest.mark.parametrize(
    ("scoring", "fitting"),
    [
        ("spider", ["outside-spider", "scorpion", "simple-simon", "spider"]),
        ("golf", ["golf", "outside-golf", "tripeaks"]),
        ("normal", ["grandfather", "klondike", "reflechi", "yukon"]),
    ],
)
def test_a_scheme_is_checked_over_the_outside_games_it_fits(
    installed: Catalog, scoring: str, fitting: list[str]
) -> None:
    scheme = installed.scoring(scoring)
    assert sorted(v.id for v in installed.variants.values() if scheme.fits(v)) == fitting
    assert Kit(installed, deals=1, steps=40).check_scoring(scoring).games == len(fitting)


def test_redeal_policies_leave_out_games_without_a_waste(installed: Catalog) -> None:
    summary = Kit(installed, deals=1, steps=20).check_redeal("passes:2")
    # klondike, reflechi, pyramid, canfield, forty-thieves: the outside games' stocks never come back
    assert summary.games == 5


# -- handed to the kit as plugins, through the ready-made test class ------------------------------


class TestOutsideFreeCell(VariantConformance):
    variant_id = "outside-freecell"
    plugins: ClassVar[Sequence[object]] = [LOADED["outside_freecell"]]


class TestOutsideSpider(VariantConformance):
    variant_id = "outside-spider"
    plugins: ClassVar[Sequence[object]] = [LOADED["outside_spider"]]


class TestOutsideGolf(VariantConformance):
    variant_id = "outside-golf"
    plugins: ClassVar[Sequence[object]] = [LOADED["outside_golf"]]


# -- broken declarations of them -------------------------------------------------------------------

Spider: Any = LOADED["outside_spider"].OutsideSpider
FreeCell: Any = LOADED["outside_freecell"].OutsideFreeCell


class LosesACard(Spider):  # type: ignore[misc]
    """Deals 103 of its 104 cards: the last card of the order falls off the table."""

    id = "broken-spider-short"
    code_prefix = "XS"

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        state: State = super().initial_state(order, rules)
        stock = state.pile("s")
        return state.with_piles({"s": type(stock)(stock.down[1:])})


class OneDeckTwice(Spider):  # type: ignore[misc]
    """Deals the first deck twice over instead of two decks: each card twice."""

    id = "broken-spider-copies"
    code_prefix = "XT"

    def dealt_order(self, deal: int, rules: Ruleset) -> tuple[Card, ...]:
        order: tuple[Card, ...] = super().dealt_order(deal, rules)
        return tuple(Card(card.rank, Suit(card.suit), 0) for card in order)


class CellsAsColumns(FreeCell):  # type: ignore[misc]
    """Lays its cells out as columns: front ends would fan them and drop cards on them."""

    id = "broken-cells"
    code_prefix = "XU"

    def piles(self, state: State) -> list[PileSpec]:
        specs: list[PileSpec] = super().piles(state)
        return [PileSpec(s.id, "column", s.row, s.slot, "down") if s.kind == "cell" else s for s in specs]


@pytest.mark.parametrize(
    ("variant", "problem"),
    [
        (LosesACard, "the deal holds 103 cards, dealt_order gave 104"),
        (OneDeckTwice, "a dealt order has distinct cards; repeated: 2C, 2D, 2H, 2S"),
        (CellsAsColumns, "piles(): c1 is laid out as a 'column', but the table has it as a 'cell' pile"),
    ],
    ids=lambda value: getattr(value, "__name__", "")[:30],
)
def test_the_kit_finds_a_broken_declaration(variant: type, problem: str) -> None:
    kit = Kit(broken_plugins.catalog_with(variant=variant()), deals=1, steps=20)
    with pytest.raises(ConformanceError) as failure:
        kit.check_variant(variant.id)  # type: ignore[attr-defined]
    message = str(failure.value)
    assert problem in message
    assert f"in variant '{variant.id}', game 1 of 1" in message  # type: ignore[attr-defined]
