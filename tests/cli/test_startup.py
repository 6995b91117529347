"""The command's start-up: the parser built for one command reads its command line as the
whole parser does, and ``solitaire show`` loads none of the modules it does not need."""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from solitaire.frontends.cli import main
from solitaire.frontends.cli.main import COMMANDS

CODE = "KL1-D1N-AAAAAAG"

#: Command lines of every command, the main parser's options before and after it.
LINES = [
    ["show", CODE],
    ["--lang", "ru", "show", CODE, "--json"],
    ["--debug", "--no-plugins", "show", "--lang=en", CODE],
    ["new", "--variant", "freecell", "--deal", "5", "--json"],
    ["new", "--draw", "3", "--returns", "forbidden", "--random"],
    ["--terminal", "play", CODE, "s", "--save", "out.json", "w>t3"],
    ["replay", "game.json", "--json"],
    ["hint", CODE, "s", "--lang", "ru"],
    ["solve", CODE, "--timeout", "2", "--json"],
    ["survey", "--variant", "klondike", "--draw", "1", "--deals", "3", "--workers", "1", "--recheck", "2"],
    ["calibrate", "klondike", "--draw", "3", "--deals", "12", "--first", "4", "--nodes", "500", "--json"],
    ["screenshot", CODE, "s", "--out", "a.png", "--size", "800x600"],
    ["variants", "--json"],
    ["install-desktop"],
]


def parse(argv: list[str], command: str | None) -> argparse.Namespace:
    with main._argparse_speaking("en"):
        return main._parse(main._build_parser("en", command), argv)


@pytest.mark.parametrize("argv", LINES, ids=lambda argv: " ".join(argv))
def test_the_parser_of_one_command_reads_it_as_the_whole_parser(argv: list[str]) -> None:
    command = main._command_of(argv)
    assert command == next(word for word in argv if word in COMMANDS)
    assert parse(argv, command) == parse(argv, None)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_help_of_the_parser_of_one_command_is_the_whole_parsers(
    command: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")

    def helps(only: str | None) -> tuple[str, str]:
        with main._argparse_speaking(lang):
            parser = main._build_parser(lang, only)
            (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
            return parser.format_help(), commands.choices[command].format_help()

    assert helps(command) == helps(None)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--help"],
        ["-h", "show", CODE],
        ["--version"],
        ["--lang"],
        ["--no-p", "show", CODE],  # an abbreviation: the whole parser reads it
        ["--", "show", CODE],
        ["--lang", "ru", "--", "show"],
        ["shows", CODE],
        [CODE, "show"],
    ],
)
def test_a_command_line_read_otherwise_gets_the_whole_parser(argv: list[str]) -> None:
    assert main._command_of(argv) is None


def test_a_command_line_that_the_main_parser_refuses_is_refused_as_ever(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main.run(["--lang", "xx", "show", CODE]) == 2
    refused = capsys.readouterr().err
    assert main._command_of(["--lang", "xx", "show", CODE]) == "show"
    with pytest.raises(main.BadInput) as whole:
        parse(["--lang", "xx", "show", CODE], None)
    assert refused == whole.value.message("en") + "\n"


#: What ``solitaire show`` of a built-in game does not load: the machinery of other
#: commands, of plugin metadata, of the log and of files.
NOT_LOADED = [
    "importlib.metadata",
    "email",
    "zipfile",
    "shutil",
    "json",
    "logging",
    "cattrs",
    "platformdirs",
    "solitaire.core.log",
    "solitaire.core.store",
    "solitaire.core.solver",
    "solitaire.core.survey",
    "solitaire.core.families",
    "solitaire.core.jsonstate",
    "solitaire.plugins.hints",
    "solitaire.frontends.qt",
]

SHOW = """
import sys
from solitaire.frontends.cli.main import main
try:
    main(["show", "KL1-D1N-AAAAAAG"])
except SystemExit as exit_:
    assert exit_.code == 0
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("plugins", ["installed", "off"])
def test_show_loads_only_what_it_needs(plugins: str) -> None:
    env = dict(os.environ)
    env.pop("SOLITAIRE_NO_PLUGINS", None)
    if plugins == "off":
        env["SOLITAIRE_NO_PLUGINS"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", SHOW], capture_output=True, text=True, env=env, check=True, timeout=60
    )
    loaded = set(done.stderr.split())
    assert "solitaire.variants.klondike" in loaded
    assert [name for name in NOT_LOADED if name in loaded] == []
    if plugins == "installed" and importlib.util.find_spec("solitaire_bakers"):
        assert "solitaire_bakers.plugin" in loaded  # the example plugin is loaded as ever


@pytest.mark.parametrize("columns", [None, "100", "0", "-3", "wide"])
def test_the_help_is_as_wide_as_argparse_makes_it(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert main._columns() == shutil.get_terminal_size().columns
    assert main._Formatter("solitaire")._width == argparse.HelpFormatter("solitaire")._width
