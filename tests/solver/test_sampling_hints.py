"""Klondike hints that do not peek: guesses of the unseen cards keep every seen card
in place and the 52 cards whole, the hint never depends on the face-down cards, it
is legal and repeatable, and the heuristic answers when no guess is won.

Budgets are tiny and bounded by positions searched, never by time (the time limit is
generous), so that every answer is the same on any machine."""

from __future__ import annotations

import itertools
import random
import re
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core import solver as solver_module
from solitaire.core.cards import CARDS, Card
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.hints import move_words
from solitaire.core.moves import Move
from solitaire.core.ruleset import GameOptions, Ruleset
from solitaire.core.solver import SolveResult, first_move, solve
from solitaire.core.state import Column, State
from solitaire.plugins import sampling_hints
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.hints import heuristic_hint
from solitaire.plugins.sampling_hints import (
    SamplingBudget,
    deal_unseen,
    guesses,
    safe_move,
    sampling_hint,
    stock_seen,
    unseen_cards,
)
from solitaire.plugins.solver_hints import solver_hint

CATALOG = new_catalog(entry_points=False)
TINY = SamplingBudget(seconds=600.0, samples=4, nodes=300)  # the node limit binds, never the time


def play(options: GameOptions, seed: int, actions: int) -> tuple[State, Ruleset]:
    """A position some way into a game: mostly the heuristic's moves, some random ones."""
    rules = CATALOG.ruleset(options)
    state = CATALOG.new_game(options).state
    rng = random.Random(seed)
    for _ in range(actions):
        moves = rules.legal_moves(state)
        if not moves:
            break
        hinted = heuristic_hint(state, rules).move
        move = hinted if hinted is not None and rng.random() < 0.7 else rng.choice(moves)
        _, state = rules.transition(state, move)
    return state, rules


@st.composite
def positions(draw: st.DrawFn) -> tuple[State, Ruleset]:
    options = CATALOG.options(
        "klondike",
        draw=draw(st.sampled_from((1, 3))),
        redeal=draw(st.sampled_from(("unlimited", "passes:3"))),
        returns_allowed=draw(st.booleans()),
        deal=draw(st.integers(0, DEAL_NUMBERS - 1)),
    )
    return play(options, draw(st.integers(0, 2**32)), draw(st.integers(0, 160)))


def unseen_places(state: State) -> list[tuple[str, int]]:
    """Where the unseen cards lie, in the order :func:`deal_unseen` fills them."""
    places = [(f"t{n}", i) for n, column in enumerate(state.tableau, 1) for i in range(len(column.down))]
    if not stock_seen(state):
        places += [("s", i) for i in range(len(state.stock))]
    return places


def hidden(state: State) -> list[Card]:
    """The cards in the unseen places, in order."""
    cards = [card for column in state.tableau for card in column.down]
    return cards + ([] if stock_seen(state) else list(state.stock))


# -- the guesses -----------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(positions(), st.data())
def test_a_guess_keeps_every_seen_card_and_the_52_cards(
    position: tuple[State, Ruleset], data: st.DataObject
) -> None:
    state, rules = position
    pool = unseen_cards(state)
    assert sorted(hidden(state), key=lambda card: card.index) == list(pool)
    order = data.draw(st.permutations(pool))
    for guess in (deal_unseen(state, order), next(guesses(state, rules))):
        assert sorted(card.index for card in guess.cards()) == list(range(52))
        assert guess.waste == state.waste and guess.foundations == state.foundations
        assert [column.up for column in guess.tableau] == [column.up for column in state.tableau]
        assert [len(column.down) for column in guess.tableau] == [len(c.down) for c in state.tableau]
        assert len(guess.stock) == len(state.stock)
        if stock_seen(state):
            assert guess.stock == state.stock
        assert sorted(hidden(guess), key=lambda card: card.index) == list(pool)
        assert (guess.pass_number, guess.moves, guess.score) == (state.pass_number, state.moves, state.score)
    assert hidden(deal_unseen(state, order)) == list(order)  # dealt in the documented order


