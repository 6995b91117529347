"""How hard a winnable deal is: easy, medium or hard, from the solver's effort.

The effort is the number of positions the solver searched before it found the win
(``SolveResult.nodes``): the same on every machine, unlike the seconds.  Each game says
for each draw two thresholds, in its class attribute ``Variant.difficulty``: a deal
that took at most the first is easy, at most the second medium, more hard.  They are
the terciles of the effort among the deals found winnable in a sample of deals, each
solved with :data:`BUDGET` positions and no time limit (:func:`calibrate`, which
``solitaire calibrate GAME`` runs).  A game without thresholds for a draw (``{}``, the
default) has no levels there: :func:`level` says None and every winnable deal fits.

>>> class Game:  # a stand-in for a variant: its ``difficulty`` is all that counts here
...     draws = (1, 3)
...     difficulty = {1: (2071, 3448)}
>>> level_of(Game(), 1, 10), level_of(Game(), 1, 3000), level_of(Game(), 1, 10**9)
('easy', 'medium', 'hard')
>>> level_of(Game(), 3, 10) is None and fits("easy", Game(), 3, 10**9)
True
>>> split([40, 10, 90, 20, 70, 30, 50, 80, 60])
((30, 60), '')
>>> split([51] * 12)
(None, 'no-spread')
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Literal

import attrs

from solitaire.core.i18n import N_, Message

if TYPE_CHECKING:
    from solitaire.core.registry import Catalog
    from solitaire.core.ruleset import Ruleset, Variant
    from solitaire.core.solver import SolveResult
    from solitaire.core.state import State

__all__ = [
    "BUDGET",
    "CHOICES",
    "LEVELS",
    "MIN_WINS",
    "NAMES",
    "SAMPLE",
    "WHY_NOT",
    "Calibration",
    "assess",
    "calibrate",
    "fits",
    "has_levels",
    "level",
    "level_of",
    "line",
    "split",
    "terciles",
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
#: The positions each deal of a calibration sample is given: the winnable-deal search's.
BUDGET: Final = 150_000
#: The deals a calibration solves unless told otherwise.
SAMPLE: Final = 60
#: A sample with fewer winnable deals than this gives no thresholds.
MIN_WINS: Final = 6

#: Why a sample gives no thresholds: too few wins, or efforts that do not spread.
WHY_NOT: Final = {
    "few-wins": N_("fewer than 6 winnable deals"),
    "no-spread": N_("the efforts of the wins do not spread over three levels"),
}


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


# -- calibration -----------------------------------------------------------------------------------


def terciles(efforts: Sequence[int]) -> tuple[int, int]:
    """The efforts below which a third and two thirds of ``efforts`` lie."""
    ordered = sorted(efforts)
    count = len(ordered)
    return ordered[(count - 1) // 3], ordered[(2 * count - 1) // 3]


def split(efforts: Sequence[int]) -> tuple[tuple[int, int] | None, str]:
    """The thresholds for the efforts of a sample's wins (their :func:`terciles`), or
    None and why not (a key of :data:`WHY_NOT`): fewer than :data:`MIN_WINS` wins to
    tell, or a level that would hold none of them (the efforts do not spread)."""
    if len(efforts) < MIN_WINS:
        return None, "few-wins"
    easy, medium = terciles(efforts)
    if not any(easy < effort <= medium for effort in efforts) or max(efforts) <= medium:
        return None, "no-spread"
    return (easy, medium), ""


@attrs.frozen
class Calibration:
    """What a sample of deals of a game at one draw says of its levels: the deals solved,
    each win's effort, and the thresholds, or why there are none."""

    variant: str
    draw: int
    #: The deal numbers solved.
    deals: range
    #: The positions each deal was given (with no time limit).
    max_nodes: int
    #: (deal number, effort) of each deal found winnable, in the order of the deals.
    wins: tuple[tuple[int, int], ...]
    #: The most positions of an easy and of a medium deal; None: the game gets no levels here.
    thresholds: tuple[int, int] | None
    #: Why there are no thresholds (a key of :data:`WHY_NOT`); "" when there are.
    why: str = ""

    @property
    def efforts(self) -> tuple[int, ...]:
        """The efforts of the wins, in the order of the deals."""
        return tuple(effort for _deal, effort in self.wins)

    @property
    def median(self) -> int | None:
        """The median effort of the wins (None without a win)."""
        return int(statistics.median(self.efforts)) if self.wins else None

    @property
    def reason(self) -> Message | None:
        """Why there are no thresholds, in words (None when there are)."""
        return Message(WHY_NOT[self.why]) if self.why else None


def calibrate(
    catalog: Catalog,
    variant: str,
    draw: int | None = None,
    *,
    deals: int = SAMPLE,
    first: int | None = None,
    max_nodes: int = BUDGET,
    progress: Callable[[int, int, int], None] | None = None,
) -> Calibration:
    """Solve ``deals`` deals of ``variant`` at ``draw`` (None: its default draw) from
    the deal number ``first`` on (None: the game's first), each with ``max_nodes``
    positions and no time limit, so that the same deals give the same answer on every
    machine; the thresholds are the :func:`terciles` of the wins' efforts (see
    :func:`split`).  ``progress(done, total, wins)`` is told after each deal.

    ``OptionsError`` for a game that is not installed or has no solver, a draw it does
    not offer, or deals it has not; ``PluginError`` when a plugin's code fails on a deal;
    ``ValueError`` for no deal or no position to solve."""
    from solitaire.core.registry import OptionsError
    from solitaire.core.solver import solvable, solve

    game_of = catalog.variant(variant)
    numbers = game_of.deal_numbers
    start = numbers[0] if first is None else first
    if deals < 1 or max_nodes < 1:
        raise ValueError(f"a calibration takes deals and positions, not {deals} and {max_nodes}")
    sample = range(start, start + deals)
    if sample[0] not in numbers or sample[-1] not in numbers:
        raise OptionsError(
            Message(
                "calibrate: {variant} has deals {low}..{high}, not {first}..{last}",
                variant=game_of.id,
                low=numbers[0],
                high=numbers[-1],
                first=sample[0],
                last=sample[-1],
            )
        )
    options = catalog.options(game_of.id, draw=draw, deal=sample[0])
    if not solvable(catalog.ruleset(options)):
        raise OptionsError(
            Message("calibrate: the solver does not know the rules of {variant}", variant=game_of.id)
        )
    wins: list[tuple[int, int]] = []
    for done, number in enumerate(sample, 1):
        game = catalog.new_game(attrs.evolve(options, deal=number))
        with game._plugin_code("solve"):  # a plugin's code failing names the plugin
            result = solve(game.state, game.rules, max_nodes=max_nodes)
        if result.verdict == "winnable":
            wins.append((number, result.nodes))
        if progress is not None:
            progress(done, len(sample), len(wins))
    bounds, why = split([effort for _deal, effort in wins])
    return Calibration(game_of.id, options.draw, sample, max_nodes, tuple(wins), bounds, why)


def line(difficulty: Mapping[int, tuple[int, int]]) -> str:
    """The line that declares ``difficulty`` in a variant's class, draws in order.

    >>> line({3: (60, 173), 1: (39, 99)})
    'difficulty = {1: (39, 99), 3: (60, 173)}'
    """
    return f"difficulty = {dict(sorted(difficulty.items()))!r}"
