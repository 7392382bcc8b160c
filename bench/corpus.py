"""Validate an empty format-2.0 witness for every task of the shared corpus, and every corpus
witness whose expected outcome is known; print a table and totals (no assertions).

    python bench/corpus.py [--timeout 60] [--engines houdini,bmc,kinduction,chc] [--filter loop-]

Columns: parse / encode / solve seconds (solve includes z3's share, column z3), wall and CPU
seconds (CPU: this process and its children, the engine process and gcc included).  For an
expected-false task answered `false`, the violation witness we write is checked by replaying it
(`vw` column: ok / FAILED).  At the end: totals, and per category the median and total CPU
time, the share of the solve time spent inside z3, and the counts.
"""
from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from instrument.deadline import Timeout             # noqa: E402
from instrument.errors import InputError          # noqa: E402
from validator.evidence import InvariantStatus, PropertyStatus  # noqa: E402
from validator.pipeline import Request, validate  # noqa: E402
from instrument.task import load_task_definition   # noqa: E402
from validator.outputs.violation_check import check_violation_witness     # noqa: E402
from validator.outputs.violation_witness import write_violation_witness   # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
EMPTY_WITNESS = """- entry_type: invariant_set
  metadata:
    format_version: "2.0"
    uuid: 00000000-0000-0000-0000-000000000000
    creation_time: "2026-01-01T00:00:00Z"
    producer: {name: bench, version: "1"}
  content: []
"""


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def one(program, witness, prp, data_model, timeout, engines):
    started = time.perf_counter()
    try:
        outcome = validate(Request(program, witness, prp, data_model, timeout, "false", engines))
    except InputError as e:
        return f"ERROR ({e})", {}, time.perf_counter() - started, None, str(e), None
    except Timeout as e:          # the run's deadline passed (the command line says unknown)
        return "unknown", {}, time.perf_counter() - started, None, str(e), None
    return (outcome.verdict, outcome.times, time.perf_counter() - started, decided_by(outcome),
            outcome.reason, outcome)


def violation_witness_ok(outcome, program: str, data_model) -> bool:
    """Write the violation witness of a `false` answer and check that it leads to the error."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "violation.yml")
        write_violation_witness(outcome, path)
        return check_violation_witness(program, path, data_model or "ILP32", timeout=60).confirmed


def decided_by(outcome) -> str:
    """The engine behind the verdict: the proof of `true`, the refutation of `false`."""
    if outcome.verdict.startswith("false"):
        if outcome.property_status is PropertyStatus.VIOLATED:
            return outcome.engine or "?"
        rejected = [i for i in outcome.invariants if i.status is InvariantStatus.REJECTED]
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
    print(f"{'task':58} {'exp':5} {'result':20} {'parse':>6} {'encode':>6} {'solve':>7} "
          f"{'z3':>6} {'total':>7} {'cpu':>7} {'vw':>3}  engine / reason")
    totals: dict = {}
    categories: dict = {}
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
        cpu_before = cpu_seconds()
        result, times, total, engine, reason, outcome = one(program, witness, prp, model,
                                                            args.timeout, engines)
        cpu = cpu_seconds() - cpu_before
        vw = ""
        if kind == "task" and expected == "false" and result.startswith("false"):
            vw = "ok" if violation_witness_ok(outcome, program, model) else "FAILED"
        label = "task:" + expected if kind == "task" else "witness:" + expected
        category = path.split("/")[2] if kind == "task" else "witnesses"
        categories.setdefault(category, []).append((expected, result, cpu, times, vw))
        key = (label, result if result in ("true", "false(unreach-call)", "unknown") else "ERROR")
        totals[key] = totals.get(key, 0) + 1
        short = path.replace("sv-benchmarks/c/", "").replace("witnesses/", "w/")
        print(f"{short[:58]:58} {expected:5} {result[:20]:20} {times.get('parse', 0):6.2f} "
              f"{times.get('encode', 0):6.2f} {times.get('solve', 0):7.2f} "
              f"{times.get('z3', 0):6.2f} {total:7.2f} {cpu:7.2f} {vw:>3}  "
              f"{engine or (reason or '')[:70]}", flush=True)
    print("\ntotals (expected -> result: count)")
    for (label, result), count in sorted(totals.items()):
        print(f"  {label:16} -> {result:20} {count}")
    wrong = sum(c for (l, r), c in totals.items() if l.endswith("false") and r == "true")
    print(f"wrong 'true' on expected-false: {wrong}")
    print_categories(categories)
    return 0


def print_categories(categories: dict) -> None:
    print(f"\n{'category':24} {'runs':>4} {'true ok':>8} {'false ok':>9} {'vw ok':>6} "
          f"{'median cpu':>10} {'total cpu':>9} {'z3 share':>8}")
    for category, runs in sorted(categories.items()):
        cpus = [r[2] for r in runs]
        solve = sum(r[3].get("solve", 0.0) for r in runs)
        z3_time = sum(r[3].get("z3", 0.0) for r in runs)
        true_ok = sum(1 for e, r, *_ in runs if e == "true" and r == "true")
        false_ok = sum(1 for e, r, *_ in runs if e == "false" and r.startswith("false"))
        vw_ok = sum(1 for r in runs if r[4] == "ok")
        share = f"{100 * z3_time / solve:.0f} %" if solve else "-"
        print(f"{category:24} {len(runs):4} {true_ok:8} {false_ok:9} {vw_ok:6} "
              f"{statistics.median(cpus):10.2f} {sum(cpus):9.1f} {share:>8}")


if __name__ == "__main__":
    sys.exit(main())
