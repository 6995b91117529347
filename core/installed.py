"""The installed distributions' entry points and versions, read as ``importlib.metadata``
reads them, without importing it.

``importlib.metadata`` brings in the ``email`` package, ``zipfile``, ``socket`` and more:
a good part of a command's start-up, spent to read a few small files.  This module
reads the same files in the same order for the common case, every folder on
``sys.path`` a plain folder, and answers what ``importlib.metadata.entry_points(group=...)``
and ``importlib.metadata.version(...)`` would.  Whenever it meets anything else (a zip
file or an egg on the path, another finder of distributions on ``sys.meta_path``, an
unusual file name or metadata header, any error) it asks ``importlib.metadata`` itself.

>>> version("solitaire-framework") == __import__("importlib.metadata").metadata.version("solitaire-framework")
True
>>> [entry.name for entry in entry_points("no-such-group")]
[]
"""

from __future__ import annotations

import functools
import os
import re
import sys
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any, Final, Protocol

__all__ = ["Distribution", "EntryPoint", "EntryPointLike", "entry_points", "version"]


class _Dist(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def version(self) -> str: ...


class EntryPointLike(Protocol):
    """What :func:`entry_points` gives: an ``importlib.metadata.EntryPoint`` or an
    :class:`EntryPoint` (the same name, value, group, distribution and ``load()``)."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    @property
    def group(self) -> str: ...

    @property
    def dist(self) -> _Dist | None: ...

    def load(self) -> Any: ...


#: ``importlib.metadata.EntryPoint.pattern``: ``module``, ``module:attr``, ``module:a.b [extras]``.
_PATTERN: Final = r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$"
#: The line ends of ``str.splitlines`` that the ``email`` parser does not split on.
_OTHER_LINE_ENDS: Final = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
#: What ``importlib.metadata`` passes over when a metadata file cannot be read.
_UNREADABLE: Final = (FileNotFoundError, IsADirectoryError, KeyError, NotADirectoryError, PermissionError)


class _Unusual(Exception):
    """Something this module does not read as ``importlib.metadata`` would: ask it instead."""


class Distribution:
    """An installed distribution: its metadata folder (``*.dist-info`` or ``*.egg-info``);
    ``name`` and ``version`` from its metadata, read when asked for."""

    def __init__(self, path: str) -> None:
        self.path = path

    def read_text(self, filename: str) -> str | None:
        """A metadata file's text, or None when it cannot be read."""
        try:
            with open(os.path.join(self.path, filename) if filename else self.path, encoding="utf-8") as f:
                return f.read()
        except _UNREADABLE:
            return None

    def _header(self, key: str) -> str:
        text = self.read_text("METADATA") or self.read_text("PKG-INFO") or self.read_text("")
        try:
            if text is None:
                raise _Unusual(self.path)
            value = _header(text, key)
            if value is None:
                raise _Unusual(self.path)
            return value
        except _Unusual:
            from importlib import metadata
            from pathlib import Path

            found: str = metadata.PathDistribution(Path(self.path)).metadata[key]
            return found

    @property
    def name(self) -> str:
        """The ``Name`` of its metadata."""
        return self._header("Name")

    @property
    def version(self) -> str:
        """The ``Version`` of its metadata."""
        return self._header("Version")


class EntryPoint:
    """An entry point as ``importlib.metadata`` gives it: ``name``, ``value``, ``group``,
    its distribution (``dist``) and :meth:`load`."""

    def __init__(self, name: str, value: str, group: str, dist: Distribution) -> None:
        self.name, self.value, self.group, self.dist = name, value, group, dist

    def load(self) -> Any:
        """The module the value names, or the object in it (``module:attr``)."""
        match = re.match(_PATTERN, self.value)
        module = import_module(match.group("module"))  # type: ignore[union-attr]  # as importlib's
        attrs = filter(None, (match.group("attr") or "").split("."))  # type: ignore[union-attr]
        return functools.reduce(getattr, attrs, module)

    def __repr__(self) -> str:
        return f"EntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def entry_points(group: str) -> list[EntryPointLike]:
    """``importlib.metadata.entry_points(group=group)``: the entry points of the group, of
    each installed distribution in turn (the first of a name on ``sys.path`` only)."""
    try:
        return list(_entry_points(group))
    except Exception:
        from importlib import metadata

        return list(metadata.entry_points(group=group))


def version(package: str) -> str | None:
    """``importlib.metadata.version(package)``, or None when no such distribution is installed."""
    try:
        for normalized, dist in _distributions():
            if normalized == _normalize(package):
                return dist.version
        return None
    except Exception:
        from importlib import metadata

        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            return None


def _entry_points(group: str) -> list[EntryPoint]:
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for normalized, dist in _distributions():
        if normalized in seen:  # importlib.metadata takes the first distribution of a name
            continue
        seen.add(normalized)
        text = dist.read_text("entry_points.txt")
        found.extend(
            EntryPoint(name, value, section, dist)
            for section, name, value in _sections(text or "")
            if section == group
        )
    return found


def _sections(text: str) -> list[tuple[str, str, str]]:
    """``importlib.metadata.Sectioned.section_pairs``: (section, name, value) of each line."""
    pairs: list[tuple[str, str, str]] = []
    section = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section is not None:
            name, equals, value = line.partition("=")
            if not equals:
                raise _Unusual(line)  # importlib.metadata raises TypeError: let it say so
            pairs.append((section, name.strip(), value.strip()))
    return pairs


def _distributions() -> list[tuple[str, Distribution]]:
    """Every metadata folder on ``sys.path``, with its normalized name, in the order
    ``importlib.metadata`` finds them (each folder's children grouped by name, in the
    order of the folder's listing); :class:`_Unusual` for a path it would read otherwise."""
    for finder in sys.meta_path:
        if hasattr(finder, "find_distributions") and finder is not PathFinder:
            raise _Unusual(finder)
    found: list[tuple[str, Distribution]] = []
    for root in sys.path:
        if not isinstance(root, str) or root.lower().endswith(".egg"):
            raise _Unusual(root)
        try:
            children = os.listdir(root or ".")
        except OSError:
            if os.path.exists(root):
                raise _Unusual(root) from None  # a zip file: importlib.metadata looks inside
            continue
        groups: dict[str, list[Distribution]] = {}
        for child in children:
            low = child.lower()
            if not low.endswith((".dist-info", ".egg-info")):
                continue
            if not child.endswith((".dist-info", ".egg-info")):
                raise _Unusual(child)  # importlib.metadata names it by its metadata
            name = low.rpartition(".")[0].partition("-")[0]
            if not name:
                raise _Unusual(child)
            groups.setdefault(_normalize(name), []).append(Distribution(os.path.join(root, child)))
        found.extend((name, dist) for name, dists in groups.items() for dist in dists)
    return found


def _normalize(name: str) -> str:
    """``importlib.metadata.Prepared.normalize``: PEP 503, with underscores (each run of
    ``-``, ``_`` and ``.`` one ``_``, lower case)."""
    for separator in "-.":
        name = name.replace(separator, "_")
    while "__" in name:
        name = name.replace("__", "_")
    return name.lower()


def _header(text: str, key: str) -> str | None:
    """The first ``key`` header of metadata ``text`` as ``email`` (compat32) reads it, None
    when there is none; :class:`_Unusual` for a text its parser might read otherwise."""
    block = text.partition("\n\n")[0]
    if any(end in block for end in _OTHER_LINE_ENDS):
        raise _Unusual(key)
    lines = block.split("\n")
    for index, line in enumerate(lines):
        if index and line[:1] in (" ", "\t"):
            continue  # the folded value of another header
        name, colon, value = line.partition(":")
        # email.feedparser's headerRE, [\041-\071\073-\176]*: (a "From " line is another thing)
        if line.startswith("From ") or not (colon and all("!" <= c <= "~" for c in name)):
            raise _Unusual(line)  # the headers' end or a defect: the parser's to say
        if name.lower() == key.lower():
            if index + 1 < len(lines) and lines[index + 1][:1] in (" ", "\t"):
                raise _Unusual(line)  # a folded value
            return value.lstrip(" \t")
    return None
