"""The state as text for a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.core import i18n
from solitaire.core.cards import Card, Suit
from solitaire.core.i18n import N_, Message, Plural
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import CardsMoved, CardTurnedUp, Event, State, StockDrawn, WasteRecycled

__all__ = ["describe_action", "describe_rules", "render_state"]

_RED = "\033[31m"
_RESET = "\033[0m"


def _card(card: Card, colour: bool) -> str:
    return f"{_RED}{card.text}{_RESET}" if colour and card.is_red else card.text


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


def render_state(state: State, rules: Ruleset, code: str, *, lang: str = "en", colour: bool = False) -> str:
    """A compact picture of the table; face-down cards show as ``##``."""
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
    fan = max(1, rules.draw)
    waste = " ".join(_card(card, colour) for card in state.waste[-fan:]) or "--"
    if len(state.waste) > fan:
        waste = f"({len(state.waste) - fan}) {waste}"
    foundations = []
    for index, foundation in enumerate(state.foundations):
        top = _card(foundation[-1], colour) if foundation else "--"
        foundations.append(f"f{index + 1} {Suit(index).symbol if index < 4 else ''} {top}")
    stock = f"[{len(state.stock)}]" if state.stock else "[ ]"
    head = f"s {stock:<5} w {waste:<14}  " if stock_shown else ""
    lines.append(head + "   ".join(foundations))
    lines.append("")
    for number, column in enumerate(state.tableau, 1):
        cards = ["##"] * len(column.down) + [_card(card, colour) for card in column.up]
        lines.append(f"t{number}  " + (" ".join(cards) if cards else "--"))
    return "\n".join(lines)
