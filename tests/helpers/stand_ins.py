"""Stand-ins for games of the library that may not be installed: built-in games
under another id, code prefix and family, so that the New Game dialog is tried
with more than twenty games (the tests and ``benchmarks/chooser.py``).

Each is named "NAME (stand-in)" and plays as the built-in game it copies; a game
already installed under that id or prefix is left as it is.
"""

from __future__ import annotations

from typing import Any

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Catalog
from solitaire.core.ruleset import Variant
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.freecell import FreeCell
from solitaire.variants.golf import Golf
from solitaire.variants.klondike import Klondike
from solitaire.variants.spider import Spider
from solitaire.variants.yukon import Yukon

#: id, code prefix, family, name, the game it copies.
GAMES: tuple[tuple[str, str, str, str, type[Variant]], ...] = (
    ("bakers-dozen", "BD", "bakers-dozen", "Baker's Dozen", FreeCell),
    ("beleaguered-castle", "BC", "beleaguered-castle", "Beleaguered Castle", FreeCell),
    ("eight-off", "EO", "freecell", "Eight Off", FreeCell),
    ("grandfather", "GF", "yukon", "Grandfather", Yukon),
    ("gypsy", "GY", "gypsy", "Gypsy", Spider),
    ("forty-thieves", "FT", "forty-thieves", "Forty Thieves", Spider),
    ("simple-simon", "SS", "spider", "Simple Simon", Spider),
    ("scorpion", "SC", "spider", "Scorpion", Yukon),
    ("mod3", "MO", "mod3", "Mod 3", Spider),
    ("clock", "CL", "clock", "Clock", Golf),
    ("canfield", "CF", "canfield", "Canfield", Klondike),
    ("pyramid", "PY", "pyramid", "Pyramid", Golf),
    ("tripeaks", "TP", "golf", "TriPeaks", Golf),
    ("aces-up", "AU", "aces-up", "Aces Up", Golf),
)


def stand_in(variant: str, prefix: str, family: str, name: str, base: type[Variant]) -> Variant:
    """The game ``base`` as the stand-in ``variant``."""
    attributes = {"id": variant, "code_prefix": prefix, "names": f"{name} (stand-in)", "family": family}
    if family != (base.family or base.id):
        attributes["default_scoring"] = "none"  # the copied game's own may fit its family only
    made: type[Variant] = type(f"StandIn{base.__name__}", (base,), attributes)
    return made()


class StandIns:
    """A plugin that registers the stand-ins of the games not installed."""

    def __init__(self, installed: Catalog) -> None:
        ids = set(installed.variants)
        prefixes = {v.code_prefix for v in installed.variants.values()}
        self.games = [game for game in GAMES if game[0] not in ids and game[1] not in prefixes]

    @hookimpl
    def solitaire_register_variants(self, register: Any) -> None:
        for game in self.games:
            register.add_variant(stand_in(*game))


def many_games(*, entry_points: bool = False) -> Catalog:
    """The built-in games (and the installed plugins' with ``entry_points``), with the
    stand-ins of the games of the library not installed: twenty or more in all."""
    installed = new_catalog(entry_points=entry_points)
    return new_catalog(entry_points=entry_points, plugins=[StandIns(installed)])
