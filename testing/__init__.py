"""The conformance kit: tests that a variant, scoring scheme or redeal policy keeps
the framework's promises.  See ``docs/testing-plugins.md``.

Call the checks from a test::

    from solitaire.testing import check_variant

    def test_my_variant():
        check_variant("my-variant")

or subclass a ready-made test class (:class:`VariantConformance`,
:class:`ScoringConformance`, :class:`RedealConformance`).  The names here are
loaded on first use, so that the pytest plugin (:mod:`solitaire.testing.plugin`)
costs a test run nothing until a test uses the kit.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solitaire.testing.kit import (
        DEFAULT_DEALS,
        DEFAULT_SAMPLES,
        DEFAULT_STEPS,
        ConformanceError,
        Kit,
        Summary,
        check_redeal,
        check_scoring,
        check_variant,
    )
    from solitaire.testing.perft import Position, check_perft, read_perft, write_perft
    from solitaire.testing.suites import RedealConformance, ScoringConformance, VariantConformance

__all__ = [
    "DEFAULT_DEALS",
    "DEFAULT_SAMPLES",
    "DEFAULT_STEPS",
    "ConformanceError",
    "Kit",
    "Position",
    "RedealConformance",
    "ScoringConformance",
    "Summary",
    "VariantConformance",
    "check_perft",
    "check_redeal",
    "check_scoring",
    "check_variant",
    "read_perft",
    "write_perft",
]

_HOMES = {
    "perft": ("Position", "check_perft", "read_perft", "write_perft"),
    "suites": ("RedealConformance", "ScoringConformance", "VariantConformance"),
}
_MODULES = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{_MODULES.get(name, 'kit')}")
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
