"""What the window tells screen readers: cards and piles in words, and announcements.

Announcements need Qt 6.8 or later (``QAccessibleAnnouncementEvent``); with an
older Qt they are left out and the table's accessible description still tells
the whole position.
"""

from __future__ import annotations

from qtpy import QtGui
from qtpy.QtCore import QObject
from qtpy.QtGui import QAccessible

from solitaire.core.cards import Card, Suit
from solitaire.core.ruleset import PileSpec
from solitaire.core.state import CELL, FOUNDATION, STOCK, TABLEAU, WASTE, State
from solitaire.frontends.qt.i18n import TEXTS, Counted, text

__all__ = ["announce", "card_words", "focus_words", "pile_words", "plural"]

_ANNOUNCEMENT = getattr(QtGui, "QAccessibleAnnouncementEvent", None)


def plural(key: str, lang: str, count: int) -> str:
    """The form of the text ``key`` that goes with ``count``: the catalogue's plural
    form for a ``counted`` entry, else (an entry whose forms are separated by ``|``)
    the form by the rule of English or Russian."""
    if isinstance(TEXTS[key], Counted):
        return text(key, lang, count=count)
    forms = text(key, lang, count=count).split("|")
    if lang == "ru" and len(forms) == 3:
        tens, units = count % 100, count % 10
        index = 0 if units == 1 and tens != 11 else 1 if 2 <= units <= 4 and not 12 <= tens <= 14 else 2
    else:
        index = 0 if count == 1 else 1
    return forms[min(index, len(forms) - 1)]


def card_words(card: Card, lang: str) -> str:
    """A card in words: "seven of hearts", "семёрка червей"."""
    rank = text("a11y.ranks", lang).split()[card.rank - 1]
    suit = text("a11y.suits", lang).split()[card.suit]
    return text("a11y.card", lang, rank=rank, suit=suit)


def pile_words(pile: str, lang: str, state: State | None = None, spec: PileSpec | None = None) -> str:
    """A pile's name: "Stock", "Column 3", "Cell 1", "Foundation of hearts" (a foundation
    of one suit, as ``spec`` says; without a ``spec`` the first four are by suit) or
    "Foundation 5".  ``state`` tells the pile's kind (else its id does)."""
    kind = _kind(pile, state)
    number = pile[1:]
    if kind == STOCK:
        return text("a11y.stock", lang)
    if kind == WASTE:
        return text("a11y.waste", lang)
    if kind == TABLEAU and number.isdigit():
        return text("a11y.column", lang, number=number)
    if kind == CELL and number.isdigit():
        return text("a11y.cell", lang, number=number)
    if kind == FOUNDATION and number.isdigit():
        suit = _SUITS.get(spec.accepts[-1:]) if spec is not None else None  # "♠", or "K♠"
        if spec is None and 1 <= int(number) <= len(Suit):
            suit = Suit(int(number) - 1)
        if suit is not None:
            return text("a11y.foundation", lang, suit=text("a11y.suits", lang).split()[suit])
        return text("a11y.foundation.number", lang, number=number)
    return text("a11y.pile", lang, pile=pile)


_SUITS: dict[str, Suit] = {suit.symbol: suit for suit in Suit}
_KINDS_BY_LETTER = {"s": STOCK, "w": WASTE, "t": TABLEAU, "f": FOUNDATION, "c": CELL}


def _kind(pile: str, state: State | None) -> str | None:
    """The kind of a pile: the table's word, else what the notation's letter says."""
    if state is not None and pile in state.table.index:
        return state.table.kind(pile)
    return _KINDS_BY_LETTER.get(pile[:1])


def _cards(state: State, pile: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A pile's face-down and face-up cards, bottom first."""
    if pile not in state.table.index:
        return (), ()
    cards = state.pile(pile)
    return cards.down, cards.up


def focus_words(
    state: State,
    pile: str,
    depth: int,
    lang: str,
    *,
    held: tuple[Card, ...] = (),
    spec: PileSpec | None = None,
) -> str:
    """What the keyboard focus is on: "Column 3: seven of hearts, 3 cards face down".

    ``depth`` counts the face-up cards of a column taken from its end (a group to
    pick up); ``held`` are the cards picked up, if any; ``spec`` is how the pile is laid
    out (see :func:`pile_words`)."""
    down, up = _cards(state, pile)
    kind = _kind(pile, state)
    parts: list[str] = []
    if kind == STOCK:
        parts.append(plural("a11y.cards", lang, len(down)) if down else text("a11y.empty", lang))
    else:
        depth = min(max(1, depth), max(1, len(up)))
        if not up and not down:
            parts.append(text("a11y.empty", lang))
        elif depth > 1:
            first, last = card_words(up[-depth], lang), card_words(up[-1], lang)
            parts.append(text("a11y.group", lang, count=depth, first=first, last=last))
        elif up:
            parts.append(card_words(up[-1], lang))
        if kind == WASTE and len(up) > 1:
            parts.append(plural("a11y.cards", lang, len(up)))
        if down:
            parts.append(plural("a11y.face_down", lang, len(down)))
    if held:
        cards = card_words(held[0], lang)
        if len(held) > 1:
            last = card_words(held[-1], lang)
            cards = text("a11y.group", lang, count=len(held), first=cards, last=last)
        parts.append(text("a11y.holding", lang, cards=cards))
    return text("a11y.focus", lang, pile=pile_words(pile, lang, state, spec), what=", ".join(parts))


def announce(source: QObject, message: str, *, interrupt: bool = False) -> bool:
    """Have screen readers say ``message`` about ``source`` (politely, after what they
    are saying, unless ``interrupt``).  False when this Qt cannot (before 6.8)."""
    if _ANNOUNCEMENT is None or not message:
        return False
    event = _ANNOUNCEMENT(source, message)
    if interrupt:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)
    return True
