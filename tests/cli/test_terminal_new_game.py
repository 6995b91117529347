"""The terminal game's new-game choices, as the window's New Game dialog offers them:
the game, its options, winnable deals only and their difficulty, remembered in the
settings the window reads; ``options`` lists them; ``solitaire --terminal`` takes them
as flags; a search for a winnable deal says so and stops at Ctrl-C, keeping the game.

Every game runs as a player runs it: ``solitaire --terminal`` in a process of its own,
typed at through a pipe or, for the search's progress and Ctrl-C, a pseudo-terminal
that is its controlling terminal (so that Ctrl-C is the terminal's interrupt).
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire.core import difficulty
from solitaire.core.deal_search import DEAL_NODES
from solitaire.core.session import has_waste, offers
from solitaire.core.solver import solve
from solitaire.core.store import GameChoice, Settings, Statistics, Store
from solitaire.plugins.builtins import new_catalog

CODE = "KL1-D1N-AAAAAAG"
ESCAPE = re.compile(r"\033\[[0-9;]*[A-Za-z]")


def _terminal(home: Path, lines: list[str], *flags: str, status: int = 0) -> tuple[str, str]:
    """``solitaire --terminal FLAGS``, the lines typed through a pipe: its output and errors."""
    env = {**os.environ, "SOLITAIRE_HOME": str(home), "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", "--terminal", *flags],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        env=env,
    )
    assert result.returncode == status, result.stderr
    return result.stdout, result.stderr


def _saved(home: Path) -> tuple[str, int]:
    """The code and the move counter of the saved game."""
    loaded = Store(home).load_game(new_catalog())
    assert loaded is not None
    return loaded[0].code, loaded[0].state.moves


def _files(home: Path) -> dict[str, bytes]:
    """The store's files and what they hold (locks aside; lines typed through a pipe keep no history)."""
    return {
        path.name: path.read_bytes() for path in home.iterdir() if path.is_file() and "lock" not in path.name
    }


def test_new_with_options_deals_that_game_and_remembers_them_for_the_window(tmp_path: Path) -> None:
    lines = [
        "new klondike --draw 3 --scoring vegas --redeal passes:3",
        "s",
        "new",
        "new spider --draw=2",
        "quit",
    ]
    out, _ = _terminal(tmp_path, lines)
    dealt = set(re.findall(r"Klondike · draw 3 · Vegas scoring · 3 passes +(\S+)", out))
    assert len(dealt) == 2  # and "new" deals it again
    assert "Spider · Suits: 2" in out
    settings = Store(tmp_path).settings()
    assert settings.variant == "spider" and settings.recent[:2] == ("spider", "klondike")
    assert settings.choices["klondike"] == GameChoice(3, "vegas", "passes:3", True)
    assert settings.choices["spider"].draw == 2
    # The Klondike game left after a move is counted; the Spider one is in play.
    assert Store(tmp_path).statistics().records[Statistics.key("klondike", 3, "vegas")].played == 1
    assert _saved(tmp_path)[0].startswith("SP1-D2")


def test_new_with_options_of_a_plugins_game_and_scoring(tmp_path: Path) -> None:
    catalog = new_catalog()
    if "bakers" not in catalog.variants or "windows" not in catalog.scorings:
        pytest.skip("the example plugin solitaire-bakers is not installed")
    out, _ = _terminal(tmp_path, ["new Baker's Game --deal 7", "new klondike --scoring windows", "quit"])
    assert "Baker's Game · No score   BG1-" in out and "Klondike · draw 1 · Windows standard scoring" in out
    assert Store(tmp_path).settings().choices["bakers"] == GameChoice(1, "none", None, True)


BAD = [
    ("new spider --draw 3", "spider: Suits 1, 2 or 4, not 3"),
    ("new golf --scoring normal", "scoring 'normal' does not fit golf"),
    ("new freecell --redeal passes:2", "freecell has no stock: it takes no redeal policy"),
    ("new klondike --redeal sometimes", "sometimes"),
    ("new --difficulty impossible", "difficulty must be any, easy, medium, hard, not 'impossible'"),
    ("new --draw", "--draw needs a value"),
    ("new --draw three", "draw must be a number from 1 to 9, not 'three'"),
    ("new --returns maybe", "--returns takes allowed or forbidden, not 'maybe'"),
    ("new --winnable=yes", "--winnable takes no value"),
    ("new --fast", "unknown option '--fast'"),
    ("new nothing-of-the-kind --draw 1", "'nothing-of-the-kind' is not a game"),
    ("new klondike --deal 5 --winnable", "winnable deals only are random deals"),
    (f"new {CODE} --draw 3", f"a game code says its own options: type new {CODE} alone"),
    ("new freecell --deal 0", "deal number must be 1..8589934591, not 0"),
    ("options nothing-of-the-kind", "'nothing-of-the-kind' is not a game"),
]


