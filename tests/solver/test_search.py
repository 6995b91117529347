"""The generic search (``core/search.py``): its canonical keys are sound in every game
(piles it calls interchangeable really are), its winning lines win through the command
line, its verdicts hold on small positions known by hand, it agrees with the Klondike
solver, and its safe moves home keep a position's verdict."""

from __future__ import annotations

import gc
import itertools
import json
import random
import threading
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.ruleset import Ruleset
from solitaire.core.search import GENERIC_SOLVER, Dominance, Searcher
from solitaire.core.solver import SolveResult
from solitaire.core.state import FOUNDATION, Pile, State
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.klondike_solver import KLONDIKE_SOLVER

CATALOG = new_catalog(entry_points=False)
GAMES = sorted(CATALOG.variants)
RANKS = "A23456789TJQK"


def cards(text: str, deck: int = 0) -> tuple[Card, ...]:
    return tuple(Card(c.rank, c.suit, deck) for c in map(Card.parse, text.split()))


def suit(letter: str, top: str) -> str:
    """The cards of suit ``letter`` from the ace up to ``top``'s rank, as text."""
    return " ".join(f"{rank}{letter}" for rank in RANKS[: RANKS.index(top) + 1])


def run_of(letter: str) -> str:
    """A whole run of suit ``letter``, king at the bottom, ace on top."""
    return " ".join(f"{rank}{letter}" for rank in reversed(RANKS))


def game_on(variant: str, piles: dict[str, str | tuple[str, str]], draw: int = 1) -> Game:
    """A game of ``variant`` on an empty table with these piles: a text of face-up cards,
    or (face-down, face-up); a text for the stock is of face-down cards."""
    options = CATALOG.options(variant=variant, draw=draw, deal=1)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    built: dict[str, Pile] = {}
    for pile, text in piles.items():
        down, up = text if isinstance(text, tuple) else ("", text)
        built[pile] = (
            Pile(cards(up)) if pile == "s" and isinstance(text, str) else Pile(cards(down), cards(up))
        )
    return CATALOG.new_game(options, initial=empty.with_piles(built))


def walk(rules: Ruleset, state: State, steps: int, rng: random.Random) -> Iterator[State]:
    """A random walk of legal moves (stock taps among them) from ``state``."""
    for _ in range(steps):
        moves = rules.legal_moves(state)
        if not moves:
            return
        _, state = rules.transition(state, rng.choice(moves))
        yield state


def dealt(variant: str, deal: int, **options: object) -> Game:
    return CATALOG.new_game(CATALOG.options(variant=variant, deal=deal, **options))  # type: ignore[arg-type]


# -- interchangeable piles really are ---------------------------------------------------------


def exchanged(searcher: Searcher, state: State, rng: random.Random) -> State:
    """``state`` with the piles of each group the key sorts here shuffled among them, and
    the cards between the bottom and the top of each foundation nothing leaves (the key
    keeps only its size, bottom and top)."""
    piles = list(state.piles)
    for place in searcher.homes & set(searcher.single):  # grouped ones are keyed in full
        up = list(piles[place].up)
        middle = up[1:-1]
        rng.shuffle(middle)
        piles[place] = Pile(piles[place].down, tuple(up[:1] + middle + up[1:][-1:]))
    stock_empty = searcher.stock_place is None or not piles[searcher.stock_place]
    for number, group in enumerate(searcher.groups):
        if number in searcher.sort_needs_empty_stock and not stock_empty:
            continue
        order = list(group)
        rng.shuffle(order)
        contents = [piles[place] for place in order]
        for place, pile in zip(group, contents, strict=True):
            piles[place] = pile
    return State(state.table, tuple(piles), state.score, state.moves, state.pass_number, state.credited)


def child_keys(searcher: Searcher, rules: Ruleset, state: State) -> set[bytes]:
    """The keys of the positions one legal move away, straight from the rules."""
    return {searcher.key(rules.transition(state, move)[1]) for move in rules.legal_moves(state)}


