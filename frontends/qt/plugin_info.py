"""What the plugins brought, and the plugins left out: Help ▸ Plugins, and the notice.

The plugins installed are listed with their package, its version and what
they register (variants, scoring schemes, redeal policies, hints); those left
out (they failed to load, raised in a hook, registered nonsense or an id
already taken, or were blocked by ``SOLITAIRE_BLOCK_PLUGINS``) with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import metadata

import attrs
from qtpy.QtCore import Qt
from qtpy.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from solitaire.core.registry import BUILTIN_PACKAGE, Catalog, PluginProblem, package_version
from solitaire.frontends.qt.i18n import text

__all__ = ["InstalledPlugin", "PluginsDialog", "installed_plugins", "problem_lines"]


@attrs.frozen
class InstalledPlugin:
    """One plugin of a catalog, and what it registered (in the player's words)."""

    name: str
    package: str
    version: str
    registers: tuple[str, ...]


def problem_lines(problems: Iterable[PluginProblem]) -> str:
    """Each problem once, as a line ``plugin: reason``, in a stable order (what Settings keep)."""
    return "\n".join(sorted({f"{problem.plugin}: {problem.reason}" for problem in problems}))


def installed_plugins(catalog: Catalog, lang: str) -> list[InstalledPlugin]:
    """The plugins of ``catalog`` that registered something or give hints, built-ins
    first; what each registered is said kind by kind ("variants: Klondike, Réfléchi")."""
    found: dict[str, tuple[str, str, dict[str, list[str]]]] = {}
    for (kind, key), info in catalog.sources.items():
        kinds = found.setdefault(info.plugin, (info.package, info.version, {}))[2]
        kinds.setdefault(kind, []).append(_name(catalog, kind, key, lang))
    for impl in reversed(catalog.manager.hook.solitaire_hint.get_hookimpls()):  # the order they are asked
        if impl.plugin_name not in found:
            package = _package_of(impl.plugin)
            found[impl.plugin_name] = (package, package_version(package) if package != "?" else "?", {})
        found[impl.plugin_name][2]["hint"] = []
    plugins = []
    for name, (package, version, kinds) in found.items():
        # "hints" names nothing: its text takes no names.
        said = (text(f"plugins.kind.{kind}", lang, names=", ".join(names)) for kind, names in kinds.items())
        plugins.append(InstalledPlugin(name, package, version, tuple(said)))
    return plugins


def _name(catalog: Catalog, kind: str, key: str, lang: str) -> str:
    if kind == "variant" and key in catalog.variants:
        return catalog.variants[key].name(lang)
    if kind == "scoring" and key in catalog.scorings:
        return catalog.scorings[key].name(lang)
    return key


def _package_of(plugin: object) -> str:
    module = str(getattr(plugin, "__module__", None) or getattr(plugin, "__name__", ""))
    if module == "solitaire" or module.startswith("solitaire."):
        return BUILTIN_PACKAGE
    names = metadata.packages_distributions().get(module.partition(".")[0], [])
    return names[0] if names else "?"


class PluginsDialog(QDialog):
    """Help ▸ Plugins: the plugins installed and those left out, with the reasons."""

    def __init__(
        self,
        catalog: Catalog,
        problems: Sequence[PluginProblem],
        lang: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(text("dialog.plugins.title", lang))
        layout = QVBoxLayout(self)
        layout.addWidget(_heading(text("plugins.installed", lang)))
        plugins = installed_plugins(catalog, lang)
        self.installed = _table(
            [
                text(key, lang)
                for key in ("plugins.name", "plugins.package", "plugins.version", "plugins.registers")
            ],
            [[p.name, p.package, p.version, "\n".join(p.registers)] for p in plugins],
        )
        layout.addWidget(self.installed)
        layout.addWidget(_heading(text("plugins.left_out", lang)))
        lines = sorted({(problem.plugin, problem.message(lang)) for problem in problems})
        self.left_out = _table(
            [text("plugins.name", lang), text("plugins.reason", lang)], [[name, why] for name, why in lines]
        )
        self.left_out.setVisible(bool(lines))
        layout.addWidget(self.left_out)
        self.none_left_out = QLabel(text("plugins.none_left_out", lang))
        self.none_left_out.setVisible(not lines)
        layout.addWidget(self.none_left_out)
        note = QLabel(text("plugins.note", lang))
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(820, 460)


def _heading(words: str) -> QLabel:
    label = QLabel(words)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _table(headers: list[str], rows: list[list[str]]) -> QTableWidget:
    table = QTableWidget(len(rows), len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    for row, values in enumerate(rows):
        for column, value in enumerate(values):
            item = QTableWidgetItem(value)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)  # to copy, not edit
            item.setToolTip(value)
            table.setItem(row, column, item)
    table.resizeColumnsToContents()
    table.resizeRowsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    return table
