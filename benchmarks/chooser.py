"""Chooser figures: the time to open the New Game dialog, and memory after looking at every game.

Run:  .venv/bin/python benchmarks/chooser.py

Prints, with the targets of the game-library issue:
- the time from Game ▸ New Game to the dialog's first painted frame, as the window
  opens it (its statistics read, the list of games filled, the options of the game
  last chosen fitted), the picture of the game's opening layout not drawn yet: it is
  drawn once the dialog shows (target <= 300 ms); and the time until that picture is
  there too;
- the time to draw one game's picture (median and slowest);
- the resident memory once every game's picture has been drawn, browsing the list
  game after game, now and at its peak (target <= 250 MB).

With fewer than twenty games installed, stand-ins of the library's games (built-in
games under other ids and families, ``tests/helpers/stand_ins.py``) make up the
number, and the figures say so.  It uses Qt's offscreen platform unless
QT_QPA_PLATFORM says otherwise; the local store goes to a temporary folder.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

ROOT = Path(__file__).resolve().parent.parent
#: How many games the figures are for, at least.
GAMES = 20
OPENINGS = 9


def memory_mb() -> tuple[float, float]:
    """The resident memory of this process now and at its peak, in MB."""
    now = peak = 0.0
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
        return now, peak
    import resource

    unit = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, else KB
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / unit
    return peak, peak


def main() -> None:
    from qtpy.QtCore import QEvent, QObject
    from qtpy.QtWidgets import QApplication

    from solitaire.core.store import Store
    from solitaire.frontends.qt.chooser import NewGameDialog
    from solitaire.frontends.qt.window import MainWindow
    from solitaire.plugins.builtins import new_catalog

    catalog = new_catalog()
    installed = len(catalog.variants)
    if installed < GAMES:
        sys.path.insert(0, str(ROOT / "tests" / "helpers"))
        from stand_ins import many_games

        catalog = many_games(entry_points=True)
    stand_ins = len(catalog.variants) - installed
    print(f"Qt platform: {os.environ['QT_QPA_PLATFORM']}")
    said = f" ({installed} installed, {stand_ins} stand-ins)" if stand_ins else ""
    print(f"games in the chooser: {len(catalog.variants)}{said}")

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow(catalog, Store(tempfile.mkdtemp()), resume=False)
    window.resize(1280, 800)
    window.show()
    app.processEvents()

    class Painted(QObject):
        """Notes when the dialog first paints."""

        def __init__(self) -> None:
            super().__init__()
            self.at: float | None = None

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and self.at is None:
                self.at = time.perf_counter()
            return False

    def open_once() -> tuple[float, float, NewGameDialog]:
        painted = Painted()
        start = time.perf_counter()
        dialog = window.new_game_dialog()
        dialog.installEventFilter(painted)
        dialog.show()
        while painted.at is None:
            app.processEvents()
        key = dialog._preview_key()
        while key not in dialog.previews and dialog.preview.pixmap().isNull():
            app.processEvents()
        drawn = time.perf_counter()
        return painted.at - start, drawn - start, dialog

    opened, pictured = [], []
    for _ in range(OPENINGS):
        first_frame, with_picture, dialog = open_once()
        opened.append(first_frame)
        pictured.append(with_picture)
        dialog.close()
        dialog.deleteLater()
        app.processEvents()
    print(
        f"Game > New Game to the dialog's first frame (picture drawn lazily), median of {OPENINGS}:"
        f" {statistics.median(opened) * 1000:.0f} ms (the first {opened[0] * 1000:.0f} ms)   target <= 300 ms"
    )
    print(
        f"  ... and to the picture of the game chosen, median of {OPENINGS}:"
        f" {statistics.median(pictured) * 1000:.0f} ms (the first {pictured[0] * 1000:.0f} ms)"
    )

    # Every game's picture, one after another, as a player going down the list sees them.
    dialog = window.new_game_dialog()
    dialog.show()
    app.processEvents()
    times = []
    for variant in dialog.visible_games():
        start = time.perf_counter()
        dialog.select_game(variant)
        key = dialog._preview_key()
        while key not in dialog.previews and not dialog.preview.text():
            app.processEvents()
        times.append(time.perf_counter() - start)
    app.processEvents()
    drawn = len(dialog.previews)
    print(
        f"one game's picture drawn, median of {len(times)}: {statistics.median(times) * 1000:.0f} ms,"
        f" slowest {max(times) * 1000:.0f} ms   ({drawn} pictures drawn)"
    )
    now, peak = memory_mb()
    print(f"resident memory after every game's picture: {now:.0f} MB, peak {peak:.0f} MB   target <= 250 MB")
    dialog.close()
    window.close()


if __name__ == "__main__":
    main()
