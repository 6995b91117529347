"""The window's background work as plain jobs: what a worker process runs, without Qt.

A job carries its game options and its position as JSON
(:func:`~solitaire.core.jsonstate.state_to_dict`); the worker rebuilds the
rules with its own catalog.  A job's ``cancel`` event reads a counter its
channel shares with the window (see :mod:`~solitaire.frontends.qt.thinking`):
the search stops once the window has asked the channel again.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.process
import os
import threading
from collections.abc import Callable, MutableSequence
from typing import Any, Final, Literal, Protocol

import attrs

from solitaire.core.hints import Hint
from solitaire.core.i18n import Message
from solitaire.core.jsonstate import state_from_dict, state_to_dict
from solitaire.core.registry import Catalog, PluginProblem
from solitaire.core.ruleset import GameOptions, Ruleset
from solitaire.core.solver import SolveResult, solve
from solitaire.core.state import State

__all__ = [
    "CHANNELS",
    "Channel",
    "Context",
    "DealJob",
    "HintAnswer",
    "HintJob",
    "Job",
    "VerdictJob",
    "position_of",
    "run",
    "start_worker",
    "work",
]

Channel = Literal["hint", "verdict", "deal"]
CHANNELS: Final[tuple[Channel, ...]] = ("hint", "verdict", "deal")


def position_of(state: State, rules: Ruleset) -> dict[str, Any]:
    """A position as a job carries it: the JSON object of the command line's ``--json``."""
    return state_to_dict(state, rules, "")


class _Superseded(threading.Event):
    """The solver's ``cancel``: set once the job's channel has been asked again.

    It reads the channel's counter, shared between the window and its workers,
    every time the solver looks (every thousand positions or so)."""

    def __init__(self, generations: MutableSequence[int], slot: int, generation: int) -> None:
        super().__init__()
        self._generations, self._slot, self._generation = generations, slot, generation

    def is_set(self) -> bool:
        return self._generations[self._slot] != self._generation


@attrs.frozen
class Context:
    """What jobs run with: a catalog, and the channels' counters.  Jobs leave
    the catalog as it is: in threads it is the window's, used on its thread too.
    The hint providers that failed here are no longer asked (``failed_hints``):
    the window leaves them out of its own catalog, not of a worker's."""

    catalog: Catalog
    generations: MutableSequence[int]
    failed_hints: set[str] = attrs.field(factory=set)


class Job(Protocol):
    """Work for a worker: picklable, and run with the worker's catalog."""

    def run(self, context: Context, cancel: threading.Event) -> object: ...


@attrs.frozen
class HintAnswer:
    """A hint, and the hint providers that failed giving it (the window leaves
    them out of its catalog, on its thread)."""

    hint: Hint
    problems: tuple[PluginProblem, ...] = ()


@attrs.frozen
class HintJob:
    """The hint of the catalog's providers (``solitaire_hint``) for a position."""

    options: GameOptions
    position: dict[str, Any]

    def run(self, context: Context, cancel: threading.Event) -> HintAnswer:
        catalog = context.catalog
        problems: list[PluginProblem] = []

        def failed(plugin: str, reason: Message | str) -> None:  # passed over here; left out by the window
            context.failed_hints.add(plugin)
            problems.append(PluginProblem.of(plugin, reason))

        state, rules = state_from_dict(self.position), catalog.ruleset(self.options)
        hint = catalog.hint(state, rules, failed=failed, skip=context.failed_hints)
        return HintAnswer(Hint(hint.move, hint.text), tuple(problems))


@attrs.frozen
class VerdictJob:
    """The solver's verdict on a position, within a budget of positions and seconds."""

    options: GameOptions
    position: dict[str, Any]
    max_nodes: int
    timeout: float

    def run(self, context: Context, cancel: threading.Event) -> SolveResult:
        rules = context.catalog.ruleset(self.options)
        state = state_from_dict(self.position)
        return solve(state, rules, max_nodes=self.max_nodes, timeout=self.timeout, cancel=cancel)


@attrs.frozen
class DealJob:
    """The solver's verdict on a deal, from its start."""

    options: GameOptions
    max_nodes: int
    timeout: float

    def run(self, context: Context, cancel: threading.Event) -> SolveResult:
        game = context.catalog.new_game(self.options)
        return solve(game.state, game.rules, max_nodes=self.max_nodes, timeout=self.timeout, cancel=cancel)


def run(job: Job, context: Context, slot: int, generation: int) -> object:
    """Run ``job`` as the ``generation`` of channel ``slot`` (None once superseded)."""
    cancel = _Superseded(context.generations, slot, generation)
    if cancel.is_set():
        return None  # superseded while it waited: nobody wants the answer
    return job.run(context, cancel)


# -- in a worker process ---------------------------------------------------------------------------

_worker: Context | None = None


def start_worker(make_catalog: Callable[[], Catalog], generations: MutableSequence[int]) -> None:
    """Set a worker process up: its catalog, and the counters shared with the window.
    The worker ends with the window's process, even when that one is killed."""
    global _worker
    _worker = Context(make_catalog(), generations)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()
    os._exit(0)


def work(job: Job, slot: int, generation: int) -> object:
    """:func:`run` in a worker process, with the worker's catalog."""
    if _worker is None:
        raise RuntimeError("the worker was started without its catalog")
    return run(job, _worker, slot, generation)


def ready() -> bool:
    """Whether this worker is set up (the window asks it to start one early)."""
    return _worker is not None
