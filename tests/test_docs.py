"""The docs stay true: hooks documented with their exact signatures, the guide's
code runs, console examples print what they show, every rule id is listed."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import shlex
import subprocess
import sys
import types
from collections.abc import Mapping
from pathlib import Path

import pytest

from solitaire.core import hookspecs, refusals

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _hookspecs() -> list[types.FunctionType]:
    return [f for name, f in vars(hookspecs).items() if name.startswith("solitaire_") and callable(f)]


def _signature(function: types.FunctionType) -> str:
    sig = inspect.signature(function)
    params = ", ".join(f"{p.name}: {p.annotation}" for p in sig.parameters.values())
    return f"{function.__name__}({params}) -> {sig.return_annotation}"


def test_there_are_hooks() -> None:
    assert len(_hookspecs()) >= 4


@pytest.mark.parametrize("hook", _hookspecs(), ids=lambda f: f.__name__)
def test_every_hook_has_a_section_headed_by_its_signature(hook: types.FunctionType) -> None:
    guide = (DOCS / "modding.md").read_text(encoding="utf-8")
    headings = re.findall(r"^### `(.+)`$", guide, flags=re.MULTILINE)
    assert _signature(hook) in headings


def _blocks(path: Path, language: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("index", range(len(_blocks(DOCS / "modding.md", "python"))))
def test_modding_guide_examples_run(index: int) -> None:
    code = _blocks(DOCS / "modding.md", "python")[index]
    module = types.ModuleType(f"modding_example_{index}")
    sys.modules[module.__name__] = module
    try:
        exec(compile(code, f"docs/modding.md example {index}", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]


def _console_examples() -> list[tuple[str, str, str]]:
    examples = []
    for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for block in _blocks(path, "console"):
            for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
                command, _, output = chunk.partition("\n")
                examples.append((path.name, command, output))
    return examples


@pytest.mark.parametrize(("doc", "command", "expected"), _console_examples(), ids=lambda v: str(v)[:40])
def test_console_examples_print_what_they_show(doc: str, command: str, expected: str) -> None:
    argv = shlex.split(command)
    assert argv[0] == "solitaire"
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", *argv[1:]],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "SOLITAIRE_LANG": "en"},
        timeout=60,
    )
    # Times differ from run to run: "0.00 s" stands for any.
    seconds = re.compile(r"\b\d+\.\d\d s\b")
    assert seconds.sub("0.00 s", result.stdout + result.stderr) == seconds.sub("0.00 s", expected)


def _builtin_rules() -> dict[str, refusals.Rule]:
    """The rules of the core and of the building blocks and built-in games, by id."""
    import solitaire.variants

    modules: list[types.ModuleType] = [refusals]
    for info in pkgutil.iter_modules(solitaire.variants.__path__, "solitaire.variants."):
        modules.append(importlib.import_module(info.name))
    rules = {}
    for module in modules:
        for value in vars(module).values():
            own = getattr(value, "rule", None) if isinstance(value, type) else None  # a MoveRule's
            for found in (value, own):
                if isinstance(found, refusals.Rule):
                    rules[found.id] = found
    return rules


def _guide_rule_table() -> dict[str, str]:
    """The rule table of the player's guide: rule id -> its example message."""
    guide = (DOCS / "rules.md").read_text(encoding="utf-8")
    section = guide.partition("## When a move is refused\n")[2].partition("\n## ")[0]
    rows = re.findall(r"^\| `([a-z.-]+)` \| (.+) \|$", section, flags=re.MULTILINE)
    assert len(rows) == len(dict(rows)), "a rule is listed twice"
    return dict(rows)


def test_every_rule_id_is_in_the_players_guide() -> None:
    rules = _builtin_rules()
    assert {
        "tableau.alternate-colour",
        "build.one-rank-apart",
        "cell.full",
        "stock.columns-must-be-filled",
    } <= set(rules)
    assert set(rules) <= set(refusals.all_rules())
    table = _guide_rule_table()
    assert sorted(set(rules) - set(table)) == []  # every rule is listed
    assert sorted(set(table) - set(rules)) == []  # and the table lists no rule that is gone


def test_the_guide_shows_each_rule_with_a_message_it_gives() -> None:
    rules = _builtin_rules()
    for rule_id, example in _guide_rule_table().items():
        templates = rules[rule_id].templates
        english = (templates,) if isinstance(templates, str) else tuple(templates)
        if isinstance(templates, Mapping):
            english = (templates["en"],)
        patterns = [".+?".join(map(re.escape, re.split(r"\{[a-z_]+[^}]*\}", t))) for t in english]
        assert any(re.fullmatch(p, example) for p in patterns), (rule_id, example, english)


# -- the rules pages the window shows (Help ▸ Rules) -----------------------------------------------

#: The built-in games' pages, and those of the example packages (``examples/*/<package>/rules``).
RULES_PAGES = sorted((ROOT / "variants" / "rules").glob("*.md")) + sorted(
    (ROOT / "examples").glob("*/*/rules/*.md")
)


def _unlinked(markdown: str) -> str:
    """Markdown with its links' targets left out: ``[words](page.md)`` reads ``words``."""
    return re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", markdown)


def _blocks_of(page: str) -> list[str]:
    """A page's paragraphs, lists and tables, without its headings."""
    return [block for block in page.split("\n\n") if block.strip() and not block.startswith("#")]


def test_there_are_rules_pages_in_both_languages() -> None:
    names = {path.name for path in RULES_PAGES}
    from solitaire.plugins.builtins import new_catalog

    for variant in new_catalog(entry_points=False).variants:  # every built-in game
        assert {f"{variant}.en.md", f"{variant}.ru.md"} <= names


@pytest.mark.parametrize("page", [p for p in RULES_PAGES if p.parent.parent.name == "variants"], ids=str)
def test_the_built_in_rules_pages_say_what_the_players_guide_says(page: Path) -> None:
    if page.name.endswith(".ru.md"):
        page = page.with_name(page.name.replace(".ru.md", ".en.md"))
    guide = _unlinked((DOCS / "rules.md").read_text(encoding="utf-8"))
    blocks = _blocks_of(page.read_text(encoding="utf-8"))
    assert len(blocks) > 10
    assert [block for block in blocks if block.strip() not in guide] == []


def _shape(page: str) -> list[object]:
    """What a translation keeps: headings, list items, table rows, code and numbers."""
    lines = page.splitlines()
    return [
        sum(line.startswith("#") for line in lines),
        sum(line.startswith("- ") for line in lines),
        sum(line.startswith("|") for line in lines),
        sorted(re.findall(r"`[^`]+`", page)),
        sorted(re.findall(r"[−+-]?\$?\d+", re.sub(r"`[^`]+`", "", page))),
    ]


@pytest.mark.parametrize("page", [p for p in RULES_PAGES if p.name.endswith(".en.md")], ids=str)
def test_each_rules_page_has_a_russian_twin_of_the_same_shape(page: Path) -> None:
    russian = page.with_name(page.name.replace(".en.md", ".ru.md"))
    assert _shape(russian.read_text(encoding="utf-8")) == _shape(page.read_text(encoding="utf-8"))


def test_the_deals_page_lists_every_built_in_prefix() -> None:
    from solitaire.plugins.builtins import new_catalog

    page = (DOCS / "deals.md").read_text(encoding="utf-8")
    table = page[page.index("### Prefixes") :]
    for variant in new_catalog(entry_points=False).variants.values():
        assert f"| `{variant.code_prefix}` | {variant.name('en')}" in table, variant.id
