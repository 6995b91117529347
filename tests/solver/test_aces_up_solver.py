"""Aces Up's own solver (``variants/aces_up_solver.py``): its verdicts are those of the
exhaustive search written from the rules alone (``tests/helpers/aces_up_oracle.py``),
with and without its harmless-discard cut, on played-on positions, along and off
winning lines and on small positions; its lines win in the engine; a game that
changes Aces Up's rules gets the generic search instead."""

from __future__ import annotations

import random
import threading
from typing import ClassVar

import attrs
import own_checks
import pytest
from aces_up_oracle import Card, Deal

from solitaire.core.cards import Card as EngineCard
from solitaire.core.game import Game
from solitaire.core.search import GENERIC_SOLVER
from solitaire.core.state import Pile, State
from solitaire.plugins.builtins import new_catalog
from solitaire.variants import blocks as b
from solitaire.variants.aces_up import AcesUp
from solitaire.variants.aces_up_solver import ACES_UP_SOLVER, AcesUpSolver

CATALOG = new_catalog(entry_points=False)
WITHOUT_CUTS = AcesUpSolver(cuts=False)
#: Positions the oracle may see: enough for the positions below, a second or so.
LIMIT = 400_000


def expected(state: State) -> str:
    won = Deal.of(state).solve(limit=LIMIT)[0]
    assert won is not None, "the oracle ran out of positions"
    return "winnable" if won else "unwinnable"


def played_on(deal: int, stock: int, rng: random.Random) -> Game:
    """Deal ``deal`` after random legal moves until the stock has ``stock`` cards at
    most, a discard rather than the deal where there is one (so that not every game is
    lost)."""
    game = CATALOG.new_game(CATALOG.options("aces-up", deal=deal))
    while len(game.state.pile("s")) > stock:
        moves = [str(move) for move in game.rules.legal_moves(game.state)]
        discards = [move for move in moves if move.endswith(">f1")]
        game.perform(rng.choice(discards) if discards and rng.random() < 0.8 else rng.choice(moves))
    return game


def checked(game: Game, solver: AcesUpSolver = ACES_UP_SOLVER) -> str:
    """The solver's verdict on ``game``, its winning line played to a win."""
    return own_checks.checked(game, solver)


@pytest.mark.parametrize("deal", range(1, 31))
def test_verdicts_after_random_play_are_the_oracles(deal: int) -> None:
    rng = random.Random(f"aces up solver {deal}")
    game = played_on(deal, rng.choice([8, 12, 16]), rng)
    verdict = expected(game.state)
    assert checked(game) == verdict, game.code
    assert checked(game, WITHOUT_CUTS) == verdict, game.code


@pytest.mark.parametrize("deal", [1, 5])
def test_verdicts_along_a_winning_line_and_off_it_are_the_oracles(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("aces-up", deal=deal))
    result = ACES_UP_SOLVER.solve(game.state, game.rules)
    assert result.verdict == "winnable"
    rng = random.Random(f"aces up line {deal}")
    verdicts = set()
    for step, action in enumerate(result.solution):
        if len(game.state.pile("s")) <= 16 and step % 3 == 0:
            assert checked(game) == "winnable" == expected(game.state), (game.code, step)
            other = [str(move) for move in game.rules.legal_moves(game.state) if str(move) != action]
            if other:
                off = Game(game.rules, initial=game.state)
                off.perform(rng.choice(other))
                verdict = expected(off.state)
                assert checked(off) == verdict == checked(off, WITHOUT_CUTS), (game.code, step)
                verdicts.add(verdict)
        game.perform(action)
    assert game.is_won
    assert verdicts  # some positions off the line were tried


def position(columns: list[str], stock: str) -> Game:
    """A game of Aces Up at the given columns (cards bottom first, ``""`` for an empty
    column) and stock (its next card last)."""
    game = CATALOG.new_game(CATALOG.options("aces-up", deal=1))

    def cards(text: str) -> tuple[EngineCard, ...]:
        return tuple(EngineCard.parse(card) for card in text.split())

    piles = {f"t{n}": Pile((), cards(text)) for n, text in enumerate(columns, 1)}
    state = game.state.with_piles({**piles, "s": Pile(cards(stock), ())})
    return Game(game.rules, initial=state)


