"""A plugin that declares an inconsistent table is named and left out: a pile id
used twice, a deal that does not use every card of its decks, foundations that can
never all be completed.  The built-in declarations are sound."""

from __future__ import annotations

from typing import ClassVar

import pytest

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.core.state import FOUNDATION, TABLEAU, Table
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.blocks import (
    ANY_CARD,
    Block,
    Declared,
    Foundations,
    Stock,
    Tableau,
)
from solitaire.variants.freecell import FreeCell
from solitaire.variants.golf import Golf
from solitaire.variants.klondike import Klondike
from solitaire.variants.reflechi import Reflechi
from solitaire.variants.spider import Spider
from solitaire.variants.yukon import Yukon


class Sound(Declared):
    """A sound little game: no stock, 52 cards in four columns, four foundations by suit."""

    id: ClassVar[str] = "sound"
    code_prefix: ClassVar[str] = "XQ"
    names: ClassVar[str] = "Sound"
    draws: ClassVar[tuple[int, ...]] = (1,)
    layout: ClassVar[tuple[Block, ...]] = (Foundations(), Tableau((13,) * 4, empty=ANY_CARD))


class PileTwice(Sound):
    id = "pile-twice"
    code_prefix = "XR"

    def make_table(self) -> Table:
        return Table.of(*[(f"f{n}", FOUNDATION) for n in range(1, 5)], ("t1", TABLEAU), ("t1", TABLEAU))


class DealsShort(Sound):
    id = "deals-short"
    code_prefix = "XS"
    layout = (Foundations(), Tableau((13, 13, 13, 12), empty=ANY_CARD))


class DealsTooMany(Sound):
    id = "deals-too-many"
    code_prefix = "XT"
    layout = (Stock(), Foundations(), Tableau((10,) * 6))


class FourSuitsTwoDecks(Sound):
    id = "four-for-two-decks"
    code_prefix = "XU"
    decks = 2
    layout = (Stock(), Foundations(4), Tableau((5,) * 8))


class RunsForOneDeck(Sound):
    id = "runs-for-one-deck"
    code_prefix = "XV"
    layout = (Stock(deals="each"), Foundations(8, by_suit=False, runs=True), Tableau((4,) * 10))


class Registers:
    """A plugin that makes its variant inside the hook, as a plugin's code does."""

    def __init__(self, variant: type[Declared]) -> None:
        self.variant = variant

    @hookimpl
    def solitaire_register_variants(self, register: Registry) -> None:
        register.add_variant(self.variant())


@pytest.mark.parametrize(
    ("variant", "problem"),
    [
        (PileTwice, "a table names each pile once; used twice: t1"),
        (DealsShort, "the deal places 51 cards and there is no stock, but 1 deck(s) hold 52"),
        (DealsTooMany, "the deal places 60 cards, but 1 deck(s) hold only 52"),
        (FourSuitsTwoDecks, "4 foundations by suit for 2 deck(s)"),
        (RunsForOneDeck, "8 foundations of whole runs take 104 cards, but 1 deck(s) hold 52"),
    ],
    ids=lambda value: getattr(value, "__name__", "")[:20],
)
def test_an_inconsistent_table_is_named_and_left_out(variant: type[Declared], problem: str) -> None:
    with pytest.raises(ValueError, match=r"inconsistent table|used twice") as raised:
        variant()
    assert problem in str(raised.value) and variant.id in str(raised.value)
    plugin = Registers(variant)
    catalog = new_catalog(entry_points=False, blocked=["solver-hints"], plugins=[plugin, Registers(Sound)])
    assert variant.id not in catalog.variants
    assert "sound" in catalog.variants and "klondike" in catalog.variants  # the others are in
    (left_out,) = [p for p in catalog.problems if p.plugin != "solver-hints"]
    reason = left_out.message("en")
    assert problem in reason and "solitaire_register_variants" in reason


@pytest.mark.parametrize("variant", [Klondike, Reflechi, Yukon, FreeCell, Spider, Golf, Sound])
def test_the_sound_declarations_have_no_problem(variant: type[Declared]) -> None:
    assert variant().table_problems() == []