@pytest.mark.parametrize("variant", GAMES)
def test_interchangeable_piles_really_are(variant: str) -> None:
    rng = random.Random(f"interchangeable {variant}")
    checked = 0
    for deal in (1, 2, 3):
        game = dealt(variant, deal)
        rules = game.rules
        searcher = Searcher(rules)
        for step, state in enumerate(walk(rules, game.state, 60, rng)):
            if step % 4:
                continue
            twin = exchanged(searcher, state, rng)
            assert searcher.key(twin) == searcher.key(state)
            assert rules.is_won(twin) == rules.is_won(state)
            assert child_keys(searcher, rules, twin) == child_keys(searcher, rules, state), (
                game.code,
                state,
                twin,
            )
            checked += 1
    assert checked >= 6


def test_the_tableau_of_a_stock_dealing_onto_each_column_is_sorted_only_once_it_is_empty() -> None:
    game = dealt("spider", 1)
    searcher = Searcher(game.rules)
    tableau = next(n for n, group in enumerate(searcher.groups) if searcher.kinds[group[0]] == "tableau")
    assert tableau in searcher.sort_needs_empty_stock
    state = game.state
    swapped = state.with_piles({"t1": state.pile("t2"), "t2": state.pile("t1")})
    assert state.pile("t1") != state.pile("t2")
    assert searcher.key(swapped) != searcher.key(state)  # the stock still deals onto t1 first
    emptied = state.with_piles({"s": Pile()})
    swapped = emptied.with_piles({"t1": state.pile("t2"), "t2": state.pile("t1")})
    assert searcher.key(swapped) == searcher.key(emptied)


# -- keys ---------------------------------------------------------------------------------------


def rebuilt(state: State) -> State:
    """The same position made of new pile objects, with other counters."""
    piles = tuple(Pile(tuple(pile.down), tuple(pile.up)) for pile in state.piles)
    return State(state.table, piles, state.score + 7, state.moves + 3, state.pass_number, state.credited)


def canonical(searcher: Searcher, state: State) -> object:
    """The position as the rules see it, written independently of the key: faces only
    (the copy of a card aside), each group of interchangeable piles as a multiset, a
    foundation nothing leaves as its size, bottom and top, the pass when passes count."""

    def faces(pile: Pile) -> object:
        return tuple(card.index for card in pile.down), tuple(card.index for card in pile.up)

    def home(pile: Pile) -> object:
        return (len(pile.up), pile.up[0].index, pile.up[-1].index) if pile.up else ()

    stock_empty = searcher.stock_place is None or not state.piles[searcher.stock_place]
    single = tuple(
        home(state.piles[place]) if place in searcher.homes else faces(state.piles[place])
        for place in searcher.single
    )
    groups = []
    for number, group in enumerate(searcher.groups):
        piles = [faces(state.piles[place]) for place in group]
        sort = stock_empty or number not in searcher.sort_needs_empty_stock
        groups.append(tuple(sorted(piles, key=repr)) if sort else tuple(piles))
    passes = state.pass_number if searcher.passes_matter else 0
    return single, tuple(groups), passes


@pytest.mark.parametrize("variant", GAMES)
def test_equal_positions_have_equal_keys_and_different_ones_different_keys(variant: str) -> None:
    rng = random.Random(f"keys {variant}")
    seen: dict[bytes, object] = {}
    for deal in (1, 4):
        game = dealt(variant, deal)
        rules = game.rules
        searcher = Searcher(rules)
        state = game.state
        for _ in range(150):
            key = searcher.key(state)
            assert searcher.key(rebuilt(state)) == key
            form = canonical(searcher, state)
            assert seen.setdefault(key, form) == form, (game.code, state)
            twin = exchanged(searcher, state, rng)
            assert seen.setdefault(searcher.key(twin), canonical(searcher, twin)) == form
            # A walk that prefers positions not seen yet.
            after = [rules.transition(state, move)[1] for move in rules.legal_moves(state)]
            fresh = [child for child in after if searcher.key(child) not in seen]
            if not after:
                break
            state = rng.choice(fresh or after)
    assert len(seen) >= 10


