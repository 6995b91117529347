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

from solitaire.core import i18n
from solitaire.core.i18n import N_, Message, N_plural, Plural

__all__ = [
    "LANGUAGES",
    "IllegalMoveError",
    "Refusal",
    "Rule",
    "all_rules",
]

LANGUAGES: Final = ("en", "ru")
"""The languages of the built-in catalogues (kept for older plugins); the languages
spoken are :func:`solitaire.core.i18n.languages`."""


def _text(value: object, lang: str) -> str:
    return str(i18n.localised(value, lang))


@attrs.frozen
class Refusal:
    """A refused move: the rule's id and its message, a :class:`~solitaire.core.i18n.Message`
    translated when shown (or, from older plugins, a text per language)."""

    rule: str
    text: Message | Mapping[str, str]

    @property
    def messages(self) -> dict[str, str]:
        """The message in every language spoken."""
        return {lang: self.message(lang) for lang in i18n.languages()}

    def message(self, lang: str = "en") -> str:
        """The message in ``lang``, falling back to English."""
        if isinstance(self.text, Message):
            return self.text.translate(lang)
        return i18n.translate(self.text, lang)


_REGISTRY: dict[str, Rule] = {}


@attrs.frozen
class Rule:
    """A rule of play with a stable id and a message template: an English msgid of
    the gettext ``domain`` (a plugin's own, see ``docs/modding.md``), or, as older
    plugins write it, a template per language (``{"en": ..., "ru": ...}``).

    Templates use ``str.format`` fields; cards are shown as ``7♥``.  Plugins make
    their own rules the same way; an id must be unique.
    """

    id: str
    templates: str | tuple[str, str] | Mapping[str, str]
    domain: str = i18n.DOMAIN
    #: For a template given as a singular and plural pair (``N_plural``): the field that counts.
    counted: str = "count"

    def __attrs_post_init__(self) -> None:
        if isinstance(self.templates, Mapping) and "en" not in self.templates:
            raise ValueError(f"rule {self.id!r} needs an English message")
        if _REGISTRY.get(self.id, self) != self:
            raise ValueError(f"rule id {self.id!r} is taken")
        _REGISTRY[self.id] = self

    def refuse(self, **params: object) -> Refusal:
        """A :class:`Refusal` of this rule with the message filled in."""
        if isinstance(self.templates, str):
            return Refusal(self.id, Message.with_values(self.templates, params, domain=self.domain))
        if isinstance(self.templates, tuple):
            singular, plural = self.templates
            counted = Plural(singular, plural, int(params[self.counted]), domain=self.domain)  # type: ignore[call-overload]
            counted.params = {**params, "n": counted.n}
            return Refusal(self.id, counted)
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


def _rule(rule_id: str, en: str | tuple[str, str]) -> Rule:
    return Rule(rule_id, en)


# -- the rules of Klondike and Réfléchi --------------------------------------------------------

WRONG_COLOUR: Final = _rule(
    "tableau.alternate-colour",
    N_("{card} cannot go on {target}: a card goes on a card of the opposite colour."),
)
WRONG_RANK: Final = _rule(
    "tableau.one-rank-lower",
    N_("{card} cannot go on {target}: a card goes on a card exactly one rank higher."),
)
FACE_DOWN: Final = _rule(
    "tableau.face-down",
    N_("A face-down card cannot be moved; it turns up by itself once uncovered."),
)
GROUP_ORDER: Final = _rule(
    "tableau.group-order",
    N_(
        "{card} cannot move with the cards on it: the group is not in order"
        " (each card one rank lower than the one before, colours alternating)."
    ),
)
EMPTY_NEEDS_KING: Final = _rule(
    "tableau.empty-needs-king",
    N_("{card} cannot go to an empty column: only a king, alone or heading its group, may."),
)
TOO_MANY: Final = _rule(
    "tableau.not-enough-cards",
    N_plural("{pile} has fewer than {count} card.", "{pile} has fewer than {count} cards."),
)
FOUNDATION_SUIT: Final = _rule(
    "foundation.suit",
    N_("{card} cannot go on the {pile} foundation: each suit has its own, and {card} goes on {own}."),
)
FOUNDATION_RANK: Final = _rule(
    "foundation.next-rank",
    N_("{card} cannot go on its foundation yet: it needs {needed} next."),
)
FOUNDATION_EMPTY_NEEDS_ACE: Final = _rule(
    "foundation.ace-first",
    N_("{card} cannot go on its foundation yet: a foundation starts with the ace."),
)
FOUNDATION_ONE_CARD: Final = _rule(
    "foundation.one-card",
    N_("Only one card at a time goes to a foundation."),
)
RETURNS_FORBIDDEN: Final = _rule(
    "foundation.no-returns",
    N_("Cards may not come back from a foundation in this game (classic rules)."),
)
WASTE_EMPTY: Final = _rule(
    "waste.empty",
    N_("The waste is empty: tap the stock to turn cards over."),
)
NOTHING_TO_DRAW: Final = _rule(
    "stock.exhausted",
    N_("Nothing left to draw or recycle: the stock and the waste are both empty."),
)
NO_PASSES_LEFT: Final = _rule(
    "stock.no-passes-left",
    N_("The waste cannot go back to the stock: no passes are left ({passes} allowed)."),
)
STOCK_NOT_A_SOURCE: Final = _rule(
    "stock.not-a-source",
    N_("Cards are not taken from the stock: tap it to turn them onto the waste."),
)
NOT_A_DESTINATION: Final = _rule(
    "move.not-a-destination",
    N_("{pile} does not take cards: tapping the stock turns them onto the waste."),
)
SAME_PILE: Final = _rule(
    "move.same-pile",
    N_("A card cannot move to the pile it is already on."),
)
NO_SUCH_PILE: Final = _rule(
    "move.no-such-pile",
    N_("There is no pile {pile} in this game."),
)
SOURCE_EMPTY: Final = _rule(
    "move.source-empty",
    N_("{pile} is empty: there is no card to move."),
)
NOTHING_TO_UNDO: Final = _rule(
    "history.nothing-to-undo",
    N_("There is nothing to undo."),
)
NOTHING_TO_REDO: Final = _rule(
    "history.nothing-to-redo",
    N_("There is nothing to redo."),
)
NO_COLUMN_ACCEPTS: Final = _rule(
    "tap.no-column-accepts",
    N_("No column accepts {card} now."),
)
