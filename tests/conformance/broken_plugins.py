"""Plugins with one deliberate bug each, for showing that the conformance kit finds it.

They make no rules of their own: every rule defined in a test session must be in
the players' guide (tests/test_docs.py).

Each is Klondike (or Normal scoring, or the ``passes`` policy) changed in one
place; :func:`catalog_with` builds a catalog holding the built-ins and one of them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from solitaire.core import refusals as r
from solitaire.core.cards import Card
from solitaire.core.hookspecs import hookimpl
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import Refusal
from solitaire.core.registry import Catalog, RedealFactory, Registry
from solitaire.core.ruleset import RedealPolicy, Ruleset, ScoringScheme, Variant
from solitaire.core.state import Event, State, StockDrawn
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.redeal import LimitedPasses
from solitaire.plugins.scoring import NormalScoring
from solitaire.variants import blocks
from solitaire.variants.klondike import Klondike

__all__ = ["BROKEN_VARIANTS", "catalog_with", "hold", "install", "plugin_source"]


class Plugin:
    """A plugin object that registers the types it is given."""

    def __init__(
        self,
        variant: Variant | None = None,
        scoring: ScoringScheme | None = None,
        redeal: tuple[str, RedealFactory] | None = None,
    ) -> None:
        self.variant, self.scoring, self.redeal = variant, scoring, redeal

    @hookimpl
    def solitaire_register_variants(self, register: Registry) -> None:
        if self.variant is not None:
            register.add_variant(self.variant)

    @hookimpl
    def solitaire_register_scoring(self, register: Registry) -> None:
        if self.scoring is not None:
            register.add_scoring(self.scoring)

    @hookimpl
    def solitaire_register_redeal(self, register: Registry) -> None:
        if self.redeal is not None:
            name, factory = self.redeal
            register.add_redeal(name, factory)


def catalog_with(**types: Any) -> Catalog:
    """The built-ins plus one plugin registering ``variant=``, ``scoring=`` or ``redeal=``."""
    return new_catalog(entry_points=False, blocked=["solver-hints"], plugins=[Plugin(**types)])


# -- variants --------------------------------------------------------------------------------------


class MutatesOnMove(Klondike):
    """Its events change the state a move is played from: undo gives a changed position back."""

    id = "broken-mutates"
    code_prefix = "XA"

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        events = super().events(state, move, rules)
        object.__setattr__(state, "pass_number", state.pass_number + 1)
        return events


class RemembersHome(Klondike):
    """Keeps the cards it has sent home in itself, not in the state, and refuses to
    send them again: after an undo the position is the same but its moves are not."""

    id = "broken-remembers"
    code_prefix = "XB"

    def __init__(self) -> None:
        super().__init__()
        self.home: set[Card] = set()

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        events = super().events(state, move, rules)
        if move.dst == "f":
            self.home.add(self._top(state, move.src))
        return events

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        checked = super().check(state, move, rules)
        if isinstance(checked, Move) and checked.dst == "f" and self._top(state, checked.src) in self.home:
            card = self._top(state, checked.src)
            return blocks.FOUNDATION_RANK.refuse(card=card, needed=card)
        return checked

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        return [
            move
            for move in super().legal_moves(state, rules)
            if isinstance(self.check(state, move, rules), Move)
        ]


class DrawsFromTheBottom(Klondike):
    """Draws the bottom cards of the stock but takes the top ones off: cards are lost and doubled."""

    id = "broken-bottom"
    code_prefix = "XC"

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        if move.is_draw and state.stock:
            return [StockDrawn(state.stock[: rules.draw])]
        return super().events(state, move, rules)


class DealsShort(Klondike):
    """Deals one card fewer: the last card of the stock falls off the table."""

    id = "broken-short"
    code_prefix = "XD"

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        state = super().initial_state(order, rules)
        return State.classic(state.stock[1:], state.waste, state.foundations, state.tableau)


class RefusalMutates(Klondike):
    """Counts its refusals in the state's pass counter."""

    id = "broken-refusal"
    code_prefix = "XE"

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        checked = super().check(state, move, rules)
        if isinstance(checked, Refusal):
            object.__setattr__(state, "pass_number", state.pass_number + 1)
        return checked


