"""Game codes: their syntax, parsing and canonical text.

A game code such as ``KL1-D3NP3F-AAAAAAG`` names a deal and the options it is
played with::

    code      = prefix version "-" middle "-" deal
    prefix    = 2 letters                  (the variant's code_prefix: docs/deals.md lists
                                            the built-in ones; other prefixes: plugins)
    version   = digits, no leading zero    (format version; also the shuffle version)
    middle    = draw scoring [redeal] ["F"]
    draw      = "D" digit 1-9             (what the variant's draw mode says: the cards a tap
                                            of the stock draws, D1/D3, or the suits dealt,
                                            D1/D2/D4)
    scoring   = 1 letter                   (N Normal, V Vegas, other letters: plugins)
    redeal    = letter [number]            (a redeal policy other than the game's default:
                                            U unlimited, P3 passes:3; other letters: plugins)
    letter    = A-Z but F
    number    = 1 .. 99999, no leading zero
    "F"       = foundation returns forbidden (allowed is the default, never written)
    deal      = 7 characters of RFC 4648 base32 (A=0 .. Z=25, 2=26 .. 7=31)

Parsing strips surrounding whitespace and accepts lower case; :func:`str` gives
the canonical (upper case) text.  This module is purely syntactic: which
prefixes, scoring letters and redeal letters are installed, and what a redeal
token means, is decided by the plugin host (:mod:`solitaire.core.registry`).

>>> code = GameCode.parse("kl1-d3np3-aaaaaag")
>>> code.prefix, code.draw, code.scoring_letter, code.redeal, code.deal
('KL', 3, 'N', 'P3', 6)
>>> str(code)
'KL1-D3NP3-AAAAAAG'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

import attrs

from solitaire.core.deals import DEAL_NUMBERS, SHUFFLE_VERSIONS
from solitaire.core.i18n import N_, Message
from solitaire.core.untrusted import Quoted, quote

__all__ = [
    "BASE32_ALPHABET",
    "CODE_VERSIONS",
    "DEAL_CHARS",
    "EXAMPLE_CODE",
    "MAX_CODE_CHARS",
    "MAX_REDEAL_DIGITS",
    "CodeError",
    "GameCode",
    "decode_deal",
    "encode_deal",
]

BASE32_ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
"""RFC 4648 base32 digits: the character at index ``i`` has value ``i``."""

DEAL_CHARS: Final = 7
"""A deal number is written with exactly this many base32 characters (35 bits)."""

CODE_VERSIONS: Final[tuple[int, ...]] = SHUFFLE_VERSIONS
"""Supported format versions; a code's version is also its shuffle version."""

MAX_REDEAL_DIGITS: Final = 5
"""The longest number a redeal token carries (``P3``: passes:3)."""

EXAMPLE_CODE: Final = "KL1-D1N-AAAAAAG"

MAX_CODE_CHARS: Final = 64
"""Longer than any code (the longest today has 24 characters): longer text is refused
at once, so that no message quotes more of it than this."""
"""The shape of a game code, quoted in error messages."""

_BASE32_VALUES: Final[dict[str, int]] = {char: value for value, char in enumerate(BASE32_ALPHABET)}
_ALPHABET: Final = BASE32_ALPHABET[:26]  # A-Z, without importing `string` at start-up
_UPPER: Final = str.maketrans(_ALPHABET.lower(), _ALPHABET)
_LETTERS: Final = frozenset(_ALPHABET)
_DIGITS: Final = frozenset("0123456789")
_REDEAL_RE: Final = re.compile(rf"[A-EG-Z](?:[1-9][0-9]{{0,{MAX_REDEAL_DIGITS - 1}}})?")
_EXTENSIONS_RE: Final = re.compile(
    rf"(?P<redeal>[A-EG-Z](?:[0-9]{{1,{MAX_REDEAL_DIGITS}}})?)?(?P<returns>F)?"
)


