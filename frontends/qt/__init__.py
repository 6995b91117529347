"""The desktop game on Qt (PySide6 through qtpy)."""

import os

os.environ.setdefault("QT_API", "pyside6")
