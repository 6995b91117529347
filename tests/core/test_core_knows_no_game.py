"""The core is rules-agnostic and never imports a variant: no module of ``core/``
imports the built-in games or plugins (``solitaire.variants``, ``solitaire.plugins``),
nor names a built-in game, in its code, its comments, its messages or its docstrings
(whose examples run as doctests, and so must not import the built-ins either)."""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path
from typing import Final

import pytest

from solitaire.plugins.builtins import new_catalog

CORE: Final = Path(__file__).resolve().parents[2] / "core"

#: Modules still being cleaned of game names and imports of the built-ins (work in
#: progress on the solver): each is checked once it leaves this set, which is then empty.
PENDING: Final[set[str]] = {"search.py", "solver.py"}

#: The packages the core must not import.
FORBIDDEN: Final = ("solitaire.variants", "solitaire.plugins")

#: The English word "clock" (the game clock) in lower case is not the game Clock.
ENGLISH: Final = {"clock"}


def _modules() -> list[Path]:
    return sorted(path for path in CORE.glob("*.py") if path.name not in PENDING)


def _game_words() -> set[str]:
    """Every built-in game's id and English name, and the id with '-' as a space or nothing."""
    words: set[str] = set()
    for variant in new_catalog(entry_points=False).variants.values():
        words |= {variant.id, variant.name("en"), variant.id.replace("-", " "), variant.id.replace("-", "")}
    return words


GAME_WORDS: Final = _game_words()
_LONGEST_FIRST: Final = sorted(GAME_WORDS, key=len, reverse=True)
GAME_PATTERN: Final = re.compile(
    r"(?<!\w)(" + "|".join(re.escape(word) for word in _LONGEST_FIRST) + r")(?!\w)", re.IGNORECASE
)


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module imported anywhere in ``tree`` (in functions too, and in the doctest
    examples of its strings), with its line, sorted."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and ">>>" in node.value:
            for example in doctest.DocTestParser().get_examples(node.value):
                found += [
                    (node.lineno + example.lineno, module)
                    for _, module in _imports(ast.parse(example.source))
                ]
    return sorted(found)


def _forbidden(module: str) -> bool:
    return any(module == name or module.startswith(f"{name}.") for name in FORBIDDEN)


def test_the_words_are_those_of_the_built_in_games() -> None:
    assert {"klondike", "Réfléchi", "FreeCell", "Mod 3", "mod3"} <= GAME_WORDS
    assert {"bakers-dozen", "bakers dozen", "bakersdozen", "Baker's Dozen"} <= GAME_WORDS
    assert {"Clock", "clock", "aces up", "Forty Thieves"} <= GAME_WORDS
    assert _modules() and all(path.name not in PENDING for path in _modules())
    assert all((CORE / name).is_file() for name in PENDING), "a module left core: take it out of PENDING"


@pytest.mark.parametrize("path", _modules(), ids=lambda path: path.name)
def test_a_core_module_imports_no_game_nor_plugin(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    wrong = [f"{path.name}:{line}: {module}" for line, module in _imports(tree) if _forbidden(module)]
    assert not wrong, "the core imports the built-ins:\n" + "\n".join(wrong)


@pytest.mark.parametrize("path", _modules(), ids=lambda path: path.name)
def test_a_core_module_names_no_built_in_game(path: Path) -> None:
    wrong = [
        f"{path.name}:{number}: {match.group(0)!r} in {line.strip()!r}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in GAME_PATTERN.finditer(line)
        if match.group(0) not in ENGLISH
    ]
    assert not wrong, "the core names built-in games:\n" + "\n".join(wrong)


def test_the_check_finds_what_it_looks_for() -> None:
    found = [match.group(0) for match in GAME_PATTERN.finditer("Spider's row, the KLONDIKE table, a clock")]
    assert found == ["Spider", "KLONDIKE", "clock"]
    assert not GAME_PATTERN.search("spider_solver, SpiderScoring, golfer")
    assert [match.group(0) for match in GAME_PATTERN.finditer("Baker's Dozen, forty-thieves, mod3")] == [
        "Baker's Dozen",
        "forty-thieves",
        "mod3",
    ]
    tree = ast.parse(
        "def f():\n    from solitaire.plugins.builtins import new_catalog\nimport solitaire.variants"
    )
    assert [module for _, module in _imports(tree) if _forbidden(module)] == [
        "solitaire.plugins.builtins",
        "solitaire.plugins.builtins.new_catalog",
        "solitaire.variants",
    ]
    doctested = ast.parse('def f():\n    """>>> import solitaire.variants.blocks as b\n    >>> b.Stock()"""')
    assert [module for _, module in _imports(doctested) if _forbidden(module)] == [
        "solitaire.variants.blocks"
    ]
    tree = ast.parse("from solitaire import variants\nfrom solitaire.core import deals")
    assert [module for _, module in _imports(tree) if _forbidden(module)] == ["solitaire.variants"]
