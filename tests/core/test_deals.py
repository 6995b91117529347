"""Tests of the versioned shuffle (solitaire.core.deals) and of Microsoft's deals
(solitaire.variants.microsoft)."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.core import deals
from solitaire.core.cards import CARDS, Card, parse_cards
from solitaire.core.deals import (
    DEAL_NUMBERS,
    SHUFFLE_VERSIONS,
    bounded,
    deal_layout,
    shuffle_positions,
    shuffled_deck,
    splitmix64,
)
from solitaire.variants import microsoft
from solitaire.variants.freecell import FREECELL_COLUMNS
from solitaire.variants.klondike import KLONDIKE_COLUMNS
from solitaire.variants.microsoft import MICROSOFT_DEALS, microsoft_freecell_order

deal_numbers = st.integers(min_value=0, max_value=DEAL_NUMBERS - 1)
microsoft_deals = st.integers(min_value=1, max_value=MICROSOFT_DEALS - 1)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "deals.md"

# Test vectors of shuffle version 1 (also published in docs/deals.md):
# deal -> (first 8 cards, last 4 cards) of the dealt order.
VECTORS = {
    0: ("8C JD 9S 2C 2H QH 6C TS", "6H 4D KS TD"),
    1: ("7H 9S 4H 8D 8H 5C JH 6H", "3D 2C 9D 7C"),
    6: ("AD 2H 7C 7H 4C 9C 9H JC", "TH JD 9S 6C"),
    12345: ("6D 9D 6C 9C AC TS KH 8C", "7D 6S JD 2C"),
    2**35 - 1: ("QH KS 7H 6C KH 2D AD 4D", "9C 3C QD 2C"),
}

DEAL_6 = (
    "AD 2H 7C 7H 4C 9C 9H JC 3D 5D 6H KH 3C KD 8D 6S JS QD TC 7D 5H 7S 9D KC QS 3S "
    "4D AH QH JH AS QC 2S 2C 3H 6D 4S 5C 4H KS 8H 8C TS 8S 2D 5S TD AC TH JD 9S 6C"
)


# Two decks (also published in docs/deals.md): deal -> (positions 0..9, the same
# as cards, positions 100..103 as cards) of shuffle_positions(deal, 104).
TWO_DECK_VECTORS = {
    0: ("67 98 10 57 16 79 61 19 78 20", "3H.2 8C.2 JS 6S.2 4H 2D.2 TS.2 7H AD.2 8H", "KS 5C QH TD.2"),
    1: ("31 84 10 7 51 19 96 59 5 60", "6D 7D.2 JS 8S KC 7H 6C.2 8S.2 6S 9S.2", "JH.2 AS 4D 7C.2"),
    6: ("49 51 75 76 34 69 57 84 77 23", "JC KC JH.2 QH.2 9D 5H.2 6S.2 7D.2 KH.2 JH", "KS KD.2 TC 6C.2"),
    12345: ("7 29 66 83 30 102 103 39 19 71", "8S 4D 2H.2 6D.2 5D QC.2 KC.2 AC 7H 7H.2", "JC 3C.2 3C 2C"),
    2**35 - 1: (
        "95 33 22 73 27 39 59 98 57 26",
        "5C.2 8D TH 9H.2 2D AC 8S.2 8C.2 6S.2 AD",
        "6H.2 6D 3H.2 2C",
    ),
}

# Small decks (also in docs/deals.md): (deal, size) -> all positions.
SMALL_VECTORS = {
    (0, 10): "6 3 2 9 8 1 4 7 0 5",
    (6, 10): "9 7 8 4 0 3 1 6 5 2",
    (6, 13): "10 1 9 4 6 7 2 0 3 8 11 12 5",
}

# Microsoft FreeCell (also in docs/deals.md), row by row as usually published:
# the widely published layouts of deals 1, 617 and 11982 (checked against pysol-cards).
MICROSOFT_LAYOUTS = {
    1: (
        "JD 2D 9H JC 5D 7H 7C 5H",
        "KD KC 9S 5S AD QC KH 3H",
        "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S",
        "3S TD 4S TH 8H 2C JH 7D",
        "6D 8S 8D QS 6C 3D 8C TC",
        "6S 9C 2H 6H",
    ),
    617: (
        "7D AD 5C 3S 5S 8C 2D AH",
        "TD 7S QD AC 6D 8H AS KH",
        "TH QC 3H 9D 6S 8D 3D TC",
        "KD 5H 9S 3C 8S 7H 4D JS",
        "4C QS 9C 9H 7C 6H 2C 2S",
        "4S TS 2H 5D JC 6C JH QH",
        "JD KS KC 4H",
    ),
    11982: (
        "AH AS 4H AC 2D 6S TS JS",
        "3D 3H QS QC 8S 7H AD KS",
        "KD 6H 5S 4D 9H JH 9S 3C",
        "JC 5D 5C 8C 9D TD KH 7C",
        "6C 2C TH QH 6D TC 4S 7S",
        "JD 7D 8H 9C 2H QD 4C 5H",
        "KC 8D 2S 3S",
    ),
}

# The extension's ranges (also in docs/deals.md): deal -> (first 8, last 4).
MICROSOFT_VECTORS = {
    32000: ("QD 8D QS 4H 2C JC 2D TH", "TC 2S 3H AH"),
    2**31 - 1: ("9S 2H 7C 5H 4C 6D 3D 4S", "7D 9C 7H 8H"),
    2**31: ("QH QC 2H 6S 2S 3D KS 8C", "6D 4S 5S AC"),
    2**32 - 1: ("JS 9C JH 2D QC 8H 7D 6S", "QS TS JC 3C"),
    2**32: ("TS 5S 2S TD 3C AD JC 6D", "4D KH JH QH"),
    2**33 - 1: ("TC 2S JS 5S 4D 6H 3H 7C", "9C 6S 3D 4S"),
}


def texts(cards: tuple[Card, ...]) -> str:
    return " ".join(card.text for card in cards)


def position_text(position: int) -> str:
    """A two-deck position as logs write it: ``AS`` of deck 1, ``AS.2`` of deck 2."""
    return CARDS[position % 52].text + ("" if position < 52 else ".2")


def doc_section(title: str) -> str:
    """The text of docs/deals.md under the heading ``title``, up to the next heading."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(rf"^#+ {re.escape(title)}\n(.*?)(?=^#)", text, re.MULTILINE | re.DOTALL)
    assert match, f"docs/deals.md has no section {title!r}"
    return match.group(1)


