"""Building blocks: a variant declared from the piles it has and how they build.

A game is a :class:`Declared` variant whose ``layout`` lists its blocks: the
:class:`Stock` (and how it deals), :class:`Cells`, :class:`Foundations` and the
:class:`Tableau`.  Each block takes parameters (how cards build, what an empty
pile accepts, what moves as a group and how big a group may be) and carries the
rules that refuse a move, each with its id and its message in the player's
language.  The engine below validates moves, says what they do, lists the legal
moves and lays the table out, for any declaration; a variant overrides in Python
whatever the blocks do not say.

>>> from solitaire.variants.freecell import FreeCell
>>> [spec.id for spec in FreeCell().piles(FreeCell().empty_state())][:6]
['c1', 'c2', 'c3', 'c4', 'f1', 'f2']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

import attrs

from solitaire.core.cards import Card, Suit
from solitaire.core.deals import deal_layout
from solitaire.core.i18n import N_, Message, N_plural
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import (
    FACE_DOWN,
    NO_SUCH_PILE,
    NOT_A_DESTINATION,
    SAME_PILE,
    SOURCE_EMPTY,
    STOCK_NOT_A_SOURCE,
    Refusal,
    Rule,
)
from solitaire.core.ruleset import PileSpec, Ruleset, Variant
from solitaire.core.state import (
    CELL,
    FOUNDATION,
    KINDS,
    RESERVE,
    STOCK,
    TABLEAU,
    WASTE,
    CardsMoved,
    CardTurnedUp,
    Event,
    Pile,
    State,
    StockDealt,
    StockDrawn,
    Table,
    WasteRecycled,
    apply_all,
)

if TYPE_CHECKING:
    from solitaire.core.solver import Solver

__all__ = [
    "ALTERNATE",
    "ANY_CARD",
    "ANY_SUIT",
    "DOWN",
    "EITHER",
    "KING",
    "NO_CARD",
    "NO_SUIT",
    "SAME_SUIT",
    "UP",
    "Build",
    "Cells",
    "Declared",
    "Foundations",
    "Stock",
    "Tableau",
    "cell_limit",
    "free_cell_limit",
]

Cards: TypeAlias = tuple[Card, ...]

# -- how cards build ----------------------------------------------------------------------------

DOWN: Final = "down"
UP: Final = "up"
EITHER: Final = "either"
ALTERNATE: Final = "alternate"
SAME_SUIT: Final = "same"
ANY_SUIT: Final = "any"
NO_SUIT: Final = "none"

#: What an empty pile accepts: a rank (``KING``), any card, or nothing.
KING: Final = 13
ANY_CARD: Final = 0
NO_CARD: Final = -1


def _rule(rule_id: str, en: str | tuple[str, str], *, source: bool = False, counted: str = "count") -> Rule:
    return Rule(rule_id, en, source=source, counted=counted)


WRONG_COLOUR: Final = _rule(
    "tableau.alternate-colour",
    N_("{card} cannot go on {target}: a card goes on a card of the opposite colour."),
)
WRONG_RANK: Final = _rule(
    "tableau.one-rank-lower",
    N_("{card} cannot go on {target}: a card goes on a card exactly one rank higher."),
)
WRONG_RANK_UP: Final = _rule(
    "build.one-rank-higher",
    N_("{card} cannot go on {target}: a card goes on a card exactly one rank lower."),
)
WRONG_RANK_STEP: Final = _rule(
    "build.step-higher",
    N_plural(
        "{card} cannot go on {target}: a card goes on a card exactly {step} rank lower.",
        "{card} cannot go on {target}: a card goes on a card exactly {step} ranks lower.",
    ),
    counted="step",
)
WRONG_RANK_EITHER: Final = _rule(
    "build.one-rank-apart",
    N_("{card} cannot go on {target}: a card goes on a card one rank higher or lower."),
)
WRONG_SUIT: Final = _rule(
    "build.same-suit",
    N_("{card} cannot go on {target}: a card goes on a card of its own suit."),
)
NOTHING_ON_KING: Final = _rule(
    "build.nothing-on-king",
    N_("{card} cannot go on {target}: nothing goes on a king here."),
)
NO_BUILDING: Final = _rule(
    "build.none",
    N_("{card} cannot go on {target}: cards are not built on this pile."),
)
GROUP_ORDER: Final = _rule(
    "tableau.group-order",
    N_(
        "{card} cannot move with the cards on it: the group is not in order"
        " (each card one rank lower than the one before, colours alternating)."
    ),
    source=True,
)
GROUP_SUIT_ORDER: Final = _rule(
    "tableau.group-suit-order",
    N_(
        "{card} cannot move with the cards on it: the group is not in order"
        " (each card one rank lower than the one before, all of one suit)."
    ),
    source=True,
)
ONE_CARD_AT_A_TIME: Final = _rule(
    "tableau.one-card",
    N_("{card} cannot move with the cards on it: cards move one at a time in this game."),
    source=True,
)
GROUP_TOO_BIG: Final = _rule(
    "tableau.group-too-big",
    N_plural(
        "{count} cards cannot move at once now: with the free cells and empty columns there are,"
        " at most {limit} card may.",
        "{count} cards cannot move at once now: with the free cells and empty columns there are,"
        " at most {limit} cards may.",
    ),
    counted="limit",
)
EMPTY_NEEDS_KING: Final = _rule(
    "tableau.empty-needs-king",
    N_("{card} cannot go to an empty column: only a king, alone or heading its group, may."),
)
EMPTY_NEEDS_RANK: Final = _rule(
    "tableau.empty-needs-rank",
    N_("{card} cannot go to an empty column: only a card of rank {rank} may."),
)
EMPTY_TAKES_NONE: Final = _rule(
    "tableau.empty-stays-empty",
    N_("{card} cannot go to an empty column: an empty column stays empty in this game."),
)
TOO_MANY: Final = _rule(
    "tableau.not-enough-cards",
    N_plural("{pile} has fewer than {count} card.", "{pile} has fewer than {count} cards."),
    source=True,
)
FOUNDATION_SUIT: Final = _rule(
    "foundation.suit",
    N_("{card} cannot go on the {pile} foundation: each suit has its own, and {card} goes on {own}."),
)
FOUNDATION_RANK: Final = _rule(
    "foundation.next-rank",
    N_("{card} cannot go on its foundation yet: it needs {needed} next."),
)
FOUNDATION_EMPTY_NEEDS_ACE: Final = _rule(
    "foundation.ace-first",
    N_("{card} cannot go on its foundation yet: a foundation starts with the ace."),
)
FOUNDATION_BASE: Final = _rule(
    "foundation.base-rank",
    N_("{card} cannot start a foundation: a foundation starts with rank {rank}."),
)
FOUNDATION_ONE_CARD: Final = _rule(
    "foundation.one-card",
    N_("Only one card at a time goes to a foundation."),
)
FOUNDATION_RUNS_ONLY: Final = _rule(
    "foundation.whole-runs",
    N_("Cards go to a foundation only as a whole run, king to ace of one suit, and it goes by itself."),
)
RETURNS_FORBIDDEN: Final = _rule(
    "foundation.no-returns",
    N_("Cards may not come back from a foundation in this game (classic rules)."),
    source=True,
)
WASTE_EMPTY: Final = _rule(
    "waste.empty",
    N_("The waste is empty: tap the stock to turn cards over."),
    source=True,
)
NOTHING_TO_DRAW: Final = _rule(
    "stock.exhausted",
    N_("Nothing left to draw or recycle: the stock and the waste are both empty."),
)
STOCK_EMPTY: Final = _rule(
    "stock.empty",
    N_("The stock is empty: there is nothing left to deal."),
)
NO_PASSES_LEFT: Final = _rule(
    "stock.no-passes-left",
    N_("The waste cannot go back to the stock: no passes are left ({passes} allowed)."),
)
DEAL_NEEDS_FULL_COLUMNS: Final = _rule(
    "stock.columns-must-be-filled",
    N_("The stock cannot deal a row while a column is empty: fill every column first."),
)
TOP_CARD_ONLY: Final = _rule(
    "move.top-card-only",
    N_("Only the top card of {pile} can be taken."),
    source=True,
)
CELL_FULL: Final = _rule(
    "cell.full",
    N_("{pile} already holds a card: a cell holds one card."),
)
CELL_ONE_CARD: Final = _rule(
    "cell.one-card",
    N_("Only one card at a time goes to a cell."),
)
COVERED: Final = _rule(
    "tableau.face-down-top",
    N_("Nothing goes on {pile}: its top card is face down."),
)
RESERVE_TAKES_NONE: Final = _rule(
    "reserve.takes-none",
    N_("{pile} takes no cards: cards only leave a reserve, its top card first."),
)


@attrs.frozen
class Build:
    """How a card goes on another: the rank ``direction`` (``DOWN``: one lower,
    ``UP``: one higher, ``EITHER``), the ``suit`` policy (``ALTERNATE`` colours,
    ``SAME_SUIT``, ``ANY_SUIT``, or ``NO_SUIT``: nothing builds), and whether ranks
    ``wrap`` around (K–A).  ``king_ends``: nothing goes on a king (Golf).  ``step``:
    how many ranks a card is from the one it goes on (Mod 3's foundations build up
    by 3)."""

    direction: str = DOWN
    suit: str = ALTERNATE
    wrap: bool = False
    king_ends: bool = False
    step: int = 1

    def rank_fits(self, card: Card, target: Card) -> bool:
        """True when the ranks allow ``card`` on ``target``."""
        step = (card.rank - target.rank) % 13 if self.wrap else card.rank - target.rank
        by = self.step
        if self.direction == DOWN:
            return step in (-by, 13 - by) if self.wrap else step == -by
        if self.direction == UP:
            return step == by
        return step in (by, -by, 13 - by) if self.wrap else step in (by, -by)

    def suit_fits(self, card: Card, target: Card) -> bool:
        """True when the suits allow ``card`` on ``target``."""
        if self.suit == ALTERNATE:
            return card.is_red is not target.is_red
        if self.suit == SAME_SUIT:
            return card.suit is target.suit
        return self.suit == ANY_SUIT

    def fits(self, card: Card, target: Card) -> bool:
        """True when ``card`` may go on ``target``."""
        if self.king_ends and target.rank == 13:
            return False
        return self.rank_fits(card, target) and self.suit_fits(card, target)

    def refusal(self, card: Card, target: Card) -> Refusal | None:
        """Why ``card`` may not go on ``target`` (the rank rule first), or None."""
        if self.suit == NO_SUIT:
            return NO_BUILDING.refuse(card=card, target=target)
        if self.king_ends and target.rank == 13:
            return NOTHING_ON_KING.refuse(card=card, target=target)
        if not self.rank_fits(card, target):
            if self.step != 1 and self.direction == UP:
                return WRONG_RANK_STEP.refuse(card=card, target=target, step=self.step)
            rule = {DOWN: WRONG_RANK, UP: WRONG_RANK_UP}.get(self.direction, WRONG_RANK_EITHER)
            return rule.refuse(card=card, target=target)
        if not self.suit_fits(card, target):
            return (WRONG_COLOUR if self.suit == ALTERNATE else WRONG_SUIT).refuse(card=card, target=target)
        return None

    def run_length(self, up: Sequence[Card]) -> int:
        """How many cards at the end of ``up`` are built in this order (0 when empty)."""
        count = len(up)
        if not count:
            return 0
        size = 1
        while size < count and self.fits(up[-size], up[-size - 1]):
            size += 1
        return size


#: Klondike's build: down in alternating colours.
KLONDIKE_BUILD: Final = Build()

# -- the blocks ---------------------------------------------------------------------------------

#: A group size limit: ``(state, destination, rules) -> most cards``.
GroupLimit: TypeAlias = Callable[[State, str, Ruleset], int]


def free_cell_limit(state: State, dst: str, rules: Ruleset) -> int:
    """FreeCell's group limit: (free cells + 1) × 2^(empty columns other than ``dst``)."""
    piles = state.piles
    table = state.table
    cells = 0
    for place in table.places(CELL):
        pile = piles[place]
        if not (pile.up or pile.down):
            cells += 1
    empty = 0
    ids = table.ids
    for place in table.places(TABLEAU):
        pile = piles[place]
        if not (pile.up or pile.down) and ids[place] != dst:
            empty += 1
    return (cells + 1) << empty


