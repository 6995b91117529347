"""The hooks a plugin implements (pluggy project name ``solitaire``).

A plugin is a module or object with functions marked ``@hookimpl``, found
through the entry-point group ``solitaire`` of an installed package.  The
built-in variants, scoring schemes, redeal policies and hint provider register
through these same hooks (see ``docs/modding.md``).

The catalog calls them through pluggy (``manager.hook.solitaire_hint(...)``),
each implementation behind its isolating wrapper (see
:mod:`solitaire.core.registry`): pluggy's call order holds (``tryfirst``,
``trylast``, otherwise the plugin registered last first), and hook wrappers
(``wrapper=True`` or ``hookwrapper=True``) see the call and its result.

Registry hooks add types through the ``register`` object they are given (one of
the plugin's own); single answers (the hint) use ``firstresult``: the first
plugin that answers wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pluggy

if TYPE_CHECKING:
    from solitaire.core.hints import Hint
    from solitaire.core.registry import Registry
    from solitaire.core.ruleset import Ruleset
    from solitaire.core.state import State

__all__ = ["PROJECT", "hookimpl", "hookspec"]

PROJECT: Final = "solitaire"
hookspec: Final = pluggy.HookspecMarker(PROJECT)
hookimpl: Final = pluggy.HookimplMarker(PROJECT)


@hookspec
def solitaire_register_variants(register: Registry) -> None:
    """Add variants with ``register.add_variant(variant)``."""


@hookspec
def solitaire_register_scoring(register: Registry) -> None:
    """Add scoring schemes with ``register.add_scoring(scheme)``."""


@hookspec
def solitaire_register_redeal(register: Registry) -> None:
    """Add redeal policies with ``register.add_redeal(name, factory)``.

    ``factory(argument)`` gets the text after ``name:`` in a policy id (None when
    there is none) and returns a :class:`~solitaire.core.ruleset.RedealPolicy`,
    or raises ``ValueError`` saying what is wrong with the argument.
    """


@hookspec(firstresult=True)
def solitaire_hint(state: State, rules: Ruleset) -> Hint | None:
    """One useful move from ``state``, or None to let the next provider answer."""
