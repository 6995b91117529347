"""Card faces for the Qt front end: the project's own deck, drawn with QPainter, and SVG decks.

:class:`CardPainter` turns cards into cached :class:`QPixmap` s of any size (40 px wide phone
cards to 4K tables) and device pixel ratio.  Its own deck is flat and clean: white rounded cards
with corner indices, classic pip patterns, court cards with a tinted frame, a large letter and an
emblem (a crown for the king, a coronet for the queen, a shield for the jack), patterned backs in
several colours, and translucent marks for empty piles.

Decks installed on the system (GNOME's Aisleriot decks in ``aisleriot/cards``, Debian's
``gnome-cards-data``, and KDE's in ``carddecks/svg-*``, Debian's ``kdegames-card-data-kf5``, in
any XDG data directory: ``~/.local/share``, ``/usr/share``, ...) are listed by
:func:`find_svg_decks` and drawn through :class:`QSvgRenderer`; a deck that does not load falls
back to the own deck.

A :class:`QGuiApplication` must exist before anything is drawn.
"""

from __future__ import annotations

import gzip
import json
import math
import os
import statistics
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Final

os.environ.setdefault("QT_API", "pyside6")

from qtpy.QtCore import (
    QMessageLogContext,
    QPointF,
    QRectF,
    QStandardPaths,
    Qt,
    QtMsgType,
    qInstallMessageHandler,
)
from qtpy.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)
from qtpy.QtSvg import QSvgRenderer

from solitaire.core.cards import CARDS, Card, Suit
from solitaire.core.files import write_atomic
from solitaire.core.store import default_folder

__all__ = [
    "AISLERIOT_DIR",
    "BACKS",
    "CARDDECKS_DIR",
    "CARD_RATIO",
    "DECK_CHECKS_FILE",
    "TABLE_RATIOS",
    "CardPainter",
    "DeckChecks",
    "SvgDeck",
    "deck_checks",
    "deck_loads",
    "find_svg_decks",
    "render_sheet",
    "use_deck_checks",
]

#: Height over width of the own deck's cards (5:7).
CARD_RATIO: Final = 1.4
#: The shapes of card a table lays out: an SVG deck of another shape is fitted into these.
TABLE_RATIOS: Final = (1.25, 1.75)

#: Where Debian's gnome-cards-data and KDE's kdegames-card-data-kf5 install their decks (decks
#: are looked for in every XDG data directory, of which ``/usr/share`` is one).
AISLERIOT_DIR: Final = Path("/usr/share/aisleriot/cards")
CARDDECKS_DIR: Final = Path("/usr/share/carddecks")

#: Back colours of the own deck: name -> (ground, pattern).
_BACK_COLOURS: Final[dict[str, tuple[str, str]]] = {
    "blue": ("#1d4a8a", "#4f7fc4"),
    "green": ("#176343", "#4b9a70"),
    "red": ("#8c2330", "#c4525e"),
    "graphite": ("#2b3039", "#5d6676"),
}
BACKS: Final[tuple[str, ...]] = tuple(_BACK_COLOURS)

_RED: Final = QColor("#c8323f")
_BLACK: Final = QColor("#1e222a")
_TINT_RED: Final = QColor("#fcecec")
_TINT_BLACK: Final = QColor("#eaeef4")
_GOLD: Final = QColor("#e6b23f")
_GOLD_DARK: Final = QColor("#a87a18")
_FACE: Final = QColor("#ffffff")
_EDGE: Final = QColor("#b9c0ca")

_RANK_TEXT: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SANS: Final = ["Inter", "Segoe UI", "Helvetica Neue", "Arial", "DejaVu Sans", "sans-serif"]
_SERIF: Final = ["Georgia", "DejaVu Serif", "Times New Roman", "serif"]

#: Below this width (logical px) faces use a compact layout: large index, one big pip.
_COMPACT_WIDTH: Final = 58.0

# Pip patterns: (column 0 left | 1 middle | 2 right, row 0 top .. 1 bottom).
_PIPS: Final[dict[int, tuple[tuple[int, float], ...]]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: (
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ),
}


# -- SVG decks -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SvgDeck:
    """An SVG deck installed on the system: its name to show, the file to load, and where it
    comes from (``"GNOME"`` for Aisleriot's decks, ``"KDE"`` for KDE's, ``""`` when unknown)."""

    name: str
    path: Path
    source: str = ""


def _deck_name(stem: str) -> str:
    words = stem.replace("_", " ").replace("-", " ").split()
    return " ".join(word[:1].upper() + word[1:] for word in words) or stem


def _read_desktop(index: Path) -> dict[str, str]:
    """The ``key=value`` entries of a KDE ``index.desktop``, localised ones as ``Name[ru]``."""
    values: dict[str, str] = {}
    try:
        lines = index.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return values
    for line in lines:
        key, sep, value = line.partition("=")
        key = key.strip()
        if sep and not key.startswith("#") and key not in values:
            values[key] = value.strip()
    return values


def _localised(entries: dict[str, str], key: str, lang: str | None) -> str:
    """``key`` in the player's language (``Name[pt_BR]``, then ``Name[pt]``), else the plain one."""
    if lang:
        base = lang.replace("-", "_")
        for variant in (base, base.partition("_")[0]):
            if entries.get(f"{key}[{variant}]"):
                return entries[f"{key}[{variant}]"]
    return entries.get(key, "")


def _data_dirs(folder: str) -> list[Path]:
    """``folder`` in every XDG data directory (``~/.local/share`` first, then
    ``$XDG_DATA_DIRS``: ``/usr/share``, Flatpak's and other prefixes), where it exists."""
    found = QStandardPaths.locateAll(
        QStandardPaths.StandardLocation.GenericDataLocation,
        folder,
        QStandardPaths.LocateOption.LocateDirectory,
    )
    return [Path(path) for path in found]


def _as_dirs(dirs: Path | str | Sequence[Path | str] | None, folder: str) -> list[Path]:
    if dirs is None:
        return _data_dirs(folder)
    if isinstance(dirs, (str, os.PathLike)):
        return [Path(dirs)]
    return [Path(path) for path in dirs]