def cell_limit(state: State, dst: str, rules: Ruleset) -> int:
    """A group limit of free cells + 1, the empty columns left out (Eight Off: only a
    king goes to an empty column, so it cannot hold a group's cards on the way)."""
    return 1 + sum(1 for cell in state.of_kind(CELL) if not cell)


@attrs.frozen
class Stock:
    """The stock: ``deals`` onto the ``"waste"`` (``rules.draw`` cards a tap, with
    redeals), onto ``"each"`` tableau pile (one card each, and only while no column is
    empty when ``needs_full``), or onto ``"foundation"`` (one card, Golf)."""

    deals: str = "waste"
    needs_full: bool = True


@attrs.frozen
class Cells:
    """``count`` cells ``c1``.., each holding one card; the first ``deal`` of them
    get one card each at the deal, of the cards left after the columns (Eight Off)."""

    count: int = 4
    deal: int = 0


@attrs.frozen
class Foundations:
    """``count`` foundations ``f1``..: by suit in fixed places (♠ ♥ ♦ ♣, again for each
    deck) or any suit, started by a card of rank ``base`` (``ANY_CARD``: any card) and
    built by ``build``.  With ``runs`` a foundation takes only a whole run, king to ace
    of one suit, which leaves the tableau by itself (Spider); ``returns``: whether
    cards may come back.  With ``base_dealt`` the cards of rank ``base`` start on the
    foundations, taken out of the order before the columns are dealt (Beleaguered
    Castle's aces)."""

    count: int = 4
    by_suit: bool = True
    base: int = 1
    build: Build = Build(UP, SAME_SUIT)
    runs: bool = False
    returns: bool = True
    base_dealt: bool = False


