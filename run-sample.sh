#!/usr/bin/env bash
# Set up a virtual environment (if needed) and validate every bundled sample witness.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/validate-correctness ]; then
  python3 -m venv .venv
  .venv/bin/pip install -q -e '.[test]'
fi
.venv/bin/python -m validator.sample_run sv-benchmarks-sample "$@"
