"""Batch mode: validate many validation task definitions in parallel processes.

    validate-correctness --batch DIR_OR_SET_FILE [--jobs N] [--batch-out FILE.csv|FILE.json]

For a user without BenchExec: each task runs in a process of its own, forked from this one
after the validator's imports (`task_process.py`: a crash or a runaway solver stays inside it,
with a task's CPU time and peak memory measured), a progress bar shows on a terminal, a summary
table follows, and the results go to a CSV or JSON file.  Measured runs belong in BenchExec.

A validation task definition names its witness in `options.witness_input_file`; other task
definitions found in a directory have no witness and are skipped (and counted).
"""
from __future__ import annotations

import csv
import glob
import json
import os
import select
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from typing import Optional, TextIO

from instrument.errors import InputError, read_text

from instrument.task import load_task_definition

from .. import results
from .task_process import Finished, TaskProcess, warm_up

DEFAULT_TASK_TIMEOUT = 60.0
KILL_GRACE = 30.0           # beyond --timeout, before a task's process is killed
POLL_SECONDS = 0.02         # how often the processes are polled without pidfd support
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
    reason: str = ""                 # the report's reason for the verdict
    cpu_seconds: float = 0.0         # the task's processes, from wait4
    peak_memory: int = 0             # bytes: the largest resident set among them

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
    lines = read_text(set_file, "set file").splitlines()
    base = os.path.dirname(set_file)
    paths: list[str] = []
    for line in lines:
        pattern = line.split("#", 1)[0].strip()
        if pattern:
            paths += sorted(glob.glob(os.path.join(base, pattern), recursive=True))
    return list(dict.fromkeys(paths))


def _task_argv(task: BatchTask, timeout: float, report_file: str,
               extra_args: list[str]) -> list[str]:
    """The command line of one task, as a user would type it after `validate-correctness`."""
    return [task.path, "--timeout", f"{timeout:g}", "--report-json", report_file, *extra_args]


def _result(task: BatchTask, finished: Finished, report_file: str) -> BatchResult:
    """The result line and the JSON report say how the task went; the process's end says
    why there is no result line."""
    verdict = results.verdict_in(finished.stdout.splitlines())
    if verdict is None:
        if finished.killed:
            verdict = results.error_result("killed: no answer in time")
        elif finished.signal is not None:
            verdict = results.error_result(f"no result line (killed by signal {finished.signal})")
        else:
            verdict = results.error_result(f"no result line (exit code {finished.exit_code})")
    report = {}
    try:
        with open(report_file, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError):
        pass
    counts: dict[str, int] = {}
    for invariant in report.get("invariants", []):
        counts[invariant["status"]] = counts.get(invariant["status"], 0) + 1
    return BatchResult(task.path, task.expected, verdict, _outcome(verdict),
                       finished.wall_seconds, counts, report.get("time", {}),
                       report.get("reason") or "", finished.cpu_seconds, finished.peak_memory)


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

    def advance(self, result: BatchResult) -> None:
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
              progress_stream: TextIO = sys.stderr,
              kill_grace: float = KILL_GRACE) -> list[BatchResult]:
    """Every task in a child forked from this process (see task_process.py), `jobs` at a
    time; results in the order of `tasks`.  A task still running `kill_grace` seconds past
    its timeout is killed.  This process must not run threads of its own (it forks)."""
    warm_up()
    progress = _Progress(len(tasks), progress_stream)
    batch: list[Optional[BatchResult]] = [None] * len(tasks)
    pending = list(reversed(range(len(tasks))))
    running: dict[int, tuple[TaskProcess, str]] = {}      # task index -> process, report file
    with tempfile.TemporaryDirectory(prefix="validate-batch-") as work:
        try:
            while pending or running:
                while pending and len(running) < max(1, jobs):
                    index = pending.pop()
                    directory = os.path.join(work, str(index))
                    os.mkdir(directory)
                    report_file = os.path.join(directory, "report.json")
                    argv = _task_argv(tasks[index], timeout, report_file, extra_args)
                    running[index] = (TaskProcess(argv, directory, timeout + kill_grace),
                                      report_file)
                _wait_for_one([process for process, _ in running.values()])
                for index, (process, report_file) in list(running.items()):
                    finished = process.finished()
                    if finished is not None:
                        del running[index]
                        batch[index] = _result(tasks[index], finished, report_file)
                        progress.advance(batch[index])
        finally:
            for process, _ in running.values():      # interrupted: leave nothing behind
                process.stop()
    return [result for result in batch if result is not None]


def _wait_for_one(processes: list[TaskProcess]) -> None:
    """Until one of `processes` has ended or one's kill time has come (polled without pidfd
    support)."""
    timeout = max(0.0, min(p.kill_at for p in processes) - time.monotonic())
    readable = [p for p in processes if p.fileno() >= 0]
    if len(readable) < len(processes):
        time.sleep(min(timeout, POLL_SECONDS))
        return
    try:
        select.select(readable, [], [], timeout)
    except InterruptedError:
        pass


def summary_lines(batch: list[BatchResult], skipped: list[str], wall: float) -> list[str]:
    width = max([len(_short(r.task)) for r in batch] + [4])
    lines = [f"{'task':{width}}  {'expected':8}  {'result':22}  {'outcome':9}  {'time':>6}  "
             f"{'cpu':>6}  {'MB':>5}"]
    for r in batch:
        mark = {True: "", False: "   <-- contradicts the expected verdict", None: ""}[r.as_expected]
        lines.append(f"{_short(r.task):{width}}  {r.expected or '-':8}  {r.result[:22]:22}  "
                     f"{r.outcome:9}  {r.seconds:6.2f}  {r.cpu_seconds:6.2f}  "
                     f"{r.peak_memory / 2**20:5.0f}{mark}")
    counts = {k: sum(1 for r in batch if r.outcome == k) for k in (CONFIRMED, REJECTED, UNKNOWN, ERROR)}
    agreeing = sum(1 for r in batch if r.as_expected)
    contradicting = sum(1 for r in batch if r.as_expected is False)
    summed = sum(r.seconds for r in batch)
    cpu = sum(r.cpu_seconds for r in batch)
    largest = max(batch, key=lambda r: r.peak_memory)
    lines.append("")
    lines.append(f"{len(batch)} tasks: " + ", ".join(f"{v} {k}" for k, v in counts.items())
                 + f"; {agreeing} as expected, {contradicting} contradicting the expected verdict")
    lines.append(f"time: {wall:.1f} s wall, {summed:.1f} s summed over tasks, {cpu:.1f} s CPU; "
                 f"peak memory at most {largest.peak_memory / 2**20:.0f} MB "
                 f"({_short(largest.task)})")
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
                         "parse", "encode", "solve", "total", "cpu_seconds", "peak_memory"])
        for r in batch:
            other = sum(v for k, v in r.invariants.items() if k not in (CONFIRMED, REJECTED))
            writer.writerow([r.task, r.expected or "", r.result, r.outcome,
                             "" if r.as_expected is None else r.as_expected, f"{r.seconds:.3f}",
                             r.invariants.get(CONFIRMED, 0), r.invariants.get(REJECTED, 0), other,
                             *(r.times.get(k, "") for k in ("parse", "encode", "solve", "total")),
                             f"{r.cpu_seconds:.3f}", r.peak_memory])


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
