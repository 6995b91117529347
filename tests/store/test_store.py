"""The local store (core/store.py): where it lives, the game in progress, settings,
statistics, and what happens to files that cannot be read.

Won games come from crafted positions one move from the win
(``catalog.new_game(options, initial=state)``); everything else goes through the
public API of ``Game`` and ``Store``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import platformdirs
import pytest

from solitaire.core import playout
from solitaire.core.cards import CARDS, Card
from solitaire.core.game import Game
from solitaire.core.registry import Catalog
from solitaire.core.session import Session, choose_new_game
from solitaire.core.state import Column, State
from solitaire.core.store import (
    HOME_VARIABLE,
    Settings,
    Statistics,
    StatsRecord,
    Store,
    WindowState,
    default_folder,
)
from solitaire.plugins.builtins import builtin_plugins, new_catalog

CURRENT = "current-game.json"
SETTINGS = "settings.json"
STATISTICS = "statistics.json"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return new_catalog(entry_points=False)


# -- helpers -------------------------------------------------------------------------------------


def play_randomly(game: Game, actions: int, seed: int) -> Game:
    """Random legal play with some undo and redo."""
    return playout.play_randomly(game, random.Random(seed), actions, undo=0.1)


def random_game(catalog: Catalog, actions: int = 60, seed: int = 1, **options: Any) -> Game:
    defaults: dict[str, Any] = {"variant": "klondike", "draw": 1, "scoring": "normal", "deal": 4242}
    game = catalog.new_game(catalog.options(**{**defaults, **options}))
    return play_randomly(game, actions, seed)


def almost_won(*, score: int = 0, moves: int = 0) -> State:
    """Every card on the foundations but the king of clubs, alone in column 1."""
    foundations = tuple(
        tuple(CARDS[suit * 13 + rank] for rank in range(13 if suit < 3 else 12)) for suit in range(4)
    )
    tableau = (Column((), (Card.parse("KC"),)),) + (Column(),) * 6
    return State.classic(
        stock=(), waste=(), foundations=foundations, tableau=tableau, score=score, moves=moves
    )


def won_game(catalog: Catalog, *, score: int = 0, moves: int = 0, **options: Any) -> Game:
    """A game won by its last move (``moves + 1`` moves, ``score`` plus the last card's points)."""
    game = catalog.new_game(catalog.options(**options), initial=almost_won(score=score, moves=moves))
    (last,) = [move for move in game.legal_moves() if move.dst == "f"]
    game.play(last)
    assert game.is_won
    return game


def lost_game(catalog: Catalog, **options: Any) -> Game:
    """A game given up straight after the deal (its score is the scoring's starting score)."""
    game = catalog.new_game(catalog.options(**options))
    assert not game.is_won
    return game


def aside(folder: Path, name: str) -> list[Path]:
    """The files ``name`` was moved aside to."""
    return sorted(folder.glob(f"{name}.corrupt-*"))


def data_files(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir()}


# -- where the files are -------------------------------------------------------------------------


def test_default_folder_is_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOME_VARIABLE, raising=False)
    expected = Path(platformdirs.user_data_dir("solitaire", appauthor=False))
    assert default_folder() == expected
    assert Store().folder == expected


def test_the_environment_variable_moves_the_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "portable"))
    assert default_folder() == tmp_path / "portable"
    store = Store()
    assert store.folder == tmp_path / "portable"
    store.save_settings(Settings(language="ru"))
    assert (tmp_path / "portable" / SETTINGS).is_file()
    assert Store().settings().language == "ru"


def test_an_explicit_folder_wins_over_the_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "from-variable"))
    store = Store(folder=tmp_path / "explicit")
    store.save_settings(Settings(double_tap=False))
    assert data_files(tmp_path) == {"explicit"}
    assert Store(str(tmp_path / "explicit")).settings().double_tap is False


