"""The conformance checks: seeded random games that test every promise a plugin makes.

A :class:`Kit` holds a catalog (the installed plugins, or plugin objects handed
to it before they are installed) and how hard to look: how many deals, how many
actions per game, the seed, and how many moves outside ``legal_moves`` to try
at each position.  Its ``check_*`` methods play games with the plugin under test
and raise :class:`ConformanceError` (an ``AssertionError``) at the first broken
promise, naming the game, its code, the step and the actions from the deal.

At every position of every game:

* the cards dealt are all there, each once, in tuples of ``Card`` objects (any
  number of decks: the deal is whatever ``dealt_order`` gave, laid out by
  ``initial_state``), on the piles of the variant's table, of known kinds;
* the state survives a JSON round trip (:mod:`solitaire.core.jsonstate`);
* ``piles()`` lays out every pile that holds cards, each at its own place, with
  the kind of its pile (a tableau pile is a ``column``);
* every move ``legal_moves`` lists is written in notation that parses back, is
  listed once, and is accepted by ``check`` unchanged (it is canonical);
* moves drawn at random from the notation space (the stock tap always) are
  accepted only when their canonical form is listed, and ``check`` gives that
  form back unchanged; every refusal names a :class:`~solitaire.core.refusals.Rule`
  and has a message in every language of :data:`~solitaire.core.refusals.LANGUAGES`;
* playing a refused move raises ``IllegalMoveError`` and changes nothing, and
  asking about moves changes neither the state nor the legal moves.

After every move its events change the table, its log entry survives a JSON
round trip (:mod:`solitaire.core.log`), and the scoring scheme gives the same
score for the same move again.  Every undo gives back the exact position of
before the move (and its legal moves), every redo the position after.  Each game
ends by undoing back to the deal (as far as the history of
:data:`~solitaire.core.game.HISTORY_LIMIT` actions reaches); then its whole log
is written, read and replayed, which must give the same events and the same
final state.  Before and after each game the deal is made again, from the
options and from the game code, and must be the same each time; the code must
name the same options.

A variant is played under its ``default_scoring`` (and a scoring scheme or a
redeal policy in games of the variants the scheme fits, ``ScoringScheme.fits``).

>>> kit = Kit(new_catalog(entry_points=False), deals=1, steps=30)
>>> summary = kit.check_variant("klondike")
>>> summary.games, summary.moves > 20, summary.refusals > 0
(1, True, True)
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from os import PathLike
from typing import Final, NoReturn, TypeVar

import attrs

from solitaire.core import i18n
from solitaire.core import refusals as r
from solitaire.core.cards import MAX_DECKS, Card, deck_cards
from solitaire.core.game import HISTORY_LIMIT, Game
from solitaire.core.i18n import Message
from solitaire.core.jsonstate import state_from_dict, state_to_dict
from solitaire.core.log import GameLog, LogEntry, LogError, dumps, loads, log_of, replay
from solitaire.core.moves import DRAW, Move, MoveSyntaxError
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.registry import Catalog, OptionsError, PluginError
from solitaire.core.ruleset import GameOptions, PileSpec, ScoringScheme, Variant
from solitaire.core.state import (
    CELL,
    FOUNDATION,
    KINDS,
    RESERVE,
    STOCK,
    TABLEAU,
    WASTE,
    Event,
    GameWon,
    Pile,
    ScoreChanged,
    State,
)
from solitaire.plugins.builtins import new_catalog

__all__ = [
    "DEFAULT_DEALS",
    "DEFAULT_SAMPLES",
    "DEFAULT_STEPS",
    "ConformanceError",
    "Kit",
    "Summary",
    "check_redeal",
    "check_scoring",
    "check_variant",
    "every_move",
    "notation_space",
    "snapshot",
]

#: Games per check (per variant, for scoring schemes and redeal policies).
DEFAULT_DEALS: Final = 4
#: Actions per game (moves, undo and redo).
DEFAULT_STEPS: Final = 100
#: Moves drawn from the notation space at each position, besides the stock tap.
DEFAULT_SAMPLES: Final = 20

PILE_KINDS: Final = frozenset({"stock", "waste", "foundation", "column", "cell", "reserve"})
#: The kind of ``PileSpec`` front ends expect for each kind of pile of a table.
SPEC_KINDS: Final = {TABLEAU: "column"}
PILE_FANS: Final = frozenset({"none", "right", "down"})
_LANGUAGE_NAMES: Final = {"en": "English", "ru": "Russian"}
_RULE_ID: Final = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")
_UNDO_ODDS: Final = 0.08
_REDO_ODDS: Final = 0.25  # when there is something to redo
_HOME_ODDS: Final = 0.3  # how often a move to a foundation is preferred: games get deeper
_SHOWN_ACTIONS: Final = 60
_T = TypeVar("_T")


class ConformanceError(AssertionError):
    """A plugin broke a promise; the message names the game, the step and the action."""


@attrs.frozen
class Summary:
    """What a check did: games played, actions taken, positions looked at and
    refusals checked.  Summaries add up."""

    games: int = 0
    moves: int = 0
    undos: int = 0
    redos: int = 0
    positions: int = 0
    refusals: int = 0

    def __add__(self, other: Summary) -> Summary:
        return Summary(*(a + b for a, b in zip(attrs.astuple(self), attrs.astuple(other), strict=True)))


Snapshot = tuple[object, ...]
_COUNTERS: Final = ("score", "pass", "credited", "variables")


def _texts(cards: Iterable[Card]) -> str:
    return " ".join(card.token for card in cards) or "-"


def snapshot(state: State) -> Snapshot:
    """A position as plain values, the move counter left out: a copy that stays
    as it was even if a plugin changes the state object.  Each pile gives its id,
    its kind and its cards (tokens: ``TH.2`` is the second deck's); then the counters and
    the values of the variant's fields."""
    piles = tuple(
        (pile, kind, f"{_texts(cards.down)} | {_texts(cards.up)}")
        for pile, kind, cards in zip(state.table.ids, state.table.kinds, state.piles, strict=False)
    )
    return (piles, state.score, state.pass_number, state.credited, tuple(state.variables.items()))


def _difference(expected: Snapshot, found: Snapshot) -> str:
    old_piles, new_piles = expected[0], found[0]
    assert isinstance(old_piles, tuple) and isinstance(new_piles, tuple)
    if [pile[:2] for pile in old_piles] != [pile[:2] for pile in new_piles]:
        return f"the table should be {[p[:2] for p in old_piles]}, is {[p[:2] for p in new_piles]}"
    for (pile, _, old), (_, _, new) in zip(old_piles, new_piles, strict=True):
        if old != new:
            return f"{pile} should be {old!r}, is {new!r}"
    for name, old, new in zip(_COUNTERS, expected[1:], found[1:], strict=True):
        if old != new:
            return f"{name} should be {old!r}, is {new!r}"
    return "no difference"


def notation_space(state: State) -> tuple[list[str], list[str]]:
    """The sources and destinations a player can write for a table: the stock
    and the waste (whether the table has them or not), each foundation, cell and
    column (and reserve, where the table has one), one pile beyond the last of each,
    and ``f`` ("the card's own foundation") as a destination."""
    table = state.table
    numbered = []
    for letter, kind in (("f", FOUNDATION), ("c", CELL), ("t", TABLEAU), ("r", RESERVE)):
        count = len(table.places(kind))
        if kind == RESERVE and not count:
            continue  # reserves only where a table has them (the others' notation space as before)
        numbered += [f"{letter}{n}" for n in range(1, min(count + 1, 99) + 1)]
    sources = ["s", "w", *numbered]
    return sources, [*sources, "f"]


def _counts(state: State, src: str) -> list[int | None]:
    if src[0] != "t":
        return [None]
    place = state.table.index.get(src)
    size = len(state.piles[place]) if place is not None else 0
    return [None, *range(1, min(size + 1, 99) + 1)]


def every_move(state: State) -> list[Move]:
    """Every move of the notation space of a table (see :func:`notation_space`),
    with every count from a column up to one more than it holds."""
    sources, destinations = notation_space(state)
    moves = [DRAW]
    for src in sources:
        counts = _counts(state, src)
        moves.extend(Move(src, dst, count) for dst in destinations for count in counts)
    return moves


def _some_moves(state: State, rng: random.Random, count: int) -> list[Move]:
    sources, destinations = notation_space(state)
    moves = [DRAW]
    for _ in range(count):
        src = rng.choice(sources)
        moves.append(Move(src, rng.choice(destinations), rng.choice(_counts(state, src))))
    return moves


@attrs.frozen
class _Step:
    """The kit's own copy of one entry of the game's undo history."""

    before: Snapshot
    legal_before: tuple[str, ...]
    after: Snapshot
    action: str


class Kit:
    """The conformance kit, set up with a catalog and how hard to look.

    ``catalog`` is the catalog to test with; without one the kit makes its own
    from the installed plugins plus ``plugins`` (modules or objects with hook
    implementations, for plugins not installed yet).  ``deals`` games are played
    per check (per variant for scoring schemes and redeal policies), each of up
    to ``steps`` actions; ``seed`` chooses the deals and the actions;
    ``samples`` moves outside the legal ones are tried at each position.
    """

    def __init__(
        self,
        catalog: Catalog | None = None,
        plugins: Iterable[object] = (),
        *,
        deals: int = DEFAULT_DEALS,
        steps: int = DEFAULT_STEPS,
        seed: int = 0,
        samples: int = DEFAULT_SAMPLES,
    ) -> None:
        plugins = tuple(plugins)
        if catalog is not None and plugins:
            raise TypeError("give the kit a catalog or plugins to make one with, not both")
        for name, value, least in (("deals", deals, 1), ("steps", steps, 0), ("samples", samples, 0)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ValueError(f"{name} must be a whole number from {least}, not {value!r}")
        self.catalog = catalog if catalog is not None else new_catalog(plugins=plugins)
        self.deals = deals
        self.steps = steps
        self.seed = seed
        self.samples = samples

    def __repr__(self) -> str:
        return f"Kit(deals={self.deals}, steps={self.steps}, seed={self.seed}, samples={self.samples})"

    # -- what is checked -----------------------------------------------------------------------

    def check_variant(
        self, variant_id: str, *, scoring: str | None = None, redeal: str | None = None
    ) -> Summary:
        """Check a variant: its description, then random games in every draw mode it
        offers, with foundation returns allowed and forbidden, under ``scoring``
        (default: the variant's ``default_scoring``) and ``redeal`` (default: the
        scoring's)."""
        self.check_variant_description(variant_id)
        return self.check_variant_games(variant_id, scoring=scoring, redeal=redeal)

    def check_variant_description(self, variant_id: str) -> None:
        """The variant's class attributes: names, draw modes, its place in the catalog."""
        variant = self._variant(variant_id)
        subject = f"variant {variant_id!r}"
        _check_names(subject, variant.names)
        draws = variant.draws
        if not (isinstance(draws, tuple) and draws and all(_is_int(d) and d >= 1 for d in draws)):
            _fail(f"{subject}: draws must be a tuple of whole numbers from 1, not {draws!r}")
        if variant.default_draw not in draws:
            _fail(f"{subject}: default_draw {variant.default_draw!r} is not one of its draws {draws}")
        summaries = (
            variant.summary.items() if isinstance(variant.summary, Mapping) else [("en", variant.summary)]
        )
        for lang, text in summaries:
            if not (isinstance(text, str) and (text.strip() or not variant.summary)):
                _fail(f"{subject}: its {lang!r} summary is not text")

    def check_variant_games(
        self, variant_id: str, *, scoring: str | None = None, redeal: str | None = None
    ) -> Summary:
        """Random games of the variant (see :meth:`check_variant`)."""
        variant = self._variant(variant_id)
        scheme = scoring if scoring is not None else self._default_scoring(variant)
        return self._play(self._options(variant, scheme, redeal), f"variant {variant_id!r}")

    def check_scoring(self, scoring_id: str, *, variants: Sequence[str] | None = None) -> Summary:
        """Check a scoring scheme: its description, then random games of each of
        ``variants`` (default: every installed variant the scheme fits) under it and
        its default redeal policy.  At every move the scheme must give the same score
        again."""
        self.check_scoring_description(scoring_id)
        return self.check_scoring_games(scoring_id, variants=variants)

    def check_scoring_description(self, scoring_id: str) -> None:
        """The scheme's class attributes: names, starting score, default redeal policy."""
        scheme = self._lookup("scoring", scoring_id, self.catalog.scoring)
        subject = f"scoring {scoring_id!r}"
        _check_names(subject, scheme.names)
        if not _is_int(scheme.initial_score):
            _fail(f"{subject}: initial_score must be a whole number, not {scheme.initial_score!r}")
        problem = _score_text_problem(scheme, scheme.initial_score)
        if problem:
            _fail(problem)
        try:
            self.catalog.redeal(scheme.default_redeal)
        except OptionsError as error:
            _fail(f"{subject}: its default_redeal cannot be made: {error}")

    def check_scoring_games(self, scoring_id: str, *, variants: Sequence[str] | None = None) -> Summary:
        """Random games under the scheme (see :meth:`check_scoring`)."""
        scheme = self._lookup("scoring", scoring_id, self.catalog.scoring)
        chosen = self._fitting(scheme, variants)
        if not chosen:
            _fail(f"scoring {scoring_id!r}: no installed variant is one it fits (families {scheme.families})")
        options: list[GameOptions] = []
        for variant in chosen:
            options += self._options(variant, scoring_id, None)
        return self._play(options, f"scoring {scoring_id!r}")

    def check_redeal(
        self, policy_id: str, *, variants: Sequence[str] | None = None, scoring: str | None = None
    ) -> Summary:
        """Check a redeal policy (an id such as ``passes:3``): it is made with that
        id, answers ``may_recycle`` (the same way twice) and ``passes_left``
        sensibly, and in random games of each of ``variants`` (default: every installed
        variant with a stock and a waste) under ``scoring`` (default: each variant's
        own; a variant the scheme does not fit is left out unless named) the stock
        tap on an empty stock is legal exactly when it allows."""
        self.check_redeal_description(policy_id)
        return self.check_redeal_games(policy_id, variants=variants, scoring=scoring)

    def check_redeal_description(self, policy_id: str) -> None:
        """The policy's id and pass count."""
        policy = self._lookup("redeal policy", policy_id, self.catalog.redeal)
        subject = f"redeal policy {policy_id!r}"
        if policy.id != policy_id:
            _fail(f"{subject}: its factory made a policy whose id is {policy.id!r}")
        passes = policy.passes
        if passes is not None and not (_is_int(passes) and passes >= 1):
            _fail(f"{subject}: passes must be None (no limit) or a whole number from 1, not {passes!r}")

    def check_redeal_games(
        self, policy_id: str, *, variants: Sequence[str] | None = None, scoring: str | None = None
    ) -> Summary:
        """Random games under the policy (see :meth:`check_redeal`)."""
        self._lookup("redeal policy", policy_id, self.catalog.redeal)
        if variants is None:
            # A redeal policy means something only where the waste goes back to a stock.
            chosen = [v for v in self._fitting(None, None) if _recycles(v)]
            if scoring is not None:
                scheme = self._lookup("scoring", scoring, self.catalog.scoring)
                chosen = [variant for variant in chosen if scheme.fits(variant)]
        else:
            chosen = [self._variant(variant_id) for variant_id in variants]
        options: list[GameOptions] = []
        for variant in chosen:
            options += self._options(variant, scoring or self._default_scoring(variant), policy_id)
        if not options:
            _fail(f"redeal policy {policy_id!r}: no installed variant has a stock to test it with")
        return self._play(options, f"redeal policy {policy_id!r}", redeal_checks=True)

    def check_game(self, options: GameOptions) -> Summary:
        """One random game with these options, every check included."""
        return self._play([options], "the game", redeal_checks=True)

    def check_perft(self, path: str | PathLike[str]) -> int:
        """Check a file of recorded positions; returns how many (see :mod:`solitaire.testing.perft`)."""
        from solitaire.testing.perft import check_perft

        return check_perft(path, catalog=self.catalog)

    # -- helpers -------------------------------------------------------------------------------

    def _lookup(self, kind: str, key: str, find: Callable[[str], _T]) -> _T:
        try:
            return find(key)
        except OptionsError as error:
            problems = "; ".join(f"{p.plugin}: {p.reason}" for p in self.catalog.problems)
            left_out = f"; plugins left out: {problems}" if problems else ""
            _fail(f"{kind} {key!r} cannot be tested: {error}{left_out}")

    def _variant(self, variant_id: str) -> Variant:
        return self._lookup("variant", variant_id, self.catalog.variant)

    def _fitting(self, scheme: ScoringScheme | None, variants: Sequence[str] | None) -> list[Variant]:
        """The variants named (each must fit ``scheme``), or every installed one it fits."""
        if variants is None:
            found = [self._variant(variant_id) for variant_id in sorted(self.catalog.variants)]
            return [variant for variant in found if scheme is None or scheme.fits(variant)]
        chosen = [self._variant(variant_id) for variant_id in variants]
        for variant in chosen:
            if scheme is not None and not scheme.fits(variant):
                _fail(
                    f"scoring {scheme.id!r} does not fit variant {variant.id!r}"
                    f" (family {variant.family or variant.id!r}; it fits {scheme.families})"
                )
        return chosen

    def _default_scoring(self, variant: Variant) -> str:
        """The variant's own scheme, else the first installed scheme that fits it."""
        scorings = self.catalog.scorings
        if variant.default_scoring in scorings and scorings[variant.default_scoring].fits(variant):
            return variant.default_scoring
        fitting = sorted(key for key, scheme in scorings.items() if scheme.fits(variant))
        if not fitting:
            _fail(f"variant {variant.id!r}: no installed scoring scheme fits it")
        return "normal" if "normal" in fitting else fitting[0]

    def _options(self, variant: Variant, scoring: str, redeal: str | None) -> list[GameOptions]:
        """``deals`` games: draw modes in turn, then returns allowed and forbidden."""
        rng = random.Random(f"solitaire-testing:{self.seed}:{variant.id}:{scoring}:{redeal}")
        draws = variant.draws
        options = []
        for index in range(self.deals):
            draw = draws[index % len(draws)]
            returns_allowed = (index // len(draws)) % 2 == 0
            deal = variant.deal_numbers[rng.randrange(len(variant.deal_numbers))]
            try:
                options.append(self.catalog.options(variant.id, draw, scoring, redeal, returns_allowed, deal))
            except OptionsError as error:
                _fail(f"variant {variant.id!r}: no game can be made: {error}")
        return options

    def _play(self, options: list[GameOptions], subject: str, *, redeal_checks: bool = False) -> Summary:
        total = Summary()
        for index, game_options in enumerate(options):
            rng = random.Random(f"solitaire-testing:{self.seed}:{index}:{game_options}")
            where = f"{subject}, game {index + 1} of {len(options)}"
            total += _Playout(self, game_options, rng, where, redeal_checks=redeal_checks).run()
        return total


class _Playout:
    """One random game and every check made along it."""

    def __init__(
        self, kit: Kit, options: GameOptions, rng: random.Random, subject: str, *, redeal_checks: bool
    ) -> None:
        self.kit = kit
        self.catalog = kit.catalog
        self.options = options
        self.rng = rng
        self.sampler = random.Random(rng.random())
        self.subject = subject
        self.redeal_checks = redeal_checks
        self.game: Game | None = None
        self.place = "the deal"
        self.history: deque[_Step] = deque(maxlen=HISTORY_LIMIT)
        self.redo: list[_Step] = []
        self.complete = True  # the kit's history reaches back to the deal
        self.dealt: list[int] = []  # the uids of the cards dealt, sorted
        self.counts = {"moves": 0, "undos": 0, "redos": 0, "positions": 0, "refusals": 0}

    # -- reporting -----------------------------------------------------------------------------

    def fail(self, problem: str) -> NoReturn:
        options = self.options
        lines = [
            problem,
            f"  in {self.subject}: {options.variant}, draw {options.draw}, scoring {options.scoring},"
            f" redeal {options.redeal}, returns {'allowed' if options.returns_allowed else 'forbidden'},"
            f" deal {options.deal}"
            + (f" (game code {self.game.code})" if self.game and self.game.code else ""),
        ]
        if self.game is not None:
            actions = self.game.actions
            shown = " ".join(actions[-_SHOWN_ACTIONS:]) or "none"
            earlier = (
                f"... ({len(actions) - _SHOWN_ACTIONS} earlier) " if len(actions) > _SHOWN_ACTIONS else ""
            )
            lines.append(f"  at {self.place}")
            lines.append(f"  actions from the deal: {earlier}{shown}")
        kit = self.kit
        lines.append(f"  (kit: seed={kit.seed}, deals={kit.deals}, steps={kit.steps}, samples={kit.samples})")
        raise ConformanceError("\n".join(lines))

    # -- the game ------------------------------------------------------------------------------

    def run(self) -> Summary:
        try:
            self._run()
        except ConformanceError:
            raise
        except Exception as error:  # a plugin that raises is a finding, with its place
            cause = error.cause if isinstance(error, PluginError) else error  # the plugin's own error
            self.fail(f"{type(cause).__name__}: {cause}")
        return Summary(games=1, **self.counts)

    def _run(self) -> None:
        self.place = "the deal"
        game = self.game = self.catalog.new_game(self.options)
        self.header = log_of(game, self.catalog).header
        self._check_deal(game)
        legal = self._inspect()
        for _ in range(self.kit.steps):
            roll = self.rng.random()
            if roll < _UNDO_ODDS and game.can_undo:
                legal = self._undo()
            elif roll < _UNDO_ODDS + _REDO_ODDS and game.can_redo:
                legal = self._redo()
            elif legal:
                home = [move for move in legal if (move.dst or "").startswith("f")]
                choice = self.rng.choice(home if home and self.rng.random() < _HOME_ODDS else legal)
                legal = self._play(choice, legal)
            elif game.can_undo:
                legal = self._undo()
            else:
                break
        while game.can_undo:
            self._undo()
        self.place = "the end, every move undone"
        if self.complete and snapshot(game.state) != snapshot(game.initial):
            self.fail(f"undoing every move does not give the deal back: {self._changed(game.initial)}")
        self.place = "the end, replaying the game's log"
        self._check_replay(game)
        self._check_deal_again(game)

    def _at(self, action: str) -> None:
        assert self.game is not None
        self.place = f"action {len(self.game.journal) + 1} ({action})"

    def _after(self, action: str) -> None:
        assert self.game is not None
        self.place = f"the position after action {len(self.game.journal)} ({action})"

    def _changed(self, expected: State) -> str:
        assert self.game is not None
        return _difference(snapshot(expected), snapshot(self.game.state))

    # -- actions -------------------------------------------------------------------------------

    def _play(self, move: Move, legal: list[Move]) -> list[Move]:
        game = self.game
        assert game is not None
        self._at(str(move))
        before = game.state
        frozen = snapshot(before)
        events = game.play(move)
        after = game.state
        self.counts["moves"] += 1
        table_events: list[Event] = [e for e in events if not isinstance(e, ScoreChanged | GameWon)]
        if not table_events:
            self.fail(f"the legal move {move} changes nothing on the table (its events: {list(events)})")
        if snapshot(before) != frozen:
            self.fail(
                f"playing {move} changed the state it was played from:"
                f" {_difference(frozen, snapshot(before))}"
            )
        self._check_scoring(before, table_events, after)
        self._check_entry(events)
        if len(self.history) == HISTORY_LIMIT:
            self.complete = False
        self.history.append(_Step(frozen, _sorted(legal), snapshot(after), str(move)))
        self.redo.clear()
        self._after(str(move))
        return self._inspect()

    def _undo(self) -> list[Move]:
        game = self.game
        assert game is not None
        step = self.history.pop()
        self._at(f"undo of {step.action}")
        game.undo()
        self.counts["undos"] += 1
        if snapshot(game.state) != step.before:
            self.fail(
                f"undo of {step.action} does not give back the position before it:"
                f" {_difference(step.before, snapshot(game.state))}"
            )
        self.redo.append(step)
        self._check_entry(game.journal[-1][1])
        self._after(f"undo of {step.action}")
        legal = self._inspect()
        if _sorted(legal) != step.legal_before:
            self.fail(
                f"after undo of {step.action} the legal moves are {list(_sorted(legal))}, before it they were"
                f" {list(step.legal_before)}: the plugin remembers something outside the state"
            )
        return legal

    def _redo(self) -> list[Move]:
        game = self.game
        assert game is not None
        step = self.redo.pop()
        self._at(f"redo of {step.action}")
        game.redo()
        self.counts["redos"] += 1
        if snapshot(game.state) != step.after:
            self.fail(
                f"redo of {step.action} does not give back the position after it:"
                f" {_difference(step.after, snapshot(game.state))}"
            )
        self.history.append(step)
        self._check_entry(game.journal[-1][1])
        self._after(f"redo of {step.action}")
        return self._inspect()

    # -- each position -------------------------------------------------------------------------

    def _inspect(self) -> list[Move]:
        """Every check of one position; returns its legal moves."""
        game = self.game
        assert game is not None
        state, rules = game.state, game.rules
        self.counts["positions"] += 1
        self._check_cards(state)
        frozen = snapshot(state)
        text = self._check_json(state)
        self._check_piles(state)
        self._check_variables(state)
        legal = self._check_legal_moves(state)
        self._check_interchangeable(state, legal)
        listed = set(legal)
        refused: list[tuple[Move, Refusal]] = []
        for move in _some_moves(state, self.sampler, self.kit.samples):
            checked = self._check(state, move)
            if isinstance(checked, Move):
                if checked not in listed:
                    accepted = f"{move}" if checked == move else f"{move} as {checked}"
                    self.fail(f"check accepts {accepted}, but legal_moves does not list {checked}")
                again = self._check(state, checked)
                if again != checked:
                    self.fail(f"check gives {checked} for {move}, but {_show(again)} for {checked} itself")
            else:
                self._check_refusal(move, checked)
                refused.append((move, checked))
        if refused:
            self._check_refused_play(*refused[0])
        if self.redeal_checks:
            self._check_redeal(state)
        if snapshot(state) != frozen or game.state is not state:
            self.fail(f"asking about moves changed the position: {_difference(frozen, snapshot(game.state))}")
        listed_again = rules.legal_moves(state)
        if _sorted(listed_again) != _sorted(legal):
            self.fail(
                f"legal_moves gives {list(_sorted(listed_again))} for the same position once check"
                f" was asked about moves, {list(_sorted(legal))} before: it must depend on the state only"
            )
        if json.dumps(state_to_dict(state, rules, game.code)) != text:
            self.fail("the state's JSON changed while moves were asked about")
        return legal

    def _check(self, state: State, move: Move) -> Move | Refusal:
        assert self.game is not None
        try:
            checked = self.game.rules.check(state, move)
        except Exception as error:
            self.fail(f"check({move}) raised {type(error).__name__}: {error} (a refusal was expected)")
        if not isinstance(checked, Move | Refusal):
            self.fail(f"check({move}) returned {checked!r}: it must return a Move or a Refusal")
        return checked

    def _check_variables(self, state: State) -> None:
        """The values beside the piles are those of the variant's declared fields, each
        one a value its field holds."""
        assert self.game is not None
        variant = self.game.rules.variant
        fields = {field.name: field for field in variant.state_fields()}
        if len(fields) != len(variant.state_fields()):
            self.fail(f"the variant declares a field twice: {[f.name for f in variant.state_fields()]}")
        if any(field.hidden for field in fields.values()) and not variant.hidden_information:
            self.fail(
                "the variant keeps a random source (a hidden field) but says hidden_information = False:"
                " a hint that knew it would know how the cards will fall"
            )
        for name, value in state.variables.items():
            field = fields.get(name)
            if field is None:
                self.fail(f"the state holds {name}={value}, a field the variant does not declare")
            if not field.allows(value):
                self.fail(f"the field {name} holds {value!r}, which it may not ({type(field).__name__})")

    def _check_interchangeable(self, state: State, legal: Sequence[Move]) -> None:
        """The piles the variant calls interchangeable are: with the cards of each such
        group exchanged pile for pile at random, the legal moves are the same moves of the
        exchanged piles (and the game as won as before)."""
        assert self.game is not None
        rules = self.game.rules
        described = rules.variant.description(rules)
        if described is None or not described.interchangeable:
            return
        if described.deals_onto_columns and state.stock:
            groups = [g for g in described.interchangeable if state.table.kind(g[0]) != TABLEAU]
        else:
            groups = list(described.interchangeable)
        renamed: dict[str, str] = {}
        shuffler = random.Random(self.counts["positions"])  # the kit's other draws stay as they are
        for group in groups:
            order = list(group)
            shuffler.shuffle(order)
            renamed.update(zip(group, order, strict=True))
        if all(old == new for old, new in renamed.items()):
            return
        index = state.table.index
        piles = list(state.piles)
        for old, new in renamed.items():
            piles[index[new]] = state.piles[index[old]]
        exchanged = attrs.evolve(state, piles=tuple(piles))

        def moved(move: Move) -> str:
            if move.is_draw:
                return str(move)
            dst = move.dst or ""
            return str(Move(renamed.get(move.src, move.src), renamed.get(dst, dst), move.count))

        expected = sorted(moved(move) for move in legal)
        found = sorted(str(move) for move in rules.legal_moves(exchanged))
        if found != expected:
            pairs = ", ".join(f"{old}->{new}" for old, new in renamed.items() if old != new)
            self.fail(
                f"the variant calls {[list(g) for g in groups]} interchangeable, but with the piles' cards"
                f" exchanged ({pairs}) the legal moves are {found}, not {expected}"
            )
        if rules.is_won(exchanged) != rules.is_won(state):
            self.fail(f"the variant calls {[list(g) for g in groups]} interchangeable, but exchanging wins")

    def _check_cards(self, state: State) -> None:
        """The cards of the deal, each once, on the piles of the game's table."""
        assert self.game is not None
        table = self.game.initial.table
        if state.table != table:
            self.fail(f"the table changed: it was {table!r}, it is {state.table!r}")
        unknown = sorted({kind for kind in table.kinds if kind not in KINDS})
        if unknown:
            self.fail(f"the table has piles of kinds {unknown}: a pile is one of {', '.join(KINDS)}")
        if not isinstance(state.piles, tuple) or len(state.piles) != len(table.ids):
            self.fail(f"the state must hold a tuple of {len(table.ids)} piles, one for each of {table.ids}")
        for pile, cards in zip(table.ids, state.piles, strict=True):
            if not isinstance(cards, Pile):
                self.fail(f"pile {pile} is a {type(cards).__name__}, not a Pile")
            for name, part in ((f"{pile} (face down)", cards.down), (pile, cards.up)):
                if not isinstance(part, tuple) or not all(isinstance(card, Card) for card in part):
                    self.fail(f"{name} must be a tuple of Card objects, not {part!r}")
        found = sorted(card.uid for card in state.cards())
        if found != self.dealt:
            dealt, now = _multiset(self.dealt), _multiset(found)
            missing = [uid for uid, count in dealt.items() for _ in range(count - now.get(uid, 0))]
            extra = [uid for uid, count in now.items() for _ in range(count - dealt.get(uid, 0))]
            twice = sorted(uid for uid, count in now.items() if count > 1)
            wrong = [f"missing {_tokens(missing)}"] if missing else []
            wrong += [f"more than dealt {_tokens(extra)}"] if extra else []
            wrong += [f"more than once {_tokens(twice)}"] if twice else []
            self.fail(
                f"the table holds {len(found)} cards, not the {len(self.dealt)} dealt: {', '.join(wrong)}"
            )

    def _check_dealt(self, game: Game) -> None:
        """The deal holds the cards ``dealt_order`` gives, each card once."""
        rules = game.rules
        order = rules.variant.dealt_order(self.options.deal, rules)
        if not isinstance(order, tuple) or not all(isinstance(card, Card) for card in order):
            self.fail(f"dealt_order must give a tuple of Card objects, not {order!r}")
        uids = sorted(card.uid for card in order)
        if len(set(uids)) != len(uids):
            twice = sorted({uid for uid in uids if uids.count(uid) > 1})
            self.fail(f"dealt_order gives cards more than once: {_tokens(twice)} (copies differ by deck)")
        dealt = sorted(card.uid for card in game.initial.cards())
        if dealt != uids:
            self.dealt = dealt
            self.fail(
                f"the deal holds {len(dealt)} cards, dealt_order gave {len(uids)}:"
                " initial_state must lay out every card of the order, each once"
            )
        self.dealt = uids

    def _check_json(self, state: State) -> str:
        assert self.game is not None
        data = state_to_dict(state, self.game.rules, self.game.code)
        text = json.dumps(data)
        back = state_from_dict(json.loads(text))
        if back != state:
            self.fail(
                "the state does not survive a JSON round trip:"
                f" {_difference(snapshot(state), snapshot(back))}"
            )
        return text

    def _check_piles(self, state: State) -> None:
        assert self.game is not None
        specs = self.game.rules.variant.piles(state)
        if not all(isinstance(spec, PileSpec) for spec in specs):
            self.fail(f"piles() must return PileSpec objects, not {specs!r}")
        ids = [spec.id for spec in specs]
        # A pile at a place of its own (``at``) may share a slot, never its place.
        places = [(spec.row, spec.slot if spec.at is None else spec.at) for spec in specs]
        if len(set(ids)) != len(ids) or len(set(places)) != len(places):
            self.fail(f"piles() lists a pile or a place twice: {specs}")
        for spec in specs:
            strange = [pile for pile in spec.covered_by if pile not in ids or pile == spec.id]
            if strange:
                self.fail(f"piles(): {spec.id} is covered by {strange}, which are not other piles it lists")
        table = state.table
        for spec in specs:
            if spec.kind not in PILE_KINDS or spec.fan not in PILE_FANS:
                self.fail(f"piles(): {spec} has a kind or fan front ends do not know")
            if spec.id in table.index:
                kind = table.kind(spec.id)
                if spec.kind != SPEC_KINDS.get(kind, kind):
                    self.fail(
                        f"piles(): {spec.id} is laid out as a {spec.kind!r},"
                        f" but the table has it as a {kind!r} pile"
                    )
        unknown = sorted(set(ids) - set(table.ids))
        if unknown:
            self.fail(f"piles() lists {unknown}, which the state has no pile for")
        needed = {
            pile
            for pile, kind, cards in zip(table.ids, table.kinds, state.piles, strict=True)
            if cards or kind not in (STOCK, WASTE)
        }
        missing = sorted(needed - set(ids))
        if missing:
            self.fail(f"piles() leaves out {missing}: front ends would not show those piles")

    def _check_legal_moves(self, state: State) -> list[Move]:
        assert self.game is not None
        legal = list(self.game.rules.legal_moves(state))
        for move in legal:
            if not isinstance(move, Move):
                self.fail(f"legal_moves lists {move!r}, which is not a Move")
            try:
                parsed = Move.parse(str(move))
            except MoveSyntaxError:
                parsed = None
            if parsed != move:
                self.fail(
                    f"legal_moves lists {move!r}, whose notation {str(move)!r} reads back as {parsed!r}"
                )
        if len(set(legal)) != len(legal):
            self.fail(f"legal_moves lists a move twice: {[str(move) for move in legal]}")
        for move in legal:
            checked = self._check(state, move)
            if isinstance(checked, Refusal):
                self.fail(f"legal_moves lists {move}, but check refuses it: {_explain(checked)}")
            if checked != move:
                self.fail(
                    f"legal_moves lists {move}, but check gives {checked} for it: listed moves are canonical"
                )
        return legal

    def _check_refusal(self, move: Move, refusal: Refusal) -> None:
        self.counts["refusals"] += 1
        rule = refusal.rule
        if not (isinstance(rule, str) and _RULE_ID.fullmatch(rule)):
            self.fail(
                f"the refusal of {move} has rule id {rule!r}:"
                " use lower-case words, dots and dashes, as in tableau.face-down"
            )
        if rule not in r.all_rules():
            self.fail(
                f"the refusal of {move} names rule {rule!r}, which is no Rule:"
                " make refusals with solitaire.core.refusals.Rule(...).refuse()"
            )
        for lang in r.LANGUAGES:
            text = refusal.message(lang) if _has_message(refusal, lang) else None
            if not (isinstance(text, str) and text.strip()):
                name = _LANGUAGE_NAMES.get(lang, lang)
                self.fail(f"the refusal of {move} ({rule}) has no {name} message ({lang!r})")

    def _check_refused_play(self, move: Move, refusal: Refusal) -> None:
        game = self.game
        assert game is not None
        state, actions = game.state, len(game.journal)
        try:
            game.play(move)
        except IllegalMoveError as error:
            if error.refusal != refusal:
                self.fail(
                    f"playing {move} is refused with {_explain(error.refusal)},"
                    f" check gave {_explain(refusal)}"
                )
        else:
            self.fail(f"playing {move} is accepted, but check refused it: {_explain(refusal)}")
        if game.state is not state or len(game.journal) != actions:
            self.fail(f"the refused move {move} changed the game")

    def _check_redeal(self, state: State) -> None:
        assert self.game is not None
        rules = self.game.rules
        policy = rules.redeal
        allowed = policy.may_recycle(state)
        if not isinstance(allowed, bool) or policy.may_recycle(state) is not allowed:
            self.fail(
                f"redeal policy {policy.id!r}: may_recycle gives {allowed!r}, then maybe another answer"
            )
        left = policy.passes_left(state)
        if policy.passes is None:
            sensible = left is None
        else:
            sensible = isinstance(left, int) and not isinstance(left, bool) and left >= 0
        if not sensible:
            self.fail(
                f"redeal policy {policy.id!r}: passes_left gives {left!r} with passes={policy.passes!r}"
            )
        if not state.stock and state.waste:
            tap = self._check(state, DRAW)
            if isinstance(tap, Move) is not allowed:
                answer = "allowed" if isinstance(tap, Move) else f"refused ({_explain(tap)})"
                self.fail(f"the stock tap is {answer} though may_recycle says {allowed}")

    # -- each move -----------------------------------------------------------------------------

    def _check_scoring(self, before: State, events: list[Event], after: State) -> None:
        assert self.game is not None
        rules = self.game.rules
        again = rules.scoring.score(before, events, rules)
        if again != after.score or not _is_int(after.score):
            self.fail(
                f"scoring {rules.scoring.id!r} gives {again!r} for the same move again, the game got"
                f" {after.score!r}: a score must depend only on the state before and the events"
            )
        problem = _score_text_problem(rules.scoring, after.score)
        if problem:
            self.fail(problem)

    def _check_entry(self, events: Sequence[Event]) -> None:
        assert self.game is not None
        log = GameLog(self.header, (LogEntry(self.game.actions[-1], tuple(events)),))
        try:
            back = loads(dumps(log))
        except LogError as error:
            self.fail(f"the log entry cannot be read back: {error}")
        if back != log:
            self.fail(f"the log entry does not survive JSON: {log.entries} came back as {back.entries}")

    # -- each game -----------------------------------------------------------------------------

    def _check_deal(self, game: Game) -> None:
        initial = game.initial
        self._check_dealt(game)
        self._check_cards(initial)
        if initial.moves != 0:
            self.fail(f"the deal's move counter is {initial.moves}, not 0")
        scheme = game.rules.scoring
        start = scheme.starting_score(initial, game.rules)
        if initial.score != start:
            self.fail(f"the deal's score is {initial.score}, not the scheme's starting_score {start}")
        self._check_deal_again(game)

    def _check_deal_again(self, game: Game) -> None:
        again = self.catalog.new_game(self.options)
        if snapshot(again.initial) != snapshot(game.initial) or again.initial != game.initial:
            self.fail(
                "the same options deal another position: the deal must depend only on the options"
                f" ({_difference(snapshot(game.initial), snapshot(again.initial))})"
            )
        if not game.code:
            return
        try:
            options = self.catalog.options_from_code(game.code)
        except ValueError as error:
            self.fail(f"the game code {game.code} cannot be read back: {error}")
        if options != self.options:
            self.fail(f"the game code {game.code} names {options}, not {self.options}")
        from_code = self.catalog.game_from_code(game.code)
        if from_code.initial != game.initial:
            self.fail(
                f"the game code {game.code} deals another position:"
                f" {_difference(snapshot(game.initial), snapshot(from_code.initial))}"
            )

    def _check_replay(self, game: Game) -> None:
        log = log_of(game, self.catalog)
        text = dumps(log)
        try:
            back = loads(text)
        except LogError as error:
            self.fail(f"the game's log cannot be read back: {error}")
        if back != log:
            self.fail("the game's log does not survive a JSON round trip")
        try:
            replayed = replay(back, self.catalog)
        except LogError as error:
            self.fail(f"the game's log does not replay: {error}")
        if replayed.state != game.state:
            self.fail(
                "replaying the log ends elsewhere:"
                f" {_difference(snapshot(game.state), snapshot(replayed.state))}"
            )
        if replayed.journal != game.journal:
            self.fail("replaying the log gives other events")


# -- small helpers ---------------------------------------------------------------------------------


def _recycles(variant: Variant) -> bool:
    """Whether the variant's waste goes back to its stock (then redeal policies matter)."""
    table = getattr(variant, "table", None)
    if table is None:  # a variant not declared on the blocks: Klondike's table when it has a stock
        return bool(variant.has_stock)
    return bool(table.places(STOCK) and table.places(WASTE))


def _fail(problem: str) -> NoReturn:
    raise ConformanceError(problem)


def _multiset(uids: Iterable[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for uid in uids:
        counts[uid] = counts.get(uid, 0) + 1
    return counts


def _tokens(uids: Iterable[int]) -> str:
    every = deck_cards(MAX_DECKS)
    return _texts(every[uid] for uid in uids)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sorted(moves: Iterable[Move]) -> tuple[str, ...]:
    return tuple(sorted(str(move) for move in moves))


def _show(value: object) -> str:
    return _explain(value) if isinstance(value, Refusal) else str(value)


def _explain(refusal: Refusal) -> str:
    return f"{refusal.rule}: {refusal.message('en')}"


def _has_message(refusal: Refusal, lang: str) -> bool:
    """Whether the refusal is told in ``lang``: given in it, or translated by its domain's catalogue."""
    if isinstance(refusal.text, Message):
        return i18n.has_translation(refusal.text.msgid, lang, refusal.text.domain)
    return isinstance(refusal.text, Mapping) and lang in refusal.text


def _shows_no_score(scheme: ScoringScheme) -> bool:
    """Whether the scheme shows no score at all: "" for its initial score and those around it."""
    start = scheme.initial_score
    return all(scheme.format(score) == "" for score in (start, start - 1, start + 1, start + 100))


def _check_names(subject: str, names: Mapping[str, str] | str) -> None:
    if isinstance(names, str):
        english: object = names
    else:
        english = names.get("en") if isinstance(names, Mapping) else None
    if not (isinstance(english, str) and english.strip()):
        _fail(
            f"{subject}: names must be an English name (marked with N_) or map languages to names,"
            " with an English one (names['en'])"
        )


def _score_text_problem(scheme: ScoringScheme, score: int) -> str | None:
    """Why ``format(score)`` is not the text of a score, or None.  A scheme that shows
    no score (``none``) gives "" for every score, its initial one included."""
    text = scheme.format(score)
    if isinstance(text, str) and (text.strip() or (text == "" and _shows_no_score(scheme))):
        return None
    return f"scoring {scheme.id!r}: format({score!r}) gives {text!r}, not the text of a score"


# -- the plain functions ---------------------------------------------------------------------------


def check_variant(
    variant_id: str,
    *,
    catalog: Catalog | None = None,
    plugins: Iterable[object] = (),
    deals: int = DEFAULT_DEALS,
    steps: int = DEFAULT_STEPS,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    scoring: str | None = None,
    redeal: str | None = None,
) -> Summary:
    """Check a variant with a :class:`Kit` made of the other arguments (see
    :meth:`Kit.check_variant`); raises :class:`ConformanceError`."""
    kit = Kit(catalog, plugins, deals=deals, steps=steps, seed=seed, samples=samples)
    return kit.check_variant(variant_id, scoring=scoring, redeal=redeal)


def check_scoring(
    scoring_id: str,
    *,
    catalog: Catalog | None = None,
    plugins: Iterable[object] = (),
    deals: int = DEFAULT_DEALS,
    steps: int = DEFAULT_STEPS,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    variants: Sequence[str] | None = None,
) -> Summary:
    """Check a scoring scheme (see :meth:`Kit.check_scoring`)."""
    kit = Kit(catalog, plugins, deals=deals, steps=steps, seed=seed, samples=samples)
    return kit.check_scoring(scoring_id, variants=variants)


def check_redeal(
    policy_id: str,
    *,
    catalog: Catalog | None = None,
    plugins: Iterable[object] = (),
    deals: int = DEFAULT_DEALS,
    steps: int = DEFAULT_STEPS,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    variants: Sequence[str] | None = None,
    scoring: str | None = None,
) -> Summary:
    """Check a redeal policy such as ``passes:3`` (see :meth:`Kit.check_redeal`)."""
    kit = Kit(catalog, plugins, deals=deals, steps=steps, seed=seed, samples=samples)
    return kit.check_redeal(policy_id, variants=variants, scoring=scoring)
