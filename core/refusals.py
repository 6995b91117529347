"""Why a move is refused: stable rule ids with messages in the player's language.

Every refusal names the rule that forbids the move.  A :class:`Rule` is a stable
id with a message template per language; :meth:`Rule.refuse` fills it in.

>>> refusal = NO_SUCH_PILE.refuse(pile="t9")
>>> refusal.rule
'move.no-such-pile'
>>> refusal.message("en")
'There is no pile t9 in this game.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from solitaire.core import i18n
from solitaire.core.i18n import N_, Message, Plural

__all__ = [
    "LANGUAGES",
    "IllegalMoveError",
    "Refusal",
    "Rule",
    "all_rules",
    "is_about_source",
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
    #: True for a rule about the cards taken, whatever the destination (a face-down
    #: card, an empty source): front ends then stop looking for a place to put them.
    source: bool = False

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


def is_about_source(refusal: Refusal) -> bool:
    """True when ``refusal`` is about the cards taken, whatever the destination."""
    rule = _REGISTRY.get(refusal.rule)
    return rule is not None and rule.source


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


# -- the rules of every game ---------------------------------------------------------------------
# The rules of the building blocks (how cards build, the stock, the foundations) are
# defined with the blocks, in :mod:`solitaire.variants.blocks`.

NOT_A_DESTINATION: Final = _rule(
    "move.not-a-destination",
    N_("{pile} does not take cards: tapping the stock turns them onto the waste."),
)
SAME_PILE: Final = _rule(
    "move.same-pile",
    N_("A card cannot move to the pile it is already on."),
)
FACE_DOWN: Final = Rule(
    "tableau.face-down",
    N_("A face-down card cannot be moved; it turns up by itself once uncovered."),
    source=True,
)
STOCK_NOT_A_SOURCE: Final = Rule(
    "stock.not-a-source",
    N_("Cards are not taken from the stock: tap it to turn them onto the waste."),
    source=True,
)
COVERED: Final = Rule(
    "move.covered",
    N_("{card} is covered: a card plays only when no other card lies on it."),
    source=True,
)
NO_SUCH_PILE: Final = Rule("move.no-such-pile", N_("There is no pile {pile} in this game."), source=True)
SOURCE_EMPTY: Final = Rule("move.source-empty", N_("{pile} is empty: there is no card to move."), source=True)
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