def doc_tables(title: str) -> list[list[list[str]]]:
    """The tables in a section of docs/deals.md: their body rows, cells without backquotes."""
    tables: list[list[str]] = []
    previous = ""
    for line in doc_section(title).splitlines():
        if line.startswith("|"):
            if not previous.startswith("|"):
                tables.append([])
            tables[-1].append(line)
        previous = line
    assert tables, f"no table under {title!r}"
    return [
        [[cell.strip().strip("`") for cell in row.strip("|").split("|")] for row in rows[2:]]
        for rows in tables
    ]


def doc_number(cell: str) -> int:
    """A deal number as the docs' tables write it: ``34359738367 (2**35 - 1)``."""
    return int(cell.split()[0])


# --- an independent reference implementation, written from the spec ----------------


def reference_splitmix64(seed: int) -> Iterator[int]:
    mask = 2**64 - 1
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def reference_positions(deal: int, size: int) -> tuple[int, ...]:
    numbers = reference_splitmix64(deal)

    def below(n: int) -> int:
        limit = 2**64 - (2**64 % n)
        while True:
            x = next(numbers)
            if x < limit:
                return x % n

    deck = list(range(size))
    for i in range(size - 1, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def reference_shuffle(deal: int) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in reference_positions(deal, 52))


def reference_microsoft(deal: int) -> tuple[Card, ...]:
    """Microsoft's deal as a Fisher–Yates shuffle read backwards (the form PySol uses)."""
    seed, bits = (deal, 31) if deal < 2**32 else (deal - 2**32, 33)

    def draw(state: int) -> int:
        if deal < 2**31:
            return state >> 16
        if deal < 2**32:
            return (state >> 16) + 2**15
        return (state >> 16) % 2**16 + 1

    deck = list(parse_cards([rank + suit for rank in "A23456789TJQK" for suit in "CDHS"]))
    for n in range(51, 0, -1):
        seed = (seed * 214013 + 2531011) % 2**bits
        j = draw(seed) % (n + 1)
        deck[n], deck[j] = deck[j], deck[n]
    return tuple(reversed(deck))


# --- test vectors -------------------------------------------------------------------


@pytest.mark.parametrize(("deal", "first", "last"), [(d, f, la) for d, (f, la) in VECTORS.items()])
def test_vectors(deal: int, first: str, last: str) -> None:
    order = shuffled_deck(deal)
    assert texts(order[:8]) == first
    assert texts(order[-4:]) == last
    assert shuffled_deck(deal, 1) == order


def test_full_vector_of_deal_6() -> None:
    assert texts(shuffled_deck(6)) == DEAL_6


