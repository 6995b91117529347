"""Saved games: the event log, its JSON form, and replay that checks every move.

A log is JSON a person can read (see ``docs/log-format.md``): a header that
names the game (code, variant, scoring and redeal ids with the package and
version that provide them, the dealt card order) and every action with the
events it produced, undo and redo included.  One cattrs converter, kept in this
module at the edge, turns events into JSON and back: a tagged union on each
event's stable ``tag``, unknown keys refused.

Logs come from other people.  Loading one never runs code (plain JSON, no
pickle), bounds its size, nesting and number of objects, refuses a key repeated
in one object, and stops at the first wrong entry with a :class:`LogError` that
names the exact place, such as ``actions[3].events[0].cards``, quoting at most
about 60 characters of what it found.  Replay plays every action again through
the rules and compares the events it gets with the recorded ones: a tampered log
is refused at the first wrong entry.
"""

from __future__ import annotations

import json
import os
import re
import stat
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union

from solitaire.core.cards import CARDS, MAX_DECKS, Card
from solitaire.core.deals import SHUFFLE_VERSIONS
from solitaire.core.game import Change, Game, parse_action
from solitaire.core.i18n import N_, Message, Plural
from solitaire.core.moves import Move, MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.state import (
    CardsMoved,
    CardTurnedUp,
    Event,
    GameWon,
    Redealt,
    ScoreChanged,
    StockDealt,
    StockDrawn,
    VariableSet,
    WasteRecycled,
)
from solitaire.core.untrusted import DuplicateKeyError, Quoted, cut, loads_json, quote

if TYPE_CHECKING:
    from solitaire.core.registry import Catalog

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_EVENTS",
    "MAX_LOG_BYTES",
    "MAX_PARSED_BYTES",
    "GameLog",
    "LogEntry",
    "LogError",
    "LogHeader",
    "PluginRef",
    "check_save_target",
    "dumps",
    "install_command",
    "load",
    "loads",
    "log_of",
    "replay",
    "save",
]

FORMAT_NAME: Final = "solitaire-log"
FORMAT_VERSION: Final = 2
#: The largest log file read: some 240,000 actions as :func:`dumps` writes them.
MAX_LOG_BYTES: Final = 16 * 1024 * 1024
#: The most memory the parsed JSON of a log may take, as :func:`parsed_size` estimates it
#: from the text before parsing: a 16 MiB log as the game writes it takes at most about
#: 225,000,000 by that estimate (which is above what it takes).
MAX_PARSED_BYTES: Final = 240_000_000
#: What parsed JSON costs in memory (CPython, 64 bits), at most: an object (a small dict),
#: a list, a string that is not a key (keys are shared), a further element or member.
PARSED_COSTS: Final = {"object": 200, "list": 96, "string": 62, "element": 36}
#: The most events one action may record (the built-in games record at most four).
MAX_EVENTS: Final = 1000
#: The most cards a list in a log holds: every card of the most decks a game may have.
DECK_SIZE: Final = len(CARDS) * MAX_DECKS
#: The longest plugin id, package name and version read.
MAX_NAME_CHARS: Final = 200
#: A distribution name (PEP 508), compared without regard to case.
NAME_RE: Final = re.compile(r"[A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9]", re.IGNORECASE)
#: A version (PEP 440, as the ``packaging`` library reads it, without surrounding spaces).
VERSION_RE: Final = re.compile(
    r"""
    v?
    (?:[0-9]+!)?                                    # epoch
    [0-9]+(?:\.[0-9]+)*                             # release
    (?:[-_.]?(?:alpha|a|beta|b|preview|pre|c|rc)[-_.]?[0-9]*)?                 # pre-release
    (?:-[0-9]+|[-_.]?(?:post|rev|r)[-_.]?[0-9]*)?  # post-release
    (?:[-_.]?dev[-_.]?[0-9]*)?                      # development release
    (?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?             # local version
    """,
    re.VERBOSE | re.IGNORECASE,
)
EVENT_TYPES: Final = (
    CardsMoved,
    CardTurnedUp,
    StockDrawn,
    StockDealt,
    WasteRecycled,
    Redealt,
    VariableSet,
    ScoreChanged,
    GameWon,
)


