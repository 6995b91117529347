"""Surveys: how many deals of a game are winnable, with confidence intervals.

The work is one plain top-level function over a deal number,
:func:`survey_deal`, so that any :class:`concurrent.futures.Executor` can run it:
threads, local processes, or a Dask cluster (``distributed.Client(...).get_executor()``).
:func:`run_survey` hands the deals to an executor and gathers a
:class:`SurveyReport`; :func:`recheck` solves the deals it left unknown once
more, with a larger budget; :func:`wilson` gives the 95% Wilson score interval
of each share.

A survey of deals 2 and 3 of a game on two threads, where ``new_catalog`` makes the
application's catalog (one per process)::

    spec = SurveySpec("some-game", draw=3, max_nodes=3000, catalog=new_catalog)
    with ThreadPoolExecutor(2) as executor:
        report = run_survey(executor, spec, range(2, 4))
    report.counts  # {'winnable': 1, 'unwinnable': 1, 'unknown': 0}

>>> wilson(81, 100)
Interval(share=0.81, low=0.7222..., high=0.8748...)
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import statistics
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Final

import attrs

from solitaire.core.i18n import Message
from solitaire.core.registry import Catalog
from solitaire.core.solver import DEFAULT_NODES, Verdict

__all__ = [
    "NO_WORKER_WAIT",
    "SCHEDULER_TIMEOUT",
    "VERDICTS",
    "Z95",
    "ClusterError",
    "DealResult",
    "Interval",
    "SurveyReport",
    "SurveySpec",
    "SurveyStopped",
    "WorkersLost",
    "dask_client",
    "dask_workers",
    "local_executor",
    "progress_line",
    "recheck",
    "run_survey",
    "stop_workers",
    "survey_deal",
    "wilson",
]

#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054
VERDICTS: Final[tuple[Verdict, ...]] = ("winnable", "unwinnable", "unknown")
#: How many deals are handed to the executor ahead of the results (bounds memory, not speed).
IN_FLIGHT: Final = 10_000
#: Seconds to wait for a Dask scheduler to answer, and for it to have a worker.
SCHEDULER_TIMEOUT: float = 10.0
#: Seconds a survey waits with no worker to solve its deals before it gives up.
NO_WORKER_WAIT: float = 60.0

Workers = Callable[[], int]
"""``workers()``: how many workers the executor has now (0 when it cannot tell)."""

Progress = Callable[[int, int, int], None]
"""``progress(done, total, winnable)``, called after each deal."""


# -- the statistics --------------------------------------------------------------------------------


@attrs.frozen
class Interval:
    """A share and its confidence interval, all in 0..1."""

    share: float
    low: float
    high: float


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``successes`` out of ``trials`` (95% by default).

    With p = k/n::

        centre = (p + z²/2n) / (1 + z²/n)
        half   = z / (1 + z²/n) · √(p(1−p)/n + z²/4n²)

    and the interval is centre ± half. Unlike the normal approximation p ± z√(p(1−p)/n)
    it stays inside 0..1 and does not shrink to a point at 0 or n successes. No
    trials at all give the whole range 0..1 (and a share of 0).
    """
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


# -- one deal --------------------------------------------------------------------------------------


@attrs.frozen
class SurveySpec:
    """What to survey: the game options (the variant ``variant``, by id, with its own
    scoring: a verdict does not depend on the score) and each deal's budget.

    ``draw`` None is the variant's default, ``redeal`` None the variant's.
    ``catalog`` makes the catalog a worker plays with, one per process: a top-level
    function or class (picklable by reference), the application's
    ``solitaire.plugins.builtins.new_catalog`` (the core's own :class:`Catalog` has no
    built-ins)."""

    variant: str
    draw: int | None = None
    redeal: str | None = None
    returns_allowed: bool = True
    timeout: float = 10.0
    max_nodes: int = DEFAULT_NODES
    catalog: Callable[[], Catalog] = attrs.field(default=Catalog, eq=False, repr=False)


@attrs.frozen
class DealResult:
    """One deal's verdict and what it cost."""

    deal: int
    verdict: Verdict
    seconds: float
    nodes: int


