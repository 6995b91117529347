"""The generic search (solitaire.core.search) on FreeCell: winning lines that play,
crafted positions, more cells never hurt, and the safe moves home are safe."""

from __future__ import annotations

import functools
import json
import random
from typing import ClassVar

import pytest

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


def _plain_verdict(rules: Ruleset, state: State, limit: int = 20_000) -> bool | None:
    """A plain exhaustive search over the legal moves, keyed by the piles' cards (no
    safe moves, no sorting): whether ``state`` can be won, or None past ``limit``."""

    def key(here: State) -> tuple[tuple[Card, ...], ...]:
        return tuple(pile.up for pile in here.piles)

    seen = {key(state)}
    stack = [state]
    while stack:
        here = stack.pop()
        if rules.is_won(here):
            return True
        for move in rules.legal_moves(here):
            _, after = rules.transition(here, move)
            mark = key(after)
            if mark not in seen:
                if len(seen) > limit:
                    return None
                seen.add(mark)
                stack.append(after)
    return False


def _small_positions(rng: random.Random, count: int) -> list[dict[str, str]]:
    """Positions of the aces to the fives of the four suits: a few of each suit home,
    the others spread over three columns and a cell."""
    found = []
    for _ in range(count):
        piles: dict[str, list[str]] = {pile: [] for pile in ("t1", "t2", "t3", "c1")}
        for number, letter in enumerate("SHDC", 1):
            home = rng.randrange(0, 4)
            if home:
                piles[f"f{number}"] = [rank + letter for rank in "A23"[:home]]
            for rank in "A2345"[home:]:
                pile = rng.choice(["t1", "t2", "t3"] if piles["c1"] else ["t1", "t2", "t3", "c1"])
                piles[pile].append(rank + letter)
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


@pytest.mark.parametrize("variant", ["freecell", "eight-off"])
def test_safe_moves_home_keep_the_verdict_on_small_positions(variant: str) -> None:
    rules = CATALOG.ruleset(CATALOG.options(variant=variant, deal=1))
    dominance = Searcher(rules).dominance
    assert dominance is not None
    empty = rules.variant.empty_state()  # type: ignore[attr-defined]
    compared = chained = 0
    for piles in _small_positions(random.Random(f"chain {variant}"), 100):
        state = empty.with_piles(
            {pile: Pile((), tuple(map(Card.parse, cards.split()))) for pile, cards in piles.items()}
        )
        safe = dominance.safe(state, rules.legal_moves(state))
        if safe is None:
            continue
        card = state.pile(safe.src).up[-1]
        homes = {card.index for pile in state.of_kind("foundation") for card in pile.up}
        chained += not all(face in homes for face in dominance.fitting[card.index])
        _, after = rules.transition(state, safe)
        before = _plain_verdict(rules, state)
        if before is None:
            continue
        after_verdict = _plain_verdict(rules, after)
        if after_verdict is None:
            continue
        assert before == after_verdict, (piles, safe)
        compared += 1
    assert compared >= 40
    assert chained >= 10
