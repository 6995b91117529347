"""The command line plays every built-in game: tables laid out from the variant's
piles, moves, JSON piles, and the exit statuses of bad and refused moves."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.game import Game
from solitaire.core.refusals import Refusal
from solitaire.frontends.cli.main import run
from solitaire.frontends.cli.render import pile_list, render_state
from solitaire.plugins.builtins import new_catalog

#: Every built-in game (a game added to the built-ins is covered without a change here).
GAMES = sorted(new_catalog(entry_points=False).variants)
#: The kinds of ``piles`` in the JSON, by the letter of a pile's id.
KINDS = {"s": "stock", "w": "waste", "f": "foundation", "t": "tableau", "c": "cell", "r": "reserve"}


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _code(capsys: pytest.CaptureFixture[str], variant: str, deal: int = 11982) -> str:
    status, out, err = cli(capsys, "new", "--variant", variant, "--deal", str(deal), "--json")
    assert status == 0 and err == "", err
    code: str = json.loads(out)["code"]
    return code


def _game(code: str) -> Game:
    return new_catalog(entry_points=False).game_from_code(code)


def test_new_takes_the_variants_default_scoring(capsys: pytest.CaptureFixture[str]) -> None:
    expected = {"klondike": "N", "freecell": "X", "spider": "S", "golf": "G"}
    for variant, letter in expected.items():
        code = _code(capsys, variant)
        assert code.split("-")[1] == f"D1{letter}", code
    status, _, err = cli(capsys, "new", "--variant", "freecell", "--scoring", "vegas")
    assert status == 2 and "does not fit freecell" in err


def test_new_takes_spiders_suits_and_refuses_draws_a_variant_does_not_have(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = cli(capsys, "new", "--variant", "spider", "--draw", "4", "--deal", "5")
    assert status == 0 and out.startswith("SP1-D4S-")
    assert "Spider · Suits: 4 · Spider scoring" in out
    for argv in (["--variant", "spider", "--draw", "3"], ["--draw", "2"], ["--draw", "x"], ["--draw", "0"]):
        status, out, err = cli(capsys, "new", *argv)
        assert status == 2 and out == "" and err.count("\n") == 1, (argv, err)


def test_freecell_shows_its_cells_and_eight_columns(capsys: pytest.CaptureFixture[str]) -> None:
    code = _code(capsys, "freecell")
    status, out, err = cli(capsys, "show", code)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"FreeCell · No score   {code}"
    assert lines[1] == "Moves 0"  # no score to show, no stock to pass through
    assert lines[3] == "c1 --   c2 --   c3 --   c4 --   f1 ♠ --   f2 ♥ --   f3 ♦ --   f4 ♣ --"
    assert [line[:4] for line in lines[5:]] == [f"t{n}  " for n in range(1, 9)]
    assert "##" not in out and "Column" not in out
    status, out, _ = cli(capsys, "play", code, "t1>c1", "t2>c3")
    game = _game(code)
    kings = game.state.pile("t1").up[-1].text, game.state.pile("t2").up[-1].text
    assert status == 0
    assert f"c1 {kings[0]:<2}   c2 --   c3 {kings[1]:<2}   c4 --   f1 ♠ --" in out


def test_spider_shows_ten_columns_lined_up_and_no_waste(capsys: pytest.CaptureFixture[str]) -> None:
    code = _code(capsys, "spider")
    status, out, _ = cli(capsys, "show", code)
    lines = out.splitlines()
    assert status == 0 and lines[0] == f"Spider · Suits: 1 · Spider scoring   {code}"
    assert lines[1] == "Score 500   Moves 0"
    assert lines[3] == "s [50]  " + "   ".join(f"f{n} --" for n in range(1, 9))
    columns = lines[5:]
    assert [line[:5] for line in columns] == [f"t{n}   " for n in range(1, 10)] + ["t10  "]
    assert [line.count("##") for line in columns] == [5] * 4 + [4] * 6
    status, out, _ = cli(capsys, "play", code, "s")
    assert status == 0 and "s [40]" in out
    assert [len(line.split()) - 1 for line in out.splitlines()[5:]] == [7] * 4 + [6] * 6


def test_golf_has_its_stock_and_foundation_under_the_columns(capsys: pytest.CaptureFixture[str]) -> None:
    code = _code(capsys, "golf")
    status, out, _ = cli(capsys, "show", code)
    game = _game(code)
    lines = out.splitlines()
    assert status == 0 and lines[0] == f"Golf · Cards left scoring   {code}"
    assert [line[:4] for line in lines[3:10]] == [f"t{n}  " for n in range(1, 8)]
    assert lines[10] == ""
    assert lines[11] == f"s [16]  f1 {game.state.pile('f1').up[-1].text}"
    assert "♠" not in out and "w " not in out and "Pass" not in out  # one foundation, any suit
    status, out, _ = cli(capsys, "play", code, "s")
    game.perform("s")
    assert status == 0 and out.splitlines()[11] == f"s [15]  f1 {game.state.pile('f1').up[-1].text}"


def test_yukon_has_no_stock_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = _code(capsys, "yukon")
    _, out, _ = cli(capsys, "show", code)
    lines = out.splitlines()
    assert lines[0] == f"Yukon · Normal scoring   {code}" and lines[1] == "Score 0   Moves 0"
    assert lines[3] == "f1 ♠ --   f2 ♥ --   f3 ♦ --   f4 ♣ --"


#: Klondike's table as it has always been printed (scripts read it).
KLONDIKE = """\
Klondike · draw 3 · Vegas scoring · 1 pass   KL1-D3V-AAAALWO
Score -$52   Moves 0   Pass 1

