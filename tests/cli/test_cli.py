"""The command line contract of INTERFACE.md: commands, JSON and exit statuses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.core.cards import CARDS
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

CODE = "KL1-D1N-AAAAAAG"
STATE_FIELDS = {
    "code",
    "variant",
    "draw",
    "scoring",
    "redeal",
    "score",
    "score_text",
    "moves",
    "pass",
    "won",
    "stock",
    "waste",
    "foundations",
    "tableau",
}


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_show_json_has_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "show", CODE, "--json")
    assert status == 0 and err == ""
    state = json.loads(out)
    assert set(state) >= STATE_FIELDS
    assert (state["code"], state["variant"], state["draw"], state["scoring"]) == (
        CODE,
        "klondike",
        1,
        "normal",
    )
    assert (state["redeal"], state["score"], state["score_text"], state["moves"], state["pass"]) == (
        "unlimited",
        0,
        "0",
        0,
        1,
    )
    assert state["won"] is False
    assert len(state["stock"]) == 24 and state["waste"] == [] and state["foundations"] == [[], [], [], []]
    assert [len(c["down"]) for c in state["tableau"]] == list(range(7))
    assert [len(c["up"]) for c in state["tableau"]] == [1] * 7
    cards = state["stock"] + [card for c in state["tableau"] for card in c["down"] + c["up"]]
    assert sorted(cards) == sorted(card.text for card in CARDS)


def test_reflechi_deals_everything_face_up(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "show", "TF1-D1N-AAAAAAB", "--json")
    state = json.loads(out)
    assert status == 0 and state["variant"] == "reflechi"
    assert [len(c["up"]) for c in state["tableau"]] == list(range(1, 8))
    assert all(c["down"] == [] for c in state["tableau"])


def test_same_deal_in_both_variants(capsys: pytest.CaptureFixture[str]) -> None:
    _, klondike, _ = cli(capsys, "show", "KL1-D1N-AAAAAAB", "--json")
    _, reflechi, _ = cli(capsys, "show", "TF1-D1N-AAAAAAB", "--json")
    k, r = json.loads(klondike), json.loads(reflechi)
    assert k["stock"] == r["stock"]
    assert [c["down"] + c["up"] for c in k["tableau"]] == [c["up"] for c in r["tableau"]]


def test_show_text_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "show", CODE)
    assert status == 0
    assert CODE in out and "Klondike" in out
    assert out.count("##") == 21
    assert all(f"t{n}" in out for n in range(1, 8))


def test_play_applies_actions_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    _, start, _ = cli(capsys, "show", CODE, "--json")
    before = json.loads(start)
    status, out, _ = cli(capsys, "play", CODE, "s", "s", "undo", "--json")
    state = json.loads(out)
    assert status == 0
    assert state["waste"] == [before["stock"][-1]]
    assert state["moves"] == 2  # undo does not lower the counter


def test_play_vegas_score_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "play", "KL1-D1V-AAAAAAG", "--json")
    state = json.loads(out)
    assert status == 0 and state["score"] == -52 and state["score_text"] == "-$52"
    assert state["redeal"] == "passes:1"


def test_refused_move_exits_3_with_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "play", CODE, "s", "t2>t3")
    assert status == 3 and out == ""
    assert "index 1" in err and "t2>t3" in err and "tableau.one-rank-lower" in err
    assert len(err.strip().splitlines()) == 1


def test_refused_move_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "play", CODE, "s", "t2>t3", "--json")
    data = json.loads(out)
    assert status == 3
    assert data["illegal"]["index"] == 1 and data["illegal"]["move"] == "t2>t3"
    assert data["illegal"]["rule"] == "tableau.one-rank-lower"
    assert "J♣" in data["illegal"]["message"]
    assert data["state"]["moves"] == 1  # the state before the refused move


def test_refusal_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = cli(capsys, "--lang", "ru", "play", CODE, "t2>t3")
    assert status == 3 and "нельзя" in err


def test_the_language_goes_before_or_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    before = cli(capsys, "--lang", "ru", "play", CODE, "t2>t3")
    assert cli(capsys, "play", CODE, "t2>t3", "--lang", "ru") == before
    assert cli(capsys, "--lang", "ru", "play", CODE, "t2>t3", "--lang", "en") == cli(
        capsys, "play", CODE, "t2>t3"
    )


def test_undo_with_nothing_to_undo_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = cli(capsys, "play", CODE, "undo")
    assert status == 3 and "history.nothing-to-undo" in err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["show", "KL1-D2N-AAAAAAG"], "D2"),
        (["show", "XX1-D1N-AAAAAAG"], "XX"),
        (["show", "KL1-D1N-AAAAAA0"], "0"),
        (["show", "KL1-D1Q-AAAAAAG"], "Q"),
        (["show", "garbage"], "garbage"),
        (["play", CODE, "x>y"], "index 0"),
        (["play", CODE, "s", "t3:0>t1"], "index 1"),
        (["new", "--draw", "2"], "draw"),
        (["new", "--variant", "mahjongg"], "mahjongg"),
        (["new", "--redeal", "passes:0"], "passes"),
        (["new", "--deal", "-5"], "deal"),
        (["new", "--deal", str(2**35)], "deal"),
        (["--bogus"], "--bogus"),
        (["play"], "CODE"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    status, out, err = cli(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err


def test_new_with_deal_prints_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "new", "--deal", "6", "--json")
    assert status == 0 and json.loads(out)["code"] == CODE
    status, out, _ = cli(
        capsys,
        "new",
        "--variant",
        "reflechi",
        "--draw",
        "3",
        "--scoring",
        "vegas",
        "--redeal",
        "passes:3",
        "--returns",
        "forbidden",
        "--deal",
        "1",
        "--json",
    )
    state = json.loads(out)
    assert status == 0 and state["code"] == "TF1-D3VP3F-AAAAAAB"
    assert (state["redeal"], state["returns_allowed"]) == ("passes:3", False)


def test_new_random_gives_a_code_that_show_reproduces(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "new", "--random", "--json")
    state = json.loads(out)
    _, shown, _ = cli(capsys, "show", state["code"], "--json")
    assert status == 0 and json.loads(shown) == state


def test_new_text_starts_with_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "new", "--deal", "1", "--variant", "reflechi")
    assert status == 0 and out.splitlines()[0] == "TF1-D1N-AAAAAAB"


def test_hint(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "hint", CODE, "--json")
    data = json.loads(out)
    assert status == 0 and set(data) == {"move", "reason"}
    status, _, _ = cli(capsys, "play", CODE, data["move"])
    assert status == 0  # the hinted move is legal


def test_hint_after_refused_action_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = cli(capsys, "hint", CODE, "w>t1")
    assert status == 3 and "waste.empty" in err


def test_variants(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "variants", "--json")
    data = json.loads(out)
    assert status == 0
    assert {v["id"] for v in data["variants"]} >= {"klondike", "reflechi"}
    assert {s["id"] for s in data["scoring"]} >= {"normal", "vegas"}
    assert {r["id"] for r in data["redeal"]} >= {"unlimited", "passes"}
    assert all(v["package"] == "solitaire-framework" for v in data["variants"] if v["id"] == "klondike")
    assert data["left_out"] == []
    status, out, _ = cli(capsys, "variants")
    assert status == 0 and "klondike" in out and "passes:N" in out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "show",
                    "new",
                    "play",
                    "hint",
                    "variants",
                    "--json",
                    "--deal",
                    "--draw",
                    CODE,
                    "s",
                    "undo",
                    "redo",
                    "t1>f",
                    "w>t3",
                    "t3:2>t6",
                    "--lang",
                    "ru",
                    "--random",
                ]
            ),
            st.text(max_size=12),
        ),
        max_size=6,
    )
)
def test_no_input_gives_a_bug_status(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    if not argv or argv[0] not in ("show", "new", "play", "hint", "variants"):
        argv = ["play", CODE, *argv]  # without a command the interactive game would start
    try:
        status = run(argv)
    except SystemExit as exit_:  # --help
        status = exit_.code if isinstance(exit_.code, int) else 0
    capsys.readouterr()
    assert status in (0, 2, 3)


def _subprocess(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)


def test_console_script_and_module_agree() -> None:
    script = Path(sys.executable).with_name("solitaire")
    by_script = _subprocess(str(script), "show", CODE, "--json")
    by_module = _subprocess(sys.executable, "-m", "solitaire", "show", CODE, "--json")
    assert by_script.returncode == by_module.returncode == 0
    assert json.loads(by_script.stdout) == json.loads(by_module.stdout)


def test_console_script_exit_status_and_no_traceback() -> None:
    result = _subprocess(sys.executable, "-m", "solitaire", "play", CODE, "t9>t1x")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_terminal_game_reads_moves_until_end_of_input() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", "--terminal"],
        input=f"new {CODE}\ns\nt2>t3\nhint\nundo\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert result.returncode == 0
    assert "J♣ cannot go on K♦" in result.stdout
    assert CODE in result.stdout


def _terminal_session(home: Path, lines: str) -> str:
    """What the terminal game prints for ``lines`` of input, its files in ``home``."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "SOLITAIRE_HOME": str(home)}
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", "--terminal"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_terminal_game_resumes_and_counts_finished_games(tmp_path: Path) -> None:
    def session(lines: str) -> str:
        return _terminal_session(tmp_path, lines)

    session(f"new {CODE}\ns\ns\nquit\n")
    resumed = session("code\nquit\n")
    assert f"Resuming {CODE}" in resumed and "Moves 2" in resumed
    assert "No games finished yet." in session("stats\nquit\n")
    # Starting another game counts the one left (2 moves made) as played, not won.
    stats = session("new TF1-D1N-AAAAAAB\nstats\nquit\n")
    assert "klondike/1/normal" in stats and "played 1, won 0" in stats


