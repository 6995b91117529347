"""The move generator against an independent oracle, and recorded positions.

The oracle writes every move the notation can name on a table (the stock tap;
``w``, ``f1``..``f4``, ``t1``..``t7`` to ``f``, ``f1``..``f4``, ``t1``..``t7``
and also to ``s``/``w``; from a column with no count and with every count up to
the column's size), asks ``rules.check`` about each and keeps the canonical moves
it returns.  That set must be exactly ``set(rules.legal_moves(state))``, over
random positions of random games in both variants, both draw modes, returns
allowed or forbidden and limited passes (so recycling is sometimes refused).

``tests/data/klondike.perft`` and ``tests/data/reflechi.perft`` record positions
(a game code and the actions that reach it) with their sorted legal moves, like
python-chess's perft files; ``tests/data/make_perft.py`` documents the format and
wrote them, and the notes in the files say which positions were checked by hand.
They are read with the conformance kit's reader (:mod:`solitaire.testing.perft`).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import CATALOG, candidate_moves, choose_action, game_options, new_game

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import Refusal
from solitaire.core.ruleset import GameOptions, Ruleset
from solitaire.core.state import Column, State
from solitaire.testing.perft import Position, legal_after, read_perft
from solitaire.variants.klondike import ordered_suffix

DATA = Path(__file__).parent.parent / "data"


def oracle(state: State, rules: Ruleset) -> set[Move]:
    """The canonical forms of every candidate move that ``rules.check`` accepts."""
    accepted = set()
    for move in candidate_moves(state):
        checked = rules.check(state, move)
        if isinstance(checked, Move):
            # A canonical move is accepted unchanged.
            assert rules.check(state, checked) == checked
            accepted.add(checked)
        else:
            assert isinstance(checked, Refusal)
    return accepted


def assert_generator_matches_oracle(state: State, rules: Ruleset) -> list[Move]:
    legal = rules.legal_moves(state)
    assert len(legal) == len(set(legal)), f"duplicates in {legal}"
    expected = oracle(state, rules)
    assert set(legal) == expected, (
        f"missing {sorted(map(str, expected - set(legal)))}, extra {sorted(map(str, set(legal) - expected))}"
    )
    return legal


@pytest.mark.slow
@settings(
    max_examples=25 if os.environ.get("SOLITAIRE_TESTS") == "thorough" else 8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(options=game_options(), steps=st.integers(0, 250), data=st.data())
def test_legal_moves_equal_the_oracle_along_random_games(
    options: GameOptions, steps: int, data: st.DataObject
) -> None:
    game = new_game(options)
    for step in range(steps + 1):
        # Every position is checked near the start and where the stock is spent
        # (the recycle may be refused there); elsewhere every fourth one.
        if step < 10 or step % 4 == 0 or not game.state.stock:
            legal = assert_generator_matches_oracle(game.state, game.rules)
            assert (DRAW in legal) == isinstance(game.check(DRAW), Move)
        action = choose_action(data, game)
        if action is None:
            break
        game.perform(action if isinstance(action, str) else str(action))


@pytest.mark.parametrize("variant", ["klondike", "reflechi"])
@pytest.mark.parametrize("draw", [1, 3])
def test_recycle_refused_when_no_pass_is_left(variant: str, draw: int) -> None:
    """Vegas, one pass: once the stock is spent the tap is refused, and no longer generated."""
    game = CATALOG.new_game(CATALOG.options(variant=variant, draw=draw, scoring="vegas", deal=77))
    for _ in range(24 // draw):
        game.play("s")
    assert not game.state.stock and len(game.state.waste) == 24
    legal = assert_generator_matches_oracle(game.state, game.rules)
    assert DRAW not in legal
    refusal = game.check(DRAW)
    assert isinstance(refusal, Refusal) and refusal.rule == "stock.no-passes-left"


def _state(columns: list[tuple[str, str]], foundations: list[str], waste: str = "", stock: str = "") -> State:
    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(word) for word in text.split())

    return State.classic(
        stock=cards(stock),
        waste=cards(waste),
        foundations=tuple(cards(text) for text in foundations),
        tableau=tuple(Column(cards(down), cards(up)) for down, up in columns),
    )


@pytest.mark.parametrize("returns_allowed", [True, False])
def test_won_position_offers_only_returns_to_empty_columns(returns_allowed: bool) -> None:
    """All 52 cards home: the only moves are the four kings back to the seven empty
    columns (4 x 7 = 28 moves), or none at all when returns are forbidden."""
    suits = "SHDC"
    state = _state([("", "")] * 7, [" ".join(rank + suit for rank in "A23456789TJQK") for suit in suits])
    rules = CATALOG.ruleset(CATALOG.options(returns_allowed=returns_allowed))
    legal = assert_generator_matches_oracle(state, rules)
    expected = (
        {Move(f"f{f}", f"t{t}") for f in range(1, 5) for t in range(1, 8)} if returns_allowed else set()
    )
    assert set(legal) == expected


def test_hand_built_position_klondike_and_reflechi() -> None:
    """A hand-built table, checked by reasoning (the same in both variants: every
    face-up run is in order).

    t1: 8♠ 7♥ 6♣   t2: empty   t3: (2♣ down) K♦ Q♠   t4: (3♥ down) 9♦
    t5: (4♠ down) 5♥   t6: (4♦ down) 7♣   t7: (T♠ down) 9♣
    waste 3♠ 5♦ (5♦ on top), stock J♥, foundations A♠ 2♠ / A♥ / - / A♣.

    To the foundations: the tops 6♣ Q♠ 9♦ 5♥ 7♣ 9♣ and 5♦ are none of 3♠, 2♥, A♦, 2♣.
    To the columns: 8♠ 7♥ 6♣ on 9♦ (t1:3>t4); 5♦ on 6♣ (w>t1); 5♥ on 6♣ (t5>t1);
    K♦ Q♠ to the empty t2 (t3:2>t2); 7♥ 6♣ and 6♣ alone fit nowhere (no black 8,
    no red 7 on top); 9♦ needs a black T, Q♠ a red K, 7♣ a red 8, 9♣ a red T: none.
    Returns: 2♠ needs a red 3, A♥ and A♣ a 2 of the other colour: none on top.
    And the stock tap.
    """
    state = _state(
        [
            ("", "8S 7H 6C"),
            ("", ""),
            ("2C", "KD QS"),
            ("3H", "9D"),
            ("4S", "5H"),
            ("4D", "7C"),
            ("TS", "9C"),
        ],
        ["AS 2S", "AH", "", "AC"],
        waste="3S 5D",
        stock="JH",
    )
    expected = {"t1:3>t4", "w>t1", "t3:2>t2", "t5>t1", "s"}
    for variant in ("klondike", "reflechi"):
        rules = CATALOG.ruleset(CATALOG.options(variant=variant))
        legal = assert_generator_matches_oracle(state, rules)
        assert {str(move) for move in legal} == expected


def test_reflechi_out_of_order_group_stays() -> None:
    """Réfléchi: 7♣ 3♦ K♦ dealt face up; 7♣ and 3♦ are under out-of-order cards.

    With 8♥ on t2 and 4♠ on t4 neither 7♣ nor 3♦ may move there; K♦ alone may go
    to the empty t3.  Nothing else fits: 8♥, 4♠, J♣, 5♣, 9♥ need a black 9, a red 5,
    a red Q, a red 6, a black T, and no ace is exposed.
    """
    state = _state(
        [("", "7C 3D KD"), ("", "8H"), ("", ""), ("", "4S"), ("", "JC"), ("", "5C"), ("", "9H")],
        ["", "", "", ""],
        stock="2H",
    )
    rules = CATALOG.ruleset(CATALOG.options(variant="reflechi"))
    legal = assert_generator_matches_oracle(state, rules)
    assert {str(move) for move in legal} == {"t1>t3", "s"}
    for refused in ("t1>t2", "t1:3>t2", "t1:2>t4"):
        refusal = rules.check(state, Move.parse(refused))
        assert isinstance(refusal, Refusal) and refusal.rule == "tableau.group-order"


# -- recorded positions --------------------------------------------------------------------------


PERFT_FILES = {"klondike": DATA / "klondike.perft", "reflechi": DATA / "reflechi.perft"}
PERFT = [
    pytest.param(variant, position, id=f"{variant}-line{position.line}")
    for variant, path in PERFT_FILES.items()
    for position in read_perft(path)
]


@pytest.mark.parametrize(("variant", "position"), PERFT)
def test_recorded_position(variant: str, position: Position) -> None:
    game = legal_after(CATALOG, position.code, position.actions)
    assert game.rules.options.variant == variant
    legal = [str(move) for move in game.legal_moves()]
    assert len(legal) == len(set(legal))
    assert sorted(legal) == list(position.legal)
    assert set(position.legal) == {str(move) for move in oracle(game.state, game.rules)}


def _situations(game: Game, position: Position) -> set[str]:
    """The required situations a recorded position shows."""
    state, options = game.state, game.rules.options
    empty = {f"t{n}" for n, column in enumerate(state.tableau, 1) if not column}
    shown = set()
    if options.draw == 3:
        shown.add("draw 3")
    if not options.returns_allowed and state.foundation_count:
        shown.add("returns forbidden with cards home")
    if options.scoring == "vegas" and not state.stock and state.waste and "s" not in position.legal:
        shown.add("Vegas stock spent, recycle refused")
    if any(move.partition(">")[2] in empty for move in position.legal):
        shown.add("empty column a king can fill")
    if options.variant == "reflechi" and any(
        ordered_suffix(column.up) < len(column.up) for column in state.tableau
    ):
        shown.add("out-of-order group")
    return shown


@pytest.mark.parametrize("variant", PERFT_FILES)
def test_recorded_files_cover_the_required_situations(variant: str) -> None:
    positions = read_perft(PERFT_FILES[variant])
    assert len(positions) >= 15
    assert sum("hand-checked" in position.note for position in positions) >= 3
    shown: set[str] = set()
    for position in positions:
        game = legal_after(CATALOG, position.code, position.actions)
        shown |= _situations(game, position)
    required = {
        "draw 3",
        "returns forbidden with cards home",
        "Vegas stock spent, recycle refused",
        "empty column a king can fill",
    }
    if variant == "reflechi":
        required.add("out-of-order group")
    assert shown >= required
