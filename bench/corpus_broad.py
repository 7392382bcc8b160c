"""Empty witnesses on `../shared/corpus-broad`: proven / refuted per folder and per C feature,
and the `unknown` reasons grouped, so that the next gap is visible (issue 16).

    python bench/corpus_broad.py [--timeout 30] [--jobs 2] [--filter TEXT] [--feature F]
        [--expected true|false]

Each task runs as a user runs it: `validate-correctness TASK.yml --witness EMPTY --timeout T
--report-json ...` in its own process (`--jobs` at a time), its CPU time and peak memory
measured as BenchExec measures them (`measure.py`: BenchExec's RunExecutor with `--jobs 1`
where it works here, else wait4); the maxima, and whether every task stayed within 1 GB, come
at the end.  The features are the manifest's
(regex heuristics over the program text: pointers, struct, array, float, heap, ...).  An
expected-false task counts as refuted only with `false(unreach-call)`; a `true` on an
expected-false task or a `false` on an expected-true one is listed as WRONG.  No assertions.
`--filter` keeps the tasks whose path contains TEXT, `--feature` those whose manifest features
include F (`--feature array` is issue 16's array set), `--expected` those with that verdict.
Tasks whose label rests on behaviour our semantics makes undefined (`disputed_labels.py`,
each shown by a gcc execution) are marked DISPUTED and counted in the tables as labelled;
the feature and overall tables are printed again without them.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from corpus import EMPTY_WITNESS        # bench/corpus.py
from disputed_labels import DISPUTED_TASKS   # bench/disputed_labels.py
from measure import GIGABYTE, Meter, megabytes     # bench/measure.py

ROOT = Path(__file__).resolve().parents[1]
BROAD = ROOT.parent / "shared" / "corpus-broad"


@dataclass
class Task:
    path: Path
    folder: str
    expected: str
    features: list[str]


@dataclass
class Result:
    task: Task
    verdict: str
    reason: str
    seconds: float
    cpu: float
    peak_memory: int          # bytes

    @property
    def proven(self) -> bool:
        return self.task.expected == "true" and self.verdict == "true"

    @property
    def disputed(self) -> bool:
        """The label rests on behaviour our semantics makes undefined (disputed_labels.py)."""
        return f"{self.task.folder}/{self.task.path.stem}" in DISPUTED_TASKS

    @property
    def refuted(self) -> bool:
        return self.task.expected == "false" and self.verdict.startswith("false")

    @property
    def wrong(self) -> bool:
        return (self.task.expected == "false" and self.verdict == "true") or \
            (self.task.expected == "true" and self.verdict.startswith("false"))


def load_tasks(text_filter: str, feature: str = "", expected: str = "") -> list[Task]:
    rows = csv.DictReader(open(BROAD / "MANIFEST.tsv"), delimiter="\t")
    tasks = [Task(BROAD / r["task"], r["folder"], r["expected_verdict"],
                  [f for f in r["features"].split(",") if f] or ["plain"])
             for r in rows if text_filter in r["task"]]
    return [t for t in tasks if (not feature or feature in t.features)
            and (not expected or t.expected == expected)]


def run(meter: Meter, task: Task, witness: str, timeout: float, directory: str) -> Result:
    report = os.path.join(directory, task.path.stem + ".json")
    command = [sys.executable, "-m", "validator", str(task.path), "--witness", witness,
               "--timeout", str(timeout), "--report-json", report]
    done = meter.run(command, timeout, cwd=str(ROOT))
    last = (done.output.strip().splitlines() or ["?"])[-1]
    verdict = last.split("Verification result: ", 1)[-1]
    reason = ""
    if os.path.exists(report):
        reason = json.load(open(report)).get("reason") or ""
    elif verdict.startswith("ERROR"):
        reason = verdict
    return Result(task, verdict, reason, done.wall, done.cpu, done.peak_memory)


def reason_group(reason: str) -> str:
    """The reason without names and lines, so that equal causes count together."""
    text = re.sub(r"'[^']*'", "'...'", reason)
    return re.sub(r"\bline \d+", "line N", text)[:90]


def table(title: str, groups: dict[str, list[Result]]) -> list[str]:
    lines = [f"\n{title:28} {'tasks':>5} {'true':>9} {'false':>9} {'wrong':>5}"]
    for name, results in sorted(groups.items()):
        trues = [r for r in results if r.task.expected == "true"]
        falses = [r for r in results if r.task.expected == "false"]
        lines.append(f"{name:28} {len(results):5} "
                     f"{sum(r.proven for r in trues):4}/{len(trues):<4} "
                     f"{sum(r.refuted for r in falses):4}/{len(falses):<4} "
                     f"{sum(r.wrong for r in results):5}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--filter", default="", help="keep tasks whose path contains this")
    parser.add_argument("--feature", default="", help="keep tasks with this manifest feature")
    parser.add_argument("--expected", default="", choices=["", "true", "false"])
    args = parser.parse_args()
    tasks = load_tasks(args.filter, args.feature, args.expected)
    directory = tempfile.mkdtemp(prefix="corpus-broad-")
    witness = os.path.join(directory, "empty.yml")
    Path(witness).write_text(EMPTY_WITNESS)
    meter = Meter(jobs=args.jobs)
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda t: run(meter, t, witness, args.timeout, directory),
                                tasks))
    print(f"{'task':58} {'exp':5} {'result':22} {'wall':>6} {'cpu':>6} {'MB':>5}  reason")
    for r in results:
        mark = "WRONG " if r.wrong else "DISPUTED " if r.disputed else ""
        print(f"{mark}{r.task.folder + '/' + r.task.path.stem:58} {r.task.expected:5} "
              f"{r.verdict[:22]:22} {r.seconds:6.1f} {r.cpu:6.2f} "
              f"{megabytes(r.peak_memory):5.0f}  {r.reason[:80]}")
    by_folder: dict[str, list[Result]] = defaultdict(list)
    by_feature: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        by_folder[r.task.folder].append(r)
        for feature in r.task.features:
            by_feature[feature].append(r)
    print("\n".join(table("folder", by_folder) + table("feature", by_feature)))
    print("\n".join(table("all", {"all": results})))
    disputed = [r for r in results if r.disputed]
    if disputed:
        # the same tables without the tasks whose label our semantics cannot give, each
        # listed with why (bench/disputed_labels.py shows it by a gcc execution)
        print("\nlabels resting on undefined behaviour or indeterminate reads "
              "(python bench/disputed_labels.py shows each):")
        for r in disputed:
            name = f"{r.task.folder}/{r.task.path.stem}"
            print(f"  {name:40} {r.task.expected:5} -> {r.verdict:8} "
                  f"{DISPUTED_TASKS[name].why}")
        kept = [r for r in results if not r.disputed]
        by_feature_kept: dict[str, list[Result]] = defaultdict(list)
        for r in kept:
            for feature in r.task.features:
                by_feature_kept[feature].append(r)
        print("\n".join(table("feature (without them)", by_feature_kept)
                        + table("all (without them)", {"all": kept})))
    reasons = Counter(reason_group(r.reason) for r in results
                      if not (r.proven or r.refuted) and r.reason)
    print("\nunknown / undecided reasons (grouped):")
    for reason, count in reasons.most_common():
        print(f"  {count:3}  {reason}")
    print(f"\nwall time {time.perf_counter() - started:.0f} s, {len(results)} tasks, "
          f"timeout {args.timeout:g} s, {args.jobs} jobs")
    if results:
        most_cpu = max(results, key=lambda r: r.cpu)
        most_memory = max(results, key=lambda r: r.peak_memory)
        over = [r.task.path.stem for r in results if r.peak_memory > GIGABYTE]
        print(f"measured by {meter.method}: max CPU time {most_cpu.cpu:.2f} s "
              f"({most_cpu.task.path.stem}); max peak memory "
              f"{megabytes(most_memory.peak_memory):.0f} MB ({most_memory.task.path.stem}); "
              + (f"OVER 1 GB: {', '.join(over)}" if over else "every task within 1 GB"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
