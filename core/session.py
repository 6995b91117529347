"""The game one player is playing, as every front end plays it: new games, the saved
game resumed, a save after every change, the results kept in the statistics, and
the game clock.

The window and the terminal game each hold one :class:`Session` and draw what it
tells them; it knows nothing of either (no Qt here)::

    session = Session(catalog, Store(folder))
    session.resume()               # the saved game back in play, or None
    session.new_game(code)         # a game of this code in play, saved at once
    session.game.play("s")         # saved after the move
    session.store.load_game(session.catalog)[0].actions  # ['s']

>>> import tempfile
>>> from solitaire.core.registry import Catalog
>>> from solitaire.core.store import Store
>>> Session(Catalog(entry_points=False), Store(tempfile.mkdtemp())).resume() is None  # nothing saved
True
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final, TypedDict, Unpack

import attrs

from solitaire.core import difficulty as levels
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.game import Change, Game
from solitaire.core.i18n import Message
from solitaire.core.registry import Catalog, OptionsError, PluginError
from solitaire.core.ruleset import GameOptions, Variant
from solitaire.core.store import GameChoice, Settings, Store

if TYPE_CHECKING:
    from solitaire.core.deal_search import Searched

__all__ = [
    "RECENT_GAMES",
    "REDEALS",
    "Listener",
    "NewGameChoice",
    "NewGameFields",
    "Offers",
    "Session",
    "StartOptions",
    "choose_new_game",
    "chosen_options",
    "has_waste",
    "offers",
    "remember_choice",
    "remembered",
    "returns_matter",
]

#: How many games the settings keep as recent (``Settings.recent``).
RECENT_GAMES: Final = 5

#: Told of every change of the game in play: the change, and whether it won the game
#: (True once a game, for the change that won it).
Listener = Callable[[Change, bool], None]


def chosen_options(
    catalog: Catalog, settings: Settings, variant: str, deal: int | None = None
) -> GameOptions:
    """The options of a new game of ``variant``: those last chosen for it
    (``Settings.choices``), else those of the settings that fit it, else its defaults;
    the deal ``deal``, or one of its deals at random.  Raises ``OptionsError`` when
    ``variant`` is not installed (or has not that deal).  With settings that say
    ``draw=3`` and, for one game, ``GameChoice(draw=2, scoring="none")``: that game
    gets draw 2 and no scoring, another game that draws 1 or 3 draw 3, and a game
    whose scoring schemes do not include the settings' its own default scheme.
    """
    chosen = catalog.variant(variant)
    choice = settings.choices.get(variant) or GameChoice(
        settings.draw, settings.scoring, settings.redeal, settings.returns_allowed
    )
    draw, scoring, redeal, returns = choice.draw, choice.scoring, choice.redeal, choice.returns_allowed
    if draw not in chosen.draws:
        draw = None
    scheme = catalog.scorings.get(scoring or "")
    if scheme is None or not scheme.fits(chosen):
        scoring = None
    if deal is None:
        deal = chosen.random_deal()
    try:
        return catalog.options(variant, draw, scoring, redeal, returns, deal)
    except OptionsError:  # a redeal policy it does not take (or one not installed)
        return catalog.options(variant, draw, scoring, None, returns, deal)


def remember_choice(settings: Settings, options: GameOptions, default_redeal: str) -> Settings:
    """``settings`` with ``options`` as the choice of new games: the game, its draw,
    scoring, redeal policy (None when it is ``default_redeal``, the scoring's) and
    returns, for the next random deals and the next time that game is chosen; the
    game first among the recent ones (at most :data:`RECENT_GAMES`)."""
    redeal = None if options.redeal == default_redeal else options.redeal
    choice = GameChoice(options.draw, options.scoring, redeal, options.returns_allowed)
    others = [variant for variant in settings.recent if variant != options.variant]
    return attrs.evolve(
        settings,
        recent=(options.variant, *others)[:RECENT_GAMES],
        variant=options.variant,
        draw=options.draw,
        scoring=options.scoring,
        redeal=redeal,
        returns_allowed=options.returns_allowed,
        choices={**settings.choices, options.variant: choice},
    )


def remembered(catalog: Catalog, settings: Settings, choice: NewGameChoice) -> Settings:
    """``settings`` with ``choice`` remembered, as the New Game dialog remembers it: its
    options as the choice of new games (:func:`remember_choice`), "winnable deals only"
    and the difficulty."""
    options = choice.options
    variant, scheme = catalog.variant(options.variant), catalog.scoring(options.scoring)
    default_redeal = catalog.default_redeal(variant, scheme)
    return attrs.evolve(
        remember_choice(settings, options, default_redeal),
        winnable_only=choice.winnable_only,
        difficulty=choice.difficulty,
    )


# -- what a new game may choose ------------------------------------------------------------------

#: The redeal policies offered where there is a waste to turn back: the scoring's default
#: (None), unlimited, or 1, 2 or 3 passes (any other policy installed is taken too).
REDEALS: Final = (None, "unlimited", "passes:1", "passes:2", "passes:3")


def has_waste(variant: Variant) -> bool:
    """Whether the variant's table has a waste (then a redeal policy matters)."""
    return variant.has_stock and variant.has_waste


def returns_matter(variant: Variant) -> bool:
    """Whether cards could come back from the variant's foundations (then the choice
    to allow it matters): ``Variant.returns_possible``."""
    return variant.returns_possible()


@attrs.frozen
class Offers:
    """What a new game of one variant may choose, as the New Game dialog offers it: its
    draw choices (a choice where there are several), the scoring schemes that fit it, a
    redeal policy (where there is a waste), foundation returns (where cards could come
    back), winnable deals only (where the solver knows the game) and a difficulty
    (where the game has levels).  A game of suits 1, 2 or 4 whose stock deals onto
    the columns, with a solver, offers ``draws=(1, 2, 4)``, ``redeal=False`` and
    ``winnable=True``.
    """

    variant: str
    draws: tuple[int, ...]
    scorings: tuple[str, ...]
    redeal: bool
    returns: bool
    winnable: bool
    levels: bool


def offers(catalog: Catalog, variant_id: str) -> Offers:
    """What a new game of ``variant_id`` may choose; ``OptionsError`` when it is not installed."""
    from solitaire.core.solver import solvable

    variant = catalog.variant(variant_id)
    try:
        winnable = solvable(catalog.ruleset(catalog.options(variant.id)))
    except (OptionsError, PluginError):
        winnable = False
    return Offers(
        variant.id,
        tuple(variant.draws),
        tuple(scheme.id for scheme in catalog.scorings.values() if scheme.fits(variant)),
        has_waste(variant),
        returns_matter(variant),
        winnable,
        levels.has_levels(variant),
    )


@attrs.frozen
class NewGameChoice:
    """A new game as chosen: its options (a random deal, or the one asked for), whether
    only winnable deals are wanted and of which difficulty (as the settings keep them),
    whether its deal is to be searched for (:meth:`Session.search_winnable`): winnable
    deals only, a random deal, and a game the solver knows; and whether the game, at its
    draw, has difficulty levels (``Variant.difficulty``; else any winnable deal fits)."""

    options: GameOptions
    winnable_only: bool = False
    difficulty: str = "any"
    search: bool = False
    levels: bool = False


class NewGameFields(TypedDict, total=False):
    """What a player may choose of a new game (each left out: as chosen the last time)."""

    draw: int
    scoring: str
    redeal: str
    returns_allowed: bool
    deal: int
    winnable_only: bool
    difficulty: str


def choose_new_game(
    catalog: Catalog, settings: Settings, variant: str | None = None, **given: Unpack[NewGameFields]
) -> NewGameChoice:
    """A new game of ``variant`` (None: the game of the settings, else the catalog's
    :attr:`~solitaire.core.registry.Catalog.default_variant`) with the options
    ``given``, each of the others as last chosen for that game (``Settings.choices``,
    else as the settings say where it fits, else the game's default), and a random deal
    unless ``deal`` is given.  What is given must fit the game: ``OptionsError`` says
    what does not (a draw it has not, a scoring that does not fit it, a redeal policy
    where there is no waste, a deal it has not, an unknown difficulty, a deal number
    with winnable deals only).  A ``difficulty`` given asks for winnable deals, unless
    ``winnable_only`` is given False.  So with the settings' choice of
    ``GameChoice(draw=2, scoring="none")`` for a game, ``difficulty="easy"`` gives
    draw 2, no scoring, a search for an easy deal; ``draw=3`` for a game of suits
    1, 2 or 4 raises ``OptionsError`` ("GAME: Suits 1, 2 or 4, not 3").
    """
    chosen = catalog.variant((settings.variant or catalog.default_variant) if variant is None else variant)
    wanted = given.get("difficulty")
    if wanted is not None and wanted not in levels.CHOICES:
        raise OptionsError(
            Message(
                "difficulty must be {choices}, not {difficulty!r}",
                choices=", ".join(levels.CHOICES),
                difficulty=wanted,
            )
        )
    deal = given.get("deal")
    # A difficulty asks for winnable deals (unless they are turned off too).
    asked = given.get("winnable_only", True if wanted is not None else None)
    if deal is not None and asked:
        raise OptionsError(Message("winnable deals only are random deals: no deal number goes with it"))
    last = settings.choices.get(chosen.id) or GameChoice(
        settings.draw, settings.scoring, settings.redeal, settings.returns_allowed
    )
    draw = given.get("draw", last.draw if last.draw in chosen.draws else None)
    scheme = catalog.scorings.get(last.scoring or "")
    scoring = given.get("scoring", last.scoring if scheme is not None and scheme.fits(chosen) else None)
    returns = given.get("returns_allowed", last.returns_allowed)
    number = chosen.random_deal() if deal is None else deal
    if "redeal" in given:
        options = catalog.options(chosen.id, draw, scoring, given["redeal"], returns, number)
    else:
        try:
            options = catalog.options(chosen.id, draw, scoring, last.redeal, returns, number)
        except OptionsError:  # the redeal policy last chosen does not fit (or is not installed)
            options = catalog.options(chosen.id, draw, scoring, None, returns, number)
    winnable = settings.winnable_only if asked is None else asked
    search = winnable and deal is None and offers(catalog, chosen.id).winnable
    wanted = given.get("difficulty", settings.difficulty)
    return NewGameChoice(options, winnable, wanted, search, levels.has_levels(chosen, options.draw))


class StartOptions(TypedDict, total=False):
    """How :meth:`Session.start` puts a game in play, for front ends that pass it on."""

    game_id: str | None
    seconds: float
    helped: bool
    record: bool
    from_deal: bool


class Session:
    """One player's game and its bookkeeping, with the ``store`` they are kept in.

    The game in play is saved after every change (see :meth:`subscribe`), and
    counted in the statistics when it is won or left after a move: a game that was
    not played here from its deal on (opened from a log, or played on after one)
    is no record, neither a win nor a loss.

    The clock runs from the first change of this sitting on (a game resumed or
    dealt waits for it), stops at the win and stands while :meth:`paused`."""

    def __init__(self, catalog: Catalog, store: Store, *, now: Callable[[], float] = time.monotonic) -> None:
        self.catalog, self.store = catalog, store
        #: Where the clock reads the time (monotonic seconds).
        self.now = now
        self.game: Game | None = None
        #: The id the statistics count the game by, once.
        self.game_id = ""
        #: Whether the player was helped in this game (a win then counts as won with help).
        self.helped = False
        #: False for a game not played here from its deal on (opened from a log).
        self.from_deal = True
        #: The time played before the clock last started; the clock runs from ``_since``
        #: (None while it stands: before the first change of this sitting, after a win,
        #: while paused).
        self.seconds = 0.0
        self._since: float | None = None
        self._moved = False
        self._pauses = 0
        self._won = False
        self._unsubscribe: Callable[[], None] | None = None
        self._listeners: list[Listener] = []

    # -- the game file -----------------------------------------------------------------------------

    def claim(self) -> bool:
        """Take the game file for this session (see :meth:`Store.claim_game`): False
        when another instance plays the current game, and this one gets its own."""
        return self.store.claim_game()

    def leave(self) -> None:
        """Let other instances have this session's game file (an instance's own file is
        kept only for a game to resume: one with moves, not won)."""
        self.store.release_game(keep=self.in_progress)

    def close(self) -> None:
        """Save the game and let go of its file: the end of the session."""
        self.save()
        self.leave()

    # -- games -----------------------------------------------------------------------------------

    def resume(self) -> Game | None:
        """Put the saved game back in play, with its id, time, help and origin, and
        return it; None when there is none to resume (see :meth:`Store.load_game`)."""
        resumed = self.store.load_game(self.catalog)
        if resumed is None:
            return None
        game, saved = resumed
        self.start(
            game,
            game_id=saved.id,
            seconds=saved.seconds,
            helped=saved.helped,
            record=False,
            from_deal=saved.from_deal,
        )
        return game

    def random_game(self, settings: Settings | None = None, deal: int | None = None) -> Game:
        """A game of a random deal (or ``deal``) with the options of ``settings`` (the
        saved ones by default); the default options where those are not installed."""
        s = self.store.settings() if settings is None else settings
        game = s.variant or self.catalog.default_variant
        if deal is None:
            variant = self.catalog.variants.get(game)
            deal = variant.random_deal() if variant is not None else secrets.randbelow(DEAL_NUMBERS)
        try:
            options = self.catalog.options(game, s.draw, s.scoring, s.redeal, s.returns_allowed, deal)
        except OptionsError:
            try:
                options = chosen_options(self.catalog, s, game, deal)
            except OptionsError:  # the game is not installed (any more), or has not this deal
                options = self.catalog.options(deal=deal)
        return self.catalog.new_game(options)

    def game_of(self, variant: str, settings: Settings | None = None) -> Game:
        """A random deal of ``variant`` with the options last chosen for it (see
        :func:`chosen_options`); raises ``OptionsError`` when it is not installed."""
        s = self.store.settings() if settings is None else settings
        return self.catalog.new_game(chosen_options(self.catalog, s, variant))

    def choose(self, variant: str | None = None, **given: Unpack[NewGameFields]) -> NewGameChoice:
        """A new game of ``variant`` (None: the settings' game) with the options ``given``
        and, for the others, those last chosen (see :func:`choose_new_game`)."""
        return choose_new_game(self.catalog, self.store.settings(), variant, **given)

    def next_choice(self, settings: Settings | None = None) -> NewGameChoice:
        """The next random game as ``settings`` (the saved ones by default) say: their
        game and options, and a winnable deal where they ask for one."""
        s = self.store.settings() if settings is None else settings
        options = self.random_game(s).rules.options
        variant = self.catalog.variant(options.variant)
        search = s.winnable_only and offers(self.catalog, variant.id).winnable
        return NewGameChoice(
            options, s.winnable_only, s.difficulty, search, levels.has_levels(variant, options.draw)
        )

    def remember(self, choice: NewGameChoice) -> Settings:
        """Keep ``choice`` in the settings, as the New Game dialog does (see :func:`remembered`),
        under the store's lock; returns the settings."""
        return self.store.update_settings(lambda saved: remembered(self.catalog, saved, choice))

    def search_winnable(
        self,
        choice: NewGameChoice,
        *,
        cancel: threading.Event | None = None,
        tried: Callable[[int], None] | None = None,
    ) -> Searched:
        """Look for a random deal of ``choice`` the solver proves winnable, of its
        difficulty (see :func:`solitaire.core.deal_search.search_winnable`); it may run
        in a thread of its own, and ``cancel`` stops it.  Nothing is put in play."""
        from solitaire.core.deal_search import search_winnable

        return search_winnable(
            self.catalog, choice.options, difficulty=choice.difficulty, cancel=cancel, tried=tried
        )

    def new_game(self, chosen: GameOptions | str | None = None, *, settings: Settings | None = None) -> Game:
        """Leave the game in play and start one: of these options, of this game code,
        or (None) a random deal as ``settings`` say; returns it."""
        if isinstance(chosen, GameOptions):
            game = self.catalog.new_game(chosen)
        elif chosen is not None:
            game = self.catalog.game_from_code(chosen)
        else:
            game = self.random_game(settings)
        self.start(game)
        return game

    def restart(self) -> None:
        """The same deal again (a new game for the statistics)."""
        assert self.game is not None
        self.start(self.catalog.new_game(self.game.rules.options))

    def start(
        self,
        game: Game,
        *,
        game_id: str | None = None,
        seconds: float = 0.0,
        helped: bool = False,
        record: bool = True,
        from_deal: bool = True,
    ) -> None:
        """Put ``game`` in play and save it; the game left counts as played when moves
        were made (unless ``record`` is False).  ``from_deal`` False: ``game`` was not
        played here from its deal on (a log opened), so it is no record."""
        if record:
            self.finish()
        options = game.rules.options
        if game.rules.scoring.carries_balance and record and not game.journal:
            # A new game of a scheme that carries its balance starts from the store's.
            balance = self.store.balance(options.scoring)
            if balance != options.balance:
                game = self.catalog.new_game(attrs.evolve(options, balance=balance))
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.game = game
        self.game_id = game_id or Store.new_game_id()
        self.helped, self.from_deal = helped, from_deal
        self.seconds, self._since, self._moved = seconds, None, False  # the clock waits for a change
        self._won = game.is_won
        self._unsubscribe = game.subscribe(self._changed)
        self.save()

    @property
    def in_progress(self) -> bool:
        """Whether a game is being played: moves made, not won."""
        return self.game is not None and bool(self.game.journal) and not self.game.is_won

    def finish(self) -> None:
        """Count the game in play in the statistics, if it was played at all (once:
        a game counted before is not counted again)."""
        if self.game is not None and self.game.journal:
            self._record()

    def _record(self) -> None:
        assert self.game is not None
        self.store.record_result(
            self.game,
            game_id=self.game_id,
            seconds=self.elapsed(),
            helped=self.helped,
            from_deal=self.from_deal,
        )

    def save(self) -> None:
        """Save the game in play (a save that fails is kept and tried again at the next)."""
        if self.game is not None:
            self.store.save_game(
                self.game,
                self.catalog,
                game_id=self.game_id,
                seconds=self.elapsed(),
                helped=self.helped,
                from_deal=self.from_deal,
            )

    def take_notices(self, lang: str) -> list[str]:
        """What the store met since the last time (a file moved aside, a save that
        failed), in ``lang``, each told once."""
        return [notice.message(lang) for notice in self.store.take_notices()]

    # -- changes ---------------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(change, won)`` after every change of the game in play (of
        every game put in play from now on), once the change is saved and a win counted;
        returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _changed(self, change: Change) -> None:
        assert self.game is not None
        self._moved = True
        self._sync_clock()  # starts at the first change, stops at the win
        won = self.game.is_won and not self._won
        if won:
            self._won = True
            self._record()
        self.save()
        for listener in list(self._listeners):
            listener(change, won)

    # -- the clock -------------------------------------------------------------------------------

    def elapsed(self) -> float:
        """The time played: the clock runs from the first change of this sitting on,
        stops at the win and stands while paused."""
        running = self.now() - self._since if self._since is not None else 0.0
        return self.seconds + running

    def pause(self) -> None:
        """Stop the clock until as many :meth:`unpause` (a modal dialog is open)."""
        self._pauses += 1
        self._sync_clock()

    def unpause(self) -> None:
        """The end of a :meth:`pause`: the clock runs again if nothing else stops it."""
        self._pauses -= 1
        self._sync_clock()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The clock stands while this block runs."""
        self.pause()
        try:
            yield
        finally:
            self.unpause()

    def _sync_clock(self) -> None:
        wanted = self.game is not None and self._moved and not self.game.is_won and not self._pauses
        if self._since is not None and not wanted:
            self.seconds, self._since = self.elapsed(), None
        elif self._since is None and wanted:
            self._since = self.now()
