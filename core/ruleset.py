"""What a game is played with: a variant, a scoring scheme and a redeal policy.

These three are plugins (see :mod:`solitaire.core.hookspecs`).  A
:class:`Ruleset` binds one of each to the options of a game and turns a move
into events: the variant validates the move and says what happens, the scoring
scheme reacts to the events, and the ruleset folds them into the next state.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from solitaire.core import i18n
from solitaire.core.cards import Card
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.state import STOCK, Event, GameWon, ScoreChanged, State, apply_all

if TYPE_CHECKING:
    from solitaire.core.description import Description
    from solitaire.core.i18n import Message
    from solitaire.core.solver import Solver
    from solitaire.core.variables import Field

__all__ = [
    "GameOptions",
    "PileSpec",
    "RedealPolicy",
    "Ruleset",
    "ScoringScheme",
    "Variant",
]


@attrs.frozen
class GameOptions:
    """The options that, with the deal number, define a game.

    ``variant`` is the variant's id; ``redeal`` is a policy id such as ``"unlimited"``
    or ``"passes:3"``.  :meth:`~solitaire.core.registry.Catalog.options` completes and
    checks them.
    """

    variant: str
    draw: int = 1
    scoring: str = "normal"
    redeal: str = "unlimited"
    returns_allowed: bool = True
    deal: int = 0
    #: The balance carried in from earlier games, for a scheme that carries one
    #: (``ScoringScheme.carries_balance``: Vegas cumulative); not part of the game code.
    balance: int = 0


@attrs.frozen
class PileSpec:
    """Where a front end puts a pile: ``row`` 0 is the top row, ``slot`` counts from the left.

    ``kind`` is ``stock``, ``waste``, ``foundation``, ``cell`` or ``column``; ``fan``
    says how the pile spreads: ``none``, ``right`` (the draw-3 waste) or ``down``.

    Piles may also lie at a place of their own and overlap, as single cards laid out
    in rows, each row partly covering the one above:
    ``at`` puts the pile ``x`` slots from the left edge of the table (a slot is a card's
    width and the gap after it, as ``slot`` counts them; halves and other fractions
    allowed) and ``y`` card heights below the top of its row, and ``covered_by`` names
    the piles that lie partly on it.  A card plays only when none of those holds a card
    (:meth:`Variant.covered`).
    """

    id: str
    kind: str
    row: int
    slot: int
    fan: str = "none"
    #: What the empty pile shows it accepts: a suit symbol, a rank ("A", "K"), or "" for
    #: any card or none.
    accepts: str = ""
    #: The pile's own place, ``(x, y)``: ``x`` in slots from the table's left edge, ``y``
    #: in card heights from the top of its row; None: at ``slot`` on the row's top.
    at: tuple[float, float] | None = None
    #: The piles that lie partly on this one (drawn above it): while one of them holds a
    #: card, this pile's cards are covered and do not play.
    covered_by: tuple[str, ...] = ()
    #: Whether cards may be dropped on the pile in the window; None: on any pile but the
    #: stock and the waste.
    drop_target: bool | None = None
    #: A few words on what the pile takes that ``accepts`` cannot show ("up by 3s",
    #: "down"), translated when shown; None: nothing to add.
    note: Message | None = None


class Variant(ABC):
    """A variant's rules: the deal, the legality of moves (with reasons), the
    legal moves, the win test and the table layout.

    Subclass it, set the class attributes and register an instance through the
    ``solitaire_register_variants`` hook.
    """

    id: ClassVar[str]
    code_prefix: ClassVar[str]
    #: The name: English text marked with ``N_`` (translated through ``domain``), or,
    #: as older plugins give it, a name per language (``{"en": ..., "ru": ...}``).
    names: ClassVar[Mapping[str, str] | str]
    draws: ClassVar[tuple[int, ...]] = (1, 3)
    default_draw: ClassVar[int] = 1
    #: Whether the game has a stock and a waste.  Without them the draw mode and the
    #: redeal policy mean nothing: such a variant draws 1 only (``draws = (1,)``, its
    #: codes say ``D1``), and front ends leave those options and piles out.
    has_stock: ClassVar[bool] = True
    #: Whether the stock deals onto a waste that may go back to it (then a redeal policy
    #: matters); False for a stock that deals elsewhere (a row onto the columns, or a
    #: card onto a foundation).
    has_waste: ClassVar[bool] = True
    #: The family of games the variant belongs to, an id the games of one family share:
    #: scoring schemes say which families they fit ("": the variant's id).
    family: ClassVar[str] = ""
    #: The family's name as front ends show it (the New Game dialog groups games by
    #: family), marked with ``N_`` and translated through ``domain`` (or, as ``names``,
    #: a text per language); "": the name another game of the family gives, else the
    #: family's id made readable (see :mod:`solitaire.core.families`).  A class that
    #: sets ``family`` does not take the name of its base class's family.
    family_names: ClassVar[Mapping[str, str] | str] = ""
    #: The scoring scheme a new game gets unless told otherwise.
    default_scoring: ClassVar[str] = "normal"
    #: The redeal policy a new game gets unless told otherwise (such as ``passes:3``);
    #: None: the scoring scheme's (``ScoringScheme.default_redeal``).
    default_redeal: ClassVar[str | None] = None
    #: What the number after ``D`` in a game code chooses, shown in the New Game dialog:
    #: the cards a tap of the stock draws (``draws``), or, say, how many suits are dealt.
    draw_label: ClassVar[str] = i18n.N_("Draw")
    #: Whether the player cannot see some cards that matter (face-down tableau cards):
    #: then hints must not be worked out by a solver that sees them.
    hidden_information: ClassVar[bool] = True
    #: The rules family a solver knows this variant by, or None: kept for plugins that
    #: read or set it; what solves the variant is :meth:`solver`.
    solver_family: ClassVar[str | None] = None
    #: The rules in a few sentences, shown by front ends: English text marked with
    #: ``N_`` and translated through ``domain`` (or, as older plugins give it, a text
    #: per language).
    summary: ClassVar[Mapping[str, str] | str] = ""
    #: The gettext domain of ``names`` and ``summary`` (a plugin's own, see ``docs/modding.md``).
    domain: ClassVar[str] = i18n.DOMAIN
    #: The folder of the variant's rules pages, in the package of the module that
    #: defines the variant's class (see ``rules_page``).
    rules_folder: ClassVar[str] = "rules"
    #: The values the game keeps beside its piles (:mod:`solitaire.core.variables`:
    #: ``Flag``, ``Counter``, ``Seed``), in ``State.variables``: undo, the log, replay
    #: and the solver know them.  See :meth:`state_fields`.
    fields: ClassVar[tuple[Field, ...]] = ()

    def name(self, lang: str = "en") -> str:
        """The variant's name in ``lang``."""
        return i18n.translate(self.names, lang, self.domain)

    def rules_summary(self, lang: str = "en") -> str:
        """:attr:`summary` in ``lang`` ("" when there is none)."""
        return i18n.translate(self.summary, lang, self.domain) if self.summary else ""

    def rules_page(self, lang: str = "en") -> str | None:
        """The full rules in Markdown: the file ``<rules_folder>/<id>.<lang>.md`` shipped
        in the package of the module that defines the variant's class, else the English
        one, else None (front ends then show ``summary``)."""
        module = sys.modules.get(type(self).__module__)
        package = getattr(module, "__package__", None)
        if not package:
            return None  # a module outside any package (such as a script) ships no files
        try:
            from importlib import resources

            folder = resources.files(package).joinpath(self.rules_folder)
            for language in dict.fromkeys((lang, "en")):
                page = folder.joinpath(f"{self.id}.{language}.md")
                if page.is_file():
                    return page.read_text(encoding="utf-8")
        except (ImportError, OSError, UnicodeDecodeError, TypeError, ValueError):
            return None
        return None

    #: How many decks the game uses.
    decks: ClassVar[int] = 1
    #: The game's deal numbers: every number a game code can write (0 .. 2**35 - 1)
    #: unless the variant has fewer (such as another program's 1 .. 2**33 - 1).  Options
    #: and codes with another number are refused.
    deal_numbers: ClassVar[range] = range(DEAL_NUMBERS)
    #: The difficulty levels, per draw: ``{draw: (easy, medium)}``, the most positions
    #: the solver may search to win an easy deal and a medium one (more is hard), as
    #: ``solitaire calibrate`` prints them (see :mod:`solitaire.core.difficulty`).  A
    #: draw left out has no levels: "winnable deals only" takes any winnable deal.  A
    #: subclass inherits its base's; ``{}`` gives it none.
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {}

    def random_deal(self) -> int:
        """A deal number drawn at random, each of :attr:`deal_numbers` as likely."""
        import secrets

        numbers = self.deal_numbers
        return numbers[secrets.randbelow(len(numbers))]

    def dealt_order(self, deal: int, rules: Ruleset) -> tuple[Card, ...]:
        """The cards of deal number ``deal`` in dealt order (``initial_state`` lays them
        out): the project's shuffle of ``decks`` decks (see ``docs/deals.md``)."""
        from solitaire.core.deals import shuffled_deck

        return shuffled_deck(deal, decks=self.decks)

    @abstractmethod
    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        """The dealt position for a shuffled deck (see :mod:`solitaire.core.deals`)."""

    @abstractmethod
    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        """The move in canonical form when the rules allow it, else why not."""

    @abstractmethod
    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        """What a canonical, legal move does (before scoring)."""

    @abstractmethod
    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        """Every legal move, each in canonical form."""

    @abstractmethod
    def piles(self, state: State) -> list[PileSpec]:
        """The table's piles and where front ends lay them out."""

    def can_pick_up(self, state: State, pile: str, count: int, rules: Ruleset) -> Refusal | None:
        """Whether the top ``count`` cards of ``pile`` may be picked up now (a front end
        asks before a drag starts): None, or why not.  Where they may go is for
        :meth:`check`.  By default: a pile of the table other than the stock, with at
        least ``count`` cards, all face up, and not :meth:`covered` (``move.covered``)."""
        from solitaire.core import refusals

        table = state.table
        if pile not in table.index:
            return refusals.NO_SUCH_PILE.refuse(pile=pile)
        if table.kind(pile) == STOCK:
            return refusals.STOCK_NOT_A_SOURCE.refuse()
        cards = state.pile(pile)
        if not cards:
            return refusals.SOURCE_EMPTY.refuse(pile=pile)
        if count < 1 or count > len(cards.up):
            return refusals.FACE_DOWN.refuse()
        if self.covered(state, pile):
            return refusals.COVERED.refuse(card=cards.up[-count])
        return None

    def covered(self, state: State, pile: str) -> bool:
        """Whether a card lies on ``pile``: one of the piles its :class:`PileSpec` names in
        ``covered_by`` holds a card (then its cards do not play).  By default read from
        :meth:`piles`; a variant with a covering layout may answer faster."""
        for spec in self.piles(state):
            if spec.id == pile:
                return any(state.pile(other) for other in spec.covered_by)
        return False

    def move_words(self, state: State, move: Move) -> Message | None:
        """A move in words, for the hints, when the general wording ("Move 5♣ from
        column 2 to column 4") does not say what the move does in this game; None (the
        default) keeps the general wording.  A game that takes off pairs of cards may
        say "Take 5♣ and 8♦ off together"."""
        return None

    def state_fields(self) -> tuple[Field, ...]:
        """Every field the game keeps in ``State.variables``: :attr:`fields` (a variant
        built from blocks adds those its blocks need)."""
        return self.fields

    def returns_possible(self) -> bool:
        """Whether cards could ever come back from the foundations, if the game's
        options allow it (then the New Game dialog offers the choice).  True unless
        the variant says otherwise; declared variants answer from their blocks."""
        return True

    def description(self, rules: Ruleset) -> Description | None:
        """What the generic search may rely on about these rules
        (:class:`~solitaire.core.description.Description`), or None (the default): then
        it relies on nothing but the moves.  Declared variants describe themselves."""
        return None

    def solver(self) -> Solver | None:
        """The solver of this variant's rules, or None (the default): then ``solitaire
        solve``, surveys, the solver-backed and sampling hints and the window's "still
        winnable?" indicator leave the variant alone.  The library's games answer the
        solvers of their rules; a plugin's may answer any object with the ``solve``
        method of :class:`~solitaire.core.solver.Solver`."""
        return None

    def is_won(self, state: State) -> bool:
        """All cards on the foundations."""
        return not state.stock and not state.waste and all(not column for column in state.tableau)


