"""Shared test set-up: no test touches the player's real files."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Helper modules that tests in several folders share (on mypy's path too).
sys.path.insert(0, str(Path(__file__).parent / "helpers"))

# Qt draws offscreen in tests (pytest-qt does not choose a platform itself).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import pytest
from hypothesis import settings

from solitaire.core.store import HOME_VARIABLE

# The tests marked slow (long property runs, rechecks, kill rounds) run smaller unless
# SOLITAIRE_TESTS=thorough (README, "For developers"); that also gives the property
# tests that choose no number of examples five times the default.  No deadline: the
# machine running the tests may be busy, and time is not what they check.
settings.register_profile("ci", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=500)
settings.load_profile("thorough" if os.environ.get("SOLITAIRE_TESTS") == "thorough" else "ci")


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the local store at a fresh folder for every test (subprocesses inherit it)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    monkeypatch.delenv("SOLITAIRE_BLOCK_PLUGINS", raising=False)
    monkeypatch.delenv("SOLITAIRE_LANG", raising=False)
    monkeypatch.delenv("SOLITAIRE_LOCALE_PATH", raising=False)
    # The game follows the system locale: tests speak English unless they say otherwise.
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return home
