"""Families of games: every family has a name in the player's language (a plugin's
unknown one a readable name), and the games are listed by family."""

from __future__ import annotations

from typing import Any, ClassVar

from solitaire.core import i18n
from solitaire.core.families import FAMILY_NAMES, by_family, family_id, family_name, folded, readable
from solitaire.core.hookspecs import hookimpl
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.klondike import Klondike

#: The families the game's own games (and those it is to have) belong to.
FAMILIES = [
    "klondike",
    "yukon",
    "freecell",
    "spider",
    "golf",
    "bakers-dozen",
    "beleaguered-castle",
    "gypsy",
    "forty-thieves",
    "mod3",
    "clock",
    "canfield",
    "pyramid",
    "aces-up",
]


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


class Plugin:
    @hookimpl
    def solitaire_register_variants(self, register: Any) -> None:
        register.add_variant(Wild())
        register.add_variant(Named())


def test_every_known_family_has_an_english_name_and_the_builtins_use_them() -> None:
    assert sorted(FAMILY_NAMES) == sorted(FAMILIES)
    for variant in new_catalog(entry_points=False).variants.values():
        assert family_id(variant) in FAMILY_NAMES


def test_family_names_are_translated() -> None:
    catalog = new_catalog(entry_points=False)
    assert family_name(catalog.variant("reflechi"), "en") == "Klondike"
    assert family_name(catalog.variant("reflechi"), "ru") == i18n.gettext("Klondike", "ru") == "Клондайк"
    assert family_name(catalog.variant("spider"), "ru") == "Паук"


def test_a_plugins_family_shows_a_readable_name_or_its_own() -> None:
    catalog = new_catalog(entry_points=False, plugins=[Plugin()])
    assert family_name(catalog.variant("wild"), "ru") == "Wild west games"
    assert family_name(catalog.variant("named"), "en") == "Prairie games"
    assert family_name(catalog.variant("named"), "ru") == "Степные"
    assert readable("mod3") == "Mod3" and readable("") == ""


def test_games_are_grouped_by_family_in_the_order_of_their_names() -> None:
    catalog = new_catalog(entry_points=False, plugins=[Plugin()])
    groups = by_family(catalog.variants.values(), "en")
    names = [group.name for group in groups]
    assert names == sorted(names, key=folded)
    klondike = next(group for group in groups if group.id == "klondike")
    assert [variant.id for variant in klondike.variants] == ["klondike", "reflechi"]
    assert sorted(v.id for group in groups for v in group.variants) == sorted(catalog.variants)
    russian = [group.name for group in by_family(catalog.variants.values(), "ru")]
    assert russian == sorted(russian, key=folded) and "Паук" in russian


def test_folding_leaves_out_case_and_accents() -> None:
    assert folded("Réfléchi") == "reflechi"
    assert folded("ЁЛКА") == "елка"
