"""The search for a winnable deal: random deals, one after another, until the solver
proves one winnable (of the difficulty asked for), as every front end searches.

Each deal gets a budget (:data:`DEAL_NODES` positions, :data:`DEAL_SECONDS`); a deal
not proved winnable within it is passed over, and after :data:`MAX_DEALS` the search
gives up.  The window asks its solver processes deal by deal and decides with
:func:`proves`; the terminal game runs :func:`search_winnable` itself.

>>> class Game:  # a stand-in for a variant: its levels are all that proves reads of it
...     difficulty = {1: (10, 20)}
>>> proves(None, Game(), 1)  # the solver failed on the deal
False
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import attrs

from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.difficulty import BUDGET, fits
from solitaire.core.registry import Catalog, PluginError
from solitaire.core.ruleset import GameOptions

if TYPE_CHECKING:
    from solitaire.core.ruleset import Variant
    from solitaire.core.solver import SolveResult

__all__ = ["DEAL_NODES", "DEAL_SECONDS", "MAX_DEALS", "Searched", "proves", "search_winnable"]

#: The budget for one deal (a deal not proved winnable in it is passed over): the
#: positions the difficulty levels are calibrated with, and seconds.
DEAL_NODES: Final = BUDGET
DEAL_SECONDS: Final = 3.0
#: Deals tried before the search for a winnable one gives up.
MAX_DEALS: Final = 100


def proves(result: SolveResult | None, variant: Variant, draw: int, difficulty: str = "any") -> bool:
    """Whether the solver's ``result`` on a deal of ``variant`` at ``draw`` makes it the
    deal searched for: won, and of the level ``difficulty`` where the game has levels
    (None: the solver failed on the deal)."""
    if result is None or result.verdict != "winnable":
        return False
    return fits(difficulty, variant, draw, result.nodes)


@attrs.frozen
class Searched:
    """How a search ended: the deal found (None: none was), the deals tried, and
    whether it was cancelled."""

    options: GameOptions | None
    tried: int
    cancelled: bool = False


def search_winnable(
    catalog: Catalog,
    options: GameOptions,
    *,
    difficulty: str = "any",
    max_nodes: int = DEAL_NODES,
    timeout: float = DEAL_SECONDS,
    max_deals: int = MAX_DEALS,
    random_deal: Callable[[], int] | None = None,
    cancel: threading.Event | None = None,
    tried: Callable[[int], None] | None = None,
) -> Searched:
    """Random deals of ``options`` (from ``random_deal``, by default the variant's own
    numbers) until one is proved winnable and of the level ``difficulty``.  ``tried(n)``
    is told after each deal; ``cancel``, set from another thread, stops the search at
    once (the deal being solved is abandoned).  A deal the solver fails on (a plugin's
    variant it does not know) is passed over."""
    from solitaire.core.solver import solve

    variant = catalog.variant(options.variant)
    deals = random_deal or variant.random_deal
    count = 0
    while count < max_deals:
        if cancel is not None and cancel.is_set():
            return Searched(None, count, cancelled=True)
        each = attrs.evolve(options, deal=deals() % DEAL_NUMBERS)
        result: SolveResult | None
        try:
            game = catalog.new_game(each)
            result = solve(game.state, game.rules, max_nodes=max_nodes, timeout=timeout, cancel=cancel)
        except (PluginError, ValueError):  # ValueError: UnsupportedVariant, a plugin's bad deal
            result = None
        if cancel is not None and cancel.is_set():  # what a cancelled solve says is no verdict
            return Searched(None, count, cancelled=True)
        count += 1
        if tried is not None:
            tried(count)
        if proves(result, variant, each.draw, difficulty):
            return Searched(each, count)
    return Searched(None, count)
