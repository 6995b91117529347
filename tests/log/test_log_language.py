"""The errors of a hostile or broken game log, and the refusal of ``--save``, in the
player's language: the words translated, the place (``header.dealt[3]``), the quoted
input and the exit status exactly as in English."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solitaire.core import log
from solitaire.frontends.cli.main import run

CODE = "KL1-D1N-AAAAAAG"
Capture = pytest.CaptureFixture[str]


def saved_log(capsys: Capture, path: Path) -> dict[str, Any]:
    assert run(["--no-plugins", "play", CODE, "s", "--save", str(path)]) == 0
    capsys.readouterr()
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def replay(capsys: Capture, path: Path, lang: str) -> tuple[int, str]:
    status = run(["--lang", lang, "replay", str(path)])
    out, err = capsys.readouterr()
    assert out == ""
    return status, err


def _events(data: dict[str, Any]) -> None:
    data["actions"][0]["events"] = [{}] * (log.MAX_EVENTS + 1)


def _cards(data: dict[str, Any]) -> None:
    data["header"]["dealt"] = ["AS"] * 417


def _package(data: dict[str, Any]) -> None:
    data["header"]["variant"]["package"] = "no such package!"


def _version(data: dict[str, Any]) -> None:
    data["header"]["variant"]["version"] = "one"


def _not_installed(data: dict[str, Any]) -> None:
    data["header"]["scoring"] = {"id": "cumulative", "package": "solitaire-vegas-plus", "version": "2.1"}


def _long_id(data: dict[str, Any]) -> None:
    data["header"]["scoring"]["id"] = "z" * (log.MAX_NAME_CHARS + 1)


def _unknown_field(data: dict[str, Any]) -> None:
    data["header"]["colour"] = "blue"


def _unknown_event_field(data: dict[str, Any]) -> None:
    data["actions"][0]["events"][0]["colour"] = "blue"


def _text(data: dict[str, Any]) -> None:
    data["actions"][0]["action"] = 7


def _card(data: dict[str, Any]) -> None:
    data["header"]["dealt"][3] = "XYZ"


LONG = "'" + "z" * 60 + "…' (201 characters)"
BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], str, str, str]] = {
    "events": (
        _events,
        "actions[0].events[1000]",
        "more than 1000 events in one action",
        "больше 1000 событий в одном действии",
    ),
    "cards": (
        _cards,
        "header.dealt[416]",
        "more than the 416 cards a game may have (417)",
        "больше 416 карт, какие бывают в игре (417)",
    ),
    "package": (
        _package,
        "header.variant.package",
        "'no such package!' is not a distribution name (at most 200 letters, digits and . _ -,"
        " as PEP 508 says)",
        "'no such package!' не имя дистрибутива (не больше 200 букв, цифр и . _ -, как требует PEP 508)",
    ),
    "version": (
        _version,
        "header.variant.version",
        "'one' is not a version number (such as 1.0, as PEP 440 says)",
        "'one' не номер версии (такой как 1.0, как требует PEP 440)",
    ),
    "not installed": (
        _not_installed,
        "header.scoring",
        "scoring 'cumulative' is not installed: pip install 'solitaire-vegas-plus==2.1'",
        "scoring 'cumulative' не установлен: pip install 'solitaire-vegas-plus==2.1'",
    ),
    "long id": (
        _long_id,
        "header.scoring.id",
        f"{LONG} is longer than any id (at most 200 characters)",
        f"{LONG} длиннее любого идентификатора (не больше 200 символов)",
    ),
    "unknown field": (_unknown_field, "header", "unknown field colour", "неизвестное поле colour"),
    "unknown event field": (
        _unknown_event_field,
        "actions[0].events[0]",
        "unknown field colour",
        "неизвестное поле colour",
    ),
    "text": (_text, "actions[0].action", "expected text, not a number", "нужен текст, а не число"),
    "card": (
        _card,
        "header.dealt[3]",
        "'XYZ' is not a card: write a rank and a suit, such as 'TH'",
        "'XYZ' не карта: напишите достоинство и масть, например 'TH'",
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_log_is_refused_in_the_player_s_language(name: str, capsys: Capture, tmp_path: Path) -> None:
    break_it, where, english, russian = BROKEN[name]
    path = tmp_path / "game.json"
    data = saved_log(capsys, path)
    break_it(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert replay(capsys, path, "ru") == (2, f"{path}: {where}: {russian}\n")
    assert replay(capsys, path, "en") == (2, f"{path}: {where}: {english}\n")


def test_a_repeated_key_is_refused_in_the_player_s_language(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "solitaire-log", "version": 1, "version": 0}', encoding="utf-8")
    assert replay(capsys, path, "ru") == (
        2,
        f"{path}: ключ 'version' встречается дважды в одном объекте:"
        " отклонено, так как читающая программа может взять любое из значений\n",
    )
    assert replay(capsys, path, "en") == (
        2,
        f"{path}: the key 'version' appears twice in one object: refused, as readers could take either\n",
    )


def test_a_log_too_large_to_parse_is_refused_in_the_player_s_language(
    capsys: Capture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log, "MAX_PARSED_BYTES", 10_000_000)
    path = tmp_path / "game.json"
    path.write_text("[" + ",".join(["[]"] * 200_000) + "]", encoding="utf-8")
    status, err = replay(capsys, path, "ru")
    assert status == 2
    assert err.startswith(f"{path}: слишком много объектов, списков и строк для записи партии (около ")
    assert err.endswith(" МБ для чтения)\n")
    status, err = replay(capsys, path, "en")
    assert status == 2 and err.startswith(
        f"{path}: too many objects, lists and strings for a game log (about "
    )


@pytest.mark.skipif(os.name != "posix", reason="a symbolic link as POSIX has it")
@pytest.mark.parametrize(
    ("make", "russian"),
    [
        (lambda path: path.mkdir(), "это папка, а не обычный файл"),
        (
            lambda path: path.symlink_to(path.with_name("elsewhere.json")),
            "это символическая ссылка, а не обычный файл",
        ),
        (lambda path: os.mkfifo(path), "это именованный канал (FIFO), а не обычный файл"),
    ],
    ids=["folder", "symlink", "fifo"],
)
def test_save_refuses_in_the_player_s_language(
    make: Callable[[Path], None], russian: str, capsys: Capture, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    make(path)
    assert run(["--lang", "ru", "play", CODE, "s", "--save", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}: {russian}: запись партии пишется только в новый или обычный файл\n"


def test_a_store_file_with_a_key_twice_is_said_in_the_player_s_language(tmp_path: Path) -> None:
    from solitaire.core.store import Store

    (tmp_path / "settings.json").write_text('{"animations": true, "animations": false}', encoding="utf-8")
    store = Store(tmp_path)
    store.settings()
    [notice] = store.notices
    assert notice.startswith(
        "settings.json could not be read (the key 'animations' appears twice in one object);"
    )
    assert notice.message("ru").startswith(
        "Файл settings.json не читается (ключ 'animations' встречается дважды в одном объекте);"
    )
