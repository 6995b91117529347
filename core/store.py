"""The local store: the game in progress, statistics and settings, kept between launches.

Files live in the user's data folder (``platformdirs``), or in the folder named by
the environment variable ``SOLITAIRE_HOME`` (tests, portable installs):

* ``current-game.json``: the game in progress, a game log with a little more
  (its id, the time played, whether the solver helped, whether it was played
  here from its deal on); saved after every action;
* ``statistics.json``: results per variant, draw mode and scoring (a game's may be
  reset: :meth:`Store.reset_statistics`);
* ``settings.json``: language, interactive rules, double tap, animations, the
  options of new games (the game last chosen, and the options last chosen for
  each game), the recent and favourite games, the "still winnable?" indicator and
  the plugin problems already announced;
* ``window.json``: the main window's size, position and maximised state.

Every write is atomic (temporary file, flush, fsync, rename).  A file that
cannot be read is moved aside (renamed ``NAME.corrupt-TIME``, never deleted),
reported once in :attr:`Store.notices` (saying where it went), and replaced by a
fresh one.

Several processes may use one folder at once (two terminal games, a window and
a terminal game, ``solitaire stats``):

* every change that reads a file and writes it back (a result into the
  statistics, :meth:`Store.update_settings`) holds the lock of the folder,
  ``store.lock``, so that none is lost; another process waits for it (at most
  :attr:`Store.lock_wait` seconds, then :class:`~solitaire.core.locks.LockTimeout`);
* a game played here calls :meth:`Store.claim_game` first: the first instance
  gets ``current-game.json`` (locked by ``current-game.json.lock`` for as long as
  it plays), any other one a game file of its own, ``current-game-ID.json``
  (one left by an earlier instance, else a new one), so that no two instances
  share a game, nor its id.

A write that fails (a full disk, a read-only folder) leaves the last good file as
it was and is kept in memory: reads see it, and it is tried again at the next
write (or :meth:`Store.retry`); the failure is reported once, and so is the
first write that works again.

A saved game whose variant, scoring or redeal policy is not installed (its plugin
was uninstalled) is not lost: it waits as ``waiting-games/VARIANT-ID.json``, and
once its plugin is back it is resumed at a start with no game in progress (no
saved game, one without a move, or one won).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from solitaire.core import i18n
from solitaire.core import log as game_log
from solitaire.core.files import HOME_VARIABLE, write_atomic
from solitaire.core.i18n import N_
from solitaire.core.locks import DEFAULT_WAIT, FileLock, LockTimeout
from solitaire.core.untrusted import Quoted, loads_json

if TYPE_CHECKING:
    from solitaire.core.game import Game
    from solitaire.core.registry import Catalog

__all__ = [
    "HOME_VARIABLE",
    "GameChoice",
    "Settings",
    "Statistics",
    "StatsRecord",
    "StatsTotal",
    "Store",
    "WindowState",
    "default_folder",
]

CURRENT: Final = "current-game.json"
STATISTICS: Final = "statistics.json"
SETTINGS: Final = "settings.json"
WINDOW: Final = "window.json"
#: The lock of the folder, held while a file is read, changed and written back.
STORE_LOCK: Final = "store.lock"
#: What the lock of a game file is called after it (held by the instance playing it).
LOCK_SUFFIX: Final = ".lock"
#: The game files of further instances, beside ``current-game.json``.
OTHER_GAME: Final = re.compile(r"current-game-[0-9a-f]{8}\.json")
#: The folder of saved games waiting for their plugin to be installed again.
WAITING: Final = "waiting-games"
#: How many game ids are remembered to count each game once.
COUNTED_IDS: Final = 500
#: The values of :attr:`Settings.winnable_indicator`.
INDICATOR_MODES: Final = ("off", "open", "always")
#: The values of :attr:`Settings.difficulty` (:data:`solitaire.core.difficulty.CHOICES`).
DIFFICULTIES: Final = ("any", "easy", "medium", "hard")
_T = TypeVar("_T")


def default_folder() -> Path:
    """``$SOLITAIRE_HOME``, else the user's data folder for the game."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("solitaire", appauthor=False))


