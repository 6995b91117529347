"""Tests of the game code syntax (solitaire.core.codes)."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire.core.codes import (
    BASE32_ALPHABET,
    CodeError,
    GameCode,
    decode_deal,
    encode_deal,
)
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.plugins.builtins import new_catalog

deal_numbers = st.integers(min_value=0, max_value=DEAL_NUMBERS - 1)
letters = st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
redeals = st.one_of(
    st.none(),
    st.sampled_from("ABCDEGHIJKLMNOPQRSTUVWXYZ"),
    st.builds("{}{}".format, st.sampled_from("ABCDEGHIJKLMNOPQRSTUVWXYZ"), st.integers(1, 99999)),
)


@st.composite
def game_codes(draw: st.DrawFn) -> GameCode:
    return GameCode(
        prefix=draw(letters) + draw(letters),
        version=1,
        draw=draw(st.integers(1, 9)),
        scoring_letter=draw(letters),
        redeal=draw(redeals),
        returns_allowed=draw(st.booleans()),
        deal=draw(deal_numbers),
    )


# --- deal encoding ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "text"),
    [(0, "AAAAAAA"), (1, "AAAAAAB"), (6, "AAAAAAG"), (25, "AAAAAAZ"), (26, "AAAAAA2"), (31, "AAAAAA7"),
     (32, "AAAAABA"), (12345, "AAAAMBZ"), (2**35 - 1, "7777777")],
)  # fmt: skip
def test_deal_encoding(deal: int, text: str) -> None:
    assert encode_deal(deal) == text
    assert decode_deal(text) == deal
    assert decode_deal(text.lower()) == deal


@given(deal_numbers)
def test_deal_round_trip(deal: int) -> None:
    text = encode_deal(deal)
    assert len(text) == 7
    assert set(text) <= set(BASE32_ALPHABET)
    assert decode_deal(text) == deal


@pytest.mark.parametrize("deal", [-1, 2**35, True, 1.5, "6", None])
def test_encode_deal_errors(deal: object) -> None:
    with pytest.raises(ValueError):
        encode_deal(deal)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "words"),
    [("AAAAAA", "exactly 7"), ("AAAAAAAA", "exactly 7"), ("AAAAAA0", "'0' at position 7"), ("", "exactly 7")],
)
def test_decode_deal_errors(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        decode_deal(text)


# --- parsing ------------------------------------------------------------------------


def test_seed_examples() -> None:
    code = GameCode.parse("KL1-D1N-AAAAAAG")
    assert code == GameCode("KL", 1, 1, "N", None, True, deal=6)
    assert GameCode.parse("TF1-D1N-AAAAAAB") == GameCode("TF", 1, 1, "N", deal=1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KL1-D3NP3-AAAAAAG", GameCode("KL", 1, 3, "N", "P3", True, deal=6)),
        ("KL1-D1VU-AAAAAAB", GameCode("KL", 1, 1, "V", "U", True, deal=1)),
        ("TF1-D1NF-AAAAAAB", GameCode("TF", 1, 1, "N", None, False, deal=1)),
        ("KL1-D3NP3F-AAAAAAG", GameCode("KL", 1, 3, "N", "P3", False, deal=6)),
        ("KL1-D1VUF-7777777", GameCode("KL", 1, 1, "V", "U", False, deal=2**35 - 1)),
        ("KL1-D3VP99-AAAAAAA", GameCode("KL", 1, 3, "V", "P99", True, deal=0)),
        ("KL1-D3VP10-AAAAAAA", GameCode("KL", 1, 3, "V", "P10", True, deal=0)),
        ("XY1-D1Q-AAAAAAA", GameCode("XY", 1, 1, "Q", None, True, deal=0)),
        ("KL1-D1F-AAAAAAA", GameCode("KL", 1, 1, "F", None, True, deal=0)),  # F as a plugin scoring letter
        # The digit after D is any of 1-9 here; the variant says which it has (Spider: suits).
        ("SP1-D2S-AAAAAAG", GameCode("SP", 1, 2, "S", None, True, deal=6)),
        ("SP1-D4SF-AAAAAAG", GameCode("SP", 1, 4, "S", None, False, deal=6)),
        ("KL1-D9N-AAAAAAG", GameCode("KL", 1, 9, "N", None, True, deal=6)),
    ],
)
def test_examples(text: str, expected: GameCode) -> None:
    assert GameCode.parse(text) == expected
    assert str(expected) == text


@pytest.mark.parametrize(
    "text", ["kl1-d3np3f-aaaaaag", "Kl1-D3nP3f-AaAaAaG", "  KL1-D3NP3F-AAAAAAG\n", "\tkl1-d3np3f-aaaaaag "]
)
def test_lower_case_and_whitespace(text: str) -> None:
    code = GameCode.parse(text)
    assert str(code) == "KL1-D3NP3F-AAAAAAG"


@given(game_codes())
def test_round_trip(code: GameCode) -> None:
    text = str(code)
    assert GameCode.parse(text) == code
    assert GameCode.parse(text.lower()) == code
    assert GameCode.parse(f" {text} ") == code
    assert str(GameCode.parse(text)) == text
    assert text == text.upper()


@given(game_codes())
def test_text_shape(code: GameCode) -> None:
    head, middle, deal = str(code).split("-")
    assert head == f"{code.prefix}1"
    assert middle.startswith(f"D{code.draw}{code.scoring_letter}")
    assert middle == code.middle
    assert middle[3:].endswith("F") != code.returns_allowed
    assert middle[3:].removesuffix("F") == (code.redeal or "")
    assert decode_deal(deal) == code.deal


# --- malformed codes ----------------------------------------------------------------

MALFORMED = [
    # (code, words the message must contain)
    ("", "empty"),
    ("   ", "empty"),
    ("KL1-D1N", "KL1-D1N-AAAAAAG"),
    ("KL1D1NAAAAAAG", "3 groups"),
    ("KL1-D1N-AAAA-AAG", "3 groups"),
    ("KL1-D0N-AAAAAAG", "draw mode must be D and a digit 1-9 (such as D1 or D3), not 'D0'"),
    ("KL1-D-AAAAAAG", "draw mode must be D and a digit 1-9 (such as D1 or D3), not 'D'"),
    ("KL1-X1N-AAAAAAG", "draw mode must be D and a digit 1-9 (such as D1 or D3), not 'X1'"),
    ("KL1-1N-AAAAAAG", "draw mode must be D and a digit"),
    ("KL1-DAN-AAAAAAG", "draw mode must be D and a digit"),
    ("KL1--AAAAAAG", "middle group is empty"),
    ("K1-D1N-AAAAAAG", "2-letter variant prefix"),
    ("K-D1N-AAAAAAG", "2-letter variant prefix"),
    ("-D1N-AAAAAAG", "2-letter variant prefix"),
    ("12-D1N-AAAAAAG", "2-letter variant prefix"),
    ("KL-D1N-AAAAAAG", "version number is missing"),
    ("KLX-D1N-AAAAAAG", "must be a number, not 'X'"),
    ("KLM1-D1N-AAAAAAG", "must be a number, not 'M1'"),
    ("KL1X-D1N-AAAAAAG", "must be a number, not '1X'"),
    ("KL2-D1N-AAAAAAG", "version 2 is not supported (supported: 1)"),
    ("KL0-D1N-AAAAAAG", "version 0 is not supported (supported: 1)"),
    ("KL01-D1N-AAAAAAG", "leading zeros"),
    ("KL1-D1-AAAAAAG", "scoring letter"),
    ("KL1-D15-AAAAAAG", "scoring letter after 'D1' must be a letter A-Z, not '5'"),
    ("KL1-D1NXY-AAAAAAG", "only one redeal token"),
    ("KL1-D1N3-AAAAAAG", "cannot read the extensions '3'"),
    ("KL1-D1NU3X-AAAAAAG", "only one redeal token"),
    ("KL1-D1NU-3-AAAAAAG", "3 groups"),
    ("KL1-D1NP123456-AAAAAAG", "more than 5 digits"),
    ("KL1-D1NUU-AAAAAAG", "only one redeal token"),
    ("KL1-D1NUP3-AAAAAAG", "only one redeal token"),
    ("KL1-D1NP3U-AAAAAAG", "only one redeal token"),
    ("KL1-D1NP3P4-AAAAAAG", "only one redeal token"),
    ("KL1-D1NFF-AAAAAAG", "'F' is repeated"),
    ("KL1-D1NFU-AAAAAAG", "must come before 'F'"),
    ("KL1-D1NFP3-AAAAAAG", "must come before 'F'"),
    ("KL1-D1NP0-AAAAAAG", "1 or more"),
    ("KL1-D1NP00-AAAAAAG", "leading zeros"),
    ("KL1-D1NP03-AAAAAAG", "leading zeros"),
    ("KL1-D1N-AAAAAA", "exactly 7 base32 characters, not 6"),
    ("KL1-D1N-AAAAAAAA", "exactly 7 base32 characters, not 8"),
    ("KL1-D1N-", "exactly 7 base32 characters, not 0"),
    ("KL1-D1N-AA0AAAA", "character '0' at position 3"),
    ("KL1-D1N-AAAAAA1", "character '1' at position 7"),
    ("KL1-D1N-8AAAAAA", "character '8' at position 1"),
    ("KL1-D1N-AAAAAA9", "0, 1, 8 and 9 are not base32 digits"),
    ("KL1-D1N-AAA AAA", "character ' ' at position 4"),
    ("KL1-D1N-AAAAAA=", "character '='"),
    ("KL1 - D1N - AAAAAAG", "must be a number, not '1 '"),
    ("КЛ1-D1N-AAAAAAG", "2-letter variant prefix"),  # Cyrillic letters are not A-Z
]


@pytest.mark.parametrize(("text", "words"), MALFORMED)
def test_malformed(text: str, words: str) -> None:
    with pytest.raises(CodeError) as info:
        GameCode.parse(text)
    message = str(info.value)
    assert words in message
    assert message.startswith(f"game code {text.strip()!r}: ")


def test_malformed_lower_case_names_the_problem() -> None:
    with pytest.raises(
        CodeError, match=r"draw mode must be D and a digit 1-9 \(such as D1 or D3\), not 'D0'"
    ):
        GameCode.parse("kl1-d0n-aaaaaag")


def test_the_example_message() -> None:
    # Which draw modes a game has is the variant's to say: the catalog refuses the
    # code, with the message docs/cli.md shows.
    catalog = new_catalog(entry_points=False)
    with pytest.raises(CodeError) as info:
        catalog.options_from_code("KL1-D2N-AAAAAAG")
    assert str(info.value) == "game code 'KL1-D2N-AAAAAAG': draw mode must be D1 or D3, not 'D2'"
    assert info.value.code == "KL1-D2N-AAAAAAG"
    assert info.value.problem == "draw mode must be D1 or D3, not 'D2'"
    with pytest.raises(CodeError, match="draw mode must be D1 or D3, not 'D2'"):
        catalog.options_from_code("kl1-d2n-aaaaaag")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("SP1-D3S-AAAAAAG", "draw mode must be D1, D2 or D4, not 'D3'"),
        ("FC1-D3X-AAAAAAG", "draw mode must be D1, not 'D3'"),
        ("YU1-D3N-AAAAAAG", "draw mode must be D1, not 'D3'"),
        ("TF1-D9N-AAAAAAG", "draw mode must be D1 or D3, not 'D9'"),
    ],
)
def test_each_variant_says_which_draw_modes_it_has(text: str, problem: str) -> None:
    with pytest.raises(CodeError) as info:
        new_catalog(entry_points=False).options_from_code(text)
    assert str(info.value) == f"game code {text!r}: {problem}"


@pytest.mark.parametrize(("text", "words"), MALFORMED)
def test_malformed_in_russian(text: str, words: str) -> None:
    with pytest.raises(CodeError) as info:
        GameCode.parse(text)
    error = info.value
    assert error.ru is not None and error.message("ru").startswith(f"код игры {text.strip()!r}: ")
    assert not any("a" <= char <= "z" for char in error.ru.replace("base32", ""))  # no English words left
    assert error.message("en") == str(error)
    assert pickle.loads(pickle.dumps(error)).message("ru") == error.message("ru")


@pytest.mark.parametrize("value", [None, 6, b"KL1-D1N-AAAAAAG", ["KL1-D1N-AAAAAAG"]])
def test_not_a_string(value: object) -> None:
    with pytest.raises(CodeError, match="must be a string"):
        GameCode.parse(value)  # type: ignore[arg-type]


def test_code_error_is_a_value_error_and_pickles() -> None:
    error = CodeError("XX", "a problem")
    assert isinstance(error, ValueError)
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) == "game code 'XX': a problem"
    assert again.problem == "a problem"
    assert again.code == "XX"


def test_code_error_with_a_whole_message() -> None:
    error = CodeError("game code 'ZZ1-D1N-AAAAAAA': no installed variant has prefix 'ZZ'")
    assert str(error) == "game code 'ZZ1-D1N-AAAAAAA': no installed variant has prefix 'ZZ'"
    assert error.code is None
    assert str(pickle.loads(pickle.dumps(error))) == str(error)


@given(st.text(max_size=30))
def test_parse_only_raises_code_error(text: str) -> None:
    try:
        code = GameCode.parse(text)
    except CodeError:
        return
    assert str(code) == text.strip().upper()


# --- field validation ---------------------------------------------------------------

GOOD = {"prefix": "KL", "version": 1, "draw": 1, "scoring_letter": "N", "redeal": None,
        "returns_allowed": True, "deal": 6}  # fmt: skip


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("prefix", "K"),
        ("prefix", "KLO"),
        ("prefix", "kl"),
        ("prefix", "K1"),
        ("prefix", 12),
        ("version", 2),
        ("version", 0),
        ("version", True),
        ("version", "1"),
        ("draw", 0),
        ("draw", 10),
        ("draw", True),
        ("draw", "1"),
        ("scoring_letter", ""),
        ("scoring_letter", "NV"),
        ("scoring_letter", "n"),
        ("scoring_letter", "1"),
        ("redeal", "passes:3"),
        ("redeal", "P0"),
        ("redeal", "P03"),
        ("redeal", "P123456"),
        ("redeal", "F"),
        ("redeal", "u"),
        ("redeal", ""),
        ("redeal", 3),
        ("returns_allowed", 1),
        ("returns_allowed", None),
        ("deal", -1),
        ("deal", 2**35),
        ("deal", True),
        ("deal", 6.0),
    ],
)
def test_invalid_fields(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field.replace("_", ".")):
        GameCode(**{**GOOD, field: value})  # type: ignore[arg-type]


def test_frozen_and_evolve() -> None:
    code = GameCode(**GOOD)  # type: ignore[arg-type]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        code.deal = 7  # type: ignore[misc]
    assert str(attrs.evolve(code, draw=3, redeal="P3")) == "KL1-D3NP3-AAAAAAG"
    assert str(attrs.evolve(code, draw=4, scoring_letter="S")) == "KL1-D4S-AAAAAAG"
    with pytest.raises(ValueError):
        attrs.evolve(code, draw=0)
    assert hash(code) == hash(GameCode.parse("KL1-D1N-AAAAAAG"))
