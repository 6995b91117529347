"""Hints in every game: a useful legal move where there is an obvious one, "no move"
where nothing helps, and hints that never go round in a circle."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.core.cards import Card
from solitaire.core.moves import DRAW, Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import Pile, State
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.hints import heuristic_hint, lines
from solitaire.variants.blocks import Declared

CATALOG = new_catalog(entry_points=False)
GAMES: tuple[str, ...] = (
    "klondike",
    "reflechi",
    "yukon",
    "freecell",
    "spider",
    "golf",
    "pyramid",
    "tripeaks",
)
GAMES += ("gypsy", "forty-thieves", "scorpion", "mod3")


def cards(text: str, deck: int = 0) -> tuple[Card, ...]:
    return tuple(Card(Card.parse(word).rank, Card.parse(word).suit, deck) for word in text.split())


def position(variant: str, piles: dict[str, Pile]) -> tuple[State, Ruleset]:
    """A table of ``variant`` holding only the cards named (other piles empty)."""
    rules = CATALOG.ruleset(CATALOG.options(variant=variant, deal=1))
    assert isinstance(rules.variant, Declared)
    return rules.variant.empty_state().with_piles(piles), rules


def up(text: str, down: str = "", deck: int = 0) -> Pile:
    return Pile(cards(down, deck), cards(text, deck))


def test_klondike_turns_a_card_up() -> None:
    state, rules = position(
        "klondike", {"s": Pile(cards("3C 9D")), "t1": up("QS", down="KH"), "t2": up("KD"), "t3": up("8C")}
    )
    hint = heuristic_hint(state, rules)
    assert hint.move == Move("t1", "t2") and "turns up a card in column 1" in hint.reason()


def test_reflechi_puts_an_ace_home() -> None:
    state, rules = position("reflechi", {"t1": up("5C AS"), "t2": up("9H"), "w": up("4D")})
    assert heuristic_hint(state, rules).move == Move("t1", "f")


def test_yukon_moves_a_loose_group_to_turn_a_card_up() -> None:
    state, rules = position("yukon", {"t1": up("7S 3D", down="2C"), "t2": up("8H"), "t3": up("KC")})
    hint = heuristic_hint(state, rules)
    assert hint.move == Move("t1", "t2", 2) and "turns up" in hint.reason()


def test_freecell_frees_an_ace_through_a_cell() -> None:
    state, rules = position("freecell", {"t1": up("AS 9H"), "t2": up("4C"), "t3": up("KD"), "c1": up("QH")})
    hint = heuristic_hint(state, rules)
    assert hint.move is not None and hint.move.src == "t1"
    assert hint.move.dst is not None and state.table.kind(hint.move.dst) == "cell"
    assert "frees A♠" in hint.reason() and "to cell" in hint.reason()
    _, after = rules.transition(state, hint.move)
    assert heuristic_hint(after, rules).move == Move("t1", "f")


def test_freecell_prepares_a_move_home_with_a_short_line() -> None:
    # A♣ lies under two cards that nothing takes but the free cells: two moves to free it.
    state, rules = position("freecell", {"t1": up("AC 6H 9D"), "t2": up("2H"), "t3": up("4D")})
    hint = heuristic_hint(state, rules)
    assert hint.move is not None and hint.move.src == "t1" and state.table.kind(hint.move.dst or "") == "cell"
    assert "prepares a move to a foundation" in hint.reason()
    _, after = rules.transition(state, hint.move)
    follow = heuristic_hint(after, rules)  # the line goes on: the next card leaves too
    assert follow.move is not None and follow.move.src == "t1"
    _, after = rules.transition(after, follow.move)
    assert heuristic_hint(after, rules).move == Move("t1", "f")


def test_spider_completes_a_run() -> None:
    run13 = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    piles = {f"t{n}": up("9H", deck=1) for n in range(3, 11)}
    piles |= {"t1": up(run13), "t2": up("AS", down="7D"), "s": Pile(cards("3C 4C 5C 6C 7C 8C 9C TC JC QC"))}
    state, rules = position("spider", piles)
    hint = heuristic_hint(state, rules)
    assert hint.move == Move("t2", "t1")
    _, after = rules.transition(state, hint.move)
    assert after.foundation_count == 13


def test_spider_fills_an_empty_column_so_that_the_stock_may_deal() -> None:
    # Nothing to do but to deal, which waits for t1: only JC may fill it (a lone card
    # moving there would leave another column empty).
    piles = {f"t{n}": up("9H" if n % 2 else "4D", deck=n % 2) for n in range(3, 11)}
    piles |= {"t2": up("QD JC"), "s": Pile(cards("3C 4C 5C 6C 7C 8C 9C TC JC QC"))}
    state, rules = position("spider", piles)
    assert DRAW not in rules.legal_moves(state)
    hint = heuristic_hint(state, rules)
    assert hint.move == Move("t2", "t1") and "the stock deal" in hint.reason()
    _, after = rules.transition(state, hint.move)
    assert heuristic_hint(after, rules).move == DRAW


def test_golf_plays_onto_the_foundation_before_the_stock() -> None:
    state, rules = position("golf", {"f1": up("5H"), "t1": up("6C"), "t2": up("9D"), "s": Pile(cards("2S"))})
    assert heuristic_hint(state, rules).move == Move("t1", "f1")
    state = state.with_piles({"t1": up("QC")})
    hint = heuristic_hint(state, rules)
    assert hint.move is not None and hint.move.is_draw and hint.reason().startswith("Deal from the stock")


def test_pyramid_says_a_pair_goes_off_together() -> None:
    # 5♣ and 8♦ make 13; no card lies on either (the bottom row, nothing above).
    state, rules = position("pyramid", {"t22": up("5C"), "t28": up("8D")})
    hint = heuristic_hint(state, rules)
    assert hint.move == Move("t22", "t28")
    assert hint.reason() == "Take 5♣ and 8♦ off together."
    assert hint.reason("ru") == "Снимите 5♣ и 8♦ вместе."
    # A king goes off alone, in the general words.
    state, rules = position("pyramid", {"t22": up("KC")})
    assert heuristic_hint(state, rules).reason() == "Put K♣ on its foundation."


def test_spider_still_says_a_whole_run_goes_home() -> None:
    run12 = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    piles = {f"t{n}": up("9H", deck=1) for n in range(3, 11)}
    piles |= {"t1": up(run12), "t2": up("AS"), "s": Pile(cards("3C 4C 5C 6C 7C 8C 9C TC JC QC"))}
    state, rules = position("spider", piles)
    assert heuristic_hint(state, rules).reason().endswith("that sends a whole run to the foundations.")


RED_LOW = ["2H", "2D", "4H", "4D", "6H", "6D", "8H", "8D"]

#: Positions where no move helps: some have legal moves, none of them useful.
HOPELESS = {
    # A king alone may only go from one empty column to the other.
    "klondike": {"t1": up("2H", down="AS"), "t2": up("2D", down="AC"), "t3": up("KH")},
    "reflechi": {"t1": up("AS 2H"), "t2": up("AC 2D"), "t3": up("KH")},
    "yukon": {f"t{n}": up(card, down="AS" if n == 1 else "") for n, card in enumerate(RED_LOW[:7], 1)},
    # A free cell, and single cards that fit nowhere: to a cell or between cells only.
    "freecell": {
        **{f"t{n}": up(card) for n, card in enumerate(RED_LOW, 1)},
        "c1": up("KS"),
        "c2": up("KC"),
        "c3": up("QC"),
    },
    "spider": {
        **{f"t{n}": up("AS" if n <= 4 else "AH", down="5C", deck=n % 2) for n in range(1, 9)},
        "t9": up("KD", down="5D"),
        "t10": up("KD", down="5D", deck=1),
    },
    "golf": {"f1": up("KS"), "t1": up("QH"), "t2": up("3C")},
    "pyramid": {"t22": up("9C"), "t28": up("5H")},
    "tripeaks": {"f1": up("KS"), "t28": up("5H")},
    # Kings, which go nowhere but to an empty column, and no column empty.
    "gypsy": {f"t{n}": up("KS KH KD KC"[3 * (n % 4) : 3 * (n % 4) + 2], deck=n // 5) for n in range(1, 9)},
    "forty-thieves": {
        f"t{n}": up("KS KH KD KC"[3 * (n % 4) : 3 * (n % 4) + 2], deck=n // 5) for n in range(1, 11)
    },
    "scorpion": {f"t{n}": up(card) for n, card in enumerate(["AS", "AH", "AD", "AC", "QS", "QH", "QD"], 1)},
    # Fives in every place of the fourth row, no pile of the rows started.
    "mod3": {f"t{n}": up("5S 5H 5D 5C"[3 * (n % 4) : 3 * (n % 4) + 2], deck=n // 5) for n in range(1, 9)},
}


@pytest.mark.parametrize("variant", GAMES)
def test_no_useful_move_is_said(variant: str) -> None:
    state, rules = position(variant, HOPELESS[variant])
    assert heuristic_hint(state, rules).move is None
    assert CATALOG.hint(state, rules).move is None  # whichever provider answers


@pytest.mark.parametrize("variant", ["klondike", "freecell"])
def test_hopeless_positions_have_legal_moves_still(variant: str) -> None:
    """The "no move" above is a choice: moves are there, they only shuttle cards."""
    state, rules = position(variant, HOPELESS[variant])
    assert rules.legal_moves(state)


def _shape(state: State) -> tuple[object, ...]:
    from solitaire.plugins.hints import _shape as shape

    return shape(state)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(GAMES),
    deal=st.integers(1, 5000),
    seed=st.integers(0, 2**16),
    prefix=st.integers(0, 40),
    data=st.data(),
)
def test_following_the_hints_never_goes_round_in_a_circle(
    variant: str, deal: int, seed: int, prefix: int, data: st.DataObject
) -> None:
    lines.clear()  # each example starts with no line remembered, as a new program does
    draw = data.draw(st.sampled_from(CATALOG.variant(variant).draws))  # Spider: 1, 2 or 4 suits
    rules = CATALOG.ruleset(CATALOG.options(variant=variant, draw=draw, deal=deal))
    state = CATALOG.new_game(rules.options).state
    rng = random.Random(seed)
    for _ in range(prefix):
        moves = rules.legal_moves(state)
        if not moves:
            break
        _, state = rules.transition(state, rng.choice(moves))
    seen: dict[tuple[object, ...], int] = {}
    last_stock = -1
    for step in range(60):
        hint = heuristic_hint(state, rules)
        if hint.move is None:
            break
        checked = rules.check(state, hint.move)
        assert checked == hint.move, (hint.move, checked)  # legal, and in canonical form
        shape = _shape(state)
        assert shape not in seen or seen[shape] < last_stock, f"back to the position of step {seen[shape]}"
        seen[shape] = step
        if hint.move.is_draw:
            last_stock = step
        _, after = rules.transition(state, hint.move)
        assert hint.move.is_draw or _shape(after) != shape  # never a no-op
        state = after
        if rules.is_won(state):
            break


@pytest.mark.parametrize("variant", GAMES)
def test_the_hint_command_works_in_every_game(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = CATALOG.code(CATALOG.options(variant=variant, deal=2))
    assert run(["hint", code, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["move"] is not None, data
    assert run(["play", code, data["move"], "--json"]) == 0
    capsys.readouterr()
    assert run(["--lang", "ru", "hint", code]) == 0
    assert capsys.readouterr().out.strip()
