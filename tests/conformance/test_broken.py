"""The kit finds broken plugins: each of broken_plugins.py fails it, with a message
that says what is wrong and where."""

from __future__ import annotations

import io
import json
import re
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import broken_plugins
import pytest
from broken_plugins import (
    BROKEN_VARIANTS,
    BlankScoring,
    MoodyScoring,
    catalog_with,
    negative,
    sloppy,
)

from solitaire.core import log
from solitaire.core.hookspecs import hookimpl
from solitaire.core.registry import (
    BLOCK_VARIABLE,
    BUILTIN_PACKAGE,
    HINT_GRACE,
    NO_PLUGINS_VARIABLE,
    TIMEOUT_VARIABLE,
    Registry,
)
from solitaire.core.store import Store
from solitaire.frontends.cli.main import EXIT_PLUGIN, run
from solitaire.frontends.cli.terminal import play_in_terminal
from solitaire.plugins import sampling_hints
from solitaire.plugins.builtins import new_catalog
from solitaire.plugins.sampling_hints import SamplingBudget
from solitaire.testing import ConformanceError, Kit
from solitaire.variants.klondike import Klondike

_R = TypeVar("_R")

# Settings a little deeper than the defaults' per-game length: every bug shows for sure.
SETTINGS: dict[str, Any] = {"deals": 4, "steps": 150}


@pytest.mark.parametrize("variant", list(BROKEN_VARIANTS), ids=lambda cls: cls.__name__)
def test_a_broken_variant_fails(variant: type[Klondike]) -> None:
    kit = Kit(catalog_with(variant=variant()), **SETTINGS)
    with pytest.raises(ConformanceError) as failure:
        kit.check_variant(variant.id)
    message = str(failure.value)
    assert BROKEN_VARIANTS[variant] in message
    assert f"in variant '{variant.id}', game " in message
    assert re.search(r"deal \d+ \(game code X[A-Z]1-D[13]N", message)


def test_the_message_names_step_action_and_the_way_there() -> None:
    from broken_plugins import ListsIllegal

    kit = Kit(catalog_with(variant=ListsIllegal()), **SETTINGS)
    with pytest.raises(AssertionError) as failure:  # a ConformanceError is an AssertionError
        kit.check_variant(ListsIllegal.id)
    lines = str(failure.value).splitlines()
    assert lines[0].startswith("legal_moves lists w>t1, but check refuses it: tableau.")
    place = re.fullmatch(r"  at the position after action (\d+) \((.+)\)", lines[2])
    assert place is not None
    actions = lines[3].removeprefix("  actions from the deal: ").split()
    assert len(actions) == int(place[1]) or int(place[1]) > 60  # every action up to the position
    assert place[2] == actions[-1] or place[2].startswith(f"{actions[-1]} of ")  # "undo of t3>t5"
    # the actions lead to a position with the waste showing, where w>t1 is listed
    code = re.search(r"game code (\S+)\)", lines[1])
    assert code is not None
    game = kit.catalog.game_from_code(code[1])
    for action in actions:
        game.perform(action)
    assert game.state.waste
    assert lines[4] == "  (kit: seed=0, deals=4, steps=150, samples=20)"


def test_a_variant_raising_during_a_game_is_reported_with_its_own_error() -> None:
    from broken_plugins import RaisesInEvents

    kit = Kit(catalog_with(variant=RaisesInEvents()), deals=1, steps=20)
    with pytest.raises(ConformanceError) as failure:
        kit.check_variant(RaisesInEvents.id)
    first = str(failure.value).splitlines()[0]
    assert first == "KeyError: 'lost pile'"  # the plugin author's error, not the player's notice


def test_the_same_kit_passes_the_unbroken_variant() -> None:
    """The settings of these tests are not too strict: Klondike itself passes."""
    Kit(new_catalog(entry_points=False, blocked=["solver-hints"]), **SETTINGS).check_variant("klondike")


