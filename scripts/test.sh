#!/usr/bin/env bash
# Set up .venv (with the test extras) and run every check CI runs: ruff, mypy, pytest.
# Extra arguments go to pytest, e.g. scripts/test.sh -k codes -x
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
if [[ ! -x .venv/bin/python ]]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

# mypy cannot see the solitaire.* namespace through the editable install: give it a
# throw-away tree of symlinks laid out as the installed package is.
mkdir -p .typecheck/solitaire
for folder in core variants plugins frontends; do
    ln -sfn "../../$folder" ".typecheck/solitaire/$folder"
done
ln -sfn ../../__main__.py .typecheck/solitaire/__main__.py

echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest "$@"
