#!/usr/bin/env bash
# The test command: sets up the Debian packages and .venv when they are missing or stale
# (.ci/setup.sh), then runs pytest; arguments go to pytest (./run-tests.sh tests/test_cli.py -x).
set -euo pipefail
cd "$(dirname "$0")"
bash .ci/setup.sh
exec .venv/bin/python -m pytest -q "$@"
