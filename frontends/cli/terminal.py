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
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from solitaire.core import difficulty, i18n
from solitaire.core.codes import CodeError
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.families import by_family, folded
from solitaire.core.game import Change, parse_action
from solitaire.core.i18n import N_, Message, N_plural, Plural
from solitaire.core.moves import MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.registry import Catalog, OptionsError, PluginError
from solitaire.core.session import REDEALS, NewGameChoice, NewGameFields, Session, offers
from solitaire.core.store import Statistics, Store
from solitaire.core.untrusted import printable
from solitaire.frontends.cli.render import letters, pile_list, render_state, symbols_fit

if TYPE_CHECKING:
    from solitaire.core.deal_search import Searched

__all__ = ["NEW_GAME_OPTIONS", "game_named", "new_game_words", "play_in_terminal"]

#: The lines typed at the terminal, kept for the next start (in the store's folder).
HISTORY_FILE = "terminal-history"
HISTORY_LENGTH = 1000

HELP = N_(
    "Moves: s (tap the stock), w>t3, t2>f, f2>t5, t3:4>t6 (last 4 cards of column 3).\n"
    "Also: undo, redo, hint, auto (auto-complete), restart, new [CODE], code, stats, help, quit."
)
#: Said after the help: the games to choose from.
GAMES_HELP = N_("Also: games (the games, by family), new GAME (a random deal of that game: new spider).")
#: Said after the help: the options of a new game.
OPTIONS_HELP = N_(
    "Also: options [GAME] (what a new game of it may choose), and new [GAME] with options:"
    " --draw N, --scoring ID, --redeal POLICY, --returns allowed|forbidden, --deal N,"
    " --winnable, --no-winnable, --difficulty any|easy|medium|hard (new freecell --difficulty easy)."
)
#: The options of a new game that take a value, and the field of ``NewGameFields`` each sets.
NEW_GAME_OPTIONS: Final = {
    "--draw": "draw",
    "--scoring": "scoring",
    "--redeal": "redeal",
    "--returns": "returns_allowed",
    "--deal": "deal",
    "--difficulty": "difficulty",
}
#: The options of a new game that take no value: winnable deals only, or not.
SWITCHES: Final = {"--winnable": True, "--no-winnable": False}
#: The words of ``--returns``.
RETURNS: Final = {"allowed": True, "forbidden": False}
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
    # The search for a winnable deal (the window's words where it has them).
    "searching": N_("Looking for a deal the solver can win… (Ctrl-C stops the search)"),
    "tried": N_("Deals tried: {tried}"),
    "found": N_("Deal {code} is winnable: the solver proved it (deals tried: {tried})."),
    "cancelled": N_("The search for a winnable deal was cancelled (deals tried: {tried})."),
    "no_levels": N_("This game has no difficulty levels: any winnable deal."),
    "unsupported": N_("The solver does not know the rules of {variant}: any deal may come."),
    # The options of a new game (the `options` command), each line under the heading.
    "options": N_("New games of {game}, as chosen now (*); new {id} --OPTION VALUE changes them:"),
    "scoring": N_("Scoring"),
    "redeal": N_("Passes through the stock"),
    "returns": N_("Allow cards back from the foundations"),
    "winnable": N_("Winnable deals only (the solver proves each random deal)"),
    "difficulty": N_("Difficulty"),
    "deal": N_("Deal number"),
    "random": N_("a random deal unless one is given"),
}
#: Said when a search gave up (as the window says it).
GAVE_UP = N_plural(
    "No deal was proved winnable in {tried} try: the game goes on.",
    "No deal was proved winnable in {tried} tries: the game goes on.",
)


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
        # Read now, so that a file that could not be read is told at the start.
        store.settings()
        store.statistics()

    def begin(self, choice: NewGameChoice | None = None) -> None:
        """Resume the saved game, else deal a new one; with ``choice`` (chosen on the
        command line), remember it and start a game of it: the game resumed is left, as
        ``new`` leaves it, unless the search for a winnable deal finds none."""
        session = self.session
        resumed = session.resume()
        if choice is not None:
            session.remember(choice)
            start_chosen(self, choice)
            if session.game is not resumed:
                return
        if resumed is not None:
            print(f"{_text('resume', self.lang)} {resumed.code}")
        elif session.game is None:
            session.new_game()

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


def play_in_terminal(
    catalog: Catalog, *, lang: str = "en", store: Store | None = None, choice: NewGameChoice | None = None
) -> int:
    """Play in the terminal until ``quit`` or the end of input; with ``choice``, start
    with a new game of it (see :meth:`Terminal.begin`)."""
    store = store if store is not None else Store()
    keep_history = line_editing(store.folder, sys.stdin.isatty() and sys.stdout.isatty())
    try:
        return _play(catalog, lang, store, choice)
    finally:
        keep_history()


