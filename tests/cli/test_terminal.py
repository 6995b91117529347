"""The terminal game: a table that holds still, cards written one way, line editing."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.store import Store
from solitaire.frontends.cli.render import letters, render_state
from solitaire.frontends.cli.terminal import HISTORY_FILE, line_editing
from solitaire.plugins.builtins import new_catalog

CODE = "KL1-D1N-AAAAAAG"
ESCAPE = re.compile(r"\033\[[0-9;]*m")


def _foundation_columns(picture: str) -> list[int]:
    """Where on the screen each foundation starts in the row under the heading."""
    row = ESCAPE.sub("", picture.splitlines()[3])
    return [row.index(f"f{n} ") for n in range(1, 5)]


@settings(max_examples=25, deadline=None)
@given(
    draw=st.sampled_from([1, 3]),
    deal=st.integers(0, 1000),
    choices=st.lists(st.integers(0, 1000), min_size=1, max_size=120),
    colour=st.booleans(),
    symbols=st.booleans(),
)
def test_the_foundations_stay_put_as_the_waste_and_foundations_change(
    draw: int, deal: int, choices: list[int], colour: bool, symbols: bool
) -> None:
    catalog = new_catalog(entry_points=False)
    game = catalog.new_game(catalog.options("klondike", draw, deal=deal))
    columns = set()
    for choice in choices:
        picture = render_state(game.state, game.rules, game.code, colour=colour, symbols=symbols)
        columns.add(tuple(_foundation_columns(picture)))
        moves = game.legal_moves()
        if not moves:
            break
        # Mostly the stock (the waste changes), now and then another move (foundations fill).
        stock = [move for move in moves if str(move) == "s"]
        game.perform(stock[0] if stock and choice % 4 else moves[choice % len(moves)])
    assert len(columns) == 1


def test_tens_and_red_cards_take_no_more_room_than_the_others() -> None:
    catalog = new_catalog(entry_points=False)
    game = catalog.game_from_code("KL1-D3N-AAAAAAG")
    pictures = [render_state(game.state, game.rules, game.code, colour=True)]
    for _ in range(5):  # the fifth tap shows "8♥ 8♣ 10♠", red and a ten in the fan
        game.perform("s")
        pictures.append(render_state(game.state, game.rules, game.code, colour=True))
    assert "10♠" in pictures[-1] and len({tuple(_foundation_columns(p)) for p in pictures}) == 1


def test_letters_write_cards_as_card_text() -> None:
    assert letters("10♥ on J♣, then A♦; f1 ♠") == "TH on JC, then AD; f1 S"
    assert letters("Score 10, column 10") == "Score 10, column 10"


def _terminal(home: Path, lines: str, encoding: str) -> str:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "SOLITAIRE_HOME": str(home)}
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", "--terminal"],
        input=lines,
        capture_output=True,
        text=True,
        encoding="utf-8" if encoding == "utf-8" else "ascii",
        timeout=60,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_table_and_the_messages_write_cards_alike(tmp_path: Path) -> None:
    lines = f"new {CODE}\nt2>t3\nhint\nquit\n"
    shown = _terminal(tmp_path, lines, "utf-8")
    assert "J♣ cannot go on K♦" in shown and "t2  ## J♣" in shown and "t3  ## ## K♦" in shown
    assert "Put A♥ on its foundation" in shown and "t7  ## ## ## ## ## ## A♥" in shown
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b", shown)  # no card in letters anywhere
    # An output without the suit symbols gets letters, on the table and in the messages.
    plain = _terminal(tmp_path / "ascii", lines, "ascii")
    assert "JC cannot go on KD" in plain and "t2  ## JC" in plain and "t3  ## ## KD" in plain
    assert "Put AH on its foundation" in plain and "f1 S --" in plain


def test_without_readline_the_game_plays_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "readline", None)  # as on Windows: `import readline` fails
    keep = line_editing(tmp_path, interactive=True)
    keep()
    assert not (tmp_path / HISTORY_FILE).exists()


def _play_at_a_terminal(home: Path, keys: list[str]) -> str:
    """Type ``keys`` at the terminal game on a pseudo-terminal, each after a prompt."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = {**os.environ, "SOLITAIRE_HOME": str(home), "TERM": "xterm", "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        [sys.executable, "-m", "solitaire", "--terminal"], stdin=slave, stdout=slave, stderr=slave, env=env
    )
    os.close(slave)
    output = b""
    deadline = time.monotonic() + 60

    def read_until(prompts: int) -> None:
        nonlocal output
        while output.count(b"> ") < prompts:
            ready, _, _ = select.select([master], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"no prompt; the game said {output.decode(errors='replace')}")
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the game has ended and closed the terminal
                chunk = b""
            if not chunk:
                return
            output += chunk

    try:
        for number, key in enumerate(keys, 1):
            read_until(number)
            os.write(master, key.encode())
        read_until(len(keys) + 1)  # to the end
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    return output.decode(errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals")
def test_up_recalls_a_line_in_this_game_and_the_next(tmp_path: Path) -> None:
    pytest.importorskip("readline")
    up = "\x1b[A"
    catalog = new_catalog(entry_points=False)

    def moves() -> int:
        loaded = Store(tmp_path).load_game(catalog)
        assert loaded is not None
        return loaded[0].state.moves

    _play_at_a_terminal(tmp_path, [f"new {CODE}\r", "s\r", f"{up}\r", "quit\r"])
    assert moves() == 2  # Up, Enter: the stock tapped again
    assert "s" in (tmp_path / HISTORY_FILE).read_text().splitlines()
    # The next start remembers: Up Up finds "s" behind "quit".
    _play_at_a_terminal(tmp_path, [f"{up}{up}\r", "quit\r"])
    assert moves() == 3
