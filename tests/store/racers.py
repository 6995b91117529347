"""Helper of test_between_processes.py: the work of one process among several on one store.

Importable by name, so that ``multiprocessing`` (spawn) can start it in a fresh process.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import attrs

from solitaire.core.cards import CARDS, Card
from solitaire.core.game import Game
from solitaire.core.registry import Catalog
from solitaire.core.state import Column, State
from solitaire.core.store import Settings, Store
from solitaire.plugins.builtins import new_catalog


class Barrier(Protocol):
    def wait(self, timeout: float | None = None) -> int: ...


def record_results(folder: str, worker: int, results: int, start: Barrier) -> None:
    """Record ``results`` finished games (each its own id; every third one won, in
    draw 3) into the store in ``folder``, and as many lines into the settings, all
    at once with the other workers (after ``start``)."""
    catalog = new_catalog(entry_points=False)
    store = Store(Path(folder))
    lost = catalog.new_game(catalog.options(variant="klondike", draw=1, deal=worker))
    start.wait(timeout=60)
    for number in range(results):
        won = number % 3 == 0
        game = _won(catalog) if won else lost
        assert store.record_result(game, game_id=f"{worker}-{number}", seconds=10.0)
        store.update_settings(_add_line(f"{worker}-{number}"))


def _add_line(line: str) -> Callable[[Settings], Settings]:
    def change(settings: Settings) -> Settings:
        return attrs.evolve(settings, plugin_problems_shown=f"{settings.plugin_problems_shown}{line}\n")

    return change


def _won(catalog: Catalog) -> Game:
    foundations = tuple(
        tuple(CARDS[suit * 13 + rank] for rank in range(13 if suit < 3 else 12)) for suit in range(4)
    )
    tableau = (Column((), (Card.parse("KC"),)),) + (Column(),) * 6
    almost = State.classic(stock=(), waste=(), foundations=foundations, tableau=tableau, score=0, moves=0)
    game = catalog.new_game(catalog.options(variant="klondike", draw=3), initial=almost)
    (last,) = [move for move in game.legal_moves() if move.dst == "f"]
    game.play(last)
    return game
