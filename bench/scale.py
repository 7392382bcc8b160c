"""How cost grows with the witness and the program (issue 21, item 2): a generated family.

    python bench/scale.py [--sizes 1000,5000,20000,100000] [--shapes straight,mixed]
                          [--wrong] [--timeout 900] [--keep DIR]

Each size N is a number of invariants; the program has a statement group for each, up to
50,000 groups, so the largest sizes put several invariants at one location.  Shapes:

- `straight`: groups `a = a + 1;`, then one loop (the family of `bench/deadlines.py`);
- `mixed`: groups that cycle through `a = a + 1;`, an `if`/`else` on an input whose branches
  both count `a`, and a bounded `for` loop before `a = a + 1;` (a loop invariant per loop).

Every invariant is true: `a == k` before group k (with `0 <= b <= m_k` in `mixed`, m_k the
number of groups before k that may increment b; and `a >= k` as well when N exceeds the
number of groups); `--wrong` makes the one in the middle `a == k + 1`, so the expected verdict
is `false(unreach-call)` instead of `true`.  Every run goes through the command line as a user
runs it; the table gives per shape and N the wall and CPU time and the peak memory (the
largest process; both from `wait4`'s resource usage), the stage times of the `Statistics:`
line (parse = loading, parsing and weaving; encode; solve), the verdict and the counts of
statuses.  `--report` also writes the JSON report and prints its size (each proof, with the
invariants it assumed, is listed once: a Houdini proof of all N is N numbers, not N * N as
when every invariant listed them).  No assertions.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROPERTY = ROOT / "sv-benchmarks-sample" / "properties" / "unreach-call.prp"
FILE_NAME = "scale.c"
MAX_GROUPS = 50_000

HEADER = """extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "scale.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = 0;
  int i = 0;
  int j = 0;
  int b = 0;
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
"""


def group_text(shape: str, k: int) -> list[str]:
    """The lines of statement group k (its first line is where `a == k` holds)."""
    kind = k % 3 if shape == "mixed" else 0
    if kind == 1:
        return ["  if (x > %d) { a = a + 1; } else { b = b + 1; a = a + 1; }" % (k % 100)]
    if kind == 2:
        return ["  for (j = 0; j < 2; j++) { b = b + j; }", "  a = a + 1;"]
    return ["  a = a + 1;"]


def program(shape: str, groups: int) -> tuple[str, list[int], list[int]]:
    """The C text, the line of each group and the lines of its `for` loops."""
    lines = HEADER.splitlines()
    starts, loops = [], []
    for k in range(groups):
        starts.append(len(lines) + 1)
        text = group_text(shape, k)
        if text[0].lstrip().startswith("for"):
            loops.append(len(lines) + 1)
        lines += text
    loop = len(lines) + 1
    lines += ["  while (i < n) {", "    i = i + 1;", "  }",
              "  if (a != %d) reach_error();" % groups, "  return 0;", "}"]
    starts.append(loop)
    return "\n".join(lines) + "\n", starts, loops


def witness(shape: str, size: int, wrong: bool) -> tuple[str, str]:
    """(program text, format-2.0 witness text) of `size` invariants."""
    # every group and every loop has an invariant: mixed programs have a loop in 3 groups
    groups = min(size - 1 if shape == "straight" else 3 * (size - 1) // 4, MAX_GROUPS)
    text, starts, loops = program(shape, groups)
    loop_group = {line: k for k, line in enumerate(starts[:-1])}

    def item(kind: str, line: int, value: str) -> str:
        return (f"    - invariant:\n        type: {kind}\n        location:\n"
                f"          file_name: {FILE_NAME}\n          line: {line}\n"
                f"          column: 3\n          function: main\n"
                f"        value: \"{value}\"\n        format: c_expression\n")
    # b grows by at most 1 in each `if` and each `for` group: without its bound in the
    # invariants, the overflow of `b + 1` is left open after every invariant is confirmed (the
    # mixed family measured the engines' search for it, not the witness: 362 s, unknown)
    most = [0]
    for k in range(groups):
        most.append(most[-1] + (1 if shape == "mixed" and k % 3 else 0))

    def state(k: int) -> str:
        return f"a == {k}" + (f" && 0 <= b && b <= {most[k]}" if shape == "mixed" else "")
    items = [item("location_invariant", starts[k], state(k)) for k in range(groups)]
    items.append(item("loop_invariant", starts[-1], f"a == {groups}"))
    for line in loops:
        g = loop_group[line]
        items.append(item("loop_invariant", line, f"a == {g} && 0 <= j && j <= 2 && "
                                                  f"0 <= b && b <= {most[g]} + j / 2"))
    k = 0
    while len(items) < size:
        items.append(item("location_invariant", starts[k % groups], f"a >= {k % groups}"))
        k += 1
    if wrong:
        middle = groups // 2
        items[middle] = item("location_invariant", starts[middle], f"a == {middle + 1}")
    header = ("- entry_type: invariant_set\n  metadata:\n    format_version: \"2.0\"\n"
              "    uuid: 6f1b2e52-1f3e-4a0c-9d55-0d3a4b1c2d3e\n"
              "    creation_time: \"2026-11-27T00:00:00Z\"\n"
              "    producer:\n      name: bench/scale.py\n      version: \"1\"\n"
              "    task:\n      input_files:\n        - scale.c\n"
              "      input_file_hashes: {}\n      specification: \"G ! call(reach_error())\"\n"
              "      data_model: ILP32\n      language: C\n  content:\n")
    return text, header + "".join(items)


def run(directory: Path, timeout: float, report: bool) -> dict:
    """One validation through the command line: wall, CPU, peak memory and its statistics."""
    command = [sys.executable, "-m", "validator", "--witness", str(directory / "witness.yml"),
               str(directory / FILE_NAME), "--spec", str(PROPERTY), "--timeout", f"{timeout:g}"]
    if report:
        command += ["--report-json", str(directory / "report.json")]
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    started = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env=environment, text=True)
    output = child.stdout.read()
    # wait4: this run's own usage (its largest process among those it waited for)
    _, _, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - started
    lines = output.strip().splitlines()
    statistics = dict(field.split("=", 1) for line in lines if line.startswith("Statistics:")
                      for field in line.split()[1:])
    return {"wall": wall, "peak_mib": usage.ru_maxrss / 1024,
            "cpu": usage.ru_utime + usage.ru_stime,
            "result": lines[-1].replace("Verification result: ", "") if lines else "-",
            "statistics": statistics}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000,20000,100000",
                        help="numbers of invariants, comma-separated")
    parser.add_argument("--shapes", default="straight,mixed")
    parser.add_argument("--wrong", action="store_true",
                        help="make the invariant in the middle wrong (expected: false)")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--report", action="store_true", help="write the JSON report too")
    parser.add_argument("--keep", help="write the generated tasks here (else a temporary folder)")
    args = parser.parse_args()
    base = Path(args.keep or tempfile.mkdtemp(prefix="scale-"))
    print(f"{'shape':>8} {'N':>6} {'wall':>7} {'cpu':>7} {'MiB':>6} {'parse':>6} {'encode':>6} "
          f"{'solve':>6}  result  invariants confirmed rejected unknown")
    for shape in args.shapes.split(","):
        for size in (int(s) for s in args.sizes.split(",")):
            directory = base / f"{shape}-{size}{'-wrong' if args.wrong else ''}"
            directory.mkdir(parents=True, exist_ok=True)
            text, witness_text = witness(shape, size, args.wrong)
            (directory / FILE_NAME).write_text(text)
            (directory / "witness.yml").write_text(witness_text)
            row = run(directory, args.timeout, args.report)
            stats = row["statistics"]
            counts = " ".join(stats.get(k, "-") for k in
                              ("invariants", "confirmed", "rejected", "unknown"))
            report = directory / "report.json"
            json_size = f"  report {report.stat().st_size / 1e6:.2f} MB" \
                if args.report and report.exists() else ""
            print(f"{shape:>8} {size:>6} {row['wall']:>7.2f} {row['cpu']:>7.2f} "
                  f"{row['peak_mib']:>6.0f} {float(stats.get('parse_time', 0)):>6.2f} "
                  f"{float(stats.get('encode_time', 0)):>6.2f} "
                  f"{float(stats.get('solve_time', 0)):>6.2f}  {row['result']}  {counts}"
                  f"{json_size}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
