"""Hints: one useful move and why, in the player's language.

Hint providers are plugins answering the ``solitaire_hint`` hook; the first
answer wins.  The built-in provider (:mod:`solitaire.plugins.hints`) always
answers, last.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from solitaire.core.moves import Move

__all__ = ["Hint", "no_move"]


@attrs.frozen
class Hint:
    """A suggested move (None when there is none) with the reason, per language."""

    move: Move | None
    messages: Mapping[str, str]

    def reason(self, lang: str = "en") -> str:
        """Why this move, in ``lang`` (English when that language is missing)."""
        return self.messages.get(lang) or self.messages["en"]


def no_move() -> Hint:
    """The answer when no move helps."""
    return Hint(
        None,
        {
            "en": "No useful move: undo some moves or start a new game.",
            "ru": "Полезных ходов нет: отмените несколько ходов или начните новую партию.",
        },
    )
