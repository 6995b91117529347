"""The ``solitaire`` command (see ``docs/cli.md``).

Exit status: 0 done; 2 bad input (one line on stderr says what and where);
3 a well-formed move the rules refuse; 4 a plugin failed (its name and package on
stderr); 5 a survey that could not finish (its workers were lost); 1 only for a bug.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO

from solitaire.core import i18n
from solitaire.core.codes import CodeError
from solitaire.core.difficulty import BUDGET, CHOICES, SAMPLE
from solitaire.core.files import HOME_VARIABLE
from solitaire.core.game import Game, parse_action
from solitaire.core.i18n import N_, Message, Plural
from solitaire.core.moves import MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.registry import (
    BUILTIN_PACKAGE,
    NO_PLUGINS_VARIABLE,
    Catalog,
    OptionsError,
    PluginError,
    package_version,
)
from solitaire.core.ruleset import Variant
from solitaire.core.untrusted import cut, printable
from solitaire.frontends.cli.render import fits, guard_output, letters, render_state, symbols_fit
from solitaire.plugins.builtins import new_catalog

if TYPE_CHECKING:
    import logging

    from solitaire.core.session import NewGameChoice
    from solitaire.core.store import Store
    from solitaire.frontends.cli.logfile import LogFile

__all__ = ["gui_main", "log_file", "main"]

EXIT_OK, EXIT_BUG, EXIT_BAD_INPUT, EXIT_REFUSED, EXIT_PLUGIN = 0, 1, 2, 3, 4
#: A survey that could not finish: no worker was left to solve its deals.
EXIT_UNFINISHED = 5
LANG_VARIABLE = i18n.LANGUAGE_VARIABLE


#: The language of this run, for the texts argparse asks for before the options are read.
_LANGUAGE: ContextVar[str] = ContextVar("solitaire_cli_language", default="en")


def _said(message: Message) -> str:
    """``message`` in the language of this run (argparse keeps only text)."""
    return message.translate(_LANGUAGE.get())


class BadInput(Exception):
    """Input the command cannot use: exit 2 with one line on stderr, in the player's
    language (a :class:`~solitaire.core.i18n.Message`, an error that says it in every
    language, or plain text)."""

    def __init__(self, what: Message | BaseException | str) -> None:
        super().__init__(str(what))
        self.what = what

    def message(self, lang: str) -> str:
        """The line to print, in ``lang``."""
        if isinstance(self.what, Message):
            return self.what.translate(lang)
        if isinstance(self.what, BaseException):
            return i18n.error_message(self.what, lang)
        return self.what


def _columns() -> int:
    """The terminal's width, as ``shutil.get_terminal_size().columns`` says it (``$COLUMNS``,
    else the terminal of ``sys.__stdout__``, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, as wide as argparse makes it.  argparse makes one for each
    option it adds, and imports shutil for the width (shutil loads the compression modules):
    at every start-up, for nothing."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _columns() - 2 if width is None else width
        )


class _Parser(argparse.ArgumentParser):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(**kwargs)

    def error(self, message: str) -> NoReturn:
        raise BadInput(Message("{prog}: {problem} (see '{prog} --help')", prog=self.prog, problem=message))