def test_a_scoring_scheme_that_gives_another_score_the_second_time_fails() -> None:
    kit = Kit(catalog_with(scoring=MoodyScoring()), deals=1, steps=20)
    with pytest.raises(ConformanceError, match=r"scoring 'broken-moody' gives \d+ for the same move again"):
        kit.check_scoring("broken-moody", variants=["klondike"])


def test_a_scoring_scheme_with_an_empty_score_text_fails() -> None:
    kit = Kit(catalog_with(scoring=BlankScoring()))
    with pytest.raises(ConformanceError, match=r"format\(0\) gives ''"):
        kit.check_scoring("broken-blank")


def test_a_redeal_policy_with_the_wrong_id_fails() -> None:
    kit = Kit(catalog_with(redeal=("sloppy", sloppy)))
    with pytest.raises(ConformanceError, match="made a policy whose id is 'passes:2'"):
        kit.check_redeal("sloppy:2")


def test_a_redeal_policy_counting_passes_below_zero_fails() -> None:
    kit = Kit(catalog_with(redeal=("negative", negative)), deals=1, steps=5)
    with pytest.raises(ConformanceError, match="passes_left gives -1 with passes=2"):
        kit.check_redeal("negative")


# -- plugins that misbehave as installed packages (issue 15) -----------------------------------------


Installer = Callable[[str], str]