@attrs.frozen
class Tableau:
    """The columns ``t1``..: ``deal`` cards each (dealt row by row), the last
    ``face_up`` of each face up (None: all), built by ``build``.  ``empty``: what an
    empty column accepts (a rank such as ``KING``, ``ANY_CARD`` or ``NO_CARD``).
    ``groups``: what moves together: ``"ordered"`` (a group built by ``build``), a
    :class:`Build` of its own (Spider: down in one suit), ``"any"`` face-up cards
    (Yukon) or ``"single"`` cards; ``limit``: the most cards a group may have.
    ``face_down``: how many cards the first columns get face down, one count each,
    in place of ``face_up`` (Scorpion's first four columns: 3)."""

    deal: tuple[int, ...]
    face_up: int | None = 1
    build: Build = KLONDIKE_BUILD
    empty: int = KING
    groups: str | Build = "ordered"
    limit: GroupLimit | None = None
    face_down: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        """How many columns there are."""
        return len(self.deal)


Block: TypeAlias = Stock | Cells | Foundations | Tableau

_PILE_NAMES: Final = {"s": N_("The stock"), "w": N_("The waste")}


class Declared(Variant):
    """A variant declared from blocks: set ``layout`` (and the class attributes of
    :class:`~solitaire.core.ruleset.Variant`), override what the blocks do not say."""

    #: The blocks of the table; each kind at most once.
    layout: ClassVar[tuple[Block, ...]]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "layout" in cls.__dict__:
            cls.has_stock = any(isinstance(block, Stock) for block in cls.layout)
            cls.has_waste = any(isinstance(block, Stock) and block.deals == "waste" for block in cls.layout)

    def __init__(self) -> None:
        found: dict[type, Block] = {}
        for block in self.layout:
            if type(block) in found:
                raise ValueError(f"{type(self).__name__}: a layout has one {type(block).__name__}")
            found[type(block)] = block
        stock = found.get(Stock)
        self.stock_block: Stock | None = stock  # type: ignore[assignment]
        self.cells_block: Cells | None = found.get(Cells)  # type: ignore[assignment]
        foundations = found.get(Foundations)
        tableau = found.get(Tableau)
        if not isinstance(foundations, Foundations) or not isinstance(tableau, Tableau):
            raise ValueError(f"{type(self).__name__}: a layout needs Foundations and a Tableau")
        self.foundations_block: Foundations = foundations
        self.tableau_block: Tableau = tableau
        try:
            self.table = self.make_table()
        except ValueError as error:
            raise ValueError(f"{type(self).__name__} ({self.id}): {error}") from None
        problems = self.table_problems()
        if problems:
            raise ValueError(
                f"{type(self).__name__} ({self.id}) declares an inconsistent table: {'; '.join(problems)}"
            )
        kinds = self.table.kinds
        self._tableau_ids = self.table.ids_of(TABLEAU)
        self._foundation_ids = self.table.ids_of(FOUNDATION)
        self._cell_ids = self.table.ids_of(CELL)
        self._kind = dict(zip(self.table.ids, kinds, strict=True))
        self._waste = "w" if "w" in self._kind else None
        groups = tableau.groups
        self._group_build: Build | None = (
            tableau.build if groups == "ordered" else groups if isinstance(groups, Build) else None
        )
        index = self.table.index
        self._tableau_places = tuple(index[pile] for pile in self._tableau_ids)
        self._cell_places = tuple(index[pile] for pile in self._cell_ids)
        self._foundation_places = tuple((pile, index[pile]) for pile in self._foundation_ids)
        self._tableau_pairs = tuple(zip(self._tableau_ids, self._tableau_places, strict=True))
        self._cell_pairs = tuple(zip(self._cell_ids, self._cell_places, strict=True))
        #: Reserves (a variant's ``make_table`` adds them): their top card plays, nothing goes on.
        self._reserve_pairs = tuple((pile, index[pile]) for pile in self.table.ids_of(RESERVE))
        self._stock_place = index.get("s", -1)
        self._waste_place = index[self._waste] if self._waste else None
        by_suit = foundations.by_suit
        #: Per suit, the foundations (id, place) a card of that suit may go to.
        self._foundations_for: tuple[tuple[tuple[str, int], ...], ...] = tuple(
            tuple(
                (pile, index[pile])
                for pile in self._foundation_ids
                if not by_suit or (int(pile[1:]) - 1) % 4 == suit
            )
            for suit in range(4)
        )

    # Tables by face (0..51) for the move generator, made at their first use: the faces
    # that go on a face by the tableau's build (in order), by the group build and by the
    # foundations' build.

    @functools.cached_property
    def _fitting(self) -> tuple[tuple[int, ...], ...]:
        return _fitting_faces(self.tableau_block.build)

    @functools.cached_property
    def _group_fitting(self) -> tuple[frozenset[int], ...]:
        return tuple(map(frozenset, _fitting_faces(self._group_build or self.tableau_block.build)))

    @functools.cached_property
    def _foundation_fitting(self) -> tuple[frozenset[int], ...]:
        return tuple(map(frozenset, _fitting_faces(self.foundations_block.build)))

    # -- the table ----------------------------------------------------------------------------

    def table_problems(self) -> list[str]:
        """What makes the declared table unplayable (none for a sound one): piles of
        unknown kinds, a deal that does not use every card of the decks, foundations
        that cannot all be completed.  The constructor raises ``ValueError`` with them,
        so a plugin declaring such a table is left out, named."""
        problems = []
        unknown = sorted({kind for kind in self.table.kinds if kind not in KINDS})
        if unknown:
            problems.append(f"piles of unknown kinds {unknown} (a pile is one of {', '.join(KINDS)})")
        cards = 52 * self.decks
        tableau = self.tableau_block
        dealt = sum(tableau.deal) + self._dealt_off_the_columns()
        if any(size < 0 for size in tableau.deal) or not tableau.deal:
            problems.append(f"the tableau deals {tableau.deal}: one count of cards, from 0, per column")
        elif self.stock_block is None and dealt != cards:
            problems.append(
                f"the columns are dealt {dealt} cards and there is no stock, but {self.decks} deck(s)"
                f" hold {cards}: the deal must use every card"
            )
        elif dealt > cards:
            problems.append(
                f"the columns are dealt {dealt} cards, but {self.decks} deck(s) hold only {cards}"
            )
        foundations = self.foundations_block
        if foundations.runs and foundations.count * 13 != cards:
            problems.append(
                f"{foundations.count} foundations of whole runs take {foundations.count * 13} cards,"
                f" but {self.decks} deck(s) hold {cards}: some can never be completed"
            )
        elif foundations.by_suit and not foundations.runs and foundations.count != 4 * self.decks:
            problems.append(
                f"{foundations.count} foundations by suit for {self.decks} deck(s): each suit needs"
                f" {self.decks} of its own, {4 * self.decks} in all, or a foundation can never be completed"
            )
        return problems

    def make_table(self) -> Table:
        """The table's piles: ``s`` and ``w`` (or ``s`` alone), cells, foundations, columns."""
        pairs: list[tuple[str, str]] = []
        if self.stock_block is not None:
            pairs.append(("s", STOCK))
            if self.stock_block.deals == "waste":
                pairs.append(("w", WASTE))
        if self.cells_block is not None:
            pairs += [(f"c{n}", CELL) for n in range(1, self.cells_block.count + 1)]
        pairs += [(f"f{n}", FOUNDATION) for n in range(1, self.foundations_block.count + 1)]
        pairs += [(f"t{n}", TABLEAU) for n in range(1, self.tableau_block.count + 1)]
        return Table.of(*pairs)

    def empty_state(self) -> State:
        """The table with no card on it."""
        return State(self.table, tuple(Pile() for _ in self.table.ids))

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        piles = dict.fromkeys(self.table.ids, Pile())
        order = self._deal_bases(tuple(order), piles)
        columns, rest = deal_layout(tuple(order), self.tableau_block.deal)
        for pile, cards in zip(self._tableau_ids, columns, strict=True):
            piles[pile] = self.deal_column(cards)
        for pile, down in zip(self._tableau_ids, self.tableau_block.face_down, strict=False):
            cards = piles[pile].cards
            piles[pile] = Pile(cards[:down], cards[down:])
        rest = self._deal_cells(rest, piles)
        if self.stock_block is not None:
            piles["s"] = Pile(rest)
            if self.stock_block.deals == "foundation" and rest:
                piles["s"], piles[self._foundation_ids[0]] = Pile(rest[:-1]), Pile((), rest[-1:])
        elif rest:
            raise ValueError(
                f"{self.id}: {len(rest)} cards are left over after the deal, and there is no stock"
            )
        return State(self.table, tuple(piles[pile] for pile in self.table.ids))

    def _dealt_off_the_columns(self) -> int:
        """The cards the deal puts in the cells and on the foundations."""
        cells = self.cells_block.deal if self.cells_block is not None else 0
        return cells + (self.foundations_block.count if self.foundations_block.base_dealt else 0)

    def _deal_bases(self, order: Cards, piles: dict[str, Pile]) -> Cards:
        """With ``Foundations.base_dealt``, put the cards of the base rank on the
        foundations (each on the first empty one of its suit); the order without them."""
        block = self.foundations_block
        if not block.base_dealt:
            return order
        rest = []
        for card in order:
            free = [
                pile
                for pile in self._foundation_ids
                if not piles[pile] and not (block.by_suit and (int(pile[1:]) - 1) % 4 != card.suit)
            ]
            if card.rank == block.base and free:
                piles[free[0]] = Pile((), (card,))
            else:
                rest.append(card)
        return tuple(rest)

    def _deal_cells(self, rest: Cards, piles: dict[str, Pile]) -> Cards:
        """With ``Cells.deal``, the next cards of the order go to the first cells; the
        cards left (bottom first, as ``deal_layout`` gives them)."""
        count = self.cells_block.deal if self.cells_block is not None else 0
        for pile, card in zip(self._cell_ids[:count], reversed(rest), strict=False):
            piles[pile] = Pile((), (card,))
        return rest[: len(rest) - count] if count else rest

    def deal_column(self, cards: Cards) -> Pile:
        """A dealt column: its last ``face_up`` cards face up."""
        face_up = self.tableau_block.face_up
        split = 0 if face_up is None else max(0, len(cards) - face_up)
        return Pile(cards[:split], cards[split:])

    def piles(self, state: State) -> list[PileSpec]:
        """The stock, waste and cells on the top row at the left, the foundations at its
        right end, the columns below (centred under a top row wider than they are)."""
        top: list[PileSpec] = []
        if self.stock_block is not None:
            top.append(PileSpec("s", "stock", 0, 0, accepts=""))
            if self._waste:
                top.append(PileSpec("w", "waste", 0, 1, "right", accepts=""))
        top += [PileSpec(pile, "cell", 0, len(top) + n, accepts="") for n, pile in enumerate(self._cell_ids)]
        first = max(len(top), len(self._tableau_ids) - len(self._foundation_ids))
        top += [
            PileSpec(pile, "foundation", 0, first + n, accepts=self.foundation_mark(pile))
            for n, pile in enumerate(self._foundation_ids)
        ]
        empty = self.tableau_block.empty
        mark = "K" if empty == KING else "" if empty in (ANY_CARD, NO_CARD) else _RANKS[empty - 1]
        columns = [
            PileSpec(pile, "column", 1, n, "down", accepts=mark) for n, pile in enumerate(self._tableau_ids)
        ]
        shift = max(0, max((spec.slot + 1 for spec in top), default=0) - len(columns)) // 2
        return top + [attrs.evolve(spec, slot=spec.slot + shift) for spec in columns]

    def foundation_mark(self, pile: str) -> str:
        """What an empty foundation shows it accepts: its suit, "A", or nothing."""
        block = self.foundations_block
        if block.runs:
            return "K"
        if block.by_suit:
            return Suit((int(pile[1:]) - 1) % 4).symbol
        return "" if block.base == ANY_CARD else _RANKS[block.base - 1]

    def pile_name(self, pile: str) -> Message:
        """A pile's name for messages, translated when shown."""
        if pile in _PILE_NAMES:
            return Message(_PILE_NAMES[pile])
        number = pile[1:]
        kind = self._kind.get(pile)
        if kind == TABLEAU:
            return Message(N_("Column {number}"), number=number)
        if kind == CELL:
            return Message(N_("Cell {number}"), number=number)
        if kind == RESERVE:
            return Message(N_("Reserve {number}"), number=number)
        if self.foundations_block.by_suit and number.isdigit():
            return Message(N_("Foundation {suit}"), suit=Suit((int(number) - 1) % 4).symbol)
        return Message(N_("Foundation {number}"), number=number)

    # -- validation ---------------------------------------------------------------------------

    def movable(self, up: Sequence[Card]) -> int:
        """How many of a column's top face-up cards may move together (before any limit)."""
        if self._group_build is None:
            return len(up) if self.tableau_block.groups == "any" else min(1, len(up))
        count = len(up)
        fitting = self._group_fitting
        size = 1
        while size < count and up[-size].index in fitting[up[-size - 1].index]:
            size += 1
        return min(size, count)

    def can_pick_up(self, state: State, pile: str, count: int, rules: Ruleset) -> Refusal | None:
        """The top ``count`` cards of ``pile`` may be picked up when the pile is not the
        stock and they are face up; from a column, at most the group that moves
        together (:meth:`movable`), from any other pile only the top card (and from a
        foundation only where cards may come back)."""
        kind = self._kind.get(pile)
        if kind is None:
            return NO_SUCH_PILE.refuse(pile=pile)
        if kind == STOCK:
            return STOCK_NOT_A_SOURCE.refuse()
        cards = state.piles[state.table.index[pile]]
        if not cards:
            return WASTE_EMPTY.refuse() if kind == WASTE else SOURCE_EMPTY.refuse(pile=self.pile_name(pile))
        if kind == FOUNDATION and not (rules.returns_allowed and self.foundations_block.returns):
            return RETURNS_FORBIDDEN.refuse()
        if count > len(cards):
            return TOO_MANY.refuse(pile=self.pile_name(pile), count=count)
        if count < 1 or count > len(cards.up):
            return FACE_DOWN.refuse()
        if kind != TABLEAU:
            return TOP_CARD_ONLY.refuse(pile=self.pile_name(pile)) if count > 1 else None
        if count > self.movable(cards.up):
            return self._group_refusal(cards.up[-count])
        return None

    def _group_refusal(self, card: Card) -> Refusal:
        groups = self.tableau_block.groups
        if groups == "single":
            return ONE_CARD_AT_A_TIME.refuse(card=card)
        build = self._group_build
        if build is not None and build.suit == SAME_SUIT:
            return GROUP_SUIT_ORDER.refuse(card=card)
        return GROUP_ORDER.refuse(card=card)

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        if move.is_draw:
            return self._check_draw(state, rules)
        src, dst = move.src, move.dst
        assert dst is not None
        kinds = self._kind
        for pile in (src, dst):
            if pile not in kinds and not (pile == "f" and self._foundation_ids):
                return NO_SUCH_PILE.refuse(pile=pile)
        if src == "s":
            return STOCK_NOT_A_SOURCE.refuse()
        if dst in ("s", "w"):
            return NOT_A_DESTINATION.refuse(pile=self.pile_name(dst))
        if src == dst:
            return SAME_PILE.refuse()
        cards = state.piles[state.table.index[src]]
        kind = kinds[src]
        if kind == WASTE and not cards:
            return WASTE_EMPTY.refuse()
        if not cards:
            return SOURCE_EMPTY.refuse(pile=self.pile_name(src))
        if not cards.up:  # only face-down cards (Clock's piles)
            return FACE_DOWN.refuse()
        if kind == FOUNDATION and not (rules.returns_allowed and self.foundations_block.returns):
            return RETURNS_FORBIDDEN.refuse()
        if kinds.get(dst) == RESERVE:
            return RESERVE_TAKES_NONE.refuse(pile=self.pile_name(dst))
        if dst == "f" or kinds[dst] == FOUNDATION:
            return self._check_to_foundation(state, move)
        if kinds[dst] == CELL:
            return self._check_to_cell(state, move)
        return self._check_to_column(state, move, rules)

    def _check_draw(self, state: State, rules: Ruleset) -> Move | Refusal:
        stock = self.stock_block
        if stock is None:
            return NO_SUCH_PILE.refuse(pile="s")
        if stock.deals == "waste":
            if state.stock:
                return DRAW
            if not state.waste:
                return NOTHING_TO_DRAW.refuse()
            if not rules.redeal.may_recycle(state):
                return NO_PASSES_LEFT.refuse(passes=rules.redeal.passes)
            return DRAW
        if not state.stock:
            return STOCK_EMPTY.refuse()
        if stock.deals == "each" and stock.needs_full and not all(state.tableau):
            return DEAL_NEEDS_FULL_COLUMNS.refuse()
        return DRAW

    def _top(self, state: State, pile: str) -> Card:
        return state.piles[state.table.index[pile]].up[-1]

    def _check_to_foundation(self, state: State, move: Move) -> Move | Refusal:
        block = self.foundations_block
        if block.runs:
            return FOUNDATION_RUNS_ONLY.refuse()
        if move.count is not None and move.count > 1:
            return FOUNDATION_ONE_CARD.refuse()
        card = self._top(state, move.src)
        if block.by_suit:
            own = f"f{card.suit + 1}"
            if move.dst != "f" and (int((move.dst or "f0")[1:]) - 1) % 4 != card.suit:
                number = int((move.dst or "f0")[1:])
                return FOUNDATION_SUIT.refuse(
                    card=card, pile=Suit((number - 1) % 4).symbol, own=f"{own} ({card.suit.symbol})"
                )
            if self._kind[move.src] == FOUNDATION and (int(move.src[1:]) - 1) % 4 == card.suit:
                return SAME_PILE.refuse()
            if move.dst != "f" and self.decks > 1:
                # Two decks: ``SRC>fN`` names one of the suit's foundations; the one ``SRC>f``
                # would take is written ``SRC>f``.
                named = self._foundation_refusal(state, card, move.dst or "")
                taking = self._accepting_foundation(state, card)
                return named or Move(move.src, "f" if move.dst == taking else move.dst)
            targets = [f for f in self._foundation_ids if (int(f[1:]) - 1) % 4 == card.suit]
            refusal: Refusal | None = None
            for target in targets:
                refusal = self._foundation_refusal(state, card, target)
                if refusal is None:
                    return Move(move.src, "f")
            assert refusal is not None
            return refusal
        targets = list(self._foundation_ids) if move.dst == "f" else [move.dst or ""]
        first: Refusal | None = None
        for target in targets:
            refusal = self._foundation_refusal(state, card, target)
            if refusal is None:
                return Move(move.src, target)
            first = first or refusal
        assert first is not None
        return first

    def foundation_base(self, state: State) -> int:
        """The rank that starts a foundation now (``ANY_CARD``: any): the block's
        ``base``; a variant whose deal sets it (Canfield) says so here."""
        return self.foundations_block.base

    def _foundation_takes(self, state: State, card: Card, pile: str) -> bool:
        """True when foundation ``pile`` takes ``card`` now (its suit aside)."""
        cards = state.piles[state.table.index[pile]].up
        if not cards:
            return self.foundation_base(state) in (ANY_CARD, card.rank)
        return card.index in self._foundation_fitting[cards[-1].index]

    def _foundation_refusal(self, state: State, card: Card, pile: str) -> Refusal | None:
        if self._foundation_takes(state, card, pile):
            return None
        block = self.foundations_block
        cards = state.piles[state.table.index[pile]].up
        if not cards:
            base = self.foundation_base(state)
            if base == 1:
                return FOUNDATION_EMPTY_NEEDS_ACE.refuse(card=card)
            return FOUNDATION_BASE.refuse(card=card, rank=_RANKS[base - 1])
        top = cards[-1]
        wraps = block.build == Build(UP, SAME_SUIT, wrap=True)  # K then A (Canfield)
        if block.by_suit and ((block.build == Build(UP, SAME_SUIT) and top.rank < 13) or wraps):
            return FOUNDATION_RANK.refuse(card=card, needed=Card(top.rank % 13 + 1, card.suit))
        return block.build.refusal(card, top)

    def _check_to_cell(self, state: State, move: Move) -> Move | Refusal:
        if move.count is not None and move.count > 1:
            return CELL_ONE_CARD.refuse()
        if state.piles[state.table.index[move.dst or ""]]:
            return CELL_FULL.refuse(pile=self.pile_name(move.dst or ""))
        return Move(move.src, move.dst)

    def _fit_refusal(self, card: Card, target: Card | None) -> Refusal | None:
        if target is None:
            empty = self.tableau_block.empty
            if empty == ANY_CARD or card.rank == empty:
                return None
            if empty == KING:
                return EMPTY_NEEDS_KING.refuse(card=card)
            if empty == NO_CARD:
                return EMPTY_TAKES_NONE.refuse(card=card)
            return EMPTY_NEEDS_RANK.refuse(card=card, rank=_RANKS[empty - 1])
        return self.tableau_block.build.refusal(card, target)

    def _limit(self, state: State, dst: str, rules: Ruleset) -> int | None:
        limit = self.tableau_block.limit
        return None if limit is None else limit(state, dst, rules)

    def _check_to_column(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        index = state.table.index
        dst = move.dst or ""
        target = state.piles[index[dst]].top
        if target is None and state.piles[index[dst]]:  # face-down cards only (Clock's piles)
            return COVERED.refuse(pile=self.pile_name(dst))
        if self._kind[move.src] != TABLEAU:
            return self._fit_refusal(self._top(state, move.src), target) or Move(move.src, move.dst)
        column = state.piles[index[move.src]]
        if move.count is None:
            return self._find_group(state, column, move, target, rules)
        count = move.count
        if count < 1:
            raise ValueError(f"{move!r}: a count of cards is 1 or more")
        if count > len(column):
            return TOO_MANY.refuse(pile=self.pile_name(move.src), count=count)
        if count > len(column.up):
            return FACE_DOWN.refuse()
        head = column.up[-count]
        if count > self.movable(column.up):
            return self._group_refusal(head)
        refusal = self._fit_refusal(head, target)
        if refusal is not None:
            return refusal
        limit = self._limit(state, dst, rules)
        if limit is not None and count > limit:
            return GROUP_TOO_BIG.refuse(count=count, limit=limit)
        return Move(move.src, move.dst, self._written_count(count, target, column.up, limit))

    def _written_count(
        self, count: int, target: Card | None, up: Sequence[Card], limit: int | None
    ) -> int | None:
        """The count a canonical column move writes: none for one card, unless the move
        without a count would take a bigger group (to an empty column that takes any
        card, ``tN>tM`` moves the biggest group that may go: one card is ``tN:1>tM``)."""
        if count > 1:
            return count
        if target is None and self.tableau_block.empty == ANY_CARD:
            most = self.movable(up)
            if min(most, most if limit is None else limit) > 1:
                return 1
        return None

    def _find_group(
        self, state: State, column: Pile, move: Move, target: Card | None, rules: Ruleset
    ) -> Move | Refusal:
        """Resolve ``tN>DST`` without a count: the one movable group that fits (for an
        empty column that takes any card, the biggest that may move)."""
        up = column.up
        movable = self.movable(up)
        limit = self._limit(state, move.dst or "", rules)
        sizes = range(1, movable + 1)
        if target is None and self.tableau_block.empty == ANY_CARD:
            sizes = range(min(movable, movable if limit is None else limit), 0, -1)
        for size in sizes:
            if self._fit_refusal(up[-size], target) is None:
                if limit is not None and size > limit:
                    return GROUP_TOO_BIG.refuse(count=size, limit=limit)
                return Move(move.src, move.dst, size if size > 1 else None)
        # Nothing fits.  Explain with a visible card of a rank that would do: first one
        # that would fit but is held by the cards on it, then one of the wrong suit or
        # colour.  Face-down cards are never looked at: that would give them away.
        build = self.tableau_block.build
        if target is None:
            empty = self.tableau_block.empty
            candidates = [(len(up) - i, card) for i, card in enumerate(up) if card.rank == empty]
        else:
            candidates = [(len(up) - i, card) for i, card in enumerate(up) if build.rank_fits(card, target)]
        for depth, card in candidates:
            if self._fit_refusal(card, target) is None and depth > movable:
                return self._group_refusal(card)
        for _, card in candidates:
            refusal = self._fit_refusal(card, target)
            if refusal is not None:
                return refusal
        card = up[-movable] if target is None and movable else up[-1]
        return self._fit_refusal(card, target) or self._group_refusal(card)

    # -- what a legal move does ---------------------------------------------------------------

    def draw_count(self, state: State, rules: Ruleset) -> int:
        """How many cards a tap of the stock turns onto the waste."""
        return rules.draw_count(state)

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        index = state.table.index
        if move.is_draw:
            deals = self.stock_block.deals if self.stock_block else "waste"
            stock = state.stock
            if deals == "each":
                dsts = self._tableau_ids[: len(stock)]
                events: list[Event] = [StockDealt(dsts, stock[: -len(dsts) - 1 : -1])]
                return self._runs_off(state, events)
            if deals == "foundation":
                return [StockDrawn(stock[-1:], dst=self._foundation_ids[0])]
            if stock:
                count = min(self.draw_count(state, rules), len(stock))
                return [StockDrawn(stock[: -count - 1 : -1])]
            return [WasteRecycled(len(state.waste))]
        src, dst = move.src, move.dst or ""
        count = move.count or 1
        column = state.piles[index[src]]
        cards = column.up[-count:]
        if dst == "f":
            dst = self._own_foundation(state, cards[0])
        events = [CardsMoved(src, dst, cards)]
        if self._kind[src] in (TABLEAU, RESERVE) and count == len(column.up) and column.down:
            events.append(CardTurnedUp(src, column.down[-1]))
        if self.foundations_block.runs and self._kind[dst] == TABLEAU:
            return self._runs_off(state, events)
        return events

    def _own_foundation(self, state: State, card: Card) -> str:
        pile = self._accepting_foundation(state, card)
        if pile is None:
            raise ValueError(f"no foundation takes {card}")
        return pile

    def _accepting_foundation(self, state: State, card: Card) -> str | None:
        """The first foundation that takes ``card`` now (of its suit, when they are by
        suit), or None."""
        for pile, _ in self._foundations_for[card.suit]:
            if self._foundation_takes(state, card, pile):
                return pile
        return None

    def _runs_off(self, state: State, events: list[Event]) -> list[Event]:
        """Spider: every column ending in a whole run, king to ace of one suit, sends it
        to the first empty foundation (the face-down card under it turns up)."""
        after = apply_all(state, events)
        index = after.table.index
        for pile in self._tableau_ids:
            column = after.piles[index[pile]]
            up = column.up
            if len(up) >= 13 and up[-13].rank == 13 and _SPIDER_RUN.run_length(up) >= 13:
                free = next(f for f in self._foundation_ids if not after.piles[index[f]])
                more: list[Event] = [CardsMoved(pile, free, up[-13:])]
                if len(up) == 13 and column.down:
                    more.append(CardTurnedUp(pile, column.down[-1]))
                events = events + more
                after = apply_all(after, more)
        return events

    # -- move generation ----------------------------------------------------------------------

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        if state.table is not self.table:
            raise ValueError(f"{self.id}: a position of another table")
        moves: list[Move] = []
        piles = state.piles
        waste = self._waste
        waste_cards = piles[self._waste_place].up if self._waste_place is not None else ()
        waste_top = waste_cards[-1] if waste_cards else None
        tableau = [(pile, piles[place]) for pile, place in self._tableau_pairs]
        cells = [(pile, piles[place]) for pile, place in self._cell_pairs]
        # Reserves: their top card plays, as a cell's does; nothing goes on them.
        reserves = [(pile, piles[place].up[-1]) for pile, place in self._reserve_pairs if piles[place].up]
        foundation_block = self.foundations_block
        # To the foundations: the waste top, the column tops, the cells.
        if not foundation_block.runs:
            tops: list[tuple[str, Card]] = []
            if waste_top is not None:
                tops.append((waste, waste_top))  # type: ignore[arg-type]
            tops += [(pile, column.up[-1]) for pile, column in tableau if column.up]
            tops += [(pile, cell.up[-1]) for pile, cell in cells if cell.up]
            tops += reserves
            by_suit = foundation_block.by_suit
            if type(self)._foundation_takes is not Declared._foundation_takes:
                for src, card in tops:
                    dst = self._accepting_foundation(state, card)
                    if dst is not None:
                        moves.append(Move(src, "f" if by_suit else dst))
            else:  # the same test, inlined: it is most of the time spent here
                base = self.foundation_base(state)
                home_fitting = self._foundation_fitting
                for src, card in tops:
                    for pile, place in self._foundations_for[card.suit]:
                        on = piles[place].up
                        if card.index in home_fitting[on[-1].index] if on else base in (ANY_CARD, card.rank):
                            moves.append(Move(src, "f" if by_suit else pile))
                            break
            if by_suit and self.decks > 1:  # two decks: the suit's other foundations that take a card
                for src, card in tops:
                    first = self._accepting_foundation(state, card)
                    others = self._foundations_for[card.suit]
                    moves += [
                        Move(src, pile)
                        for pile, _ in others
                        if pile != first and self._foundation_takes(state, card, pile)
                    ]
        # To the columns: every card that can move, by its face.
        sources: dict[int, list[tuple[str, int]]] = {}
        if waste_top is not None:
            sources[waste_top.index] = [(waste, 1)]  # type: ignore[list-item]
        if rules.returns_allowed and foundation_block.returns and not foundation_block.runs:
            for pile, place in self._foundation_places:
                cards = piles[place].up
                if cards:
                    sources.setdefault(cards[-1].index, []).append((pile, 1))
        for pile, cell in cells:
            if cell.up:
                sources.setdefault(cell.up[-1].index, []).append((pile, 1))
        for pile, card in reserves:
            sources.setdefault(card.index, []).append((pile, 1))
        if self._group_build is None or type(self).movable is not Declared.movable:
            movable = self.movable
            for pile, column in tableau:
                up = column.up
                for size in range(1, movable(up) + 1):
                    sources.setdefault(up[-size].index, []).append((pile, size))
        else:  # the groups of movable(), inlined
            group = self._group_fitting
            for pile, column in tableau:
                up = column.up
                size = len(up)
                face = up[-1].index if size else 0
                for depth in range(1, size + 1):
                    sources.setdefault(face, []).append((pile, depth))
                    if depth == size:
                        break
                    under = up[-depth - 1].index
                    if face not in group[under]:
                        break
                    face = under
        limit = self.tableau_block.limit
        empty = self.tableau_block.empty
        fitting = self._fitting
        for dst, column in tableau:
            if column.up:
                wanted: Sequence[int] = fitting[column.up[-1].index]
            elif column.down or empty == NO_CARD:
                continue
            elif empty == KING:
                wanted = _KING_FACES
            elif empty == ANY_CARD:
                wanted = sorted(sources)
            else:
                wanted = [suit * 13 + empty - 1 for suit in range(4)]
            most = None
            limited = limit is not None
            for face in wanted:
                found = sources.get(face)
                if found is None:
                    continue
                if limited:  # asked once a column, and only when a card fits there
                    most = limit(state, dst, rules)  # type: ignore[misc]
                    limited = False
                for src, size in found:
                    if src == dst or (most is not None and size > most):
                        continue
                    count = size if size > 1 else None
                    if count is None and not column and self._kind[src] == TABLEAU:
                        count = self._written_count(1, None, piles[self.table.index[src]].up, most)
                    moves.append(Move(src, dst, count))
        # To the cells: every single card that can move.
        free = [pile for pile, cell in cells if not cell]
        if free:
            singles = [src for found in sources.values() for src, size in found if size == 1]
            moves += [Move(src, cell) for cell in free for src in singles]
        # A waste stock with cards always draws; every other case asks the rule.
        stock = self.stock_block
        if stock is not None and (
            (stock.deals == "waste" and piles[self._stock_place].down)
            or isinstance(self._check_draw(state, rules), Move)
        ):
            moves.append(DRAW)
        return moves

    def is_won(self, state: State) -> bool:
        """Every card on the foundations."""
        piles = state.piles
        return all(not piles[place] for place, kind in enumerate(state.table.kinds) if kind != FOUNDATION)

    # -- the solver ---------------------------------------------------------------------------

    def solver(self) -> Solver | None:
        """The generic search over this variant's own rules
        (:data:`~solitaire.core.search.GENERIC_SOLVER`)."""
        from solitaire.core.search import GENERIC_SOLVER

        return GENERIC_SOLVER

    def keeps(self, base: type, names: Iterable[str]) -> bool:
        """Whether this variant's class has ``base``'s own definitions of every attribute
        in ``names``: a game's own solver, which knows ``base``'s rules, asks it before it
        answers for a subclass (one that changes them gets the generic search)."""
        kind = type(self)
        return all(getattr(kind, name) is getattr(base, name) for name in names)

    def interchangeable(self) -> tuple[tuple[str, ...], ...]:
        """Groups of piles whose cards may be exchanged, pile for pile, without changing
        what the rules allow: the solver searches such positions once.  By default the
        cells, the tableau columns (unless they are laid out by position), and the
        foundations when any suit may start any of them and the blocks' test decides
        what they take.  A variant whose rules tell these piles apart (Clock's hours,
        Grandfather's redeal in column order) says so here; tests check every
        built-in's claim by exchanging piles in random positions."""
        groups = [self.table.ids_of(CELL)]
        if not any(spec.at is not None or spec.covered_by for spec in self.piles(self.empty_state())):
            groups.append(self._tableau_ids)
        home = self.foundations_block
        if not home.by_suit and type(self)._foundation_takes is Declared._foundation_takes:
            groups.append(self._foundation_ids)
        return tuple(group for group in groups if len(group) > 1)


@functools.cache
def _fitting_faces(build: Build) -> tuple[tuple[int, ...], ...]:
    """For each face 0..51, the faces that ``build`` lets go on it, in order."""
    from solitaire.core.cards import CARDS

    return tuple(tuple(card.index for card in CARDS if build.fits(card, target)) for target in CARDS)


_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_KING_FACES: Final = (12, 25, 38, 51)
_SPIDER_RUN: Final = Build(DOWN, SAME_SUIT)
