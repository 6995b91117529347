"""The plugin the entry point ``yukon`` names: it registers Yukon and Windows scoring."""

from __future__ import annotations

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire_yukon.scoring import WindowsScoring
from solitaire_yukon.yukon import Yukon

__all__ = ["solitaire_register_scoring", "solitaire_register_variants"]


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Yukon())


@hookimpl
def solitaire_register_scoring(register: Registry) -> None:
    register.add_scoring(WindowsScoring())
