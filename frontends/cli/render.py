"""The state as text for a terminal."""

from __future__ import annotations

import codecs
import io
import re
import sys
import unicodedata
from collections.abc import Sequence
from typing import TextIO

from solitaire.core import i18n
from solitaire.core.cards import RANK_TEXT, Card, Suit
from solitaire.core.i18n import N_, Message, Plural
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import CardsMoved, CardTurnedUp, Event, State, StockDrawn, WasteRecycled

__all__ = [
    "describe_action",
    "describe_rules",
    "fits",
    "guard_output",
    "letters",
    "render_state",
    "symbols_fit",
]

_RED = "\033[31m"
_RESET = "\033[0m"
_ESCAPE = re.compile(r"\033\[[0-9;]*m")

#: A card as messages write it (``10♥``, ``A♠``), or a suit symbol on its own.
_DISPLAYED = re.compile(r"(?:(10|[2-9AJQK])?)([♠♥♦♣])")
_SUIT_LETTERS = {suit.symbol: suit.letter for suit in Suit}


def fits(text: str, stream: TextIO) -> bool:
    """Whether ``stream`` can write ``text`` in its encoding (a stream without one takes anything)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def symbols_fit(stream: TextIO) -> bool:
    """Whether ``stream`` can write the suit symbols; when not, cards are written in letters."""
    return fits("".join(_SUIT_LETTERS), stream)


def letters(text: str) -> str:
    """``text`` with its cards in letters, as in game codes and JSON: ``10♥`` → ``TH``, ``♠`` → ``S``.

    >>> letters("J♣ cannot go on K♦; f1 ♠")
    'JC cannot go on KD; f1 S'
    """

    def letter(match: re.Match[str]) -> str:
        rank = match[1] or ""
        return (RANK_TEXT[9] if rank == "10" else rank) + _SUIT_LETTERS[match[2]]

    return _DISPLAYED.sub(letter, text)


#: Plain stand-ins for the characters of our messages that old encodings lack.
_PLAIN = {**_SUIT_LETTERS, "·": "-", "…": "...", "—": "-", "–": "-", "→": "->", "×": "x", "«": '"', "»": '"'}
_FALLBACK = "solitaire-plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    """An encoding error handler: a stand-in for each character the encoding lacks
    (``é`` → ``e``, ``♥`` → ``H``), else ``?``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start : error.end]:
        plain = _PLAIN.get(char) or "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        try:
            plain.encode(error.encoding)
        except UnicodeEncodeError:
            plain = ""
        out.append(plain or "?")
    return "".join(out), error.end


codecs.register_error(_FALLBACK, _plain)


def guard_output() -> None:
    """Make standard output and error write what their encoding lacks in plain
    stand-ins, never fail (a Windows console redirected to a file is cp1252)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=_FALLBACK)


def _card(card: Card, colour: bool, symbols: bool = True) -> str:
    text = card.display if symbols else card.text
    return f"{_RED}{text}{_RESET}" if colour and card.is_red else text


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` columns on the screen (colour escapes take none)."""
    return text + " " * max(0, width - len(_ESCAPE.sub("", text)))


def describe_rules(rules: Ruleset, lang: str = "en") -> str:
    """One line: variant, draw mode, scoring, redeal policy, returns (a variant
    without a stock has no draw mode or redeal policy to show)."""
    options = rules.options
    passes = rules.redeal.passes
    parts: list[Message | str] = [rules.variant.name(lang)]
    if rules.variant.has_stock:
        parts.append(Message("draw {draw}", draw=options.draw))
    parts.append(Message("{scoring} scoring", scoring=rules.scoring.name(lang)))
    if rules.variant.has_stock:
        parts.append(
            Message("unlimited redeals") if passes is None else Plural("{n} pass", "{n} passes", passes)
        )
    if not options.returns_allowed:
        parts.append(Message("no foundation returns"))
    return " · ".join(str(i18n.localised(part, lang)) for part in parts)


#: Where cards come from and go to, by pile kind: (from, to).
_PILES = {
    "s": (N_("from the stock"), N_("to the stock")),
    "w": (N_("from the waste"), N_("to the waste")),
    "f": (N_("from the foundation"), N_("to the foundation")),
    "t": (N_("from column {n}"), N_("to column {n}")),
}


