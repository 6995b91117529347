"""The conformance kit's pytest plugin: command-line options and two fixtures.

Ask for it in the ``conftest.py`` at the top of your tests::

    pytest_plugins = ["solitaire.testing.plugin"]

or on the command line (``pytest -p solitaire.testing.plugin``, also in
``addopts``).  It imports only pytest, adds no autouse fixture and no hook that
acts on collection; it adds

* the options ``--solitaire-deals N``, ``--solitaire-steps N``,
  ``--solitaire-seed N`` and ``--solitaire-samples N``, which set how hard the
  kit looks in every check of the run (raise them for a deeper run);
* the fixture ``solitaire_kit``: a :class:`~solitaire.testing.kit.Kit` with those
  settings and the installed plugins plus those of ``solitaire_plugins``;
* the fixture ``solitaire_plugins``: plugin objects to test before they are
  installed (none; override it in a test module or ``conftest.py``).

The framework does not load it in every pytest run through the ``pytest11``
entry-point group: pytest marks the files of a distribution with such an entry
point for assertion rewriting, and from the framework's (its root is the
namespace ``solitaire``, holding ``__main__.py``) it would mark ``__main__``,
which is always imported: every run would warn, and fail under
``-W error``.  The kit's functions and test classes work without the plugin.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import pytest

if TYPE_CHECKING:
    from solitaire.testing.kit import Kit

__all__ = ["SETTINGS", "kit_settings", "pytest_addoption", "solitaire_kit", "solitaire_plugins"]

#: The kit settings the command line can change, with what they mean.
SETTINGS: Final = {
    "deals": "games per check (per variant for scoring schemes and redeal policies)",
    "steps": "actions per game",
    "seed": "the seed that chooses the deals and the actions",
    "samples": "moves outside the legal ones tried at each position",
}


def _whole_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0, not {value}")
    return value


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("solitaire", "solitaire conformance kit (solitaire.testing)")
    for name, meaning in SETTINGS.items():
        group.addoption(
            f"--solitaire-{name}",
            dest=f"solitaire_{name}",
            type=_whole_number,
            default=None,
            metavar="N",
            help=f"the kit's {name}: {meaning}",
        )


def kit_settings(config: pytest.Config) -> dict[str, Any]:
    """The kit settings given on the command line, as keyword arguments of
    :class:`~solitaire.testing.kit.Kit` (none when the plugin is not loaded)."""
    settings: dict[str, Any] = {}
    for name in SETTINGS:
        value = config.getoption(f"solitaire_{name}", default=None)
        if value is not None:
            settings[name] = int(value)
    return settings


@pytest.fixture
def solitaire_plugins() -> Sequence[object]:
    """Plugin modules or objects for the kit to load besides the installed ones."""
    return ()


@pytest.fixture
def solitaire_kit(request: pytest.FixtureRequest, solitaire_plugins: Sequence[object]) -> Kit:
    """A conformance kit with the command line's settings (see the module docstring)."""
    from solitaire.testing.kit import Kit

    return Kit(plugins=solitaire_plugins, **kit_settings(request.config))