def test_options_that_do_not_fit_are_told_and_change_nothing(tmp_path: Path) -> None:
    _terminal(tmp_path, [f"new {CODE}", "s", "quit"])
    before = _files(tmp_path)
    out, _ = _terminal(tmp_path, [line for line, _ in BAD] + ["code", "quit"])
    for line, said in BAD:
        assert said in out, line
    assert re.search(rf"^(> )*  {CODE}$", out, re.MULTILINE)  # "code": the game in play is the one resumed
    assert _saved(tmp_path) == (CODE, 1)
    assert _files(tmp_path) == before  # no setting, statistic or save written


def test_options_lists_what_each_game_may_choose(tmp_path: Path) -> None:
    catalog = new_catalog(entry_points=False)
    Store(tmp_path).save_settings(Settings(choices={"spider": GameChoice(draw=2)}, difficulty="hard"))
    names = list(catalog.variants)
    out, _ = _terminal(tmp_path, [*(f"options {name}" for name in names), "options", "quit"], "--no-plugins")
    blocks = out.split("New games of ")[1:]
    assert len(blocks) == len(names) + 1
    for name, block in zip(names, blocks, strict=False):
        variant, offered = catalog.variant(name), offers(catalog, name)
        text = block.split("\n> ")[0]
        assert text.startswith(f"{variant.name('en')}, as chosen now"), text
        assert ("--draw " in text) is (len(variant.draws) > 1), name
        assert ("--redeal " in text) is has_waste(variant), name
        scorings = re.search(r"--scoring +Scoring: (.*)", text)
        assert scorings is not None
        assert [part.split()[0].rstrip("*") for part in scorings[1].split(", ")] == list(offered.scorings)
        assert ("--winnable " in text) is offered.winnable, name
        draw = 2 if name == "spider" else variant.default_draw
        assert ("hard* (Hard)" in text) is (draw in variant.difficulty), name
    assert "Suits: 1, 2*, 4" in blocks[names.index("spider")]
    assert blocks[-1].startswith("Klondike, as chosen now")  # the game "new" deals


def _solved_level(home: Path) -> str | None:
    catalog = new_catalog(entry_points=False)
    loaded = Store(home).load_game(catalog)
    assert loaded is not None
    game = loaded[0]
    result = solve(game.state, game.rules, max_nodes=DEAL_NODES)
    assert result.verdict == "winnable"
    return difficulty.level(game.rules, result.nodes)


def test_a_winnable_deal_of_a_difficulty_is_searched_for_and_remembered(tmp_path: Path) -> None:
    out, _ = _terminal(tmp_path, ["new freecell --difficulty easy", "quit"], "--no-plugins")
    assert "Looking for a deal the solver can win… (Ctrl-C stops the search)" in out
    found = re.search(r"Deal (FC1-\S+) is winnable: the solver proved it \(deals tried: (\d+)\)\.", out)
    assert found is not None and int(found[2]) >= 1
    assert _saved(tmp_path) == (found[1], 0)
    assert _solved_level(tmp_path) == "easy"
    assert "Deals tried:" not in out  # the count as it goes is for a terminal, not a pipe
    settings = Store(tmp_path).settings()
    assert (settings.variant, settings.winnable_only, settings.difficulty) == ("freecell", True, "easy")
    # As in the window, "new" then deals a winnable deal of that difficulty again.
    out, _ = _terminal(tmp_path, ["new", "quit"], "--no-plugins")
    second = re.search(r"Deal (FC1-\S+) is winnable", out)
    assert second is not None and _saved(tmp_path)[0] == second[1] and _solved_level(tmp_path) == "easy"
    # --no-winnable turns the search off again, for the next games too.
    out, _ = _terminal(tmp_path, ["new --no-winnable", "quit"], "--no-plugins")
    assert "Looking for a deal" not in out and not Store(tmp_path).settings().winnable_only


def test_the_terminal_flags_start_a_chosen_game_and_leave_the_one_saved(tmp_path: Path) -> None:
    _terminal(tmp_path, [f"new {CODE}", "s", "quit"])
    out, _ = _terminal(tmp_path, ["quit"], "--variant", "Eight Off", "--deal", "12")
    assert "Resuming" not in out and "Eight Off · No score   EO1-" in out
    catalog = new_catalog()
    assert _saved(tmp_path)[0] == catalog.new_game(catalog.options("eight-off", deal=12)).code
    assert Store(tmp_path).statistics().records[Statistics.key("klondike", 1, "normal")].played == 1
    assert Store(tmp_path).settings().variant == "eight-off"
    out, _ = _terminal(tmp_path, ["quit"], "--variant", "klondike", "--draw", "3", "--difficulty", "medium")
    assert re.search(r"Deal KL1-D3\S+ is winnable", out)
    settings = Store(tmp_path).settings()
    assert (settings.winnable_only, settings.difficulty, settings.choices["klondike"].draw) == (
        True,
        "medium",
        3,
    )
    assert _solved_level(tmp_path) == "medium"


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--variant", "spider", "--draw", "3"], "spider: Suits 1, 2 or 4, not 3"),
        (
            ["--variant", "nothing-of-the-kind"],
            "'nothing-of-the-kind' is not a game: solitaire variants lists them",
        ),
        (["--deal", "4", "--difficulty", "easy"], "winnable deals only are random deals"),
        (["--scoring", "golf"], "scoring 'golf' does not fit klondike"),
        (["--difficulty", "impossible"], "invalid choice: 'impossible'"),
    ],
)
def test_terminal_flags_that_do_not_fit_are_bad_input_and_write_nothing(
    tmp_path: Path, flags: list[str], said: str
) -> None:
    _terminal(tmp_path, [f"new {CODE}", "s", "quit"])
    before = _files(tmp_path)
    _, err = _terminal(tmp_path, ["quit"], *flags, status=2)
    assert said in err and err.count("\n") == 1
    assert _files(tmp_path) == before


