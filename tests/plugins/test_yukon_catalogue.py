"""The example plugin's texts come from its own gettext catalogue, shipped in its package."""

from __future__ import annotations

from importlib import resources

from solitaire.core import i18n
from solitaire.plugins.builtins import new_catalog


def test_the_installed_package_ships_and_binds_its_catalogue() -> None:
    import solitaire_yukon

    shipped = resources.files("solitaire_yukon") / "locale" / "ru" / "LC_MESSAGES" / "solitaire_yukon.mo"
    assert shipped.is_file()
    assert i18n.has_translation("Yukon", "ru", solitaire_yukon.DOMAIN)
    assert not i18n.has_translation("Yukon", "ru")  # not in the game's own domain


def test_yukon_speaks_russian_from_its_catalogue() -> None:
    catalog = new_catalog()
    yukon, windows = catalog.variant("yukon"), catalog.scoring("windows")
    assert (yukon.name("ru"), yukon.name("en")) == ("Юкон", "Yukon")
    assert windows.name("ru") == "Стандартный Windows"
    assert yukon.rules_summary("ru").startswith("Колоды нет: все 52 карты сданы в семь столбцов")
    assert yukon.rules_summary("de") == yukon.rules_summary("en")
