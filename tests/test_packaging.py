"""The four top-level folders ship as one namespace, ``solitaire.*``; the wheel and the sdist
hold what a Python user and a packager need (types, licence, desktop files), and no more."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from solitaire.frontends.desktop import APP_ID

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("core", "variants", "plugins", "frontends", "testing")
DATA_FILES = (f"{APP_ID}.desktop", f"{APP_ID}.svg", f"{APP_ID}.metainfo.xml")


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


def test_every_package_is_marked_typed() -> None:
    # Without py.typed a modder's mypy sees the package as untyped (Klondike is Any).
    missing = [
        package
        for package in _declared_packages() - {"solitaire"}
        if not _folder(package).joinpath("py.typed").is_file()
    ]
    assert missing == []


def _folder(package: str) -> Path:
    return ROOT.joinpath(*package.split(".")[1:])


# -- building -------------------------------------------------------------------------------------

_SKIPPED = (
    ".git",
    ".venv",
    ".typecheck",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
)


def _pip_wheel(source: Path, out: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
        + ["--wheel-dir", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("solitaire_framework-*.whl")
    return wheel


class Built:
    """A wheel and an sdist built from a copy of the tree (setuptools writes build/ and
    *.egg-info where it builds: a copy keeps parallel runs and stale files apart), and the
    wheel built from that sdist, as pip builds it for a user without a wheel."""

    def __init__(self, folder: Path) -> None:
        tree = folder / "tree"
        shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*_SKIPPED))
        self.wheel = _pip_wheel(tree, folder / "wheel")
        script = "import sys\nfrom setuptools import build_meta\nprint(build_meta.build_sdist(sys.argv[1]))"
        done = subprocess.run(
            [sys.executable, "-c", script, str(folder / "sdist")],
            cwd=tree,
            check=True,
            capture_output=True,
            text=True,
        )
        self.sdist = folder / "sdist" / done.stdout.strip().splitlines()[-1]
        with tarfile.open(self.sdist) as archive:
            archive.extractall(folder / "unpacked", filter="data")
        (unpacked,) = (folder / "unpacked").iterdir()
        self.wheel_from_sdist = _pip_wheel(unpacked, folder / "wheel-from-sdist")

    def wheel_names(self, wheel: Path | None = None) -> set[str]:
        with zipfile.ZipFile(wheel or self.wheel) as archive:
            return set(archive.namelist())

    def wheel_text(self, suffix: str) -> str:
        with zipfile.ZipFile(self.wheel) as archive:
            name = next(name for name in archive.namelist() if name.endswith(suffix))
            return archive.read(name).decode("utf-8")

    def sdist_names(self) -> set[str]:
        with tarfile.open(self.sdist) as archive:
            return {name.partition("/")[2] for name in archive.getnames()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return Built(tmp_path_factory.mktemp("built"))


@pytest.mark.slow
def test_wheel_holds_every_module(built: Built) -> None:
    names = built.wheel_names()
    for folder in FOLDERS:
        for module in (ROOT / folder).rglob("*.py"):
            assert f"solitaire/{module.relative_to(ROOT).as_posix()}" in names
    assert "solitaire/__main__.py" in names
    for page in (ROOT / "variants" / "rules").glob("*.md"):  # Help ▸ Rules reads them
        assert f"solitaire/variants/rules/{page.name}" in names
    for catalogue in (ROOT / "core" / "locale").rglob("*.[mp]o*"):  # the translations, read with gettext
        assert f"solitaire/{catalogue.relative_to(ROOT).as_posix()}" in names
    assert "solitaire/core/locale/ru/LC_MESSAGES/solitaire.mo" in names
    assert not any(name.startswith(("solitaire/tests/", "solitaire/benchmarks/")) for name in names)
    text = built.wheel_text("entry_points.txt")
    assert "solitaire = solitaire.frontends.cli.main:main" in text
    assert "[gui_scripts]\nsolitaire-gui = solitaire.frontends.cli.main:gui_main" in text


@pytest.mark.slow
def test_wheel_ships_types_licence_and_desktop_files(built: Built) -> None:
    names = built.wheel_names()
    for package in _declared_packages() - {"solitaire"}:
        assert f"{package.replace('.', '/')}/py.typed" in names
    for name in DATA_FILES:
        assert f"solitaire/frontends/desktop/{name}" in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


@pytest.mark.slow
def test_wheel_metadata(built: Built) -> None:
    metadata = Parser().parsestr(built.wheel_text(".dist-info/METADATA"))
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    classifiers = metadata.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Environment :: X11 Applications :: Qt" in classifiers
    assert {"Programming Language :: Python :: 3.11", "Programming Language :: Python :: 3.13"} <= set(
        classifiers
    )
    assert not any(
        classifier.startswith("License ::") for classifier in classifiers
    )  # the SPDX field says it
    requires = [Requirement(text) for text in metadata.get_all("Requires-Dist") or []]
    # The 6.12 bound only where its leak is (Python 3.11).
    for python, allows_6_12 in (("3.11", False), ("3.12", True), ("3.13", True)):
        environment = {"python_version": python, "extra": "qt"}
        (pyside,) = [
            r
            for r in requires
            if r.name.lower() == "pyside6-essentials"
            and r.marker is not None
            and r.marker.evaluate(environment)
        ]
        assert pyside.specifier.contains("6.12.0") is allows_6_12, python
        assert pyside.specifier.contains("6.6.0") and not pyside.specifier.contains("6.5.3")


@pytest.mark.slow
def test_sdist_holds_the_package_and_docs_but_no_tests(built: Built) -> None:
    names = built.sdist_names()
    assert {"LICENSE", "README.md", "pyproject.toml", "MANIFEST.in"} <= names
    assert {f"docs/{doc.name}" for doc in (ROOT / "docs").glob("*.md")} <= names
    for name in DATA_FILES:
        assert f"frontends/desktop/{name}" in names
    # The tests need the repository (its example plugin, scripts): none ship half-way.
    assert not any(
        name.startswith(("tests/", "benchmarks/", "examples/", "scripts/", ".ci/")) for name in names
    )


@pytest.mark.slow
def test_a_wheel_built_from_the_sdist_is_the_same(built: Built) -> None:
    def contents(wheel: Path) -> set[str]:
        return {name for name in built.wheel_names(wheel) if not name.endswith("RECORD")}

    assert contents(built.wheel_from_sdist) == contents(built.wheel)


MODDER = """\
from collections.abc import Sequence

