"""Corpus tasks whose expected verdict our semantics cannot give, each with the gcc execution
that shows why (issue 16: "a manifest label you believe is wrong is shown to be wrong by a
gcc execution, never silently counted").

DESIGN.md makes every reachable undefined behaviour, and every read of an indeterminate value
(the new bytes of a `malloc` block included), a target: reachable means `unknown`, never
`true`, and no refutation passes through it.  The tasks below reach their labelled verdict
only through such behaviour on every execution that matters:

  - verifythis/tree_del_iter (labelled false): `tree_inorder(t, x, n)` starts writing at
    x[n] of a `calloc(n, sizeof(int))` block, so every execution that reaches the first
    assertion has written past the block (AddressSanitizer: heap-buffer-overflow, WRITE in
    tree_inorder).  Upstream sv-benchmarks has the same text (commit 07f83f4).
  - loop-industry-pattern/ofuf_3 (labelled true): when `fopen` succeeds, `Id_MCDC_97` returns
    at its first call (the list `Id_MCDC_111` is never set), and `Id_MCDC_99` then compares
    bytes of `malloc(372)` that nothing wrote (line 404) and computes its result from them:
    the i386 build run with the block's bytes set to 0 and to 7 (a `--wrap=malloc` that fills
    it) ends with `Id_MCDC_114` 1 and 7 (valgrind's memcheck on the LP64 build: "Conditional
    jump or move depends on uninitialised value(s)" at line 404, created by the allocation
    at line 400).  The label holds for SV-COMP's older reading (indeterminate bytes as
    inputs), which is `--uninitialized nondet`, not our default.

`corpus_broad.py` lists these tasks apart and gives its percentages both with and without
them; `tests/test_disputed_labels.py` repeats each execution.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

CORPUS_C = Path(__file__).resolve().parents[2] / "shared" / "corpus-broad" / "sv-benchmarks" / "c"

# the nondet functions of one execution of tree_del_iter: a tree of one node (the first
# `__VERIFIER_nondet_bool()` makes a node, the next two leave its children empty)
TREE_INPUTS = """\
static int calls;
_Bool __VERIFIER_nondet_bool(void) { return calls++ != 0; }
int __VERIFIER_nondet_int(void) { return 5; }
"""

# ofuf_3 linked with `-Wl,--wrap=malloc`: every block filled with the byte FILL_BYTE, and the
# program's result (the global `Id_MCDC_114`) printed at exit
FILLED_MALLOC = """\
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void *__real_malloc(size_t);
void *__wrap_malloc(size_t size) {
  void *block = __real_malloc(size);
  if (block) memset(block, atoi(getenv("FILL_BYTE")), size);
  return block;
}
extern unsigned int Id_MCDC_114;
__attribute__((destructor)) static void result(void) { printf("Id_MCDC_114 = %u\\n", Id_MCDC_114); }
"""
FILL_BYTES = (0, 7)


@dataclass(frozen=True)
class DisputedLabel:
    task: str            # the task as corpus_broad names it: folder/stem
    expected: str        # the manifest's verdict
    why: str             # one line for the benchmark's table
    tool: str            # what shows it: "asan" (a sanitizer's report) or "fill" (two runs)


@dataclass(frozen=True)
class Evidence:
    shown: bool
    output: str


DISPUTED = (
    DisputedLabel("verifythis/tree_del_iter", "false",
                  "every run to the assertion writes past a calloc block (tree_inorder(t, x, n))",
                  "asan"),
    DisputedLabel("loop-industry-pattern/ofuf_3", "true",
                  "every run past fopen computes its result from never-written bytes of "
                  "malloc(372) (line 404)", "fill"),
)
DISPUTED_TASKS = {d.task: d for d in DISPUTED}


class EvidenceUnavailable(Exception):
    """A tool the evidence needs is missing (the message says how to install it)."""


def evidence(label: DisputedLabel) -> Evidence:
    """Build and run the task's program (i386, as the task's data model says) as `label.tool`
    needs: what it printed, and whether that shows what the label rests on."""
    source = CORPUS_C / (label.task + ".c")
    if shutil.which("gcc") is None:
        raise EvidenceUnavailable("gcc is needed (Debian packages gcc, gcc-multilib)")
    with tempfile.TemporaryDirectory(prefix="disputed-") as directory:
        work = Path(directory)
        binary = work / "program"
        if label.tool == "asan":
            inputs = work / "inputs.c"
            inputs.write_text(TREE_INPUTS)
            _gcc([str(source), str(inputs), "-fsanitize=address,undefined",
                  "-fno-sanitize-recover=all"], binary)
            run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120,
                                 cwd=work)
            report = run.stderr
            return Evidence("heap-buffer-overflow" in report and "WRITE" in report
                            and "tree_inorder" in report, report)
        wrapper = work / "fill.c"
        wrapper.write_text(FILLED_MALLOC)
        _gcc([str(source), str(wrapper), "-Wl,--wrap=malloc"], binary)
        (work / "in.eds").write_text("")        # what the program opens with `fopen`
        results = []
        for byte in FILL_BYTES:
            run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120,
                                 cwd=work, env=dict(os.environ, FILL_BYTE=str(byte)))
            results.append(f"bytes {byte}: {run.stdout.strip()} (exit {run.returncode})")
        outputs = {line.split(": ", 1)[1] for line in results}
        return Evidence(len(outputs) == len(FILL_BYTES), "\n".join(results))


def _gcc(arguments: list[str], binary: Path) -> None:
    build = subprocess.run(["gcc", "-m32", "-g", "-O0", "-w", *arguments, "-o", str(binary)],
                           capture_output=True, text=True, timeout=120)
    if build.returncode != 0:
        raise RuntimeError(f"gcc failed: {build.stderr[-2000:]}")


if __name__ == "__main__":
    for disputed in DISPUTED:
        found = evidence(disputed)
        print(f"{disputed.task} (labelled {disputed.expected}): {disputed.why}")
        print(f"  {'shown' if found.shown else 'NOT SHOWN'} ({disputed.tool}):")
        print("    " + "\n    ".join(found.output.strip().splitlines()[:4]))
