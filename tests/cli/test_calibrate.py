"""``solitaire calibrate VARIANT``: a game's difficulty levels from a sample of its deals,
as text and JSON, what it refuses, and a plugin's game getting levels from it."""

from __future__ import annotations

import ast
import json
import types
from collections.abc import Mapping
from typing import ClassVar

import pytest

from solitaire.core import difficulty
from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Catalog, Registry
from solitaire.core.session import offers
from solitaire.frontends.cli import main
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.klondike import Klondike

#: A small sample that wins enough deals, quickly: deals 2..11 at 200 positions each.
SAMPLE = ("--deals", "10", "--first", "2", "--nodes", "200")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


def test_the_text_gives_the_wins_the_median_the_thresholds_and_the_line(
    capsys: pytest.CaptureFixture[str], catalog: Catalog
) -> None:
    found = difficulty.calibrate(catalog, "klondike", 1, deals=10, first=2, max_nodes=200)
    assert found.thresholds is not None and found.median is not None
    status, out, err = cli(capsys, "--no-plugins", "calibrate", "klondike", *SAMPLE)
    assert (status, err) == (0, "")  # no progress where stderr is no terminal
    lines = out.splitlines()
    assert lines[0] == (
        "klondike, draw 1: deals 2..11, each solved with up to 200 positions and no time limit"
    )
    assert f"won: {len(found.wins)} of 10 deals" in lines
    assert "  " + "  ".join(f"{deal}: {effort}" for deal, effort in found.wins) in lines
    assert f"median effort: {found.median} positions" in lines
    easy, medium = found.thresholds
    assert f"thresholds: easy up to {easy} positions, medium up to {medium}, hard above" in lines
    declared = Klondike.difficulty
    assert f"declared now: easy up to {declared[1][0]}, medium up to {declared[1][1]}" in lines
    # The line to paste keeps the other draw as the class declares it.
    assert "draw 3 keeps the thresholds klondike declares now" in lines
    assert lines[-2:] == [
        "the line to set in the class of klondike:",
        difficulty.line({1: found.thresholds, 3: declared[3]}),
    ]


def test_the_json_has_every_field(capsys: pytest.CaptureFixture[str], catalog: Catalog) -> None:
    found = difficulty.calibrate(catalog, "klondike", 1, deals=10, first=2, max_nodes=200)
    status, out, err = cli(capsys, "--no-plugins", "calibrate", "klondike", *SAMPLE, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data == {
        "variant": "klondike",
        "draw": 1,
        "deals": [2, 11],
        "max_nodes": 200,
        "wins": [list(win) for win in found.wins],
        "median": found.median,
        "thresholds": list(found.thresholds or ()),
        "declared": list(Klondike.difficulty[1]),
        "why": None,
        "reason": None,
        "line": difficulty.line({**Klondike.difficulty, 1: found.thresholds or (0, 0)}),
    }


def test_a_sample_with_too_few_wins_says_why_and_gives_no_levels_at_its_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = cli(capsys, "--no-plugins", "calibrate", "klondike", "--deals", "8", "--nodes", "30")
    assert status == 0
    assert "no thresholds (fewer than 6 winnable deals): the line gives no levels at draw 1" in out
    assert out.splitlines()[-1] == "difficulty = {3: (60, 173)}"
    status, out, _ = cli(
        capsys, "--no-plugins", "calibrate", "klondike", "--deals", "8", "--nodes", "30", "--json"
    )
    data = json.loads(out)
    assert (data["thresholds"], data["why"], data["reason"]) == (
        None,
        "few-wins",
        "fewer than 6 winnable deals",
    )
    assert data["line"] == "difficulty = {3: (60, 173)}"
    status, out, _ = cli(
        capsys, "--lang", "ru", "--no-plugins", "calibrate", "klondike", "--deals", "8", "--nodes", "30"
    )
    assert status == 0 and "меньше 6 выигрышных раскладов" in out and "из 8 раскладов" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nope"], "calibrate: no variant 'nope' is installed (installed: aces-up, "),
        (["klondike", "--draw", "2"], "calibrate: klondike draws 1 or 3, not 2"),
        (["spider", "--draw", "3"], "calibrate: spider: Suits 1, 2 or 4, not 3"),
        (["klondike", "--draw", "0"], "argument --draw: draw must be a number from 1 to 9, not '0'"),
        (["klondike", "--deals", "0"], "argument --deals: must be a whole number from 1 up, not '0'"),
        (["klondike", "--nodes", "many"], "argument --nodes: must be a whole number from 1 up, not 'many'"),
        (
            ["freecell", "--first", "0", "--deals", "2"],
            "calibrate: freecell has deals 1..8589934591, not 0..1",
        ),
        ([], "the following arguments are required: VARIANT"),
    ],
)
def test_what_cannot_be_calibrated_is_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    status, out, err = cli(capsys, "--no-plugins", "calibrate", *argv)
    assert (status, out) == (main.EXIT_BAD_INPUT, "")
    assert said in err and len(err.splitlines()) == 1


