"""New games as every front end chooses them (``core.session``): the options given
over those last chosen, what does not fit refused, the choice remembered as the
window remembers it; the winnable-deal search (``core.deal_search``); and the
difficulty levels a game declares (``Variant.difficulty``), a plugin's too."""

from __future__ import annotations

import itertools
import re
import threading
import types
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest

from solitaire.core import difficulty
from solitaire.core.deal_search import DEAL_NODES, search_winnable
from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Catalog, OptionsError, Registry
from solitaire.core.ruleset import Variant
from solitaire.core.session import choose_new_game, chosen_options, offers, remembered, returns_matter
from solitaire.core.solver import solve
from solitaire.core.store import GameChoice, Settings
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.blocks import Block, Declared, Foundations, Stock, Tableau
from solitaire.variants.klondike import KLONDIKE_COLUMNS, Klondike


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


def test_a_game_gets_its_last_options_else_the_settings_that_fit_else_its_own(catalog: Catalog) -> None:
    settings = Settings(draw=3, choices={"spider": GameChoice(draw=2, scoring="none")})
    assert chosen_options(catalog, settings, "reflechi", deal=5).draw == 3
    spider = chosen_options(catalog, settings, "spider", deal=5)
    assert (spider.draw, spider.scoring) == (2, "none")
    assert chosen_options(catalog, settings, "golf", deal=5).scoring == "golf"  # "normal" does not fit Golf


def test_what_a_new_game_of_spider_offers(catalog: Catalog) -> None:
    spider = offers(catalog, "spider")
    assert (spider.draws, spider.redeal, spider.winnable) == ((1, 2, 4), False, True)


def test_a_choice_last_made_for_a_game_comes_back_and_what_does_not_fit_is_said(catalog: Catalog) -> None:
    settings = Settings(choices={"spider": GameChoice(draw=2, scoring="none")})
    choice = choose_new_game(catalog, settings, "spider", difficulty="easy")
    assert (choice.options.draw, choice.options.scoring, choice.search, choice.difficulty) == (
        2,
        "none",
        True,
        "easy",
    )
    with pytest.raises(OptionsError, match=r"^spider: Suits 1, 2 or 4, not 3$"):
        choose_new_game(catalog, settings, "spider", draw=3)


def test_foundation_returns_matter_where_the_foundations_let_cards_go(catalog: Catalog) -> None:
    assert returns_matter(catalog.variant("klondike"))
    assert not returns_matter(catalog.variant("freecell"))  # its foundations keep their cards
    for variant in catalog.variants.values():
        assert isinstance(variant, Declared)
        assert returns_matter(variant) == variant.foundations_block.returns, variant.id


def test_what_is_given_goes_over_what_was_last_chosen(catalog: Catalog) -> None:
    settings = Settings(choices={"klondike": GameChoice(3, "vegas", "passes:2", False)})
    kept = choose_new_game(catalog, settings, "klondike", deal=9).options
    assert (kept.draw, kept.scoring, kept.redeal, kept.returns_allowed, kept.deal) == (
        3,
        "vegas",
        "passes:2",
        False,
        9,
    )
    changed = choose_new_game(catalog, settings, "klondike", scoring="normal", returns_allowed=True).options
    assert (changed.draw, changed.scoring, changed.redeal, changed.returns_allowed) == (
        3,
        "normal",
        "passes:2",
        True,
    )
    # A scoring whose default redeal differs, with none remembered: the scoring's default.
    plain = Settings(choices={"klondike": GameChoice(1, "normal", None, True)})
    assert choose_new_game(catalog, plain, "klondike", scoring="vegas").options.redeal == "passes:1"


