"""The state as text for a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.core.cards import Card, Suit
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
    stock = rules.variant.has_stock
    if lang == "ru":
        redeal = "без ограничения проходов" if passes is None else f"проходов: {passes}"
        returns = "" if options.returns_allowed else " · без возврата с баз"
        draw = f" · по {options.draw}" if stock else ""
        redeal = f" · {redeal}" if stock else ""
        return f"{rules.variant.name(lang)}{draw} · счёт {rules.scoring.name(lang)}{redeal}{returns}"
    redeal = "unlimited redeals" if passes is None else f"{passes} pass{'es' if passes != 1 else ''}"
    returns = "" if options.returns_allowed else " · no foundation returns"
    draw = f" · draw {options.draw}" if stock else ""
    redeal = f" · {redeal}" if stock else ""
    scoring = rules.scoring.name(lang)
    return f"{rules.variant.name(lang)}{draw} · {scoring} scoring{redeal}{returns}"


#: Where cards come from and go to, by pile kind: (from, to) in each language.
_PILES = {
    "en": {
        "s": ("the stock", "the stock"),
        "w": ("the waste", "the waste"),
        "f": ("the foundation", "the foundation"),
        "t": ("column {n}", "column {n}"),
    },
    "ru": {
        "s": ("из колоды", "в колоду"),
        "w": ("из сброса", "в сброс"),
        "f": ("с базы", "на базу"),
        "t": ("из столбца {n}", "в столбец {n}"),
    },
}


def _pile(pile: str, lang: str, to: bool) -> str:
    return _PILES[lang][pile[0]][to].format(n=pile[1:])


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
    lang = lang if lang in _PILES else "en"
    parts = []
    for event in events:
        if isinstance(event, CardsMoved):
            cards = " ".join(card.display for card in event.cards)
            if lang == "ru":
                parts.append(f"{cards} {_pile(event.src, lang, False)} {_pile(event.dst, lang, True)}")
            else:
                parts.append(
                    f"{cards} from {_pile(event.src, lang, False)} to {_pile(event.dst, lang, True)}"
                )
        elif isinstance(event, StockDrawn):
            cards = " ".join(card.display for card in event.cards)
            parts.append(f"из колоды: {cards}" if lang == "ru" else f"drawn: {cards}")
        elif isinstance(event, WasteRecycled):
            parts.append("сброс снова в колоде" if lang == "ru" else "the waste back into the stock")
        elif isinstance(event, CardTurnedUp):
            card = event.card.display
            parts.append(f"открыта {card}" if lang == "ru" else f"{card} turned up")
    text = "; ".join(parts) or action
    if action in ("undo", "redo"):
        head = {"en": {"undo": "Undo", "redo": "Redo"}, "ru": {"undo": "Отмена", "redo": "Повтор"}}[lang][
            action
        ]
        return f"{head}: {text}"
    return text[0].upper() + text[1:]


def render_state(state: State, rules: Ruleset, code: str, *, lang: str = "en", colour: bool = False) -> str:
    """A compact picture of the table; face-down cards show as ``##``."""
    labels = ("Score", "Moves", "Pass", "Won!") if lang != "ru" else ("Счёт", "Ходы", "Проход", "Победа!")
    won = f"   {labels[3]}" if rules.is_won(state) else ""
    stock_shown = rules.variant.has_stock
    passes = f"   {labels[2]} {state.pass_number}" if stock_shown else ""
    lines = [
        f"{describe_rules(rules, lang)}   {code}",
        f"{labels[0]} {rules.scoring.format(state.score)}   {labels[1]} {state.moves}{passes}{won}",
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