def test_the_new_game_flags_go_with_terminal_only(tmp_path: Path) -> None:
    env = {**os.environ, "SOLITAIRE_HOME": str(tmp_path)}
    for argv, said in [
        (["--variant", "spider"], "--variant chooses the game of --terminal: add --terminal"),
        (["--winnable", "new"], "--winnable chooses the game of --terminal: it takes no command"),
    ]:
        result = subprocess.run(
            [sys.executable, "-m", "solitaire", *argv], capture_output=True, text=True, timeout=60, env=env
        )
        assert result.returncode == 2 and said in result.stderr
    # The new command keeps its own options.
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", "new", "--variant", "spider", "--draw", "2", "--deal", "3"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert result.returncode == 0 and result.stdout.startswith("SP1-D2")
    assert not any(tmp_path.iterdir())


class Pty:
    """``solitaire --terminal`` on a pseudo-terminal that is its controlling terminal:
    what is typed is read as a player's keys, Ctrl-C included."""

    def __init__(self, home: Path, *flags: str) -> None:
        pty = pytest.importorskip("pty")
        import fcntl
        import termios

        self.master, slave = pty.openpty()
        env = {**os.environ, "SOLITAIRE_HOME": str(home), "TERM": "xterm", "PYTHONIOENCODING": "utf-8"}

        def controlling() -> None:  # a session of its own, this terminal its terminal
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            [sys.executable, "-m", "solitaire", "--terminal", *flags],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            preexec_fn=controlling,
        )
        os.close(slave)
        self.output = ""
        self.read = 0  # where the next expect() looks from
        self.deadline = time.monotonic() + 240

    def expect(self, text: str) -> str:
        """Read until ``text`` comes (after what was expected before); what came until then."""
        while text not in self.output[self.read :]:
            ready, _, _ = select.select([self.master], [], [], max(0.0, self.deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"no {text!r}; the game said {self.output}")
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                raise AssertionError(f"the game ended before {text!r}; it said {self.output}")
            self.output += ESCAPE.sub("", chunk.decode(errors="replace"))
        start = self.read
        self.read = self.output.index(text, self.read) + len(text)
        return self.output[start : self.read]

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        try:
            return self.process.wait(timeout=60)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            os.close(self.master)


#: A game none of whose deals the solver proves winnable within the search's budget:
#: the search goes on until it is stopped.
ENDLESS = ["gypsy", "--winnable"]


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals")
def test_ctrl_c_stops_the_search_and_the_game_goes_on(tmp_path: Path) -> None:
    _terminal(tmp_path, [f"new {CODE}", "s", "quit"])
    game = Pty(tmp_path)
    try:
        game.expect("> ")
        game.type(f"new {' '.join(ENDLESS)}\r")
        game.expect("Looking for a deal the solver can win… (Ctrl-C stops the search)")
        game.expect("Deals tried: 1")  # the count goes as the search does
        game.type("\x03")
        stopped = game.expect("> ")
        assert re.search(r"The search for a winnable deal was cancelled \(deals tried: \d+\)\.", stopped)
        game.type("code\r")
        assert f"  {CODE}" in game.expect("> ")
        game.type("quit\r")
    finally:
        status = game.close()
    assert status == 0
    assert _saved(tmp_path) == (CODE, 1)  # the game in play, as it was
    settings = Store(tmp_path).settings()  # the choice is remembered, as the window remembers it
    assert (settings.variant, settings.winnable_only) == ("gypsy", True)


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals")
def test_ctrl_c_at_the_start_keeps_the_saved_game(tmp_path: Path) -> None:
    _terminal(tmp_path, [f"new {CODE}", "s", "quit"])
    game = Pty(tmp_path, "--variant", *ENDLESS)
    try:
        game.expect("Looking for a deal the solver can win…")
        game.type("\x03")
        assert f"Resuming {CODE}" in game.expect("> ")
        game.type("quit\r")
    finally:
        status = game.close()
    assert status == 0 and _saved(tmp_path) == (CODE, 1)
    assert Store(tmp_path).statistics().records == {}  # the game resumed was not left