def find_svg_decks(
    aisleriot_dirs: Path | str | Sequence[Path | str] | None = None,
    carddecks_dirs: Path | str | Sequence[Path | str] | None = None,
    *,
    usable_only: bool = False,
    lang: str | None = None,
) -> list[SvgDeck]:
    """The SVG decks installed on this system, sorted by name (an empty list when none are).

    Looks for ``*.svg`` and ``*.svgz`` in ``aisleriot/cards`` (GNOME's Aisleriot decks, Debian's
    gnome-cards-data) and for ``svg-*/`` folders with an ``index.desktop`` in ``carddecks``
    (KDE's card data), in every XDG data directory unless other folders are given.  A deck in
    an earlier folder hides one of the same file name in a later one (``~/.local/share`` before
    ``/usr/share``).  KDE decks are named in ``lang`` where their ``index.desktop`` has it;
    decks of one name are told apart by their source, then by their file.

    With ``usable_only`` each deck is loaded once (tens of ms each, remembered while the file
    is unchanged, between runs in :data:`DECK_CHECKS_FILE`) and the ones Qt cannot draw are
    left out: three of Debian's decks, Anglo
    Poker, Simplistic and Tango Nuevo, whose pips Qt's SVG renderer places wrongly, and KDE's
    Future Simple, whose cards are wider than tall.
    """
    decks: list[SvgDeck] = []
    seen: set[str] = set()
    for folder in _as_dirs(aisleriot_dirs, "aisleriot/cards"):
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in (".svg", ".svgz") and path.is_file() and path.name not in seen:
                seen.add(path.name)
                decks.append(SvgDeck(_deck_name(path.stem), path, "GNOME"))
    seen.clear()
    for kde in _as_dirs(carddecks_dirs, "carddecks"):
        if not kde.is_dir():
            continue
        for folder in sorted(kde.glob("svg-*")):
            if not folder.is_dir() or folder.name in seen:
                continue
            info = _read_desktop(folder / "index.desktop")
            svg = folder / info["SVG"] if info.get("SVG") else None
            if svg is None or not svg.is_file():
                found = sorted([*folder.glob("*.svgz"), *folder.glob("*.svg")])
                svg = found[0] if found else None
            if svg is not None:
                seen.add(folder.name)
                name = _localised(info, "Name", lang) or _deck_name(folder.name.removeprefix("svg-"))
                decks.append(SvgDeck(name, svg, "KDE"))
    if usable_only:
        decks = [deck for deck in decks if _loads(deck.path)]
        deck_checks().save()
    decks = _told_apart(decks)
    decks.sort(key=lambda deck: (deck.name.casefold(), str(deck.path)))
    return decks


def _told_apart(decks: list[SvgDeck]) -> list[SvgDeck]:
    """Decks of one name get their source added ("Dondorf (KDE)", "Dondorf (GNOME)"), and
    their file (a KDE deck's folder) as well where that is not enough."""

    def clashing(names: list[str]) -> set[str]:
        counts = Counter(name.casefold() for name in names)
        return {name for name, count in counts.items() if count > 1}

    def where(deck: SvgDeck) -> str:
        return deck.path.parent.name if deck.source == "KDE" else deck.path.name

    twins = clashing([deck.name for deck in decks])
    named = [
        f"{deck.name} ({deck.source})" if deck.name.casefold() in twins and deck.source else deck.name
        for deck in decks
    ]
    still = clashing(named)
    return [
        SvgDeck(
            f"{deck.name} ({', '.join(filter(None, (deck.source, where(deck))))})"
            if name.casefold() in still
            else name,
            deck.path,
            deck.source,
        )
        for deck, name in zip(decks, named, strict=True)
    ]


#: The file in the store's folder that keeps, between runs, which decks Qt can draw.
DECK_CHECKS_FILE: Final = "deck-checks.json"
#: The version of its format; a file of another version is ignored and written afresh.
DECK_CHECKS_VERSION: Final = 1


@dataclass(frozen=True)
class _Check:
    """What trying a deck file of this size and modification time found (``error``: why Qt
    cannot draw it, ``None`` when it can)."""

    size: int
    mtime_ns: int
    error: str | None


class DeckChecks:
    """Which deck files Qt can draw, remembered in ``file`` between runs.

    The file is JSON: ``{"version": 1, "decks": {PATH: {"size": N, "mtime_ns": N, "loads":
    BOOL, "error": WHY}}}``.  An entry holds while the deck's file keeps its size and
    modification time; a changed deck is tried again.  A file that cannot be read, is not of
    this form or of another version is ignored (and replaced at the next :meth:`save`), never
    an error; :meth:`save` leaves out the decks whose file is gone, so the file stays as
    small as the decks installed.  With ``file=None`` nothing is kept between runs.
    """

    def __init__(self, file: Path | None) -> None:
        self.file = file
        self._checks: dict[str, _Check] = self._read()
        self._changed = False

    def _read(self) -> dict[str, _Check]:
        if self.file is None:
            return {}
        try:
            data = json.loads(self.file.read_bytes())
        except (OSError, ValueError, RecursionError):  # unreadable, not JSON, nested too deep
            return {}
        if not isinstance(data, dict) or data.get("version") != DECK_CHECKS_VERSION:
            return {}
        decks = data.get("decks")
        if not isinstance(decks, dict):
            return {}
        checks: dict[str, _Check] = {}
        for path, entry in decks.items():
            if not isinstance(entry, dict):
                continue
            size, mtime, loads = entry.get("size"), entry.get("mtime_ns"), entry.get("loads")
            error = entry.get("error")
            if (
                type(size) is int
                and type(mtime) is int
                and isinstance(loads, bool)
                and (error is None or isinstance(error, str))
            ):
                checks[path] = _Check(size, mtime, None if loads else error or f"{path}: does not load")
        return checks

    @staticmethod
    def _stat(path: Path) -> tuple[int, int] | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        return (stat.st_size, stat.st_mtime_ns)

    def known(self, path: Path) -> tuple[bool, str | None] | None:
        """Whether the deck in ``path`` loads, and why not, if it was tried while the file was
        as it is now; ``None`` if it was not."""
        stat = self._stat(path)
        check = self._checks.get(str(path))
        if stat is None or check is None or (check.size, check.mtime_ns) != stat:
            return None
        return (check.error is None, check.error)

    def remember(self, path: Path, error: str | None) -> None:
        """Keep what trying the deck in ``path`` (as it is now) found."""
        stat = self._stat(path)
        if stat is None:
            return
        check = _Check(*stat, error)
        if self._checks.get(str(path)) != check:
            self._checks[str(path)] = check
            self._changed = True

    def save(self) -> None:
        """Write what was learnt since the last save (nothing when nothing was), with what
        another process wrote meanwhile, and without the decks that are gone.  A file that
        cannot be written is left: the decks are tried again the next time."""
        if self.file is None:
            return
        kept = {path: check for path, check in self._checks.items() if Path(path).is_file()}
        if not self._changed and kept == self._checks:
            return
        merged = {**self._read(), **kept}
        self._checks = {path: check for path, check in merged.items() if Path(path).is_file()}
        decks = {
            path: {
                "size": check.size,
                "mtime_ns": check.mtime_ns,
                "loads": check.error is None,
                **({"error": check.error} if check.error is not None else {}),
            }
            for path, check in sorted(self._checks.items())
        }
        data = json.dumps({"version": DECK_CHECKS_VERSION, "decks": decks}, ensure_ascii=False, indent=1)
        try:
            write_atomic(self.file, (data + "\n").encode("utf-8"))
        except OSError:
            return
        self._changed = False


#: The folder of the deck checks (the store's); ``None``: the store's default folder.
_checks_folder: Path | None = None
_checks: DeckChecks | None = None


