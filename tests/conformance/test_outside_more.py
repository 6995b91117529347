"""Black Hole, Seahaven Towers, Spiderette and Calculation written as outside packages
on the building blocks (``outside/``): they pass the kit, installed with entry points
as a player's packages are, or handed to it as plugins; their rules refuse what the
classic games refuse, each refusal by its rule; and the generic solver's verdicts on a
few deals hold: every winning line it gives wins when played through the game's own
checks, and every "unwinnable" is confirmed by a search of the game's own moves."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import broken_plugins
import pytest

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.registry import Catalog
from solitaire.core.solver import solve
from solitaire.core.state import Pile, State, apply_all
from solitaire.plugins.builtins import new_catalog
from solitaire.testing import DEFAULT_DEALS, Kit, VariantConformance

OUTSIDE = Path(__file__).resolve().parent / "outside"
VARIANTS = {
    "outside_black_hole": "black-hole",
    "outside_seahaven": "seahaven-towers",
    "outside_spiderette": "spiderette",
    "outside_calculation": "calculation",
}


def _load(name: str) -> ModuleType:
    """The module of ``outside/NAME.py``, imported under a name of its own (not installed)."""
    spec = importlib.util.spec_from_file_location(f"{name}_loaded", OUTSIDE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LOADED = {name: _load(name) for name in VARIANTS}
CATALOG = new_catalog(entry_points=False, blocked=["solver-hints"], plugins=list(LOADED.values()))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Catalog]:
    """The catalog of the installed plugins, the four outside packages among them (each
    a distribution with an entry point in the group ``solitaire``)."""
    site = tmp_path_factory.mktemp("site")
    for name in VARIANTS:
        source = (OUTSIDE / f"{name}.py").read_text(encoding="utf-8")
        broken_plugins.install(site, name, source, package=f"solitaire-{name.replace('_', '-')}")
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        yield new_catalog(blocked=["solver-hints"])
    finally:
        sys.path.remove(str(site))
        for name in VARIANTS:
            sys.modules.pop(name, None)


def test_the_installed_packages_are_found_through_their_entry_points(installed: Catalog) -> None:
    assert [p for p in installed.problems if p.plugin != "solver-hints"] == []
    for name, variant in VARIANTS.items():
        assert installed.sources[("variant", variant)].package == f"solitaire-{name.replace('_', '-')}"


@pytest.mark.parametrize("variant", sorted(VARIANTS.values()))
def test_each_installed_game_passes_the_kit(installed: Catalog, variant: str) -> None:
    summary = Kit(installed).check_variant(variant)
    assert summary.games == DEFAULT_DEALS and summary.moves > DEFAULT_DEALS * 20
    assert summary.undos >= summary.moves and summary.refusals > summary.positions


@pytest.mark.parametrize(("scoring", "variant"), [("golf", "black-hole"), ("spider", "spiderette")])
def test_the_family_scheme_is_checked_over_the_game(scoring: str, variant: str) -> None:
    assert CATALOG.scoring(scoring).fits(CATALOG.variants[variant])
    assert Kit(CATALOG, deals=1, steps=40).check_scoring(scoring, variants=[variant]).games == 1


class TestBlackHole(VariantConformance):
    variant_id = "black-hole"
    plugins: ClassVar[Sequence[object]] = [LOADED["outside_black_hole"]]


class TestSeahavenTowers(VariantConformance):
    variant_id = "seahaven-towers"
    plugins: ClassVar[Sequence[object]] = [LOADED["outside_seahaven"]]


class TestSpiderette(VariantConformance):
    variant_id = "spiderette"
    plugins: ClassVar[Sequence[object]] = [LOADED["outside_spiderette"]]


class TestCalculation(VariantConformance):
    variant_id = "calculation"
    plugins: ClassVar[Sequence[object]] = [LOADED["outside_calculation"]]


# -- the rules, on known deals ------------------------------------------------------------------


def game_of(variant: str, deal: int, *actions: str) -> Game:
    """Deal ``deal`` of ``variant`` after ``actions`` (each checked by the game)."""
    game = CATALOG.new_game(CATALOG.options(variant, deal=deal))
    for action in actions:
        game.perform(action)
    return game


def rule_of(game: Game, action: str) -> str:
    """The rule that refuses ``action``, or "" when the game takes it."""
    found = game.check(action)
    return found.rule if isinstance(found, Refusal) else ""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(card) for card in text.split())


def arranged(state: State, **piles: str) -> State:
    """``state`` with the cards named laid face up on the piles named, taken from where
    they were (the cards of the deck all stay on the table)."""
    moved = {card for text in piles.values() for card in cards(text)}
    changes = {
        pile: Pile(
            tuple(c for c in state.pile(pile).down if c not in moved),
            tuple(c for c in state.pile(pile).up if c not in moved),
        )
        for pile in state.table.ids
    }
    changes.update({pile: Pile((), cards(text)) for pile, text in piles.items()})
    return state.with_piles(changes)


def test_black_hole_deals_the_ace_of_spades_into_the_hole_for_every_deal() -> None:
    for deal in (1, 2, 3):
        state = game_of("black-hole", deal).state
        assert state.pile("f1").up == cards("AS")
        assert [len(state.pile(f"t{n}").up) for n in range(1, 18)] == [3] * 17


@pytest.mark.parametrize(
    ("actions", "action", "rule"),
    [
        ((), "t2>f", ""),  # K♣ on A♠: a king and an ace are next to each other
        ((), "t11>f", ""),  # 2♦ on A♠, any suit
        ((), "t1>f", "build.one-rank-apart"),  # A♦ on A♠
        ((), "t14>f1", "build.one-rank-apart"),  # 3♦ on A♠
        ((), "t2>t3", "build.none"),  # nothing builds on the fans
        (("t2>f",), "t1>f", ""),  # A♦ on K♣
        (("t2>f",), "f1>t3", "foundation.no-returns"),
    ],
)
def test_black_hole_rules(actions: tuple[str, ...], action: str, rule: str) -> None:
    assert rule_of(game_of("black-hole", 1, *actions), action) == rule


def test_black_hole_moves_are_the_tops_one_rank_from_the_hole() -> None:
    game = game_of("black-hole", 1)
    assert [str(move) for move in game.rules.variant.legal_moves(game.state, game.rules)] == [
        "t2>f1",
        "t11>f1",
        "t15>f1",
    ]


SEAHAVEN_FULL_CELLS = ("t10>t3", "t10>c3", "t1>c4")  # 2♣ on 3♣, then Q♥ and 9♥ to the cells
SEAHAVEN_EMPTY_T5 = ("t4>f", "t5>t4", "t5>f", "t5>c3", "t5>c4", "t5>t1")


@pytest.mark.parametrize(
    ("actions", "action", "rule"),
    [
        ((), "t10>t3", ""),  # 2♣ on 3♣
        ((), "t1>t8", "build.same-suit"),  # 9♥ on 10♠
        ((), "t3>c1", "cell.full"),  # 9♦ was dealt there
        ((), "t4>f", ""),  # A♠
        ((), "c1>f1", "foundation.suit"),
        (("t4>f",), "f1>c3", "foundation.no-returns"),
        (("t10>t3", "t10>c3"), "t3:2>t10", ""),  # 3♣ 2♣ on 4♣: one free cell
        (SEAHAVEN_FULL_CELLS, "t3:2>t10", "tableau.group-too-big"),  # no free cell
        (SEAHAVEN_FULL_CELLS, "t3>t10", "tableau.group-too-big"),
        (SEAHAVEN_EMPTY_T5, "c1>t5", "tableau.empty-needs-king"),  # 9♦ to an empty column
        (SEAHAVEN_EMPTY_T5, "t1:2>t5", "tableau.empty-needs-king"),  # 9♥ 8♥
    ],
)
def test_seahaven_rules(actions: tuple[str, ...], action: str, rule: str) -> None:
    assert rule_of(game_of("seahaven-towers", 1, *actions), action) == rule


def test_seahaven_deals_two_cards_to_the_cells_and_fifty_to_the_columns() -> None:
    state = game_of("seahaven-towers", 1).state
    assert [len(state.pile(f"c{n}")) for n in range(1, 5)] == [1, 1, 0, 0]
    assert [len(state.pile(f"t{n}").up) for n in range(1, 11)] == [5] * 10


@pytest.mark.parametrize(
    ("actions", "action", "rule"),
    [
        ((), "t2>t1", ""),  # 6♥ on 7♥
        ((), "t1>t6", "tableau.one-rank-lower"),  # 7♥ on J♣
        ((), "t1>t7", ""),  # 7♥ on 8♣: any suit
        ((), "t7>f", "foundation.whole-runs"),
        ((), "s", ""),
        (("t1>t7",), "s", "stock.columns-must-be-filled"),
        (("t1>t7",), "t7:2>t1", "tableau.group-suit-order"),  # 8♣ 7♥
        (("t1>t7",), "t7>t1", ""),  # 7♥ alone, to the empty column
    ],
)
def test_spiderette_rules(actions: tuple[str, ...], action: str, rule: str) -> None:
    assert rule_of(game_of("spiderette", 1, *actions), action) == rule


def test_spiderette_deals_as_klondike_and_its_stock_deals_rows() -> None:
    game = game_of("spiderette", 1)
    assert [len(game.state.pile(f"t{n}").down) for n in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert len(game.state.stock) == 24
    for _ in range(3):
        game.perform("s")
    assert len(game.state.stock) == 3
    game.perform("s")  # the last three cards, onto the first three columns
    assert [len(game.state.pile(f"t{n}").up) for n in range(1, 8)] == [5, 5, 5, 4, 4, 4, 4]
    assert rule_of(game, "s") == "stock.empty"


def test_calculation_starts_its_foundations_with_an_ace_a_two_a_three_and_a_four() -> None:
    for deal in (1, 2, 3):
        state = game_of("calculation", deal).state
        assert [state.pile(f"f{n}").up[0].rank for n in range(1, 5)] == [1, 2, 3, 4]
        assert len(state.stock) == 48 and not any(state.pile(f"t{n}") for n in range(1, 5))


def test_calculation_foundations_say_their_step() -> None:
    game = game_of("calculation", 1)
    specs = {spec.id: spec for spec in game.rules.variant.piles(game.state)}
    assert [str(specs[f"f{n}"].note) for n in range(2, 5)] == ["up by 2s", "up by 3s", "up by 4s"]


CALCULATION_8D = ("s", "w>t1", "s", "w>t1", "s")  # 7♥ and 9♠ on the first waste pile, 8♦ turned


@pytest.mark.parametrize(
    ("actions", "action", "rule"),
    [
        ((), "s", ""),
        (("s",), "s", "stock.waste-not-empty"),  # 7♥ must be played first
        (("s",), "w>f", "build.one-rank-higher"),  # 7♥ on A♥
        (("s",), "w>f2", "build.step-higher"),  # 7♥ on 2♥
        (("s",), "w>t1", ""),
        (CALCULATION_8D, "w>f4", ""),  # 8♦ on 4♥: by 4s
        (CALCULATION_8D, "w>t1", ""),  # 8♦ on 9♠: any card on a waste pile
        ((*CALCULATION_8D, "w>t2"), "t1>t2", "move.wrong-source"),  # they take only from the waste
        ((*CALCULATION_8D, "w>t2"), "t1>f", "build.one-rank-higher"),  # 9♠ on A♥
        (("s",), "f1>t3", "foundation.no-returns"),
    ],
)
def test_calculation_rules(actions: tuple[str, ...], action: str, rule: str) -> None:
    assert rule_of(game_of("calculation", 1, *actions), action) == rule


@pytest.mark.parametrize(
    ("piles", "action", "rule"),
    [
        ({"f2": "2H 4S 6D 8C TH QS", "w": "AC"}, "w>f2", ""),  # the ranks go round past the king
        ({"f4": "4H 8S QD", "w": "3C"}, "w>f4", ""),
        ({"f1": "AH 2S 3D 4C 5H 6S 7D 8C 9H TS JD QC KH", "w": "AC"}, "w>f1", "build.nothing-on-king"),
    ],
)
def test_calculation_foundations_wrap_and_end_at_the_king(
    piles: dict[str, str], action: str, rule: str
) -> None:
    options = CATALOG.options("calculation", deal=1)
    game = CATALOG.new_game(options, initial=arranged(CATALOG.new_game(options).state, **piles))
    assert rule_of(game, action) == rule


# -- the solver ---------------------------------------------------------------------------------


def exhaustively_lost(game: Game) -> bool:
    """True when no line of the game's own legal moves wins from its position."""
    variant, rules = game.rules.variant, game.rules
    seen: set[object] = set()
    todo = [game.state]
    while todo:
        state = todo.pop()
        if variant.is_won(state):
            return False
        for move in variant.legal_moves(state, rules):
            after = apply_all(state, variant.events(state, move, rules))
            if after.piles not in seen:
                seen.add(after.piles)
                todo.append(after)
    return True


