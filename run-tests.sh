#!/usr/bin/env bash
# The test command: sets up the Debian packages and .venv when they are missing or stale
# (.ci/setup.sh), then runs pytest; arguments go to pytest (./run-tests.sh tests/test_cli.py -x).
# The test files are spread over TEST_WORKERS processes (pytest-xdist; default: the cores,
# at most 4), one file per worker at a time (--dist loadfile: a file's tests keep their order
# and its module fixtures are built once).  Each test's validation runs its engines in one
# child process, so a worker keeps about one core busy.  TEST_WORKERS=0 runs in this process.
set -euo pipefail
cd "$(dirname "$0")"
bash .ci/setup.sh
cores=$(nproc 2>/dev/null || echo 1)
workers="${TEST_WORKERS:-$(( cores < 4 ? cores : 4 ))}"
if [ "$workers" -le 1 ]; then
  exec .venv/bin/python -m pytest -q "$@"
fi
exec .venv/bin/python -m pytest -q -n "$workers" --dist loadfile "$@"
