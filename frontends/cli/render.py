"""The state as text for a terminal."""

from __future__ import annotations

from solitaire.core.cards import Card, Suit
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State

__all__ = ["describe_rules", "render_state"]

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
