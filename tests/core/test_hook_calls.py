"""The hooks are called through pluggy: ``firstresult``, the call order (``tryfirst``,
``trylast``, last registered first) and hook wrappers do what pluggy says, and each
implementation, a wrapper's two halves too, stays behind the catalog's isolating
wrapper (a plugin that raises, hangs or answers nonsense is left out, the call goes
on without it).  And the core imports no built-in plugin: the application hands
them to the Catalog."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Generator, Iterator
from typing import Any, ClassVar

import pluggy
import pytest

import solitaire.core  # noqa: F401
from solitaire.core.hints import Hint
from solitaire.core.hookspecs import hookimpl
from solitaire.core.moves import DRAW, Move
from solitaire.core.registry import Catalog, Registry
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import State
from solitaire.plugins import builtins, sampling_hints
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.hints import heuristic_hint
from solitaire.plugins.sampling_hints import SamplingBudget
from solitaire.variants.klondike import Klondike

CODE = "KL1-D1N-AAAAAAG"
#: The solver's hints would answer some deals before the heuristic: out of the way.
BLOCKED = ["solver-hints"]
WRAPPED = Hint(DRAW, {"en": "The wrapper says: the stock.", "ru": "Обёртка говорит: колода."})


class Answering:
    """A plain hint provider (no tryfirst): it says what it is told, and counts its calls."""

    def __init__(self, move: Move | None) -> None:
        self.move = move
        self.calls = 0

    @hookimpl
    def solitaire_hint(self, state: State, rules: Ruleset) -> Hint | None:
        self.calls += 1
        return None if self.move is None else Hint(self.move, {"en": f"{self.move}"})


class Wrapper:
    """A new-style wrapper around the hint: it sees the state and the answer, and
    puts its own in when ``replace``."""

    def __init__(self, replace: bool) -> None:
        self.replace = replace
        self.seen: list[tuple[State, object]] = []

    @hookimpl(wrapper=True)
    def solitaire_hint(self, state: State, rules: Ruleset) -> Generator[None, Hint | None, Hint | None]:
        answer = yield
        self.seen.append((state, answer))
        return WRAPPED if self.replace else answer


class OldStyleWrapper:
    """An old-style ``hookwrapper``: forces its result on pluggy's Result."""

    @hookimpl(hookwrapper=True)
    def solitaire_hint(self, state: State, rules: Ruleset) -> Generator[None, Any, None]:
        outcome = yield
        assert isinstance(outcome.get_result(), Hint)
        outcome.force_result(WRAPPED)


class BrokenWrapper:
    """A wrapper that fails ``how``: before its yield, after it, hanging, answering nonsense
    or yielding twice."""

    def __init__(self, how: str) -> None:
        self.how = how

    @hookimpl(wrapper=True)
    def solitaire_hint(self, state: State, rules: Ruleset) -> Generator[None, Hint | None, Any]:
        if self.how == "before":
            raise RuntimeError("wrapper boom")
        answer = yield
        if self.how == "after":
            raise RuntimeError("wrapper boom")
        if self.how == "hangs":
            threading.Event().wait()
        if self.how == "exits":
            sys.exit(3)
        if self.how == "twice":
            yield
        return "nonsense" if self.how == "nonsense" else answer


class Loose(Klondike):
    id: ClassVar[str] = "loose"
    code_prefix: ClassVar[str] = "LO"
    names: ClassVar[dict[str, str]] = {"en": "Loose"}


class RegistrationWrapper:
    """Wraps the variants' registration: sees the call, and adds a variant after the others."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl(wrapper=True)
    def solitaire_register_variants(self, register: Registry) -> Generator[None, object, object]:
        self.calls += 1
        result = yield
        register.add_variant(Loose())
        return result


@pytest.fixture
def short_hints(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A hint budget of a tenth of a second (a hanging provider is given up on soon)."""
    monkeypatch.setattr(sampling_hints, "budget", SamplingBudget(seconds=0.1))
    yield


def failures(catalog: Catalog) -> list[tuple[str, str]]:
    """The catalog's problems, but the plugins blocked on purpose."""
    return [(p.plugin, p.reason) for p in catalog.problems if p.plugin not in BLOCKED]


