"""The kit's perft checker and writer: compatible with the framework's own files,
and they fail where the legal moves are wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from broken_plugins import ForgetsTheTap, catalog_with

from solitaire.plugins.builtins import new_catalog
from solitaire.testing import ConformanceError, Kit, Position, check_perft, read_perft, write_perft
from solitaire.testing.perft import format_perft

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted(DATA.glob("*.perft"))
CATALOG = new_catalog(entry_points=False, blocked=["solver-hints"])


def test_there_are_files() -> None:
    assert {path.name for path in FILES} >= {"klondike.perft", "reflechi.perft"}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_the_frameworks_files_pass(path: Path) -> None:
    assert Kit(CATALOG).check_perft(path) == len(read_perft(path)) >= 15


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_the_writer_gives_the_frameworks_files_back(path: Path) -> None:
    """Same format, byte for byte: the comments, the blocks, 16 actions a line."""
    text = path.read_text(encoding="utf-8")
    comments = [line.removeprefix("# ") for line in text.splitlines() if line.startswith("#")]
    positions = [Position(p.code, p.actions, p.note) for p in read_perft(path)]  # legal moves left out
    assert format_perft(positions, CATALOG, comments) == text


def _tampered(path: Path, tmp_path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    copy = tmp_path / path.name
    copy.write_text(text.replace(old, new), encoding="utf-8")
    return copy


def test_a_missing_move_is_found(tmp_path: Path) -> None:
    copy = _tampered(
        DATA / "klondike.perft", tmp_path, "legal: s t1>f t5>t4 t7>f w>f\n", "legal: s t1>f t7>f w>f\n"
    )
    with pytest.raises(
        ConformanceError,
        match=r"klondike.perft:\d+: KL1-D3N-AAAAAAG after s: .*\(new: \['t5>t4'\]; gone: \[\]\)",
    ):
        check_perft(copy, catalog=CATALOG)


def test_an_extra_move_is_found(tmp_path: Path) -> None:
    copy = _tampered(
        DATA / "reflechi.perft", tmp_path, "legal: s t3>t1 t5>t4 t6>t7\n", "legal: s t3>t1 t5>t4 t6>t7 w>f\n"
    )
    with pytest.raises(
        ConformanceError, match=r"the file says s t3>t1 t5>t4 t6>t7 w>f \(new: \[\]; gone: \['w>f'\]\)"
    ):
        check_perft(copy, catalog=CATALOG)


def test_a_refused_action_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.perft"
    path.write_text("code: KL1-D1N-AAAAAAG\nactions: s w>t9\nlegal: s\n", encoding="utf-8")
    with pytest.raises(ConformanceError, match=r"bad.perft:1: KL1-D1N-AAAAAAG: action 2 \('w>t9'\)"):
        check_perft(path, catalog=CATALOG)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("code: KL1-D1N-AAAAAAG\nlegal: s\n", r"bad.perft:1: the block has no actions line"),
        ("code: KL1-D1N-AAAAAAG\nactions: -\nlegal: s\nmoves: 3\n", r"bad.perft:4: 'moves: 3' is not"),
        ("# nothing\n", r"bad.perft: no positions"),
    ],
)
def test_a_malformed_file_is_named(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.perft"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConformanceError, match=problem):
        check_perft(path, catalog=CATALOG)


def test_written_files_read_back_and_pass(tmp_path: Path) -> None:
    path = tmp_path / "mine.perft"
    actions = ("s", "t1>f", "t7>f", *["s"] * 16)
    write_perft(
        path,
        [Position("KL1-D1N-AAAAAAG", note="the deal"), Position("KL1-D3N-AAAAAAG", actions)],
        catalog=CATALOG,
    )
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Positions and their legal moves")
    assert "actions: s t1>f t7>f" in text and "\nactions: s s s\n" in text  # 16 actions a line, then the rest
    first, second = read_perft(path)
    assert (first.actions, first.legal, first.note) == ((), ("s", "t1>f", "t5>t4", "t7>f"), "the deal")
    assert second.actions == actions
    assert check_perft(path, catalog=CATALOG) == 2


def test_the_writer_refuses_moves_check_disagrees_with(tmp_path: Path) -> None:
    catalog = catalog_with(variant=ForgetsTheTap())
    with pytest.raises(
        ConformanceError, match=r"position 1: legal_moves disagrees with check: it leaves out \['s'\]"
    ):
        write_perft(tmp_path / "tap.perft", [Position("XH1-D1N-AAAAAAG")], catalog=catalog)


def test_the_checker_compares_with_check_too(tmp_path: Path) -> None:
    """A file recorded from a generator that forgets a move passes the comparison of
    legal moves, but not the oracle."""
    path = tmp_path / "tap.perft"
    path.write_text("code: XH1-D1N-AAAAAAG\nactions: -\nlegal: t1>f t5>t4 t7>f\n", encoding="utf-8")
    with pytest.raises(
        ConformanceError, match=r"tap.perft:1: legal_moves disagrees with check: it leaves out \['s'\]"
    ):
        check_perft(path, catalog=catalog_with(variant=ForgetsTheTap()))


@pytest.mark.parametrize(
    ("code", "actions", "wanted"),
    [
        ("FC1-D1X-AAAAAAG", ("t1>c1",), "t1>c2"),  # cells are sources and destinations
        ("SP1-D2S-AAAAAAG", ("s",), "s"),  # two decks of two suits, a row dealt
        ("GO1-D1G-AAAAAAG", ("s",), "s"),
    ],
)
def test_the_writer_and_checker_take_any_table(
    tmp_path: Path, code: str, actions: tuple[str, ...], wanted: str
) -> None:
    """Cells, two decks and a stock dealt onto a foundation: the oracle is the notation space of the table."""
    path = tmp_path / "other.perft"
    write_perft(path, [Position(code, ()), Position(code, actions)], catalog=CATALOG)
    (_, after) = read_perft(path)
    assert wanted in after.legal
    assert check_perft(path, catalog=CATALOG) == 2
