"""The command line in the player's language: the system locale until the player
chooses (--lang, $SOLITAIRE_LANG), and every line it says: hints, refusals, code,
option and file errors, the help, the terminal game."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from solitaire.core.store import Settings, Store
from solitaire.frontends.cli.main import run

CODE = "KL1-D1N-AAAAAAG"
GERMAN_PO = Path(__file__).resolve().parents[1] / "data" / "locale" / "de" / "LC_MESSAGES" / "solitaire.po"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def russian_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")


@pytest.mark.usefixtures("russian_desktop")
def test_the_system_locale_is_followed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "hint", CODE)
    assert status == 0 and out == "t7>f  Положите A♥ на базу: откроется карта в столбце 7.\n"
    _, out, _ = cli(capsys, "hint", CODE, "--json")
    assert json.loads(out)["reason"].startswith("Положите A♥ на базу")
    _, out, _ = cli(capsys, "show", CODE)
    assert out.startswith(
        "Клондайк · по 1 · счёт Обычный · без ограничения проходов   KL1-D1N-AAAAAAG\n"
        "Счёт 0   Ходы 0   Проход 1\n"
    )


@pytest.mark.usefixtures("russian_desktop")
def test_the_player_s_choice_wins_over_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli(capsys, "hint", CODE, "--lang", "en")[1].startswith("t7>f  Put A♥ on its foundation")
    monkeypatch.setenv("SOLITAIRE_LANG", "en")
    assert cli(capsys, "hint", CODE)[1].startswith("t7>f  Put A♥ on its foundation")
    assert cli(capsys, "--lang=ru", "hint", CODE)[1].startswith("t7>f  Положите")


@pytest.mark.usefixtures("russian_desktop")
def test_refusals_and_errors_are_told_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "play", CODE, "s", "t1>t2")
    assert status == 3 and out == ""
    assert err == (
        "действие номер 1 (t1>t2) отклонено правилом tableau.one-rank-lower:"
        " A♦ нельзя положить на J♣: карту кладут на карту ровно на один ранг старше.\n"
    )
    status, _, err = cli(capsys, "play", CODE, "t1>t2", "--json")  # the JSON says it in the language too
    assert status == 3 and err.startswith("действие номер 0")
    status, _, err = cli(capsys, "show", "KL1-D2N-AAAAAAG")
    assert status == 2 and err == "код игры 'KL1-D2N-AAAAAAG': режим должен быть D1 или D3, а не 'D2'\n"
    status, _, err = cli(capsys, "show", "ZZ1-D1N-AAAAAAG")
    assert status == 2 and err.startswith(
        "код игры 'ZZ1-D1N-AAAAAAG': нет установленного варианта с буквами 'ZZ'"
    )
    status, _, err = cli(capsys, "new", "--variant", "klondike", "--draw", "1", "--redeal", "passes:0")
    assert status == 2 and "правило проходов 'passes:0'" in err
    status, _, err = cli(capsys, "play", CODE, "t1>>")
    assert status == 2 and err.startswith("действие номер 0: ")
    status, _, err = cli(capsys, "show")
    assert status == 2 and err.endswith("(см. 'solitaire show --help')\n")
    status, _, err = cli(capsys, "new", "--draw", "2")  # an option's value
    assert status == 2 and "в klondike открывают по 1 или 3, а не по 2" in err


def test_the_help_is_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(["--lang", "ru", "--help"])
    out = capsys.readouterr().out
    assert "Клондайк, Réfléchi и другие пасьянсы. Без команды: играть." in out
    assert "один полезный ход из позиции" in out
    with pytest.raises(SystemExit):
        run(["hint", "--help", "--lang", "ru"])
    assert "вывести JSON" in capsys.readouterr().out


def test_plural_forms_in_the_rules_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "· 1 проход" in cli(capsys, "show", "KL1-D1VP1-AAAAAAG", "--lang", "ru")[1]
    assert "· 3 прохода" in cli(capsys, "show", "KL1-D1NP3-AAAAAAG", "--lang", "ru")[1]
    assert "· 5 проходов" in cli(capsys, "show", "KL1-D1NP5-AAAAAAG", "--lang", "ru")[1]
    assert "· 3 passes" in cli(capsys, "show", "KL1-D1NP3-AAAAAAG", "--lang", "en")[1]


def terminal(lines: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "solitaire", "--terminal"],
        input=lines,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_terminal_game_follows_the_locale_then_the_preferences() -> None:
    out = terminal("quit\n", {"LANG": "ru_RU.UTF-8"})
    assert "Ходы: s (колода)" in out
    Store().save_settings(Settings(language="en"))  # chosen in the window's preferences
    out = terminal("new ZZ1-D1N-AAAAAAG\nquit\n", {"LANG": "ru_RU.UTF-8"})
    assert "Moves: s (tap the stock)" in out and "game code 'ZZ1-D1N-AAAAAAG': no installed variant" in out
    out = terminal("new ZZ1-D1N-AAAAAAG\nquit\n", {"LANG": "en_US.UTF-8", "SOLITAIRE_LANG": "ru"})
    assert "код игры 'ZZ1-D1N-AAAAAAG': нет установленного варианта" in out


def test_a_third_language_needs_only_its_catalogue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with GERMAN_PO.open("rb") as po, (folder / "solitaire.mo").open("wb") as mo:
        write_mo(mo, read_po(po, locale="de"))
    monkeypatch.setenv("SOLITAIRE_LOCALE_PATH", str(tmp_path))
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert (
        cli(capsys, "hint", CODE)[1]
        == "t7>f  Lege A♥ auf seine Ablage: dann wird in Spalte 7 eine Karte aufgedeckt.\n"
    )
    status, _, err = cli(capsys, "play", CODE, "t6>t7", "--lang", "de")
    # the line in German, the rule's text (not in the partial catalogue) in English
    assert status == 3 and err == (
        "Aktion Nummer 0 (t6>t7) abgelehnt nach Regel tableau.one-rank-lower:"
        " 3♠ cannot go on A♥: a card goes on a card exactly one rank higher.\n"
    )
    # what the catalogue leaves out stays English
    assert "Klondike · draw 1 · Normal scoring" in cli(capsys, "show", CODE)[1]


@pytest.mark.usefixtures("russian_desktop")
def test_log_errors_are_told_in_the_language(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "solitaire-log", "version": 99}', encoding="utf-8")
    status, _, err = cli(capsys, "replay", str(path))
    assert (
        status == 2
        and err == f"{path}: version: версия формата 99 здесь неизвестна (эта версия читает от 0 до 2)\n"
    )
    path.write_text("[1, 2]", encoding="utf-8")
    status, _, err = cli(capsys, "replay", str(path))
    assert status == 2 and err == f"{path}: файл: нужен объект JSON, а не список\n"
    assert (
        cli(capsys, "replay", str(path), "--lang", "en")[2]
        == f"{path}: the file: expected a JSON object, not a list\n"
    )


# argparse's own words: usage, help, its errors


@pytest.mark.parametrize(
    ("argv", "russian", "english"),
    [
        (
            ["show"],
            "solitaire show: нужны следующие аргументы: CODE (см. 'solitaire show --help')",
            "solitaire show: the following arguments are required: CODE (see 'solitaire show --help')",
        ),
        (
            ["frob"],
            "solitaire: аргумент COMMAND: недопустимый вариант: 'frob' (выберите из ",
            "solitaire: argument COMMAND: invalid choice: 'frob' (choose from ",
        ),
        (
            ["show", CODE, "--frob"],
            "solitaire: нераспознанные аргументы: --frob (см. 'solitaire --help')",
            "solitaire: unrecognized arguments: --frob (see 'solitaire --help')",
        ),
        (
            ["new", "--variant"],
            "solitaire new: аргумент --variant: ожидался один аргумент (см. 'solitaire new --help')",
            "solitaire new: argument --variant: expected one argument (see 'solitaire new --help')",
        ),
        (
            ["survey", "--variant", "klondike", "--draw", "1", "--deals", "x"],
            "solitaire survey: аргумент --deals: недопустимое значение int: 'x'"
            " (см. 'solitaire survey --help')",
            "solitaire survey: argument --deals: invalid int value: 'x' (see 'solitaire survey --help')",
        ),
    ],
    ids=["required", "invalid-choice", "unrecognized", "expected-one", "invalid-value"],
)
def test_argparse_errors_are_told_in_the_language(
    argv: list[str], russian: str, english: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = cli(capsys, "--lang", "ru", *argv)
    assert (status, out) == (2, "") and err.startswith(russian) and err.count("\n") == 1
    status, out, err = cli(capsys, *argv)
    assert (status, out) == (2, "") and err.startswith(english) and err.count("\n") == 1


def test_argparse_s_help_words_are_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    import gettext

    with pytest.raises(SystemExit):
        run(["--lang", "ru", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("использование: solitaire [-h] [--lang {")
    assert "\nпозиционные аргументы:\n" in out and "\nпараметры:\n" in out
    assert re.search(r"\n  -h, --help +показать эту справку и выйти\n", out)
    with pytest.raises(SystemExit):
        run(["show", "--help", "--lang", "ru"])
    assert capsys.readouterr().out.startswith("использование: solitaire show [-h]")
    # argparse speaks gettext's English again once the command line is read
    assert vars(argparse)["_"] is gettext.gettext and vars(argparse)["ngettext"] is gettext.ngettext
    with pytest.raises(SystemExit):
        run(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: solitaire [-h] [--lang {")
    assert "\npositional arguments:\n" in out and "\noptions:\n" in out
    assert re.search(r"\n  -h, --help +show this help message and exit\n", out)


def test_the_help_is_russian_from_the_environment_too() -> None:
    """As the command runs: ``SOLITAIRE_LANG=ru solitaire survey --help``."""
    env = {**os.environ, "SOLITAIRE_LANG": "ru"}
    shown = subprocess.run(
        [sys.executable, "-m", "solitaire", "survey", "--help"],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=True,
    ).stdout
    assert shown.startswith("использование: solitaire survey [-h]")
    assert "\nпараметры:\n" in shown and "показать эту справку и выйти" in shown


@pytest.mark.parametrize(
    ("action", "russian", "english"),
    [
        ("zz", "'zz' — не ход: напишите s (колода)", "'zz' is not a move: write s (tap the stock)"),
        (
            "q>t1",
            "'q' не подходит в роли источника",
            "'q' is not a pile (use s, w, f, fN, tN, cN or rN) as source",
        ),
        ("", "'' — не ход: пустая строка", "'' is not a move: it is empty"),
    ],
)
def test_move_notation_errors_are_told_in_the_language(
    capsys: pytest.CaptureFixture[str], action: str, russian: str, english: str
) -> None:
    assert run(["--lang", "ru", "play", "KL1-D1N-AAAAAAG", action]) == 2
    assert russian in capsys.readouterr().err
    assert run(["--lang", "en", "play", "KL1-D1N-AAAAAAG", action]) == 2
    assert english in capsys.readouterr().err


def test_the_solve_verdict_is_told_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--lang", "ru", "solve", "TF1-D1N-AAAAAAB", "--timeout", "20"]) == 0
    assert capsys.readouterr().out.startswith("выиграть можно (")
    assert run(["solve", "TF1-D1N-AAAAAAB", "--timeout", "20"]) == 0
    assert capsys.readouterr().out.startswith("winnable (")