_catalogs: dict[Callable[[], Catalog], Catalog] = {}
_catalog_lock = threading.Lock()


def _process_catalog(make: Callable[[], Catalog]) -> Catalog:
    """One catalog per process and factory (with the installed plugins, as the command line's)."""
    with _catalog_lock:
        if make not in _catalogs:
            _catalogs[make] = make()
        return _catalogs[make]


def survey_deal(
    variant: str,
    draw: int | None,
    redeal: str | None,
    returns_allowed: bool,
    deal: int,
    timeout: float,
    max_nodes: int = DEFAULT_NODES,
    catalog: Callable[[], Catalog] = Catalog,
) -> tuple[int, Verdict, float, int]:
    """Solve one deal from its start: ``(deal, verdict, seconds, nodes)``.

    A plain top-level function (picklable by reference) for any executor; the
    plugins are those installed where it runs (one catalog per process, made by
    ``catalog()``: see :class:`SurveySpec`).
    Raises :class:`~solitaire.core.registry.OptionsError` for options that
    process cannot play."""
    from solitaire.core.solver import solve

    plugins = _process_catalog(catalog)
    options = plugins.options(variant, draw, None, redeal, returns_allowed, deal)
    game = plugins.new_game(options)
    result = solve(game.state, game.rules, max_nodes=max_nodes, timeout=timeout)
    return deal, result.verdict, result.seconds, result.nodes


# -- many deals ------------------------------------------------------------------------------------


@attrs.frozen
class SurveyReport:
    """The verdicts of a survey, by deal number."""

    spec: SurveySpec
    results: tuple[DealResult, ...]
    #: Wall-clock time of the whole survey (``seconds`` sums the deals' own times).
    elapsed: float = 0.0
    #: Whether the survey was stopped before the end (the figures are those of ``results``).
    stopped: bool = False
    #: How many times the budget the deals left unknown got once more (:func:`recheck`), if they did.
    recheck: float | None = None
    #: How many deals were solved once more.
    rechecked: int = 0

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def counts(self) -> dict[str, int]:
        """Deals by verdict, every verdict present."""
        counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
        for result in self.results:
            counts[result.verdict] += 1
        return counts

    def shares(self, z: float = Z95) -> dict[str, Interval]:
        """Each verdict's share of the deals with its Wilson interval."""
        return {verdict: wilson(count, self.deals, z) for verdict, count in self.counts.items()}

    @property
    def unknown_deals(self) -> list[int]:
        """The deals left unknown, in order."""
        return [result.deal for result in self.results if result.verdict == "unknown"]

    @property
    def median_seconds(self) -> float:
        return statistics.median(r.seconds for r in self.results) if self.results else 0.0

    @property
    def seconds(self) -> float:
        """The solving time summed over the deals (CPU time across the workers)."""
        return math.fsum(r.seconds for r in self.results)

    def to_dict(self) -> dict[str, Any]:
        """The ``survey --json`` object (shares and seconds rounded for printing)."""
        counts = self.counts
        return {
            "variant": self.spec.variant,
            "draw": self.spec.draw,
            "redeal": self.spec.redeal,
            "returns_allowed": self.spec.returns_allowed,
            "deals": self.deals,
            "first": min((r.deal for r in self.results), default=None),
            "timeout": self.spec.timeout,
            **counts,
            "shares": {
                verdict: {
                    "share": round(interval.share, 6),
                    "low": round(interval.low, 6),
                    "high": round(interval.high, 6),
                }
                for verdict, interval in self.shares().items()
            },
            "median_seconds": round(self.median_seconds, 4),
            "seconds": round(self.seconds, 3),
            "stopped": self.stopped,
            "recheck": self.recheck,
            "rechecked": self.rechecked,
            "unknown_deals": self.unknown_deals,
        }


