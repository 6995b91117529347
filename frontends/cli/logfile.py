"""The program's log file: a handler of the ``solitaire`` logger, loaded when the log is
first needed (see :func:`solitaire.frontends.cli.main.main`)."""

from __future__ import annotations

import logging

__all__ = ["LogFile"]


class LogFile(logging.Handler):
    """A small rotating log, opened at its first record: a run that logs nothing looks
    up no folder and loads no file handler. A log that cannot be written is given up
    without a word: it must never stop the program."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"))
        self.failed = False
        self._file: logging.Handler | None = None
        self.baseFilename = ""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._file is None:
                from logging.handlers import RotatingFileHandler

                from solitaire.frontends.cli.main import log_file

                path = log_file()
                self.baseFilename = str(path)
                path.parent.mkdir(parents=True, exist_ok=True)
                self._file = RotatingFileHandler(
                    path, maxBytes=256 * 1024, backupCount=2, encoding="utf-8", delay=True
                )
                self._file.setFormatter(self.formatter)
                self._file.handleError = self.handleError  # type: ignore[method-assign]
            self._file.emit(record)
        except Exception:
            self.handleError(record)

    def handleError(self, record: logging.LogRecord) -> None:
        self.failed = True

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()