def test_the_two_copies_of_a_card_in_spider_give_equal_keys() -> None:
    game = dealt("spider", 2, draw=4)
    searcher = Searcher(game.rules)
    state = game.state
    swaps = 0
    for card in state.cards():
        twin = Card(card.rank, card.suit, 1 - card.deck)

        def other(pile: Pile, card: Card = card, twin: Card = twin) -> Pile:
            def swap(run: tuple[Card, ...]) -> tuple[Card, ...]:
                return tuple(twin if c is card else card if c is twin else c for c in run)

            return Pile(swap(pile.down), swap(pile.up))

        changed = State(state.table, tuple(other(pile) for pile in state.piles))
        if changed.piles != state.piles:
            swaps += 1
            assert searcher.key(changed) == searcher.key(state)
    assert swaps > 20


# -- winning lines win through the command line --------------------------------------------------

#: For each game, a deal the generic search wins within a small budget (its first such deal
#: among 1..6).  Canfield, Mod 3, Pyramid and Yukon take seconds; Golf, Gypsy, Forty Thieves and
#: Scorpion have none there (their winning lines in tests/data/wins/ are played by
#: tests/cli/test_wins.py).
QUICK_WINS = {
    "aces-up": 1,
    "bakers-dozen": 1,
    "beleaguered-castle": 1,
    "clock": 2,
    "eight-off": 1,
    "freecell": 1,
    "grandfather": 1,
    "klondike": 2,
    "reflechi": 2,
    "simple-simon": 2,
    "spider": 1,
    "tripeaks": 1,
}


