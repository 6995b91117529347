"""Surveys: the Wilson interval, the same verdicts on any executor (threads,
processes, a Dask cluster), and the ``survey`` command's JSON and exit statuses.

Every survey here is a handful of deals under a node budget far below what the
timeout allows, so that the verdicts do not depend on the machine's speed."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import types
import uuid
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from solitaire.core import survey
from solitaire.core.i18n import Message
from solitaire.core.registry import OptionsError
from solitaire.core.solver import Verdict
from solitaire.core.survey import (
    DealResult,
    Interval,
    Progress,
    SurveyReport,
    SurveySpec,
    progress_line,
    recheck,
    run_survey,
    survey_deal,
    wilson,
)
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

#: The recheck factor of the recheck tests: 2 decides deal 4 (of the unknown 0, 1 and 4);
#: SOLITAIRE_TESTS=thorough rechecks with 10, five times the work.
FACTOR = 10 if os.environ.get("SOLITAIRE_TESTS") == "thorough" else 2

# Draw 3, deals 0..5, 3000 positions: each verdict comes up (see test_the_deals_give_every_verdict).
SPEC = SurveySpec(
    "klondike",
    draw=3,
    redeal="unlimited",
    returns_allowed=True,
    timeout=30.0,
    max_nodes=3000,
    catalog=new_catalog,
)
DEALS = range(6)


def _solved_one_by_one() -> dict[str, int]:
    """The verdicts of SPEC over DEALS, solved here one after the other: what every
    executor must reproduce."""
    counts = dict.fromkeys(("winnable", "unwinnable", "unknown"), 0)
    for deal in DEALS:
        spec = (SPEC.variant, SPEC.draw, SPEC.redeal, SPEC.returns_allowed)
        counts[survey_deal(*spec, deal, SPEC.timeout, SPEC.max_nodes, catalog=new_catalog)[1]] += 1
    return counts


EXPECTED = _solved_one_by_one()
CLI = [
    "survey",
    "--variant",
    "klondike",
    "--draw",
    "3",
    "--deals",
    "6",
    "--timeout",
    "30",
    "--max-nodes",
    "3000",
]
JSON_KEYS = [
    "variant",
    "draw",
    "redeal",
    "returns_allowed",
    "deals",
    "first",
    "timeout",
    "winnable",
    "unwinnable",
    "unknown",
    "shares",
    "median_seconds",
    "seconds",
    "stopped",
    "recheck",
    "rechecked",
    "unknown_deals",
]


# -- the Wilson score interval -------------------------------------------------------------------


def test_wilson_known_values() -> None:
    # Reference values (statsmodels' proportion_confint(method="wilson") gives the same).
    interval = wilson(81, 100)
    assert interval.share == 0.81
    assert interval.low == pytest.approx(0.72221, abs=1e-5)
    assert interval.high == pytest.approx(0.87485, abs=1e-5)
    half = wilson(5, 10)
    assert half.low == pytest.approx(0.23659, abs=1e-5)
    assert half.high == pytest.approx(0.76341, abs=1e-5)


def test_wilson_at_the_ends() -> None:
    none = wilson(0, 10)
    assert (none.share, none.low) == (0.0, 0.0)
    assert none.high == pytest.approx(0.27753, abs=1e-5)
    every = wilson(10, 10)
    assert (every.share, every.high) == (1.0, 1.0)
    assert every.low == pytest.approx(1 - none.high)
    one = wilson(1, 1)
    assert one.low == pytest.approx(0.20654, abs=1e-5)
    assert one.high == 1.0
    assert wilson(0, 0) == Interval(0.0, 0.0, 1.0)  # no deals: nothing known


@pytest.mark.parametrize(("successes", "trials"), [(-1, 10), (11, 10), (0, -1), (1, 0)])
def test_wilson_refuses_impossible_counts(successes: int, trials: int) -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson(successes, trials)


def test_wilson_narrows_with_more_deals_and_is_symmetric() -> None:
    widths = [wilson(n * 4 // 5, n).high - wilson(n * 4 // 5, n).low for n in (10, 100, 1000, 1_000_000)]
    assert widths == sorted(widths, reverse=True)
    assert widths[-1] < 0.002
    big = wilson(800_000, 1_000_000)
    assert big.low < 0.8 < big.high
    assert big.high - big.low == pytest.approx(2 * 1.96 * math.sqrt(0.8 * 0.2 / 1_000_000), rel=1e-3)
    for k in range(11):
        interval, mirror = wilson(k, 10), wilson(10 - k, 10)
        assert interval.low <= interval.share <= interval.high
        assert interval.low == pytest.approx(1 - mirror.high)


def test_wilson_other_levels() -> None:
    assert wilson(81, 100, z=2.5758).high - wilson(81, 100, z=2.5758).low > 0.875 - 0.722


# -- the work and the executors ------------------------------------------------------------------


def test_survey_deal_is_one_solve() -> None:
    assert survey_deal("klondike", 3, "unlimited", True, 2, 30.0, 3000, new_catalog)[:2] == (2, "unwinnable")
    deal, verdict, seconds, nodes = survey_deal("klondike", 3, None, True, 0, 30.0, 3000, catalog=new_catalog)
    assert (deal, verdict, nodes) == (0, "unknown", 3001)
    assert seconds > 0
    with pytest.raises(OptionsError, match="draws 1 or 3"):
        survey_deal("klondike", 2, None, True, 0, 1.0, catalog=new_catalog)


def test_a_survey_on_two_threads() -> None:
    spec = SurveySpec("klondike", draw=3, max_nodes=3000, catalog=new_catalog)
    with ThreadPoolExecutor(2) as executor:
        report = run_survey(executor, spec, range(2, 4))
    assert report.counts == {"winnable": 1, "unwinnable": 1, "unknown": 0}


def test_the_deals_give_every_verdict() -> None:
    # So that the tests below see each verdict counted and printed.
    assert all(EXPECTED.values()), EXPECTED


def _solved_again(factor: int) -> dict[int, tuple[str, int]]:
    """The deals of DEALS unknown under SPEC, solved one by one with ``factor`` times
    the budget: their verdicts and the positions both solves searched."""
    rules = (SPEC.variant, SPEC.draw, SPEC.redeal, SPEC.returns_allowed)
    again: dict[int, tuple[str, int]] = {}
    for deal in DEALS:
        _, verdict, _, nodes = survey_deal(*rules, deal, SPEC.timeout, SPEC.max_nodes, catalog=new_catalog)
        if verdict == "unknown":
            _, verdict, _, more = survey_deal(
                *rules, deal, SPEC.timeout * factor, SPEC.max_nodes * factor, catalog=new_catalog
            )
            again[deal] = (verdict, nodes + more)
    return again


@pytest.mark.slow
def test_a_recheck_solves_the_unknown_deals_again() -> None:
    expected = _solved_again(FACTOR)
    with ThreadPoolExecutor(max_workers=2) as executor:
        first = run_survey(executor, SPEC, DEALS)
        report = recheck(executor, first, FACTOR)
        with pytest.raises(ValueError, match="above 1"):
            recheck(executor, first, 1)
    assert report.spec == first.spec and (report.recheck, report.rechecked) == (FACTOR, len(expected))
    for before, after in zip(first.results, report.results, strict=True):
        if before.deal in expected:
            assert (after.verdict, after.nodes) == expected[before.deal]
            assert after.seconds > before.seconds  # the time of both solves
        else:
            assert after == before
    # Some deal is decided with the larger budget, so that the recheck shows.
    assert report.unknown_deals == [deal for deal, (verdict, _) in expected.items() if verdict == "unknown"]
    assert len(report.unknown_deals) < len(first.unknown_deals)
    data = report.to_dict()
    assert (data["recheck"], data["rechecked"]) == (FACTOR, len(expected))
    assert data["unknown_deals"] == report.unknown_deals


def test_a_recheck_stopped_keeps_every_deal() -> None:
    def stop_after_one(done: int, total: int, winnable: int) -> None:
        raise KeyboardInterrupt

    with ThreadPoolExecutor(1) as executor:
        first = run_survey(executor, SPEC, DEALS)
        with pytest.raises(survey.SurveyStopped) as stopped:
            recheck(executor, first, FACTOR, stop_after_one, in_flight=1)
    report = stopped.value.report
    assert isinstance(stopped.value.cause, KeyboardInterrupt)
    assert report.stopped and (report.recheck, report.rechecked) == (FACTOR, 1)
    assert [r.deal for r in report.results] == list(DEALS)
    changed = [after for before, after in zip(first.results, report.results, strict=True) if before != after]
    assert len(changed) == 1 and changed[0].deal == first.unknown_deals[0]


def test_threads_and_processes_agree() -> None:
    calls: list[tuple[int, int, int]] = []
    with ThreadPoolExecutor(max_workers=3) as executor:
        threads = run_survey(executor, SPEC, DEALS, progress=lambda *args: calls.append(args))
    # spawn: the work must be picklable by reference and build its own catalog
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as executor:
        processes = run_survey(executor, SPEC, DEALS, in_flight=3)
    assert threads.counts == processes.counts == EXPECTED
    verdicts = [(r.deal, r.verdict, r.nodes) for r in threads.results]
    assert verdicts == [(r.deal, r.verdict, r.nodes) for r in processes.results]
    assert [r.deal for r in threads.results] == list(DEALS)
    assert [done for done, _, _ in calls] == [1, 2, 3, 4, 5, 6]
    assert {total for _, total, _ in calls} == {6}
    assert calls[-1][2] == EXPECTED["winnable"]


def test_a_failing_deal_stops_the_survey() -> None:
    wrong = SurveySpec("no-such-variant", draw=1, max_nodes=10, catalog=new_catalog)
    with ThreadPoolExecutor(max_workers=2) as executor, pytest.raises(OptionsError, match="no-such-variant"):
        run_survey(executor, wrong, range(50), in_flight=4)


def test_report_figures() -> None:
    cases: list[tuple[int, Verdict, float]] = [
        (7, "winnable", 1.0),
        (8, "winnable", 3.0),
        (9, "unknown", 2.5),
    ]
    results = tuple(DealResult(deal, verdict, seconds, 10) for deal, verdict, seconds in cases)
    report = SurveyReport(SurveySpec("klondike", 1, "unlimited"), results)
    assert report.counts == {"winnable": 2, "unwinnable": 0, "unknown": 1}
    assert report.median_seconds == 2.5
    assert report.seconds == 6.5
    data = report.to_dict()
    assert list(data) == JSON_KEYS
    assert data["first"] == 7
    assert data["shares"]["unwinnable"] == {"share": 0.0, "low": 0.0, "high": pytest.approx(0.5615, abs=1e-4)}
    empty = SurveyReport(SurveySpec("klondike"), ())
    assert (empty.deals, empty.median_seconds, empty.seconds) == (0, 0.0, 0.0)


def test_progress_line() -> None:
    assert progress_line(512, 1000, 410, width=10) == "[#####.....] 512/1000 winnable 80.1%"
    assert progress_line(0, 4, 0, width=4) == "[....] 0/4 winnable -"
    assert progress_line(4, 4, 1, width=4) == "[####] 4/4 winnable 25.0%"


# -- the command ---------------------------------------------------------------------------------


def _json_run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert run(argv) == 0
    out, err = capsys.readouterr()
    # Not a terminal: no bar redrawn in place, only whole lines (here the last one).
    assert "\r" not in err and err.endswith("\n")
    data = json.loads(out)
    assert err.splitlines()[-1].startswith("[") and f"{data['deals']}/{data['deals']}" in err
    assert isinstance(data, dict)
    return data


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json_run([*CLI, "--workers", "2", "--json"], capsys)
    assert list(data) == JSON_KEYS
    assert {k: data[k] for k in JSON_KEYS[:7]} == {
        "variant": "klondike",
        "draw": 3,
        "redeal": "unlimited",
        "returns_allowed": True,
        "deals": 6,
        "first": 0,
        "timeout": 30.0,
    }
    assert {k: data[k] for k in EXPECTED} == EXPECTED
    shares = data["shares"]
    assert isinstance(shares, dict)
    assert shares["winnable"]["share"] == pytest.approx(EXPECTED["winnable"] / 6)
    assert shares["winnable"]["low"] == pytest.approx(wilson(EXPECTED["winnable"], 6).low, abs=1e-6)
    assert shares["unknown"]["high"] == pytest.approx(wilson(EXPECTED["unknown"], 6).high, abs=1e-6)
    assert 0 < data["median_seconds"] <= data["seconds"]  # type: ignore[operator]


@pytest.mark.slow
def test_cli_recheck(capsys: pytest.CaptureFixture[str]) -> None:
    expected = _solved_again(FACTOR)
    unknown = [deal for deal, (verdict, _) in expected.items() if verdict == "unknown"]
    data = _json_run([*CLI, "--workers", "2", "--recheck", str(FACTOR), "--json"], capsys)
    assert (data["recheck"], data["rechecked"], data["unknown_deals"]) == (FACTOR, len(expected), unknown)
    assert data["unknown"] == len(unknown) and data["timeout"] == 30.0
    assert run([*CLI, "--workers", "1", "--recheck", str(FACTOR)]) == 0
    out, err = capsys.readouterr()
    said = f"{len(expected)} deals left unknown were solved once more, with {FACTOR} times the budget"
    assert f"{said} ({30 * FACTOR} s)" in out
    assert f"solving the {len(expected)} deals left unknown once more, with {FACTOR} times the budget" in err


def test_cli_options_reach_the_solver(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["survey", "--variant", "reflechi", "--draw", "1", "--deals", "3", "--first", "100"]
    argv += ["--redeal", "passes:2", "--returns", "forbidden", "--max-nodes", "500", "--json"]
    data = _json_run(argv, capsys)
    assert (data["variant"], data["draw"], data["redeal"], data["returns_allowed"]) == (
        "reflechi",
        1,
        "passes:2",
        False,
    )
    assert (data["first"], data["deals"], data["timeout"]) == (100, 3, 10.0)
    spec = SurveySpec("reflechi", 1, "passes:2", False, 10.0, 500, new_catalog)
    with ThreadPoolExecutor(max_workers=1) as executor:
        expected = run_survey(executor, spec, range(100, 103)).counts
    assert {k: data[k] for k in expected} == expected


def test_cli_text_and_progress_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert run([*CLI, "--workers", "1"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "klondike, draw 3, redeal unlimited, returns allowed: deals 0..5 (6), timeout 30 s"
    for line, verdict in zip(lines[1:4], EXPECTED, strict=True):
        assert line.split()[:3] == [verdict, str(EXPECTED[verdict]), f"{EXPECTED[verdict] / 6:.1%}"]
    assert "1 local process)" in lines[4]
    assert err.endswith(f"\r[##############################] 6/6 winnable {EXPECTED['winnable'] / 6:.1%}\n")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--variant", "nope", "--draw", "1", "--deals", "5"], "no variant 'nope' is installed"),
        (["--variant", "klondike", "--draw", "2", "--deals", "5"], "klondike draws 1 or 3, not 2"),
        (["--variant", "klondike", "--draw", "x", "--deals", "5"], "invalid int value"),
        (["--variant", "klondike", "--draw", "1", "--deals", "0"], "--deals must be at least 1, not 0"),
        (["--variant", "klondike", "--draw", "1", "--deals", "-3"], "--deals must be at least 1, not -3"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--workers", "0"], "--workers must be"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--max-nodes", "0"], "--max-nodes must"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--timeout", "0"], "timeout must be"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--recheck", "1"], "factor must be"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--recheck", "x"], "factor must be"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--recheck", "20000"], "at most 10000"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--redeal", "never"], "no redeal policy"),
        (["--variant", "klondike", "--draw", "1", "--deals", "5", "--first", "-1"], "deal must be"),
        (["--variant", "klondike", "--draw", "1", "--deals", "2", "--first", "34359738367"], "run past"),
        (["--variant", "klondike", "--deals", "5"], "required: --draw"),
        (["--variant", "klondike", "--draw", "1"], "required: --deals"),
        (
            ["--variant", "klondike", "--draw", "1", "--deals", "5", "--workers", "2", "--scheduler", "x:1"],
            "not allowed with",
        ),
        (
            ["--variant", "klondike", "--draw", "1", "--deals", "5", "--scheduler", "nonsense"],
            "Dask scheduler",
        ),
    ],
)
def test_cli_bad_input(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["survey", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_cli_without_distributed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    assert run([*CLI, "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    _, err = capsys.readouterr()
    assert "pip install 'solitaire-framework[cluster]'" in err
    assert err.count("\n") == 1


def test_cli_scheduler_not_answering(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed", reason="the cluster extra (distributed) is not installed")
    monkeypatch.setattr(survey, "SCHEDULER_TIMEOUT", 1.0)
    assert run([*CLI, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    _, err = capsys.readouterr()
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'" in err
    assert err.count("\n") == 1


# -- a Dask cluster ---------------------------------------------------------------------------------


def test_cli_on_a_local_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    local = _json_run([*CLI, "--workers", "2", "--json"], capsys)
    distributed = pytest.importorskip(
        "distributed", reason="the cluster extra (distributed) is not installed"
    )
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        remote = _json_run([*CLI, "--scheduler", cluster.scheduler_address, "--json"], capsys)
    for key in JSON_KEYS:
        if key not in ("median_seconds", "seconds"):
            assert remote[key] == local[key], key
    assert {k: remote[k] for k in EXPECTED} == EXPECTED


def _marked(marker: str) -> list[int]:
    """The processes whose environment carries ``marker``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    if marker.encode() in environ.read():
                        found.append(int(entry))
            except OSError:
                pass
    return found


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_survey_ends_its_workers(signum: int, status: int) -> None:
    """Ctrl-C or SIGTERM in the middle of a long deal: the command exits at once
    and leaves no worker behind (waiting would take the deal's whole timeout)."""
    marker = f"SOLITAIRE_TEST_SURVEY={uuid.uuid4().hex}"
    name, value = marker.split("=")
    # Draw 3 deal 1: undecided after 90 s of search.
    command = [sys.executable, "-m", "solitaire", "survey", "--variant", "klondike", "--draw", "3"]
    command += ["--first", "1", "--deals", "1", "--workers", "1", "--timeout", "600"]
    # A test run started in the background (``cmd &``, nohup) ignores SIGINT, and the
    # command would inherit that: give it Ctrl-C's default, as a terminal does.
    process = subprocess.Popen(
        command,
        env={**os.environ, name: value},
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        for _ in range(600):  # until the worker is solving
            if len(_marked(marker)) >= 3:  # the command, the worker, the resource tracker
                break
            time.sleep(0.05)
        time.sleep(0.5)
        process.send_signal(signum)
        assert process.wait(timeout=10) == status  # exits at once (waiting would take the deal: minutes)
        for _ in range(100):
            if not _marked(marker):
                break
            time.sleep(0.05)
        assert _marked(marker) == []
    finally:
        process.kill()
        process.wait()


def test_a_stopped_survey_keeps_the_deals_solved() -> None:
    def stop_after_two(done: int, total: int, winnable: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with ThreadPoolExecutor(1) as executor, pytest.raises(survey.SurveyStopped) as stopped:
        run_survey(executor, SPEC, DEALS, stop_after_two, in_flight=1)
    report = stopped.value.report
    assert isinstance(stopped.value.cause, KeyboardInterrupt)
    assert report.stopped and [r.deal for r in report.results] == [0, 1]
    assert report.to_dict()["stopped"] is True and report.to_dict()["deals"] == 2


@pytest.mark.parametrize(("cause", "status"), [(KeyboardInterrupt(), 130), (SystemExit(143), 143)])
def test_cli_prints_what_a_stopped_survey_solved(
    cause: BaseException, status: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped_after_two(
        executor: object, spec: SurveySpec, deals: object, progress: object
    ) -> SurveyReport:
        results = (DealResult(0, "winnable", 0.1, 10), DealResult(1, "unknown", 3.0, 900))
        raise survey.SurveyStopped(SurveyReport(spec, results, 3.5, stopped=True), cause)

    monkeypatch.setattr(survey, "run_survey", stopped_after_two)
    assert run([*CLI, "--workers", "1", "--json"]) == status
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert (data["deals"], data["winnable"], data["unknown"], data["stopped"]) == (2, 1, 1, True)
    assert "stopped" in err and "2 deals" in err


# -- a scheduler that is not one, a cluster that loses its workers ----------------------------------


@pytest.fixture(params=["silent", "http"])
def not_a_scheduler(request: pytest.FixtureRequest) -> Iterator[str]:
    """The address of a local server that accepts connections and never answers, or
    answers as a web server does."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    connections: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:  # closed: the test is over
                return
            connections.append(connection)
            if request.param == "http":
                try:
                    connection.recv(65536)
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for connection in connections:
            connection.close()
        thread.join(5)


def test_cli_an_address_that_is_not_a_scheduler(
    not_a_scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed", reason="the cluster extra (distributed) is not installed")
    assert run([*CLI, "--scheduler", not_a_scheduler, "--connect-timeout", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert f"survey: {not_a_scheduler!r}" in err
    assert "does not answer as a Dask scheduler (no answer in 1 s)" in err or "is not a Dask scheduler" in err


def test_cli_the_default_connect_timeout_applies(
    not_a_scheduler: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed", reason="the cluster extra (distributed) is not installed")
    monkeypatch.setattr(survey, "SCHEDULER_TIMEOUT", 0.5)
    assert run([*CLI, "--scheduler", not_a_scheduler]) == 2
    _, err = capsys.readouterr()
    assert "Dask scheduler" in err and err.count("\n") == 1


def test_cli_every_worker_lost(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers all close after the first deal is solved: the survey waits a
    little for new ones, then prints what it solved, names the deals it did not, and
    exits 5."""
    distributed = pytest.importorskip(
        "distributed", reason="the cluster extra (distributed) is not installed"
    )
    solve_for_real = survey.run_survey
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:

        def losing_its_workers(
            executor: Executor, spec: SurveySpec, deals: Iterable[int], progress: Progress, **kwargs: Any
        ) -> SurveyReport:
            def then_close_the_workers(done: int, total: int, winnable: int) -> None:
                progress(done, total, winnable)
                if done == 1:
                    cluster.scale(0)

            return solve_for_real(executor, spec, deals, then_close_the_workers, **kwargs)

        monkeypatch.setattr(survey, "run_survey", losing_its_workers)
        # Deal 1 takes minutes with this budget; 2 and 3 a moment.
        argv = ["survey", "--variant", "klondike", "--draw", "3", "--first", "1", "--deals", "3"]
        argv += ["--timeout", "3600", "--max-nodes", "100000000", "--scheduler", cluster.scheduler_address]
        assert run([*argv, "--worker-wait", "0.5", "--json"]) == 5
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["stopped"] is True and 1 <= data["deals"] <= 2 and data["first"] == 1
    said = err.splitlines()[-1]
    assert said.startswith(f"survey: cannot finish on the Dask cluster at {cluster.scheduler_address}: ")
    assert "no worker for 0.5 s" in said
    assert f"the figures are those of the {data['deals']} deals solved" in said
    unsolved = _deals(said.split(" deals not solved: ")[1])
    assert 1 in unsolved and len(unsolved) == 3 - data["deals"]
    assert f"; {len(unsolved)} deals not solved: " in said


def _deals(listed: str) -> set[int]:
    """``1..3, 7`` as ``{1, 2, 3, 7}``."""
    deals: set[int] = set()
    for part in listed.split(", "):
        low, _, high = part.partition("..")
        deals.update(range(int(low), int(high or low) + 1))
    return deals


class _Broken(Executor):
    """An executor whose deals after the first two fail as a killed process pool's do
    (or with ``error``)."""

    def __init__(self, error: Exception | None = None) -> None:
        self.calls = 0
        self.error = error or BrokenProcessPool("a child process terminated abruptly")

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls += 1
        future: Future[Any] = Future()
        if self.calls <= 2:
            future.set_result(fn(*args, **kwargs))
        else:
            future.set_exception(self.error)
        return future


def test_a_broken_pool_keeps_the_deals_solved() -> None:
    with pytest.raises(survey.WorkersLost) as lost:
        run_survey(_Broken(), SPEC, DEALS, in_flight=1)
    assert [r.deal for r in lost.value.report.results] == [0, 1] and lost.value.report.stopped
    assert lost.value.unsolved == (2, 3, 4, 5) and "BrokenProcessPool" in lost.value.why


def test_no_worker_for_a_while_gives_up() -> None:
    # A pool with no free worker, and no worker to be seen: the survey does not wait for ever.
    with ThreadPoolExecutor(1) as executor:
        gate = threading.Event()
        executor.submit(gate.wait, 30)
        try:
            with pytest.raises(survey.WorkersLost) as lost:
                run_survey(executor, SPEC, range(3), workers=lambda: 0, no_worker_wait=0.2)
        finally:
            gate.set()
    assert lost.value.report.deals == 0 and lost.value.unsolved == (0, 1, 2)
    with pytest.raises(ValueError, match="above 0"):
        run_survey(executor, SPEC, range(3), workers=lambda: 0, no_worker_wait=0)


def test_a_deal_whose_workers_die_too_often_keeps_the_deals_solved() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="the cluster extra (distributed) is not installed"
    )
    last_worker = types.SimpleNamespace(address="tcp://127.0.0.1:1234")
    killed = distributed.KilledWorker("survey_deal-2", last_worker, allowed_failures=3)
    with pytest.raises(survey.WorkersLost) as lost:
        run_survey(_Broken(killed), SPEC, DEALS, in_flight=1)
    assert [r.deal for r in lost.value.report.results] == [0, 1]
    assert lost.value.unsolved == (2, 3, 4, 5) and "died too often" in lost.value.why
    with pytest.raises(ZeroDivisionError):  # any other error of a deal goes on as it was
        run_survey(_Broken(ZeroDivisionError()), SPEC, DEALS, in_flight=1)


# -- the text output in the player's language ---------------------------------------------------


def test_cli_text_in_russian(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert run([*CLI, "--workers", "1", "--lang", "ru"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == (
        "klondike, сдача по 3, пересдачи unlimited, возврат с баз разрешён: расклады 0..5 (6), лимит 30 с"
    )
    names = {"winnable": "решаемые", "unwinnable": "нерешаемые", "unknown": "неизвестно"}
    for line, verdict in zip(lines[1:4], EXPECTED, strict=True):
        assert line.split()[:3] == [names[verdict], str(EXPECTED[verdict]), f"{EXPECTED[verdict] / 6:.1%}"]
        assert "95% интервал" in line
    assert lines[4].startswith("медиана ") and lines[4].endswith(" с прошло на 1 локальном процессе)")
    assert err.endswith(f"\r[##############################] 6/6 решаемых {EXPECTED['winnable'] / 6:.1%}\n")


@pytest.mark.parametrize(
    ("solved", "unsolved", "russian"),
    [
        (1, 1, "данные по 1 решённому раскладу; 1 расклад не решён: 1"),
        (2, 3, "данные по 2 решённым раскладам; 3 расклада не решены: 2..4"),
        (5, 5, "данные по 5 решённым раскладам; 5 раскладов не решены: 5..9"),
        (21, 21, "данные по 21 решённому раскладу; 21 расклад не решён: 21..41"),
    ],
)
def test_cli_cannot_finish_in_russian_with_plural_forms(
    solved: int,
    unsolved: int,
    russian: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def losing_its_workers(
        executor: object, spec: SurveySpec, deals: object, progress: object
    ) -> SurveyReport:
        results = tuple(DealResult(deal, "winnable", 0.1, 10) for deal in range(solved))
        report = SurveyReport(spec, results, 3.5, stopped=True)
        raise survey.WorkersLost(report, range(solved, solved + unsolved), "no worker for 0.5 s")

    monkeypatch.setattr(survey, "run_survey", losing_its_workers)
    argv = [*CLI, "--workers", "1"]
    assert run([*argv, "--lang", "ru"]) == 5
    said = capsys.readouterr().err.splitlines()[-1]
    assert said == f"survey: не удаётся закончить на 1 локальном процессе: no worker for 0.5 s; {russian}"
    assert run(argv) == 5
    said = capsys.readouterr().err.splitlines()[-1]
    assert said.startswith("survey: cannot finish on 1 local process: no worker for 0.5 s;")
    assert f"; the figures are those of the {solved} deals solved; {unsolved} deals not solved: " in said


def test_cli_stopped_in_russian(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped_after_two(
        executor: object, spec: SurveySpec, deals: object, progress: object
    ) -> SurveyReport:
        results = (DealResult(0, "winnable", 0.1, 10), DealResult(1, "unknown", 3.0, 900))
        raise survey.SurveyStopped(SurveyReport(spec, results, 3.5, stopped=True), KeyboardInterrupt())

    monkeypatch.setattr(survey, "run_survey", stopped_after_two)
    assert run([*CLI, "--workers", "1", "--lang", "ru", "--json"]) == 130
    out, err = capsys.readouterr()
    assert err == "survey: остановлено; данные по 2 решённым раскладам\n"
    assert json.loads(out)["deals"] == 2  # the JSON is the same in every language


def test_why_the_workers_were_lost_is_said_in_the_language() -> None:
    with pytest.raises(survey.WorkersLost) as lost:
        run_survey(_Broken(), SPEC, DEALS, in_flight=2)
    assert lost.value.why == "the workers ended (BrokenProcessPool)"
    said = lost.value.said
    assert isinstance(said, Message) and said.translate("ru") == "исполнители завершились (BrokenProcessPool)"


@pytest.mark.parametrize(
    ("variant", "given", "expected"),
    [
        ("klondike", [], "unlimited"),  # the scoring's, as before
        ("pyramid", [], "passes:3"),  # the game's own
        ("forty-thieves", [], "passes:1"),
        ("pyramid", ["--redeal", "unlimited"], "unlimited"),
    ],
)
def test_cli_surveys_the_games_own_redeal_policy_unless_told(
    variant: str, given: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["survey", "--variant", variant, "--draw", "1", "--deals", "1", "--workers", "1"]
    assert run([*args, "--max-nodes", "50", "--json", *given]) == 0
    out, _ = capsys.readouterr()
    assert json.loads(out[: out.rindex("}") + 1])["redeal"] == expected