def test_a_missing_folder_reads_as_empty_and_is_made_on_the_first_save(
    catalog: Catalog, tmp_path: Path
) -> None:
    folder = tmp_path / "not" / "yet"
    store = Store(folder)
    assert store.load_game(catalog) is None
    assert store.settings() == Settings()
    assert store.statistics() == Statistics()
    assert store.notices == []
    assert not folder.exists()
    store.save_game(random_game(catalog, 5), catalog, game_id="g")
    assert data_files(folder) == {CURRENT}


# -- the game in progress ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "klondike", "draw": 1, "scoring": "normal"},
        {"variant": "klondike", "draw": 3, "scoring": "vegas"},
        {"variant": "reflechi", "draw": 1, "scoring": "vegas", "redeal": "unlimited"},
        {"variant": "reflechi", "draw": 3, "scoring": "normal", "returns_allowed": False},
    ],
)
def test_a_saved_game_replays_to_the_same_state_and_journal(
    catalog: Catalog, tmp_path: Path, options: dict[str, Any]
) -> None:
    game = random_game(catalog, 120, seed=7, **options)
    assert any(action == "undo" for action in game.actions)  # the journal has more than moves
    Store(tmp_path).save_game(game, catalog, game_id="abc123", seconds=75.25, helped=True)

    store = Store(tmp_path)
    loaded = store.load_game(catalog)
    assert loaded is not None
    resumed, saved = loaded
    assert store.notices == []
    assert resumed.state == game.state
    assert resumed.journal == game.journal
    assert resumed.code == game.code
    assert resumed.rules.options == game.rules.options
    assert (saved.id, saved.helped) == ("abc123", True)
    assert saved.seconds == pytest.approx(75.25, abs=0.1)
    # the history comes back too: undo and redo behave as in the original game
    assert (resumed.can_undo, resumed.can_redo) == (game.can_undo, game.can_redo)
    if game.can_undo:
        assert resumed.undo() == game.undo()


