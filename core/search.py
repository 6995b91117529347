"""The generic solver: a search over any variant's own rules.

Every game that describes its rules (``Variant.description``, a
:class:`~solitaire.core.description.Description`) gets this solver from
``Variant.solver``; it knows a game only through the variant:
its legal moves (``Variant.legal_moves``), their events (``Variant.events``), and
``Variant.is_won``.  What it adds are reductions that the description lets it prove sound:

* **A canonical position key.**  A position is written as a few bytes a pile (the
  faces of its face-down and face-up cards), and piles that are interchangeable
  (``Description.interchangeable``: free cells, or columns that any card may fill,
  for instance) are sorted, so that positions that differ only by which of
  them holds what are searched once.  The two copies of a card in a two-deck game
  are the same face in the key.  Score and move counter are left out; the pass
  under way only counts when passes are limited.
* **Stock macro moves.**  For a stock that turns cards onto a waste, "tap the stock
  k times, then play the waste card" is one move: taps commute with every move that
  does not touch the waste, and taps not followed by a play are useless.
* **Safe moves to the foundations** (:class:`Dominance`), made without branching: a
  card whose foundation builds up by suit may go home when no card off the
  foundations can ever need it, that is when every card the tableau lets go on it
  is home or may always go home itself (an ace, where the foundations start with
  aces and an ace only ever moves alone or on top of a group: not where any
  face-up group may move, for an ace may carry the cards over it onto a two).  With foundation returns, which
  could bring a card back, so is every card that may go on those.  The familiar
  "both cards of the other colour one rank lower are home" of cell games and
  Solvitaire's safe moves are this rule.
* **The longer rule** (:attr:`Dominance.chain`: one deck, foundations from the aces
  that no card leaves, no stock, and cards that move alone or in groups built by the
  tableau's own build, as in most games with cells): a card not home is free too
  when the card under it in its suit is home and every card that may go on it is
  free (so where columns build down in alternating colours, the three of spades goes
  home once the two of spades and the red aces are).  Proof: let P' be P after card c goes home, and L a
  winning line from P.  Play L from P', leaving out the moves of free cards (c among
  them) and sending a free card home instead whenever L would put it on a card that
  is home in P' (a free card's foundation has its lower card already, and homes only
  grow).  Only free cards ever lie on c or on a free card (a card lands on another
  only where it fits it, and a group moves only if each card fits the one under it;
  with no stock nothing is dealt onto a card), so at every step each pile of P' is
  the pile of L less the free cards on its top, every card L sends home is at a top
  in P' or already home, every free cell and empty column of L is free in P', and
  each move of L, less its free cards, is legal in P' (the group limits only grow
  with free cells and columns).  L so becomes a winning line from P'.

The search knows the face-down cards: its verdict is the "thoughtful" one, as in the
literature, and a winning line may turn up cards a player could not have foreseen.
It runs in two phases on one budget of positions and seconds: a best-first search
ordered by :func:`cost` (fewer cards in play, fewer face-down cards, fewer cards on a
lower one), which finds most wins quickly, then a complete depth-first search with a
transposition table, children tried cheapest first.  Both are complete over the
children the reductions above leave: "unwinnable" comes only from a search, either
one, that has been through every position reachable so and found no win.  In games
with cells (:attr:`Searcher.cells`) the best-first search takes the whole budget and
takes turns between four measures (:attr:`Searcher.pile_costs`: :func:`cost`,
:func:`over_pile_cost`, :func:`top_group_pile_cost` and :func:`low_pile_cost`), one
queue each; a position enters all four queues and is expanded once, so the search
stays complete (alternation of measures, Röger & Helmert 2010).  No measure wins
every deal quickly, but most deals that one measure leads astray another solves at
once.  Four depth-first dives (:attr:`Searcher.dives`), one by each measure, take
turns with the four queues, a position a turn: each starts from the best position of
its queue that no dive has expanded, goes on to the children of the last position it
expanded, most promising first by its measure, and backs up when none is left,
starting again from its queue when it has nothing left at all.  The dives keep a
table of their own (the positions they have expanded) and their children do not
enter the queues: the queues search as they would alone, at half the speed, and
alone they decide "unwinnable", when every queue is empty, so the search stays
complete.  A dive goes deep where the queues spread out over a plateau, as
fc-solve's depth-first "soft threads" do, and a dive that shares the queues' table
would lead them after it, away from the wins they find alone (the figures are in
``docs/solver.md``).  A dive's expansions and the children
it makes count against the budget too, so that a budget of positions still bounds
the work.

Where the foundations take whole runs and the groups that move are runs built by a
rule (:attr:`Searcher.run_groups`, read from the description), the
best-first phase gets 4/5 of the budget; with cards of more than one suit its
measure counts a stock card 3 (less than the breaks a dealt card makes, so it deals
only when the columns have nothing better: :func:`run_groups_pile_cost`); and it
leaves out three kinds of moves between columns (:meth:`Searcher.idle`): splitting
a group, a sideways move from one card a group is built on to another it does not
group with, and a whole column without face-down cards to an empty one.  These are
not dominance claims: there the best-first phase only ever finds wins (a best-first
search that runs out of positions proves the deal unwinnable only where it left no
move out), so what it leaves out costs at most a win it does not find; the complete
phase, which then says "unwinnable", searches every move.  What they gain is
measured in ``docs/solver.md``.

Per position, the work that depends on one pile only (its bytes in the key, its shares
of the measures) is done once for each pile object: a move makes new objects only for
the piles it changes, the others are shared with the parent position, so a child
costs about two piles' work.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from solitaire.core.moves import DRAW, Move
from solitaire.core.solver import DEFAULT_NODES, SolveResult, collector_paused
from solitaire.core.state import CELL, FOUNDATION, RESERVE, STOCK, TABLEAU, WASTE, Pile, State, apply_all

if TYPE_CHECKING:
    from solitaire.core.description import Description
    from solitaire.core.ruleset import Ruleset, Variant

__all__ = ["GENERIC_SOLVER", "Dominance", "GenericSolver", "Searcher", "cost", "runs_cost"]

#: The best-first phase gets 1/BEST_FIRST_SHARE of the budget of positions and time.
BEST_FIRST_SHARE: Final = 2
#: Where groups are runs built by a rule, the best-first phase gets 1/RUN_GROUPS_SHARE.
RUN_GROUPS_SHARE: Final = 1.25
#: In games with cells, the measures (by their place in ``Searcher.pile_costs``) of the
#: depth-first dives that take turns with the best-first queues, one dive each: one by
#: each measure.
DIVES: Final = (0, 1, 2, 3)
#: The clock is read every _CLOCK + 1 positions.
_CLOCK: Final = 255
#: How many piles' encodings the key cache keeps before it starts again.
PILE_CACHE: Final = 300_000

#: A child of a position: the actions that lead to it (one move, or taps then a play) and it.
Child = tuple[tuple[str, ...], State]
#: How a dive came to a position: the key of the position it started from (the queues
#: know the way there), or the trail to the position before and the actions from it.
Trail = bytes | tuple["Trail", tuple[str, ...]]
#: A position on a dive's stack: its key, it, and the dive's trail to it.
Step = tuple[bytes, State, Trail]


class _Budget(Exception):
    """Out of positions or time, or cancelled."""


def pile_cost(pile: Pile, kind: str) -> int:
    """One pile's share of :func:`cost`."""
    if kind == FOUNDATION:
        return 0
    if kind == STOCK:
        return 4 * (len(pile.down) + len(pile.up))
    cards = pile.down + pile.up
    if not cards:
        return 0
    total = 10 * len(cards) + 3 * len(pile.down) + 1
    if kind == CELL:
        return total + 10
    lowest = 14
    under = cards[0]
    for card in cards[1:]:
        if under.rank < lowest:
            lowest = under.rank
        if card.rank > lowest:
            total += 4
        if card.rank != under.rank - 1 or card.suit != under.suit:
            total += 2
        under = card
    return total


