"""What the store tests of the terminal game, the window and the store itself share: a
disk that fails to write, and a variant only a plugin provides (to take it away)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

import pytest

from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import Registry
from solitaire.variants.klondike import Klondike


class Disk:
    """``os.replace`` that fails with the error ``code`` for files in ``folder`` while ``full``."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, folder: Path, code: int, *, full: bool = True
    ) -> None:
        self.folder, self.code, self.full = folder.resolve(), code, full
        real = os.replace

        def replace(source: Any, target: Any, **kwargs: Any) -> None:
            if self.full and Path(target).resolve().parent == self.folder:
                raise OSError(self.code, os.strerror(self.code), str(target))
            real(source, target, **kwargs)

        monkeypatch.setattr(os, "replace", replace)

    def mend(self) -> None:
        """The disk works again."""
        self.full = False


class Sibling(Klondike):
    """Klondike under another name: a variant only a plugin provides."""

    id: ClassVar[str] = "sibling"
    code_prefix: ClassVar[str] = "SB"
    names: ClassVar[dict[str, str]] = {"en": "Sibling", "ru": "Сестра"}


class SiblingPlugin:
    @hookimpl
    def solitaire_register_variants(self, register: Registry) -> None:
        register.add_variant(Sibling())
