"""The engine of the blocks: a :class:`Declared` variant plays any layout of blocks.

It builds the table from the layout, deals it, checks moves (each refusal with its
rule), says what a legal move does, lists the legal moves, lays the table out for
the front ends and describes the rules to the search
(:class:`~solitaire.core.description.Description`), for any declaration.
"""

from __future__ import annotations

from collections import Counter as Counter_
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

import attrs

from solitaire.core.cards import Card, Suit
from solitaire.core.i18n import N_, Message
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import (
    FACE_DOWN,
    NO_SUCH_PILE,
    NOT_A_DESTINATION,
    SAME_PILE,
    SOURCE_EMPTY,
    STOCK_NOT_A_SOURCE,
    Refusal,
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
    Redealt,
    State,
    StockDealt,
    StockDrawn,
    Table,
    WasteRecycled,
    apply_all,
)
from solitaire.core.variables import Counter, Field, Seed
from solitaire.variants.blocks import rules as r
from solitaire.variants.blocks.build import (
    DOWN,
    RANK_TEXTS,
    SAME_SUIT,
    UP,
    Build,
    fitting_faces,
)
from solitaire.variants.blocks.hooks import Attempt, Effect
from solitaire.variants.blocks.parts import (
    ANY_CARD,
    ANY_GROUP,
    BASE,
    BELOW_BASE,
    BOTTOM_UP,
    DEALT,
    GROUPS,
    KING,
    NO_CARD,
    ORDERED,
    SINGLE,
    WHOLE_OR_TOP,
    Block,
    Cells,
    Foundations,
    GroupLimit,
    Next,
    Pick,
    Reserve,
    Spots,
    Stock,
    Tableau,
)

if TYPE_CHECKING:
    from solitaire.core.solver import Solver

__all__ = ["Declared", "Group"]

Cards: TypeAlias = tuple[Card, ...]

_PILE_NAMES: Final = {"s": N_("The stock"), "w": N_("The waste")}
#: The sources a pile may take cards from, as a message names them (``takes_from``).
_SOURCE_NAMES: Final = {
    "s": N_("the stock"),
    "w": N_("the waste"),
    STOCK: N_("the stock"),
    WASTE: N_("the waste"),
    TABLEAU: N_("the columns"),
    CELL: N_("the cells"),
    FOUNDATION: N_("the foundations"),
    RESERVE: N_("the reserves"),
}
_KIND_OF_BLOCK: Final = {Cells: CELL, Foundations: FOUNDATION, Tableau: TABLEAU, Reserve: RESERVE}
_PREFIX: Final = {CELL: "c", FOUNDATION: "f", TABLEAU: "t", RESERVE: "r"}
#: The order of the piles in the table, and of the deal: each kind's groups in layout order.
_TABLE_ORDER: Final = (CELL, FOUNDATION, TABLEAU, RESERVE)
_DEAL_ORDER: Final = (RESERVE, FOUNDATION, TABLEAU, CELL)
_KING_FACES: Final = (12, 25, 38, 51)
_SPIDER_RUN: Final = Build(DOWN, SAME_SUIT)
#: The field of the merci (``Tableau.merci``) and of the shuffles (``Redeal.shuffle``).
MERCI: Final = Counter("merci")
SHUFFLE: Final = Seed("shuffle")


@attrs.frozen
class Group:
    """One block of the layout and the piles it made: their ``kind`` and ``ids``."""

    block: Block
    kind: str
    ids: tuple[str, ...]
    #: Where the block stands in the layout.
    number: int


class _Home:
    """A foundations group, worked out for the checks and the move generator."""

    def __init__(self, group: Group, index: dict[str, int]) -> None:
        block = group.block
        assert isinstance(block, Foundations)
        self.group = group
        self.block = block
        self.ids = group.ids
        self.places = tuple(index[pile] for pile in group.ids)
        self.pairs = tuple(zip(group.ids, self.places, strict=True))
        self.by_suit = block.by_suit and not block.by_rank
        self.by_rank = block.by_rank
        self.build = block.build
        self.fitting: tuple[frozenset[int], ...] = tuple(map(frozenset, fitting_faces(block.build)))
        self.runs = block.runs
        self.returns = block.returns
        self.rules = block.rules
        placement = block.placement
        #: Whether the deal may lay cards of another rank than the base on the piles:
        #: then a pile takes a card only when its bottom card is its base.
        self.bottom = isinstance(placement, Next) and block.base != DEALT
        bases = block.base if isinstance(block.base, tuple) else None
        if block.by_rank:
            bases = tuple(range(1, len(group.ids) + 1))
        self.bases = bases
        self.base = block.base if isinstance(block.base, int) else None
        #: The base every pile has, when it is one rank fixed by the declaration.
        self.fixed = self.base if bases is None and self.base != DEALT else None

    def suit_of(self, pile: str) -> int | None:
        """The suit a by-suit pile takes (by its place in the group), or None."""
        return self.ids.index(pile) % 4 if self.by_suit else None

    def base_of(self, pile: str, state: State) -> int:
        """The rank that starts ``pile`` in ``state`` (``ANY_CARD``: any)."""
        if self.bases is not None:
            return self.bases[self.ids.index(pile)]
        if self.base == DEALT:
            piles, index = state.piles, state.table.index
            return next(
                (piles[index[pile]].up[0].rank for pile in self.ids if piles[index[pile]].up), ANY_CARD
            )
        assert self.base is not None
        return self.base

    def mark(self, pile: str, state: State) -> str:
        """What the empty pile shows it takes: a suit, a rank, a rank and a suit, or ""."""
        if self.runs:
            return "K"
        suit = self.suit_of(pile)
        base = self.base_of(pile, state)
        rank = RANK_TEXTS[base - 1] if base > 0 else ""
        if suit is None:
            return rank
        symbol = Suit(suit).symbol
        return symbol if base in (1, ANY_CARD) else rank + symbol

    def note(self) -> Message | None:
        """A few words on how the piles build, where the mark cannot say it."""
        if self.runs or self.build.suit == "none":
            return None
        direction, step = self.build.direction, self.build.step
        if step != 1 and direction in (UP, DOWN):
            return Message(N_("{direction} by {step}s"), direction=_DIRECTION_WORDS[direction], step=step)
        if direction == DOWN:
            return Message(N_("down"))
        if direction == "either":
            return Message(N_("up or down"))
        return None


_DIRECTION_WORDS: Final = {UP: Message(N_("up")), DOWN: Message(N_("down"))}


class _Columns:
    """A tableau group, worked out for the checks and the move generator."""

    def __init__(self, group: Group, index: dict[str, int]) -> None:
        block = group.block
        assert isinstance(block, Tableau)
        if not isinstance(block.groups, Build) and block.groups not in GROUPS:
            raise ValueError(
                f"a tableau's groups are one of {', '.join(GROUPS)} or a Build, not {block.groups!r}"
            )
        self.group = group
        self.block = block
        self.ids = group.ids
        self.pairs = tuple((pile, index[pile]) for pile in group.ids)
        self.build = block.build
        self.fitting: tuple[tuple[int, ...], ...] = fitting_faces(block.build)
        groups = block.groups
        self.mode = groups if isinstance(groups, str) else ORDERED
        self.group_build: Build | None = (
            block.build
            if groups in (ORDERED, WHOLE_OR_TOP)
            else groups
            if isinstance(groups, Build)
            else None
        )
        self.group_fitting: tuple[frozenset[int], ...] = tuple(
            map(frozenset, fitting_faces(self.group_build or block.build))
        )
        self.empty = block.empty
        self.limit: GroupLimit | None = block.limit
        self.takes_from = None if block.takes_from is None else frozenset(block.takes_from)
        self.rules = block.rules


#: Methods the blocks once called, that a declaration may no longer define, and what
#: says the same now (``docs/modding.md``, "What changed for variants").
RETIRED: Final = {
    "_foundation_takes": "give the Foundations block a MoveRule (rules=(...))",
    "_foundation_refusal": "give the Foundations block a MoveRule (rules=(...))",
    "_check_draw": (
        "give the Stock block a MoveRule (rules=(...)), or Stock(deals='redeal', redeal=Redeal(...))"
    ),
}


