"""Beleaguered Castle: the aces start on the foundations, the other 48 cards face up.

The four aces are dealt to the foundations first, then the other cards into eight
columns of six.  A card goes on a card one rank higher, whatever its suit, one card
at a time; an empty column takes any card; the foundations build up by suit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants import blocks as b

__all__ = ["BeleagueredCastle"]

_ANY_SUIT = b.Build(b.DOWN, b.ANY_SUIT)


class BeleagueredCastle(b.Declared):
    """Beleaguered Castle, the classic rules."""

    id: ClassVar[str] = "beleaguered-castle"
    code_prefix: ClassVar[str] = "BC"
    family: ClassVar[str] = "beleaguered-castle"
    family_names: ClassVar[str] = N_("Beleaguered Castle")
    names: ClassVar[str] = N_("Beleaguered Castle")
    summary: ClassVar[str] = N_(
        "The aces start on the foundations, the other cards face up in eight columns of six. Build"
        " down regardless of suit, one card at a time; any card fills an empty column."
    )
    hidden_information: ClassVar[bool] = False
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[b.Block, ...]] = (
        b.Foundations(returns=False, base_dealt=True),
        b.Tableau((6,) * 8, face_up=None, build=_ANY_SUIT, empty=b.ANY_CARD, groups="single"),
    )
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (861, 3824)}
