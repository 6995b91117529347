"""The card painter: own deck faces, backs, slots, the cache, and SVG decks."""

from __future__ import annotations

import gzip
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_API", "pyside6")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from qtgestures import count_tries
from qtpy.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler, qWarning
from qtpy.QtGui import QColor, QImage, QPixmap
from qtpy.QtSvg import QSvgRenderer

from solitaire.core.cards import CARDS, Card, Suit
from solitaire.core.store import default_folder
from solitaire.frontends.qt import cards as cards_module
from solitaire.frontends.qt.cards import (
    AISLERIOT_DIR,
    BACKS,
    CARD_RATIO,
    CARDDECKS_DIR,
    DECK_CHECKS_FILE,
    TABLE_RATIOS,
    CardPainter,
    DeckChecks,
    SvgDeck,
    deck_checks,
    deck_loads,
    find_svg_decks,
    render_sheet,
)

pytestmark = pytest.mark.usefixtures("qapp")

SIZES = [(40, 56), (100, 140), (250, 350), (73.5, 102.9)]


def rgba(pixmap: QPixmap) -> QImage:
    return pixmap.toImage().convertToFormat(QImage.Format.Format_RGBA8888)


def image_bytes(pixmap: QPixmap) -> bytes:
    image = rgba(pixmap)
    return bytes(image.constBits())[: image.sizeInBytes()]


def red_pixels(pixmap: QPixmap) -> int:
    """Opaque pixels that are clearly red (not gold, not grey)."""
    data = image_bytes(pixmap)
    return sum(
        1
        for r, g, b, a in zip(data[0::4], data[1::4], data[2::4], data[3::4], strict=True)
        if a > 200 and r > 150 and g < 110 and b < 110
    )


# -- the own deck --------------------------------------------------------------------------------


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_every_card_renders_at_every_size(dpr: float) -> None:
    painter = CardPainter()
    for width, height in SIZES:
        for card in CARDS:
            pixmap = painter.pixmap(card, width, height, dpr)
            assert not pixmap.isNull()
            assert (pixmap.width(), pixmap.height()) == (round(width * dpr), round(height * dpr))
            assert pixmap.devicePixelRatio() == dpr
            size = pixmap.deviceIndependentSize()
            assert size.width() == pytest.approx(width, abs=0.5)
            assert size.height() == pytest.approx(height, abs=0.5)


def test_card_ratio() -> None:
    assert CARD_RATIO == 1.4
    assert CardPainter().card_ratio == CARD_RATIO


@pytest.mark.parametrize("size", [(40, 56), (100, 140)])
def test_all_faces_differ(size: tuple[int, int]) -> None:
    painter = CardPainter()
    images = {image_bytes(painter.pixmap(card, *size)) for card in CARDS}
    assert len(images) == 52


@pytest.mark.parametrize(
    ("one", "other"), [("9H", "9D"), ("KS", "QS"), ("QH", "JH"), ("AS", "AC"), ("6C", "7C"), ("TH", "TD")]
)
def test_pairs_differ(one: str, other: str) -> None:
    painter = CardPainter()
    for width, height in [(100, 140), (250, 350)]:
        first = painter.pixmap(Card.parse(one), width, height)
        second = painter.pixmap(Card.parse(other), width, height)
        assert image_bytes(first) != image_bytes(second)


def test_red_suits_are_red_and_black_suits_are_not() -> None:
    painter = CardPainter()
    for width, height in [(40, 56), (100, 140)]:
        for card in CARDS:
            count = red_pixels(painter.pixmap(card, width, height))
            if card.is_red:
                assert count > width, card
            else:
                assert count == 0, card


def test_faces_are_white_and_corners_transparent() -> None:
    image = rgba(CardPainter().pixmap(Card.parse("5S"), 100, 140))
    assert image.pixelColor(0, 0).alpha() == 0  # rounded corner
    assert image.pixelColor(50, 4) == QColor(255, 255, 255)  # top edge, between the indices


def test_bad_sizes_are_refused() -> None:
    painter = CardPainter()
    with pytest.raises(ValueError, match="positive size"):
        painter.pixmap(CARDS[0], 0, 140)
    with pytest.raises(ValueError, match="positive size"):
        painter.back(100, -1)


# -- the cache -----------------------------------------------------------------------------------


