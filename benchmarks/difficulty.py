"""Calibrate the built-in games' difficulty levels (Variant.difficulty): rerun when the solver changes.

Run:  .venv/bin/python benchmarks/difficulty.py [--deals N] [--first N] [--timeout S] [--variant ID ...]
                                                [--write]

For every built-in game (or each --variant) and every draw it offers, --deals deals
(60) of the game's own deal numbers, from the --first one on (counted from the game's
first number, 0 by default), are calibrated as ``solitaire calibrate`` calibrates a
game (``solitaire.core.difficulty.calibrate``): each deal solved with
``difficulty.BUDGET`` positions and no time limit, the effort of a win the positions
searched before it was found, the thresholds the terciles of the wins' efforts.  It
prints, for each game and draw, the deals, the wins, their median effort, the
thresholds found and those the game declares now, then for each game the line to set
in its class.  With --write that line replaces the ``difficulty`` line of the class in
its module under variants/ of this checkout (or is added after the class's other
ClassVar attributes), each file written atomically; without it nothing is written.

The clock.  The winnable-deal search and ``solve --json`` solve with a time limit as
well, and the solver's best-first phase gets a share of the seconds as well as of the
positions: a win the complete phase finds after the time cut that phase short comes
after a count of positions that depends on the machine's speed.  So each deal is
solved again as the search solves it, with BUDGET positions and --timeout seconds
(3), and every win found so must get the same level as without the time limit (a deal
not won without it counts as hard there).  A game gets no thresholds when the sample
has fewer than 6 winnable deals; when its wins do not fill all three levels (in Clock,
whose play is forced, every win takes the same effort); or when some win's level
depends on the clock (Forty Thieves, whose wins come from the complete phase).
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from solitaire.core import difficulty
from solitaire.core.difficulty import Calibration
from solitaire.core.registry import Catalog, OptionsError
from solitaire.core.ruleset import Variant
from solitaire.core.solver import solve
from solitaire.plugins.builtins import new_catalog

#: The checkout this script belongs to: --write writes its variants/.
ROOT = Path(__file__).resolve().parents[1]
#: The annotation of the line in a variant's class.
ANNOTATION = "ClassVar[Mapping[int, tuple[int, int]]]"
#: The longest line the project's ruff allows.
LINE_LENGTH = 110

Levels = Mapping[int, tuple[int, int]]


def clock_moves(catalog: Catalog, calibration: Calibration, timeout: float) -> tuple[int, int]:
    """How many wins found within ``timeout`` seconds (and the calibration's positions)
    change level against its solves without a time limit, and how many there were."""
    bounds = calibration.thresholds
    assert bounds is not None
    easy, medium = bounds

    def level(nodes: int | None) -> int:
        return 2 if nodes is None else 0 if nodes <= easy else 1 if nodes <= medium else 2

    untimed = dict(calibration.wins)
    moved = timed_wins = 0
    for deal in calibration.deals:
        options = catalog.options(calibration.variant, draw=calibration.draw, deal=deal)
        game = catalog.new_game(options)
        result = solve(game.state, game.rules, max_nodes=calibration.max_nodes, timeout=timeout)
        if result.verdict == "winnable":
            timed_wins += 1
            moved += level(result.nodes) != level(untimed.get(deal))
    return moved, timed_wins


def declaration(levels: Levels, indent: str = "    ") -> list[str]:
    """The lines that declare ``levels`` in a class body, as ruff formats them."""
    ordered = dict(sorted(levels.items()))
    one = f"{indent}difficulty: {ANNOTATION} = {ordered!r}"
    if len(one) <= LINE_LENGTH:
        return [one]
    items = [f"{indent}    {draw}: {bounds!r}," for draw, bounds in ordered.items()]
    return [f"{indent}difficulty: {ANNOTATION} = {{", *items, f"{indent}}}"]


def module_path(variant: Variant) -> Path:
    """The file of this checkout that holds the variant's class (under variants/)."""
    module = type(variant).__module__
    if not module.startswith("solitaire.variants."):
        raise SystemExit(f"{variant.id}: {module} is not a module of variants/")
    return ROOT / "variants" / (module.removeprefix("solitaire.variants.").replace(".", "/") + ".py")


def rewritten(text: str, cls: type[Variant], levels: Levels) -> str:
    """``text``, a module that defines ``cls``, with ``levels`` as the class's
    ``difficulty`` (and the names its annotation needs imported).  A class with no
    line of its own gets one only when ``levels`` is not what it inherits."""
    lines = text.split("\n")
    body = next(
        node
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__
    )
    own = [
        node
        for node in body.body
        if isinstance(node, ast.AnnAssign | ast.Assign)
        and any(
            isinstance(target, ast.Name) and target.id == "difficulty"
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    ]
    if own:
        start, end = own[0].lineno - 1, own[0].end_lineno or own[0].lineno
    elif dict(levels) != dict(getattr(cls.__mro__[1], "difficulty", {})):
        attributes = [
            node
            for node in body.body
            if isinstance(node, ast.AnnAssign) and ast.unparse(node.annotation).startswith("ClassVar")
        ]
        last = attributes[-1] if attributes else body.body[0]
        start = end = last.end_lineno or last.lineno
    else:
        return text
    lines[start:end] = declaration(levels, " " * body.body[0].col_offset)
    text = "\n".join(lines)
    text = _imported(text, "collections.abc", "Mapping", before="typing")
    return _imported(text, "typing", "ClassVar", before=None)


def _imported(text: str, module: str, name: str, before: str | None) -> str:
    """``text`` with ``from module import name`` (added to the module's one-line import,
    else as a line of its own before the import from ``before``, else after the last
    ``from __future__`` line)."""
    pattern = rf"^from {re.escape(module)} import (.*)$"
    found = re.search(pattern, text, flags=re.M)
    if found and name in [part.strip() for part in found[1].split(",")]:
        return text
    if found:
        if "(" in found[1]:
            raise SystemExit(f"cannot add {name} to a parenthesised import from {module}")
        names = ", ".join(sorted({*(part.strip() for part in found[1].split(",")), name}))
        return f"{text[: found.start()]}from {module} import {names}{text[found.end() :]}"
    line = f"from {module} import {name}\n"
    following = before is not None and re.search(rf"^from {re.escape(before)} import", text, flags=re.M)
    if following:
        return text[: following.start()] + line + text[following.start() :]
    future = re.search(r"^from __future__ import .*\n\n", text, flags=re.M)
    if future is None:
        raise SystemExit(f"cannot tell where to import {name} from {module}")
    return text[: future.end()] + line + text[future.end() :]


def write(variant: Variant, levels: Levels) -> Path | None:
    """Set ``levels`` as the ``difficulty`` of the variant's class in its module,
    atomically (a new file renamed over it); the path, or None when it was unchanged."""
    path = module_path(variant)
    text = path.read_text(encoding="utf-8")
    new = rewritten(text, type(variant), levels)
    if new == text:
        return None
    compile(new, str(path), "exec")  # never a module that does not parse
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", delete=False
    ) as file:
        file.write(new)
        file.flush()
        os.fsync(file.fileno())
    os.chmod(file.name, path.stat().st_mode & 0o7777)
    os.replace(file.name, path)
    return path


def _bounds(bounds: tuple[int, int] | None) -> tuple[str, str]:
    return ("-", "-") if bounds is None else (str(bounds[0]), str(bounds[1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="\n".join(__doc__.splitlines()[5:]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--deals", type=int, default=difficulty.SAMPLE, help=f"deals a game and draw ({difficulty.SAMPLE})"
    )
    parser.add_argument(
        "--first", type=int, default=0, help="the first deal, counted from the game's first number (0)"
    )
    parser.add_argument("--timeout", type=float, default=3.0, help="the clock check's seconds a deal (3)")
    parser.add_argument(
        "--variant", action="append", metavar="ID", help="only this game (again for more; default: every one)"
    )
    parser.add_argument(
        "--write", action="store_true", help="set the lines in variants/ (default: print them only)"
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.first < 0 or args.timeout <= 0:
        parser.error("--deals must be at least 1, --first at least 0 and --timeout above 0")
    catalog = new_catalog(entry_points=False)
    try:
        games = [catalog.variant(variant_id) for variant_id in args.variant or catalog.variants]
    except OptionsError as error:
        parser.error(str(error))
    found: dict[str, dict[int, tuple[int, int]]] = {}
    print(
        f"{'game':<20} {'draw':>4} {'deals':>13} {'wins':>5} {'median':>7}"
        f" {'easy ≤':>7} {'medium ≤':>8}  {'declared':>11} {'s':>6}"
    )
    for variant in games:
        levels = found[variant.id] = {}
        for draw in variant.draws:
            started = time.monotonic()
            first = variant.deal_numbers[0] + args.first
            try:
                calibration = difficulty.calibrate(catalog, variant.id, draw, deals=args.deals, first=first)
            except OptionsError as error:
                print(f"{variant.id:<20} {draw:>4}  {error}", flush=True)
                continue
            bounds = calibration.thresholds
            reason = calibration.reason
            why = "" if reason is None else reason.translate("en")
            if bounds is not None:
                moved, won = clock_moves(catalog, calibration, args.timeout)
                if moved:
                    bounds = None
                    why = f"{moved} of {won} wins change level with a time limit of {args.timeout:g} s"
            if bounds is not None:
                levels[draw] = bounds
            deals = f"{calibration.deals[0]}..{calibration.deals[-1]}"
            median = "-" if calibration.median is None else str(calibration.median)
            easy, medium = _bounds(bounds)
            declared = "/".join(_bounds(difficulty.thresholds(variant, draw)))
            declared = "-" if declared == "-/-" else declared
            seconds = time.monotonic() - started
            row = (
                f"{variant.id:<20} {draw:>4} {deals:>13} {len(calibration.wins):>5} {median:>7}"
                f" {easy:>7} {medium:>8}  {declared:>11} {seconds:>6.1f}"
            )
            print(f"{row}  {why}".rstrip(), flush=True)
    print()
    for variant in games:
        levels = found[variant.id]
        unchanged = dict(levels) == dict(variant.difficulty)
        cls = type(variant)
        said = " (as declared now)" if unchanged else f" (declared now: {dict(variant.difficulty)})"
        print(f"{variant.id}: {cls.__module__}.{cls.__name__}{said}")
        print("\n".join(declaration(levels)))
        if args.write:
            written = write(variant, levels)
            if written is not None:
                print(f"written: {written}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
