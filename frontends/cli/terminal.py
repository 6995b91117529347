"""A game in the terminal: type moves in notation, one per line.

The game in progress is saved after every action and resumed on the next start;
finished games go into the statistics (see :mod:`solitaire.core.store`).  What the
store meets (a file it could not read, a save that failed and is tried again) is
said once, under the table.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

from solitaire.core import i18n
from solitaire.core.families import by_family, folded
from solitaire.core.game import Change, parse_action
from solitaire.core.i18n import N_, Message, Plural
from solitaire.core.moves import MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.registry import Catalog, PluginError
from solitaire.core.session import Session, remember_choice
from solitaire.core.store import Statistics, Store
from solitaire.core.untrusted import printable
from solitaire.frontends.cli.render import letters, pile_list, render_state, symbols_fit

__all__ = ["play_in_terminal"]

#: The lines typed at the terminal, kept for the next start (in the store's folder).
HISTORY_FILE = "terminal-history"
HISTORY_LENGTH = 1000

HELP = N_(
    "Moves: s (tap the stock), w>t3, t2>f, f2>t5, t3:4>t6 (last 4 cards of column 3).\n"
    "Also: undo, redo, hint, auto (auto-complete), restart, new [CODE], code, stats, help, quit."
)
#: Said after the help: the games to choose from.
GAMES_HELP = N_("Also: games (the games, by family), new GAME (a random deal of that game: new spider).")
#: The heading of a family in the list of games.
FAMILY = N_("{family} family:")
#: Said after the help: which piles the game in progress has.
PILES = N_("The piles of this game: {piles}.")
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


class Terminal:
    """One player at the terminal: the language, how cards are written, and the
    session (the game, its id and time, and the store)."""

    def __init__(self, catalog: Catalog, store: Store, lang: str) -> None:
        self.session, self.lang = Session(catalog, store), lang
        #: Cards are written with suit symbols (``10♥``), or in letters (``TH``) where
        #: the output cannot write the symbols; the same on the table and in messages.
        self.symbols = symbols_fit(sys.stdout)
        #: Whether the last change won the game.
        self.won = False
        self.session.subscribe(self._changed)
        # Another instance may be playing the current game: this one then gets a game of its own.
        if not self.session.claim():
            print(_text("own", lang).format(name=store.game_file))
        resumed = self.session.resume()
        if resumed is not None:
            print(f"{_text('resume', lang)} {resumed.code}")
        else:
            self.session.new_game()
        # Read now, so that a file that could not be read is told at the start.
        store.settings()
        store.statistics()

    def _changed(self, change: Change, won: bool) -> None:
        self.won = self.won or won

    def say(self, text: str) -> None:
        """A message under the table, its cards written as the table writes them."""
        print(f"  {printable(text if self.symbols else letters(text))}")

    def tell_notices(self) -> None:
        """Say what the store met since the last time (a file moved aside, a save that failed)."""
        for notice in self.session.take_notices(self.lang):
            self.say(notice)


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
    terminal = Terminal(catalog, store, lang)
    try:
        return _loop(terminal)
    finally:
        terminal.session.leave()


def _loop(terminal: Terminal) -> int:
    lang, session = terminal.lang, terminal.session
    terminal.tell_notices()
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    _print_help(terminal)
    shown: object = None
    while True:
        game = session.game
        assert game is not None
        if shown is not game.state:  # draw the table again only when it changed
            print()
            picture = render_state(
                game.state, game.rules, game.code, lang=lang, colour=colour, symbols=terminal.symbols
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
            _command(terminal, word, rest.strip())
        except (ValueError, IllegalMoveError) as error:
            terminal.say(i18n.error_message(error, lang))
        except PluginError as error:  # the move did not happen; the saved game stays as it was
            terminal.say(error.message(lang))
        terminal.tell_notices()


def _command(terminal: Terminal, word: str, rest: str) -> None:
    session, lang = terminal.session, terminal.lang
    game = session.game
    assert game is not None
    terminal.won = False
    if word == "help":
        _print_help(terminal)
    elif word == "code":
        terminal.say(game.code)
    elif word == "stats":
        _print_statistics(session.store.statistics(), lang)
    elif word == "games":
        _print_games(terminal)
    elif word == "new":
        variant = _game_named(session.catalog, rest, lang)
        if variant is not None:
            _new_game_of(terminal, variant)
        else:
            session.new_game(rest or None)
        if session.game is not None and session.game.rules.variant is not game.rules.variant:
            _print_piles(terminal)  # another game: say its piles
    elif word == "restart":
        session.restart()
    elif word == "hint":
        hint = game.hint()
        session.helped = session.helped or hint.move is not None
        terminal.say(f"{hint.move or '-'}: {hint.reason(lang)}")
    elif word == "auto":
        if game.autocomplete_moves() is None:
            terminal.say(_text("auto", lang))
        else:
            game.autocomplete()
    else:
        try:
            game.perform(parse_action(word))
        except MoveSyntaxError as error:
            terminal.say(str(error))
    if terminal.won:
        terminal.say(_text("won", lang))


def _print_help(terminal: Terminal) -> None:
    """The help, and the piles of the game in progress (FreeCell's cells, Spider's ten columns)."""
    print(i18n.gettext(HELP, terminal.lang))
    print(i18n.gettext(GAMES_HELP, terminal.lang))
    _print_piles(terminal)


def _print_games(terminal: Terminal) -> None:
    """The games installed, by family, the one in play marked with ``*``."""
    session, lang = terminal.session, terminal.lang
    playing = session.game.rules.variant.id if session.game is not None else ""
    for family in by_family(session.catalog.variants.values(), lang):
        terminal.say(Message(FAMILY, family=family.name).translate(lang))
        for variant in family.variants:
            mark = "*" if variant.id == playing else " "
            terminal.say(f"  {mark} {variant.id:<20} {variant.name(lang)}")


def _game_named(catalog: Catalog, name: str, lang: str) -> str | None:
    """The id of the game ``name`` stands for (its id or its name, in any case), or None."""
    wanted = folded(name.strip())
    if not wanted:
        return None
    for variant in catalog.variants.values():
        if wanted in (folded(variant.id), folded(variant.name(lang)), folded(variant.name("en"))):
            return variant.id
    return None


def _new_game_of(terminal: Terminal, variant: str) -> None:
    """A random deal of ``variant`` with the options last chosen for it; it becomes
    the game of the next ``new`` (and the window's next random deal)."""
    session = terminal.session
    game = session.game_of(variant)
    options = game.rules.options
    catalog = session.catalog
    default_redeal = catalog.default_redeal(
        catalog.variant(options.variant), catalog.scoring(options.scoring)
    )
    session.store.update_settings(lambda saved: remember_choice(saved, options, default_redeal))
    session.start(game)


def _print_piles(terminal: Terminal) -> None:
    game = terminal.session.game
    if game is not None:
        piles = pile_list([spec.id for spec in game.rules.variant.piles(game.state)])
        print(Message(PILES, piles=piles).translate(terminal.lang))


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