@pytest.fixture
def installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[Installer]:
    """``installed(source)`` installs a plugin package of that module source; returns its module name.
    Nothing of it outlives the test: modules, path, the log check, hanging threads."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    for variable in (BLOCK_VARIABLE, NO_PLUGINS_VARIABLE, TIMEOUT_VARIABLE):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(log, "_compare", log._compare)  # put back whatever a plugin does to it
    release = broken_plugins.hold()
    names: list[str] = []

    def install(source: str) -> str:
        test = re.sub(r"\W", "_", request.node.name)
        name = f"misbehaving_{test}_{len(names)}"[:80]
        broken_plugins.install(site, name, source)
        names.append(name)
        return name

    yield install
    release.set()
    for thread in threading.enumerate():
        if thread.name == "solitaire-plugin":
            thread.join(5)
    for name in names:
        sys.modules.pop(name, None)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = run(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def in_time(function: Callable[[], _R]) -> _R:
    """``function()``, on a thread that must be done within a minute (a hang fails the test)."""
    answers: list[_R] = []
    thread = threading.Thread(target=lambda: answers.append(function()), daemon=True)
    thread.start()
    thread.join(60)
    assert answers, "it hung"
    return answers[0]


def left_out(out: str) -> dict[str, str]:
    return {entry["plugin"]: entry["reason"] for entry in json.loads(out)["left_out"]}


def tampered_log(capsys: pytest.CaptureFixture[str], path: Path) -> Path:
    """A log of the built-in Klondike whose first event names another card."""
    assert cli(capsys, "--no-plugins", "play", CODE, "s", "--save", str(path))[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][0]["events"][0]["cards"] = ["KS"]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


CODE = "KL1-D1N-AAAAAAG"
ZERO_CODE = "KL1-D1Z-AAAAAAG"


# 9: a plugin can switch the checks off; --no-plugins loads none


def test_no_plugins_checks_a_log_with_no_plugin_code_imported(
    installed: Installer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    module = installed(broken_plugins.SWITCHES_CHECKS_OFF)
    path = tampered_log(capsys, tmp_path / "tampered.json")
    status, out, err = cli(capsys, "--no-plugins", "replay", str(path))
    assert (status, out) == (2, "")
    assert "actions[0].events[0].cards" in err
    assert module not in sys.modules  # its entry point was not even imported


def test_the_no_plugins_variable_does_the_same(
    installed: Installer, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = installed(broken_plugins.SWITCHES_CHECKS_OFF)
    path = tampered_log(capsys, tmp_path / "tampered.json")
    monkeypatch.setenv(NO_PLUGINS_VARIABLE, "1")
    status, _, err = cli(capsys, "replay", str(path))
    assert status == 2 and "actions[0].events[0].cards" in err
    assert module not in sys.modules


def test_variants_lists_nothing_from_plugins_with_no_plugins(
    installed: Installer, capsys: pytest.CaptureFixture[str]
) -> None:
    installed(broken_plugins.plugin_source())
    status, out, _ = cli(capsys, "variants", "--json")
    assert status == 0 and "zero" in {s["id"] for s in json.loads(out)["scoring"]}
    status, out, _ = cli(capsys, "--no-plugins", "variants", "--json")
    data = json.loads(out)
    assert status == 0 and data["left_out"] == []
    listed = data["variants"] + data["scoring"] + data["redeal"]
    assert {entry["package"] for entry in listed} == {BUILTIN_PACKAGE}


def test_replay_with_no_plugins_refuses_a_log_that_needs_a_plugin(
    installed: Installer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    installed(broken_plugins.plugin_source())
    path = tmp_path / "zero.json"
    assert cli(capsys, "play", ZERO_CODE, "s", "--save", str(path))[0] == 0
    status, out, err = cli(capsys, "--no-plugins", "replay", str(path))
    assert (status, out) == (2, "")
    assert "scoring 'zero' is not installed" in err and "solitaire-misbehaving" in err
    assert "--no-plugins" in err


# 11: sys.exit() and KeyboardInterrupt in plugin code


@pytest.mark.parametrize(
    ("top", "hook", "words"),
    [
        ("sys.exit(0)", "pass", "cannot be loaded: SystemExit: 0"),
        ("pass", "sys.exit(3)", "failed in solitaire_register_scoring: SystemExit: 3"),
        ("raise KeyboardInterrupt", "pass", "cannot be loaded: KeyboardInterrupt"),
    ],
    ids=["exit-at-import", "exit-in-hook", "interrupt-at-import"],
)
def test_a_plugin_ending_the_program_is_left_out_and_named(
    installed: Installer, capsys: pytest.CaptureFixture[str], top: str, hook: str, words: str
) -> None:
    module = installed(broken_plugins.plugin_source(top=top, hook=hook))
    status, out, _ = cli(capsys, "variants", "--json")
    assert status == 0
    assert words in left_out(out)[module]
    assert "zero" not in {s["id"] for s in json.loads(out)["scoring"]}
    assert cli(capsys, "play", CODE, "t1>t2")[0] == 3  # a refused move is still refused


def test_a_hint_provider_calling_sys_exit_is_passed_over(
    installed: Installer, capsys: pytest.CaptureFixture[str]
) -> None:
    module = installed(broken_plugins.plugin_source(hint="sys.exit(0)"))
    status, out, _ = cli(capsys, "hint", CODE, "--json")
    assert status == 0 and json.loads(out)["move"]
    catalog = new_catalog()
    catalog.game_from_code(CODE).hint()
    assert [p.reason for p in catalog.problems if p.plugin == module] == [
        "failed in solitaire_hint: SystemExit: 0"
    ]


# 12: plugins that hang


def test_a_plugin_hanging_in_registration_is_left_out_after_the_deadline(
    installed: Installer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = installed(broken_plugins.plugin_source(hook="broken_plugins.held().wait()"))
    monkeypatch.setenv(TIMEOUT_VARIABLE, "0.2")
    status, out, _ = in_time(lambda: cli(capsys, "variants", "--json"))
    assert status == 0
    assert left_out(out)[module] == "failed in solitaire_register_scoring: did not answer in 0.2 s"


def test_a_plugin_that_answers_after_the_deadline_is_not_heard(installed: Installer) -> None:
    installed(broken_plugins.plugin_source(hook="broken_plugins.held().wait()"))
    catalog = in_time(lambda: new_catalog(timeout=0.1))
    broken_plugins.held().set()  # it goes on, and registers its scoring scheme: too late
    for thread in threading.enumerate():
        if thread.name == "solitaire-plugin":
            thread.join(10)
    assert "zero" not in catalog.scorings and "Z" not in {s.code_letter for s in catalog.scorings.values()}


def test_a_hint_provider_that_hangs_gives_up_within_the_hint_budget(
    installed: Installer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = installed(broken_plugins.plugin_source(hint="broken_plugins.held().wait()"))
    monkeypatch.setattr(sampling_hints, "budget", SamplingBudget(seconds=0.1))
    status, out, _ = in_time(lambda: cli(capsys, "hint", CODE, "--json"))
    assert status == 0 and json.loads(out)["move"]
    catalog = new_catalog()
    in_time(catalog.game_from_code(CODE).hint)
    reasons = [p.reason for p in catalog.problems if p.plugin == module]
    assert reasons == [f"failed in solitaire_hint: did not answer in {0.1 + HINT_GRACE:g} s"]


# 13: plugins raising in the middle of a game


def test_a_scoring_scheme_raising_during_play_is_named_with_its_package(
    installed: Installer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = installed(broken_plugins.plugin_source())
    monkeypatch.setattr(broken_plugins, "FAIL_SCORING", True)
    status, out, err = cli(capsys, "play", ZERO_CODE, "s")
    assert (status, out) == (EXIT_PLUGIN, "")
    assert f"plugin {module!r} (package solitaire-misbehaving 1.0) failed" in err
    assert "scoring 'zero' in score: ZeroDivisionError" in err
    assert "internal error" not in err


def test_a_scoring_scheme_calling_sys_exit_during_play_is_named(
    installed: Installer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(broken_plugins.plugin_source())
    monkeypatch.setattr(broken_plugins, "FAIL_SCORING", "exit")
    status, out, err = cli(capsys, "play", ZERO_CODE, "s", "--json")
    assert (status, out) == (EXIT_PLUGIN, "")
    assert "scoring 'zero' in score: SystemExit: 0" in err


def test_what_a_scoring_scheme_prints_during_play_goes_to_stderr(
    installed: Installer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(broken_plugins.plugin_source())
    monkeypatch.setattr(broken_plugins, "FAIL_SCORING", "print")
    status, out, err = cli(capsys, "play", ZERO_CODE, "s", "--json")
    assert status == 0 and json.loads(out)["moves"] == 1
    assert "hello from score" in err


def test_a_variant_whose_deal_raises_is_named(
    installed: Installer, capsys: pytest.CaptureFixture[str]
) -> None:
    module = installed(broken_plugins.BAD_DEAL_PLUGIN)
    status, out, err = cli(capsys, "new", "--variant", "bad-deal", "--deal", "7")
    assert (status, out) == (EXIT_PLUGIN, "")
    assert f"plugin {module!r} (package solitaire-misbehaving 1.0) failed: variant 'bad-deal'" in err
    assert "initial_state: RuntimeError: no cards today" in err


def test_a_saved_game_a_plugin_cannot_replay_is_kept_aside(
    installed: Installer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(broken_plugins.plugin_source())
    store = Store(tmp_path / "store")
    catalog = new_catalog()
    game = catalog.game_from_code(ZERO_CODE)
    game.perform("s")
    store.save_game(game, catalog, game_id="g1")
    monkeypatch.setattr(broken_plugins, "FAIL_SCORING", True)  # a buggy update of the plugin
    again = Store(tmp_path / "store")
    assert again.load_game(catalog) is None  # play starts: no crash at every launch
    assert len(again.notices) == 1 and "ZeroDivisionError" in again.notices[0]
    kept = [path.name for path in (tmp_path / "store").iterdir() if "corrupt" in path.name]
    assert len(kept) == 1 and kept[0].startswith("current-game.json")


def test_the_terminal_game_survives_a_scoring_scheme_that_raises(
    installed: Installer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = installed(broken_plugins.plugin_source())
    monkeypatch.setattr(broken_plugins, "FAIL_SCORING", True)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"new {ZERO_CODE}\ns\ncode\nquit\n"))
    status = play_in_terminal(new_catalog(), store=Store(tmp_path / "store"))
    out = capsys.readouterr().out
    assert status == 0
    assert f"plugin {module!r} (package solitaire-misbehaving 1.0) failed" in out
    assert out.rstrip().endswith(ZERO_CODE) or ZERO_CODE in out.split("failed")[-1]


# 15: what a plugin prints never reaches a command's output


@pytest.mark.parametrize("argv", [["variants"], ["show", CODE], ["hint", CODE]], ids=lambda a: a[0])
def test_what_a_plugin_prints_goes_to_stderr(
    installed: Installer, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    installed(
        broken_plugins.plugin_source(
            top="print('hello from plugin import')",
            hook="print('hello from registration')",
            hint="print('hello from the hint')",
        )
    )
    status, out, err = cli(capsys, *argv, "--json")
    assert status == 0
    json.loads(out)  # nothing but the JSON
    assert "hello from plugin import" in err and "hello from registration" in err
    if argv[0] == "hint":
        assert "hello from the hint" in err
    assert sys.stdout is sys.__stdout__ or not type(sys.stdout).__name__.startswith("_Plugin")


# The reasons in the player's language: `variants` (text) and the window's Plugins dialog;
# `variants --json` keeps them in English, for scripts.


@pytest.mark.parametrize(
    ("top", "hook", "english", "russian"),
    [
        ("raise RuntimeError('at import')", "pass", "cannot be loaded: ", "не удаётся загрузить: "),
        ("", "raise ValueError('in the hook')", "failed in solitaire_register_scoring: ", "сбой в "),
    ],
    ids=["import", "hook"],
)
def test_the_reason_a_plugin_is_left_out_is_told_in_the_language(
    installed: Installer, capsys: pytest.CaptureFixture[str], top: str, hook: str, english: str, russian: str
) -> None:
    module = installed(broken_plugins.plugin_source(top=top, hook=hook))
    error = "RuntimeError: at import" if top else "ValueError: in the hook"
    status, out, _ = cli(capsys, "variants", "--lang", "ru")
    assert status == 0
    lines = out.splitlines()
    assert "Не загруженные модули:" in lines
    shown = [line for line in lines if line.startswith(f"  {module}: ")]
    if top:
        assert shown == [f"  {module}: не удаётся загрузить: {error}"]
    else:
        assert shown == [f"  {module}: сбой в solitaire_register_scoring: {error}"]
    status, out, _ = cli(capsys, "variants", "--json", "--lang", "ru")
    assert status == 0 and left_out(out)[module] == f"{english}{error}"
    assert shown[0].startswith(f"  {module}: {russian}")


def test_a_plugin_that_hangs_or_is_blocked_is_told_in_the_language(
    installed: Installer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hanging = installed(broken_plugins.plugin_source(hook="broken_plugins.held().wait()"))
    monkeypatch.setenv(TIMEOUT_VARIABLE, "0.2")
    monkeypatch.setenv(BLOCK_VARIABLE, "nobody-at-all")
    status, out, _ = in_time(lambda: cli(capsys, "variants", "--lang", "ru"))
    assert status == 0
    assert f"  {hanging}: сбой в solitaire_register_scoring: нет ответа за 0.2 с" in out.splitlines()
    assert f"  nobody-at-all: заблокирован ({BLOCK_VARIABLE} или вызывающей программой)" in out.splitlines()
    status, out, _ = cli(capsys, "variants", "--json", "--lang", "ru")
    assert left_out(out)["nobody-at-all"] == f"blocked (by {BLOCK_VARIABLE} or the caller)"


class _Stalling(str):
    """An id whose hash never comes back (while the plugin's time runs out)."""

    def __hash__(self) -> int:
        broken_plugins.held().wait()
        return str.__hash__(self)


def test_an_id_that_runs_code_is_refused_before_the_catalog_is_held() -> None:
    class Stalling(Klondike):
        id = _Stalling("stalling")
        code_prefix = "ST"

    class Plugin:
        @hookimpl
        def solitaire_register_variants(self, register: Registry) -> None:
            register.add_variant(Stalling())

    catalog = in_time(lambda: new_catalog(entry_points=False, plugins=[Plugin()], timeout=1))
    broken_plugins.held().set()
    assert "stalling" not in catalog.variants and "klondike" in catalog.variants
    assert any("must be a plain str" in problem.reason for problem in catalog.problems)