class ScoringScheme(ABC):
    """Points for what happens in a game.  Register instances through
    ``solitaire_register_scoring``."""

    id: ClassVar[str]
    code_letter: ClassVar[str]
    names: ClassVar[Mapping[str, str] | str]
    #: The gettext domain of ``names`` (a plugin's own, see ``docs/modding.md``).
    domain: ClassVar[str] = i18n.DOMAIN
    #: The redeal policy a game with this scheme gets unless told otherwise.
    default_redeal: ClassVar[str] = "unlimited"
    initial_score: ClassVar[int] = 0
    #: Whether the score goes on from game to game: a new game starts from the balance
    #: the store keeps (``GameOptions.balance``) plus ``initial_score``.
    carries_balance: ClassVar[bool] = False
    #: The families of variants the scheme fits (``Variant.family``), or None: any.
    families: ClassVar[tuple[str, ...] | None] = None
    #: The variants the scheme fits besides its families (by id).
    variants: ClassVar[tuple[str, ...]] = ()

    def name(self, lang: str = "en") -> str:
        """The scheme's name in ``lang``."""
        return i18n.translate(self.names, lang, self.domain)

    def starting_score(self, dealt: State, rules: Ruleset) -> int:
        """The score of the dealt position ``dealt`` (before any balance carried in):
        :attr:`initial_score`, unless the scheme counts something of the deal (such as
        the cards left in the columns)."""
        return self.initial_score

    def fits(self, variant: Variant) -> bool:
        """True when the scheme may score games of ``variant``."""
        if variant.id in self.variants:
            return True
        return self.families is None or (variant.family or variant.id) in self.families

    @abstractmethod
    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        """The score after ``events`` happened in ``before``."""

    def format(self, score: int) -> str:
        """The score as the game shows it."""
        return str(score)


