"""Batch mode: validate many validation task definitions in parallel processes.

    validate-correctness --batch DIR_OR_SET_FILE [--jobs N] [--batch-out FILE.csv|FILE.json]

For a user without BenchExec: each task runs as its own `validate-correctness` process (so a
crash or a runaway solver stays inside it), a progress bar shows on a terminal, a summary table
follows, and the results go to a CSV or JSON file.  Measured runs belong in BenchExec.

A validation task definition names its witness in `options.witness_input_file`; other task
definitions found in a directory have no witness and are skipped (and counted).
"""
from __future__ import annotations

import csv
import glob
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Optional, TextIO

from instrument.errors import InputError

from .. import results
from instrument.task import load_task_definition

DEFAULT_TASK_TIMEOUT = 60.0
KILL_GRACE = 30.0           # beyond --timeout, before a task's process is killed
CONFIRMED, REJECTED, UNKNOWN, ERROR = "confirmed", "rejected", "unknown", "error"


@dataclass
class BatchTask:
    path: str
    expected: Optional[str]          # the expected validation verdict: "true" or "false"


@dataclass
class BatchResult:
    task: str
    expected: Optional[str]
    result: str                      # the result line's verdict, e.g. false(unreach-call)
    outcome: str                     # confirmed / rejected / unknown / error
    seconds: float
    invariants: dict = field(default_factory=dict)   # status -> count
    times: dict = field(default_factory=dict)        # parse / encode / solve / total

    @property
    def as_expected(self) -> Optional[bool]:
        if self.expected not in ("true", "false") or self.outcome in (UNKNOWN, ERROR):
            return None
        return (self.outcome == CONFIRMED) == (self.expected == "true")


def collect_tasks(target: str) -> tuple[list[BatchTask], list[str]]:
    """(validation tasks, skipped files with the reason) from a directory, a .set file (glob
    patterns relative to it, one per line) or a single task definition."""
    if os.path.isdir(target):
        paths = sorted(glob.glob(os.path.join(target, "**", "*.yml"), recursive=True))
    elif target.endswith(".set"):
        paths = _set_file_paths(target)
    elif os.path.isfile(target):
        paths = [target]
    else:
        raise InputError("no such directory, set file or task definition", target)
    tasks, skipped = [], []
    for path in paths:
        try:
            definition = load_task_definition(path)
        except InputError as e:
            skipped.append(f"{path}: {e}")
            continue
        if definition.witness is None:
            skipped.append(f"{path}: no witness_input_file (not a validation task)")
            continue
        tasks.append(BatchTask(path, definition.expected_verdict))
    return tasks, skipped


def _set_file_paths(set_file: str) -> list[str]:
    try:
        with open(set_file, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise InputError(f"cannot read set file: {e.strerror}", set_file) from None
    base = os.path.dirname(set_file)
    paths: list[str] = []
    for line in lines:
        pattern = line.split("#", 1)[0].strip()
        if pattern:
            paths += sorted(glob.glob(os.path.join(base, pattern), recursive=True))
    return list(dict.fromkeys(paths))


def run_task(task: BatchTask, timeout: float, extra_args: list[str]) -> BatchResult:
    """One task in its own process; the result line and the JSON report say how it went."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="validate-batch-") as directory:
        report_file = os.path.join(directory, "report.json")
        command = [sys.executable, "-m", "validator", task.path, "--timeout", f"{timeout:g}",
                   "--report-json", report_file, *extra_args]
        try:
            process = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.DEVNULL, text=True,
                                     timeout=timeout + KILL_GRACE)
            verdict = results.verdict_in(process.stdout.splitlines()) or results.error_result(
                f"no result line (exit code {process.returncode})")
        except subprocess.TimeoutExpired:
            verdict = results.error_result("killed: no answer in time")
        report = {}
        if os.path.exists(report_file):
            with open(report_file, encoding="utf-8") as f:
                report = json.load(f)
    seconds = time.perf_counter() - started
    counts: dict[str, int] = {}
    for invariant in report.get("invariants", []):
        counts[invariant["status"]] = counts.get(invariant["status"], 0) + 1
    return BatchResult(task.path, task.expected, verdict, _outcome(verdict), seconds, counts,
                       report.get("time", {}))


def _outcome(verdict: str) -> str:
    if verdict == results.RESULT_TRUE:
        return CONFIRMED
    if verdict.startswith("false"):
        return REJECTED
    if verdict == results.RESULT_UNKNOWN:
        return UNKNOWN
    return ERROR


class _Progress:
    """A one-line progress bar on a terminal; nothing when the output is not a terminal."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.enabled = stream.isatty()
        self.counts = {CONFIRMED: 0, REJECTED: 0, UNKNOWN: 0, ERROR: 0}
        self.done = 0
        self.lock = threading.Lock()

    def advance(self, result: BatchResult) -> None:
        with self.lock:
            self.done += 1
            self.counts[result.outcome] += 1
            if not self.enabled:
                return
            filled = self.WIDTH * self.done // max(1, self.total)
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            counts = "  ".join(f"{k} {v}" for k, v in self.counts.items())
            self.stream.write(f"\r[{bar}] {self.done}/{self.total}  {counts}")
            if self.done == self.total:
                self.stream.write("\n")
            self.stream.flush()


def run_batch(tasks: list[BatchTask], jobs: int, timeout: float, extra_args: list[str],
              progress_stream: TextIO = sys.stderr) -> list[BatchResult]:
    progress = _Progress(len(tasks), progress_stream)

    def one(task: BatchTask) -> BatchResult:
        result = run_task(task, timeout, extra_args)
        progress.advance(result)
        return result

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, tasks))