# Verdicts of the generic solver on small budgets.  On deals 1-10 with 100,000 positions
# it gave: Black Hole 5 winnable, 3 unwinnable, 2 unknown (an exhaustive search of the
# game's moves wins those two); Seahaven Towers 9 winnable, 1 unwinnable; Spiderette 7
# winnable, 3 unknown; Calculation 1 winnable, 9 unknown.
VERDICTS = [
    ("black-hole", 1, 2_000, "winnable"),
    ("black-hole", 5, 2_000, "unwinnable"),
    ("black-hole", 6, 2_000, "unwinnable"),
    ("black-hole", 8, 2_000, "unwinnable"),
    ("black-hole", 9, 10_000, "winnable"),
    ("seahaven-towers", 1, 5_000, "winnable"),
    ("seahaven-towers", 4, 5_000, "winnable"),
    ("spiderette", 8, 5_000, "winnable"),
    ("spiderette", 10, 5_000, "winnable"),
    ("calculation", 10, 20_000, "winnable"),
]


@pytest.mark.parametrize(("variant", "deal", "nodes", "verdict"), VERDICTS)
def test_solver_verdicts_hold(variant: str, deal: int, nodes: int, verdict: str) -> None:
    game = game_of(variant, deal)
    result = solve(game.state, game.rules, max_nodes=nodes)
    assert result.verdict == verdict
    if verdict == "unwinnable":
        assert exhaustively_lost(game)
        return
    for action in result.solution:
        assert isinstance(game.check(action), Move), action
        game.perform(action)
    assert game.rules.variant.is_won(game.state)
