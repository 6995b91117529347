"""Write the perft files of tests/data: Klondike, Réfléchi, FreeCell, Spider, Golf,
Pyramid, TriPeaks, Gypsy, Forty Thieves, Scorpion and Mod 3.

Run from the repository root:  .venv/bin/python tests/data/make_perft.py

The files record positions with every legal move from them (a "perft" of depth 1,
in the spirit of python-chess's perft files).  Format, UTF-8 text:

* ``#`` starts a comment line; blank lines separate blocks, one block per position;
* ``code: CODE`` -- the game code (options and deal);
* ``actions: A1 A2 ...`` -- the actions, in notation (and ``undo`` / ``redo``),
  that lead from the deal to the position, space separated; ``-`` for none;
* ``legal: M1 M2 ...`` -- every legal move from the position in canonical
  notation, sorted as strings, space separated; ``-`` for none;
* ``note: TEXT`` -- optional: what the position shows; a note that says
  ``hand-checked`` explains how the legal moves were worked out by hand from
  the printed table (``solitaire play CODE ACTIONS...``).

A line may be continued by repeating its key on the next line (the values are
joined with a space).  This is the format of :mod:`solitaire.testing.perft`, whose
``write_perft`` writes the files and ``read_perft`` reads them for
tests/core/test_legal_moves.py.

How positions are found: each scenario names a game code, a seed and a condition;
a game is played from the deal (a seeded random choice between the built-in hint
and a random legal move, now and then an undo) until the condition holds.  Before a
position is written its legal moves are compared with the kit's oracle (every move
the notation can write, kept when ``check`` accepts it); the script stops if they
differ, and tests/core/test_legal_moves.py compares them with its own.  FreeCell,
Spider and Golf positions are also compared with the games written again on their
own (tests/core/other_games.py), which share no code with the engine (Pyramid and
TriPeaks too: tests/core/other_games_overlap.py); their walks
are a best-first search (cards home, free cells and empty columns, cards turned up
and in suit order) instead of the hint's play.  Positions marked
``hand-checked`` have fixed actions (or are won games, whose legal moves do not
depend on the way there); their legal moves were worked out by hand, once, on the
printed tables, and the reasoning is the note.  Regenerating gives the same files
as long as the engine, the hint and the shuffle do not change; a change in a
hand-checked block's ``legal`` line then needs a new hand check, not a rewrite.
"""

from __future__ import annotations

import heapq
import random
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "core"))

from other_games import INDEPENDENT  # noqa: E402
from perft_open import OPEN_PERFT  # noqa: E402
from perft_special import SPECIAL_PERFT  # noqa: E402
from strategies import CATALOG  # noqa: E402

from solitaire.core.game import Game  # noqa: E402
from solitaire.core.moves import DRAW, Move  # noqa: E402
from solitaire.core.state import CELL, FOUNDATION, STOCK, TABLEAU, State  # noqa: E402
from solitaire.testing.perft import Position, write_perft  # noqa: E402

Condition = Callable[[Game], bool]


def _stock_spent_no_recycle(game: Game) -> bool:
    return not game.state.stock and bool(game.state.waste) and not game.is_legal(DRAW)


def _empty_column_king_can_fill(game: Game) -> bool:
    empty = {f"t{n}" for n, column in enumerate(game.state.tableau, 1) if not column}
    return any(move.dst in empty for move in game.legal_moves())


def _king_from_waste(game: Game) -> bool:
    """The waste top is a king and an empty column can take it."""
    return bool(game.state.waste) and game.state.waste[-1].rank == 13 and _empty_column_king_can_fill(game)


def _returnable(game: Game) -> bool:
    """A foundation card that would fit on a column (so returns make a difference)."""
    state = game.state
    tops = [column.up[-1] for column in state.tableau if column.up]
    return any(
        foundation
        and any(t.rank == foundation[-1].rank + 1 and t.is_red != foundation[-1].is_red for t in tops)
        for foundation in state.foundations
    )


def _group_move(game: Game) -> bool:
    return any((move.count or 1) >= 3 for move in game.legal_moves())


def _out_of_order_blocked(game: Game) -> bool:
    """Réfléchi: some card under an out-of-order card would fit on a column top."""
    from solitaire.variants.klondike import fits_on, ordered_suffix

    state = game.state
    tops = [column.up[-1] for column in state.tableau if column.up]
    for column in state.tableau:
        stuck = column.up[: len(column.up) - ordered_suffix(column.up)]
        if any(fits_on(card, top) for card in stuck for top in tops):
            return True
    return False


def _won(game: Game) -> bool:
    return game.is_won


def _both_empty(game: Game) -> bool:
    return not game.state.stock and not game.state.waste


def _foundations(n: int) -> Condition:
    return lambda game: game.state.foundation_count >= n


def _after(moves: int, condition: Condition) -> Condition:
    return lambda game: game.state.moves >= moves and condition(game)


def _draw3_waste_played(game: Game) -> bool:
    return len(game.state.waste) >= 4 and bool(game.actions) and game.actions[-1].startswith("w>")


def _second_pass(game: Game) -> bool:
    return game.state.pass_number >= 2 and bool(game.state.stock)


# (code, fixed actions (space separated) or None to search, seed, condition, note)
Scenario = tuple[str, str | None, int, Condition | None, str]

