"""The translations: gettext catalogues complete and compiled, the system locale
followed, plural forms, a third language without code, and the older per-language
dictionaries still understood."""

from __future__ import annotations

import ast
import io
import pickle
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from solitaire.core import i18n
from solitaire.core import refusals as r
from solitaire.core.cards import Card
from solitaire.core.codes import CodeError, GameCode
from solitaire.core.hints import Hint
from solitaire.core.i18n import Message, Plural
from solitaire.core.refusals import Rule
from solitaire.variants import blocks

ROOT = Path(__file__).resolve().parents[2]
#: The keywords scripts/i18n.sh gives pybabel.
KEYWORDS = parse_keywords(
    ["N_", "N_plural:1,2", "Message", "Plural:1,2", "pgettext:1c,2", "ngettext:1,2", "counted:1,2"]
)
BAKERS = ROOT / "examples" / "solitaire-bakers" / "solitaire_bakers"
#: domain, catalogue folder, source folders
DOMAINS = [
    (
        "solitaire",
        ROOT / "core" / "locale",
        [ROOT / name for name in ("core", "variants", "plugins", "frontends", "testing")],
    ),
    ("solitaire_bakers", BAKERS / "locale", [BAKERS]),
]
GERMAN = ROOT / "tests" / "data" / "locale"


def extracted(folders: list[Path]) -> dict[tuple[str, str | None], tuple[str, ...]]:
    """What pybabel extracts from ``folders``: (msgid, context) → the msgid and its plural."""
    found: dict[tuple[str, str | None], tuple[str, ...]] = {}
    for folder in folders:
        for _file, _line, message, _comments, context in extract_from_dir(
            folder, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            ids = (message,) if isinstance(message, str) else tuple(message)
            found[(ids[0], context)] = ids
    return found


def read(path: Path, locale: str | None = None) -> PoCatalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def catalogues() -> Iterator[tuple[str, Path, Path]]:
    """(domain, .po file, its folder) of every complete catalogue shipped."""
    for domain, folder, _sources in DOMAINS:
        for po in sorted(folder.glob(f"*/LC_MESSAGES/{domain}.po")):
            yield domain, po, folder


def untranslated(catalogue: PoCatalog, marked: dict[tuple[str, str | None], tuple[str, ...]]) -> list[str]:
    """The marked strings that ``catalogue`` leaves untranslated (missing, empty or fuzzy)."""
    missing = []
    for (msgid, context), _ids in marked.items():
        entry = catalogue.get(msgid, context=context)
        strings = (
            () if entry is None else entry.string if isinstance(entry.string, tuple) else (entry.string,)
        )
        if entry is None or entry.fuzzy or not strings or not all(strings):
            missing.append(msgid)
    return missing


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# -- the catalogues --------------------------------------------------------------------------------


@pytest.mark.parametrize(("domain", "folder", "sources"), DOMAINS, ids=[d[0] for d in DOMAINS])
def test_the_template_holds_every_marked_string(domain: str, folder: Path, sources: list[Path]) -> None:
    template = read(folder / f"{domain}.pot")
    committed = {
        (message.id if isinstance(message.id, str) else message.id[0], message.context)
        for message in template
        if message.id
    }
    assert committed == set(extracted(sources)), "run scripts/i18n.sh all"


@pytest.mark.parametrize(("domain", "po", "folder"), list(catalogues()), ids=lambda v: getattr(v, "name", v))
def test_every_marked_string_is_translated_in_every_catalogue(domain: str, po: Path, folder: Path) -> None:
    sources = next(s for d, _f, s in DOMAINS if d == domain)
    missing = untranslated(read(po, po.parts[-3]), extracted(sources))
    assert not missing, f"{po.relative_to(ROOT)} does not translate {missing}"


def test_a_missing_translation_is_caught() -> None:
    marked = extracted(DOMAINS[0][2])
    catalogue = read(DOMAINS[0][1] / "ru" / "LC_MESSAGES" / "solitaire.po", "ru")
    assert untranslated(catalogue, marked) == []
    catalogue.delete(r.SAME_PILE.templates)  # type: ignore[arg-type]
    catalogue["There is nothing to undo."].string = ""
    assert sorted(untranslated(catalogue, marked)) == [
        "A card cannot move to the pile it is already on.",
        "There is nothing to undo.",
    ]


@pytest.mark.parametrize(
    "po",
    [po for _d, po, _f in catalogues()] + [GERMAN / "de" / "LC_MESSAGES" / "solitaire.po"],
    ids=lambda p: p.parts[-3],
)
def test_translations_keep_the_placeholders(po: Path) -> None:
    for message in read(po, po.parts[-3]):
        if not message.id or not message.string:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        wanted = set().union(*(fields(i) for i in ids))
        for text in strings:
            assert fields(text) <= wanted and fields(text) >= fields(ids[0]) - {"n"}, (message.id, text)


@pytest.mark.parametrize(("domain", "po", "folder"), list(catalogues()), ids=lambda v: getattr(v, "name", v))
def test_the_compiled_catalogues_are_those_of_the_po_files(domain: str, po: Path, folder: Path) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, read(po, po.parts[-3]))
    assert po.with_suffix(".mo").read_bytes() == compiled.getvalue(), "run scripts/i18n.sh compile"


