"""Why a move is refused: stable rule ids with messages in the player's language.

Every refusal names the rule that forbids the move.  A :class:`Rule` is a stable
id with a message template per language; :meth:`Rule.refuse` fills it in.

>>> from solitaire.core.cards import Card
>>> refusal = WRONG_COLOUR.refuse(card=Card.parse("7H"), target=Card.parse("8D"))
>>> refusal.rule
'tableau.alternate-colour'
>>> refusal.message("en")
'7♥ cannot go on 8♦: a card goes on a card of the opposite colour.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from solitaire.core.cards import Card

__all__ = [
    "LANGUAGES",
    "IllegalMoveError",
    "Refusal",
    "Rule",
    "all_rules",
]

LANGUAGES: Final = ("en", "ru")


def _text(value: object, lang: str) -> str:
    if isinstance(value, Card):
        return value.display
    if isinstance(value, Mapping):  # a word given in every language
        return str(value.get(lang) or value.get("en"))
    return str(value)


@attrs.frozen
class Refusal:
    """A refused move: the rule's id and its message in every language."""

    rule: str
    messages: Mapping[str, str]

    def message(self, lang: str = "en") -> str:
        """The message in ``lang``, falling back to English."""
        return self.messages.get(lang) or self.messages["en"]


_REGISTRY: dict[str, Rule] = {}


@attrs.frozen
class Rule:
    """A rule of play with a stable id and a message template per language.

    Templates use ``str.format`` fields; cards are shown as ``7♥``.  Plugins make
    their own rules the same way; an id must be unique.
    """

    id: str
    templates: Mapping[str, str]

    def __attrs_post_init__(self) -> None:
        if "en" not in self.templates:
            raise ValueError(f"rule {self.id!r} needs an English message")
        if _REGISTRY.get(self.id, self) != self:
            raise ValueError(f"rule id {self.id!r} is taken")
        _REGISTRY[self.id] = self

    def refuse(self, **params: object) -> Refusal:
        """A :class:`Refusal` of this rule with the message filled in."""
        messages = {
            lang: template.format(**{k: _text(v, lang) for k, v in params.items()})
            for lang, template in self.templates.items()
        }
        return Refusal(self.id, messages)


def all_rules() -> dict[str, Rule]:
    """Every rule defined so far, by id (the built-ins and loaded plugins')."""
    return dict(_REGISTRY)


class IllegalMoveError(ValueError):
    """A well-formed move that the rules refuse; ``refusal`` says why."""

    def __init__(self, move: object, refusal: Refusal) -> None:
        super().__init__(f"{move}: {refusal.message()} [{refusal.rule}]")
        self.move = move
        self.refusal = refusal


def _rule(rule_id: str, en: str, ru: str) -> Rule:
    return Rule(rule_id, {"en": en, "ru": ru})


# -- the rules of Klondike and Réfléchi --------------------------------------------------------

