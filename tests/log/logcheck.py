"""Checks shared by the log tests."""

from __future__ import annotations

from solitaire.core.game import Game
from solitaire.core.log import LogHeader
from solitaire.core.ruleset import GameOptions


def assert_header_names(header: LogHeader, game: Game) -> None:
    """The header names exactly this game: code, dealt order and every option."""
    assert header.code == game.code
    assert header.dealt == game.order
    named = GameOptions(
        header.variant.id,
        header.draw,
        header.scoring.id,
        header.redeal.id,
        header.returns_allowed,
        header.deal,
    )
    assert named == game.rules.options
