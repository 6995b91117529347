"""Every way a move can be refused, in both variants where it applies.

Each case builds a position (a deal plus actions, or a hand-built table), names a
move and the rule that must refuse it.  For every case:

* ``rules.check`` and ``game.check`` return a :class:`Refusal` with that rule id;
* its message exists in English and Russian (and they differ), and both mention
  the cards involved (e.g. ``7♥``) or the pile or number concerned;
* ``game.play`` (with the move and with its text) raises :class:`IllegalMoveError`
  carrying the same refusal and changes nothing: state, actions, undo/redo
  availability, and no subscriber is told anything.

A last test checks that every :class:`Rule` defined in ``solitaire.core.refusals``
is exercised here, and that each rule that can apply to both variants is tested
in both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs
import pytest
from strategies import CATALOG

from solitaire.core import refusals
from solitaire.core.cards import CARDS, Card
from solitaire.core.game import Change, Game
from solitaire.core.moves import Move
from solitaire.core.refusals import IllegalMoveError, Refusal, Rule
from solitaire.core.state import Column, State
from solitaire.variants import blocks

KLONDIKE, REFLECHI = "klondike", "reflechi"
BOTH = (KLONDIKE, REFLECHI)

# -- positions ---------------------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def layout(
    columns: list[str],
    foundations: tuple[str, str, str, str] = ("", "", "", ""),
    waste: str = "",
    rest: str = "stock",
) -> State:
    """A full 52-card table.  A column is ``"UP"`` or ``"DOWN | UP"`` (bottom first);
    the cards not named go to ``rest``: ``"stock"``, ``"waste"`` (under the named
    waste cards), ``"down:N"`` (face down under column N) or ``"up:N"`` (face up
    under column N's cards)."""
    parsed = []
    for text in columns:
        down, _, up = text.rpartition("|")
        parsed.append([cards(down), cards(up)])
    named = [
        *cards(waste),
        *(c for f in foundations for c in cards(f)),
        *(c for d, u in parsed for c in d + u),
    ]
    assert len(named) == len(set(named)), "a card is named twice"
    others = tuple(card for card in CARDS if card not in set(named))
    stock: tuple[Card, ...] = ()
    waste_cards = cards(waste)
    if rest == "stock":
        stock = others
    elif rest == "waste":
        waste_cards = others + waste_cards
    else:
        kind, number = rest.split(":")
        column = parsed[int(number) - 1]
        column[0 if kind == "down" else 1] = others + column[0 if kind == "down" else 1]
    return State.classic(
        stock=stock,
        waste=waste_cards,
        foundations=tuple(cards(f) for f in foundations),
        tableau=tuple(Column(down, up) for down, up in parsed),
    )


#: A table that suits both variants (no face-down card, every face-up run in order):
#:   t1 8♦   t2 7♥   t3 empty   t4 9♠   t5 7♦ 6♠   t6 2♣   t7 K♥ Q♣ J♦
#:   foundations A♠ 2♠ / A♥ / - / -;  waste top 3♥;  the other cards in the stock.
TABLE = layout(
    ["8D", "7H", "", "9S", "7D 6S", "2C", "KH QC JD"],
    foundations=("AS 2S", "AH", "", ""),
    waste="5C 3H",
)
#: The same cards with the stock and the waste empty: the rest is in t1, face down
#: (Klondike) or face up under 8♦ (Réfléchi).
SPENT = {
    KLONDIKE: layout(
        ["8D", "7H", "", "9S", "7D 6S", "2C", "KH QC JD"], ("AS 2S", "AH", "", ""), rest="down:1"
    ),
    REFLECHI: layout(["8D", "7H", "", "9S", "7D 6S", "2C", "KH QC JD"], ("AS 2S", "AH", "", ""), rest="up:1"),
}
#: Réfléchi: 7♣ lies under the out-of-order 3♦ K♦ and would fit on 8♥.
OUT_OF_ORDER = layout(["8H", "", "7C 3D KD", "QH", "5S", "9C", "JS"])


@attrs.frozen
class Position:
    """How to reach a position: a game code and actions, or a hand-built state."""

    code: str | None = None
    actions: tuple[str, ...] = ()
    state: State | None = None

    def game(self, variant: str, **options: Any) -> Game:
        if self.code is not None:
            game = CATALOG.game_from_code(self.code)
            assert game.rules.options.variant == variant
        else:
            game = CATALOG.new_game(CATALOG.options(variant=variant, **options))
            assert self.state is not None
            game.state = self.state
        for action in self.actions:
            game.perform(action)
        return game


def deal(code: str, *actions: str) -> Position:
    return Position(code=code, actions=actions)


def table(state: State) -> Position:
    return Position(state=state)


@attrs.frozen
class Case:
    """A refused move: where, what, which rule, and what its messages must mention."""

    variant: str
    position: Position
    move: str
    rule: str
    #: Strings each message must contain; a pair is (English, Russian), case-insensitive.
    mentions: tuple[str | tuple[str, str], ...] = ()
    options: tuple[tuple[str, object], ...] = ()

    @property
    def id(self) -> str:
        return f"{self.rule}-{self.variant}-{self.move}"


def both(
    position: Position | Callable[[str], Position],
    move: str,
    rule: str,
    *mentions: str | tuple[str, str],
    **options: object,
) -> list[Case]:
    return [
        Case(
            variant,
            position(variant) if callable(position) else position,
            move,
            rule,
            tuple(mentions),
            tuple(options.items()),
        )
        for variant in BOTH
    ]


def one(
    variant: str,
    position: Position,
    move: str,
    rule: str,
    *mentions: str | tuple[str, str],
    **options: object,
) -> list[Case]:
    return [Case(variant, position, move, rule, tuple(mentions), tuple(options.items()))]


ON_TABLE = table(TABLE)
COLUMN_3 = ("column 3", "столбец 3")
STOCK = ("stock", "колод")
WASTE = ("waste", "сброс")


def _deal_code(variant: str, middle: str = "D1N", number: str = "AAAAAAG") -> str:
    return f"{'KL' if variant == KLONDIKE else 'TF'}1-{middle}-{number}"


def _fresh(variant: str) -> Position:
    return deal(_deal_code(variant))


def _spent_vegas(variant: str, draw: int = 1) -> Position:
    return deal(_deal_code(variant, f"D{draw}V"), *["s"] * (24 // draw))


def _spent_passes_2(variant: str) -> Position:
    # Draw 3, two passes: through the stock, recycle, through it again.
    return deal(_deal_code(variant, "D3NP2"), *["s"] * 9, *["s"] * 8)


CASES: list[Case] = [
    # -- tableau: colour and rank ------------------------------------------------------------
    *both(ON_TABLE, "t2>t1", "tableau.alternate-colour", "7♥", "8♦"),
    *both(ON_TABLE, "t5:2>t1", "tableau.alternate-colour", "7♦", "8♦"),
    *both(ON_TABLE, "t5>t1", "tableau.alternate-colour", "7♦", "8♦"),
    *both(
        table(layout(["8S", "", "", "", "", "", ""], waste="7C")),
        "w>t1",
        "tableau.alternate-colour",
        "7♣",
        "8♠",
    ),
    *both(ON_TABLE, "t2>t4", "tableau.one-rank-lower", "7♥", "9♠"),
    *both(ON_TABLE, "w>t4", "tableau.one-rank-lower", "3♥", "9♠"),
    *both(ON_TABLE, "f1>t1", "tableau.one-rank-lower", "2♠", "8♦"),
    *both(ON_TABLE, "t7:2>t4", "tableau.one-rank-lower", "Q♣", "9♠"),
    # -- tableau: empty columns, counts, face-down cards, order ----------------------------
    *both(ON_TABLE, "t2>t3", "tableau.empty-needs-king", "7♥"),
    *both(ON_TABLE, "w>t3", "tableau.empty-needs-king", "3♥"),
    *both(ON_TABLE, "t5:2>t3", "tableau.empty-needs-king", "7♦"),
    *both(ON_TABLE, "t5>t3", "tableau.empty-needs-king", "7♦"),
    *both(ON_TABLE, "f1>t3", "tableau.empty-needs-king", "2♠"),
    *both(ON_TABLE, "t7:2>t3", "tableau.empty-needs-king", "Q♣"),
    *both(ON_TABLE, "t5:3>t4", "tableau.not-enough-cards", "5", "3"),
    *both(_fresh, "t1:2>t2", "tableau.not-enough-cards", "1", "2"),
    *both(_fresh, "t7:8>t2", "tableau.not-enough-cards", "7", "8"),
    # Klondike: KL1-D1N-AAAAAAG deals t3 = two face-down cards under K♦, t7 = six under A♥.
    *one(KLONDIKE, deal("KL1-D1N-AAAAAAG"), "t3:2>t1", "tableau.face-down"),
    *one(KLONDIKE, deal("KL1-D1N-AAAAAAG"), "t7:7>t2", "tableau.face-down"),
    *one(KLONDIKE, table(layout(["9S", "4C | 8H", "", "", "", "", ""])), "t2:2>t1", "tableau.face-down"),
    # Réfléchi: a visible card under an out-of-order card stays, with or without a count.
    *one(REFLECHI, table(OUT_OF_ORDER), "t3:3>t1", "tableau.group-order", "7♣"),
    *one(REFLECHI, table(OUT_OF_ORDER), "t3>t1", "tableau.group-order", "7♣"),
    *one(REFLECHI, table(OUT_OF_ORDER), "t3:2>t5", "tableau.group-order", "3♦"),
    *one(REFLECHI, table(OUT_OF_ORDER), "t3:3>t2", "tableau.group-order", "7♣"),
    # TF1-D1N-AAAAAAN deals t5 = 6♣ 2♠ Q♠ 5♣ K♥ and t6 ends in 6♥: 5♣ fits but K♥ is on it.
    *one(REFLECHI, deal("TF1-D1N-AAAAAAN"), "t5:2>t6", "tableau.group-order", "5♣"),
    *one(REFLECHI, deal("TF1-D1N-AAAAAAN"), "t5>t6", "tableau.group-order", "5♣"),
    # TF1-D1N-AAAAAAG deals t3 = 7♣ 3♦ K♦: the whole column is no group, even to nowhere.
    *one(REFLECHI, deal("TF1-D1N-AAAAAAG"), "t3:3>t1", "tableau.group-order", "7♣"),
    # -- foundations ----------------------------------------------------------------------------
    *both(ON_TABLE, "t2>f1", "foundation.suit", "7♥", "♠"),
    *both(ON_TABLE, "w>f4", "foundation.suit", "3♥", "♣"),
    *both(ON_TABLE, "f1>f2", "foundation.suit", "2♠", "♥"),
    *both(ON_TABLE, "w>f", "foundation.next-rank", "3♥", "2♥"),
    *both(ON_TABLE, "t4>f", "foundation.next-rank", "9♠", "3♠"),
    *both(ON_TABLE, "t2>f2", "foundation.next-rank", "7♥", "2♥"),
    *both(ON_TABLE, "t6>f", "foundation.ace-first", "2♣"),
    *both(ON_TABLE, "t1>f3", "foundation.ace-first", "8♦"),
    *both(ON_TABLE, "t5:2>f", "foundation.one-card"),
    *both(ON_TABLE, "t7:3>f1", "foundation.one-card"),
    *both(ON_TABLE, "f1>t1", "foundation.no-returns", returns_allowed=False),
    *both(ON_TABLE, "f2>t6", "foundation.no-returns", returns_allowed=False),
    *both(ON_TABLE, "f2>t3", "foundation.no-returns", returns_allowed=False),
    # -- stock and waste ------------------------------------------------------------------------
    *both(_fresh, "w>t1", "waste.empty"),
    *both(_fresh, "w>f", "waste.empty"),
    *both(lambda v: table(SPENT[v]), "s", "stock.exhausted"),
    *both(_spent_vegas, "s", "stock.no-passes-left", "1"),
    *both(lambda v: _spent_vegas(v, 3), "s", "stock.no-passes-left", "1"),
    *both(_spent_passes_2, "s", "stock.no-passes-left", "2"),
    *both(_fresh, "s>t1", "stock.not-a-source"),
    *both(_fresh, "s>f", "stock.not-a-source"),
    *both(_fresh, "s>w", "stock.not-a-source"),
    # -- piles ------------------------------------------------------------------------------------
    *both(ON_TABLE, "t1>s", "move.not-a-destination", STOCK),
    *both(ON_TABLE, "w>w", "move.not-a-destination", WASTE),
    *both(ON_TABLE, "f1>w", "move.not-a-destination", WASTE),
    *both(ON_TABLE, "t5:2>s", "move.not-a-destination", STOCK),
    *both(ON_TABLE, "t1>t1", "move.same-pile"),
    *both(ON_TABLE, "t5:2>t5", "move.same-pile"),
    *both(ON_TABLE, "f1>f1", "move.same-pile"),
    *both(ON_TABLE, "f1>f", "move.same-pile"),
    *both(ON_TABLE, "t8>t1", "move.no-such-pile", "t8"),
    *both(ON_TABLE, "t1>t9", "move.no-such-pile", "t9"),
    *both(ON_TABLE, "f5>t1", "move.no-such-pile", "f5"),
    *both(ON_TABLE, "w>f6", "move.no-such-pile", "f6"),
    *both(ON_TABLE, "t12:3>t1", "move.no-such-pile", "t12"),
    *both(ON_TABLE, "t3>t1", "move.source-empty", COLUMN_3),
    *both(ON_TABLE, "t3:2>t4", "move.source-empty", COLUMN_3),
    *both(ON_TABLE, "t3>f", "move.source-empty", COLUMN_3),
    *both(ON_TABLE, "f3>t1", "move.source-empty", "♦"),
]


def _mentions(message: str, mention: str | tuple[str, str], lang: str) -> bool:
    text = mention if isinstance(mention, str) else mention[0 if lang == "en" else 1]
    return text.lower() in message.lower()


def check_refusal(refusal: object, rule: str, mentions: Iterable[str | tuple[str, str]] = ()) -> None:
    assert isinstance(refusal, Refusal), f"expected a refusal by {rule}, got {refusal!r}"
    assert refusal.rule == rule, refusal.message("en")
    english, russian = refusal.message("en"), refusal.message("ru")
    assert english and russian and english != russian
    assert any("а" <= char.lower() <= "я" for char in russian), russian
    for mention in mentions:
        assert _mentions(english, mention, "en"), f"{mention!r} not in {english!r}"
        assert _mentions(russian, mention, "ru"), f"{mention!r} not in {russian!r}"


def check_play_changes_nothing(game: Game, move: Move | str, refusal: Refusal) -> None:
    before = (game.state, list(game.actions), game.can_undo, game.can_redo)
    told: list[Change] = []
    unsubscribe = game.subscribe(told.append)
    try:
        with pytest.raises(IllegalMoveError) as caught:
            game.play(move)
    finally:
        unsubscribe()
    assert caught.value.refusal == refusal
    assert refusal.rule in str(caught.value)
    assert (game.state, game.actions, game.can_undo, game.can_redo) == before
    assert told == []


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_refused_move(case: Case) -> None:
    game = case.position.game(case.variant, **dict(case.options))
    move = Move.parse(case.move)
    refusal = game.rules.check(game.state, move)
    check_refusal(refusal, case.rule, case.mentions)
    assert isinstance(refusal, Refusal)
    assert game.check(case.move) == refusal
    assert not game.is_legal(move)
    assert move not in game.legal_moves()
    check_play_changes_nothing(game, move, refusal)
    check_play_changes_nothing(game, case.move, refusal)


def test_positions_are_what_the_cases_say() -> None:
    """The hand-built tables hold the 52 cards once each, and TABLE's legal moves are
    the ones read off it: K♥ Q♣ J♦ to the empty t3, 6♠ on 7♥, 8♦ on 9♠, A♥ back on
    2♣ (only while returns are allowed) and the stock tap; so the refusals above
    come from the rule under test, not from a broken table."""
    for state in (TABLE, SPENT[KLONDIKE], SPENT[REFLECHI], OUT_OF_ORDER):
        assert sorted(state.cards(), key=lambda card: card.index) == list(CARDS)
    for variant in BOTH:
        game = ON_TABLE.game(variant)
        legal = {"t7:3>t3", "t5>t2", "t1>t4", "f2>t6", "s"}
        assert {str(move) for move in game.legal_moves()} == legal
        game = ON_TABLE.game(variant, returns_allowed=False)
        assert {str(move) for move in game.legal_moves()} == legal - {"f2>t6"}
    reflechi = table(OUT_OF_ORDER).game(REFLECHI)
    assert reflechi.check("t3>t2") == Move("t3", "t2")  # K♦ alone may go to the empty column


# -- history -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", BOTH)
def test_nothing_to_undo_or_redo(variant: str) -> None:
    game = _fresh(variant).game(variant)
    for action, rule in (("undo", "history.nothing-to-undo"), ("redo", "history.nothing-to-redo")):
        before = (game.state, list(game.actions))
        with pytest.raises(IllegalMoveError) as caught:
            game.perform(action)
        check_refusal(caught.value.refusal, rule)
        assert (game.state, game.actions) == before
    with pytest.raises(IllegalMoveError) as caught:
        game.undo()
    assert caught.value.refusal.rule == "history.nothing-to-undo"
    # After a move and its undo, a new move clears what could be redone.
    game.play("s")
    game.perform("undo")
    assert game.can_redo
    game.play("t1>f")
    before_redo = (game.state, list(game.actions), game.can_undo)
    with pytest.raises(IllegalMoveError) as caught:
        game.redo()
    check_refusal(caught.value.refusal, "history.nothing-to-redo")
    assert (game.state, game.actions, game.can_undo) == before_redo


# -- conveniences ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", BOTH)
def test_double_tap_with_no_column_for_the_card(variant: str) -> None:
    """2♣ needs a red 3 and the only empty column takes kings: no column accepts it."""
    game = ON_TABLE.game(variant)
    before = game.state
    check_refusal(game.double_tap("t6"), "tap.no-column-accepts", ["2♣"])
    check_refusal(game.double_tap("w"), "tap.no-column-accepts", ["3♥"])
    assert game.double_tap("t5") == Move("t5", "t2")
    assert game.state == before


# -- coverage ------------------------------------------------------------------------------------

#: Rules tested outside CASES, with the variants they are tested in.
OTHER_TESTS = {
    "history.nothing-to-undo": set(BOTH),
    "history.nothing-to-redo": set(BOTH),
    "tap.no-column-accepts": set(BOTH),
    "move.covered": {"pyramid", "tripeaks"},  # tests/core/test_overlap_games.py
}
#: Rules that apply to some variants only: Réfléchi has no face-down card, and in
#: Klondike every face-up run is in order; only cards laid on one another are covered.
ONE_VARIANT = {
    "tableau.face-down": {KLONDIKE},
    "tableau.group-order": {REFLECHI},
    "move.covered": {"pyramid", "tripeaks"},
}


#: The rules of the building blocks that Klondike's and Réfléchi's blocks can refuse with.
KLONDIKE_BLOCK_RULES = (
    "WRONG_COLOUR",
    "WRONG_RANK",
    "FACE_DOWN",
    "GROUP_ORDER",
    "EMPTY_NEEDS_KING",
    "TOO_MANY",
    "FOUNDATION_SUIT",
    "FOUNDATION_RANK",
    "FOUNDATION_EMPTY_NEEDS_ACE",
    "FOUNDATION_ONE_CARD",
    "RETURNS_FORBIDDEN",
    "WASTE_EMPTY",
    "NOTHING_TO_DRAW",
    "NO_PASSES_LEFT",
    "STOCK_NOT_A_SOURCE",
)


def test_every_rule_is_exercised_in_every_variant_it_applies_to() -> None:
    defined = {value.id for value in vars(refusals).values() if isinstance(value, Rule)}
    defined |= {getattr(blocks, name).id for name in KLONDIKE_BLOCK_RULES}
    tested: dict[str, set[str]] = {rule: set(variants) for rule, variants in OTHER_TESTS.items()}
    for case in CASES:
        tested.setdefault(case.rule, set()).add(case.variant)
    assert set(tested) == defined
    for rule, variants in tested.items():
        assert variants == ONE_VARIANT.get(rule, set(BOTH)), rule


# -- bugs found ----------------------------------------------------------------------------------


def test_klondike_refusal_does_not_depend_on_face_down_cards() -> None:
    """Two Klondike tables that look the same to the player (t1 8♠; t2 one face-down
    card under Q♣) differ only in the face-down card: 7♥ in one, 4♦ in the other.
    ``t2>t1`` must be refused the same way in both; the engine answers
    "tableau.face-down" when the hidden card is a 7 (the rank 8♠ wants) and
    "tableau.one-rank-lower" otherwise, telling the player what lies face down."""
    rules = CATALOG.ruleset(CATALOG.options(variant=KLONDIKE))
    hidden_seven = layout(["8S", "7H | QC", "", "", "", "", ""])
    hidden_four = layout(["8S", "4D | QC", "", "", "", "", ""])
    move = Move.parse("t2>t1")
    seven, four = rules.check(hidden_seven, move), rules.check(hidden_four, move)
    assert isinstance(seven, Refusal) and isinstance(four, Refusal)
    assert seven.rule == four.rule


def test_reflechi_group_order_names_the_card_that_fits() -> None:
    """Réfléchi, t1 = 8♥ 5♣ 8♠ 3♥, t2 = 9♦: of the two eights only 8♠ would fit on
    9♦, and it is stuck under 3♥.  ``t1>t2`` is rightly refused by
    tableau.group-order, but the message names 8♥ (the first eight from the bottom),
    which could not go on 9♦ anyway; ``t1:2>t2`` names 8♠."""
    rules = CATALOG.ruleset(CATALOG.options(variant=REFLECHI))
    state = layout(["8H 5C 8S 3H", "9D", "", "", "", "", ""])
    refusal = rules.check(state, Move.parse("t1>t2"))
    assert isinstance(refusal, Refusal)
    assert refusal.rule == "tableau.group-order"
    assert "8♠" in refusal.message("en")
