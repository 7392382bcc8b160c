"""Batch throughput: 1,000 validation runs from the corpora through `--batch`, and a sample of
them run singly to check that the batch gives the same verdicts (issue 21, items 5 and 6).

    python bench/batch.py [--size 1000] [--seed 2026] [--timeout 5] [--jobs 2] [--sample 60]
                          [--limit N] [--directory DIR] [--no-runexec]

1. Builds the set (`batch_set.py`: real witnesses, empty witnesses, mutants of real witnesses;
   seeded) as validation task definitions in DIR (default: a new temporary directory).
2. Runs `python -m validator --batch DIR --jobs J --timeout T --batch-out DIR/results.json`,
   measured as a whole by BenchExec's RunExecutor where it works here, else by wait4
   (`measure.py`): wall, CPU time of all its processes, peak memory.  The load average before
   and after is printed with it: other work on the machine slows the batch down.
3. Prints per kind of run the verdicts, the tasks with the most CPU time and memory (every
   task's figures, from the batch's wait4, go to DIR/per-task.tsv), and the maxima.
4. Runs `--sample` runs of the set (seeded) singly, `python -m validator TASK.yml --timeout T`,
   measured the same way, `--single-jobs` at a time (default 1: BenchExec measures one run at
   a time here, see measure.py; more are measured with wait4), and lists every verdict that differs from the
   batch's, marked `timing` when either run stopped at its timeout (a `timeout while ...`
   reason, or a wall time within 20 % of T): such a verdict depends on the machine's load.
   Any other difference is a bug.
5. Lists processes of the batch or of the single runs still alive at the end (there should be
   none).

`--limit N` runs only the first N runs of the set (to try the script).  No assertions.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import batch_set                                  # bench/batch_set.py
from measure import Meter, Measured, megabytes   # bench/measure.py

ROOT = Path(__file__).resolve().parents[1]
NEAR_LIMIT = 0.8            # a run that took this share of its timeout may have been cut short


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--single-jobs", type=int, default=1,
                        help="single runs at a time (1: measured by BenchExec, see measure.py)")
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--directory")
    parser.add_argument("--no-runexec", action="store_true")
    args = parser.parse_args()
    directory = args.directory or tempfile.mkdtemp(prefix="batch-set-")
    runs = batch_set.build(directory, args.size, args.seed)
    if args.limit is not None:
        runs = runs[:args.limit]
    kinds = {kind: sum(1 for r in runs if r.kind == kind) for kind in
             (batch_set.WITNESS, batch_set.EMPTY, batch_set.MUTANT)}
    print(f"set: {len(runs)} runs in {directory} (seed {args.seed}): "
          + ", ".join(f"{count} {kind}" for kind, count in kinds.items()))
    target = os.path.join(directory, "batch.set")
    Path(target).write_text("".join(f"{r.name}.yml\n" for r in runs))
    meter = Meter(prefer_runexec=not args.no_runexec)
    single_meter = Meter(prefer_runexec=not args.no_runexec, jobs=args.single_jobs)
    out = os.path.join(directory, "results.json")
    command = [sys.executable, "-m", "validator", "--batch", target, "--jobs", str(args.jobs),
               "--timeout", f"{args.timeout:g}", "--batch-out", out]
    load_before = os.getloadavg()
    whole = meter.run(command, timeout=24 * 3600, cwd=str(ROOT))
    load_after = os.getloadavg()
    print(f"batch: {whole.wall:.1f} s wall, {whole.cpu:.1f} s CPU, peak memory "
          f"{megabytes(whole.peak_memory):.0f} MB (all tasks together, measured by "
          f"{whole.method}); exit code {whole.exit_code}; --jobs {args.jobs}, "
          f"--timeout {args.timeout:g} per task")
    print(f"load average (1, 5, 15 min) before {_load(load_before)}, after {_load(load_after)}, "
          f"on {os.cpu_count()} cores")
    if not os.path.exists(out):
        print(whole.output[-3000:], whole.errors[-3000:])
        return 1
    results = {Path(r["task"]).stem: r for r in json.load(open(out))}
    _print_batch(runs, results, directory)
    sample = sorted(random.Random(args.seed + 1).sample(range(len(runs)),
                                                        min(args.sample, len(runs))))
    _compare_singly([runs[i] for i in sample], results, directory, args, single_meter)
    _print_leftovers(directory)
    return 0


def _load(values: tuple[float, float, float]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


def _print_batch(runs: list, results: dict, directory: str) -> None:
    rows = [(run, results[run.name]) for run in runs if run.name in results]
    missing = [run.name for run in runs if run.name not in results]
    with open(os.path.join(directory, "per-task.tsv"), "w") as f:
        f.write("task\tkind\texpected\tresult\twall\tcpu\tpeak_mb\treason\n")
        for run, r in rows:
            f.write(f"{run.name}\t{run.kind}\t{run.expected or ''}\t{r['result']}\t"
                    f"{r['seconds']:.2f}\t{r['cpu_seconds']:.2f}\t"
                    f"{megabytes(r['peak_memory']):.0f}\t{r.get('reason', '')}\n")
    print(f"\nper task (wall, CPU, peak memory, reason): {directory}/per-task.tsv")
    print(f"\n{'kind':8} {'runs':>5} {'confirmed':>9} {'rejected':>8} {'unknown':>7} "
          f"{'error':>5} {'wrong':>5} {'median cpu':>10} {'cpu':>7}")
    for kind in (batch_set.WITNESS, batch_set.EMPTY, batch_set.MUTANT):
        mine = [(run, r) for run, r in rows if run.kind == kind]
        if not mine:
            continue
        counts = {o: sum(1 for _, r in mine if r["outcome"] == o)
                  for o in ("confirmed", "rejected", "unknown", "error")}
        wrong = sum(1 for _, r in mine if r["as_expected"] is False)
        cpus = sorted(r["cpu_seconds"] for _, r in mine)
        print(f"{kind:8} {len(mine):5} {counts['confirmed']:9} {counts['rejected']:8} "
              f"{counts['unknown']:7} {counts['error']:5} {wrong:5} "
              f"{cpus[len(cpus) // 2]:10.2f} {sum(cpus):7.1f}")
    for run, r in rows:
        if r["as_expected"] is False:
            print(f"  contradicts the expected verdict {run.expected}: {run.name}: {r['result']}")
    for label, key in (("CPU time", "cpu_seconds"), ("peak memory", "peak_memory")):
        top = sorted(rows, key=lambda row: -row[1][key])[:5]
        print(f"\nmost {label}:")
        for run, r in top:
            print(f"  {run.name[:70]:70} {r['cpu_seconds']:6.2f} s  "
                  f"{megabytes(r['peak_memory']):5.0f} MB  {r['result'][:20]}")
    largest = max((r["peak_memory"] for _, r in rows), default=0)
    print(f"max peak memory of a task: {megabytes(largest):.0f} MB "
          f"({'within' if largest <= 2**30 else 'OVER'} 1 GB); "
          f"max CPU time of a task: {max((r['cpu_seconds'] for _, r in rows), default=0):.2f} s")
    if missing:
        print(f"MISSING from the batch results: {len(missing)} runs, e.g. {missing[:3]}")


def _compare_singly(sample: list, results: dict, directory: str, args, meter: Meter) -> None:
    """Run `sample` singly and list the verdicts that differ from the batch's."""
    def single(run) -> tuple[Measured, str]:
        report = os.path.join(directory, run.name + ".single.json")
        command = [sys.executable, "-m", "validator", os.path.join(directory, run.name + ".yml"),
                   "--timeout", f"{args.timeout:g}", "--report-json", report]
        measured = meter.run(command, timeout=args.timeout, cwd=str(ROOT))
        try:
            reason = json.load(open(report)).get("reason") or ""
        except (OSError, ValueError):
            reason = ""
        return measured, reason

    with ThreadPoolExecutor(max_workers=args.single_jobs) as pool:
        singles = list(pool.map(single, sample))
    print(f"\nsingle runs of {len(sample)} sampled runs (seed {args.seed + 1}), measured by "
          f"{meter.method}:")
    print(f"  {'task':60} {'batch':20} {'single':20} {'wall':>5} {'cpu':>5} {'MB':>4}")
    differ = []
    for run, (measured, reason) in zip(sample, singles):
        verdict = _verdict(measured.output)
        batch = results.get(run.name, {})
        same = verdict == batch.get("result")
        print(f"  {run.name[:60]:60} {batch.get('result', '-')[:20]:20} {verdict[:20]:20} "
              f"{measured.wall:5.1f} {measured.cpu:5.1f} {megabytes(measured.peak_memory):4.0f}"
              f"{'' if same else '  <-- differs'}")
        if not same:
            differ.append((run, batch, verdict, reason, measured))
    print(f"agreement: {len(sample) - len(differ)} of {len(sample)} runs give the same verdict "
          "singly and in the batch")
    for run, batch, verdict, reason, measured in differ:
        timing = any(t.startswith("timeout") for t in (reason, batch.get("reason", ""))) or \
            max(measured.wall, batch.get("seconds", 0)) >= NEAR_LIMIT * args.timeout
        print(f"  {'timing' if timing else 'UNEXPLAINED'}: {run.name}\n"
              f"    batch  {batch.get('result')} in {batch.get('seconds', 0):.1f} s "
              f"({batch.get('cpu_seconds', 0):.1f} s CPU): {batch.get('reason', '')[:150]}\n"
              f"    single {verdict} in {measured.wall:.1f} s ({measured.cpu:.1f} s CPU): "
              f"{reason[:150]}")


def _verdict(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("Verification result: ")]
    return lines[-1].split(": ", 1)[1] if lines else "(no result line)"


def _print_leftovers(directory: str) -> None:
    """Processes whose command line names the set's directory: every task process (forked
    ones keep the batch's command line) and every single run would; not this process and the
    shells that started it."""
    ancestors, pid = set(), os.getpid()
    while pid > 1:
        ancestors.add(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    left = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) not in ancestors:
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if directory.encode() in f.read():
                        left.append(int(name))
            except OSError:
                continue
    print(f"\nprocesses left behind: {len(left)}{' ' + str(left) if left else ''}")


if __name__ == "__main__":
    sys.exit(main())
