"""Validate an empty format-2.0 witness for every task of the shared corpus, and every corpus
witness whose expected outcome is known; print a table and totals (no assertions).

    python bench/corpus.py [--timeout 60] [--engines houdini,bmc,kinduction,chc] [--filter loop-]
                           [--no-runexec]

Each validation runs as a user runs it, `python -m validator PROGRAM --witness W --spec P
--timeout T --report-json ...`, in its own process, measured as BenchExec measures it
(`measure.py`: BenchExec's RunExecutor where it works here, else wait4).  Columns: parse /
encode / solve seconds from the report (solve includes z3's share, column z3), wall, CPU
seconds (every process of the run: the engines' child and gcc included) and peak memory (MB).
For an expected-false task answered `false`, the violation witness we write is checked by
replaying it (`vw` column: ok / FAILED).  At the end: totals, the run with the most CPU time and
the one with the most memory (and whether every run stayed within 1 GB), and per category the
median and total CPU time, the share of the solve time spent inside z3, and the counts.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from instrument.task import load_task_definition   # noqa: E402
from validator.outputs.violation_check import check_violation_witness     # noqa: E402
from measure import GIGABYTE, Meter, megabytes     # noqa: E402  (bench/measure.py)

CORPUS = ROOT.parent / "shared" / "corpus"
EMPTY_WITNESS = """- entry_type: invariant_set
  metadata:
    format_version: "2.0"
    uuid: 00000000-0000-0000-0000-000000000000
    creation_time: "2026-01-01T00:00:00Z"
    producer: {name: bench, version: "1"}
  content: []
"""


def one(meter: Meter, program: str, witness: str, prp: str, data_model, timeout: float,
        engines, directory: str):
    """(verdict, report, measured run) of one validation in its own process."""
    report_file = os.path.join(directory, "report.json")
    violation = os.path.join(directory, "violation.yml")
    for path in (report_file, violation):
        if os.path.exists(path):
            os.remove(path)
    command = [sys.executable, "-m", "validator", program, "--witness", witness, "--spec", prp,
               "--timeout", f"{timeout:g}", "--report-json", report_file,
               "--violation-witness-out", violation]
    if data_model:
        command += ["--data-model", data_model]
    if engines:
        command += ["--engines", ",".join(engines)]
    run = meter.run(command, timeout, cwd=str(ROOT))
    results = [line for line in run.output.splitlines() if line.startswith("Verification result")]
    verdict = results[-1].split(": ", 1)[1] if results else f"ERROR (exit code {run.exit_code})"
    report = {}
    if os.path.exists(report_file):
        with open(report_file) as f:
            report = json.load(f)
    return verdict, report, run


def violation_witness_ok(directory: str, program: str, data_model) -> bool:
    """Check the violation witness the run wrote: does it lead to the error?"""
    path = os.path.join(directory, "violation.yml")
    if not os.path.exists(path):
        return False
    return check_violation_witness(program, path, data_model or "ILP32", timeout=60).confirmed


def decided_by(verdict: str, report: dict) -> str:
    """The engine behind the verdict: the proof of `true`, the refutation of `false`."""
    if verdict.startswith("false"):
        if report.get("property", {}).get("status") == "violated":
            return report.get("engine") or "?"
        rejected = [i for i in report.get("invariants", []) if i["status"] == "rejected"]
        return f"invariant {rejected[0]['index']}: {rejected[0]['engine']}" if rejected else "?"
    return (report.get("engine") or "") if verdict == "true" else ""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--engines")
    parser.add_argument("--filter", default="")
    parser.add_argument("--no-runexec", action="store_true")
    args = parser.parse_args()
    meter = Meter(prefer_runexec=not args.no_runexec)
    directory = tempfile.mkdtemp(prefix="bench-corpus-")
    engines = args.engines.split(",") if args.engines else None
    rows = list(csv.reader(open(CORPUS / "MANIFEST.tsv"), delimiter="\t"))[1:]
    empty = os.path.join(directory, "empty.yml")
    with open(empty, "w") as f:
        f.write(EMPTY_WITNESS)
    print(f"{'task':58} {'exp':5} {'result':20} {'parse':>6} {'encode':>6} {'solve':>7} "
          f"{'z3':>6} {'total':>7} {'wall':>7} {'cpu':>7} {'MB':>5} {'vw':>3}  engine / reason")
    totals: dict = {}
    categories: dict = {}
    measured: list = []         # (cpu, peak memory, run name)
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
        result, report, run = one(meter, program, witness, prp, model, args.timeout, engines,
                                  directory)
        times, cpu = report.get("time", {}), run.cpu
        engine, reason = decided_by(result, report), report.get("reason") or result
        vw = ""
        if kind == "task" and expected == "false" and result.startswith("false"):
            vw = "ok" if violation_witness_ok(directory, program, model) else "FAILED"
        label = "task:" + expected if kind == "task" else "witness:" + expected
        category = path.split("/")[2] if kind == "task" else "witnesses"
        categories.setdefault(category, []).append((expected, result, cpu, times, vw))
        key = (label, result if result in ("true", "false(unreach-call)", "unknown") else "ERROR")
        totals[key] = totals.get(key, 0) + 1
        short = path.replace("sv-benchmarks/c/", "").replace("witnesses/", "w/")
        measured.append((cpu, run.peak_memory, short))
        print(f"{short[:58]:58} {expected:5} {result[:20]:20} {times.get('parse', 0):6.2f} "
              f"{times.get('encode', 0):6.2f} {times.get('solve', 0):7.2f} "
              f"{times.get('z3', 0):6.2f} {times.get('total', 0):7.2f} {run.wall:7.2f} "
              f"{cpu:7.2f} {megabytes(run.peak_memory):5.0f} {vw:>3}  "
              f"{engine or (reason or '')[:70]}", flush=True)
    print("\ntotals (expected -> result: count)")
    for (label, result), count in sorted(totals.items()):
        print(f"  {label:16} -> {result:20} {count}")
    wrong = sum(c for (l, r), c in totals.items() if l.endswith("false") and r == "true")
    print(f"wrong 'true' on expected-false: {wrong}")
    print_maxima(measured, meter.method)
    print_categories(categories)
    return 0


def print_maxima(measured: list, method: str) -> None:
    """The runs with the most CPU time and the most memory; every run within 1 GB?"""
    if not measured:
        return
    cpu, _, cpu_run = max(measured)
    _, memory, memory_run = max(measured, key=lambda m: m[1])
    over = [name for _, peak, name in measured if peak > GIGABYTE]
    print(f"measured by {method}: max CPU time {cpu:.2f} s ({cpu_run}); max peak memory "
          f"{megabytes(memory):.0f} MB ({memory_run}); "
          + (f"OVER 1 GB: {', '.join(over)}" if over else "every run within 1 GB"))


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
