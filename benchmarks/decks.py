"""Deck figures: listing the SVG decks Qt can draw, with the verdicts of an earlier run kept
(``deck-checks.json`` in the store's folder) and without.

Run:  .venv/bin/python benchmarks/decks.py

Prints the number of decks installed (Debian's gnome-cards-data and kdegames-card-data-kf5
give 46), the time to list the usable ones with a cold cache (every deck tried: what the first
opening of Preferences costs, spread over the turns of the event loop), the longest single
try (the largest hitch of that first opening), and the time with a warm cache (a later run:
no deck tried).  The store goes to a temporary folder; Qt's offscreen platform is used unless
QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

from qtpy.QtGui import QGuiApplication

from solitaire.core.store import HOME_VARIABLE
from solitaire.frontends.qt import cards


def main() -> None:
    app = QGuiApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as home:
        os.environ[HOME_VARIABLE] = home
        installed = cards.find_svg_decks()
        print(f"decks installed: {len(installed)}")
        if not installed:
            print("no SVG decks found (apt-get install gnome-cards-data kdegames-card-data-kf5)")
            return
        tries: list[float] = []
        load = cards._load_deck

        def timed(path: Path) -> object:
            start = time.perf_counter()
            try:
                return load(path)
            finally:
                tries.append(time.perf_counter() - start)

        cards._load_deck = timed  # type: ignore[assignment]
        start = time.perf_counter()
        usable = cards.find_svg_decks(usable_only=True)
        cold = time.perf_counter() - start
        print(
            f"listing the {len(usable)} usable decks, cold cache (every deck tried): {cold:.2f} s;"
            f" longest try {max(tries) * 1000:.0f} ms"
        )
        size = (Path(home) / cards.DECK_CHECKS_FILE).stat().st_size
        warm: list[float] = []
        for _ in range(5):
            cards._checks = None  # a new run: the verdicts are read from the file
            start = time.perf_counter()
            again = cards.find_svg_decks(usable_only=True)
            warm.append(time.perf_counter() - start)
            assert again == usable
        print(
            f"listing them with a warm cache (read from {cards.DECK_CHECKS_FILE}, {size} bytes):"
            f" {min(warm) * 1000:.1f} ms; decks tried: {len(tries) - len(installed)}"
        )
    del app


if __name__ == "__main__":
    main()