def test_a_hint_in_the_terminal_marks_the_game_as_helped(tmp_path: Path) -> None:
    from solitaire.core.store import Store

    def helped_after(lines: str) -> bool:
        _terminal_session(tmp_path, lines)
        loaded = Store(tmp_path).load_game(new_catalog(entry_points=False))
        assert loaded is not None
        return loaded[1].helped

    assert helped_after(f"new {CODE}\ns\nquit\n") is False
    assert helped_after("hint\ns\nquit\n") is True  # and it stays so when the game is resumed
    assert helped_after("s\nquit\n") is True


def test_a_game_opened_from_a_log_stays_no_record_in_the_terminal(tmp_path: Path) -> None:
    """The window saved a game it opened from a log: the terminal resumes it as such."""
    from solitaire.core.store import Statistics, Store

    catalog = new_catalog(entry_points=False)
    game = catalog.game_from_code(CODE)
    game.play("s")
    Store(tmp_path).save_game(game, catalog, game_id="from-a-log", from_deal=False)
    _terminal_session(tmp_path, "s\nquit\n")
    loaded = Store(tmp_path).load_game(catalog)
    assert loaded is not None and loaded[1].from_deal is False and loaded[0].actions == ["s", "s"]
    # Leaving it for a new game counts nothing.
    _terminal_session(tmp_path, "new TF1-D1N-AAAAAAB\nquit\n")
    assert Store(tmp_path).statistics() == Statistics()