def use_deck_checks(folder: Path | str | None) -> None:
    """Keep the deck checks in ``folder`` (the store's folder; ``None``: the default one)."""
    global _checks_folder
    _checks_folder = Path(folder) if folder is not None else None


def deck_checks() -> DeckChecks:
    """The deck checks of the store's folder (read once, then kept in memory)."""
    global _checks
    file = (_checks_folder or default_folder()) / DECK_CHECKS_FILE
    if _checks is None or _checks.file != file:
        _checks = DeckChecks(file)
    return _checks


def _load_deck(path: Path) -> _SvgDeckRenderer:
    """Load the deck in ``path`` (tens of ms, hundreds for large decks); ``ValueError`` when
    Qt cannot draw it."""
    return _SvgDeckRenderer(path)


def deck_loads(path: Path, *, probe: bool = True) -> bool | None:
    """Whether Qt can draw the deck in ``path``: tried once and remembered while the file is
    unchanged, between runs too (see :class:`DeckChecks`; call :meth:`DeckChecks.save` to
    keep it).  With ``probe=False``, what is known without loading it (``None``: not yet)."""
    if not path.is_file():
        return False
    checks = deck_checks()
    known = checks.known(path)
    if known is None:
        if not probe:
            return None
        try:
            _load_deck(path)
        except ValueError as error:
            checks.remember(path, str(error))
            return False
        checks.remember(path, None)
        return True
    return known[0]


def _loads(path: Path) -> bool:
    return bool(deck_loads(path))


@contextmanager
def _quiet_svg() -> Iterator[None]:
    """Keep Qt's ``qt.svg`` warnings (hundreds for some decks: unsupported features, unresolved
    references) off the terminal while a deck is read or drawn; other messages go on."""

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if (context.category or "").startswith("qt.svg"):
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


_SVG_RANKS: Final = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_SVG_SUITS: Final = ("spade", "heart", "diamond", "club")
# aisleriot decks name faces "club_1", "heart_king"; KDE decks "1_club", "king_heart".
_SVG_SCHEMES: Final[tuple[Callable[[str, str], str], ...]] = (
    lambda rank, suit: f"{suit}_{rank}",
    lambda rank, suit: f"{rank}_{suit}",
)


class _SvgDeckRenderer:
    """One loaded SVG deck: which element is which card, and where each card's box is."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            raise ValueError(f"{path}: no such file")
        self.path = path
        with _quiet_svg():
            self.renderer = QSvgRenderer(str(path))
        if not self.renderer.isValid():
            raise ValueError(f"{path}: not a valid SVG file")
        ids: list[str] | None = None
        for scheme in _SVG_SCHEMES:
            candidate = [scheme(_SVG_RANKS[card.rank - 1], _SVG_SUITS[card.suit]) for card in CARDS]
            if all(self.renderer.elementExists(element) for element in candidate):
                ids = candidate
                break
        if ids is None:
            raise ValueError(f"{path}: no card elements such as 'club_1' or '1_club'")
        self.ids = ids
        self.back_id = "back" if self.renderer.elementExists("back") else None
        sizes = [self.renderer.boundsOnElement(element).size() for element in ids]
        if any(size.width() <= 0 or size.height() <= 0 for size in sizes):
            raise ValueError(f"{path}: a card element is empty")
        self.ref_w = statistics.median(size.width() for size in sizes)
        self.ref_h = statistics.median(size.height() for size in sizes)
        #: Height over width of the deck's cards.
        self.ratio = self.ref_h / self.ref_w
        # The faces of a deck have one size, or one shape where a KDE deck draws some at another
        # scale.  Where Qt's renderer sees many of other sizes, it draws them wrongly: a deck
        # built from <use>s of <symbol>s with their own viewBox (which Qt does not scale into
        # the <use>), or from clip paths Qt does not follow, has pips and figures beyond the card.
        agree = sum(self._shaped(size.width(), size.height()) for size in sizes)
        if agree < 0.9 * len(sizes):
            raise ValueError(
                f"{path}: Qt's SVG renderer cannot draw this deck ({agree} of 52 cards in shape)"
            )
        if self.ratio < 1:
            # KDE's Future Simple: chips with a tab that Qt leaves out of their bounds.
            raise ValueError(
                f"{path}: its cards are wider than tall ({self.ref_w:.0f} x {self.ref_h:.0f});"
                " the table lays out upright cards"
            )
        self._boxes: dict[str, QRectF] = {}
        self._rects: dict[str, list[str]] | None = None

    def _shaped(self, width: float, height: float, tolerance: float = 0.04) -> bool:
        """Whether a ``width`` x ``height`` box is a card of the deck: of its size, or of its
        very shape at another scale."""
        sx, sy = width / self.ref_w, height / self.ref_h
        if abs(sx - 1) <= tolerance and abs(sy - 1) <= tolerance:
            return True
        return sy > 0 and abs(sx / sy - 1) <= 0.6 * tolerance

    def _rect_ids(self) -> dict[str, list[str]]:
        """For each card element, the ids of the ``<rect>`` elements inside it (read once)."""
        if self._rects is None:
            self._rects = {}
            wanted = {*self.ids, self.back_id}
            try:
                data = self.path.read_bytes()
                if data[:2] == b"\x1f\x8b":
                    data = gzip.decompress(data)
                root = ElementTree.fromstring(data)
            except (OSError, ElementTree.ParseError, EOFError, gzip.BadGzipFile):
                return self._rects
            for element in root.iter():
                element_id = element.get("id")
                if element_id in wanted and element_id is not None:
                    self._rects[element_id] = [
                        child_id
                        for child in element.iter()
                        if child.tag.rsplit("}", 1)[-1] == "rect" and (child_id := child.get("id"))
                    ]
        return self._rects

    def box(self, element: str) -> QRectF:
        """The card's own rectangle in the SVG's coordinates.

        An element of the deck's shape is its card, whatever its size.  One of another shape
        (something sticking out, or a shadow) has its card in the largest ``<rect>`` of the
        deck's shape inside it; failing that, in the largest box of that shape at its top left.
        """
        if element not in self._boxes:
            bounds = self.renderer.boundsOnElement(element)
            box = bounds
            if not self._shaped(bounds.width(), bounds.height()):
                width = min(bounds.width(), bounds.height() / self.ratio)
                box = QRectF(bounds.x(), bounds.y(), width, width * self.ratio)
                rects = [self.renderer.boundsOnElement(rect) for rect in self._rect_ids().get(element, [])]
                shaped = [
                    rect
                    for rect in rects
                    if self._shaped(rect.width(), rect.height(), 0.08)
                    and rect.width() >= 0.5 * bounds.width()
                ]
                if shaped:
                    box = max(shaped, key=lambda rect: rect.width())
            self._boxes[element] = box
        return self._boxes[element]

    def render(self, painter: QPainter, element: str, target: QRectF) -> None:
        """Draw an element so that its card box fills ``target``."""
        box = self.box(element)
        bounds = self.renderer.boundsOnElement(element)
        sx, sy = target.width() / box.width(), target.height() / box.height()
        dest = QRectF(
            target.x() + (bounds.x() - box.x()) * sx,
            target.y() + (bounds.y() - box.y()) * sy,
            bounds.width() * sx,
            bounds.height() * sy,
        )
        painter.save()
        painter.setClipRect(target)
        with _quiet_svg():
            self.renderer.render(painter, element, dest)
        painter.restore()


# -- shapes --------------------------------------------------------------------------------------


def _normalised(path: QPainterPath) -> QPainterPath:
    """The path centred on the origin and scaled to a height of 1."""
    rect = path.boundingRect()
    transform = QTransform()
    transform.scale(1 / rect.height(), 1 / rect.height())
    transform.translate(-rect.center().x(), -rect.center().y())
    return transform.map(path)


def _heart() -> QPainterPath:
    path = QPainterPath(QPointF(0, 0.5))
    path.cubicTo(-0.1, 0.36, -0.5, 0.13, -0.5, -0.17)
    path.cubicTo(-0.5, -0.37, -0.36, -0.48, -0.24, -0.48)
    path.cubicTo(-0.12, -0.48, -0.03, -0.41, 0, -0.3)
    path.cubicTo(0.03, -0.41, 0.12, -0.48, 0.24, -0.48)
    path.cubicTo(0.36, -0.48, 0.5, -0.37, 0.5, -0.17)
    path.cubicTo(0.5, 0.13, 0.1, 0.36, 0, 0.5)
    path.closeSubpath()
    return path


def _diamond() -> QPainterPath:
    path = QPainterPath(QPointF(0, -0.5))
    path.quadTo(0.19, -0.21, 0.39, 0)
    path.quadTo(0.19, 0.21, 0, 0.5)
    path.quadTo(-0.19, 0.21, -0.39, 0)
    path.quadTo(-0.19, -0.21, 0, -0.5)
    path.closeSubpath()
    return path


def _spade() -> QPainterPath:
    path = QPainterPath(QPointF(0, -0.5))
    path.cubicTo(0.12, -0.33, 0.5, -0.13, 0.5, 0.12)
    path.cubicTo(0.5, 0.3, 0.37, 0.4, 0.24, 0.4)
    path.cubicTo(0.14, 0.4, 0.07, 0.36, 0.035, 0.29)
    path.cubicTo(0.05, 0.41, 0.1, 0.47, 0.19, 0.5)
    path.lineTo(-0.19, 0.5)
    path.cubicTo(-0.1, 0.47, -0.05, 0.41, -0.035, 0.29)
    path.cubicTo(-0.07, 0.36, -0.14, 0.4, -0.24, 0.4)
    path.cubicTo(-0.37, 0.4, -0.5, 0.3, -0.5, 0.12)
    path.cubicTo(-0.5, -0.13, -0.12, -0.33, 0, -0.5)
    path.closeSubpath()
    return path


def _club() -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    radius = 0.225
    path.addEllipse(QPointF(0, -0.275), radius, radius)
    path.addEllipse(QPointF(-0.267, 0.1), radius, radius)
    path.addEllipse(QPointF(0.267, 0.1), radius, radius)
    path.addEllipse(QPointF(0, 0.04), 0.13, 0.13)
    stem = QPainterPath(QPointF(-0.04, 0.0))
    stem.lineTo(0.04, 0.0)
    stem.cubicTo(0.05, 0.3, 0.1, 0.46, 0.19, 0.5)
    stem.lineTo(-0.19, 0.5)
    stem.cubicTo(-0.1, 0.46, -0.05, 0.3, -0.04, 0.0)
    stem.closeSubpath()
    path.addPath(stem)
    return path.simplified()


def _crown() -> QPainterPath:
    """King: three spikes with balls on a band (unit width, centred)."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    body = QPolygonF(
        [
            QPointF(-0.46, 0.2),
            QPointF(-0.5, -0.2),
            QPointF(-0.23, 0.02),
            QPointF(0, -0.32),
            QPointF(0.23, 0.02),
            QPointF(0.5, -0.2),
            QPointF(0.46, 0.2),
        ]
    )
    path.addPolygon(body)
    path.closeSubpath()
    path.addRoundedRect(QRectF(-0.47, 0.17, 0.94, 0.17), 0.04, 0.04)
    for x, y in ((-0.5, -0.23), (0, -0.36), (0.5, -0.23)):
        path.addEllipse(QPointF(x, y), 0.075, 0.075)
    return path.simplified()


