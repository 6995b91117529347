"""Property tests of whole games: random play with random undo and redo.

Each example plays one game with random options (both variants, draw 1 and 3,
Normal and Vegas scoring, redeal unlimited or ``passes:1..3``, foundation returns
allowed or forbidden, a random deal) for a few hundred actions.  A test-side
model of the history (what undo and redo must give back) and of the cards that
have reached a foundation is kept beside the game, and after every action:

* the 52 cards are all there, each once; foundations hold their own suit, A up;
  Réfléchi has no face-down card; a Klondike column with face-down cards has a
  face-up one and its face-up cards are in order;
* a move counts +1, an undo 0, a redo +1: the counter never goes down;
* undo gives back exactly the state before the move, except ``moves``; redo
  exactly the state after it; ``can_undo``/``can_redo`` match the model (whose
  undo stack keeps 100 actions);
* a draw turns 1 or 3 cards in order, a recycle turns the waste back keeping its
  order and starts a new pass; a card move carries exactly the cards named;
* the score follows RULES.md: Normal +10 per card reaching a foundation for the
  first time, +5 waste to column, +5 per card turned up, -100 (draw 1) / -20
  (draw 3) per recycle, never below 0; Vegas is -52 + 5 per card credited;
* every move in ``legal_moves()`` is accepted by ``check()`` and comes back
  unchanged (canonical), with no duplicates;
* random well-formed moves that ``check()`` refuses make ``play()`` raise
  :class:`IllegalMoveError` with that refusal, and change nothing;
* the state survives a JSON round trip.

At the end (and at a few points along the way) ``game.actions`` replayed on a
fresh game of the same code gives the same state, and the history is emptied by
undos: exactly as many as the model has (never more than 100), ending on the
state before the oldest remembered move.
"""

from __future__ import annotations

import json
import os
from collections import deque

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import (
    ALL_CARDS,
    CATALOG,
    candidate_moves,
    choose_action,
    game_options,
    mask,
    new_game,
    syntactic_moves,
)

from solitaire.core.cards import Card
from solitaire.core.game import HISTORY_LIMIT, Game
from solitaire.core.jsonstate import state_from_dict, state_to_dict
from solitaire.core.moves import Move
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.ruleset import GameOptions
from solitaire.core.state import State
from solitaire.variants.klondike import fits_on

