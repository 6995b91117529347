"""The games listed with their families: ``solitaire variants`` (text and JSON) and
the terminal game's ``games``; ``new GAME`` in the terminal deals that game."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import attrs
import pytest

from solitaire.core.families import by_family
from solitaire.core.store import GameChoice, Settings, Statistics, Store
from solitaire.frontends.cli.main import run
from solitaire.frontends.cli.terminal import play_in_terminal
from solitaire.plugins.builtins import new_catalog


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_variants_json_lists_the_families_and_each_variants_family_name(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    status, out, _ = cli(capsys, "--no-plugins", "variants", "--json", "--lang", lang)
    assert status == 0
    data = json.loads(out)
    catalog = new_catalog(entry_points=False)
    expected = [
        {"id": family.id, "name": family.name, "variants": [v.id for v in family.variants]}
        for family in by_family(catalog.variants.values(), lang)
    ]
    assert data["families"] == expected
    assert sorted(v for family in data["families"] for v in family["variants"]) == sorted(catalog.variants)
    names = {family["id"]: family["name"] for family in data["families"]}
    for variant in data["variants"]:  # every field of before is still there, and the family's name
        assert variant["family_name"] == names[variant["family"]]
        assert {"id", "name", "family", "code_prefix", "draws", "scoring", "redeal"} <= set(variant)
    assert [v["id"] for v in data["variants"]] == list(catalog.variants)  # still in registration order


def test_variants_text_lists_the_games_under_their_families(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "--no-plugins", "variants")
    assert status == 0
    lines = out.splitlines()
    catalog = new_catalog(entry_points=False)
    headings = [line for line in lines if line.startswith(" ") and line.endswith(" family:")]
    families = by_family(catalog.variants.values(), "en")
    assert headings == [f" {family.name} family:" for family in families]
    klondike = lines.index(" Klondike family:")
    assert lines[klondike + 1].startswith("  klondike ") and lines[klondike + 3].startswith("  reflechi ")
    status, out, _ = cli(capsys, "--no-plugins", "variants", "--lang", "ru")
    assert " Семейство «Паук»:" in out.splitlines() or " Паук family:" in out.splitlines()


class Typed:
    """Lines typed at the terminal game (standard input that is no terminal)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = [f"{line}\n" for line in lines]

    def readline(self) -> str:
        return self.lines.pop(0) if self.lines else ""

    def isatty(self) -> bool:
        return False


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], store: Store, *lines: str
) -> str:
    monkeypatch.setattr(sys, "stdin", Typed(list(lines)))
    assert play_in_terminal(new_catalog(entry_points=False), store=store) == 0
    return capsys.readouterr().out


def test_the_terminal_lists_the_games_by_family(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = Store(tmp_path)
    out = play(monkeypatch, capsys, store, "new KL1-D1N-AAAAAAG", "games")
    assert "games (the games, by family), new GAME" in out  # the help says so
    lines = out.splitlines()
    start = lines.index("  Klondike family:")
    assert lines[start + 1].split() == ["*", "klondike", "Klondike"]  # the game in play
    assert lines[start + 2].split() == ["reflechi", "Réfléchi"]
    listed = [found[1] for line in lines if (found := re.match(r"    [ *] (\S+) +\S", line))]
    assert sorted(listed) == sorted(new_catalog(entry_points=False).variants)


def test_new_game_in_the_terminal_deals_that_game_with_its_last_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = Store(tmp_path)
    spider, reflechi = GameChoice(draw=2, scoring="none"), GameChoice(draw=3, scoring="vegas")
    store.save_settings(Settings(choices={"spider": spider, "reflechi": reflechi}))
    out = play(monkeypatch, capsys, store, "new Spider", "s", "new reflechi", "new")
    assert "Spider · Suits: 2 · No score" in out
    assert "Réfléchi · draw 3 · Vegas" in out.split("Spider · Suits: 2")[-1]
    settings = store.settings()
    assert settings.variant == "reflechi" and settings.recent[:2] == ("reflechi", "spider")
    assert settings.choices == {"spider": spider, "reflechi": attrs.evolve(reflechi, redeal=None)}
    # The Spider game left after a move counts in its statistics; the last "new" deals Réfléchi again.
    assert store.statistics().records[Statistics.key("spider", 2, "none")].played == 1
    assert out.count("Réfléchi · draw 3 · Vegas") == 2
    out = play(monkeypatch, capsys, store, "new nothing-of-the-kind")
    assert "nothing-of-the-kind" in out  # not a game: read as a game code, and refused as one
