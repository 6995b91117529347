"""The modder's cost of each built-in game: the lines of its declaration.

Run:  .venv/bin/python benchmarks/declarations.py

Counts the non-blank lines of each module in ``variants/`` that declares a game,
docstrings left out (comments are counted: they are code a modder writes), with
the targets of the generic-table issue: Klondike <= 60, FreeCell, Spider and
Golf <= 40 each.  Exits with status 1 when a target is missed.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
TARGETS = {"klondike": 60, "reflechi": None, "yukon": None, "freecell": 40, "spider": 40, "golf": 40}
#: The games of the game library: none over 60 lines.
TARGETS |= {"grandfather": 60, "canfield": 60, "clock": 60, "aces_up": 60}


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


def main() -> int:
    missed = 0
    print("declaration lines (non-blank, docstrings left out):")
    for name, target in TARGETS.items():
        lines = cost(VARIANTS / f"{name}.py")
        verdict = (
            "" if target is None else f"   target <= {target}" + ("" if lines <= target else "   MISSED")
        )
        missed += target is not None and lines > target
        print(f"  {name:9} {lines:3}{verdict}")
    print(f"  (the engine, variants/blocks.py: {cost(VARIANTS / 'blocks.py')} lines, shared by all)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
