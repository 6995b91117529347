"""The four top-level folders ship as one namespace, ``solitaire.*``."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("core", "variants", "plugins", "frontends", "testing")


def _declared_packages() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(config["tool"]["setuptools"]["packages"])


def _package_folders() -> set[str]:
    found = {"solitaire"}
    for folder in FOLDERS:
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT)
            found.add(".".join(("solitaire", *relative.parts)))
    return found


def test_every_package_folder_is_declared() -> None:
    # A package missing from the list imports in an editable install but is left out of the wheel.
    assert _package_folders() == _declared_packages()


def test_no_namespace_init() -> None:
    assert not (ROOT / "__init__.py").exists()


@pytest.mark.slow
def test_wheel_holds_every_module(tmp_path: Path) -> None:
    # setuptools builds in ./build; a stale one would ship modules that are gone.
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("solitaire_framework-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in FOLDERS:
        for module in (ROOT / folder).rglob("*.py"):
            assert f"solitaire/{module.relative_to(ROOT).as_posix()}" in names
    assert "solitaire/__main__.py" in names
    assert "solitaire/core/py.typed" in names
    # the catalogues, read at run time with gettext
    for catalogue in (ROOT / "core" / "locale").rglob("*.[mp]o*"):
        assert f"solitaire/{catalogue.relative_to(ROOT).as_posix()}" in names
    assert "solitaire/core/locale/ru/LC_MESSAGES/solitaire.mo" in names
    assert not any(name.startswith(("solitaire/tests/", "solitaire/benchmarks/")) for name in names)
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "solitaire = solitaire.frontends.cli.main:main" in text
    shutil.rmtree(ROOT / "build", ignore_errors=True)
