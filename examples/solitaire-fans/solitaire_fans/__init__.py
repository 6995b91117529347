"""La Belle Lucie, Four Seasons and Aces and Kings for the solitaire framework.

Installed next to ``solitaire-framework``, the entry point ``fans`` of the group
``solitaire`` (see ``pyproject.toml``) makes the game load :mod:`solitaire_fans.plugin`.
Each game is a declaration on the framework's building blocks, in a module of its
own; its rules page is in ``rules/``.
"""