class LogError(ValueError):
    """A log that cannot be read or does not replay; ``where`` names the place.

    ``problem`` is a :class:`~solitaire.core.i18n.Message` (or English text): the
    error's text is English, :meth:`message` says it in another language.
    """

    def __init__(self, where: Message | str, problem: Message | str) -> None:
        self.place, self.text = where, problem
        # Every quoted input is cut short where it is quoted; this bounds the rest.
        where, problem = cut(str(where), 200), cut(str(problem), 600)
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem

    def message(self, lang: str = "en") -> str:
        """The error in ``lang``."""
        where, problem = (
            cut(part.translate(lang) if isinstance(part, Message) else str(part), 600)
            for part in (self.place, self.text)
        )
        return f"{where}: {problem}" if where else problem


@attrs.frozen
class PluginRef:
    """A plugin-provided type and the package (and version) that provides it."""

    id: str
    package: str | None = None
    version: str | None = None


@attrs.frozen
class LogHeader:
    """Everything needed to deal the game again and check it is the same."""

    code: str
    variant: PluginRef
    scoring: PluginRef
    redeal: PluginRef
    draw: int
    returns_allowed: bool
    deal: int
    shuffle: int
    dealt: tuple[Card, ...]
    #: The balance a game of a scheme that carries one started from (not written when 0).
    balance: int = 0


@attrs.frozen
class LogEntry:
    """One action (a move in notation, ``undo`` or ``redo``) and its events.

    For ``undo`` the events are those of the move taken back; for ``redo``
    those of the move played again.
    """

    action: str
    events: tuple[Event, ...]


@attrs.frozen
class GameLog:
    """A saved game."""

    header: LogHeader
    entries: tuple[LogEntry, ...]


# -- the converter at the edge -------------------------------------------------------------------


def _tag_of(cls: type) -> str:
    tag: str = getattr(cls, "tag")  # noqa: B009 - every event class has one
    return tag


def strict_converter(*, forbid_extra_keys: bool = True) -> cattrs.Converter:
    """A converter that takes JSON values as they are: no text read as a number,
    no number read as true/false; cards as their text."""
    converter = cattrs.Converter(forbid_extra_keys=forbid_extra_keys)

    def structure_card(value: Any, _: type) -> Card:
        if not isinstance(value, str):
            raise TypeError(f"a card is text such as 'TH', not {type(value).__name__}")
        return Card.parse(value)

    def structure_int(value: Any, _: type) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"expected a whole number, not {type(value).__name__}")
        return value

    def structure_float(value: Any, _: type) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"expected a number, not {type(value).__name__}")
        return float(value)

    def structure_str(value: Any, _: type) -> str:
        if not isinstance(value, str):
            raise TypeError(f"expected text, not {type(value).__name__}")
        return value

    def structure_bool(value: Any, _: type) -> bool:
        if not isinstance(value, bool):
            raise TypeError(f"expected true or false, not {type(value).__name__}")
        return value

    converter.register_structure_hook(Card, structure_card)
    converter.register_unstructure_hook(Card, lambda card: card.token)
    converter.register_structure_hook(int, structure_int)
    converter.register_structure_hook(float, structure_float)
    converter.register_structure_hook(str, structure_str)
    converter.register_structure_hook(bool, structure_bool)
    return converter


def _make_converter() -> cattrs.Converter:
    converter = strict_converter()
    configure_tagged_union(Event, converter, tag_generator=_tag_of, tag_name="tag")
    return converter


CONVERTER: Final = _make_converter()
_TAGS: Final = {cls.tag: cls for cls in EVENT_TYPES}


def unstructure_event(event: Event) -> dict[str, Any]:
    """An event as a JSON object, its ``tag`` first."""
    data: dict[str, Any] = CONVERTER.unstructure(event, Event)
    # A field left at its default (such as a draw's piles, the stock ``s`` and the waste
    # ``w``) is not written.
    for name, default in _DEFAULTS[type(event)].items():
        if getattr(event, name) == default:
            del data[name]
    return {"tag": data.pop("tag"), **data}


# -- writing -------------------------------------------------------------------------------------


