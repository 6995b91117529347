"""The table as text: it holds still as the game goes on."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.registry import Catalog
from solitaire.frontends.cli.render import letters, render_state

ESCAPE = re.compile(r"\033\[[0-9;]*m")


def _foundation_columns(picture: str) -> list[int]:
    """Where on the screen each foundation starts in the row under the heading."""
    row = ESCAPE.sub("", picture.splitlines()[3])
    return [row.index(f"f{n} ") for n in range(1, 5)]


@settings(max_examples=25, deadline=None)
@given(
    draw=st.sampled_from([1, 3]),
    deal=st.integers(0, 1000),
    choices=st.lists(st.integers(0, 1000), min_size=1, max_size=120),
    colour=st.booleans(),
    symbols=st.booleans(),
)
def test_the_foundations_stay_put_as_the_waste_and_foundations_change(
    draw: int, deal: int, choices: list[int], colour: bool, symbols: bool
) -> None:
    catalog = Catalog(entry_points=False)
    game = catalog.new_game(catalog.options("klondike", draw, deal=deal))
    columns = set()
    for choice in choices:
        picture = render_state(game.state, game.rules, game.code, colour=colour, symbols=symbols)
        columns.add(tuple(_foundation_columns(picture)))
        moves = game.legal_moves()
        if not moves:
            break
        # Mostly the stock (the waste changes), now and then another move (foundations fill).
        stock = [move for move in moves if str(move) == "s"]
        game.perform(stock[0] if stock and choice % 4 else moves[choice % len(moves)])
    assert len(columns) == 1


def test_tens_and_red_cards_take_no_more_room_than_the_others() -> None:
    catalog = Catalog(entry_points=False)
    game = catalog.game_from_code("KL1-D3N-AAAAAAG")
    pictures = [render_state(game.state, game.rules, game.code, colour=True)]
    for _ in range(5):  # the fifth tap shows "8♥ 8♣ 10♠", red and a ten in the fan
        game.perform("s")
        pictures.append(render_state(game.state, game.rules, game.code, colour=True))
    assert "10♠" in pictures[-1] and len({tuple(_foundation_columns(p)) for p in pictures}) == 1


def test_letters_write_cards_as_card_text() -> None:
    assert letters("10♥ on J♣, then A♦; f1 ♠") == "TH on JC, then AD; f1 S"
    assert letters("Score 10, column 10") == "Score 10, column 10"