def _pile(pile: str, to: bool) -> Message:
    return Message(_PILES[pile[0]][to], n=pile[1:])


def describe_action(action: str, events: Sequence[Event], lang: str = "en") -> str:
    """An action in words, from the events it made (``undo``: those it took back).

    >>> from solitaire.core.state import CardsMoved, CardTurnedUp
    >>> moved = CardsMoved("t2", "t4", (Card.parse("7H"), Card.parse("6S")))
    >>> events = (moved, CardTurnedUp("t2", Card.parse("KD")))
    >>> describe_action("t2:2>t4", events)
    '7♥ 6♠ from column 2 to column 4; K♦ turned up'
    >>> describe_action("undo", events, "ru")
    'Отмена: 7♥ 6♠ из столбца 2 в столбец 4; открыта K♦'
    """
    parts: list[Message] = []
    for event in events:
        if isinstance(event, CardsMoved):
            cards = " ".join(card.display for card in event.cards)
            parts.append(
                Message(
                    "{cards} {source} {target}",
                    cards=cards,
                    source=_pile(event.src, False),
                    target=_pile(event.dst, True),
                )
            )
        elif isinstance(event, StockDrawn):
            parts.append(Message("drawn: {cards}", cards=" ".join(card.display for card in event.cards)))
        elif isinstance(event, WasteRecycled):
            parts.append(Message("the waste back into the stock"))
        elif isinstance(event, CardTurnedUp):
            parts.append(Message("{card} turned up", card=event.card))
    text = "; ".join(part.translate(lang) for part in parts) or action
    if action == "undo":
        return Message("Undo: {action}", action=text).translate(lang)
    if action == "redo":
        return Message("Redo: {action}", action=text).translate(lang)
    return text[0].upper() + text[1:]


def render_state(
    state: State,
    rules: Ruleset,
    code: str,
    *,
    lang: str = "en",
    colour: bool = False,
    symbols: bool = True,
    card_symbols: bool | None = None,
) -> str:
    """A compact picture of the table; face-down cards show as ``##``.

    Cards are written as messages write them (``10♥``), or with ``symbols=False``
    in letters (``TH``) for an output that cannot write the suit symbols;
    ``card_symbols=False`` writes the cards in letters (the card text of the move
    notation) and keeps the foundations' suit symbols.  The waste and the
    foundations take a fixed width, so that the row does not shift as they change."""
    card_symbols = symbols if card_symbols is None else card_symbols and symbols
    said = [
        Message("Score {score}", score=rules.scoring.format(state.score)),
        Message("Moves {moves}", moves=state.moves),
    ]
    stock_shown = rules.variant.has_stock
    if stock_shown:
        said.append(Message("Pass {n}", n=state.pass_number))
    if rules.is_won(state):
        said.append(Message("Won!"))
    lines = [
        f"{describe_rules(rules, lang)}   {code}",
        "   ".join(message.translate(lang) for message in said),
        "",
    ]
    width = 3 if card_symbols else 2  # the widest card: 10♥ or TH
    fan = max(1, rules.draw)
    waste = " ".join(_card(card, colour, card_symbols) for card in state.waste[-fan:]) or "--"
    if len(state.waste) > fan:
        waste = f"({len(state.waste) - fan}) {waste}"
    # Room for the count of cards under the fan, "(49) ", and the fan itself.
    # (at least the 14 columns the table has always given the waste).
    waste_width = max(14, len(f"({52 - fan}) ") + fan * (width + 1) - 1)
    foundations = []
    for index, foundation in enumerate(state.foundations):
        top = _card(foundation[-1], colour, card_symbols) if foundation else "--"
        suit = Suit(index) if index < 4 else None
        label = "" if suit is None else suit.symbol if symbols else suit.letter
        foundations.append(f"f{index + 1} {label} {_pad(top, width)}")
    stock = f"[{len(state.stock)}]" if state.stock else "[ ]"
    head = f"s {stock:<5} w {_pad(waste, waste_width)}  " if stock_shown else ""
    lines.append((head + "   ".join(foundations)).rstrip())
    lines.append("")
    for number, column in enumerate(state.tableau, 1):
        cards = ["##"] * len(column.down) + [_card(card, colour, card_symbols) for card in column.up]
        lines.append(f"t{number}  " + (" ".join(cards) if cards else "--"))
    return "\n".join(lines)