def _play(catalog: Catalog, lang: str, store: Store, choice: NewGameChoice | None) -> int:
    terminal = Terminal(catalog, store, lang)
    try:
        terminal.begin(choice)
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
        _new(terminal, rest)
        if session.game is not None and session.game.rules.variant is not game.rules.variant:
            _print_piles(terminal)  # another game: say its piles
    elif word == "options":
        _print_options(terminal, rest)
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
    print(i18n.gettext(OPTIONS_HELP, terminal.lang))
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


def game_named(catalog: Catalog, name: str, lang: str) -> str | None:
    """The id of the game ``name`` stands for (its id or its name, in any case), or None."""
    wanted = folded(name.strip())
    if not wanted:
        return None
    for variant in catalog.variants.values():
        if wanted in (folded(variant.id), folded(variant.name(lang)), folded(variant.name("en"))):
            return variant.id
    return None


def new_game_words(text: str) -> tuple[str, NewGameFields]:
    """The words after ``new``: a game (or a game code), and the options of a new game
    (``--draw 3``, ``--draw=3``, ``--winnable``).  ``OptionsError`` says what is wrong."""
    words = text.split()
    name: list[str] = []
    given: NewGameFields = {}
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if not word.startswith("--"):
            name.append(word)
            continue
        option, equals, value = word.partition("=")
        if option in SWITCHES:
            if equals:
                raise OptionsError(Message("{option} takes no value", option=option))
            given["winnable_only"] = SWITCHES[option]
            continue
        if option not in NEW_GAME_OPTIONS:
            known = ", ".join([*NEW_GAME_OPTIONS, *SWITCHES])
            raise OptionsError(
                Message("unknown option {option!r} (the options: {known})", option=option, known=known)
            )
        if not equals:
            if index >= len(words) or words[index].startswith("--"):
                raise OptionsError(Message("{option} needs a value", option=option))
            value = words[index]
            index += 1
        _take(given, NEW_GAME_OPTIONS[option], value)
    return " ".join(name), given


def _take(given: NewGameFields, field: str, value: str) -> None:
    """Put the value of one option in ``given``, read as its field wants it."""
    if field == "draw":
        if not (value.isascii() and value.isdigit() and 1 <= int(value) <= 9):
            raise OptionsError(Message("draw must be a number from 1 to 9, not {text!r}", text=value))
        given["draw"] = int(value)
    elif field == "deal":
        if not (value.isascii() and value.isdigit()) or int(value) >= DEAL_NUMBERS:
            raise OptionsError(
                Message(
                    "deal must be a number from 0 to {last}, not {text!r}", last=DEAL_NUMBERS - 1, text=value
                )
            )
        given["deal"] = int(value)
    elif field == "returns_allowed":
        if value not in RETURNS:
            raise OptionsError(Message("--returns takes allowed or forbidden, not {text!r}", text=value))
        given["returns_allowed"] = RETURNS[value]
    elif field == "scoring":
        given["scoring"] = value
    elif field == "redeal":
        given["redeal"] = value
    else:
        given["difficulty"] = value


def _new(terminal: Terminal, rest: str) -> None:
    """``new``: a random game as the settings say; ``new CODE``: that deal; ``new GAME``
    and ``new [GAME] --OPTION VALUE…``: a game chosen as in the New Game dialog, remembered
    for the next ones.  Input that cannot be played changes nothing."""
    session = terminal.session
    name, given = new_game_words(rest)
    if not name and not given:
        start_chosen(terminal, session.next_choice())
        return
    variant = game_named(session.catalog, name, terminal.lang) if name else None
    if name and variant is None:
        if given and _is_code(session.catalog, name):
            raise OptionsError(Message("a game code says its own options: type new {code} alone", code=name))
        if given:
            raise OptionsError(Message("{name!r} is not a game: games lists them", name=name))
        session.new_game(name)  # a game code (and refused as one when it is not)
        return
    choice = session.choose(variant, **given)
    session.remember(choice)
    start_chosen(terminal, choice)


def _is_code(catalog: Catalog, text: str) -> bool:
    try:
        catalog.options_from_code(text)
    except (CodeError, OptionsError):
        return False
    return True


def start_chosen(terminal: Terminal, choice: NewGameChoice) -> None:
    """Start a game of ``choice``: its deal, or (winnable deals only) a deal the solver
    proves winnable, searched for while the terminal says so; a search stopped with
    Ctrl-C, or that finds none, leaves the game in play as it was."""
    session, lang = terminal.session, terminal.lang
    catalog = session.catalog
    variant = catalog.variant(choice.options.variant)
    if choice.winnable_only and not choice.search and not offers(catalog, variant.id).winnable:
        terminal.say(Message(TEXT["unsupported"], variant=variant.name(lang)).translate(lang))
    if not choice.search:
        session.start(catalog.new_game(choice.options))
        return
    if choice.difficulty != "any" and not choice.levels:
        terminal.say(_text("no_levels", lang))
    searched = _search(terminal, choice)
    if searched.options is not None:
        session.start(catalog.new_game(searched.options))
        assert session.game is not None
        found = Message(TEXT["found"], code=session.game.code, tried=searched.tried)
        terminal.say(found.translate(lang))
    elif searched.cancelled:
        terminal.say(Message(TEXT["cancelled"], tried=searched.tried).translate(lang))
    else:
        terminal.say(Plural(*GAVE_UP, searched.tried, tried=searched.tried).translate(lang))