def cost(state: State) -> int:
    """How far ``state`` looks from a win, lower is nearer: cards in play (the stock
    counts less), face-down cards, cards that lie on a lower one (one of them must move
    first), breaks in the runs, cards in cells, and piles that are not empty.  The
    weights (a card 10, a card in a cell 10 more, a card over a lower one 4, a break 2)
    were tuned on a game with four cells and eight columns, where a card in a cell
    is what costs most freedom; games without cells keep the measure they had."""
    return sum(pile_cost(pile, kind) for pile, kind in zip(state.piles, state.table.kinds, strict=True))


def over_pile_cost(pile: Pile, kind: str) -> int:
    """One pile's share of the second measure of games with cells: :func:`pile_cost`,
    but a card over a lower one weighs 8, not 4."""
    total = pile_cost(pile, kind)
    if kind != TABLEAU:
        return total
    lowest = 14
    for lower, upper in itertools.pairwise(pile.down + pile.up):
        if lower.rank < lowest:
            lowest = lower.rank
        if upper.rank > lowest:
            total += 4
    return total


def low_pile_cost(pile: Pile, kind: str) -> int:
    """One pile's share of the fourth measure of games with cells: :func:`pile_cost`,
    and 6 for each card over a column's lowest card (the first from the bottom of the
    lowest rank), which goes home before the others."""
    total = pile_cost(pile, kind)
    cards = pile.down + pile.up
    if kind != TABLEAU or not cards:
        return total
    lowest = min(range(len(cards)), key=lambda place: cards[place].rank)
    return total + 6 * (len(cards) - 1 - lowest)