def test_saving_again_replaces_the_saved_game(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = random_game(catalog, 10)
    store.save_game(game, catalog, game_id="one", seconds=3.0)
    play_randomly(game, 10, seed=99)
    store.save_game(game, catalog, game_id="one", seconds=9.0, helped=False)
    loaded = store.load_game(catalog)
    assert loaded is not None
    assert loaded[0].journal == game.journal
    assert (loaded[1].seconds, loaded[1].helped) == (9.0, False)
    assert data_files(tmp_path) == {CURRENT}  # no temporary file left behind


def test_a_game_without_actions_and_a_restarted_game_are_saved(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    fresh = catalog.new_game(catalog.options(deal=11))
    store.save_game(fresh, catalog, game_id="fresh")
    loaded = store.load_game(catalog)
    assert loaded is not None and loaded[0].state == fresh.state and loaded[0].journal == []

    game = random_game(catalog, 20)
    game.restart()
    store.save_game(game, catalog, game_id="restarted")
    loaded = store.load_game(catalog)
    assert loaded is not None and loaded[0].state == game.initial and loaded[1].id == "restarted"


def test_no_saved_game_and_clear_game(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.load_game(catalog) is None
    store.clear_game()  # nothing to clear: no error
    store.save_game(random_game(catalog, 5), catalog, game_id="g")
    assert store.load_game(catalog) is not None
    store.clear_game()
    assert store.load_game(catalog) is None
    assert not (tmp_path / CURRENT).exists()
    assert store.notices == []


def test_new_game_ids_are_fresh() -> None:
    ids = {Store.new_game_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(isinstance(i, str) and i for i in ids)


# -- settings ------------------------------------------------------------------------------------


def test_settings_default_when_there_is_no_file(tmp_path: Path) -> None:
    store = Store(tmp_path)
    settings = store.settings()
    assert settings == Settings()
    assert (settings.language, settings.interactive_rules, settings.double_tap) == (None, True, True)
    assert (settings.variant, settings.draw, settings.scoring) == ("", None, "normal")  # the catalog's game
    assert store.notices == []


#: The settings file version 0.1.0 wrote before anything was chosen.
SETTINGS_0_1_0: dict[str, Any] = {
    "language": None,
    "interactive_rules": True,
    "double_tap": True,
    "animations": True,
    "deck": "",
    "back": "blue",
    "variant": "klondike",
    "draw": None,
    "scoring": "normal",
    "redeal": None,
    "returns_allowed": True,
    "winnable_only": False,
    "difficulty": "any",
    "winnable_indicator": "open",
    "plugin_problems_shown": "",
    "recent": [],
    "favourites": [],
    "choices": {},
}


@pytest.mark.parametrize(
    ("saved", "variant"),
    [
        (SETTINGS_0_1_0, "klondike"),
        ({"language": "ru", "double_tap": False}, "klondike"),  # a file that names no game
        ({"variant": "reflechi", "draw": 3, "scoring": "vegas"}, "reflechi"),
        ({"variant": "freecell"}, "freecell"),
    ],
)
def test_settings_files_of_earlier_versions_start_the_same_games(
    catalog: Catalog, tmp_path: Path, saved: dict[str, Any], variant: str
) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps(saved), encoding="utf-8")
    store = Store(tmp_path)
    settings = store.settings()
    assert store.notices == []
    assert settings.variant == saved.get("variant", "")
    session = Session(catalog, store)
    game = session.random_game(deal=6)
    assert game.rules.options.variant == variant
    assert choose_new_game(catalog, settings).options.variant == variant
    if variant == "reflechi":
        assert (game.rules.options.draw, game.rules.options.scoring) == (3, "vegas")


def test_settings_name_no_game_until_one_is_chosen(tmp_path: Path) -> None:
    """A file that names no game is what earlier versions read as their default game."""
    store = Store(tmp_path)
    store.save_settings(Settings(language="ru"))
    assert "variant" not in json.loads((tmp_path / SETTINGS).read_text(encoding="utf-8"))
    assert store.settings() == Settings(language="ru")
    store.update_settings(lambda settings: attrs.evolve(settings, variant="spider"))
    assert json.loads((tmp_path / SETTINGS).read_text(encoding="utf-8"))["variant"] == "spider"
    assert store.settings().variant == "spider"


def test_a_settings_file_that_names_no_game_starts_the_catalogs(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"language": "ru"}), encoding="utf-8")
    catalog = Catalog(entry_points=False, builtins=builtin_plugins(), default_variant="spider")
    assert catalog.default_variant == "spider"
    game = Session(catalog, Store(tmp_path)).random_game(deal=6)
    assert game.rules.options.variant == "spider"


def test_settings_round_trip(tmp_path: Path) -> None:
    chosen = Settings(
        language="ru",
        interactive_rules=False,
        double_tap=False,
        animations=False,
        variant="reflechi",
        draw=3,
        scoring="vegas",
        redeal="passes:3",
        returns_allowed=False,
    )
    Store(tmp_path).save_settings(chosen)
    store = Store(tmp_path)
    assert store.settings() == chosen
    assert store.notices == []
    Store(tmp_path).save_settings(Settings())
    assert Store(tmp_path).settings() == Settings()


def test_unknown_keys_in_settings_are_passed_over(tmp_path: Path) -> None:
    text = json.dumps({"language": "ru", "double_tap": False, "theme": "dark", "future": {"x": [1, 2]}})
    (tmp_path / SETTINGS).write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    assert store.settings() == Settings(language="ru", double_tap=False)
    assert store.notices == []
    assert aside(tmp_path, SETTINGS) == []
    assert (tmp_path / SETTINGS).read_text(encoding="utf-8") == text


def test_a_language_without_a_catalogue_is_kept_and_null_means_not_chosen(tmp_path: Path) -> None:
    """A language whose catalogue is gone (or not installed yet) is no corrupt file: the
    game speaks another until it comes back; null (or no key) is "not chosen"."""
    (tmp_path / SETTINGS).write_text(json.dumps({"language": "fr", "double_tap": False}))
    store = Store(tmp_path)
    assert store.settings() == Settings(language="fr", double_tap=False)
    assert store.notices == []
    (tmp_path / SETTINGS).write_text(json.dumps({"language": None}))
    assert Store(tmp_path).settings().language is None
    (tmp_path / SETTINGS).write_text(json.dumps({"language": "en"}))  # an older version's file
    assert Store(tmp_path).settings().language == "en"  # taken as chosen
    store.save_settings(Settings())
    assert json.loads((tmp_path / SETTINGS).read_text())["language"] is None


@pytest.mark.parametrize(
    "content",
    [
        {"language": 5},
        {"double_tap": "yes"},
        {"interactive_rules": 1},
        {"draw": "3"},
        {"draw": True},
        {"variant": None},
        {"language": "Français!"},
    ],
    ids=repr,
)
def test_settings_of_the_wrong_type_are_moved_aside(tmp_path: Path, content: dict[str, Any]) -> None:
    raw = json.dumps({"language": "ru", **content}).encode()
    (tmp_path / SETTINGS).write_bytes(raw)
    store = Store(tmp_path)
    assert store.settings() == Settings()
    (kept,) = aside(tmp_path, SETTINGS)
    assert kept.read_bytes() == raw
    assert len(store.notices) == 1
    assert SETTINGS in store.notices[0] and kept.name in store.notices[0]
    # reported once: the next read finds no file and says nothing more
    assert store.settings() == Settings()
    assert len(store.notices) == 1
    # the next save works
    store.save_settings(Settings(language="ru"))
    assert Store(tmp_path).settings() == Settings(language="ru")
    assert kept.read_bytes() == raw


# -- statistics ----------------------------------------------------------------------------------


def record(store: Store, game: Game, game_id: str, seconds: float = 60.0, helped: bool = False) -> bool:
    return store.record_result(game, game_id=game_id, seconds=seconds, helped=helped)


def test_statistics_are_empty_at_first(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.statistics() == Statistics()
    assert StatsRecord().win_rate is None
    assert store.notices == []


def test_a_game_is_counted_once(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = won_game(catalog, variant="klondike", draw=1, scoring="normal")
    assert record(store, game, "game-1") is True
    before = store.statistics()
    assert before.records["klondike/1/normal"].played == 1
    assert record(store, game, "game-1") is False
    assert record(store, lost_game(catalog, draw=1), "game-1") is False  # the id decides
    assert Store(tmp_path).record_result(game, game_id="game-1", seconds=1.0) is False  # after a restart too
    assert store.statistics() == before
    assert record(store, game, "game-2") is True
    assert store.statistics().records["klondike/1/normal"].played == 2


def test_played_won_win_rate_best_fastest_fewest(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    normal = {"variant": "klondike", "draw": 1, "scoring": "normal"}
    record(store, won_game(catalog, score=500, moves=80, **normal), "a", seconds=300.0)
    record(store, lost_game(catalog, **normal), "b", seconds=20.0)
    record(store, won_game(catalog, score=900, moves=120, **normal), "c", seconds=150.5)
    record(store, won_game(catalog, score=100, moves=60, **normal), "d", seconds=400.0)
    stats = Store(tmp_path).statistics()
    assert list(stats.records) == ["klondike/1/normal"]
    rec = stats.records["klondike/1/normal"]
    assert (rec.played, rec.won, rec.won_with_help) == (4, 3, 0)
    assert rec.win_rate == pytest.approx(0.75)
    assert rec.best_score == 910  # 900 plus 10 for the king of clubs
    assert rec.fastest_win_seconds == pytest.approx(150.5)  # the 20 s loss does not count
    assert rec.fewest_moves == 61
    assert rec.total_score == 510 + 0 + 910 + 110
    assert set(stats.counted) == {"a", "b", "c", "d"}


def test_a_loss_only_sets_no_fastest_win_and_no_fewest_moves(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    record(store, lost_game(catalog, draw=3), "x", seconds=12.0)
    rec = store.statistics().records["klondike/3/normal"]
    assert (rec.played, rec.won, rec.win_rate) == (1, 0, 0.0)
    assert rec.fastest_win_seconds is None and rec.fewest_moves is None
    assert (rec.current_streak, rec.longest_streak) == (0, 0)


def test_current_and_longest_winning_streaks(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    expected = []
    current = longest = 0
    for number, won in enumerate("WWLWWWLW"):
        game = won_game(catalog, draw=1) if won == "W" else lost_game(catalog, draw=1)
        record(store, game, f"game-{number}")
        current = current + 1 if won == "W" else 0
        longest = max(longest, current)
        rec = store.statistics().records["klondike/1/normal"]
        expected.append((current, longest))
        assert (rec.current_streak, rec.longest_streak) == (current, longest)
    assert expected[-1] == (1, 3)


def test_cumulative_vegas_balance(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    vegas: dict[str, Any] = {"variant": "klondike", "draw": 1, "scoring": "vegas"}
    lost = lost_game(catalog, **vegas)
    assert lost.state.score == -52
    won = won_game(catalog, score=203, **vegas)
    assert won.state.score == 208
    record(store, lost, "v1")
    record(store, won, "v2")
    rec = Store(tmp_path).statistics().records["klondike/1/vegas"]
    assert rec.total_score == 156
    assert (rec.played, rec.won, rec.best_score) == (2, 1, 208)


def test_a_win_with_the_solvers_help_is_marked(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    record(store, won_game(catalog, draw=1), "helped-win", helped=True)
    record(store, won_game(catalog, draw=1), "own-win")
    record(store, lost_game(catalog, draw=1), "helped-loss", helped=True)
    rec = store.statistics().records["klondike/1/normal"]
    assert (rec.played, rec.won, rec.won_with_help) == (3, 2, 1)


def test_records_are_kept_per_variant_draw_and_scoring(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    keys = []
    for number, (variant, draw, scoring) in enumerate(
        [
            ("klondike", 1, "normal"),
            ("klondike", 3, "normal"),
            ("klondike", 1, "vegas"),
            ("reflechi", 1, "normal"),
            ("reflechi", 3, "vegas"),
        ]
    ):
        game = lost_game(catalog, variant=variant, draw=draw, scoring=scoring)
        record(store, game, f"g{number}")
        keys.append(Statistics.key(variant, draw, scoring))
    record(store, won_game(catalog, variant="klondike", draw=3, scoring="normal"), "win")
    stats = Store(tmp_path).statistics()
    assert sorted(stats.records) == sorted(keys)
    assert Statistics.key("klondike", 3, "normal") == "klondike/3/normal"
    for key, rec in stats.records.items():
        assert rec.played == (2 if key == "klondike/3/normal" else 1)
        assert rec.won == (1 if key == "klondike/3/normal" else 0)
    assert stats.records["klondike/1/vegas"].total_score == -52
    assert stats.records["reflechi/3/vegas"].total_score == -52


# -- files that cannot be read -------------------------------------------------------------------


def _saved_game_bytes(catalog: Catalog, folder: Path) -> bytes:
    scratch = folder / "scratch"
    Store(scratch).save_game(random_game(catalog, 30), catalog, game_id="g", seconds=4.0)
    return (scratch / CURRENT).read_bytes()


def _valid_bytes(catalog: Catalog, name: str, folder: Path) -> bytes:
    if name == CURRENT:
        return _saved_game_bytes(catalog, folder)
    scratch = Store(folder / "scratch")
    if name == SETTINGS:
        scratch.save_settings(Settings(language="ru", draw=3))
    else:
        scratch.record_result(won_game(catalog, draw=1), game_id="g", seconds=5.0)
    return (folder / "scratch" / name).read_bytes()


def _read(store: Store, name: str, catalog: Catalog) -> Any:
    if name == CURRENT:
        return store.load_game(catalog)
    return store.settings() if name == SETTINGS else store.statistics()


def _fresh(name: str) -> Any:
    return None if name == CURRENT else Settings() if name == SETTINGS else Statistics()


def _save_and_check(store: Store, name: str, catalog: Catalog, folder: Path) -> None:
    """A save of ``name`` works after the mishap and reads back without a notice."""
    if name == CURRENT:
        game = random_game(catalog, 15)
        store.save_game(game, catalog, game_id="after", seconds=1.0)
        again = Store(folder)
        loaded = again.load_game(catalog)
        assert loaded is not None and loaded[0].journal == game.journal and loaded[1].id == "after"
    elif name == SETTINGS:
        store.save_settings(Settings(language="ru"))
        again = Store(folder)
        assert again.settings() == Settings(language="ru")
    else:
        assert store.record_result(lost_game(catalog, draw=3), game_id="after", seconds=1.0)
        again = Store(folder)
        assert again.statistics().records["klondike/3/normal"].played == 1
    assert again.notices == []


CORRUPTIONS: dict[str, Callable[[bytes], bytes]] = {
    "garbage": lambda valid: bytes(range(256)) * 3,
    "not utf-8": lambda valid: b'{"language": "\xff\xfe"}',
    "empty": lambda valid: b"",
    "truncated": lambda valid: valid[: len(valid) // 2],
    "one byte short": lambda valid: valid.rstrip()[:-1],
    "a list": lambda valid: b"[1, 2, 3]",
    "a number": lambda valid: b"42",
    "null": lambda valid: b"null",
    "nested too deep": lambda valid: b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
@pytest.mark.parametrize("name", [CURRENT, SETTINGS, STATISTICS])
def test_a_corrupt_file_is_moved_aside_reported_once_and_replaced(
    catalog: Catalog, tmp_path: Path, name: str, corruption: str
) -> None:
    folder = tmp_path / "store"
    raw = CORRUPTIONS[corruption](_valid_bytes(catalog, name, tmp_path))
    folder.mkdir()
    (folder / name).write_bytes(raw)
    store = Store(folder)

    assert _read(store, name, catalog) == _fresh(name)
    (kept,) = aside(folder, name)
    assert kept.read_bytes() == raw  # kept, byte for byte
    assert not (folder / name).exists()
    assert len(store.notices) == 1
    assert name in store.notices[0] and kept.name in store.notices[0]

    assert _read(store, name, catalog) == _fresh(name)
    assert len(store.notices) == 1  # reported once
    _save_and_check(store, name, catalog, folder)
    assert kept.read_bytes() == raw


@pytest.mark.parametrize(
    "content",
    [
        {"records": {"klondike/1/normal": {"played": "3"}}, "counted": []},
        {"records": {"klondike/1/normal": {"best_score": 1.5}}, "counted": []},
        {"records": {"klondike/1/normal": [1, 2]}, "counted": []},
        {"records": [], "counted": []},
        {"counted": []},
        {"records": {}},
        {"records": {}, "counted": 5},
    ],
    ids=repr,
)
def test_statistics_of_the_wrong_shape_are_moved_aside(
    catalog: Catalog, tmp_path: Path, content: dict[str, Any]
) -> None:
    raw = json.dumps(content).encode()
    (tmp_path / STATISTICS).write_bytes(raw)
    store = Store(tmp_path)
    assert store.statistics() == Statistics()
    (kept,) = aside(tmp_path, STATISTICS)
    assert kept.read_bytes() == raw
    assert len(store.notices) == 1
    _save_and_check(store, STATISTICS, catalog, tmp_path)


def _tamper(catalog: Catalog, folder: Path, change: Any) -> bytes:
    game = catalog.new_game(catalog.options(deal=5150, draw=1))
    game.play("s")
    play_randomly(game, 20, seed=3)
    Store(folder).save_game(game, catalog, game_id="g", seconds=2.0)
    data = json.loads((folder / CURRENT).read_bytes())
    change(data)
    raw = json.dumps(data, indent=2).encode()
    (folder / CURRENT).write_bytes(raw)
    return raw


def _other_card(data: dict[str, Any]) -> None:
    event = data["log"]["actions"][0]["events"][0]
    assert event["tag"] == "drawn"
    event["cards"] = ["AS"] if event["cards"] != ["AS"] else ["2S"]


def _illegal_action(data: dict[str, Any]) -> None:
    data["log"]["actions"][0] = {"action": "undo", "events": []}


def _other_deal(data: dict[str, Any]) -> None:
    data["log"]["header"]["dealt"] = list(reversed(data["log"]["header"]["dealt"]))


def _not_a_log(data: dict[str, Any]) -> None:
    data["log"] = {"format": "something else"}


def _seconds_as_text(data: dict[str, Any]) -> None:
    data["seconds"] = "2.0"


def _no_id(data: dict[str, Any]) -> None:
    del data["id"]


@pytest.mark.parametrize(
    "change",
    [_other_card, _illegal_action, _other_deal, _not_a_log, _seconds_as_text, _no_id],
    ids=lambda f: f.__name__.strip("_"),
)
def test_a_saved_game_that_does_not_replay_is_moved_aside(
    catalog: Catalog, tmp_path: Path, change: Any
) -> None:
    raw = _tamper(catalog, tmp_path, change)
    store = Store(tmp_path)
    assert store.load_game(catalog) is None
    (kept,) = aside(tmp_path, CURRENT)
    assert kept.read_bytes() == raw
    assert len(store.notices) == 1 and CURRENT in store.notices[0]
    assert store.load_game(catalog) is None
    assert len(store.notices) == 1
    _save_and_check(store, CURRENT, catalog, tmp_path)


def test_unknown_keys_in_the_saved_game_are_passed_over(catalog: Catalog, tmp_path: Path) -> None:
    game = random_game(catalog, 10)
    Store(tmp_path).save_game(game, catalog, game_id="g")
    data = json.loads((tmp_path / CURRENT).read_bytes())
    data["written_by"] = "a newer version"
    (tmp_path / CURRENT).write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    loaded = store.load_game(catalog)
    assert loaded is not None and loaded[0].journal == game.journal
    assert store.notices == []


def test_each_corrupt_file_is_kept_even_within_the_same_second(tmp_path: Path) -> None:
    store = Store(tmp_path)
    contents = [b"first {", b"second [", b"third ]"]
    for raw in contents:
        (tmp_path / SETTINGS).write_bytes(raw)
        assert store.settings() == Settings()
    kept = aside(tmp_path, SETTINGS)
    assert sorted(path.read_bytes() for path in kept) == sorted(contents)
    assert len(store.notices) == 3
    assert len(set(store.notices)) == 3


def test_a_corrupt_file_does_not_spoil_the_others(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = random_game(catalog, 10)
    store.save_game(game, catalog, game_id="g")
    store.save_settings(Settings(language="ru"))
    (tmp_path / STATISTICS).write_bytes(b"\x00\x01 not json")
    again = Store(tmp_path)
    assert again.settings() == Settings(language="ru")
    loaded = again.load_game(catalog)
    assert loaded is not None and loaded[0].journal == game.journal
    assert again.notices == []
    assert again.statistics() == Statistics()
    assert len(again.notices) == 1 and STATISTICS in again.notices[0]


# -- files that cannot be read at all ------------------------------------------------------------


def _make_unreadable(folder: Path, name: str, how: str, monkeypatch: pytest.MonkeyPatch) -> bytes | None:
    """Leave ``name`` in a state where reading it fails with an OSError; returns its
    bytes when it is a file (None for a directory in its place)."""
    path = folder / name
    if how == "a directory":
        path.mkdir(parents=True)
        (path / "inside").write_bytes(b"kept")
        return None
    raw = b'{"language": "ru"}'
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    original = Path.read_bytes

    def read_bytes(self: Path) -> bytes:  # EACCES on that very file, wherever it is
        content = original(self)
        if self.name == name and content == raw:
            raise PermissionError(13, "Permission denied", str(self))
        return content

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    return raw


@pytest.mark.parametrize("how", ["a directory", "permission denied"])
def test_an_unreadable_file_is_moved_aside_reported_once_and_replaced(
    tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = _make_unreadable(tmp_path, SETTINGS, how, monkeypatch)
    store = Store(tmp_path)
    assert store.settings() == Settings()
    assert store.settings() == Settings()
    assert len(store.notices) == 1, store.notices  # reported once
    (kept,) = aside(tmp_path, SETTINGS)  # kept, never deleted
    if raw is None:
        assert (kept / "inside").read_bytes() == b"kept"
    else:
        assert kept.read_bytes() == raw
    store.save_settings(Settings(double_tap=False))  # replaced by a fresh one
    assert Store(tmp_path).settings() == Settings(double_tap=False)


def test_an_unreadable_saved_game_does_not_stop_the_next_save(catalog: Catalog, tmp_path: Path) -> None:
    (tmp_path / CURRENT).mkdir()
    store = Store(tmp_path)
    assert store.load_game(catalog) is None
    assert len(store.notices) == 1
    game = random_game(catalog, 5)
    store.save_game(game, catalog, game_id="g")  # the front end saves the new game at once
    loaded = Store(tmp_path).load_game(catalog)
    assert loaded is not None and loaded[0].journal == game.journal


# -- the JSON on disk ----------------------------------------------------------------------------


def test_files_are_plain_json_objects(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_game(random_game(catalog, 10), catalog, game_id="g", seconds=1.5, helped=True)
    store.save_settings(Settings())
    store.record_result(won_game(catalog, draw=1), game_id="w", seconds=2.0, helped=True)
    for name in (CURRENT, SETTINGS, STATISTICS):
        data = json.loads((tmp_path / name).read_bytes().decode("utf-8"))
        assert isinstance(data, dict)
    saved = json.loads((tmp_path / CURRENT).read_bytes())
    assert (saved["id"], saved["seconds"], saved["helped"]) == ("g", 1.5, True)
    assert saved["log"]["format"] == "solitaire-log"
    stats = json.loads((tmp_path / STATISTICS).read_bytes())
    assert stats["counted"] == ["w"]
    assert stats["records"]["klondike/1/normal"]["won_with_help"] == 1
    # JSON has lists where the settings keep tuples (the recent and favourite games).
    plain = attrs.asdict(Settings(), value_serializer=lambda _, __, v: list(v) if isinstance(v, tuple) else v)
    del plain["variant"]  # no game chosen yet: the file names none
    assert plain == json.loads((tmp_path / SETTINGS).read_bytes())


# -- games not played from their deal, and the window ---------------------------------------------


@pytest.mark.parametrize("from_deal", [True, False])
def test_whether_a_game_was_played_from_its_deal_is_saved(
    catalog: Catalog, tmp_path: Path, from_deal: bool
) -> None:
    Store(tmp_path).save_game(random_game(catalog, 10), catalog, game_id="g", from_deal=from_deal)
    loaded = Store(tmp_path).load_game(catalog)
    assert loaded is not None and loaded[1].from_deal is from_deal


def test_a_saved_game_written_before_from_deal_means_from_the_deal(catalog: Catalog, tmp_path: Path) -> None:
    Store(tmp_path).save_game(random_game(catalog, 10), catalog, game_id="old", seconds=5.0)
    path = tmp_path / CURRENT
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["from_deal"]
    path.write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    loaded = store.load_game(catalog)
    assert loaded is not None and loaded[1].from_deal is True and loaded[1].id == "old"
    assert store.notices == []


def test_a_game_not_played_from_its_deal_is_no_record(catalog: Catalog, tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert not store.record_result(won_game(catalog, draw=1), game_id="log", seconds=2.0, from_deal=False)
    assert not store.record_result(lost_game(catalog, draw=1), game_id="log2", seconds=2.0, from_deal=False)
    assert store.statistics() == Statistics()
    assert store.record_result(won_game(catalog, draw=1), game_id="deal", seconds=90.0)
    record = store.statistics().records[Statistics.key("klondike", 1, "normal")]
    assert (record.played, record.won, record.fastest_win_seconds, record.current_streak) == (1, 1, 90.0, 1)


def test_the_window_state_is_kept_and_a_bad_file_is_moved_aside(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.window_state() is None
    store.save_window_state(WindowState(10, -20, 900, 700, True))
    assert Store(tmp_path).window_state() == WindowState(10, -20, 900, 700, True)
    (tmp_path / "window.json").write_text('{"x": 1, "y": 2, "width": 0, "height": 5}', encoding="utf-8")
    store = Store(tmp_path)
    assert store.window_state() is None
    assert len(aside(tmp_path, "window.json")) == 1 and len(store.notices) == 1
