"""The solver in the window: the "still winnable?" indicator and the search for winnable deals.

Both ask a :class:`~solitaire.frontends.qt.thinking.Thinker`, so the window
never waits for the solver.  The indicator's verdict is exact in Réfléchi,
where every card is in sight; in Klondike the solver knows the face-down cards
the player does not (the "thoughtful" game of the winnability studies), and the
indicator says so.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Final, Literal

import attrs
from qtpy.QtCore import QObject, Qt, QTimer, Signal
from qtpy.QtWidgets import QLabel, QProgressDialog, QWidget

from solitaire.core.deal_search import DEAL_NODES, DEAL_SECONDS, MAX_DEALS, proves
from solitaire.core.deals import DEAL_NUMBERS
from solitaire.core.ruleset import GameOptions, Ruleset, Variant
from solitaire.core.solver import SolveResult, solvable
from solitaire.core.state import State
from solitaire.frontends.qt.i18n import text
from solitaire.frontends.qt.jobs import DealJob
from solitaire.frontends.qt.thinking import Thinker

__all__ = [
    "DEAL_NODES",
    "DEAL_SECONDS",
    "MAX_DEALS",
    "VERDICT_NODES",
    "VERDICT_SECONDS",
    "DealSearch",
    "IndicatorState",
    "WinnableIndicator",
    "indicator_wanted",
    "position_key",
]

IndicatorState = Literal["winnable", "unwinnable", "unknown", "thinking"]
#: The indicator's budget for one position: positions searched, and seconds.
VERDICT_NODES: Final = 400_000
VERDICT_SECONDS: Final = 8.0
#: The search's progress dialog shows once it has taken this long (milliseconds).
SHOW_AFTER_MS: Final = 400


def indicator_wanted(mode: str, rules: Ruleset) -> bool:
    """Whether the indicator has something to say in this game under the setting
    ``mode`` ("off", "open": only where nothing is hidden, "always")."""
    if mode == "off" or not solvable(rules):
        return False
    return mode == "always" or not rules.variant.hidden_information


def position_key(state: State) -> State:
    """The position without the move counter and score, which change no verdict."""
    return attrs.evolve(state, score=0, moves=0, credited=0)


class WinnableIndicator(QLabel):
    """The status bar's "still winnable?" label.

    Grey while the position it speaks of is no longer on the table (until the
    next verdict, or "thinking" when that takes a moment)."""

    COLOURS: Final = {
        "winnable": "#1b6e2e",
        "unwinnable": "#b3261e",
        "unknown": "#555555",
        "thinking": "#555555",
    }

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: IndicatorState | None = None
        self.knows_hidden = False
        # No accessible name of its own: screen readers read the verdict it shows.
        self.setMinimumWidth(120)
        self.hide()

    def show_state(self, state: IndicatorState | None, lang: str, *, knows_hidden: bool = False) -> None:
        """Show a verdict (None hides the label)."""
        self.state, self.knows_hidden = state, knows_hidden
        self.setEnabled(True)
        if state is None:
            self.hide()
            return
        self.retranslate(lang)
        self.show()

    def set_stale(self) -> None:
        """The table changed: the verdict shown is about the position before."""
        self.setEnabled(False)

    def retranslate(self, lang: str) -> None:
        if self.state is None:
            return
        words = text(f"indicator.{self.state}", lang)
        if self.knows_hidden and self.state != "thinking":
            words = text("indicator.hidden", lang, verdict=words)
        self.setText(words)
        self.setStyleSheet(f"QLabel:enabled {{ color: {self.COLOURS[self.state]}; }}")
        tip = text("indicator.tip", lang)
        if self.knows_hidden:
            tip += "\n" + text("indicator.tip.hidden", lang)
        self.setToolTip(tip)


class DealSearch(QObject):
    """Random deals, one after another, until the solver proves one winnable (the
    window's :func:`solitaire.core.deal_search.search_winnable`, asked of the thinker).

    Each deal gets a budget (``max_nodes``, ``timeout``); a deal that is not
    proved winnable within it is passed over, and after ``max_deals`` the
    search gives up.  A progress dialog (deals tried, Cancel) shows once the
    search takes a moment.  ``found(options)`` gives the deal, ``ended(tried)``
    a search that gave up or was cancelled."""

    found = Signal(object)
    ended = Signal(int)

    def __init__(
        self,
        thinker: Thinker,
        options: GameOptions,
        lang: str,
        parent: QWidget,
        *,
        variant: Variant,
        max_nodes: int = DEAL_NODES,
        timeout: float = DEAL_SECONDS,
        max_deals: int = MAX_DEALS,
        random_deal: Callable[[], int] | None = None,
        difficulty: str = "any",
    ) -> None:
        super().__init__(parent)
        self.thinker, self.options, self.lang = thinker, options, lang
        self.max_nodes, self.timeout, self.max_deals = max_nodes, timeout, max_deals
        self.random_deal = random_deal or (lambda: secrets.randbelow(DEAL_NUMBERS))
        #: The level a found deal must be of (:func:`solitaire.core.difficulty.fits`),
        #: where ``variant`` (the game of ``options``) has levels.
        self.variant, self.difficulty = variant, difficulty
        self.tried = 0
        self.running = False
        self.dialog = QProgressDialog(parent)
        self.dialog.setWindowTitle(text("search.title", lang))
        self.dialog.setCancelButtonText(text("search.cancel", lang))
        self.dialog.setRange(0, 0)  # no end known: a busy bar
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.setMinimumWidth(380)
        self.dialog.canceled.connect(self.cancel)
        self._update_label()
        self._show_timer = QTimer(self)
        self._show_timer.setSingleShot(True)
        self._show_timer.timeout.connect(self.dialog.show)

    def start(self) -> None:
        """Try the first deal (the dialog appears if the answer takes a moment)."""
        self.running = True
        self._show_timer.start(SHOW_AFTER_MS)
        self._next()

    def cancel(self) -> None:
        """Stop searching: the deal being solved is abandoned at once."""
        if not self.running:
            return
        self._finish()
        self.ended.emit(self.tried)

    def _finish(self) -> None:
        self.running = False
        self.thinker.cancel("deal")
        self._show_timer.stop()
        self.dialog.canceled.disconnect(self.cancel)
        self.dialog.reset()
        self.dialog.hide()
        self.dialog.deleteLater()

    def _next(self) -> None:
        options = attrs.evolve(self.options, deal=self.random_deal() % DEAL_NUMBERS)
        job = DealJob(options, self.max_nodes, self.timeout)
        # A deal the solver failed on (a plugin's variant it does not know) is passed over.
        self.thinker.ask(
            "deal", job, lambda result: self._answer(options, result), lambda _: self._answer(options, None)
        )

    def _answer(self, options: GameOptions, result: SolveResult | None) -> None:
        if not self.running:
            return
        self.tried += 1
        self._update_label()
        if proves(result, self.variant, options.draw, self.difficulty):
            self._finish()
            self.found.emit(options)
        elif self.tried >= self.max_deals:
            self._finish()
            self.ended.emit(self.tried)
        else:
            self._next()

    def _update_label(self) -> None:
        self.dialog.setLabelText(text("search.label", self.lang, tried=self.tried))