KLONDIKE: list[Scenario] = [
    (
        "KL1-D1N-AAAAAAG",
        "",
        0,
        None,
        "hand-checked: the deal. Tops AD JC KD TC 9D 3S AH, stock full, waste empty: both aces go up"
        " (t1>f t7>f), 9D fits on TC (t5>t4); nothing else fits (no red Q, J, 2 or black T, 4 on top,"
        " no empty column for KD); the stock can be tapped.",
    ),
    (
        "KL1-D1N-AAAAAAG",
        "s s",
        0,
        None,
        "hand-checked: waste QH JH, JH on top; JH needs a black Q (none on top) and its foundation"
        " needs AH first, so it goes nowhere; the column moves are the deal's: s t1>f t5>t4 t7>f.",
    ),
    (
        "KL1-D3N-AAAAAAG",
        "s",
        0,
        None,
        "hand-checked: draw 3, one tap turns QH JH AS (AS on top, QH JH under it): AS goes to its empty"
        " foundation (w>f) and to no column (no red 2 on top); plus the deal's s t1>f t5>t4 t7>f.",
    ),
    (
        "KL1-D3N-AAAAAAH",
        None,
        1,
        _draw3_waste_played,
        "draw 3: a waste card was just played, the one under it is free",
    ),
    (
        "KL1-D1V-AAAAAAI",
        None,
        2,
        _stock_spent_no_recycle,
        "Vegas, one pass: the stock is spent and the recycle is refused (no s)",
    ),
    ("KL1-D3V-AAAAAAJ", None, 3, _stock_spent_no_recycle, "Vegas draw 3, one pass: stock spent, no recycle"),
    ("KL1-D1NP3-AAAAAAK", None, 4, _stock_spent_no_recycle, "passes:3: the third pass is over, no recycle"),
    (
        "KL1-D1NF-AAAAAAL",
        None,
        5,
        _returnable,
        "foundation returns forbidden: a foundation card would fit a column but cannot come back",
    ),
    ("KL1-D1N-AAAAAAL", None, 5, _returnable, "the same game with returns allowed: fN>tM moves appear"),
    (
        "KL1-D1N-AAAAAAM",
        "t3>t2 s s s w>t7 s s s w>t6 s s t2>t4 undo s t1>t2",
        0,
        None,
        "hand-checked: t1 empty; t2 ## KS QH JS; t3 ## 2S; t4 ### KC; t5 #### 5S; t6 ##### 6S 5H;"
        " t7 ###### KD QC; waste top 3H; foundations empty. No ace anywhere on top; 3H needs a black 4"
        " (none). The kings heading their face-up cards may fill t1: t2:3>t1, t4>t1, t7:2>t1; QH JS"
        " fits on KC (t2:2>t4); 6S 5H needs a red 7, 5S a red 4, QC a red J, JS a red T, 2S a red A:"
        " none on top. With the stock tap: s t2:2>t4 t2:3>t1 t4>t1 t7:2>t1.",
    ),
    ("KL1-D3N-AAAAAAN", None, 7, _king_from_waste, "draw 3: a king on the waste and an empty column"),
    ("KL1-D1N-AAAAAAO", None, 8, _group_move, "a group of 3 or more cards can move"),
    ("KL1-D1N-AAAAAAP", None, 9, _second_pass, "after a recycle: second pass through the stock"),
    ("KL1-D3V-AAAAAAR", None, 10, _foundations(10), "Vegas draw 3 with 10 cards home"),
    ("KL1-D1N-AAAAAAR", None, 11, _foundations(30), "deep in the game: 30 cards home"),
    ("KL1-D1N-AAAAAAS", None, 12, _both_empty, "stock and waste both empty: no tap at all"),
    (
        "KL1-D1N-AAAAAAS",
        None,
        0,
        _won,
        "hand-checked: won, returns allowed: the seven columns are empty and each foundation's top is"
        " its king, which alone may go to an empty column: f1..f4 to t1..t7, 28 moves, nothing else"
        " (no stock, no waste, no column card).",
    ),
    (
        "KL1-D1NF-AAAAAAS",
        None,
        0,
        _won,
        "hand-checked: won with returns forbidden: every card is on a foundation and may not leave"
        " it, the stock and waste are empty: no legal move at all.",
    ),
]

