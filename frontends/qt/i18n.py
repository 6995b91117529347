"""The window's words: English texts marked for the gettext catalogues, looked up by key.

``TEXTS`` maps a key to an English msgid marked with ``N_``; :func:`text` translates it
through the game's catalogue (see :mod:`solitaire.core.i18n`).  An entry may still be
written the older way, as a text per language (``{"en": ..., "ru": ...}``): :func:`text`
takes it as it is until it is converted (``scripts/i18n.sh`` describes how).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from solitaire.core import i18n
from solitaire.core.i18n import N_

__all__ = ["LANGUAGES", "TEXTS", "Counted", "counted", "languages", "text"]


@attrs.frozen
class Counted:
    """A text whose words depend on the number given as the value ``by`` (ngettext)."""

    singular: str
    plural: str
    by: str


def counted(singular: str, plural: str, by: str) -> Counted:
    """Mark a singular and plural pair for extraction; ``by`` names the value that counts."""
    return Counted(singular, plural, by)


def languages() -> dict[str, str]:
    """The languages the window offers, each with its name in that language."""
    return {lang: i18n.language_name(lang) for lang in i18n.languages()}


#: The languages at import time (see :func:`languages`, which sees catalogues bound later).
LANGUAGES: Final = languages()

TEXTS: Final[dict[str, str | Counted | Mapping[str, str]]] = {
    "app.title": N_("Solitaire"),
    "settings.language.system": N_("The system's language"),
    "menu.game": N_("&Game"),
    "menu.edit": N_("&Edit"),
    "menu.settings": N_("&Settings"),
    "menu.help": N_("&Help"),
    "action.new": N_("&New Game…"),
    "action.restart": N_("&Restart This Deal"),
    "action.open": N_("&Open Log…"),
    "action.save": N_("&Save Log…"),
    "action.replay": N_("Re&play a Log…"),
    "action.statistics": N_("S&tatistics"),
    "action.quit": N_("&Quit"),
    "action.undo": N_("&Undo"),
    "action.redo": N_("&Redo"),
    "action.hint": N_("&Hint"),
    "action.auto": N_("&Auto-complete"),
    "action.settings": N_("&Preferences…"),
    "action.rules": N_("&Rules of This Game"),
    "action.about": N_("&About"),
    "action.fullscreen": N_("&Full Screen"),
    "status.score": N_("Score: {score}"),
    "status.moves": N_("Moves: {moves}"),
    "status.time": N_("Time: {time}"),
    "status.code": N_("Game {code}"),
    "status.code.tip": N_("Click to copy the game code"),
    "status.copied": N_("Game code {code} copied."),
    "message.won": counted(
        "You won! Score {score} in {moves} move.", "You won! Score {score} in {moves} moves.", by="moves"
    ),
    "message.auto": N_("Every card can go home now: Auto-complete (A) finishes the game."),
    "message.hint.none": N_("No useful move."),
    "message.hint.unavailable": N_("Hint unavailable: it could not be worked out."),
    "message.resumed": N_("Welcome back: game {code} resumed."),
    "message.own_game": N_(
        "Another game is being played with these files (in a terminal): this one is a game"
        " of its own, saved as {name}."
    ),
    "dialog.restart.title": N_("Restart this deal?"),
    "dialog.restart.text": N_("Deal the same cards again? The moves made so far are lost."),
    "dialog.open.title": N_("Open this log?"),
    "dialog.open.text": N_(
        "Leave the game in progress for the game of this log? The game left counts as played."
    ),
    "message.opened": N_(
        "Game of {name}: it was not played from its deal here, so it is not counted in the statistics."
    ),
    "dialog.won.title": N_("You won!"),
    "dialog.won.text": N_("Time: {time}\nScore: {score}\nMoves: {moves}"),
    "dialog.won.uncounted": N_("This game was opened from a log: it is not counted in the statistics."),
    "dialog.won.new": N_("New Game"),
    "dialog.won.restart": N_("Play This Deal Again"),
    "auto.won": N_("The game is won: nothing is left to play."),
    "auto.face_down": N_("Auto-complete is not available yet: some cards are still face down."),
    "auto.no_passes": N_(
        "Auto-complete is not available: cards are left in the stock and the waste,"
        " and no passes through the stock are left."
    ),
    "auto.blocked": N_("Auto-complete is not available: some cards lie on cards that must go home first."),
    "dialog.new.title": N_("New Game"),
    "dialog.new.variant": N_("Variant"),
    "dialog.new.draw": N_("Draw"),
    "dialog.new.draw1": N_("One card (Easy)"),
    "dialog.new.draw3": N_("Three cards (Hard)"),
    "dialog.new.scoring": N_("Scoring"),
    "dialog.new.redeal": N_("Passes through the stock"),
    "dialog.new.redeal.default": N_("The scoring's default"),
    "dialog.new.redeal.unlimited": N_("Unlimited"),
    "dialog.new.returns": N_("Allow cards back from the foundations"),
    "dialog.new.deal": N_("Deal"),
    "dialog.new.random": N_("Random deal"),
    "dialog.new.number": N_("Deal number"),
    "dialog.new.code": N_("Game code"),
    "dialog.new.code.ok": N_("✓ {name}"),
    "dialog.new.code.placeholder": N_("e.g. KL1-D1N-AAAAAAG (optional)"),
    "chooser.search": N_("Search games"),
    "chooser.search.placeholder": N_("Search by name, family or rules…"),
    "chooser.games": N_("Games"),
    "chooser.favourites": N_("Favourites"),
    "chooser.recent": N_("Recent"),
    "chooser.favourite": N_("Favourite"),
    "chooser.family": N_("{family} family"),
    "chooser.no_match": N_("No game matches “{text}”."),
    "chooser.preview": N_("The opening layout of {game}"),
    "chooser.preview.none": N_("No picture of this game"),
    "chooser.stats.none": N_("You have not played this game yet."),
    "chooser.stats.played": counted(
        "{played} game played, {won} won ({rate})", "{played} games played, {won} won ({rate})", by="played"
    ),
    "chooser.stats.fastest": N_("Fastest win: {time}"),
    "chooser.stats.fewest": N_("Fewest moves: {moves}"),
    "chooser.stats.best": N_("Best score: {score}"),
    "dialog.statistics.title": N_("Statistics"),
    "stats.of": N_("Statistics of"),
    "stats.all": N_("All games"),
    "stats.game.count": counted("{game} ({played} game)", "{game} ({played} games)", by="played"),
    "stats.total.row": N_("Total"),
    "stats.reset": N_("Reset This Game's Statistics…"),
    "stats.reset.title": N_("Reset the statistics of {game}?"),
    "stats.reset.text": N_(
        "Forget every result of {game}, in every draw mode and scoring? This cannot be undone."
    ),
    "stats.reset.done": N_("The statistics of {game} were reset."),
    "dialog.statistics.none": N_("No games finished yet."),
    "stats.game": N_("Game"),
    "stats.played": N_("Played"),
    "stats.won": N_("Won"),
    "stats.rate": N_("Win rate"),
    "stats.best": N_("Best score"),
    "stats.fastest": N_("Fastest win"),
    "stats.fewest": N_("Fewest moves"),
    "stats.streak": N_("Streak (longest)"),
    "stats.total": N_("Total score"),
    "stats.help": N_("Won with help"),
    "dialog.settings.title": N_("Preferences"),
    "settings.language": N_("Language"),
    "settings.rules": N_("Interactive rules: explain a refused move"),
    "settings.double": N_("Double click finds a column for a card"),
    "settings.animations": N_("Animate moves"),
    "settings.deck": N_("Card deck"),
    "settings.back": N_("Card back"),
    "deck.own": N_("Classic (built in)"),
    "back.blue": N_("Blue"),
    "back.green": N_("Green"),
    "back.red": N_("Red"),
    "back.graphite": N_("Graphite"),
    "dialog.about.title": N_("About Solitaire"),
    "dialog.about.text": N_(
        "Solitaire {version}\n\nKlondike and Réfléchi with draw 1 or 3, Normal or Vegas scoring,"
        " undo, hints and game codes. Variants, scoring schemes and redeal policies are plugins."
    ),
    "dialog.replay.title": N_("Replay: {name}"),
    "replay.play": N_("Play"),
    "replay.pause": N_("Pause"),
    "replay.step": N_("Action {index} of {total}: {words} ({action})"),
    "replay.start": N_("The deal, before any action"),
    "dialog.error.title": N_("Cannot open this log"),
    "dialog.save_error.title": N_("Cannot save this log"),
    "message.saved": N_("Game log saved as {name}."),
    "message.save_failed": N_("The log could not be saved as {name}: {reason}."),
    "file.filter": N_("Game logs (*.json);;All files (*)"),
    "notice.plugins": N_("Some plugins were left out: {names}. The rest of the game works."),
    "notice.details": N_("Details…"),
    "action.plugins": N_("&Plugins"),
    "dialog.plugins.title": N_("Plugins"),
    "plugins.installed": N_("Installed plugins"),
    "plugins.left_out": N_("Left out"),
    "plugins.none_left_out": N_("None: every plugin loaded."),
    "plugins.name": N_("Plugin"),
    "plugins.package": N_("Package"),
    "plugins.version": N_("Version"),
    "plugins.registers": N_("Brings"),
    "plugins.reason": N_("Why"),
    "plugins.kind.variant": N_("variants: {names}"),
    "plugins.kind.scoring": N_("scoring: {names}"),
    "plugins.kind.redeal": N_("redeal policies: {names}"),
    "plugins.kind.hint": N_("hints"),
    "plugins.note": N_(
        "Installing a plugin is installing software: it runs with your rights. A plugin that"
        " misbehaves is left out and the rest works. SOLITAIRE_BLOCK_PLUGINS=name,name keeps"
        " plugins from loading."
    ),
    "message.hint.thinking": N_("Thinking about a hint…"),
    "indicator.winnable": N_("Winnable"),
    "indicator.unwinnable": N_("Not winnable"),
    "indicator.unknown": N_("Winnable? Unknown"),
    "indicator.thinking": N_("Winnable? Thinking…"),
    "indicator.hidden": N_("{verdict} (knows the hidden cards)"),
    "indicator.tip": N_(
        "The solver's verdict on this position, worked out after every move"
        " (unknown: it found no answer within its budget)."
    ),
    "indicator.tip.hidden": N_(
        "In this game the solver knows the face-down cards, which you do not: winnable means"
        " a player who could see them would win. Preferences can hide this."
    ),
    "dialog.new.winnable": N_("Winnable deals only (the solver proves each random deal)"),
    "dialog.new.difficulty": N_("Difficulty:"),
    "dialog.new.difficulty.any": N_("Any difficulty"),
    "dialog.new.difficulty.easy": N_("Easy"),
    "dialog.new.difficulty.medium": N_("Medium"),
    "dialog.new.difficulty.hard": N_("Hard"),
    "dialog.new.difficulty.none": N_("This game has no difficulty levels: any winnable deal."),
    "dialog.new.winnable.unsupported": N_(
        "The solver does not know the rules of {variant}: any deal may come."
    ),
    "search.title": N_("Winnable deal"),
    "search.label": N_("Looking for a deal the solver can win…\nDeals tried: {tried}"),
    "search.cancel": N_("Cancel"),
    "search.found": N_("Deal {code} is winnable: the solver proved it (deals tried: {tried})."),
    "search.gave_up": counted(
        "No deal was proved winnable in {tried} try: the game goes on.",
        "No deal was proved winnable in {tried} tries: the game goes on.",
        by="tried",
    ),
    "search.cancelled": N_("The search for a winnable deal was cancelled (deals tried: {tried})."),
    "settings.indicator": N_("“Still winnable?”"),
    "settings.indicator.off": N_("Not shown"),
    "settings.indicator.open": N_("Only where no card is hidden (Réfléchi)"),
    "settings.indicator.always": N_("Always (in Klondike it knows the face-down cards)"),
    "rules.this_game": N_("This game: {rules}"),
    # What screen readers say (see speech.py).  "|" separates plural forms: English
    # one|other, Russian one|few|many.
    "a11y.table": N_("Card table: {variant}"),
    "a11y.card": N_("{rank} of {suit}"),
    "a11y.ranks": N_("ace two three four five six seven eight nine ten jack queen king"),
    "a11y.suits": N_("spades hearts diamonds clubs"),
    "a11y.stock": N_("Stock"),
    "a11y.waste": N_("Waste"),
    "a11y.column": N_("Column {number}"),
    "a11y.foundation": N_("Foundation of {suit}"),
    "a11y.foundation.number": N_("Foundation {number}"),
    "a11y.cell": N_("Cell {number}"),
    "a11y.pile": N_("Pile {pile}"),
    "a11y.focus": N_("{pile}: {what}"),
    "a11y.empty": N_("empty"),
    "a11y.cards": counted("{count} card", "{count} cards", by="count"),
    "a11y.face_down": counted("{count} card face down", "{count} cards face down", by="count"),
    "a11y.group": N_("a group of {count} cards: {first} to {last}"),
    "a11y.holding": N_("holding {cards}"),
}


def text(key: str, lang: str, **values: object) -> str:
    """The text ``key`` in ``lang`` (English when missing), filled with ``values``."""
    entry = TEXTS[key]
    if isinstance(entry, Counted):
        count = values[entry.by]
        message = i18n.Plural(entry.singular, entry.plural, int(count))  # type: ignore[call-overload]
        message.params = {**values, "n": message.n}
        return message.translate(lang)
    template = i18n.translate(entry, lang)
    return template.format(**values) if values else template