@pytest.mark.parametrize(
    ("variant", "given"),
    [
        ("spider", {"draw": 3}),
        ("golf", {"scoring": "normal"}),
        ("freecell", {"redeal": "passes:2"}),
        ("klondike", {"difficulty": "impossible"}),
        ("klondike", {"deal": 4, "winnable_only": True}),
        ("klondike", {"deal": 4, "difficulty": "easy"}),
        ("freecell", {"deal": 0}),
        ("no-such-game", {}),
    ],
)
def test_what_does_not_fit_is_refused(catalog: Catalog, variant: str, given: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        choose_new_game(catalog, Settings(), variant, **given)  # type: ignore[arg-type]


def test_a_difficulty_asks_for_winnable_deals_and_the_choice_is_remembered(catalog: Catalog) -> None:
    choice = choose_new_game(catalog, Settings(), "freecell", difficulty="hard")
    assert (choice.winnable_only, choice.search, choice.levels) == (True, True, True)
    off = choose_new_game(catalog, Settings(), "freecell", difficulty="hard", winnable_only=False)
    assert (off.winnable_only, off.search) == (False, False)
    numbered = choose_new_game(catalog, Settings(winnable_only=True), "freecell", deal=5)
    assert (numbered.winnable_only, numbered.search) == (True, False)  # a deal by number is no search
    settings = remembered(catalog, Settings(), choice)
    assert (settings.variant, settings.winnable_only, settings.difficulty) == ("freecell", True, "hard")
    assert settings.choices["freecell"] == GameChoice(1, "none", None, True)


def test_every_built_in_game_offers_winnable_deals(catalog: Catalog) -> None:
    assert all(offers(catalog, variant).winnable for variant in catalog.variants)


def test_every_calibrated_built_in_game_has_three_levels_at_draws_it_offers(catalog: Catalog) -> None:
    calibrated = 0
    for variant in catalog.variants.values():
        for draw, (easy, medium) in variant.difficulty.items():
            assert draw in variant.draws, (variant.id, draw)
            assert 0 < easy < medium, (variant.id, draw)  # else the medium level holds no deal
            calibrated += 1
        assert offers(catalog, variant.id).levels is bool(variant.difficulty), variant.id
    assert calibrated == 21
    # Réfléchi has thresholds of its own, not those of Klondike, its base.
    assert catalog.variant("reflechi").difficulty != catalog.variant("klondike").difficulty
    # Clock's play is forced: every win costs the same, so it has no levels.
    assert catalog.variant("clock").difficulty == {}
    assert difficulty.level(catalog.ruleset(catalog.options("clock")), 51) is None


def test_the_search_finds_a_deal_of_the_difficulty_asked_for(catalog: Catalog) -> None:
    deals = itertools.count(1)
    found = search_winnable(
        catalog, catalog.options("freecell"), difficulty="hard", random_deal=deals.__next__
    )
    assert found.options is not None and not found.cancelled
    assert found.options.deal == found.tried  # deals 1, 2, … tried in turn, the last one kept
    any_level = search_winnable(catalog, catalog.options("freecell"), random_deal=iter(range(1, 99)).__next__)
    assert any_level.options is not None and any_level.tried >= 1 and not any_level.cancelled
    game = catalog.new_game(found.options)
    result = solve(game.state, game.rules, max_nodes=DEAL_NODES)
    assert difficulty.level(game.rules, result.nodes) == "hard"


def test_the_search_gives_up_after_its_deals_and_stops_when_cancelled(catalog: Catalog) -> None:
    options = catalog.options("gypsy")
    gave_up = search_winnable(catalog, options, max_nodes=20, max_deals=3)
    assert (gave_up.options, gave_up.tried, gave_up.cancelled) == (None, 3, False)
    cancel = threading.Event()
    told: list[int] = []

    def tried(n: int) -> None:
        told.append(n)
        cancel.set()  # as Ctrl-C would, from another thread

    stopped = search_winnable(catalog, options, max_nodes=20, cancel=cancel, tried=tried)
    assert (stopped.options, stopped.tried, stopped.cancelled, told) == (None, 1, True, [1])


# -- a plugin's game with difficulty levels ----------------------------------------------------------


class Leveled(Klondike):
    """A plugin's game that declares levels, at draw 1 only."""

    id: ClassVar[str] = "leveled"
    code_prefix: ClassVar[str] = "LV"
    names: ClassVar[str] = "Leveled Klondike"
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (30, 90)}


class Plain(Declared):
    """A plugin's game declared from the blocks, with no levels."""

    id: ClassVar[str] = "plain"
    code_prefix: ClassVar[str] = "PN"
    names: ClassVar[str] = "Plain"
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (Stock(), Foundations(), Tableau(KLONDIKE_COLUMNS))


def _plugin(*variants: Variant) -> types.ModuleType:
    """A plugin module registering ``variants``, as a package's entry point names one."""
    module = types.ModuleType("difficulty_plugin")

    @hookimpl
    def solitaire_register_variants(register: Registry) -> None:
        for variant in variants:
            register.add_variant(variant)

    module.solitaire_register_variants = solitaire_register_variants  # type: ignore[attr-defined]
    return module


@pytest.fixture(scope="module")
def plugged() -> Catalog:
    catalog = new_catalog(entry_points=False, plugins=[_plugin(Leveled(), Plain())])
    assert catalog.problems == [] and {"leveled", "plain"} <= set(catalog.variants)
    return catalog


def test_a_plugin_s_game_with_thresholds_has_levels_where_it_declares_them(plugged: Catalog) -> None:
    assert offers(plugged, "leveled").levels and offers(plugged, "leveled").winnable
    rules = plugged.ruleset(plugged.options("leveled", draw=1))
    assert [difficulty.level(rules, nodes) for nodes in (1, 30, 31, 90, 91)] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "hard",
    ]
    assert choose_new_game(plugged, Settings(), "leveled", difficulty="easy").levels
    # A draw it declares none for has no levels: every winnable deal fits there.
    assert not choose_new_game(plugged, Settings(), "leveled", draw=3, difficulty="easy").levels
    three = plugged.ruleset(plugged.options("leveled", draw=3))
    assert difficulty.level(three, 10) is None and difficulty.fits("easy", three.variant, 3, 10**6)
    # The winnable-deal search passes over the deals of another level.
    deals = itertools.count()
    found = search_winnable(plugged, rules.options, difficulty="hard", random_deal=deals.__next__)
    assert found.options is not None and found.tried > 1
    game = plugged.new_game(found.options)
    result = solve(game.state, game.rules, max_nodes=DEAL_NODES)
    assert difficulty.level(game.rules, result.nodes) == "hard"
    assert difficulty.assess(game.state, game.rules, result) == "hard"


def test_a_plugin_s_game_without_thresholds_has_no_levels(plugged: Catalog) -> None:
    offered = offers(plugged, "plain")
    assert offered.winnable and not offered.levels
    choice = choose_new_game(plugged, Settings(), "plain", difficulty="hard")
    assert choice.search and not choice.levels
    game = plugged.new_game(choice.options)
    assert difficulty.level(game.rules, 10) is None
    assert difficulty.fits("hard", game.rules.variant, game.rules.draw, 10)
    result = solve(game.state, game.rules, max_nodes=2_000)
    assert difficulty.assess(game.state, game.rules, result) is None


def test_the_difficulty_module_names_no_game(catalog: Catalog) -> None:
    """The levels are the games' data: ``core/difficulty.py`` names none (its examples too)."""
    source = Path(difficulty.__file__).read_text(encoding="utf-8")
    for variant in catalog.variants.values():
        for word in (variant.id, variant.name("en"), variant.code_prefix):
            pattern = rf"(?<![\w-]){re.escape(word)}(?![\w-])"
            flags = 0 if word == variant.code_prefix else re.IGNORECASE
            assert not re.search(pattern, source, flags), (variant.id, word)
