"""Ready-made test classes: subclass one in a test module and name what to test.

::

    from solitaire.testing import VariantConformance

    class TestHalfOpen(VariantConformance):
        variant_id = "halfopen"
        plugins = [halfopen_plugin]        # only while the package is not installed
        perft_files = ["data/halfopen.perft"]  # relative to the test module

pytest collects the inherited tests (``test_description``, ``test_random_games``
and, for variants, ``test_perft_files``).  Class attributes set the kit's
``deals``, ``steps``, ``seed`` and ``samples``; the command line's
``--solitaire-deals`` and friends override them for a run.
"""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from pathlib import Path
from typing import ClassVar

import pytest

from solitaire.core.registry import Catalog
from solitaire.testing.kit import DEFAULT_DEALS, DEFAULT_SAMPLES, DEFAULT_STEPS, Kit
from solitaire.testing.perft import check_perft
from solitaire.testing.plugin import kit_settings

__all__ = ["RedealConformance", "ScoringConformance", "VariantConformance"]


class _Conformance:
    """What the three test classes share: where the plugins come from and how hard to look."""

    #: Plugin modules or objects to load besides the installed ones (a plugin not installed yet).
    plugins: ClassVar[Sequence[object]] = ()
    #: A catalog to test with instead of the installed plugins and ``plugins``.
    catalog: ClassVar[Catalog | None] = None
    deals: ClassVar[int] = DEFAULT_DEALS
    steps: ClassVar[int] = DEFAULT_STEPS
    seed: ClassVar[int] = 0
    samples: ClassVar[int] = DEFAULT_SAMPLES

    def make_kit(self, request: pytest.FixtureRequest) -> Kit:
        """The kit for this class's settings, overridden by the command line's."""
        settings = {"deals": self.deals, "steps": self.steps, "seed": self.seed, "samples": self.samples}
        settings.update(kit_settings(request.config))
        return Kit(self.catalog, self.plugins, **settings)

    def _id(self, attribute: str) -> str:
        value = getattr(self, attribute, None)
        if not isinstance(value, str):
            pytest.fail(f"{type(self).__name__}: set {attribute} to the id to test", pytrace=False)
        return value


class VariantConformance(_Conformance):
    """Tests for the variant named by ``variant_id``; ``perft_files`` lists files
    of recorded positions to check (paths relative to the test module)."""

    variant_id: ClassVar[str]
    #: The scoring scheme of the games (default: the variant's ``default_scoring``)
    #: and their redeal policy (default: the scoring's).
    scoring: ClassVar[str | None] = None
    redeal: ClassVar[str | None] = None
    perft_files: ClassVar[Sequence[str | PathLike[str]]] = ()

    def test_description(self, request: pytest.FixtureRequest) -> None:
        self.make_kit(request).check_variant_description(self._id("variant_id"))

    def test_random_games(self, request: pytest.FixtureRequest) -> None:
        kit = self.make_kit(request)
        kit.check_variant_games(self._id("variant_id"), scoring=self.scoring, redeal=self.redeal)

    def test_perft_files(self, request: pytest.FixtureRequest) -> None:
        if not self.perft_files:
            pytest.skip("no perft_files to check")
        kit = self.make_kit(request)
        for name in self.perft_files:
            check_perft(request.path.parent / Path(name), catalog=kit.catalog)


class ScoringConformance(_Conformance):
    """Tests for the scoring scheme named by ``scoring_id``, in games of ``variants``
    (default: every installed variant the scheme fits)."""

    scoring_id: ClassVar[str]
    variants: ClassVar[Sequence[str] | None] = None

    def test_description(self, request: pytest.FixtureRequest) -> None:
        self.make_kit(request).check_scoring_description(self._id("scoring_id"))

    def test_random_games(self, request: pytest.FixtureRequest) -> None:
        self.make_kit(request).check_scoring_games(self._id("scoring_id"), variants=self.variants)


class RedealConformance(_Conformance):
    """Tests for the redeal policy named by ``redeal_id`` (such as ``passes:3``),
    in games of ``variants`` (default: every installed variant whose waste goes back
    to its stock) under ``scoring`` (default: each variant's own)."""

    redeal_id: ClassVar[str]
    variants: ClassVar[Sequence[str] | None] = None
    scoring: ClassVar[str | None] = None

    def test_description(self, request: pytest.FixtureRequest) -> None:
        self.make_kit(request).check_redeal_description(self._id("redeal_id"))

    def test_random_games(self, request: pytest.FixtureRequest) -> None:
        kit = self.make_kit(request)
        kit.check_redeal_games(self._id("redeal_id"), variants=self.variants, scoring=self.scoring)
