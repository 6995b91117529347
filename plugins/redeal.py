"""The built-in redeal policies: ``unlimited`` and ``passes:N``.

``passes:N`` lets the player go through the stock N times: ``passes:1`` is
"no redeal", ``passes:2`` Kosynka's "once", ``passes:3`` the classic draw-3 rule.
"""

from __future__ import annotations

from solitaire.core.ruleset import RedealPolicy
from solitaire.core.state import State

__all__ = ["MAX_PASSES", "LimitedPasses", "Unlimited", "limited_passes", "unlimited"]

MAX_PASSES = 99


class Unlimited(RedealPolicy):
    """The waste may always go back to the stock."""

    id = "unlimited"
    passes = None

    def may_recycle(self, state: State) -> bool:
        return True


class LimitedPasses(RedealPolicy):
    """At most ``passes`` passes through the stock."""

    def __init__(self, passes: int) -> None:
        self.passes = passes
        self.id = f"passes:{passes}"

    def may_recycle(self, state: State) -> bool:
        return state.pass_number < (self.passes or 0)


def unlimited(argument: str | None) -> RedealPolicy:
    """Factory for ``unlimited`` (it takes no argument)."""
    if argument is not None:
        raise ValueError("'unlimited' takes no number")
    return Unlimited()


def limited_passes(argument: str | None) -> RedealPolicy:
    """Factory for ``passes:N``, N from 1 to 99."""
    if argument is None or not (argument.isascii() and argument.isdigit()) or argument != str(int(argument)):
        raise ValueError("write passes:N with N a number from 1, e.g. passes:3")
    passes = int(argument)
    if not 1 <= passes <= MAX_PASSES:
        raise ValueError(f"passes:N takes N from 1 to {MAX_PASSES}")
    return LimitedPasses(passes)
