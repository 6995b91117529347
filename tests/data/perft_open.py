"""The perft scenarios of Baker's Dozen, Beleaguered Castle, Eight Off and Simple Simon,
for tests/data/make_perft.py (which documents the format and the search that finds
the positions); each position is compared with tests/core/other_games_open.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from solitaire.core.game import Game
from solitaire.core.moves import Move

Condition = Callable[[Game], bool]
#: (code, fixed actions (space separated) or None to search, seed, condition, note)
Scenario = tuple[str, str | None, int, Condition | None, str]


def _win_prefix(name: str, count: int | None = None) -> str:
    """The first ``count`` actions (None: all) of the winning line tests/data/wins/NAME.win."""
    text = (Path(__file__).resolve().parent / "wins" / f"{name}.win").read_text(encoding="utf-8")
    actions = " ".join(line[8:] for line in text.splitlines() if line.startswith("actions:")).split()
    return " ".join(actions[:count])


def _home(n: int) -> Condition:
    return lambda game: game.state.foundation_count >= n


def _empty_columns(n: int) -> Condition:
    return lambda game: sum(1 for column in game.state.tableau if not column) >= n


def _cells_used(n: int) -> Condition:
    return lambda game: sum(1 for cell in game.state.cells if cell) == n


def _group_of(n: int) -> Condition:
    return lambda game: any((move.count or 1) >= n for move in game.legal_moves())


def _refused_by(rule: str) -> Condition:
    """Some column move of a group is refused by ``rule``."""

    def condition(game: Game) -> bool:
        columns = [f"t{n}" for n in range(1, len(game.state.tableau) + 1)]
        return any(
            getattr(game.check(Move(src, dst, count)), "rule", "") == rule
            for src, column in zip(columns, game.state.tableau, strict=True)
            for dst in columns
            for count in range(2, len(column.up) + 1)
            if src != dst
        )

    return condition


def _king_to_empty(game: Game) -> bool:
    return any(
        move.dst and game.state.pile(move.dst).up == () and move.dst[0] == "t" for move in game.legal_moves()
    )


def _runs_off(n: int) -> Condition:
    return lambda game: sum(1 for pile in game.state.foundations if pile) >= n


def _stuck(game: Game) -> bool:
    return not game.legal_moves() and not game.is_won


def _won(game: Game) -> bool:
    return game.is_won


def _both(first: Condition, second: Condition) -> Condition:
    return lambda game: first(game) and second(game)


BAKERS_DOZEN: list[Scenario] = [
    (
        "BD1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal, kings at the bottom (t9 KS, t10 KD KC, t12 KH). Tops QH 9H 3H 3C AS 4S"
        " 2D 8S TS 3D 2C 9D 7C: AS goes home (t5>f); one card on a card one rank higher, any suit:"
        " 9H and 9D on TS (t2>t9 t12>t9), 3H 3C 3D on 4S (t3>t6 t4>t6 t10>t6), AS on 2D or 2C"
        " (t5>t7 t5>t11), 2D and 2C on 3H 3C 3D (t7>t3 t7>t4 t7>t10 t11>t3 t11>t4 t11>t10), 8S on 9H"
        " or 9D (t8>t2 t8>t12), 7C on 8S (t13>t8); nothing is a K for QH, a 5 for 4S, a J for TS: 17 moves.",
    ),
    ("BD1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("BD1-D1X-AAAAAAD", "", 0, None, "deal 3"),
    ("BD1-D1X-AAAAAAE", None, 1, _home(4), "four cards home"),
    ("BD1-D1X-AAAAAAF", None, 2, _home(10), "ten cards home"),
    ("BD1-D1X-AAAAAAG", None, 3, _empty_columns(1), "an empty column, which stays empty"),
    ("BD1-D1X-AAAAAAH", None, 4, _empty_columns(2), "two empty columns"),
    ("BD1-D1X-AAAAAAI", None, 5, _home(20), "twenty cards home"),
    ("BD1-D1X-AAAAAAJ", None, 6, _empty_columns(4), "four empty columns"),
    ("BD1-D1X-AAAAAAK", None, 7, _home(30), "thirty cards home"),
    ("BD1-D1X-AAAAAAL", None, 8, _home(40), "deep in the game: 40 cards home"),
    ("BD1-D1X-AAAAAAM", None, 9, _both(_home(6), _empty_columns(1)), "cards home and an empty column"),
    ("BD1-D1X-AAAAAAN", None, 10, _home(15), "fifteen cards home"),
    ("BD1-D1X-AAAAAAO", "", 0, None, "deal 14"),
    ("BD1-D1X-AAAAAAP", None, 11, _won, "won: no move at all (no returns from the foundations)"),
]

BELEAGUERED_CASTLE: list[Scenario] = [
    (
        "BC1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal, the four aces home. Tops 4S 2D 8S TS 3D 2C 9D 7C: 2D and 2C go home"
        " (t2>f t6>f); 2D and 2C on 3D (t2>t5 t6>t5), 3D on 4S (t5>t1), 8S on 9D (t3>t7), 9D on TS"
        " (t7>t4), 7C on 8S (t8>t3); no 5 for 4S, no J for TS, no empty column: 8 moves.",
    ),
    ("BC1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("BC1-D1X-AAAAAAD", "", 0, None, "deal 3"),
    ("BC1-D1X-AAAAAAF", None, 1, _home(8), "eight cards home"),
    ("BC1-D1X-AAAAAAF", None, 2, _empty_columns(1), "an empty column, which takes any card"),
    ("BC1-D1X-AAAAAAH", None, 3, _empty_columns(2), "two empty columns"),
    ("BC1-D1X-AAAAAAH", None, 4, _home(14), "fourteen cards home"),
    ("BC1-D1X-AAAAAAI", None, 5, _home(20), "twenty cards home"),
    ("BC1-D1X-AAAAAAK", None, 6, _empty_columns(3), "three empty columns"),
    ("BC1-D1X-AAAAAAL", None, 7, _home(30), "thirty cards home"),
    ("BC1-D1X-AAAAAAL", None, 8, _home(40), "deep in the game: 40 cards home"),
    ("BC1-D1X-AAAAAAM", None, 9, _both(_home(10), _empty_columns(1)), "cards home and an empty column"),
    ("BC1-D1X-AAAAAAN", "", 0, None, "deal 13"),
    ("BC1-D1X-AAAAAAO", None, 10, _home(24), "24 cards home"),
    ("BC1-D1X-AAAAAAT", None, 11, _won, "won: no move at all (no returns from the foundations)"),
]

EIGHT_OFF: list[Scenario] = [
    (
        "EO1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal, cells 3D 2C 9D 7C, c5..c8 free. Tops 9H 3H 3C AS 4S 2D 8S TS, no two"
        " cards in suit order at a column's end: AS goes home (t4>f); 2C goes on 3C (c2>t3); no other"
        " card has the card of its suit one rank higher on a top (4D, TD, 8C for the cells; 2D is in a"
        " cell, not on a top); every cell card and every top may go to each free cell: 16 + 32, 50 moves.",
    ),
    ("EO1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("EO1-D1X-AAAAAAD", None, 1, _cells_used(5), "five cells used"),
    ("EO1-D1X-AAAAAAE", None, 2, _cells_used(7), "seven cells used: groups of 2 at most"),
    ("EO1-D1X-AAAAAAF", None, 3, _cells_used(8), "every cell full: one card at a time, no move to a cell"),
    ("EO1-D1X-AAAAAAG", None, 4, _group_of(3), "a group of 3 or more may move"),
    ("EO1-D1X-AAAAAAH", None, 5, _refused_by("tableau.group-too-big"), "a group longer than the limit"),
    ("EO1-D1X-AAAAAAI", None, 6, _empty_columns(1), "an empty column, which takes only a king"),
    ("EO1-D1X-AAAAAAJ", None, 7, _both(_empty_columns(1), _king_to_empty), "a king may fill an empty column"),
    ("EO1-D1X-AAAAAAK", None, 8, _home(6), "six cards home"),
    ("EO1-D1X-AAAAAAL", None, 9, _home(16), "sixteen cards home"),
    ("EO1-D1X-AAAAAAM", None, 10, _empty_columns(2), "two empty columns"),
    ("EO1-D1X-AAAAAAN", None, 11, _home(30), "deep in the game: 30 cards home"),
    ("EO1-D1X-AAAAAAO", None, 12, _group_of(4), "a group of 4 or more may move"),
    ("EO1-D1X-AAAAAAQ", None, 13, _won, "won: no move at all (no returns from the foundations)"),
]

SIMPLE_SIMON: list[Scenario] = [
    (
        "SS1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal. Tops 2C 9D 7C 3D 4S QH 5S TH 2S JS, no two cards in suit order at a"
        " column's end, so single cards only: 2C and 2S on 3D (t1>t4 t9>t4), 9D on TH (t2>t8), 3D on 4S"
        " (t4>t5), 4S on 5S (t5>t7), TH on JS (t8>t10), JS on QH (t10>t6); no 8 for 7C, K for QH, 6 for"
        " 5S; no empty column: 7 moves.",
    ),
    ("SS1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("SS1-D1X-AAAAAAD", "", 0, None, "deal 3"),
    ("SS1-D1X-AAAAAAE", None, 1, _group_of(2), "a group of 2 in one suit may move"),
    ("SS1-D1X-AAAAAAF", None, 2, _group_of(3), "a group of 3 or more may move"),
    ("SS1-D1X-AAAAAAG", None, 3, _empty_columns(1), "an empty column, which takes any card or group"),
    ("SS1-D1X-AAAAAAH", None, 4, _both(_empty_columns(1), _group_of(2)), "an empty column and a group"),
    ("SS1-D1X-AAAAAAI", None, 5, _empty_columns(2), "two empty columns"),
    ("SS1-D1X-AAAAAAJ", None, 6, _group_of(5), "a group of 5 or more may move"),
    ("SS1-D1X-AAAAAAK", None, 10, _empty_columns(3), "three empty columns"),
    ("SS1-D1X-AAAAAAO", "", 0, None, "deal 14"),
    # The runs going off, along the winning line of deal 2 (tests/data/wins/simple-simon.win).
    ("SS1-D1X-AAAAAAC", _win_prefix("simple-simon", 64), 0, None, "a run went off to a foundation by itself"),
    ("SS1-D1X-AAAAAAC", _win_prefix("simple-simon", 85), 0, None, "a second run off, six empty columns"),
    ("SS1-D1X-AAAAAAC", _win_prefix("simple-simon", 86), 0, None, "three runs off"),
    ("SS1-D1X-AAAAAAC", _win_prefix("simple-simon"), 0, None, "won: every run off, no move at all"),
]

#: The games' perft files: name -> (title, scenarios).
OPEN_PERFT: dict[str, tuple[str, list[Scenario]]] = {
    "bakers-dozen": ("Baker's Dozen", BAKERS_DOZEN),
    "beleaguered-castle": ("Beleaguered Castle", BELEAGUERED_CASTLE),
    "eight-off": ("Eight Off", EIGHT_OFF),
    "simple-simon": ("Simple Simon", SIMPLE_SIMON),
}