def test_the_docs_publish_the_vectors() -> None:
    (rows,) = doc_tables("Test vectors (shuffle version 1)")
    table = {doc_number(row[0]): (row[2], row[3]) for row in rows}
    assert table == VECTORS
    example = doc_section("Example: deal 6")
    assert " ".join(example.split("```")[1].split()) == DEAL_6


def test_splitmix64_reference_values() -> None:
    # The published outputs of SplitMix64 seeded with 0.
    numbers = splitmix64(0)
    assert [next(numbers) for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(deal_numbers)
def test_splitmix64_matches_reference(deal: int) -> None:
    ours, theirs = splitmix64(deal), reference_splitmix64(deal)
    assert [next(ours) for _ in range(5)] == [next(theirs) for _ in range(5)]


@given(deal_numbers)
def test_shuffle_matches_reference(deal: int) -> None:
    assert shuffled_deck(deal) == reference_shuffle(deal)


@pytest.mark.parametrize("deal", [0, 1, 6, 12345, 2**35 - 1])
def test_inlined_shuffle_matches_public_helpers(deal: int) -> None:
    numbers = splitmix64(deal)
    deck = list(CARDS)
    for i in range(51, 0, -1):
        j = bounded(numbers, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert shuffled_deck(deal) == tuple(deck)


def test_bounded_rejects_the_biased_tail() -> None:
    limit = 2**64 - (2**64 % 52)
    assert bounded(iter([limit - 1]), 52) == (limit - 1) % 52
    assert bounded(iter([limit, 2**64 - 1, 105]), 52) == 1
    assert bounded(iter([5, 17]), 10) == 5
    assert bounded(iter([2**64 - 1, 17]), 10) == 7  # 2**64 - 1 is rejected for n = 10
    assert bounded(iter([2**64 - 1]), 1) == 0  # nothing is rejected when n divides 2**64
    with pytest.raises(ValueError):
        bounded(iter([1]), 0)


# --- properties ---------------------------------------------------------------------


@settings(max_examples=300)
@given(deal_numbers)
def test_every_deal_is_a_permutation(deal: int) -> None:
    order = shuffled_deck(deal)
    assert len(order) == 52
    assert set(order) == set(CARDS)
    assert all(isinstance(card, Card) for card in order)


@given(deal_numbers)
def test_deterministic(deal: int) -> None:
    assert shuffled_deck(deal) == shuffled_deck(deal)
    assert shuffled_deck(deal) == shuffled_deck(deal, version=1)


@pytest.mark.parametrize(
    ("a", "b"), [(0, 1), (1, 2), (6, 7), (0, 2**35 - 1), (12345, 12346), (2**34, 2**34 + 1)]
)
def test_distinct_deals_differ(a: int, b: int) -> None:
    assert shuffled_deck(a) != shuffled_deck(b)


def test_many_distinct_deals() -> None:
    orders = {shuffled_deck(deal) for deal in range(200)}
    assert len(orders) == 200


def test_not_the_identity() -> None:
    assert shuffled_deck(0) != CARDS


def test_versions() -> None:
    assert SHUFFLE_VERSIONS == (1,)
    assert DEAL_NUMBERS == 2**35


# --- errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        (-1, "out of range"),
        (2**35, "out of range"),
        (2**64, "out of range"),
        (True, "bool"),
        (False, "bool"),
        (1.0, "float"),
        ("6", "str"),
        (None, "NoneType"),
    ],
)
def test_bad_deal_numbers(deal: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        shuffled_deck(deal)  # type: ignore[arg-type]


@pytest.mark.parametrize("version", [0, 2, -1, 99])
def test_unknown_versions(version: int) -> None:
    with pytest.raises(ValueError, match=f"unknown shuffle version {version}"):
        shuffled_deck(6, version)


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_version_must_be_an_int(version: object) -> None:
    with pytest.raises(ValueError, match="shuffle version must be an int"):
        shuffled_deck(6, version)  # type: ignore[arg-type]


# --- layout -------------------------------------------------------------------------


@given(deal_numbers)
def test_layout_shapes(deal: int) -> None:
    order = shuffled_deck(deal)
    columns, stock = deal_layout(order, KLONDIKE_COLUMNS)
    assert [len(column) for column in columns] == [1, 2, 3, 4, 5, 6, 7]
    assert len(stock) == 24
    assert stock[-1] is order[28]
    assert stock[0] is order[51]
    assert stock == tuple(reversed(order[28:]))
    assert sorted(card.index for column in columns for card in column) == sorted(
        card.index for card in order[:28]
    )


def test_layout_row_by_row() -> None:
    order = CARDS  # the identity order makes positions visible: card i is position i
    columns, stock = deal_layout(order, KLONDIKE_COLUMNS)
    positions = [[card.index for card in column] for column in columns]
    assert positions == [
        [0],
        [1, 7],
        [2, 8, 13],
        [3, 9, 14, 18],
        [4, 10, 15, 19, 22],
        [5, 11, 16, 20, 23, 25],
        [6, 12, 17, 21, 24, 26, 27],
    ]
    assert [card.index for card in stock] == list(range(51, 27, -1))


def test_layout_of_deal_6() -> None:
    columns, stock = deal_layout(shuffled_deck(6), KLONDIKE_COLUMNS)
    assert [texts(column) for column in columns] == [
        "AD",
        "2H JC",
        "7C 3D KD",
        "7H 5D 8D TC",
        "4C 6H 6S 7D 9D",
        "9C KH JS 5H KC 3S",
        "9H 3C QD 7S QS 4D AH",
    ]
    assert texts(stock) == "6C 9S JD TH AC TD 5S 2D 8S TS 8C 8H KS 4H 5C 4S 6D 3H 2C 2S QC AS JH QH"


def test_layout_errors() -> None:
    # Any number of cards is laid out (two decks for Spider), as long as they are
    # distinct cards and enough for the columns.
    order = shuffled_deck(6)
    with pytest.raises(ValueError, match="columns of 28 cards cannot be dealt from 27"):
        deal_layout(order[:27], KLONDIKE_COLUMNS)
    with pytest.raises(ValueError, match="columns of 54 cards cannot be dealt from 52"):
        deal_layout(order, (6, 6, 6, 6, 6, 6, 6, 6, 6))
    with pytest.raises(ValueError, match=r"repeated: AD$"):
        deal_layout((*order, order[0]), KLONDIKE_COLUMNS)
    with pytest.raises(ValueError, match=r"repeated: AD$"):
        deal_layout((*order[:51], order[0]), KLONDIKE_COLUMNS)
    with pytest.raises(ValueError, match=r"repeated: AH\.2, KC$"):
        two = shuffled_deck(6, decks=2)
        deal_layout((*two, CARDS[51], Card.parse("AH.2")), KLONDIKE_COLUMNS)
    with pytest.raises(ValueError, match="Card"):
        deal_layout((*order[:51], "6C"), KLONDIKE_COLUMNS)  # type: ignore[arg-type]
    assert deal_layout(parse_cards(DEAL_6.split()), KLONDIKE_COLUMNS) == deal_layout(order, KLONDIKE_COLUMNS)
    columns, stock = deal_layout(order[:28], KLONDIKE_COLUMNS)
    assert [len(column) for column in columns] == [1, 2, 3, 4, 5, 6, 7] and stock == ()
    columns, stock = deal_layout(shuffled_deck(6, decks=2), (6, 6, 6, 6, 5, 5, 5, 5, 5, 5))
    assert (
        len(stock) == 50
        and len({card.uid for column in columns for card in column} | {c.uid for c in stock}) == 104
    )


# --- any size, two decks -------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "positions", "cards", "last"), [(d, *v) for d, v in TWO_DECK_VECTORS.items()]
)
def test_two_deck_vectors(deal: int, positions: str, cards: str, last: str) -> None:
    order = shuffle_positions(deal, 104)
    assert " ".join(str(p) for p in order[:10]) == positions
    assert " ".join(position_text(p) for p in order[:10]) == cards
    assert " ".join(position_text(p) for p in order[-4:]) == last
    assert shuffle_positions(deal, 104, 1) == order


