"""A game in the terminal: type moves in notation, one per line.

The game in progress is saved after every action and resumed on the next start;
finished games go into the statistics (see :mod:`solitaire.core.store`).  What the
store meets (a file it could not read, a save that failed and is tried again) is
said once, under the table.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path

from solitaire.core import i18n
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Game, parse_action
from solitaire.core.i18n import N_, Message, Plural
from solitaire.core.moves import MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.registry import Catalog, OptionsError, PluginError
from solitaire.core.store import Statistics, Store
from solitaire.core.untrusted import printable
from solitaire.frontends.cli.render import letters, render_state, symbols_fit

__all__ = ["play_in_terminal"]

#: The lines typed at the terminal, kept for the next start (in the store's folder).
HISTORY_FILE = "terminal-history"
HISTORY_LENGTH = 1000

HELP = N_(
    "Moves: s (tap the stock), w>t3, t2>f, f2>t5, t3:4>t6 (last 4 cards of column 3).\n"
    "Also: undo, redo, hint, auto (auto-complete), restart, new [CODE], code, stats, help, quit."
)
TEXT = {
    "won": N_("You won!"),
    "auto": N_("Auto-complete is not available yet."),
    "resume": N_("Resuming"),
    "none": N_("No games finished yet."),
    "own": N_(
        "Another game is being played with these files (in a window or a terminal);"
        " this one is a game of its own, saved as {name}."
    ),
}


def _text(key: str, lang: str) -> str:
    return i18n.gettext(TEXT[key], lang)


class Session:
    """One player at the terminal: the game, its id and time, and the store."""

    def __init__(self, catalog: Catalog, store: Store, lang: str) -> None:
        self.catalog, self.store, self.lang = catalog, store, lang
        #: Cards are written with suit symbols (``10♥``), or in letters (``TH``) where
        #: the output cannot write the symbols; the same on the table and in messages.
        self.symbols = symbols_fit(sys.stdout)
        # Another instance may be playing the current game: this one then gets a game of its own.
        if not store.claim_game():
            print(_text("own", lang).format(name=store.game_file))
        resumed = store.load_game(catalog)
        if resumed is not None:
            self.game, saved = resumed
            self.game_id, self.seconds, self.helped = saved.id, saved.seconds, saved.helped
            #: False for a game the window opened from a log: no record (see Store.record_result).
            self.from_deal = saved.from_deal
            print(f"{_text('resume', lang)} {self.game.code}")
        else:
            self.start(self.random_game())
        self.clock = time.monotonic()
        # Read now, so that a file that could not be read is told at the start.
        store.settings()
        store.statistics()

    def random_game(self) -> Game:
        settings = self.store.settings()
        deal = secrets.randbelow(DEAL_NUMBERS)
        try:
            options = self.catalog.options(
                settings.variant,
                settings.draw,
                settings.scoring,
                settings.redeal,
                settings.returns_allowed,
                deal,
            )
        except OptionsError:
            options = self.catalog.options(deal=deal)
        return self.catalog.new_game(options)

    def start(self, game: Game) -> None:
        """Leave the current game (counted as played if moves were made) and start ``game``."""
        if getattr(self, "game", None) is not None and self.game.journal and not self.game.is_won:
            self.finish()
        self.game, self.game_id, self.seconds, self.clock = game, Store.new_game_id(), 0.0, time.monotonic()
        #: Whether a hint was asked for in this game (a win then counts as won with help).
        self.helped = False
        self.from_deal = True
        self.save()

    def say(self, text: str) -> None:
        """A message under the table, its cards written as the table writes them."""
        print(f"  {printable(text if self.symbols else letters(text))}")

    def tell_notices(self) -> None:
        """Say what the store met since the last time (a file moved aside, a save that failed)."""
        for notice in self.store.take_notices():
            self.say(notice.message(self.lang))

    def elapsed(self) -> float:
        return self.seconds + time.monotonic() - self.clock

    def save(self) -> None:
        self.store.save_game(
            self.game,
            self.catalog,
            game_id=self.game_id,
            seconds=self.elapsed(),
            helped=self.helped,
            from_deal=self.from_deal,
        )

    def leave(self) -> None:
        """Let other instances have this one's game file (an instance's own file is
        kept only for a game to resume: one with moves, not won)."""
        self.store.release_game(keep=bool(self.game.journal) and not self.game.is_won)

    def finish(self) -> None:
        self.store.record_result(
            self.game,
            game_id=self.game_id,
            seconds=self.elapsed(),
            helped=self.helped,
            from_deal=self.from_deal,
        )


def line_editing(folder: Path, interactive: bool) -> Callable[[], None]:
    """Line editing and history (Up recalls a line) where readline is there, the
    history read from ``folder``; returns what keeps the history for next time.

    Nothing changes without readline (Windows) or without a terminal to type at."""
    if not interactive:
        return lambda: None
    try:
        import readline
    except ImportError:
        return lambda: None
    path = folder / HISTORY_FILE
    readline.set_history_length(HISTORY_LENGTH)
    with contextlib.suppress(OSError):
        readline.read_history_file(path)

    def keep() -> None:
        partial = folder / f".{HISTORY_FILE}.tmp"
        with contextlib.suppress(OSError):  # a history not kept is no reason to fail
            folder.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(partial)
            os.replace(partial, path)

    return keep


def play_in_terminal(catalog: Catalog, *, lang: str = "en", store: Store | None = None) -> int:
    """Play in the terminal until ``quit`` or the end of input."""
    store = store if store is not None else Store()
    keep_history = line_editing(store.folder, sys.stdin.isatty() and sys.stdout.isatty())
    try:
        return _play(catalog, lang, store)
    finally:
        keep_history()


def _play(catalog: Catalog, lang: str, store: Store) -> int:
    session = Session(catalog, store, lang)
    try:
        return _loop(session)
    finally:
        session.leave()


def _loop(session: Session) -> int:
    lang = session.lang
    session.tell_notices()
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    print(i18n.gettext(HELP, lang))
    shown: object = None
    while True:
        game = session.game
        if shown is not game.state:  # draw the table again only when it changed
            print()
            picture = render_state(
                game.state, game.rules, game.code, lang=lang, colour=colour, symbols=session.symbols
            )
            print(picture)
            shown = game.state
        try:
            line = input("> ").strip()
        except EOFError:
            print()
            return 0
        word, _, rest = line.partition(" ")
        if not word:
            continue
        if word in ("quit", "exit", "q"):
            return 0
        try:
            _command(session, word, rest.strip())
        except (ValueError, IllegalMoveError) as error:
            session.say(i18n.error_message(error, lang))
        except PluginError as error:  # the move did not happen; the saved game stays as it was
            session.say(error.message(lang))
        session.tell_notices()


def _command(session: Session, word: str, rest: str) -> None:
    game, lang = session.game, session.lang
    before = game.state
    if word == "help":
        print(i18n.gettext(HELP, lang))
    elif word == "code":
        session.say(game.code)
    elif word == "stats":
        _print_statistics(session.store.statistics(), lang)
    elif word == "new":
        session.start(session.catalog.game_from_code(rest) if rest else session.random_game())
        return
    elif word == "restart":
        session.start(session.catalog.game_from_code(game.code) if game.code else session.random_game())
        return
    elif word == "hint":
        hint = game.hint()
        session.helped = session.helped or hint.move is not None
        session.say(f"{hint.move or '-'}: {hint.reason(lang)}")
    elif word == "auto":
        if game.autocomplete_moves() is None:
            session.say(_text("auto", lang))
        else:
            game.autocomplete()
    else:
        try:
            game.perform(parse_action(word))
        except MoveSyntaxError as error:
            session.say(str(error))
    if game.state is not before:
        session.save()
        if game.is_won and not session.store.statistics().counted.count(session.game_id):
            session.finish()
            session.say(_text("won", lang))


def _print_statistics(stats: Statistics, lang: str) -> None:
    if not stats.records:
        print(f"  {_text('none', lang)}")
        return
    for key, record in sorted(stats.records.items()):
        rate = f"{record.win_rate:.0%}" if record.win_rate is not None else "-"
        fastest = f"{record.fastest_win_seconds:.0f} s" if record.fastest_win_seconds is not None else "-"
        played = Plural("played {n}", "played {n}", record.played)  # Russian: сыграна 1 партия, 2 партии
        results = Message(
            N_(
                "won {won} ({rate}), best {best}, fastest {fastest}, fewest moves {fewest},"
                " streak {streak} (longest {longest}), total {total}"
            ),
            won=record.won,
            rate=rate,
            best=record.best_score,
            fastest=fastest,
            fewest=record.fewest_moves or "-",
            streak=record.current_streak,
            longest=record.longest_streak,
            total=record.total_score,
        )
        print(f"  {key:<20} {played.translate(lang)}, {results.translate(lang)}")
