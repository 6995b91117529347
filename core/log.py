"""Saved games: the event log, its JSON form, and replay that checks every move.

A log is JSON a person can read (see ``docs/log-format.md``): a header that
names the game (code, variant, scoring and redeal ids with the package and
version that provide them, the dealt card order) and every action with the
events it produced, undo and redo included.  One cattrs converter, kept in this
module at the edge, turns events into JSON and back: a tagged union on each
event's stable ``tag``, unknown keys refused.

Logs come from other people.  Loading one never runs code (plain JSON, no
pickle), bounds its size and nesting, and any problem is a :class:`LogError`
that names the exact place, such as ``actions[3].events[0].cards``.  Replay
plays every action again through the rules and compares the events it gets
with the recorded ones: a tampered log is refused at the first wrong entry.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union

from solitaire.core.cards import Card
from solitaire.core.deals import SHUFFLE_VERSIONS
from solitaire.core.game import Change, Game, parse_action
from solitaire.core.i18n import N_, Message, Plural
from solitaire.core.moves import MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.state import (
    CardsMoved,
    CardTurnedUp,
    Event,
    GameWon,
    ScoreChanged,
    StockDrawn,
    WasteRecycled,
)

if TYPE_CHECKING:
    from solitaire.core.registry import Catalog

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_LOG_BYTES",
    "GameLog",
    "LogEntry",
    "LogError",
    "LogHeader",
    "PluginRef",
    "dumps",
    "load",
    "loads",
    "log_of",
    "replay",
    "save",
]

FORMAT_NAME: Final = "solitaire-log"
FORMAT_VERSION: Final = 1
#: The largest log file read: about 60,000 actions.
MAX_LOG_BYTES: Final = 16 * 1024 * 1024
EVENT_TYPES: Final = (CardsMoved, CardTurnedUp, StockDrawn, WasteRecycled, ScoreChanged, GameWon)


class LogError(ValueError):
    """A log that cannot be read or does not replay; ``where`` names the place.

    ``problem`` is a :class:`~solitaire.core.i18n.Message` (or English text): the
    error's text is English, :meth:`message` says it in another language.
    """

    def __init__(self, where: Message | str, problem: Message | str) -> None:
        self.place, self.text = where, problem
        where, problem = _printable(str(where)), _printable(str(problem))
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem

    def message(self, lang: str = "en") -> str:
        """The error in ``lang``."""
        where, problem = (
            _printable(part.translate(lang) if isinstance(part, Message) else part)
            for part in (self.place, self.text)
        )
        return f"{where}: {problem}" if where else problem


def _printable(text: str) -> str:
    """Text from a log, safe for one line of a terminal: control characters escaped."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


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
    converter.register_unstructure_hook(Card, lambda card: card.text)
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
    return {"tag": data.pop("tag"), **data}


# -- writing -------------------------------------------------------------------------------------


def log_of(game: Game, catalog: Catalog) -> GameLog:
    """The log of a game so far (every action since the deal or the last restart)."""
    options = game.rules.options

    def ref(kind: str, key: str, full_id: str) -> PluginRef:
        info = catalog.sources.get((kind, key))
        return PluginRef(full_id, info.package if info else None, info.version if info else None)

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
    )
    return GameLog(header, tuple(LogEntry(action, events) for action, events in game.journal))


def dumps(log: GameLog) -> str:
    """The JSON text of a log: one header field and one action per line."""

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    header = CONVERTER.unstructure(log.header)
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
    """Write a log atomically: the file is either the old one or the whole new one."""
    from solitaire.core.files import write_atomic

    write_atomic(Path(path), dumps(log).encode("utf-8"))


# -- reading -------------------------------------------------------------------------------------


