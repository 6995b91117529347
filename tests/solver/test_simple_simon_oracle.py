"""Simple Simon's proofs of unwinnability checked by a search written from the rules
alone (``tests/helpers/simple_simon_oracle.py``): first the oracle against the engine
(the same positions one move away along random games), then every proof of the
generic search on the first deals against the oracle's exhaustive search."""

from __future__ import annotations

import random

import pytest
from simple_simon_oracle import Position, columns, moves, winnable

from solitaire.core.search import GENERIC_SOLVER
from solitaire.plugins.builtins import new_catalog

CATALOG = new_catalog(entry_points=False)


def _sorted(position: Position) -> Position:
    return tuple(sorted(position))


@pytest.mark.parametrize("deal", range(10))
def test_the_oracle_has_the_engines_moves_along_random_games(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("simple-simon", deal=deal))
    rng = random.Random(f"simple simon oracle {deal}")
    for step in range(60):
        engine = {}
        for move in game.rules.legal_moves(game.state):
            _, after = game.rules.transition(game.state, move)
            engine[_sorted(columns(after))] = str(move)
        ours = {_sorted(after) for after in moves(columns(game.state))}
        # Moving a whole column into an empty one changes nothing, and the oracle leaves it out.
        assert ours == set(engine) - {_sorted(columns(game.state))}, (game.code, step)
        if not engine or game.is_won:
            break
        game.perform(rng.choice(sorted(engine.values())))


def test_the_oracle_decides_small_positions_known_by_hand() -> None:
    spades = tuple((rank, 0) for rank in range(13, 0, -1))
    # A whole run leaves: won at once.
    assert winnable((spades,) + ((),) * 9) is True
    # Ten lone cards, no two of them a rank apart, no empty column: nothing moves.
    lone = tuple(
        ((rank, suit),) for rank, suit in zip((1, 3, 5, 7, 9, 11, 13, 1, 3, 5), range(10), strict=True)
    )
    assert winnable(lone) is False
    # The run with its ace and two swapped: the two goes to an empty column, the ace onto
    # it, and both back onto the three.  With every other column blocked, it is lost.
    swapped = spades[:11] + ((1, 0), (2, 0))
    assert winnable((swapped,) + ((),) * 9) is True
    blockers = tuple(((rank, suit),) for rank in (5, 7, 9) for suit in (1, 2, 3))
    assert winnable((swapped, *blockers)) is False


def test_every_proof_of_the_search_is_the_oracles_and_every_line_wins() -> None:
    proofs = wins = 0
    for deal in range(30):
        game = CATALOG.new_game(CATALOG.options("simple-simon", deal=deal))
        result = GENERIC_SOLVER.solve(game.state, game.rules, max_nodes=3_000)
        if result.verdict == "unwinnable":
            assert winnable(columns(game.state), limit=200_000) is False, game.code
            # Nor is it the removal of finished runs at once that loses them.
            assert winnable(columns(game.state), optional=True, limit=200_000) is False, game.code
            proofs += 1
        elif result.verdict == "winnable":
            for action in result.solution:
                game.perform(action)
            assert game.is_won, game.code
            wins += 1
    # The first deals hold both verdicts: otherwise this test would say nothing.
    assert proofs >= 2 and wins >= 10