@pytest.mark.parametrize(("deal", "size", "order"), [(d, n, o) for (d, n), o in SMALL_VECTORS.items()])
def test_small_vectors(deal: int, size: int, order: str) -> None:
    assert " ".join(str(p) for p in shuffle_positions(deal, size)) == order


def test_the_docs_publish_the_two_deck_vectors() -> None:
    two_decks, small = doc_tables("Test vectors (two decks, shuffle version 1)")
    assert {doc_number(row[0]): (row[1], row[2], row[3]) for row in two_decks} == TWO_DECK_VECTORS
    assert {(doc_number(row[0]), int(row[1])): row[2] for row in small} == SMALL_VECTORS


@given(deal_numbers)
def test_52_positions_are_the_shuffled_deck(deal: int) -> None:
    positions = shuffle_positions(deal, 52)
    assert tuple(CARDS[p] for p in positions) == shuffled_deck(deal)


@settings(max_examples=200)
@given(deal_numbers, st.integers(min_value=0, max_value=120))
def test_positions_match_reference(deal: int, size: int) -> None:
    order = shuffle_positions(deal, size)
    assert order == reference_positions(deal, size)
    assert sorted(order) == list(range(size))


def test_positions_beyond_the_precomputed_limits() -> None:
    order = shuffle_positions(12345, 300)
    assert order == reference_positions(12345, 300)
    assert sorted(order) == list(range(300))