class NoRussian(Klondike):
    """Refuses a move onto the pile the card is on with an English message only."""

    id = "broken-english"
    code_prefix = "XF"

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        checked = super().check(state, move, rules)
        if isinstance(checked, Refusal) and checked.rule == r.SAME_PILE.id:
            return Refusal(r.SAME_PILE.id, {"en": "A card stays where it is."})
        return checked


class ListsIllegal(Klondike):
    """Lists moving the waste to the first column whatever lies there."""

    id = "broken-lists"
    code_prefix = "XG"

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        moves = super().legal_moves(state, rules)
        extra = Move("w", "t1")
        return moves + [extra] if state.waste and extra not in moves else moves


class ForgetsTheTap(Klondike):
    """Never lists the stock tap, though check accepts it."""

    id = "broken-tap"
    code_prefix = "XH"

    def legal_moves(self, state: State, rules: Ruleset) -> list[Move]:
        return [move for move in super().legal_moves(state, rules) if move != DRAW]


class NotCanonical(Klondike):
    """Accepts a move but gives it back as written, count and all (``t3:1>t5``)."""

    id = "broken-canonical"
    code_prefix = "XI"

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        checked = super().check(state, move, rules)
        return move if isinstance(checked, Move) and move.dst != "f" else checked


class RaisesOnNoSuchPile(Klondike):
    """Crashes on a column the table does not have instead of refusing it."""

    id = "broken-raises"
    code_prefix = "XJ"

    def check(self, state: State, move: Move, rules: Ruleset) -> Move | Refusal:
        if move.src[0] == "t" and int(move.src[1:]) > len(state.tableau):
            raise IndexError("tuple index out of range")
        return super().check(state, move, rules)


class ShuffledDeal(Klondike):
    """Deals a new arrangement each time: the game code does not name the deal."""

    id = "broken-deal"
    code_prefix = "XK"

    def __init__(self) -> None:
        super().__init__()
        self.deals = 0

    def initial_state(self, order: Sequence[Card], rules: Ruleset) -> State:
        self.deals += 1
        turned = self.deals % len(order)
        return super().initial_state(tuple(order[turned:]) + tuple(order[:turned]), rules)


class RaisesInEvents(Klondike):
    """Crashes on the fifth move of a game (a pile it cannot find)."""

    id = "broken-events"
    code_prefix = "XL"

    def events(self, state: State, move: Move, rules: Ruleset) -> list[Event]:
        if state.moves > 3:
            raise KeyError("lost pile")
        return super().events(state, move, rules)


#: variant class -> words the kit's message must contain
BROKEN_VARIANTS: dict[type[Klondike], str] = {
    MutatesOnMove: "changed the state it was played from",
    RemembersHome: "the plugin remembers something outside the state",
    DrawsFromTheBottom: "the table holds 52 cards, not the 52 dealt: missing ",
    DealsShort: "the deal holds 51 cards, dealt_order gave 52",
    RefusalMutates: "asking about moves changed the position",
    NoRussian: "has no Russian message",
    ListsIllegal: "legal_moves lists w>t1, but check refuses it",
    ForgetsTheTap: "check accepts s, but legal_moves does not list s",
    NotCanonical: "legal_moves does not list",
    RaisesOnNoSuchPile: "raised IndexError",
    ShuffledDeal: "the same options deal another position",
}


# -- a scoring scheme and redeal policies ---------------------------------------------------------


class MoodyScoring(NormalScoring):
    """Normal scoring plus a bonus that grows each time it is asked: not a function of the move."""

    id = "broken-moody"
    code_letter = "M"
    calls: ClassVar[int] = 0

    def score(self, before: State, events: Sequence[Event], rules: Ruleset) -> int:
        type(self).calls += 1
        return super().score(before, events, rules) + type(self).calls % 2