def _coronet() -> QPainterPath:
    """Queen: a rounded dome with scalloped arches and an orb on top."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    dome = QPainterPath(QPointF(-0.44, 0.2))
    dome.lineTo(-0.44, 0.02)
    dome.quadTo(-0.36, -0.2, -0.2, -0.1)
    dome.quadTo(-0.12, -0.3, 0, -0.26)
    dome.quadTo(0.12, -0.3, 0.2, -0.1)
    dome.quadTo(0.36, -0.2, 0.44, 0.02)
    dome.lineTo(0.44, 0.2)
    dome.closeSubpath()
    path.addPath(dome)
    path.addRoundedRect(QRectF(-0.46, 0.17, 0.92, 0.15), 0.07, 0.07)
    path.addEllipse(QPointF(0, -0.36), 0.1, 0.1)
    path.addEllipse(QPointF(-0.44, -0.03), 0.06, 0.06)
    path.addEllipse(QPointF(0.44, -0.03), 0.06, 0.06)
    return path.simplified()


def _shield() -> QPainterPath:
    """Jack: a heater shield."""
    path = QPainterPath(QPointF(-0.34, -0.36))
    path.quadTo(0, -0.28, 0.34, -0.36)
    path.lineTo(0.34, -0.02)
    path.cubicTo(0.34, 0.2, 0.18, 0.33, 0, 0.4)
    path.cubicTo(-0.18, 0.33, -0.34, 0.2, -0.34, -0.02)
    path.closeSubpath()
    return path


_PATHS: dict[str, QPainterPath] = {}


def _path(name: str) -> QPainterPath:
    """A shape, built once: a suit letter ``S H D C`` or an emblem ``K Q J``."""
    if name not in _PATHS:
        makers = {"S": _spade, "H": _heart, "D": _diamond, "C": _club}
        emblems = {"K": _crown, "Q": _coronet, "J": _shield}
        _PATHS[name] = _normalised(makers[name]()) if name in makers else emblems[name]()
    return _PATHS[name]


def _suit_colour(suit: Suit) -> QColor:
    return _RED if suit.is_red else _BLACK


def _fill_shape(
    painter: QPainter, name: str, cx: float, cy: float, size: float, colour: QColor, flip: bool = False
) -> None:
    transform = QTransform()
    transform.translate(cx, cy)
    if flip:
        transform.rotate(180)
    transform.scale(size, size)
    painter.fillPath(transform.map(_path(name)), colour)


_TEXT_BOUNDS: dict[tuple[str, bool], QRectF] = {}
_FONTS: dict[bool, QFont] = {}


def _font(serif: bool) -> QFont:
    if serif not in _FONTS:
        font = QFont()
        font.setFamilies(_SERIF if serif else _SANS)
        font.setPixelSize(100)
        font.setWeight(QFont.Weight.Bold)
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        _FONTS[serif] = font
    return _FONTS[serif]


def _draw_text(painter: QPainter, text: str, box: QRectF, colour: QColor, *, serif: bool = False) -> None:
    """Draw ``text`` so that its ink is ``box.height()`` tall, centred in ``box`` (squeezed to fit)."""
    font = _font(serif)
    key = (text, serif)
    if key not in _TEXT_BOUNDS:
        _TEXT_BOUNDS[key] = QFontMetricsF(font).tightBoundingRect(text)
    ink = _TEXT_BOUNDS[key]
    scale = box.height() / ink.height()
    squeeze = min(1.0, box.width() / (ink.width() * scale))
    painter.save()
    painter.translate(box.center().x(), box.top())
    painter.scale(scale * squeeze, scale)
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(QPointF(-ink.center().x(), -ink.top()), text)
    painter.restore()


# -- the own deck --------------------------------------------------------------------------------


def _radius(width: float) -> float:
    return max(2.5, 0.075 * width)


def _card_outline(painter: QPainter, w: float, h: float) -> QPainterPath:
    """Fill the white rounded card with its thin border; returns the card's shape."""
    edge = max(0.8, w / 120)
    rect = QRectF(edge / 2, edge / 2, w - edge, h - edge)
    shape = QPainterPath()
    shape.addRoundedRect(rect, _radius(w), _radius(w))
    painter.fillPath(shape, _FACE)
    painter.setPen(QPen(_EDGE, edge))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(shape)
    return shape