def test_two_decks_are_not_one_deck_twice() -> None:
    order = shuffle_positions(6, 104)
    assert order[:52] != shuffle_positions(6, 52)
    assert any(p >= 52 for p in order[:52])


@pytest.mark.parametrize("size", [-1, True, 1.5, "52", None])
def test_bad_sizes(size: object) -> None:
    with pytest.raises(ValueError, match="deck size"):
        shuffle_positions(6, size)  # type: ignore[arg-type]


def test_positions_check_the_deal_and_version() -> None:
    with pytest.raises(ValueError, match="out of range"):
        shuffle_positions(2**35, 104)
    with pytest.raises(ValueError, match="bool"):
        shuffle_positions(True, 104)
    with pytest.raises(ValueError, match="unknown shuffle version 2"):
        shuffle_positions(6, 104, 2)


# --- Microsoft FreeCell ---------------------------------------------------------------


@pytest.mark.parametrize("deal", sorted(MICROSOFT_LAYOUTS))
def test_published_microsoft_layouts(deal: int) -> None:
    order = microsoft_freecell_order(deal)
    rows = MICROSOFT_LAYOUTS[deal]
    assert [texts(order[k : k + 8]) for k in range(0, 52, 8)] == list(rows)
    columns, stock = deal_layout(order, FREECELL_COLUMNS)
    assert stock == ()
    assert [texts(column) for column in columns] == [
        " ".join(row.split()[c] for row in rows if len(row.split()) > c) for c in range(8)
    ]


@pytest.mark.parametrize(("deal", "first", "last"), [(d, f, la) for d, (f, la) in MICROSOFT_VECTORS.items()])
def test_microsoft_vectors(deal: int, first: str, last: str) -> None:
    order = microsoft_freecell_order(deal)
    assert texts(order[:8]) == first
    assert texts(order[-4:]) == last


def test_the_docs_publish_the_microsoft_vectors() -> None:
    section = doc_section("Test vectors (Microsoft FreeCell)")
    published = dict(re.findall(r"^Deal (\d+):\n\n```\n(.*?)```", section, re.MULTILINE | re.DOTALL))
    assert {int(deal): tuple(rows.splitlines()) for deal, rows in published.items()} == MICROSOFT_LAYOUTS
    (rows,) = doc_tables("Test vectors (Microsoft FreeCell)")
    table = {doc_number(row[0]): (row[1], row[2]) for row in rows}
    assert table == MICROSOFT_VECTORS


def test_freecell_columns() -> None:
    columns, stock = deal_layout(CARDS, FREECELL_COLUMNS)  # card k is position k
    assert [[card.index for card in column] for column in columns] == [
        list(range(c, 52, 8)) for c in range(8)
    ]
    assert stock == ()


@settings(max_examples=300)
@given(microsoft_deals)
def test_microsoft_matches_reference(deal: int) -> None:
    order = microsoft_freecell_order(deal)
    assert order == reference_microsoft(deal)
    assert set(order) == set(CARDS)


@pytest.mark.parametrize(
    "deal", [1, 2, 617, 11982, 32000, 32001, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**33 - 1]
)
def test_microsoft_matches_pysol_cards(deal: int) -> None:
    pysol_random = pytest.importorskip("pysol_cards.random")
    pysol_cards = pytest.importorskip("pysol_cards.cards")
    pysol_base = pytest.importorskip("pysol_cards.random_base")
    cards = pysol_random.shuffle(pysol_cards.createCards(1), deal, pysol_base.RandomBase.DEALS_MS)
    theirs = " ".join("A23456789TJQK"[card.rank - 1] + card.suit_s() for card in reversed(cards))
    assert texts(microsoft_freecell_order(deal)) == theirs


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        (0, "no deal 0"),
        (-1, "no deal -1"),
        (2**33, "no deal 8589934592"),
        (2**35 - 1, "1 .. 8589934591"),
        (True, "bool"),
        (1.0, "float"),
        ("617", "str"),
    ],
)
def test_bad_microsoft_deals(deal: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        microsoft_freecell_order(deal)  # type: ignore[arg-type]


# --- no `random` ----------------------------------------------------------


@pytest.mark.parametrize("module", [deals, microsoft], ids=lambda module: module.__name__)
def test_random_is_not_used(module: ModuleType) -> None:
    tree = ast.parse(inspect.getsource(module))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert "random" not in imported
    assert "numpy" not in imported
    assert not hasattr(module, "random")
