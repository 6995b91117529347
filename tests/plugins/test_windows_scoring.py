"""The example package's Windows standard scoring, installed: the values of its
docstring, the return penalty, and the floor at 0, with every variant it fits (the
Klondike and Yukon families)."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Game
from solitaire.core.state import (
    CardsMoved,
    CardTurnedUp,
    ScoreChanged,
    StockDrawn,
    WasteRecycled,
    apply_all,
)
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog()


def test_it_has_its_own_code_letter() -> None:
    game = CATALOG.game_from_code("KL1-D1W-AAAAAAG")
    assert game.rules.scoring.id == "windows"
    assert game.rules.scoring.name("ru") == "Стандартный Windows"
    assert CATALOG.code(game.rules.options) == "KL1-D1W-AAAAAAG"


def test_it_fits_the_klondike_and_yukon_families_only() -> None:
    scheme = CATALOG.scoring("windows")
    assert scheme.families == ("klondike", "yukon")
    fitting = sorted(variant.id for variant in CATALOG.variants.values() if scheme.fits(variant))
    assert fitting == ["grandfather", "klondike", "reflechi", "yukon"]
    assert CATALOG.code(CATALOG.options("yukon", scoring="windows", deal=6)) == "YU1-D1W-AAAAAAG"


def test_a_return_costs_15_and_the_card_scores_again() -> None:
    # Deal 6: t7's A♥ goes home and turns up a card; t1's A♦ goes home.
    game = CATALOG.game_from_code("KL1-D1W-AAAAAAG")
    game.play("t7>f")
    assert game.state.score == 10 + 5
    game.play("t1>f")
    assert game.state.score == 25
    scheme, rules, home = game.rules.scoring, game.rules, game.state
    ace = home.foundations[2][-1]
    back = [CardsMoved("f3", "t2", (ace,))]  # what a return of A♦ does
    assert scheme.score(home, back, rules) == 25 - 15
    returned = attrs.evolve(apply_all(home, back), score=10)
    # Home again, it earns its 10 again (Normal scoring pays a card once a game).
    again = [CardsMoved("t2", "f3", (ace,))]
    assert scheme.score(returned, again, rules) == 20
    normal = CATALOG.scoring("normal")
    assert normal.score(returned, again, rules) == 10


def test_waste_to_column_and_recycles() -> None:
    game = CATALOG.game_from_code("KL1-D1W-AAAAAAG")
    scheme, rules = game.rules.scoring, game.rules
    state = game.state
    card = state.stock[-1]
    assert scheme.score(state, [StockDrawn((card,))], rules) == 0
    assert scheme.score(state, [CardsMoved("w", "t2", (card,))], rules) == 5
    assert scheme.score(state, [CardTurnedUp("t2", card)], rules) == 5
    rich = attrs.evolve(state, score=150)
    assert scheme.score(rich, [WasteRecycled(24)], rules) == 50
    assert scheme.score(state, [WasteRecycled(24)], rules) == 0  # never below 0
    draw3 = CATALOG.game_from_code("KL1-D3W-AAAAAAG")
    assert draw3.rules.scoring.score(rich, [WasteRecycled(24)], draw3.rules) == 130


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(("klondike", "reflechi", "yukon")),
    st.integers(0, DEAL_NUMBERS - 1),
    st.lists(st.integers(0, 10_000), max_size=40),
)
def test_the_score_never_goes_below_zero_and_undo_restores_it(
    variant: str, deal: int, picks: list[int]
) -> None:
    game: Game = CATALOG.new_game(CATALOG.options(variant, scoring="windows", deal=deal))
    scores = [game.state.score]
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        events = game.play(moves[pick % len(moves)])
        assert game.state.score >= 0
        changes = [event.new for event in events if isinstance(event, ScoreChanged)]
        assert changes == ([game.state.score] if game.state.score != scores[-1] else [])
        scores.append(game.state.score)
    while game.can_undo:
        game.undo()
        scores.pop()
        assert game.state.score == scores[-1]
