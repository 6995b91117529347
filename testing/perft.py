"""Files of recorded positions and their legal moves ("perft" files of depth 1).

The format is the one of the framework's own ``tests/data/*.perft``, UTF-8 text:

* ``#`` starts a comment line; blank lines separate blocks, one block per position;
* ``code: CODE`` -- the game code (options and deal);
* ``actions: A1 A2 ...`` -- the actions, in notation (and ``undo`` / ``redo``),
  that lead from the deal to the position, space separated; ``-`` for none;
* ``legal: M1 M2 ...`` -- every legal move from the position in canonical
  notation, sorted as strings, space separated; ``-`` for none;
* ``note: TEXT`` -- optional: what the position shows.

A line may be continued by repeating its key on the next line (the values are
joined with a space); :func:`write_perft` puts 16 actions on a line.

:func:`check_perft` plays each position again and compares the legal moves with
the recorded ones and with an oracle independent of ``legal_moves``: every move
of the notation space that ``check`` accepts (:func:`move_space`: every pile of
the table, one beyond the last of each kind, ``f``, and every count from a
column).  :func:`write_perft` works the
legal moves out (checked against the same oracle) and writes a file; record
positions once, check the moves by hand, and keep the file as a regression test.

>>> from solitaire.plugins.builtins import new_catalog
>>> catalog = new_catalog(entry_points=False)
>>> text = format_perft([Position("KL1-D1N-AAAAAAG", ("s",), note="one tap")], catalog)
>>> print(text, end="")
code: KL1-D1N-AAAAAAG
actions: s
legal: s t1>f t5>t4 t7>f
note: one tap
>>> parse_perft(text)[0].legal
('s', 't1>f', 't5>t4', 't7>f')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from os import PathLike
from pathlib import Path
from typing import Final

import attrs

from solitaire.core.game import Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.registry import Catalog
from solitaire.core.state import RESERVE, TABLEAU, State
from solitaire.plugins.builtins import new_catalog
from solitaire.testing.kit import ConformanceError

__all__ = [
    "Position",
    "check_perft",
    "format_perft",
    "legal_after",
    "move_space",
    "oracle",
    "parse_perft",
    "read_perft",
    "write_perft",
]

KEYS: Final = ("code", "actions", "legal", "note")
ACTIONS_PER_LINE: Final = 16


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen
class Position:
    """A recorded position: a game code, the actions from the deal and the legal moves.

    ``line`` is where the block starts in its file (0 for a position not read
    from one); ``legal`` is ignored when a position is written: it is worked out.
    """

    code: str
    actions: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    note: str = ""
    legal: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    line: int = 0


def parse_perft(text: str, source: str = "<text>") -> list[Position]:
    """The positions of a perft file's text; ``source`` names it in errors."""
    positions: list[Position] = []
    fields: dict[str, str] = {}
    start = 0

    def flush() -> None:
        if not fields:
            return
        missing = [key for key in KEYS[:3] if key not in fields]
        if missing:
            raise ConformanceError(f"{source}:{start}: the block has no {' or '.join(missing)} line")
        actions = () if fields["actions"] == "-" else tuple(fields["actions"].split())
        legal = () if fields["legal"] == "-" else tuple(fields["legal"].split())
        positions.append(Position(fields["code"], actions, fields.get("note", ""), legal, start))
        fields.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            flush()
            continue
        key, colon, value = line.partition(":")
        if not colon or key not in KEYS:
            raise ConformanceError(
                f"{source}:{number}: {raw!r} is not a 'code:', 'actions:', 'legal:' or 'note:' line"
            )
        if not fields:
            start = number
        fields[key] = (fields.get(key, "") + " " + value.strip()).strip()
    flush()
    return positions


def read_perft(path: str | PathLike[str]) -> list[Position]:
    """The positions of a perft file."""
    return parse_perft(Path(path).read_text(encoding="utf-8"), str(path))


def legal_after(catalog: Catalog, code: str, actions: Sequence[str], where: str = "") -> Game:
    """The game of ``code`` after ``actions``; :class:`ConformanceError` names a refused one."""
    place = f"{where}: " if where else ""
    try:
        game = catalog.game_from_code(code)
    except ValueError as error:
        raise ConformanceError(f"{place}{error}") from None
    for index, action in enumerate(actions):
        try:
            game.perform(action)
        except (IllegalMoveError, ValueError) as error:
            raise ConformanceError(f"{place}{code}: action {index + 1} ({action!r}): {error}") from None
    return game