REFLECHI: list[Scenario] = [
    (
        "TF1-D1N-AAAAAAG",
        "",
        0,
        None,
        "hand-checked: the deal, all face up. No column ends in an ordered pair (2H JC, 3D KD, 8D TC,"
        " 7D 9D, KC 3S, 4D AH are not in order), so only the tops move. Tops AD JC KD TC 9D 3S AH: both"
        " aces go up (t1>f t7>f), 9D on TC (t5>t4); no red Q, J, 2, black T, 4 on top; no empty column"
        " for KD; and the stock tap.",
    ),
    (
        "TF1-D1N-AAAAAAG",
        "t1>f t7>f",
        0,
        None,
        "hand-checked: after both aces t1 is empty and t7 ends QS 4D. Only tops move still. KD (t3 top)"
        " may fill t1 (KH and KC are under other cards); 9D on TC (t5>t4); 3S on 4D (t6>t7); nothing"
        " fits on JC, KD, 9D or 3S; AD/AH cannot come back (no black 2 on top). s t3>t1 t5>t4 t6>t7.",
    ),
    (
        "TF1-D1N-AAAAAAF",
        "",
        0,
        None,
        "hand-checked: deal 5 (t1 8C; t2 KC 9C; t3 4C JD 9S; t4 9D 7D TS 7C; t5 6S 6D 2H 9H KS;"
        " t6 6H TC AS 3C 8S 2C; t7 5H 2S QC 6C TD 8H 8D). No ordered pair at a column's end, so only"
        " the tops 8C 9C 9S 7C KS 2C 8D move; no ace on top. 8D goes on 9C (t7>t2) or 9S (t7>t3), 7C on"
        " 8D (t4>t7); nothing is a red 7 for 8C, a red Q for KS, a red A for 2C. s t4>t7 t7>t2 t7>t3.",
    ),
    ("TF1-D3N-AAAAAAH", None, 1, _draw3_waste_played, "draw 3: a waste card was just played"),
    ("TF1-D1V-AAAAAAI", None, 2, _stock_spent_no_recycle, "Vegas one pass: stock spent, recycle refused"),
    (
        "TF1-D3V-AAAAAAJ",
        "t5>f t5>f s s s s s s s w>f t2>f s",
        0,
        None,
        "hand-checked: Vegas draw 3, one pass, stock spent: no s. Waste top 5S (2S on f1): no red 6 on"
        " top. Foundations 2S, -, AD, AC: none of 3S, AH, 2D, 2C is on top. Tops 7C 8C 7H 4H JC 6S 8D,"
        " no ordered pair at a column's end: 7H on 8C (t3>t2), 6S on 7H (t6>t3), 7C on 8D (t1>t7)."
        " 6D (t3) would fit on 7C but lies under the out-of-order 7H. Returns: 2S, AD, AC fit on no top.",
    ),
    ("TF1-D3NP2-AAAAAAK", None, 4, _stock_spent_no_recycle, "passes:2 draw 3: both passes used"),
    (
        "TF1-D1NF-AAAAAAL",
        None,
        5,
        _returnable,
        "returns forbidden while a foundation card would fit a column",
    ),
    ("TF1-D1N-AAAAAAL", None, 5, _returnable, "the same game with returns allowed"),
    ("TF1-D1N-AAAAAAM", None, 6, _empty_column_king_can_fill, "an empty column and a king that can fill it"),
    (
        "TF1-D1N-AAAAAAN",
        "",
        0,
        None,
        "hand-checked: deal 13 (t1 2C; t2 AH 4D; t3 3D QD 9D; t4 7D KD 5D TC; t5 6C 2S QS 5C KH;"
        " t6 JS 9C KC 5H 9H 6H; t7 8C TH 4H 9S 8S 7C 3H). No ordered pair at a column's end: only the"
        " tops 2C 4D 9D TC KH 6H 3H move. 9D on TC (t3>t4), 2C on 3H (t1>t7), and s. Blocked by"
        " disorder: 8S would fit on 9D and 5C on 6H, AH would go up, but each lies under an"
        " out-of-order card.",
    ),
    ("TF1-D3N-AAAAAAO", None, 8, _after(25, _out_of_order_blocked), "draw 3, a card blocked by disorder"),
    ("TF1-D1N-AAAAAAP", None, 9, _group_move, "a group of 3 or more cards can move"),
    ("TF1-D1V-AAAAAAR", None, 10, _foundations(12), "Vegas with a dozen cards home"),
    ("TF1-D1N-AAAAAAR", None, 11, _foundations(30), "deep in the game: 30 cards home"),
    ("TF1-D1N-AAAAAAS", None, 12, _second_pass, "second pass through the stock"),
    ("TF1-D1N-AAAAAAT", None, 0, _both_empty, "stock and waste both empty: no tap at all"),
    (
        "TF1-D1N-AAAAAAT",
        None,
        0,
        _won,
        "hand-checked: won, returns allowed: columns empty, each foundation topped by its king, which"
        " may go to any of the 7 empty columns: 28 moves, nothing else.",
    ),
]

# -- FreeCell, Spider, Golf --------------------------------------------------------------------


def _kind_piles(game: Game, kind: str) -> list[tuple[str, int, int]]:
    """(id, face-down count, face-up count) of the piles of ``kind``."""
    state = game.state
    return [
        (state.table.ids[p], len(state.piles[p].down), len(state.piles[p].up))
        for p in state.table.places(kind)
    ]


def _empty_columns(game: Game) -> int:
    return sum(1 for _, down, up in _kind_piles(game, TABLEAU) if not down + up)


def _cells_used(n: int) -> Condition:
    return lambda game: sum(1 for cell in game.state.cells if cell) == n


def _home(n: int) -> Condition:
    return lambda game: sum(up for _, _, up in _kind_piles(game, FOUNDATION)) >= n


def _limited_group(game: Game) -> bool:
    """FreeCell: a column's ordered group is longer than the group limit lets move."""
    return any(
        getattr(game.check(Move(src, dst, count)), "rule", "") == "tableau.group-too-big"
        for src, _, up in _kind_piles(game, TABLEAU)
        for dst, _, _ in _kind_piles(game, TABLEAU)
        for count in range(2, up + 1)
        if src != dst
    )


def _group_of(n: int) -> Condition:
    return lambda game: any((move.count or 1) >= n for move in game.legal_moves())


def _empty_column_and(condition: Condition) -> Condition:
    return lambda game: _empty_columns(game) > 0 and condition(game)


def _runs_off(n: int) -> Condition:
    return lambda game: sum(1 for _, _, up in _kind_piles(game, FOUNDATION) if up) >= n


def _stock_cards(n: int) -> Condition:
    return lambda game: len(game.state.stock) <= n


def _foundation_king(game: Game) -> bool:
    (_, _, up), *_ = _kind_piles(game, FOUNDATION)
    return bool(up) and game.state.of_kind(FOUNDATION)[0].up[-1].rank == 13 and len(game.legal_moves()) <= 1


def _always(game: Game) -> bool:
    return True