def _draw_index(painter: QPainter, card: Card, w: float, colour: QColor) -> None:
    """Rank over suit in the top-left corner."""
    rank = QRectF(0.03 * w, 0.06 * w, 0.19 * w, 0.17 * w)
    _draw_text(painter, _RANK_TEXT[card.rank], rank, colour)
    size = 0.13 * w
    _fill_shape(
        painter, card.suit.letter, rank.center().x(), rank.bottom() + 0.04 * w + size / 2, size, colour
    )


def _draw_pips(painter: QPainter, card: Card, w: float, h: float, colour: QColor) -> None:
    size = 0.165 * w if card.rank < 9 else 0.155 * w
    columns = (0.32 * w, 0.5 * w, 0.68 * w)
    top, bottom = 0.2 * h, 0.8 * h
    for column, row in _PIPS[card.rank]:
        y = top + (bottom - top) * row
        _fill_shape(painter, card.suit.letter, columns[column], y, size, colour, flip=row > 0.5)


def _draw_ace(painter: QPainter, card: Card, w: float, h: float, colour: QColor) -> None:
    size = 0.46 * w if card.suit is not Suit.SPADES else 0.52 * w
    _fill_shape(painter, card.suit.letter, w / 2, h / 2, size, colour)


def _draw_court(painter: QPainter, card: Card, w: float, h: float, colour: QColor) -> None:
    letter = _RANK_TEXT[card.rank]
    tint = _TINT_RED if card.suit.is_red else _TINT_BLACK
    panel = QRectF(0.245 * w, 0.06 * h, 0.51 * w, 0.88 * h)
    radius = 0.04 * w
    line = max(0.8, 0.013 * w)
    painter.setPen(QPen(colour, line))
    painter.setBrush(tint)
    painter.drawRoundedRect(panel, radius, radius)
    inner = panel.adjusted(0.035 * w, 0.035 * w, -0.035 * w, -0.035 * w)
    faint = QColor(colour)
    faint.setAlphaF(0.35)
    painter.setPen(QPen(faint, max(0.6, 0.007 * w)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    cx = panel.center().x()
    # The emblem on top, the letter in the middle, the suit below; small suits in the corners.
    emblem_width = 0.36 * w
    _draw_emblem(painter, letter, cx, panel.top() + 0.2 * panel.height(), emblem_width, colour)
    text_height = 0.21 * h
    _draw_text(
        painter,
        letter,
        QRectF(panel.left(), panel.center().y() - text_height * 0.52, panel.width(), text_height),
        colour,
        serif=True,
    )
    _fill_shape(painter, card.suit.letter, cx, panel.top() + 0.8 * panel.height(), 0.2 * w, colour)
    corner = 0.075 * w
    for x, y, flip in (
        (inner.left() + corner * 0.9, inner.top() + corner * 0.9, False),
        (inner.right() - corner * 0.9, inner.bottom() - corner * 0.9, True),
    ):
        _fill_shape(painter, card.suit.letter, x, y, corner, faint, flip=flip)


def _draw_emblem(painter: QPainter, letter: str, cx: float, cy: float, width: float, colour: QColor) -> None:
    """The king's crown, the queen's coronet or the jack's shield, gold with suit-coloured jewels."""
    transform = QTransform()
    transform.translate(cx, cy)
    transform.scale(width, width)
    shape = transform.map(_path(letter))
    painter.setPen(QPen(_GOLD_DARK, max(0.6, width * 0.04), j=Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(_GOLD)
    painter.drawPath(shape)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    jewel = width * 0.055
    if letter == "K":
        for x in (-0.24, 0.0, 0.24):
            painter.drawEllipse(QPointF(cx + x * width, cy + 0.255 * width), jewel, jewel)
    elif letter == "Q":
        painter.drawEllipse(QPointF(cx, cy + 0.245 * width), jewel * 1.1, jewel * 1.1)
        painter.drawEllipse(QPointF(cx, cy - 0.09 * width), jewel * 1.25, jewel * 1.25)
        for x in (-0.28, 0.28):
            painter.drawEllipse(QPointF(cx + x * width, cy + 0.245 * width), jewel * 0.8, jewel * 0.8)
    else:
        band = QPainterPath()
        band.addRect(QRectF(cx - 0.34 * width, cy - 0.12 * width, 0.68 * width, 0.14 * width))
        painter.fillPath(band.intersected(shape), colour)


def _draw_compact(painter: QPainter, card: Card, w: float, h: float, colour: QColor) -> None:
    """Small cards: a big rank top-left, the suit top-right, one large pip or emblem below."""
    rank = QRectF(0.07 * w, 0.075 * w, 0.42 * w, 0.3 * w)
    _draw_text(painter, _RANK_TEXT[card.rank], rank, colour)
    suit_size = 0.3 * w
    _fill_shape(painter, card.suit.letter, 0.74 * w, rank.center().y(), suit_size, colour)
    if card.rank <= 10:
        _fill_shape(painter, card.suit.letter, w / 2, 0.62 * h, 0.5 * w, colour)
        return
    tint = _TINT_RED if card.suit.is_red else _TINT_BLACK
    panel = QRectF(0.12 * w, rank.bottom() + 0.1 * w, 0.76 * w, h - rank.bottom() - 0.22 * w)
    painter.setPen(QPen(colour, max(0.7, 0.02 * w)))
    painter.setBrush(tint)
    painter.drawRoundedRect(panel, 0.06 * w, 0.06 * w)
    _draw_emblem(painter, _RANK_TEXT[card.rank], w / 2, panel.top() + 0.3 * panel.height(), 0.5 * w, colour)
    _fill_shape(painter, card.suit.letter, w / 2, panel.top() + 0.72 * panel.height(), 0.28 * w, colour)


def _draw_own_face(painter: QPainter, card: Card, w: float, h: float) -> None:
    _card_outline(painter, w, h)
    colour = _suit_colour(card.suit)
    if w < _COMPACT_WIDTH:
        _draw_compact(painter, card, w, h, colour)
        return
    _draw_index(painter, card, w, colour)
    painter.save()
    painter.translate(w, h)
    painter.rotate(180)
    _draw_index(painter, card, w, colour)
    painter.restore()
    if card.rank == 1:
        _draw_ace(painter, card, w, h, colour)
    elif card.rank <= 10:
        _draw_pips(painter, card, w, h, colour)
    else:
        _draw_court(painter, card, w, h, colour)


def _draw_own_back(painter: QPainter, w: float, h: float, back: str) -> None:
    ground, pattern = (QColor(name) for name in _BACK_COLOURS[back])
    _card_outline(painter, w, h)
    margin = max(2.0, 0.055 * w)
    inner = QRectF(margin, margin, w - 2 * margin, h - 2 * margin)
    inner_radius = max(1.5, _radius(w) - margin * 0.6)
    shape = QPainterPath()
    shape.addRoundedRect(inner, inner_radius, inner_radius)
    gradient = QLinearGradient(inner.topLeft(), inner.bottomRight())
    gradient.setColorAt(0.0, ground.lighter(118))
    gradient.setColorAt(1.0, ground.darker(108))
    painter.fillPath(shape, QBrush(gradient))
    painter.save()
    painter.setClipPath(shape)
    # A fine diagonal lattice: diamonds about an eighth of the card wide.
    step = max(4.0, w / 8)
    lattice = QColor(pattern)
    lattice.setAlphaF(0.55)
    painter.setPen(QPen(lattice, max(0.6, w / 150)))
    span = inner.width() + inner.height()
    count = int(span / step) + 2
    cx, cy = inner.center().x(), inner.center().y()
    for k in range(-count, count + 1):
        x = cx + k * step
        painter.drawLine(QPointF(x - span, cy - span), QPointF(x + span, cy + span))
        painter.drawLine(QPointF(x - span, cy + span), QPointF(x + span, cy - span))
    if w >= 24:
        dots = QColor(pattern)
        dots.setAlphaF(0.9)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(dots)
        dot = max(0.6, w / 110)
        rows = int(inner.height() / step) + 2
        cols = int(inner.width() / step) + 2
        for i in range(-cols, cols + 1):
            for j in range(-rows, rows + 1):
                if (i + j) % 2 == 0:
                    painter.drawEllipse(QPointF(cx + i * step / 2, cy + j * step / 2), dot, dot)
    painter.restore()
    # A frame inside the ground and a medallion in the middle.
    frame_inset = max(1.5, 0.05 * w)
    frame = inner.adjusted(frame_inset, frame_inset, -frame_inset, -frame_inset)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(pattern.lighter(125), max(0.8, w / 85)))
    painter.drawRoundedRect(frame, inner_radius * 0.7, inner_radius * 0.7)
    if w >= 30:
        medallion = QPainterPath()
        rx, ry = 0.2 * w, 0.2 * w
        medallion.moveTo(cx, cy - ry * 1.25)
        medallion.lineTo(cx + rx, cy)
        medallion.lineTo(cx, cy + ry * 1.25)
        medallion.lineTo(cx - rx, cy)
        medallion.closeSubpath()
        painter.setBrush(ground)
        painter.setPen(QPen(pattern.lighter(135), max(0.8, w / 70)))
        painter.drawPath(medallion)
        light = QColor(pattern.lighter(150))
        _fill_shape(painter, "S", cx, cy - 0.1 * w, 0.1 * w, light)
        _fill_shape(painter, "H", cx + 0.095 * w, cy, 0.1 * w, light)
        _fill_shape(painter, "C", cx - 0.095 * w, cy, 0.1 * w, light)
        _fill_shape(painter, "D", cx, cy + 0.1 * w, 0.1 * w, light)
    painter.setPen(Qt.PenStyle.NoPen)


def _slot_outline(painter: QPainter, w: float, h: float) -> float:
    line = max(1.2, 0.022 * w)
    rect = QRectF(line / 2 + 0.5, line / 2 + 0.5, w - line - 1, h - line - 1)
    painter.setBrush(QColor(0, 0, 0, 30))
    painter.setPen(QPen(QColor(255, 255, 255, 120), line))
    painter.drawRoundedRect(rect, _radius(w), _radius(w))
    return line


def _draw_slot(
    painter: QPainter, w: float, h: float, suit: Suit | None, mark: str = "", note: str = ""
) -> None:
    _slot_outline(painter, w, h)
    colour = QColor(255, 255, 255, 70)
    if suit is not None:
        _fill_shape(painter, suit.letter, w / 2, h / 2, 0.42 * w, colour)
    elif mark:
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, round((0.5 if len(mark) < 2 else 0.36) * w)))
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter, mark)
    if note:
        font = QFont()
        font.setPixelSize(max(6, round(0.15 * w)))
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255, 150))
        painter.drawText(QRectF(0, 0.72 * h, w, 0.24 * h), Qt.AlignmentFlag.AlignCenter, note)


