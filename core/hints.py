"""Hints: one useful move and why, in the player's language.

Hint providers are plugins answering the ``solitaire_hint`` hook; the first
answer wins.  The built-in provider (:mod:`solitaire.plugins.hints`) always
answers, last.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

import attrs

from solitaire.core import i18n
from solitaire.core.i18n import Message
from solitaire.core.moves import Move
from solitaire.core.state import WASTE, State, pile_cards

if TYPE_CHECKING:
    from solitaire.core.ruleset import Ruleset

__all__ = ["Hint", "Memory", "move_message", "move_words", "naming", "no_move"]

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


@attrs.frozen
class Hint:
    """A suggested move (None when there is none) with the reason: a
    :class:`~solitaire.core.i18n.Message` translated when shown, or (older plugins)
    a text per language."""

    move: Move | None
    text: Message | Mapping[str, str]

    @property
    def messages(self) -> dict[str, str]:
        """The reason in every language spoken."""
        return {lang: self.reason(lang) for lang in i18n.languages()}

    def reason(self, lang: str = "en") -> str:
        """Why this move, in ``lang`` (English when that language is missing)."""
        if isinstance(self.text, Message):
            return self.text.translate(lang)
        return i18n.translate(self.text, lang)


def move_message(state: State, move: Move, rules: Ruleset | None = None) -> Message:
    """A move in words, to start a hint's reason with, translated when shown: the
    variant's own words for it when it has some (:meth:`Variant.move_words
    <solitaire.core.ruleset.Variant.move_words>`, asked when ``rules`` are given).

    >>> from solitaire.core.moves import DRAW
    >>> move_message(State.classic((), (), ((),) * 4, ()), DRAW).translate("ru")
    'Верните сброс в колоду'
    """
    if rules is not None and (own := rules.variant.move_words(state, move)) is not None:
        return own
    if move.is_draw:
        if not state.table.places(WASTE):
            return Message("Deal from the stock")
        return (
            Message("Draw from the stock") if state.stock else Message("Turn the waste back into the stock")
        )
    try:
        cards = pile_cards(state, move.src)
    except KeyError:
        cards = ()
    card = cards[-(move.count or 1)].display if len(cards) >= (move.count or 1) else "?"
    dst = move.dst or ""
    if dst.startswith("f"):
        return Message("Put {card} on its foundation", card=card)
    to = dst[1:]
    if dst.startswith("c"):
        if move.src == "w":
            return Message("Move {card} from the waste to cell {cell}", card=card, cell=to)
        column = move.src[1:]
        return Message("Move {card} from column {column} to cell {cell}", card=card, column=column, cell=to)
    if move.src == "w":
        return Message("Play {card} from the waste onto column {to}", card=card, to=to)
    if move.src.startswith("f"):
        return Message("Bring {card} back from its foundation to column {to}", card=card, to=to)
    if move.src.startswith("c"):
        return Message("Move {card} from cell {cell} to column {to}", card=card, cell=move.src[1:], to=to)
    return Message("Move {card} from column {column} to column {to}", card=card, column=move.src[1:], to=to)


def move_words(state: State, move: Move, rules: Ruleset | None = None) -> dict[str, str]:
    """A move in words, per language spoken (see :func:`move_message`).

    >>> from solitaire.core.moves import DRAW
    >>> move_words(State.classic((), (), ((),) * 4, ()), DRAW)["en"]
    'Turn the waste back into the stock'
    """
    words = move_message(state, move, rules)
    return {lang: words.translate(lang) for lang in i18n.languages()}


def naming(
    state: State, move: Move, reasons: Message | Mapping[str, str], rules: Ruleset | None = None
) -> Hint:
    """A hint whose text names the move before giving the reason (a :class:`Message`,
    or a text per language, starting in lower case): "Draw from the stock: this wins
    6 of 7 guesses…".  With ``rules``, the move is in the variant's own words when it
    has some."""
    words = move_message(state, move, rules)
    if isinstance(reasons, Message):
        return Hint(move, Message("{move}: {reason}", move=words, reason=reasons))
    return Hint(move, {lang: f"{words.translate(lang)}: {reason}" for lang, reason in reasons.items()})


def no_move() -> Hint:
    """The answer when no move helps."""
    return Hint(
        None,
        Message("No useful move: undo some moves or start a new game."),
    )


class Memory(Generic[_K, _V]):
    """What a hint provider worked out: the ``size`` answers used last, safe to
    share between threads (front ends ask for hints in the background).

    >>> memory: Memory[str, int] = Memory(2)
    >>> memory.remember("a", 1); memory.remember("b", 2); memory.remember("c", 3)
    >>> memory.recall("a"), memory.recall("c")
    ((False, None), (True, 3))
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._answers: OrderedDict[_K, _V] = OrderedDict()
        self._lock = threading.Lock()

    def recall(self, key: _K) -> tuple[bool, _V | None]:
        """``(True, answer)`` when ``key`` is remembered, else ``(False, None)``."""
        with self._lock:
            if key not in self._answers:
                return False, None
            self._answers.move_to_end(key)
            return True, self._answers[key]

    def remember(self, key: _K, answer: _V) -> None:
        """Keep ``answer`` for ``key``, forgetting the answer used longest ago when full."""
        with self._lock:
            self._answers[key] = answer
            self._answers.move_to_end(key)
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._answers.clear()

    def __len__(self) -> int:
        return len(self._answers)