def test_a_discard_can_lose_a_won_position() -> None:
    # The nine of clubs may go (the queen of clubs ends the second column), but the deal
    # puts the three of clubs on the empty first column, and the nine is then the only
    # club that can send it off: the oracle and the solver agree that the discard loses.
    before = position(["", "AC QC", "AH 5D 9C", "8C AS"], "AD TS JS 3C")
    assert "t3>f1" in [str(move) for move in before.rules.legal_moves(before.state)]
    assert expected(before.state) == "winnable" == checked(before) == checked(before, WITHOUT_CUTS)
    before.perform("t3>f1")
    assert expected(before.state) == "unwinnable" == checked(before) == checked(before, WITHOUT_CUTS)


def test_small_positions() -> None:
    # The two of hearts dealt onto the ace of hearts never goes; onto the ace of spades
    # it goes (the ace of hearts ends the second column).
    covered = position(["AH", "AS", "AD", "AC"], "2H")
    assert checked(covered) == "unwinnable" == expected(covered.state)
    other_way = position(["AS", "AH", "AD", "AC"], "2H")
    assert ACES_UP_SOLVER.solve(other_way.state, other_way.rules).solution == ("s", "t1>f1")
    # Won already.
    done = position(["AS", "AH", "AD", "AC"], "")
    assert ACES_UP_SOLVER.solve(done.state, done.rules).solution == ()
    assert ACES_UP_SOLVER.solve(done.state, done.rules).verdict == "winnable"


def test_the_harmless_discard_cut_cuts() -> None:
    rng = random.Random("aces up cut")
    fewer = 0
    for deal in range(1, 11):
        game = played_on(deal, 12, rng)
        with_cut = ACES_UP_SOLVER.solve(game.state, game.rules)
        without = WITHOUT_CUTS.solve(game.state, game.rules)
        assert with_cut.verdict == without.verdict != "unknown"
        assert with_cut.nodes <= without.nodes
        fewer += with_cut.nodes < without.nodes
    assert fewer >= 5


def test_the_budget_and_the_cancel_event_give_unknown() -> None:
    game = CATALOG.new_game(CATALOG.options("aces-up", deal=2))
    assert ACES_UP_SOLVER.solve(game.state, game.rules, max_nodes=100).verdict == "unknown"
    cancel = threading.Event()
    cancel.set()
    result = ACES_UP_SOLVER.solve(game.state, game.rules, max_nodes=10**9, cancel=cancel)
    assert result.verdict == "unknown"
    assert result.nodes <= 4096


def test_a_game_that_changes_aces_ups_rules_gets_the_generic_search() -> None:
    class FiveColumns(AcesUp):
        layout: ClassVar[tuple[b.Block, ...]] = (
            b.Stock(deals="each", needs_full=False),
            b.Foundations(1, by_suit=False, base=b.ANY_CARD, returns=False),
            b.Tableau(
                (1,) * 5, face_up=None, build=b.Build(suit=b.NO_SUIT), empty=b.ANY_CARD, groups="single"
            ),
        )

    assert AcesUp().solver() is ACES_UP_SOLVER
    assert FiveColumns().solver() is GENERIC_SOLVER
    rules = CATALOG.new_game(CATALOG.options("aces-up", deal=1)).rules
    assert attrs.evolve(rules, variant=AcesUp()).variant.solver() is ACES_UP_SOLVER


def test_cards_are_read_as_the_oracle_reads_them() -> None:
    # The oracle's deal and the engine's: the same cards in the same places.
    game = CATALOG.new_game(CATALOG.options("aces-up", deal=3))
    deal = Deal.of(game.state)
    first: Card = deal.stock[-1]
    game.perform("s")
    top = game.state.pile("t1").up[-1]
    assert (top.rank, top.suit.letter) == first