def top_group_pile_cost(group: Sequence[frozenset[int]]) -> Callable[[Pile, str], int]:
    """One pile's share of the third measure of games with cells, for the group build
    ``group`` (for each face, the faces that continue a group on it): a card 10, a card
    in a cell 10 more, a pile that is not empty 1, a card over a lower one 4, and the n
    cards of a column under its top group 3 × n^1.3 together (they must all move before
    the column's bottom helps: fc-solve's "cards under sequences")."""

    def share(pile: Pile, kind: str) -> int:
        if kind in (FOUNDATION, STOCK):
            return pile_cost(pile, kind)
        up = pile.up
        count = len(pile.down) + len(up)
        if not count:
            return 0
        total = 10 * count + 1
        if kind == CELL:
            return total + 10
        size = 1
        while size < len(up) and up[-size].index in group[up[-size - 1].index]:
            size += 1
        total += int(3 * (count - size) ** 1.3)
        lowest = 14
        for lower, upper in itertools.pairwise(pile.down + up):
            if lower.rank < lowest:
                lowest = lower.rank
            if upper.rank > lowest:
                total += 4
        return total

    return share


def runs_pile_cost(pile: Pile, kind: str) -> int:
    """One pile's share of :func:`runs_cost`."""
    if kind == FOUNDATION:
        return -10 * len(pile.up)
    if kind == STOCK:
        return 9 * len(pile.down)
    if not pile:
        return 0
    halves = 2
    for lower, upper in itertools.pairwise(pile.up):
        if upper.rank != lower.rank - 1:
            halves += 2
        elif upper.suit != lower.suit:
            halves += 1
    return 20 * len(pile.down) + (6 if pile.down else 3) * halves


def runs_cost(state: State) -> int:
    """:func:`cost` for games whose foundations take whole runs: cards home
    count off; a column costs 20 a face-down card and 3 a half run of its face-up cards
    (a card on one a rank higher of another suit starts half a run, any other break a
    whole one), twice that over face-down cards; a stock card costs 9.  (The search
    leaves the move counter alone, so the measure has no term for moves made: on a
    plateau the best-first search takes the newest position first instead.)"""
    piles = zip(state.piles, state.table.kinds, strict=True)
    return sum(runs_pile_cost(pile, kind) for pile, kind in piles)


def run_groups_pile_cost(pile: Pile, kind: str) -> int:
    """One pile's share of the measure where groups are runs built by a rule:
    :func:`runs_pile_cost`, but a stock card costs 3, less than the breaks it makes
    when dealt, so that the search deals only when the columns have nothing better."""
    if kind == STOCK:
        return 3 * len(pile.down)
    return runs_pile_cost(pile, kind)


class Dominance:
    """Which moves to the foundations are safe in a variant (see the module's
    docstring), from its :class:`~solitaire.core.description.Description`; ``None``
    from :meth:`of` when the description does not say enough to prove any safe
    (foundations that take runs, that are not built up by suit, or whose test is the
    variant's own)."""

    def __init__(self, described: Description, rules: Ruleset) -> None:
        self.described = described
        self.table = described.table
        self.decks = described.decks
        #: For each face, the faces the tableau lets go on it.
        fits = described.tableau_fits
        assert fits is not None
        self.fitting: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(faces)) for faces in fits)
        self.returns = described.returns
        #: Waste cards go home safely only where every talon card stays a few taps away.
        self.from_waste = rules.draw == 1 and rules.redeal.passes is None
        #: A stock that deals onto every column but not while one is empty: emptying a
        #: column is not always good there.
        self.keep_full = described.deals_onto_columns and described.stock_needs_full_columns
        self.sources = {pile: kind for pile, kind in self.table.pairs if kind in (TABLEAU, CELL, RESERVE)}
        #: Whether a card of the base rank only ever moves by itself or on top of a group
        #: (single cards, or groups built down from higher ranks without wrap): then it
        #: never needs a place to go but home.  Not so where any face-up card moves with
        #: the cards on it, and an ace may carry them onto a two.
        self.base_alone = described.base_moves_alone
        #: The longer rule (see the module's docstring): whether a card whose lower card
        #: is home and whose holders are free counts as free.  One deck, foundations from
        #: the aces that no card leaves (the base is checked in :meth:`safe`), no stock,
        #: and plain moves, where every card that lands on another fits it by the
        #: tableau's build.
        self.chain = (
            self.decks == 1
            and not self.returns
            and not described.has_stock
            and self.base_alone
            and described.plain_moves
        )
        if self.from_waste and self.table.ids_of(WASTE):
            self.sources[self.table.ids_of(WASTE)[0]] = WASTE

    @classmethod
    def of(cls, variant: Variant, rules: Ruleset) -> Dominance | None:
        described = variant.description(rules)
        if (
            described is None
            or not described.table.ids_of(FOUNDATION)
            or described.runs_home
            or not described.homes_by_suit
            or described.tableau_fits is None
        ):
            return None
        return cls(described, rules)

    def safe(self, state: State, moves: Sequence[Move]) -> Move | None:
        """A move of ``moves`` that takes a card home safely, or None."""
        kind = self.table.kind
        candidates = [
            move
            for move in moves
            if move.dst is not None
            and move.src in self.sources
            and (move.dst == "f" or kind(move.dst) == FOUNDATION)
        ]
        if not candidates:
            return None
        home = [0] * 52
        for place in state.table.places(FOUNDATION):
            for card in state.piles[place].up:
                home[card.index] += 1
        base = self.described.base(state)
        decks = self.decks
        fitting = self.fitting
        base_alone = self.base_alone

        chain = self.chain and base == 1
        known: dict[int, bool] = {}

        def free(face: int) -> bool:
            """Whether no card off the foundations needs a card to go on: it is home
            (every copy), or it may always go home itself: an ace, or (:attr:`chain`)
            a card whose foundation has the card under it and on which every card
            that may go is free too."""
            if home[face] == decks or (base_alone and face % 13 + 1 == base == 1):
                return True
            if not chain or not home[face - 1]:  # face - 1: the card under it at home
                return False
            found = known.get(face)
            if found is None:
                found = known[face] = all(free(over) for over in fitting[face])
            return found

        for move in candidates:
            pile = state.pile(move.src)
            card = pile.up[-1]
            if not all(free(face) for face in fitting[card.index]):
                continue
            above = fitting[card.index]
            if self.returns and not all(free(face) for over in above for face in fitting[over]):
                continue
            if self.keep_full and len(pile) == 1:
                continue
            return move
        return None


