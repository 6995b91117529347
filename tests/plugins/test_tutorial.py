"""The modder's guide's tutorial works as written: its files, built into an empty
folder and installed with pip, give a plugin that the ``solitaire`` command finds,
and the commands it shows print what it shows."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "modding.md"
HEADING = "## Tutorial: a variant from an empty folder"


def tutorial() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(HEADING)
    end = text.find("\n## ", start + len(HEADING))
    return text[start : end if end >= 0 else None]


def files() -> dict[str, str]:
    """The files the tutorial writes: a line "File `NAME`:", then a fenced block."""
    found = re.findall(r"^File `([^`]+)`:\n\n```\w+\n(.*?)^```$", tutorial(), flags=re.MULTILINE | re.DOTALL)
    return dict(found)


def sessions() -> list[tuple[str, str]]:
    """The commands the tutorial shows in ``shell`` blocks, each with its output."""
    shown = []
    for block in re.findall(r"^```shell\n(.*?)^```$", tutorial(), flags=re.MULTILINE | re.DOTALL):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            shown.append((command, output))
    return shown


def matches(expected: str, actual: str) -> bool:
    """``actual`` is ``expected``, where a line ``...`` stands for any number of lines."""
    pattern = "".join(
        "(?:.*\n)*" if line == "..." else re.escape(line) + "\n" for line in expected.splitlines()
    )
    return re.fullmatch(pattern, actual) is not None


def test_the_tutorial_writes_a_package_and_shows_commands() -> None:
    assert sorted(files()) == ["pyproject.toml", "solitaire_wide.py"]
    commands = [command for command, _ in sessions()]
    assert commands and all(command.startswith("solitaire ") for command in commands)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tutorial's folder built from the guide and pip-installed into a folder of its own
    (the test environment itself is left as it was)."""
    base = tmp_path_factory.mktemp("tutorial")
    folder = base / "solitaire-wide"
    folder.mkdir()
    for name, content in files().items():
        (folder / name).write_text(content, encoding="utf-8")
    site = base / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-build-isolation",
            "--no-deps",
            "--target",
            str(site),
            str(folder),
        ],
        check=True,
        capture_output=True,
    )
    return site


@pytest.mark.parametrize(("command", "expected"), sessions(), ids=lambda value: str(value)[:40])
def test_the_installed_tutorial_plugin_prints_what_the_guide_shows(
    installed: Path, command: str, expected: str
) -> None:
    argv = shlex.split(command)
    result = subprocess.run(
        [sys.executable, "-m", "solitaire", *argv[1:]],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(installed), "PYTHONIOENCODING": "utf-8", "SOLITAIRE_LANG": "en"},
        timeout=60,
        cwd=installed.parent,
    )
    assert matches(expected, result.stdout + result.stderr), result.stdout + result.stderr
