"""The plugin the entry point ``fans`` names: it registers the package's three games."""

from __future__ import annotations

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire_fans.aces_and_kings import AcesAndKings
from solitaire_fans.four_seasons import FourSeasons
from solitaire_fans.la_belle_lucie import LaBelleLucie

__all__ = ["solitaire_register_variants"]


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(LaBelleLucie())
    register.add_variant(FourSeasons())
    register.add_variant(AcesAndKings())