def log_of(game: Game, catalog: Catalog) -> GameLog:
    """The log of a game so far (every action since the deal or the last restart)."""
    options = game.rules.options

    def ref(kind: str, key: str, full_id: str) -> PluginRef:
        info = catalog.sources.get((kind, key))
        package = info.package if info and NAME_RE.fullmatch(info.package) else None
        version = info.version if info and VERSION_RE.fullmatch(info.version) else None
        return PluginRef(full_id, package, version)

    header = LogHeader(
        code=game.code,
        variant=ref("variant", options.variant, options.variant),
        scoring=ref("scoring", options.scoring, options.scoring),
        redeal=ref("redeal", options.redeal.partition(":")[0], options.redeal),
        draw=options.draw,
        returns_allowed=options.returns_allowed,
        deal=options.deal,
        shuffle=SHUFFLE_VERSIONS[-1],
        dealt=game.order,
        balance=options.balance if game.rules.scoring.carries_balance else 0,
    )
    return GameLog(header, tuple(LogEntry(action, events) for action, events in game.journal))


def dumps(log: GameLog) -> str:
    """The JSON text of a log: one header field and one action per line."""

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    header = CONVERTER.unstructure(log.header)
    if not header["balance"]:
        del header["balance"]
    fields = ",\n".join(f"    {line(key)}: {line(value)}" for key, value in header.items())
    entries = ",\n".join(
        "    " + line({"action": entry.action, "events": [unstructure_event(e) for e in entry.events]})
        for entry in log.entries
    )
    actions = f"[\n{entries}\n  ]" if entries else "[]"
    return (
        f'{{\n  "format": "{FORMAT_NAME}",\n  "version": {FORMAT_VERSION},\n'
        f'  "header": {{\n{fields}\n  }},\n  "actions": {actions}\n}}\n'
    )


def save(log: GameLog, path: str | Path) -> None:
    """Write a log atomically: the file is either the old one or the whole new one.

    A log is for sharing: it gets the usual mode of a new file (0666 less the umask).
    Only a new path or a regular file is replaced: anything else (a symlink, even to a
    regular file, a folder, a FIFO, a device) raises :class:`LogError`, and nothing is
    written.  Raises ``OSError`` when the file cannot be written.
    """
    from solitaire.core.files import write_atomic

    check_save_target(path)
    write_atomic(Path(path), dumps(log).encode("utf-8"), shared=True)


def check_save_target(path: str | Path) -> None:
    """Raise :class:`LogError` unless ``path`` is a new path or a regular file (``os.lstat``)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise LogError(
            str(path), Message("cannot be written ({reason})", reason=error.strerror or error)
        ) from None
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _FILE_KINDS if test(mode)), _NOT_REGULAR)
    problem = Message(
        "is {kind}, not a regular file: a log is written only to a new or regular file", kind=Message(kind)
    )
    raise LogError(str(path), problem)


_FILE_KINDS: Final = (
    (stat.S_ISLNK, N_("a symbolic link")),
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a FIFO")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISSOCK, N_("a socket")),
)
_NOT_REGULAR: Final = N_("not a regular file")


# -- reading -------------------------------------------------------------------------------------


def _upgrade_0(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 named its plugins by id only, without package and version."""
    header = dict(_object(data.get("header"), "header"))
    for kind in ("variant", "scoring", "redeal"):
        if kind in header:
            header[kind] = {"id": header[kind]}
    return {**data, "version": 1, "header": header}


