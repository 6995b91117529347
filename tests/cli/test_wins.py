"""Every game can be won: a winning line per game, kept in ``tests/data/wins/``,
played through the command line (``solitaire play CODE ACTION... --json``) to a win.

A file ``tests/data/wins/NAME.win`` holds ``code: CODE`` and ``actions: A1 A2 ...``
(a key repeated on the next line continues its value), and optionally ``note: ...``
saying where the line comes from (a scripted game, or a search).  Each built-in game
has one; the test of that fails when a game is added without a winning line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog

WINS = Path(__file__).resolve().parent.parent / "data" / "wins"


def read_win(path: Path) -> tuple[str, list[str]]:
    """The code and the actions of a ``.win`` file."""
    fields: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), []).append(value.strip())
    code = " ".join(fields["code"])
    actions = " ".join(fields.get("actions", [])).split()
    return code, [] if actions == ["-"] else actions


FILES = sorted(WINS.glob("*.win"))


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_winning_line_wins_through_the_command_line(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, actions = read_win(path)
    status = run(["play", code, *actions, "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out)["won"] is True
    # Without its last action the game is not won yet: the line is not padded.
    status = run(["play", code, *actions[:-1], "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out)["won"] is False


def test_every_built_in_game_has_a_winning_line() -> None:
    catalog = new_catalog(entry_points=False)
    won = {catalog.options_from_code(read_win(path)[0]).variant for path in FILES}
    assert sorted(set(catalog.variants) - won) == []