def _draw_stock_empty(painter: QPainter, w: float, h: float) -> None:
    """An outline with a clockwise circular arrow: click to turn the waste over."""
    _slot_outline(painter, w, h)
    colour = QColor(255, 255, 255, 120)
    radius = 0.22 * w
    line = max(1.5, 0.055 * w)
    circle = QRectF(w / 2 - radius, h / 2 - radius, 2 * radius, 2 * radius)
    start, sweep = 100.0, -280.0
    arc = QPainterPath()
    arc.arcMoveTo(circle, start)
    arc.arcTo(circle, start, sweep)
    pen = QPen(colour, line)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen)
    painter.drawPath(arc)
    end = math.radians(start + sweep)
    point = QPointF(w / 2 + radius * math.cos(end), h / 2 - radius * math.sin(end))
    ahead = QPointF(math.sin(end), math.cos(end))  # clockwise tangent on screen
    out = QPointF(math.cos(end), -math.sin(end))
    size = 2.0 * line
    head = QPolygonF([point + ahead * size * 1.1, point + out * size, point - out * size])
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPolygon(head)


def _draw_stock_spent(painter: QPainter, w: float, h: float) -> None:
    """An outline with a faint "no entry" sign: the waste may not be turned over again."""
    _slot_outline(painter, w, h)
    colour = QColor(255, 255, 255, 90)
    radius = 0.2 * w
    line = max(1.5, 0.05 * w)
    pen = QPen(colour, line)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(pen)
    painter.drawEllipse(QPointF(w / 2, h / 2), radius, radius)
    slant = radius * math.sqrt(0.5)
    painter.drawLine(QPointF(w / 2 - slant, h / 2 + slant), QPointF(w / 2 + slant, h / 2 - slant))


