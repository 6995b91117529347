"""The example package ``solitaire-yukon`` as installed: found through its entry
point, and its rules, checked against an oracle written here from the rules text.

These tests need the package installed next to the framework, as
``scripts/test.sh`` does (``pip install ./examples/solitaire-yukon``).
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import solitaire_yukon
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import CARDS, Card
from solitaire.core.deals import DEAL_NUMBERS, shuffled_deck
from solitaire.core.game import Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import LANGUAGES, Refusal, all_rules
from solitaire.core.registry import PluginInfo
from solitaire.core.state import Column, State
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.hints import heuristic_hint

ROOT = Path(__file__).resolve().parents[2]
CATALOG = new_catalog()
deals = st.integers(min_value=0, max_value=DEAL_NUMBERS - 1)


def yukon(deal: int) -> Game:
    return CATALOG.new_game(CATALOG.options("yukon", deal=deal))


def fits(card: Card, target: Card | None) -> bool:
    """The oracle: a card (with what lies on it) goes on a card of the other colour
    one rank higher, or alone into an empty column when it is a king."""
    if target is None:
        return card.rank == 13
    return card.rank + 1 == target.rank and card.is_red != target.is_red


def column_moves(state: State) -> set[Move]:
    """Every legal column-to-column move by the oracle, in canonical form."""
    moves = set()
    for src_number, source in enumerate(state.tableau, 1):
        for count in range(1, len(source.up) + 1):
            for dst_number, target in enumerate(state.tableau, 1):
                if dst_number != src_number and fits(source.up[-count], target.top):
                    moves.add(Move(f"t{src_number}", f"t{dst_number}", count if count > 1 else None))
    return moves


@st.composite
def positions(draw: st.DrawFn) -> Game:
    """A Yukon game a few random legal moves after its deal."""
    game = yukon(draw(deals, label="deal"))
    for _ in range(draw(st.integers(0, 25), label="steps")):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(draw(st.sampled_from(moves)))
    return game


# -- installed, not borrowed ---------------------------------------------------------------------


def test_the_package_is_installed_apart_from_the_source_tree() -> None:
    dist = metadata.distribution("solitaire-yukon")
    assert "solitaire-framework" in " ".join(dist.requires or [])
    (entry,) = [e for e in dist.entry_points if e.group == "solitaire"]
    assert (entry.name, entry.value) == ("yukon", "solitaire_yukon.plugin")
    # A real install: the module is imported from site-packages, not from examples/.
    assert ROOT / "examples" not in Path(solitaire_yukon.__file__).resolve().parents


def test_the_catalog_finds_it_through_its_entry_point() -> None:
    info = PluginInfo("yukon", "solitaire-yukon", metadata.version("solitaire-yukon"))
    assert CATALOG.problems == []
    assert CATALOG.sources[("variant", "yukon")] == info
    assert CATALOG.sources[("scoring", "windows")] == info
    assert "yukon" not in new_catalog(entry_points=False).variants
    assert "yukon" not in new_catalog(blocked=["yukon"]).variants


# -- the deal ------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(deals)
def test_the_deal_puts_all_52_cards_in_seven_columns_21_face_down(deal: int) -> None:
    game = yukon(deal)
    state = game.state
    assert state.stock == () and state.waste == ()
    assert [len(column.down) for column in state.tableau] == [0, 1, 2, 3, 4, 5, 6]
    assert [len(column.up) for column in state.tableau] == [1, 5, 5, 5, 5, 5, 5]
    assert state.face_down_count == 21
    order = shuffled_deck(deal)
    assert len(state.cards()) == 52 and set(state.cards()) == set(order)
    # Dealt row by row: the first row lies at the bottom of the seven columns.
    assert [(column.down + column.up)[0] for column in state.tableau] == list(order[:7])
    assert game.code.startswith("YU1-D1N-")
    assert CATALOG.game_from_code(game.code).state == state


def test_the_table_has_no_stock_or_waste() -> None:
    game = yukon(6)
    piles = game.rules.variant.piles(game.state)
    assert {spec.kind for spec in piles} == {"foundation", "column"}
    assert sorted(spec.id for spec in piles) == sorted(
        [f"f{i}" for i in range(1, 5)] + [f"t{i}" for i in range(1, 8)]
    )


# -- the moves -----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(positions())
def test_column_moves_are_what_the_rules_say(game: Game) -> None:
    state = game.state
    expected = column_moves(state)
    generated = {
        move for move in game.legal_moves() if move.src[0] == "t" and move.dst and move.dst[0] == "t"
    }
    assert generated == expected
    for src_number, source in enumerate(state.tableau, 1):
        for count in range(1, len(source) + 1):
            for dst_number in range(1, 8):
                move = Move(f"t{src_number}", f"t{dst_number}", count)
                checked = game.check(move)
                legal = (
                    src_number != dst_number
                    and count <= len(source.up)
                    and fits(source.up[-count], state.tableau[dst_number - 1].top)
                )
                assert isinstance(checked, Move) == legal, (move, checked)


@settings(max_examples=40, deadline=None)
@given(positions(), st.data())
def test_refusals_name_a_rule_in_every_language_and_change_nothing(game: Game, data: st.DataObject) -> None:
    before = game.state
    candidates = ["s", "w>t1", "t1>w", "t1>s", "f1>t1", "t9>t1", *(f"t{n}>f" for n in range(1, 8))]
    candidates += [f"t{a}:{k}>t{b}" for a in range(1, 8) for b in range(1, 8) for k in (1, 3, 9)]
    for text in data.draw(st.lists(st.sampled_from(candidates), min_size=5, max_size=20)):
        checked = game.check(text)
        if isinstance(checked, Refusal):
            assert checked.rule in all_rules()
            assert all(checked.message(lang) for lang in LANGUAGES)
            assert set(checked.messages) >= set(LANGUAGES)
        assert game.state == before


def test_the_stock_and_waste_are_not_there() -> None:
    game = yukon(6)
    for move in (DRAW, Move("w", "t1"), Move("t1", "w"), Move("t2", "s")):
        refusal = game.check(move)
        assert isinstance(refusal, Refusal) and refusal.rule == "move.no-such-pile"
    assert DRAW not in game.legal_moves()
    assert isinstance(game.tap("s"), Refusal)


def test_a_card_deep_in_a_column_moves_with_everything_on_it() -> None:
    # Deal 6: t7 is ## ## ## ## ## ## 8♣ 5♠ 10♥ 9♠ 6♣ and t5 ends with 10♦.
    game = yukon(6)
    assert [card.text for card in game.state.tableau[6].up] == ["8C", "5S", "TH", "9S", "6C"]
    assert game.check("t7>t5") == Move("t7", "t5", 2)  # 9♠ and the 6♣ on it, not in order
    game.play("t7:2>t5")
    assert [card.text for card in game.state.tableau[4].up[-3:]] == ["TD", "9S", "6C"]
    refusal = game.check("t7:3>t1")  # 8♣ with two cards on it is no king
    assert isinstance(refusal, Refusal) and refusal.rule == "tableau.one-rank-lower"


def test_only_a_king_fills_an_empty_column() -> None:
    game = yukon(6)
    game.play("t1>f")  # A♦ home: column 1 is empty
    refusal = game.check("t7:2>t1")
    assert isinstance(refusal, Refusal) and refusal.rule == "tableau.empty-needs-king"
    king = next(
        (n, len(c.up) - i)
        for n, c in enumerate(game.state.tableau, 1)
        for i, card in enumerate(c.up)
        if card.rank == 13
    )
    assert game.check(f"t{king[0]}:{king[1]}>t1") == Move(
        f"t{king[0]}", "t1", king[1] if king[1] > 1 else None
    )


# -- the rest of a game --------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(positions())
def test_hints_come_from_the_heuristic_and_are_legal(game: Game) -> None:
    assert game.rules.variant.solver_family is None
    hint = game.hint()
    assert hint == heuristic_hint(game.state, game.rules)
    if hint.move is not None:
        assert game.is_legal(hint.move)
    assert all(hint.reason(lang) for lang in LANGUAGES)


@settings(max_examples=30, deadline=None)
@given(positions())
def test_undo_goes_back_to_the_deal(game: Game) -> None:
    while game.can_undo:
        game.undo()
    assert game.state.tableau == game.initial.tableau
    assert game.state.foundations == ((),) * 4


def test_a_won_position_is_won_and_autocompletes() -> None:
    # Each suit face up on a column of its own, king at the bottom: only foundation moves are left.
    ordered = sorted(CARDS, key=lambda card: (card.suit, -card.rank))
    tableau = tuple(Column((), tuple(ordered[13 * s : 13 * s + 13])) for s in range(4)) + (Column(),) * 3
    start = State.classic(stock=(), waste=(), foundations=((),) * 4, tableau=tableau)
    game = CATALOG.new_game(CATALOG.options("yukon", deal=6), initial=start)
    moves = game.autocomplete_moves()
    assert moves is not None and DRAW not in moves
    game.autocomplete()
    assert game.is_won and game.state.foundation_count == 52


def test_the_guide_declares_yukon_as_the_package_does() -> None:
    from solitaire_yukon.yukon import Yukon

    guide = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
    section = guide[guide.index("## What Yukon changed in the core") :]
    names = ("id", "code_prefix", "has_stock", "draws", "solver_family", "groups_must_be_ordered")
    for name in (*names, "column_sizes", "dealt_face_up"):
        value = repr(getattr(Yukon, name)).replace("'", '"')
        assert f"    {name} = {value}\n" in section, name
