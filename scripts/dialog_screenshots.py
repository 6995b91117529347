"""Draw the pictures of the New Game dialog and the Statistics window for the docs.

Run:  .venv/bin/python scripts/dialog_screenshots.py [FOLDER]

Writes into FOLDER (``docs/images`` by default) ``chooser-en.png`` (Spider chosen, with
the player's results), ``chooser-search-ru.png`` (a search typed, in Russian) and
``statistics-en.png`` (every game, and their total), offscreen, with the built-in
games and a store in a temporary folder holding a player's results.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

#: A player's results: played, won, best score, fastest win (s), fewest moves, streaks, total.
RESULTS = {
    "klondike/1/normal": (24, 11, 640, 212.0, 96, 2, 4, 9120),
    "klondike/3/vegas": (9, 2, 78, 355.0, 131, 0, 1, -164),
    "reflechi/3/normal": (6, 4, 705, 288.0, 104, 3, 3, 3310),
    "spider/1/spider": (14, 9, 1096, 402.0, 118, 1, 5, 12904),
    "spider/2/spider": (5, 1, 980, 771.0, 160, 0, 1, 3010),
    "freecell/1/none": (17, 16, 0, 166.0, 88, 12, 12, 0),
    "golf/1/golf": (8, 2, 0, 95.0, 35, 0, 1, 36),
}


def write_results(folder: Path) -> None:
    records = {}
    for key, (played, won, best, fastest, fewest, streak, longest, total) in RESULTS.items():
        records[key] = {
            "played": played,
            "won": won,
            "won_with_help": min(won, 1),
            "best_score": best,
            "fastest_win_seconds": fastest,
            "fewest_moves": fewest,
            "current_streak": streak,
            "longest_streak": longest,
            "total_score": total,
        }
    data = {"records": records, "counted": []}
    (folder / "statistics.json").write_text(json.dumps(data, indent=2), encoding="utf-8")


def main() -> None:
    import attrs
    from qtpy.QtCore import QEvent, Qt
    from qtpy.QtGui import QKeyEvent
    from qtpy.QtWidgets import QApplication

    from solitaire.core.store import Settings, Store
    from solitaire.frontends.qt.dialogs import StatisticsDialog
    from solitaire.frontends.qt.window import MainWindow
    from solitaire.plugins.builtins import new_catalog

    images = Path(__file__).resolve().parent.parent / "docs" / "images"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else images
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    catalog = new_catalog(entry_points=False)
    with tempfile.TemporaryDirectory() as home:
        folder = Path(home)
        write_results(folder)
        store = Store(folder)
        recent = ("spider", "klondike", "freecell")
        settings = Settings(variant="spider", recent=recent, favourites=("freecell",))
        for lang, name, typed in (("en", "chooser-en.png", ""), ("ru", "chooser-search-ru.png", "клон")):
            store.save_settings(attrs.evolve(settings, language=lang))
            window = MainWindow(catalog, store, lang=lang, resume=False)
            window.resize(1280, 800)
            window.show()
            dialog = window.new_game_dialog()
            dialog.show()
            for char in typed:
                for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                    app.sendEvent(dialog.search, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))
            while dialog._preview_key() not in dialog.previews:
                app.processEvents()
            app.processEvents()
            save(dialog.grab(), out / name)
            dialog.close()
            window.close()
        window = MainWindow(catalog, store, lang="en", resume=False)
        window.show()
        dialog = StatisticsDialog(store.statistics(), catalog, "en", window, store=store)
        dialog.show()
        app.processEvents()
        save(dialog.grab(), out / "statistics-en.png")
        dialog.close()
        window.close()


def save(image: object, path: Path) -> None:
    if not image.save(str(path), "PNG"):  # type: ignore[attr-defined]
        raise OSError(f"cannot write {path}")
    print(path)


if __name__ == "__main__":
    main()
