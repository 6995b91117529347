"""Families of games: the name a family is shown by, and the games listed by family.

A variant names its family with :attr:`~solitaire.core.ruleset.Variant.family`
(an id such as ``klondike``; "" means the variant's own id).  Front ends show a
family by a name in the player's language: the variant's own
:attr:`~solitaire.core.ruleset.Variant.family_names` when it gives one, else the
name of the known families below, else the id made readable (``mod3`` → "Mod3",
``forty-thieves`` → "Forty thieves"):

>>> from solitaire.plugins.builtins import new_catalog
>>> catalog = new_catalog(entry_points=False)
>>> family_name(catalog.variant("reflechi"), "ru")
'Клондайк'
>>> readable("beleaguered_castle")
'Beleaguered castle'
>>> families = by_family(catalog.variants.values(), "en")
>>> groups = {group.id: [v.id for v in group.variants] for group in families}
>>> groups["golf"], groups["yukon"]
(['golf', 'tripeaks'], ['grandfather', 'yukon'])
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

import attrs

from solitaire.core import i18n
from solitaire.core.i18n import N_
from solitaire.core.ruleset import Variant

__all__ = ["FAMILY_NAMES", "Family", "by_family", "family_id", "family_name", "folded", "readable"]

#: The English names of the families the game knows (translated through its catalogue).
FAMILY_NAMES: Final[dict[str, str]] = {
    "klondike": N_("Klondike"),
    "yukon": N_("Yukon"),
    "freecell": N_("FreeCell"),
    "spider": N_("Spider"),
    "golf": N_("Golf"),
    "bakers-dozen": N_("Baker's Dozen"),
    "beleaguered-castle": N_("Beleaguered Castle"),
    "gypsy": N_("Gypsy"),
    "forty-thieves": N_("Forty Thieves"),
    "mod3": N_("Mod 3"),
    "clock": N_("Clock"),
    "canfield": N_("Canfield"),
    "pyramid": N_("Pyramid"),
    "aces-up": N_("Aces Up"),
}


def family_id(variant: Variant) -> str:
    """The id of the variant's family (its own id when it names none)."""
    return variant.family or variant.id


def readable(family: str) -> str:
    """An id as words: ``forty-thieves`` → "Forty thieves" (for a family the game does not know)."""
    words = " ".join(family.replace("_", " ").replace("-", " ").split())
    return words[:1].upper() + words[1:] if words else family


def family_name(variant: Variant, lang: str) -> str:
    """The name of the variant's family in ``lang``."""
    own = getattr(variant, "family_names", "")
    if own:
        return i18n.translate(own, lang, variant.domain)
    family = family_id(variant)
    known = FAMILY_NAMES.get(family)
    return i18n.gettext(known, lang) if known is not None else readable(family)


def folded(text: str) -> str:
    """``text`` as a search compares it: case, accents and ё left out ("Réfléchi" → "reflechi")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return plain.replace("ё", "е")


@attrs.frozen
class Family:
    """A family of games and its installed variants, as a list shows them."""

    id: str
    name: str
    variants: tuple[Variant, ...]


def by_family(variants: Iterable[Variant], lang: str) -> list[Family]:
    """The variants grouped by family, the families and the games in each in the
    alphabetical order of their names in ``lang``."""
    groups: dict[str, list[Variant]] = {}
    names: dict[str, str] = {}
    for variant in variants:
        family = family_id(variant)
        groups.setdefault(family, []).append(variant)
        names.setdefault(family, family_name(variant, lang))
    families = [
        Family(family, names[family], tuple(sorted(members, key=lambda v: (folded(v.name(lang)), v.id))))
        for family, members in groups.items()
    ]
    return sorted(families, key=lambda group: (folded(group.name), group.id))
