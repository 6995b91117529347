"""The window tells the desktop who it is: the desktop entry it belongs to, its icon and its
organisation (as `solitaire install-desktop` installs them)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from qtpy.QtCore import QByteArray, Qt
from qtpy.QtGui import QImage, QPainter
from qtpy.QtSvg import QSvgRenderer
from qtpy.QtWidgets import QApplication

from solitaire.core.registry import Catalog
from solitaire.frontends import desktop
from solitaire.frontends.qt import app
from solitaire.frontends.qt.window import MainWindow


def _svg_at(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(QByteArray(desktop.read_data(f"{desktop.APP_ID}.svg"))).render(painter)
    painter.end()
    return image


def test_the_window_names_its_desktop_entry_and_shows_the_icon(
    qtbot: QtBot, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = QApplication.topLevelWidgets()
    opened: list[MainWindow] = []

    def exec_(application: QApplication) -> int:
        window = next(
            w for w in application.topLevelWidgets() if w not in before and isinstance(w, MainWindow)
        )
        qtbot.addWidget(window)
        opened.append(window)
        application.aboutToQuit.emit()
        return 0

    monkeypatch.setattr(QApplication, "exec", exec_)
    assert app.run(catalog) == 0
    application = QApplication.instance()
    assert isinstance(application, QApplication)
    assert application.desktopFileName() == desktop.APP_ID
    assert application.organizationName() == desktop.ORGANISATION
    icon = opened[0].windowIcon()
    assert not icon.isNull()
    shown = icon.pixmap(64, 64).toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    assert shown == _svg_at(64)