class Notice(str):
    """A problem met (and mended) by the store: in English as a string, in the
    player's language by :meth:`message` (a message of the catalogue)."""

    said: i18n.Message

    def __new__(cls, msgid: str, **values: object) -> Notice:
        said = i18n.Message.with_values(msgid, values)
        notice = super().__new__(cls, said.translate("en"))
        notice.said = said
        return notice

    def message(self, lang: str) -> str:
        """The notice in ``lang``."""
        return self.said.translate(lang)


class _ErrorLine(i18n.Message):
    """What went wrong reading a file, as a notice quotes it: the first line of the error
    (at most 200 characters) in the language the notice is shown in."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        super().__init__("{error}")
        # Kept without its traceback or causes: they would hold the file read, whole.
        self.error = error.with_traceback(None)
        self.error.__context__ = self.error.__cause__ = None

    def translate(self, lang: str = i18n.SOURCE_LANGUAGE) -> str:
        said = i18n.error_message(self.error, lang)
        return said.splitlines()[0][:200] if said else type(self.error).__name__


@attrs.frozen
class GameChoice:
    """The options last chosen for one game: its draw (None: the variant's default),
    scoring, redeal policy (None: the scoring's default) and foundation returns."""

    draw: int | None = None
    scoring: str | None = None
    redeal: str | None = None
    returns_allowed: bool = True


@attrs.frozen
class Settings:
    """What the player chose; new games start with ``variant`` ("": the catalog's
    :attr:`~solitaire.core.registry.Catalog.default_variant`, as for a file that names
    none), ``draw`` (None: the variant's default), ``scoring``, ``redeal`` (None: the
    scoring's default) and ``returns_allowed``."""

    #: The language the player chose in the preferences, or None: not chosen, follow the
    #: system's.  (Files of older versions say "en" or "ru": taken as chosen, as nothing
    #: tells whether the player chose their "en", the default then.)
    language: str | None = None
    interactive_rules: bool = True
    double_tap: bool = True
    animations: bool = True
    #: The card deck: "" for the built-in one, else the path of an installed SVG deck.
    deck: str = ""
    #: The card back of the built-in deck.
    back: str = "blue"
    variant: str = ""
    draw: int | None = None
    scoring: str = "normal"
    redeal: str | None = None
    returns_allowed: bool = True
    #: Random new games only from deals the solver proves winnable (where it knows the variant).
    winnable_only: bool = False
    #: The difficulty of those deals: "any", "easy", "medium" or "hard" (see
    #: :mod:`solitaire.core.difficulty`; games without levels take any winnable deal).
    difficulty: str = "any"
    #: The status bar's "still winnable?" verdict: "off", "open" (only in games that hide
    #: nothing, every card face up) or "always" (in games with face-down cards too, the
    #: verdict knowing them).
    winnable_indicator: str = "open"
    #: The plugin problems the player was last told about, one "plugin: reason" a line,
    #: so that the same ones are not announced at every start.
    plugin_problems_shown: str = ""
    #: The games last started from the New Game dialog (variant ids), the latest first.
    recent: tuple[str, ...] = ()
    #: The games the player marked as favourites in the New Game dialog (variant ids).
    favourites: tuple[str, ...] = ()
    #: The options last chosen for each game (by variant id): the New Game dialog
    #: offers them again when that game is chosen.
    choices: dict[str, GameChoice] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        if self.language is not None and not i18n.is_language(self.language):
            raise ValueError(
                f"language must be a language code such as en or ru, or null, not {self.language!r}"
            )
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {self.difficulty!r}")
        if self.winnable_indicator not in INDICATOR_MODES:
            modes = ", ".join(INDICATOR_MODES)
            raise ValueError(f"winnable_indicator must be {modes}, not {self.winnable_indicator!r}")


@attrs.frozen
class StatsRecord:
    """Results of one variant, draw mode and scoring."""

    played: int = 0
    won: int = 0
    won_with_help: int = 0
    best_score: int | None = None
    fastest_win_seconds: float | None = None
    fewest_moves: int | None = None
    current_streak: int = 0
    longest_streak: int = 0
    #: The sum of every game's final score: the running balance of cumulative Vegas.
    total_score: int = 0

    @property
    def win_rate(self) -> float | None:
        """Won / played, None before the first game."""
        return self.won / self.played if self.played else None

    def add(self, won: bool, score: int, moves: int, seconds: float, helped: bool) -> StatsRecord:
        """This record with one more finished game."""
        streak = self.current_streak + 1 if won else 0
        return StatsRecord(
            played=self.played + 1,
            won=self.won + won,
            won_with_help=self.won_with_help + (won and helped),
            best_score=score if self.best_score is None else max(self.best_score, score),
            fastest_win_seconds=_least(self.fastest_win_seconds, seconds if won else None),
            fewest_moves=_least(self.fewest_moves, moves if won else None),
            current_streak=streak,
            longest_streak=max(self.longest_streak, streak),
            total_score=self.total_score + score,
        )


def _least(old: Any, new: Any) -> Any:
    if new is None:
        return old
    return new if old is None else min(old, new)


@attrs.frozen
class Statistics:
    """Records by ``variant/draw/scoring`` (e.g. ``some-game/1/vegas``) and the ids of
    the games counted, so that no game is counted twice."""

    records: dict[str, StatsRecord] = attrs.field(factory=dict)
    counted: tuple[str, ...] = ()
    #: The balance of each scoring scheme that carries one from game to game (by id).
    balances: dict[str, int] = attrs.field(factory=dict)

    @staticmethod
    def key(variant: str, draw: int, scoring: str) -> str:
        """The key of a record."""
        return f"{variant}/{draw}/{scoring}"

    @staticmethod
    def parts(key: str) -> tuple[str, str, str]:
        """The variant, draw and scoring of a key (``some-game/1/vegas``)."""
        variant, _, rest = key.rpartition("/")
        variant, _, draw = variant.rpartition("/")
        return variant, draw, rest

    def games(self) -> dict[str, dict[str, StatsRecord]]:
        """The records by game (variant id), each by key, in the order of the keys."""
        games: dict[str, dict[str, StatsRecord]] = {}
        for key in sorted(self.records):
            games.setdefault(self.parts(key)[0], {})[key] = self.records[key]
        return games

    def of_game(self, variant: str) -> dict[str, StatsRecord]:
        """The records of one game (every draw and scoring it was played with), by key."""
        return self.games().get(variant, {})

    def without_game(self, variant: str) -> Statistics:
        """These statistics with no record of ``variant`` (the ids counted and the
        balances stay: a game counted is never counted again, and a balance belongs
        to its scoring scheme, not to one game)."""
        records = {key: record for key, record in self.records.items() if self.parts(key)[0] != variant}
        return attrs.evolve(self, records=records)


@attrs.frozen
class StatsTotal:
    """Records added up (a game over its options, or every game): the games played,
    won and won with help, the fastest win and the fewest moves of any; the best
    score and the total score only where every record counts the same points (one
    scoring scheme), else None; the longest streak of any one record."""

    played: int = 0
    won: int = 0
    won_with_help: int = 0
    best_score: int | None = None
    fastest_win_seconds: float | None = None
    fewest_moves: int | None = None
    longest_streak: int = 0
    total_score: int | None = None

    @property
    def win_rate(self) -> float | None:
        """Won / played, None before the first game."""
        return self.won / self.played if self.played else None

    @staticmethod
    def of(records: Mapping[str, StatsRecord]) -> StatsTotal:
        """The total of ``records`` (by key, as :attr:`Statistics.records`)."""
        one_scheme = len({Statistics.parts(key)[2] for key in records}) == 1
        fastest: float | None = None
        fewest: int | None = None
        best: int | None = None
        for record in records.values():
            fastest = _least(fastest, record.fastest_win_seconds)
            fewest = _least(fewest, record.fewest_moves)
            if record.best_score is not None:
                best = record.best_score if best is None else max(best, record.best_score)
        values = list(records.values())
        return StatsTotal(
            played=sum(record.played for record in values),
            won=sum(record.won for record in values),
            won_with_help=sum(record.won_with_help for record in values),
            best_score=best if one_scheme else None,
            fastest_win_seconds=fastest,
            fewest_moves=fewest,
            longest_streak=max((record.longest_streak for record in values), default=0),
            total_score=sum(record.total_score for record in values) if one_scheme else None,
        )


@attrs.frozen
class SavedGame:
    """What ``current-game.json`` holds besides the log."""

    id: str
    seconds: float
    helped: bool
    log: dict[str, Any]
    #: False for a game not played here from its deal on (opened from a log): it is
    #: no record for the statistics.  Files written before the field mean True.
    from_deal: bool = True


@attrs.frozen
class WindowState:
    """Where the main window was, when neither maximised nor full screen: the corner
    of its frame (``x``, ``y``) and the size inside the frame; and whether it was
    maximised."""

    x: int
    y: int
    width: int
    height: int
    maximized: bool = False

    def __attrs_post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"window size must be positive, not {self.width}x{self.height}")


class Store:
    """The files of one player.  Every method leaves the files readable."""

    def __init__(self, folder: Path | str | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        #: Problems met and mended (files moved aside, writes that failed), each reported once.
        self.notices: list[Notice] = []
        self._taken = 0
        #: What could not be written yet, by file name: tried again at the next write.
        self._pending: dict[str, bytes] = {}
        #: The error of the writes failing now (None while they work).
        self._failure: OSError | None = None
        #: Unreadable files that could not be moved aside: moved before they are replaced.
        self._unmoved: set[str] = set()
        self._remove_stale_temporaries()
        # Unknown keys are passed over (a newer version may have written them).
        self._converter = game_log.strict_converter(forbid_extra_keys=False)
        #: The file of the game in progress: ``current-game.json``, or another
        #: instance's own (see :meth:`claim_game`).
        self.game_file: str = CURRENT
        #: How long a change waits for another process to let go of the folder (seconds).
        self.lock_wait: float = DEFAULT_WAIT
        self._folder_lock = FileLock(self.folder / STORE_LOCK)
        self._depth = 0
        self._guard = threading.RLock()
        self._game_lock: FileLock | None = None

    # -- files -----------------------------------------------------------------------------------

    def _remove_stale_temporaries(self, age: float = 600.0) -> None:
        """Delete temporary files a killed process left behind (never the data files)."""
        try:
            candidates = list(self.folder.glob(".*.json.*.tmp"))
        except OSError:
            return
        for candidate in candidates:
            try:
                if time.time() - candidate.stat().st_mtime > age:
                    candidate.unlink()
            except OSError:
                continue

    def _path(self, name: str) -> Path:
        return self.folder / name

    def take_notices(self) -> list[Notice]:
        """The notices not taken before (a front end shows each once)."""
        new = self.notices[self._taken :]
        self._taken = len(self.notices)
        return new

    @property
    def unsaved(self) -> bool:
        """Whether some of what was saved is only in memory (writes failing)."""
        return bool(self._pending)

    def _read(self, name: str, parse: Callable[[Any], _T], fresh: Callable[[], _T]) -> _T:
        path = self._path(name)
        if name in self._pending:  # not written yet: what was saved last is in memory
            return parse(loads_json(self._pending[name].decode("utf-8")))
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return fresh()
        except OSError as error:  # a folder in its place, no permission, a disk error
            self._move_aside(path, error)
            return fresh()
        try:
            return parse(loads_json(raw.decode("utf-8")))
        except Exception as error:  # anything wrong in the file: keep it aside, start afresh
            self._move_aside(path, error)
            return fresh()

    def _move_aside(self, path: Path, error: BaseException) -> None:
        reason = _ErrorLine(error)
        try:
            target = self._aside(path)
        except OSError as failure:
            self._unmoved.add(path.name)
            why = _reason(failure)
            self.notices.append(
                Notice(
                    N_(
                        "{name} could not be read ({reason}), nor moved aside ({why});"
                        " it is left as it is in {folder}"
                    ),
                    name=path.name,
                    reason=reason,
                    why=why,
                    folder=str(path.parent),
                )
            )
            return
        self.notices.append(
            Notice(
                N_("{name} could not be read ({reason}); it was kept as {target}"),
                name=path.name,
                reason=reason,
                target=str(target),
            )
        )

    @staticmethod
    def _aside(path: Path) -> Path:
        """Rename ``path`` to ``NAME.corrupt-TIME`` (never over another one); the new path."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        path.rename(target)
        return target

    def _write(self, name: str, data: Any) -> None:
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        self._put(name, text.encode("utf-8"))

    def _put(self, name: str, data: bytes) -> None:
        """Write ``data`` to ``name`` atomically; when that fails, keep it for the next try."""
        self._pending.pop(name, None)
        self._pending[name] = data  # the newest is written last
        self.retry()

    def retry(self) -> bool:
        """Write what could not be written before; True when nothing is left unsaved."""
        shared = any(name in (STATISTICS, SETTINGS) for name in self._pending)
        try:
            with self.locked() if shared else contextlib.nullcontext():
                return self._write_pending()
        except LockTimeout:  # another process is changing them: next time
            return False

    def _write_pending(self) -> bool:
        for name, data in list(self._pending.items()):
            path = self._path(name)
            try:
                if name in self._unmoved and path.exists():
                    self._aside(path)  # an unreadable file is kept, never replaced
                self._unmoved.discard(name)
                write_atomic(path, data)
            except OSError as error:
                if self._failure is None:
                    why = _reason(error)
                    self.notices.append(
                        Notice(
                            N_(
                                "The game cannot save in {folder} ({why}). Play goes on; saving is"
                                " tried again after each action, and the last save is kept."
                            ),
                            folder=str(self.folder),
                            why=why,
                        )
                    )
                self._failure = error
                return False
            if self._pending.get(name) is data:
                del self._pending[name]
        if self._failure is not None:
            self._failure = None
            self.notices.append(Notice(N_("Saving works again.")))
        return True

    # -- between processes -----------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the lock of the folder (reentrant): what is read inside is not changed
        by another process until the block ends.  Waits at most :attr:`lock_wait`
        seconds, then raises :class:`~solitaire.core.locks.LockTimeout` (an ``OSError``).
        Where no lock file can be made (a read-only or full disk), the block runs without
        it: its writes fail as well, and are kept in memory (see :meth:`retry`)."""
        with self._guard:
            if self._depth == 0:
                try:
                    self._folder_lock.acquire_or_fail(self.lock_wait)
                except LockTimeout:
                    raise
                except OSError:
                    pass  # no lock file can be made (a read-only or full disk): nor can the write
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self._folder_lock.release()

    def claim_game(self) -> bool:
        """Take a game file for this instance, for as long as it plays (until
        :meth:`release_game` or the end of the process): ``current-game.json`` when
        no other instance holds it (True), else a file of its own (False), set in
        :attr:`game_file`: one an earlier instance left, else a new one.

        Where no lock can be taken (a read-only folder), the game is that of
        ``current-game.json``, as without this call."""
        if self._game_lock is not None:
            return self.game_file == CURRENT
        main = FileLock(self._path(CURRENT + LOCK_SUFFIX))
        try:
            if main.acquire(0):
                self._game_lock, self.game_file = main, CURRENT
                return True
            for name in self._other_games():
                lock = FileLock(self._path(name + LOCK_SUFFIX))
                if not lock.acquire(0):
                    continue  # another instance plays it
                if self._path(name).exists():
                    self._game_lock, self.game_file = lock, name
                    return False
                lock.release(remove=True)  # cleared by its instance meanwhile
            while True:
                name = f"current-game-{uuid.uuid4().hex[:8]}.json"
                lock = FileLock(self._path(name + LOCK_SUFFIX))
                if not self._path(name).exists() and lock.acquire(0):
                    self._game_lock, self.game_file = lock, name
                    return False
        except OSError:
            self.game_file = CURRENT
            return True

    def release_game(self, *, keep: bool = True) -> None:
        """Let another instance have this one's game file; ``keep`` False removes
        the file first when it is an instance's own (a game with nothing to resume)."""
        lock, self._game_lock = self._game_lock, None
        if lock is None:
            return
        own = self.game_file != CURRENT
        if own and not keep:
            self.clear_game()
        lock.release(remove=own)
        self.game_file = CURRENT

    def _other_games(self) -> list[str]:
        """The game files of other instances, the last saved first."""
        found: list[tuple[float, str]] = []
        with contextlib.suppress(OSError):
            for path in self.folder.iterdir():
                if OTHER_GAME.fullmatch(path.name):
                    with contextlib.suppress(OSError):
                        found.append((path.stat().st_mtime, path.name))
        return [name for _, name in sorted(found, reverse=True)]

    # -- settings --------------------------------------------------------------------------------

    def settings(self) -> Settings:
        """The saved settings (defaults when there are none)."""
        return self._read(SETTINGS, lambda data: self._converter.structure(_strict(data), Settings), Settings)

    def save_settings(self, settings: Settings) -> None:
        """Save the settings."""
        with self.locked():
            self._write(SETTINGS, self._settings_data(settings))

    def update_settings(self, change: Callable[[Settings], Settings]) -> Settings:
        """Change the saved settings as they are now (``change`` gets them and gives the
        new ones), with no other process changing them in between; returns the new ones."""
        with self.locked():
            settings = change(self.settings())
            self._write(SETTINGS, self._settings_data(settings))
        return settings

    def _settings_data(self, settings: Settings) -> dict[str, Any]:
        """The settings as their file keeps them: without a ``variant`` while no game is
        chosen (""), as earlier versions read a file that names none (their default game)."""
        data: dict[str, Any] = self._converter.unstructure(settings)
        if not data.get("variant"):
            del data["variant"]
        return data

    # -- statistics ------------------------------------------------------------------------------

    def statistics(self) -> Statistics:
        """The saved statistics."""
        return self._read(STATISTICS, self._parse_statistics, Statistics)

    def _parse_statistics(self, data: Any) -> Statistics:
        data = _strict(data)
        records = {
            str(k): self._converter.structure(_strict(v), StatsRecord) for k, v in data["records"].items()
        }
        if not isinstance(data["counted"], list):
            raise ValueError("counted: expected a list of game ids")
        counted = tuple(str(item) for item in data["counted"])
        balances = data.get("balances", {})
        if not (isinstance(balances, dict) and all(type(v) is int for v in balances.values())):
            raise ValueError("balances: expected whole numbers by scoring id")
        return Statistics(records, counted, {str(k): v for k, v in balances.items()})

    def record_result(
        self, game: Game, *, game_id: str, seconds: float, helped: bool = False, from_deal: bool = True
    ) -> bool:
        """Count a finished game (won or given up) once; False when it was counted before,
        or when it was not played from its deal on (``from_deal`` False: a game opened
        from a log is no record, neither a win nor a loss)."""
        if not from_deal:
            return False
        with self.locked():  # read, change and write back: no other process in between
            return self._add_result(game, game_id, seconds, helped)

    def balance(self, scoring: str) -> int:
        """The balance a scheme that carries one (Vegas cumulative) has reached so far."""
        return self.statistics().balances.get(scoring, 0)

    def _add_result(self, game: Game, game_id: str, seconds: float, helped: bool) -> bool:
        stats = self.statistics()
        if game_id in stats.counted:
            return False
        options = game.rules.options
        key = Statistics.key(options.variant, options.draw, options.scoring)
        record = stats.records.get(key, StatsRecord()).add(
            game.is_won, game.state.score, game.state.moves, seconds, helped
        )
        records = {**stats.records, key: record}
        counted = (*stats.counted, game_id)[-COUNTED_IDS:]
        balances = dict(stats.balances)
        if game.rules.scoring.carries_balance:
            balances[options.scoring] = game.state.score
        self._write_statistics(Statistics(records, counted, balances))
        return True

    def reset_statistics(self, variant: str) -> Statistics:
        """Forget the records of one game (every draw and scoring it was played with),
        with no other process changing the statistics in between; returns them as they
        are then.  See :meth:`Statistics.without_game` for what stays."""
        with self.locked():
            stats = self.statistics().without_game(variant)
            self._write_statistics(stats)
        return stats

    def _write_statistics(self, stats: Statistics) -> None:
        data: dict[str, Any] = {
            "records": {k: self._converter.unstructure(v) for k, v in stats.records.items()},
            "counted": list(stats.counted),
        }
        if stats.balances:
            data["balances"] = dict(stats.balances)
        self._write(STATISTICS, data)

    # -- the game in progress --------------------------------------------------------------------

    def save_game(
        self,
        game: Game,
        catalog: Catalog,
        *,
        game_id: str,
        seconds: float = 0.0,
        helped: bool = False,
        from_deal: bool = True,
    ) -> None:
        """Save the game in progress (call after every action); ``from_deal`` False
        for a game not played here from its deal on (see :meth:`record_result`)."""
        log_text = game_log.dumps(game_log.log_of(game, catalog)).rstrip("\n").replace("\n", "\n  ")
        head = json.dumps(
            {"id": game_id, "seconds": round(seconds, 1), "helped": helped, "from_deal": from_deal}
        )[:-1]
        # The log keeps its layout (one action per line): written as it is, not re-encoded.
        self._put(self.game_file, f'{head}, "log": {log_text}}}\n'.encode())

    def load_game(self, catalog: Catalog) -> tuple[Game, SavedGame] | None:
        """The saved game in progress, replayed and checked; None when there is none
        (or it could not be read: then it is moved aside and noted).

        A saved game whose plugin is not installed is kept in ``waiting-games``; when
        no game is in progress (none saved, one without a move, or one won: counted
        already), a waiting game whose plugins are all installed again is resumed instead."""
        path = self._path(self.game_file)
        saved = self._read(self.game_file, self._parse_saved, lambda: None)
        resumed = self._replay_saved(path, saved, catalog) if saved is not None else None
        if resumed is not None and resumed[0].journal and not resumed[0].is_won:
            self._note_playable_waiting(catalog)
            return resumed
        return self._resume_waiting(catalog) or resumed

    def _parse_saved(self, data: Any) -> SavedGame:
        return self._converter.structure(_strict(data), SavedGame)

    def _replay_saved(self, path: Path, saved: SavedGame, catalog: Catalog) -> tuple[Game, SavedGame] | None:
        from solitaire.core.registry import PluginError

        try:
            log = game_log.from_data(saved.log)
            missing = _missing_plugin(log.header, catalog)
            if missing is not None:
                self._keep_waiting(path, saved, log.header, *missing)
                return None
            game = game_log.replay(log, catalog)
        except (game_log.LogError, PluginError) as error:  # a plugin failing in it: no crash loop
            self._move_aside(path, error)
            return None
        return game, saved

    def _keep_waiting(
        self, path: Path, saved: SavedGame, header: game_log.LogHeader, kind: str, ref: game_log.PluginRef
    ) -> None:
        """Move the saved game to ``waiting-games`` until its plugin is back."""
        package = game_log.install_command(ref)
        stem = f"{_file_word(header.variant.id)}-{_file_word(saved.id)}"
        folder = self._path(WAITING)
        target = folder / f"{stem}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            counter = 1
            while target.exists():
                counter += 1
                target = folder / f"{stem}-{counter}.json"
            path.rename(target)
        except OSError:  # no room for it there: moved aside as any unreadable file
            problem = (
                i18n.Message(
                    "{kind} {id!r} is not installed: install it with {package}",
                    kind=kind,
                    id=Quoted(ref.id),
                    package=package,
                )
                if package
                else i18n.Message("{kind} {id!r} is not installed", kind=kind, id=Quoted(ref.id))
            )
            self._move_aside(path, game_log.LogError(f"header.{kind}", problem))
            return
        code, name = _plain(header.code), _plain(ref.id)
        needs = _NEEDS[kind] if kind in _NEEDS else _NEEDS["variant"]
        self.notices.append(
            Notice(
                needs[0] if package else needs[1],
                code=code,
                name=repr(name),
                package=package,
                target=str(target),
            )
        )

    def _waiting(self) -> list[Path]:
        """The waiting games, the newest first."""
        with contextlib.suppress(OSError):
            found = [(path.stat().st_mtime, path) for path in self._path(WAITING).glob("*.json")]
            return [path for _, path in sorted(found, key=lambda pair: pair[0], reverse=True)]
        return []

    def _waiting_header(self, path: Path) -> tuple[SavedGame, game_log.GameLog] | None:
        try:
            saved = self._parse_saved(loads_json(path.read_bytes().decode("utf-8")))
            return saved, game_log.from_data(saved.log)
        except Exception as error:  # unreadable: kept aside as any other file
            self._move_aside(path, error)
            return None

    def _resume_waiting(self, catalog: Catalog) -> tuple[Game, SavedGame] | None:
        """The newest waiting game whose plugins are installed, made the game in progress."""
        if self.game_file in self._unmoved:
            return None
        for path in self._waiting():
            read = self._waiting_header(path)
            if read is None or _missing_plugin(read[1].header, catalog) is not None:
                continue
            saved, log = read
            from solitaire.core.registry import PluginError

            try:
                game = game_log.replay(log, catalog)
            except (game_log.LogError, PluginError) as error:  # a plugin failing in it: no crash loop
                self._move_aside(path, error)
                continue
            try:
                os.replace(path, self._path(self.game_file))
            except OSError:
                return None
            self.notices.append(
                Notice(
                    N_("The game {code} waited in {path} for its plugin; it is resumed"),
                    code=game.code,
                    path=str(path),
                )
            )
            return game, saved
        return None

    def _note_playable_waiting(self, catalog: Catalog) -> None:
        for path in self._waiting():
            read = self._waiting_header(path)
            if read is not None and _missing_plugin(read[1].header, catalog) is None:
                code = _plain(read[1].header.code)
                self.notices.append(
                    Notice(
                        N_(
                            "The game {code} in {path} can be played again: it is resumed at a start"
                            " with no game in progress"
                        ),
                        code=code,
                        path=str(path),
                    )
                )

    def clear_game(self) -> None:
        """Forget the game in progress."""
        self._pending.pop(self.game_file, None)
        with contextlib.suppress(OSError):  # a read-only folder: the file stays, as it was
            self._path(self.game_file).unlink(missing_ok=True)

    # -- the window ------------------------------------------------------------------------------

    def window_state(self) -> WindowState | None:
        """Where the main window was left; None the first time (or when unreadable)."""
        return self._read(
            WINDOW, lambda data: self._converter.structure(_strict(data), WindowState), lambda: None
        )

    def save_window_state(self, state: WindowState) -> None:
        """Remember where the main window is."""
        self._write(WINDOW, self._converter.unstructure(state))

    @staticmethod
    def new_game_id() -> str:
        """A fresh id for a game, used to count it once."""
        return uuid.uuid4().hex


#: What a waiting game is told with: (with the command that installs the plugin, without).
_NEEDS: Final = {
    "variant": (
        N_(
            "The saved game {code} needs the variant {name}, which is not installed: install it with"
            " {package}; it waits in {target} and is resumed once that is installed again"
        ),
        N_(
            "The saved game {code} needs the variant {name}, which is not installed; it waits in"
            " {target} and is resumed once that is installed again"
        ),
    ),
    "scoring": (
        N_(
            "The saved game {code} needs the scoring scheme {name}, which is not installed: install it"
            " with {package}; it waits in {target} and is resumed once that is installed again"
        ),
        N_(
            "The saved game {code} needs the scoring scheme {name}, which is not installed; it waits in"
            " {target} and is resumed once that is installed again"
        ),
    ),
    "redeal": (
        N_(
            "The saved game {code} needs the redeal policy {name}, which is not installed: install it"
            " with {package}; it waits in {target} and is resumed once that is installed again"
        ),
        N_(
            "The saved game {code} needs the redeal policy {name}, which is not installed; it waits in"
            " {target} and is resumed once that is installed again"
        ),
    ),
}


def _missing_plugin(header: game_log.LogHeader, catalog: Catalog) -> tuple[str, game_log.PluginRef] | None:
    """The first plugin-provided type the header names that is not installed, with its kind."""
    for kind, ref, table in (
        ("variant", header.variant, catalog.variants),
        ("scoring", header.scoring, catalog.scorings),
        ("redeal", header.redeal, catalog.redeals),
    ):
        name = ref.id.partition(":")[0] if kind == "redeal" else ref.id
        if name not in table:
            return kind, ref
    return None


def _file_word(text: str) -> str:
    """``text`` made safe as a part of a file name."""
    return re.sub(r"[^A-Za-z0-9_-]+", "_", text)[:40] or "game"


def _plain(text: str, limit: int = 60) -> str:
    """Text from a file, fit for one line of a message."""
    shown = "".join(char if char.isprintable() else "?" for char in text[:limit])
    return shown + ("…" if len(text) > limit else "")


def _reason(error: OSError) -> str:
    """What went wrong, without the path: "No space left on device"."""
    return error.strerror or str(error) or type(error).__name__


def _strict(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, not {type(data).__name__}")
    return data
