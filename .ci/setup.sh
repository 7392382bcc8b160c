#!/usr/bin/env bash
# What run-tests.sh and run-sample.sh (so CI) need before they start: the Debian packages
# (install-system-packages.sh) and .venv with the project installed editable with its test
# extra (`pip install -e '.[test]'`).  .venv is made anew when its Python no longer runs, and
# the project is installed again when pyproject.toml changed since the last install or .venv
# serves another checkout; otherwise nothing happens.  VENV_PYTHON chooses the interpreter for
# a new .venv (default python3; the project needs Python >= 3.10).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
cd "$root"
bash .ci/install-system-packages.sh

python="${VENV_PYTHON:-python3}"
stamp=.venv/validate-correctness-installed    # the sha256 of the pyproject.toml installed
digest=$(sha256sum pyproject.toml | cut -d' ' -f1)

if ! .venv/bin/python -c pass >/dev/null 2>&1; then
  if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    echo "$python is missing or older than 3.10: the project needs Python >= 3.10" \
         "(set VENV_PYTHON to another interpreter)" >&2
    exit 1
  fi
  rm -rf .venv
  echo "Creating .venv with $("$python" --version 2>&1)"
  "$python" -m venv .venv
fi

# -I: the checkout itself is not on sys.path, so only what is installed in .venv imports
if [ "$(cat "$stamp" 2>/dev/null)" != "$digest" ] || ! .venv/bin/python -I - "$root" <<'PY'
import pathlib, sys
root = pathlib.Path(sys.argv[1])
try:
    import instrument, pytest, validator
except ImportError:
    sys.exit(1)
for module in (instrument, validator):
    if pathlib.Path(module.__file__).resolve().parents[1] != root:
        sys.exit(1)
PY
then
  echo "Installing the project into .venv (pip install -e '.[test]')"
  .venv/bin/python -m pip install -q 'pip>=21.3'      # editable installs from pyproject.toml
  .venv/bin/python -m pip install -q -e '.[test]'
  echo "$digest" > "$stamp"
fi

# bytecode for every module, so that runs read it even where PYTHONDONTWRITEBYTECODE is set
# (then each run compiled the whole validator again: about 0.14 s CPU of every start-up)
.venv/bin/python -m compileall -q instrument validator >/dev/null
