"""The gcc driver of the adversarial tests' ground truth: `__gt_mark(what)` prints `MARK what`
(the programs' `/*MARK:what*/` comments become such calls), `__VERIFIER_nondet_int` reads the
comma-separated values of the environment variable GT_INPUTS (`MARK out-of-inputs` when they run
out), `__VERIFIER_assume` ends a run whose condition is false (`MARK assume-blocked`).  A
program that defines one of the two itself is built with -DGT_PROGRAM_NONDET or
-DGT_PROGRAM_ASSUME."""
from __future__ import annotations

import os
import re
import subprocess

DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
void __gt_mark(const char *what) { printf("MARK %s\n", what); fflush(stdout); }
#ifndef GT_PROGRAM_NONDET
int __VERIFIER_nondet_int(void) {
  static const char *rest;
  static int started;
  char *end;
  long value;
  if (!started) { rest = getenv("GT_INPUTS"); started = 1; }
  if (rest == NULL || *rest == '\0') { printf("MARK out-of-inputs\n"); fflush(stdout); _exit(3); }
  value = strtol(rest, &end, 10);
  rest = *end == ',' ? end + 1 : end;
  return (int)value;
}
#endif
#ifndef GT_PROGRAM_ASSUME
void __VERIFIER_assume(int cond) {
  if (!cond) { printf("MARK assume-blocked\n"); fflush(stdout); _exit(0); }
}
#endif
"""


def build(source: str, directory, flags: list, link: str = "",
          defines: tuple = ()) -> subprocess.CompletedProcess:
    """`directory/program`: the program (marks made calls) with the driver (and `link`), UBSan
    on, every report fatal."""
    program = directory / "program.c"
    program.write_text("void __gt_mark(const char *);\n" +
                       re.sub(r"/\*MARK:(\S+?)\*/", r'__gt_mark("\1");', source))
    driver = directory / "driver.c"
    driver.write_text(DRIVER + link + "\n")
    return subprocess.run(["gcc", *flags, "-std=gnu11", "-w", "-fsanitize=undefined",
                           "-fno-sanitize-recover=all", *defines, str(program), str(driver),
                           "-o", str(directory / "program")],
                          capture_output=True, text=True, timeout=120)


def marks(binary, values: list, timeout: float, cwd=None) -> list:
    """The marks of one run on `values` (in the directory `cwd`, if given: the programs that
    open files see what it holds): `ubsan` for a sanitizer report, `timeout` if it runs
    on; cut after the first mark of undefined behaviour (`ub...`), since what gcc does after
    it is no ground truth."""
    environment = dict(os.environ, GT_INPUTS=",".join(str(v) for v in values))
    try:
        run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=timeout,
                             env=environment, cwd=cwd)
        output, errors, timed_out = run.stdout, run.stderr, False
    except subprocess.TimeoutExpired as e:
        output = e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or ""
        errors, timed_out = "", True
    found = [line.split(" ", 1)[1] for line in output.splitlines() if line.startswith("MARK ")]
    if "runtime error" in errors:
        found.append("ubsan")
    if "AddressSanitizer" in errors:
        found.append("asan")          # only in builds with -fsanitize=address
    if timed_out:
        found.append("timeout")
    for position, mark in enumerate(found):
        if mark.startswith("ub"):
            return found[:position + 1]
    return found


def marks_of_runs(source: str, directory, model: str, inputs: list) -> list:
    """The marks of a `-O0` build for `model` (`-m32`, `-m64`) on each list of values."""
    built = build(source, directory, ["-O0", model])
    assert built.returncode == 0, built.stderr
    return [marks(directory / "program", values, timeout=1) for values in inputs]