def plays_to_a_win(code: str, actions: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> bool:
    status = run(["play", code, *actions, "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return bool(json.loads(out)["won"])


@pytest.mark.parametrize("variant", sorted(QUICK_WINS))
def test_winning_lines_win_through_the_command_line(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = dealt(variant, QUICK_WINS[variant])
    result = GENERIC_SOLVER.solve(game.state, game.rules, max_nodes=20_000, timeout=30)
    assert result.verdict == "winnable", game.code
    assert plays_to_a_win(game.code, result.solution, capsys)
    assert not plays_to_a_win(game.code, result.solution[:-1], capsys)


# -- verdicts on positions known by hand ---------------------------------------------------------


def verdict(game: Game, max_nodes: int = 50_000) -> SolveResult:
    """The generic search's result; a winning line is played through the engine."""
    result = GENERIC_SOLVER.solve(game.state, game.rules, max_nodes=max_nodes, timeout=30)
    if result.verdict == "winnable":
        for action in result.solution:
            game.perform(action)
        assert game.is_won, result.solution
    return result


Piles = dict[str, str | tuple[str, str]]
HOME: Piles = {"f1": suit("S", "K"), "f2": suit("H", "K"), "f3": suit("D", "K"), "f4": suit("C", "K")}
#: Blockers: no two of them fit on each other under any building rule (ranks two apart,
#: or of a colour), and none goes home while the aces lie buried.
BLOCKERS = ["5C", "7C", "9C", "JC", "5D", "7D", "9D", "JD"]
#: Two aces under each other's two: stuck unless one of the twos finds a place.
CROSSED: Piles = {"t1": "AS 2H", "t2": "AH 2S"}


def blocked(first: int, last: int, blockers: list[str] = BLOCKERS) -> Piles:
    """Columns ``first``..``last`` each holding one blocker."""
    return {f"t{n}": blockers[n - first] for n in range(first, last + 1)}


KNOWN: list[tuple[str, str, Piles]] = [
    # FreeCell: the king on the queen goes to a cell; cells full, no column free, no move.
    ("winnable", "freecell", HOME | {"f1": suit("S", "J"), "t1": "QS KS"}),
    ("unwinnable", "freecell", CROSSED | blocked(3, 8) | {"c1": "KC", "c2": "KD", "c3": "KH", "c4": "KS"}),
    ("winnable", "eight-off", HOME | {"f1": suit("S", "J"), "t1": "QS KS"}),
    (
        "unwinnable",
        "eight-off",
        CROSSED
        | blocked(3, 8)
        | {f"c{n}": f"{r}{s}" for n, (r, s) in enumerate(itertools.product("KQ", "SHDC"), 1)},
    ),
    # Baker's Dozen: no column is ever filled; a three to put the two on frees the aces.
    ("winnable", "bakers-dozen", CROSSED | {"t3": "3D", "f3": "AD 2D"}),
    ("unwinnable", "bakers-dozen", CROSSED),
    # Beleaguered Castle: an empty column frees the aces; with every column full, no move.
    ("winnable", "beleaguered-castle", CROSSED),
    ("unwinnable", "beleaguered-castle", CROSSED | blocked(3, 8)),
    # Golf: a six then a seven on the five; a nine after the six cannot go.
    ("winnable", "golf", {"f1": "5H", "t1": "7D 6S"}),
    ("unwinnable", "golf", {"f1": "5H", "t1": "6S 9D"}),
    ("winnable", "tripeaks", {"f1": "5H", "t19": "6S", "t20": "7D"}),
    ("unwinnable", "tripeaks", {"f1": "5H", "t19": "9S"}),
    # Pyramid: a king alone, a six and a seven together; two sixes never make thirteen.
    ("winnable", "pyramid", {"t22": "KS", "t23": "6H", "t24": "7D"}),
    ("unwinnable", "pyramid", {"t22": "6H", "t23": "6D"}),
    # Clock: the ace goes home and turns up the king; the king first ends the game.
    ("winnable", "clock", {"t13": ("", "AS"), "t1": ("KS", "")}),
    ("unwinnable", "clock", {"t13": ("", "KS"), "t1": ("AS", "")}),
    # Aces Up (aces high): the five goes under the nine, the nine under the ace; a nine
    # with no higher card of its suit stays.
    ("winnable", "aces-up", {"t1": "AH", "t2": "5H", "t3": "9H"}),
    ("unwinnable", "aces-up", {"t1": "5S", "t2": "9S"}),
    # Canfield: the reserve's seven to a free column lets the six go home.
    ("winnable", "canfield", {"f1": "5S", "r1": "6S 7S"}),
    ("unwinnable", "canfield", {"f1": "5S", "r1": "6S 7S", "t1": "9S", "t2": "9C", "t3": "JS", "t4": "JC"}),
    # Gypsy and Forty Thieves: a free column frees the ace; every column full, no move.
    ("winnable", "gypsy", {"t1": "AS 2S"}),
    ("unwinnable", "gypsy", blocked(2, 8, ["5C", "7C", "9C", "JC", "5S", "7S", "9S"]) | {"t1": "AS 2S"}),
    ("winnable", "forty-thieves", {"t1": "2S", "w": "AS"}),
    ("unwinnable", "forty-thieves", CROSSED | blocked(3, 10)),
    # Yukon: the two goes on the three and turns up the ace; alone it has nowhere to go.
    ("winnable", "yukon", {"t1": ("AS", "2S"), "t2": "3H", "f2": "AH 2H"}),
    ("unwinnable", "yukon", {"t1": ("AS", "2S")}),
    ("winnable", "grandfather", {"t1": "AS 2H", "t2": "3H", "f2": "AH"}),
    # Spider, Scorpion, Simple Simon: a whole run goes home; a lone ace never does.
    ("winnable", "spider", {"t1": run_of("S")}),
    ("unwinnable", "spider", {"t1": "AS"}),
    ("winnable", "scorpion", {"t1": run_of("H")}),
    ("unwinnable", "scorpion", {"t1": "AS KS"}),
    ("winnable", "simple-simon", {"t1": run_of("S")[:17], "t2": run_of("S")[18:]}),
    ("unwinnable", "simple-simon", {"t1": "AS"}),
    # Mod 3: the five goes on the two of its suit; a five without its two never goes.
    ("winnable", "mod3", {"f1": "2S", "t1": "5S"}),
    ("unwinnable", "mod3", {"t1": "5S"}),
]


@pytest.mark.parametrize(("expected", "variant", "piles"), KNOWN, ids=[f"{v}-{e}" for e, v, _ in KNOWN])
def test_verdicts_on_positions_known_by_hand(expected: str, variant: str, piles: Piles) -> None:
    game = game_on(variant, piles)
    result = verdict(game)
    assert result.verdict == expected, (variant, piles, result)


def test_a_play_of_the_stock_card_after_taps_is_searched() -> None:
    # One tap turns the eight up on the stock, over the five on the waste: they make 13.
    game = game_on("pyramid", {"s": ("8D", "5C")})
    assert verdict(game).verdict == "winnable"


def test_a_two_an_ace_and_the_cards_over_it_go_on_is_not_safe_to_send_home_in_yukon() -> None:
    # 2S onto 3H, then AH with 2H and AS over it onto 2S, AS home, 2H onto 3S, all home.
    line = ["t2>t3", "t2:3>t3", "t3>f", "t3>t2", "t3>f", "t3>f", "t2>f", "t3>f", "t2>f"]
    game = game_on("yukon", {"t2": "3S AH 2H AS 2S", "t3": "3H"})
    for action in line:
        game.perform(action)
    assert game.is_won
    assert verdict(game_on("yukon", {"t2": "3S AH 2H AS 2S", "t3": "3H"})).verdict == "winnable"


# -- the generic search agrees with the Klondike solver -----------------------------------------

#: Deals of the fixed sample, and the budget each solver has on each.
AGREEMENT_DEALS = range(1, 4)
AGREEMENT_BUDGET = {"max_nodes": 3_000, "timeout": 1.0}


@pytest.mark.parametrize("variant", ["klondike", "reflechi"])
@pytest.mark.parametrize("draw", [1, 3])
def test_the_generic_search_agrees_with_the_klondike_solver(variant: str, draw: int) -> None:
    both = 0
    for deal in AGREEMENT_DEALS:
        game = dealt(variant, deal, draw=draw)
        ours = GENERIC_SOLVER.solve(game.state, game.rules, **AGREEMENT_BUDGET)  # type: ignore[arg-type]
        theirs = KLONDIKE_SOLVER.solve(game.state, game.rules, **AGREEMENT_BUDGET)  # type: ignore[arg-type]
        if "unknown" in (ours.verdict, theirs.verdict):
            continue
        assert ours.verdict == theirs.verdict, game.code
        both += 1
    assert both >= 1


# -- safe moves home keep the verdict ------------------------------------------------------------


def winnable(rules: Ruleset, state: State, limit: int = 5_000) -> bool | None:
    """Whether ``state`` can be won: a depth-first search over every legal move, with a
    visited set of the search's keys (sound: see the interchangeable piles above) and no
    other reduction; None beyond ``limit`` positions."""
    key = Searcher(rules).key
    seen = {key(state)}
    stack = [state]
    while stack:
        here = stack.pop()
        if rules.is_won(here):
            return True
        if len(seen) > limit:
            return None
        for move in rules.legal_moves(here):
            _, after = rules.transition(here, move)
            mark = key(after)
            if mark not in seen:
                seen.add(mark)
                stack.append(after)
    return False


def small_positions(rules: Ruleset, rng: random.Random, count: int, talon: bool = False) -> Iterator[State]:
    """Positions of the ace to the three of two suits (one copy in a two-deck game): some
    home, the others spread over half the columns and the cells, the stock empty."""
    empty = rules.variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    table = empty.table
    homes = table.ids_of(FOUNDATION)
    places = [pile for pile, kind in table.pairs if kind in ("tableau", "cell")]
    if talon:  # the stock and the waste first, among the places cards go
        places = [pile for pile, kind in table.pairs if kind in ("stock", "waste")] + places
    for _ in range(count):
        piles: dict[str, list[Card]] = {pile: [] for pile in places}
        home: dict[str, list[Card]] = {}
        for deck, letter in ((0, "S"), (0, "H")):
            top = rng.randrange(0, 2)  # cards of the suit already home
            number = "SH".index(letter) + 4 * deck
            home[homes[number]] = list(cards(suit(letter, RANKS[top - 1]), deck)) if top else []
            for rank in RANKS[top:3]:
                pile = rng.choice(places[: max(2, len(places) // 2)])
                if table.kind(pile) == "cell" and piles[pile]:
                    pile = next(p for p in places if table.kind(p) != "cell")
                piles[pile] += cards(f"{rank}{letter}", deck)
        built = {pile: Pile((), tuple(held)) for pile, held in piles.items() if pile != "s"}
        if "s" in piles:
            built["s"] = Pile(tuple(piles["s"]))
        built |= {pile: Pile((), tuple(held)) for pile, held in home.items()}
        yield empty.with_piles(built)


DOMINATED = [
    variant
    for variant in GAMES
    if Dominance.of(
        CATALOG.ruleset(CATALOG.options(variant=variant)).variant,
        CATALOG.ruleset(CATALOG.options(variant=variant)),
    )
]


def check_safe_moves(rules: Ruleset, positions: Iterable[State]) -> tuple[int, int]:
    """Where ``Dominance.safe`` names a move, the verdict of a plain exhaustive search is
    the same before and after it: (positions with a safe move, of them decided)."""
    dominance = Dominance.of(rules.variant, rules)
    assert dominance is not None
    safe = decided = 0
    for state in positions:
        move = dominance.safe(state, rules.legal_moves(state))
        if move is None:
            continue
        safe += 1
        _, after = rules.transition(state, move)
        before = winnable(rules, state)
        if before is None:
            continue
        assert before == winnable(rules, after, limit=10**9), (rules.variant.id, state, move)
        decided += 1
    return safe, decided


@pytest.mark.parametrize("variant", DOMINATED)
def test_a_safe_move_home_keeps_the_verdict(variant: str) -> None:
    rules = CATALOG.ruleset(CATALOG.options(variant=variant))
    safe, decided = check_safe_moves(rules, small_positions(rules, random.Random(f"dominance {variant}"), 40))
    assert safe >= 5
    assert decided >= 3


@pytest.mark.parametrize(
    ("variant", "draw", "redeal"),
    [("klondike", 1, None), ("klondike", 3, None), ("klondike", 1, "passes:1"), ("forty-thieves", 1, None)],
)
def test_a_safe_move_home_keeps_the_verdict_with_cards_in_the_stock(
    variant: str, draw: int, redeal: str | None
) -> None:
    rules = CATALOG.ruleset(CATALOG.options(variant=variant, draw=draw, redeal=redeal))
    rng = random.Random(f"dominance {variant} {draw} {redeal}")
    _, decided = check_safe_moves(rules, small_positions(rules, rng, 60, talon=True))
    assert decided >= 3


# -- the whole search against a plain one on small positions -------------------------------------

#: Games whose small positions are a few cards on the columns (and the stock), and the
#: ranks they are made of (near ones where the columns build, far ones where they do not).
SMALL = {
    "aces-up": (1, 5, 9, 13),
    "bakers-dozen": (1, 2, 3),
    "beleaguered-castle": (1, 2, 3),
    "eight-off": (1, 2, 3),
    "forty-thieves": (1, 2, 3),
    "freecell": (1, 2, 3),
    "golf": (4, 5, 6, 8),
    "gypsy": (1, 2, 3),
    "klondike": (1, 2, 3),
    "mod3": (1, 2, 5),
    "yukon": (1, 2, 3),
}


@pytest.mark.parametrize("variant", sorted(SMALL))
def test_the_search_agrees_with_a_plain_exhaustive_one_on_small_positions(variant: str) -> None:
    """Keys, macro moves and safe moves together: the verdict is the plain search's."""
    rules = CATALOG.ruleset(CATALOG.options(variant=variant))
    empty = rules.variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    columns = empty.table.ids_of("tableau")
    has_stock = "s" in empty.table.index
    rng = random.Random(f"small {variant}")
    decided = 0
    for _ in range(20):
        deck = [Card(rank, number) for rank in SMALL[variant] for number in range(2)]
        rng.shuffle(deck)
        dealt_out = rng.randrange(2, len(deck) + 1)
        held: dict[str, list[Card]] = {column: [] for column in columns}
        for card in deck[:dealt_out]:
            held[rng.choice(columns[:3])].append(card)
        built = {column: Pile((), tuple(cards)) for column, cards in held.items()}
        if has_stock:
            built["s"] = Pile(tuple(deck[dealt_out:]))
        state = empty.with_piles(built)
        plain = winnable(rules, state, limit=5_000)
        result = GENERIC_SOLVER.solve(state, rules, max_nodes=5_000)
        if plain is None or result.verdict == "unknown":
            continue
        assert result.verdict == ("winnable" if plain else "unwinnable"), (variant, state)
        decided += 1
    assert decided >= 8


def test_the_best_first_phase_leaves_out_only_moves_that_shuffle_runs_in_spider() -> None:
    """Splits of a group, sideways moves and column swaps are left out of the best-first
    phase only; the complete phase, which may say "unwinnable", still has every move."""
    piles: Piles = {
        "t1": "9H 8S 7S",
        "t2": "8D",
        "t3": "9D 8C 7H",
        "t4": "8H",
        "t5": "5S",
        "t6": ("4C", "5D"),
        "t7": "KC 7D",
        "t9": "2C",
        "t10": "3C",
    }
    game = game_on("spider", piles, draw=4)
    searcher = Searcher(game.rules)
    state = game.state
    moves = searcher.moves(state)
    idle = {str(move) for move in moves if searcher.idle(state, move)}
    splits = {"t1>t2", "t1>t4", "t1:1>t8"}
    sideways = {"t3>t2"}
    swaps = {"t2>t8", "t4>t8", "t5>t8", "t9>t8", "t10>t8"}
    assert idle == splits | sideways | swaps
    # Building in suit, freeing a card, turning one up or emptying a column stay.
    assert {"t3>t4", "t1:2>t8", "t6>t8", "t7>t2", "t9>t10"} <= {str(move) for move in moves} - idle
    assert len(searcher.children(state)) == len(moves)
    assert len(searcher.children(state, lean=True)) == len(moves) - len(idle)
    # Scorpion moves any cards together: nothing is left out there.
    scorpion = game_on("scorpion", {"t1": "9H 8S 7S", "t2": "8S", "t3": "5S"})
    searcher = Searcher(scorpion.rules)
    assert not searcher.run_groups and "t1>t2" in {str(move) for move in searcher.moves(scorpion.state)}
    assert len(searcher.children(scorpion.state, lean=True)) == len(searcher.children(scorpion.state))


def _collector_during_a_solve(monkeypatch: pytest.MonkeyPatch, variant: str) -> list[bool]:
    """Solve deal 1 of ``variant`` and note whether the cycle collector was on in the
    search: when the generic one fits its measure, or when an own one starts."""
    game = CATALOG.new_game(CATALOG.options(variant=variant, deal=1))
    solver = game.rules.variant.solver()
    assert solver is not None
    owner, name = (Searcher, "fit") if solver is GENERIC_SOLVER else (type(solver), "search")
    noted: list[bool] = []
    method = getattr(owner, name)

    def noting(*args: Any) -> Any:
        noted.append(gc.isenabled())
        return method(*args)

    monkeypatch.setattr(owner, name, noting)
    solver.solve(game.state, game.rules, max_nodes=20_000)
    monkeypatch.undo()
    return noted


@pytest.mark.parametrize("variant", ["freecell", "golf"])
def test_a_search_pauses_the_cycle_collector_on_the_main_thread_only(
    monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """The generic search (FreeCell) and an own one (Golf): on the main thread the
    collector is off while the search runs and on again after; one the caller switched
    off stays off; on another thread the switch is left alone (the window keeps it off
    itself while its thinking threads work)."""
    assert gc.isenabled()
    assert _collector_during_a_solve(monkeypatch, variant) == [False]
    assert gc.isenabled()
    gc.disable()
    try:
        assert _collector_during_a_solve(monkeypatch, variant) == [False]
        assert not gc.isenabled()
    finally:
        gc.enable()
    elsewhere: list[list[bool]] = []
    thread = threading.Thread(
        target=lambda: elsewhere.append(_collector_during_a_solve(monkeypatch, variant))
    )
    thread.start()
    thread.join()
    assert elsewhere == [[True]]
    assert gc.isenabled()
