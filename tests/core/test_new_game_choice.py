"""New games as every front end chooses them (``core.session``): the options given
over those last chosen, what does not fit refused, the choice remembered as the
window remembers it; and the winnable-deal search (``core.deal_search``)."""

from __future__ import annotations

import itertools
import threading

import pytest

from solitaire.core import difficulty
from solitaire.core.deal_search import DEAL_NODES, search_winnable
from solitaire.core.registry import Catalog, OptionsError
from solitaire.core.session import choose_new_game, chosen_options, offers, remembered, returns_matter
from solitaire.core.solver import solve
from solitaire.core.store import GameChoice, Settings
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.blocks import Declared


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


def test_every_calibrated_game_is_a_built_in_one_with_three_levels(catalog: Catalog) -> None:
    for (variant, draw), (easy, medium) in difficulty.THRESHOLDS.items():
        assert draw in catalog.variant(variant).draws, (variant, draw)
        assert 0 < easy < medium, (variant, draw)  # else the medium level holds no deal
    # Clock's play is forced: every win costs the same, so it has no levels.
    assert not any(variant == "clock" for variant, _ in difficulty.THRESHOLDS)


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
