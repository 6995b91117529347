"""Input from outside the program: JSON read strictly, and input quoted in messages.

Files and arguments come from other people.  :func:`loads_json` refuses a JSON
object that holds the same key twice (the standard parser keeps the last one
silently, another reader may keep the first).  :func:`quote` and :func:`cut`
put input into a message safely: control characters escaped, and anything long
cut to about 60 characters with its length given instead.

>>> quote("KL1-D2N-AAAAAAG")
"'KL1-D2N-AAAAAAG'"
>>> quote("KL1-D1N-" + "A" * 99_992)
"'KL1-D1N-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…' (100,000 characters)"
>>> cut("t1\\n>f")
't1\\\\n>f'
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any, Final

from solitaire.core.i18n import Message

__all__ = ["QUOTE_LIMIT", "DuplicateKeyError", "Quoted", "cut", "loads_json", "printable", "quote"]

#: About how many characters of an input a message quotes.
QUOTE_LIMIT: Final = 60

_REPR: Final = reprlib.Repr()
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT


class DuplicateKeyError(ValueError):
    """A JSON object with the same key twice; ``key`` is the key."""

    def __init__(self, key: str) -> None:
        self.text = Message("the key {key!r} appears twice in one object", key=Quoted(key))
        super().__init__(str(self.text))
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKeyError(key)
            seen.add(key)
    return result


def loads_json(text: str | bytes) -> Any:
    """``json.loads`` that raises :class:`DuplicateKeyError` for a key repeated in one object.

    >>> loads_json('{"a": 1, "b": {"a": 2}}')
    {'a': 1, 'b': {'a': 2}}
    >>> loads_json('{"moves": 155, "moves": 2}')
    Traceback (most recent call last):
        ...
    solitaire.core.untrusted.DuplicateKeyError: the key 'moves' appears twice in one object
    """
    import json  # loaded when a file is read: not at every start-up

    return json.loads(text, object_pairs_hook=_unique)


def printable(text: str) -> str:
    """``text`` with its control characters escaped (``\\n``, ``\\x1b``), whole: what a
    message quotes from its input never acts on the terminal."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def _head(text: str, limit: int, show: Callable[[str], str]) -> str | None:
    """``show(text)`` when it is at most ``limit`` long (its quotes aside), else None."""
    shown = show(text[: limit + 1])
    return shown if len(text) <= limit and len(shown) <= limit + 2 else None


def _cut_to(text: str, limit: int, show: Callable[[str], str]) -> str:
    """``show`` of the longest start of ``text`` shown in at most ``limit`` characters (and
    its quotes): escapes count as what they take on the screen."""
    size = min(len(text), limit)
    while size > 1 and len(show(text[:size])) > limit + 2:
        size -= 1
    return show(text[:size])


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` for a message, without quotes: control characters escaped, and when longer
    than ``limit`` its first ``limit`` characters, "…" and the length."""
    whole = _head(text, limit, printable)
    if whole is not None:
        return whole
    return f"{_cut_to(text, limit, printable)}… ({len(text):,} characters)"


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message: text quoted with control characters escaped, and
    when longer than ``limit`` its first ``limit`` characters, "…" and the length.
    Other values are shown briefly (:mod:`reprlib`)."""
    if not isinstance(value, str):
        return _REPR.repr(value)
    whole = _head(value, limit, repr)
    if whole is not None:
        return whole
    head = _cut_to(value, limit, repr)
    return f"{head[:-1]}…{head[-1]} ({len(value):,} characters)"


class Quoted:
    """A value filled into a message template as ``{name!r}``, shown by :func:`quote`
    (and as ``{name}`` by :func:`cut`).

    >>> "game code {code!r}".format(code=Quoted("K" * 100))
    "game code 'KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK…' (100 characters)"
    """

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        return quote(self.value)

    def __str__(self) -> str:
        return cut(self.value) if isinstance(self.value, str) else quote(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Quoted) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)
