"""Réfléchi (Thoughtful Solitaire): Klondike with all 28 tableau cards dealt face up.

Only a group already in order (each card one rank lower than the one before,
colours alternating) moves out of the middle of a column: a visible card under
an out-of-order card stays where it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from solitaire.core.i18n import N_
from solitaire.variants.blocks import Block, Foundations, Stock, Tableau
from solitaire.variants.klondike import KLONDIKE_COLUMNS, Klondike

__all__ = ["Reflechi"]


class Reflechi(Klondike):
    """Réfléchi, as played by the app "Solitaire Réfléchi"."""

    id: ClassVar[str] = "reflechi"
    code_prefix: ClassVar[str] = "TF"
    hidden_information: ClassVar[bool] = False
    names: ClassVar[Mapping[str, str] | str] = N_("Réfléchi")
    summary: ClassVar[Mapping[str, str] | str] = N_(
        "Klondike with every tableau card face up. Only an ordered group (one rank lower each, "
        "colours alternating) moves out of the middle of a column; only a king fills an empty column."
    )
    layout: ClassVar[tuple[Block, ...]] = (Stock(), Foundations(), Tableau(KLONDIKE_COLUMNS, face_up=None))
    difficulty: ClassVar[Mapping[int, tuple[int, int]]] = {1: (47, 130), 3: (64, 204)}