@contextmanager
def _argparse_speaking(lang: str) -> Iterator[None]:
    """While the parser is built and used, argparse's own words (``usage:``, ``options``,
    its errors) come from the catalogue of ``lang`` (see :mod:`.argparse_texts`): argparse
    calls the ``_`` and ``ngettext`` it took from :mod:`gettext`."""
    saved = argparse.__dict__["_"], argparse.__dict__["ngettext"]

    def said(message: str) -> str:
        return i18n.gettext(message, lang)

    def said_counted(singular: str, plural: str, n: int) -> str:
        return i18n.ngettext(singular, plural, n, lang)

    setattr(argparse, "_", said)  # noqa: B010
    setattr(argparse, "ngettext", said_counted)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """``parser.parse_args``, where actions may also follow options (``play CODE --json s``).

    argparse gives ``ACTION...`` its values from the words that follow ``CODE`` and
    leaves any later word unrecognized; those words are the command's next actions.
    """
    args, extras = parser.parse_known_args(argv)
    actions = getattr(args, "actions", None)
    if isinstance(actions, list) and extras:
        unknown: list[str] = []
        for index, word in enumerate(extras):
            if word == "--":  # what follows it is actions, whatever it looks like
                actions.extend(extras[index + 1 :])
                break
            (unknown if word.startswith("-") else actions).append(word)
        extras = unknown
    if extras:
        parser.error(i18n.gettext("unrecognized arguments: %s", _LANGUAGE.get()) % " ".join(extras))
    return args


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(
            option_strings, argparse.SUPPRESS, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help")
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        print(f"solitaire {package_version(BUILTIN_PACKAGE)}")
        parser.exit()


def _build_parser(lang: str = "en", command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, one that parses that command only
    (every command is listed, only that one has its options: :func:`_command_of`)."""

    def _(text: str) -> str:
        return i18n.gettext(text, lang)

    def wanted(name: str) -> bool:
        return command is None or command == name

    parser = _Parser(
        prog="solitaire", description=_(N_("Klondike, Réfléchi and more. Without a command: play."))
    )
    parser.add_argument(
        "--lang",
        choices=i18n.languages(),
        help=_(N_("language of messages (default: ${variable}, else the system's)")).format(
            variable=LANG_VARIABLE
        ),
    )
    parser.add_argument(
        "--terminal", action="store_true", help=_(N_("without a command: play in the terminal"))
    )
    parser.add_argument("--version", action=_Version, help=_(N_("print the version and exit")))
    # The terminal game's first game, chosen as in the New Game dialog (and remembered).
    start = parser.add_argument_group(_(N_("a new game for --terminal, remembered for the next ones")))
    start.add_argument(
        "--variant",
        dest="start_variant",
        metavar="GAME",
        help=_(N_("the game, by its id or name (default: the one last chosen)")),
    )
    start.add_argument(
        "--draw",
        dest="start_draw",
        type=_draw,
        metavar="N",
        help=_(N_("cards a tap of the stock draws, or Spider's suits")),
    )
    start.add_argument(
        "--scoring",
        dest="start_scoring",
        metavar="ID",
        help=_(N_("scoring scheme (default: as last chosen)")),
    )
    start.add_argument(
        "--redeal",
        dest="start_redeal",
        metavar="POLICY",
        help=_(N_("unlimited or passes:N (default: as last chosen)")),
    )
    start.add_argument(
        "--returns",
        dest="start_returns",
        choices=("allowed", "forbidden"),
        help=_(N_("foundation returns (default: as last chosen)")),
    )
    start.add_argument(
        "--deal",
        dest="start_deal",
        type=_deal,
        metavar="N",
        help=_(N_("a deal by its number (default: random)")),
    )
    start.add_argument(
        "--winnable",
        dest="start_winnable",
        action=argparse.BooleanOptionalAction,
        help=_(N_("only random deals the solver proves winnable (default: as last chosen)")),
    )
    start.add_argument(
        "--difficulty",
        dest="start_difficulty",
        choices=CHOICES,
        help=_(N_("only winnable deals, of this difficulty (default: as last chosen)")),
    )
    parser.add_argument(
        "--no-plugins",
        action="store_true",
        help=_(N_("load no installed plugin, only the built-in games (also ${variable}=1)")).format(
            variable=NO_PLUGINS_VARIABLE
        ),
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help=_(N_("on an internal error print the traceback; log at debug level")),
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    show = commands.add_parser("show", help=_(N_("the initial layout of a deal")))
    if wanted("show"):
        show.add_argument("code", metavar="CODE")
        _json(show, lang)

    new = commands.add_parser("new", help=_(N_("a new deal: its game code and layout")))
    if wanted("new"):
        new.add_argument("--variant", metavar="ID")
        new.add_argument(
            "--draw", type=_draw, metavar="N", help=_(N_("cards a tap of the stock draws, or Spider's suits"))
        )
        new.add_argument("--scoring", metavar="ID", help=_(N_("scoring scheme (default: the variant's)")))
        new.add_argument(
            "--redeal", metavar="POLICY", help=_(N_("unlimited or passes:N (default: the scoring's)"))
        )
        new.add_argument(
            "--returns",
            choices=("allowed", "forbidden"),
            default="allowed",
            help=_(N_("foundation returns (default: allowed)")),
        )
        which = new.add_mutually_exclusive_group()
        which.add_argument("--deal", type=_deal, metavar="N")
        which.add_argument("--random", action="store_true", help=_(N_("a random deal (the default)")))
        _json(new, lang)

    play = commands.add_parser("play", help=_(N_("apply actions to a deal and print the state")))
    if wanted("play"):
        play.add_argument("code", metavar="CODE")
        play.add_argument("actions", nargs="*", metavar="ACTION")
        play.add_argument("--save", metavar="FILE", help=_(N_("write the game log to FILE")))
        _json(play, lang)

    replay = commands.add_parser(
        "replay", help=_(N_("check a saved game log move by move and print the final state"))
    )
    if wanted("replay"):
        replay.add_argument("file", metavar="FILE")
        _json(replay, lang)

    hint = commands.add_parser("hint", help=_(N_("one useful move from a position")))
    if wanted("hint"):
        hint.add_argument("code", metavar="CODE")
        hint.add_argument("actions", nargs="*", metavar="ACTION")
        _json(hint, lang)

    solve = commands.add_parser("solve", help=_(N_("winnable, unwinnable or unknown, with a winning line")))
    if wanted("solve"):
        solve.add_argument("code", metavar="CODE")
        solve.add_argument("actions", nargs="*", metavar="ACTION")
        solve.add_argument(
            "--timeout", type=_seconds, default=30.0, metavar="S", help=_(N_("give up after S seconds (30)"))
        )
        _json(solve, lang)

    survey = commands.add_parser(
        "survey", help=_(N_("solve many deals: winnable / unwinnable / unknown shares"))
    )
    if wanted("survey"):
        survey.add_argument("--variant", required=True, metavar="ID")
        survey.add_argument("--draw", type=int, required=True, metavar="N")
        survey.add_argument(
            "--redeal",
            metavar="POLICY",
            help=_(N_("default: the game's own (unlimited in Klondike; Pyramid 3 passes)")),
        )
        survey.add_argument(
            "--returns",
            choices=("allowed", "forbidden"),
            default="allowed",
            help=_(N_("foundation returns (default: allowed)")),
        )
        survey.add_argument("--deals", type=int, required=True, metavar="N", help=_(N_("how many deals")))
        survey.add_argument(
            "--first",
            type=_deal,
            default=None,
            metavar="N",
            help=_(N_("first deal number (the game's first)")),
        )
        survey.add_argument(
            "--timeout",
            type=_seconds,
            default=10.0,
            metavar="S",
            help=_(N_("give up on a deal after S seconds (10)")),
        )
        survey.add_argument(
            "--max-nodes", type=int, metavar="N", help=_(N_("and after N positions (default: the solver's)"))
        )
        survey.add_argument(
            "--recheck",
            type=_factor,
            metavar="K",
            help=_(N_("then solve the deals left unknown once more, with K times the budget")),
        )
        where = survey.add_mutually_exclusive_group()
        where.add_argument(
            "--workers", type=int, metavar="K", help=_(N_("local processes (default: one per CPU)"))
        )
        where.add_argument(
            "--scheduler", metavar="ADDRESS", help=_(N_("run on a Dask cluster, e.g. tcp://host:8786"))
        )
        survey.add_argument(
            "--connect-timeout",
            type=_seconds,
            metavar="S",
            help=_(N_("give up on a scheduler that does not answer, or has no worker, after S seconds (10)")),
        )
        survey.add_argument(
            "--worker-wait",
            type=_seconds,
            metavar="S",
            help=_(N_("with every worker of the cluster lost, give up after S seconds (60)")),
        )
        _json(survey, lang)

    calibrate = commands.add_parser(
        "calibrate", help=_(N_("a game's difficulty levels from a sample of its deals, for its class"))
    )
    if wanted("calibrate"):
        calibrate.add_argument(
            "variant", metavar="VARIANT", help=_(N_("the game's id (solitaire variants lists them)"))
        )
        calibrate.add_argument(
            "--draw", type=_draw, metavar="N", help=_(N_("the draw to calibrate (default: the game's)"))
        )
        calibrate.add_argument(
            "--deals",
            type=_count,
            default=SAMPLE,
            metavar="N",
            help=_(N_("how many deals to solve ({count})")).format(count=SAMPLE),
        )
        calibrate.add_argument(
            "--first", type=_deal, metavar="N", help=_(N_("first deal number (the game's first)"))
        )
        calibrate.add_argument(
            "--nodes",
            type=_count,
            default=BUDGET,
            metavar="N",
            help=_(N_("the positions each deal may search, with no time limit ({count:,})")).format(
                count=BUDGET
            ),
        )
        _json(calibrate, lang)

    shot = commands.add_parser("screenshot", help=_(N_("render the game window offscreen into a PNG")))
    if wanted("screenshot"):
        shot.add_argument("code", metavar="CODE")
        shot.add_argument("actions", nargs="*", metavar="ACTION")
        shot.add_argument("--out", required=True, metavar="FILE.png")
        shot.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH")

    variants = commands.add_parser(
        "variants", help=_(N_("installed variants, scoring schemes and redeal policies"))
    )
    if wanted("variants"):
        _json(variants, lang)

    commands.add_parser(
        "install-desktop",
        help=_(N_("put the game in the desktop menu: its desktop entry, icon and metainfo, for this user")),
    )
    # --lang goes before the command or after it (`solitaire screenshot CODE --out F --lang ru`).
    for name, each in commands.choices.items():
        if not wanted(name):
            continue
        each.add_argument(
            "--lang", choices=i18n.languages(), default=argparse.SUPPRESS, help=_(N_("language of messages"))
        )
        each.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return parser


#: The main parser's options that take no value, as :func:`_command_of` reads them.
_FLAGS: Final = ("--terminal", "--no-plugins", "--debug")


def _command_of(words: Sequence[str]) -> str | None:
    """The command ``words`` run when argparse cannot read them otherwise: the first word
    after the main parser's options, each written in full (``--lang`` with its value), is
    a command.  None when anything else comes first (``-h``, ``--``, an abbreviation, an
    unknown word): then the whole parser reads them."""
    index = 0
    while index < len(words):
        word = words[index]
        if word in _FLAGS or word.startswith("--lang="):
            index += 1
        elif word == "--lang":
            index += 2
        else:
            return word if word in COMMANDS else None
    return None


def _json(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument("--json", action="store_true", help=i18n.gettext(N_("print JSON"), lang))


def _draw(text: str) -> int:
    # Which counts a variant takes is the variant's to say (Spider: 1, 2 or 4 suits).
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 9):
        raise argparse.ArgumentTypeError(
            _said(Message("draw must be a number from 1 to 9, not {text!r}", text=text))
        )
    return int(text)


def _count(text: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) >= 1):
        raise argparse.ArgumentTypeError(
            _said(Message("must be a whole number from 1 up, not {text!r}", text=text))
        )
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(
            _said(Message("timeout must be a number of seconds above 0, not {text!r}", text=text))
        )
    return value


def _factor(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 1 < value <= 10_000:
        problem = Message(
            "the recheck factor must be a number above 1 and at most 10000, not {text!r}", text=text
        )
        raise argparse.ArgumentTypeError(_said(problem))
    return value


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (
        width.isdigit() and height.isdigit() and 200 <= int(width) <= 8000 and 200 <= int(height) <= 8000
    ):
        problem = Message(
            "size must be WxH with 200..8000 pixels each, e.g. 1280x800, not {text!r}", text=text
        )
        raise argparse.ArgumentTypeError(_said(problem))
    return int(width), int(height)


def _deal(text: str) -> int:
    from solitaire.core.deals import DEAL_NUMBERS

    if not (text.isascii() and text.isdigit()) or int(text) >= DEAL_NUMBERS:
        problem = Message(
            "deal must be a number from 0 to {last}, not {text!r}", last=DEAL_NUMBERS - 1, text=text
        )
        raise argparse.ArgumentTypeError(_said(problem))
    return int(text)


# -- commands ------------------------------------------------------------------------------------


def _say(text: str, file: TextIO | None = None) -> None:
    """Print a line; its cards in letters where the stream cannot write the suit symbols."""
    stream = file if file is not None else sys.stdout
    print(text if symbols_fit(stream) else letters(text), file=stream)


def _print_json(data: Any) -> None:
    import json  # the modules only some commands need are loaded by those commands

    text = json.dumps(data, ensure_ascii=False)
    if not fits(text, sys.stdout):  # the same JSON, its other characters escaped
        text = json.dumps(data)
    print(text)


def _print_state(game: Game, args: argparse.Namespace) -> None:
    if args.json:
        from solitaire.core.jsonstate import state_to_dict

        _print_json(state_to_dict(game.state, game.rules, game.code))
    else:
        colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        # Scripts read this table: its cards are in the card text of the notation (TH), as
        # they always were; the interactive terminal game writes them as its messages do.
        table = render_state(
            game.state,
            game.rules,
            game.code,
            lang=args.lang,
            colour=colour,
            symbols=symbols_fit(sys.stdout),
            card_symbols=False,
        )
        print(table)


def _game(catalog: Catalog, code: str) -> Game:
    try:
        return catalog.game_from_code(code)
    except (CodeError, OptionsError) as error:
        raise BadInput(error) from None
    except ValueError as error:  # a deal the variant has not (FreeCell has no deal 0)
        raise BadInput(Message("game code {code!r}: {error}", code=code, error=str(error))) from None


def _replay(game: Game, actions: Sequence[str], args: argparse.Namespace) -> int:
    """Apply actions in order; on a refusal report it and return 3."""
    for index, text in enumerate(actions):
        try:
            action = parse_action(text)
        except MoveSyntaxError as error:
            raise BadInput(Message("action at index {index}: {error}", index=index, error=error)) from None
        try:
            game.perform(action)
        except IllegalMoveError as error:
            refusal = error.refusal
            message = refusal.message(args.lang)
            if getattr(args, "json", False):
                from solitaire.core.jsonstate import state_to_dict

                illegal = {"index": index, "move": text, "rule": refusal.rule, "message": message}
                _print_json({"illegal": illegal, "state": state_to_dict(game.state, game.rules, game.code)})
            refused = Message(
                "action at index {index} ({action}) refused by rule {rule}: {message}",
                index=index,
                action=cut(text),
                rule=refusal.rule,
                message=message,
            )
            _say(printable(refused.translate(args.lang)), sys.stderr)
            return EXIT_REFUSED
    return EXIT_OK


def cmd_show(catalog: Catalog, args: argparse.Namespace) -> int:
    _print_state(_game(catalog, args.code), args)
    return EXIT_OK


def cmd_new(catalog: Catalog, args: argparse.Namespace) -> int:
    variant = args.variant if args.variant is not None else catalog.default_variant  # the application's
    try:
        deal = args.deal if args.deal is not None else catalog.variant(variant).random_deal()
        options = catalog.options(
            variant, args.draw, args.scoring, args.redeal, args.returns == "allowed", deal
        )
        game = catalog.new_game(options)
    except OptionsError as error:
        raise BadInput(error) from None
    if not args.json:
        print(game.code)
        print()
    _print_state(game, args)
    return EXIT_OK


def cmd_play(catalog: Catalog, args: argparse.Namespace) -> int:
    game = _game(catalog, args.code)
    status = _replay(game, args.actions, args)
    if status != EXIT_OK:
        return status
    if args.save:
        from solitaire.core import log

        try:
            log.save(log.log_of(game, catalog), args.save)
        except log.LogError as error:
            raise BadInput(error) from None
        except OSError as error:
            raise BadInput(
                Message("{file}: cannot be written ({error})", file=args.save, error=error.strerror or error)
            ) from None
    _print_state(game, args)
    return EXIT_OK


def cmd_replay(catalog: Catalog, args: argparse.Namespace) -> int:
    from solitaire.core import log

    try:
        saved = log.load(args.file)
    except log.LogError as error:
        raise BadInput(error) from None
    try:
        game = log.replay(saved, catalog)
    except log.LogError as error:
        if error.where.startswith("header.") and not catalog.plugins_loaded:
            raise BadInput(
                Message("{file}: {error} (plugins are off: --no-plugins)", file=args.file, error=error)
            ) from None
        raise BadInput(Message("{file}: {error}", file=args.file, error=error)) from None
    _print_state(game, args)
    return EXIT_OK


def cmd_hint(catalog: Catalog, args: argparse.Namespace) -> int:
    game = _game(catalog, args.code)
    status = _replay(game, args.actions, args)
    if status != EXIT_OK:
        return status
    hint = game.hint()
    move = str(hint.move) if hint.move is not None else None
    if args.json:
        _print_json({"move": move, "reason": hint.reason(args.lang)})
    else:
        _say(f"{move or '-'}  {hint.reason(args.lang)}")
    return EXIT_OK


def cmd_solve(catalog: Catalog, args: argparse.Namespace) -> int:
    from solitaire.core.solver import solvable, solve

    game = _game(catalog, args.code)
    if not solvable(game.rules):
        raise BadInput(
            Message(
                "solve: the solver does not know the rules of {variant}",
                variant=game.rules.variant.name(args.lang),
            )
        )
    status = _replay(game, args.actions, args)
    if status != EXIT_OK:
        return status
    result = solve(game.state, game.rules, timeout=args.timeout)
    if args.json:
        answer: dict[str, object] = {
            "verdict": result.verdict,
            "solution": list(result.solution),
            "nodes": result.nodes,
            "seconds": round(result.seconds, 3),
        }
        if result.verdict == "winnable":
            from solitaire.core.difficulty import assess

            answer["difficulty"] = assess(game.state, game.rules, result, timeout=args.timeout)
        _print_json(answer)
        return EXIT_OK
    said = Plural(
        "{verdict} ({nodes} positions, {seconds} s)",  # the English as it always was
        "{verdict} ({nodes} positions, {seconds} s)",
        result.nodes,
        verdict=_verdict_of_one(result.verdict, args.lang),
        nodes=format(result.nodes, ","),
        seconds=format(result.seconds, ".2f"),
    )
    print(said.translate(args.lang))
    if result.solution:
        print(" ".join(result.solution))
    return EXIT_OK


def _stop_on_sigterm(signum: int, frame: object) -> NoReturn:
    raise SystemExit(128 + signum)


def cmd_survey(catalog: Catalog, args: argparse.Namespace) -> int:
    import signal
    import threading
    import time
    from concurrent.futures import Executor

    from solitaire.core import survey
    from solitaire.core.deals import DEAL_NUMBERS
    from solitaire.core.solver import DEFAULT_NODES
    from solitaire.core.survey import (
        ClusterError,
        SurveySpec,
        SurveyStopped,
        WorkersLost,
        dask_client,
        dask_workers,
        local_executor,
        progress_line,
        recheck,
        run_survey,
        stop_workers,
    )

    if args.deals < 1:
        raise BadInput(f"survey: --deals must be at least 1, not {args.deals}")
    try:
        numbers = catalog.variant(args.variant).deal_numbers
    except OptionsError as error:
        raise BadInput(Message("survey: {error}", error=error)) from None
    if args.first is None:
        args.first = numbers[0]
    last = min(numbers[-1], DEAL_NUMBERS - 1)
    if args.first < numbers[0]:
        raise BadInput(f"survey: {args.variant} deals start at {numbers[0]}, not {args.first}")
    if args.first + args.deals - 1 > last:
        raise BadInput(f"survey: deals {args.first}.. run past the last deal number, {last}")
    if args.workers is not None and args.workers < 1:
        raise BadInput(f"survey: --workers must be at least 1, not {args.workers}")
    if args.max_nodes is not None and args.max_nodes < 1:
        raise BadInput(f"survey: --max-nodes must be at least 1, not {args.max_nodes}")
    try:
        options = catalog.options(
            args.variant, args.draw, None, args.redeal, args.returns == "allowed", args.first
        )
    except OptionsError as error:
        raise BadInput(Message("survey: {error}", error=error)) from None
    if catalog.variant(options.variant).solver() is None:
        raise BadInput(f"survey: the solver does not know the rules of {options.variant!r}")
    spec = SurveySpec(
        options.variant,
        options.draw,
        options.redeal,
        options.returns_allowed,
        args.timeout,
        args.max_nodes if args.max_nodes is not None else DEFAULT_NODES,
        catalog=new_catalog,
    )
    deals = range(args.first, args.first + args.deals)

    # On a terminal a bar redrawn in place; elsewhere (a log file) a line a minute.
    bar = sys.stderr.isatty()
    shown = [time.monotonic()]
    lang = args.lang

    def say(message: Message) -> str:
        return message.translate(lang)

    def progress(done: int, total: int, winnable: int) -> None:
        now = time.monotonic()
        if bar and (done == total or now - shown[0] >= 0.1):
            shown[0] = now
            print(f"\r{progress_line(done, total, winnable, lang=lang)}", end="", file=sys.stderr, flush=True)
        elif not bar and (done == total or now - shown[0] >= 60):
            shown[0] = now
            print(progress_line(done, total, winnable, lang=lang), file=sys.stderr, flush=True)

    executor: Executor
    client: Any = None
    # A cluster waits for workers that may never come: how many it has is watched.
    watch: dict[str, Any] = {}
    if args.scheduler is not None:
        try:
            client = dask_client(args.scheduler, args.connect_timeout)
        except ClusterError as error:
            raise BadInput(Message("survey: {error}", error=error)) from None
        executor = client.get_executor()
        watch["workers"] = dask_workers(client, args.connect_timeout)
        watch["no_worker_wait"] = args.worker_wait or survey.NO_WORKER_WAIT
        where = say(Message("the Dask cluster at {address}", address=args.scheduler))
    else:
        workers = min(args.workers or os.cpu_count() or 1, len(deals))
        executor = local_executor(workers)
        where = say(Plural("{n} local process", "{n} local processes", workers))
    finished = False
    stopped: SurveyStopped | None = None
    lost: WorkersLost | None = None
    # SIGTERM stops the survey as Ctrl-C does, so that the workers go with it.
    in_main_thread = threading.current_thread() is threading.main_thread()
    terminate = signal.signal(signal.SIGTERM, _stop_on_sigterm) if in_main_thread else None
    try:
        report = run_survey(executor, spec, deals, progress, **watch)
        if args.recheck is not None and report.unknown_deals:
            if bar:
                print(file=sys.stderr)
            # The English says "deals" for every count, as it always has (scripts read it).
            again = Plural(
                "survey: solving the {n} deals left unknown once more, with {factor:g} times the budget",
                "survey: solving the {n} deals left unknown once more, with {factor:g} times the budget",
                len(report.unknown_deals),
                factor=args.recheck,
            )
            print(say(again), file=sys.stderr, flush=True)
            report = recheck(executor, report, args.recheck, progress, **watch)
        finished = True
    except SurveyStopped as error:
        stopped, report = error, error.report
    except WorkersLost as error:
        lost, report = error, error.report
    except (OptionsError, ImportError) as error:  # a worker without the package or the plugin
        raise BadInput(
            f"survey: a worker cannot solve these deals ({type(error).__name__}: {error})"
        ) from None
    finally:
        if bar:
            print(file=sys.stderr)
        # On Ctrl-C, SIGTERM or an error, drop the deals not started, and end local workers now.
        if client is not None:
            executor.shutdown(wait=finished)  # Dask's executor cancels everything without waiting
            client.close()
        else:
            if not finished:
                stop_workers(executor)
            executor.shutdown(wait=finished, cancel_futures=not finished)
        if in_main_thread and terminate is not None:
            signal.signal(signal.SIGTERM, terminate)
    status = EXIT_OK
    if stopped is not None:
        # Ctrl-C: 130; SIGTERM: 143.  The figures of the deals solved are still worth printing.
        cause = stopped.cause
        status = 130 if not isinstance(cause, SystemExit) or not isinstance(cause.code, int) else cause.code
        if not report.deals:
            print(say(Message("survey: stopped before any deal was solved")), file=sys.stderr)
            return status
        stopped_line = Plural(
            "survey: stopped; the figures are those of the {n} deals solved",
            "survey: stopped; the figures are those of the {n} deals solved",
            report.deals,
        )
        print(say(stopped_line), file=sys.stderr)
    if lost is not None:
        status = EXIT_UNFINISHED
        figures = (
            Plural(
                "the figures are those of the {n} deals solved",
                "the figures are those of the {n} deals solved",
                report.deals,
            )
            if report.deals
            else Message("no deal was solved")
        )
        ranges = _deal_ranges(lost.unsolved)
        unsolved = (
            Plural(
                "{n} deals not solved again: {deals}",
                "{n} deals not solved again: {deals}",
                len(lost.unsolved),
                deals=ranges,
            )
            if report.recheck is not None
            else Plural(
                "{n} deals not solved: {deals}",
                "{n} deals not solved: {deals}",
                len(lost.unsolved),
                deals=ranges,
            )
        )
        cannot = Message(
            "survey: cannot finish on {where}: {why}; {figures}; {unsolved}",
            where=where,
            why=lost.said,
            figures=figures,
            unsolved=unsolved,
        )
        print(printable(say(cannot)), file=sys.stderr)
        if not report.deals:
            return status
    if args.json:
        data = report.to_dict()
        data["first"] = args.first
        _print_json(data)
        return status
    returns = Message("returns allowed") if spec.returns_allowed else Message("returns forbidden")
    heading = Message(
        "{variant}, draw {draw}, redeal {redeal}, {returns}: deals {first}..{last} ({count}),"
        " timeout {timeout:g} s",
        count=report.deals,
        variant=spec.variant,
        draw=spec.draw,
        redeal=spec.redeal,
        returns=returns,
        first=args.first,
        last=deals[-1],
        timeout=spec.timeout,
    )
    print(say(heading))
    counts, shares = report.counts, report.shares()
    names = {verdict: say(Message(_VERDICT_NAMES.get(verdict, verdict))) for verdict in counts}
    width = max(10, *(len(name) for name in names.values()))
    interval = say(Message("interval"))  # of confidence: "95% interval"
    for verdict, count in counts.items():
        share = shares[verdict]
        print(
            f"  {names[verdict]:<{width}} {count:>7}  {100 * share.share:5.1f}%"
            f"  95% {interval} {100 * share.low:5.1f}% .. {100 * share.high:5.1f}%"
        )
    if report.recheck is not None:
        rechecked = Plural(
            "{n} deals left unknown were solved once more, with {factor:g} times the budget ({seconds:g} s)",
            "{n} deals left unknown were solved once more, with {factor:g} times the budget ({seconds:g} s)",
            report.rechecked,
            factor=report.recheck,
            seconds=spec.timeout * report.recheck,
        )
        print(say(rechecked))
    timing = Message(
        "median {median:.3f} s a deal, {seconds:.1f} s in all ({elapsed:.1f} s elapsed on {where})",
        median=report.median_seconds,
        seconds=report.seconds,
        elapsed=report.elapsed,
        where=where,
    )
    print(say(timing))
    return status


#: The verdicts as the survey's table names them.
def _verdict_of_one(verdict: str, lang: str) -> str:
    """The verdict on one position, as ``solve`` prints it (``winnable`` in English)."""
    words = {
        "winnable": i18n.pgettext("the verdict on one deal", "winnable", lang),
        "unwinnable": i18n.pgettext("the verdict on one deal", "unwinnable", lang),
        "unknown": i18n.pgettext("the verdict on one deal", "unknown", lang),
    }
    return words.get(verdict, verdict)


_VERDICT_NAMES: Final = {"winnable": N_("winnable"), "unwinnable": N_("unwinnable"), "unknown": N_("unknown")}


def _deal_ranges(deals: Sequence[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` as ``1..3, 7, 9..10``."""
    runs: list[list[int]] = []
    for deal in sorted(deals):
        if runs and deal == runs[-1][1] + 1:
            runs[-1][1] = deal
        else:
            runs.append([deal, deal])
    return ", ".join(f"{low}..{high}" if high > low else str(low) for low, high in runs)


def cmd_calibrate(catalog: Catalog, args: argparse.Namespace) -> int:
    from solitaire.frontends.cli.calibrate import calibrate

    return calibrate(catalog, args)


def cmd_screenshot(catalog: Catalog, args: argparse.Namespace) -> int:
    from pathlib import Path

    game = _game(catalog, args.code)  # check the code and the actions before starting Qt
    status = _replay(game, args.actions, args)
    if status != EXIT_OK:
        return status
    try:
        from solitaire.frontends.qt.app import screenshot
    except ImportError as error:
        raise BadInput(
            Message("the window needs Qt: pip install 'solitaire-framework[qt]' ({error})", error=error)
        ) from None
    try:
        screenshot(catalog, args.code, args.actions, Path(args.out), size=args.size, lang=args.lang)
    except OSError as error:
        raise BadInput(Message("{file}: cannot be written ({error})", file=args.out, error=error)) from None
    return EXIT_OK


def cmd_variants(catalog: Catalog, args: argparse.Namespace) -> int:
    from solitaire.core.families import by_family, family_name

    def source(kind: str, key: str) -> dict[str, str]:
        info = catalog.sources[(kind, key)]
        return {"package": info.package, "version": info.version}

    variants: list[dict[str, Any]] = []
    for each in catalog.variants.values():
        waste = each.has_stock and each.has_waste
        variants.append(
            {
                "id": each.id,
                "name": each.name(args.lang),
                "family": each.family or each.id,
                "family_name": family_name(each, args.lang, catalog.variants.values()),
                "code_prefix": each.code_prefix,
                "draws": list(each.draws),
                "default_draw": each.default_draw,
                "draw_label": i18n.translate(each.draw_label, args.lang, each.domain),
                "has_stock": each.has_stock,
                "scoring": [s.id for s in catalog.scorings.values() if s.fits(each)],
                "default_scoring": each.default_scoring,
                "redeal": waste,
                **source("variant", each.id),
            }
        )
    scoring = [
        {
            "id": s.id,
            "name": s.name(args.lang),
            "code_letter": s.code_letter,
            "default_redeal": s.default_redeal,
            **source("scoring", s.id),
        }
        for s in catalog.scorings.values()
    ]
    redeal = [{"id": name, **source("redeal", name)} for name in catalog.redeals]
    left_out = [{"plugin": p.plugin, "reason": p.reason} for p in catalog.problems]
    families = by_family(catalog.variants.values(), args.lang)
    if args.json:
        grouped = [
            {"id": family.id, "name": family.name, "variants": [v.id for v in family.variants]}
            for family in families
        ]
        _print_json(
            {
                "variants": variants,
                "families": grouped,
                "scoring": scoring,
                "redeal": redeal,
                "left_out": left_out,
            }
        )
        return EXIT_OK
    width = max(14, *(len(entry["name"]) for entry in variants + scoring))
    ids = max(12, *(len(entry["id"]) for entry in variants + scoring))

    def say(text: str, **values: object) -> str:
        return Message.with_values(text, values).translate(args.lang)

    print(say(N_("Variants:")))
    listed = {
        variant.id: (v, variant) for v, variant in zip(variants, catalog.variants.values(), strict=True)
    }
    for family in families:
        heading = say(N_("{family} family:"), family=family.name)
        print(f" {heading}")
        for member in family.variants:
            _print_variant(*listed[member.id], (ids, width), say)
    print(say(N_("Scoring schemes:")))
    for s in scoring:
        letter = say(N_("code letter {letter}"), letter=s["code_letter"])
        redeal_text = say(N_("default redeal {redeal}"), redeal=s["default_redeal"])
        origin = f"({s['package']} {s['version']})"
        print(f"  {s['id']:<{ids}} {s['name']:<{width}} {letter}  {redeal_text}  {origin}")
    print(say(N_("Redeal policies:")))
    for r in redeal:
        shown = "passes:N" if r["id"] == "passes" else r["id"]
        print(f"  {shown:<{ids}} ({r['package']} {r['version']})")
    if left_out:
        print(say(N_("Plugins left out:")))
        for problem in catalog.problems:
            print(printable(f"  {problem.plugin}: {problem.message(args.lang)}"))
    return EXIT_OK


def _print_variant(
    v: dict[str, Any], variant: Variant, widths: tuple[int, int], say: Callable[..., str]
) -> None:
    """The two lines of ``solitaire variants`` about one variant (``widths``: of the id
    and of the name columns)."""
    ids, width = widths
    values = "/".join(str(draw) for draw in v["draws"])
    if not v["has_stock"]:
        draws = say(N_("no stock")) + "  "
    elif not v["redeal"] and len(v["draws"]) < 2:
        draws = ""  # a stock to tap, and nothing to choose (Golf)
    elif variant.draw_label == Variant.draw_label:
        draws = say(N_("draw {draws}"), draws=values) + "  "
    else:
        draws = f"{v['draw_label']}: {values}  "
    code = say(N_("code {prefix}"), prefix=v["code_prefix"])
    print(f"  {v['id']:<{ids}} {v['name']:<{width}} {code}  {draws}({v['package']} {v['version']})")
    takes = [
        say(N_("family {family}"), family=v["family"]),
        say(N_("scoring {schemes}"), schemes=", ".join(v["scoring"]) or "-"),
    ]
    if v["redeal"]:
        takes.append(say(N_("a redeal policy")))
    print(f"  {'':<{ids}} {'; '.join(takes)}")


def cmd_install_desktop(catalog: Catalog, args: argparse.Namespace) -> int:
    from solitaire.frontends import desktop

    if sys.platform in ("win32", "darwin"):
        raise BadInput(
            "install-desktop: desktop entries are for Linux and BSD desktops;"
            " on Windows, solitaire-gui opens the window"
        )
    try:
        written = desktop.install()
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        raise BadInput(f"install-desktop: {where}cannot be written ({error.strerror or error})") from None
    for path in written:
        print(path)
    return EXIT_OK


COMMANDS = {
    "show": cmd_show,
    "new": cmd_new,
    "play": cmd_play,
    "replay": cmd_replay,
    "hint": cmd_hint,
    "solve": cmd_solve,
    "survey": cmd_survey,
    "calibrate": cmd_calibrate,
    "screenshot": cmd_screenshot,
    "variants": cmd_variants,
    "install-desktop": cmd_install_desktop,
}


#: Said after why the window cannot open.
IN_THE_TERMINAL = N_("playing in the terminal")


#: The main parser's options that choose the terminal game's first game: dest -> option.
START_OPTIONS: Final = {
    "start_variant": "--variant",
    "start_draw": "--draw",
    "start_scoring": "--scoring",
    "start_redeal": "--redeal",
    "start_returns": "--returns",
    "start_deal": "--deal",
    "start_winnable": "--winnable",
    "start_difficulty": "--difficulty",
}


def _start_options_given(args: argparse.Namespace) -> list[str]:
    return [option for dest, option in START_OPTIONS.items() if getattr(args, dest, None) is not None]


def _no_start_options(args: argparse.Namespace) -> None:
    """The options of the terminal game's first game go with ``--terminal`` and no command."""
    given = _start_options_given(args)
    if given:
        raise BadInput(
            Message("{option} chooses the game of --terminal: it takes no command", option=given[0])
        )


def _start_choice(catalog: Catalog, store: Store, args: argparse.Namespace) -> NewGameChoice | None:
    """The game the options of ``--terminal`` choose (None: none given), checked as the
    terminal's ``new`` checks them: what does not fit is bad input, and nothing is written."""
    from solitaire.core.session import NewGameFields, choose_new_game
    from solitaire.frontends.cli.terminal import game_named

    if not _start_options_given(args):
        return None
    variant = None
    if args.start_variant is not None:
        variant = game_named(catalog, args.start_variant, args.lang)
        if variant is None:
            problem = Message(
                "{name!r} is not a game: solitaire variants lists them", name=args.start_variant
            )
            raise BadInput(problem)
    given: NewGameFields = {}
    if args.start_draw is not None:
        given["draw"] = args.start_draw
    if args.start_scoring is not None:
        given["scoring"] = args.start_scoring
    if args.start_redeal is not None:
        given["redeal"] = args.start_redeal
    if args.start_returns is not None:
        given["returns_allowed"] = args.start_returns == "allowed"
    if args.start_deal is not None:
        given["deal"] = args.start_deal
    if args.start_winnable is not None:
        given["winnable_only"] = args.start_winnable
    if args.start_difficulty is not None:
        given["difficulty"] = args.start_difficulty
    try:
        return choose_new_game(catalog, store.settings(), variant, **given)
    except OptionsError as error:
        raise BadInput(error) from None


def _play(args: argparse.Namespace) -> int:
    """The window when Qt and a display are there, else (saying why) the terminal game."""
    lang = args.lang if (args.lang_given or LANG_VARIABLE in os.environ) else None
    _logger()  # a game runs long, and the window's code may log: the log is set up now
    if args.no_plugins:
        os.environ[NO_PLUGINS_VARIABLE] = "1"  # for the window's worker processes too
    given = _start_options_given(args)
    if given and not args.terminal:
        raise BadInput(Message("{option} chooses the game of --terminal: add --terminal", option=given[0]))
    if not args.terminal:
        from solitaire.frontends.qt.app import WindowUnavailable, run, window_problem

        problem = window_problem()
        if problem is None:
            try:
                return run(new_catalog(), lang=lang)
            except WindowUnavailable as error:
                problem = error
        print(
            f"solitaire: {problem.message(args.lang)}; {i18n.gettext(IN_THE_TERMINAL, args.lang)}.",
            file=sys.stderr,
        )
    from solitaire.core.store import Store
    from solitaire.frontends.cli.terminal import play_in_terminal

    store = Store()
    catalog = new_catalog()
    chosen = i18n.choose_language(lang, store.settings().language)
    choice = _start_choice(catalog, store, args)
    return play_in_terminal(catalog, lang=chosen, store=store, choice=choice)


def _language(words: Sequence[str]) -> str:
    """The language asked for on the command line (``--lang X`` or ``--lang=X``), else
    ``$SOLITAIRE_LANG``, else the system's: the help and the option errors, worked out
    before the options are read, speak it."""
    given = None
    for index, word in enumerate(words):
        if word == "--lang" and index + 1 < len(words):
            given = words[index + 1]
        elif word.startswith("--lang="):
            given = word.partition("=")[2]
    return i18n.choose_language(given)


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    lang = _language(words)
    _LANGUAGE.set(lang)
    try:
        with _argparse_speaking(lang):
            # Only the command's own parser is built: building them all took a tenth of a start-up.
            args = _parse(_build_parser(lang, _command_of(words)), words)
        if args.debug:
            import logging

            logger = _logger()
            logger.setLevel(logging.DEBUG)
            given = sys.argv[1:] if argv is None else list(argv)
            logger.debug("solitaire %s, Python %s, %s", package_version(BUILTIN_PACKAGE), sys.version, given)
        args.lang_given = args.lang is not None
        args.lang = i18n.choose_language(args.lang)
        lang = args.lang
        if not args.command:
            return _play(args)
        _no_start_options(args)
        catalog = new_catalog(entry_points=False) if args.no_plugins else new_catalog()
        _logging_if_loaded()  # by a plugin, say
        return COMMANDS[args.command](catalog, args)
    except BadInput as error:
        print(printable(error.message(lang)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except PluginError as error:
        print(printable(f"solitaire: {error.message(lang)}"), file=sys.stderr)
        return EXIT_PLUGIN


def log_file() -> Path:
    """Where the program logs: under ``$SOLITAIRE_HOME`` when it is set (as the store keeps its
    files), else in the user's log folder (on Linux ``~/.local/state/solitaire/log``)."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home) / "logs" / "solitaire.log"
    import platformdirs

    return Path(platformdirs.user_log_dir("solitaire", appauthor=False)) / "solitaire.log"


#: While :func:`main` runs, the log it writes to (INFO and up): set up when first needed.
_log_handler: LogFile | None = None
_logging_wanted = False


def _logger() -> logging.Logger:
    """The program's logger, ``solitaire``; while :func:`main` runs, with its log set up
    first if it is not yet.

    :func:`main` sets the log up when there is something to log (``--debug``, an error), or
    as soon as the logging module has been loaded by other code (a plugin may log to the
    ``solitaire`` loggers): loading it would cost every start-up, most of which log nothing."""
    import logging

    global _log_handler
    logger = logging.getLogger("solitaire")
    if _logging_wanted and _log_handler is None:
        from solitaire.frontends.cli.logfile import LogFile

        logger.setLevel(logging.INFO)
        _log_handler = LogFile()
        logger.addHandler(_log_handler)
    return logger


def _logging_if_loaded() -> None:
    """Set the log up now if the logging module is loaded (see :func:`_logger`)."""
    if "logging" in sys.modules:
        _logger()


def _start_logging() -> None:
    global _logging_wanted
    _logging_wanted = True
    _logging_if_loaded()


def _stop_logging() -> None:
    global _log_handler, _logging_wanted
    _logging_wanted = False
    if _log_handler is not None:
        import logging

        logger = logging.getLogger("solitaire")
        logger.removeHandler(_log_handler)
        _log_handler.close()
        _log_handler = None
        logger.setLevel(logging.NOTSET)


def _internal_error(error: Exception) -> int:
    """A bug: log the traceback and say in one line where it is (``--debug``: print it too)."""
    import logging

    logger = _logger()
    handler = _log_handler
    debug = logger.isEnabledFor(logging.DEBUG)
    if handler is not None:
        handler.failed = False
    logger.error("internal error", exc_info=error)
    if debug:
        import traceback

        traceback.print_exception(error, file=sys.stderr)
    if handler is not None and handler.baseFilename and not handler.failed:
        where = Message("the traceback is in {file}", file=handler.baseFilename)
    elif debug:
        where = Message("the traceback is above")
    else:
        where = Message("run it again with --debug to see the traceback")
    said = _said(
        Message(
            "solitaire: internal error ({kind}: {error}); {where}; please report it",
            kind=type(error).__name__,
            error=str(error),
            where=where,
        )
    )
    print(printable(said), file=sys.stderr)
    return EXIT_BUG


def _logging_uncaught(previous: Any) -> Any:
    """``sys.excepthook`` that logs too: the window's slots raise through it, and go on."""

    def hook(kind: type[BaseException], value: BaseException, trace: Any) -> None:
        _logger().error("uncaught exception", exc_info=(kind, value, trace))
        previous(kind, value, trace)

    return hook


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Console-script entry point: never a traceback for bad input."""
    guard_output()
    _start_logging()
    excepthook = sys.excepthook
    sys.excepthook = _logging_uncaught(excepthook)
    try:
        status = run(argv)
    except KeyboardInterrupt:
        status = 130
    except BrokenPipeError:
        status = EXIT_OK
    except SystemExit as exit_:  # --help and --version
        status = exit_.code if isinstance(exit_.code, int) else EXIT_OK
    except Exception as error:  # a bug: say so in one line, with where to report it
        status = _internal_error(error)
    finally:
        sys.excepthook = excepthook
        _stop_logging()
    sys.exit(status)


def gui_main() -> NoReturn:
    """The ``solitaire-gui`` entry point (Windows runs it without a console): the window."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:  # pythonw: nowhere to print, so the log is all there is
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    main([])
