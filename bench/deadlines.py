"""How far past `--timeout` does a run end, and why (issue 21, item 1)?

    python bench/deadlines.py [--sizes 1000,5000,20000] [--timeouts 5,20,60] [--keep DIR]

The family: a straight-line program of N statements `a = a + 1;` followed by a loop, with a
true location invariant `a == k` before every statement and a loop invariant at the loop (a
format-2.0 witness of N + 1 invariants; N = 20,000 gives a witness of about 3.6 MB).  Every
run goes through the command line as a user runs it, with `--report-json`; the table gives
per N and timeout the wall time, the overrun past the timeout (negative: it ended before),
the verdict, the reason, and how many invariants the report lists with a status other than
`unknown`.  No assertions: a table (and the exit status 0).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROPERTY = ROOT.parent / "shared" / "corpus" / "sv-benchmarks" / "c" / "properties" / \
    "unreach-call.prp"
FILE_NAME = "deadlines.c"

HEADER = """extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "deadlines.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = 0;
  int i = 0;
  int n = __VERIFIER_nondet_int();
"""


def program(statements: int) -> tuple[str, int, int]:
    """The C text, the line of the first statement and the line of the loop."""
    first = HEADER.count("\n") + 1
    body = "".join("  a = a + 1;\n" for _ in range(statements))
    loop = "  while (i < n) {\n    i = i + 1;\n  }\n  if (a != %d) reach_error();\n" \
           "  return 0;\n}\n" % statements
    return HEADER + body + loop, first, first + statements


def witness(statements: int, first: int, loop: int) -> str:
    """A format-2.0 witness: `a == k` before statement k, and `a == N` at the loop."""
    def item(kind: str, line: int, value: str) -> str:
        return (f"    - invariant:\n        type: {kind}\n        location:\n"
                f"          file_name: {FILE_NAME}\n          line: {line}\n"
                f"          column: 3\n          function: main\n"
                f"        value: \"{value}\"\n        format: c_expression\n")
    items = [item("location_invariant", first + k, f"a == {k}") for k in range(statements)]
    items.append(item("loop_invariant", loop, f"a == {statements}"))
    return ("- entry_type: invariant_set\n  metadata:\n    format_version: \"2.0\"\n"
            "    uuid: 6f1b2e52-1f3e-4a0c-9d55-0d3a4b1c2d3e\n"
            "    creation_time: \"2026-11-27T00:00:00Z\"\n"
            "    producer:\n      name: bench/deadlines.py\n      version: \"1\"\n"
            "    task:\n      input_files:\n        - deadlines.c\n"
            "      input_file_hashes: {}\n      specification: \"G ! call(reach_error())\"\n"
            "      data_model: ILP32\n      language: C\n  content:\n" + "".join(items))


def run(directory: Path, timeout: float) -> dict:
    report = directory / f"report-{timeout:g}.json"
    report.unlink(missing_ok=True)
    command = [sys.executable, "-m", "validator", "--witness", str(directory / "witness.yml"),
               str(directory / FILE_NAME), "--spec", str(PROPERTY), "--timeout", f"{timeout:g}",
               "--report-json", str(report)]
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, env=environment)
    wall = time.monotonic() - started
    lines = done.stdout.strip().splitlines()
    row = {"wall": wall, "overrun": wall - timeout, "result": lines[-1] if lines else "-",
           "reason": "-", "decided": "-", "exit": done.returncode}
    if report.exists():
        data = json.loads(report.read_text())
        row["reason"] = data.get("reason") or "-"
        row["decided"] = sum(1 for i in data["invariants"] if i["status"] != "unknown")
    else:
        row["reason"] = "(no report)"
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,5000,20000")
    parser.add_argument("--timeouts", default="5,20,60")
    parser.add_argument("--keep", help="write the generated tasks here (else a temporary folder)")
    args = parser.parse_args()
    base = Path(args.keep or tempfile.mkdtemp(prefix="deadlines-"))
    print(f"{'N':>6} {'timeout':>7} {'wall':>7} {'overrun':>7} {'decided':>7}  result / reason")
    for size in (int(s) for s in args.sizes.split(",")):
        directory = base / f"n{size}"
        directory.mkdir(parents=True, exist_ok=True)
        text, first, loop = program(size)
        (directory / FILE_NAME).write_text(text)
        (directory / "witness.yml").write_text(witness(size, first, loop))
        for timeout in (float(t) for t in args.timeouts.split(",")):
            row = run(directory, timeout)
            result = row["result"].replace("Verification result: ", "")
            print(f"{size:>6} {timeout:>7g} {row['wall']:>7.2f} {row['overrun']:>+7.2f} "
                  f"{row['decided']:>7}  {result} / {row['reason']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
