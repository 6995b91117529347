"""The built-in plugin: registers Klondike, Réfléchi, the Normal and Vegas scoring
schemes, the ``unlimited`` and ``passes:N`` redeal policies and the heuristic hint,
through the same hooks a third-party package implements."""

from __future__ import annotations

from solitaire.core.hints import Hint
from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State
from solitaire.plugins.hints import heuristic_hint
from solitaire.plugins.redeal import limited_passes, unlimited
from solitaire.plugins.scoring import GolfScoring, NormalScoring, NoScoring, SpiderScoring, VegasScoring
from solitaire.variants.freecell import FreeCell
from solitaire.variants.golf import Golf
from solitaire.variants.klondike import Klondike
from solitaire.variants.reflechi import Reflechi
from solitaire.variants.spider import Spider
from solitaire.variants.yukon import Yukon


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Klondike())
    register.add_variant(Reflechi())
    register.add_variant(Yukon())
    register.add_variant(FreeCell())
    register.add_variant(Spider())
    register.add_variant(Golf())


@hookimpl
def solitaire_register_scoring(register: Registry) -> None:
    register.add_scoring(NormalScoring())
    register.add_scoring(VegasScoring())
    register.add_scoring(NoScoring())
    register.add_scoring(SpiderScoring())
    register.add_scoring(GolfScoring())


@hookimpl
def solitaire_register_redeal(register: Registry) -> None:
    register.add_redeal("unlimited", unlimited, code_letter="U")
    register.add_redeal("passes", limited_passes, code_letter="P")


@hookimpl(trylast=True)
def solitaire_hint(state: State, rules: Ruleset) -> Hint | None:
    return heuristic_hint(state, rules)
