"""Cards, suits and their text form.

A card's text is its rank (``A 2 3 4 5 6 7 8 9 T J Q K``) followed by its suit
(``S H D C``): ``Card.parse("TH")`` is the ten of hearts.  Games with more than one
deck tell the copies apart by their deck: the text is the same, the *token* (what
logs write) adds the deck from the second on, ``"TH.2"``.  Every card is interned,
so ``Card.parse("TH") is Card(10, Suit.HEARTS)``.

>>> card = Card.parse("7H")
>>> card.rank, card.suit.letter, card.is_red, card.display, card.deck
(7, 'H', True, '7♥', 0)
>>> copy = Card(7, Suit.HEARTS, deck=1)
>>> copy.text, copy.token, copy == card, copy.index == card.index
('7H', '7H.2', False, True)
"""

from __future__ import annotations

import threading
from enum import IntEnum
from typing import Final

__all__ = ["CARDS", "MAX_DECKS", "RANK_TEXT", "Card", "Suit", "cards_text", "deck_cards", "parse_cards"]

RANK_TEXT: Final = "A23456789TJQK"
_RANK_DISPLAY: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
MAX_DECKS: Final = 8
"""The most decks a game may use (a game of two packs uses two; 104 cards of one suit are eight)."""


class Suit(IntEnum):
    """The four suits, numbered in the fixed order of the foundations f1..f4."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card text: ``S H D C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """The suit of a letter ``S H D C`` (upper or lower case)."""
        index = "SHDC".find(letter.upper())
        if index < 0 or len(letter) != 1:
            raise ValueError(f"{letter!r} is not a suit: use S, H, D or C")
        return cls(index)


class Card:
    """One card of one deck; there is exactly one object per card.

    ``index`` numbers the faces suit by suit in foundation order (spades, hearts,
    diamonds, clubs), ace to king: ``AS`` is 0, ``KC`` is 51; both copies of a card
    in a two-deck game share it.  ``deck`` counts the decks from 0, and ``uid``
    (``deck * 52 + index``) tells every card of a game apart: for the first deck it
    is the index.
    """

    __slots__ = ("deck", "display", "index", "is_red", "rank", "suit", "text", "token", "uid")

    rank: int
    suit: Suit
    index: int
    deck: int
    uid: int
    is_red: bool
    text: str
    token: str
    display: str

    def __new__(cls, rank: int, suit: Suit | int, deck: int = 0) -> Card:
        if not (isinstance(rank, int) and 1 <= rank <= 13):
            raise ValueError(f"rank must be 1..13, got {rank!r}")
        if not (isinstance(deck, int) and 0 <= deck < MAX_DECKS):
            raise ValueError(f"deck must be 0..{MAX_DECKS - 1}, got {deck!r}")
        return _decks(deck + 1)[deck * 52 + int(suit) * 13 + rank - 1]

    @classmethod
    def _make(cls, rank: int, suit: Suit, deck: int) -> Card:
        # Made 416 times at import: each value worked out directly (a suit's properties
        # and its members are slow to reach), each slot set once.
        card = object.__new__(cls)
        number = int(suit)
        index = number * 13 + rank - 1
        text = RANK_TEXT[rank - 1] + "SHDC"[number]
        setattr_ = object.__setattr__
        setattr_(card, "rank", rank)
        setattr_(card, "suit", suit)
        setattr_(card, "index", index)
        setattr_(card, "deck", deck)
        setattr_(card, "uid", deck * 52 + index)
        setattr_(card, "is_red", number in (1, 2))  # Suit.is_red: hearts and diamonds
        setattr_(card, "text", text)
        setattr_(card, "token", text if deck == 0 else f"{text}.{deck + 1}")
        setattr_(card, "display", _RANK_DISPLAY[rank - 1] + "♠♥♦♣"[number])
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card named by ``text``, e.g. ``"TH"`` or ``"as"``; a token such as
        ``"TH.2"`` names the copy of the second deck.

        >>> Card.parse("QS").display
        'Q♠'
        >>> Card.parse("qs.2").deck
        1
        """
        if isinstance(text, str) and len(text) > 2 and text[2:3] == ".":
            number = text[3:]
            if not (number.isdigit() and number.isascii() and number[0] != "0" and int(number) <= MAX_DECKS):
                raise ValueError(f"{text!r} is not a card: the deck after '.' is 2..{MAX_DECKS}, e.g. TH.2")
            return _decks(int(number))[(int(number) - 1) * 52 + cls.parse(text[:2]).index]
        if not isinstance(text, str) or len(text) != 2:
            raise ValueError(f"{text!r} is not a card: use a rank A23456789TJQK and a suit SHDC, e.g. TH")
        rank = RANK_TEXT.find(text[0].upper())
        if rank < 0:
            raise ValueError(f"{text!r} is not a card: rank {text[0]!r} is not one of A23456789TJQK")
        try:
            suit = Suit.from_letter(text[1])
        except ValueError:
            raise ValueError(f"{text!r} is not a card: suit {text[1]!r} is not one of S, H, D, C") from None
        return _ALL[int(suit) * 13 + rank]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __hash__(self) -> int:
        return self.uid

    def __reduce__(self) -> tuple[object, tuple[int, Suit, int]]:
        return (Card, (self.rank, self.suit, self.deck))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.token!r})"

    def is_opposite_colour(self, other: Card) -> bool:
        """True when one card is red and the other black."""
        return self.is_red is not other.is_red


#: Every card made so far, deck by deck in uid order: the first deck at import, the others
#: when first asked for (most games use one deck).
_ALL: Final[list[Card]] = []
_GROWING: Final = threading.Lock()


def _decks(count: int) -> list[Card]:
    """:data:`_ALL`, holding at least the cards of the first ``count`` decks."""
    if len(_ALL) < 52 * count:
        with _GROWING:  # one object per card, whichever thread asks first
            while len(_ALL) < 52 * count:
                deck = len(_ALL) // 52
                _ALL.extend(tuple(Card._make(rank, suit, deck) for suit in Suit for rank in range(1, 14)))
    return _ALL


CARDS: Final[tuple[Card, ...]] = tuple(_decks(1))
"""The 52 cards of the first deck, in index order."""


def deck_cards(decks: int = 1) -> tuple[Card, ...]:
    """Every card of ``decks`` decks, deck by deck, each in index order (``uid`` order).

    >>> len(deck_cards(2)), deck_cards(2)[52].token
    (104, 'AS.2')
    """
    if not (isinstance(decks, int) and 1 <= decks <= MAX_DECKS):
        raise ValueError(f"a game has 1..{MAX_DECKS} decks, not {decks!r}")
    return tuple(_decks(decks)[: 52 * decks])


def parse_cards(texts: list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse a sequence of card texts."""
    return tuple(Card.parse(text) for text in texts)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    """The text form of a sequence of cards."""
    return [card.text for card in cards]
