"""How hard a winnable deal is: easy, medium or hard, from the solver's effort.

The effort is the number of positions the solver searched before it found the win
(``SolveResult.nodes``): the same on every machine, unlike the seconds.  Each game says
for each draw two thresholds, in its class attribute ``Variant.difficulty``: a deal
that took at most the first is easy, at most the second medium, more hard.  They are
the terciles of the effort among the deals found winnable in a sample of deals, each
solved with :data:`BUDGET` positions (``benchmarks/difficulty.py``).  A game without
thresholds for a draw (``{}``, the default) has no levels there: :func:`level` says
None and every winnable deal fits.

>>> class Game:  # a stand-in for a variant: its ``difficulty`` is all that counts here
...     draws = (1, 3)
...     difficulty = {1: (2071, 3448)}
>>> level_of(Game(), 1, 10), level_of(Game(), 1, 3000), level_of(Game(), 1, 10**9)
('easy', 'medium', 'hard')
>>> level_of(Game(), 3, 10) is None and fits("easy", Game(), 3, 10**9)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from solitaire.core.i18n import N_

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset, Variant
    from solitaire.core.solver import SolveResult
    from solitaire.core.state import State

__all__ = [
    "BUDGET",
    "CHOICES",
    "LEVELS",
    "NAMES",
    "assess",
    "fits",
    "has_levels",
    "level",
    "level_of",
    "thresholds",
]

Level = Literal["easy", "medium", "hard"]

#: The levels, easiest first.
LEVELS: Final[tuple[Level, ...]] = ("easy", "medium", "hard")
#: What "winnable deals only" may ask for: any winnable deal, or one of a level.
CHOICES: Final = ("any", *LEVELS)
#: The choices' names, for front ends.
NAMES: Final = {
    "any": N_("Any difficulty"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
}
#: The positions each deal of the calibration sample was given: the winnable-deal search's.
BUDGET: Final = 150_000


def thresholds(variant: Variant, draw: int) -> tuple[int, int] | None:
    """The most positions of an easy and of a medium deal of ``variant`` at ``draw``
    (``Variant.difficulty``), or None when the game has no levels at that draw."""
    return variant.difficulty.get(draw)


def has_levels(variant: Variant, draw: int | None = None) -> bool:
    """Whether ``variant`` has difficulty levels at ``draw`` (None: at any draw it offers)."""
    draws = variant.draws if draw is None else (draw,)
    return any(thresholds(variant, each) is not None for each in draws)


def level_of(variant: Variant, draw: int, nodes: int) -> Level | None:
    """The level of a deal of ``variant`` (at ``draw``) won after searching ``nodes``
    positions, or None when the game has no thresholds there."""
    bounds = thresholds(variant, draw)
    if bounds is None:
        return None
    easy, medium = bounds
    return "easy" if nodes <= easy else "medium" if nodes <= medium else "hard"


def level(rules: Ruleset, nodes: int) -> Level | None:
    """:func:`level_of` for the variant and draw of a :class:`~solitaire.core.ruleset.Ruleset`."""
    return level_of(rules.variant, rules.draw, nodes)


def assess(
    state: State, rules: Ruleset, result: SolveResult, *, timeout: float | None = None
) -> Level | None:
    """The level of the position ``state`` that ``result`` found winnable, measured as
    the levels were calibrated: from a solve with :data:`BUDGET` positions (``result``
    itself when it was won within a budget that small, else a new solve).  A win not
    found within :data:`BUDGET` is hard; None when the game has no levels or ``result``
    is not a win."""
    from solitaire.core.solver import solve

    if result.verdict != "winnable" or thresholds(rules.variant, rules.draw) is None:
        return None
    effort = result if result.nodes <= BUDGET // 4 else solve(state, rules, max_nodes=BUDGET, timeout=timeout)
    return level(rules, effort.nodes) if effort.verdict == "winnable" else "hard"


def fits(wanted: str, variant: Variant, draw: int, nodes: int) -> bool:
    """Whether a winnable deal of ``variant`` (at ``draw``) won after ``nodes`` positions
    is of the level ``wanted`` (``"any"`` takes every deal, and so does a game without
    thresholds)."""
    if wanted not in LEVELS:
        return True
    found = level_of(variant, draw, nodes)
    return found is None or found == wanted
