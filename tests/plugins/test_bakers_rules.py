"""The example package ``solitaire-bakers`` as installed: found through its entry
point, and its rules, checked against an oracle written here from the rules text.

These tests need the package installed next to the framework, as
``scripts/test.sh`` does (``pip install ./examples/solitaire-bakers``).
"""

from __future__ import annotations

import itertools
from importlib import metadata
from pathlib import Path

import solitaire_bakers
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core.cards import CARDS, Card
from solitaire.core.deals import DEAL_NUMBERS, deal_layout, shuffled_deck
from solitaire.core.game import Game
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import LANGUAGES, Refusal, all_rules
from solitaire.core.registry import OptionsError, PluginInfo
from solitaire.core.state import CardsMoved, Pile, State
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.blocks import Declared

ROOT = Path(__file__).resolve().parents[2]
CATALOG = new_catalog()
CODE = "BG1-D1X-AAAAAAG"
deals = st.integers(min_value=0, max_value=DEAL_NUMBERS - 1)


def bakers(deal: int) -> Game:
    return CATALOG.new_game(CATALOG.options("bakers", deal=deal))


def in_order(group: tuple[Card, ...]) -> bool:
    """The oracle's group: all of one suit, each card one rank lower than the one before."""
    return all(b.suit is a.suit and b.rank + 1 == a.rank for a, b in itertools.pairwise(group))


def column_moves(state: State) -> set[tuple[str, str, int]]:
    """Every legal column-to-column move by the oracle: (source, target, cards moved)."""
    columns = state.tableau
    free_cells = sum(1 for cell in state.cells if not cell)
    moves = set()
    for s, source in enumerate(columns, 1):
        for d, target in enumerate(columns, 1):
            if s == d:
                continue
            empty = sum(1 for n, column in enumerate(columns, 1) if not column and n != d)
            limit = (free_cells + 1) * 2**empty
            for count in range(1, min(len(source.up), limit) + 1):
                group = source.up[-count:]
                top = target.top
                fits = top is None or (group[0].suit is top.suit and group[0].rank + 1 == top.rank)
                if in_order(group) and fits:
                    moves.add((f"t{s}", f"t{d}", count))
    return moves


def moved(game: Game, move: Move) -> tuple[str, str, int]:
    """What a legal move does: (source, target, cards moved)."""
    (event,) = [
        e for e in game.rules.variant.events(game.state, move, game.rules) if isinstance(e, CardsMoved)
    ]
    return (event.src, event.dst, len(event.cards))


@st.composite
def positions(draw: st.DrawFn) -> Game:
    """A game of Baker's Game a few random legal moves after its deal."""
    game = bakers(draw(deals, label="deal"))
    for _ in range(draw(st.integers(0, 30), label="steps")):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(draw(st.sampled_from(moves)))
    return game


# -- installed, not borrowed ---------------------------------------------------------------------


def test_the_package_is_installed_apart_from_the_source_tree() -> None:
    dist = metadata.distribution("solitaire-bakers")
    assert "solitaire-framework" in " ".join(dist.requires or [])
    (entry,) = [e for e in dist.entry_points if e.group == "solitaire"]
    assert (entry.name, entry.value) == ("bakers", "solitaire_bakers.plugin")
    # A real install: the module is imported from site-packages, not from examples/.
    assert ROOT / "examples" not in Path(solitaire_bakers.__file__).resolve().parents


def test_the_catalog_finds_it_through_its_entry_point() -> None:
    info = PluginInfo("bakers", "solitaire-bakers", metadata.version("solitaire-bakers"))
    assert [p for p in CATALOG.problems if p.plugin != "solver-hints"] == []
    assert CATALOG.sources[("variant", "bakers")] == info
    assert CATALOG.sources[("scoring", "windows")] == info
    assert "bakers" not in new_catalog(entry_points=False).variants
    assert "bakers" not in new_catalog(blocked=["bakers"]).variants


def test_it_is_declared_on_the_blocks_in_a_few_dozen_lines() -> None:
    from solitaire_bakers.bakers import BakersGame

    assert issubclass(BakersGame, Declared)
    source = Path(solitaire_bakers.__file__).with_name("bakers.py").read_text(encoding="utf-8")
    code = [line for line in source.splitlines() if line.strip() and not line.startswith(('"""', "#"))]
    assert len(code) < 60
    assert "def " not in source  # no rules code: the blocks do it all


# -- the deal ------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(deals)
def test_the_deal_puts_all_52_cards_face_up_in_eight_columns(deal: int) -> None:
    game = bakers(deal)
    state = game.state
    assert [len(column.up) for column in state.tableau] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert state.face_down_count == 0
    assert state.cells == (Pile(),) * 4 and state.foundations == ((),) * 4
    order = shuffled_deck(deal)
    columns, rest = deal_layout(order, (7, 7, 7, 7, 6, 6, 6, 6))
    assert rest == () and [column.up for column in state.tableau] == list(columns)
    assert game.code.startswith("BG1-D1X-")
    assert CATALOG.game_from_code(game.code).state == state


def test_the_table_has_cells_and_no_stock_or_waste() -> None:
    game = bakers(6)
    piles = game.rules.variant.piles(game.state)
    assert {spec.kind for spec in piles} == {"cell", "foundation", "column"}
    assert [spec.id for spec in piles] == [
        *(f"c{i}" for i in range(1, 5)),
        *(f"f{i}" for i in range(1, 5)),
        *(f"t{i}" for i in range(1, 9)),
    ]


