"""The rules the building blocks refuse a move by, each with its stable id and its
message (English, translated through the game's catalogue when shown).

A variant's own rules are :class:`~solitaire.core.refusals.Rule` objects too; make
them the same way, with an id of your own (``mygame.no-eights``).
"""

from __future__ import annotations

from typing import Final

from solitaire.core.i18n import N_, N_plural
from solitaire.core.refusals import Rule


def _rule(rule_id: str, en: str | tuple[str, str], *, source: bool = False, counted: str = "count") -> Rule:
    return Rule(rule_id, en, source=source, counted=counted)


WRONG_COLOUR: Final = _rule(
    "tableau.alternate-colour",
    N_("{card} cannot go on {target}: a card goes on a card of the opposite colour."),
)
WRONG_RANK: Final = _rule(
    "tableau.one-rank-lower",
    N_("{card} cannot go on {target}: a card goes on a card exactly one rank higher."),
)
WRONG_RANK_UP: Final = _rule(
    "build.one-rank-higher",
    N_("{card} cannot go on {target}: a card goes on a card exactly one rank lower."),
)
WRONG_RANK_STEP: Final = _rule(
    "build.step-higher",
    N_plural(
        "{card} cannot go on {target}: a card goes on a card exactly {step} rank lower.",
        "{card} cannot go on {target}: a card goes on a card exactly {step} ranks lower.",
    ),
    counted="step",
)
WRONG_RANK_EITHER: Final = _rule(
    "build.one-rank-apart",
    N_("{card} cannot go on {target}: a card goes on a card one rank higher or lower."),
)
WRONG_SUIT: Final = _rule(
    "build.same-suit",
    N_("{card} cannot go on {target}: a card goes on a card of its own suit."),
)
NOTHING_ON_KING: Final = _rule(
    "build.nothing-on-king",
    N_("{card} cannot go on {target}: nothing goes on a king here."),
)
NO_BUILDING: Final = _rule(
    "build.none",
    N_("{card} cannot go on {target}: cards are not built on this pile."),
)
GROUP_ORDER: Final = _rule(
    "tableau.group-order",
    N_(
        "{card} cannot move with the cards on it: the group is not in order"
        " (each card one rank lower than the one before, colours alternating)."
    ),
    source=True,
)
GROUP_SUIT_ORDER: Final = _rule(
    "tableau.group-suit-order",
    N_(
        "{card} cannot move with the cards on it: the group is not in order"
        " (each card one rank lower than the one before, all of one suit)."
    ),
    source=True,
)
ONE_CARD_AT_A_TIME: Final = _rule(
    "tableau.one-card",
    N_("{card} cannot move with the cards on it: cards move one at a time in this game."),
    source=True,
)
GROUP_TOO_BIG: Final = _rule(
    "tableau.group-too-big",
    N_plural(
        "{count} cards cannot move at once now: with the free cells and empty columns there are,"
        " at most {limit} card may.",
        "{count} cards cannot move at once now: with the free cells and empty columns there are,"
        " at most {limit} cards may.",
    ),
    counted="limit",
)
EMPTY_NEEDS_KING: Final = _rule(
    "tableau.empty-needs-king",
    N_("{card} cannot go to an empty column: only a king, alone or heading its group, may."),
)
EMPTY_NEEDS_RANK: Final = _rule(
    "tableau.empty-needs-rank",
    N_("{card} cannot go to an empty column: only a card of rank {rank} may."),
)
EMPTY_TAKES_NONE: Final = _rule(
    "tableau.empty-stays-empty",
    N_("{card} cannot go to an empty column: an empty column stays empty in this game."),
)
TOO_MANY: Final = _rule(
    "tableau.not-enough-cards",
    N_plural("{pile} has fewer than {count} card.", "{pile} has fewer than {count} cards."),
    source=True,
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
FOUNDATION_BASE: Final = _rule(
    "foundation.base-rank",
    N_("{card} cannot start a foundation: a foundation starts with rank {rank}."),
)
FOUNDATION_ONE_CARD: Final = _rule(
    "foundation.one-card",
    N_("Only one card at a time goes to a foundation."),
)
FOUNDATION_RUNS_ONLY: Final = _rule(
    "foundation.whole-runs",
    N_("Cards go to a foundation only as a whole run, king to ace of one suit, and it goes by itself."),
)
RETURNS_FORBIDDEN: Final = _rule(
    "foundation.no-returns",
    N_("Cards may not come back from a foundation in this game (classic rules)."),
    source=True,
)
WASTE_EMPTY: Final = _rule(
    "waste.empty",
    N_("The waste is empty: tap the stock to turn cards over."),
    source=True,
)
NOTHING_TO_DRAW: Final = _rule(
    "stock.exhausted",
    N_("Nothing left to draw or recycle: the stock and the waste are both empty."),
)
STOCK_EMPTY: Final = _rule(
    "stock.empty",
    N_("The stock is empty: there is nothing left to deal."),
)
NO_PASSES_LEFT: Final = _rule(
    "stock.no-passes-left",
    N_("The waste cannot go back to the stock: no passes are left ({passes} allowed)."),
)
DEAL_NEEDS_FULL_COLUMNS: Final = _rule(
    "stock.columns-must-be-filled",
    N_("The stock cannot deal a row while a column is empty: fill every column first."),
)
TOP_CARD_ONLY: Final = _rule(
    "move.top-card-only",
    N_("Only the top card of {pile} can be taken."),
    source=True,
)
CELL_FULL: Final = _rule(
    "cell.full",
    N_("{pile} already holds a card: a cell holds one card."),
)
CELL_ONE_CARD: Final = _rule(
    "cell.one-card",
    N_("Only one card at a time goes to a cell."),
)
COVERED: Final = _rule(
    "tableau.face-down-top",
    N_("Nothing goes on {pile}: its top card is face down."),
)
RESERVE_TAKES_NONE: Final = _rule(
    "reserve.takes-none",
    N_("{pile} takes no cards: cards only leave a reserve, its top card first."),
)

WRONG_RANK_STEP_DOWN: Final = _rule(
    "build.step-lower",
    N_plural(
        "{card} cannot go on {target}: a card goes on a card exactly {step} rank higher.",
        "{card} cannot go on {target}: a card goes on a card exactly {step} ranks higher.",
    ),
    counted="step",
)
WRONG_RANK_SAME: Final = _rule(
    "build.same-rank",
    N_("{card} cannot go on {target}: a card goes on a card of its own rank."),
)
WRONG_SAME_COLOUR: Final = _rule(
    "build.same-colour",
    N_("{card} cannot go on {target}: a card goes on a card of its own colour."),
)
FOUNDATION_OWN_RANK: Final = _rule(
    "foundation.rank",
    N_("{card} cannot go on {pile}: each rank has its own foundation, and {card} goes on {own}."),
)
FOUNDATION_START: Final = _rule(
    "foundation.start",
    N_("{card} cannot go on {pile}: it does not start with a {rank}, and takes nothing until it does."),
)
FOUNDATION_KEEPS: Final = _rule(
    "foundation.keeps",
    N_("{pile} keeps its cards: they never leave it."),
    source=True,
)
WHOLE_OR_TOP_RULE: Final = _rule(
    "tableau.whole-or-top",
    N_("{card} cannot move with the cards on it: a column moves as a whole, or only its last card."),
    source=True,
)
TAKES_ONLY_FROM: Final = _rule(
    "move.wrong-source",
    N_("{pile} takes cards only from {sources}."),
)
STOCK_WAITS_FOR_WASTE: Final = _rule(
    "stock.waste-not-empty",
    N_("The stock deals only onto an empty waste: play the waste's card first."),
)
NO_REDEALS_LEFT: Final = _rule(
    "stock.no-redeals-left",
    N_plural(
        "The cards cannot be dealt again: the game's {count} redeal is used.",
        "The cards cannot be dealt again: all {count} redeals of the game are used.",
    ),
)
NOTHING_TO_REDEAL: Final = _rule(
    "stock.nothing-to-redeal",
    N_("There is nothing to deal again: every column is empty."),
)
MERCI_USED: Final = _rule(
    "tableau.merci-used",
    N_plural(
        "No card may be pulled up any more: the game allows {count} such move.",
        "No card may be pulled up any more: the game allows {count} such moves.",
    ),
    source=True,
)
MERCI_ONE_CARD: Final = _rule(
    "tableau.merci-needs-depth",
    N_(
        "To pull a card up to the top of its pile, name it by its depth:"
        " {pile}:2>{pile} is the card under the top."
    ),
    source=True,
)