def test_what_is_seen() -> None:
    state, _ = play(CATALOG.options("klondike", draw=3, deal=7), seed=1, actions=0)
    assert len(unseen_cards(state)) == 21 + 24  # face-down cards, and the stock in the first pass
    recycled = State.classic((), state.stock, state.foundations, state.tableau, pass_number=1)
    assert len(unseen_cards(recycled)) == 21  # the waste is seen
    second = State.classic(state.stock, (), state.foundations, state.tableau, pass_number=2)
    assert len(unseen_cards(second)) == 21  # the stock after a recycle is seen
    with pytest.raises(ValueError, match="unseen places"):
        deal_unseen(state, CARDS[:10])


# -- no peeking ------------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_the_hint_never_depends_on_the_unseen_cards(
    position: tuple[State, Ruleset], rng: random.Random
) -> None:
    state, rules = position
    order = list(hidden(state))
    rng.shuffle(order)
    other = deal_unseen(state, order)  # the same sight, the unseen cards elsewhere
    assert list(itertools.islice(guesses(state, rules), 3)) == list(
        itertools.islice(guesses(other, rules), 3)
    )
    assert sampling_hint(state, rules, TINY, remember=False) == sampling_hint(
        other, rules, TINY, remember=False
    )


def test_the_hint_survives_every_arrangement_of_a_few_unseen_cards() -> None:
    """Late positions where guesses are won: the hint is a move, the same whatever lies face down."""
    hinted = 0
    for deal in range(80):
        state, rules = play(CATALOG.options("klondike", draw=3, deal=deal), seed=deal, actions=120)
        pool = hidden(state)
        if not 2 <= len(pool) <= 8:
            continue
        hint = sampling_hint(state, rules, TINY, remember=False)
        rng = random.Random(len(pool))
        for _ in range(3):
            order = rng.sample(pool, len(pool))
            assert sampling_hint(deal_unseen(state, order), rules, TINY, remember=False) == hint
        hinted += hint is not None and hint.move is not None
        if hinted >= 3:
            return
    pytest.fail(f"only {hinted} late positions among 80 deals got a sampling hint")


# -- the hint --------------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(positions())
def test_the_hint_is_legal_and_repeatable(position: tuple[State, Ruleset]) -> None:
    state, rules = position
    hint = sampling_hint(state, rules, TINY, remember=False)
    assert hint == sampling_hint(state, rules, TINY, remember=False)
    if hint is not None and hint.move is not None:
        assert rules.check(state, hint.move) == hint.move  # legal, in canonical form
        assert hint.reason("ru") != hint.reason("en")


def test_the_reason_counts_the_guesses_won() -> None:
    for deal in range(40):
        state, rules = play(CATALOG.options("klondike", draw=3, deal=deal), seed=deal, actions=60)
        if not unseen_cards(state) or safe_move(state, rules) is not None:
            continue
        hint = sampling_hint(state, rules, TINY, remember=False)
        if hint is not None:
            counted = re.search(r"wins (\d+) of (\d+) guesses", hint.reason())
            assert counted is not None, hint.reason()
            won, tried = int(counted[1]), int(counted[2])
            assert 1 <= won <= tried <= TINY.samples
            assert f"{won} из {tried}" in hint.reason("ru")
            assert hint.move is not None
            for lang in ("en", "ru"):  # the text names the move first
                assert hint.reason(lang).startswith(move_words(state, hint.move)[lang] + ": ")
            return
    pytest.fail("no position among 40 got a sampling hint")


def test_no_guess_won_lets_the_heuristic_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    starved = SamplingBudget(seconds=600.0, samples=3, nodes=1)  # no guess can be solved
    monkeypatch.setattr(sampling_hints, "budget", starved)
    for deal in range(20):
        game = CATALOG.new_game(CATALOG.options("klondike", draw=3, deal=deal))
        state, rules = game.state, game.rules
        if len(rules.legal_moves(state)) > 1 and safe_move(state, rules) is None:
            assert sampling_hint(state, rules, starved, remember=False) is None
            assert game.hint() == heuristic_hint(state, rules)
            return
    pytest.fail("no deal among 20 offers a choice of moves, none of them safe")


