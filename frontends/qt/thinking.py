"""Thinking off the window's thread: hints, the "still winnable?" verdict, winnable deals.

The solver is pure Python.  In a thread of the window's process it would share
the interpreter lock with the drawing, and the table stutters while it thinks
(``benchmarks/window.py`` measures a repaint both ways).  So the desktop game
thinks in worker processes, started with "spawn" (safe next to Qt's threads),
which run the jobs of :mod:`~solitaire.frontends.qt.jobs` with a catalog of
their own.  Without a way to build that catalog (a window
given a catalog of plugin objects, as tests make them) the jobs run in threads
with the window's catalog, and so does a job a worker could not do (a plugin its
catalog lacks, a worker that died).

Every job belongs to a *channel* (``hint``, ``verdict``, ``deal``).  Asking a
channel again supersedes its job: the solver's ``cancel`` event of that job
reads a counter shared with the workers and stops the search, and its answer,
should one come, is dropped.  Answers are delivered on the window's thread.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, MutableSequence
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor, wait
from typing import Any, Final

import attrs
from qtpy.QtCore import QObject, QTimer

from solitaire.core.registry import Catalog
from solitaire.frontends.qt.jobs import CHANNELS, Channel, Context, Job, ready, run, start_worker, work

__all__ = ["POLL_MS", "Thinker"]

#: How often the window looks for answers while jobs are out (milliseconds).
POLL_MS: Final = 15
#: Worker pools that may die before the jobs go to threads for good.
MAX_BREAKDOWNS: Final = 2
#: How long closing waits for its thinking threads, told to stop (seconds).
CLOSING_WAIT: Final = 5.0


class _Collector:
    """While thinking threads run, Python's cycle collector runs on the window's thread only.

    Cyclic garbage may hold Qt objects (a closed window caught in a cycle of
    signal connections).  Collected on a thinking thread, they would be deleted
    there, behind the back of Qt's thread, and crash it.  So automatic
    collection is off while a thinking thread works, and the window's thread
    collects as Python would (by the same thresholds) each time it looks for
    answers.  One for the process: the collector's switch is the process's."""

    def __init__(self) -> None:
        self.running: set[Future[object]] = set()
        self._switched_off = False

    def hold(self) -> None:
        """Switch automatic collection off (before a thinking thread gets work)."""
        if gc.isenabled():
            gc.disable()
            self._switched_off = True

    def tick(self) -> None:
        """Collect what Python would have collected by now; switch back on once idle."""
        self.running = {future for future in self.running if not future.done()}
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if thresholds[0] and counts[0] > thresholds[0]:
            generation = 2 if counts[2] > thresholds[2] else 1 if counts[1] > thresholds[1] else 0
            gc.collect(generation)
        if not self.running and self._switched_off:
            gc.enable()
            self._switched_off = False


_collector = _Collector()


# -- in the window -------------------------------------------------------------------------------


@attrs.define
class _Pending:
    job: Job
    future: Future[object]
    done: Callable[[Any], None]
    failed: Callable[[BaseException], None] | None
    #: The worker pool the job went to (None in a thread).
    pool: Executor | None


class Thinker(QObject):
    """Runs jobs in the background and hands their answers to callbacks on the
    window's thread; one job per channel, the latest.

    ``worker_catalog`` builds, in a worker process, the same catalog as
    ``catalog``: a picklable callable, such as :class:`Catalog` itself for the
    installed plugins.  Without it, jobs run in threads with ``catalog``.
    """

    def __init__(
        self,
        catalog: Catalog,
        *,
        worker_catalog: Callable[[], Catalog] | None = None,
        workers: int = 2,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.worker_catalog = worker_catalog
        self.workers = workers
        self._processes: Executor | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._shared: MutableSequence[int] | None = None
        self._local = Context(catalog, [0] * len(CHANNELS))
        self._pending: dict[Channel, _Pending] = {}
        #: Thread jobs not finished yet (cancelled ones included).
        self._running: set[Future[object]] = set()
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._collect)
        self._closed = False
        self._breakdowns = 0
        #: Jobs the workers could not do, done again in a thread.
        self.fallbacks = 0

    @property
    def in_processes(self) -> bool:
        """Whether jobs go to worker processes (else to threads)."""
        return self.worker_catalog is not None

    def _process_pool(self) -> Executor:
        if self._processes is None:
            # Imported here: a window that never thinks in processes starts quicker without.
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            assert self.worker_catalog is not None
            context = multiprocessing.get_context("spawn")
            shared: MutableSequence[int] = context.Array("q", len(CHANNELS), lock=False)
            for slot, value in enumerate(self._local.generations):
                shared[slot] = value
            self._shared = shared
            self._processes = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=start_worker,
                initargs=(self.worker_catalog, shared),
            )
        return self._processes

    def _broken(self) -> None:
        """Workers died: start new ones next time, or after twice think in threads."""
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
        self._processes = None
        self._breakdowns += 1
        if self._breakdowns >= MAX_BREAKDOWNS:
            self.worker_catalog = None

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="solitaire-thinking")
        return self._threads

    def warm_up(self) -> None:
        """Start a worker process now, so that the first question is answered sooner."""
        if self.in_processes and not self._closed:
            try:
                self._process_pool().submit(ready)
            except (BrokenExecutor, RuntimeError, OSError):
                self._broken()

    def ask(
        self,
        channel: Channel,
        job: Job,
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Run ``job``, superseding the channel's previous one; ``done(answer)`` is
        called on this thread unless the channel is asked again or cancelled first.
        ``failed(error)`` when the job raised (the error is dropped without it)."""
        if self._closed:
            return
        self.cancel(channel)
        self._submit(channel, job, done, failed, local=not self.in_processes)

    def _submit(
        self,
        channel: Channel,
        job: Job,
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None] | None,
        *,
        local: bool,
    ) -> None:
        slot = CHANNELS.index(channel)
        # The counters of the window and of the workers move together.
        generation = self._local.generations[slot]
        future: Future[object] | None = None
        pool: Executor | None = None
        if not local:
            try:
                pool = self._process_pool()
                future = pool.submit(work, job, slot, generation)
            # A worker died, or processes (or their shared memory) are not to be had here.
            except (BrokenExecutor, RuntimeError, OSError):
                self._broken()
                pool = None
        if future is None:
            _collector.hold()
            future = self._thread_pool().submit(run, job, self._local, slot, generation)
            self._running.add(future)
            _collector.running.add(future)
        self._pending[channel] = _Pending(job, future, done, failed, pool)
        self._timer.start()

    def cancel(self, channel: Channel) -> None:
        """Forget the channel's job, and stop its search."""
        slot = CHANNELS.index(channel)
        self._local.generations[slot] += 1
        if self._shared is not None:
            self._shared[slot] += 1
        pending = self._pending.pop(channel, None)
        if pending is not None:
            pending.future.cancel()

    def busy(self, channel: Channel) -> bool:
        """Whether the channel's job is still out."""
        return channel in self._pending

    def _collect(self) -> None:
        for channel, pending in list(self._pending.items()):
            if self._pending.get(channel) is not pending:
                continue  # cancelled or asked again by an answer handled before
            if not pending.future.done():
                continue
            del self._pending[channel]
            if pending.future.cancelled():
                continue
            error = pending.future.exception()
            if error is None:
                pending.done(pending.future.result())
            elif pending.pool is not None:
                # The workers could not do it (a plugin their catalog lacks, a worker
                # that died): the window's own catalog does it in a thread.
                if isinstance(error, BrokenExecutor) and pending.pool is self._processes:
                    self._broken()  # once for the pool, however many of its jobs it took down
                self.fallbacks += 1
                self._submit(channel, pending.job, pending.done, pending.failed, local=True)
            elif pending.failed is not None:
                pending.failed(error)
        self._running = {future for future in self._running if not future.done()}
        _collector.tick()
        if not self._pending and not self._running:
            self._timer.stop()

    def shutdown(self) -> None:
        """Stop every search.  Worker processes finish on their own; thinking
        threads are waited for (a moment: their searches were told to stop)."""
        self._closed = True
        for channel in CHANNELS:
            self.cancel(channel)
        self._timer.stop()
        for executor in (self._processes, self._threads):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        self._processes = self._threads = None
        wait(self._running, CLOSING_WAIT)
        # A thread still searching is left to end alone: collection must not stay off for it.
        _collector.running -= self._running
        self._running.clear()
        _collector.tick()