class Searcher:
    """The search's view of one variant under one set of rules: children, keys,
    safe moves and the measure."""

    def __init__(self, rules: Ruleset, *, dominance: bool = True) -> None:
        self.rules = rules
        variant = rules.variant
        self.variant = variant
        described = variant.description(rules)
        self.described = described
        if described is not None:
            table = described.table
        else:  # a variant that describes nothing: its table from a dealt position
            table = variant.initial_state(variant.dealt_order(variant.deal_numbers[0], rules), rules).table
        self.table = table
        self.kinds = table.kinds
        named = described.interchangeable if described is not None else ()
        groups = tuple(tuple(table.index[pile] for pile in group) for group in named if len(group) > 1)
        grouped = {place for group in groups for place in group}
        #: Places whose piles are keyed one by one; then the groups, each sorted.
        self.single = tuple(place for place in range(len(table.ids)) if place not in grouped)
        self.groups: tuple[tuple[int, ...], ...] = groups
        self.group_of = {table.ids[place]: number for number, group in enumerate(groups) for place in group}
        self.stock_place = table.index.get("s")
        #: A stock that deals onto the columns in their order: while it has cards, the
        #: columns are not interchangeable.
        self.sort_needs_empty_stock = {
            number
            for number, group in enumerate(groups)
            if described is not None and described.deals_onto_columns and table.kinds[group[0]] == TABLEAU
        }
        self.passes_matter = rules.redeal.passes is not None
        self.waste = table.ids_of(WASTE)[0] if table.ids_of(WASTE) else None
        self.macro = self.waste is not None and described is not None and described.stock_turns_to_waste
        self.dominance = Dominance.of(variant, rules) if dominance else None
        self.runs = described is not None and described.runs_home
        group_fits = described.group_fits if described is not None else None
        tableau_fits = described.tableau_fits if described is not None else None
        #: Foundations of whole runs and groups that are runs built by a rule: the
        #: best-first phase leaves out the moves of :meth:`idle`, and
        #: gets most of the budget (see the module's docstring).
        self.run_groups = self.runs and group_fits is not None and tableau_fits is not None
        self.group_fitting: tuple[frozenset[int], ...] = tuple(group_fits or ()) if self.run_groups else ()
        self.fitting: tuple[frozenset[int], ...] = tuple(tableau_fits or ()) if self.run_groups else ()
        self.pile_cost: Callable[[Pile, str], int] = runs_pile_cost if self.runs else pile_cost
        #: Games with cells (and foundations of single cards): the best-first phase
        #: takes turns between four measures, and gets the whole budget.
        self.cells = described is not None and not self.runs and bool(table.ids_of(CELL))
        self.pile_costs: tuple[Callable[[Pile, str], int], ...] = (self.pile_cost,)
        if self.cells:
            fits = group_fits or tableau_fits or (frozenset(),) * 52
            self.pile_costs = (pile_cost, over_pile_cost, top_group_pile_cost(tuple(fits)), low_pile_cost)
        #: The measures (by their place in :attr:`pile_costs`) that order the best-first
        #: phase's depth-first dives, one each (games with cells only).
        self.dives: tuple[int, ...] = DIVES if self.cells else ()
        #: The best-first phase's share of the budget is 1/this (1: all of it).
        self.best_first_share: float = (
            1 if self.cells else RUN_GROUPS_SHARE if self.run_groups else BEST_FIRST_SHARE
        )
        #: The key's bytes of each pile (by ``id``), of each foundation keyed by
        #: :meth:`home_bytes`, and the piles they are of, kept alive meanwhile.
        self.encoded: dict[int, bytes] = {}
        self.home_encoded: dict[int, bytes] = {}
        self.alive: dict[int, Pile] = {}
        self.costs: dict[int, tuple[Pile, int]] = {}
        self.all_costs: dict[int, tuple[Pile, tuple[int, ...]]] = {}
        #: The foundations no card leaves (returns forbidden, or runs that stay home).
        kept = described is not None and described.homes_kept
        self.homes = frozenset(table.places(FOUNDATION) if kept else ())
        #: Whether the variant keeps values beside its piles: then they are in the key.
        self.variables = bool(variant.state_fields())

    def fit(self, state: State) -> None:
        """Fit the measure to the cards of ``state``: where groups are runs and the cards
        are of more than one suit, a stock card costs less (:func:`run_groups_pile_cost`).
        In one suit every card built on another groups with it, and dealing early does
        no harm: a one-suit game is won faster with the measure of :func:`runs_cost`."""
        if self.run_groups and len({card.suit for card in state.cards()}) > 1:
            self.pile_cost = run_groups_pile_cost
            self.costs.clear()

    def measure(self, state: State) -> int:
        """:func:`cost` (or :func:`runs_cost`) of ``state``, each pile's share computed
        once while the pile object lives on in the positions searched."""
        costs = self.costs
        if len(costs) > PILE_CACHE:
            costs.clear()
        total = 3 * state.moves if self.runs else 0
        for pile, kind in zip(state.piles, self.kinds, strict=True):
            found = costs.get(id(pile))
            if found is not None and found[0] is pile:
                total += found[1]
                continue
            share = self.pile_cost(pile, kind)
            costs[id(pile)] = (pile, share)
            total += share
        return total

    def measures(self, state: State) -> tuple[int, ...]:
        """The measures of :attr:`pile_costs` of ``state`` (the first is :meth:`measure`),
        each pile's shares computed once while the pile object lives on."""
        costs = self.all_costs
        if len(costs) > PILE_CACHE:
            costs.clear()
        shares: list[tuple[int, ...]] = []
        for pile, kind in zip(state.piles, self.kinds, strict=True):
            found = costs.get(id(pile))
            if found is None or found[0] is not pile:
                found = (pile, tuple(share(pile, kind) for share in self.pile_costs))
                costs[id(pile)] = found
            shares.append(found[1])
        moves = 3 * state.moves if self.runs else 0
        return tuple(moves + sum(column) for column in zip(*shares, strict=True))

    # -- keys ---------------------------------------------------------------------------------

    @staticmethod
    def home_bytes(pile: Pile) -> bytes:
        """A foundation that nothing leaves: its first and last cards and its size say
        all the rules can ask (the cards under the top are those missing elsewhere)."""
        up = pile.up
        return bytes((254, len(up), up[0].index, up[-1].index)) if up else b"\xfe\x00"

    def _kept(self, pile: Pile) -> None:
        """Keep ``pile`` alive while the caches know its ``id`` (so that no other pile
        gets that ``id``), emptying them all when they are full."""
        if len(self.alive) > PILE_CACHE:
            self.alive.clear()
            self.encoded.clear()
            self.home_encoded.clear()
        self.alive[id(pile)] = pile

    def pile_bytes(self, pile: Pile) -> bytes:
        """The bytes of ``pile`` in the key: the sizes of its face-down and face-up
        cards, then their faces."""
        found = self.encoded.get(id(pile))
        if found is not None:
            return found
        down, up = pile.down, pile.up
        raw = bytes([len(down), len(up)] + [card.index for card in down + up])
        self._kept(pile)
        self.encoded[id(pile)] = raw
        return raw

    def _home_code(self, pile: Pile) -> bytes:
        raw = self.home_bytes(pile)
        self._kept(pile)
        self.home_encoded[id(pile)] = raw
        return raw

    def key(self, state: State) -> bytes:
        """The canonical key of ``state`` (see the module's docstring)."""
        piles = state.piles
        code, make = self.encoded.get, self.pile_bytes
        home, make_home = self.home_encoded.get, self._home_code
        homes = self.homes
        parts = [
            (home(id(pile)) or make_home(pile)) if place in homes else (code(id(pile)) or make(pile))
            for place, pile in ((place, piles[place]) for place in self.single)
        ]
        stock_empty = self.stock_place is None or not piles[self.stock_place]
        for number, group in enumerate(self.groups):
            encoded = [code(id(pile)) or make(pile) for pile in [piles[place] for place in group]]
            if stock_empty or number not in self.sort_needs_empty_stock:
                encoded.sort()
            parts += encoded
        if self.passes_matter:
            parts.append(bytes((255, state.pass_number & 255)))
        if self.variables and state.variables:
            parts.append(b"\xfd" + repr(state.variables.items_).encode())
        return b"".join(parts)

    # -- moves --------------------------------------------------------------------------------

    def after(self, state: State, move: Move) -> State:
        """The position after the legal ``move`` (score and counters aside)."""
        after = apply_all(state, self.variant.events(state, move, self.rules))
        return after

    def moves(self, state: State) -> list[Move]:
        """The legal moves, less those that only differ by which empty pile of an
        interchangeable group they go to."""
        moves = self.variant.legal_moves(state, self.rules)
        if not self.groups:
            return moves
        piles, index, group_of = state.piles, self.table.index, self.group_of
        kept: list[Move] = []
        seen: set[tuple[str, int | None, int]] = set()
        for move in moves:
            dst = move.dst
            if dst is not None and dst in group_of and not piles[index[dst]]:
                mark = (move.src, move.count, group_of[dst])
                if mark in seen:
                    continue
                seen.add(mark)
            kept.append(move)
        return kept

    def idle(self, state: State, move: Move) -> bool:
        """Whether ``move`` is one the best-first phase leaves out where groups are runs
        (:attr:`run_groups`), a move between columns that

        * splits a group, taking cards off one they move with (it breaks a run the
          rules keep together);
        * takes cards off one they are built on, onto one they are built on but do
          not group with (where groups are runs of a suit, a seven of spades from an
          eight of hearts to an eight of diamonds: a sideways move that only frees the card under it);
        * or takes a whole column without face-down cards to an empty one (the
          columns only change places)."""
        src, dst = move.src, move.dst
        index = self.table.index
        if dst is None or src not in index or dst not in index:
            return False
        kinds, piles = self.kinds, state.piles
        if kinds[index[src]] != TABLEAU or kinds[index[dst]] != TABLEAU:
            return False
        column = piles[index[src]]
        up = column.up
        count = move.count or 1
        target = piles[index[dst]]
        if count < len(up):
            card, under = up[-count].index, up[-count - 1].index
            if card in self.group_fitting[under]:
                return True
            return (
                bool(target.up)
                and card in self.fitting[under]
                and card not in self.group_fitting[target.up[-1].index]
            )
        return not column.down and not target

    def children(self, state: State, *, lean: bool = False) -> list[Child]:
        """Every child of ``state``; only one when a move home is safe.  ``lean``
        leaves out the moves of :meth:`idle` (the best-first phase's choice)."""
        moves = self.moves(state)
        if lean and self.run_groups:
            moves = [move for move in moves if not self.idle(state, move)]
        if self.dominance is not None:
            safe = self.dominance.safe(state, moves)
            if safe is not None:
                return [((str(safe),), self.after(state, safe))]
        if not self.macro:
            return [((str(move),), self.after(state, move)) for move in moves]
        out: list[Child] = [((str(move),), self.after(state, move)) for move in moves if not move.is_draw]
        if DRAW not in moves:
            return out
        # The stock's macro moves: k taps, then a play of the waste card.
        waste = self.waste
        here = state
        talons: set[tuple[object, ...]] = set()
        taps: tuple[str, ...] = ()
        limit = 2 * len(state.cards()) + 4
        while len(taps) < limit:
            here = self.after(here, DRAW)
            taps += ("s",)
            talon = (here.stock, here.waste, here.pass_number if self.passes_matter else 0)
            if talon in talons:
                break
            talons.add(talon)
            moves = self.variant.legal_moves(here, self.rules)
            # A play of the waste card, or of the stock's own top card (a face-up stock's).
            out += [
                (taps + (str(move),), self.after(here, move))
                for move in moves
                if move.src == waste or (move.src == DRAW.src and not move.is_draw)
            ]
            if self.rules.is_won(here):
                out.append((taps, here))
            if DRAW not in moves:
                break
        return out


