"""What may be picked up (Variant.can_pick_up, Game.can_pick_up): the variant's own
rules, asked before a drag starts; and anything picked up that may go somewhere legal
was allowed to be picked up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.game import Game
from solitaire.core.registry import Catalog
from solitaire.core.state import TABLEAU
from solitaire.plugins.builtins import new_catalog

CATALOG: Catalog = new_catalog(entry_points=False)
CODES = ("KL1-D1N-AAAAAAB", "YU1-D1N-AAAAAAB", "FC1-D1X-AAAAAAB", "SP1-D2S-AAAAAAB", "GO1-D1G-AAAAAAB")


def game(code: str) -> Game:
    return CATALOG.game_from_code(code)


@pytest.mark.parametrize("code", CODES)
def test_the_stock_and_face_down_cards_are_never_picked_up(code: str) -> None:
    played = game(code)
    state = played.state
    if "s" in state.table.index:
        assert played.can_pick_up("s", 1) is not None
    for pile in state.table.ids_of(TABLEAU):
        cards = state.pile(pile)
        assert played.can_pick_up(pile, len(cards.up) + 1) is not None
        if cards.up:
            assert played.can_pick_up(pile, 1) is None


def test_what_may_be_picked_up_follows_each_games_groups() -> None:
    spider = game("SP1-D2S-AAAAAAB")
    assert spider.can_pick_up("f1", 1) is not None  # empty
    refusal = spider.can_pick_up("nowhere", 1)
    assert refusal is not None and refusal.rule == "move.no-such-pile"
    golf = game("GO1-D1G-AAAAAAB")
    assert golf.can_pick_up("t1", 1) is None
    refused = golf.can_pick_up("t1", 2)
    assert refused is not None and refused.rule == "tableau.one-card"  # one card at a time
    foundation = golf.can_pick_up("f1", 1)
    assert foundation is not None and foundation.rule == "foundation.no-returns"
    yukon = game("YU1-D1N-AAAAAAB")
    column = yukon.state.pile("t7")
    assert yukon.can_pick_up("t7", len(column.up)) is None  # any face-up cards move in Yukon


@settings(max_examples=40, deadline=None)
@given(code=st.sampled_from(CODES), steps=st.lists(st.integers(0, 10_000), max_size=25))
def test_a_legal_move_only_takes_cards_that_may_be_picked_up(code: str, steps: list[int]) -> None:
    played = game(code)
    for step in steps:
        moves = played.legal_moves()
        if not moves:
            break
        for move in moves:
            if move.dst is not None:
                assert played.can_pick_up(move.src, move.count or 1) is None, move
        played.play(moves[step % len(moves)])