s [24]  w --              f1 ♠ --   f2 ♥ --   f3 ♦ --   f4 ♣ --

t1  TS
t2  ## JS
t3  ## ## 8D
t4  ## ## ## QS
t5  ## ## ## ## 8C
t6  ## ## ## ## ## 6D
t7  ## ## ## ## ## ## AD
"""
REFLECHI = """\
Réfléchi · draw 1 · Normal scoring · unlimited redeals   TF1-D1N-AAAALWO
Score 10   Moves 4   Pass 1

s [23]  w 4C              f1 ♠ --   f2 ♥ --   f3 ♦ AD   f4 ♣ --

t1  TS
t2  2H JS
t3  2D KD 8D
t4  6H 4H KC QS
t5  TC 4S 5S KS 8C
t6  AH 7C QC 3H KH 6D
t7  2S AC JD QD 8S 3S
"""


def test_klondike_and_reflechi_print_as_they_always_did(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "show", "KL1-D3V-AAAALWO") == (0, KLONDIKE, "")
    moves = ("s", "t7>f", "undo", "undo", "t7>f", "s")
    assert cli(capsys, "play", "TF1-D1N-AAAALWO", *moves) == (0, REFLECHI, "")


@pytest.mark.parametrize("variant", GAMES)
def test_every_game_plays_and_its_json_lists_its_piles(
    capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    code = _code(capsys, variant, deal=7)
    game = _game(code)
    played = []
    for _ in range(4):  # a few moves the rules allow, the first one each time
        moves = game.legal_moves()
        if not moves:
            break
        played.append(str(moves[0]))
        game.perform(moves[0])
    status, out, err = cli(capsys, "play", code, *played, "--json")
    assert status == 0 and err == "", err
    state = json.loads(out)
    ids = list(game.state.table.ids)
    assert [pile["id"] for pile in state["piles"]] == ids
    assert all(set(pile) >= {"id", "kind", "down", "up"} for pile in state["piles"])
    assert all(pile["kind"] == KINDS[pile["id"][0]] for pile in state["piles"])
    for pile in state["piles"]:
        here = game.state.pile(pile["id"])
        assert (pile["down"], pile["up"]) == ([c.text for c in here.down], [c.text for c in here.up])
    assert sum(len(p["down"]) + len(p["up"]) for p in state["piles"]) == 52 * game.rules.variant.decks
    assert state["moves"] == game.state.moves
    # The text table names every pile by its id, and says the same as the game.
    status, out, _ = cli(capsys, "play", code, *played)
    assert status == 0
    assert out == render_state(game.state, game.rules, game.code, card_symbols=False) + "\n"
    words = {word for line in out.splitlines()[3:] for word in line.split()}
    assert set(ids) <= words


@pytest.mark.parametrize("variant", GAMES)
def test_a_refused_move_exits_3_with_its_rule(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    code = _code(capsys, variant, deal=3)
    game = _game(code)
    ids = game.state.table.ids
    refused = None
    for src in ids:
        for dst in ids:
            if src != dst and dst != "s":
                answer = game.check(f"{src}>{dst}")
                if isinstance(answer, Refusal) and answer.rule != "move.no-such-pile":
                    refused = (f"{src}>{dst}", answer)
                    break
        if refused:
            break
    assert refused is not None
    move, refusal = refused
    status, out, err = cli(capsys, "play", code, move)
    assert status == 3 and out == ""
    assert err == f"action at index 0 ({move}) refused by rule {refusal.rule}: {refusal.message('en')}\n"
    status, out, _ = cli(capsys, "play", code, move, "--json")
    illegal = json.loads(out)["illegal"]
    assert status == 3 and (illegal["index"], illegal["move"], illegal["rule"]) == (0, move, refusal.rule)


def test_a_pile_the_game_has_not_is_refused_and_a_malformed_one_is_bad_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = _code(capsys, "klondike")
    # c9 is written as the notation writes piles: Klondike's rules refuse it (no such pile).
    status, out, err = cli(capsys, "play", code, "s", "c9>t1")
    assert status == 3 and out == ""
    assert (
        err
        == "action at index 1 (c9>t1) refused by rule move.no-such-pile: There is no pile c9 in this game.\n"
    )
    status, out, _ = cli(capsys, "play", code, "t1>t8", "--json")
    assert status == 3 and json.loads(out)["illegal"]["rule"] == "move.no-such-pile"
    # What is no pile at all is bad input: exit 2, and nothing on stdout.
    for bad in ("x>t1", "t0>t1", "c>t1", "t1>q"):
        status, out, err = cli(capsys, "play", code, "s", bad)
        assert status == 2 and out == "" and err.startswith(f"action at index 1: '{bad}' is not a move"), err


def test_variants_names_families_and_the_options_each_takes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "--no-plugins", "variants", "--json")  # the built-ins alone
    assert status == 0
    variants = {v["id"]: v for v in json.loads(out)["variants"]}
    assert set(variants) >= set(GAMES)
    taken = {
        name: (v["family"], v["draws"], v["draw_label"], set(v["scoring"]), v["default_scoring"], v["redeal"])
        for name, v in variants.items()
        if name in GAMES
    }
    klondike_schemes = {"normal", "vegas", "vegas-cumulative", "none"}
    assert taken == {
        "klondike": ("klondike", [1, 3], "Draw", klondike_schemes, "normal", True),
        "reflechi": ("klondike", [1, 3], "Draw", klondike_schemes, "normal", True),
        "yukon": ("yukon", [1], "Draw", klondike_schemes, "normal", False),
        "freecell": ("freecell", [1], "Draw", {"none"}, "none", False),
        "spider": ("spider", [1, 2, 4], "Suits", {"spider", "none"}, "spider", False),
        "golf": ("golf", [1], "Draw", {"golf", "none"}, "golf", False),
        "pyramid": ("pyramid", [1], "Draw", {"none"}, "none", True),
        "tripeaks": ("golf", [1], "Draw", {"golf", "none", "tripeaks"}, "tripeaks", False),
        "bakers-dozen": ("bakers-dozen", [1], "Draw", {"none"}, "none", False),
        "beleaguered-castle": ("beleaguered-castle", [1], "Draw", {"none"}, "none", False),
        "eight-off": ("freecell", [1], "Draw", {"none"}, "none", False),
        "simple-simon": ("spider", [1], "Draw", {"spider", "none"}, "none", False),
        "grandfather": ("yukon", [1], "Draw", klondike_schemes, "none", False),
        "canfield": ("canfield", [1, 3], "Draw", {"vegas", "vegas-cumulative", "none"}, "none", True),
        "clock": ("clock", [1], "Draw", {"none"}, "none", False),
        "aces-up": ("aces-up", [1], "Draw", {"none"}, "none", False),
        "gypsy": ("gypsy", [1], "Draw", {"none"}, "none", False),
        "forty-thieves": ("forty-thieves", [1], "Draw", {"none"}, "none", True),
        "scorpion": ("spider", [1], "Draw", {"spider", "none"}, "none", False),
        "mod3": ("mod3", [1], "Draw", {"none"}, "none", False),
    }
    status, out, _ = cli(capsys, "--no-plugins", "variants")
    lines = out.splitlines()
    spider = lines.index(next(line for line in lines if line.startswith("  spider ")))
    assert "Suits: 1/2/4" in lines[spider]
    assert lines[spider + 1].split() == ["family", "spider;", "scoring", "none,", "spider"]
    klondike = lines.index(next(line for line in lines if line.startswith("  klondike ")))
    assert "draw 1/3" in lines[klondike] and lines[klondike + 1].endswith("; a redeal policy")


def test_a_deal_the_variant_has_not_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "new", "--variant", "freecell", "--deal", "0")
    assert status == 2 and out == "" and err.startswith("deal number must be 1..8589934591, not 0")
    status, out, err = cli(capsys, "show", "FC1-D1X-AAAAAAA")
    assert status == 2 and out == "" and err.startswith("game code 'FC1-D1X-AAAAAAA': ")
    for _ in range(8):  # a random deal is one FreeCell has (3 in 4 of the numbers are not)
        status, out, _ = cli(capsys, "new", "--variant", "freecell")
        assert status == 0 and out.startswith("FC1-D1X-")


def test_pile_lists_shorten_runs() -> None:
    assert pile_list(["c1", "c2", "c3", "c4", "f1", "t1", "t2", "t10"]) == "c1..c4, f1, t1..t2, t10"
    assert pile_list(["t1", "s", "f1"]) == "t1, s, f1"


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(GAMES), deal=st.integers(1, 10_000), choices=st.lists(st.integers(0, 99)))
def test_every_card_in_play_is_on_the_table(variant: str, deal: int, choices: list[int]) -> None:
    """The text table shows each pile's cards: every face-up card of the columns, the
    top of every other pile, and as many ``##`` as cards face down in the columns."""
    catalog = new_catalog(entry_points=False)
    game = catalog.new_game(catalog.options(variant, deal=deal))
    for choice in choices[:40]:
        moves = game.legal_moves()
        if not moves:
            break
        game.perform(moves[choice % len(moves)])
    table = render_state(game.state, game.rules, game.code, card_symbols=False)
    body = table.splitlines()[3:]
    rows = {line.split()[0]: line.split()[1:] for line in body if line}
    for spec in game.rules.variant.piles(game.state):
        pile = game.state.pile(spec.id)
        if spec.at is not None and spec.kind != "stock":  # a picture (Pyramid): id and top card each
            top = pile.up[-1].text if pile.up else "##" if pile.down else "--"
            assert re.search(rf"(^| ){spec.id} {top}( |$)", table, flags=re.MULTILINE), spec.id
        elif spec.kind == "column":
            expected = ["##"] * len(pile.down) + [card.text for card in pile.up] or ["--"]
            assert rows[spec.id] == expected
        elif spec.kind in ("foundation", "cell"):
            top = pile.up[-1].text if pile.up else "--"
            assert f"{spec.id} {top}" in table or f"{spec.id} {spec.accepts} {top}" in table
        elif spec.kind == "stock":
            assert f"{spec.id} [{len(pile.down) or ' '}]" in table


def test_the_terminal_game_plays_freecell_and_spider(tmp_path: Path) -> None:
    env = {**os.environ, "SOLITAIRE_HOME": str(tmp_path), "PYTHONIOENCODING": "utf-8"}
    env.pop("SOLITAIRE_LANG", None)
    lines = "new FC1-D1X-AAAALWO\nt1>c1\nc1>t9\nnew SP1-D2S-AAAALWO\ns\nquit\n"
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", "--terminal", "--lang", "en"],
        input=lines,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "The piles of this game: c1..c4, f1..f4, t1..t8." in out
    assert "c1 K♣    c2 --    c3 --    c4 --    f1 ♠ --" in out
    assert "There is no pile t9 in this game." in out
    assert "The piles of this game: s, f1..f8, t1..t10." in out
    assert "s [40]  f1 --    f2 --" in out and "\nt10  ## ## ## ## " in out
