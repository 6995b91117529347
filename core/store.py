"""The local store: the game in progress, statistics and settings, kept between launches.

Files live in the user's data folder (``platformdirs``), or in the folder named by
the environment variable ``SOLITAIRE_HOME`` (tests, portable installs):

* ``current-game.json``: the game in progress, a game log with a little more
  (its id, the time played, whether the solver helped, whether it was played
  here from its deal on); saved after every action;
* ``statistics.json``: results per variant, draw mode and scoring;
* ``settings.json``: language, interactive rules, double tap, animations, the
  options of new games, the "still winnable?" indicator and the plugin problems
  already announced;
* ``window.json``: the main window's size, position and maximised state.

Every write is atomic (temporary file, flush, fsync, rename).  A file that
cannot be read is moved aside (renamed ``NAME.corrupt-TIME``, never deleted),
reported once in :attr:`Store.notices`, and replaced by a fresh one.

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
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from solitaire.core import log as game_log
from solitaire.core.files import write_atomic
from solitaire.core.locks import DEFAULT_WAIT, FileLock
from solitaire.core.untrusted import loads_json

if TYPE_CHECKING:
    from solitaire.core.game import Game
    from solitaire.core.registry import Catalog

__all__ = [
    "HOME_VARIABLE",
    "Settings",
    "Statistics",
    "StatsRecord",
    "Store",
    "WindowState",
    "default_folder",
]

HOME_VARIABLE: Final = "SOLITAIRE_HOME"
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
#: How many game ids are remembered to count each game once.
COUNTED_IDS: Final = 500
#: The values of :attr:`Settings.winnable_indicator`.
INDICATOR_MODES: Final = ("off", "open", "always")
_T = TypeVar("_T")


def default_folder() -> Path:
    """``$SOLITAIRE_HOME``, else the user's data folder for the game."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("solitaire", appauthor=False))


@attrs.frozen
class Settings:
    """What the player chose; new games start with ``variant``, ``draw`` (None: the
    variant's default), ``scoring``, ``redeal`` (None: the scoring's default) and
    ``returns_allowed``."""

    language: str = "en"
    interactive_rules: bool = True
    double_tap: bool = True
    animations: bool = True
    #: The card deck: "" for the built-in one, else the path of an installed SVG deck.
    deck: str = ""
    #: The card back of the built-in deck.
    back: str = "blue"
    variant: str = "klondike"
    draw: int | None = None
    scoring: str = "normal"
    redeal: str | None = None
    returns_allowed: bool = True
    #: Random new games only from deals the solver proves winnable (where it knows the variant).
    winnable_only: bool = False
    #: The status bar's "still winnable?" verdict: "off", "open" (only in games that hide
    #: nothing, such as Réfléchi) or "always" (in Klondike too, knowing the face-down cards).
    winnable_indicator: str = "open"
    #: The plugin problems the player was last told about, one "plugin: reason" a line,
    #: so that the same ones are not announced at every start.
    plugin_problems_shown: str = ""

    def __attrs_post_init__(self) -> None:
        if self.language not in ("en", "ru"):
            raise ValueError(f"language must be en or ru, not {self.language!r}")
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
    """Records by ``variant/draw/scoring`` (e.g. ``klondike/1/vegas``) and the ids of
    the games counted, so that no game is counted twice."""

    records: dict[str, StatsRecord] = attrs.field(factory=dict)
    counted: tuple[str, ...] = ()

    @staticmethod
    def key(variant: str, draw: int, scoring: str) -> str:
        """The key of a record."""
        return f"{variant}/{draw}/{scoring}"


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
        #: Problems met and mended (files moved aside), each reported once.
        self.notices: list[str] = []
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

    def _read(self, name: str, parse: Callable[[Any], _T], fresh: Callable[[], _T]) -> _T:
        path = self._path(name)
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
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        try:
            path.rename(target)
        except OSError:
            target = path
        reason = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
        self.notices.append(f"{path.name} could not be read ({reason}); it was kept as {target.name}")

    def _write(self, name: str, data: Any) -> None:
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        write_atomic(self._path(name), text.encode("utf-8"))

    # -- between processes -----------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the lock of the folder (reentrant): what is read inside is not changed
        by another process until the block ends.  Waits at most :attr:`lock_wait`
        seconds, then raises :class:`~solitaire.core.locks.LockTimeout` (an ``OSError``)."""
        with self._guard:
            if self._depth == 0:
                self._folder_lock.acquire_or_fail(self.lock_wait)
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
            self._write(SETTINGS, self._converter.unstructure(settings))

    def update_settings(self, change: Callable[[Settings], Settings]) -> Settings:
        """Change the saved settings as they are now (``change`` gets them and gives the
        new ones), with no other process changing them in between; returns the new ones."""
        with self.locked():
            settings = change(self.settings())
            self._write(SETTINGS, self._converter.unstructure(settings))
        return settings

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
        return Statistics(records, counted)

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
        data = {
            "records": {k: self._converter.unstructure(v) for k, v in records.items()},
            "counted": counted,
        }
        self._write(STATISTICS, data)
        return True

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
        write_atomic(self._path(self.game_file), f'{head}, "log": {log_text}}}\n'.encode())

    def load_game(self, catalog: Catalog) -> tuple[Game, SavedGame] | None:
        """The saved game in progress, replayed and checked; None when there is none
        (or it could not be read: then it is moved aside and noted)."""
        path = self._path(self.game_file)
        saved = self._read(
            self.game_file, lambda data: self._converter.structure(_strict(data), SavedGame), lambda: None
        )
        if saved is None:
            return None
        try:
            game = game_log.replay(game_log.from_data(saved.log), catalog)
        except game_log.LogError as error:
            self._move_aside(path, error)
            return None
        return game, saved

    def clear_game(self) -> None:
        """Forget the game in progress."""
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


def _strict(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, not {type(data).__name__}")
    return data
