"""The modder's cost of each built-in game: the lines of its declaration.

Run:  .venv/bin/python benchmarks/declarations.py

Counts the non-blank lines of the module that declares each built-in game (the
module of its variant's class), docstrings left out (comments are counted: they
are code a modder writes), and prints the table with the targets:

- the game library's: the median at most 25 lines, none over 60;
- the generic-table issue's: Klondike <= 60, FreeCell, Spider and Golf <= 40 each.

Shared machinery is counted once, below the table (variants/blocks.py, and
variants/overlap.py for the games laid out by position).  Exits with status 1
when a target is missed.
"""

from __future__ import annotations

import ast
import statistics
import sys
from pathlib import Path

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
#: The targets of single games (the generic-table issue).
TARGETS = {"klondike": 60, "freecell": 40, "spider": 40, "golf": 40}
MEDIAN_TARGET, MOST = 25, 60
#: Machinery shared by several games, not part of any one declaration.
SHARED = ("blocks.py", "overlap.py")


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


def cost(path: Path) -> int:
    """Non-blank, non-docstring lines of a module."""
    text = path.read_text(encoding="utf-8")
    skipped = docstring_lines(ast.parse(text))
    return sum(
        1 for number, line in enumerate(text.splitlines(), 1) if line.strip() and number not in skipped
    )


def declarations() -> list[tuple[str, str, Path]]:
    """(id, name, module file) of every built-in game, in the order they register."""
    from solitaire.plugins.builtins import new_catalog

    found = []
    for variant in new_catalog(entry_points=False).variants.values():
        module = sys.modules[type(variant).__module__]
        found.append((variant.id, variant.name("en"), Path(module.__file__ or "")))
    return found


def main() -> int:
    missed = 0
    print("declaration lines (non-blank, docstrings left out):")
    counts = []
    for game, name, path in declarations():
        lines = cost(path)
        counts.append(lines)
        target = TARGETS.get(game, MOST)
        verdict = f"   target <= {target}" + ("" if lines <= target else "   MISSED")
        missed += lines > target
        print(f"  {name:20} {path.name:24} {lines:3}{verdict}")
    median = statistics.median(counts)
    missed += median > MEDIAN_TARGET
    print(
        f"  median of {len(counts)} games: {median:g} lines   target <= {MEDIAN_TARGET}"
        + ("" if median <= MEDIAN_TARGET else "   MISSED")
    )
    print(f"  most: {max(counts)} lines   target <= {MOST}")
    for shared in SHARED:
        if (VARIANTS / shared).exists():
            print(f"  (shared machinery, variants/{shared}: {cost(VARIANTS / shared)} lines)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