def marked_calls(folders: list[Path]) -> Iterator[tuple[Path, int, ast.expr]]:
    """The first argument of every call of a marking keyword in the sources."""
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and node.args:
                    name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                    if name in {"N_", "N_plural", "Message", "Plural", "counted"}:
                        yield path, node.lineno, node.args[0]


@pytest.mark.parametrize(("domain", "folder", "sources"), DOMAINS, ids=[d[0] for d in DOMAINS])
def test_every_marked_literal_reaches_the_template(domain: str, folder: Path, sources: list[Path]) -> None:
    """pybabel skips some forms silently (a string in parentheses, an f-string): each
    literal marked in the code must be a msgid."""
    ids = {msgid for msgid, _context in extracted(sources)}
    for path, line, argument in marked_calls(sources):
        where = f"{path.relative_to(ROOT)}:{line}"
        assert not isinstance(argument, ast.JoinedStr), f"{where}: an f-string cannot be translated"
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            assert argument.value in ids, f"{where}: {argument.value!r} is not extracted"


# -- messages ---------------------------------------------------------------------------------------


def test_messages_are_translated_when_shown_with_their_values() -> None:
    refusal = blocks.WRONG_COLOUR.refuse(card=Card.parse("7H"), target=Card.parse("8D"))
    assert refusal.message("en") == "7♥ cannot go on 8♦: a card goes on a card of the opposite colour."
    assert refusal.message("ru") == "7♥ нельзя положить на 8♦: карту кладут на карту противоположного цвета."
    assert refusal.message("xx") == refusal.message("en")
    assert set(refusal.messages) == set(i18n.languages())
    # a value that is itself a message is told in the same language
    nested = r.SOURCE_EMPTY.refuse(pile=Message("Column {number}", number=3))
    assert nested.message("ru") == "Столбец 3: здесь нет карты для хода."


@pytest.mark.parametrize(
    ("count", "russian"),
    [(1, "карты"), (2, "карт"), (5, "карт"), (11, "карт"), (21, "карты"), (22, "карт"), (101, "карты")],
)
def test_counts_take_the_plural_form_of_the_language(count: int, russian: str) -> None:
    refusal = blocks.TOO_MANY.refuse(pile="t1", count=count)
    assert refusal.message("ru") == f"t1: здесь меньше {count} {russian}."
    assert refusal.message("en") == f"t1 has fewer than {count} card{'s' if count != 1 else ''}."
    forms = {
        1: "проход",
        2: "прохода",
        5: "проходов",
        11: "проходов",
        21: "проход",
        22: "прохода",
        101: "проход",
    }
    assert Plural("{n} pass", "{n} passes", count).translate("ru") == f"{count} {forms[count]}"