from solitaire.core.cards import Card
from solitaire.variants.klondike import Klondike


class Narrow(Klondike):
    def movable(self, up: Sequence[Card]) -> int:
        return min(1, super().movable(up))
"""


def _mypy(folder: Path, site: Path, code: str) -> subprocess.CompletedProcess[str]:
    (folder / "modder.py").write_text(code, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental"]
        + ["--python-executable", str(site), "--config-file", "/dev/null", "modder.py"],
        cwd=folder,
        capture_output=True,
        text=True,
    )


@pytest.mark.slow
def test_a_modders_mypy_sees_the_installed_types(built: Built, tmp_path: Path) -> None:
    # An environment with the wheel installed (not editable) and this one's dependencies.
    environment = tmp_path / "env"
    venv.create(environment, with_pip=False)
    python = environment / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            purelib,
            str(built.wheel),
        ],
        check=True,
        capture_output=True,
    )
    ours = subprocess.run(
        [sys.executable, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(purelib, "dependencies.pth").write_text(ours + "\n", encoding="utf-8")

    work = tmp_path / "work"
    work.mkdir()
    typed = _mypy(work, python, MODDER)
    assert typed.returncode == 0, typed.stdout
    wrong = _mypy(work, python, MODDER + "\n\nwidth: str = Narrow().movable(())\n")
    assert 'expression has type "int", variable has type "str"' in wrong.stdout
