"""Validate an empty format-2.0 witness for every task of the shared corpus, and every corpus
witness whose expected outcome is known; print a table and totals (no assertions).

    python bench/corpus.py [--timeout 60] [--engines houdini,bmc,kinduction,chc] [--filter loop-]
"""
from __future__ import annotations

import argparse
import csv
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from instrument.errors import InputError          # noqa: E402
from validator.pipeline import Request, validate  # noqa: E402
from validator.task import load_task_definition   # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
EMPTY_WITNESS = """- entry_type: invariant_set
  metadata:
    format_version: "2.0"
    uuid: 00000000-0000-0000-0000-000000000000
    creation_time: "2026-01-01T00:00:00Z"
    producer: {name: bench, version: "1"}
  content: []
"""


def one(program, witness, prp, data_model, timeout, engines):
    started = time.perf_counter()
    try:
        outcome = validate(Request(program, witness, prp, data_model, timeout, "false", engines))
    except InputError as e:
        return f"ERROR ({e})", {}, time.perf_counter() - started, None, str(e)
    return (outcome.verdict, outcome.times, time.perf_counter() - started, decided_by(outcome),
            outcome.reason)


def decided_by(outcome) -> str:
    """The engine behind the verdict: the proof of `true`, the refutation of `false`."""
    if outcome.verdict.startswith("false"):
        if outcome.property_status == "violated":
            return outcome.engine or "?"
        rejected = [i for i in outcome.invariants if i.status == "rejected"]
        return f"invariant {rejected[0].index}: {rejected[0].engine}" if rejected else "?"
    return outcome.engine if outcome.verdict == "true" else ""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--engines")
    parser.add_argument("--filter", default="")
    args = parser.parse_args()
    engines = args.engines.split(",") if args.engines else None
    rows = list(csv.reader(open(CORPUS / "MANIFEST.tsv"), delimiter="\t"))[1:]
    empty = os.path.join(tempfile.mkdtemp(), "empty.yml")
    with open(empty, "w") as f:
        f.write(EMPTY_WITNESS)
    print(f"{'task':58} {'exp':5} {'result':20} {'parse':>6} {'encode':>6} {'solve':>7} {'total':>7}  engine / reason")
    totals: dict = {}
    for kind, path, _, _, expected, notes in rows:
        if args.filter not in path:
            continue
        if kind == "task":
            task = load_task_definition(str(CORPUS / path))
            program, prp, model, witness = task.program, task.property_file, task.data_model, empty
        else:
            if expected not in ("true", "false") or "concurrent=yes" in notes:
                continue
            note = dict(kv.split("=", 1) for kv in notes.split("; ") if "=" in kv)
            program = str(CORPUS / note["program"])
            prp = str(CORPUS / "sv-benchmarks" / "c" / "properties" / "unreach-call.prp")
            model, witness = None, str(CORPUS / path)
        result, times, total, engine, reason = one(program, witness, prp, model, args.timeout, engines)
        label = "task:" + expected if kind == "task" else "witness:" + expected
        key = (label, result if result in ("true", "false(unreach-call)", "unknown") else "ERROR")
        totals[key] = totals.get(key, 0) + 1
        short = path.replace("sv-benchmarks/c/", "").replace("witnesses/", "w/")
        print(f"{short[:58]:58} {expected:5} {result[:20]:20} {times.get('parse', 0):6.2f} "
              f"{times.get('encode', 0):6.2f} {times.get('solve', 0):7.2f} {total:7.2f}  "
              f"{engine or (reason or '')[:70]}", flush=True)
    print("\ntotals (expected -> result: count)")
    for (label, result), count in sorted(totals.items()):
        print(f"  {label:16} -> {result:20} {count}")
    wrong = sum(c for (l, r), c in totals.items() if l.endswith("false") and r == "true")
    print(f"wrong 'true' on expected-false: {wrong}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
