"""Variant state: the typed values a game keeps beside its piles.

Some rules remember something the cards do not show: whether the one pull of the
game has been used, how many redeals are left, the random source of the shuffles
to come.  A variant declares such values as **fields** (:class:`Flag`,
:class:`Counter`, :class:`Seed`, in ``Variant.fields``); their values live in the
immutable state (``State.variables``), so undo, redo, the log, replay and the
solver's position key know them with no code of the variant's.  A move changes one
with a :class:`~solitaire.core.state.VariableSet` event, which the field makes:

>>> from solitaire.core.state import State, Table, apply
>>> pulled = Flag("pulled")
>>> state = State(Table.of(), (), variables=Variables.of([pulled]))
>>> pulled.value(state)
False
>>> after = apply(state, pulled.raised())
>>> pulled.value(after), after.variables
(True, Variables(pulled=1))

Values are whole numbers (a flag is 0 or 1), so the log and the JSON state write
them as numbers.  A :class:`Seed` is a random source the game draws from (a
shuffle at a redeal): it starts from the dealt cards, so a deal number always
gives the same shuffles, and it is ``hidden``: a player does not know what it
holds, so the hints that guess at unseen cards guess at it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from solitaire.core.deals import splitmix64

if TYPE_CHECKING:
    from solitaire.core.cards import Card
    from solitaire.core.state import State, VariableSet

__all__ = ["Counter", "Field", "Flag", "Seed", "Variables", "check_name"]

#: The longest name a field may have.
MAX_NAME: Final = 40
_MASK64: Final = (1 << 64) - 1


def check_name(name: str) -> str:
    """``name`` when it may name a field (lower-case letters, digits, ``-`` and ``_``,
    starting with a letter, at most :data:`MAX_NAME` characters); else ``ValueError``."""
    ok = (
        isinstance(name, str)
        and 0 < len(name) <= MAX_NAME
        and name[0].isascii()
        and name[0].islower()
        and all(char.isascii() and (char.islower() or char.isdigit() or char in "-_") for char in name)
    )
    if not ok:
        raise ValueError(f"a field's name is lower-case letters, digits, '-' and '_', not {name!r}")
    return name


@attrs.frozen(repr=False)
class Variables(Mapping[str, int]):
    """The values of a state's fields, by name, in the order the variant declares
    them: a small immutable mapping (hashable, so states stay comparable)."""

    items_: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, fields: Iterable[Field], order: Sequence[Card] = ()) -> Variables:
        """The starting values of ``fields`` for a game dealt in ``order``."""
        return cls(tuple((field.name, field.start_value(order)) for field in fields))

    def __getitem__(self, name: str) -> int:
        for key, value in self.items_:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self.items_)

    def __len__(self) -> int:
        return len(self.items_)

    def set(self, name: str, value: int) -> Variables:
        """These values with ``name`` set to ``value`` (added last when it is new)."""
        if name in self:
            return Variables(tuple((key, value if key == name else old) for key, old in self.items_))
        return Variables((*self.items_, (name, value)))

    def __repr__(self) -> str:
        return "Variables(" + ", ".join(f"{key}={value}" for key, value in self.items_) + ")"


@attrs.frozen
class Field:
    """A value the variant keeps in the state: its ``name`` and starting value."""

    #: What a front end or a rule calls it; the key in ``State.variables``.
    name: str = attrs.field(validator=lambda _, __, name: check_name(name))
    start: int = 0
    #: Whether the player cannot know the value (a random source): then the guessing
    #: hints draw it anew with the unseen cards.
    hidden: ClassVar[bool] = False

    def start_value(self, order: Sequence[Card]) -> int:
        """The value at the deal (``order``: the dealt cards)."""
        return self.start

    def allows(self, value: int) -> bool:
        """Whether ``value`` is one this field may hold."""
        return isinstance(value, int) and not isinstance(value, bool)

    def value(self, state: State) -> int:
        """The field's value in ``state`` (its start when the state has none)."""
        return state.variables.get(self.name, self.start)

    def set(self, value: int) -> VariableSet:
        """The event that gives the field ``value``."""
        from solitaire.core.state import VariableSet

        if not self.allows(value):
            raise ValueError(f"{self.name}: {value!r} is not a value this field holds")
        return VariableSet(self.name, value)


@attrs.frozen
class Flag(Field):
    """A yes or no, false at the deal: whether something happened (the game's one
    special move used)."""

    def allows(self, value: int) -> bool:
        return value in (0, 1) and not isinstance(value, bool)

    def value(self, state: State) -> bool:
        """Whether the flag is raised in ``state``."""
        return bool(state.variables.get(self.name, self.start))

    def raised(self) -> VariableSet:
        """The event that raises the flag."""
        return self.set(1)


@attrs.frozen
class Counter(Field):
    """A count from ``start`` up to ``most`` (None: no limit): passes, pulls, points."""

    most: int | None = None

    def allows(self, value: int) -> bool:
        return super().allows(value) and value >= 0 and (self.most is None or value <= self.most)

    def left(self, state: State) -> int | None:
        """How many more the count may take (None: no limit)."""
        return None if self.most is None else self.most - self.value(state)

    def added(self, state: State, count: int = 1) -> VariableSet:
        """The event that adds ``count`` to the value in ``state``."""
        return self.set(self.value(state) + count)


@attrs.frozen
class Seed(Field):
    """A random source kept in the state: 64 bits that start from the dealt cards (so
    one deal always shuffles the same way) and that each draw replaces."""

    hidden: ClassVar[bool] = True

    def start_value(self, order: Sequence[Card]) -> int:
        """A SplitMix64 hash of the dealt cards' identities (``Card.uid``), in order."""
        value = next(splitmix64(len(order)))
        for card in order:
            value = next(splitmix64(value ^ card.uid))
        return value

    def allows(self, value: int) -> bool:
        return super().allows(value) and 0 <= value <= _MASK64

    def draw(self, state: State, count: int) -> tuple[list[int], VariableSet]:
        """A Fisher–Yates permutation of ``range(count)`` drawn from the seed in
        ``state`` (position ``n`` of the result is the old place of the card dealt
        ``n``-th), and the event that stores the seed's next value.  The shuffle is the
        one of ``docs/deals.md`` (SplitMix64 seeded with the value, unbiased bounds by
        rejection, Fisher–Yates from the last place down); the next value is the
        generator's next number after it."""
        from solitaire.core.deals import bounded

        numbers = splitmix64(self.value(state))
        places = list(range(count))
        for top in range(count - 1, 0, -1):
            pick = bounded(numbers, top + 1)
            places[top], places[pick] = places[pick], places[top]
        return places, self.set(next(numbers))