def _upgrade_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 knew one table, a stock, a waste, four foundations and seven columns:
    its events never name the piles a draw or a recycle uses, and version 2 reads a
    missing ``src``/``dst`` as those piles (``s`` to ``w``, and back).  Cards of a
    second deck and the ``dealt`` event are new."""
    return {**data, "version": 2}


#: Upgrade functions by the version they read; each returns the next version.
UPGRADES: Final[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {0: _upgrade_0, 1: _upgrade_1}


def _object(value: Any, where: Message | str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise LogError(where, Message("expected a JSON object, not {found}", found=_json_type(value)))
    return value


_JSON_TYPES: Final[dict[type, str]] = {
    dict: N_("an object"),
    list: N_("a list"),
    str: N_("text"),
    bool: N_("true/false"),
    type(None): "null",
}
_A_NUMBER: Final = N_("a number")


def _json_type(value: Any) -> Message:
    return Message(_JSON_TYPES.get(type(value), _A_NUMBER))


def loads(text: str | bytes) -> GameLog:
    """Read a log from JSON text; raises :class:`LogError` saying where it is wrong."""
    return _from_data(_parse(_text(text)), consume=True)


def _text(raw: str | bytes) -> str:
    if len(raw) > MAX_LOG_BYTES:
        raise LogError(
            "", Message("the file is larger than {limit} MiB: not a game log", limit=MAX_LOG_BYTES // 2**20)
        )
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogError("", Message("not UTF-8 text (byte {byte})", byte=error.start)) from None


def parsed_size(text: str) -> int:
    """About how much memory (bytes, at most) ``json.loads(text)`` takes: from a count of
    the braces, brackets, quotes and commas of the text (those inside strings too, which
    only makes it larger)."""
    strings = max(0, text.count('"') // 2 - text.count('":'))
    return (
        PARSED_COSTS["object"] * text.count("{")
        + PARSED_COSTS["list"] * text.count("[")
        + PARSED_COSTS["string"] * strings
        + PARSED_COSTS["element"] * text.count(",")
    )


def _parse(text: str) -> Any:
    # An object or a list costs up to 200 bytes of memory for 2 bytes of text: a file that
    # would take too much is refused before it is parsed.
    size = parsed_size(text)
    if size > MAX_PARSED_BYTES:
        raise LogError(
            "",
            Message(
                "too many objects, lists and strings for a game log (about {size:,} MB to read)",
                size=size // 10**6,
            ),
        )
    try:
        return loads_json(text)
    except json.JSONDecodeError as error:
        raise LogError(
            f"line {error.lineno} column {error.colno}",
            Message("not valid JSON ({problem})", problem=error.msg),
        ) from None
    except DuplicateKeyError as error:
        raise LogError("", Message("{error}: refused, as readers could take either", error=error)) from None
    except (RecursionError, ValueError) as error:
        raise LogError(
            "",
            Message(
                "not a game log ({error_kind}: {error_text})",
                error_kind=type(error).__name__,
                error_text=str(error)[:80],
            ),
        ) from None


def from_data(data: Any) -> GameLog:
    """A log from parsed JSON (upgraded from older format versions)."""
    return _from_data(data, consume=False)


def _from_data(data: Any, *, consume: bool) -> GameLog:
    """A log from parsed JSON; ``consume`` lets go of each action's JSON once it is read."""
    data = dict(_object(data, Message("the file")))
    if data.get("format") != FORMAT_NAME:
        raise LogError(
            "format",
            Message("expected {FORMAT_NAME!r}: this is not a solitaire game log", FORMAT_NAME=FORMAT_NAME),
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise LogError(
            "version", Message("expected a format version number, not {found}", found=_json_type(version))
        )
    if version > FORMAT_VERSION or version < min(UPGRADES, default=FORMAT_VERSION):
        raise LogError(
            "version",
            Message(
                "format version {version} is not known here (this version reads 0 to {FORMAT_VERSION})",
                version=version,
                FORMAT_VERSION=FORMAT_VERSION,
            ),
        )
    while version < FORMAT_VERSION:
        data = UPGRADES[version](data)
        version = data["version"]
    extra = set(data) - {"format", "version", "header", "actions"}
    if extra:
        raise LogError(cut(sorted(extra)[0]), Message("unknown field"))
    header = _header(data.get("header"))
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise LogError("actions", Message("expected a list, not {found}", found=_json_type(actions)))
    entries = []
    for index, item in enumerate(actions):
        entries.append(_entry(item, f"actions[{index}]"))
        if consume:
            actions[index] = None
    return GameLog(header, tuple(entries))


# Every check below stops at the first wrong entry and names it: a file of a million
# wrong entries costs no more than one.


def _header(value: Any) -> LogHeader:
    if value is None:
        raise LogError("header", Message("missing"))
    data = _object(value, "header")
    for key in data:
        if key not in _HEADER_FIELDS:
            raise LogError("header", Message("unknown field {name}", name=cut(key)))
    if "dealt" in data:
        _cards(data["dealt"], "header.dealt")
    header: LogHeader = _structure(data, LogHeader, "header")
    return attrs.evolve(
        header,
        variant=_checked_ref(header.variant, "header.variant"),
        scoring=_checked_ref(header.scoring, "header.scoring"),
        redeal=_checked_ref(header.redeal, "header.redeal"),
    )


#: What older versions wrote for a package or version they did not know: read as null.
_UNKNOWN: Final = frozenset({"?", "unknown"})


def _checked_ref(ref: PluginRef, where: str) -> PluginRef:
    """Package and version are shown to the player as what to install: only a real name."""
    if ref.package in _UNKNOWN or ref.version in _UNKNOWN:
        ref = PluginRef(
            ref.id,
            None if ref.package in _UNKNOWN else ref.package,
            None if ref.version in _UNKNOWN else ref.version,
        )
    if ref.package is not None and (len(ref.package) > MAX_NAME_CHARS or not NAME_RE.fullmatch(ref.package)):
        raise LogError(
            f"{where}.package",
            Message(
                "{package!r} is not a distribution name (at most {limit} letters, digits and . _ -,"
                " as PEP 508 says)",
                package=Quoted(ref.package),
                limit=MAX_NAME_CHARS,
            ),
        )
    if ref.version is not None and (
        len(ref.version) > MAX_NAME_CHARS or not VERSION_RE.fullmatch(ref.version)
    ):
        raise LogError(
            f"{where}.version",
            Message(
                "{version!r} is not a version number (such as 1.0, as PEP 440 says)",
                version=Quoted(ref.version),
            ),
        )
    return ref


def _entry(item: Any, where: str) -> LogEntry:
    data = _object(item, where)
    for key in data:
        if key not in ("action", "events"):
            raise LogError(where, Message("unknown field {name}", name=cut(key)))
    if "action" not in data:
        raise LogError(f"{where}.action", Message("missing"))
    action = _text_field(data["action"], f"{where}.action")
    if "events" not in data:
        raise LogError(f"{where}.events", Message("missing"))
    events = data["events"]
    if not isinstance(events, list):
        raise LogError(f"{where}.events", Message("expected a list, not {found}", found=_json_type(events)))
    if len(events) > MAX_EVENTS:
        raise LogError(
            f"{where}.events[{MAX_EVENTS}]",
            Plural("more than {n} event in one action", "more than {n} events in one action", MAX_EVENTS),
        )
    return LogEntry(action, tuple(_event(event, f"{where}.events[{n}]") for n, event in enumerate(events)))


def _event(value: Any, where: str) -> Event:
    if not isinstance(value, dict):
        raise LogError(where, Message("expected an event object, not {found}", found=_json_type(value)))
    tag = value.get("tag")
    if tag is None:
        raise LogError(f"{where}.tag", Message("missing"))
    if not isinstance(tag, str) or tag not in _TAGS:
        known = ", ".join(sorted(_TAGS))
        raise LogError(
            f"{where}.tag",
            Message("unknown event {short_tag} (known: {known})", short_tag=quote(tag), known=known),
        )
    cls, fields = _TAGS[tag], _EVENT_FIELDS[tag]
    for key in value:
        if key != "tag" and key not in fields:
            raise LogError(where, Message("unknown field {name}", name=cut(key)))
    values = {}
    defaults = _DEFAULTS[cls]
    for name, read in fields.items():
        if name not in value:
            if name in defaults:
                continue
            raise LogError(f"{where}.{name}", Message("missing"))
        values[name] = read(value[name], f"{where}.{name}")
    event: Event = cls(**values)
    return event


def _text_field(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise LogError(where, Message("expected text, not {found}", found=_json_type(value)))
    return value


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LogError(where, Message("expected a whole number, not {found}", found=_json_type(value)))
    return value


_CARD_TEXTS: Final = {card.token: card for card in CARDS}


def _card(value: Any, where: str) -> Card:
    card = _CARD_TEXTS.get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    if not isinstance(value, str):
        raise LogError(where, Message("a card is text such as 'TH', not {found}", found=_json_type(value)))
    if len(value) != 2 and not (len(value) == 4 and value[2] == "."):
        raise LogError(
            where,
            Message("{card!r} is not a card: write a rank and a suit, such as 'TH'", card=Quoted(value)),
        )
    try:
        return Card.parse(value)
    except ValueError as error:
        raise LogError(where, str(error)) from None


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise LogError(where, Message("expected a list, not {found}", found=_json_type(value)))
    cards = tuple(_card(item, f"{where}[{n}]") for n, item in enumerate(value[:DECK_SIZE]))
    if len(value) > DECK_SIZE:
        raise LogError(
            f"{where}[{DECK_SIZE}]",
            Plural(
                "more than the {n} card a game may have ({count:,})",
                "more than the {n} cards a game may have ({count:,})",
                DECK_SIZE,
                count=len(value),
            ),
        )
    return cards


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise LogError(where, Message("expected a list, not {found}", found=_json_type(value)))
    if len(value) > DECK_SIZE:
        raise LogError(f"{where}[{DECK_SIZE}]", Message("too long"))
    return tuple(_text_field(item, f"{where}[{n}]") for n, item in enumerate(value))


def _readers(cls: type) -> dict[str, Callable[[Any, str], Any]]:
    """How each field of an event class is read, by its type."""
    kinds: dict[Any, Callable[[Any, str], Any]] = {
        str: _text_field,
        int: _whole,
        Card: _card,
        tuple[Card, ...]: _cards,
        tuple[str, ...]: _texts,
    }
    hints = typing.get_type_hints(cls)
    return {field.name: kinds[hints[field.name]] for field in attrs.fields(cls)}


_EVENT_FIELDS: Final = {cls.tag: _readers(cls) for cls in EVENT_TYPES}
#: The fields an event may leave out, with the value they then have.
_DEFAULTS: Final[dict[type, dict[str, Any]]] = {
    cls: {field.name: field.default for field in attrs.fields(cls) if field.default is not attrs.NOTHING}
    for cls in EVENT_TYPES
}
_HEADER_FIELDS: Final = frozenset(field.name for field in attrs.fields(LogHeader))


def _structure(value: Any, cls: type[Any], where: str) -> Any:
    try:
        return CONVERTER.structure(value, cls)
    except Exception as error:  # cattrs reports a group of errors; name the first
        messages = cattrs.transform_error(error, path="$")
        first = messages[0] if messages else str(error)
        problem, _, path = first.rpartition(" @ ")
        place = where + path.removeprefix("$") if path.startswith("$") else where
        raise LogError(place, _plain(problem or first)) from None


def _plain(problem: str) -> str:
    problem = problem.replace("invalid value for type, expected", "expected")
    if "required field missing" in problem:
        return "missing"
    if problem.startswith("extra fields found"):
        return "unknown field " + problem.partition("(")[2].rstrip(")")
    return problem


def load(path: str | Path) -> GameLog:
    """Read a log file; raises :class:`LogError` (with the file name, as given) for any problem."""
    name = str(path)
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_LOG_BYTES + 1)
    except OSError as error:
        raise LogError(name, Message("cannot be read ({reason})", reason=error.strerror or error)) from None
    try:
        text = _text(raw)
        del raw  # the file's bytes are not kept while its JSON is parsed
        return _from_data(_parse(text), consume=True)
    except LogError as error:
        where = Message("{file}: {error}", file=name, error=error.place) if error.where else name
        raise LogError(where, error.text) from None


# -- replay --------------------------------------------------------------------------------------


def replay(log: GameLog, catalog: Catalog, *, until: int | None = None) -> Game:
    """Play a log again, checking every action and its events; returns the game.

    Raises :class:`LogError` at the first entry that disagrees, naming the
    action index and the field.  ``until`` stops after that many actions.
    """
    game = _deal(log.header, catalog)
    changes: list[Change] = []
    game.subscribe(changes.append)
    parsed: dict[str, Move | str] = {}  # a game repeats its moves: each text is parsed once
    for index, entry in enumerate(log.entries[:until]):
        where = f"actions[{index}]"
        action = parsed.get(entry.action)
        if action is None:
            try:
                action = parsed[entry.action] = parse_action(entry.action)
            except MoveSyntaxError as error:
                raise LogError(f"{where}.action", str(error)) from None
        changes.clear()
        try:
            game.perform(action)
        except IllegalMoveError as error:
            refusal = error.refusal
            raise LogError(
                f"{where}.action",
                Message(
                    "{action!r} is refused by rule {rule}: {message}",
                    action=Quoted(entry.action),
                    rule=refusal.rule,
                    message=refusal.text,
                ),
            ) from None
        _compare(where, entry.events, changes[-1].events)
    return game


def _deal(header: LogHeader, catalog: Catalog) -> Game:
    from solitaire.core.registry import OptionsError

    for kind, ref, table in (
        ("variant", header.variant, catalog.variants),
        ("scoring", header.scoring, catalog.scorings),
        ("redeal", header.redeal, catalog.redeals),
    ):
        if len(ref.id) > MAX_NAME_CHARS:
            long = Message(
                "{id!r} is longer than any id (at most {limit} characters)",
                id=Quoted(ref.id),
                limit=MAX_NAME_CHARS,
            )
            raise LogError(f"header.{kind}.id", long)
        name = ref.id.partition(":")[0] if kind == "redeal" else ref.id
        if name not in table:
            problem = Message("{kind} {id!r} is not installed", kind=kind, id=Quoted(ref.id))
            if ref.package:
                problem = Message(
                    "{kind} {id!r} is not installed: pip install {requirement}",
                    kind=kind,
                    id=Quoted(ref.id),
                    requirement=_requirement(ref),
                )
            raise LogError(f"header.{kind}", problem)
    if header.shuffle not in SHUFFLE_VERSIONS:
        raise LogError(
            "header.shuffle", Message("shuffle version {shuffle} is not known here", shuffle=header.shuffle)
        )
    try:
        options = catalog.options(
            header.variant.id,
            header.draw,
            header.scoring.id,
            header.redeal.id,
            header.returns_allowed,
            header.deal,
        )
    except OptionsError as error:
        raise LogError("header", error.text) from None
    game = catalog.new_game(attrs.evolve(options, balance=header.balance))
    if game.code and header.code != game.code:
        raise LogError(
            "header.code",
            Message(
                "{code!r} does not match the header's options ({expected})",
                code=Quoted(header.code),
                expected=game.code,
            ),
        )
    if header.dealt != game.order:
        pairs = zip(header.dealt, game.order, strict=False)
        position = next((i for i, (a, b) in enumerate(pairs) if a != b), None)
        if position is None:
            position = min(len(header.dealt), len(game.order))
        raise LogError(
            f"header.dealt[{position}]",
            Message("the dealt order does not match deal {deal}", deal=header.deal),
        )
    return game


def _compare(where: str, recorded: Sequence[Event], produced: Sequence[Event]) -> None:
    for index, (old, new) in enumerate(zip(recorded, produced, strict=False)):
        if old == new:
            continue
        place = f"{where}.events[{index}]"
        if type(old) is not type(new):
            raise LogError(
                f"{place}.tag",
                Message(
                    "recorded {recorded!r}, the rules give {produced!r}", recorded=old.tag, produced=new.tag
                ),
            )
        for field in attrs.fields(type(old)):
            mine, theirs = getattr(old, field.name), getattr(new, field.name)
            if mine != theirs:
                raise LogError(
                    f"{place}.{field.name}",
                    Message(
                        "recorded {recorded}, the rules give {produced}",
                        recorded=_show(mine),
                        produced=_show(theirs),
                    ),
                )
    if len(recorded) != len(produced):
        raise LogError(
            f"{where}.events",
            Plural(
                "recorded {recorded} event, the rules give {produced}",
                "recorded {recorded} events, the rules give {produced}",
                len(recorded),
                recorded=len(recorded),
                produced=len(produced),
            ),
        )


def install_command(ref: PluginRef) -> str:
    """What to install for a plugin that is not, as a command to copy (``pip install
    'NAME==VERSION'``; "" when the log names no package)."""
    return f"pip install {_requirement(ref)}" if ref.package else ""


def _requirement(ref: PluginRef) -> str:
    """What to install for a plugin that is not, quoted for a command to copy: the package and
    version are checked when the log is read (a name and a version number, nothing a shell would run)."""
    version = f"=={ref.version}" if ref.version else ""
    return f"'{ref.package}{version}'"


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + " ".join(_show(item) for item in value) + "]"
    return value.text if isinstance(value, Card) else quote(value)
