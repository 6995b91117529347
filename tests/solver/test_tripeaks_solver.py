"""TriPeaks' own solver (``variants/tripeaks_solver.py``): its verdicts are those of the
exhaustive search written from the rules alone (``tests/helpers/tripeaks_oracle.py``),
with and without its dead-rank cut, on dealt, played-on and hand-made positions; its
lines win in the engine; a game that changes TriPeaks' rules gets the generic search
instead."""

from __future__ import annotations

import random
import threading
from typing import ClassVar

import own_checks
import pytest
from tripeaks_oracle import Deal

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.search import GENERIC_SOLVER
from solitaire.core.state import Pile
from solitaire.plugins.builtins import new_catalog
from solitaire.variants import blocks as b
from solitaire.variants.tripeaks import TriPeaks
from solitaire.variants.tripeaks_solver import TRIPEAKS_SOLVER, TriPeaksSolver

CATALOG = new_catalog(entry_points=False)
WITHOUT_CUTS = TriPeaksSolver(cuts=False)


def expected(game: Game) -> str:
    return "winnable" if Deal.of(game.state).solve()[0] else "unwinnable"


def played_on(deal: int, steps: int, rng: random.Random) -> Game:
    """Deal ``deal`` after up to ``steps`` random legal moves, the stock only where no
    card of the peaks plays."""
    game = CATALOG.new_game(CATALOG.options("tripeaks", deal=deal))
    return own_checks.play_randomly(game, steps, rng)


def checked(game: Game, solver: TriPeaksSolver = TRIPEAKS_SOLVER) -> str:
    """The solver's verdict on ``game``, its winning line played to a win."""
    return own_checks.checked(game, solver)


def position(piles: dict[str, str], stock: str = "") -> Game:
    """A game on a table with these face-up piles; ``stock``'s cards with the next one first."""
    options = CATALOG.options("tripeaks", deal=1)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    built = {pile: Pile((), tuple(Card.parse(card) for card in text.split())) for pile, text in piles.items()}
    built["s"] = Pile(tuple(Card.parse(card) for card in stock.split())[::-1], ())
    return CATALOG.new_game(options, initial=empty.with_piles(built))


@pytest.mark.parametrize("deal", range(1, 41))
def test_verdicts_after_random_play_are_the_oracles(deal: int) -> None:
    rng = random.Random(f"tripeaks solver {deal}")
    game = played_on(deal, rng.randrange(10, 30), rng)
    verdict = expected(game)
    assert checked(game) == verdict == checked(game, WITHOUT_CUTS), game.code


@pytest.mark.parametrize("deal", [2, 4, 5, 12, 19])
def test_verdicts_on_dealt_positions_are_the_oracles(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options("tripeaks", deal=deal))
    assert checked(game) == expected(game), game.code


def test_verdicts_along_a_winning_line_and_off_it_are_the_oracles() -> None:
    game = CATALOG.new_game(CATALOG.options("tripeaks", deal=2))
    won, line, _ = Deal.of(game.state).solve()
    assert won
    rng = random.Random("tripeaks line")
    verdicts = set()
    for step, action in enumerate(line):
        if step % 2 == 0:
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
    assert verdicts


#: Positions known by hand: the verdict, the waste's top, the piles, the stock.
KNOWN = [
    # K and A are next to each other: the king on the ace, the queen on the king.
    ("winnable", "AH", {"t19": "KS", "t20": "QD"}, ""),
    # A six on the five, a seven on the six; a nine on the five does not go.
    ("winnable", "5H", {"t19": "6S", "t20": "7D"}, ""),
    ("unwinnable", "5H", {"t19": "9S"}, ""),
    # The four frees the six (t10 lies under t19 and t20), which goes on the stock's seven.
    ("winnable", "5H", {"t10": "6C", "t19": "4S"}, "7D"),
    # A dead rank: with the last five covered and no seven to come, the six never goes.
    ("unwinnable", "5H", {"t10": "6C", "t19": "4S"}, "9D"),
]


@pytest.mark.parametrize(("verdict", "top", "piles", "stock"), KNOWN)
def test_verdicts_on_positions_known_by_hand(
    verdict: str, top: str, piles: dict[str, str], stock: str
) -> None:
    game = position({**piles, "f1": top}, stock)
    assert expected(game) == verdict
    assert checked(game) == verdict == checked(game, WITHOUT_CUTS)


def test_the_dead_rank_cut_cuts() -> None:
    # Over the lost positions of the random games above, the cut proves them through
    # fewer positions.
    cut = uncut = lost = 0
    for deal in range(1, 41):
        rng = random.Random(f"tripeaks solver {deal}")
        game = played_on(deal, rng.randrange(10, 30), rng)
        with_cut = TRIPEAKS_SOLVER.solve(game.state, game.rules)
        without = WITHOUT_CUTS.solve(game.state, game.rules)
        assert with_cut.verdict == without.verdict
        if with_cut.verdict == "unwinnable":
            lost += 1
            cut, uncut = cut + with_cut.nodes, uncut + without.nodes
    assert lost >= 5
    assert cut < uncut


def test_the_budget_and_the_cancel_event_give_unknown() -> None:
    game = CATALOG.new_game(CATALOG.options("tripeaks", deal=28))  # lost, 200,000 positions
    assert TRIPEAKS_SOLVER.solve(game.state, game.rules, max_nodes=100).verdict == "unknown"
    clocked = TriPeaksSolver(clock=iter(range(10**6)).__next__)  # one second a reading
    assert clocked.solve(game.state, game.rules, timeout=2).verdict == "unknown"
    cancel = threading.Event()
    cancel.set()
    assert TRIPEAKS_SOLVER.solve(game.state, game.rules, cancel=cancel).verdict == "unknown"


def test_a_game_that_changes_tripeaks_rules_gets_the_generic_search() -> None:
    class NoWrap(TriPeaks):
        layout: ClassVar[tuple[b.Block, ...]] = (
            b.Stock(deals="foundation"),
            b.Foundations(1, False, b.ANY_CARD, b.Build(b.EITHER, b.ANY_SUIT), returns=False),
            b.Tableau(
                (1,) * 28, face_up=None, build=b.Build(suit=b.NO_SUIT), empty=b.NO_CARD, groups="single"
            ),
        )

    class Same(TriPeaks):
        pass

    assert TriPeaks().solver() is TRIPEAKS_SOLVER
    assert Same().solver() is TRIPEAKS_SOLVER
    assert NoWrap().solver() is GENERIC_SOLVER
