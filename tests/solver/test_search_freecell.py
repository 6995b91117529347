"""The generic search (solitaire.core.search) on FreeCell: winning lines that play,
crafted positions, more cells never hurt, and the safe moves home are safe."""

from __future__ import annotations

import functools
import json
import random
from typing import ClassVar

import pytest

from solitaire.core import search
from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.search import GENERIC_SOLVER, GenericSolver, Searcher
from solitaire.core.state import Pile, State
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.blocks import ANY_CARD, Block, Cells, Foundations, Tableau, free_cell_limit
from solitaire.variants.freecell import FreeCell

CATALOG = new_catalog(entry_points=False)
BUDGET = 40_000  # positions: every solve here takes well under a few seconds


class ThreeCellFreeCell(FreeCell):
    """FreeCell with one cell fewer (the same deals)."""

    id: ClassVar[str] = "freecell-3"
    layout: ClassVar[tuple[Block, ...]] = (
        Cells(3),
        Foundations(returns=False),
        Tableau((7, 7, 7, 7, 6, 6, 6, 6), face_up=None, empty=ANY_CARD, limit=free_cell_limit),
    )


def freecell_rules() -> Ruleset:
    return CATALOG.ruleset(CATALOG.options(variant="freecell", deal=1))


def position(rules: Ruleset, piles: dict[str, str]) -> State:
    """A FreeCell position from card texts a pile, bottom card first."""
    changes = {
        pile: Pile((), tuple(Card.parse(text) for text in cards.split())) for pile, cards in piles.items()
    }
    variant = rules.variant
    assert isinstance(variant, FreeCell)
    return variant.empty_state().with_piles(changes)


def home_through(rank: int) -> dict[str, str]:
    """The four foundations holding ace .. ``rank`` of their suit (♠ ♥ ♦ ♣)."""
    ranks = "A23456789TJQK"[:rank]
    return {f"f{number}": " ".join(r + suit for r in ranks) for number, suit in enumerate("SHDC", 1)}