def test_messages_pickle_for_worker_processes() -> None:
    message = Plural("{n} pass", "{n} passes", 3)
    assert pickle.loads(pickle.dumps(message)) == message
    with pytest.raises(CodeError) as info:
        GameCode.parse("KL1-D0N-AAAAAAG")
    again = pickle.loads(pickle.dumps(info.value))
    assert again.message("ru") == info.value.message("ru") and again.message("ru").startswith("код игры")


def test_a_broken_translation_falls_back_to_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue = PoCatalog(locale="de", domain="solitaire")
    catalogue.add("There is no pile {pile} in this game.", "Es gibt keinen Stapel {stapel}.")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "solitaire.mo").open("wb") as file:
        write_mo(file, catalogue)
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(tmp_path))
    assert r.NO_SUCH_PILE.refuse(pile="t9").message("de") == "There is no pile t9 in this game."


# -- the older form: a text per language --------------------------------------------------------------


@pytest.fixture
def _rules_left_as_they_were() -> Iterator[None]:
    """Rules made by a test leave the registry afterwards (the players' guide names every rule)."""
    before = dict(r._REGISTRY)
    yield
    r._REGISTRY.clear()
    r._REGISTRY.update(before)


@pytest.mark.usefixtures("_rules_left_as_they_were")
def test_texts_given_per_language_still_work() -> None:
    rule = Rule("test.per-language", {"en": "No {card} here.", "ru": "Здесь нет {card}."})
    refusal = rule.refuse(card=Card.parse("QS"))
    assert (refusal.message("en"), refusal.message("ru"), refusal.message("de")) == (
        "No Q♠ here.",
        "Здесь нет Q♠.",
        "No Q♠ here.",
    )
    hint = Hint(None, {"en": "Always the stock.", "ru": "Всегда колода."})
    assert (hint.reason("ru"), hint.reason("de")) == ("Всегда колода.", "Always the stock.")
    assert i18n.translate({"en": "Wide", "ru": "Широкий"}, "ru") == "Широкий"
    assert CodeError("X", "bad", ru="плохо").message("ru") == "код игры 'X': плохо"
    with pytest.raises(ValueError, match="English"):
        Rule("test.no-english", {"ru": "Только по-русски."})


# -- the language spoken ---------------------------------------------------------------------------


def locale(monkeypatch: pytest.MonkeyPatch, **variables: str) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru_RU.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
        ({"LANG": "ru_RU.UTF-8", "LANGUAGE": "de:en:ru"}, "en"),  # the first spoken one of LANGUAGE
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:ru"}, "ru"),
        ({"LANG": "C", "LANGUAGE": "ru"}, "en"),  # as gettext: LANGUAGE means nothing in the C locale
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
    ids=repr,
)
def test_the_system_locale_is_read_in_the_order_gettext_reads_it(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], expected: str
) -> None:
    locale(monkeypatch, **variables)
    assert i18n.system_language() == expected
    assert i18n.choose_language() == expected


_TAGS = st.lists(
    st.sampled_from(["ru_RU.UTF-8", "ru", "de-AT", "en_US", "fr", "pt_BR.utf8", "zz"]), max_size=4
)


@given(tags=_TAGS, spoken=st.sets(st.sampled_from(["ru", "de", "fr", "pt_BR"])))
def test_the_system_language_is_the_first_one_spoken(tags: list[str], spoken: set[str]) -> None:
    available = {"en", *spoken}
    chosen = i18n.system_language(tags, available)
    assert chosen in available
    for tag in tags:
        tag = tag.split(".")[0].replace("-", "_")
        if tag in available or tag.split("_")[0] in available:
            assert chosen in (tag, tag.split("_")[0])
            break
    else:
        assert chosen == "en"


def test_the_player_s_choice_wins_over_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    locale(monkeypatch, LANG="ru_RU.UTF-8")
    assert i18n.choose_language() == "ru"
    assert i18n.choose_language(saved="en") == "en"  # chosen in the preferences
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "ru")
    assert i18n.choose_language(saved="en") == "ru"  # $SOLITAIRE_LANG
    assert i18n.choose_language("en", saved="ru") == "en"  # --lang
    assert i18n.choose_language("de", saved="xx") == "ru"  # not spoken: the next choice
    assert i18n.choose_language(system=["en-US"]) == "ru"
    monkeypatch.delenv(i18n.LANGUAGE_VARIABLE)
    assert i18n.choose_language(saved=None, system=["de-DE", "ru-RU"]) == "ru"


