"""Hypothesis strategies and small helpers shared by the core property tests.

* :func:`game_options` draws every combination of options a game can have:
  variant, draw 1/3, Normal/Vegas scoring, the scoring's default redeal policy or
  ``unlimited`` / ``passes:1..3``, foundation returns allowed or forbidden, and a
  random deal number.
* :func:`candidate_moves` writes every move the notation can name on a table,
  independently of the engine's move generator; it is the oracle's universe.
* :func:`syntactic_moves` draws moves that parse, including piles the table does
  not have (``t8``, ``f5``) and counts larger than any column.
* :func:`choose_action` picks the next action of a random game: a legal move
  (often the built-in hint, so games get deep), ``undo`` or ``redo``.
"""

from __future__ import annotations

from hypothesis import strategies as st

from solitaire.core.cards import CARDS, Card
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import GameOptions
from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog

__all__ = [
    "ALL_CARDS",
    "CATALOG",
    "VARIANTS",
    "candidate_moves",
    "choose_action",
    "game_options",
    "mask",
    "new_game",
    "syntactic_moves",
]

CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])  # quick hints
VARIANTS = ("klondike", "reflechi")
REDEALS = (None, "unlimited", "passes:1", "passes:2", "passes:3")

deal_numbers = st.integers(min_value=0, max_value=DEAL_NUMBERS - 1)


@st.composite
def game_options(draw: st.DrawFn, variants: tuple[str, ...] = VARIANTS) -> GameOptions:
    """Options of a game: every variant, draw mode, scoring, redeal policy and return policy."""
    return CATALOG.options(
        variant=draw(st.sampled_from(variants), label="variant"),
        draw=draw(st.sampled_from((1, 3)), label="draw"),
        scoring=draw(st.sampled_from(("normal", "vegas")), label="scoring"),
        redeal=draw(st.sampled_from(REDEALS), label="redeal"),
        returns_allowed=draw(st.booleans(), label="returns_allowed"),
        deal=draw(deal_numbers, label="deal"),
    )


def new_game(options: GameOptions) -> Game:
    """A fresh game with these options (built-in plugins only)."""
    return CATALOG.new_game(options)


def candidate_moves(state: State) -> list[Move]:
    """Every move the notation can write for this table, legal or not.

    The stock tap; every source (``s``, ``w``, ``f1``..``f4``, ``t1``..``t7``) to
    every destination (``s``, ``w``, ``f``, ``f1``..``f4``, ``t1``..``t7``); from a
    column, both without a count and with every count ``1..len(column)``.
    """
    foundations = [f"f{n}" for n in range(1, len(state.foundations) + 1)]
    columns = [f"t{n}" for n in range(1, len(state.tableau) + 1)]
    sources = ["s", "w", *foundations, *columns]
    destinations = ["s", "w", "f", *foundations, *columns]
    moves = [DRAW]
    for src in sources:
        counts: list[int | None] = [None]
        if src[0] == "t":
            counts += list(range(1, len(state.tableau[int(src[1:]) - 1]) + 1))
        for dst in destinations:
            moves.extend(Move(src, dst, count) for count in counts)
    return moves


_SOURCES = ["s", "w", *(f"f{n}" for n in range(1, 7)), *(f"t{n}" for n in range(1, 10))]
_DESTINATIONS = ["s", "w", "f", *_SOURCES[2:]]


@st.composite
def syntactic_moves(draw: st.DrawFn) -> Move:
    """A move that parses (the stock tap, ``SRC>DST`` or ``tN:K>DST``), legal or not."""
    if draw(st.integers(0, 19)) == 0:
        return Move.parse("s")
    src = draw(st.sampled_from(_SOURCES))
    dst = draw(st.sampled_from(_DESTINATIONS))
    count = draw(st.one_of(st.none(), st.integers(1, 25))) if src[0] == "t" else None
    text = f"{src}:{count}>{dst}" if count is not None else f"{src}>{dst}"
    move = Move.parse(text)
    assert str(move) == text
    return move


def choose_action(data: st.DataObject, game: Game) -> Move | str | None:
    """The next action of a random game, or None when nothing at all can be done.

    About one time in ten ``undo`` and one in twenty ``redo`` (when possible);
    otherwise a legal move, half the time the built-in hint's.
    """
    legal = game.legal_moves()
    roll = data.draw(st.integers(0, 99), label="roll")
    if roll < 10 and game.can_undo:
        return "undo"
    if roll < 15 and game.can_redo:
        return "redo"
    if roll < 60:
        hinted = game.hint().move
        if hinted is not None:
            return hinted
    if not legal:
        return "undo" if game.can_undo else None
    return data.draw(st.sampled_from(legal), label="move")


def mask(cards: list[Card] | tuple[Card, ...]) -> int:
    """The bit mask (bit ``card.index``) of some cards."""
    value = 0
    for card in cards:
        value |= 1 << card.index
    return value


ALL_CARDS = frozenset(CARDS)