def _whitish(colour: QColor) -> bool:
    return colour.alpha() > 200 and min(colour.red(), colour.green(), colour.blue()) > 225


def _top_border(image: QImage) -> int:
    """How many rows of device pixels at the top of a card back are its edge and white
    border, down the middle: a card lying on it by fewer than that shows no back."""
    x, height = image.width() // 2, image.height()
    y = 0
    while y < min(4, height) and not _whitish(image.pixelColor(x, y)):
        y += 1  # the outline, antialiased
    if y >= height or not _whitish(image.pixelColor(x, y)):
        return 0  # the pattern reaches the edge
    while y < height // 4 and _whitish(image.pixelColor(x, y)):
        y += 1
    return y


# -- the painter ---------------------------------------------------------------------------------

_Key = tuple[str, int, float, float, float, str, str]


class CardPainter:
    """Draws and caches card faces, backs and empty-pile marks as pixmaps.

    ``deck`` is ``None`` (or ``""``) for the own deck, or an SVG deck: a :class:`SvgDeck` or
    the path of its file.  ``back`` names one of :data:`BACKS`, the own deck's back colours.
    A deck that fails to load leaves the own deck in use and says why in :attr:`deck_error`.
    """

    BACKS: ClassVar[tuple[str, ...]] = BACKS
    #: Pixmaps are kept for this many sizes (width, height, pixel ratio), the most recently
    #: used ones: a window being resized does not pile up a deck per intermediate size.
    KEPT_SIZES: ClassVar[int] = 4

    def __init__(self, deck: SvgDeck | str | os.PathLike[str] | None = None, back: str = "blue") -> None:
        self._cache: dict[_Key, QPixmap] = {}
        self._sizes: dict[tuple[float, float, float], None] = {}  # in order of last use
        self._borders: dict[tuple[str, str, float, float, float], float] = {}
        self._svg: _SvgDeckRenderer | None = None
        self.deck_error: str | None = None
        self.back_name = "blue"
        self.set_deck(deck, back)

    # -- settings --------------------------------------------------------------------------------

    def set_deck(self, deck: SvgDeck | str | os.PathLike[str] | None, back: str | None = None) -> None:
        """Use another deck (``None`` for the own one) and, when given, another back colour."""
        if back is not None:
            self.back_name = back if back in _BACK_COLOURS else "blue"
        if isinstance(deck, SvgDeck):
            deck = deck.path
        if deck and self._svg is not None and self._svg.path == Path(deck):
            return  # the same deck: keep it loaded
        self._svg, self.deck_error = None, None
        if deck:
            checks = deck_checks()
            known = checks.known(Path(deck))
            if known is not None and not known[0]:
                self.deck_error = known[1]  # tried before: not again
                return
            try:
                self._svg = _load_deck(Path(deck))
            except ValueError as error:
                self.deck_error = str(error)
            checks.remember(Path(deck), self.deck_error)
            checks.save()

    def twin(self) -> CardPainter:
        """A painter of the same deck and back with a cache of its own: pictures of other
        sizes (the New Game dialog's previews) do not push the table's pixmaps out."""
        twin = CardPainter(back=self.back_name)
        twin._svg, twin.deck_error = self._svg, self.deck_error
        return twin

    @property
    def deck_path(self) -> Path | None:
        """The SVG deck in use, or ``None`` for the own deck."""
        return self._svg.path if self._svg is not None else None

    @property
    def card_ratio(self) -> float:
        """Height over width of the deck's cards (SVG decks differ a little from 5:7)."""
        return self._svg.ratio if self._svg is not None else CARD_RATIO

    @property
    def table_ratio(self) -> float:
        """Height over width of the cards and slots on the table: the deck's own shape, so
        that its cards fill their slots, within 5:4 to 7:4 (a deck of odd shape is fitted)."""
        return min(max(self.card_ratio, TABLE_RATIOS[0]), TABLE_RATIOS[1])

    def clear_cache(self) -> None:
        """Forget every pixmap drawn so far."""
        self._cache.clear()
        self._sizes.clear()
        self._borders.clear()

    def _lookup(self, key: _Key) -> QPixmap | None:
        pixmap = self._cache.get(key)
        if pixmap is not None:
            size = (key[2], key[3], key[4])
            if next(reversed(self._sizes)) != size:  # mark the size as the latest used
                self._sizes.pop(size, None)
                self._sizes[size] = None
        return pixmap

    def _store(self, key: _Key, pixmap: QPixmap) -> QPixmap:
        """Cache a new pixmap, dropping those of the least recently used size beyond KEPT_SIZES."""
        size = (key[2], key[3], key[4])
        self._sizes.pop(size, None)
        self._sizes[size] = None
        while len(self._sizes) > self.KEPT_SIZES:
            old = next(iter(self._sizes))
            del self._sizes[old]
            for stale in [k for k in self._cache if (k[2], k[3], k[4]) == old]:
                del self._cache[stale]
        self._cache[key] = pixmap
        return pixmap

    # -- pixmaps ---------------------------------------------------------------------------------

    def pixmap(self, card: Card, width: float, height: float, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The face of ``card``, ``width`` x ``height`` logical pixels."""
        key = ("face", card.index, width, height, device_pixel_ratio, self._deck_key(), "")
        pixmap = self._lookup(key)
        if pixmap is None:
            svg = self._svg
            if svg is not None:
                element = svg.ids[card.index]
                pixmap = self._paint(width, height, device_pixel_ratio, self._svg_drawer(svg, element))
            else:
                pixmap = self._paint(
                    width, height, device_pixel_ratio, lambda p, w, h: _draw_own_face(p, card, w, h)
                )
            self._store(key, pixmap)
        return pixmap

    def back(self, width: float, height: float, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The back of a card: the SVG deck's own back, else the patterned back in :attr:`back_name`."""
        key = ("back", -1, width, height, device_pixel_ratio, self._deck_key(), self.back_name)
        pixmap = self._lookup(key)
        if pixmap is None:
            pixmap = self._store(key, self._paint_back(width, height, device_pixel_ratio))
        return pixmap

    def _paint_back(self, width: float, height: float, device_pixel_ratio: float) -> QPixmap:
        svg = self._svg
        if svg is not None and svg.back_id is not None:
            return self._paint(width, height, device_pixel_ratio, self._svg_drawer(svg, svg.back_id))
        name = self.back_name
        return self._paint(width, height, device_pixel_ratio, lambda p, w, h: _draw_own_back(p, w, h, name))

    def slot(
        self,
        width: float,
        height: float,
        suit: Suit | None = None,
        device_pixel_ratio: float = 1.0,
        mark: str = "",
        note: str = "",
    ) -> QPixmap:
        """An empty pile: a translucent outline, with a faint suit for a foundation of that
        suit, or a faint ``mark`` (a rank such as "A" or "K", or "K♠": what the pile
        accepts), and a small ``note`` at its foot (how it builds: "up, by 3s")."""
        key = ("slot", -1 if suit is None else int(suit), width, height, device_pixel_ratio, mark, note)
        pixmap = self._lookup(key)
        if pixmap is None:
            pixmap = self._paint(
                width, height, device_pixel_ratio, lambda p, w, h: _draw_slot(p, w, h, suit, mark, note)
            )
            self._store(key, pixmap)
        return pixmap

    def stock_empty(self, width: float, height: float, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The empty stock: an outline with a circular arrow (the waste can be turned over)."""
        return self._mark("stock", _draw_stock_empty, width, height, device_pixel_ratio)

    def stock_spent(self, width: float, height: float, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The empty stock when the waste may not go back: an outline with a "no entry" sign."""
        return self._mark("stock-spent", _draw_stock_spent, width, height, device_pixel_ratio)

    def _mark(
        self,
        name: str,
        draw: Callable[[QPainter, float, float], None],
        width: float,
        height: float,
        device_pixel_ratio: float,
    ) -> QPixmap:
        """A drawing of the table that belongs to no deck, cached as the cards are."""
        key = (name, -1, width, height, device_pixel_ratio, "", "")
        pixmap = self._lookup(key)
        if pixmap is None:
            pixmap = self._paint(width, height, device_pixel_ratio, draw)
            self._store(key, pixmap)
        return pixmap

    def back_border(self, width: float, height: float, device_pixel_ratio: float = 1.0) -> float:
        """The height, in logical pixels, of the plain edge at the top of the back (its
        outline and white border): a face-down card must show more than that of itself
        for its pattern to show."""
        key = (self._deck_key(), self.back_name, width, height, device_pixel_ratio)
        border = self._borders.get(key)
        if border is None:
            image = self._paint_back(width, height, device_pixel_ratio).toImage()
            border = _top_border(image) / device_pixel_ratio
            if len(self._borders) > 64:
                self._borders.clear()
            self._borders[key] = border
        return border

    # -- helpers ---------------------------------------------------------------------------------

    def _deck_key(self) -> str:
        return str(self._svg.path) if self._svg is not None else ""

    def _svg_drawer(self, svg: _SvgDeckRenderer, element: str) -> Callable[[QPainter, float, float], None]:
        def draw(painter: QPainter, w: float, h: float) -> None:
            ratio = svg.ratio
            if abs(ratio * w / h - 1) <= 0.06:
                target = QRectF(0, 0, w, h)  # close enough to the table's shape: fill it
            elif ratio * w > h:
                target = QRectF((w - h / ratio) / 2, 0, h / ratio, h)
            else:
                target = QRectF(0, (h - w * ratio) / 2, w, w * ratio)
            svg.render(painter, element, target)

        return draw

    @staticmethod
    def _paint(
        width: float, height: float, dpr: float, draw: Callable[[QPainter, float, float], None]
    ) -> QPixmap:
        if not (width > 0 and height > 0 and dpr > 0):
            raise ValueError(f"a card needs a positive size, got {width}x{height} at {dpr}x")

        def paint() -> QPixmap:
            pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
            pixmap.setDevicePixelRatio(dpr)
            pixmap.fill(Qt.GlobalColor.transparent)
            # Draw in logical pixels that exactly cover the device pixels.
            w, h = pixmap.width() / dpr, pixmap.height() / dpr
            painter = QPainter(pixmap)
            try:
                painter.setRenderHints(
                    QPainter.RenderHint.Antialiasing
                    | QPainter.RenderHint.TextAntialiasing
                    | QPainter.RenderHint.SmoothPixmapTransform
                )
                draw(painter, w, h)
            finally:
                painter.end()
            return pixmap

        return paint()


def render_sheet(painter: CardPainter, width: float = 100, height: float = 140, columns: int = 13) -> QImage:
    """A contact sheet: every card suit by suit, then backs, slots, small cards and fanned columns."""
    return _render_sheet(painter, width, height, columns)


def _render_sheet(painter: CardPainter, width: float, height: float, columns: int) -> QImage:
    gap = round(width * 0.12)
    small_w, small_h = round(width / 2), round(height / 2)
    sheet = QImage(
        round(columns * (width + gap) + gap),
        round(5 * (height + gap) + 1.5 * height + 2 * gap),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    sheet.fill(QColor("#1e7048"))
    p = QPainter(sheet)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)

    def put(pixmap: QPixmap, column: float, row: int, offset: QPointF | None = None) -> None:
        x = gap + column * (width + gap)
        y = gap + row * (height + gap)
        p.drawPixmap(QPointF(x, y) + (offset or QPointF()), pixmap)

    for index, card in enumerate(CARDS):
        put(painter.pixmap(card, width, height), index % 13, index // 13)
    extras: list[QPixmap] = []
    chosen = painter.back_name
    for back in BACKS:
        painter.back_name = back
        extras.append(painter.back(width, height))
    painter.back_name = chosen
    extras += [painter.slot(width, height, suit) for suit in Suit]
    extras += [painter.slot(width, height, None), painter.stock_empty(width, height)]
    for index, pixmap in enumerate(extras):
        put(pixmap, index % columns, 4 + index // columns)
    small = [Card.parse(text) for text in ("AS", "7H", "TD", "JC", "QH", "KS", "9C", "3D")]
    for index, card in enumerate(small):
        column, half = divmod(index, 2)
        put(painter.pixmap(card, small_w, small_h), column, 5, QPointF(0, half * (small_h + gap / 2)))
    # Fanned columns as on the table, large and small.
    fan = [Card.parse(text) for text in ("KH", "QC", "JD", "TS", "9H", "8C", "7D", "6S")]
    top = gap + 5 * (height + gap)
    for index, card in enumerate(fan):
        x = gap + (4 + index // 4) * (width + gap)
        p.drawPixmap(QPointF(x, top + (index % 4) * height * 0.16), painter.pixmap(card, width, height))
    for index, card in enumerate(fan):
        x = gap + 6 * (width + gap) + (index // 4) * (small_w + gap)
        p.drawPixmap(QPointF(x, top + (index % 4) * small_h * 0.3), painter.pixmap(card, small_w, small_h))
    p.end()
    return sheet
