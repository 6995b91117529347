"""``Variant.rules_page``: the rules page a variant ships next to its module, per language."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire.core.ruleset import Variant
from solitaire.variants.klondike import Klondike
from solitaire.variants.reflechi import Reflechi

DEMO = """
from solitaire.variants.klondike import Klondike


class Demo(Klondike):
    id = "demo"
    code_prefix = "DM"
    names = {"en": "Demo"}
"""


@pytest.fixture
def demo_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A plugin package ``rules_page_demo`` with a variant and, in ``rules/``, an English page only."""
    package = tmp_path / "rules_page_demo"
    (package / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text(DEMO, encoding="utf-8")
    (package / "rules" / "demo.en.md").write_text("# Demo\n\nThe demo's rules.\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield package
    sys.modules.pop("rules_page_demo", None)


def demo_variant() -> Variant:
    module = importlib.import_module("rules_page_demo")
    variant: Variant = module.Demo()
    return variant


def test_the_built_in_pages_are_in_each_language_and_not_inherited() -> None:
    assert (Klondike().rules_page("en") or "").startswith("# Klondike\n")
    assert (Klondike().rules_page("ru") or "").startswith("# Клондайк\n")
    assert (Reflechi().rules_page("en") or "").startswith("# Réfléchi\n")  # its own, not Klondike's
    assert "Что меняет Réfléchi" in (Reflechi().rules_page("ru") or "")


#: The built-in games whose variants are still to come: their pages, read as files, by id and
#: language, with the title each must start with.
NEW_GAMES = {
    "yukon": {"en": "Yukon", "ru": "Юкон"},
    "freecell": {"en": "FreeCell", "ru": "Свободная ячейка"},
    "spider": {"en": "Spider", "ru": "Паук"},
    "golf": {"en": "Golf", "ru": "Гольф"},
    "pyramid": {"en": "Pyramid", "ru": "Пирамида"},
    "tripeaks": {"en": "TriPeaks", "ru": "Три пика"},
    "bakers-dozen": {"en": "Baker's Dozen", "ru": "Чёртова дюжина"},
    "beleaguered-castle": {"en": "Beleaguered Castle", "ru": "Осаждённая крепость"},
    "eight-off": {"en": "Eight Off", "ru": "Восемь ячеек"},
    "simple-simon": {"en": "Simple Simon", "ru": "Простой Саймон"},
    "grandfather": {"en": "Grandfather", "ru": "Дедушка"},
    "canfield": {"en": "Canfield", "ru": "Канфилд"},
    "clock": {"en": "Clock", "ru": "Часы"},
    "aces-up": {"en": "Aces Up", "ru": "Тузы вверх"},
    "gypsy": {"en": "Gypsy", "ru": "Цыганка"},
    "forty-thieves": {"en": "Forty Thieves", "ru": "Сорок разбойников"},
    "scorpion": {"en": "Scorpion", "ru": "Скорпион"},
    "mod3": {"en": "Mod 3", "ru": "Мод 3"},
}
RULES = Path(__file__).resolve().parents[2] / "variants" / "rules"


@pytest.mark.parametrize(
    ("variant", "lang"), [(variant, lang) for variant in NEW_GAMES for lang in ("en", "ru")]
)
def test_the_new_games_pages_are_in_each_language_under_their_own_title(variant: str, lang: str) -> None:
    page = (RULES / f"{variant}.{lang}.md").read_text(encoding="utf-8")
    assert page.startswith(f"# {NEW_GAMES[variant][lang]}\n")
    assert page.endswith("\n") and not page.endswith("\n\n")


def test_a_plugin_page_in_a_language_it_lacks_falls_back_to_english(demo_package: Path) -> None:
    variant = demo_variant()
    assert variant.rules_page("en") == variant.rules_page("ru") == "# Demo\n\nThe demo's rules.\n"


def test_a_russian_page_is_preferred_when_there_is_one(demo_package: Path) -> None:
    (demo_package / "rules" / "demo.ru.md").write_text("# Демо\n", encoding="utf-8")
    assert demo_variant().rules_page("ru") == "# Демо\n"


def test_without_a_page_there_is_none(demo_package: Path) -> None:
    (demo_package / "rules" / "demo.en.md").unlink()
    assert demo_variant().rules_page("en") is None


class Scripted(Klondike):
    """A variant defined outside any package (here, a test module run as a script would be)."""

    id = "scripted"


def test_a_variant_of_a_module_outside_a_package_has_no_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "__package__", "")
    assert Scripted().rules_page("en") is None
