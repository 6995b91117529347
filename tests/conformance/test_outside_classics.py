"""Four classic games written on the building blocks from outside the framework: Whitehead
as an outside module (``outside/outside_whitehead.py``), La Belle Lucie, Four Seasons and
Aces and Kings as the example package ``examples/solitaire-fans``.  Installed into a folder
of their own, with their entry points, they pass the kit, the command line lists them,
their rules hold on known deals, the package's rules pages are there in both languages,
and the generic solver's wins replay move by move to a won game."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import broken_plugins
import pytest

from solitaire.core.game import Game
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.registry import Catalog
from solitaire.core.solver import solve
from solitaire.plugins.builtins import new_catalog
from solitaire.testing import DEFAULT_DEALS, Kit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "solitaire-fans"
WHITEHEAD = Path(__file__).resolve().parent / "outside" / "outside_whitehead.py"
#: variant id -> the distribution that registers it
PACKAGES = {
    "whitehead": "solitaire-outside-whitehead",
    "la-belle-lucie": "solitaire-fans",
    "four-seasons": "solitaire-fans",
    "aces-and-kings": "solitaire-fans",
}
#: The top-level modules the installed packages bring.
MODULES = ("solitaire_fans", "outside_whitehead")
#: The example package's games: their names, the titles of their rules pages.
TITLES = {
    "la-belle-lucie": {"en": "La Belle Lucie", "ru": "Прекрасная Люси"},
    "four-seasons": {"en": "Four Seasons", "ru": "Четыре сезона"},
    "aces-and-kings": {"en": "Aces and Kings", "ru": "Тузы и короли"},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the example package, installed by pip from a copy of its source
    (a build leaves nothing in the repository), and Whitehead's module as a distribution."""
    source = tmp_path_factory.mktemp("source") / "solitaire-fans"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    folder = tmp_path_factory.mktemp("site")
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    options = ["--no-deps", "--no-build-isolation", "--no-index", "--target", str(folder)]
    subprocess.run([*pip, *options, str(source)], check=True, capture_output=True, timeout=120)
    text = WHITEHEAD.read_text(encoding="utf-8")
    broken_plugins.install(folder, "outside_whitehead", text, package=PACKAGES["whitehead"])
    return folder


@pytest.fixture(scope="module")
def catalog(site: Path) -> Iterator[Catalog]:
    """The catalog of the installed plugins, these packages among them."""
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        yield new_catalog(blocked=["solver-hints"])
    finally:
        sys.path.remove(str(site))
        for name in [name for name in sys.modules if name.split(".")[0] in MODULES]:
            del sys.modules[name]


def _game(catalog: Catalog, variant: str, deal: int) -> Game:
    return catalog.new_game(catalog.options(variant, deal=deal))


def _rule(game: Game, move: str) -> str:
    """The id of the rule that refuses ``move`` now."""
    refusal = game.check(move)
    assert isinstance(refusal, Refusal), f"{move} is legal"
    return refusal.rule


def _tops(game: Game, *piles: str) -> list[str]:
    return [game.state.pile(pile).up[-1].text if game.state.pile(pile).up else "--" for pile in piles]


# -- installed, found, and through the kit --------------------------------------------------------


def test_the_packages_are_found_through_their_entry_points(catalog: Catalog) -> None:
    assert [problem for problem in catalog.problems if problem.plugin != "solver-hints"] == []
    for variant, package in PACKAGES.items():
        assert catalog.sources[("variant", variant)].package == package


@pytest.mark.parametrize("variant", sorted(PACKAGES))
def test_each_game_passes_the_kit(catalog: Catalog, variant: str) -> None:
    summary = Kit(catalog).check_variant(variant)
    assert summary.games == DEFAULT_DEALS and summary.moves > DEFAULT_DEALS * 20
    assert summary.undos >= summary.moves and summary.refusals > summary.positions


def test_the_command_line_lists_them(site: Path) -> None:
    paths = [str(site), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "SOLITAIRE_LANG": "en"}
    command = [sys.executable, "-m", "solitaire", "variants", "--json"]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    listed = {variant["id"]: variant for variant in json.loads(result.stdout)["variants"]}
    for variant, package in PACKAGES.items():
        assert listed[variant]["package"] == package
    assert [listed[v]["code_prefix"] for v in PACKAGES] == ["WH", "LB", "FS", "AK"]
    assert listed["la-belle-lucie"]["family_name"] == "Fan"


