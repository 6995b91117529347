"""The examples in docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import solitaire


def _modules() -> list[str]:
    return sorted(
        info.name
        for info in pkgutil.walk_packages(solitaire.__path__, "solitaire.")
        if not info.name.endswith("__main__")
    )


def test_modules_are_found() -> None:
    assert "solitaire.core.cards" in _modules()


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