WRONG_COLOUR: Final = _rule(
    "tableau.alternate-colour",
    "{card} cannot go on {target}: a card goes on a card of the opposite colour.",
    "{card} нельзя положить на {target}: карту кладут на карту противоположного цвета.",
)
WRONG_RANK: Final = _rule(
    "tableau.one-rank-lower",
    "{card} cannot go on {target}: a card goes on a card exactly one rank higher.",
    "{card} нельзя положить на {target}: карту кладут на карту ровно на один ранг старше.",
)
FACE_DOWN: Final = _rule(
    "tableau.face-down",
    "A face-down card cannot be moved; it turns up by itself once uncovered.",
    "Закрытую карту нельзя переместить: она откроется сама, когда её освободят.",
)
GROUP_ORDER: Final = _rule(
    "tableau.group-order",
    "{card} cannot move with the cards on it: the group is not in order"
    " (each card one rank lower than the one before, colours alternating).",
    "{card} нельзя переместить вместе с лежащими на ней картами: группа не упорядочена"
    " (каждая карта на ранг младше предыдущей, цвета чередуются).",
)
EMPTY_NEEDS_KING: Final = _rule(
    "tableau.empty-needs-king",
    "{card} cannot go to an empty column: only a king, alone or heading its group, may.",
    "{card} нельзя положить в пустой столбец: туда ложится только король, один или со своей группой.",
)
TOO_MANY: Final = _rule(
    "tableau.not-enough-cards",
    "{pile} has fewer than {count} cards.",
    "{pile}: здесь меньше {count} карт.",
)
FOUNDATION_SUIT: Final = _rule(
    "foundation.suit",
    "{card} cannot go on the {pile} foundation: each suit has its own, and {card} goes on {own}.",
    "{card} нельзя положить на базу {pile}: у каждой масти своя база, {card} кладут на {own}.",
)
FOUNDATION_RANK: Final = _rule(
    "foundation.next-rank",
    "{card} cannot go on its foundation yet: it needs {needed} next.",
    "{card} пока нельзя положить на базу: следующей туда ложится {needed}.",
)
FOUNDATION_EMPTY_NEEDS_ACE: Final = _rule(
    "foundation.ace-first",
    "{card} cannot go on its foundation yet: a foundation starts with the ace.",
    "{card} пока нельзя положить на базу: база начинается с туза.",
)
FOUNDATION_ONE_CARD: Final = _rule(
    "foundation.one-card",
    "Only one card at a time goes to a foundation.",
    "На базу кладут только одну карту за раз.",
)
RETURNS_FORBIDDEN: Final = _rule(
    "foundation.no-returns",
    "Cards may not come back from a foundation in this game (classic rules).",
    "В этой партии карты с баз не возвращаются (классические правила).",
)
WASTE_EMPTY: Final = _rule(
    "waste.empty",
    "The waste is empty: tap the stock to turn cards over.",
    "Сброс пуст: коснитесь колоды, чтобы открыть карты.",
)
NOTHING_TO_DRAW: Final = _rule(
    "stock.exhausted",
    "Nothing left to draw or recycle: the stock and the waste are both empty.",
    "Больше нечего открывать: колода и сброс пусты.",
)
NO_PASSES_LEFT: Final = _rule(
    "stock.no-passes-left",
    "The waste cannot go back to the stock: no passes are left ({passes} allowed).",
    "Сброс нельзя вернуть в колоду: проходы закончились (разрешено {passes}).",
)
STOCK_NOT_A_SOURCE: Final = _rule(
    "stock.not-a-source",
    "Cards are not taken from the stock: tap it to turn them onto the waste.",
    "Карты не берут из колоды: коснитесь её, чтобы открыть карты в сброс.",
)
NOT_A_DESTINATION: Final = _rule(
    "move.not-a-destination",
    "{pile} does not take cards: tapping the stock turns them onto the waste.",
    "{pile}: сюда карты класть нельзя, их открывают касанием колоды.",
)
SAME_PILE: Final = _rule(
    "move.same-pile",
    "A card cannot move to the pile it is already on.",
    "Карту нельзя переместить на ту же стопку.",
)
NO_SUCH_PILE: Final = _rule(
    "move.no-such-pile",
    "There is no pile {pile} in this game.",
    "В этой игре нет стопки {pile}.",
)
SOURCE_EMPTY: Final = _rule(
    "move.source-empty",
    "{pile} is empty: there is no card to move.",
    "{pile}: здесь нет карты для хода.",
)
NOTHING_TO_UNDO: Final = _rule(
    "history.nothing-to-undo",
    "There is nothing to undo.",
    "Отменять нечего.",
)
NOTHING_TO_REDO: Final = _rule(
    "history.nothing-to-redo",
    "There is nothing to redo.",
    "Повторять нечего.",
)
NO_COLUMN_ACCEPTS: Final = _rule(
    "tap.no-column-accepts",
    "No column accepts {card} now.",
    "Сейчас ни один столбец не принимает {card}.",
)
