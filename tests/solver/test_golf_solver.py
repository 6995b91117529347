"""Golf's own solver (``variants/golf_solver.py``): its verdicts are those of the
exhaustive search written from the rules alone (``tests/helpers/golf_oracle.py``), with
and without its dead-rank cut, on dealt and played-on positions; its lines win in the
engine; a game that changes Golf's rules gets the generic search instead."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import own_checks
import pytest
from golf_oracle import Card, Deal

from solitaire.core.game import Game
from solitaire.core.search import GENERIC_SOLVER
from solitaire.core.state import State
from solitaire.plugins.builtins import new_catalog
from solitaire.variants import blocks as b
from solitaire.variants.golf import Golf
from solitaire.variants.golf_solver import GOLF_SOLVER, GolfSolver

CATALOG = new_catalog(entry_points=False)
WITHOUT_CUTS = GolfSolver(cuts=False)


def oracle_of(state: State) -> Deal:
    """The oracle's deal for any Golf position: its columns, its stock, the foundation's top."""

    def cards(pile_id: str) -> list[Card]:
        return [(card.rank, card.suit.letter) for card in state.pile(pile_id).cards]

    return Deal([cards(f"t{n}") for n in range(1, 8)], cards("s"), cards("f1")[-1])


def played_on(deal: int, steps: int, rng: random.Random) -> Game:
    """Deal ``deal`` after up to ``steps`` random legal moves, a column card rather than
    the stock where one plays (so that not every game is lost)."""
    game = CATALOG.new_game(CATALOG.options("golf", deal=deal))
    return own_checks.play_randomly(game, steps, rng)


def checked(game: Game, solver: GolfSolver = GOLF_SOLVER) -> str:
    """The solver's verdict on ``game``, its winning line played to a win."""
    return own_checks.checked(game, solver)


@pytest.mark.parametrize("deal", range(1, 61))
def test_verdicts_after_random_play_are_the_oracles(deal: int) -> None:
    rng = random.Random(f"golf solver {deal}")
    game = played_on(deal, rng.randrange(12, 30), rng)
    expected = "winnable" if oracle_of(game.state).solve()[0] else "unwinnable"
    assert checked(game) == expected, game.code
    assert checked(game, WITHOUT_CUTS) == expected, game.code


@pytest.mark.parametrize("deal", [1, 5, 9])
def test_verdicts_on_dealt_positions_are_the_oracles(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("golf", deal=deal))
    expected = "winnable" if oracle_of(game.state).solve()[0] else "unwinnable"
    assert checked(game) == expected, game.code


@pytest.mark.parametrize("deal", [2, 3, 14])
def test_verdicts_along_a_winning_line_and_off_it_are_the_oracles(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("golf", deal=deal))
    won, line, _ = oracle_of(game.state).solve()
    assert won
    rng = random.Random(f"golf line {deal}")
    verdicts = set()
    for step, action in enumerate(line):
        if step >= 12 and step % 3 == 0:
            assert checked(game) == "winnable", (game.code, step)
            other = [str(move) for move in game.rules.legal_moves(game.state) if str(move) != action]
            if other:
                off = Game(game.rules, initial=game.state)
                off.perform(rng.choice(other))
                expected = "winnable" if oracle_of(off.state).solve()[0] else "unwinnable"
                assert checked(off) == expected == checked(off, WITHOUT_CUTS), (game.code, step)
                verdicts.add(expected)
        game.perform(action)
    assert game.is_won
    assert verdicts  # some positions off the line were tried


def test_the_dead_rank_cut_cuts() -> None:
    # Deal 1 is lost: with the cut the search proves it through fewer positions.
    game = CATALOG.new_game(CATALOG.options("golf", deal=1))
    lost = oracle_of(game.state)
    assert lost.solve()[0] is False
    with_cut = GOLF_SOLVER.solve(game.state, game.rules)
    without = WITHOUT_CUTS.solve(game.state, game.rules)
    assert with_cut.verdict == without.verdict == "unwinnable"
    assert with_cut.nodes < without.nodes


def test_the_budget_gives_unknown() -> None:
    game = CATALOG.new_game(CATALOG.options("golf", deal=1))
    assert GOLF_SOLVER.solve(game.state, game.rules, max_nodes=100).verdict == "unknown"


def test_a_game_that_changes_golfs_rules_gets_the_generic_search() -> None:
    class Wrapping(Golf):
        layout: ClassVar[tuple[b.Block, ...]] = (
            b.Stock(deals="foundation"),
            b.Foundations(
                1,
                by_suit=False,
                base=b.ANY_CARD,
                build=b.Build(b.EITHER, b.ANY_SUIT, wrap=True),
                returns=False,
            ),
            b.Tableau(
                (5,) * 7, face_up=None, build=b.Build(suit=b.NO_SUIT), empty=b.NO_CARD, groups="single"
            ),
        )

    assert Golf().solver() is GOLF_SOLVER
    assert Wrapping().solver() is GENERIC_SOLVER
    rules = CATALOG.new_game(CATALOG.options("golf", deal=1)).rules
    assert attrs.evolve(rules, variant=Golf()).variant.solver() is GOLF_SOLVER