@pytest.mark.parametrize("variant", sorted(TITLES))
def test_the_packages_rules_pages_are_in_english_and_russian(catalog: Catalog, variant: str) -> None:
    game = catalog.variant(variant)
    for lang, title in TITLES[variant].items():
        page = game.rules_page(lang) or ""
        assert page.startswith(f"# {title}\n") and page.endswith(".\n")
        assert game.name(lang) == title


# -- the rules on known deals ---------------------------------------------------------------------


def test_whitehead_builds_by_colour_and_moves_runs_of_one_suit(catalog: Catalog) -> None:
    game = _game(catalog, "whitehead", 6)  # t2 2H JC, t4 ... 8D TC, t5 ... 7D 9D, t1 AD
    assert game.check("t4>t2") == Move("t4", "t2")  # 10♣ on J♣: the same colour
    assert _rule(game, "t5>t4") == "build.same-colour"  # 9♦ on 10♣
    assert _rule(game, "t4>t5") == "tableau.group-suit-order"  # 8♦ under 10♣ fits 9♦
    game.play("t1>f")
    game.play("t4>t2")  # t2: 2H JC TC
    assert game.check("t2:2>t1") == Move("t2", "t1", 2)  # J♣ 10♣, one suit, into a space
    assert _rule(game, "t2:3>t1") == "tableau.group-suit-order"  # 2♥ J♣ 10♣ is no run
    for _ in range(24):
        game.play("s")
    assert _rule(game, "s") == "stock.no-passes-left"  # one pass: no redeal


def test_la_belle_lucie_plays_one_card_builds_by_suit_and_leaves_spaces(catalog: Catalog) -> None:
    game = _game(catalog, "la-belle-lucie", 6)  # t13 3C AS AC, t14 KD QC TH, t18 QD
    assert _tops(game, "t1", "t3", "t13", "t18") == ["6D", "5C", "AC", "QD"]
    assert _rule(game, "t3>t1") == "build.same-suit"  # 5♣ on 6♦
    assert _rule(game, "t13:2>t1") == "tableau.one-card"
    game.play("t13>f")
    game.play("t13>f")
    game.play("t14:3>t14")  # the merci: K♦ up over Q♣ 10♥
    assert _tops(game, "t14") == ["KD"]
    assert _rule(game, "t1:2>t1") == "tableau.merci-used"
    game.play("t18>t14")  # Q♦ on K♦ leaves t18 empty
    assert _rule(game, "t3>t18") == "tableau.empty-stays-empty"


def test_la_belle_lucie_redeals_twice_in_fans_of_three(catalog: Catalog) -> None:
    game = _game(catalog, "la-belle-lucie", 6)
    fans = [f"t{n}" for n in range(1, 19)]
    game.play("t13>f")
    game.play("t13>f")
    cards = sorted(card.uid for fan in fans for card in game.state.pile(fan).cards)
    for _ in range(2):
        game.play("s")
        assert [len(game.state.pile(fan)) for fan in fans] == [3] * 16 + [2, 0]  # 50 cards, in threes
        assert sorted(card.uid for fan in fans for card in game.state.pile(fan).cards) == cards
    assert _tops(game, "f1", "f4") == ["AS", "AC"]  # the foundations stay
    assert _rule(game, "s") == "stock.no-redeals-left"


def test_four_seasons_foundations_start_with_the_dealt_rank_and_turn_the_corner(catalog: Catalog) -> None:
    game = _game(catalog, "four-seasons", 7)  # 4♥ dealt home; the cross 5S JD 3C 4D TD
    assert _tops(game, "f2", "t1", "t2", "t3", "t4", "t5") == ["4H", "5S", "JD", "3C", "4D", "TD"]
    assert _rule(game, "t1>f") == "foundation.base-rank"  # 5♠: the foundations start with 4s
    assert _rule(game, "t2>t4") == "tableau.one-rank-lower"  # J♦ on 4♦
    assert game.check("t4>f") == Move("t4", "f")
    game.play("t4>f")
    assert game.check("t2>t4") == Move("t2", "t4")  # any card fills a space
    game.play("t5>t2")  # 10♦ on J♦
    assert _rule(game, "t2:2>t4") == "tableau.one-card"
    wrap = _game(catalog, "four-seasons", 171)  # K♠ dealt home, A♠ in the cross
    assert _tops(wrap, "f1", "t5") == ["KS", "AS"]
    assert wrap.check("t5>f") == Move("t5", "f")  # an ace on a king