def _search(terminal: Terminal, choice: NewGameChoice) -> Searched:
    """Search for a winnable deal in a thread of its own, saying so (on a terminal, with
    the deals tried so far), until it ends or Ctrl-C stops it; the clock stands meanwhile."""
    from solitaire.core.deal_search import Searched

    session, lang = terminal.session, terminal.lang
    cancel = threading.Event()
    tried = [0]
    ended: list[Searched] = []
    failed: list[BaseException] = []

    def count(n: int) -> None:
        tried[0] = n

    def work() -> None:
        try:
            ended.append(session.search_winnable(choice, cancel=cancel, tried=count))
        except BaseException as error:  # told in the main thread
            failed.append(error)

    live = sys.stdout.isatty()
    thread = threading.Thread(target=work, name="winnable-deal", daemon=True)
    shown = -1
    with session.paused():
        try:
            terminal.say(_text("searching", lang))
            thread.start()
            while thread.is_alive():
                thread.join(0.1)
                if live and tried[0] != shown:
                    shown = tried[0]
                    print(f"\r  {Message(TEXT['tried'], tried=shown).translate(lang)}", end="", flush=True)
        except KeyboardInterrupt:
            cancel.set()
            while thread.is_alive():  # the solver stops at once; another Ctrl-C meanwhile changes nothing
                with contextlib.suppress(KeyboardInterrupt):
                    thread.join()
        if live:
            print("\r\033[K", end="", flush=True)  # the line of deals tried goes
    if failed:
        raise failed[0]
    if cancel.is_set() or not ended:
        return Searched(None, tried[0], cancelled=True)
    return ended[0]


def _print_options(terminal: Terminal, rest: str) -> None:
    """``options [GAME]``: what a new game of GAME (by default the one ``new`` deals) may
    choose, each option with its values, the one chosen now marked ``*``."""
    session, lang = terminal.session, terminal.lang
    name = rest.strip()
    variant_id = game_named(session.catalog, name, lang) if name else None
    if name and variant_id is None:
        raise OptionsError(Message("{name!r} is not a game: games lists them", name=name))
    choice = session.choose(variant_id)
    options = choice.options
    variant = session.catalog.variant(options.variant)
    offered = offers(session.catalog, variant.id)

    def listed(values: Sequence[str], now: str, names: Callable[[str], str] | None = None) -> str:
        """The values, the one chosen now marked, each with its name where ``names`` gives one."""
        marked = [f"{value}*" if value == now else value for value in values]
        if names is not None:
            marked = [f"{each} ({names(value)})" for each, value in zip(marked, values, strict=True)]
        return ", ".join(marked)

    def line(option: str, label: str, values: str) -> None:
        terminal.say(f"  {option:<13} {label}: {values}")

    terminal.say(Message(TEXT["options"], game=variant.name(lang), id=variant.id).translate(lang))
    if len(offered.draws) > 1:
        label = i18n.translate(variant.draw_label, lang, variant.domain)
        line("--draw", label, listed([str(draw) for draw in offered.draws], str(options.draw)))
    schemes = session.catalog.scorings
    scorings = listed(offered.scorings, options.scoring, lambda scheme: schemes[scheme].name(lang))
    line("--scoring", _text("scoring", lang), scorings)
    if offered.redeal:
        policies: list[str] = [policy for policy in REDEALS if policy is not None]
        if options.redeal not in policies:
            policies.append(options.redeal)
        line("--redeal", _text("redeal", lang), listed(policies, options.redeal))
    if offered.returns:
        now = "allowed" if options.returns_allowed else "forbidden"
        line("--returns", _text("returns", lang), listed(list(RETURNS), now))
    if not offered.winnable:
        terminal.say(f"  {Message(TEXT['unsupported'], variant=variant.name(lang)).translate(lang)}")
    else:
        now = "--winnable" if choice.winnable_only else "--no-winnable"
        line("--winnable", _text("winnable", lang), listed(list(SWITCHES), now))
        if choice.levels:
            levels = listed(
                difficulty.CHOICES,
                choice.difficulty,
                lambda level: i18n.gettext(difficulty.NAMES[level], lang),
            )
            line("--difficulty", _text("difficulty", lang), levels)
        else:
            terminal.say(f"  {'--difficulty':<13} {_text('no_levels', lang)}")
    deals = variant.deal_numbers
    line("--deal", _text("deal", lang), f"{deals[0]}..{deals[-1]} ({_text('random', lang)})")


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