def builtin_hint(catalog: Catalog) -> tuple[Hint, Hint]:
    """The hint the catalog gives at the deal, and the built-in heuristic's (which the
    solver and sampling providers leave to it when blocked)."""
    game = catalog.game_from_code(CODE)
    return game.hint(), heuristic_hint(game.state, game.rules)


# -- firstresult and the call order --------------------------------------------------------------


def test_the_hint_is_firstresult_in_pluggys_order() -> None:
    first, second = Answering(DRAW), Answering(Move("t1", "f"))
    catalog = new_catalog(entry_points=False, plugins=[first, second], blocked=BLOCKED)
    hint = catalog.game_from_code(CODE).hint()
    # Pluggy asks the plugin registered last first; its answer ends the call.
    assert hint.move == Move("t1", "f")
    assert (first.calls, second.calls) == (0, 1)


def test_a_provider_answering_none_passes_to_the_next_in_pluggys_order() -> None:
    first, second = Answering(DRAW), Answering(None)
    catalog = new_catalog(entry_points=False, plugins=[first, second], blocked=BLOCKED)
    assert catalog.game_from_code(CODE).hint().move == DRAW
    assert (first.calls, second.calls) == (1, 1)


def test_trylast_is_asked_after_the_others() -> None:
    class Last(Answering):
        @hookimpl(trylast=True)
        def solitaire_hint(self, state: State, rules: Ruleset) -> Hint | None:
            self.calls += 1
            return Hint(DRAW, {"en": "last"})

    last, plain = Last(None), Answering(None)
    catalog = new_catalog(
        entry_points=False, plugins=[last, plain], blocked=["solver-hints", "sampling-hints"]
    )
    hint, heuristic = builtin_hint(catalog)
    # The plain provider first; then the trylast ones, the one registered first (the built-in
    # heuristic, which answers) before the plugin's.
    assert plain.calls == 1 and last.calls == 0
    assert hint == heuristic and hint.move != DRAW


# -- wrappers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("replace", [False, True], ids=["looks", "replaces"])
def test_a_hookwrapper_sees_the_hint_call_and_may_change_the_answer(replace: bool) -> None:
    wrapper = Wrapper(replace)
    catalog = new_catalog(entry_points=False, plugins=[wrapper], blocked=BLOCKED)
    game = catalog.game_from_code(CODE)
    hint = game.hint()
    [(state, answer)] = wrapper.seen
    assert state == game.state
    assert isinstance(answer, Hint) and answer.move is not None and answer.move in game.legal_moves()
    assert hint == (WRAPPED if replace else answer)
    assert failures(catalog) == []


def test_an_old_style_hookwrapper_forces_the_answer() -> None:
    catalog = new_catalog(entry_points=False, plugins=[OldStyleWrapper()], blocked=BLOCKED)
    assert catalog.game_from_code(CODE).hint() == WRAPPED
    assert failures(catalog) == []


@pytest.mark.parametrize("how", ["before", "after", "hangs", "exits", "nonsense", "twice"])
def test_a_failing_hookwrapper_is_left_out_and_the_hint_comes(how: str, short_hints: None) -> None:
    catalog = new_catalog(entry_points=False, plugins=[BrokenWrapper(how)], blocked=BLOCKED)
    game = catalog.game_from_code(CODE)
    hint = game.hint()
    assert hint.move is not None and hint.move in game.legal_moves()
    [(plugin, reason)] = failures(catalog)
    assert plugin == "BrokenWrapper"
    expected = {
        "before": "failed in solitaire_hint: RuntimeError: wrapper boom",
        "after": "failed in solitaire_hint: RuntimeError: wrapper boom",
        "hangs": "failed in solitaire_hint: did not answer in 0.6 s",
        "exits": "failed in solitaire_hint: SystemExit: 3",
        "nonsense": "solitaire_hint returned str, not a Hint",
        "twice": "failed in solitaire_hint: RuntimeError: the wrapper yielded twice",
    }
    assert reason == expected[how]
    assert catalog.manager.get_plugin("BrokenWrapper") is None
    assert game.hint() == hint  # asked again: the wrapper is not called any more


