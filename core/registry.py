"""The plugin host: finds plugins, asks them to register, and builds games.

A :class:`Catalog` owns one pluggy ``PluginManager``; nothing is loaded at
import time.  The core knows no built-in plugin: the application hands its own
to the catalog (``Catalog(builtins={name: plugin})``; the application's catalog
is ``solitaire.plugins.builtins.new_catalog()``), and they register through the
same hooks as third-party packages, which are found through the entry-point
group ``solitaire``.  The hooks are called through pluggy
(``manager.hook.solitaire_hint(...)``), so ``firstresult``, ``tryfirst`` and
``trylast`` and hook wrappers (``wrapper=True``, old-style ``hookwrapper=True``)
do what pluggy says.  A plugin that fails to import, raises in a hook, registers
something that is not of the right kind, or takes an id already taken is left
out and reported in :attr:`Catalog.problems`; the rest still works.

Third-party code is run at arm's length: each plugin's import and registration
hooks, and each hint provider, run in a daemon thread of their own, within a
deadline (:data:`TIMEOUT_VARIABLE`, default :data:`DEFAULT_TIMEOUT` seconds per
plugin; hints within the hint's own time budget), and what they print goes to
stderr, never into a command's output.  A plugin that raises, calls
``sys.exit()``, raises ``KeyboardInterrupt`` itself (a Ctrl-C of the player's
reaches the main thread, and stops the program as ever) or does not answer in
time is left out.  Python cannot stop a thread: a plugin that hangs is left to
run on its own, unheard, until the program ends.  ``$SOLITAIRE_NO_PLUGINS=1``
(the command's ``--no-plugins``) loads the built-ins only: no entry point is
even imported.

All of that is done in one place, :func:`_guarded`: when a plugin is registered,
the ``function`` of each of its pluggy ``HookImpl`` objects is replaced by an
isolating wrapper around it (its ``argnames`` stay the plugin's, so pluggy calls
it as before).  Isolation has to be per implementation: a pluggy hook wrapper
(``wrapper=True``) sees only the whole call, and cannot keep one implementation
that hangs or exits from the others, nor ``add_hookcall_monitoring``, which is
told before and after the whole call.  The wrapper runs the plugin's code (a
wrapper's two halves each on their own) in place for a built-in, or in a daemon
thread within the deadline for any other plugin; it gives a registration hook a
:class:`Registry` of the plugin's own; it checks the answer's kind; and for a
plugin that failed it leaves the plugin out and answers as if it were not there
(None, or the result as it came through a wrapper).  Pluggy calls plugins last
registered first: what the registration hooks add is taken when the call is
over, in registration order, so that the first plugin keeps an id.

The core alone has no game, scoring scheme nor redeal policy: a game code names
what the catalog must have to play it.

>>> catalog = Catalog(entry_points=False)
>>> catalog.variants, catalog.problems
({}, [])
>>> catalog.options_from_code("KL1-D3V-AAAAAAG")
Traceback (most recent call last):
...
solitaire.core.codes.CodeError: game code 'KL1-D3V-AAAAAAG': no installed variant has prefix 'KL' ...
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
import types
from collections.abc import Callable, Container, Generator, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs
import pluggy

from solitaire.core import hookspecs, i18n, installed
from solitaire.core.codes import CodeError, GameCode
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.i18n import N_, Message
from solitaire.core.ruleset import GameOptions, RedealPolicy, Ruleset, ScoringScheme, Variant

if TYPE_CHECKING:
    from solitaire.core.game import Game
    from solitaire.core.hints import Hint
    from solitaire.core.state import State

__all__ = [
    "BLOCK_VARIABLE",
    "DEFAULT_TIMEOUT",
    "NO_PLUGINS_VARIABLE",
    "TIMEOUT_VARIABLE",
    "Catalog",
    "OptionsError",
    "PluginError",
    "PluginInfo",
    "PluginProblem",
    "Registry",
    "package_version",
    "plugin_output",
]

#: Comma-separated plugin names (entry-point names) not to load.
BLOCK_VARIABLE: Final = "SOLITAIRE_BLOCK_PLUGINS"
#: Set to 1 to load the built-in plugins only: no installed package's code is imported.
NO_PLUGINS_VARIABLE: Final = "SOLITAIRE_NO_PLUGINS"
#: Seconds a plugin may take to import and register (default :data:`DEFAULT_TIMEOUT`).
TIMEOUT_VARIABLE: Final = "SOLITAIRE_PLUGIN_TIMEOUT"
DEFAULT_TIMEOUT: Final = 5.0
#: What a hint provider may take beyond the hint's own budget (scheduling, a slow machine).
HINT_GRACE: Final = 0.5
#: The seconds the built-in hint thinks, unless the application says (``Catalog(hint_budget=...)``).
DEFAULT_HINT_BUDGET: Final = 1.0
BUILTIN_PACKAGE: Final = "solitaire-framework"
RedealFactory = Callable[[str | None], RedealPolicy]
_T = TypeVar("_T")
_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_REDEAL_LETTERS: Final = _LETTERS.replace("F", "")  # F marks "foundation returns forbidden"


class OptionsError(ValueError):
    """Game options or a game code that no installed plugin can play.

    The message is a :class:`~solitaire.core.i18n.Message` (or plain English text),
    told in the player's language by :meth:`message`.
    """

    def __init__(self, text: Message | str) -> None:
        super().__init__(str(text))
        self.text = text

    def __reduce__(self) -> tuple[type[OptionsError], tuple[Message | str]]:
        return (OptionsError, (self.text,))

    def message(self, lang: str = "en") -> str:
        """The message in ``lang``."""
        return self.text.translate(lang) if isinstance(self.text, Message) else self.text


@attrs.frozen
class PluginInfo:
    """Where a registered type comes from."""

    plugin: str
    package: str
    version: str


@attrs.frozen
class PluginProblem:
    """A plugin left out, and why: ``reason`` in English (what ``variants --json`` gives),
    ``said`` the same reason translated when shown (:meth:`message`)."""

    plugin: str
    reason: str
    said: Message | None = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def of(cls, plugin: str, reason: Message | str) -> PluginProblem:
        """The problem of ``plugin``, for a reason given as a message or as English text."""
        return cls(plugin, str(reason), reason if isinstance(reason, Message) else None)

    def message(self, lang: str) -> str:
        """The reason in ``lang``."""
        return self.said.translate(lang) if self.said is not None else self.reason


class PluginError(Exception):
    """A plugin's code failed in the middle of a game: it raised, or called ``sys.exit()``.

    ``kind`` and ``id`` name what failed (``scoring``, ``'zero'``), ``info`` the
    plugin and its package, ``where`` the method, ``cause`` the error."""

    def __init__(self, kind: str, id: str, info: PluginInfo, where: str, cause: BaseException) -> None:
        self.kind, self.id, self.info, self.where, self.cause = kind, id, info, where, cause
        super().__init__(self.message())

    def message(self, lang: str = "en") -> str:
        """What failed, where it comes from, and what to do, in ``lang``."""
        info = self.info
        return i18n.Message(
            N_(
                "plugin {plugin} (package {package} {version}) failed: {kind} {id} in {where}: {error};"
                " update or uninstall the package"
            ),
            plugin=repr(info.plugin),
            package=info.package,
            version=info.version,
            kind=self.kind,
            id=repr(self.id),
            where=self.where,
            error=_describe(self.cause),
        ).translate(lang)


@attrs.frozen
class _Addition:
    """One thing a plugin added in a registration hook, held until the call is over: the
    hook, the table, the id, the thing, and the code prefix or letter it claims."""

    hook: str
    kind: str
    key: str
    value: Any
    mark: str | None


class Registry:
    """What the registry hooks receive: ``register.add_variant(...)`` and friends.

    What a plugin adds is checked on its own at once (the method raises for a
    thing that is wrong in itself), and against what the other plugins added
    when the hook call is over, in the plugins' registration order: the first
    plugin registered keeps an id, a code prefix or a letter, and a later one
    asking for it is left out, whatever order pluggy called them in."""

    def __init__(self, catalog: Catalog, source: PluginInfo | None = None, hook: str = "") -> None:
        self._catalog = catalog
        self.source = source or PluginInfo("builtins", BUILTIN_PACKAGE, package_version(BUILTIN_PACKAGE))
        self.hook = hook
        self._closed = False

    def for_plugin(self, source: PluginInfo) -> Registry:
        """The registry one plugin's hook implementation gets: what it adds is that plugin's."""
        return Registry(self._catalog, source, self.hook)

    def close(self) -> None:
        """Take nothing more: the hook it was given to has ended, or was given up on."""
        # An add under way finishes first (then its plugin is left out, what it added too);
        # one that hangs inside, in a plugin's str subclass say, is not waited for long.
        locked = self._catalog._adding.acquire(timeout=1.0)
        self._closed = True
        if locked:
            self._catalog._adding.release()

    def add_variant(self, variant: Variant) -> None:
        """Make a variant available under ``variant.id`` and its code prefix."""
        if not isinstance(variant, Variant):
            raise TypeError(f"add_variant() takes a Variant instance, not {type(variant).__name__}")
        prefix = variant.code_prefix
        if not (isinstance(prefix, str) and len(prefix) == 2 and prefix.isascii() and prefix.isupper()):
            raise ValueError(f"variant {variant.id!r}: code_prefix must be two capital letters")
        draws = variant.draws
        if (
            not (isinstance(draws, tuple) and draws and all(type(d) is int and 1 <= d <= 9 for d in draws))
            or variant.default_draw not in draws
        ):
            raise ValueError(f"variant {variant.id!r}: draws must be numbers 1..9, default_draw one of them")
        if not variant.has_stock and draws != (1,) and variant.draw_label == Variant.draw_label:
            raise ValueError(f"variant {variant.id!r} has no stock: it draws 1 only (draws = (1,))")
        deals = variant.deal_numbers
        if not (
            type(deals) is range and deals and deals.step == 1 and 0 <= deals[0] <= deals[-1] < DEAL_NUMBERS
        ):
            last = DEAL_NUMBERS - 1
            raise ValueError(
                f"variant {variant.id!r}: deal_numbers must be a range of deal numbers in 0..{last}"
            )
        levels = variant.difficulty
        if not (
            isinstance(levels, Mapping)
            and all(type(draw) is int and _thresholds(bounds) for draw, bounds in levels.items())
        ):
            raise ValueError(
                f"variant {variant.id!r}: difficulty must map draws to (easy, medium) numbers of positions,"
                " 0 <= easy < medium"
            )
        self._add("variant", variant.id, variant, str(prefix))

    def add_scoring(self, scheme: ScoringScheme) -> None:
        """Make a scoring scheme available under ``scheme.id`` and its code letter."""
        if not isinstance(scheme, ScoringScheme):
            raise TypeError(f"add_scoring() takes a ScoringScheme instance, not {type(scheme).__name__}")
        letter = scheme.code_letter
        if not (isinstance(letter, str) and len(letter) == 1 and letter in _LETTERS):
            raise ValueError(f"scoring {scheme.id!r}: code_letter must be one capital letter")
        self._add("scoring", scheme.id, scheme, str(letter))

    def add_redeal(self, name: str, factory: RedealFactory, code_letter: str | None = None) -> None:
        """Make redeal policies ``name`` or ``name:ARGUMENT`` available.

        With a ``code_letter``, game codes can carry the policy: the letter,
        followed by the argument when it is a number (``P3`` is ``passes:3``).
        """
        if not callable(factory):
            raise TypeError("add_redeal() takes a name and a factory function")
        if code_letter is not None and not (
            isinstance(code_letter, str) and len(code_letter) == 1 and code_letter in _REDEAL_LETTERS
        ):
            raise ValueError(f"redeal {name!r}: code_letter must be one capital letter other than F")
        self._add("redeal", name, factory, None if code_letter is None else str(code_letter))

    def _add(self, kind: str, key: str, value: Any, mark: str | None) -> None:
        if type(key) is not str:  # a subclass would run the plugin's code in the catalog's thread
            raise ValueError(f"{kind} id must be a plain str, not {type(key).__name__}")
        if not (key and key.replace("-", "").replace("_", "").isalnum()):
            raise ValueError(f"{kind} id {key!r} must be letters, digits, '-' or '_'")
        if not key.isascii() or key != key.lower():
            raise ValueError(f"{kind} id {key!r} must be lower-case ASCII")
        with self._catalog._adding:
            if self._closed:
                raise RuntimeError(f"{kind} {key!r} came too late: registration is over")
            added = _Addition(self.hook, kind, key, value, mark)
            self._catalog._added.setdefault(self.source.plugin, []).append((self.source, added))


class Catalog:
    """The installed variants, scoring schemes, redeal policies and hint providers."""

    def __init__(
        self,
        *,
        builtins: Mapping[str, object] | None = None,
        default_variant: str | None = None,
        hint_budget: Callable[[], float] | None = None,
        entry_points: bool | None = None,
        blocked: Iterable[str] | None = None,
        plugins: Iterable[object] = (),
        timeout: float | None = None,
    ) -> None:
        """Load the ``builtins`` (plugins by name, the application's own: their code runs
        in place), then ``plugins`` (objects or modules with hook implementations, as
        tests and embedding programs pass them), then the installed packages' entry
        points unless ``entry_points`` is false (by default: unless
        ``$SOLITAIRE_NO_PLUGINS`` is 1).  The core has no built-ins of its own: the
        application's catalog is ``solitaire.plugins.builtins.new_catalog()``.
        ``default_variant`` is the id of the game the application deals unless told
        which (see :attr:`default_variant`; by default the first variant registered).
        ``hint_budget()`` is the seconds the built-in hint may think (default
        :data:`DEFAULT_HINT_BUDGET`): a third-party hint provider gets that and
        :data:`HINT_GRACE`.
        ``blocked`` names plugins not to load (default: ``$SOLITAIRE_BLOCK_PLUGINS``).
        ``timeout``: the seconds each plugin (but the built-ins) may take to load
        and register (default: ``$SOLITAIRE_PLUGIN_TIMEOUT``, else 5)."""
        self.variants: dict[str, Variant] = {}
        self._default_variant = default_variant
        self.scorings: dict[str, ScoringScheme] = {}
        self.redeals: dict[str, RedealFactory] = {}
        #: Redeal policy names by the letter game codes write them with.
        self.redeal_letters: dict[str, str] = {}
        self.sources: dict[tuple[str, str], PluginInfo] = {}
        self.problems: list[PluginProblem] = []
        self._infos: dict[str, PluginInfo] = {}
        #: Plugins whose code runs at arm's length (all but the built-ins), and their time spent.
        self._foreign: dict[str, float] = {}
        #: The plugins' names in the order they were registered: the first keeps an id.
        self._order: list[str] = []
        #: What each plugin added in the registration hook being called (see :class:`Registry`).
        self._added: dict[str, list[tuple[PluginInfo, _Addition]]] = {}
        #: The code prefixes and scoring letters taken, and by which variant or scheme.
        self._prefixes: dict[str, str] = {}
        self._letters: dict[str, str] = {}
        self._adding = threading.RLock()
        self._hint_budget = hint_budget or (lambda: DEFAULT_HINT_BUDGET)
        self.timeout = _timeout() if timeout is None else timeout
        if entry_points is None:
            entry_points = os.environ.get(NO_PLUGINS_VARIABLE, "").strip() not in ("1", "yes", "true")
        #: Whether the installed packages' plugins were looked for (not with ``--no-plugins``).
        self.plugins_loaded = entry_points
        self.manager: pluggy.PluginManager = _Manager(hookspecs.PROJECT)
        self.manager.add_hookspecs(hookspecs)
        if blocked is None:
            blocked = [name.strip() for name in os.environ.get(BLOCK_VARIABLE, "").split(",")]
        for name in blocked:
            if name:
                self.manager.set_blocked(name)
                self.problems.append(
                    PluginProblem.of(
                        name, Message("blocked (by {variable} or the caller)", variable=BLOCK_VARIABLE)
                    )
                )
        for name, module in (builtins or {}).items():
            self._register_builtin(name, module)
        for plugin in plugins:
            name = getattr(plugin, "__name__", None) or type(plugin).__name__
            suffix = 1
            while self.manager.has_plugin(name if suffix == 1 else f"{name}-{suffix}"):
                suffix += 1
            self._register(plugin, name if suffix == 1 else f"{name}-{suffix}")
        if entry_points:
            self._load_entry_points()
        self._collect()

    # -- loading -------------------------------------------------------------------------------

    def _register_builtin(self, name: str, module: object) -> None:
        if self.manager.is_blocked(name):
            return
        self.manager.register(module, name=name)
        self._infos[name] = PluginInfo(name, BUILTIN_PACKAGE, package_version(BUILTIN_PACKAGE))
        self._guard(name)

    def _register(self, plugin: object, name: str) -> None:
        if self.manager.is_blocked(name):
            return

        def register() -> None:
            self.manager.register(plugin, name=name)
            self.manager.check_pending()

        self._foreign[name] = 0.0
        failure = self._at_arms_length(name, register)
        if failure is not None:
            self._leave_out(name, failure.reason(self, Message("cannot be registered")))
            return
        module = str(getattr(plugin, "__module__", None) or getattr(plugin, "__name__", ""))
        package = _distribution_of(module)
        self._infos[name] = PluginInfo(name, package or "?", package_version(package) if package else "?")
        self._guard(name)

    def _load_entry_points(self) -> None:
        for entry in installed.entry_points(hookspecs.PROJECT):
            if self.manager.is_blocked(entry.name) or self.manager.has_plugin(entry.name):
                continue
            dist = getattr(entry, "dist", None)
            info = PluginInfo(entry.name, dist.name if dist else "?", dist.version if dist else "?")

            def load(entry: installed.EntryPointLike = entry) -> None:
                plugin = entry.load()
                self.manager.register(plugin, name=entry.name)
                self.manager.check_pending()

            self._foreign[entry.name] = 0.0
            failure = self._at_arms_length(entry.name, load)
            if failure is not None:  # a broken plugin must not stop the game
                self._leave_out(entry.name, failure.reason(self, Message("cannot be loaded")))
                continue
            self._infos[entry.name] = info
            self._guard(entry.name)

    def _guard(self, name: str) -> None:
        """Take the plugin ``name``, just registered, in its turn, and put each of its hook
        implementations behind the one isolating wrapper (:func:`_guarded`): pluggy calls
        the wrapper, the wrapper the plugin."""
        plugin = self.manager.get_plugin(name)
        if plugin is None:
            return
        self._order.append(name)
        for caller in self.manager.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin_name == name:
                    # HookImpl.function is pluggy's to call; argnames stay the plugin's own.
                    setattr(impl, "function", _guarded(self, impl, caller.name))  # noqa: B010

    def _collect(self) -> None:
        """Call each registration hook through pluggy, then take what the plugins added,
        in their registration order (built-ins first)."""
        for hook in REGISTRATION_HOOKS:
            getattr(self.manager.hook, hook)(register=Registry(self, hook=hook))
            self._take_added()

    def _take_added(self) -> None:
        with self._adding:
            added, self._added = self._added, {}
        for name in self._order:
            if name not in added or not self._present(name):
                continue
            for info, addition in added[name]:
                try:
                    self._take(info, addition)
                except ValueError as error:
                    self._leave_out(
                        name, Message("failed in {hook}: {error}", hook=addition.hook, error=_describe(error))
                    )
                    break

    def _take(self, info: PluginInfo, addition: _Addition) -> None:
        """Add one thing a plugin registered, or raise ValueError for an id, prefix or letter
        that is taken."""
        kind, key, mark = addition.kind, addition.key, addition.mark
        if kind == "variant" and mark is not None and mark in self._prefixes:
            raise ValueError(f"code prefix {mark!r} is taken by variant {self._prefixes[mark]!r}")
        if kind == "scoring" and mark is not None and mark in self._letters:
            raise ValueError(f"code letter {mark!r} is taken by scoring {self._letters[mark]!r}")
        if kind == "redeal" and mark is not None and mark in self.redeal_letters:
            raise ValueError(f"redeal code letter {mark!r} is taken by {self.redeal_letters[mark]!r}")
        tables: dict[str, dict[str, Any]] = {
            "variant": self.variants,
            "scoring": self.scorings,
            "redeal": self.redeals,
        }
        table = tables[kind]
        if key in table:
            raise ValueError(f"{kind} id {key!r} is taken (by {self.sources[(kind, key)].package})")
        table[key] = addition.value
        self.sources[(kind, key)] = info
        if mark is not None:
            marks = {"variant": self._prefixes, "scoring": self._letters, "redeal": self.redeal_letters}
            marks[kind][mark] = key

    def _present(self, name: str) -> bool:
        """Whether the plugin ``name`` is still in (not left out, nor blocked)."""
        return self.manager.get_plugin(name) is not None

    def _at_arms_length(self, name: str, function: Callable[[], object]) -> _Failure | None:
        """Run plugin code at start-up within what is left of the plugin's time; None when it
        went well.  Past the deadline the plugin is blocked: what it does later is not heard."""
        left = self.timeout - self._foreign.get(name, 0.0)
        started = time.monotonic()
        outcome = _call_plugin(function, max(left, 0.0))
        self._foreign[name] = self._foreign.get(name, 0.0) + time.monotonic() - started
        if not isinstance(outcome, _Failure):
            return None
        if outcome.error is None:  # the deadline is the plugin's whole time, not what was left
            self.manager.set_blocked(name)  # its late register() is refused by pluggy
            return _Failure(None, self.timeout)
        return outcome

    def leave_out(self, name: str, reason: Message | str) -> None:
        """Leave the plugin ``name`` out from now on, for ``reason`` (added to
        :attr:`problems`): what :meth:`hint` does to a failing hint provider,
        for callers that asked the providers with ``failed`` on another thread."""
        self._leave_out(name, reason)

    def _leave_out(self, name: str, reason: Message | str) -> None:
        self.problems.append(PluginProblem.of(name, reason))
        plugin = self.manager.get_plugin(name)
        if plugin is not None:
            self.manager.unregister(plugin)
        if name in self._foreign:  # a plugin that hung might register itself later: not any more
            self.manager.set_blocked(name)
        with self._adding:
            self._added.pop(name, None)
        for table, kind in ((self.variants, "variant"), (self.scorings, "scoring"), (self.redeals, "redeal")):
            for key in [key for key in table if self.sources[(kind, key)].plugin == name]:
                del table[key]
                del self.sources[(kind, key)]
        for marks, table in (
            (self._prefixes, self.variants),
            (self._letters, self.scorings),
            (self.redeal_letters, self.redeals),
        ):
            for mark, key in list(marks.items()):
                if key not in table:
                    del marks[mark]

    # -- building games ------------------------------------------------------------------------

    @property
    def default_variant(self) -> str:
        """The id of the variant a game is of when none is named (:meth:`options`, a
        settings file that names no game): the one the application named
        (``Catalog(default_variant=...)``) while it is installed, else the first variant
        registered; "" when none is installed.

        >>> Catalog(entry_points=False).default_variant
        ''
        """
        if self._default_variant is not None and self._default_variant in self.variants:
            return self._default_variant
        return next(iter(self.variants), "")

    def variant(self, variant_id: str) -> Variant:
        """The variant with this id, or :class:`OptionsError` naming those installed."""
        return _lookup(self.variants, variant_id, "variant")

    def scoring(self, scoring_id: str) -> ScoringScheme:
        """The scoring scheme with this id, or :class:`OptionsError`."""
        return _lookup(self.scorings, scoring_id, "scoring scheme")

    def redeal(self, policy_id: str) -> RedealPolicy:
        """The redeal policy for an id like ``unlimited`` or ``passes:3``."""
        name, colon, argument = policy_id.partition(":")
        factory = _lookup(self.redeals, name, "redeal policy")
        try:
            policy = factory(argument if colon else None)
        except ValueError as error:
            raise OptionsError(
                Message("redeal policy {policy_id!r}: {error}", policy_id=policy_id, error=error)
            ) from None
        if not isinstance(policy, RedealPolicy):
            raise OptionsError(
                Message(
                    "redeal policy {policy_id!r}: its plugin returned {kind}",
                    policy_id=policy_id,
                    kind=type(policy).__name__,
                )
            )
        return policy

    def options(
        self,
        variant: str | None = None,
        draw: int | None = None,
        scoring: str | None = None,
        redeal: str | None = None,
        returns_allowed: bool = True,
        deal: int | None = None,
    ) -> GameOptions:
        """Complete and check game options: the variant ``variant`` (None: the
        :attr:`default_variant`); the other defaults come from the variant and scoring
        (the deal: the variant's first deal number)."""
        chosen = self.variant(self.default_variant if variant is None else variant)
        if deal is None:
            deal = chosen.deal_numbers[0]
        scheme = self.scoring(chosen.default_scoring if scoring is None else scoring)
        if not scheme.fits(chosen):
            fitting = ", ".join(s.id for s in self.scorings.values() if s.fits(chosen))
            raise OptionsError(
                Message(
                    "scoring {scoring!r} does not fit {variant} (it fits: {fitting})",
                    scoring=scheme.id,
                    variant=chosen.id,
                    fitting=fitting,
                )
            )
        draw = chosen.default_draw if draw is None else draw
        if isinstance(draw, bool) or draw not in chosen.draws:
            draws = _either(map(str, chosen.draws))
            if chosen.draw_label != Variant.draw_label:  # what the number counts, such as suits
                label = Message(chosen.draw_label, domain=chosen.domain)
                raise OptionsError(
                    Message(
                        "{variant}: {label} {draws}, not {draw}",
                        variant=chosen.id,
                        label=label,
                        draws=draws,
                        draw=draw,
                    )
                )
            raise OptionsError(
                Message("{variant} draws {draws}, not {draw}", variant=chosen.id, draws=draws, draw=draw)
            )
        default = self.default_redeal(chosen, scheme)
        policy = self.redeal(redeal if redeal is not None else default)
        if not chosen.has_stock and policy.id != self.redeal(default).id:
            raise OptionsError(
                Message("{variant} has no stock: it takes no redeal policy", variant=chosen.id)
            )
        if chosen.has_stock and not chosen.has_waste and policy.id != self.redeal(default).id:
            raise OptionsError(
                Message("{variant} has no waste to turn back: it takes no redeal policy", variant=chosen.id)
            )
        deals = chosen.deal_numbers
        if isinstance(deal, bool) or not isinstance(deal, int) or deal not in deals:
            raise OptionsError(
                Message(
                    "deal number must be {first}..{last}, not {deal!r}",
                    first=deals[0],
                    last=deals[-1],
                    deal=deal,
                )
            )
        return GameOptions(chosen.id, draw, scheme.id, policy.id, returns_allowed, deal)

    def default_redeal(self, variant: Variant, scheme: ScoringScheme) -> str:
        """The redeal policy a game of ``variant`` scored by ``scheme`` gets unless told
        otherwise (and its code leaves out): the variant's own ``default_redeal``, else
        the scheme's."""
        return variant.default_redeal or scheme.default_redeal

    def ruleset(self, options: GameOptions) -> Ruleset:
        """Bind the plugins named by ``options``."""
        return Ruleset(
            options, self.variant(options.variant), self.scoring(options.scoring), self.redeal(options.redeal)
        )

    def options_from_code(self, text: str) -> GameOptions:
        """The options of a game code such as ``KL1-D1N-AAAAAAG``.

        Raises :class:`~solitaire.core.codes.CodeError` for a malformed code and
        :class:`OptionsError` for one that names a variant or scoring not installed.
        """
        code = GameCode.parse(text)
        variant = next((v for v in self.variants.values() if v.code_prefix == code.prefix), None)
        if variant is None:
            known = ", ".join(f"{v.code_prefix} ({v.id})" for v in self.variants.values())
            raise CodeError(
                text.strip(),
                Message(
                    "no installed variant has prefix {prefix!r} (installed: {known})",
                    prefix=code.prefix,
                    known=known,
                ),
            )
        scheme = next((s for s in self.scorings.values() if s.code_letter == code.scoring_letter), None)
        if scheme is None:
            known = ", ".join(f"{s.code_letter} ({s.id})" for s in self.scorings.values())
            raise CodeError(
                text.strip(),
                Message(
                    "no installed scoring has letter {letter!r} (installed: {known})",
                    letter=code.scoring_letter,
                    known=known,
                ),
            )
        if code.draw not in variant.draws:
            raise CodeError(
                text.strip(),
                Message(
                    "draw mode must be {modes}, not {draw_text!r}",
                    modes=_either(f"D{draw}" for draw in variant.draws),
                    draw_text=f"D{code.draw}",
                ),
            )
        redeal = None
        if code.redeal is not None:
            name = self.redeal_letters.get(code.redeal[0])
            if name is None:
                known = ", ".join(f"{letter} ({name})" for letter, name in self.redeal_letters.items())
                raise CodeError(
                    text.strip(),
                    Message(
                        "no installed redeal policy has letter {letter!r} (installed: {known})",
                        letter=code.redeal[0],
                        known=known,
                    ),
                )
            redeal = f"{name}:{code.redeal[1:]}" if len(code.redeal) > 1 else name
        try:
            return self.options(variant.id, code.draw, scheme.id, redeal, code.returns_allowed, code.deal)
        except OptionsError as error:
            raise CodeError(
                text.strip(), Message("this game cannot be started ({error})", error=error.text)
            ) from None

    def code(self, options: GameOptions) -> str:
        """The game code of ``options`` (the seed form when the options allow it)."""
        scheme = self.scoring(options.scoring)
        redeal = None
        if options.redeal != self.default_redeal(self.variant(options.variant), scheme):
            name, _, argument = options.redeal.partition(":")
            letter = next((k for k, v in self.redeal_letters.items() if v == name), None)
            if letter is None or not (argument == "" or argument.isdigit()):
                raise OptionsError(
                    Message(
                        "redeal policy {policy!r} cannot be written in a game code", policy=options.redeal
                    )
                )
            redeal = letter + argument
        return str(
            GameCode(
                prefix=self.variant(options.variant).code_prefix,
                version=1,
                draw=options.draw,
                scoring_letter=scheme.code_letter,
                redeal=redeal,
                returns_allowed=options.returns_allowed,
                deal=options.deal,
            )
        )

    def new_game(self, options: GameOptions, initial: State | None = None) -> Game:
        """A new game with these options, its code and this catalog's hints.

        Options a game code cannot carry (a plugin's redeal policy without a code
        letter) give a game whose ``code`` is empty.  ``initial`` starts the game
        from another position than the deal's."""
        from solitaire.core.game import Game

        try:
            code = self.code(options)
        except OptionsError:
            code = ""
        origins = {
            "variant": self.sources[("variant", options.variant)],
            "scoring": self.sources[("scoring", options.scoring)],
            "redeal": self.sources[("redeal", options.redeal.partition(":")[0])],
        }
        return Game(self.ruleset(options), code=code, hints=self.hint, initial=initial, origins=origins)

    def game_from_code(self, text: str) -> Game:
        """A new game of the deal and options a game code names."""
        return self.new_game(self.options_from_code(text))

    def hint(
        self,
        state: State,
        rules: Ruleset,
        *,
        failed: Callable[[str, Message | str], None] | None = None,
        skip: Container[str] = (),
    ) -> Hint:
        """The first hint provider's answer (the built-in one always answers), through
        pluggy's ``solitaire_hint`` (``firstresult``, in pluggy's order, wrappers too).

        A provider that raises, or answers something other than a hint, is
        passed over and left out.  With ``failed`` it is only passed over and
        reported as ``failed(plugin, reason)``: the catalog stays as it is (for
        callers on another thread than the catalog's, see :meth:`leave_out`).
        The providers named in ``skip`` are not asked."""
        from solitaire.core.hints import Hint, no_move

        caller = self.manager.hook.solitaire_hint
        skipped = [plugin for name, plugin in self.manager.list_name_plugin() if plugin and name in skip]
        if skipped:
            caller = self.manager.subset_hook_caller("solitaire_hint", skipped)
        token = _reporter.set(failed)
        try:
            answer = caller(state=state, rules=rules)
        finally:
            _reporter.reset(token)
        return answer if isinstance(answer, Hint) else no_move()

    def hint_timeout(self) -> float:
        """The seconds a third-party hint provider may take: the built-in hint's own time
        budget (``hint_budget()``), and :data:`HINT_GRACE`."""
        return self._hint_budget() + HINT_GRACE


#: What a plugin module may hold that is no hook implementation in any version of pluggy.
_NOT_HOOKS: Final = (type, types.ModuleType, str, bytes, int, float, tuple, list, dict, set, frozenset)


class _Manager(pluggy.PluginManager):
    """pluggy's plugin manager, which passes over a module's classes, modules and plain
    values at once when it looks for hook implementations: its own test of each name
    (``inspect.getattr_static``) was a good part of registering the built-ins."""

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        if isinstance(plugin, types.ModuleType):
            value = plugin.__dict__.get(name)
            if value is not None and isinstance(value, _NOT_HOOKS):
                return None
        return super().parse_hookimpl_opts(plugin, name)


#: The registration hooks, called in this order.
REGISTRATION_HOOKS: Final = (
    "solitaire_register_variants",
    "solitaire_register_scoring",
    "solitaire_register_redeal",
)
#: Who hears of a failing plugin during this call (:meth:`Catalog.hint`'s ``failed``),
#: when not the catalog itself, which leaves the plugin out.
_reporter: ContextVar[Callable[[str, Message | str], None] | None] = ContextVar("reporter", default=None)


def _guarded(catalog: Catalog, impl: pluggy.HookImpl, hook: str) -> Callable[..., Any]:
    """The one wrapper a hook implementation runs in, as pluggy calls it.

    A built-in's code runs in place, an exception caught; a third-party plugin's
    runs in a daemon thread of its own within its deadline (a registration hook:
    what is left of the plugin's time; the hint: :meth:`Catalog.hint_timeout`),
    its print to stderr, its ``sys.exit()`` caught.  A registration hook gets a
    :class:`Registry` of its plugin's own, closed when it returns.  An answer of
    the wrong kind is a failure too.  A plugin that fails is left out (or told to
    the ``failed`` of :meth:`Catalog.hint`), and the call goes on without it: a
    plain implementation answers None, a wrapper (``wrapper=True`` or an
    old-style ``hookwrapper=True``) lets the result through as it came.  A plugin
    left out meanwhile is not called any more."""
    function, name = impl.function, impl.plugin_name
    foreign = name in catalog._foreign
    at = (
        impl.argnames.index("register")
        if hook in REGISTRATION_HOOKS and "register" in impl.argnames
        else None
    )

    def run(step: Callable[[], _T]) -> _T | _Failure:
        if not foreign:
            try:
                return step()
            except Exception as error:
                return _Failure(error, 0.0)
        if hook in REGISTRATION_HOOKS:
            outcome: list[_T] = []
            failure = catalog._at_arms_length(name, lambda: outcome.append(step()))
            return failure if failure is not None else outcome[0]
        return _call_plugin(step, catalog.hint_timeout())

    def fail(reason: Message | str) -> None:
        report = _reporter.get()
        (catalog._leave_out if report is None else report)(name, reason)

    def failed(failure: _Failure) -> None:
        fail(failure.reason(catalog, Message("failed in {hook}", hook=hook)))

    def wrong(answer: object) -> bool:
        """Whether ``answer`` is not what the hook answers: then it is told as a failure."""
        if hook != "solitaire_hint":
            return False
        from solitaire.core.hints import Hint

        if answer is None or isinstance(answer, Hint):
            return False
        fail(Message("{hook} returned {kind}, not a Hint", hook=hook, kind=type(answer).__name__))
        return True

    def arguments(args: tuple[Any, ...]) -> tuple[tuple[Any, ...], Registry | None]:
        if at is None or not isinstance(args[at], Registry):
            return args, None
        info = catalog._infos.get(name, PluginInfo(name, "?", "?"))
        registry = args[at].for_plugin(info)
        return (*args[:at], registry, *args[at + 1 :]), registry

    if not (impl.wrapper or impl.hookwrapper):

        def call(*args: Any, **kwargs: Any) -> Any:
            if not catalog._present(name):
                return None
            args, registry = arguments(args)
            try:
                answer = run(lambda: function(*args, **kwargs))
            finally:
                if registry is not None:
                    registry.close()
            if isinstance(answer, _Failure):
                failed(answer)
                return None
            return None if wrong(answer) else answer

        return call

    def started(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Generator[Any, Any, Any]:
        teardown: Generator[Any, Any, Any] = function(*args, **kwargs)  # type: ignore[assignment]
        try:
            next(teardown)
        except StopIteration:
            raise RuntimeError("the wrapper did not yield") from None
        return teardown

    def finished(teardown: Generator[Any, Any, Any], result: object) -> object:
        try:
            teardown.send(result)
        except StopIteration as stop:
            return stop.value
        teardown.close()
        raise RuntimeError("the wrapper yielded twice")

    def wrap(*args: Any, **kwargs: Any) -> Generator[None, Any, Any]:
        if not catalog._present(name):
            return (yield)
        args, registry = arguments(args)
        try:
            teardown = run(lambda: started(args, kwargs))
            if isinstance(teardown, _Failure):
                failed(teardown)
                return (yield)
            try:
                result = yield
            except BaseException:
                run(teardown.close)
                raise
            if not catalog._present(name):
                return result
            if impl.hookwrapper:  # old style: ``result`` is pluggy's Result, forced in place
                before = result.get_result() if result.exception is None else None
                done = run(lambda: finished(teardown, result))
                if isinstance(done, _Failure):
                    failed(done)
                    result.force_result(before)
                elif result.exception is None and wrong(result.get_result()):
                    result.force_result(before)
                return None
            done = run(lambda: finished(teardown, result))
            if isinstance(done, _Failure):
                failed(done)
                return result
            return result if wrong(done) else done
        finally:
            if registry is not None:
                registry.close()

    return wrap


def _timeout() -> float:
    text = os.environ.get(TIMEOUT_VARIABLE, "").strip()
    try:
        value = float(text) if text else DEFAULT_TIMEOUT
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if 0 < value < float("inf") else DEFAULT_TIMEOUT


# -- plugin code at arm's length ---------------------------------------------------------------


@attrs.frozen
class _Failure:
    """Plugin code that went wrong: ``error`` it raised (``SystemExit`` and
    ``KeyboardInterrupt`` included), or None when it did not answer in ``seconds``."""

    error: BaseException | None
    seconds: float

    def reason(self, catalog: Catalog, doing: Message) -> Message:
        if self.error is None:
            return Message("{doing}: did not answer in {seconds:g} s", doing=doing, seconds=self.seconds)
        return Message("{doing}: {error}", doing=doing, error=_describe(self.error))


_in_plugin = threading.local()


class _PluginStdout:
    """``sys.stdout`` while plugin code runs: what a plugin's thread writes goes to stderr."""

    def __init__(self, target: Any) -> None:
        self._target = target

    def _stream(self) -> Any:
        return sys.stderr if getattr(_in_plugin, "active", False) else self._target

    def write(self, text: str) -> int:
        return int(self._stream().write(text) or 0)

    def flush(self) -> None:
        self._stream().flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream(), name)


_stdout_lock = threading.Lock()
_stdout_users = 0
_stdout_saved: Any = None


@contextmanager
def _plugin_output() -> Iterator[None]:
    """While plugin threads run: ``sys.stdout`` sends their writes to stderr (any thread may
    enter; the last one out puts the stream back)."""
    global _stdout_users, _stdout_saved
    with _stdout_lock:
        if _stdout_users == 0:
            _stdout_saved = sys.stdout
            sys.stdout = _PluginStdout(_stdout_saved)
        _stdout_users += 1
    try:
        yield
    finally:
        with _stdout_lock:
            _stdout_users -= 1
            if _stdout_users == 0:
                if isinstance(sys.stdout, _PluginStdout):
                    sys.stdout = _stdout_saved
                _stdout_saved = None


@contextmanager
def plugin_output() -> Iterator[None]:
    """For plugin code run in place (a variant's or scoring scheme's methods during a game):
    what this thread prints meanwhile goes to stderr."""
    before = getattr(_in_plugin, "active", False)
    with _plugin_output():
        _in_plugin.active = True
        try:
            yield
        finally:
            _in_plugin.active = before


def _call_plugin(function: Callable[[], _T], seconds: float) -> _T | _Failure:
    """``function()`` in a daemon thread of its own, given ``seconds`` to answer: its answer,
    or a :class:`_Failure` for anything it raised (``SystemExit`` and ``KeyboardInterrupt``
    included: in that thread they are the plugin's own) or for no answer in time.  A Ctrl-C
    reaches the waiting thread and goes on up: that one is the player's."""
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        _in_plugin.active = True
        try:
            outcome.append((True, function()))
        except BaseException as error:  # sys.exit() too: plugin code must not end us
            outcome.append((False, error))

    thread = threading.Thread(target=run, name="solitaire-plugin", daemon=True)
    with _plugin_output():
        thread.start()
        thread.join(seconds)
    if not outcome:
        return _Failure(None, seconds)
    ok, value = outcome[0]
    return value if ok else _Failure(value, seconds)


def _thresholds(bounds: object) -> bool:
    """Whether ``bounds`` is a draw's difficulty thresholds: ``(easy, medium)``, whole
    numbers of positions with ``0 <= easy < medium``."""
    return (
        isinstance(bounds, tuple)
        and len(bounds) == 2
        and all(type(nodes) is int for nodes in bounds)
        and 0 <= bounds[0] < bounds[1]
    )


def _either(choices: Iterable[str]) -> Message | str:
    """``"A"``, ``"A or B"``, ``"A, B or C"``: one of the choices, in the player's language."""
    *some, last = choices
    if not some:
        return last
    return Message(N_("{some} or {last}"), some=", ".join(some), last=last)


def _lookup(table: dict[str, _T], key: str, kind: str) -> _T:
    try:
        return table[key]
    except (KeyError, TypeError):
        known = ", ".join(sorted(table)) or "none"
        raise OptionsError(
            Message("no {kind} {key!r} is installed (installed: {known})", kind=kind, key=key, known=known)
        ) from None


@functools.cache
def package_version(package: str) -> str:
    """The installed version of a distribution, or ``"unknown"``."""
    found = installed.version(package)
    return "unknown" if found is None else found


def _distribution_of(module: str) -> str | None:
    from importlib import metadata

    top = module.partition(".")[0]
    names = metadata.packages_distributions().get(top, [])
    return names[0] if names else None


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
