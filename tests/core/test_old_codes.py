"""Every game code pinned by version 0.1.0 (``tests/data/codes/v2-deals.json``, written
by ``tests/data/make_old_logs.py``) still deals the very table it dealt then: the same
cards in the same piles, face up and down alike, with the same counters."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solitaire.core.jsonstate import state_to_dict
from solitaire.plugins.builtins import new_catalog

PINNED: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "codes" / "v2-deals.json").read_text(encoding="utf-8")
)
CATALOG = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])


def test_every_built_in_game_has_pinned_codes() -> None:
    assert {state["variant"] for state in PINNED.values()} == set(CATALOG.variants)
    assert len(PINNED) >= 5 * len(CATALOG.variants)


@pytest.mark.parametrize("code", sorted(PINNED))
def test_a_pinned_code_deals_the_same_table(code: str) -> None:
    game = CATALOG.game_from_code(code)
    assert state_to_dict(game.state, game.rules, game.code) == PINNED[code]