#: The full run (40 games) with SOLITAIRE_TESTS=thorough; 10 by default.
PROPERTY_SETTINGS = settings(
    max_examples=40 if os.environ.get("SOLITAIRE_TESTS") == "thorough" else 10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Points of the Normal scheme (RULES.md, "Scoring schemes").
FOUNDATION_POINTS = 10
WASTE_TO_COLUMN_POINTS = 5
TURN_UP_POINTS = 5
RECYCLE_PENALTY = {1: 100, 3: 20}
VEGAS_STAKE = -52
VEGAS_POINTS = 5


@attrs.define
class Step:
    """One remembered move: the states and credited masks before and after it."""

    before: State
    after: State
    credited_before: int
    credited_after: int


@attrs.define
class Model:
    """What the history must do, kept by the test independently of the game."""

    undo: deque[Step] = attrs.Factory(lambda: deque(maxlen=HISTORY_LIMIT))
    redo: list[Step] = attrs.Factory(list)
    credited: int = 0


# -- checks of one state -----------------------------------------------------------------------


def check_state(game: Game, model: Model) -> None:
    state = game.state
    cards = state.cards()
    assert len(cards) == 52
    assert set(cards) == ALL_CARDS
    for number, foundation in enumerate(state.foundations):
        assert [card.suit for card in foundation] == [number] * len(foundation)
        assert [card.rank for card in foundation] == list(range(1, len(foundation) + 1))
    if game.rules.options.variant == "reflechi":
        assert state.face_down_count == 0
    else:
        for column in state.tableau:
            assert column.up or not column.down, "a face-down card was left uncovered"
            assert all(fits_on(upper, lower) for lower, upper in zip(column.up, column.up[1:], strict=False))
    passes = game.rules.redeal.passes
    assert state.pass_number >= 1
    if passes is not None:
        assert state.pass_number <= passes
    # Scores.
    assert state.credited == model.credited
    if game.rules.options.scoring == "vegas":
        assert state.score == VEGAS_STAKE + VEGAS_POINTS * model.credited.bit_count()
    else:
        assert state.score >= 0
    # History flags.
    assert game.can_undo == bool(model.undo)
    assert game.can_redo == bool(model.redo)
    # JSON round trip, through real JSON text.
    data = json.loads(json.dumps(state_to_dict(state, game.rules, game.code)))
    assert state_from_dict(data) == state


def check_legal_moves(game: Game) -> list[Move]:
    legal = game.legal_moves()
    assert len(legal) == len(set(legal)), f"duplicates in {legal}"
    for move in legal:
        assert game.check(move) == move
    return legal


def probe_refusals(data: st.DataObject, game: Game, legal: list[Move]) -> None:
    """Random well-formed moves: refused ones raise and change nothing; others are legal."""
    probes = [data.draw(syntactic_moves(), label="probe")]
    probes.append(data.draw(st.sampled_from(candidate_moves(game.state)), label="candidate"))
    for move in probes:
        checked = game.check(move)
        if isinstance(checked, Move):
            assert checked in legal
            continue
        assert isinstance(checked, Refusal)
        assert checked.message("en") and checked.message("ru")
        before = (game.state, list(game.actions), game.can_undo, game.can_redo)
        with pytest.raises(IllegalMoveError) as caught:
            game.play(str(move) if data.draw(st.booleans(), label="as text") else move)
        assert caught.value.refusal == checked
        assert (game.state, game.actions, game.can_undo, game.can_redo) == before


# -- checks of one transition ------------------------------------------------------------------


def _pile(state: State, pile: str) -> tuple[Card, ...]:
    if pile == "w":
        return state.waste
    if pile[0] == "f":
        return state.foundations[int(pile[1:]) - 1]
    return state.tableau[int(pile[1:]) - 1].up


def check_move(game: Game, move: Move, before: State, after: State, model: Model) -> None:
    """A move did what the notation says and scored what RULES.md says."""
    assert after.moves == before.moves + 1
    points = 0
    if move.is_draw:
        if before.stock:
            count = min(game.rules.draw, len(before.stock))
            assert after.stock == before.stock[:-count]
            assert after.waste == before.waste + before.stock[::-1][:count]
            assert after.pass_number == before.pass_number
        else:
            assert after.stock == before.waste[::-1]
            assert after.waste == ()
            assert after.pass_number == before.pass_number + 1
            points -= RECYCLE_PENALTY[game.rules.draw]
        assert after.tableau == before.tableau and after.foundations == before.foundations
    else:
        count = move.count or 1
        assert move.dst is not None  # every move but the tap names where it goes
        moved = _pile(before, move.src)[-count:]
        dst = f"f{moved[0].suit + 1}" if move.dst == "f" else move.dst
        assert _pile(after, dst) == _pile(before, dst) + moved
        rest = _pile(before, move.src)[:-count]
        if move.src[0] == "t" and not rest and before.tableau[int(move.src[1:]) - 1].down:
            column_before = before.tableau[int(move.src[1:]) - 1]
            column_after = after.tableau[int(move.src[1:]) - 1]
            assert column_after.up == column_before.down[-1:]
            assert column_after.down == column_before.down[:-1]
        else:
            assert _pile(after, move.src) == rest
        if dst[0] == "f":
            points += FOUNDATION_POINTS * (not model.credited >> moved[0].index & 1)
        if move.src == "w" and dst[0] == "t":
            points += WASTE_TO_COLUMN_POINTS * count
        if move.src[0] == "t":
            index = int(move.src[1:]) - 1
            turned = len(before.tableau[index].down) - len(after.tableau[index].down)
            assert turned == (
                1 if count == len(before.tableau[index].up) and before.tableau[index].down else 0
            )
            points += TURN_UP_POINTS * turned
    if game.rules.options.scoring == "normal":
        assert after.score == max(0, before.score + points)
    assert after.credited == before.credited | mask([c for f in after.foundations for c in f])


def replay(game: Game) -> Game:
    fresh = CATALOG.game_from_code(game.code)
    assert fresh.rules.options == game.rules.options
    for action in game.actions:
        fresh.perform(action)
    return fresh


# -- the property ------------------------------------------------------------------------------


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(options=game_options(), steps=st.integers(100, 300), data=st.data())
def test_random_play_with_undo_and_redo(options: GameOptions, steps: int, data: st.DataObject) -> None:
    game = new_game(options)
    model = Model()
    for step in range(steps):
        check_state(game, model)
        legal = check_legal_moves(game)
        probe_refusals(data, game, legal)
        action = choose_action(data, game)
        if action is None:
            break
        before = game.state
        if action == "undo":
            expected = model.undo.pop()
            game.perform("undo")
            assert game.state == attrs.evolve(expected.before, moves=before.moves)
            model.redo.append(expected)
            model.credited = expected.credited_before
        elif action == "redo":
            expected = model.redo.pop()
            game.perform("redo")
            assert game.state == attrs.evolve(expected.after, moves=before.moves + 1)
            model.undo.append(expected)
            model.credited = expected.credited_after
        else:
            assert action in legal
            game.play(action)
            after = game.state
            check_move(game, action, before, after, model)
            credited = model.credited | mask([card for f in after.foundations for card in f])
            model.undo.append(Step(before, after, model.credited, credited))
            model.redo.clear()
            model.credited = credited
        assert game.state.moves >= before.moves
        if step % 60 == 59:
            assert replay(game).state == game.state
    check_state(game, model)
    # The whole game replays from its code and actions.
    fresh = replay(game)
    assert fresh.state == game.state
    assert fresh.actions == game.actions
    # Undo everything the history holds: never more than 100 actions.
    moves = game.state.moves
    undos = 0
    while game.can_undo:
        game.undo()
        undos += 1
    assert undos == len(model.undo) <= HISTORY_LIMIT
    if model.undo:
        assert game.state == attrs.evolve(model.undo[0].before, moves=moves)
    with pytest.raises(IllegalMoveError) as caught:
        game.undo()
    assert caught.value.refusal.rule == "history.nothing-to-undo"
    assert game.state.moves == moves


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=game_options(), extra=st.integers(0, 40))
def test_history_keeps_the_last_100_actions(options: GameOptions, extra: int) -> None:
    """After 100 + extra moves exactly 100 can be undone, back to the state after
    the first ``extra`` moves (the move counter untouched); redo plays them again."""
    game = new_game(attrs.evolve(options, redeal="unlimited"))
    states = [game.state]
    for number in range(HISTORY_LIMIT + extra):
        legal = game.legal_moves()
        # Mostly the stock tap (always possible with unlimited redeals while the
        # stock or the waste holds a card), every third move another one.
        others = [m for m in legal if not m.is_draw]
        draws = [m for m in legal if m.is_draw]
        move = (others if number % 3 == 0 and others else draws or others)[0]
        game.play(move)
        states.append(game.state)
    played = len(states) - 1
    assert played == HISTORY_LIMIT + extra
    moves = game.state.moves
    undos = 0
    while game.can_undo:
        game.undo()
        undos += 1
    assert undos == min(played, HISTORY_LIMIT)
    assert game.state == attrs.evolve(states[played - undos], moves=moves)
    redos = 0
    while game.can_redo:
        game.redo()
        redos += 1
    assert redos == undos
    assert game.state == attrs.evolve(states[-1], moves=moves + redos)