def test_a_failing_hookwrapper_told_to_failed_stays() -> None:
    catalog = new_catalog(entry_points=False, plugins=[BrokenWrapper("after")], blocked=BLOCKED)
    game = catalog.game_from_code(CODE)
    told: list[tuple[str, str]] = []
    hint = catalog.hint(game.state, game.rules, failed=lambda name, why: told.append((name, str(why))))
    assert hint.move in game.legal_moves()
    assert told == [("BrokenWrapper", "failed in solitaire_hint: RuntimeError: wrapper boom")]
    assert failures(catalog) == [] and catalog.manager.get_plugin("BrokenWrapper") is not None
    assert catalog.hint(game.state, game.rules, skip={"BrokenWrapper"}) == hint  # skipped: not called


def test_a_registration_wrapper_sees_the_call_and_registers_as_itself() -> None:
    wrapper = RegistrationWrapper()
    catalog = new_catalog(entry_points=False, plugins=[wrapper])
    assert wrapper.calls == 1 and failures(catalog) == []
    assert "loose" in catalog.variants
    assert catalog.sources[("variant", "loose")].plugin == "RegistrationWrapper"
    assert catalog.sources[("variant", "klondike")].plugin == "builtins"


def test_a_plugin_registered_last_is_called_first_yet_the_first_keeps_its_id() -> None:
    order: list[str] = []

    def plugin(name: str, variant: Klondike) -> object:
        class Plugin:
            __name__ = name

            @hookimpl
            def solitaire_register_variants(self, register: Registry) -> None:
                order.append(name)
                register.add_variant(variant)

        return Plugin()

    catalog = new_catalog(entry_points=False, plugins=[plugin("one", Loose()), plugin("two", Loose())])
    assert order == ["two", "one"]  # pluggy's order
    assert catalog.sources[("variant", "loose")].plugin == "one"
    assert failures(catalog) == [
        (
            "two",
            "failed in solitaire_register_variants: ValueError: code prefix 'LO' is taken by variant 'loose'",
        )
    ]


def test_the_hook_impls_are_wrapped_but_keep_their_plugin_and_names() -> None:
    catalog = new_catalog(entry_points=False)
    for impl in catalog.manager.hook.solitaire_hint.get_hookimpls():
        assert isinstance(impl, pluggy.HookImpl)
        assert impl.argnames == ("state", "rules")
        assert impl.function is not vars(impl.plugin)["solitaire_hint"]
    assert [impl.plugin for impl in catalog.manager.hook.solitaire_register_variants.get_hookimpls()] == [
        builtins
    ]


# -- the core alone -------------------------------------------------------------------------------


def test_a_bare_catalog_has_no_builtins() -> None:
    catalog = Catalog(entry_points=False)
    assert catalog.variants == {} and catalog.scorings == {} and catalog.redeals == {}
    assert catalog.manager.get_plugins() == set()


def test_the_application_hands_its_builtins_to_the_catalog() -> None:
    catalog = Catalog(entry_points=False, builtins={"builtins": builtins})
    assert sorted(catalog.variants) == sorted(new_catalog(entry_points=False).variants)
    assert sorted(catalog.scorings) == sorted(new_catalog(entry_points=False).scorings)
    assert {info.package for info in catalog.sources.values()} == {"solitaire-framework"}
    game = catalog.game_from_code(CODE)
    assert game.hint() == heuristic_hint(game.state, game.rules)


def test_importing_every_core_module_imports_no_variant_or_plugin() -> None:
    script = """
import json, pkgutil, importlib, sys
import solitaire.core  # noqa: F401
names = sorted(i.name for i in pkgutil.walk_packages(solitaire.core.__path__, "solitaire.core."))
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m.startswith(("solitaire.variants", "solitaire.plugins")))
print(json.dumps([names, loaded]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    names, loaded = json.loads(done.stdout)
    assert "solitaire.core.registry" in names and "solitaire.core.survey" in names
    assert len(names) >= 15
    assert loaded == []
