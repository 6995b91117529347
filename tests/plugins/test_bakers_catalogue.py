"""The example plugin's texts come from its own gettext catalogue, shipped in its package."""

from __future__ import annotations

from importlib import resources

from solitaire.core import i18n
from solitaire.plugins.builtins import new_catalog


def test_the_installed_package_ships_and_binds_its_catalogue() -> None:
    import solitaire_bakers

    shipped = resources.files("solitaire_bakers") / "locale" / "ru" / "LC_MESSAGES" / "solitaire_bakers.mo"
    assert shipped.is_file()
    assert i18n.has_translation("Baker's Game", "ru", solitaire_bakers.DOMAIN)
    assert not i18n.has_translation("Baker's Game", "ru")  # not in the game's own domain


def test_bakers_game_speaks_russian_from_its_catalogue() -> None:
    catalog = new_catalog()
    bakers, windows = catalog.variant("bakers"), catalog.scoring("windows")
    assert (bakers.name("ru"), bakers.name("en")) == ("Игра пекаря", "Baker's Game")
    assert windows.name("ru") == "Стандартный Windows"
    assert bakers.rules_summary("ru").startswith("«Свободная ячейка» по мастям: все карты открыты")
    assert bakers.rules_summary("de") == bakers.rules_summary("en")
    assert bakers.rules_page("ru") is not None and bakers.rules_page("ru").startswith("# Игра пекаря")  # type: ignore[union-attr]
