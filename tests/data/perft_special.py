"""The positions of the perft files of Canfield, Grandfather, Clock and Aces Up, for
tests/data/make_perft.py (which documents the format and how positions are found).

Their walks are the best-first search of make_perft.py; each position is compared with
the games written again on their own (tests/core/other_games_special.py) before it is
written.  The ``hand-checked`` notes say how the legal moves were worked out by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from solitaire.core.game import Game
from solitaire.core.state import FOUNDATION, TABLEAU
from solitaire.plugins.builtins import new_catalog

__all__ = ["SPECIAL_PERFT"]

Condition = Callable[[Game], bool]
Scenario = tuple[str, str | None, int, Condition | None, str]
WINS = Path(__file__).resolve().parent / "wins"


def _win(name: str) -> tuple[str, str]:
    """The code and the actions of the winning line of tests/data/wins/NAME.win."""
    fields: dict[str, list[str]] = {}
    for line in (WINS / f"{name}.win").read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition(":")
        if not line.startswith("#"):
            fields.setdefault(key.strip(), []).append(value.strip())
    return " ".join(fields["code"]), " ".join(fields["actions"])


def _on_the_way(name: str, condition: Condition) -> tuple[str, str]:
    """The code and the first actions of the winning line of NAME after which ``condition`` holds."""
    code, actions = _win(name)
    game = new_catalog(entry_points=False).game_from_code(code)
    for action in actions.split():
        if condition(game):
            break
        game.perform(action)
    return code, " ".join(game.actions)


def _home(n: int) -> Condition:
    return lambda game: game.state.foundation_count >= n


def _empty_column(game: Game) -> bool:
    return any(not game.state.piles[place] for place in game.state.table.places(TABLEAU))


def _no_move(game: Game) -> bool:
    return not game.legal_moves() and not game.is_won


def _both(first: Condition, second: Condition) -> Condition:
    return lambda game: first(game) and second(game)


def _moves(n: int) -> Condition:
    return lambda game: game.state.moves >= n


def _group_of(n: int) -> Condition:
    return lambda game: any((move.count or 1) >= n for move in game.legal_moves())


def _pass(n: int, condition: Condition | None = None) -> Condition:
    return lambda game: game.state.pass_number == n and (condition is None or condition(game))


# -- Canfield ---------------------------------------------------------------------------------------


def _reserve(n: int) -> Condition:
    """The reserve holds ``n`` cards or fewer."""
    return lambda game: len(game.state.pile("r1")) <= n


def _whole_column_moves(game: Game) -> bool:
    """A whole column of two cards or more may move (and a part of it may not)."""
    return any(
        (move.count or 1) > 1 and move.count == len(game.state.pile(move.src)) for move in game.legal_moves()
    )


def _round_the_corner(game: Game) -> bool:
    """A foundation went past the king (unless the base is the ace): an ace on a king."""
    foundations = game.state.of_kind(FOUNDATION)
    return any(pile.up and pile.up[0].rank != 1 and any(c.rank == 1 for c in pile.up) for pile in foundations)


CANFIELD: list[Scenario] = [
    (
        "CF1-D3X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal. 2H was dealt to f2, so every foundation starts with a 2; reserve top 3S,"
        " columns JD 5D 7D 4D, waste empty. No 2 or 3H is free for the foundations. 3S (black) fits on a"
        " red 4: 4D (r1>t4); the columns are all red, so none goes on another; the stock can be tapped.",
    ),
    ("CF1-D3X-AAAAAAB", "s", 0, None, "one tap of three cards"),
    ("CF1-D1X-AAAAAAC", "", 0, None, "draw 1: the deal"),
    ("CF1-D1X-AAAAAAC", "s s s", 0, None, "draw 1: three taps"),
    ("CF1-D3V-AAAAAAD", "s s", 0, None, "Vegas: two taps"),
    ("CF1-D3X-AAAAAAP", None, 1, _reserve(11), "a column emptied and filled from the reserve"),
    ("CF1-D3X-AAAAAAF", None, 2, _whole_column_moves, "a whole column may move, not a part of it"),
    ("CF1-D1X-AAAAAAG", None, 3, _group_of(3), "draw 1: a column of three or more may move"),
    ("CF1-D3X-AAAAAAH", None, 4, _home(6), "six cards home"),
    ("CF1-D1X-AAAAAAI", None, 5, _round_the_corner, "a foundation went past its king: an ace on a king"),
    ("CF1-D3X-AAAAAAJ", None, 6, _pass(2), "the second pass through the stock"),
    ("CF1-D1X-AAAAAAK", None, 7, _reserve(0), "the reserve spent: an empty column now stays empty"),
    (
        "CF1-D1X-AAAAAAL",
        None,
        8,
        _both(_reserve(0), _empty_column),
        "the reserve spent and a column empty: it takes any card, or a whole column",
    ),
    (*_on_the_way("canfield", _home(15)), 0, None, "fifteen cards home, on the way to the win"),
    (*_on_the_way("canfield", _home(30)), 0, None, "thirty cards home, on the way to the win"),
    (*_win("canfield"), 0, None, "won (tests/data/wins/canfield.win): every card home, no move at all"),
]

# -- Grandfather ------------------------------------------------------------------------------------


def _king_for_empty(game: Game) -> bool:
    return _empty_column(game) and any(
        (move.dst or "")[0] == "t" and not game.state.pile(move.dst or "") for move in game.legal_moves()
    )


GRANDFATHER: list[Scenario] = [
    (
        "GF1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal. Tops 7H 8S TS 3D 2C 9D 7C, no ace among them, no column empty. A face-up"
        " card goes, with what lies on it, onto the next higher card of its suit: 6H (t7, under 5S QH 2D"
        " 7C) on 7H (t7:5>t1), 7S (t5) on 8S (t5:4>t2), 2D (t7) on 3D (t7:2>t4), AC (t6) on 2C (t6:4>t5);"
        " 9S, 8D and 6C, which TS, 9D and 7C would take, are not face up. And the redeal (s).",
    ),
    ("GF1-D1X-AAAAAAB", "s", 0, None, "after the first redeal"),
    ("GF1-D1X-AAAAAAB", "s s", 0, None, "after the second redeal: no s"),
    ("GF1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("GF1-D1X-AAAAAAD", None, 1, _home(2), "two cards home"),
    ("GF1-D1X-AAAAAAE", None, 2, _group_of(4), "a group of four or more may move"),
    ("GF1-D1X-AAAAAAF", None, 3, _empty_column, "an empty column"),
    ("GF1-D1X-AAAAAAG", None, 4, _king_for_empty, "an empty column and a king that can fill it"),
    ("GF1-D1X-AAAAAAH", None, 5, _home(10), "ten cards home"),
    ("GF1-D1X-AAAAAAI", None, 6, _pass(2, _home(4)), "redealt once, with cards on the foundations"),
    ("GF1-D1X-AAAAAAJ", None, 7, _pass(3, _home(6)), "redealt twice: no redeal is left"),
    ("GF1-D1N-AAAAAAK", None, 8, _home(8), "Normal scoring: eight cards home"),
    ("GF1-D1X-AAAAAAL", None, 9, _home(20), "twenty cards home"),
    ("GF1-D1X-AAAAAAM", None, 10, _home(30), "deep in the game: thirty cards home"),
    (
        *_win("grandfather"),
        0,
        None,
        "won (tests/data/wins/grandfather.win): no move, and nothing left to redeal",
    ),
]

# -- Clock ------------------------------------------------------------------------------------------

CLOCK: list[Scenario] = [
    (
        "CL1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal. The only face-up card is the kings' pile's top, 7C: it goes to the"
        " sevens' foundation (t13>f7), and nothing else moves.",
    ),
    ("CL1-D1X-AAAAAAB", "t13>f7", 0, None, "after the first move"),
    ("CL1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("CL1-D1X-AAAAAAD", None, 1, _moves(5), "five cards home"),
    ("CL1-D1X-AAAAAAE", None, 2, _moves(12), "twelve cards home"),
    ("CL1-D1X-AAAAAAF", None, 3, _moves(20), "twenty cards home"),
    ("CL1-D1X-AAAAAAG", None, 4, _no_move, "lost: the fourth king came up first"),
    ("CL1-D1X-AAAAAAH", None, 5, _no_move, "lost"),
    ("CL1-D1X-AAAAAAI", None, 6, _moves(3), "three cards home"),
    ("CL1-D1X-AAAAAAJ", None, 7, _moves(8), "eight cards home"),
    ("CL1-D1X-AAAAAAK", None, 8, _no_move, "lost"),
    ("CL1-D1X-AAAAAAL", None, 9, _moves(1), "one card home"),
    ("CL1-D1X-AAAAAAM", None, 10, _moves(15), "fifteen cards home"),
    ("CL1-D1X-AAAAAAN", None, 11, _no_move, "lost"),
    ("CL1-D1X-AAAAAAO", None, 12, _moves(30), "thirty cards home"),
    (*_win("clock"), 0, None, "won (tests/data/wins/clock.win): the fourth king came last"),
]

# -- Aces Up ----------------------------------------------------------------------------------------


def _stock(n: int) -> Condition:
    return lambda game: len(game.state.stock) <= n


AUP: list[Scenario] = [
    (
        "AU1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal. 7H 9S 4H 8D: 4H goes off under 7H (t3>f1); no higher heart shows for 7H,"
        " and no other suit shows twice; no column is empty; the stock deals (s).",
    ),
    ("AU1-D1X-AAAAAAB", "s", 0, None, "after one deal"),
    ("AU1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("AU1-D1X-AAAAAAD", None, 1, _home(3), "three cards discarded"),
    ("AU1-D1X-AAAAAAE", None, 2, _empty_column, "an empty column: any last card may go there"),
    ("AU1-D1X-AAAAAAF", None, 3, _both(_empty_column, _home(6)), "six off, a column empty"),
    ("AU1-D1X-AAAAAAG", None, 4, _stock(20), "the stock half dealt"),
    ("AU1-D1X-AAAAAAH", None, 5, _stock(0), "the stock dealt: no s"),
    ("AU1-D1X-AAAAAAI", None, 6, _home(20), "twenty cards discarded"),
    ("AU1-D1X-AAAAAAJ", None, 7, _home(30), "thirty cards discarded"),
    ("AU1-D1X-AAAAAAK", None, 8, _no_move, "lost: the stock dealt and no move left"),
    (*_win("aces-up"), 0, None, "won (tests/data/wins/aces-up.win): only the aces left"),
    ("AU1-D1X-AAAAAAM", "s s s", 0, None, "three deals"),
    ("AU1-D1X-AAAAAAN", None, 10, _home(10), "ten cards discarded"),
    ("AU1-D1X-AAAAAAO", None, 11, _both(_empty_column, _stock(12)), "late, a column empty"),
]

#: The games of this module for make_perft.py's GAMES: file name, title, scenarios.
SPECIAL_PERFT: dict[str, tuple[str, list[Scenario]]] = {
    "canfield": ("Canfield", CANFIELD),
    "grandfather": ("Grandfather", GRANDFATHER),
    "clock": ("Clock", CLOCK),
    "aces-up": ("Aces Up", AUP),
}
