"""``python -m solitaire``: the same as the ``solitaire`` command."""

from solitaire.frontends.cli.main import main

main()