@pytest.mark.parametrize("deal", [1, 2, 5, 8])
def test_winning_lines_play_to_a_win(deal: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = CATALOG.code(CATALOG.options(variant="freecell", deal=deal))
    game = CATALOG.game_from_code(code)
    result = GENERIC_SOLVER.solve(game.state, game.rules, max_nodes=BUDGET)
    assert result.verdict == "winnable"
    assert run(["play", code, *result.solution, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["won"] is True


def test_a_locked_position_is_unwinnable() -> None:
    # The eights are home, the kings fill the cells, every column has a ten or a queen
    # on top: no ten fits on a queen, no queen on a king (none is in a column), no card
    # goes home (the nines lie under the tens and queens) and no cell is free. No move.
    rules = freecell_rules()
    piles = home_through(8)
    piles |= {"c1": "KS", "c2": "KH", "c3": "KD", "c4": "KC"}
    columns = ["9S TH", "9H TS", "9D TC", "9C TD", "JS QH", "JH QS", "JD QC", "JC QD"]
    piles |= {f"t{number}": cards for number, cards in enumerate(columns, 1)}
    state = position(rules, piles)
    assert rules.legal_moves(state) == []
    assert GENERIC_SOLVER.solve(state, rules, max_nodes=BUDGET).verdict == "unwinnable"


def test_a_nearly_played_position_is_winnable() -> None:
    # Home: the tens, and the black jacks. The red jacks lie on black queens and the
    # queen of spades on a red king: a few moves through the free cells win.
    rules = freecell_rules()
    piles = home_through(10) | {
        "f1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        "f4": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
    }
    piles |= {"c1": "KH", "t1": "KS QD", "t2": "KD QS JH", "t3": "KC QH JD", "t4": "QC"}
    state = position(rules, piles)
    result = GENERIC_SOLVER.solve(state, rules, max_nodes=BUDGET)
    assert result.verdict == "winnable"
    game = Game(rules, initial=state)
    for action in result.solution:
        game.perform(action)
    assert game.is_won


def _verdict(variant: FreeCell, deal: int) -> str:
    base = freecell_rules()
    rules = Ruleset(base.options, variant, base.scoring, base.redeal)
    state = rules.initial_state(variant.dealt_order(deal, rules))
    return GENERIC_SOLVER.solve(state, rules, max_nodes=BUDGET).verdict


@pytest.mark.parametrize("deal", [3, 8, 14, 16, 17])
def test_winnable_with_three_cells_is_winnable_with_four(deal: int) -> None:
    three = _verdict(ThreeCellFreeCell(), deal)
    four = _verdict(FreeCell(), deal)
    assert (three, four) != ("winnable", "unwinnable")
    if three == "winnable":
        assert four == "winnable"


@functools.cache
def _line() -> tuple[str, ...]:
    game = CATALOG.new_game(CATALOG.options(variant="freecell", deal=1))
    return GENERIC_SOLVER.solve(game.state, game.rules, max_nodes=BUDGET).solution


def _near_the_end(seed: int) -> State:
    """A position a few random moves off deal 1's winning line, late in it."""
    rng = random.Random(seed)
    game = CATALOG.new_game(CATALOG.options(variant="freecell", deal=1))
    line = _line()
    for action in line[: rng.randrange(2 * len(line) // 3, len(line))]:
        game.perform(action)
    state = game.state
    for _ in range(rng.randrange(1, 6)):
        moves = game.rules.legal_moves(state)
        if not moves:
            break
        _, state = game.rules.transition(state, rng.choice(moves))
    return state


def test_safe_moves_home_keep_the_verdict() -> None:
    rules = freecell_rules()
    plain = GenericSolver(dominance=False)
    searcher = Searcher(rules)
    assert searcher.dominance is not None
    compared = 0
    for seed in range(30):
        state = _near_the_end(seed)
        safe = searcher.dominance.safe(state, rules.legal_moves(state))
        if safe is None:
            continue
        after = searcher.after(state, safe)
        before_verdict = plain.solve(state, rules, max_nodes=2_000).verdict
        after_verdict = plain.solve(after, rules, max_nodes=2_000).verdict
        if "unknown" in (before_verdict, after_verdict):
            continue
        assert before_verdict == after_verdict, (seed, safe)
        compared += 1
    assert compared >= 5


def _small_positions(rng: random.Random, count: int) -> list[dict[str, str]]:
    """Positions of the aces to the fours where the three of spades may go home by the
    longer rule only: the spades home to the two, the red aces home, not the red twos;
    the clubs home to a random rank; the other cards spread over three columns and a
    cell, the three of spades on top of a column."""
    found = []
    for _ in range(count):
        clubs = rng.randrange(0, 3)
        piles: dict[str, list[str]] = {"t1": [], "t2": [], "t3": [], "c1": []}
        piles |= {"f1": ["AS", "2S"], "f2": ["AH"], "f3": ["AD"], "f4": [rank + "C" for rank in "A2"[:clubs]]}
        rest = ["4S", "2H", "3H", "4H", "2D", "3D", "4D"] + [rank + "C" for rank in "A234"[clubs:]]
        rng.shuffle(rest)
        for card in rest:
            piles[rng.choice(["t1", "t2", "t3"] if piles["c1"] else ["t1", "t2", "t3", "c1"])].append(card)
        piles[rng.choice(["t1", "t2", "t3"])].append("3S")
        found.append({pile: " ".join(cards) for pile, cards in piles.items() if cards})
    return found


def test_a_card_whose_holders_may_go_home_themselves_goes_home_safely() -> None:
    # Red aces home: the red twos that the three of spades could hold may go home the
    # moment they could go on it, and the black aces they could hold too.
    rules = freecell_rules()
    dominance = Searcher(rules).dominance
    assert dominance is not None and dominance.chain
    piles = {"f1": "AS 2S", "f2": "AH", "f3": "AD", "t1": "2D 3S", "t2": "2H", "t3": "AC 2C"}
    state = position(rules, piles)
    assert dominance.safe(state, rules.legal_moves(state)) == Move("t1", "f")
    # Without the ace of diamonds home (it lies under the three), the two of diamonds
    # cannot go home: it may need the three of spades to wait on.
    state = position(rules, piles | {"f3": "", "t1": "AD 2D 3S"})
    assert Move("t1", "f") in rules.legal_moves(state)
    assert dominance.safe(state, rules.legal_moves(state)) != Move("t1", "f")


def test_safe_moves_home_by_the_longer_rule_keep_the_verdict() -> None:
    """The three of spades, safe home by the longer rule only (its holders, the red twos,
    are not home but may go home themselves), keeps the verdict of the search without
    safe moves, in positions where it decides both."""
    rules = freecell_rules()
    plain = GenericSolver(dominance=False)
    dominance = Searcher(rules).dominance
    assert dominance is not None
    compared = 0
    for piles in _small_positions(random.Random("longer rule"), 60):
        state = position(rules, piles)
        move = next(
            move
            for move in rules.legal_moves(state)
            if move.dst == "f" and state.pile(move.src).up[-1] == Card.parse("3S")
        )
        assert dominance.safe(state, [move]) == move
        _, after = rules.transition(state, move)
        before = plain.solve(state, rules, max_nodes=5_000).verdict
        after_verdict = plain.solve(after, rules, max_nodes=5_000).verdict
        if "unknown" in (before, after_verdict):
            continue
        assert before == after_verdict, (piles, move)
        compared += 1
    assert compared >= 20


def test_the_dives_win_a_deal_the_queues_alone_do_not_win_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """Microsoft deal 898: with the depth-first dives taking turns with the queues the
    search wins it within 10,000 positions, and the line plays to a win; with the four
    queues alone it is still unknown after as many (they win it after some 100,000)."""
    game = CATALOG.new_game(CATALOG.options(variant="freecell", deal=898))
    result = GENERIC_SOLVER.solve(game.state, game.rules, max_nodes=10_000)
    assert result.verdict == "winnable"
    for action in result.solution:
        game.perform(action)
    assert game.is_won
    monkeypatch.setattr(search, "DIVES", ())
    assert Searcher(game.rules).dives == ()
    fresh = CATALOG.new_game(CATALOG.options(variant="freecell", deal=898))
    assert GENERIC_SOLVER.solve(fresh.state, fresh.rules, max_nodes=10_000).verdict == "unknown"


def _crowded_positions(rng: random.Random, count: int) -> list[dict[str, str]]:
    """Positions of the fours to the kings, the rest home: the kings fill the cells, the
    other cards are dealt at random over the eight columns, two a column at least.
    Most are won once a column is emptied; some are lost, a few moves in or many."""
    found = []
    for _ in range(count):
        rest = [rank + suit for rank in "456789TJQ" for suit in "SHDC"]
        rng.shuffle(rest)
        piles = home_through(3) | {"c1": "KS", "c2": "KH", "c3": "KD", "c4": "KC"}
        columns: list[list[str]] = [[] for _ in range(8)]
        for number, card in enumerate(rest):
            columns[number % 8 if number < 16 else rng.randrange(8)].append(card)
        piles |= {f"t{number}": " ".join(cards) for number, cards in enumerate(columns, 1) if cards}
        found.append(piles)
    return found


def test_the_dives_keep_the_verdict_of_the_queues_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """On small positions the search with its dives and without them agree, winnable or
    unwinnable: a dive only finds a win sooner, and the queues, which never see the
    dives' positions, prove a position lost only when every one of them is empty."""
    rules = freecell_rules()
    states = [position(rules, piles) for piles in _crowded_positions(random.Random("dives"), 40)]
    assert Searcher(rules).dives
    with_dives = [GENERIC_SOLVER.solve(state, rules, max_nodes=5_000).verdict for state in states]
    monkeypatch.setattr(search, "DIVES", ())
    without = [GENERIC_SOLVER.solve(state, rules, max_nodes=5_000).verdict for state in states]
    compared = [
        (one, other) for one, other in zip(with_dives, without, strict=True) if "unknown" not in (one, other)
    ]
    assert all(one == other for one, other in compared)
    assert len(compared) >= 20
    assert {"winnable", "unwinnable"} <= {one for one, _ in compared}


@pytest.mark.parametrize("deal", [1, 2, 111, 898])
def test_a_dives_line_plays_to_a_win(deal: int) -> None:
    """These deals are won by a dive within 10,000 positions.  A dive reaches many
    positions by other ways than the queues did, with the cells and columns in
    another order under the same key: its line is its own trail, from the queues'
    position where it started, and plays to a win."""
    game = CATALOG.new_game(CATALOG.options(variant="freecell", deal=deal))
    searcher = Searcher(game.rules)
    run = search._Run(searcher, 10_000, float("inf"), None)
    line = run.best_first(game.state)
    assert line is not None
    assert run.dived
    for action in line:
        game.perform(action)
    assert game.is_won
