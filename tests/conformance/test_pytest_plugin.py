"""A modder's test files, run by pytest in a folder of their own: the test classes,
the fixtures and the command-line options of the kit's pytest plugin."""

from __future__ import annotations

import sys

import pytest

pytest_plugins = ["pytester"]

CONFTEST = 'pytest_plugins = ["solitaire.testing.plugin"]\n'

MODDERS_TESTS = """
import sys

import pytest

from solitaire.core.hookspecs import hookimpl
from solitaire.core.state import Column
from solitaire.testing import RedealConformance, ScoringConformance, VariantConformance
from solitaire.variants.klondike import Klondike


class HalfOpen(Klondike):
    id = "halfopen"
    code_prefix = "HO"
    names = {"en": "Half-open Klondike", "ru": "Полуоткрытый Клондайк"}

    def deal_column(self, cards):
        return Column(cards[:-2], cards[-2:])


@hookimpl
def solitaire_register_variants(register):
    register.add_variant(HalfOpen())


class TestHalfOpen(VariantConformance):
    variant_id = "halfopen"
    plugins = [sys.modules[__name__]]


class TestVegas(ScoringConformance):
    scoring_id = "vegas"
    variants = ["klondike"]


class TestTwoPasses(RedealConformance):
    redeal_id = "passes:2"
    variants = ["reflechi"]


@pytest.fixture
def solitaire_plugins():
    return [sys.modules[__name__]]


def test_the_fixture(solitaire_kit):
    assert (solitaire_kit.deals, solitaire_kit.steps, solitaire_kit.seed) == (2, 15, 7)
    assert solitaire_kit.check_variant("halfopen").games == 2
"""

BROKEN_TESTS = """
import sys

from solitaire.core.hookspecs import hookimpl
from solitaire.testing import VariantConformance
from solitaire.variants.klondike import Klondike


class Sloppy(Klondike):
    id = "sloppy"
    code_prefix = "SL"
    names = {"en": "Sloppy Klondike"}

    def legal_moves(self, state, rules):
        return [move for move in super().legal_moves(state, rules) if move.src != "w"]


@hookimpl
def solitaire_register_variants(register):
    register.add_variant(Sloppy())


class TestSloppy(VariantConformance):
    variant_id = "sloppy"
    plugins = [sys.modules[__name__]]
"""


def test_a_modders_tests_pass(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_halfopen=MODDERS_TESTS)
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "--solitaire-deals=2", "--solitaire-steps=15", "--solitaire-seed=7", "-v"
    )
    result.assert_outcomes(passed=7, skipped=1)
    result.stdout.fnmatch_lines(
        [
            "*TestHalfOpen::test_description PASSED*",
            "*TestHalfOpen::test_random_games PASSED*",
            "*TestHalfOpen::test_perft_files SKIPPED*",
            "*TestVegas::test_random_games PASSED*",
            "*TestTwoPasses::test_random_games PASSED*",
        ]
    )


def test_a_broken_plugin_fails_with_the_kits_message(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_sloppy=BROKEN_TESTS)  # no conftest: the classes need no plugin
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1, skipped=1)
    result.stdout.fnmatch_lines(
        [
            "*ConformanceError: check accepts w>*, but legal_moves does not list w>*",
            "*in variant 'sloppy', game 1 of 4: sloppy, draw 1, scoring normal*(game code SL1-D1N-*)",
        ]
    )


def test_the_options_are_checked(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    result = pytester.runpytest("-p", "no:cacheprovider", "--solitaire-steps=many")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--solitaire-steps*expected a whole number, not 'many'*"])


def test_the_plugin_imports_nothing_but_pytest(pytester: pytest.Pytester) -> None:
    """It is loaded in every run of a modder's tests: the kit is imported on first use."""
    code = (
        "import sys, solitaire.testing.plugin\n"
        "print(sorted(name for name in sys.modules if name.startswith(('solitaire.', 'attr', 'cattrs'))))\n"
    )
    result = pytester.run(sys.executable, "-c", code)
    assert result.ret == 0
    assert result.outlines[-1] == "['solitaire.testing', 'solitaire.testing.plugin']"
