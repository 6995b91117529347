"""Plugin figures: what a new variant costs a modder, and what finding plugins costs start-up.

Run:  .venv/bin/python benchmarks/plugins.py [--runs N]

Needs the example package installed (``pip install ./examples/solitaire-bakers``,
as ``scripts/test.sh`` does).  Prints, with the targets of the modders' issue:

- lines of Python in the example variant module (Baker's Game), and in its whole package:
  non-blank lines that are not comments, counted with and without docstrings
  (target <= 80 for the variant module, against Aisleriot's Klondike rules file
  of 312 lines and KPat's Klondike of about 430 lines of C++);
- the time discovering plugins through entry points adds to start-up: in fresh
  processes, ``new_catalog()`` against ``new_catalog(entry_points=False)``, each timed
  around the constructor alone after the framework is imported, median of N
  runs (target <= 30 ms).  The difference is the whole cost a start-up pays:
  scanning the installed distributions' entry points, importing the plugin
  modules found (here the example package) and registering them.  Also shown:
  the bare scan ``importlib.metadata.entry_points(group="solitaire")``.
"""

from __future__ import annotations

import argparse
import ast
import io
import statistics
import subprocess
import sys
import tokenize
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "examples" / "solitaire-bakers" / "solitaire_bakers"

_TIMER = """
import time
from solitaire.plugins.builtins import new_catalog
start = time.perf_counter()
{statement}
print(time.perf_counter() - start)
"""
STATEMENTS = {
    "builtins only": "new_catalog(entry_points=False)",
    "with entry points": "new_catalog()",
}
_NOT_CODE = frozenset(
    (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
)
SCAN = """
import time
from importlib import metadata
start = time.perf_counter()
metadata.entry_points(group="solitaire")
print(time.perf_counter() - start)
"""


def code_lines(path: Path) -> tuple[int, int]:
    """Non-blank, non-comment lines of a module: (all of them, those outside docstrings)."""
    source = path.read_text(encoding="utf-8")
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in _NOT_CODE:
            lines.update(range(token.start[0], token.end[0] + 1))
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        if ast.get_docstring(node, clean=False) is not None and first is not None:
            docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return len(lines), len(lines - docstrings)


def timed(script: str, runs: int) -> float:
    """Median seconds a snippet reports over ``runs`` fresh interpreters."""
    subprocess.run([sys.executable, "-c", script], capture_output=True, check=True)  # warm the file cache
    times = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        times.append(float(result.stdout))
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=41, help="fresh processes per measurement (41)")
    args = parser.parse_args()

    variant = code_lines(PACKAGE / "bakers.py")
    print(
        f"lines of Python in the variant module (Baker's Game): {variant[0]}"
        f" ({variant[1]} without docstrings)"
        "   target <= 80"
    )
    modules = sorted(PACKAGE.glob("*.py"))
    counts = [code_lines(path) for path in modules]
    whole = (sum(c[0] for c in counts), sum(c[1] for c in counts))
    names = ", ".join(path.name for path in modules)
    print(f"lines of Python in the whole package ({names}): {whole[0]} ({whole[1]} without docstrings)")

    try:
        version = metadata.version("solitaire-bakers")
    except metadata.PackageNotFoundError:
        sys.exit("solitaire-bakers is not installed: pip install ./examples/solitaire-bakers")
    found = sorted(entry.name for entry in metadata.entry_points(group="solitaire"))
    installed = sum(1 for _ in metadata.distributions())
    print(
        f"entry points in group 'solitaire': {', '.join(found)} (solitaire-bakers {version});"
        f" {installed} distributions installed"
    )
    medians = {name: timed(_TIMER.format(statement=code), args.runs) for name, code in STATEMENTS.items()}
    for name, seconds in medians.items():
        print(f"  Catalog, {name}: median {seconds * 1000:.1f} ms over {args.runs} fresh processes")
    scan = timed(SCAN, args.runs)
    print(f"  the entry-point scan alone: median {scan * 1000:.1f} ms")
    added = medians["with entry points"] - medians["builtins only"]
    print(f"time entry-point discovery adds to start-up: {added * 1000:.1f} ms   target <= 30 ms")


if __name__ == "__main__":
    main()
