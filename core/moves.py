"""Moves and their notation.

Piles: ``s`` stock, ``w`` waste, ``f1``..``f4`` foundations (♠ ♥ ♦ ♣),
``t1``..``t7`` columns; ``f`` alone means "the card's own foundation".  Other
games have more of them (``f1``..``f8``, ``t1``..``t10``), cells ``c1``..``c4`` and
reserves ``r1``..; which piles a game has is its variant's to say.

* ``s`` taps the stock: draw, or recycle the waste when the stock is empty;
* ``SRC>DST`` moves the top card of SRC: ``w>t3``, ``t2>f``, ``f2>t5``;
* ``tN:K>DST`` moves the last K cards of column N: ``t3:4>t6``.  Without ``:K``
  a column-to-column move takes the one group that fits DST.

>>> move = Move.parse("t3:4>t6")
>>> move.src, move.dst, move.count
('t3', 't6', 4)
>>> str(move)
't3:4>t6'
>>> Move.parse("T2>F") == Move("t2", "f")
True
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from solitaire.core.i18n import N_, Message
from solitaire.core.untrusted import Quoted

__all__ = ["DRAW", "FOUNDATION", "STOCK", "WASTE", "Move", "MoveSyntaxError", "pile_kind"]

STOCK: Final = "s"
WASTE: Final = "w"
FOUNDATION: Final = "f"

_PILE = r"(?:s|w|f(?:[1-9][0-9]?)?|t[1-9][0-9]?|c[1-9][0-9]?|r[1-9][0-9]?)"
_MOVE_RE: Final = re.compile(rf"(?P<src>{_PILE})(?::(?P<count>[1-9][0-9]?))?>(?P<dst>{_PILE})")
_MAX_TEXT: Final = 32


class MoveSyntaxError(ValueError):
    """Text that is not a move in the notation; ``str()`` in English, :meth:`message` in
    the player's language."""

    def __init__(self, text: Message) -> None:
        super().__init__(text.translate())
        self.text = text

    def message(self, lang: str = "en") -> str:
        """What is wrong, in ``lang``."""
        return self.text.translate(lang)


class Move(NamedTuple):
    """A move in notation: the source pile, the destination pile and the card count.

    ``count`` is ``None`` when the notation leaves it out (the rules then decide).
    The stock tap is ``Move("s")``, also available as :data:`DRAW`.
    """

    src: str
    dst: str | None = None
    count: int | None = None  # type: ignore[assignment]  # shadows tuple.count on purpose

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse move notation (case and surrounding spaces are forgiven)."""
        if not isinstance(text, str):
            raise MoveSyntaxError(Message(N_("{text!r} is not a move"), text=Quoted(text)))
        cleaned = text.strip().lower()
        if len(cleaned) > _MAX_TEXT:
            raise MoveSyntaxError(Message(N_("{text} is not a move: too long"), text=_Short(text)))
        if cleaned == STOCK:
            return DRAW
        match = _MOVE_RE.fullmatch(cleaned)
        if match is None:
            raise MoveSyntaxError(_explain(text, cleaned))
        src, dst, count = match["src"], match["dst"], match["count"]
        if count is not None and not src.startswith("t"):
            raise MoveSyntaxError(
                Message(
                    N_("{text!r} is not a move: ':K' counts cards from a column only (tN:K>DST)"),
                    text=Quoted(text),
                )
            )
        if src == FOUNDATION:
            raise MoveSyntaxError(
                Message(
                    N_("{text!r} is not a move: name the foundation the card leaves (f1, f2, ...)"),
                    text=Quoted(text),
                )
            )
        return cls(src, dst, int(count) if count is not None else None)

    @property
    def is_draw(self) -> bool:
        """True for the stock tap ``s``."""
        return self.src == STOCK and self.dst is None

    def __str__(self) -> str:
        if self.dst is None:
            return self.src
        if self.count is not None:
            return f"{self.src}:{self.count}>{self.dst}"
        return f"{self.src}>{self.dst}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


DRAW: Final = Move(STOCK)


def pile_kind(pile: str) -> str:
    """The kind of a pile id: ``"s"``, ``"w"``, ``"f"`` or ``"t"``."""
    return pile[0]


class _Short:
    """Text quoted as :func:`~solitaire.core.untrusted.quote` shows it, cut at the notation's
    longest move."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __format__(self, spec: str) -> str:
        from solitaire.core.untrusted import quote

        return quote(self.text, _MAX_TEXT)


def _explain(text: str, cleaned: str) -> Message:
    """Say what is wrong with text that does not match the notation."""
    shown = Quoted(text)
    if not cleaned:
        return Message(N_("{text!r} is not a move: it is empty"), text=shown)
    if ">" not in cleaned:
        return Message(
            N_("{text!r} is not a move: write s (tap the stock) or SRC>DST, e.g. w>t3, t2>f, t3:4>t6"),
            text=shown,
        )
    src, _, dst = cleaned.partition(">")
    for part, role in ((src.split(":")[0], N_("source")), (dst, N_("destination"))):
        if not re.fullmatch(_PILE, part):
            return Message(
                N_(
                    "{text!r} is not a move: {part!r} is not a pile (use s, w, f, fN, tN, cN or rN) as {role}"
                ),
                text=shown,
                part=Quoted(part),
                role=Message(role),
            )
    if ":" in src:
        return Message(
            N_("{text!r} is not a move: the count after ':' must be a number from 1, as in t3:4>t6"),
            text=shown,
        )
    return Message(N_("{text!r} is not a move: write SRC>DST, e.g. w>t3, t2>f, t3:4>t6"), text=shown)