class Declared(Variant):
    """A variant declared from blocks: set ``layout`` (and the class attributes of
    :class:`~solitaire.core.ruleset.Variant`); add what the blocks do not say as
    :class:`~solitaire.variants.blocks.hooks.MoveRule` objects on a block, as
    :attr:`effects`, or by overriding the public methods."""

    #: The blocks of the table: one :class:`Stock` at most, any number of the others.
    layout: ClassVar[tuple[Block, ...]]
    #: What happens after every move besides what the blocks do
    #: (:class:`~solitaire.variants.blocks.hooks.Effect`).
    effects: ClassVar[tuple[Effect, ...]] = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        for name, instead in RETIRED.items():
            if name in cls.__dict__:
                raise TypeError(f"{cls.__name__}: {name} is no longer called by the blocks; {instead}")
        if "layout" in cls.__dict__:
            stocks = [block for block in cls.layout if isinstance(block, Stock)]
            cls.has_stock = bool(stocks)
            cls.has_waste = any(stock.deals == "waste" for stock in stocks)

    def __init__(self) -> None:
        name = type(self).__name__
        layout = tuple(self.layout)
        for block in layout:
            if not isinstance(block, (Stock, *_KIND_OF_BLOCK)):
                raise ValueError(
                    f"{name}: {block!r} is not a block (Stock, Cells, Foundations, Tableau, Reserve)"
                )
        stocks = [block for block in layout if isinstance(block, Stock)]
        if len(stocks) > 1:
            raise ValueError(f"{name}: a layout has one Stock")
        if not any(isinstance(block, Foundations) for block in layout) or not any(
            isinstance(block, Tableau) for block in layout
        ):
            raise ValueError(f"{name}: a layout needs Foundations and a Tableau")
        self.stock_block: Stock | None = stocks[0] if stocks else None
        self.groups = self._make_groups(layout)
        self.cells_block: Cells | None = self._first(Cells)  # type: ignore[assignment]
        self.foundations_block: Foundations = self._first(Foundations)  # type: ignore[assignment]
        self.tableau_block: Tableau = self._first(Tableau)  # type: ignore[assignment]
        try:
            self.table = self.make_table()
        except ValueError as error:
            raise ValueError(f"{name} ({self.id}): {error}") from None
        problems = self.table_problems()
        if problems:
            raise ValueError(f"{name} ({self.id}) declares an inconsistent table: {'; '.join(problems)}")
        self._setup()

    def _make_groups(self, layout: tuple[Block, ...]) -> tuple[Group, ...]:
        counts = dict.fromkeys(_TABLE_ORDER, 0)
        groups = []
        for number, block in enumerate(layout):
            kind = _KIND_OF_BLOCK.get(type(block))
            if kind is None or isinstance(block, Stock):
                continue
            size = block.count
            first = counts[kind]
            counts[kind] += size
            ids = tuple(f"{_PREFIX[kind]}{n}" for n in range(first + 1, first + size + 1))
            groups.append(Group(block, kind, ids, number))
        order = {kind: place for place, kind in enumerate(_TABLE_ORDER)}
        return tuple(sorted(groups, key=lambda group: (order[group.kind], group.number)))

    def _first(self, kind: type) -> Block | None:
        return next((group.block for group in self.groups if isinstance(group.block, kind)), None)

    def _setup(self) -> None:
        """The tables the checks and the move generator read (made once)."""
        table = self.table
        index = table.index
        self._kind = dict(table.pairs)
        self._group_of = {pile: group for group in self.groups for pile in group.ids if pile in index}
        self._homes = tuple(_Home(g, index) for g in self.groups if g.kind == FOUNDATION)
        self._columns = tuple(_Columns(g, index) for g in self.groups if g.kind == TABLEAU)
        self._home_of = {pile: home for home in self._homes for pile in home.ids}
        self._columns_of = {pile: columns for columns in self._columns for pile in columns.ids}
        self._tableau_ids = table.ids_of(TABLEAU)
        self._foundation_ids = table.ids_of(FOUNDATION)
        self._cell_ids = table.ids_of(CELL)
        self._waste = "w" if "w" in self._kind else None
        self._cell_pairs = tuple((pile, index[pile]) for pile in self._cell_ids)
        self._reserve_pairs = tuple((pile, index[pile]) for pile in table.ids_of(RESERVE))
        self._tableau_pairs = tuple((pile, index[pile]) for pile in self._tableau_ids)
        self._stock_place = index.get("s", -1)
        self._waste_place = index[self._waste] if self._waste else None
        #: Per suit, the foundations (id, place, group) a card of that suit may go to.
        self._foundations_for: tuple[tuple[tuple[str, int, _Home], ...], ...] = tuple(
            tuple(
                (pile, index[pile], home)
                for home in self._homes
                for pile in home.ids
                if not home.by_suit or home.suit_of(pile) == suit
            )
            for suit in range(4)
        )
        self._cells_of = {
            pile: group.block for group in self.groups if group.kind == CELL for pile in group.ids
        }
        self._cell_takes = {
            pile: None if block.takes_from is None else frozenset(block.takes_from)  # type: ignore[union-attr]
            for pile, block in self._cells_of.items()
        }
        home = self._homes[0]
        #: One group of foundations, one a suit, nothing but the blocks deciding what they take.
        self._one_suit_home = (
            len(self._homes) == 1
            and self.decks == 1
            and home.by_suit
            and home.bases is None
            and not home.rules
            and not home.bottom
            and len(home.ids) == 4
        )
        self._movable_own = type(self).movable is not Declared.movable
        self._runs = any(home.runs for home in self._homes)
        self._has_rules = any(getattr(group.block, "rules", ()) for group in self.groups) or bool(
            self.stock_block is not None and self.stock_block.rules
        )
        self._merci = next((c.block.merci for c in self._columns if c.block.merci), 0)
        self._fills = tuple((c, c.block.fill_from) for c in self._columns if c.block.fill_from)
        stock = self.stock_block
        self._stock_up = stock is not None and stock.face_up
        self._plain_waste = stock is not None and stock.deals == "waste" and not stock.needs_empty_waste
        #: The foundations whose top card may go to another foundation (not by suit).
        self._home_tops = tuple(
            pair for home in self._homes if home.returns and not home.by_suit for pair in home.pairs
        )
        #: The foundations whose top card may come back, where the rules allow it.
        self._returning = (
            ()
            if self._runs
            else tuple((pile, place) for home in self._homes if home.returns for pile, place in home.pairs)
        )

    # -- fields -------------------------------------------------------------------------------------

    def state_fields(self) -> tuple[Field, ...]:
        """:attr:`fields`, and those the blocks keep: ``merci`` (a count of the pulls
        made, ``Tableau.merci``) and ``shuffle`` (the random source of the shuffled
        redeals, ``Redeal.shuffle``)."""
        found = list(self.fields)
        if self._merci:
            found.append(MERCI)
        stock = self.stock_block
        if stock is not None and stock.redeal is not None and stock.redeal.shuffle:
            found.append(SHUFFLE)
        return tuple(found)

    # -- the table ----------------------------------------------------------------------------------

    def group_of(self, pile: str) -> Group | None:
        """The group (block and piles) a pile of the table belongs to; None for the stock,
        the waste or a pile the layout did not make."""
        return self._group_of.get(pile)

    def table_problems(self) -> list[str]:
        """What makes the declared table unplayable (none for a sound one): piles of
        unknown kinds, a deal that does not use every card of the decks (the cards the
        blocks place at the deal count), foundations that cannot all be completed,
        parameters that contradict one another.  The constructor raises
        ``ValueError`` with them, so a plugin declaring such a table is left out, named."""
        problems = []
        unknown = sorted({kind for kind in self.table.kinds if kind not in KINDS})
        if unknown:
            problems.append(f"piles of unknown kinds {unknown} (a pile is one of {', '.join(KINDS)})")
        cards = 52 * self.decks
        columns = [group.block for group in self.groups if isinstance(group.block, Tableau)]
        for block in columns:
            deal = block.deal
            if isinstance(deal, Spots):
                continue
            if not deal or any(
                isinstance(size, bool) or not isinstance(size, int) or size < 0 for size in deal
            ):
                problems.append(f"the tableau deals {deal}: one count of cards, from 0, per column")
        dealt = self._cards_dealt()
        if self.stock_block is None and dealt != cards and not problems:
            problems.append(
                f"the deal places {dealt} cards and there is no stock, but {self.decks} deck(s)"
                f" hold {cards}: the deal must use every card"
            )
        elif dealt > cards:
            problems.append(f"the deal places {dealt} cards, but {self.decks} deck(s) hold only {cards}")
        homes = [group.block for group in self.groups if isinstance(group.block, Foundations)]
        runs = sum(block.count for block in homes if block.runs)
        if runs and runs * 13 != cards:
            problems.append(
                f"{runs} foundations of whole runs take {runs * 13} cards,"
                f" but {self.decks} deck(s) hold {cards}: some can never be completed"
            )
        by_suit = [block for block in homes if block.by_suit and not block.runs and not block.by_rank]
        if by_suit and len(by_suit) == len(homes) and all(block.build.step == 1 for block in by_suit):
            count = sum(block.count for block in by_suit)
            if count != 4 * self.decks:
                problems.append(
                    f"{count} foundations by suit for {self.decks} deck(s): each suit needs"
                    f" {self.decks} of its own, {4 * self.decks} in all,"
                    " or a foundation can never be completed"
                )
        for home in homes:
            problems += self._home_problems(home)
        picked = Counter_(
            [
                str(Card.parse(text))
                for home in homes
                if isinstance(home.placement, Pick)
                for text in home.placement.cards[: home.count]
            ]
        )
        for text, times in sorted(picked.items()):
            if times > self.decks:
                problems.append(
                    f"the deal picks {text} {times} times, but {self.decks} deck(s) hold it"
                    f" {self.decks} time(s)"
                )
        for block in columns:
            if block.fill_from is not None and block.fill_from not in self.table.index:
                problems.append(
                    f"the tableau is filled from {block.fill_from!r}, a pile the table does not have"
                )
            elif block.fill_from is not None and self.table.kind(block.fill_from) in (STOCK, FOUNDATION):
                problems.append(
                    f"the tableau is filled from {block.fill_from!r}: a column fills from a pile whose"
                    " top card lies face up (a reserve, the waste, a cell), not from the stock or a"
                    " foundation (an Effect may deal a stock card there)"
                )
        return problems

    def _home_problems(self, block: Foundations) -> list[str]:
        problems = []
        if isinstance(block.base, tuple) and len(block.base) != block.count:
            problems.append(f"{block.count} foundations with {len(block.base)} base ranks: one a pile")
        if block.base == DEALT and not isinstance(block.placement, Next):
            problems.append(
                "foundations whose base the deal sets need the deal to place a card: dealt=Next(...)"
            )
        if block.base == DEALT and block.returns:
            problems.append("foundations whose base the deal sets keep their cards: returns=False")
        placement = block.placement
        if isinstance(placement, Next) and block.by_suit and placement.cards_for(block.count) > block.count:
            problems.append(f"{placement.cards_for(block.count)} cards dealt onto {block.count} foundations")
        if isinstance(placement, Pick) and placement.ranks and len(placement.ranks) not in (1, block.count):
            problems.append(
                f"{len(placement.ranks)} picked ranks for {block.count} foundations: one, or one a pile"
            )
        return problems

    def _cards_dealt(self) -> int:
        """The cards the deal places outside the stock."""
        total = 0
        for group in self.groups:
            block = group.block
            if isinstance(block, Tableau):
                total += block.dealt
            elif isinstance(block, Cells):
                total += block.deal
            elif isinstance(block, Reserve):
                total += block.deal * block.count
            elif isinstance(block, Foundations):
                placement = block.placement
                if isinstance(placement, Pick):
                    total += placement.count(block.count)
                elif isinstance(placement, Next):
                    total += placement.cards_for(block.count)
        return total

    def make_table(self) -> Table:
        """The table's piles: ``s`` and ``w`` (or ``s`` alone), the cells, foundations,
        columns and reserves, each kind's groups in layout order."""
        pairs: list[tuple[str, str]] = []
        if self.stock_block is not None:
            pairs.append(("s", STOCK))
            if self.stock_block.deals == "waste":
                pairs.append(("w", WASTE))
        pairs += [(pile, group.kind) for group in self.groups for pile in group.ids]
        return Table.of(*pairs)

    def empty_state(self) -> State:
        """The table with no card on it."""
        return State(self.table, tuple(Pile() for _ in self.table.ids))

    # -- the deal -----------------------------------------------------------------------------------

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        """The deal: the cards the foundations' :class:`Pick` takes out first; then, from
        the front of the order, the reserves, the foundations' :class:`Next` cards, the
        columns (row by row, or by their :class:`Spots`) and the cells, each kind's
        groups in layout order; the stock gets the rest (its next card the first of it)."""
        piles = dict.fromkeys(self.table.ids, Pile())
        rest = self._pick(tuple(order), piles)
        for kind in _DEAL_ORDER:
            for group in self.groups:
                if group.kind == kind:
                    rest = self._deal_group(group, rest, piles)
        stock = self.stock_block
        if stock is not None:
            cards = tuple(reversed(rest))
            piles["s"] = Pile(cards)
            if stock.deals == "foundation" and cards:
                piles["s"], piles[self._foundation_ids[0]] = Pile(cards[:-1]), Pile((), cards[-1:])
            elif stock.face_up and cards:
                piles["s"] = Pile(cards[:-1], cards[-1:])
        elif rest:
            raise ValueError(
                f"{self.id}: {len(rest)} cards are left over after the deal, and there is no stock"
            )
        return State(self.table, tuple(piles[pile] for pile in self.table.ids))

    def _pick(self, order: Cards, piles: dict[str, Pile]) -> Cards:
        """Lay the foundations' :class:`Pick` cards; the order without them."""
        rest = list(order)
        for home in self._homes:
            pick = home.block.placement
            if not isinstance(pick, Pick):
                continue
            if pick.cards:
                wanted = [Card.parse(text) for text in pick.cards]
                for pile, card in zip(home.ids, wanted, strict=False):
                    found = next((c for c in rest if c.rank == card.rank and c.suit == card.suit), None)
                    if found is not None:
                        rest.remove(found)
                        piles[pile] = Pile((), (found,))
                continue
            for number, pile in enumerate(home.ids[: pick.count(len(home.ids))]):
                rank = pick.rank_for(number)
                if rank == BASE:
                    rank = home.bases[number] if home.bases is not None else home.base or ANY_CARD
                suit = home.suit_of(pile)
                found = next((c for c in rest if c.rank == rank and suit in (None, c.suit)), None)
                if found is not None:
                    rest.remove(found)
                    piles[pile] = Pile((), (found,))
        return tuple(rest)

    def _deal_group(self, group: Group, order: Cards, piles: dict[str, Pile]) -> Cards:
        """Deal ``group``'s cards from the front of ``order``; what is left of it."""
        block = group.block
        if isinstance(block, Reserve):
            used = 0
            for pile in group.ids:
                cards = order[used : used + block.deal]
                used += len(cards)
                split = 0 if block.face_up is None else max(0, len(cards) - block.face_up)
                piles[pile] = Pile(cards[:split], cards[split:])
            return order[used:]
        if isinstance(block, Foundations):
            placement = block.placement
            if not isinstance(placement, Next):
                return order
            count = placement.cards_for(len(group.ids))
            home = self._home_of[group.ids[0]]
            for number, card in enumerate(order[:count]):
                free = [
                    pile for pile in group.ids if not piles[pile] and home.suit_of(pile) in (None, card.suit)
                ]
                pile = free[0] if home.by_suit and free else group.ids[number % len(group.ids)]
                piles[pile] = Pile((), piles[pile].up + (card,))
            return order[count:]
        if isinstance(block, Cells):
            count = block.deal
            for pile, card in zip(group.ids[:count], order, strict=False):
                piles[pile] = Pile((), (card,))
            return order[count:]
        assert isinstance(block, Tableau)
        return self._deal_columns(block, group.ids, order, piles)

    def _deal_columns(
        self, block: Tableau, ids: tuple[str, ...], order: Cards, piles: dict[str, Pile]
    ) -> Cards:
        if isinstance(block.deal, Spots):
            spots = block.deal.deal(len(order), len(ids))
            for (column, up), card in zip(spots, order, strict=False):
                found = piles[ids[column]]
                piles[ids[column]] = (
                    Pile(found.down, found.up + (card,)) if up else Pile(found.down + (card,), found.up)
                )
            return order[len(spots) :]
        from solitaire.core.deals import deal_layout

        columns, rest = deal_layout(order, block.deal)
        face_up = block.face_up
        for number, (pile, cards) in enumerate(zip(ids, columns, strict=True)):
            if isinstance(face_up, tuple):
                shown = face_up[number] if number < len(face_up) else None
                split = 0 if shown is None else max(0, len(cards) - shown)
                piles[pile] = Pile(cards[:split], cards[split:])
            else:
                piles[pile] = self.deal_column(cards)
        for pile, down in zip(ids, block.face_down, strict=False):
            cards = piles[pile].cards
            piles[pile] = Pile(cards[:down], cards[down:])
        return tuple(reversed(rest))

    def deal_column(self, cards: Cards) -> Pile:
        """A dealt column: its last ``face_up`` cards face up (a variant may lay the
        cards otherwise: Baker's Dozen puts its kings under the others)."""
        face_up = self.tableau_block.face_up
        face_up = face_up[0] if isinstance(face_up, tuple) else face_up
        split = 0 if face_up is None else max(0, len(cards) - face_up)
        return Pile(cards[:split], cards[split:])

    # -- the layout for front ends ------------------------------------------------------------------

    def piles(self, state: State) -> list[PileSpec]:
        """The stock, waste and cells on the top row at the left, the foundations at its
        right end, the reserves and then the columns below (centred under a top row
        wider than they are)."""
        top: list[PileSpec] = []
        if self.stock_block is not None:
            top.append(PileSpec("s", "stock", 0, 0, accepts=""))
            if self._waste:
                top.append(PileSpec("w", "waste", 0, 1, "right", accepts=""))
        top += [PileSpec(pile, "cell", 0, len(top) + n, accepts="") for n, pile in enumerate(self._cell_ids)]
        reserves = [pile for pile, _ in self._reserve_pairs]
        lower = [PileSpec(pile, "reserve", 1, n, "down") for n, pile in enumerate(reserves)]
        slot = len(reserves) + 1 if reserves else 0
        for columns in self._columns:
            mark = self._space_mark(columns)
            for pile in columns.ids:
                lower.append(PileSpec(pile, "column", 1, slot, "down", accepts=mark))
                slot += 1
        first = max(len(top), slot - len(self._foundation_ids))
        top += [
            PileSpec(
                pile,
                "foundation",
                0,
                first + n,
                accepts=self._home_of[pile].mark(pile, state),
                note=self._home_of[pile].note(),
            )
            for n, pile in enumerate(self._foundation_ids)
        ]
        shift = max(0, max((spec.slot + 1 for spec in top), default=0) - slot) // 2
        return top + [attrs.evolve(spec, slot=spec.slot + shift) for spec in lower]

    def _space_mark(self, columns: _Columns) -> str:
        empty = columns.empty
        if empty == KING:
            return "K"
        if empty in (ANY_CARD, NO_CARD, BELOW_BASE):
            return ""
        return RANK_TEXTS[empty - 1]

    def foundation_mark(self, pile: str) -> str:
        """What an empty foundation shows it accepts: its suit, its base rank (with its
        suit where it has one: "K♠"), or nothing."""
        return self._home_of[pile].mark(pile, self.empty_state())

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
        home = self._home_of.get(pile)
        if home is not None and home.by_suit:
            return Message(N_("Foundation {suit}"), suit=Suit(home.suit_of(pile) or 0).symbol)
        return Message(N_("Foundation {number}"), number=number)

    # -- what moves together ------------------------------------------------------------------------

    def movable(self, up: Sequence[Card]) -> int:
        """How many of a column's top face-up cards may move together (before any limit),
        by the first tableau group's rule."""
        return self._movable(up, self._columns[0])

    def _movable(self, up: Sequence[Card], columns: _Columns) -> int:
        if columns.group_build is None:
            return len(up) if columns.mode == ANY_GROUP else min(1, len(up))
        count = len(up)
        fitting = columns.group_fitting
        size = 1
        while size < count and up[-size].index in fitting[up[-size - 1].index]:
            size += 1
        return min(size, count)

    def _movable_at(self, up: Sequence[Card], pile: str) -> int:
        if self._movable_own:
            return self.movable(up)
        return self._movable(up, self._columns_of[pile])

    def _group_refusal(self, card: Card, columns: _Columns) -> Refusal:
        if columns.mode == SINGLE:
            return r.ONE_CARD_AT_A_TIME.refuse(card=card)
        build = columns.group_build
        if build is not None and build.suit == SAME_SUIT:
            return r.GROUP_SUIT_ORDER.refuse(card=card)
        return r.GROUP_ORDER.refuse(card=card)

    def _middle(self, pile: str, count: int | None, state: State) -> bool:
        """Whether a move of ``count`` cards from ``pile`` takes neither its last card
        nor the whole column, where its group moves only so (``WHOLE_OR_TOP``)."""
        columns = self._columns_of.get(pile)
        if columns is None or columns.mode != WHOLE_OR_TOP:
            return False
        return 1 < (count or 1) < len(state.piles[state.table.index[pile]])

    def can_pick_up(self, state: State, pile: str, count: int, rules: Ruleset) -> Refusal | None:
        """The top ``count`` cards of ``pile`` may be picked up when the pile is not the
        stock and they are face up; from a column, at most the group that moves
        together (:meth:`movable`), from any other pile only the top card (and from a
        foundation only where cards may come back)."""
        kind = self._kind.get(pile)
        if kind is None:
            return NO_SUCH_PILE.refuse(pile=pile)
        cards = state.piles[state.table.index[pile]]
        if kind == STOCK and not (self.stock_block is not None and self.stock_block.face_up and cards.up):
            return STOCK_NOT_A_SOURCE.refuse()
        if not cards:
            return r.WASTE_EMPTY.refuse() if kind == WASTE else SOURCE_EMPTY.refuse(pile=self.pile_name(pile))
        if kind == FOUNDATION and not self._returns(pile, rules):
            return self._kept(pile, rules)
        if count > len(cards):
            return r.TOO_MANY.refuse(pile=self.pile_name(pile), count=count)
        if count < 1 or count > len(cards.up):
            return FACE_DOWN.refuse()
        if kind != TABLEAU:
            return r.TOP_CARD_ONLY.refuse(pile=self.pile_name(pile)) if count > 1 else None
        if count > self._movable_at(cards.up, pile):
            return self._group_refusal(cards.up[-count], self._columns_of[pile])
        if self._middle(pile, count, state):
            return r.WHOLE_OR_TOP_RULE.refuse(card=cards.up[-count])
        return None

    def _kept(self, pile: str, rules: Ruleset) -> Refusal:
        """Why a card may not leave foundation ``pile``: its group keeps its cards while
        others' may come back (``foundation.keeps``), or no foundation gives any back."""
        if rules.returns_allowed and any(home.returns for home in self._homes):
            return r.FOUNDATION_KEEPS.refuse(pile=self.pile_name(pile))
        return r.RETURNS_FORBIDDEN.refuse()

    def _returns(self, pile: str, rules: Ruleset) -> bool:
        home = self._home_of.get(pile)
        return rules.returns_allowed and home is not None and home.returns

    # -- validation ---------------------------------------------------------------------------------

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        found = self._check(state, move, rules)
        if isinstance(found, Refusal) or not self._has_rules:
            return found
        return self._rule_refusal(state, found, rules) or found

    def _check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        if move.is_draw:
            return self._check_tap(state, rules)
        src, dst = move.src, move.dst
        assert dst is not None
        kinds = self._kind
        for pile in (src, dst):
            if pile not in kinds and not (pile == "f" and self._foundation_ids):
                return NO_SUCH_PILE.refuse(pile=pile)
        cards = state.piles[state.table.index[src]] if src in kinds else Pile()
        if src == "s" and not (self.stock_block is not None and self.stock_block.face_up and cards.up):
            return STOCK_NOT_A_SOURCE.refuse()
        if dst in ("s", "w"):
            return NOT_A_DESTINATION.refuse(pile=self.pile_name(dst))
        if src == dst:
            return (
                self._check_merci(state, move)
                if kinds[src] == TABLEAU and self._merci
                else SAME_PILE.refuse()
            )
        kind = kinds[src]
        if kind == WASTE and not cards:
            return r.WASTE_EMPTY.refuse()
        if not cards:
            return SOURCE_EMPTY.refuse(pile=self.pile_name(src))
        if not cards.up:  # only face-down cards (Clock's piles)
            return FACE_DOWN.refuse()
        if kind == FOUNDATION and not self._returns(src, rules):
            return self._kept(src, rules)
        if kinds.get(dst) == RESERVE:
            return r.RESERVE_TAKES_NONE.refuse(pile=self.pile_name(dst))
        if dst == "f" or kinds[dst] == FOUNDATION:
            return self._check_to_foundation(state, move, rules)
        if kinds[dst] == CELL:
            return self._check_to_cell(state, move)
        found = self._check_to_column(state, move, rules)
        if isinstance(found, Move) and self._middle(found.src, found.count, state):
            return r.WHOLE_OR_TOP_RULE.refuse(card=cards.up[-(found.count or 1)])
        return found

    def _wrong_source(self, src: str, dst: str, takes_from: frozenset[str] | None) -> Refusal | None:
        if takes_from is None or src in takes_from or self._kind.get(src) in takes_from:
            return None
        names = [
            Message(_SOURCE_NAMES[pile]) if pile in _SOURCE_NAMES else self.pile_name(pile)
            for pile in sorted(takes_from)
        ]
        sources = names[0]
        for name in names[1:]:
            sources = Message(N_("{sources} or {source}"), sources=sources, source=name)
        return r.TAKES_ONLY_FROM.refuse(pile=self.pile_name(dst), sources=sources)

    def _rule_refusal(self, state: State, move: Move, rules: Ruleset) -> Refusal | None:
        """The refusal of a move by the rules of the block it goes to (a tap: the
        stock's), or None."""
        if move.is_draw:
            found = self.stock_block.rules if self.stock_block is not None else ()
            cards: Cards = ()
        else:
            dst = move.dst or ""
            if dst == "f" or self._kind.get(dst) == FOUNDATION:
                return None  # the foundations' rules are asked where a move home is checked
            group = self._group_of.get(dst)
            found = getattr(group.block, "rules", ()) if group is not None else ()
            if not found:
                return None
            count = move.count or 1
            cards = state.piles[state.table.index[move.src]].up[-count:]
        attempt = Attempt(self, state, rules, move, cards)
        for rule in found:
            refusal = rule.refusal(attempt)
            if refusal is not None:
                return refusal
        return None

    def _check_tap(self, state: State, rules: Ruleset) -> Move | Refusal:
        stock = self.stock_block
        if stock is None:
            return NO_SUCH_PILE.refuse(pile="s")
        pile = state.piles[self._stock_place]
        if stock.deals == "waste":
            if pile.down or (pile and not stock.face_up):
                if stock.needs_empty_waste and state.waste:
                    return r.STOCK_WAITS_FOR_WASTE.refuse()
                return DRAW
            if not pile and not state.waste:
                return r.NOTHING_TO_DRAW.refuse()
            if not rules.redeal.may_recycle(state):
                return r.NO_PASSES_LEFT.refuse(passes=rules.redeal.passes)
            return DRAW
        if stock.deals == "redeal":
            times = stock.redeal.times if stock.redeal is not None else 0
            if state.pass_number > times:
                return r.NO_REDEALS_LEFT.refuse(count=times)
            return (
                DRAW
                if any(state.piles[place] for _, place in self._tableau_pairs)
                else r.NOTHING_TO_REDEAL.refuse()
            )
        if not state.stock:
            return r.STOCK_EMPTY.refuse()
        if (
            stock.deals == "each"
            and stock.needs_full
            and not all(state.piles[p] for _, p in self._tableau_pairs)
        ):
            return r.DEAL_NEEDS_FULL_COLUMNS.refuse()
        return DRAW

    def _check_merci(self, state: State, move: Move) -> Move | Refusal:
        """``tN:K>tN``: the card K from the top pulled up to the top, while pulls are left."""
        if MERCI.value(state) >= self._merci:
            return r.MERCI_USED.refuse(count=self._merci)
        count = move.count or 1
        cards = state.piles[state.table.index[move.src]]
        if count < 2:
            return r.MERCI_ONE_CARD.refuse(pile=move.src)
        if count > len(cards):
            return r.TOO_MANY.refuse(pile=self.pile_name(move.src), count=count)
        if count > len(cards.up):
            return FACE_DOWN.refuse()
        return Move(move.src, move.src, count)

    def _top(self, state: State, pile: str) -> Card:
        return state.piles[state.table.index[pile]].up[-1]

    def _check_to_foundation(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        if self._runs:
            return r.FOUNDATION_RUNS_ONLY.refuse()
        if move.count is not None and move.count > 1:
            return r.FOUNDATION_ONE_CARD.refuse()
        src, dst = move.src, move.dst or ""
        card = self._top(state, src)
        candidates = self._foundations_for[card.suit]
        source = self._home_of.get(src)
        # A card of a foundation by suit to its own suit's foundations: it is where it goes.
        if source is not None and source.by_suit and source.suit_of(src) == card.suit:
            aimed = None if dst == "f" else self._home_of[dst]
            if aimed is None or (aimed.by_suit and aimed.suit_of(dst) == card.suit):
                return SAME_PILE.refuse()
        if dst == "f":
            targets = [(pile, home) for pile, _, home in candidates]
        else:
            home = self._home_of[dst]
            if home.by_suit and home.suit_of(dst) != card.suit:
                own = next((pile for pile in home.ids if home.suit_of(pile) == card.suit), dst)
                return r.FOUNDATION_SUIT.refuse(
                    card=card,
                    pile=Suit(home.suit_of(dst) or 0).symbol,
                    own=f"{own} ({card.suit.symbol})",
                )
            if home.by_rank and home.bases is not None and home.base_of(dst, state) != card.rank:
                own = next((pile for pile in home.ids if home.base_of(pile, state) == card.rank), dst)
                return r.FOUNDATION_OWN_RANK.refuse(card=card, pile=self.pile_name(dst), own=own)
            if home.by_suit:
                same = [(pile, h) for pile, _, h in candidates if h.by_suit]
                if len(same) > 1:  # two decks: SRC>fN names one of the suit's foundations
                    named = self._home_refusal(state, card, dst, home, src, rules)
                    if named is not None:
                        return named
                    taking = self._accepting_foundation(state, card, src, rules)
                    return Move(src, "f" if dst == taking else dst)
                targets = same
            else:
                targets = [(dst, home)]
        first: Refusal | None = None
        last: Refusal | None = None
        for target, home in targets:
            refusal = self._home_refusal(state, card, target, home, src, rules)
            if refusal is None:
                return Move(src, self._canonical_home(state, card, target, home, src, rules))
            first = first or refusal
            last = refusal
        refusal = last if all(home.by_suit for _, home in targets) else first
        return refusal or r.FOUNDATION_ONE_CARD.refuse()

    def _canonical_home(
        self, state: State, card: Card, pile: str, home: _Home, src: str, rules: Ruleset
    ) -> str:
        """``f`` for the first foundation that takes ``card`` where it is by suit; else
        the pile itself."""
        if not home.by_suit:
            return pile
        return "f" if self._accepting_foundation(state, card, src, rules) == pile else pile

    def foundation_base(self, state: State) -> int:
        """The rank that starts a foundation of the first group now (``ANY_CARD``:
        any; with ``DEALT``, the rank the deal laid there)."""
        home = self._homes[0]
        return home.base_of(home.ids[0], state)

    def _home_takes(self, state: State, card: Card, pile: str, place: int, home: _Home) -> bool:
        """True when foundation ``pile`` takes ``card`` by its block's parameters (its
        suit aside)."""
        cards = state.piles[place].up
        if not cards:
            return home.base_of(pile, state) in (ANY_CARD, card.rank)
        if home.bottom and cards[0].rank != home.base_of(pile, state) != ANY_CARD:
            return False
        return card.index in home.fitting[cards[-1].index]

    def _home_allows(
        self, state: State, card: Card, pile: str, home: _Home, src: str, rules: Ruleset
    ) -> bool:
        if not home.rules:
            return True
        attempt = Attempt(self, state, rules, Move(src, pile), (card,))
        return all(rule.allows(attempt) for rule in home.rules)

    def _accepting_foundation(self, state: State, card: Card, src: str, rules: Ruleset) -> str | None:
        """The first foundation that takes ``card`` now (of its suit, where they are by
        suit), or None."""
        for pile, place, home in self._foundations_for[card.suit]:
            if (
                pile != src
                and self._home_takes(state, card, pile, place, home)
                and self._home_allows(state, card, pile, home, src, rules)
            ):
                return pile
        return None

    def _home_refusal(
        self, state: State, card: Card, pile: str, home: _Home, src: str, rules: Ruleset
    ) -> Refusal | None:
        if self._home_takes(state, card, pile, state.table.index[pile], home):
            if not home.rules:
                return None
            attempt = Attempt(self, state, rules, Move(src, pile), (card,))
            for rule in home.rules:
                refusal = rule.refusal(attempt)
                if refusal is not None:
                    return refusal
            return None
        cards = state.pile(pile).up
        base = home.base_of(pile, state)
        if not cards:
            if home.by_rank:
                own = next((p for p in home.ids if home.base_of(p, state) == card.rank), pile)
                return r.FOUNDATION_OWN_RANK.refuse(card=card, pile=self.pile_name(pile), own=own)
            if base == 1:
                return r.FOUNDATION_EMPTY_NEEDS_ACE.refuse(card=card)
            return r.FOUNDATION_BASE.refuse(card=card, rank=RANK_TEXTS[base - 1])
        if home.bottom and base != ANY_CARD and cards[0].rank != base:
            return r.FOUNDATION_START.refuse(card=card, pile=self.pile_name(pile), rank=RANK_TEXTS[base - 1])
        top = cards[-1]
        build = home.build
        following = build.next_rank(top.rank)
        if home.by_suit and build.suit == SAME_SUIT and following is not None:
            return r.FOUNDATION_RANK.refuse(card=card, needed=Card(following, card.suit))
        return build.refusal(card, top)

    def _check_to_cell(self, state: State, move: Move) -> Move | Refusal:
        dst = move.dst or ""
        if move.count is not None and move.count > 1:
            return r.CELL_ONE_CARD.refuse()
        wrong = self._wrong_source(move.src, dst, self._cell_takes[dst])
        if wrong is not None:
            return wrong
        if state.piles[state.table.index[dst]]:
            return r.CELL_FULL.refuse(pile=self.pile_name(dst))
        return Move(move.src, move.dst)

    def _space_rank(self, state: State) -> int:
        """The rank an empty ``BELOW_BASE`` column takes now (``ANY_CARD``: any)."""
        base = self.foundation_base(state)
        return ANY_CARD if base == ANY_CARD else (base - 2) % 13 + 1

    def _fit_refusal(
        self, state: State, card: Card, target: Card | None, columns: _Columns
    ) -> Refusal | None:
        if target is None:
            empty = columns.empty
            if empty == BELOW_BASE:
                empty = self._space_rank(state)
            if empty == ANY_CARD or card.rank == empty:
                return None
            if empty == KING:
                return r.EMPTY_NEEDS_KING.refuse(card=card)
            if empty == NO_CARD:
                return r.EMPTY_TAKES_NONE.refuse(card=card)
            return r.EMPTY_NEEDS_RANK.refuse(card=card, rank=RANK_TEXTS[empty - 1])
        return columns.build.refusal(card, target)

    def _limit(self, state: State, dst: str, rules: Ruleset, columns: _Columns) -> int | None:
        limit = columns.limit
        return None if limit is None else limit(state, dst, rules)

    def _check_to_column(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        index = state.table.index
        dst = move.dst or ""
        columns = self._columns_of[dst]
        target = state.piles[index[dst]].top
        if target is None and state.piles[index[dst]]:  # face-down cards only (Clock's piles)
            return r.COVERED.refuse(pile=self.pile_name(dst))
        wrong = self._wrong_source(move.src, dst, columns.takes_from)
        if wrong is not None:
            return wrong
        if self._kind[move.src] != TABLEAU:
            refusal = self._fit_refusal(state, self._top(state, move.src), target, columns)
            return refusal or Move(move.src, move.dst)
        column = state.piles[index[move.src]]
        if move.count is None:
            return self._find_group(state, column, move, target, rules, columns)
        count = move.count
        if count < 1:
            raise ValueError(f"{move!r}: a count of cards is 1 or more")
        if count > len(column):
            return r.TOO_MANY.refuse(pile=self.pile_name(move.src), count=count)
        if count > len(column.up):
            return FACE_DOWN.refuse()
        head = column.up[-count]
        source = self._columns_of[move.src]
        if count > self._movable_at(column.up, move.src):
            return self._group_refusal(head, source)
        refusal = self._fit_refusal(state, head, target, columns)
        if refusal is not None:
            return refusal
        limit = self._limit(state, dst, rules, columns)
        if limit is not None and count > limit:
            return r.GROUP_TOO_BIG.refuse(count=count, limit=limit)
        return Move(
            move.src, move.dst, self._written_count(count, target, column.up, limit, move.src, columns)
        )

    def _written_count(
        self,
        count: int,
        target: Card | None,
        up: Sequence[Card],
        limit: int | None,
        src: str,
        columns: _Columns,
    ) -> int | None:
        """The count a canonical column move writes: none for one card, unless the move
        without a count would take a bigger group (to an empty column that takes any
        card, ``tN>tM`` moves the biggest group that may go: one card is ``tN:1>tM``)."""
        if count > 1:
            return count
        if target is None and columns.empty == ANY_CARD:
            most = self._movable_at(up, src)
            if min(most, most if limit is None else limit) > 1:
                return 1
        return None

    def _find_group(
        self, state: State, column: Pile, move: Move, target: Card | None, rules: Ruleset, columns: _Columns
    ) -> Move | Refusal:
        """Resolve ``tN>DST`` without a count: the one movable group that fits (for an
        empty column that takes any card, the biggest that may move)."""
        up = column.up
        source = self._columns_of[move.src]
        movable = self._movable_at(up, move.src)
        limit = self._limit(state, move.dst or "", rules, columns)
        sizes = range(1, movable + 1)
        if target is None and columns.empty == ANY_CARD:
            sizes = range(min(movable, movable if limit is None else limit), 0, -1)
        for size in sizes:
            if self._fit_refusal(state, up[-size], target, columns) is None:
                if limit is not None and size > limit:
                    return r.GROUP_TOO_BIG.refuse(count=size, limit=limit)
                return Move(move.src, move.dst, size if size > 1 else None)
        # Nothing fits.  Explain with a visible card of a rank that would do: first one
        # that would fit but is held by the cards on it, then one of the wrong suit or
        # colour.  Face-down cards are never looked at: that would give them away.
        build = columns.build
        if target is None:
            empty = self._space_rank(state) if columns.empty == BELOW_BASE else columns.empty
            candidates = [(len(up) - i, card) for i, card in enumerate(up) if card.rank == empty]
        else:
            candidates = [(len(up) - i, card) for i, card in enumerate(up) if build.rank_fits(card, target)]
        for depth, card in candidates:
            if self._fit_refusal(state, card, target, columns) is None and depth > movable:
                return self._group_refusal(card, source)
        for _, card in candidates:
            refusal = self._fit_refusal(state, card, target, columns)
            if refusal is not None:
                return refusal
        card = up[-movable] if target is None and movable else up[-1]
        return self._fit_refusal(state, card, target, columns) or self._group_refusal(card, source)

    # -- what a legal move does ---------------------------------------------------------------------

    def draw_count(self, state: State, rules: Ruleset) -> int:
        """How many cards a tap of the stock turns onto the waste."""
        return rules.draw_count(state)

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        events = self._block_events(state, move, rules)
        if self.effects:
            cards = () if move.is_draw else self._moving(state, move)
            attempt = Attempt(self, state, rules, self._resolved(state, move, rules), cards)
            after = apply_all(state, events)
            for effect in self.effects:
                more = effect.after(attempt, events, after)
                if more:
                    events = events + more
                    after = apply_all(after, more)
        return events

    def _moving(self, state: State, move: Move) -> Cards:
        return state.piles[state.table.index[move.src]].up[-(move.count or 1) :]

    def _resolved(self, state: State, move: Move, rules: Ruleset) -> Move:
        if move.dst == "f":
            card = self._top(state, move.src)
            return Move(move.src, self._own_foundation(state, card, move.src, rules))
        return move

    def _block_events(self, state: State, move: Move, rules: Ruleset, *, fill: bool = True) -> list[Event]:
        if move.is_draw:
            return self._tap_events(state, rules)
        index = state.table.index
        src, dst = move.src, move.dst or ""
        count = move.count or 1
        column = state.piles[index[src]]
        cards = column.up[-count:]
        if src == dst:  # the merci: the card pulled up to the top
            return [CardsMoved(src, src, cards[1:] + cards[:1]), MERCI.added(state)]
        if dst == "f":
            dst = self._own_foundation(state, cards[0], src, rules)
        events: list[Event] = [CardsMoved(src, dst, cards)]
        kind = self._kind[src]
        if kind in (TABLEAU, RESERVE) and count == len(column.up) and column.down:
            columns = self._columns_of.get(src)
            if columns is None or columns.block.turns_up:
                events.append(CardTurnedUp(src, column.down[-1]))
        elif kind == STOCK and column.down:
            events.append(CardTurnedUp(src, column.down[-1]))
        if self._runs and self._kind[dst] == TABLEAU:
            events = self._runs_off(state, events)
        if self._fills and fill:
            events = self._filled(state, events, rules)
        return events

    def _tap_events(self, state: State, rules: Ruleset) -> list[Event]:
        stock_block = self.stock_block
        assert stock_block is not None
        deals = stock_block.deals
        stock = state.stock
        if deals == "each":
            dsts = self._tableau_ids[: len(stock)]
            return self._runs_off(state, [StockDealt(dsts, stock[: -len(dsts) - 1 : -1])])
        if deals == "foundation":
            return [StockDrawn(stock[-1:], dst=self._foundation_ids[0])]
        if deals == "redeal":
            return self._redeal_events(state)
        if stock_block.face_up:
            return self._face_up_tap(state)
        if stock:
            count = min(self.draw_count(state, rules), len(stock))
            return [StockDrawn(stock[: -count - 1 : -1])]
        return [WasteRecycled(len(state.waste))]

    def _face_up_tap(self, state: State) -> list[Event]:
        """A stock whose next card lies face up: that card goes onto the waste and the
        next turns up; with none left beneath, the waste goes back and its first card
        turns up."""
        pile = state.pile("s")
        events: list[Event] = []
        waste = state.waste
        if pile.up:
            events.append(CardsMoved("s", "w", pile.up))
            waste = waste + pile.up
            if pile.down:
                return [*events, CardTurnedUp("s", pile.down[-1])]
        return [*events, WasteRecycled(len(waste)), CardTurnedUp("s", waste[0])]

    def _redeal_events(self, state: State) -> list[Event]:
        """The tableau gathered (by ``Redeal.gather``), shuffled where the redeal says so,
        and dealt again (by ``Redeal.deal``, else as at the start)."""
        stock = self.stock_block
        assert stock is not None and stock.redeal is not None
        redeal = stock.redeal
        piles = [state.piles[place] for _, place in self._tableau_pairs]
        if redeal.gather == BOTTOM_UP:
            cards = [card for pile in piles for card in pile.cards]
        else:
            cards = [card for pile in piles for card in reversed(pile.cards)]
        extra: list[Event] = []
        if redeal.shuffle:
            places, drawn = SHUFFLE.draw(state, len(cards))
            cards = [cards[place] for place in places]
            extra.append(drawn)
        pattern = redeal.deal if redeal.deal is not None else self.tableau_block.deal
        if isinstance(pattern, tuple):
            spots = self._rows(pattern, len(cards))
        else:
            spots = pattern.deal(len(cards), len(self._tableau_ids))
        dealt = sorted(zip(spots, cards, strict=False), key=lambda spot: spot[0][1])
        dsts = tuple(self._tableau_ids[column] for (column, _), _ in dealt)
        down = sum(not up for (_, up), _ in dealt)
        return [Redealt(self._tableau_ids, dsts, tuple(card for _, card in dealt), down), *extra]

    def _rows(self, sizes: tuple[int, ...], count: int) -> list[tuple[int, bool]]:
        """The spots of a row-by-row deal of ``count`` cards onto columns of ``sizes``
        (then on round the columns), each column's last card face up."""
        spots: list[tuple[int, bool]] = []
        row = 0
        while len(spots) < count and sizes:
            for column, size in enumerate(sizes):
                if row < size or row >= max(sizes):
                    spots.append((column, False))
            row += 1
        return Spots(tuple(spots[:count])).deal(count, len(sizes))

    def _own_foundation(self, state: State, card: Card, src: str, rules: Ruleset) -> str:
        pile = self._accepting_foundation(state, card, src, rules)
        if pile is None:
            raise ValueError(f"no foundation takes {card}")
        return pile

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

    def _filled(self, state: State, events: list[Event], rules: Ruleset) -> list[Event]:
        """A column left empty gets the top card of its ``fill_from`` pile at once."""
        after = apply_all(state, events)
        for columns, source in self._fills:
            assert source is not None
            for pile in columns.ids:
                if after.pile(pile) or not after.pile(source).up:
                    continue
                more = self._block_events(after, Move(source, pile), rules, fill=False)
                events = events + more
                after = apply_all(after, more)
        return events

    # -- move generation ----------------------------------------------------------------------------

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        if state.table is not self.table:
            raise ValueError(f"{self.id}: a position of another table")
        moves: list[Move] = []
        piles = state.piles
        waste = self._waste
        waste_cards = piles[self._waste_place].up if self._waste_place is not None else ()
        waste_top = waste_cards[-1] if waste_cards else None
        cells = [(pile, piles[place]) for pile, place in self._cell_pairs]
        # Reserves: their top card plays, as a cell's does; nothing goes on them.
        reserves = [(pile, piles[place].up[-1]) for pile, place in self._reserve_pairs if piles[place].up]
        stock_block = self.stock_block
        if self._stock_up and piles[self._stock_place].up:
            reserves.append(("s", piles[self._stock_place].up[-1]))
        # To the foundations: the waste top, the column tops, the cells.
        if not self._runs:
            tops: list[tuple[str, Card]] = []
            if waste_top is not None:
                tops.append((waste, waste_top))  # type: ignore[arg-type]
            for pile, place in self._tableau_pairs:
                up = piles[place].up
                if up:
                    tops.append((pile, up[-1]))
            tops += [(pile, cell.up[-1]) for pile, cell in cells if cell.up]
            tops += reserves
            if rules.returns_allowed:  # a foundation's top to another, where not by suit
                tops += [(pile, piles[place].up[-1]) for pile, place in self._home_tops if piles[place].up]
            moves += self._moves_home(state, tops, rules)
        # To the columns: every card that can move, by its face.
        sources: dict[int, list[tuple[str, int]]] = {}
        if waste_top is not None:
            sources[waste_top.index] = [(waste, 1)]  # type: ignore[list-item]
        if rules.returns_allowed:
            for pile, place in self._returning:
                cards = piles[place].up
                if cards:
                    sources.setdefault(cards[-1].index, []).append((pile, 1))
        for pile, cell in cells:
            if cell.up:
                sources.setdefault(cell.up[-1].index, []).append((pile, 1))
        for pile, card in reserves:
            sources.setdefault(card.index, []).append((pile, 1))
        for columns in self._columns:
            self._column_sources(piles, columns, sources)
        for columns in self._columns:
            moves += self._moves_to_columns(state, columns, sources, rules)
        # To the cells: every single card that can move.
        free = [pile for pile, cell in cells if not cell]
        if free:
            singles = [src for found in sources.values() for src, size in found if size == 1]
            takes = self._cell_takes
            moves += [
                Move(src, cell)
                for cell in free
                for src in singles
                if takes[cell] is None or self._wrong_source(src, cell, takes[cell]) is None
            ]
        if self._merci and MERCI.value(state) < self._merci:
            moves += self._merci_moves(state)
        # A waste stock with cards always draws; every other case asks the rule.
        if stock_block is not None and (
            (self._plain_waste and piles[self._stock_place].down)
            or isinstance(self._check_tap(state, rules), Move)
        ):
            moves.append(DRAW)
        if self._has_rules:
            moves = [move for move in moves if self._rule_refusal(state, move, rules) is None]
        return moves

    def _merci_moves(self, state: State) -> list[Move]:
        piles = state.piles
        return [
            Move(pile, pile, count)
            for columns in self._columns
            if columns.block.merci
            for pile, place in columns.pairs
            for count in range(2, len(piles[place].up) + 1)
        ]

    def _moves_home(self, state: State, tops: list[tuple[str, Card]], rules: Ruleset) -> list[Move]:
        """The moves of ``tops`` to the foundations: for each card, its own foundation
        first (``SRC>f`` where they are by suit), then, after every card's first, the
        other foundations that take it too."""
        moves: list[Move] = []
        piles = state.piles
        if self._one_suit_home:  # one foundation a suit: the test inlined, most of the time spent here
            home = self._homes[0]
            fitting = home.fitting
            base = home.base_of(home.ids[0], state)
            for src, card in tops:
                for _, place, _ in self._foundations_for[card.suit]:
                    on = piles[place].up
                    if card.index in fitting[on[-1].index] if on else base in (ANY_CARD, card.rank):
                        moves.append(Move(src, "f"))
                        break
            return moves
        others: list[Move] = []
        for src, card in tops:
            accepting = self._accepting(state, card, src, rules)
            if accepting:
                first = accepting[0]
                moves.append(Move(src, "f" if self._home_of[first].by_suit else first))
                others += [Move(src, pile) for pile in accepting[1:]]
        return moves + others

    def _accepting(self, state: State, card: Card, src: str, rules: Ruleset) -> list[str]:
        """Every foundation that takes ``card`` (from ``src``) now, in table order."""
        piles = state.piles
        found = []
        rank, face = card.rank, card.index
        for pile, place, home in self._foundations_for[card.suit]:
            if pile == src:
                continue
            on = piles[place].up
            base = home.fixed if home.fixed is not None else home.base_of(pile, state)
            if on:
                if face not in home.fitting[on[-1].index]:
                    continue
                if home.bottom and base != ANY_CARD and on[0].rank != base:
                    continue
            elif base != ANY_CARD and base != rank:
                continue
            if home.rules and not self._home_allows(state, card, pile, home, src, rules):
                continue
            found.append(pile)
        return found

    def _column_sources(
        self, piles: tuple[Pile, ...], columns: _Columns, sources: dict[int, list[tuple[str, int]]]
    ) -> None:
        """Add every group that may leave a column of ``columns``, by the face of its
        bottom card."""
        whole = columns.mode == WHOLE_OR_TOP
        if columns.group_build is None or self._movable_own:
            for pile, place in columns.pairs:
                column = piles[place]
                up = column.up
                for size in range(1, self._movable_at(up, pile) + 1):
                    if not whole or size == 1 or size == len(column.down) + len(up):
                        sources.setdefault(up[-size].index, []).append((pile, size))
            return
        group = columns.group_fitting
        for pile, place in columns.pairs:
            column = piles[place]
            up = column.up
            size = len(up)
            if not size:
                continue
            face = up[-1].index
            for depth in range(1, size + 1):
                if not whole or depth == 1 or (depth == size and not column.down):
                    sources.setdefault(face, []).append((pile, depth))
                if depth == size:
                    break
                under = up[-depth - 1].index
                if face not in group[under]:
                    break
                face = under

    def _moves_to_columns(
        self, state: State, columns: _Columns, sources: dict[int, list[tuple[str, int]]], rules: Ruleset
    ) -> list[Move]:
        moves: list[Move] = []
        piles = state.piles
        index = self.table.index
        limit = columns.limit
        empty = columns.empty
        if empty == BELOW_BASE:
            empty = self._space_rank(state)
        fitting = columns.fitting
        takes = columns.takes_from
        for dst, place in columns.pairs:
            column = piles[place]
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
                    if takes is not None and src not in takes and self._kind.get(src) not in takes:
                        continue
                    count = size if size > 1 else None
                    if count is None and not column and self._kind[src] == TABLEAU:
                        count = self._written_count(1, None, piles[index[src]].up, most, src, columns)
                    moves.append(Move(src, dst, count))
        return moves

    def is_won(self, state: State) -> bool:
        """Every card on the foundations."""
        piles = state.piles
        return all(not piles[place] for place, kind in enumerate(state.table.kinds) if kind != FOUNDATION)

    # -- the solver ---------------------------------------------------------------------------------

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

    def returns_possible(self) -> bool:
        """Whether some group of foundations lets cards come back (``returns``, and not
        whole runs)."""
        return any(home.returns and not home.runs for home in self._homes)

    def description(self, rules: Ruleset) -> BlocksDescription:
        """What the search may rely on, from the blocks
        (:class:`~solitaire.core.description.Description`)."""
        return BlocksDescription(self, rules)

    def plain(self) -> bool:
        """Whether the variant's moves are the blocks' own: no rule or effect of its own,
        no method of the moves overridden, and cards that only move and turn up (no
        column filled from elsewhere, no pull, no redeal, a stock that turns face down)."""
        kind = type(self)
        stock = self.stock_block
        return (
            not self._has_rules
            and not self.effects
            and kind.events is Declared.events
            and kind.legal_moves is Declared.legal_moves
            and kind.check is Declared.check
            and not self._fills
            and not self._merci
            and all(columns.block.turns_up for columns in self._columns)
            and (stock is None or (stock.deals != "redeal" and not stock.face_up))
        )

    def interchangeable(self) -> tuple[tuple[str, ...], ...]:
        """Groups of piles whose cards may be exchanged, pile for pile, without changing
        what the rules allow: the solver searches such positions once.  By default each
        group of cells; each group of columns, unless the columns are laid out by
        position, the game has effects of its own or a redeal (which gathers them in
        their order); each group of foundations that any suit may start, with one base
        for all and no cards dealt onto them.  A group with rules of its own is never one,
        nor are two groups together.  A variant whose rules tell these piles apart says
        so here; the kit checks every claim by exchanging piles in random positions."""
        groups: list[tuple[str, ...]] = []
        stock = self.stock_block
        positioned = any(spec.at is not None or spec.covered_by for spec in self.piles(self.empty_state()))
        redeals = stock is not None and stock.deals == "redeal"
        for group in self.groups:
            block = group.block
            if (isinstance(block, Cells) and not block.rules and block.takes_from is None) or (
                isinstance(block, Tableau) and not (positioned or self.effects or redeals or block.rules)
            ):
                groups.append(group.ids)
            elif isinstance(block, Foundations):
                home = self._home_of[group.ids[0]]
                if not (home.by_suit or home.by_rank or home.bases is not None or home.rules or home.bottom):
                    groups.append(group.ids)
        return tuple(group for group in groups if len(group) > 1)


class BlocksDescription:
    """The :class:`~solitaire.core.description.Description` of a declared variant under
    one set of rules, worked out from its blocks."""

    def __init__(self, variant: Declared, rules: Ruleset) -> None:
        self.variant = variant
        self.table = variant.table
        self.decks = variant.decks
        self.interchangeable = variant.interchangeable()
        stock = variant.stock_block
        self.has_stock = stock is not None
        self.deals_onto_columns = stock is not None and stock.deals == "each"
        # Taps commute with the moves that leave the waste alone only where nothing but
        # the blocks decides what a move may do and does.
        own = bool(variant.effects) or any(getattr(group.block, "rules", ()) for group in variant.groups)
        self.stock_turns_to_waste = (
            stock is not None and stock.deals == "waste" and not stock.rules and not own
        )
        self.stock_needs_full_columns = stock is not None and stock.deals == "each" and stock.needs_full
        columns = variant._columns
        builds = {c.build for c in columns}
        self.tableau_fits = tuple(map(frozenset, columns[0].fitting)) if len(builds) == 1 else None
        grouping = {c.group_build for c in columns}
        self.group_fits = columns[0].group_fitting if len(grouping) == 1 and None not in grouping else None
        self.base_moves_alone = all(
            c.mode == SINGLE
            or (c.group_build is not None and c.group_build.direction == DOWN and not c.group_build.wrap)
            for c in columns
        )
        plain = variant.plain()
        self.plain_moves = (
            plain and self.tableau_fits is not None and all(c.mode in (ORDERED, SINGLE) for c in columns)
        )
        homes = variant._homes
        self.runs_home = any(home.runs for home in homes)
        self.homes_by_suit = (
            plain
            and len({(home.base, home.build) for home in homes}) == 1
            and all(
                home.by_suit
                and not home.runs
                and not home.bottom
                and home.bases is None
                and home.base != DEALT
                and home.build == Build(UP, SAME_SUIT)
                for home in homes
            )
        )
        returning = rules.returns_allowed and any(home.returns for home in homes)
        self.returns = returning
        self.homes_kept = not (
            rules.returns_allowed and any(home.returns and not home.runs for home in homes)
        )

    def base(self, state: State) -> int:
        return self.variant.foundation_base(state)
