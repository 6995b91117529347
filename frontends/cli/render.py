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
from solitaire.core.ruleset import PileSpec, Ruleset, Variant
from solitaire.core.state import (
    WASTE,
    CardsMoved,
    CardTurnedUp,
    Event,
    Redealt,
    State,
    StockDealt,
    StockDrawn,
    WasteRecycled,
)

__all__ = [
    "describe_action",
    "describe_rules",
    "fits",
    "guard_output",
    "letters",
    "pile_list",
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
    """One line: variant, draw mode, scoring, redeal policy, returns.

    The draw mode is shown where the variant has a waste or more than one to choose
    from (under its own label, such as Spider's suits); the redeal policy where there
    is a waste to turn back (``Variant.has_waste``, as the New Game dialog has it)."""
    options, variant = rules.options, rules.variant
    passes = rules.redeal.passes
    waste = variant.has_stock and variant.has_waste
    parts: list[Message | str] = [variant.name(lang)]
    if variant.has_stock and (waste or len(variant.draws) > 1):
        if variant.draw_label == Variant.draw_label:
            parts.append(Message("draw {draw}", draw=options.draw))
        else:
            parts.append(f"{i18n.translate(variant.draw_label, lang, variant.domain)}: {options.draw}")
    if rules.scoring.format(rules.scoring.initial_score):
        parts.append(Message("{scoring} scoring", scoring=rules.scoring.name(lang)))
    else:  # a game without score: its scheme's name says so ("No score")
        parts.append(rules.scoring.name(lang))
    if waste:
        parts.append(
            Message("unlimited redeals") if passes is None else Plural("{n} pass", "{n} passes", passes)
        )
    if not options.returns_allowed:
        parts.append(Message("no foundation returns"))
    return " · ".join(str(i18n.localised(part, lang)) for part in parts)


#: Where cards come from and go to, by the letter of the pile's id: (from, to).
_PILES = {
    "s": (N_("from the stock"), N_("to the stock")),
    "w": (N_("from the waste"), N_("to the waste")),
    "f": (N_("from the foundation"), N_("to the foundation")),
    "t": (N_("from column {n}"), N_("to column {n}")),
    "c": (N_("from cell {n}"), N_("to cell {n}")),
    "r": (N_("from reserve {n}"), N_("to reserve {n}")),
}
#: A pile of a kind a plugin declares, by its id.
_OTHER_PILE = (N_("from {pile}"), N_("to {pile}"))


def _pile(pile: str, to: bool) -> Message:
    texts = _PILES.get(pile[:1])
    if texts is None or (pile[:1] in "tcr" and not pile[1:].isdigit()):
        return Message(_OTHER_PILE[to], pile=pile)
    return Message(texts[to], n=pile[1:])


def describe_action(action: str, events: Sequence[Event], lang: str = "en") -> str:
    """An action in words, from the events it made (``undo``: those it took back).

    >>> from solitaire.core.state import CardsMoved, CardTurnedUp
    >>> moved = CardsMoved("t2", "t4", (Card.parse("7H"), Card.parse("6S")))
    >>> events = (moved, CardTurnedUp("t2", Card.parse("KD")))
    >>> describe_action("t2:2>t4", events)
    '7♥ 6♠ from column 2 to column 4; K♦ turned up'
    >>> describe_action("undo", events, "ru")
    'Отмена: 7♥ 6♠ из столбца 2 в столбец 4; открыта K♦'
    >>> describe_action("t3>c1", (CardsMoved("t3", "c1", (Card.parse("TH"),)),))
    '10♥ from column 3 to cell 1'
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
        elif isinstance(event, StockDealt):
            parts.append(
                Message("a row dealt: {cards}", cards=" ".join(card.display for card in event.cards))
            )
        elif isinstance(event, WasteRecycled):
            parts.append(Message("the waste back into the stock"))
        elif isinstance(event, Redealt):
            parts.append(Message("the columns gathered and dealt again"))
        elif isinstance(event, CardTurnedUp):
            parts.append(Message("{card} turned up", card=event.card))
    text = "; ".join(part.translate(lang) for part in parts) or action
    if action == "undo":
        return Message("Undo: {action}", action=text).translate(lang)
    if action == "redo":
        return Message("Redo: {action}", action=text).translate(lang)
    return text[0].upper() + text[1:]


def pile_list(ids: Sequence[str]) -> str:
    """Pile ids as a short list, runs of numbered piles shortened.

    >>> pile_list(["s", "w", "f1", "f2", "f3", "f4", "t1", "t2", "t3"])
    's, w, f1..f4, t1..t3'
    >>> pile_list(["c1", "c2", "f1", "t1", "t2"])
    'c1..c2, f1, t1..t2'
    """
    runs: list[list[str]] = []
    for pile in ids:
        letter, number = pile.rstrip("0123456789"), pile.lstrip("abcdefghijklmnopqrstuvwxyz")
        last = runs[-1] if runs else None
        if (
            last is not None
            and number.isdigit()
            and last[-1].rstrip("0123456789") == letter
            and last[-1][len(letter) :] == str(int(number) - 1)
        ):
            last.append(pile)
        else:
            runs.append([pile])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}..{run[-1]}" for run in runs)


#: A slot of a picture, in characters: room for ``t28 10♥`` and a space.
_SLOT = 8


def _picture(texts: Sequence[tuple[tuple[float, float], str]]) -> list[str]:
    """Texts at places (slots across, card heights down) as lines: a slot is
    :data:`_SLOT` characters, half a card's height a line; a text that would run into
    the one before it on its line starts a space after it."""
    lines: dict[int, list[tuple[int, str]]] = {}
    for (x, y), text in texts:
        if text:
            lines.setdefault(round(y * 2), []).append((round(x * _SLOT), text))
    out = []
    for number in range(max(lines, default=-1) + 1):
        line = ""
        for column, text in sorted(lines.get(number, [])):
            width = len(_ESCAPE.sub("", line))
            line += " " * (column - width if column > width else 1 if line else 0) + text
        out.append(line.rstrip())
    return out


def _rows(specs: Sequence[PileSpec]) -> list[list[PileSpec]]:
    """The piles row by row from the top, each row from the left."""
    rows: dict[int, list[PileSpec]] = {}
    for spec in specs:
        rows.setdefault(spec.row, []).append(spec)
    return [sorted(rows[row], key=lambda spec: spec.slot) for row in sorted(rows)]


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
    """A compact picture of the table, laid out from the variant's piles
    (:meth:`~solitaire.core.ruleset.Variant.piles`); face-down cards show as ``##``.

    Each row of the layout is a line of piles (stock, waste, cells, foundations: a
    pile's id, then its top card), and its columns are a line each, bottom card
    first; a blank line parts the rows.  A foundation is labelled with what its empty
    pile takes (its suit) where the foundations take different cards.  Piles at places
    of their own (``PileSpec.at``: Pyramid's, TriPeaks') are drawn as a picture, each
    its id and top card at its place, a slot eight characters wide and half a card's
    height a line.

    Cards are written as messages write them (``10♥``), or with ``symbols=False``
    in letters (``TH``) for an output that cannot write the suit symbols;
    ``card_symbols=False`` writes the cards in letters (the card text of the move
    notation) and keeps the foundations' suit symbols.  The waste and the
    foundations take a fixed width, so that the row does not shift as they change."""
    card_symbols = symbols if card_symbols is None else card_symbols and symbols
    waste_ids = state.table.ids_of(WASTE)
    said = []
    score = rules.scoring.format(state.score)
    if score:
        said.append(Message("Score {score}", score=score))
    said.append(Message("Moves {moves}", moves=state.moves))
    if rules.variant.has_stock and waste_ids:
        said.append(Message("Pass {n}", n=state.pass_number))
    if rules.is_won(state):
        said.append(Message("Won!"))
    lines = [
        f"{describe_rules(rules, lang)}   {code}",
        "   ".join(message.translate(lang) for message in said),
    ]
    width = 3 if card_symbols else 2  # the widest card: 10♥ or TH
    cards_in_play = sum(len(pile.down) + len(pile.up) for pile in state.piles)

    def card(card: Card) -> str:
        return _card(card, colour, card_symbols)

    specs = rules.variant.piles(state)
    marks: dict[str, set[str]] = {}
    for spec in specs:
        marks.setdefault(spec.kind, set()).add(spec.accepts)

    def label(spec: PileSpec) -> str:
        """What the empty pile takes, where piles of its kind take different cards."""
        if len(marks[spec.kind]) < 2 or not spec.accepts:
            return ""
        return spec.accepts if symbols else _SUIT_LETTERS.get(spec.accepts, spec.accepts)

    def flat(spec: PileSpec) -> tuple[str, str]:
        """A pile on a line of piles, and what parts it from the next one."""
        pile = state.pile(spec.id)
        if spec.kind == "stock":
            count = len(pile.down) + len(pile.up)
            return f"{spec.id} {f'[{count}]' if count else '[ ]':<5}", " "
        if spec.kind == "waste":
            fan = max(1, rules.draw)
            shown = " ".join(card(c) for c in pile.up[-fan:]) or "--"
            if len(pile.up) > fan:
                shown = f"({len(pile.up) - fan}) {shown}"
            # Room for the count of cards under the fan, "(49) ", and the fan itself
            # (at least the 14 columns the table has always given the waste).
            fan_width = max(14, len(f"({cards_in_play - fan}) ") + fan * (width + 1) - 1)
            return f"{spec.id} {_pad(shown, fan_width)}", "  "
        top = card(pile.up[-1]) if pile.up else "##" if pile.down else "--"
        below = len(pile.down) + len(pile.up) - 1
        if below > 0 and spec.kind not in ("foundation", "cell"):  # a reserve, say
            top = f"({below}) {top}"
        mark = label(spec)
        return f"{spec.id} {mark + ' ' if mark else ''}{_pad(top, width)}", "   "

    def placed(spec: PileSpec) -> str:
        """A pile of a picture (a pile at a place of its own): its id and top card; a
        stock's face-down count, and its face-up card (Pyramid's) if it shows one."""
        pile = state.pile(spec.id)
        top = card(pile.up[-1]) if pile.up else "##" if pile.down else "--"
        if spec.kind == "stock":
            count = len(pile.down)
            return f"{spec.id} {f'[{count}]' if count else '[ ]'}{' ' + top if pile.up else ''}"
        return f"{spec.id} {top}"

    for row in _rows(specs):
        lines.append("")
        pictured = [spec for spec in row if spec.at is not None]
        if pictured:
            lines += _picture([(spec.at or (0.0, 0.0), placed(spec)) for spec in pictured])
            row = [spec for spec in row if spec.at is None]
            if not row:
                continue
            lines.append("")
        piles = [spec for spec in row if spec.kind != "column"]
        if piles:
            line = ""
            for spec in piles:
                text, gap = flat(spec)
                line += text + gap
            lines.append(line.rstrip())
        columns = [spec for spec in row if spec.kind == "column"]
        if piles and columns:
            lines.append("")
        label_width = max((len(spec.id) for spec in columns), default=0)
        for spec in columns:
            pile = state.pile(spec.id)
            cards = ["##"] * len(pile.down) + [card(c) for c in pile.up]
            lines.append(f"{spec.id:<{label_width}}  " + (" ".join(cards) if cards else "--"))
    return "\n".join(lines)
