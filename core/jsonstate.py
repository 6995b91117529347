"""The state as JSON, as ``docs/cli.md`` and the command line's ``--json`` show it.

Every list runs bottom first; ``foundations`` are f1..f4 = ♠ ♥ ♦ ♣.  Beyond the
fields of the contract, ``returns_allowed`` and ``credited`` (the cards that
have earned their foundation points) make the form complete, so that
:func:`state_from_dict` gives back the very same state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solitaire.core.cards import Card, cards_text
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import Column, State

__all__ = ["state_from_dict", "state_to_dict"]


def state_to_dict(state: State, rules: Ruleset, code: str) -> dict[str, Any]:
    """The JSON object of a state (see the module docstring)."""
    options = rules.options
    return {
        "code": code,
        "variant": options.variant,
        "draw": options.draw,
        "scoring": options.scoring,
        "redeal": options.redeal,
        "returns_allowed": options.returns_allowed,
        "score": state.score,
        "score_text": rules.scoring.format(state.score),
        "moves": state.moves,
        "pass": state.pass_number,
        "won": rules.is_won(state),
        "stock": cards_text(state.stock),
        "waste": cards_text(state.waste),
        "foundations": [cards_text(foundation) for foundation in state.foundations],
        "tableau": [{"down": cards_text(c.down), "up": cards_text(c.up)} for c in state.tableau],
        "credited": [card.text for card in _credited(state.credited)],
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    """The state of a JSON object made by :func:`state_to_dict`.

    Raises ``ValueError`` (or ``KeyError``/``TypeError``) for a malformed object.
    """

    def cards(texts: Any) -> tuple[Card, ...]:
        if not isinstance(texts, list):
            raise TypeError(f"expected a list of cards, got {type(texts).__name__}")
        return tuple(Card.parse(text) for text in texts)

    credited = 0
    for card in cards(data.get("credited", [])):
        credited |= 1 << card.index
    return State(
        stock=cards(data["stock"]),
        waste=cards(data["waste"]),
        foundations=tuple(cards(f) for f in data["foundations"]),
        tableau=tuple(Column(cards(c["down"]), cards(c["up"])) for c in data["tableau"]),
        score=int(data["score"]),
        moves=int(data["moves"]),
        pass_number=int(data["pass"]),
        credited=credited,
    )


def _credited(mask: int) -> list[Card]:
    from solitaire.core.cards import CARDS

    return [card for card in CARDS if mask >> card.index & 1]