def run_survey(
    executor: Executor,
    spec: SurveySpec,
    deals: Iterable[int],
    progress: Progress | None = None,
    *,
    in_flight: int = IN_FLIGHT,
    workers: Workers | None = None,
    no_worker_wait: float = NO_WORKER_WAIT,
) -> SurveyReport:
    """Solve ``deals`` on ``executor`` (any :class:`concurrent.futures.Executor`).

    At most ``in_flight`` deals are handed over ahead of the results; ``progress``
    is called in this thread after each result. An exception raised by a deal
    (for instance a worker that lacks the variant's plugin) cancels the deals not
    yet started and propagates. Ctrl-C (or a ``SystemExit`` from a signal handler)
    cancels them too, and raises :class:`SurveyStopped` with the deals solved so far.

    A cluster whose workers are all gone waits for new ones: with ``workers``
    (:func:`dask_workers`), the survey gives up after ``no_worker_wait`` seconds
    without a worker and raises :class:`WorkersLost` with the deals solved so far.
    So it does when the executor breaks (a local worker process killed).
    """
    if in_flight < 1:
        raise ValueError(f"in_flight must be at least 1, not {in_flight}")
    if not no_worker_wait > 0:
        raise ValueError(f"no_worker_wait must be above 0 seconds, not {no_worker_wait}")
    # How often to look for workers while no deal comes back.
    poll = min(1.0, no_worker_wait / 4) if workers is not None else None
    alone_since: float | None = None
    todo = list(deals)
    total = len(todo)
    started = time.monotonic()
    results: list[DealResult] = []
    winnable = 0
    pending: set[Future[tuple[int, Verdict, float, int]]] = set()
    queue = iter(todo)
    try:
        while True:
            for deal in queue:
                pending.add(
                    executor.submit(
                        survey_deal,
                        spec.variant,
                        spec.draw,
                        spec.redeal,
                        spec.returns_allowed,
                        deal,
                        spec.timeout,
                        spec.max_nodes,
                        spec.catalog,
                    )
                )
                if len(pending) >= in_flight:
                    break
            if not pending:
                break
            done, pending = wait(pending, timeout=poll, return_when=FIRST_COMPLETED)
            if workers is not None and not done:
                now = time.monotonic()
                if _count(workers) > 0:
                    alone_since = None
                elif alone_since is None:
                    alone_since = now
                elif now - alone_since >= no_worker_wait:
                    raise _Lost(Message("no worker for {seconds:g} s", seconds=no_worker_wait))
            for future in done:
                try:
                    result = DealResult(*future.result())
                except Exception as error:
                    if _killed_worker(error):  # a deal whose workers died under it, again and again
                        raise _Lost(
                            Message("the workers solving a deal died too often (KilledWorker)")
                        ) from None
                    raise
                results.append(result)
                winnable += result.verdict == "winnable"
                if progress is not None:
                    progress(len(results), total, winnable)
    except (KeyboardInterrupt, SystemExit) as stop:
        for future in pending:
            future.cancel()
        results.sort(key=lambda r: r.deal)
        report = SurveyReport(spec, tuple(results), time.monotonic() - started, stopped=True)
        raise SurveyStopped(report, stop) from stop
    except (_Lost, BrokenExecutor) as lost:
        for future in pending:
            future.cancel()
        results.sort(key=lambda r: r.deal)
        report = SurveyReport(spec, tuple(results), time.monotonic() - started, stopped=True)
        solved = {result.deal for result in results}
        why = (
            lost.said
            if isinstance(lost, _Lost)
            else Message("the workers ended ({kind})", kind=type(lost).__name__)
        )
        raise WorkersLost(report, [deal for deal in todo if deal not in solved], why) from None
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    results.sort(key=lambda r: r.deal)
    return SurveyReport(spec, tuple(results), time.monotonic() - started)