FREECELL: list[Scenario] = [
    (
        "FC1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: Microsoft deal 1, tops 6S 9C 2H 6H 6C 3D 8C TC: no ace, and nothing fits on"
        " a column (no red 7, T, 9, J or black 3, 7, 4 on top), so every top may go to each of the"
        " four empty cells: 32 moves.",
    ),
    ("FC1-D1X-AAAAATJ", None, 0, _always, "Microsoft deal 617, the deal"),
    ("FC1-D1X-AAAALWO", None, 0, _always, "Microsoft deal 11982 (cannot be won), the deal"),
    ("FC1-D1X-AAAAAAC", None, 1, _cells_used(1), "one cell used"),
    ("FC1-D1X-AAAAAAD", None, 2, _cells_used(3), "three cells used: groups of 2 at most"),
    ("FC1-D1X-AAAAAAE", None, 3, _cells_used(4), "every cell full: one card at a time, no move to a cell"),
    ("FC1-D1X-AAAAAAF", None, 4, _home(4), "four cards home"),
    (
        "FC1-D1X-AAAAAAG",
        None,
        5,
        _empty_column_and(_always),
        "an empty column, which takes any card or group",
    ),
    ("FC1-D1X-AAAAAAH", None, 6, _group_of(3), "a group of 3 or more may move"),
    ("FC1-D1X-AAAAAAI", None, 7, _limited_group, "an ordered group longer than the limit lets move"),
    (
        "FC1-D1X-AAAAAAJ",
        None,
        8,
        _empty_column_and(_group_of(2)),
        "an empty column and a group: the limit counts the empty columns other than the target",
    ),
    ("FC1-D1X-AAAAAAK", None, 9, _home(12), "a dozen cards home"),
    ("FC1-D1X-AAAAAAL", None, 10, _home(20), "twenty cards home"),
    ("FC1-D1X-AAAAAAM", None, 11, lambda game: _empty_columns(game) >= 2, "two empty columns"),
    ("FC1-D1X-AAAAAAN", None, 12, _home(30), "deep in the game: 30 cards home"),
    ("FC1-D1X-AAAAAAO", None, 13, _won, "won: no move at all (no returns from the foundations)"),
]

SPIDER: list[Scenario] = [
    ("SP1-D1S-AAAAAAB", "", 0, None, "one suit: the deal"),
    ("SP1-D2S-AAAAAAB", "", 0, None, "two suits: the deal"),
    ("SP1-D4S-AAAAAAB", "", 0, None, "four suits: the deal"),
    ("SP1-D1S-AAAAAAC", None, 1, _group_of(3), "one suit: a group of 3 or more may move"),
    ("SP1-D4S-AAAAAAC", None, 1, _group_of(2), "four suits: a group of 2 in one suit may move"),
    ("SP1-D2S-AAAAAAD", "s", 0, None, "two suits: a row dealt"),
    ("SP1-D1S-AAAAAAE", None, 3, _empty_column_and(_always), "an empty column: the stock cannot deal (no s)"),
    ("SP1-D4S-AAAAAAE", None, 3, _empty_column_and(_always), "four suits, an empty column: no s"),
    ("SP1-D2S-AAAAAAF", None, 4, _empty_column_and(_always), "two suits, an empty column: no s"),
    ("SP1-D1S-AAAAAAG", None, 5, _runs_off(1), "one suit: a run went off to a foundation by itself"),
    ("SP1-D2S-AAAAAAH", None, 6, _group_of(4), "two suits: a group of 4 or more in one suit may move"),
    ("SP1-D1S-AAAAAAI", "s s s", 0, None, "one suit: three rows dealt"),
    ("SP1-D4S-AAAAAAJ", "s s", 0, None, "four suits: two rows dealt"),
    ("SP1-D1S-AAAAAAK", "s s s s s", 0, None, "one suit: the stock spent (no s)"),
    ("SP1-D4S-AAAAAAM", "s s s s s", 0, None, "four suits: the stock spent"),
    ("SP1-D2S-AAAAAAN", "s s s s s", 0, None, "two suits: the stock spent"),
]

GOLF: list[Scenario] = [
    (
        "GO1-D1G-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal; the stock's card on the foundation is KC, and nothing goes on a"
        " king: only the stock tap.",
    ),
    ("GO1-D1G-AAAAAAB", "s", 0, None, "after one tap"),
    ("GO1-D1G-AAAAAAC", "", 0, None, "deal 2"),
    ("GO1-D1G-AAAAAAD", "", 0, None, "deal 3"),
    ("GO1-D1G-AAAAAAE", "", 0, None, "deal 4"),
    ("GO1-D1G-AAAAAAF", None, 1, _foundation_king, "a king on the foundation: only the tap"),
    ("GO1-D1G-AAAAAAG", None, 2, lambda game: game.state.moves >= 6, "a few moves in"),
    ("GO1-D1G-AAAAAAH", None, 3, _stock_cards(8), "half the stock spent"),
    ("GO1-D1G-AAAAAAI", None, 4, _stock_cards(0), "the stock spent: no tap"),
    ("GO1-D1G-AAAAAAJ", None, 5, _stock_cards(0), "the stock spent"),
    (
        "GO1-D1G-AAAAAAK",
        None,
        6,
        lambda game: _empty_columns(game) >= 1,
        "an empty column, which stays empty",
    ),
    ("GO1-D1G-AAAAAAL", None, 7, lambda game: _empty_columns(game) >= 2, "two empty columns"),
    ("GO1-D1G-AAAAAAM", None, 8, lambda game: not game.legal_moves(), "lost: no move at all"),
    ("GO1-D1G-AAAAAAN", None, 9, lambda game: not game.legal_moves(), "lost: no move at all"),
    ("GO1-D1G-AAAAAAO", "", 0, None, "deal 14"),
    ("GO1-D1G-AAAAAAP", "s s s s s s s s", 0, None, "deal 15 after eight taps"),
]