class RedealPolicy(ABC):
    """When the waste may go back to the stock.  Register a factory through
    ``solitaire_register_redeal``: it gets the text after ``name:`` in the id."""

    id: str
    #: How many passes through the stock are allowed (None: no limit).  The solver
    #: plays a policy by this number alone: it takes ``may_recycle`` to allow a
    #: recycle exactly while passes remain.
    passes: int | None = None

    @abstractmethod
    def may_recycle(self, state: State) -> bool:
        """True when the waste may be turned back into the stock now."""

    def draw_count(self, state: State, draw: int) -> int:
        """How many cards a tap of the stock turns now, for the game's draw mode ``draw``
        (a policy may change it, say from pass to pass)."""
        return draw

    def passes_left(self, state: State) -> int | None:
        """Passes still to come after the current one (None: no limit)."""
        return None if self.passes is None else max(0, self.passes - state.pass_number)


@attrs.frozen
class Ruleset:
    """A variant, a scoring scheme and a redeal policy bound to a game's options."""

    options: GameOptions
    variant: Variant
    scoring: ScoringScheme
    redeal: RedealPolicy

    @property
    def draw(self) -> int:
        """Cards turned per tap of the stock (1 or 3)."""
        return self.options.draw

    def draw_count(self, state: State) -> int:
        """How many cards a tap of the stock turns now (the redeal policy may change it)."""
        return self.redeal.draw_count(state, self.options.draw)

    @property
    def returns_allowed(self) -> bool:
        """Whether foundation cards may come back to the tableau."""
        return self.options.returns_allowed

    def initial_state(self, order: Sequence[Card]) -> State:
        """The dealt position with the scoring scheme's starting score, and the starting
        values of the variant's fields (where the variant did not set them)."""
        state = self.variant.initial_state(order, self)
        fields = self.variant.state_fields()
        if fields and not state.variables:
            from solitaire.core.variables import Variables

            state = attrs.evolve(state, variables=Variables.of(fields, order))
        carried = self.options.balance if self.scoring.carries_balance else 0
        return attrs.evolve(state, score=carried + self.scoring.starting_score(state, self))

    def check(self, state: State, move: Move) -> Move | Refusal:
        """The canonical move when it is legal, else a :class:`Refusal`."""
        return self.variant.check(state, move, self)

    def transition(self, state: State, move: Move) -> tuple[list[Event], State]:
        """Events and next state of a canonical legal move; counts the move."""
        events = self.variant.events(state, move, self)
        after = apply_all(state, events)
        score = self.scoring.score(state, events, self)
        if score != state.score:
            change = ScoreChanged(state.score, score)
            events.append(change)
            after = attrs.evolve(after, score=score)
        if self.variant.is_won(after) and not self.variant.is_won(state):
            events.append(GameWon())
        return events, attrs.evolve(after, moves=after.moves + 1)

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move from ``state`` in canonical form."""
        return self.variant.legal_moves(state, self)

    def is_won(self, state: State) -> bool:
        """All cards on the foundations."""
        return self.variant.is_won(state)
