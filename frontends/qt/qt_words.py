"""Qt's own words that the translations Qt ships leave out, from the game's catalogue.

Qt 6.11's ``qtbase_ru.qm`` has no translation of the file dialog's "&Look in:" and
"Files of &type:" (their source texts gained a mnemonic and lost the translation),
nor of the file types of its Type column ("Folder": their context changed), so a
Russian file dialog showed them in English.  :class:`QtWords` answers for the
texts listed here, through gettext; everything else is left to Qt's translations.
"""

from __future__ import annotations

from typing import Final

from qtpy.QtCore import QObject, QTranslator

from solitaire.core import i18n
from solitaire.core.i18n import N_

__all__ = ["QT_WORDS", "QtWords"]

#: By Qt's translation context: the source texts this translator answers for.
QT_WORDS: Final[dict[str, frozenset[str]]] = {
    "QFileDialog": frozenset({N_("&Look in:"), N_("Files of &type:"), N_("Computer")}),
    # The file dialog's Type column (the context was QFileDialog before Qt 6)
    "QAbstractFileIconProvider": frozenset(
        {N_("Folder"), N_("File"), N_("%1 File"), N_("Drive"), N_("Shortcut"), N_("Unknown")}
    ),
}


class QtWords(QTranslator):
    """Installed after Qt's own translator, it is asked first: it answers for
    :data:`QT_WORDS` in ``lang`` and says nothing about any other text."""

    def __init__(self, lang: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lang = lang

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        # None is Qt's null string, "not mine": the next translator is asked.
        if source not in QT_WORDS.get(context, ()):
            return None
        text = i18n.gettext(source, self.lang)
        return None if text == source else text

    def isEmpty(self) -> bool:
        return False