def test_four_seasons_cross_builds_down_in_any_suit_round_the_corner(catalog: Catalog) -> None:
    game = _game(catalog, "four-seasons", 4)  # the cross JS 2D AS KS TD
    assert _tops(game, "t1", "t2", "t3", "t4", "t5") == ["JS", "2D", "AS", "KS", "TD"]
    assert game.check("t4>t3") == Move("t4", "t3")  # a king on an ace
    assert game.check("t5>t1") == Move("t5", "t1")  # 10♦ on J♠
    assert _rule(game, "t3>t4") == "tableau.one-rank-lower"  # A♠ on K♠
    assert _rule(game, "t1>f") == "foundation.next-rank"  # J♠ on 7♠


def test_aces_and_kings_fills_an_emptied_pile_from_the_stock(catalog: Catalog) -> None:
    game = _game(catalog, "aces-and-kings", 6)  # r1 3C, r2 9S; t1 2S, t2 AS, t3 4H, t4 6D
    assert _tops(game, "r1", "r2", "t1", "t2", "t3", "t4") == ["3C", "9S", "2S", "AS", "4H", "6D"]
    assert _rule(game, "t2>f5") == "foundation.base-rank"  # f5 .. f8 start with kings
    assert _rule(game, "r1>t2") == "build.none"
    assert _rule(game, "t2>r1") == "reserve.takes-none"
    assert game.check("t2>f") == Move("t2", "f1")
    stock = game.state.pile("s").down
    game.play("t2>f")
    assert game.state.pile("t2").up == stock[-1:] and game.state.pile("s").down == stock[:-1]
    assert game.check("t1>f") == Move("t1", "f1")  # 2♠ on A♠, as any 2 would


def test_aces_and_kings_spaces_take_any_card_once_the_stock_is_gone(catalog: Catalog) -> None:
    game = _game(catalog, "aces-and-kings", 6)
    for _ in range(74):
        game.play("s")
    game.play("t2>f")  # A♠ home: t2 stays empty
    assert not game.state.pile("t2") and _tops(game, "w") == ["6C"]
    assert game.check("w>t2") == Move("w", "t2") and game.check("r1>t2") == Move("r1", "t2")
    kings = _game(catalog, "aces-and-kings", 2)  # r1 KD, t2 KS
    assert _rule(kings, "r1>f1") == "foundation.ace-first"
    kings.play("t2>f")
    assert kings.state.pile("f5").up[-1].text == "KS" and kings.check("r1>f") == Move("r1", "f6")


# -- the generic solver ---------------------------------------------------------------------------

#: (variant, deal, positions given to the search, the verdict measured with them)
VERDICTS = [
    ("whitehead", 7, 6_000, "winnable"),
    ("whitehead", 4, 1_000, "unwinnable"),
    ("la-belle-lucie", 2, 2_000, "winnable"),
    ("la-belle-lucie", 9, 2_000, "winnable"),
    ("four-seasons", 12, 4_000, "winnable"),
    ("four-seasons", 11, 1_000, "unknown"),
    ("aces-and-kings", 6, 1_000, "unknown"),
]


@pytest.mark.parametrize(("variant", "deal", "nodes", "verdict"), VERDICTS, ids=str)
def test_the_generic_solver_answers_and_its_wins_replay(
    catalog: Catalog, variant: str, deal: int, nodes: int, verdict: str
) -> None:
    game = _game(catalog, variant, deal)
    result = solve(game.state, game.rules, max_nodes=nodes)
    assert result.verdict == verdict
    for action in result.solution:
        checked = game.check(action)
        assert isinstance(checked, Move), (action, checked)
        game.play(checked)
    assert game.is_won is (verdict == "winnable")


def test_an_unwinnable_verdict_holds_against_every_line_of_play(catalog: Catalog) -> None:
    """Whitehead's deal 4 has few lines: all of them, searched without the solver's
    shortcuts (positions told apart by their piles and pass alone), end unwon."""
    game = _game(catalog, "whitehead", 4)
    rules, todo = game.rules, [game.state]
    seen: set[object] = set()
    while todo:
        state = todo.pop()
        if (state.piles, state.pass_number) in seen:
            continue
        seen.add((state.piles, state.pass_number))
        assert not rules.is_won(state)
        todo += [rules.transition(state, move)[1] for move in rules.legal_moves(state)]
    assert 100 < len(seen) < 5_000
