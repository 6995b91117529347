"""Helper of test_atomic.py: save and save again until killed.

Usage:  python saver.py FOLDER SEED

Resumes the game saved in FOLDER (as the game does on start), then plays random
actions forever, saving the game after every one (``Store.save_game``) and, in
between, the settings and a statistics result, so that a kill lands in the middle
of any of the three writes.  Prints ``ready`` once the first save is done.  Exits
with status 3 if the store reported a problem on start (a file it could not read).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from solitaire.core.store import Settings, Store
from solitaire.plugins.builtins import new_catalog


def main() -> int:
    folder, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    catalog = new_catalog(entry_points=False)
    store = Store(folder)
    resumed = store.load_game(catalog)
    store.settings()
    store.statistics()
    if store.notices:
        print("\n".join(store.notices), file=sys.stderr, flush=True)
        return 3
    if resumed is not None:
        game, saved = resumed
        game_id = saved.id
    else:
        game = catalog.new_game(catalog.options(deal=rng.randrange(2**35), draw=rng.choice((1, 3))))
        game_id = Store.new_game_id()
    store.save_game(game, catalog, game_id=game_id)
    print("ready", flush=True)
    count = 0
    while True:
        count += 1
        roll = rng.random()
        moves = game.legal_moves()
        if roll < 0.1 and game.can_undo:
            game.undo()
        elif roll < 0.15 and game.can_redo:
            game.redo()
        elif moves and len(game.journal) < 150:
            game.play(rng.choice(moves))
        else:  # stuck or long enough: count it and start another game
            store.record_result(game, game_id=game_id, seconds=count / 10)
            game = catalog.new_game(catalog.options(deal=rng.randrange(2**35), draw=rng.choice((1, 3))))
            game_id = Store.new_game_id()
        store.save_game(game, catalog, game_id=game_id, seconds=count / 10, helped=count % 2 == 0)
        if count % 3 == 0:
            store.save_settings(Settings(language=rng.choice(("en", "ru")), double_tap=count % 2 == 0))
        if count % 5 == 0:  # a finished game of someone else: the statistics file is written often
            store.record_result(game, game_id=Store.new_game_id(), seconds=count / 10)


if __name__ == "__main__":
    sys.exit(main())
