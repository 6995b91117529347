"""Every hint's text names the move it suggests, in both languages."""

from __future__ import annotations

import pytest

from solitaire.core.hints import move_words
from solitaire.core.moves import DRAW, Move
from solitaire.core.solver import solve
from solitaire.core.state import Column, State
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.solver_hints import HINT_NODES, known

CATALOG = new_catalog(entry_points=False)


def test_moves_in_words() -> None:
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")  # t5 ## ## ## ## 9D, t4 ### TC
    state = game.state
    assert move_words(state, DRAW) == {"en": "Draw from the stock", "ru": "Откройте карты из колоды"}
    assert move_words(state, Move("t1", "f"))["en"] == "Put A♦ on its foundation"
    assert move_words(state, Move("t5", "t4"))["en"] == "Move 9♦ from column 5 to column 4"
    assert move_words(state, Move("t5", "t4"))["ru"] == "Переместите 9♦ из столбца 5 в столбец 4"
    empty = State.classic((), state.stock, ((),) * 4, tuple(Column() for _ in range(7)))
    assert move_words(empty, DRAW)["en"] == "Turn the waste back into the stock"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_solver_hint_names_its_move(lang: str) -> None:
    for deal in range(3000, 3020):
        known.clear()
        game = CATALOG.new_game(CATALOG.options(variant="reflechi", deal=deal))
        result = solve(game.state, game.rules, max_nodes=HINT_NODES // 5)
        if result.verdict == "winnable":
            hint = game.hint()
            assert hint.move is not None
            assert hint.reason(lang).startswith(move_words(game.state, hint.move)[lang] + ": ")
            game.perform(result.solution[0])
            follow = game.hint()  # remembered from the line: named as well
            assert follow.move is not None
            assert follow.reason(lang).startswith(move_words(game.state, follow.move)[lang] + ": ")
            return
    pytest.fail("no Réfléchi deal among 20 is won within a fifth of the hint's budget")


def test_the_heuristic_hint_names_its_move() -> None:
    from solitaire.plugins.hints import heuristic_hint

    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    for action in ("", "t7>f", "t6>t7", "s"):
        if action:
            game.perform(action)
        hint = heuristic_hint(game.state, game.rules)
        assert hint.move is not None
        for lang in ("en", "ru"):
            assert hint.reason(lang).startswith(move_words(game.state, hint.move)[lang]), hint.reason(lang)
