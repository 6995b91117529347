"""The built-in plugin: registers Klondike, Réfléchi, Yukon, FreeCell, Spider, Golf,
Pyramid, TriPeaks, Baker's Dozen, Beleaguered Castle, Eight Off, Simple Simon, Grandfather,
Canfield, Clock, Aces Up, Gypsy, Forty Thieves, Scorpion and Mod 3, their scoring schemes
(Normal, Vegas, none, Spider's, Golf's and TriPeaks'), the ``unlimited`` and ``passes:N``
redeal policies and the heuristic hint, through the same hooks a third-party package
implements.

The core knows no built-ins: the application hands them to its
:class:`~solitaire.core.registry.Catalog`.  :func:`new_catalog` is that catalog,
what the command line, the window, the kit, the benchmarks and the tests use:

>>> catalog = new_catalog(entry_points=False)
>>> {"klondike", "freecell", "spider", "pyramid", "eight-off", "canfield", "clock"} <= set(catalog.variants)
True
>>> sorted(catalog.scorings)
['golf', 'none', 'normal', 'spider', 'tripeaks', 'vegas', 'vegas-cumulative']
>>> sorted(Catalog(entry_points=False).variants)  # the core alone
[]
>>> catalog.default_variant, catalog.options().variant
('klondike', 'klondike')
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Final

from solitaire.core.hints import Hint
from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Catalog, Registry
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State
from solitaire.plugins import sampling_hints, solver_hints
from solitaire.plugins.redeal import limited_passes, unlimited
from solitaire.plugins.scoring import (
    GolfScoring,
    NormalScoring,
    NoScoring,
    SpiderScoring,
    TriPeaksScoring,
    VegasCumulativeScoring,
    VegasScoring,
)
from solitaire.variants.aces_up import AcesUp
from solitaire.variants.bakers_dozen import BakersDozen
from solitaire.variants.beleaguered_castle import BeleagueredCastle
from solitaire.variants.canfield import Canfield
from solitaire.variants.clock import Clock
from solitaire.variants.eight_off import EightOff
from solitaire.variants.forty_thieves import FortyThieves
from solitaire.variants.freecell import FreeCell
from solitaire.variants.golf import Golf
from solitaire.variants.grandfather import Grandfather
from solitaire.variants.gypsy import Gypsy
from solitaire.variants.klondike import Klondike
from solitaire.variants.mod3 import Mod3
from solitaire.variants.pyramid import Pyramid
from solitaire.variants.reflechi import Reflechi
from solitaire.variants.scorpion import Scorpion
from solitaire.variants.simple_simon import SimpleSimon
from solitaire.variants.spider import Spider
from solitaire.variants.tripeaks import TriPeaks
from solitaire.variants.yukon import Yukon

__all__ = ["DEFAULT_VARIANT", "builtin_plugins", "hint_budget", "new_catalog"]

#: The game dealt when none is named (``solitaire new`` without ``--variant``, a first start).
DEFAULT_VARIANT: Final = "klondike"


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Klondike())
    register.add_variant(Reflechi())
    register.add_variant(Yukon())
    register.add_variant(FreeCell())
    register.add_variant(Spider())
    register.add_variant(Golf())
    register.add_variant(Pyramid())
    register.add_variant(TriPeaks())
    register.add_variant(BakersDozen())
    register.add_variant(BeleagueredCastle())
    register.add_variant(EightOff())
    register.add_variant(SimpleSimon())
    register.add_variant(Grandfather())
    register.add_variant(Canfield())
    register.add_variant(Clock())
    register.add_variant(AcesUp())
    register.add_variant(Gypsy())
    register.add_variant(FortyThieves())
    register.add_variant(Scorpion())
    register.add_variant(Mod3())


@hookimpl
def solitaire_register_scoring(register: Registry) -> None:
    register.add_scoring(NormalScoring())
    register.add_scoring(VegasScoring())
    register.add_scoring(VegasCumulativeScoring())
    register.add_scoring(NoScoring())
    register.add_scoring(SpiderScoring())
    register.add_scoring(GolfScoring())
    register.add_scoring(TriPeaksScoring())


@hookimpl
def solitaire_register_redeal(register: Registry) -> None:
    register.add_redeal("unlimited", unlimited, code_letter="U")
    register.add_redeal("passes", limited_passes, code_letter="P")


@hookimpl(trylast=True)
def solitaire_hint(state: State, rules: Ruleset) -> Hint | None:
    from solitaire.plugins.hints import heuristic_hint  # loaded when a hint is asked

    return heuristic_hint(state, rules)


def builtin_plugins() -> dict[str, object]:
    """The built-in plugins by name, in the order they register.  Hint providers are
    asked last registered first: solver-hints, sampling-hints, then this module's
    heuristic (``trylast``), which always answers."""
    return {"builtins": sys.modules[__name__], "sampling-hints": sampling_hints, "solver-hints": solver_hints}


def hint_budget() -> float:
    """The seconds the built-in hint thinks (``sampling_hints.budget``, replaceable)."""
    return sampling_hints.budget.seconds


def new_catalog(
    *,
    entry_points: bool | None = None,
    blocked: Iterable[str] | None = None,
    plugins: Iterable[object] = (),
    timeout: float | None = None,
) -> Catalog:
    """The application's catalog: the built-ins, then ``plugins``, then the installed
    packages (the arguments are :class:`~solitaire.core.registry.Catalog`'s); a game is
    of :data:`DEFAULT_VARIANT` unless told otherwise."""
    return Catalog(
        builtins=builtin_plugins(),
        default_variant=DEFAULT_VARIANT,
        hint_budget=hint_budget,
        entry_points=entry_points,
        blocked=blocked,
        plugins=plugins,
        timeout=timeout,
    )
