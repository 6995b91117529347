"""Write tests/data/klondike.perft and tests/data/reflechi.perft.

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
differ, and tests/core/test_legal_moves.py compares them with its own.  Positions marked
``hand-checked`` have fixed actions (or are won games, whose legal moves do not
depend on the way there); their legal moves were worked out by hand, once, on the
printed tables, and the reasoning is the note.  Regenerating gives the same files
as long as the engine, the hint and the shuffle do not change; a change in a
hand-checked block's ``legal`` line then needs a new hand check, not a rewrite.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "core"))

from strategies import CATALOG  # noqa: E402

from solitaire.core.game import Game  # noqa: E402
from solitaire.core.moves import DRAW  # noqa: E402
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

MAX_STEPS = 3000
TRIES = 20


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
                found = _walk(code, seed, condition)
                known[key] = found
            actions = found
        positions.append(Position(code, actions, note))
    comments = (
        f"{title}: positions and their legal moves (format: tests/data/make_perft.py).",
        "Written by tests/data/make_perft.py; the 'hand-checked' notes were checked by hand.",
    )
    write_perft(path, positions, catalog=CATALOG, comments=comments)


def _replays(code: str, actions: list[str], condition: Condition) -> bool:
    game = CATALOG.game_from_code(code)
    try:
        for action in actions:
            game.perform(action)
    except ValueError:
        return False
    return condition(game)


if __name__ == "__main__":
    write(HERE / "klondike.perft", "Klondike", KLONDIKE)
    write(HERE / "reflechi.perft", "Réfléchi", REFLECHI)
