"""Réfléchi (Thoughtful Solitaire): Klondike with all 28 tableau cards dealt face up.

Only a group already in order (each card one rank lower than the one before,
colours alternating) moves out of the middle of a column: a visible card under
an out-of-order card stays where it is.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire.core.cards import Card
from solitaire.core.state import Column
from solitaire.variants.klondike import Klondike

__all__ = ["Reflechi"]


class Reflechi(Klondike):
    """Réfléchi, as played by the app "Solitaire Réfléchi"."""

    id: ClassVar[str] = "reflechi"
    code_prefix: ClassVar[str] = "TF"
    hidden_information: ClassVar[bool] = False
    names: ClassVar[dict[str, str]] = {"en": "Réfléchi", "ru": "Réfléchi"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Klondike with every tableau card face up. Only an ordered group (one rank lower each,"
        " colours alternating) moves out of the middle of a column; only a king fills an empty column.",
        "ru": "Клондайк, в котором все карты столбцов открыты. Из середины столбца переносится только"
        " упорядоченная группа (каждая карта на ранг младше, цвета чередуются); пустой столбец"
        " занимает только король.",
    }

    def deal_column(self, cards: tuple[Card, ...]) -> Column:
        """A dealt column: in Réfléchi every card is face up."""
        return Column((), cards)
