"""How hard a winnable deal is: easy, medium or hard, from the solver's effort.

The effort is the number of positions the solver searched before it found the win
(``SolveResult.nodes``): the same on every machine, unlike the seconds.  Each game
(and draw) has two thresholds, calibrated by ``benchmarks/difficulty.py`` on a sample
of random deals solved with :data:`BUDGET` positions: the terciles of the effort among
the deals found winnable.  A deal that took at most the first is easy, at most the
second medium, more hard.  A game without thresholds (a plugin's, or one not
calibrated yet) has no levels: :func:`level` says None and every winnable deal fits.

>>> level_of("freecell", 1, 10)
'easy'
>>> fits("any", "freecell", 1, 10**9)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from solitaire.core.i18n import N_

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset
    from solitaire.core.solver import SolveResult
    from solitaire.core.state import State

__all__ = ["BUDGET", "CHOICES", "LEVELS", "NAMES", "THRESHOLDS", "assess", "fits", "level", "level_of"]

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

# The table below is written by benchmarks/difficulty.py; edit it by rerunning that script.
# fmt: off
# -- thresholds begin --
#: (variant, draw) -> (most positions for easy, most positions for medium)
THRESHOLDS: dict[tuple[str, int], tuple[int, int]] = {
    ('aces-up', 1): (1008, 6071),
    ('bakers-dozen', 1): (493, 658),
    ('beleaguered-castle', 1): (861, 3824),
    ('canfield', 1): (1140, 1402),
    ('canfield', 3): (915, 1453),
    ('eight-off', 1): (1032, 1430),
    ('freecell', 1): (2071, 3448),
    ('golf', 1): (9491, 54217),
    ('grandfather', 1): (634, 3329),
    ('klondike', 1): (39, 99),
    ('klondike', 3): (60, 173),
    ('pyramid', 1): (60, 892),
    ('reflechi', 1): (47, 130),
    ('reflechi', 3): (64, 204),
    ('scorpion', 1): (152, 337),
    ('simple-simon', 1): (548, 912),
    ('spider', 1): (551, 623),
    ('spider', 2): (1872, 3122),
    ('spider', 4): (4558, 8663),
    ('tripeaks', 1): (49, 449),
    ('yukon', 1): (957, 3324),
}
# -- thresholds end --
# fmt: on


def level_of(variant: str, draw: int, nodes: int) -> Level | None:
    """The level of a deal of ``variant`` (at ``draw``) won after searching ``nodes``
    positions, or None when the game has no thresholds."""
    bounds = THRESHOLDS.get((variant, draw))
    if bounds is None:
        return None
    easy, medium = bounds
    return "easy" if nodes <= easy else "medium" if nodes <= medium else "hard"


def level(rules: Ruleset, nodes: int) -> Level | None:
    """:func:`level_of` for a :class:`~solitaire.core.ruleset.Ruleset`."""
    options = rules.options
    return level_of(options.variant, options.draw, nodes)


def assess(
    state: State, rules: Ruleset, result: SolveResult, *, timeout: float | None = None
) -> Level | None:
    """The level of the position ``state`` that ``result`` found winnable, measured as
    the levels were calibrated: from a solve with :data:`BUDGET` positions (``result``
    itself when it was won within a budget that small, else a new solve).  A win not
    found within :data:`BUDGET` is hard; None when the game has no levels or ``result``
    is not a win."""
    from solitaire.core.solver import solve

    if result.verdict != "winnable" or (rules.options.variant, rules.options.draw) not in THRESHOLDS:
        return None
    effort = result if result.nodes <= BUDGET // 4 else solve(state, rules, max_nodes=BUDGET, timeout=timeout)
    return level(rules, effort.nodes) if effort.verdict == "winnable" else "hard"


def fits(wanted: str, variant: str, draw: int, nodes: int) -> bool:
    """Whether a winnable deal won after ``nodes`` positions is of the level ``wanted``
    (``"any"`` takes every deal, and so does a game without thresholds)."""
    if wanted not in LEVELS:
        return True
    found = level_of(variant, draw, nodes)
    return found is None or found == wanted
