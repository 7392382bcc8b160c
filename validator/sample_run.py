"""Validate every witness listed in a sample directory's EXPECTED.tsv and print a table.

    python -m validator.sample_run sv-benchmarks-sample
"""
from __future__ import annotations

import csv
import io
import os
import sys
import time
from contextlib import redirect_stdout

from .cli import main as cli_main


def run(sample_dir: str) -> int:
    expected_file = os.path.join(sample_dir, "EXPECTED.tsv")
    with open(expected_file, encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t")]
    print(f"{'task':32} {'witness':40} {'expected':9} {'result':22} {'time':>6}")
    mismatches = 0
    for row in rows:
        task = os.path.join(sample_dir, row["task_yml"])
        witness = os.path.join(os.path.dirname(task), row["witness"])
        output = io.StringIO()
        started = time.perf_counter()
        with redirect_stdout(output):
            cli_main([task, "--witness", witness, "--timeout", "60"])
        elapsed = time.perf_counter() - started
        last = output.getvalue().strip().splitlines()[-1]
        result = last.replace("Verification result: ", "")
        expected = row["expected_validation"]
        ok = (expected == "true" and result == "true") or \
             (expected == "false" and result.startswith("false")) or \
             (expected == "unknown" and result == "unknown")
        mismatches += 0 if ok else 1
        print(f"{row['task_yml']:32} {row['witness']:40} {expected:9} {result:22} {elapsed:6.2f}"
              + ("" if ok else "   <-- differs"))
    print(f"{len(rows)} witnesses, {len(rows) - mismatches} as expected")
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1] if len(sys.argv) > 1 else "sv-benchmarks-sample"))
