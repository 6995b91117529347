#!/usr/bin/env bash
# The translations: gettext catalogues kept with Babel (pip install babel, or '.[test]').
#   scripts/i18n.sh extract        write the templates (.pot) from the marked strings in the code
#   scripts/i18n.sh update         extract, then merge the templates into every catalogue (.po)
#   scripts/i18n.sh compile        compile every catalogue into the .mo files read at run time
#   scripts/i18n.sh init LANG      start the catalogues of a new language (then translate, compile)
#   scripts/i18n.sh all            update and compile (what to run after changing marked strings)
#   scripts/i18n.sh convert [FILE] move texts still given per language ({"en": ..., "ru": ...} entries
#                                  of TEXTS, _rule(id, en, ru)) into N_(...) and the catalogues
# The game's domain is "solitaire" in core/locale; the example plugin has its own,
# "solitaire_bakers" in examples/solitaire-bakers/solitaire_bakers/locale.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=${PYBABEL:-.venv/bin/pybabel}
[[ -x $pybabel ]] || pybabel=pybabel

# domain, catalogue folder, sources
domains=(
    "solitaire|core/locale|core variants plugins frontends testing __main__.py"
    "solitaire_bakers|examples/solitaire-bakers/solitaire_bakers/locale|examples/solitaire-bakers/solitaire_bakers"
)
# Keywords: N_ marks a text, Message and Plural build one that is translated when shown.
keywords=(-k N_ -k N_plural:1,2 -k Message -k Plural:1,2 -k pgettext:1c,2 -k ngettext:1,2 -k counted:1,2)

extract() {
    local domain folder sources
    for entry in "${domains[@]}"; do
        IFS="|" read -r domain folder sources <<<"$entry"
        # shellcheck disable=SC2086
        "$pybabel" extract --no-default-keywords "${keywords[@]}" --add-comments=Translators: \
            --sort-by-file --project=solitaire --copyright-holder="The solitaire developers" \
            --no-wrap -o "$folder/$domain.pot" $sources
    done
}

update() {
    local domain folder sources
    extract
    for entry in "${domains[@]}"; do
        IFS="|" read -r domain folder sources <<<"$entry"
        "$pybabel" update --no-wrap -D "$domain" -i "$folder/$domain.pot" -d "$folder"
    done
}

compile() {
    local domain folder sources
    for entry in "${domains[@]}"; do
        IFS="|" read -r domain folder sources <<<"$entry"
        "$pybabel" compile --statistics -D "$domain" -d "$folder"
    done
}

init() {
    local lang=$1 domain folder sources
    for entry in "${domains[@]}"; do
        IFS="|" read -r domain folder sources <<<"$entry"
        "$pybabel" init --no-wrap -D "$domain" -i "$folder/$domain.pot" -d "$folder" -l "$lang"
    done
}

case "${1:-all}" in
    extract) extract ;;
    update) update ;;
    compile) compile ;;
    init) init "${2:?the language, e.g. de}" ;;
    all) update && compile ;;
    convert) shift; "${PYTHON:-.venv/bin/python}" scripts/i18n_convert.py "$@" ;;
    *) echo "usage: $0 extract|update|compile|init LANG|all|convert [FILE...]" >&2; exit 2 ;;
esac
