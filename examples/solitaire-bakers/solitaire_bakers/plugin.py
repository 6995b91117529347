"""The plugin the entry point ``bakers`` names: it registers Baker's Game and Windows scoring."""

from __future__ import annotations

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire_bakers.bakers import BakersGame
from solitaire_bakers.scoring import WindowsScoring

__all__ = ["solitaire_register_scoring", "solitaire_register_variants"]


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(BakersGame())


@hookimpl
def solitaire_register_scoring(register: Registry) -> None:
    register.add_scoring(WindowsScoring())