# -- a third language -------------------------------------------------------------------------------


def compile_german(folder: Path) -> Path:
    """The partial German catalogue of tests/data, compiled into ``folder``."""
    target = folder / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    with (target / "solitaire.mo").open("wb") as file:
        write_mo(file, read(GERMAN / "de" / "LC_MESSAGES" / "solitaire.po", "de"))
    return folder


def test_a_third_language_is_a_catalogue_and_no_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "de" not in i18n.languages()
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(compile_german(tmp_path)))
    assert i18n.languages() == ("de", "en", "ru")
    assert i18n.language_name("de") == "Deutsch"
    refusal = blocks.WRONG_COLOUR.refuse(card=Card.parse("7H"), target=Card.parse("8D"))
    assert (
        refusal.message("de") == "7♥ passt nicht auf 8♦: eine Karte kommt auf eine Karte der anderen Farbe."
    )
    assert [blocks.TOO_MANY.refuse(pile="t1", count=n).message("de") for n in (1, 2)] == [
        "t1 hat weniger als 1 Karte.",
        "t1 hat weniger als 2 Karten.",
    ]
    # what the partial catalogue leaves out stays English
    assert r.SAME_PILE.refuse().message("de") == "A card cannot move to the pile it is already on."
    locale(monkeypatch, LANG="de_AT.UTF-8")
    assert i18n.choose_language() == "de"


def test_a_plugin_domain_is_bound_to_its_own_folder(tmp_path: Path) -> None:
    catalogue = PoCatalog(locale="ru", domain="test_plugin")
    catalogue.add("Wide Klondike", "Широкий Клондайк")
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "test_plugin.mo").open("wb") as file:
        write_mo(file, catalogue)
    assert i18n.gettext("Wide Klondike", "ru", "test_plugin") == "Wide Klondike"
    i18n.bind("test_plugin", tmp_path)
    try:
        assert i18n.gettext("Wide Klondike", "ru", "test_plugin") == "Широкий Клондайк"
        assert i18n.gettext("Wide Klondike", "ru") == "Wide Klondike"  # not in the game's domain
        assert Message("Wide Klondike", domain="test_plugin").translate("ru") == "Широкий Клондайк"
    finally:
        i18n.unbind("test_plugin", tmp_path)


def test_a_leftover_per_language_entry_converts_with_one_command(tmp_path: Path) -> None:
    """What scripts/i18n.sh convert does to a file (before it updates the catalogues)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("i18n_convert", ROOT / "scripts" / "i18n_convert.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    texts = tmp_path / "texts.py"
    texts.write_text(
        'TEXTS = {\n    "a": N_("Kept"),\n    "b": {"en": "New {x}", "ru": "Новое {x}"},\n}\n'
        '_rule("x.y", "English rule.", "Русское правило.")\n',
        encoding="utf-8",
    )
    assert script.convert(texts) == {
        "New {x}": {"ru": "Новое {x}"},
        "English rule.": {"ru": "Русское правило."},
    }
    assert texts.read_text(encoding="utf-8") == (
        'TEXTS = {\n    "a": N_("Kept"),\n    "b": N_("New {x}"),\n}\n_rule("x.y", N_("English rule."))\n'
    )


def test_a_spoilt_catalogue_counts_as_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken .mo (another program's, a plugin's, a bad copy) never stops a command: the
    texts come from the next catalogue, or stay English."""
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / f"{i18n.DOMAIN}.mo").write_bytes(b"not a catalogue at all")
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(tmp_path))
    from solitaire.frontends.cli.main import run

    assert run(["--lang", "ru", "hint", "KL1-D1N-AAAAAAG"]) == 0
    assert i18n.gettext("No useful move.", "ru") == "Полезных ходов нет."  # from the shipped one
