"""The state as JSON, as ``docs/cli.md`` and the command line's ``--json`` show it.

Every list runs bottom first; ``foundations`` are f1..f4 = ♠ ♥ ♦ ♣.  Beyond the
fields of the contract, ``returns_allowed`` and ``credited`` (the cards that
have earned their foundation points) make the form complete, so that
:func:`state_from_dict` gives back the very same state; so does ``variables``, the
values of the variant's own fields (``State.variables``), written when it has any.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from solitaire.core.cards import Card, cards_text
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import FOUNDATION, STOCK, TABLEAU, WASTE, Pile, State, Table
from solitaire.core.variables import Variables, check_name

__all__ = ["state_from_dict", "state_to_dict"]


def state_to_dict(state: State, rules: Ruleset, code: str) -> dict[str, Any]:
    """The JSON object of a state (see the module docstring)."""
    options = rules.options
    table = state.table
    data: dict[str, Any] = {
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
    }
    # The fields of the contract, for the games that have those piles.
    if table.places(STOCK):
        data["stock"] = cards_text(state.piles[table.places(STOCK)[0]].cards)  # a face-up top too
    if table.places(WASTE):
        data["waste"] = cards_text(state.waste)
    if table.places(FOUNDATION):
        data["foundations"] = [cards_text(foundation) for foundation in state.foundations]
    if table.places(TABLEAU):
        data["tableau"] = [{"down": cards_text(c.down), "up": cards_text(c.up)} for c in state.tableau]
    data["piles"] = [
        _pile(pile, kind, cards)
        for pile, kind, cards in zip(table.ids, table.kinds, state.piles, strict=True)
    ]
    credited = sorted((card for card in state.cards() if state.credited >> card.uid & 1), key=_by_uid)
    data["credited"] = [card.token for card in credited]
    if state.variables:
        data["variables"] = dict(state.variables)
    return data


def _by_uid(card: Card) -> int:
    """Cards in the order of their deck, then A♠ .. K♠, A♥ .. K♣ (as ``credited`` lists them)."""
    return card.uid


def _pile(pile: str, kind: str, cards: Pile) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": pile,
        "kind": kind,
        "down": cards_text(cards.down),
        "up": cards_text(cards.up),
    }
    if any(card.deck for card in cards.cards):
        entry["decks"] = [card.deck + 1 for card in cards.cards]
    return entry


def state_from_dict(data: Mapping[str, Any]) -> State:
    """The state of a JSON object made by :func:`state_to_dict`.

    Raises ``ValueError`` (or ``KeyError``/``TypeError``) for a malformed object.
    """

    def cards(texts: Any, decks: list[int] | None = None) -> tuple[Card, ...]:
        if not isinstance(texts, list):
            raise TypeError(f"expected a list of cards, got {type(texts).__name__}")
        found = tuple(Card.parse(text) for text in texts)
        if decks is None:
            return found
        return tuple(Card(card.rank, card.suit, deck - 1) for card, deck in zip(found, decks, strict=True))

    counters = {
        "score": int(data["score"]),
        "moves": int(data["moves"]),
        "pass_number": int(data["pass"]),
    }
    if "piles" in data:
        pairs: list[tuple[str, str]] = []
        piles: list[Pile] = []
        for entry in data["piles"]:
            decks = entry.get("decks")
            if decks is not None and not (isinstance(decks, list) and all(isinstance(d, int) for d in decks)):
                raise TypeError("a pile's decks are a list of numbers")
            down = len(entry["down"])
            pairs.append((str(entry["id"]), str(entry["kind"])))
            piles.append(
                Pile(
                    cards(entry["down"], decks[:down] if decks else None),
                    cards(entry["up"], decks[down:] if decks else None),
                )
            )
        state = State(
            Table.of(*pairs),
            tuple(piles),
            score=counters["score"],
            moves=counters["moves"],
            pass_number=counters["pass_number"],
        )
    else:
        state = State.classic(
            stock=cards(data["stock"]),
            waste=cards(data["waste"]),
            foundations=tuple(cards(f) for f in data["foundations"]),
            tableau=tuple(Pile(cards(c["down"]), cards(c["up"])) for c in data["tableau"]),
            score=counters["score"],
            moves=counters["moves"],
            pass_number=counters["pass_number"],
        )
    credited = 0
    for card in cards(data.get("credited", [])):
        credited |= 1 << card.uid
    found = data.get("variables", {})
    if not isinstance(found, Mapping):
        raise TypeError("variables are an object of names and whole numbers")
    values = []
    for name, value in found.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"the variable {name!r} holds a whole number, not {type(value).__name__}")
        values.append((check_name(name), value))
    return attrs.evolve(state, credited=credited, variables=Variables(tuple(values)))
