"""Tests of the versioned shuffle (solitaire.core.deals)."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator

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
    shuffled_deck,
    splitmix64,
)

deal_numbers = st.integers(min_value=0, max_value=DEAL_NUMBERS - 1)

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


def texts(cards: tuple[Card, ...]) -> str:
    return " ".join(card.text for card in cards)


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


def reference_shuffle(deal: int) -> tuple[Card, ...]:
    numbers = reference_splitmix64(deal)

    def below(n: int) -> int:
        limit = 2**64 - (2**64 % n)
        while True:
            x = next(numbers)
            if x < limit:
                return x % n

    deck = [CARDS[i] for i in range(52)]
    for i in range(51, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


# --- test vectors -------------------------------------------------------------------


@pytest.mark.parametrize(("deal", "first", "last"), [(d, f, la) for d, (f, la) in VECTORS.items()])
def test_vectors(deal: int, first: str, last: str) -> None:
    order = shuffled_deck(deal)
    assert texts(order[:8]) == first
    assert texts(order[-4:]) == last
    assert shuffled_deck(deal, 1) == order


def test_full_vector_of_deal_6() -> None:
    assert texts(shuffled_deck(6)) == DEAL_6


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
    columns, stock = deal_layout(order)
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
    columns, stock = deal_layout(order)
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
    columns, stock = deal_layout(shuffled_deck(6))
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
    order = shuffled_deck(6)
    with pytest.raises(ValueError, match="52 cards, not 51"):
        deal_layout(order[:51])
    with pytest.raises(ValueError, match="52 cards, not 53"):
        deal_layout((*order, order[0]))
    with pytest.raises(ValueError, match="repeated: AD"):
        deal_layout((*order[:51], order[0]))
    with pytest.raises(ValueError, match="Card"):
        deal_layout((*order[:51], "6C"))  # type: ignore[arg-type]
    assert deal_layout(parse_cards(DEAL_6.split())) == deal_layout(order)


# --- no `random` ----------------------------------------------------------


def test_random_is_not_used() -> None:
    tree = ast.parse(inspect.getsource(deals))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert "random" not in imported
    assert "numpy" not in imported
    assert not hasattr(deals, "random")