def _next_on(stack: list[list[Step]], expanded: set[bytes]) -> Step | None:
    """The next position of a dive's ``stack`` not in ``expanded`` (taken off it), or
    None when there is none."""
    while stack:
        kids = stack[-1]
        while kids:
            found = kids.pop()
            if found[0] not in expanded:
                return found
        stack.pop()
    return None


def _start(queue: list[tuple[int, int, tuple[bytes, State]]], dived: set[bytes]) -> Step | None:
    """Where a dive starts again: the best of the first positions of ``queue`` (a heap)
    that no dive has expanded, or None.  Its trail is its key: the queues know the
    way there."""
    best = None
    for place in range(min(len(queue), 63)):  # the heap's first six levels
        item = queue[place]
        if item[2][0] not in dived and (best is None or item < best):
            best = item
    return None if best is None else (best[2][0], best[2][1], best[2][0])


class _Run:
    """One solve: the budget, and the line found."""

    def __init__(
        self,
        searcher: Searcher,
        max_nodes: int,
        deadline: float,
        cancel: threading.Event | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self.searcher = searcher
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.cancel = cancel
        self.nodes = 0
        #: Set when :meth:`best_first` has searched every position and found no win.
        self.exhausted = False
        #: Set when the line :meth:`best_first` found is a dive's.
        self.dived = False

    def count(self) -> None:
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise _Budget
        if self.nodes & _CLOCK == 0 and (
            self.clock() > self.deadline or (self.cancel is not None and self.cancel.is_set())
        ):
            raise _Budget

    def best_first(self, state: State) -> list[str] | None:
        """A winning line found by the best-first search, or None.  None proves nothing,
        unless :attr:`exhausted` is then set: the search went through every position
        reachable under the reductions, and none wins.

        With several measures (:attr:`Searcher.pile_costs`), each has its own queue of
        the positions seen, and the search takes the best position of each queue in
        turn, passing over those already expanded: one measure's blind spot is then
        only a share of the time lost (alternation, as in Röger & Helmert, "The More,
        the Merrier", 2010).  Every position enters every queue and is expanded once.

        The dives of :attr:`Searcher.dives` take turns with the queues too: each is a
        depth-first search, children tried in the order of its measure, that starts
        from the best position of that measure's queue no dive has expanded, and
        starts again from there when it has nothing left to try.  The dives keep
        their own table of the positions they expanded, and the queues do not see
        their children; a dive's line is the way the queues know to where it started,
        then its trail.  The queues alone prove a deal unwinnable, when every one of
        them is empty."""
        searcher = self.searcher
        tie = itertools.count(0, -1)  # among equals the newest first: deeper on a plateau
        root = searcher.key(state)
        # Each position the queues have seen: the one it was reached from, the actions,
        # and its measures.
        parents: dict[bytes, tuple[bytes, tuple[str, ...], tuple[int, ...]] | None] = {root: None}
        several = len(searcher.pile_costs) > 1
        measures = searcher.measures if several else lambda here: (searcher.measure(here),)
        entry = (root, state)
        order = next(tie)
        queues: list[list[tuple[int, int, tuple[bytes, State]]]] = [
            [(value, order, entry)] for value in measures(state)
        ]
        dives = searcher.dives if several else ()
        # Each dive's stack: lists of children, the most promising last.
        stacks: list[list[list[Step]]] = [[] for _ in dives]
        # The positions the dives have expanded.
        dived: set[bytes] = set()
        members = len(queues) + len(dives)
        expanded: set[bytes] = set()
        turn = 0

        def line_to(trail: Trail) -> list[str]:
            # The actions of a dive's trail back to where it started, then the queues'.
            line: list[str] = []
            while isinstance(trail, tuple):
                trail, actions = trail
                line[:0] = actions
            step = parents[trail]
            while step is not None:
                line[:0] = step[1]
                step = parents[step[0]]
            return line

        stack: list[list[Step]] | None = None
        try:
            while True:
                # The next queue or dive in turn that still holds a position to expand.
                for _ in range(members):
                    number = turn
                    turn = (turn + 1) % members
                    if number >= len(queues):
                        if not any(queues):
                            continue  # the queues have expanded all they saw: nothing to win
                        stack = stacks[number - len(queues)]
                        found = _next_on(stack, dived)
                        if found is None:
                            found = _start(queues[dives[number - len(queues)]], dived)
                        if found is not None:
                            here_key, here, trail = found
                            break
                        continue
                    stack = None
                    queue = queues[number]
                    if several:
                        while queue and queue[0][2][0] in expanded:
                            heapq.heappop(queue)
                    if queue:
                        here_key, here = heapq.heappop(queue)[2]
                        break
                else:
                    # Every position seen: a proof, unless moves were left out (lean).
                    self.exhausted = not searcher.run_groups
                    return None
                if stack is not None:
                    # A dive's step, on its own table: the queues do not see it.
                    dived.add(here_key)
                    self.count()
                    measure = dives[number - len(queues)]
                    kids: list[tuple[int, bytes, State, Trail]] = []
                    for actions, child in searcher.children(here, lean=True):
                        key = searcher.key(child)
                        if key in dived:
                            continue
                        self.count()
                        known = parents.get(key)
                        if known is not None:
                            value = known[2][measure]
                        elif key != root and searcher.rules.is_won(child):
                            self.dived = True
                            return line_to((trail, actions))
                        else:
                            value = measures(child)[measure]
                        kids.append((value, key, child, (trail, actions)))
                    if kids:
                        kids.sort(key=lambda kid: -kid[0])
                        stack.append([kid[1:] for kid in kids])
                    continue
                if several:
                    expanded.add(here_key)
                for actions, child in searcher.children(here, lean=True):
                    key = searcher.key(child)
                    if key in parents:
                        continue
                    values = measures(child)
                    parents[key] = (here_key, actions, values)
                    if searcher.rules.is_won(child):
                        return line_to(key)
                    self.count()
                    order = next(tie)
                    entry = (key, child)
                    for queue, value in zip(queues, values, strict=True):
                        heapq.heappush(queue, (value, order, entry))
        except _Budget:
            return None

    def complete(self, state: State) -> list[str] | None:
        """Depth-first search of every position; a winning line, or None when there is
        none.  Raises :class:`_Budget` when out of budget."""
        searcher = self.searcher
        measure = searcher.measure
        won = searcher.rules.is_won
        if won(state):
            return []
        seen = {searcher.key(state)}
        line: list[tuple[str, ...]] = []
        stack: list[list[Child]] = [self.ordered(state, measure)]
        while stack:
            kids = stack[-1]
            if not kids:
                stack.pop()
                if line:
                    line.pop()
                continue
            actions, child = kids.pop()
            key = searcher.key(child)
            if key in seen:
                continue
            seen.add(key)
            self.count()
            if won(child):
                return [action for step in line for action in step] + list(actions)
            line.append(actions)
            stack.append(self.ordered(child, measure))
        return None

    def ordered(self, state: State, measure: Callable[[State], int]) -> list[Child]:
        """The children, the most promising last (the stack pops from the end)."""
        kids = self.searcher.children(state)
        kids.sort(key=lambda kid: -measure(kid[1]))
        return kids


class GenericSolver:
    """The solver every declared variant gets (see the module's docstring).

    ``clock`` reads the seconds ``timeout`` counts (the wall clock by default;
    ``time.process_time`` for CPU time, as benchmarks on a busy machine want);
    ``dominance=False`` makes no safe move without branching (to test that they are
    safe)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, dominance: bool = True) -> None:
        self.clock = clock
        self.dominance = dominance

    def solve(
        self,
        state: State,
        rules: Ruleset,
        *,
        max_nodes: int = DEFAULT_NODES,
        timeout: float | None = None,
        cancel: threading.Event | None = None,
    ) -> SolveResult:
        """Search ``state`` for a win: ``winnable`` with a line of actions that
        ``Game.perform`` plays to the win; ``unwinnable`` only after the complete
        search; ``unknown`` when ``max_nodes`` positions or ``timeout`` seconds ran
        out, or when another thread set ``cancel``."""
        with collector_paused():
            return self._solve(state, rules, max_nodes, timeout, cancel)

    def _solve(
        self,
        state: State,
        rules: Ruleset,
        max_nodes: int,
        timeout: float | None,
        cancel: threading.Event | None,
    ) -> SolveResult:
        clock = self.clock
        started = clock()
        deadline = started + timeout if timeout is not None else float("inf")
        searcher = Searcher(rules, dominance=self.dominance)
        searcher.fit(state)
        if rules.is_won(state):
            return SolveResult("winnable", (), 0, 0.0)
        share = searcher.best_first_share
        first = _Run(
            searcher,
            max(1, int(max_nodes / share)),
            min(deadline, started + (deadline - started) / share),
            cancel,
            clock,
        )
        line = first.best_first(state)
        if line is not None:
            return SolveResult("winnable", tuple(line), first.nodes, clock() - started)
        if first.exhausted:
            return SolveResult("unwinnable", (), first.nodes, clock() - started)
        if share == 1:  # the whole budget spent
            return SolveResult("unknown", (), first.nodes, clock() - started)
        second = _Run(searcher, max(1, max_nodes - first.nodes), deadline, cancel, clock)
        try:
            line = second.complete(state)
        except _Budget:
            return SolveResult("unknown", (), first.nodes + second.nodes, clock() - started)
        nodes, seconds = first.nodes + second.nodes, clock() - started
        if line is None:
            return SolveResult("unwinnable", (), nodes, seconds)
        return SolveResult("winnable", tuple(line), nodes, seconds)


#: The solver of every declared variant (``Declared.solver``).
GENERIC_SOLVER: Final = GenericSolver()