class BlankScoring(NormalScoring):
    """Shows a score of 0 as nothing at all."""

    id = "broken-blank"
    code_letter = "B"

    def format(self, score: int) -> str:
        return str(score) if score else ""


class Misnamed(LimitedPasses):
    """``sloppy:N`` makes a policy that calls itself ``passes:N``."""


def sloppy(argument: str | None) -> RedealPolicy:
    return Misnamed(int(argument or 1))


class NegativePasses(RedealPolicy):
    """``negative``: two passes, but it counts the passes left below zero."""

    id = "negative"
    passes = 2

    def may_recycle(self, state: State) -> bool:
        return state.pass_number < 2

    def passes_left(self, state: State) -> int | None:
        return (self.passes or 0) - state.pass_number - 2  # off by two: -1 on the first pass


def negative(argument: str | None) -> RedealPolicy:
    return NegativePasses()


# -- plugins that misbehave as installed packages ------------------------------------------------------
#
# Source text of plugin modules, installed by :func:`install` as a real package (a module and its
# dist-info, with an entry point of the group ``solitaire``) on a folder put on ``sys.path``.  What
# hangs waits for :func:`held`, which the tests let go of at their end.

_hold = threading.Event()


def held() -> threading.Event:
    """What a hanging plugin waits for: set by the test that made it hang, at its end."""
    return _hold


def hold() -> threading.Event:
    """A fresh :func:`held` event, for one test."""
    global _hold
    _hold = threading.Event()
    return _hold


#: A scoring scheme with code letter Z; ``{hook}`` is the body of its solitaire_register_scoring.
SCORING_PLUGIN = """
import sys
from solitaire.core.hookspecs import hookimpl
from solitaire.plugins.scoring import NormalScoring
import broken_plugins

class Zero(NormalScoring):
    id = "zero"
    code_letter = "Z"
    names = {{"en": "Zero", "ru": "Ноль"}}

    def score(self, before, events, rules):
        if broken_plugins.FAIL_SCORING == "exit":
            sys.exit(0)
        if broken_plugins.FAIL_SCORING == "print":
            print("hello from score")
        elif broken_plugins.FAIL_SCORING:
            return 1 // 0
        return super().score(before, events, rules)

{top}

@hookimpl
def solitaire_register_scoring(register):
    {hook}
    register.add_scoring(Zero())

@hookimpl(tryfirst=True)
def solitaire_hint(state, rules):
    {hint}
    return None
"""

#: Whether the Z scoring scheme raises (True), calls sys.exit(0) ("exit") or prints ("print"):
#: a test sets it, monkeypatched.
FAIL_SCORING: bool | str = False


def plugin_source(top: str = "", hook: str = "pass", hint: str = "pass") -> str:
    """The Z scoring plugin's module, with code at import (``top``), in its registration
    hook (``hook``) and in its hint provider (``hint``)."""
    return SCORING_PLUGIN.format(top=top, hook=hook, hint=hint)


#: Replaces the check of a log's events at import: every tampered log would replay.
SWITCHES_CHECKS_OFF = """
import solitaire.core.log
solitaire.core.log._compare = lambda where, recorded, produced: None
"""

#: A variant (prefix VB) whose deal raises.
BAD_DEAL_PLUGIN = """
from solitaire.core.hookspecs import hookimpl
from solitaire.variants.klondike import Klondike

class BadDeal(Klondike):
    id = "bad-deal"
    code_prefix = "VB"
    names = {"en": "Bad deal", "ru": "Плохая раздача"}

    def initial_state(self, order, rules):
        raise RuntimeError("no cards today")

@hookimpl
def solitaire_register_variants(register):
    register.add_variant(BadDeal())
"""


def install(folder: Path, module: str, source: str, package: str = "solitaire-misbehaving") -> Path:
    """Install ``source`` as module ``module`` of distribution ``package`` 1.0 into ``folder``
    (to be put on ``sys.path``), with the entry point ``module`` of the group ``solitaire``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    info = folder / f"{package.replace('-', '_')}-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[solitaire]\n{module} = {module}\n", encoding="utf-8")
    return folder
