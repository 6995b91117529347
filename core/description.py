"""What a game tells the search about its rules, beyond its moves.

The generic search (:mod:`solitaire.core.search`) plays any game through
``Variant.legal_moves``, ``Variant.events`` and ``Variant.is_won``.  To search less
it needs facts it cannot see in the moves: which piles are alike, how cards build,
which moves home are safe.  A variant states them in a :class:`Description`, the
answer of ``Variant.description(rules)``; ``None`` (the default) states nothing, and
the search then makes no reduction it cannot prove from the moves alone.

Each fact is a claim the variant makes about its own rules, and a wrong claim makes
the search wrong: the games declared from the building blocks
(:class:`solitaire.variants.blocks.Declared`) work their description out from the
blocks, and the test suite checks the claims of every built-in game by playing.
The faces used below are a card's ``index``: 0 .. 51, ``13 * suit + rank - 1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from solitaire.core.state import State, Table

__all__ = ["Description"]


@runtime_checkable
class Description(Protocol):
    """The facts about a game's rules that the search relies on (see the module's
    docstring).  Every attribute is read once, when a search starts."""

    @property
    def table(self) -> Table:
        """The table every position of the game has."""

    @property
    def decks(self) -> int:
        """How many decks the game is played with."""

    @property
    def interchangeable(self) -> Sequence[Sequence[str]]:
        """Groups of piles whose cards may be exchanged, pile for pile, without changing
        what the rules allow (the search keys such positions once)."""

    @property
    def deals_onto_columns(self) -> bool:
        """Whether a tap of the stock deals onto the tableau piles in their order (then
        they are not interchangeable while the stock has cards)."""

    @property
    def stock_turns_to_waste(self) -> bool:
        """Whether a tap of the stock only turns cards onto the waste (or turns the waste
        back), touching no other pile: taps then commute with every move that leaves
        the waste alone, and "tap k times, then play the waste's card" is one move."""

    @property
    def stock_needs_full_columns(self) -> bool:
        """Whether the stock deals onto the tableau only while no tableau pile is empty."""

    @property
    def has_stock(self) -> bool:
        """Whether the game has a stock that deals cards."""

    @property
    def tableau_fits(self) -> Sequence[frozenset[int]] | None:
        """For each face, the faces that may go on it on any tableau pile, or None when
        the tableau piles do not all build by one rule of faces."""

    @property
    def group_fits(self) -> Sequence[frozenset[int]] | None:
        """For each face, the faces that continue a group moving on it (groups built by
        a rule of faces), or None when groups are not built so (single cards, any
        face-up cards)."""

    @property
    def base_moves_alone(self) -> bool:
        """Whether a card of the foundations' base rank only ever leaves a tableau pile
        by itself or on top of a group (never carrying other cards onto a card)."""

    @property
    def plain_moves(self) -> bool:
        """Whether a card only ever lands on a card it fits by the tableau's build (or
        on an empty pile, a cell or a foundation), moving alone or in a group each card
        of which fits the one under it, and a move does nothing but move those cards
        and turn up the card left on top."""

    @property
    def homes_by_suit(self) -> bool:
        """Whether every foundation is of one suit, built up one rank at a time from
        the base (:meth:`base`), one card at a time, and takes a card exactly when its
        suit and rank are next: the moves home that the search may prove safe."""

    @property
    def runs_home(self) -> bool:
        """Whether the foundations take only whole runs, king to ace of one suit."""

    @property
    def homes_kept(self) -> bool:
        """Whether no card ever leaves a foundation (so a foundation's bottom, top and
        size say all the rules can ask of it)."""

    @property
    def returns(self) -> bool:
        """Whether cards may come back from the foundations."""

    def base(self, state: State) -> int:
        """The rank that starts a foundation in ``state`` (0: any rank)."""
