"""docs/testing-plugins.md stays true: its test files pass under pytest, the failure
it shows is the one the kit prints, its perft file checks, its defaults are the kit's."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from solitaire.core.hookspecs import hookimpl
from solitaire.core.moves import Move
from solitaire.core.registry import Registry
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State
from solitaire.testing import DEFAULT_DEALS, DEFAULT_SAMPLES, DEFAULT_STEPS, check_perft, check_variant
from solitaire.variants.klondike import Klondike

pytest_plugins = ["pytester"]

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "testing-plugins.md"


def _blocks(language: str) -> list[str]:
    text = GUIDE.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


def test_the_guides_test_files_pass(pytester: pytest.Pytester) -> None:
    files = {}
    for index, block in enumerate(_blocks("python")):
        name = "conftest" if block.startswith("# conftest.py\n") else f"test_guide_{index}"
        files[name] = block
    assert "conftest" in files and len(files) >= 5
    pytester.makepyfile(**files)
    # One game per check keeps this quick; the settings themselves are what is tested.
    result = pytester.runpytest("-p", "no:cacheprovider", "-v", "--solitaire-deals=1", "--solitaire-steps=30")
    outcomes = result.parseoutcomes()
    assert "failed" not in outcomes and "errors" not in outcomes, result.stdout.str()
    for name in files.keys() - {"conftest"}:
        assert re.search(rf"^{name}\.py::\S+ PASSED", result.stdout.str(), flags=re.MULTILINE), name


class Sloppy(Klondike):
    id = "sloppy"
    code_prefix = "SL"
    names: ClassVar[dict[str, str]] = {"en": "Sloppy Klondike"}

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        return [m for m in super().legal_moves(state, rules) if m.src != "w"]


@hookimpl
def solitaire_register_variants(register: Registry) -> None:
    register.add_variant(Sloppy())


def test_the_failure_shown_is_the_kits() -> None:
    (shown,) = [block for block in _blocks("text") if "in variant 'sloppy'" in block]
    assert 'if m.src != "w"]`' in GUIDE.read_text(encoding="utf-8")  # the guide names the bug tested here
    with pytest.raises(AssertionError) as failure:
        check_variant("sloppy", plugins=[sys.modules[__name__]])
    assert str(failure.value) + "\n" == shown


def test_the_perft_file_shown_checks(tmp_path: Path) -> None:
    (shown,) = [block for block in _blocks("text") if block.startswith("# Klondike")]
    path = tmp_path / "shown.perft"
    path.write_text(shown, encoding="utf-8")
    assert check_perft(path) == 2


def test_the_defaults_shown_are_the_kits() -> None:
    rows = dict(re.findall(r"^\| `(\w+)` \| (\d+) \|", GUIDE.read_text(encoding="utf-8"), flags=re.MULTILINE))
    assert rows == {
        "deals": str(DEFAULT_DEALS),
        "steps": str(DEFAULT_STEPS),
        "seed": "0",
        "samples": str(DEFAULT_SAMPLES),
    }


def test_the_guide_is_linked_from_the_modders_guide() -> None:
    assert "(testing-plugins.md)" in (GUIDE.parent / "modding.md").read_text(encoding="utf-8")
