"""The player's language: gettext catalogues, the system locale and messages
translated when they are shown.

Every text the player sees is written in English in the source, marked for
extraction (``N_``, :class:`Message`, :class:`Plural`), and translated at run time
from the standard gettext catalogues (``.mo`` files compiled from ``.po`` files):
``core/locale/LANG/LC_MESSAGES/solitaire.mo`` for the game, and a domain of its
own for each plugin that ships a catalogue (:func:`bind`).  The languages are the
catalogues present: adding one is adding a catalogue, with no code change.

>>> Message("There is no pile {pile} in this game.", pile="t9").translate("ru")
'В этой игре нет стопки t9.'
>>> [Plural("{n} pass", "{n} passes", n).translate("ru") for n in (1, 2, 5, 11, 21)]
['1 проход', '2 прохода', '5 проходов', '11 проходов', '21 проход']
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final

from solitaire.core.cards import Card

__all__ = [
    "DOMAIN",
    "LANGUAGE_VARIABLE",
    "LOCALE_FOLDER",
    "LOCALE_PATH_VARIABLE",
    "N_",
    "SOURCE_LANGUAGE",
    "Message",
    "N_plural",
    "Plural",
    "bind",
    "choose_language",
    "error_message",
    "gettext",
    "has_translation",
    "is_language",
    "language_name",
    "languages",
    "localised",
    "ngettext",
    "pgettext",
    "system_language",
    "translate",
    "translation",
    "unbind",
]

DOMAIN: Final = "solitaire"
"""The gettext domain of the game's own texts."""

SOURCE_LANGUAGE: Final = "en"
"""The language the texts are written in (the msgids): it needs no catalogue."""

LANGUAGE_VARIABLE: Final = "SOLITAIRE_LANG"
"""The environment variable by which the player chooses the language (as ``--lang`` does)."""

LOCALE_PATH_VARIABLE: Final = "SOLITAIRE_LOCALE_PATH"
"""Folders (``os.pathsep`` between them) searched first for catalogues of every domain."""

LOCALE_FOLDER: Final = Path(__file__).resolve().parent / "locale"
"""Where the game's catalogues are: ``LANG/LC_MESSAGES/solitaire.mo``."""

_LANGUAGE_RE: Final = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2})?(?:@[a-z]+)?")

