"""Cards, suits and their text form.

A card's text is its rank (``A 2 3 4 5 6 7 8 9 T J Q K``) followed by its suit
(``S H D C``): ``Card.parse("TH")`` is the ten of hearts.  The 52 cards are
interned, so ``Card.parse("TH") is Card(10, Suit.HEARTS)``.

>>> card = Card.parse("7H")
>>> card.rank, card.suit.letter, card.is_red, card.display
(7, 'H', True, '7♥')
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

__all__ = ["CARDS", "RANK_TEXT", "Card", "Suit", "cards_text", "parse_cards"]

RANK_TEXT: Final = "A23456789TJQK"
_RANK_DISPLAY: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


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
    """One of the 52 cards; there is exactly one object per card.

    ``index`` numbers the cards suit by suit in foundation order (spades, hearts,
    diamonds, clubs), ace to king: ``AS`` is 0, ``KC`` is 51.
    """

    __slots__ = ("display", "index", "is_red", "rank", "suit", "text")

    rank: int
    suit: Suit
    index: int
    is_red: bool
    text: str
    display: str

    def __new__(cls, rank: int, suit: Suit | int) -> Card:
        if not (isinstance(rank, int) and 1 <= rank <= 13):
            raise ValueError(f"rank must be 1..13, got {rank!r}")
        return CARDS[int(suit) * 13 + rank - 1]

    @classmethod
    def _make(cls, rank: int, suit: Suit) -> Card:
        card = object.__new__(cls)
        values = {
            "rank": rank,
            "suit": suit,
            "index": int(suit) * 13 + rank - 1,
            "is_red": suit.is_red,
            "text": RANK_TEXT[rank - 1] + suit.letter,
            "display": _RANK_DISPLAY[rank - 1] + suit.symbol,
        }
        for name, value in values.items():
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card named by ``text``, e.g. ``"TH"`` or ``"as"``.

        >>> Card.parse("QS").display
        'Q♠'
        """
        if not isinstance(text, str) or len(text) != 2:
            raise ValueError(f"{text!r} is not a card: use a rank A23456789TJQK and a suit SHDC, e.g. TH")
        rank = RANK_TEXT.find(text[0].upper())
        if rank < 0:
            raise ValueError(f"{text!r} is not a card: rank {text[0]!r} is not one of A23456789TJQK")
        try:
            suit = Suit.from_letter(text[1])
        except ValueError:
            raise ValueError(f"{text!r} is not a card: suit {text[1]!r} is not one of S, H, D, C") from None
        return CARDS[int(suit) * 13 + rank]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[int, Suit]]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    def is_opposite_colour(self, other: Card) -> bool:
        """True when one card is red and the other black."""
        return self.is_red is not other.is_red


CARDS: Final[tuple[Card, ...]] = tuple(Card._make(rank, suit) for suit in Suit for rank in range(1, 14))


def parse_cards(texts: list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse a sequence of card texts."""
    return tuple(Card.parse(text) for text in texts)


def cards_text(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    """The text form of a sequence of cards."""
    return [card.text for card in cards]