def test_cache_returns_the_same_pixmap_until_cleared() -> None:
    painter = CardPainter()
    card = Card.parse("QD")
    first = painter.pixmap(card, 100, 140)
    assert painter.pixmap(card, 100, 140) is first
    assert painter.pixmap(card, 100, 140, 2.0) is not first
    assert painter.pixmap(card, 101, 141) is not first
    back = painter.back(100, 140)
    assert painter.back(100, 140) is back
    slot = painter.slot(100, 140, Suit.CLUBS)
    assert painter.slot(100, 140, Suit.CLUBS) is slot
    assert painter.slot(100, 140, None) is not slot
    stock = painter.stock_empty(100, 140)
    assert painter.stock_empty(100, 140) is stock
    painter.clear_cache()
    again = painter.pixmap(card, 100, 140)
    assert again is not first
    assert image_bytes(again) == image_bytes(first)
    assert painter.back(100, 140) is not back
    assert painter.slot(100, 140, Suit.CLUBS) is not slot
    assert painter.stock_empty(100, 140) is not stock


def test_cache_keeps_only_the_most_recent_sizes() -> None:
    painter = CardPainter()
    card = Card.parse("3S")
    first = painter.pixmap(card, 100, 140)
    first_back = painter.back(100, 140)
    others = [painter.pixmap(card, 100 + step, 140) for step in range(1, CardPainter.KEPT_SIZES)]
    assert painter.pixmap(card, 100, 140) is first  # still kept, and now the latest used
    painter.pixmap(card, 120.5, 168.7)  # one size too many: the least recently used (101) goes
    assert painter.pixmap(card, 120.5, 168.7) is painter.pixmap(card, 120.5, 168.7)
    assert painter.pixmap(card, 100, 140) is first
    assert painter.back(100, 140) is first_back
    assert painter.pixmap(card, 101, 140) is not others[0]


def test_back_colour_is_part_of_the_key() -> None:
    painter = CardPainter(back="blue")
    blue = painter.back(100, 140)
    painter.set_deck(None, "green")
    green = painter.back(100, 140)
    assert green is not blue
    assert image_bytes(green) != image_bytes(blue)
    painter.set_deck(None, "blue")
    assert painter.back(100, 140) is blue


# -- backs and slots -----------------------------------------------------------------------------


def test_backs_render_and_differ() -> None:
    assert "blue" in BACKS and len(BACKS) >= 2
    assert CardPainter.BACKS == BACKS
    images = set()
    for back in BACKS:
        painter = CardPainter(back=back)
        assert painter.back_name == back
        for width, height in SIZES:
            pixmap = painter.back(width, height, 2.0)
            assert (pixmap.width(), pixmap.height()) == (round(width * 2), round(height * 2))
        images.add(image_bytes(painter.back(100, 140)))
    assert len(images) == len(BACKS)


def test_unknown_back_falls_back_to_blue() -> None:
    assert CardPainter(back="tartan").back_name == "blue"


def test_slots_and_empty_stock_render() -> None:
    painter = CardPainter()
    images = set()
    for suit in [*Suit, None]:
        for width, height in SIZES:
            pixmap = painter.slot(width, height, suit, 1.5)
            assert (pixmap.width(), pixmap.height()) == (round(width * 1.5), round(height * 1.5))
        images.add(image_bytes(painter.slot(100, 140, suit)))
    stock = painter.stock_empty(100, 140)
    images.add(image_bytes(stock))
    assert len(images) == 6
    # Translucent: neither empty nor opaque in the middle of the outline.
    middle = rgba(painter.slot(100, 140, None)).pixelColor(50, 70)
    assert 0 < middle.alpha() < 128


def test_sheet_renders() -> None:
    sheet = render_sheet(CardPainter(), 50, 70)
    assert not sheet.isNull() and sheet.width() > 13 * 50


def test_drawing_keeps_none_alive() -> None:
    """Drawing must not lose references to None (PySide6 6.12.0 did on Python 3.11)."""
    painter = CardPainter()
    before = sys.getrefcount(None)
    for _ in range(3):
        painter.clear_cache()
        for card in CARDS:
            painter.pixmap(card, 100, 140)
    assert sys.getrefcount(None) >= before - 50


# -- SVG decks -----------------------------------------------------------------------------------


