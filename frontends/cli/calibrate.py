"""``solitaire calibrate VARIANT``: a game's difficulty levels, from a sample of its deals.

It runs :func:`solitaire.core.difficulty.calibrate` (each deal solved with no time
limit, so that the same deals give the same figures on every machine) and prints the
wins, their median effort, the thresholds, or why there are none, and the line to set
in the variant's class (``docs/cli.md``).  A plugin's game gets its levels so.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from solitaire.core import difficulty
from solitaire.core.difficulty import Calibration
from solitaire.core.i18n import Message, Plural
from solitaire.core.registry import Catalog, OptionsError
from solitaire.core.ruleset import Variant
from solitaire.frontends.cli.main import EXIT_OK, BadInput, _print_json

__all__ = ["calibrate", "levels_with", "report"]

#: The width the list of wins is wrapped to.
WIDTH = 78


def calibrate(catalog: Catalog, args: argparse.Namespace) -> int:
    """The command: calibrate ``args.variant`` at ``args.draw`` and print what it found."""
    try:
        variant = catalog.variant(args.variant)
        catalog.options(variant.id, draw=args.draw, deal=variant.deal_numbers[0])
    except OptionsError as error:
        raise BadInput(Message("calibrate: {error}", error=error)) from None
    progress, done = _progress(args.lang) if sys.stderr.isatty() else (None, lambda: None)
    if progress is not None:
        progress(0, args.deals, 0)
    try:
        found = difficulty.calibrate(
            catalog,
            variant.id,
            args.draw,
            deals=args.deals,
            first=args.first,
            max_nodes=args.nodes,
            progress=progress,
        )
    except OptionsError as error:  # the deals the game has not
        raise BadInput(error) from None
    finally:
        done()
    levels = levels_with(variant, found)
    if args.json:
        declared = difficulty.thresholds(variant, found.draw)
        reason = found.reason
        _print_json(
            {
                "variant": found.variant,
                "draw": found.draw,
                "deals": [found.deals[0], found.deals[-1]],
                "max_nodes": found.max_nodes,
                "wins": [[deal, effort] for deal, effort in found.wins],
                "median": found.median,
                "thresholds": None if found.thresholds is None else list(found.thresholds),
                "declared": None if declared is None else list(declared),
                "why": found.why or None,
                "reason": None if reason is None else reason.translate(args.lang),
                "line": difficulty.line(levels),
            }
        )
        return EXIT_OK
    print("\n".join(report(variant, found, args.lang)))
    return EXIT_OK


def levels_with(variant: Variant, found: Calibration) -> dict[int, tuple[int, int]]:
    """The difficulty the variant's class gets from ``found``: the thresholds found for
    its draw (none: no levels there), the other draws it offers as it declares them now."""
    levels = {
        draw: bounds
        for draw, bounds in variant.difficulty.items()
        if draw in variant.draws and draw != found.draw
    }
    if found.thresholds is not None:
        levels[found.draw] = found.thresholds
    return dict(sorted(levels.items()))


def report(variant: Variant, found: Calibration, lang: str = "en") -> list[str]:
    """The lines ``solitaire calibrate`` prints of ``found`` (a calibration of ``variant``),
    in ``lang``; the last is the line to set in the variant's class."""

    def say(message: Message) -> str:
        return message.translate(lang)

    lines = [
        say(
            Message(
                "{variant}, draw {draw}: deals {first}..{last}, each solved with up to {nodes} positions"
                " and no time limit",
                variant=found.variant,
                draw=found.draw,
                first=found.deals[0],
                last=found.deals[-1],
                nodes=format(found.max_nodes, ","),
            )
        ),
        say(
            Plural("won: {won} of {n} deal", "won: {won} of {n} deals", len(found.deals), won=len(found.wins))
        ),
    ]
    if found.wins:
        lines.append(say(Message("the positions searched to win each (deal: positions):")))
        lines += _wrapped([f"{deal}: {effort:,}" for deal, effort in found.wins])
    if found.median is not None:
        lines.append(
            say(
                Plural(
                    "median effort: {positions} position",
                    "median effort: {positions} positions",
                    found.median,
                    positions=format(found.median, ","),
                )
            )
        )
    if found.thresholds is not None:
        easy, medium = found.thresholds
        lines.append(
            say(
                Plural(
                    "thresholds: easy up to {easy} position, medium up to {medium}, hard above",
                    "thresholds: easy up to {easy} positions, medium up to {medium}, hard above",
                    easy,
                    easy=format(easy, ","),
                    medium=format(medium, ","),
                )
            )
        )
    else:
        reason = found.reason
        lines.append(
            say(
                Message(
                    "no thresholds ({reason}): the line gives no levels at draw {draw}",
                    reason=reason if reason is not None else "",
                    draw=found.draw,
                )
            )
        )
        if found.why == "few-wins":
            lines.append(
                say(Message("more deals (--deals) or more positions a deal (--nodes) may give enough wins"))
            )
    declared = difficulty.thresholds(variant, found.draw)
    if declared is not None:
        lines.append(
            say(
                Message(
                    "declared now: easy up to {easy}, medium up to {medium}",
                    easy=format(declared[0], ","),
                    medium=format(declared[1], ","),
                )
            )
        )
    levels = levels_with(variant, found)
    kept = [draw for draw in levels if draw != found.draw]
    if kept:
        lines.append(
            say(
                Plural(
                    "draw {draws} keeps the thresholds {variant} declares now",
                    "draws {draws} keep the thresholds {variant} declares now",
                    len(kept),
                    draws=", ".join(map(str, kept)),
                    variant=found.variant,
                )
            )
        )
    lines.append(say(Message("the line to set in the class of {variant}:", variant=found.variant)))
    lines.append(difficulty.line(levels))
    return lines


def _wrapped(items: list[str]) -> list[str]:
    """``items`` on lines of at most :data:`WIDTH` characters, two spaces apart, indented."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= WIDTH:
            lines[-1] += f"  {item}"
        else:
            lines.append(f"  {item}")
    return lines


def _progress(lang: str) -> tuple[Callable[[int, int, int], None], Callable[[], None]]:
    """A bar redrawn in place on stderr, told after each deal, and what ends it."""
    shown = [0.0, 0.0]  # when it was last drawn, and whether it was

    def progress(done: int, total: int, wins: int) -> None:
        now = time.monotonic()
        if done < total and now - shown[0] < 0.1:
            return
        shown[:] = [now, 1.0]
        filled = 30 * done // total
        bar = f"[{'#' * filled}{'.' * (30 - filled)}]"
        line = Message(
            "calibrate: {bar} {done}/{total}, won {wins}", bar=bar, done=done, total=total, wins=wins
        )
        print(f"\r{line.translate(lang)}", end="", file=sys.stderr, flush=True)

    def done() -> None:
        if shown[1]:
            print(file=sys.stderr, flush=True)

    return progress, done
