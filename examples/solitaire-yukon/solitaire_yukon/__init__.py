"""Yukon and Windows standard scoring for the solitaire framework.

Installed next to ``solitaire-framework``, the entry point ``yukon`` of the
group ``solitaire`` (see ``pyproject.toml``) makes the game load
:mod:`solitaire_yukon.plugin`.
"""
