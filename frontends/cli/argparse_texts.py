"""The texts of Python's :mod:`argparse` that the player sees (help, usage, errors), marked
so that they are extracted into the game's catalogues and said in the player's language.

The msgids are argparse's own, as ``Lib/argparse.py`` of Python 3.11 to 3.13 writes them
(its ``%``-placeholders kept); :func:`~solitaire.frontends.cli.main.run` has argparse look
them up in the catalogue of the run's language.  Texts only a programmer sees (a parser
built wrongly) are left out: they stay English.
"""

from __future__ import annotations

from typing import Final

from solitaire.core.i18n import N_, N_plural

__all__ = ["PLURAL_TEXTS", "TEXTS"]

TEXTS: Final = (
    N_("usage: "),
    N_("%(heading)s:"),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("command '%(parser_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
    N_("argument '%(argument_name)s' is deprecated"),
)
PLURAL_TEXTS: Final = (N_plural("expected %s argument", "expected %s arguments"),)