def recheck(
    executor: Executor,
    report: SurveyReport,
    factor: float,
    progress: Progress | None = None,
    *,
    in_flight: int = IN_FLIGHT,
    workers: Workers | None = None,
    no_worker_wait: float = NO_WORKER_WAIT,
) -> SurveyReport:
    """``report`` with the deals it left unknown solved once more, with ``factor``
    times the budget (seconds and positions): the hard deals of a survey get a
    longer look without every deal getting it.  A deal's new verdict replaces the
    old one; its seconds and positions are those of both solves.  Stopped like
    :func:`run_survey`, it raises :class:`SurveyStopped` with the deals solved again
    so far merged in; losing its workers, :class:`WorkersLost` likewise (its
    ``unsolved`` are the deals not solved once more, left as they were)."""
    if not factor > 1:
        raise ValueError(f"the recheck factor must be above 1, not {factor}")
    spec = report.spec
    longer = attrs.evolve(
        spec, timeout=spec.timeout * factor, max_nodes=max(1, round(spec.max_nodes * factor))
    )
    stopped: SurveyStopped | WorkersLost | None = None
    try:
        again = run_survey(
            executor,
            longer,
            report.unknown_deals,
            progress,
            in_flight=in_flight,
            workers=workers,
            no_worker_wait=no_worker_wait,
        )
    except (SurveyStopped, WorkersLost) as stop:
        again, stopped = stop.report, stop
    results = {result.deal: result for result in report.results}
    for result in again.results:
        first = results[result.deal]
        results[result.deal] = DealResult(
            result.deal, result.verdict, first.seconds + result.seconds, first.nodes + result.nodes
        )
    merged = attrs.evolve(
        report,
        results=tuple(results[deal] for deal in sorted(results)),
        elapsed=report.elapsed + again.elapsed,
        stopped=report.stopped or again.stopped,
        recheck=factor,
        rechecked=report.rechecked + again.deals,
    )
    if isinstance(stopped, WorkersLost):
        raise WorkersLost(merged, stopped.unsolved, stopped.said) from None
    if stopped is not None:
        raise SurveyStopped(merged, stopped.cause) from stopped.cause
    return merged


class SurveyStopped(Exception):
    """A survey stopped before the end: ``report`` holds the deals solved so far,
    ``cause`` is the ``KeyboardInterrupt`` or ``SystemExit`` that stopped it."""

    def __init__(self, report: SurveyReport, cause: BaseException) -> None:
        super().__init__(f"the survey was stopped after {report.deals} deals")
        self.report = report
        self.cause = cause


class WorkersLost(Exception):
    """A survey that could not finish: its workers were gone (``why`` says how, in English;
    ``said`` is the same, translated when shown).  ``report`` holds the deals solved so far,
    ``unsolved`` those that were not."""

    def __init__(self, report: SurveyReport, unsolved: Sequence[int], why: Message | str) -> None:
        self.said: Message | str = why
        self.why = str(why)
        super().__init__(f"the survey lost its workers after {report.deals} deals ({self.why})")
        self.report = report
        self.unsolved = tuple(unsolved)


class _Lost(Exception):
    """Raised inside :func:`run_survey` when it has waited too long with no worker."""

    def __init__(self, said: Message) -> None:
        super().__init__(str(said))
        self.said = said


def _killed_worker(error: Exception) -> bool:
    """Whether ``error`` is Dask's ``KilledWorker`` (without importing ``distributed``)."""
    kind = type(error)
    return kind.__name__ == "KilledWorker" and kind.__module__.startswith("distributed")


def _count(workers: Workers) -> int:
    try:
        return workers()
    except Exception:  # a scheduler that went away has no worker for us either
        return 0


# -- running it ------------------------------------------------------------------------------------


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the survey, the
    # workers must not each print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_executor(workers: int | None = None) -> ProcessPoolExecutor:
    """Local worker processes (default: one per CPU) that leave Ctrl-C to the parent.

    They are started fresh ("spawn", a fraction of a second each), not forked: a
    forked child inherits the parent's threads' locks and objects half-way (a
    Dask client's event loop, a Qt application), which can hang it."""
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_interrupts
    )


def stop_workers(executor: Executor) -> None:
    """End the worker processes of a local executor at once, dropping the deals
    they are solving (on Ctrl-C or SIGTERM: waiting could take up to the timeout
    of each deal).  Other executors are left alone."""
    processes = getattr(executor, "_processes", None)
    if isinstance(executor, ProcessPoolExecutor) and isinstance(processes, dict):
        for process in list(processes.values()):
            process.terminate()


class ClusterError(Exception):
    """A Dask cluster that cannot be used: not installed, not reachable, or without workers."""