#: The catalogue folders of each domain, searched in order (the first translation found wins).
_FOLDERS: dict[str, list[Path]] = {DOMAIN: [LOCALE_FOLDER]}


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for extraction (see :class:`Plural`)."""
    return singular, plural


def bind(domain: str, folder: str | os.PathLike[str]) -> None:
    """Add ``folder`` (holding ``LANG/LC_MESSAGES/DOMAIN.mo``) to the folders of ``domain``.

    A plugin calls this once, with its own domain and the ``locale`` folder it ships
    (see ``docs/modding.md``).  A folder bound later is searched first, so that a
    catalogue can complete or correct an earlier one.
    """
    path = Path(folder).resolve()
    folders = _FOLDERS.setdefault(domain, [])
    if path in folders:
        folders.remove(path)
    folders.insert(0, path)
    _cleared()


def unbind(domain: str, folder: str | os.PathLike[str]) -> None:
    """Undo :func:`bind` (tests)."""
    path = Path(folder).resolve()
    folders = _FOLDERS.get(domain, [])
    if path in folders:
        folders.remove(path)
    _cleared()


def _cleared() -> None:
    _translation.cache_clear()
    _languages.cache_clear()


def _extra_folders(value: str) -> list[Path]:
    return [Path(part) for part in value.split(os.pathsep) if part]


def languages() -> tuple[str, ...]:
    """The languages the game speaks: English and every catalogue of the game's domain
    (also those in the folders of ``$SOLITAIRE_LOCALE_PATH``, where a translator tries a
    catalogue without installing anything).

    >>> {"en", "ru"} <= set(languages())
    True
    """
    return _languages(os.environ.get(LOCALE_PATH_VARIABLE, ""))


@functools.cache
def _languages(extra: str) -> tuple[str, ...]:
    found = {SOURCE_LANGUAGE}
    for folder in [*_extra_folders(extra), *_FOLDERS[DOMAIN]]:
        if folder.is_dir():
            for entry in folder.iterdir():
                if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file() and _LANGUAGE_RE.fullmatch(entry.name):
                    found.add(entry.name)
    return tuple(sorted(found))


def is_language(value: object) -> bool:
    """Whether ``value`` looks like a language tag (``ru``, ``pt_BR``), installed or not."""
    return isinstance(value, str) and _LANGUAGE_RE.fullmatch(value) is not None


def translation(lang: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    """The translations of ``domain`` into ``lang``, from every folder of the domain
    in turn; what no catalogue translates stays English."""
    return _translation(lang, domain, os.environ.get(LOCALE_PATH_VARIABLE, ""))


@functools.cache
def _translation(lang: str, domain: str, extra: str) -> _gettext.NullTranslations:
    chain: _gettext.NullTranslations | None = None
    if lang != SOURCE_LANGUAGE:
        for folder in [*_extra_folders(extra), *_FOLDERS.get(domain, [])]:
            try:
                found = _gettext.translation(domain, str(folder), languages=[lang], fallback=True)
            except (OSError, UnicodeError, ValueError):  # a spoilt catalogue: as if it were missing
                continue
            if type(found) is _gettext.NullTranslations:
                continue
            if chain is None:
                chain = found
            else:
                chain.add_fallback(found)
    return chain if chain is not None else _gettext.NullTranslations()


def gettext(message: str, lang: str, domain: str = DOMAIN) -> str:
    """``message`` (an English msgid) in ``lang``."""
    return translation(lang, domain).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str, domain: str = DOMAIN) -> str:
    """The form of ``singular``/``plural`` for the number ``n`` in ``lang``."""
    return translation(lang, domain).ngettext(singular, plural, n)


def pgettext(context: str, message: str, lang: str, domain: str = DOMAIN) -> str:
    """``message`` in ``lang``, told apart from the same English text by ``context``."""
    return translation(lang, domain).pgettext(context, message)


def has_translation(message: str, lang: str, domain: str = DOMAIN, *, context: str | None = None) -> bool:
    """Whether a catalogue of ``domain`` translates ``message`` into ``lang`` (English always does)."""
    if lang == SOURCE_LANGUAGE:
        return True
    key = message if context is None else f"{context}\x04{message}"
    found: _gettext.NullTranslations | None = translation(lang, domain)
    while found is not None:
        catalog: Mapping[object, str] = getattr(found, "_catalog", {})
        if catalog.get(key) or catalog.get((key, 0)):
            return True
        found = getattr(found, "_fallback", None)
    return False


def language_name(lang: str) -> str:
    """The name of ``lang`` in that language ("Русский"), from its own catalogue."""
    name = pgettext("language name", "English", lang)
    return lang if name == "English" and lang != SOURCE_LANGUAGE else name


def translate(value: str | Mapping[str, str], lang: str, domain: str = DOMAIN) -> str:
    """A msgid translated through ``domain``, or a text given per language
    (``{"en": ..., "ru": ...}``, the form of older plugins) in ``lang``, else in English."""
    if isinstance(value, str):
        return gettext(value, lang, domain)
    return str(value.get(lang) or value.get(SOURCE_LANGUAGE) or next(iter(value.values()), ""))


def localised(value: object, lang: str) -> object:
    """A value to fill into a message in ``lang``: a :class:`Message` translated, a
    text given per language picked, a card written as ``7♥``, an error said in
    ``lang`` (:func:`error_message`); anything else as it is."""
    if isinstance(value, Message):
        return value.translate(lang)
    if isinstance(value, Mapping):
        return translate(value, lang)
    if isinstance(value, Card):
        return value.display
    if isinstance(value, BaseException):
        return error_message(value, lang)
    return value


def error_message(error: BaseException, lang: str) -> str:
    """What went wrong, in ``lang``: a refused move's reason, an error's own
    translated message (``message(lang)``, as :class:`~solitaire.core.codes.CodeError`
    has), else the error's text."""
    refusal = getattr(error, "refusal", None)
    if refusal is not None and callable(getattr(refusal, "message", None)):
        return str(refusal.message(lang))
    message = getattr(error, "message", None)
    if callable(message):
        try:
            return str(message(lang))
        except TypeError:
            pass
    text = getattr(error, "text", None)
    if isinstance(text, Message):
        return text.translate(lang)
    return str(error)