def _upgrade_0(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 named its plugins by id only, without package and version."""
    header = dict(_object(data.get("header"), "header"))
    for kind in ("variant", "scoring", "redeal"):
        if kind in header:
            header[kind] = {"id": header[kind]}
    return {**data, "version": 1, "header": header}


#: Upgrade functions by the version they read; each returns the next version.
UPGRADES: Final[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {0: _upgrade_0}


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
    if isinstance(text, bytes):
        if len(text) > MAX_LOG_BYTES:
            raise LogError(
                "",
                Message("the file is larger than {limit} MiB: not a game log", limit=MAX_LOG_BYTES // 2**20),
            )
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise LogError("", Message("not UTF-8 text (byte {byte})", byte=error.start)) from None
    if len(text) > MAX_LOG_BYTES:
        raise LogError(
            "", Message("the file is larger than {limit} MiB: not a game log", limit=MAX_LOG_BYTES // 2**20)
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LogError(
            f"line {error.lineno} column {error.colno}",
            Message("not valid JSON ({problem})", problem=error.msg),
        ) from None
    except (RecursionError, ValueError) as error:
        raise LogError(
            "",
            Message(
                "not a game log ({error_kind}: {error_text})",
                error_kind=type(error).__name__,
                error_text=str(error)[:80],
            ),
        ) from None
    return from_data(data)


def from_data(data: Any) -> GameLog:
    """A log from parsed JSON (upgraded from older format versions)."""
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
        raise LogError(str(sorted(extra)[0]), Message("unknown field"))
    header_data = data.get("header")
    if isinstance(header_data, dict):
        _list(header_data.get("dealt"), "header.dealt")
    header = _structure(header_data, LogHeader, "header")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise LogError("actions", Message("expected a list, not {found}", found=_json_type(actions)))
    for index, item in enumerate(actions):
        _check_entry(item, f"actions[{index}]")
    entries = tuple(_structure(item, LogEntry, f"actions[{index}]") for index, item in enumerate(actions))
    return GameLog(header, entries)


def _list(value: Any, where: str) -> None:
    if value is not None and not isinstance(value, list):
        raise LogError(where, Message("expected a list, not {found}", found=_json_type(value)))


def _check_entry(item: Any, where: str) -> None:
    """What the converter would not say clearly: lists that are not lists, event tags."""
    if not isinstance(item, dict):
        return
    events = item.get("events")
    _list(events, f"{where}.events")
    for number, event in enumerate(events or ()):
        place = f"{where}.events[{number}]"
        if not isinstance(event, dict):
            raise LogError(place, Message("expected an event object, not {found}", found=_json_type(event)))
        tag = event.get("tag")
        if tag is None:
            raise LogError(f"{place}.tag", Message("missing"))
        if not isinstance(tag, str) or tag not in _TAGS:
            known = ", ".join(sorted(_TAGS))
            raise LogError(
                f"{place}.tag",
                Message("unknown event {short_tag} (known: {known})", short_tag=_short(tag), known=known),
            )
        _list(event.get("cards"), f"{place}.cards")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _structure(value: Any, cls: type[Any], where: str) -> Any:
    if value is None:
        raise LogError(where, Message("missing"))
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
        return loads(raw)
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
    for index, entry in enumerate(log.entries[:until]):
        where = f"actions[{index}]"
        try:
            action = parse_action(entry.action)
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
                    action=entry.action,
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
        name = ref.id.partition(":")[0] if kind == "redeal" else ref.id
        if name not in table:
            problem = Message("{kind} {id!r} is not installed", kind=kind, id=ref.id)
            if ref.package:
                package = f"{ref.package} {ref.version}" if ref.version else ref.package
                problem = Message("{problem}: install {package}", problem=problem, package=package)
            raise LogError(
                f"header.{kind}",
                problem,
            )
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
    game = catalog.new_game(options)
    if game.code and header.code != game.code:
        raise LogError(
            "header.code",
            Message(
                "{code!r} does not match the header's options ({expected})",
                code=header.code,
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


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + " ".join(_show(item) for item in value) + "]"
    return value.text if isinstance(value, Card) else repr(value)