# -- a plugin's game -------------------------------------------------------------------------------


class Homestead(Klondike):
    """A plugin's Klondike that declares no levels (``{}``: it inherits none of Klondike's)."""

    id: ClassVar[str] = "homestead"
    code_prefix: ClassVar[str] = "HS"
    names: ClassVar[str] = "Homestead"
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {}


class Unsolved(Klondike):
    """A plugin's Klondike that asks for no solver."""

    id: ClassVar[str] = "unsolved"
    code_prefix: ClassVar[str] = "UN"
    names: ClassVar[str] = "Unsolved"
    solver_family: ClassVar[str | None] = None


def _plugged(monkeypatch: pytest.MonkeyPatch, *variants: Klondike) -> Catalog:
    """The command's catalogue: the built-in games and a plugin module registering ``variants``."""
    module = types.ModuleType("calibrated_plugin")

    @hookimpl
    def solitaire_register_variants(register: Registry) -> None:
        for variant in variants:
            register.add_variant(variant)

    module.solitaire_register_variants = solitaire_register_variants  # type: ignore[attr-defined]
    catalog = new_catalog(entry_points=False, plugins=[module])
    assert catalog.problems == []
    monkeypatch.setattr(main, "new_catalog", lambda *args, **kwargs: catalog)
    return catalog


def _solved(capsys: pytest.CaptureFixture[str], variant: str, deal: int) -> dict[str, object]:
    """What ``solve --json`` says of a deal of ``variant`` (one it wins)."""
    status, out, _ = cli(capsys, "new", "--variant", variant, "--deal", str(deal), "--json")
    assert status == 0
    status, out, _ = cli(capsys, "solve", json.loads(out)["code"], "--json")
    solved: dict[str, object] = json.loads(out)
    assert status == 0 and solved["verdict"] == "winnable"
    return solved


def test_a_plugin_s_game_gets_levels_once_it_declares_the_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = _plugged(monkeypatch, Homestead())
    assert not offers(catalog, "homestead").levels
    assert _solved(capsys, "homestead", 2)["difficulty"] is None  # no levels: no difficulty
    status, out, _ = cli(capsys, "calibrate", "homestead", *SAMPLE)
    assert status == 0 and "declared now" not in out and "keeps the thresholds" not in out
    line = out.splitlines()[-1]
    name, _, value = line.partition(" = ")
    assert name == "difficulty"
    levels = ast.literal_eval(value)
    assert list(levels) == [1]

    class Calibrated(Homestead):
        """The same game, its class given the line printed."""

        difficulty: ClassVar[Mapping[int, tuple[int, int]]] = levels

    catalog = _plugged(monkeypatch, Calibrated())
    assert offers(catalog, "homestead").levels
    easy, _medium = levels[1]
    solved = _solved(capsys, "homestead", 2)
    assert isinstance(solved["nodes"], int) and solved["nodes"] <= difficulty.BUDGET // 4
    assert solved["difficulty"] == difficulty.level_of(Calibrated(), 1, solved["nodes"])
    assert solved["difficulty"] in difficulty.LEVELS
    status, out, _ = cli(capsys, "calibrate", "homestead", *SAMPLE)
    assert f"declared now: easy up to {easy}," in out and out.splitlines()[-1] == line


def test_a_plugin_s_game_the_solver_does_not_know_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _plugged(monkeypatch, Unsolved())
    status, out, err = cli(capsys, "calibrate", "unsolved", "--deals", "2")
    assert (status, out) == (main.EXIT_BAD_INPUT, "")
    assert err == "calibrate: the solver does not know the rules of unsolved\n"
