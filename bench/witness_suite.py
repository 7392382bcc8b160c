"""The validator on our own witness suite (tests/witness_suite/): how many valid witnesses it
confirms, how many wrong mutants it rejects, how many weakened ones it confirms; prints figures
(no assertions: timing depends on the machine's load; the tests check soundness only).

    python bench/witness_suite.py [--timeout 20] [--jobs 2] [--record] [--filter TEXT]

Each witness is validated by `validator.cli.main` in-process, in `--jobs` forked workers.
`--record` rewrites tests/witness_suite/VALIDATOR_TODAY.tsv, from which the tests pick the
witnesses decided quickly (to keep the test run short).  `--filter TEXT` keeps the witnesses
whose path contains TEXT (`--filter nla`) and prints each one's result and seconds.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import math
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "corpus"
SUITE = ROOT / "tests" / "witness_suite"
TODAY_FILE = SUITE / "VALIDATOR_TODAY.tsv"
WRONG_KINDS = ("off-by-one", "strengthened", "moved")
REJECTED = "false(unreach-call)"
SLOW_SECONDS = 5.0       # issue 21: each valid witness decided within this


def manifest() -> list[dict]:
    with open(SUITE / "MANIFEST.tsv", encoding="utf-8") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")),
                                   delimiter="\t"))


def validate(job: tuple) -> dict:
    """One validator run on (witness, task, timeout): result, exit code, seconds, reason, the
    last lines printed, the rejected invariants (tests/test_witness_suite.py uses it too)."""
    from validator.cli import main
    witness, task, timeout = job
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory(prefix="suite-") as directory:
        report = os.path.join(directory, "report.json")
        started = time.monotonic()
        with redirect_stdout(out), redirect_stderr(err):
            code = main([str(CORPUS / task), "--witness", str(SUITE / witness),
                         "--timeout", str(timeout), "--report-json", report])
        seconds = time.monotonic() - started
        data = json.load(open(report, encoding="utf-8")) if os.path.exists(report) else {}
    lines = out.getvalue().strip().splitlines()
    result = lines[-1].replace("Verification result: ", "") if lines else "?"
    rejected = [{"index": i["index"], "value": i["value"], "reason": i.get("reason"),
                 "counterexample": (i.get("counterexample") or {}).get("inputs")}
                for i in data.get("invariants", []) if i.get("status") == "rejected"]
    return {"witness": witness, "result": result, "code": code, "seconds": seconds,
            "reason": data.get("reason"), "lines": lines[-8:], "rejected": rejected}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--record", action="store_true",
                        help=f"rewrite {TODAY_FILE.relative_to(ROOT)}")
    parser.add_argument("--filter", default="",
                        help="only the witnesses whose path contains this text")
    args = parser.parse_args()
    if args.record and args.filter:
        parser.error("--record writes every witness's result: no --filter")
    rows = [r for r in manifest() if args.filter in r["witness"]]
    kind = {r["witness"]: r["kind"] for r in rows}
    started = time.monotonic()
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        runs = {run["witness"]: run for run in
                pool.map(validate, [(r["witness"], r["task"], args.timeout) for r in rows])}
    wall = time.monotonic() - started
    if args.filter:
        for r in rows:
            run = runs[r["witness"]]
            print(f"  {r['witness']:58} {r['kind']:12} {run['result']:20} {run['seconds']:6.1f} s")
    valid = [w for w in runs if kind[w] == "valid"]
    wrong = [w for w in runs if kind[w] in WRONG_KINDS]
    weakened = [w for w in runs if kind[w] == "weakened"]
    confirmed = [w for w in valid if runs[w]["result"] == "true"]
    rejected = [w for w in wrong if runs[w]["result"] == REJECTED]
    wrong_confirmed = [w for w in wrong if runs[w]["result"] == "true"]
    valid_rejected = [w for w in valid + weakened if runs[w]["result"].startswith("false")]
    weak_confirmed = [w for w in weakened if runs[w]["result"] == "true"]
    times = sorted(runs[w]["seconds"] for w in valid)
    if times:       # issue 21: p95 over the valid witnesses <= 5 s
        slow = ", ".join(f"{w} {runs[w]['seconds']:.1f} s ({runs[w]['result']})"
                         for w in sorted(valid) if runs[w]["seconds"] > SLOW_SECONDS)
        print(f"  valid witnesses' time: median {statistics.median(times):.1f} s, p95 "
              f"{times[math.ceil(0.95 * len(times)) - 1]:.1f} s, max {times[-1]:.1f} s; over "
              f"{SLOW_SECONDS:g} s: {slow or 'none'}")
    for w in sorted(set(valid) - set(confirmed)):
        print(f"  valid not confirmed: {w}: {runs[w]['result']} ({runs[w]['reason']})")
    for w in sorted(set(wrong) - set(rejected)):
        print(f"  wrong not rejected: {w}: {runs[w]['result']} ({runs[w]['reason']})")
    print(f"witness suite (--timeout {args.timeout:g}, {args.jobs} at a time): "
          f"valid confirmed {len(confirmed)}/{len(valid)}, "
          f"wrong mutants rejected {len(rejected)}/{len(wrong)}, "
          f"weakened confirmed {len(weak_confirmed)}/{len(weakened)}; "
          f"WRONG: mutants confirmed {len(wrong_confirmed)}, valid or weakened rejected "
          f"{len(valid_rejected)}; validator time {sum(r['seconds'] for r in runs.values()):.0f} s"
          f", wall {wall:.0f} s")
    if args.record:
        with open(TODAY_FILE, "w", encoding="utf-8") as f:
            f.write(f"# validator results on the witness suite (--timeout {args.timeout:g}, "
                    f"{args.jobs} runs at a time on 2 cores), written by "
                    "python bench/witness_suite.py --record\n")
            f.write("witness\tresult\tseconds\n")
            for row in rows:
                run = runs[row["witness"]]
                f.write(f"{row['witness']}\t{run['result']}\t{run['seconds']:.1f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
