"""Golf beside the published figure: our deals, with a queen allowed on a king, decided
by the exhaustive search, against Blake & Gent's 45.109% ± 0.032.

Run:  .venv/bin/python benchmarks/golf_published.py [--deals N] [--first N]

Blake & Gent's Golf (Solvitaire's ``golf`` preset) is ours but for one rule: a queen
may go on a king there, while nothing goes on a king in ours.  Our engine does not play
their rule, so this cannot ask our solver; it asks the exhaustive search of
``tests/helpers/golf_oracle.py``, which ``benchmarks/golf.py`` and the tests check
against our solver and the engine under our rule, with ``kings_block=False``.  For
each deal (default 0..999) it decides both rules, and it prints the winnable share of
each with its 95% interval (Wilson's), beside the published figures: 45.109% ± 0.032
over 10⁷ deals for theirs (Blake & Gent, *The Winnability of Klondike Solitaire and
Many Other Patience Games*, JAIR 85, 2026, Tables 1 and 8).  If our deals, our reading
of the rules and the search are right, their figure lies in our interval for their rule.

Every deal is decided; an unwinnable one takes the search through every reachable
position (about a second of CPU time a deal on average).  Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from solitaire.core.survey import wilson
from solitaire.plugins.builtins import new_catalog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))
from golf_oracle import Deal

#: Blake & Gent's Golf: winnable share and the half-width of their range, in percent.
PUBLISHED: tuple[float, float] = (45.109, 0.032)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="number of deals (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="first deal number (default 0)")
    args = parser.parse_args()
    catalog = new_catalog(entry_points=False)
    won = {True: 0, False: 0}
    started = time.process_time()
    for deal in range(args.first, args.first + args.deals):
        game = catalog.new_game(catalog.options("golf", deal=deal))
        verdicts = []
        for kings_block in (True, False):
            winnable = Deal.of(game.state, kings_block=kings_block).solve()[0]
            won[kings_block] += winnable
            verdicts.append("winnable" if winnable else "unwinnable")
        print(
            f"{game.code} nothing on a king: {verdicts[0]}; queen on a king: {verdicts[1]}", file=sys.stderr
        )
    seconds = time.process_time() - started
    print(f"Golf, deals {args.first}..{args.first + args.deals - 1}, every deal decided, {seconds:.0f} s CPU")
    for kings_block, label in ((True, "nothing on a king (ours)"), (False, "a queen on a king (theirs)")):
        interval = wilson(won[kings_block], args.deals)
        print(
            f"{label}: {won[kings_block]} winnable, {100 * interval.share:.1f}%"
            f" (95% interval {100 * interval.low:.1f}-{100 * interval.high:.1f}%)"
        )
    share, half = PUBLISHED
    inside = wilson(won[False], args.deals)
    verdict = "inside" if inside.low * 100 <= share <= inside.high * 100 else "OUTSIDE"
    print(f"published (Blake & Gent, a queen on a king): {share}% ± {half}: {verdict} our interval")
    return 0


if __name__ == "__main__":
    sys.exit(main())
