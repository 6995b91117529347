"""The example third-party package passes the kit: its variant and its scoring scheme."""

from __future__ import annotations

from importlib import metadata

import pytest

from solitaire.plugins.builtins import new_catalog
from solitaire.testing import DEFAULT_DEALS, Kit

PACKAGE = "solitaire-bakers"


def _installed() -> bool:
    try:
        metadata.distribution(PACKAGE)
    except metadata.PackageNotFoundError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    not _installed(),
    reason=f"the example package {PACKAGE} is not installed"
    " (scripts/test.sh installs it: pip install ./examples/solitaire-bakers)",
)


@pytest.fixture(scope="module")
def kit() -> Kit:
    catalog = new_catalog(blocked=["solver-hints"])  # the installed plugins, found through entry points
    assert not [problem for problem in catalog.problems if problem.plugin != "solver-hints"]
    return Kit(catalog)


def _ids(kit: Kit, kind: str) -> list[str]:
    return sorted(
        key for (what, key), info in kit.catalog.sources.items() if what == kind and info.package == PACKAGE
    )


def test_the_package_registers_a_variant_and_a_scoring_scheme(kit: Kit) -> None:
    assert _ids(kit, "variant") and _ids(kit, "scoring")


def test_its_variants_pass(kit: Kit) -> None:
    for variant in _ids(kit, "variant"):
        summary = kit.check_variant(variant)
        assert summary.games == DEFAULT_DEALS and summary.moves > DEFAULT_DEALS * 20


def test_its_scoring_schemes_pass_over_the_variants_they_fit(kit: Kit) -> None:
    for scoring in _ids(kit, "scoring"):
        scheme = kit.catalog.scoring(scoring)
        fitting = [v for v in kit.catalog.variants.values() if scheme.fits(v)]
        assert fitting and len(fitting) < len(kit.catalog.variants)  # Windows scoring: not Baker's Game
        summary = kit.check_scoring(scoring)
        assert summary.games == DEFAULT_DEALS * len(fitting)


def test_the_builtin_scoring_that_fits_its_variant_passes_with_it(kit: Kit) -> None:
    assert kit.check_scoring("none", variants=_ids(kit, "variant")).games == DEFAULT_DEALS


def test_the_builtin_redeal_policies_leave_out_its_stockless_variant(kit: Kit) -> None:
    """A variant without a stock is left out of redeal checks: only Klondike's kind is played."""
    assert all(not kit.catalog.variant(v).has_stock for v in _ids(kit, "variant"))
    summary = kit.check_redeal("passes:2")
    assert summary.games == DEFAULT_DEALS * 5  # klondike, reflechi, pyramid, canfield and forty-thieves
