"""The modder's cost of each built-in game: the lines of its declaration.

Run:  .venv/bin/python benchmarks/declarations.py [--before COMMIT]

Counts the non-blank lines of the module that declares each built-in game (the
module of its variant's class), docstrings left out (comments are counted: they
are code a modder writes), and prints the table with the targets:

- the game library's: the median at most 25 lines, none over 60;
- the generic-table issue's: Klondike <= 60, FreeCell, Spider and Golf <= 40 each.

The class column counts the game's class alone (what a modder declares), the module
column everything its module holds (imports, constants and helpers too).  With
``--before COMMIT`` the same modules are counted as they were at COMMIT, beside.
Shared machinery is counted once, below the table (the blocks, and
variants/overlap.py for the games laid out by position).  Exits with status 1
when a target is missed.
"""

from __future__ import annotations

import argparse
import ast
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The targets of single games (the generic-table issue).
TARGETS = {"klondike": 60, "freecell": 40, "spider": 40, "golf": 40}
MEDIAN_TARGET, MOST = 25, 60
#: Machinery shared by several games, not part of any one declaration.
SHARED = (
    "variants/blocks.py",
    "variants/blocks/__init__.py",
    "variants/blocks/build.py",
    "variants/blocks/declared.py",
    "variants/blocks/hooks.py",
    "variants/blocks/parts.py",
    "variants/blocks/rules.py",
    "variants/overlap.py",
)


def docstring_lines(tree: ast.Module) -> set[int]:
    """The line numbers of every docstring (module, class, function)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def cost(text: str, within: tuple[int, int] | None = None) -> int:
    """Non-blank, non-docstring lines of a module's ``text`` (only lines ``within`` the
    first and last given, when given)."""
    skipped = docstring_lines(ast.parse(text))
    low, high = within or (1, len(text.splitlines()))
    return sum(
        1
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and number not in skipped and low <= number <= high
    )


def class_lines(text: str, name: str) -> int | None:
    """:func:`cost` of the class ``name`` in a module's ``text`` (None: no such class)."""
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return cost(text, (node.lineno, node.end_lineno or node.lineno))
    return None


def declarations() -> list[tuple[str, str, str, str]]:
    """(id, name, module path from the root, class name) of every built-in game, in the
    order they register."""
    from solitaire.plugins.builtins import new_catalog

    found = []
    for variant in new_catalog(entry_points=False).variants.values():
        module = sys.modules[type(variant).__module__]
        path = Path(module.__file__ or "").resolve().relative_to(ROOT)
        found.append((variant.id, variant.name("en"), str(path), type(variant).__name__))
    return found


def shown(commit: str, path: str) -> str | None:
    """The text of ``path`` at ``commit`` (None where it has no such file)."""
    result = subprocess.run(
        ["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return result.stdout if result.returncode == 0 else None


def shared_lines(read: Callable[[str], str | None]) -> tuple[int, list[str]]:
    """The lines of the machinery the games share, as ``read`` gives the files, and
    the files there are."""
    total, there = 0, []
    for path in SHARED:
        text = read(path)
        if text is not None:
            total += cost(text)
            there.append(path)
    return total, there


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", metavar="COMMIT", help="also count the same modules at COMMIT (git)")
    arguments = parser.parse_args()

    def now(path: str) -> str | None:
        file = ROOT / path
        return file.read_text(encoding="utf-8") if file.is_file() else None

    readers: list[tuple[str, Callable[[str], str | None]]] = [("now", now)]
    if arguments.before:
        commit = arguments.before
        readers.insert(0, (commit[:10], lambda path: shown(commit, path)))
    missed = 0
    print("declaration lines (non-blank, docstrings left out): the module, and the game's class in it")
    header = "".join(f"  {label + ' module':>16} {label + ' class':>14}" for label, _ in readers)
    print(f"  {'game':20} {'module':30}{header}")
    modules: dict[str, list[int]] = {label: [] for label, _ in readers}
    classes: dict[str, list[int]] = {label: [] for label, _ in readers}
    for game, name, path, kind in declarations():
        cells = []
        for label, read in readers:
            text = read(path)
            lines = cost(text) if text is not None else None
            inside = class_lines(text, kind) if text is not None else None
            if lines is not None:
                modules[label].append(lines)
            if inside is not None:
                classes[label].append(inside)
            cells.append(
                f"  {lines if lines is not None else '-':>16} {inside if inside is not None else '-':>14}"
            )
        target = TARGETS.get(game, MOST)
        lines = modules["now"][-1]
        missed += lines > target
        verdict = f"   target <= {target}" + ("" if lines <= target else "   MISSED")
        print(f"  {name:20} {path:30}{''.join(cells)}{verdict}")
    for label, _ in readers:
        counts, inside = modules[label], classes[label]
        print(
            f"  {label}: modules median {statistics.median(counts):g}, most {max(counts)};"
            f" classes median {statistics.median(inside):g}, most {max(inside)} ({len(counts)} games)"
        )
    median = statistics.median(modules["now"])
    missed += median > MEDIAN_TARGET
    print(
        f"  targets: a module's median <= {MEDIAN_TARGET}" + ("" if median <= MEDIAN_TARGET else "   MISSED")
    )
    print(f"           most {MOST}, and {', '.join(f'{g} <= {n}' for g, n in TARGETS.items())}")
    for label, read in readers:
        total, there = shared_lines(read)
        print(f"  ({label}: shared machinery, {total} lines in {len(there)} files: {', '.join(there)})")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
