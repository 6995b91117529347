"""A game in the terminal: type moves in notation, one per line."""

from __future__ import annotations

import os
import secrets
import sys

from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Game, parse_action
from solitaire.core.moves import MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError
from solitaire.core.registry import Catalog
from solitaire.frontends.cli.render import render_state

__all__ = ["play_in_terminal"]

HELP = {
    "en": """Moves: s (tap the stock), w>t3, t2>f, f2>t5, t3:4>t6 (last 4 cards of column 3).
Also: undo, redo, hint, auto (auto-complete), restart, new [CODE], code, help, quit.""",
    "ru": """Ходы: s (колода), w>t3, t2>f, f2>t5, t3:4>t6 (последние 4 карты столбца 3).
Ещё: undo, redo, hint (подсказка), auto (доиграть), restart, new [КОД], code, help, quit.""",
}


def play_in_terminal(catalog: Catalog, *, lang: str = "en", code: str | None = None) -> int:
    """Play games in the terminal until ``quit`` or end of input."""
    game = catalog.game_from_code(code) if code else _random_game(catalog)
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    print(HELP[lang])
    shown: object = None
    while True:
        if shown is not game.state:  # draw the table again only when it changed
            print()
            print(render_state(game.state, game.rules, game.code, lang=lang, colour=colour))
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
            game = _command(catalog, game, word, rest.strip(), lang) or game
        except (ValueError, IllegalMoveError) as error:
            refusal = getattr(error, "refusal", None)
            print(f"  {refusal.message(lang) if refusal else error}")


def _random_game(catalog: Catalog) -> Game:
    options = catalog.options(deal=secrets.randbelow(DEAL_NUMBERS))
    return catalog.new_game(options)


def _command(catalog: Catalog, game: Game, word: str, rest: str, lang: str) -> Game | None:
    if word == "help":
        print(HELP[lang])
    elif word == "code":
        print(f"  {game.code}")
    elif word == "new":
        return catalog.game_from_code(rest) if rest else _random_game(catalog)
    elif word == "restart":
        game.restart()
    elif word == "hint":
        hint = game.hint()
        print(f"  {hint.move or '-'}: {hint.reason(lang)}")
    elif word == "auto":
        if game.autocomplete_moves() is None:
            print("  " + ("Auto-complete is not available yet." if lang != "ru" else "Доиграть пока нельзя."))
        else:
            game.autocomplete()
    else:
        try:
            game.perform(parse_action(word))
        except MoveSyntaxError as error:
            print(f"  {error}")
            return None
        if game.is_won:
            print("  " + ("You won!" if lang != "ru" else "Победа!"))
    return None
