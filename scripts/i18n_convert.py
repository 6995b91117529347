"""Move texts still given per language into the gettext catalogues.

    .venv/bin/python scripts/i18n_convert.py [FILE...]     (also: scripts/i18n.sh convert)

In each FILE (default: frontends/qt/i18n.py and core/refusals.py) it rewrites

* a ``TEXTS`` entry ``"key": {"en": "Text", "ru": "Текст"}`` as ``"key": N_("Text")``;
* a rule ``_rule("id", "Text", "Текст")`` as ``_rule("id", N_("Text"))``;

then extracts the template, merges it into every catalogue of core/locale, puts the
translations it took out into those catalogues (where they have none yet) and
compiles them.  It prints what it converted; run ruff format afterwards.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "core" / "locale"
DEFAULT = [ROOT / "frontends" / "qt" / "i18n.py", ROOT / "core" / "refusals.py"]


def _literal(node: ast.expr) -> str | None:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def convert(path: Path) -> dict[str, dict[str, str]]:
    """Rewrite ``path``; returns msgid → {language: translation}."""
    source = path.read_bytes()
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def start(node: ast.expr) -> int:
        return offsets[node.lineno - 1] + node.col_offset

    def end(node: ast.expr) -> int:
        return offsets[int(node.end_lineno or node.lineno) - 1] + int(node.end_col_offset or 0)

    edits: list[tuple[int, int, bytes]] = []
    found: dict[str, dict[str, str]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            for value in node.values:
                if not isinstance(value, ast.Dict):
                    continue
                keys = [_literal(key) if key is not None else None for key in value.keys]
                texts = [_literal(text) for text in value.values]
                if "en" not in keys or None in keys or None in texts:
                    continue
                by_lang = dict(zip(keys, texts, strict=True))
                english = value.values[keys.index("en")]
                edits.append(
                    (start(value), end(value), b"N_(" + source[start(english) : end(english)] + b")")
                )
                msgid = str(by_lang.pop("en"))
                found[msgid] = {str(k): str(v) for k, v in by_lang.items()}
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_rule" and len(node.args) == 3:
            english, russian = node.args[1], node.args[2]
            en, ru = _literal(english), _literal(russian)
            if en is None or ru is None:
                continue
            edits.append(
                (start(english), end(russian), b"N_(" + source[start(english) : end(english)] + b")")
            )
            found[en] = {"ru": ru}
    for first, last, text in sorted(edits, reverse=True):
        source = source[:first] + text + source[last:]
    if edits:
        path.write_bytes(source)
    return found


def main(argv: list[str]) -> int:
    paths = [Path(arg).resolve() for arg in argv] or DEFAULT
    found: dict[str, dict[str, str]] = {}
    for path in paths:
        converted = convert(path)
        for msgid in converted:
            print(f"{path.relative_to(ROOT)}: {msgid!r}")
        found.update(converted)
    if not found:
        print("nothing to convert")
        return 0
    subprocess.run(["bash", str(ROOT / "scripts" / "i18n.sh"), "update"], check=True)
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/solitaire.po")):
        lang = po_path.parts[-3]
        with po_path.open("rb") as file:
            catalogue = read_po(file, locale=lang)
        for msgid, translations in found.items():
            message = catalogue.get(msgid)
            if message is not None and translations.get(lang) and (message.fuzzy or not message.string):
                message.string = translations[lang]
                message.flags.discard("fuzzy")
        with po_path.open("wb") as file:
            write_po(file, catalogue, width=0, sort_by_file=True)
    subprocess.run(["bash", str(ROOT / "scripts" / "i18n.sh"), "compile"], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
