#!/usr/bin/env bash
# Set up a virtual environment (if needed) and validate every bundled sample validation task.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/validate-correctness ]; then
  python3 -m venv .venv
  .venv/bin/pip install -q -e '.[test]'
fi
.venv/bin/validate-correctness --batch sv-benchmarks-sample/c/Validation.set "$@"