def summary_lines(batch: list[BatchResult], skipped: list[str], wall: float) -> list[str]:
    width = max([len(_short(r.task)) for r in batch] + [4])
    lines = [f"{'task':{width}}  {'expected':8}  {'result':22}  {'outcome':9}  {'time':>6}"]
    for r in batch:
        mark = {True: "", False: "   <-- contradicts the expected verdict", None: ""}[r.as_expected]
        lines.append(f"{_short(r.task):{width}}  {r.expected or '-':8}  {r.result[:22]:22}  "
                     f"{r.outcome:9}  {r.seconds:6.2f}{mark}")
    counts = {k: sum(1 for r in batch if r.outcome == k) for k in (CONFIRMED, REJECTED, UNKNOWN, ERROR)}
    agreeing = sum(1 for r in batch if r.as_expected)
    contradicting = sum(1 for r in batch if r.as_expected is False)
    cpu = sum(r.seconds for r in batch)
    lines.append("")
    lines.append(f"{len(batch)} tasks: " + ", ".join(f"{v} {k}" for k, v in counts.items())
                 + f"; {agreeing} as expected, {contradicting} contradicting the expected verdict")
    lines.append(f"time: {wall:.1f} s wall, {cpu:.1f} s summed over tasks")
    if skipped:
        lines.append(f"skipped {len(skipped)} files:")
        lines += [f"  {s}" for s in skipped]
    return lines


def _short(path: str) -> str:
    relative = os.path.relpath(path)
    return relative if not relative.startswith("..") else path


def write_results(batch: list[BatchResult], path: str) -> None:
    rows = [{**asdict(r), "as_expected": r.as_expected} for r in batch]
    with open(path, "w", encoding="utf-8", newline="") as f:
        if path.endswith(".json"):
            json.dump(rows, f, indent=2)
            f.write("\n")
            return
        writer = csv.writer(f)
        writer.writerow(["task", "expected", "result", "outcome", "as_expected", "seconds",
                         "invariants_confirmed", "invariants_rejected", "invariants_other",
                         "parse", "encode", "solve", "total"])
        for r in batch:
            other = sum(v for k, v in r.invariants.items() if k not in (CONFIRMED, REJECTED))
            writer.writerow([r.task, r.expected or "", r.result, r.outcome,
                             "" if r.as_expected is None else r.as_expected, f"{r.seconds:.3f}",
                             r.invariants.get(CONFIRMED, 0), r.invariants.get(REJECTED, 0), other,
                             *(r.times.get(k, "") for k in ("parse", "encode", "solve", "total"))])


def main(target: str, jobs: Optional[int], timeout: Optional[float], out: Optional[str],
         extra_args: list[str]) -> int:
    """The `--batch` command; returns the exit status."""
    tasks, skipped = collect_tasks(target)
    if not tasks:
        raise InputError("no validation task definitions found", target)
    started = time.perf_counter()
    batch = run_batch(tasks, jobs or os.cpu_count() or 1,
                      timeout if timeout is not None else DEFAULT_TASK_TIMEOUT, extra_args)
    for line in summary_lines(batch, skipped, time.perf_counter() - started):
        print(line)
    if out:
        write_results(batch, out)
        print(f"results written to {out}")
    return results.EXIT_VERDICT
