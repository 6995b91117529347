"""Families of games: the name a family is shown by, and the games listed by family.

A variant names its family with :attr:`~solitaire.core.ruleset.Variant.family`
(an id; "" means the variant's own id) and may give the family's name with
:attr:`~solitaire.core.ruleset.Variant.family_names`.  Front ends show a family by
a name in the player's language: the name the variant gives, else the name any
other member of the family gives (so a plugin's game in a family of the library
is listed under that family's name), else the id made readable (``castle3`` →
"Castle3", ``castle-games`` → "Castle games").  A variant that names a family of its
own does not take its base class's family name: ``family_names`` counts only when
it is given with ``family`` or below it.

>>> readable("castle_games-of-old")
'Castle games of old'
>>> folded("Ёлка Château")
'елка chateau'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

import attrs

from solitaire.core import i18n
from solitaire.core.ruleset import Variant

__all__ = ["Family", "by_family", "family_id", "family_name", "folded", "own_family_names", "readable"]


def family_id(variant: Variant) -> str:
    """The id of the variant's family (its own id when it names none)."""
    return variant.family or variant.id


def readable(family: str) -> str:
    """An id as words: ``castle-games`` → "Castle games" (for a family no member names)."""
    words = " ".join(family.replace("_", " ").replace("-", " ").split())
    return words[:1].upper() + words[1:] if words else family


def own_family_names(variant: Variant) -> Mapping[str, str] | str:
    """The family name ``variant`` gives (:attr:`~solitaire.core.ruleset.Variant.family_names`),
    or "" when it gives none: a name inherited from a class above the one that says
    which family the variant is of belongs to another family, and does not count."""
    names = getattr(variant, "family_names", "")
    if not names:
        return ""
    own = getattr(variant, "__dict__", {})
    if "family_names" in own:
        return names
    if "family" in own:
        return ""
    for cls in type(variant).__mro__:
        if "family_names" in cls.__dict__:
            return names
        if "family" in cls.__dict__:
            return ""
    return names


def _named(variant: Variant, lang: str) -> str:
    """The family name ``variant`` gives, in ``lang`` ("" for none)."""
    names = own_family_names(variant)
    return i18n.translate(names, lang, variant.domain) if names else ""


def family_name(variant: Variant, lang: str, members: Iterable[Variant] = ()) -> str:
    """The name of the variant's family in ``lang``: the one it gives, else the one
    the first of ``members`` (the installed variants: ``catalog.variants.values()``)
    of its family gives, else its family's id made readable."""
    family = family_id(variant)
    candidates = (variant, *(other for other in members if family_id(other) == family))
    for candidate in candidates:
        if name := _named(candidate, lang):
            return name
    return readable(family)


def folded(text: str) -> str:
    """``text`` as a search compares it: case, accents and ё left out ("Château" → "chateau")."""
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
    alphabetical order of their names in ``lang``.  A family is named by the first
    of its members that gives a name (see :func:`family_name`)."""
    groups: dict[str, list[Variant]] = {}
    for variant in variants:
        groups.setdefault(family_id(variant), []).append(variant)
    families = [
        Family(
            family,
            next(filter(None, (_named(v, lang) for v in members)), None) or readable(family),
            tuple(sorted(members, key=lambda v: (folded(v.name(lang)), v.id))),
        )
        for family, members in groups.items()
    ]
    return sorted(families, key=lambda group: (folded(group.name), group.id))
