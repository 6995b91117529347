"""Pyramid's own solver (``variants/pyramid_solver.py``): its verdicts are those of the
exhaustive search written from the rules alone (``tests/helpers/pyramid_oracle.py``),
with and without its cuts, on dealt, played-on and hand-made positions, with three
passes and with no limit; its lines win in the engine; a game that changes Pyramid's
rules gets the generic search instead."""

from __future__ import annotations

import random
import threading
from typing import ClassVar

import attrs
import own_checks
import pytest
from pyramid_oracle import Deal

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.search import GENERIC_SOLVER
from solitaire.core.state import Pile
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.pyramid import Pyramid
from solitaire.variants.pyramid_solver import PYRAMID_SOLVER, PyramidSolver

CATALOG = new_catalog(entry_points=False)
WITHOUT_CUTS = PyramidSolver(cuts=False)


def expected(game: Game) -> str:
    won, _, _ = Deal.of(game.state, game.rules.redeal.passes).solve()
    return "winnable" if won else "unwinnable"


def played_on(deal: int, steps: int, rng: random.Random, redeal: str = "passes:3") -> Game:
    """Deal ``deal`` after up to ``steps`` random legal moves, a pair rather than a tap
    where one plays."""
    game = CATALOG.new_game(CATALOG.options("pyramid", deal=deal, redeal=redeal))
    return own_checks.play_randomly(game, steps, rng)


def checked(game: Game, solver: PyramidSolver = PYRAMID_SOLVER) -> str:
    """The solver's verdict on ``game``, its winning line played to a win."""
    return own_checks.checked(game, solver)


def position(
    piles: dict[str, str], *, stock: str = "", pass_number: int = 1, redeal: str = "passes:3"
) -> Game:
    """A game on a table with these face-up piles; ``stock``'s cards with the next one
    first, face up as the game deals it."""
    options = CATALOG.options("pyramid", deal=1, redeal=redeal)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    built = {pile: Pile((), tuple(Card.parse(card) for card in text.split())) for pile, text in piles.items()}
    order = [Card.parse(card) for card in stock.split()][::-1]
    if order:
        built["s"] = Pile(tuple(order[:-1]), tuple(order[-1:]))
    state = attrs.evolve(empty.with_piles(built), pass_number=pass_number)
    return CATALOG.new_game(options, initial=state)


@pytest.mark.parametrize("deal", range(1, 41))
def test_verdicts_after_random_play_are_the_oracles(deal: int) -> None:
    rng = random.Random(f"pyramid solver {deal}")
    game = played_on(deal, rng.randrange(20, 36), rng)
    verdict = expected(game)
    assert checked(game) == verdict, game.code
    assert checked(game, WITHOUT_CUTS) == verdict, game.code


@pytest.mark.parametrize("deal", range(1, 13))
def test_verdicts_with_no_limit_on_passes_are_the_oracles(deal: int) -> None:
    rng = random.Random(f"pyramid unlimited {deal}")
    game = played_on(deal, rng.randrange(16, 36), rng, redeal="unlimited")
    verdict = expected(game)
    assert checked(game) == verdict == checked(game, WITHOUT_CUTS), game.code


@pytest.mark.parametrize("deal", [1, 2, 14])
def test_verdicts_on_dealt_positions_are_the_oracles(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("pyramid", deal=deal))
    assert checked(game) == expected(game) == "winnable", game.code


@pytest.mark.parametrize("deal", [1, 2])
def test_verdicts_along_a_winning_line_and_off_it_are_the_oracles(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("pyramid", deal=deal))
    won, line, _ = Deal.of(game.state).solve()
    assert won
    rng = random.Random(f"pyramid line {deal}")
    verdicts = set()
    for step, action in enumerate(line):
        if step % 3 == 0:
            assert checked(game) == "winnable", (game.code, step)
            other = [str(move) for move in game.rules.legal_moves(game.state) if str(move) != action]
            if other:
                off = Game(game.rules, initial=game.state)
                off.perform(rng.choice(other))
                verdict = expected(off)
                assert checked(off) == verdict == checked(off, WITHOUT_CUTS), (game.code, step)
                verdicts.add(verdict)
        game.perform(action)
    assert game.is_won
    assert verdicts  # some positions off the line were tried


