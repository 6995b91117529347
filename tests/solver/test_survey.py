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
import subprocess
import sys
import time
import uuid
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from solitaire.core import survey
from solitaire.core.registry import OptionsError
from solitaire.core.solver import Verdict
from solitaire.core.survey import (
    DealResult,
    Interval,
    SurveyReport,
    SurveySpec,
    progress_line,
    recheck,
    run_survey,
    survey_deal,
    wilson,
)
from solitaire.frontends.cli.main import run

#: The recheck factor of the recheck tests: 2 decides deal 4 (of the unknown 0, 1 and 4);
#: SOLITAIRE_TESTS=thorough rechecks with 10, five times the work.
FACTOR = 10 if os.environ.get("SOLITAIRE_TESTS") == "thorough" else 2

# Draw 3, deals 0..5, 3000 positions: each verdict comes up (see test_the_deals_give_every_verdict).
SPEC = SurveySpec("klondike", draw=3, redeal="unlimited", returns_allowed=True, timeout=30.0, max_nodes=3000)
DEALS = range(6)


def _solved_one_by_one() -> dict[str, int]:
    """The verdicts of SPEC over DEALS, solved here one after the other: what every
    executor must reproduce."""
    counts = dict.fromkeys(("winnable", "unwinnable", "unknown"), 0)
    for deal in DEALS:
        spec = (SPEC.variant, SPEC.draw, SPEC.redeal, SPEC.returns_allowed)
        counts[survey_deal(*spec, deal, SPEC.timeout, SPEC.max_nodes)[1]] += 1
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
    assert survey_deal("klondike", 3, "unlimited", True, 2, 30.0, 3000)[:2] == (2, "unwinnable")
    deal, verdict, seconds, nodes = survey_deal("klondike", 3, None, True, 0, 30.0, 3000)
    assert (deal, verdict, nodes) == (0, "unknown", 3001)
    assert seconds > 0
    with pytest.raises(OptionsError, match="draws 1 or 3"):
        survey_deal("klondike", 2, None, True, 0, 1.0)


def test_the_deals_give_every_verdict() -> None:
    # So that the tests below see each verdict counted and printed.
    assert all(EXPECTED.values()), EXPECTED


def _solved_again(factor: int) -> dict[int, tuple[str, int]]:
    """The deals of DEALS unknown under SPEC, solved one by one with ``factor`` times
    the budget: their verdicts and the positions both solves searched."""
    rules = (SPEC.variant, SPEC.draw, SPEC.redeal, SPEC.returns_allowed)
    again: dict[int, tuple[str, int]] = {}
    for deal in DEALS:
        _, verdict, _, nodes = survey_deal(*rules, deal, SPEC.timeout, SPEC.max_nodes)
        if verdict == "unknown":
            _, verdict, _, more = survey_deal(*rules, deal, SPEC.timeout * factor, SPEC.max_nodes * factor)
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
    wrong = SurveySpec("no-such-variant", draw=1, max_nodes=10)
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
    empty = SurveyReport(SurveySpec(), ())
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
    spec = SurveySpec("reflechi", 1, "passes:2", False, 10.0, 500)
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