# -- Pyramid, TriPeaks ---------------------------------------------------------------------------


def _legal_where(test: Callable[[Move], bool]) -> Condition:
    return lambda game: any(test(move) for move in game.legal_moves())


def _pairs_with(pile: str) -> Condition:
    """Pyramid: the card of ``pile`` pairs with one of the pyramid."""
    return _legal_where(lambda move: move.src == pile and (move.dst or "").startswith("t"))


def _stock_waste_pair(game: Game) -> bool:
    return game.is_legal(Move("s", "w"))


def _last_pass_spent(game: Game) -> bool:
    stock = game.state.pile("s")
    return game.state.pass_number == 3 and not stock.down and not game.is_legal(DRAW)


def _pass(n: int) -> Condition:
    return lambda game: game.state.pass_number == n


def _turned_up(game: Game) -> bool:
    """TriPeaks: a card of the peaks above the bottom row lies face up."""
    return any(game.state.pile(f"t{n}").up for n in range(1, 19))


def _peak_cleared(game: Game) -> bool:
    return any(not game.state.pile(pile) for pile in ("t1", "t2", "t3"))


def _win(name: str) -> tuple[str, str]:
    """The code and the actions of the winning line of tests/data/wins/ (make_wins.py)."""
    fields: dict[str, list[str]] = {}
    for line in (HERE / "wins" / f"{name}.win").read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), []).append(value.strip())
    return " ".join(fields["code"]), " ".join(fields["actions"])


