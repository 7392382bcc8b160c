#!/usr/bin/env bash
# Set up the Debian packages and .venv when they are missing or stale (.ci/setup.sh, as
# run-tests.sh does), then validate every bundled sample validation task; arguments go to
# validate-correctness (./run-sample.sh --jobs 1).
set -euo pipefail
cd "$(dirname "$0")"
bash .ci/setup.sh
exec .venv/bin/validate-correctness --batch sv-benchmarks-sample/c/Validation.set "$@"