#: Positions known by hand, the verdict, and whether the cuts prove it without a move.
KNOWN = [
    # A queen lying on the only ace never pairs with it.
    ("unwinnable", {"t16": "AS", "t22": "QH"}, "", 1, True),
    # The same ace with a queen of the stock: the stock's queen pairs with it once the
    # pyramid's queen, lying on it, has gone with the stock's ace.
    ("winnable", {"t16": "AS", "t22": "QH"}, "AD QD", 1, False),
    # Two sixes never make 13.
    ("unwinnable", {"t22": "6H", "t23": "6D"}, "", 1, True),
    # Kings alone, a six with a seven, the stock's five with the waste's eight.
    ("winnable", {"t22": "KS", "t23": "6H", "t24": "7D"}, "8C KD 5C", 1, False),
    # On the last pass two cards of the waste never pair: the five under the eight.
    ("unwinnable", {"w": "5C 8D"}, "9C 4C", 3, True),
    # One pass earlier the waste goes back, and the five and the eight meet again.
    ("winnable", {"w": "5C 8D"}, "9C 4C", 2, False),
    # Each pair waits for the other: the ace lies on the jack, the two on the queen.
    # Every card has a partner neither on it nor under it, but the pyramid's order
    # leaves none a first move; a stock that plays at any time would not help either.
    ("unwinnable", {"t16": "JS", "t18": "QH", "t22": "AS", "t25": "2D"}, "", 1, True),
    # A queen and an ace of the stock break the wait.
    ("winnable", {"t16": "JS", "t18": "QH", "t22": "AS", "t25": "2D"}, "QD AD", 1, False),
]


@pytest.mark.parametrize(("verdict", "piles", "stock", "pass_number", "at_once"), KNOWN)
def test_verdicts_on_positions_known_by_hand(
    verdict: str, piles: dict[str, str], stock: str, pass_number: int, at_once: bool
) -> None:
    game = position(piles, stock=stock, pass_number=pass_number)
    assert expected(game) == verdict
    assert checked(game) == verdict == checked(game, WITHOUT_CUTS)
    nodes = PYRAMID_SOLVER.solve(game.state, game.rules).nodes
    assert (nodes <= 1) == at_once, nodes


def test_the_cuts_cut() -> None:
    game = played_on(3, 20, random.Random("pyramid cuts"))
    with_cuts = PYRAMID_SOLVER.solve(game.state, game.rules)
    without = WITHOUT_CUTS.solve(game.state, game.rules)
    assert with_cuts.verdict == without.verdict == expected(game)
    assert with_cuts.nodes < without.nodes


def test_the_budget_and_the_cancel_event_give_unknown() -> None:
    game = CATALOG.new_game(CATALOG.options("pyramid", deal=18))  # won after 114,381 positions
    assert PYRAMID_SOLVER.solve(game.state, game.rules, max_nodes=100).verdict == "unknown"
    cancel = threading.Event()
    cancel.set()
    clocked = PyramidSolver(clock=iter(range(10**6)).__next__)  # one second a reading
    assert clocked.solve(game.state, game.rules, timeout=2).verdict == "unknown"
    assert PYRAMID_SOLVER.solve(game.state, game.rules, cancel=cancel).verdict == "unknown"


def test_a_game_that_changes_pyramids_rules_gets_the_generic_search() -> None:
    class Fourteen(Pyramid):
        total: ClassVar[int] = 14

    class Same(Pyramid):
        pass

    assert Pyramid().solver() is PYRAMID_SOLVER
    assert Same().solver() is PYRAMID_SOLVER
    assert Fourteen().solver() is GENERIC_SOLVER