def test_the_solver_stops_before_the_hint_time_is_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver reads its clock every so many positions and may overrun its timeout
    a little: each guess is told to stop CLOCK_MARGIN before the hint's time is up.
    The clock is a stub, so the timeouts are exact."""
    now = [1_000.0]
    monkeypatch.setattr(sampling_hints, "time", SimpleNamespace(monotonic=lambda: now[0]))
    timeouts: list[float] = []

    def timed_solve(state: State, rules: Ruleset, *, max_nodes: int, timeout: float) -> SolveResult:
        timeouts.append(timeout)
        now[0] += 0.1  # each guess takes a tenth of a second
        return solve(state, rules, max_nodes=max_nodes)

    # The hint loads the solver when it is asked: the stub goes where it looks.
    monkeypatch.setattr(solver_module, "solve", timed_solve)
    game = CATALOG.new_game(CATALOG.options("klondike", draw=3, deal=5))
    limits = SamplingBudget(seconds=0.5, samples=12, nodes=300)
    sampling_hint(game.state, game.rules, limits, remember=False)
    margin = sampling_hints.CLOCK_MARGIN
    assert timeouts[:2] == pytest.approx([0.5 - margin, 0.4 - margin])
    assert len(timeouts) == 4  # a fifth guess would likely end past the time


def test_forced_and_safe_moves_are_left_to_the_heuristic() -> None:
    starved = SamplingBudget(seconds=600.0, samples=3, nodes=1)
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")  # an ace face up
    assert safe_move(game.state, game.rules) == Move("t1", "f")
    assert sampling_hint(game.state, game.rules, starved, remember=False) is None
    assert game.hint() == heuristic_hint(game.state, game.rules)  # a foundation move too
    # Only the stock can be tapped (seven black cards on top, no ace): the move is forced.
    tops = [Card.parse(text) for text in ("5S", "5C", "9S", "9C", "KS", "7S", "7C")]
    rest = [card for card in CARDS if card not in tops]
    only_stock = State.classic(
        stock=tuple(rest[:3]),
        waste=(),
        foundations=((),) * 4,
        tableau=tuple(Column(tuple(rest[3 + 6 * n : 9 + 6 * n]), (top,)) for n, top in enumerate(tops)),
    )
    assert sorted(card.index for card in only_stock.cards()) == list(range(52))
    assert game.rules.legal_moves(only_stock) == [Move("s")]
    assert sampling_hint(only_stock, game.rules, TINY, remember=False) is None


def test_with_nothing_hidden_the_position_itself_is_solved() -> None:
    """Every face-down card turned up and the stock seen: the hint starts a winning line."""
    for deal in range(20):
        state, rules = play(CATALOG.options("klondike", draw=1, deal=deal), seed=deal, actions=0)
        known = State.classic(
            state.stock,
            (),
            state.foundations,
            tuple(Column((), column.down + column.up) for column in state.tableau),
            pass_number=2,
        )
        assert unseen_cards(known) == ()
        if safe_move(known, rules) is not None or len(rules.legal_moves(known)) < 2:
            continue  # answered without solving
        hint = sampling_hint(known, rules, TINY, remember=False)
        result = solve(known, rules, max_nodes=TINY.nodes * TINY.samples, timeout=600.0)
        if result.verdict == "winnable":
            move = first_move(result)
            assert move is not None and hint is not None and hint.move == rules.check(known, move)
            assert "winning line" in hint.reason()
            assert hint.reason().startswith(move_words(known, hint.move)["en"] + ": ")
            return
    pytest.fail("no position among 20 was solved within the budget")


def test_reflechi_keeps_the_exact_solver_hint() -> None:
    for deal in range(20):
        game = CATALOG.new_game(CATALOG.options("reflechi", deal=deal))
        assert sampling_hint(game.state, game.rules, TINY, remember=False) is None  # nothing is hidden
        exact = solver_hint(game.state, game.rules)
        if exact is not None:
            assert game.hint() == exact
            return
    pytest.fail("no Réfléchi deal among 20 got a solver hint")