def test_it_keeps_no_score_and_windows_scoring_does_not_fit_it() -> None:
    assert CATALOG.options("bakers").scoring == "none"
    windows = CATALOG.scoring("windows")
    assert windows.families == ("klondike", "yukon")
    assert not windows.fits(CATALOG.variant("bakers"))
    try:
        CATALOG.options("bakers", scoring="windows")
    except OptionsError as error:
        assert "scoring 'windows' does not fit bakers (it fits: none)" in str(error)
    else:
        raise AssertionError("Windows scoring was accepted for Baker's Game")


# -- the moves -----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(positions())
def test_column_moves_are_what_the_rules_say(game: Game) -> None:
    state = game.state
    generated = {
        moved(game, move) for move in game.legal_moves() if move.src[0] == "t" and (move.dst or "")[0] == "t"
    }
    assert generated == column_moves(state)
    expected = column_moves(state)
    for s, source in enumerate(state.tableau, 1):
        for count in range(1, len(source) + 1):
            for d in range(1, 9):
                checked = game.check(Move(f"t{s}", f"t{d}", count))
                assert isinstance(checked, Move) == ((f"t{s}", f"t{d}", count) in expected), (s, d, count)


@settings(max_examples=40, deadline=None)
@given(positions(), st.data())
def test_refusals_name_a_rule_in_every_language_and_change_nothing(game: Game, data: st.DataObject) -> None:
    before = game.state
    candidates = ["s", "w>t1", "t1>w", "t1>s", "f1>t1", "t9>t1", "c5>t1", *(f"t{n}>f" for n in range(1, 9))]
    candidates += [f"t{a}:{k}>t{b}" for a in range(1, 9) for b in range(1, 9) for k in (1, 3, 9)]
    candidates += [f"t{a}>c{b}" for a in range(1, 9) for b in range(1, 5)]
    for text in data.draw(st.lists(st.sampled_from(candidates), min_size=5, max_size=20)):
        checked = game.check(text)
        if isinstance(checked, Refusal):
            assert checked.rule in all_rules()
            assert all(checked.message(lang) for lang in LANGUAGES)
        assert game.state == before


def test_the_stock_and_waste_are_not_there() -> None:
    game = bakers(6)
    for move in (DRAW, Move("w", "t1"), Move("t1", "w"), Move("t2", "s")):
        refusal = game.check(move)
        assert isinstance(refusal, Refusal) and refusal.rule == "move.no-such-pile"
    assert DRAW not in game.legal_moves()


def test_a_card_goes_on_its_own_suit_only() -> None:
    # Deal 6: t2 ends with J♦, t7 with 10♦, t3 with 9♠.
    game = bakers(6)
    assert game.check("t7>t2") == Move("t7", "t2")  # 10♦ onto J♦
    refusal = game.check("t3>t7")  # 9♠ onto 10♦
    assert isinstance(refusal, Refusal) and refusal.rule == "build.same-suit"
    game.play("t7>t2")
    assert [card.text for card in game.state.tableau[1].up[-2:]] == ["JD", "TD"]


def test_a_cell_holds_one_card_and_foundation_cards_stay() -> None:
    game = bakers(6)
    game.play("t8>f")  # A♣ home
    game.play("t1>c1")
    refusal = game.check("t2>c1")
    assert isinstance(refusal, Refusal) and refusal.rule == "cell.full"
    refusal = game.check("f4>t1")
    assert isinstance(refusal, Refusal) and refusal.rule == "foundation.no-returns"


def test_a_group_out_of_suit_does_not_move() -> None:
    # A column of 6♠ 5♥ (colours alternate, suits do not): FreeCell would move it, not Baker's Game.
    six, five, seven = Card.parse("6S"), Card.parse("5H"), Card.parse("7S")
    rest = [card for card in CARDS if card not in (six, five, seven)]
    tableau = (Pile((), (six, five)), Pile((), (seven,)), *(Pile((), tuple(rest[i::6])) for i in range(6)))
    start = State.classic(foundations=((),) * 4, tableau=tableau, cells=((),) * 4, has_stock=False)
    game = CATALOG.new_game(CATALOG.options("bakers", deal=6), initial=start)
    refusal = game.check("t1:2>t2")
    assert isinstance(refusal, Refusal) and refusal.rule == "tableau.group-suit-order"


def test_a_won_position_is_won_and_autocompletes() -> None:
    # Each suit on a column of its own, king at the bottom: only foundation moves are left.
    ordered = sorted(CARDS, key=lambda card: (card.suit, -card.rank))
    tableau = tuple(Pile((), tuple(ordered[13 * s : 13 * s + 13])) for s in range(4)) + (Pile(),) * 4
    start = State.classic(foundations=((),) * 4, tableau=tableau, cells=((),) * 4, has_stock=False)
    game = CATALOG.new_game(CATALOG.options("bakers", deal=6), initial=start)
    game.autocomplete()
    assert game.is_won and game.state.foundation_count == 52


def test_the_guide_shows_the_package_declaration() -> None:
    source = (Path(solitaire_bakers.__file__).with_name("bakers.py")).read_text(encoding="utf-8")
    declaration = source[source.index("class BakersGame(Declared):") :]
    guide = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
    assert declaration in guide
