"""Families of games: every family has a name in the player's language (given by one
of its games; a plugin's family no game names a readable name), and the games are
listed by family."""

from __future__ import annotations

from typing import Any, ClassVar

from solitaire.core import i18n
from solitaire.core.families import (
    by_family,
    family_id,
    family_name,
    folded,
    own_family_names,
    readable,
)
from solitaire.core.hookspecs import hookimpl
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.freecell import FreeCell
from solitaire.variants.klondike import Klondike

#: The families of the built-in games, and their English names.
FAMILIES = {
    "klondike": "Klondike",
    "yukon": "Yukon",
    "freecell": "FreeCell",
    "spider": "Spider",
    "golf": "Golf",
    "bakers-dozen": "Baker's Dozen",
    "beleaguered-castle": "Beleaguered Castle",
    "gypsy": "Gypsy",
    "forty-thieves": "Forty Thieves",
    "mod3": "Mod 3",
    "clock": "Clock",
    "canfield": "Canfield",
    "pyramid": "Pyramid",
    "aces-up": "Aces Up",
}


class Wild(Klondike):
    """A plugin's game of a family the game does not know."""

    id: ClassVar[str] = "wild"
    code_prefix: ClassVar[str] = "WI"
    names: ClassVar[str] = "Wild West"
    family: ClassVar[str] = "wild_west-games"


class Named(Klondike):
    """A plugin's game whose family is named by the plugin, per language."""

    id: ClassVar[str] = "named"
    code_prefix: ClassVar[str] = "NM"
    names: ClassVar[str] = "Named"
    family: ClassVar[str] = "prairie"
    family_names: ClassVar[dict[str, str]] = {"en": "Prairie games", "ru": "Степные"}


class Cousin(FreeCell):
    """A plugin's game in a family of the library, naming no family: it is listed under
    the name FreeCell gives the family."""

    id: ClassVar[str] = "cousin"
    code_prefix: ClassVar[str] = "CO"
    names: ClassVar[str] = "Cousin"
    family: ClassVar[str] = "freecell"


class Nephew(Klondike):
    """A plugin's game that keeps the family of the game it is made from."""

    id: ClassVar[str] = "nephew"
    code_prefix: ClassVar[str] = "NE"
    names: ClassVar[str] = "Nephew"


class Plugin:
    @hookimpl
    def solitaire_register_variants(self, register: Any) -> None:
        register.add_variant(Wild())
        register.add_variant(Named())
        register.add_variant(Cousin())
        register.add_variant(Nephew())


def test_every_built_in_game_names_its_family_in_english() -> None:
    variants = new_catalog(entry_points=False).variants.values()
    assert sorted({family_id(variant) for variant in variants}) == sorted(FAMILIES)
    for variant in variants:
        assert own_family_names(variant) == FAMILIES[family_id(variant)], variant.id
        assert family_name(variant, "en") == FAMILIES[family_id(variant)]
        russian = i18n.gettext(FAMILIES[family_id(variant)], "ru")
        assert russian != FAMILIES[family_id(variant)] and family_name(variant, "ru") == russian


def test_family_names_are_translated() -> None:
    catalog = new_catalog(entry_points=False)
    assert family_name(catalog.variant("reflechi"), "en") == "Klondike"
    assert family_name(catalog.variant("reflechi"), "ru") == i18n.gettext("Klondike", "ru") == "Клондайк"
    assert family_name(catalog.variant("spider"), "ru") == "Паук"


def test_a_plugins_family_shows_a_readable_name_or_its_own() -> None:
    catalog = new_catalog(entry_points=False, plugins=[Plugin()])
    members = catalog.variants.values()
    assert family_name(catalog.variant("wild"), "ru", members) == "Wild west games"
    assert own_family_names(catalog.variant("wild")) == ""  # Klondike's name is not its family's
    assert family_name(catalog.variant("named"), "en", members) == "Prairie games"
    assert family_name(catalog.variant("named"), "ru", members) == "Степные"
    assert readable("mod3") == "Mod3" and readable("") == ""
    assert readable("beleaguered_castle") == "Beleaguered castle"


def test_a_plugins_game_in_a_family_of_the_library_shows_the_familys_name() -> None:
    catalog = new_catalog(entry_points=False, plugins=[Plugin()])
    members = catalog.variants.values()
    cousin, nephew = catalog.variant("cousin"), catalog.variant("nephew")
    assert own_family_names(cousin) == ""
    assert family_name(cousin, "en", members) == "FreeCell"
    assert family_name(cousin, "ru", members) == "Свободная ячейка"
    assert family_name(cousin, "en") == "Freecell"  # without the other games: the id made readable
    assert own_family_names(nephew) == "Klondike" and family_name(nephew, "ru") == "Клондайк"
    groups = {group.id: group for group in by_family(members, "en")}
    assert groups["freecell"].name == "FreeCell"
    assert [v.id for v in groups["freecell"].variants] == ["cousin", "eight-off", "freecell"]
    alone = by_family([cousin], "ru")
    assert [(group.id, group.name) for group in alone] == [("freecell", "Freecell")]


def test_games_are_grouped_by_family_in_the_order_of_their_names() -> None:
    catalog = new_catalog(entry_points=False, plugins=[Plugin()])
    groups = by_family(catalog.variants.values(), "en")
    names = [group.name for group in groups]
    assert names == sorted(names, key=folded)
    klondike = next(group for group in groups if group.id == "klondike")
    assert [variant.id for variant in klondike.variants] == ["klondike", "nephew", "reflechi"]
    ids = {group.id: [v.id for v in group.variants] for group in groups}
    assert ids["golf"] == ["golf", "tripeaks"] and ids["yukon"] == ["grandfather", "yukon"]
    assert sorted(v.id for group in groups for v in group.variants) == sorted(catalog.variants)
    russian = [group.name for group in by_family(catalog.variants.values(), "ru")]
    assert russian == sorted(russian, key=folded) and "Паук" in russian


def test_folding_leaves_out_case_and_accents() -> None:
    assert folded("Réfléchi") == "reflechi"
    assert folded("ЁЛКА") == "елка"