def dask_client(address: str, timeout: float | None = None) -> Any:
    """A ``distributed.Client`` connected to the scheduler at ``address`` that has
    at least one worker; its ``get_executor()`` is what :func:`run_survey` takes.

    ``distributed`` is imported here, not before: it is the optional extra
    ``solitaire-framework[cluster]``. Raises :class:`ClusterError` with a
    sentence saying what is wrong (after ``timeout`` seconds, default
    :data:`SCHEDULER_TIMEOUT`, for a scheduler that does not answer or has no worker).
    """
    timeout = SCHEDULER_TIMEOUT if timeout is None else timeout
    try:
        import distributed
    except ImportError as error:
        raise ClusterError(
            f"a Dask cluster needs the package 'distributed' ({error}):"
            " pip install 'solitaire-framework[cluster]'"
        ) from None
    _handshake(address, timeout)
    connect: Any = distributed.Client  # untyped
    try:
        client = connect(address, timeout=timeout)
    except (OSError, ValueError, TypeError) as error:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address!r} ({type(error).__name__}: {error})"
        ) from None
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError) as error:
        client.close()
        raise ClusterError(
            f"the Dask scheduler at {address!r} has no worker ({type(error).__name__}: {error})"
        ) from None
    return client


def _handshake(address: str, timeout: float) -> None:
    """Check, within ``timeout`` seconds, that ``address`` answers as a Dask scheduler.

    ``distributed.Client`` bounds the connection with its timeout, not the reading of
    the answer: a server that accepts and stays silent would keep it waiting for ever,
    and one that answers in another protocol (HTTP) can make it raise anything. So the
    first exchange is made here, on an event loop of its own (in a thread, so that it
    works where an event loop is already running)."""
    import asyncio

    from distributed.comm import core

    connect: Any = core.connect  # untyped

    async def exchange() -> None:
        # distributed's own timeout bounds the connection (and its retries, on a refused
        # port): it is given a moment to say so before the whole exchange is given up.
        comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout + 0.5)
        await comm.close()

    failure: list[BaseException] = []

    def attempt() -> None:
        try:
            asyncio.run(exchange())
        except BaseException as error:  # handed to the caller
            failure.append(error)

    thread = threading.Thread(target=attempt, name="dask-handshake", daemon=True)
    thread.start()
    thread.join(timeout + 2.0)
    if thread.is_alive() or (failure and isinstance(failure[0], TimeoutError)):
        raise ClusterError(f"{address!r} does not answer as a Dask scheduler (no answer in {timeout:g} s)")
    if not failure:
        return
    error = failure[0]
    if isinstance(error, (OSError, ValueError, TypeError)):
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address!r} ({type(error).__name__}: {error})"
        )
    raise ClusterError(
        f"{address!r} is not a Dask scheduler (it answers in another protocol: {type(error).__name__})"
    )


def dask_workers(client: Any, timeout: float | None = None) -> Workers:
    """``workers()`` for :func:`run_survey`: how many workers the scheduler of a
    ``distributed.Client`` has (0 when it does not answer within ``timeout`` seconds)."""
    timeout = SCHEDULER_TIMEOUT if timeout is None else timeout

    def workers() -> int:
        if client.status != "running":
            return 0
        return len(client.sync(client.scheduler.ncores, callback_timeout=timeout))

    return workers


def progress_line(done: int, total: int, winnable: int, width: int = 30, lang: str = "en") -> str:
    """A plain-text progress bar: ``[#####.....] 512/1000 winnable 80.1%`` (its words in ``lang``).

    >>> progress_line(512, 1000, 410, width=10)
    '[#####.....] 512/1000 winnable 80.1%'
    >>> progress_line(512, 1000, 410, width=10, lang="ru")
    '[#####.....] 512/1000 решаемых 80.1%'
    """
    filled = width * done // total if total else width
    share = f"{100 * winnable / done:.1f}%" if done else "-"
    bar = f"[{'#' * filled}{'.' * (width - filled)}]"
    return Message(
        "{bar} {done}/{total} winnable {share}", bar=bar, done=done, total=total, share=share
    ).translate(lang)
