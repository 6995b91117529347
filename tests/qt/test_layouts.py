"""Every built-in table in the window: layouts from the variant's piles, one card item per
card (two decks: copies apart), watermarks of what an empty pile accepts, the stock's tap
in Spider and Golf, drops on cells, and pick-ups the core refuses."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot
from qtgestures import MakeWindow, click, drag, drag_card, grip, item_of, pile_point, positions_match_layout
from qtpy.QtCore import QPointF

from solitaire.core.cards import Suit
from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.registry import Catalog
from solitaire.core.state import TABLEAU
from solitaire.frontends.qt.speech import card_words, focus_words
from solitaire.frontends.qt.window import MainWindow
from solitaire.plugins.builtins import new_catalog


def _first_deals() -> tuple[str, ...]:
    """The code of deal 1 of each built-in game, with its default options."""
    catalog = new_catalog(entry_points=False)
    return tuple(catalog.code(catalog.options(variant, deal=1)) for variant in sorted(catalog.variants))


#: A deal of each built-in game (a game added to the built-ins is covered here).
GAMES = _first_deals()


#: The ``open_game`` fixture: a shown window playing a game code, at a size.
OpenGame = Callable[..., tuple[MainWindow, Game]]


@pytest.fixture
def open_game(make_window: MakeWindow, catalog: Catalog) -> OpenGame:
    def start(code: str, size: tuple[int, int] = (1200, 800)) -> tuple[MainWindow, Game]:
        window = make_window(resume=False, size=size)
        game = catalog.game_from_code(code)
        window.start(game, record=False)
        return window, game

    return start


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)], ids=["1280x800", "800x600"])
@pytest.mark.parametrize("code", GAMES)
def test_every_table_fits_the_view_without_piles_overlapping(
    open_game: OpenGame, code: str, size: tuple[int, int]
) -> None:
    window, game = open_game(code, size)
    scene = window.table
    assert set(scene.specs) == set(game.state.table.ids)
    bounds = scene.sceneRect()
    rects = {pile: scene.pile_rect(pile) for pile in scene.specs}
    for pile, rect in rects.items():
        assert bounds.contains(rect), (pile, rect, bounds)
    piles = sorted(rects)
    for n, first in enumerate(piles):
        for second in piles[n + 1 :]:
            if first in scene.specs[second].covered_by or second in scene.specs[first].covered_by:
                continue  # the description lays these partly on one another (Pyramid, TriPeaks)
            overlap = rects[first].intersected(rects[second])
            assert overlap.width() * overlap.height() < 1, (first, second)
    assert positions_match_layout(window)
    # Every card of the game has its own item, where the state puts it.
    assert len(scene.card_items) == len(game.order) == len({card.uid for card in game.order})
    assert set(scene.where) == {card for pile in game.state.piles for card in pile.cards}


def test_spider_copies_of_a_card_are_tracked_apart_through_a_move_and_undo(
    qtbot: QtBot, open_game: OpenGame
) -> None:
    window, game = open_game("SP1-D2S-AAAAAAB")
    state = game.state
    # This deal shows two five of hearts, on t7 and t8, and a four of hearts on t4.
    five, other_five, four = (state.pile(pile).up[-1] for pile in ("t7", "t8", "t4"))
    assert five.text == other_five.text == "5H" and five is not other_five and four.text == "4H"
    scene = window.table
    items = scene.card_items
    assert items[five] is not items[other_five]
    assert (
        item_of(window, five.token) is items[five] and item_of(window, other_five.token) is items[other_five]
    )
    before = {card: items[card].pos() for card in (five, other_five, four)}
    drag_card(qtbot, window, four.token, "t7")
    assert game.state.pile("t7").up[-2:] == (five, four)
    assert game.state.pile("t8").up[-1] is other_five
    assert scene.where[four] == ("t7", len(game.state.pile("t7")) - 1)
    assert scene.where[other_five] == ("t8", len(game.state.pile("t8")) - 1)
    assert items[four].pos().x() == pytest.approx(items[five].pos().x())
    assert items[four].pos().y() > items[five].pos().y()
    assert items[other_five].pos() == before[other_five]
    assert positions_match_layout(window)
    game.undo()
    assert {card: items[card].pos() for card in before} == before
    assert (
        scene.where[four][0] == "t4" and scene.where[five][0] == "t7" and scene.where[other_five][0] == "t8"
    )


def test_the_spider_stock_deals_a_row_onto_every_column(qtbot: QtBot, open_game: OpenGame) -> None:
    window, game = open_game("SP1-D2S-AAAAAAB")
    stock = game.state.stock
    heights = [len(game.state.pile(f"t{n}")) for n in range(1, 11)]
    click(qtbot, window, pile_point(window.table, "s"))
    assert len(game.state.stock) == len(stock) - 10
    assert [len(game.state.pile(f"t{n}")) for n in range(1, 11)] == [height + 1 for height in heights]
    dealt = stock[-10:]
    for card in dealt:
        pile, _ = window.table.where[card]
        assert pile.startswith("t") and window.table.card_items[card].face_up
    assert positions_match_layout(window)
    assert window.table.stock_words() == (str(len(stock) - 10), "")  # no passes without a waste


def test_the_golf_stock_turns_a_card_onto_the_foundation(qtbot: QtBot, open_game: OpenGame) -> None:
    window, game = open_game("GO1-D1G-AAAAAAB")
    card = game.state.stock[-1]
    click(qtbot, window, pile_point(window.table, "s"))
    assert game.state.pile("f1").up[-1] is card
    assert window.table.where[card] == ("f1", len(game.state.pile("f1")) - 1)
    assert window.table.card_items[card].face_up
    assert positions_match_layout(window)


def watermark(window: MainWindow, pile: str) -> bytes:
    scene = window.table
    image = scene._slot_pixmap(pile, scene.specs[pile]).toImage()
    return bytes(image.constBits())


def slot_image(window: MainWindow, suit: Suit | None = None, mark: str = "") -> bytes:
    scene = window.table
    pixmap = scene.painter.slot(scene.card_width, scene.card_height, suit, scene.device_pixel_ratio, mark)
    return bytes(pixmap.toImage().constBits())


def test_golfs_foundation_shows_no_suit_and_klondikes_and_spiders_say_what_they_take(
    open_game: OpenGame,
) -> None:
    window, _ = open_game("GO1-D1G-AAAAAAB")
    plain, spades = slot_image(window), slot_image(window, Suit.SPADES)
    assert plain != spades
    assert window.table.specs["f1"].accepts == ""
    assert watermark(window, "f1") == plain  # any card starts it: no ♠ on it
    window, _ = open_game("KL1-D1N-AAAAAAB")
    assert watermark(window, "f1") == slot_image(window, Suit.SPADES)
    assert watermark(window, "f2") == slot_image(window, Suit.HEARTS)
    assert watermark(window, "t1") == slot_image(window, mark="K")  # an empty column takes a king
    window, _ = open_game("SP1-D2S-AAAAAAB")
    assert watermark(window, "f8") == slot_image(window, mark="K") != slot_image(window)
    assert watermark(window, "t1") == slot_image(window)  # any card goes to an empty column
    window, _ = open_game("FC1-D1X-AAAAAAB")
    assert watermark(window, "c1") == slot_image(window)


def test_a_freecell_card_dropped_on_a_cell_goes_there_and_a_full_cell_refuses(
    qtbot: QtBot, open_game: OpenGame
) -> None:
    window, game = open_game("FC1-D1X-AAAAAAB")
    refusals: list[Refusal] = []
    window.table.refused.connect(refusals.append)
    card = game.state.pile("t1").up[-1]
    drag_card(qtbot, window, card.text, "c1")
    assert game.state.pile("c1").up == (card,)
    assert window.table.where[card] == ("c1", 0)
    assert window.table.card_items[card].pos() == window.table.positions["c1"]
    another = game.state.pile("t2").up[-1]
    drag_card(qtbot, window, another.text, "c1")
    assert game.state.pile("c1").up == (card,) and game.state.pile("t2").up[-1] is another
    assert [refusal.rule for refusal in refusals] == ["cell.full"]
    assert positions_match_layout(window)
    drag_card(qtbot, window, another.text, "c2")
    assert game.state.pile("c2").up == (another,)
    assert game.actions == ["t1>c1", "t2>c2"]


def test_a_face_down_card_is_not_picked_up_the_core_says_why(qtbot: QtBot, open_game: OpenGame) -> None:
    window, game = open_game("KL1-D1N-AAAAAAG")
    scene = window.table
    refusals: list[Refusal] = []
    scene.refused.connect(refusals.append)
    hidden = game.state.pile("t7").down[0]
    item = scene.card_items[hidden]
    home = item.pos()
    start = grip(scene, item)
    drag(qtbot, window, start, start + QPointF(scene.card_width * 2, scene.card_height))
    assert item.pos() == home and game.actions == []
    assert [refusal.rule for refusal in refusals] == ["tableau.face-down"]
    assert game.can_pick_up("t7", 1) is None and game.can_pick_up("t7", 2) is not None


def test_spider_refuses_to_pick_up_a_group_of_mixed_suits(qtbot: QtBot, open_game: OpenGame) -> None:
    window, game = open_game("SP1-D2S-AAAAAAB")
    # A card onto one of another suit: the two build down, but do not move together.
    mixed = next(
        move
        for move in game.legal_moves()
        if move.dst
        and move.dst.startswith("t")
        and game.state.pile(move.dst).up
        and game.state.pile(move.src).up[-1].suit is not game.state.pile(move.dst).up[-1].suit
    )
    game.play(mixed)
    pile = mixed.dst
    assert pile is not None
    assert game.can_pick_up(pile, 2) is not None and game.can_pick_up(pile, 1) is None
    scene = window.table
    refusals: list[Refusal] = []
    scene.refused.connect(refusals.append)
    head = scene.card_items[game.state.pile(pile).up[-2]]
    home = head.pos()
    start = grip(scene, head)
    drag(qtbot, window, start, start + QPointF(scene.card_width * 1.5, 0))
    assert head.pos() == home
    assert [refusal.rule for refusal in refusals] == ["tableau.group-suit-order"]


def test_screen_readers_hear_each_tables_own_pile_names(open_game: OpenGame) -> None:
    window, game = open_game("FC1-D1X-AAAAAAB")
    specs = window.table.specs
    assert focus_words(game.state, "c1", 1, "en", spec=specs["c1"]) == "Cell 1: empty"
    assert focus_words(game.state, "c1", 1, "ru", spec=specs["c1"]) == "Ячейка 1: пусто"
    assert focus_words(game.state, "f2", 1, "en", spec=specs["f2"]) == "Foundation of hearts: empty"
    window, game = open_game("SP1-D2S-AAAAAAB")
    specs = window.table.specs
    assert focus_words(game.state, "f2", 1, "en", spec=specs["f2"]) == "Foundation 2: empty"
    assert focus_words(game.state, "f8", 1, "ru", spec=specs["f8"]) == "База 8: пусто"
    assert focus_words(game.state, "s", 1, "en", spec=specs["s"]) == "Stock: 50 cards"
    window, game = open_game("GO1-D1G-AAAAAAB")
    top = game.state.pile("f1").up[-1]
    assert focus_words(game.state, "f1", 1, "en", spec=window.table.specs["f1"]) == (
        f"Foundation 1: {card_words(top, 'en')}"
    )


def test_a_game_without_scoring_shows_no_score(open_game: OpenGame) -> None:
    window, _ = open_game("FC1-D1X-AAAAAAB")
    assert not window.score_label.isVisible()
    window, game = open_game("GO1-D1G-AAAAAAB")
    assert window.score_label.isVisible()
    assert game.rules.scoring.format(game.state.score) in window.score_label.text()


def test_golf_plays_a_column_top_onto_the_foundation_only(qtbot: QtBot, open_game: OpenGame) -> None:
    window, game = open_game("GO1-D1G-AAAAAAB")
    scene = window.table
    while not any(game.is_legal(Move(pile, "f1")) for pile in game.state.table.ids_of(TABLEAU)):
        click(qtbot, window, pile_point(scene, "s"))  # nothing goes on this deal's K♣: turn on
    turned = list(game.actions)
    refusals: list[Refusal] = []
    scene.refused.connect(refusals.append)
    column = next(pile for pile in game.state.table.ids_of(TABLEAU) if game.is_legal(Move(pile, "f1")))
    under = game.state.pile(column).up[-2]
    start = grip(scene, scene.card_items[under])
    drag(qtbot, window, start, pile_point(scene, "f1"))
    assert [refusal.rule for refusal in refusals] == ["tableau.one-card"] and game.actions == turned
    top = game.state.pile(column).up[-1]
    drag_card(qtbot, window, top.text, "f1")
    assert game.state.pile("f1").up[-1] is top
    assert scene.where[top][0] == "f1" and positions_match_layout(window)
    assert game.actions == [*turned, f"{column}>f1"]
