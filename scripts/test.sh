#!/usr/bin/env bash
# Set up .venv (with the test extras) and run every check CI runs: ruff, mypy, pytest.
# Extra arguments go to pytest, e.g. scripts/test.sh -k codes -x
set -euo pipefail
cd "$(dirname "$0")/.."

# Qt needs a few system libraries to draw offscreen; install those that are missing.
qt_libraries=(libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfreetype6 libfontconfig1 libdbus-1-3 fonts-dejavu-core)
missing=()
for package in "${qt_libraries[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})) && command -v apt-get >/dev/null; then
    echo "== installing ${missing[*]}"
    sudo_=""
    [[ $(id -u) -eq 0 ]] || sudo_="sudo"
    $sudo_ apt-get update -qq && $sudo_ apt-get install -y -qq "${missing[@]}"
fi
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}

python=${PYTHON:-python3}
if [[ ! -x .venv/bin/python ]]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
# The example third-party plugin, installed as a player would (tests/plugins use it);
# setuptools builds in its folder, where a stale build/ would ship modules that are gone.
rm -rf examples/solitaire-bakers/build
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-build-isolation ./examples/solitaire-bakers

# mypy cannot see the solitaire.* namespace through the editable install: give it a
# throw-away tree of symlinks laid out as the installed package is.
mkdir -p .typecheck/solitaire
for folder in core variants plugins frontends testing; do
    ln -sfn "../../$folder" ".typecheck/solitaire/$folder"
done
ln -sfn ../../__main__.py .typecheck/solitaire/__main__.py

echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy"
.venv/bin/mypy
.venv/bin/mypy tests
.venv/bin/mypy examples/solitaire-bakers/solitaire_bakers
.venv/bin/mypy examples/solitaire-fans/solitaire_fans
echo "== pytest"
.venv/bin/python -m pytest -n auto --dist loadgroup "$@"