def move_space(state: State) -> list[Move]:
    """Every move the notation can write on a table, legal or not: the stock tap;
    from every pile of the table (and ``s``, ``w``, and one pile beyond the last
    cell, foundation and column, and reserve where there is one) to each of them and
    to ``f``; from a column also
    with every count from 1 to one more than it holds.

    >>> from solitaire.core.state import Pile, Table
    >>> table = Table.of(("c1", "cell"), ("f1", "foundation"), ("t1", "tableau"))
    >>> [str(move) for move in move_space(State(table, (Pile(), Pile(), Pile())))][:8]
    ['s', 's>s', 's>w', 's>c1', 's>f1', 's>t1', 's>c2', 's>f2']
    """
    table = state.table
    piles = [pile for pile in ("s", "w") if pile not in table.index] + list(table.ids)
    piles.sort(key=lambda pile: ("swcrft".index(pile[0]), len(pile), pile))
    for letter in "cft" + ("r" if table.places(RESERVE) else ""):
        piles.append(f"{letter}{sum(1 for pile in table.ids if pile[0] == letter) + 1}")
    destinations = [*piles, "f"]
    moves = [DRAW]
    for src in piles:
        counts: list[int | None] = [None]
        if src in table.index and table.kind(src) == TABLEAU:
            counts += range(1, len(state.pile(src)) + 2)
        moves.extend(Move(src, dst, count) for dst in destinations for count in counts)
    return moves


def oracle(game: Game) -> set[str]:
    """The canonical moves ``check`` accepts among every move of the notation space
    (:func:`move_space`)."""
    accepted = set()
    for move in move_space(game.state):
        checked = game.rules.check(game.state, move)
        if isinstance(checked, Move):
            accepted.add(str(checked))
    return accepted


def _legal(game: Game, where: str) -> tuple[str, ...]:
    legal = sorted(str(move) for move in game.legal_moves())
    if len(legal) != len(set(legal)):
        raise ConformanceError(f"{where}: legal_moves lists a move twice: {legal}")
    expected = oracle(game)
    if set(legal) != expected:
        raise ConformanceError(
            f"{where}: legal_moves disagrees with check: it leaves out {sorted(expected - set(legal))}"
            f" and lists {sorted(set(legal) - expected)}, which check refuses"
        )
    return tuple(legal)


def check_perft(
    path: str | PathLike[str], *, catalog: Catalog | None = None, plugins: Iterable[object] = ()
) -> int:
    """Check every position of a perft file; returns how many there are.

    Raises :class:`ConformanceError` naming the file and line of the first position
    whose legal moves differ from the recorded ones (or from the oracle).
    """
    catalog = catalog if catalog is not None else new_catalog(plugins=plugins)
    positions = read_perft(path)
    if not positions:
        raise ConformanceError(f"{path}: no positions")
    for position in positions:
        where = f"{path}:{position.line}"
        game = legal_after(catalog, position.code, position.actions, where)
        legal = _legal(game, where)
        if legal != position.legal:
            missing = sorted(set(position.legal) - set(legal))
            extra = sorted(set(legal) - set(position.legal))
            raise ConformanceError(
                f"{where}: {position.code} after {' '.join(position.actions) or 'the deal'}:"
                f" the legal moves are {' '.join(legal) or '-'}, the file says"
                f" {' '.join(position.legal) or '-'} (new: {extra}; gone: {missing})"
            )
    return len(positions)


def format_perft(positions: Iterable[Position], catalog: Catalog, comments: Sequence[str] = ()) -> str:
    """The text of a perft file: ``comments`` (one ``#`` line each), then the
    positions with their legal moves worked out and checked against the oracle."""
    blocks = []
    for index, position in enumerate(positions):
        where = f"position {index + 1}"
        game = legal_after(catalog, position.code, position.actions, where)
        legal = _legal(game, where)
        lines = [f"code: {position.code}"]
        words = list(position.actions) or ["-"]
        for start in range(0, len(words), ACTIONS_PER_LINE):
            lines.append("actions: " + " ".join(words[start : start + ACTIONS_PER_LINE]))
        lines.append("legal: " + (" ".join(legal) or "-"))
        if position.note:
            lines.append(f"note: {position.note}")
        blocks.append("\n".join(lines))
    header = "".join(f"# {comment}\n" for comment in comments)
    return header + ("\n" if header else "") + "\n\n".join(blocks) + "\n"


def write_perft(
    path: str | PathLike[str],
    positions: Iterable[Position],
    *,
    catalog: Catalog | None = None,
    plugins: Iterable[object] = (),
    comments: Sequence[str] = ("Positions and their legal moves (format: solitaire.testing.perft).",),
) -> None:
    """Write a perft file of ``positions`` (see :func:`format_perft`)."""
    catalog = catalog if catalog is not None else new_catalog(plugins=plugins)
    Path(path).write_text(format_perft(positions, catalog, comments), encoding="utf-8")
