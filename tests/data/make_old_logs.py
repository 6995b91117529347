"""Write the reference logs and deals of version 0.1.0 (format 2), one set per game.

Run from the repository root:  .venv/bin/python tests/data/make_old_logs.py

These files pin what players of 0.1.0 made: a saved game of every built-in game under
each of its option mixes (random legal play with undo and redo), and the dealt table of
several game codes of each.  They were written once, at commit 0ce7d27 (before the
public rules vocabulary), and must never be written again: a later version must replay
them to the very states they reached then (``tests/log/test_old_logs.py``) and deal the
same tables from the same codes (``tests/core/test_old_codes.py``).  The script refuses
to overwrite a file; to pin a new game, add it and run the script again.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from solitaire.core import log
from solitaire.core.jsonstate import state_to_dict
from solitaire.core.playout import play_randomly
from solitaire.core.registry import Catalog
from solitaire.plugins.builtins import new_catalog

DATA = Path(__file__).resolve().parent
LOGS = DATA / "logs"
CODES = DATA / "codes" / "v2-deals.json"
#: Deal numbers whose tables are pinned, beside a few random ones.
DEALS = (0, 1, 6, 617, 11982, 2**35 - 1)


def mixes(catalog: Catalog, variant_id: str) -> list[dict[str, Any]]:
    """The option mixes a game is pinned with: each draw it offers, its default scoring,
    and a limited redeal where it has a waste."""
    variant = catalog.variant(variant_id)
    found: list[dict[str, Any]] = [{"variant": variant_id, "draw": draw} for draw in variant.draws]
    if variant.has_stock and variant.has_waste and variant_id in ("klondike", "canfield", "pyramid"):
        found.append({"variant": variant_id, "draw": variant.draws[-1], "redeal": "passes:2"})
    if variant_id == "klondike":
        found.append({"variant": variant_id, "draw": 1, "scoring": "vegas", "returns_allowed": False})
    return found


def name_of(mix: dict[str, Any]) -> str:
    parts = [f"v2-{mix['variant']}", f"draw{mix['draw']}"]
    if "redeal" in mix:
        parts.append(mix["redeal"].replace(":", ""))
    if "scoring" in mix:
        parts.append(mix["scoring"])
    if mix.get("returns_allowed") is False:
        parts.append("no-returns")
    return "-".join(parts) + ".json"


def main() -> int:
    catalog = new_catalog(entry_points=False, blocked=["solver-hints", "sampling-hints"])
    finals_path = LOGS / "final-states.json"
    finals: dict[str, Any] = json.loads(finals_path.read_text(encoding="utf-8"))
    rng = random.Random(20261204)
    written = 0
    for variant_id in catalog.variants:
        for mix in mixes(catalog, variant_id):
            name = name_of(mix)
            path = LOGS / name
            if path.exists():
                continue
            variant = catalog.variant(variant_id)
            deal = variant.deal_numbers[rng.randrange(len(variant.deal_numbers))]
            options = catalog.options(**mix, deal=deal)
            game = play_randomly(catalog.new_game(options), rng, 160, undo=0.08, redo=0.05)
            log.save(log.log_of(game, catalog), path)
            finals[name] = state_to_dict(game.state, game.rules, game.code)
            written += 1
    finals_path.write_text(json.dumps(finals, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    deals: dict[str, Any] = json.loads(CODES.read_text(encoding="utf-8")) if CODES.exists() else {}
    for variant_id in catalog.variants:
        for mix in mixes(catalog, variant_id):
            variant = catalog.variant(variant_id)
            numbers = [d for d in DEALS if d in variant.deal_numbers]
            numbers += [variant.deal_numbers[rng.randrange(len(variant.deal_numbers))] for _ in range(3)]
            for deal in numbers:
                game = catalog.new_game(catalog.options(**mix, deal=deal))
                if game.code in deals:
                    continue
                deals[game.code] = state_to_dict(game.state, game.rules, game.code)
    CODES.parent.mkdir(exist_ok=True)
    CODES.write_text(json.dumps(deals, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{written} logs written; {len(deals)} codes pinned in {CODES.relative_to(DATA.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
