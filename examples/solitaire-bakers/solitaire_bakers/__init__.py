"""Baker's Game and Windows standard scoring for the solitaire framework.

Installed next to ``solitaire-framework``, the entry point ``bakers`` of the
group ``solitaire`` (see ``pyproject.toml``) makes the game load
:mod:`solitaire_bakers.plugin`.

Its texts are translated from a gettext catalogue of its own, the domain
``solitaire_bakers`` in the ``locale`` folder shipped with the package (see
"Translations" in the modder's guide).
"""

from pathlib import Path
from typing import Final

from solitaire.core import i18n

DOMAIN: Final = "solitaire_bakers"
"""The gettext domain of this package's texts."""

i18n.bind(DOMAIN, Path(__file__).resolve().parent / "locale")
