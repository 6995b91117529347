"""solitaire.core.installed: the installed packages' entry points and versions, read without
importing importlib.metadata, and always what importlib.metadata answers."""

from __future__ import annotations

import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from solitaire.core import installed


def entries(found: object) -> list[tuple[str, str, str, str, str]]:
    """An entry-point list as data: name, value, group, distribution name and version."""
    return [(e.name, e.value, e.group, e.dist.name, e.dist.version) for e in found]  # type: ignore[attr-defined]


def groups() -> set[str]:
    return {entry.group for dist in metadata.distributions() for entry in dist.entry_points}


def test_every_group_of_this_environment_is_read_as_importlib_metadata_reads_it() -> None:
    assert {"console_scripts", "solitaire"} <= groups()
    for group in sorted(groups()):
        assert entries(installed._entry_points(group)) == entries(metadata.entry_points(group=group)), group


def test_every_version_of_this_environment_is_importlib_metadatas() -> None:
    for dist in metadata.distributions():
        name = dist.metadata["Name"]
        assert installed.version(name) == metadata.version(name), name
    assert installed.version("no-such-distribution-here") is None


def dist_info(folder: Path, stem: str, name: str, version: str, points: str | None) -> None:
    info = folder / stem
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n\nText\n")
    if points is not None:
        (info / "entry_points.txt").write_text(points)


@pytest.fixture
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Two folders, alone on ``sys.path``, with packages of the same names in both."""
    first, second = tmp_path / "first", tmp_path / "second"
    dist_info(first, "alpha-1.0.dist-info", "alpha", "1.0", "[solitaire]\nalpha = alpha_mod\n")
    dist_info(first, "Beta_Pkg-2.0.dist-info", "Beta.Pkg", "2.0", "# a comment\n[other]\nx = y\n")
    dist_info(first, "gamma-3.0.dist-info", "gamma", "3.0", None)
    dist_info(
        first,
        "delta-0.1.egg-info",
        "delta",
        "0.1",
        "[solitaire]\n  delta = delta.plugin:thing [extra]  \n# a comment\n[solitaire]\nmore=delta.more\n",
    )
    (first / "old-0.5.egg-info").write_text("Metadata-Version: 1.0\nName: old\nVersion: 0.5\n")
    dist_info(second, "alpha-9.0.dist-info", "alpha", "9.0", "[solitaire]\nshadowed = nowhere\n")
    dist_info(second, "beta.pkg-3.0.dist-info", "beta-pkg", "3.0", "[solitaire]\nbeta = beta\n")
    dist_info(second, "epsilon-1.0.dist-info", "epsilon", "1.0", "[solitaire]\nalpha = epsilon\n")
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "missing")])
    return [first, second]


def test_the_first_distribution_of_a_name_on_the_path_is_taken(path: list[Path]) -> None:
    found = entries(installed._entry_points("solitaire"))
    assert found == entries(metadata.entry_points(group="solitaire"))
    assert sorted(name for name, *_ in found) == ["alpha", "alpha", "delta", "more"]  # folder order
    assert installed.version("alpha") == "1.0" == metadata.version("alpha")
    assert installed.version("BETA-pkg") == "2.0" == metadata.version("BETA-pkg")
    assert installed.version("old") == "0.5" == metadata.version("old")


def test_an_entry_point_loads_the_object_it_names(path: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    (path[0] / "delta").mkdir()
    (path[0] / "delta" / "__init__.py").write_text("")
    (path[0] / "delta" / "plugin.py").write_text("class thing:\n    pass\n")
    (delta,) = [e for e in installed.entry_points("solitaire") if e.name == "delta"]
    monkeypatch.delitem(sys.modules, "delta", raising=False)
    monkeypatch.delitem(sys.modules, "delta.plugin", raising=False)
    assert delta.load().__qualname__ == "thing"
    assert delta.load() is sys.modules["delta.plugin"].thing


def test_what_it_does_not_read_itself_is_asked_of_importlib_metadata(
    path: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folded Name header: the email parser's to read.
    dist_info(path[0], "folded-1.0.dist-info", "folded", "1.0", "[solitaire]\nfolded = folded\n")
    (path[0] / "folded-1.0.dist-info" / "METADATA").write_text("Name: fol\n ded\nVersion: 1.0\n")
    # A zip file on the path.
    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
        zipped.writestr("zipped-1.0.dist-info/entry_points.txt", "[solitaire]\nzipped = zipped\n")
    monkeypatch.setattr(sys, "path", [*sys.path, str(archive)])
    with pytest.raises(installed._Unusual):
        installed._distributions()
    found = installed.entry_points("solitaire")
    assert entries(found) == entries(metadata.entry_points(group="solitaire"))
    assert {"folded", "zipped"} <= {e.name for e in found}
    assert installed.version("zipped") == "1.0"


def test_a_finder_of_distributions_of_its_own_is_asked_through_importlib_metadata(
    path: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Finder:
        @staticmethod
        def find_spec(*args: object) -> None:
            return None

        @staticmethod
        def find_distributions(context: object = None) -> list[metadata.Distribution]:
            return [metadata.PathDistribution(path[1] / "epsilon-1.0.dist-info")]

    monkeypatch.setattr(sys, "meta_path", [Finder, *sys.meta_path])
    with pytest.raises(installed._Unusual):
        installed._distributions()
    assert entries(installed.entry_points("solitaire")) == entries(metadata.entry_points(group="solitaire"))