class Message:
    """A text for the player: an English msgid and the values filled into it, translated
    when it is shown (:meth:`translate`).  ``str()`` gives the English text.

    Values may themselves be messages, texts per language or cards.
    """

    __slots__ = ("context", "domain", "msgid", "n", "params", "plural")

    msgid: str
    plural: str | None
    n: int | None
    context: str | None
    domain: str
    params: Mapping[str, object]

    def __init__(
        self, msgid: str, /, *, domain: str = DOMAIN, context: str | None = None, **params: object
    ) -> None:
        self.msgid, self.plural, self.n, self.context = msgid, None, None, context
        self.domain, self.params = domain, dict(params)

    @classmethod
    def with_values(cls, msgid: str, values: Mapping[str, object], *, domain: str = DOMAIN) -> Message:
        """A message of ``msgid`` filled with ``values`` (whose keys may be any names)."""
        message = cls(msgid, domain=domain)
        message.params = dict(values)
        return message

    def translate(self, lang: str = SOURCE_LANGUAGE) -> str:
        """The text in ``lang`` (English where the catalogue has no translation)."""
        if self.plural is not None and self.n is not None:
            template = ngettext(self.msgid, self.plural, self.n, lang, self.domain)
        elif self.context is not None:
            template = pgettext(self.context, self.msgid, lang, self.domain)
        else:
            template = gettext(self.msgid, lang, self.domain)
        if not self.params:
            return template
        values = {key: localised(value, lang) for key, value in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
            return self.english_template().format(**values)

    def english_template(self) -> str:
        """The msgid (or its plural form) that fits ``n``."""
        if self.plural is not None and self.n is not None and self.n != 1:
            return self.plural
        return self.msgid

    def __str__(self) -> str:
        return self.translate(SOURCE_LANGUAGE)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, domain={self.domain!r}, params={self.params!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.plural, self.n, self.context, self.domain, self.params) == (
            other.msgid,
            other.plural,
            other.n,
            other.context,
            other.domain,
            other.params,
        )

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.n, self.domain))

    def __getstate__(self) -> tuple[object, ...]:
        return (self.msgid, self.plural, self.n, self.context, self.domain, self.params)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        msgid, plural, n, context, domain, params = state
        self.msgid, self.plural, self.n = msgid, plural, n  # type: ignore[assignment]
        self.context, self.domain, self.params = context, domain, params  # type: ignore[assignment]


class Plural(Message):
    """A message whose words depend on a number ``n`` (``1 ход, 2 хода, 5 ходов``);
    ``n`` is also filled in as ``{n}``."""

    __slots__ = ()

    def __init__(
        self, singular: str, plural: str, n: int, /, *, domain: str = DOMAIN, **params: object
    ) -> None:
        super().__init__(singular, domain=domain)
        self.plural, self.n, self.params = plural, n, {**params, "n": n}


def _system_tags() -> Iterable[str]:
    """The languages the system asks for, in the order gettext reads them."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if not value:
            continue
        if variable == "LANGUAGE":
            # gettext ignores LANGUAGE when the locale is C: then messages stay English.
            locale = next((os.environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(v)), "")
            if locale.split(".")[0] in ("C", "POSIX"):
                continue
            yield from value.split(":")
            continue
        yield value
        return


def _tag(value: str) -> str:
    """``ru_RU.UTF-8`` → ``ru_RU``; ``de-AT`` → ``de_AT``."""
    return value.split(".")[0].split("@")[0].replace("-", "_")


def system_language(tags: Iterable[str] | None = None, available: Iterable[str] | None = None) -> str:
    """The first language of ``tags`` (default: the system locale: LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG) the game speaks, else English.

    >>> system_language(["de_AT.UTF-8", "ru_RU.UTF-8"], ["en", "ru"])
    'ru'
    >>> system_language(["C"], ["en", "ru"])
    'en'
    """
    spoken = set(available if available is not None else languages())
    for raw in tags if tags is not None else _system_tags():
        tag = _tag(raw)
        if tag in ("C", "POSIX", ""):
            return SOURCE_LANGUAGE
        for candidate in (tag, tag.split("_")[0].lower()):
            if candidate in spoken:
                return candidate
    return SOURCE_LANGUAGE


def choose_language(
    given: str | None = None, saved: str | None = None, *, system: Iterable[str] | None = None
) -> str:
    """The language to speak: the one ``given`` (``--lang``), else ``$SOLITAIRE_LANG``,
    else the one the player ``saved`` in the preferences, else the system's (the tags
    ``system``, by default the locale's environment variables); each only when the game
    speaks it."""
    spoken = languages()
    for choice in (given, os.environ.get(LANGUAGE_VARIABLE), saved):
        if choice:
            if choice in spoken:
                return choice
            short = _tag(choice).split("_")[0]
            if short in spoken:
                return short
    return system_language(system)