def colour_of(index: int) -> str:
    return f"#{index * 4:02x}{255 - index * 4:02x}80"


RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
SUITS = ("spade", "heart", "diamond", "club")
BACK_COLOUR = "#123456"


def svg_text(kde: bool = False, *, back: bool = True) -> str:
    """A tiny deck: each card a 50x70 rectangle of its own colour, on a 13 x 5 grid."""
    parts = []
    for card in CARDS:
        rank, suit = RANKS[card.rank - 1], SUITS[card.suit]
        element = f"{rank}_{suit}" if kde else f"{suit}_{rank}"
        x, y = (card.rank - 1) * 60, int(card.suit) * 80
        rect = f'<rect x="{x}" y="{y}" width="50" height="70" fill="{colour_of(card.index)}"/>'
        parts.append(f'<g id="{element}">{rect}</g>')
    if back:
        parts.append(f'<g id="back"><rect x="0" y="320" width="50" height="70" fill="{BACK_COLOUR}"/></g>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="780" height="400" viewBox="0 0 780 400">'
        + "".join(parts)
        + "</svg>"
    )


def centre(pixmap: QPixmap) -> str:
    image = rgba(pixmap)
    return image.pixelColor(image.width() // 2, image.height() // 2).name()


@pytest.mark.parametrize("kde", [False, True])
def test_svg_deck_draws_its_cards_and_back(tmp_path: Path, kde: bool) -> None:
    path = tmp_path / "tiny.svg"
    path.write_text(svg_text(kde), encoding="utf-8")
    painter = CardPainter(deck=str(path))
    assert painter.deck_error is None
    assert painter.deck_path == path
    assert painter.card_ratio == pytest.approx(1.4)
    for card in CARDS:
        pixmap = painter.pixmap(card, 100, 140, 2.0)
        assert (pixmap.width(), pixmap.height()) == (200, 280)
        assert centre(pixmap) == colour_of(card.index)
    assert centre(painter.back(100, 140)) == BACK_COLOUR


def test_svgz_deck_and_svg_deck_object(tmp_path: Path) -> None:
    path = tmp_path / "tiny.svgz"
    path.write_bytes(gzip.compress(svg_text().encode()))
    painter = CardPainter(deck=SvgDeck("Tiny", path))
    assert painter.deck_error is None
    assert centre(painter.pixmap(Card.parse("KC"), 60, 84)) == colour_of(Card.parse("KC").index)


def test_svg_deck_without_back_uses_own_back(tmp_path: Path) -> None:
    path = tmp_path / "noback.svg"
    path.write_text(svg_text(back=False), encoding="utf-8")
    painter = CardPainter(deck=path, back="red")
    assert painter.deck_error is None
    assert image_bytes(painter.back(100, 140)) == image_bytes(CardPainter(back="red").back(100, 140))


def test_svg_deck_of_another_shape_is_fitted(tmp_path: Path) -> None:
    path = tmp_path / "wide.svg"
    path.write_text(svg_text().replace('height="70"', 'height="50"'), encoding="utf-8")
    painter = CardPainter(deck=path)
    assert painter.card_ratio == pytest.approx(1.0)
    image = rgba(painter.pixmap(Card.parse("AS"), 100, 140))
    assert image.pixelColor(50, 70).name() == colour_of(0)
    assert image.pixelColor(50, 5).alpha() == 0  # centred: empty above and below


@pytest.mark.parametrize(
    "content",
    [
        b"this is not an svg file",
        b'<svg xmlns="http://www.w3.org/2000/svg"><rect id="back" width="5" height="7"/></svg>',
        b"\x1f\x8b broken gzip",
    ],
)
def test_broken_svg_falls_back_to_own_deck(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.svgz"
    path.write_bytes(content)
    painter = CardPainter(deck=path)
    assert painter.deck_error is not None
    assert painter.deck_path is None
    own = CardPainter()
    card = Card.parse("7H")
    assert image_bytes(painter.pixmap(card, 100, 140)) == image_bytes(own.pixmap(card, 100, 140))
    assert image_bytes(painter.back(100, 140)) == image_bytes(own.back(100, 140))


def test_missing_deck_falls_back_and_set_deck_switches(tmp_path: Path) -> None:
    painter = CardPainter(deck=tmp_path / "nowhere.svg")
    assert painter.deck_error is not None and painter.deck_path is None
    path = tmp_path / "tiny.svg"
    path.write_text(svg_text(), encoding="utf-8")
    own = painter.pixmap(Card.parse("2D"), 100, 140)
    painter.set_deck(str(path), "green")
    assert painter.deck_error is None and painter.deck_path == path
    svg = painter.pixmap(Card.parse("2D"), 100, 140)
    assert svg is not own and centre(svg) == colour_of(Card.parse("2D").index)
    painter.set_deck(None)
    assert painter.deck_path is None and painter.back_name == "green"
    assert painter.pixmap(Card.parse("2D"), 100, 140) is own


def test_find_svg_decks(tmp_path: Path) -> None:
    aisleriot, kde = tmp_path / "aisleriot", tmp_path / "carddecks"
    assert find_svg_decks(aisleriot, kde) == []
    aisleriot.mkdir()
    (aisleriot / "tiny_modern.svg").write_text(svg_text(), encoding="utf-8")
    (aisleriot / "broken.svgz").write_bytes(b"nothing")
    (aisleriot / "README").write_text("not a deck", encoding="utf-8")
    folder = kde / "svg-tiny"
    folder.mkdir(parents=True)
    (folder / "tiny.svgz").write_bytes(gzip.compress(svg_text(kde=True).encode()))
    (folder / "index.desktop").write_text(
        "[KDE Backdeck]\nName=Tiny KDE\nName[de]=Winzig\nSVG=tiny.svgz\n", encoding="utf-8"
    )
    unnamed = kde / "svg-plain"
    unnamed.mkdir()
    (unnamed / "plain.svg").write_text(svg_text(kde=True), encoding="utf-8")
    decks = find_svg_decks(aisleriot, kde)
    assert [deck.name for deck in decks] == ["Broken", "Plain", "Tiny KDE", "Tiny Modern"]
    assert decks[2].path == folder / "tiny.svgz"
    usable = find_svg_decks(aisleriot, kde, usable_only=True)
    assert [deck.name for deck in usable] == ["Plain", "Tiny KDE", "Tiny Modern"]
    for deck in usable:
        assert CardPainter(deck=deck).deck_error is None


def test_installed_decks_load_or_say_why() -> None:
    """Whatever is installed here (maybe nothing): a deck either draws or falls back cleanly."""
    for deck in find_svg_decks()[:3]:
        painter = CardPainter(deck=deck)
        pixmap = painter.pixmap(Card.parse("QH"), 60, 84)
        assert not pixmap.isNull()
        assert (painter.deck_error is None) == (painter.deck_path == deck.path)


# -- decks of other shapes, twins, XDG folders, decks Qt cannot draw ----------------------------


def deck_svg(
    width: float = 50,
    height: float = 70,
    *,
    kde: bool = False,
    scale: Callable[[Card], float] = lambda card: 1.0,
    extra: Callable[[Card], str] = lambda card: "",
    back: tuple[float, float] | None = None,
) -> str:
    """A deck of ``width`` x ``height`` cards, one colour each; ``scale`` draws some at another
    scale (as KDE's Paris draws its court cards), ``extra`` adds SVG inside a card, and ``back``
    gives the back its own size."""
    parts = []
    for card in CARDS:
        rank, suit = RANKS[card.rank - 1], SUITS[card.suit]
        element = f"{rank}_{suit}" if kde else f"{suit}_{rank}"
        x, y = (card.rank - 1) * 2 * width, int(card.suit) * 2 * height
        factor = scale(card)
        rect = f'<rect width="{width}" height="{height}" fill="{colour_of(card.index)}"/>'
        parts.append(
            f'<g id="{element}" transform="translate({x} {y}) scale({factor})">{rect}{extra(card)}</g>'
        )
    back_w, back_h = back or (width, height)
    parts.append(
        f'<g id="back"><rect x="0" y="{8 * height}" width="{back_w}" height="{back_h}"'
        f' fill="{BACK_COLOUR}"/></g>'
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        f' width="{26 * width}" height="{10 * height}">'
        '<defs><symbol id="pip" viewBox="0 0 100 100"><rect width="100" height="100"/></symbol></defs>'
        + "".join(parts)
        + "</svg>"
    )


def opaque_edges(pixmap: QPixmap) -> bool:
    """Whether the card covers its pixmap: opaque in the middle of every edge."""
    image = rgba(pixmap)
    w, h = image.width(), image.height()
    points = [(1, h // 2), (w - 2, h // 2), (w // 2, 1), (w // 2, h - 2)]
    return all(image.pixelColor(x, y).alpha() == 255 for x, y in points)


def test_a_tall_deck_sets_the_table_shape_and_fills_it(tmp_path: Path) -> None:
    """A deck of bridge-shaped cards (as Anglo, 1.556) shapes the slots, and fills them."""
    path = tmp_path / "tall.svg"
    path.write_text(deck_svg(45, 70), encoding="utf-8")
    painter = CardPainter(deck=path)
    assert painter.deck_error is None
    assert painter.card_ratio == pytest.approx(70 / 45)
    assert painter.table_ratio == pytest.approx(70 / 45)
    width = 90.0
    card = Card.parse("9D")
    pixmap = painter.pixmap(card, width, width * painter.table_ratio)
    assert opaque_edges(pixmap) and centre(pixmap) == colour_of(card.index)
    assert CardPainter().table_ratio == CARD_RATIO


@pytest.mark.parametrize(("height", "ratio"), [(55, TABLE_RATIOS[0]), (200, TABLE_RATIOS[1])])
def test_a_deck_of_odd_shape_is_fitted_into_table_slots(tmp_path: Path, height: float, ratio: float) -> None:
    path = tmp_path / "odd.svg"
    path.write_text(deck_svg(50, height), encoding="utf-8")
    painter = CardPainter(deck=path)
    assert painter.deck_error is None and painter.table_ratio == ratio
    pixmap = painter.pixmap(Card.parse("AS"), 100, 100 * ratio)
    assert centre(pixmap) == colour_of(0) and not opaque_edges(pixmap)


def test_a_deck_of_cards_wider_than_tall_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "landscape.svg"
    path.write_text(deck_svg(70, 50), encoding="utf-8")
    painter = CardPainter(deck=path)
    assert painter.deck_error is not None and "wider than tall" in painter.deck_error
    assert painter.deck_path is None and deck_loads(path) is False


def test_cards_drawn_at_another_scale_fill_their_slot(tmp_path: Path) -> None:
    """KDE's Paris draws 11 cards at 0.65 of the others' size: the deck loads, they fill."""
    path = tmp_path / "scaled.svg"
    path.write_text(deck_svg(kde=True, scale=lambda card: 0.65 if card.rank > 10 else 1.0), encoding="utf-8")
    painter = CardPainter(deck=path)
    assert painter.deck_error is None
    for text in ("KS", "QH", "7C"):
        card = Card.parse(text)
        pixmap = painter.pixmap(card, 100, 140)
        assert opaque_edges(pixmap) and centre(pixmap) == colour_of(card.index)


def test_a_smaller_back_fills_the_card(tmp_path: Path) -> None:
    """XSkat French's back is smaller than its faces: it is drawn to the card's size, not at
    the top left of a face-sized box."""
    path = tmp_path / "smallback.svg"
    path.write_text(deck_svg(back=(40, 56)), encoding="utf-8")
    painter = CardPainter(deck=path)
    back = painter.back(100, 140)
    assert opaque_edges(back) and centre(back) == BACK_COLOUR


def symbol_pips(card: Card) -> str:
    """A pip from a <symbol> with its own viewBox, placed by rank (Anglo Poker's way): Qt does
    not scale the symbol into the <use>, so it sticks out of the card by a different amount
    for each rank."""
    return f'<use x="{card.rank * 3}" y="10" width="8" height="8" xlink:href="#pip"/>'


def test_a_deck_qt_draws_wrongly_is_refused_and_left_out(tmp_path: Path) -> None:
    aisleriot, kde = tmp_path / "cards", tmp_path / "carddecks"
    aisleriot.mkdir()
    (aisleriot / "poker.svg").write_text(deck_svg(extra=symbol_pips), encoding="utf-8")
    (aisleriot / "fine.svg").write_text(deck_svg(), encoding="utf-8")
    painter = CardPainter(deck=aisleriot / "poker.svg")
    assert painter.deck_error is not None and "cannot draw" in painter.deck_error
    assert painter.deck_path is None
    assert [deck.name for deck in find_svg_decks(aisleriot, kde)] == ["Fine", "Poker"]
    assert [deck.name for deck in find_svg_decks(aisleriot, kde, usable_only=True)] == ["Fine"]
    assert deck_loads(aisleriot / "poker.svg") is False
    assert deck_loads(aisleriot / "fine.svg", probe=False) is True  # remembered from the listing
    assert deck_loads(tmp_path / "nowhere.svg") is False


def a_new_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget what this process learnt: the next look reads the file, as a new run would."""
    monkeypatch.setattr(cards_module, "_checks", None)


def two_decks(tmp_path: Path) -> tuple[Path, Path]:
    aisleriot, kde = tmp_path / "cards", tmp_path / "carddecks"
    aisleriot.mkdir()
    (aisleriot / "poker.svg").write_text(deck_svg(extra=symbol_pips), encoding="utf-8")
    (aisleriot / "fine.svg").write_text(deck_svg(), encoding="utf-8")
    return aisleriot, kde


def checks_file() -> Path:
    return default_folder() / DECK_CHECKS_FILE


def test_decks_are_tried_once_and_the_verdicts_kept_between_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    aisleriot, kde = two_decks(tmp_path)
    tried = count_tries(monkeypatch)
    assert [deck.name for deck in find_svg_decks(aisleriot, kde, usable_only=True)] == ["Fine"]
    assert sorted(tried) == [aisleriot / "fine.svg", aisleriot / "poker.svg"]
    saved = json.loads(checks_file().read_text(encoding="utf-8"))
    assert saved["version"] == 1
    assert {path: entry["loads"] for path, entry in saved["decks"].items()} == {
        str(aisleriot / "fine.svg"): True,
        str(aisleriot / "poker.svg"): False,
    }
    for run in range(2):
        a_new_run(monkeypatch)
        assert deck_checks().known(aisleriot / "fine.svg") == (True, None)
        assert [deck.name for deck in find_svg_decks(aisleriot, kde, usable_only=True)] == ["Fine"]
        assert len(tried) == 2, run  # not tried again
    # A deck whose file changed is tried again, and only that one.
    (aisleriot / "poker.svg").write_text(deck_svg(), encoding="utf-8")
    a_new_run(monkeypatch)
    assert deck_loads(aisleriot / "poker.svg", probe=False) is None
    assert [deck.name for deck in find_svg_decks(aisleriot, kde, usable_only=True)] == ["Fine", "Poker"]
    assert tried[2:] == [aisleriot / "poker.svg"]
    a_new_run(monkeypatch)
    assert deck_loads(aisleriot / "poker.svg", probe=False) is True


def test_the_deck_chosen_at_the_start_is_not_tried_again_when_qt_cannot_draw_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    aisleriot, _ = two_decks(tmp_path)
    tried = count_tries(monkeypatch)
    first = CardPainter(deck=aisleriot / "poker.svg")
    assert first.deck_error is not None and "cannot draw" in first.deck_error
    assert tried == [aisleriot / "poker.svg"]
    a_new_run(monkeypatch)
    again = CardPainter(deck=aisleriot / "poker.svg")
    assert tried == [aisleriot / "poker.svg"]  # known from the last run
    assert again.deck_path is None and again.deck_error == first.deck_error
    # A deck that loads is loaded (to be drawn), and that is its check: no second load.
    a_new_run(monkeypatch)
    fine = CardPainter(deck=aisleriot / "fine.svg")
    assert fine.deck_path == aisleriot / "fine.svg" and tried[1:] == [aisleriot / "fine.svg"]
    a_new_run(monkeypatch)
    assert find_svg_decks(aisleriot, tmp_path / "none", usable_only=True)[0].name == "Fine"
    assert len(tried) == 2


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{not json",
        b"\xff\xfe\x00",
        b"[1, 2]",
        b'{"version": 99, "decks": {}}',
        b'{"version": 1, "decks": []}',
        b"[" * 100_000,
        b'{"version": 1, "decks": {"x": {"size": true, "mtime_ns": 1, "loads": true}}}',
        b'{"version": 1, "decks": {"x": 3, "y": {"size": "big", "mtime_ns": 1, "loads": true}}}',
    ],
)
def test_a_corrupt_or_unknown_checks_file_is_ignored_and_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    aisleriot, kde = two_decks(tmp_path)
    checks_file().parent.mkdir(parents=True, exist_ok=True)
    checks_file().write_bytes(content)
    tried = count_tries(monkeypatch)
    assert [deck.name for deck in find_svg_decks(aisleriot, kde, usable_only=True)] == ["Fine"]
    assert len(tried) == 2
    saved = json.loads(checks_file().read_text(encoding="utf-8"))
    assert saved["version"] == 1 and len(saved["decks"]) == 2
    a_new_run(monkeypatch)
    find_svg_decks(aisleriot, kde, usable_only=True)
    assert len(tried) == 2


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60)
@given(
    content=st.binary(max_size=40)
    | JSON.map(lambda value: json.dumps(value).encode())
    | st.fixed_dictionaries({"version": st.sampled_from([1, 2, "1"]), "decks": JSON}).map(
        lambda value: json.dumps(value).encode()
    )
)
def test_any_checks_file_is_read_without_error_and_written_afresh(tmp_path: Path, content: bytes) -> None:
    deck = tmp_path / "deck.svg"
    deck.write_text("<svg/>", encoding="utf-8")
    file = tmp_path / DECK_CHECKS_FILE
    file.write_bytes(content)
    checks = DeckChecks(file)
    assert checks.known(deck) is None  # nothing in the file names this deck
    checks.remember(deck, "no cards")
    checks.save()
    saved = json.loads(file.read_text(encoding="utf-8"))
    assert saved["version"] == 1 and saved["decks"][str(deck)]["loads"] is False
    assert DeckChecks(file).known(deck) == (False, "no cards")


def test_an_unreadable_checks_folder_is_no_error(tmp_path: Path) -> None:
    aisleriot, _ = two_decks(tmp_path)
    (tmp_path / "file").write_text("", encoding="utf-8")
    checks = DeckChecks(tmp_path / "file" / DECK_CHECKS_FILE)  # a folder that cannot be made
    checks.remember(aisleriot / "fine.svg", None)
    checks.save()
    assert checks.known(aisleriot / "fine.svg") == (True, None)


def test_the_checks_file_drops_decks_that_are_gone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    aisleriot, kde = two_decks(tmp_path)
    find_svg_decks(aisleriot, kde, usable_only=True)
    (aisleriot / "poker.svg").unlink()
    a_new_run(monkeypatch)
    find_svg_decks(aisleriot, kde, usable_only=True)  # nothing new learnt: the gone deck still goes
    saved = json.loads(checks_file().read_text(encoding="utf-8"))
    assert list(saved["decks"]) == [str(aisleriot / "fine.svg")]
    # What another run wrote meanwhile is kept, unless its deck is gone too.
    other = DeckChecks(checks_file())
    (aisleriot / "new.svg").write_text(deck_svg(), encoding="utf-8")
    other.remember(aisleriot / "new.svg", None)
    other.save()
    (aisleriot / "fine.svg").write_text(deck_svg(extra=symbol_pips), encoding="utf-8")
    assert deck_loads(aisleriot / "fine.svg") is False
    deck_checks().save()
    saved = json.loads(checks_file().read_text(encoding="utf-8"))
    assert {path: entry["loads"] for path, entry in saved["decks"].items()} == {
        str(aisleriot / "fine.svg"): False,
        str(aisleriot / "new.svg"): True,
    }


def kde_deck(folder: Path, name: str, *, localised: str = "") -> Path:
    folder.mkdir(parents=True)
    path = folder / "deck.svg"
    path.write_text(deck_svg(kde=True), encoding="utf-8")
    (folder / "index.desktop").write_text(
        f"[KDE Backdeck]\nName={name}\n{localised}SVG=deck.svg\n", encoding="utf-8"
    )
    return path


def test_decks_of_one_name_are_told_apart_in_the_players_language(tmp_path: Path) -> None:
    aisleriot, kde = tmp_path / "cards", tmp_path / "carddecks"
    aisleriot.mkdir()
    gnome = aisleriot / "dondorf.svg"
    gnome.write_text(deck_svg(), encoding="utf-8")
    kde_dondorf = kde_deck(kde / "svg-dondorf", "Dondorf", localised="Name[ru]=Дондорф\nName[de]=D\n")
    one = kde_deck(kde / "svg-one", "Twin")
    other = kde_deck(kde / "svg-other", "Twin")
    english = {deck.name: deck.path for deck in find_svg_decks(aisleriot, kde)}
    assert english == {
        "Dondorf (GNOME)": gnome,
        "Dondorf (KDE)": kde_dondorf,
        "Twin (KDE, svg-one)": one,
        "Twin (KDE, svg-other)": other,
    }
    russian = {deck.path: deck.name for deck in find_svg_decks(aisleriot, kde, lang="ru")}
    assert russian[kde_dondorf] == "Дондорф" and russian[gnome] == "Dondorf"
    assert {deck.source for deck in find_svg_decks(aisleriot, kde)} == {"GNOME", "KDE"}
    assert find_svg_decks(aisleriot, kde, lang="pt_BR")[0].name.startswith("Dondorf (")


def test_decks_are_found_in_the_xdg_data_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """~/.local/share (XDG_DATA_HOME) and every prefix in XDG_DATA_DIRS (Flatpak's, /usr/local),
    not only /usr/share; a deck in the player's own folder hides one of the same file."""
    home, prefix, other = tmp_path / "home", tmp_path / "prefix", tmp_path / "other"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_DIRS", f"{prefix}:{other}")
    assert find_svg_decks() == []
    for folder in (home, prefix):
        (folder / "aisleriot" / "cards").mkdir(parents=True)
        (folder / "aisleriot" / "cards" / "mine.svg").write_text(deck_svg(), encoding="utf-8")
    kde = kde_deck(other / "carddecks" / "svg-far", "Far Away")
    decks = find_svg_decks()
    assert [(deck.name, deck.path, deck.source) for deck in decks] == [
        ("Far Away", kde, "KDE"),
        ("Mine", home / "aisleriot" / "cards" / "mine.svg", "GNOME"),
    ]


def test_loading_a_deck_keeps_qt_svg_warnings_quiet(tmp_path: Path) -> None:
    """Debian's decks make Qt's SVG module print hundreds of warnings: none reach the terminal,
    and other messages still do."""
    path = tmp_path / "noisy.svg"
    path.write_text(deck_svg().replace(f'fill="{colour_of(5)}"', 'fill="url(#nothing)"'), encoding="utf-8")
    heard: list[tuple[str, str]] = []

    def listen(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        heard.append((context.category or "", message))

    previous = qInstallMessageHandler(listen)
    try:
        QSvgRenderer(str(path))  # Qt itself does complain about this file
        assert any(category.startswith("qt.svg") for category, _ in heard)
        heard.clear()
        painter = CardPainter(deck=path)
        painter.pixmap(Card.parse("6S"), 100, 140)
        assert painter.deck_error is None
        assert deck_loads(path) is True
        qWarning("still heard")
    finally:
        qInstallMessageHandler(previous)
    assert heard == [("default", "still heard")]


DEBIAN_DECKS = [
    AISLERIOT_DIR / "anglo.svgz",
    AISLERIOT_DIR / "anglo_poker.svgz",
    AISLERIOT_DIR / "simplistic.svgz",
    AISLERIOT_DIR / "tango_nuevo.svgz",
    CARDDECKS_DIR / "svg-gm-paris" / "paris.svgz",
    CARDDECKS_DIR / "svg-xskat-french" / "french.svgz",
]


@pytest.mark.skipif(
    not all(path.is_file() for path in DEBIAN_DECKS),
    reason="needs Debian's gnome-cards-data and kdegames-card-data-kf5",
)
def test_debian_decks() -> None:
    """The three Debian decks Qt draws wrongly are refused; the others fill their slots (KDE's
    Paris, whose court cards are drawn smaller, and XSkat French, whose back is, included)."""
    anglo, poker, simplistic, tango, paris, xskat = DEBIAN_DECKS
    for path in (poker, simplistic, tango):
        assert CardPainter(deck=path).deck_error is not None
    for path in (anglo, paris, xskat):
        painter = CardPainter(deck=path)
        assert painter.deck_error is None
        width = 80.0
        height = width * painter.table_ratio
        for card in (Card.parse("AS"), Card.parse("KH")):
            assert opaque_edges(painter.pixmap(card, width, height))
        assert opaque_edges(painter.back(width, height))
