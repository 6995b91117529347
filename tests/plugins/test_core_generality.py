"""What the core offers a variant unlike Klondike (see "What changed for variants"
in docs/modding.md): deals of any shape, variants without a stock declared on the
blocks, and the checks the registry makes of what a variant declares."""

from __future__ import annotations

from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire.core.cards import CARDS
from solitaire.core.deals import deal_layout, shuffled_deck
from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import OptionsError, Registry
from solitaire.core.ruleset import Variant
from solitaire.frontends.cli.render import describe_rules, render_state
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.blocks import Block, Declared, Foundations, Tableau
from solitaire.variants.klondike import KLONDIKE_COLUMNS, Klondike


@st.composite
def column_sizes(draw: st.DrawFn) -> tuple[int, ...]:
    sizes = draw(st.lists(st.integers(0, 13), min_size=1, max_size=12))
    while sum(sizes) > len(CARDS):
        sizes.pop()
    return tuple(sizes) or (0,)


@given(st.integers(0, 2**35 - 1), column_sizes())
def test_a_deal_of_any_shape_goes_row_by_row(deal: int, sizes: tuple[int, ...]) -> None:
    order = shuffled_deck(deal)
    columns, stock = deal_layout(order, sizes)
    assert [len(column) for column in columns] == list(sizes)
    # Row r takes the next cards for the columns longer than r, left to right.
    rows = [column[r] for r in range(max(sizes)) for column in columns if len(column) > r]
    assert tuple(rows) == order[: sum(sizes)]
    assert stock == tuple(reversed(order[sum(sizes) :]))


def test_klondike_deals_are_unchanged() -> None:
    order = shuffled_deck(6)
    columns, stock = deal_layout(order, KLONDIKE_COLUMNS)
    assert [len(column) for column in columns] == [1, 2, 3, 4, 5, 6, 7]
    game = new_catalog(entry_points=False).game_from_code("KL1-D1N-AAAAAAG")
    assert [pile.down + pile.up for pile in game.state.tableau] == list(columns)
    assert game.state.stock == stock
    with pytest.raises(ValueError, match="cannot be dealt from 52"):
        deal_layout(order, (20, 20, 20))


class Stockless(Declared):
    """All 52 cards in 13 columns of 4, the last card of each face up, no stock."""

    id: ClassVar[str] = "stockless"
    code_prefix: ClassVar[str] = "SL"
    family: ClassVar[str] = "klondike"  # Klondike's scoring schemes fit it
    names: ClassVar[dict[str, str]] = {"en": "Stockless"}
    draws: ClassVar[tuple[int, ...]] = (1,)
    layout: ClassVar[tuple[Block, ...]] = (Foundations(), Tableau((4,) * 13))


class Registering:
    """A plugin registering one variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    @hookimpl
    def solitaire_register_variants(self, register: Registry) -> None:
        register.add_variant(self.variant)


def test_a_variant_without_a_stock_plays_with_thirteen_columns() -> None:
    assert not Stockless.has_stock  # a layout without a Stock block
    catalog = new_catalog(entry_points=False, plugins=[Registering(Stockless())])
    assert catalog.problems == []
    game = catalog.new_game(catalog.options("stockless", deal=6))
    assert game.code == "SL1-D1N-AAAAAAG"
    assert game.state.stock == () and len(game.state.tableau) == 13
    assert game.state.face_down_count == 39
    piles = game.rules.variant.piles(game.state)
    assert [p.slot for p in piles if p.kind == "foundation"] == [9, 10, 11, 12]  # over the last columns
    assert {p.kind for p in piles} == {"foundation", "column"}
    assert describe_rules(game.rules) == "Stockless · Normal scoring"
    assert "s [" not in render_state(game.state, game.rules, game.code)
    assert game.check("s").rule == "move.no-such-pile"  # type: ignore[union-attr]
    with pytest.raises(OptionsError, match="stockless draws 1, not 3"):
        catalog.options("stockless", draw=3)
    with pytest.raises(OptionsError, match="has no stock: it takes no redeal policy"):
        catalog.options("stockless", redeal="passes:2")
    assert catalog.options("stockless", scoring="vegas").redeal == "passes:1"  # the scheme's default


class ThreeOnly(Klondike):
    id: ClassVar[str] = "three-only"
    code_prefix: ClassVar[str] = "TO"
    names: ClassVar[dict[str, str]] = {"en": "Three only"}
    draws: ClassVar[tuple[int, ...]] = (3,)
    default_draw: ClassVar[int] = 3


def test_a_variant_may_offer_one_draw_mode() -> None:
    catalog = new_catalog(entry_points=False, plugins=[Registering(ThreeOnly())])
    assert catalog.problems == []
    assert catalog.options("three-only").draw == 3
    assert catalog.code(catalog.options("three-only", deal=1)) == "TO1-D3N-AAAAAAB"


@pytest.mark.parametrize(
    ("attributes", "reason"),
    [
        ({"layout": Stockless.layout}, "has no stock: it draws 1 only"),
        ({"draws": (10,), "default_draw": 10}, "draws must be numbers 1..9"),
        ({"draws": (1,), "default_draw": 3}, "draws must be numbers 1..9, default_draw one of them"),
        ({"draws": ()}, "draws must be numbers 1..9"),
    ],
)
def test_a_variant_declaring_impossible_draws_is_left_out(attributes: dict[str, object], reason: str) -> None:
    broken = type("Broken", (Klondike,), {"id": "broken", "code_prefix": "BR", **attributes})
    catalog = new_catalog(entry_points=False, plugins=[Registering(broken())])
    assert "broken" not in catalog.variants
    (problem,) = catalog.problems
    assert reason in problem.reason
    assert sorted(catalog.variants) == sorted(new_catalog(entry_points=False).variants)