PYRAMID: list[Scenario] = [
    (
        "PY1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal. The bottom row KS KD TD TC JC TH 8C plays, and the stock's QS; no two"
        " of them make 13 (Q needs A, T a 3, J a 2, 8 a 5), so only the kings go off alone"
        " (t22>f1 t23>f1), and the stock can be tapped.",
    ),
    (
        "PY1-D1X-AAAAAAB",
        "t22>f1 t23>f1",
        0,
        None,
        "hand-checked: both kings off uncovers 5D (t16: t22 and t23 lay on it); 5D and 8C make 13"
        " (t16>t28); QS, TD TC JC TH still pair with nothing; and the tap.",
    ),
    ("PY1-D1X-AAAAAAB", "s s s", 0, None, "three taps: the stock's card and the waste's top both play"),
    ("PY1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("PY1-D1X-AAAAAAD", "", 0, None, "deal 3"),
    ("PY1-D1X-AAAAAAE", None, 1, _stock_waste_pair, "the stock's card and the waste's top make 13 (s>w)"),
    ("PY1-D1X-AAAAAAF", None, 2, _pairs_with("w"), "the waste's top pairs with a card of the pyramid"),
    ("PY1-D1X-AAAAAAG", None, 3, _pairs_with("s"), "the stock's card pairs with a card of the pyramid"),
    (
        "PY1-D1X-AAAAAAH",
        None,
        4,
        _legal_where(lambda move: move.src == "s" and move.dst == "f1"),
        "a king on the stock",
    ),
    ("PY1-D1X-AAAAAAI", None, 5, _home(16), "sixteen cards off"),
    ("PY1-D1X-AAAAAAJ", None, 6, _pass(2), "the second pass"),
    ("PY1-D1X-AAAAAAK", None, 7, _pass(3), "the third and last pass"),
    ("PY1-D1X-AAAAAAL", None, 8, _last_pass_spent, "the last pass spent: no tap"),
    ("PY1-D1X-AAAAAAM", None, 9, _home(30), "deep in the game: 30 cards off"),
    (
        *_win("pyramid"),
        0,
        None,
        "hand-checked: won (the line of tests/data/wins/pyramid.win): all 52 cards are off, the stock"
        " and the waste empty: no card to play, nothing to tap, no move at all.",
    ),
]

TRIPEAKS: list[Scenario] = [
    (
        "TP1-D1T-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal; the waste shows QS, the bottom row 2S AH 6C KS KD TD TC JC TH 8C plays"
        " and the 18 cards above it are face down: on a queen go a jack or a king (t22>f1 t23>f1"
        " t26>f1), and the tap.",
    ),
    (
        "TP1-D1T-AAAAAAB",
        "t22>f1",
        0,
        None,
        "hand-checked: KS on the waste; on a king go a queen (none plays) or, wrapping, an ace: AH"
        " (t20>f1); and the tap.",
    ),
    ("TP1-D1T-AAAAAAC", "", 0, None, "deal 2"),
    ("TP1-D1T-AAAAAAD", "s s s", 0, None, "deal 3 after three taps"),
    ("TP1-D1T-AAAAAAE", None, 1, _turned_up, "a card of the peaks turned up once uncovered"),
    ("TP1-D1T-AAAAAAF", None, 2, _home(10), "ten cards on the waste"),
    ("TP1-D1T-AAAAAAG", None, 3, _peak_cleared, "a peak cleared"),
    ("TP1-D1T-AAAAAAH", None, 4, _stock_cards(10), "half the stock turned"),
    ("TP1-D1T-AAAAAAI", None, 5, _stock_cards(0), "the stock spent: no tap"),
    ("TP1-D1G-AAAAAAJ", None, 6, _home(8), "scored by the cards left, as Golf"),
    ("TP1-D1X-AAAAAAK", None, 7, lambda game: not game.legal_moves(), "lost: no move at all"),
    ("TP1-D1T-AAAAAAM", "", 0, None, "deal 12"),
    ("TP1-D1T-AAAAAAN", None, 9, lambda game: game.state.moves >= 6, "a few moves in"),
    (
        "TP1-D1T-AAAAAAO",
        None,
        10,
        lambda game: sum(not game.state.pile(pile) for pile in ("t1", "t2", "t3")) >= 2,
        "two peaks cleared",
    ),
    ("TP1-D1X-AAAAAAP", "s s s s s s s s", 0, None, "no score: after eight taps"),
    (*_win("tripeaks"), 0, None, "won (tests/data/wins/tripeaks.win)"),
]

# -- Gypsy, Forty Thieves, Scorpion, Mod 3 ------------------------------------------------------


def _named_foundation(game: Game) -> bool:
    """Two decks: a card two foundations of its suit take (``SRC>f`` and ``SRC>fN``)."""
    return any(move.dst not in (None, "f") and move.dst.startswith("f") for move in game.legal_moves())


def _foundation_returns(game: Game) -> bool:
    return any(move.src.startswith("f") and (move.dst or "").startswith("t") for move in game.legal_moves())


def _from_waste(game: Game) -> bool:
    return any(move.src == "w" and (move.dst or "").startswith("t") for move in game.legal_moves())


def _uncovered(n: int) -> Condition:
    """Scorpion: ``n`` of its 12 face-down cards turned up."""
    return lambda game: game.state.face_down_count <= 12 - n


def _row_to_row(game: Game) -> bool:
    """Mod 3: a card of the rows that fits on another pile of the rows."""
    return any(move.src.startswith("f") and (move.dst or "").startswith("f") for move in game.legal_moves())


def _aces_home(n: int) -> Condition:
    return lambda game: len(game.state.pile("f25").up) >= n


def _win_after(name: str, count: int) -> tuple[str, str]:
    """The code and the first ``count`` actions of a winning line (a negative count: all
    but the last ones)."""
    code, actions = _win(name)
    return code, " ".join(actions.split()[:count])


GYPSY: list[Scenario] = [
    (
        "GY1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal, tops TC 4H 3S 4S JS 9C JC KS. 3S goes on 4H (t3>t2); nothing else"
        " fits (no red J, Q, T, 5 or black 5 on top), there is no ace and no empty column; the stock"
        " may deal: s t3>t2.",
    ),
    ("GY1-D1X-AAAAAAB", "s", 0, None, "a row dealt from the stock"),
    ("GY1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("GY1-D1X-AAAAAAD", None, 1, _group_of(3), "a group of 3 or more may move"),
    (
        "GY1-D1X-AAAAAAE",
        None,
        2,
        _empty_column_and(_always),
        "an empty column: any card or group may fill it, and the stock deals all the same",
    ),
    (
        "GY1-D1X-AAAAAAF",
        None,
        3,
        _empty_column_and(_group_of(2)),
        "an empty column and a group: tN:1>tM moves one card of it",
    ),
    ("GY1-D1X-AAAAAAG", None, 4, _named_foundation, "two foundations of the suit take a card: SRC>fN"),
    ("GY1-D1X-AAAAAAH", None, 5, _foundation_returns, "a foundation's top card may come back to a column"),
    ("GY1-D1X-AAAAAAI", None, 6, _home(8), "eight cards home"),
    ("GY1-D1X-AAAAAAJ", None, 7, _home(20), "twenty cards home"),
    ("GY1-D1X-AAAAAAK", "s s s", 0, None, "three rows dealt"),
    ("GY1-D1X-AAAAAAL", "s s s s s s s s s s", 0, None, "the stock spent: no s"),
    ("GY1-D1X-AAAAAAM", None, 8, _after(40, _group_of(4)), "a group of 4 or more, later on"),
    ("GY1-D1X-AAAAAAN", None, 9, _after(40, _stock_cards(40)), "half the stock dealt"),
    (*_win_after("gypsy", 60), 0, None, "the winning line (tests/data/wins/gypsy.win), 60 actions in"),
    (
        "GY1-D1X-AAAAAAP",
        None,
        11,
        _after(30, _foundation_returns),
        "a foundation's top may come back, later on",
    ),
    (*_win_after("gypsy", 120), 0, None, "the winning line (tests/data/wins/gypsy.win), 120 actions in"),
    (*_win("gypsy"), 0, None, "won (tests/data/wins/gypsy.win): foundation tops may still come back"),
]

FORTY_THIEVES: list[Scenario] = [
    (
        "FT1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal, tops 8H 9H QH 3H 6S 7H AC AH AC 6H, stock full, waste empty. The"
        " aces go home, each to the first foundation of its suit or the suit's second one: t7>f t7>f8"
        " t8>f t8>f6 t9>f t9>f8. In suit one rank lower: 8H on 9H (t1>t2), 7H on 8H (t6>t1), 6H on 7H"
        " (t10>t6); no KH, 4H, 7S or 2 on top for QH, 3H, 6S and the aces; no empty column; and s.",
    ),
    ("FT1-D1X-AAAAAAB", "s", 0, None, "one card turned onto the waste"),
    ("FT1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("FT1-D1X-AAAAAAD", "", 0, None, "deal 3"),
    ("FT1-D1X-AAAAAAE", None, 1, _from_waste, "the waste's top card fits a column"),
    ("FT1-D1X-AAAAAAQ", None, 2, _empty_column_and(_always), "an empty column, which takes any card"),
    ("FT1-D1X-AAAAAAG", None, 3, _named_foundation, "two foundations of the suit take a card: SRC>fN"),
    ("FT1-D1X-AAAAAAH", None, 4, _home(8), "eight cards home"),
    ("FT1-D1X-AAAAAAI", None, 5, _home(16), "sixteen cards home"),
    ("FT1-D1X-AAAAAAJ", None, 6, _stock_cards(32), "half the stock turned"),
    (
        "FT1-D1X-AAAAAAK",
        " ".join(["s"] * 64),
        0,
        None,
        "the stock spent, one pass: no s, only the waste's top plays",
    ),
    ("FT1-D1X-AAAAAAQ", None, 7, lambda game: _empty_columns(game) >= 2, "two empty columns"),
    ("FT1-D1X-AAAAAAM", None, 8, _home(30), "thirty cards home"),
    ("FT1-D1X-AAAAAAN", None, 9, _stock_cards(0), "the stock spent in play"),
    ("FT1-D1X-AAAAAAO", None, 10, _after(20, _from_waste), "the waste's top fits, later on"),
    ("FT1-D1X-AAAAAAR", None, 111, _home(50), "fifty cards home"),
]

SCORPION: list[Scenario] = [
    (
        "SC1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal; tops 3C AS 4S 2D 8S TS 3D. A face-up card goes with all on it onto"
        " its suit one rank higher: 3S of t6 (6 cards) on 4S (t6:6>t3), AD of t7 (3 cards) on 2D"
        " (t7:3>t4), 7S of t4 (3 cards) on 8S (t4:3>t5), 2D on 3D (t4>t7). No 2C or 9S face up for 3C"
        " and TS, nothing on AS, no empty column; the stock may deal: s.",
    ),
    ("SC1-D1X-AAAAAAB", "s", 0, None, "the stock dealt onto t1 t2 t3: no s"),
    ("SC1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("SC1-D1X-AAAAAAD", "", 0, None, "deal 3"),
    ("SC1-D1X-AAAAAAE", None, 1, _group_of(5), "a group of 5 or more, in order or not, may move"),
    ("SC1-D1X-AAAAAAF", None, 2, _uncovered(3), "three face-down cards turned up"),
    ("SC1-D1X-AAAAAAG", None, 3, _empty_column_and(_always), "an empty column, which takes only a king"),
    (
        *_win_after("scorpion", 20),
        0,
        None,
        "the winning line (tests/data/wins/scorpion.win), before the deal",
    ),
    ("SC1-D1X-AAAAAAK", None, 5, _runs_off(1), "a run went off to a foundation by itself"),
    (*_win_after("scorpion", 35), 0, None, "the winning line, 35 actions in"),
    ("SC1-D1X-AAAAAAK", None, 7, _runs_off(2), "two runs off"),
    ("SC1-D1X-AAAAAAL", None, 8, _after(10, _stock_cards(0)), "the stock dealt in play"),
    ("SC1-D1X-AAAAAAM", None, 9, lambda game: _empty_columns(game) >= 2, "two empty columns"),
    (*_win_after("scorpion", -2), 0, None, "the winning line, two actions before the win"),
    ("SC1-D1X-AAAAAAO", None, 11, _group_of(8), "a group of 8 or more may move"),
    (*_win("scorpion"), 0, None, "won (tests/data/wins/scorpion.win): no move at all"),
]

MOD3: list[Scenario] = [
    (
        "MO1-D1X-AAAAAAB",
        "",
        0,
        None,
        "hand-checked: the deal. No row pile starts right but f18 (4H) and f20 (4S) in row three;"
        " 7H, the top of f6, goes on 4H (f6>f18), no 7S is on top. The aces AD (f15) and AS (t4) go to"
        " the aces pile (f15>f25 t4>f25). No place of the fourth row is empty; the stock may deal: s.",
    ),
    ("MO1-D1X-AAAAAAB", "s", 0, None, "a row dealt onto the fourth row"),
    ("MO1-D1X-AAAAAAC", "", 0, None, "deal 2"),
    ("MO1-D1X-AAAAAAD", "", 0, None, "deal 3"),
    (
        "MO1-D1X-AAAAAAE",
        None,
        1,
        _empty_column_and(_always),
        "an empty place of the fourth row takes any card",
    ),
    ("MO1-D1X-AAAAAAF", None, 2, _row_to_row, "a card of the rows fits on another pile of the rows"),
    ("MO1-D1X-AAAAAAG", None, 3, _aces_home(2), "two aces home, none comes back"),
    ("MO1-D1X-AAAAAAI", "s s s s s s s s s", 0, None, "the stock spent: no s"),
    ("MO1-D1X-AAAAAAL", "s s s s", 0, None, "four rows dealt"),
    (*_win_after("mod3", 20), 0, None, "the winning line (tests/data/wins/mod3.win), 20 actions in"),
    (*_win_after("mod3", 45), 0, None, "the winning line, 45 actions in"),
    (*_win_after("mod3", 70), 0, None, "the winning line, 70 actions in"),
    (*_win_after("mod3", 95), 0, None, "the winning line, 95 actions in"),
    (*_win_after("mod3", 120), 0, None, "the winning line, 120 actions in"),
    (*_win_after("mod3", -1), 0, None, "the winning line, one action before the win"),
    (*_win("mod3"), 0, None, "won: the rows' tops may still shift from pile to pile"),
]

MAX_STEPS = 3000
TRIES = 20


def _progress(state: State) -> int:
    """How far a FreeCell, Spider or Golf position looks (higher is better): cards
    home, free cells and empty columns, face-down cards turned up, cards in suit order,
    the stock dealt."""
    home = sum(len(pile.up) for pile in state.of_kind(FOUNDATION))
    cells = sum(1 for pile in state.of_kind(CELL) if not pile)
    columns = state.of_kind(TABLEAU)
    empty = sum(1 for pile in columns if not pile)
    down = sum(len(pile.down) for pile in columns)
    ordered = sum(
        1
        for pile in columns
        for lower, upper in zip(pile.up, pile.up[1:], strict=False)
        if upper.rank == lower.rank - 1 and upper.suit == lower.suit
    )
    # Cards lying on the next card each foundation needs (the lowest of each suit out).
    lowest: dict[int, int] = {}
    for pile in columns:
        for card in pile.up:
            lowest[card.suit] = min(lowest.get(card.suit, 14), card.rank)
    buried = 0
    for pile in columns:
        cards = pile.down + pile.up
        for depth, card in enumerate(cards):
            if card.rank == lowest.get(card.suit):
                buried += len(cards) - depth - 1
    stock = sum(len(pile.down) for pile in state.of_kind(STOCK))
    return 10 * home + 3 * cells + 6 * empty - 4 * down + 2 * ordered - 3 * buried - stock


SEARCH_NODES = 20000


def _key(state: State) -> tuple[object, ...]:
    """A position with its cells in no order (which cell holds a card does not matter)."""
    kinds = state.table.kinds
    cells = sorted((pile.up for pile, kind in zip(state.piles, kinds, strict=True) if kind == CELL), key=str)
    return (*cells, *(pile for pile, kind in zip(state.piles, kinds, strict=True) if kind != CELL))


def _search(code: str, seed: int, condition: Condition) -> list[str]:
    """Actions to a position where ``condition`` holds, best-first by :func:`_progress`
    (ties broken at random with ``seed``), for the games the hint does not know."""
    rng = random.Random(seed)
    first = CATALOG.game_from_code(code)
    rules, options = first.rules, first.rules.options
    heap: list[tuple[int, float, State, tuple[str, ...]]] = [(0, 0.0, first.state, ())]
    seen = {_key(first.state)}
    for _ in range(SEARCH_NODES):
        if not heap:
            break
        _, _, state, path = heapq.heappop(heap)
        if condition(CATALOG.new_game(options, initial=state)):
            return list(path)
        for move in rules.legal_moves(state):
            _, after = rules.transition(state, move)
            if _key(after) not in seen:
                seen.add(_key(after))
                heapq.heappush(heap, (-_progress(after), rng.random(), after, (*path, str(move))))
    raise SystemExit(f"{code}: no position found for seed {seed}")


def _walk(code: str, seed: int, condition: Condition) -> list[str]:
    """Actions from the deal to the first position where ``condition`` holds."""
    for attempt in range(TRIES):
        rng = random.Random(seed * 1000 + attempt)
        game = CATALOG.game_from_code(code)
        for _ in range(MAX_STEPS):
            if condition(game):
                return list(game.actions)
            legal = game.legal_moves()
            hint = game.hint().move
            roll = rng.random()
            if roll < 0.03 and game.can_undo:
                game.perform("undo")
            elif hint is not None and roll < 0.8:
                game.play(hint)
            elif legal:
                game.play(rng.choice(legal))
            else:
                break
    raise SystemExit(f"{code}: no position found for seed {seed}")


def write(path: Path, title: str, scenarios: list[Scenario]) -> None:
    positions = []
    known: dict[tuple[str, int, int], list[str]] = {}
    for code, fixed, seed, condition, note in scenarios:
        actions = None if fixed is None else fixed.split()
        if actions is None:
            assert condition is not None
            # Games that differ only in the return policy share their walk (the
            # first one found), so the pair shows exactly what the policy changes.
            key = (code.replace("NF-", "N-"), seed, id(condition))
            found = known.get(key)
            if found is None or not _replays(code, found, condition):
                classic = code[:2] in ("KL", "TF")
                found = (_walk if classic else _search)(code, seed, condition)
                known[key] = found
            actions = found
        positions.append(Position(code, actions, note))
        _compare_with_independent(code, actions)
    comments = (
        f"{title}: positions and their legal moves (format: tests/data/make_perft.py).",
        "Written by tests/data/make_perft.py; the 'hand-checked' notes were checked by hand.",
    )
    write_perft(path, positions, catalog=CATALOG, comments=comments)


def _compare_with_independent(code: str, actions: list[str]) -> None:
    game = CATALOG.game_from_code(code)
    independent = INDEPENDENT.get(game.rules.options.variant)
    if independent is None:
        return
    for action in actions:
        game.perform(action)
    legal = {str(move) for move in game.legal_moves()}
    expected = independent(game.state)
    if legal != expected:
        raise SystemExit(
            f"{code} after {' '.join(actions)}: the engine leaves out {sorted(expected - legal)}"
            f" and lists {sorted(legal - expected)}"
        )


def _replays(code: str, actions: list[str], condition: Condition) -> bool:
    game = CATALOG.game_from_code(code)
    try:
        for action in actions:
            game.perform(action)
    except ValueError:
        return False
    return condition(game)


GAMES: dict[str, tuple[str, list[Scenario]]] = {
    "klondike": ("Klondike", KLONDIKE),
    "reflechi": ("Réfléchi", REFLECHI),
    "freecell": ("FreeCell", FREECELL),
    "spider": ("Spider", SPIDER),
    "golf": ("Golf", GOLF),
    "pyramid": ("Pyramid", PYRAMID),
    "tripeaks": ("TriPeaks", TRIPEAKS),
    **OPEN_PERFT,
    **SPECIAL_PERFT,
    "gypsy": ("Gypsy", GYPSY),
    "forty-thieves": ("Forty Thieves", FORTY_THIEVES),
    "scorpion": ("Scorpion", SCORPION),
    "mod3": ("Mod 3", MOD3),
}

if __name__ == "__main__":
    # Every file, or those named: make_perft.py spider golf
    for name in sys.argv[1:] or GAMES:
        title, scenarios = GAMES[name]
        write(HERE / f"{name}.perft", title, scenarios)