class CodeError(ValueError):
    """A malformed game code; the message names the code and the problem.

    ``CodeError(code, problem)`` builds the message ``game code 'CODE': PROBLEM``;
    ``CodeError(message)`` takes a complete message as it is (``code`` is then None).
    The problem (or message) is a :class:`~solitaire.core.i18n.Message`, translated by
    :meth:`message`, or plain English text (older callers may give its Russian as ``ru``).

    >>> GameCode.parse("KL1-D0N-AAAAAAG")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    solitaire.core.codes.CodeError: game code 'KL1-D0N-AAAAAAG': draw mode must be D and a digit ...
    """

    code: object
    problem: str
    #: The problem (or the complete message) as given: a message translated when shown.
    text: Message | str
    _ru: str | None
    _args: tuple[object, Message | str | None, str | None]

    def __init__(
        self, code_or_message: object, problem: Message | str | None = None, *, ru: str | None = None
    ) -> None:
        if problem is None:
            self.text = code_or_message if isinstance(code_or_message, Message) else str(code_or_message)
            message = str(self.text)
            self.code = None
            self.problem = message
        else:
            code = code_or_message
            self.text = problem
            message = f"game code {quote(code)}: {problem}"
            self.code = code
            self.problem = str(problem)
        super().__init__(message)
        self._ru = ru
        self._args = (code_or_message, problem, ru)

    def __reduce__(self) -> tuple[Callable[..., CodeError], tuple[object, Message | str | None, str | None]]:
        return (_code_error, self._args)

    @property
    def ru(self) -> str | None:
        """The problem (or the complete message) in Russian, when known (older callers)."""
        if self._ru is not None or not isinstance(self.text, Message):
            return self._ru
        return self.text.translate("ru")

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` (English where no translation is known).

        >>> CodeError("KL1-D2N-AAAAAAG", "draw mode must be D1 or D3, not 'D2'",
        ...           ru="режим должен быть D1 или D3, а не 'D2'").message("ru")
        "код игры 'KL1-D2N-AAAAAAG': режим должен быть D1 или D3, а не 'D2'"
        """
        problem: Message | str = self.text
        if self._ru is not None:
            problem = self._ru if lang == "ru" else self.problem
        if self.code is None:
            return problem.translate(lang) if isinstance(problem, Message) else problem
        return Message(
            N_("game code {code!r}: {problem}"), code=Quoted(self.code), problem=problem
        ).translate(lang)


def _code_error(code_or_message: object, problem: Message | str | None, ru: str | None) -> CodeError:
    return CodeError(code_or_message, problem, ru=ru)


def _deal_problem(text: str) -> Message | None:
    """What is wrong with the (upper case) deal part ``text``, or None."""
    for position, char in enumerate(text, start=1):
        if char not in _BASE32_VALUES:
            return Message(
                N_(
                    "character {char!r} at position {position} of the deal part {text!r} is not a base32 "
                    "digit (use A-Z and 2-7; 0, 1, 8 and 9 are not base32 digits)"
                ),
                char=char,
                position=position,
                text=text,
            )
    if len(text) != DEAL_CHARS:
        return Message(
            "the deal part must be exactly {DEAL_CHARS} base32 characters, not {length} ({text!r})",
            DEAL_CHARS=DEAL_CHARS,
            length=len(text),
            text=text,
        )
    return None


def encode_deal(deal: int) -> str:
    """The 7-character base32 text of a deal number, most significant first.

    >>> encode_deal(6), encode_deal(1), encode_deal(2**35 - 1)
    ('AAAAAAG', 'AAAAAAB', '7777777')
    """
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise ValueError(f"a deal number must be an int, not {type(deal).__name__} ({deal!r})")
    if not 0 <= deal < DEAL_NUMBERS:
        raise ValueError(f"deal number {deal} is out of range: deals are 0 .. {DEAL_NUMBERS - 1} (2**35 - 1)")
    chars = []
    for _ in range(DEAL_CHARS):
        chars.append(BASE32_ALPHABET[deal & 31])
        deal >>= 5
    return "".join(reversed(chars))


def decode_deal(text: str) -> int:
    """The deal number written as 7 base32 characters (lower case accepted).

    >>> decode_deal("AAAAAAG"), decode_deal("aaaaaab"), decode_deal("7777777")
    (6, 1, 34359738367)
    """
    if not isinstance(text, str):
        raise ValueError(f"a deal part must be a string, not {type(text).__name__} ({text!r})")
    upper = text.translate(_UPPER)
    problem = _deal_problem(upper)
    if problem is not None:
        raise ValueError(str(problem))
    value = 0
    for char in upper:
        value = value * 32 + _BASE32_VALUES[char]
    return value


def _parse_extensions(code: str, middle: str, tokens: str) -> tuple[str | None, bool]:
    """Parse the extension tokens after the scoring letter: (redeal token, returns_allowed)."""
    match = _EXTENSIONS_RE.fullmatch(tokens)
    if match is None:
        raise CodeError(code, _extension_problem(middle, tokens))
    redeal = match["redeal"] or None
    if redeal is not None and len(redeal) > 1:
        digits = redeal[1:]
        if digits[0] == "0":
            raise CodeError(
                code,
                Message(
                    N_(
                        "the number in redeal token {redeal!r} in {middle!r} must be 1 or more, without "
                        "leading zeros"
                    ),
                    redeal=redeal,
                    middle=middle,
                ),
            )
    return redeal, match["returns"] != "F"


def _extension_problem(middle: str, tokens: str) -> Message:
    """Say what is wrong with the extension tokens of ``middle``."""
    redeal = [m.group() for m in re.finditer(r"[A-EG-Z][0-9]*", tokens)]
    long = [token for token in redeal if len(token) - 1 > MAX_REDEAL_DIGITS]
    if long:
        return Message(
            "the number in redeal token {token!r} in {middle!r} has more than {MAX_REDEAL_DIGITS} digits",
            token=long[0],
            middle=middle,
            MAX_REDEAL_DIGITS=MAX_REDEAL_DIGITS,
        )
    if tokens.count("F") > 1:
        return Message("extension 'F' is repeated in {middle!r}", middle=middle)
    if len(redeal) > 1:
        found = ", ".join(map(repr, redeal))
        return Message(
            "only one redeal token is allowed in {middle!r}, found {found}", middle=middle, found=found
        )
    if "F" in tokens and redeal and tokens.index("F") < tokens.index(redeal[0]):
        return Message(
            "redeal token {token!r} must come before 'F' in {middle!r} (order: redeal token, then F)",
            token=redeal[0],
            middle=middle,
        )
    return Message(
        N_(
            "cannot read the extensions {tokens!r} in {middle!r}: after the scoring letter come an "
            "optional redeal token (a letter and an optional number: U, P3, ...), then an optional F "
            "(foundation returns forbidden)"
        ),
        tokens=tokens,
        middle=middle,
    )


def _check_redeal(redeal: object) -> None:
    if redeal is None or (isinstance(redeal, str) and _REDEAL_RE.fullmatch(redeal)):
        return
    raise ValueError(
        f"redeal token must be None or a letter other than F with an optional number"
        f" (no leading zero, at most {MAX_REDEAL_DIGITS} digits), not {redeal!r}"
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class GameCode:
    """A parsed game code.

    ``redeal`` is None when the game uses its scoring scheme's default redeal
    policy, else the redeal token as written (``"U"``, ``"P3"``).  ``deal`` is
    keyword-only.

    >>> str(GameCode("TF", 1, 1, "N", None, False, deal=1))
    'TF1-D1NF-AAAAAAB'
    >>> GameCode.parse(" KL1-D1VU-AAAAAAB ").redeal
    'U'
    """

    prefix: str
    version: int
    draw: int
    scoring_letter: str
    redeal: str | None = None
    returns_allowed: bool = True
    deal: int = attrs.field(kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not (isinstance(self.prefix, str) and len(self.prefix) == 2 and set(self.prefix) <= _LETTERS):
            raise ValueError(f"prefix must be 2 upper case letters A-Z, not {self.prefix!r}")
        if not _is_int(self.version) or self.version not in CODE_VERSIONS:
            supported = ", ".join(str(v) for v in CODE_VERSIONS)
            raise ValueError(f"version must be one of {supported}, not {self.version!r}")
        if not _is_int(self.draw) or not 1 <= self.draw <= 9:
            raise ValueError(f"draw must be 1 .. 9, not {self.draw!r}")
        if not (
            isinstance(self.scoring_letter, str)
            and len(self.scoring_letter) == 1
            and self.scoring_letter in _LETTERS
        ):
            raise ValueError(f"scoring letter must be one upper case letter A-Z, not {self.scoring_letter!r}")
        _check_redeal(self.redeal)
        if not isinstance(self.returns_allowed, bool):
            raise ValueError(f"returns_allowed must be a bool, not {self.returns_allowed!r}")
        if not _is_int(self.deal) or not 0 <= self.deal < DEAL_NUMBERS:
            raise ValueError(f"deal must be an int 0 .. {DEAL_NUMBERS - 1}, not {self.deal!r}")

    @property
    def middle(self) -> str:
        """The middle group: draw mode, scoring letter and extension tokens, e.g. ``D3NP3F``."""
        returns = "" if self.returns_allowed else "F"
        return f"D{self.draw}{self.scoring_letter}{self.redeal or ''}{returns}"

    def __str__(self) -> str:
        return f"{self.prefix}{self.version}-{self.middle}-{encode_deal(self.deal)}"

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse a game code; raise :class:`CodeError` saying what is wrong.

        >>> GameCode.parse("KL1-D1N-AAAAAAG").deal
        6
        """
        if not isinstance(text, str):
            raise CodeError(
                text,
                Message(
                    "must be a string like {EXAMPLE_CODE}, not {kind}",
                    EXAMPLE_CODE=EXAMPLE_CODE,
                    kind=type(text).__name__,
                ),
            )
        code = text.strip()
        if not code:
            raise CodeError(
                code,
                Message("is empty; expected a code like {EXAMPLE_CODE}", EXAMPLE_CODE=EXAMPLE_CODE),
            )
        if len(code) > MAX_CODE_CHARS:
            raise CodeError(
                code,
                f"is too long for a game code (at most {MAX_CODE_CHARS} characters, like {EXAMPLE_CODE})",
                ru=f"слишком длинный для кода игры (не больше {MAX_CODE_CHARS} знаков, как {EXAMPLE_CODE})",
            )
        upper = code.translate(_UPPER)
        groups = upper.split("-")
        if len(groups) != 3:
            raise CodeError(
                code,
                Message(
                    "expected 3 groups separated by '-', like {EXAMPLE_CODE}, not {count}",
                    EXAMPLE_CODE=EXAMPLE_CODE,
                    count=len(groups),
                ),
            )
        head, middle, deal_text = groups

        # Head: prefix and version.
        prefix = head[:2]
        if len(prefix) < 2 or not set(prefix) <= _LETTERS:
            raise CodeError(
                code,
                Message(
                    "the code must start with a 2-letter variant prefix (like 'KL'), not {start!r}",
                    start=head[:2],
                ),
            )
        version_text = head[2:]
        if not version_text:
            raise CodeError(
                code,
                Message("the format version number is missing after the prefix {prefix!r}", prefix=prefix),
            )
        if not set(version_text) <= _DIGITS:
            raise CodeError(
                code,
                Message(
                    "the format version after the prefix {prefix!r} must be a number, not {version_text!r}",
                    prefix=prefix,
                    version_text=version_text,
                ),
            )
        supported = ", ".join(str(v) for v in CODE_VERSIONS)
        if version_text[0] == "0" and len(version_text) > 1:
            raise CodeError(
                code,
                Message(
                    "the format version {version_text!r} must be written without leading zeros",
                    version_text=version_text,
                ),
            )
        version = int(version_text)
        if version not in CODE_VERSIONS:
            raise CodeError(
                code,
                Message(
                    "format version {version} is not supported (supported: {supported})",
                    version=version,
                    supported=supported,
                ),
            )

        # Middle: draw mode, scoring letter, extensions.
        if not middle:
            raise CodeError(
                code,
                Message("the middle group is empty; expected a draw mode D1 or D3 and a scoring letter"),
            )
        draw_text = middle[:2]
        if not (len(draw_text) == 2 and draw_text[0] == "D" and draw_text[1] in "123456789"):
            raise CodeError(
                code,
                Message(
                    "draw mode must be D and a digit 1-9 (such as D1 or D3), not {draw_text!r}",
                    draw_text=draw_text,
                ),
            )
        draw = int(draw_text[1])
        if len(middle) < 3:
            raise CodeError(
                code,
                Message(
                    "the scoring letter (like 'N' or 'V') is missing after {draw_text!r}", draw_text=draw_text
                ),
            )
        scoring_letter = middle[2]
        if scoring_letter not in _LETTERS:
            raise CodeError(
                code,
                Message(
                    "the scoring letter after {draw_text!r} must be a letter A-Z, not {scoring_letter!r}",
                    draw_text=draw_text,
                    scoring_letter=scoring_letter,
                ),
            )
        redeal, returns_allowed = _parse_extensions(code, middle, middle[3:])

        # Deal.
        problem = _deal_problem(deal_text)
        if problem is not None:
            raise CodeError(code, problem)
        deal = decode_deal(deal_text)
        return cls(prefix, version, draw, scoring_letter, redeal, returns_allowed, deal=deal)
