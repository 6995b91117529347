"""A game in progress: moves, undo and redo, and the conveniences every front end shares.

A :class:`Game` is made by the catalog (``catalog.new_game(options)``,
``catalog.game_from_code(code)``); :meth:`Game.play` takes a move in notation and
returns its events, :meth:`Game.undo` gives the state before the last move back
(with the move counter as it is: undo never lowers it).  Actions in notation:

>>> parse_action("undo"), parse_action("t3:4>t6")
('undo', Move.parse('t3:4>t6'))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from typing import Final, Literal

import attrs

from solitaire.core import refusals as r
from solitaire.core.cards import Card
from solitaire.core.hints import Hint
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import IllegalMoveError, Refusal
from solitaire.core.registry import BUILTIN_PACKAGE, PluginError, PluginInfo, plugin_output
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import FOUNDATION, TABLEAU, Event, State

__all__ = ["HISTORY_LIMIT", "Change", "Game", "parse_action"]

#: How many actions can be undone.
HISTORY_LIMIT: Final = 100
UNDO: Final = "undo"
REDO: Final = "redo"

ChangeKind = Literal["move", "undo", "redo", "restart"]


@attrs.frozen
class Change:
    """What subscribers are told: the old and new state and the events between them.

    For ``undo`` the events are those of the move taken back (to be shown in
    reverse); for ``restart`` there are none.
    """

    kind: ChangeKind
    old: State
    new: State
    events: tuple[Event, ...]
    move: Move | None = None


@attrs.frozen
class _Step:
    before: State
    after: State
    move: Move
    events: tuple[Event, ...]


def parse_action(text: str) -> Move | str:
    """A move, or the word ``undo`` or ``redo``.  Raises ``MoveSyntaxError``."""
    word = text.strip().lower() if isinstance(text, str) else text
    if word in (UNDO, REDO):
        return word
    return Move.parse(text)


class Game:
    """One game of a deal under a :class:`~solitaire.core.ruleset.Ruleset`."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        code: str = "",
        hints: Callable[[State, Ruleset], Hint] | None = None,
        initial: State | None = None,
        origins: Mapping[str, PluginInfo] | None = None,
    ):
        """A game of the deal ``rules.options.deal``; ``initial`` starts it from
        another position instead (a puzzle, a test, a saved position).

        ``origins`` says where the variant, scoring scheme and redeal policy come
        from (keys ``variant``, ``scoring``, ``redeal``, as :meth:`Catalog.new_game
        <solitaire.core.registry.Catalog.new_game>` gives them): then an error in a
        third-party plugin's code (``sys.exit()`` included) while dealing or
        playing a move is raised as a :class:`~solitaire.core.registry.PluginError`
        naming it, and the game is left as it was."""
        self.rules = rules
        self.code = code
        self.origins: Mapping[str, PluginInfo] = origins or {}
        self._foreign = any(info.package != BUILTIN_PACKAGE for info in self.origins.values())
        with self._plugin_code("dealt_order"):
            self.order = rules.variant.dealt_order(rules.options.deal, rules)
        if initial is None:
            with self._plugin_code("initial_state"):
                initial = rules.initial_state(self.order)
        self.initial = initial
        self.state = self.initial
        #: Every action since the deal (or restart) with its events; for ``undo``
        #: the events of the move taken back, for ``redo`` those played again.
        self.journal: list[tuple[str, tuple[Event, ...]]] = []
        self._undo: deque[_Step] = deque(maxlen=HISTORY_LIMIT)
        self._redo: list[_Step] = []
        self._hints = hints
        self._subscribers: list[Callable[[Change], None]] = []
        self._auto: tuple[State, list[Move] | None] | None = None

    def __repr__(self) -> str:
        return f"<Game {self.code or self.rules.options} moves={self.state.moves} score={self.state.score}>"

    @property
    def actions(self) -> list[str]:
        """Every action since the deal (or restart): canonical moves, ``undo`` and ``redo``."""
        return [action for action, _ in self.journal]

    # -- subscribers ---------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``callback(change)`` after every change; returns a function that unsubscribes."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def _notify(self, change: Change) -> None:
        for callback in list(self._subscribers):
            callback(change)

    # -- plugin code ---------------------------------------------------------------------------

    @contextmanager
    def _plugin_code(self, where: str) -> Iterator[None]:
        """Errors in a third-party plugin's code, raised as a :class:`PluginError` naming it;
        what it prints goes to stderr."""
        try:
            with ExitStack() as stack:
                if self._foreign:
                    stack.enter_context(plugin_output())
                yield
        except (IllegalMoveError, PluginError):
            raise
        except (Exception, SystemExit) as error:
            failure = self._blame(error, where)
            if failure is None:
                raise
            raise failure from error

    def _blame(self, error: BaseException, where: str) -> PluginError | None:
        """The plugin whose code raised ``error``: the innermost frame run by the variant,
        scoring scheme or redeal policy (None when that is a built-in's: a bug of ours)."""
        parts = {id(self.rules.variant): "variant", id(self.rules.scoring): "scoring"}
        parts[id(self.rules.redeal)] = "redeal"
        kind = "variant"
        method = where
        trace = error.__traceback__
        while trace is not None:
            owner = parts.get(id(trace.tb_frame.f_locals.get("self")))
            if owner is not None:
                kind, method = owner, trace.tb_frame.f_code.co_name
            trace = trace.tb_next
        info = self.origins.get(kind)
        if info is None or info.package == BUILTIN_PACKAGE:
            return None
        part = {"variant": self.rules.variant, "scoring": self.rules.scoring, "redeal": self.rules.redeal}
        return PluginError(kind, str(getattr(part[kind], "id", "?")), info, method, error)

    # -- moves ---------------------------------------------------------------------------------

    def check(self, move: Move | str) -> Move | Refusal:
        """The canonical move if it is legal now, else the :class:`Refusal`."""
        if isinstance(move, str):
            move = Move.parse(move)
        with self._plugin_code("check"):
            return self.rules.check(self.state, move)

    def can_pick_up(self, pile: str, count: int = 1) -> Refusal | None:
        """Whether the top ``count`` cards of ``pile`` may be picked up now (before a
        drag starts): None, or the :class:`Refusal` saying why not."""
        with self._plugin_code("can_pick_up"):
            return self.rules.variant.can_pick_up(self.state, pile, count, self.rules)

    def is_legal(self, move: Move | str) -> bool:
        """True when ``move`` may be played now."""
        return isinstance(self.check(move), Move)

    def legal_moves(self) -> list[Move]:
        """Every legal move, canonical."""
        with self._plugin_code("legal_moves"):
            return self.rules.legal_moves(self.state)

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Play a move; returns its events.  A refused move raises
        :class:`~solitaire.core.refusals.IllegalMoveError` and changes nothing."""
        if isinstance(move, str):
            move = Move.parse(move)
        with self._plugin_code("check"):
            checked = self.rules.check(self.state, move)
        if isinstance(checked, Refusal):
            raise IllegalMoveError(move, checked)
        with self._plugin_code("a move"):
            events, after = self.rules.transition(self.state, checked)
        step = _Step(self.state, after, checked, tuple(events))
        self._undo.append(step)
        self._redo.clear()
        self.state = after
        self.journal.append((str(checked), step.events))
        self._notify(Change("move", step.before, after, step.events, checked))
        return step.events

    def perform(self, action: Move | str) -> State:
        """Play a move or ``undo``/``redo`` given as text; returns the new state."""
        parsed = parse_action(action) if isinstance(action, str) else action
        if parsed == UNDO:
            return self.undo()
        if parsed == REDO:
            return self.redo()
        assert isinstance(parsed, Move)
        self.play(parsed)
        return self.state

    # -- undo and redo -------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """True when there is an action to undo (at most the last 100)."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when an undone action can be played again."""
        return bool(self._redo)

    def undo(self) -> State:
        """Take back the last move: the previous state returns, points included,
        but the move counter does not go down."""
        if not self._undo:
            raise IllegalMoveError(UNDO, r.NOTHING_TO_UNDO.refuse())
        step = self._undo.pop()
        old = self.state
        self.state = attrs.evolve(step.before, moves=old.moves)
        self._redo.append(step)
        self.journal.append((UNDO, step.events))
        self._notify(Change("undo", old, self.state, step.events, step.move))
        return self.state

    def redo(self) -> State:
        """Play the last undone move again (it counts as a move)."""
        if not self._redo:
            raise IllegalMoveError(REDO, r.NOTHING_TO_REDO.refuse())
        step = self._redo.pop()
        old = self.state
        self.state = attrs.evolve(step.after, moves=old.moves + 1)
        self._undo.append(step)
        self.journal.append((REDO, step.events))
        self._notify(Change("redo", old, self.state, step.events, step.move))
        return self.state

    def restart(self) -> State:
        """Start the same deal again; the history is cleared."""
        old = self.state
        self.state = self.initial
        self.journal.clear()
        self._undo.clear()
        self._redo.clear()
        self._notify(Change("restart", old, self.state, ()))
        return self.state

    # -- conveniences --------------------------------------------------------------------------

    @property
    def is_won(self) -> bool:
        """All cards on the foundations."""
        return self.rules.is_won(self.state)

    def tap(self, pile: str) -> Move | Refusal:
        """What a tap (single click) on a pile does: the stock draws or recycles,
        a top card goes to its foundation if legal.  Nothing is played."""
        if pile == "s":
            return self.rules.check(self.state, DRAW)
        return self.rules.check(self.state, Move(pile, "f"))

    def double_tap(self, pile: str, count: int = 1) -> Move | Refusal:
        """Where a double tap sends the top ``count`` cards of a pile: the longest
        column that accepts them, else an empty column for a king.  Moving a whole
        column to an empty one is not offered.  Nothing is played."""
        source = Move(pile, pile, count if pile[0] == "t" else None)
        best: tuple[int, Move] | None = None
        state = self.state
        for dst in state.table.ids_of(TABLEAU):
            column = state.pile(dst)
            if dst == pile:
                continue
            checked = self.rules.check(self.state, source._replace(dst=dst))
            if isinstance(checked, Refusal):
                if r.is_about_source(checked):  # the same for every destination
                    return checked
                continue
            if not column and pile[0] == "t" and (checked.count or 1) == len(state.pile(pile)):
                continue
            size = len(column) if column else -1
            if best is None or size > best[0]:
                best = (size, checked)
        if best is not None:
            return best[1]
        card = self._card(pile, count)
        return r.NO_COLUMN_ACCEPTS.refuse(card=card) if card else r.NO_SUCH_PILE.refuse(pile=pile)

    def _card(self, pile: str, count: int) -> Card | None:
        from solitaire.core.state import pile_cards

        try:
            cards = pile_cards(self.state, pile)
        except KeyError:
            return None
        return cards[-count] if 0 < count <= len(cards) else None

    def hint(self) -> Hint:
        """One useful move from the current position (see ``solitaire_hint``)."""
        if self._hints is None:
            raise RuntimeError("this game was made without a hint provider: use Catalog.new_game()")
        return self._hints(self.state, self.rules)

    def autocomplete_moves(self) -> list[Move] | None:
        """The moves auto-complete would make, when it is available: no face-down
        card is left and playing cards up to the foundations (turning the stock
        as needed) wins.  None otherwise."""
        if self._auto is not None and self._auto[0] is self.state:
            return self._auto[1]
        result = collect_to_foundations(self.state, self.rules)
        self._auto = (self.state, result)
        return result

    def autocomplete(self) -> tuple[Event, ...]:
        """Play the auto-complete moves; raises ``ValueError`` when it is not available."""
        moves = self.autocomplete_moves()
        if moves is None:
            raise ValueError("auto-complete is not available")
        events: list[Event] = []
        for move in moves:
            events.extend(self.play(move))
        return tuple(events)


def collect_to_foundations(state: State, rules: Ruleset) -> list[Move] | None:
    """Moves that win by only playing cards to the foundations (from other piles than
    foundations: a game whose foundations are rows may move cards between them) and
    turning the stock, when none is face down; None when that does not win."""
    if state.face_down_count or rules.is_won(state):
        return None
    moves: list[Move] = []
    idle = 0
    limit = 2 * (len(state.stock) + len(state.waste)) + 2
    while not rules.is_won(state):
        candidates = [
            m
            for m in rules.legal_moves(state)
            if (m.dst == "f" or (m.dst and state.table.kind(m.dst) == FOUNDATION))
            and state.table.kind(m.src) != FOUNDATION
        ]
        move = candidates[0] if candidates else DRAW
        if move == DRAW:
            idle += 1
            if idle > limit or not isinstance(rules.check(state, DRAW), Move):
                return None
        else:
            idle = 0
        _, state = rules.transition(state, move)
        moves.append(move)
    return moves
