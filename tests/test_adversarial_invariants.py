"""Issue 15, class 5: undefined behaviour inside an invariant makes it unconfirmable.

An invariant is evaluated with C semantics: its own short-circuit order, each subexpression in
its C type.  Where its evaluation has undefined behaviour on a reachable state (signed overflow,
division by zero, a shift out of range), the invariant is `unknown`, never `confirmed`, and the
witness cannot be `true` through it; where the undefined part is never evaluated (behind `&&`
or `||`), the invariant means what it says.

Ground truth: the program with the invariant compiled in as `if (!(inv)) reach_error();` at the
loop head, run with UBSan (every report fatal) on the inputs listed: whether some evaluation
has undefined behaviour, and whether the invariant ever fails.
"""
from __future__ import annotations

import json
import re
import subprocess

import pytest

from conftest import dedent, invariant_set, position

PROGRAM = dedent("""
    extern void abort(void);
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) { abort(); }
    int main(void) {
      int n = __VERIFIER_nondet_int();
      int d = __VERIFIER_nondet_int();
      if (n < 0 || n > 2147483646) return 0;
      if (d < 0 || d > 2) return 0;
      int i = 0;
      while (i < n) {
        i++;
      }
      if (i != n) reach_error();
      return 0;
    }
    """)

# invariant at the loop head -> (has undefined behaviour on a reachable state, always true)
CASES = {
    # n <= INT_MAX - 1 and i <= n: i + 1 never overflows; i * 2 does for i > INT_MAX / 2
    "i * 2 >= i": (True, True),
    "i + 1 > i": (False, True),
    "i <= n": (False, True),
    # division by d == 0 is evaluated: undefined
    "i / d >= 0 || 1": (True, True),
    # ... but not behind a short circuit that skips it
    "d == 0 || i / d >= 0": (False, True),
    "1 || i / d >= 0": (False, True),
    # a shift by n (up to INT_MAX - 1): undefined for n >= 32
    "(1 << n) != 0 || n >= 0": (True, True),
    # computed in long long: no overflow
    "(long long)i * 2 >= i": (False, True),
}
INPUTS = [(0, 0), (5, 0), (5, 1), (40, 2), (1073741825, 1)]


def _ground_truth(tmp_path, invariant: str) -> tuple[bool, bool]:
    """(some reachable evaluation has undefined behaviour, the invariant always holds)."""
    # the variables are read through volatile copies: GCC folds `i * 2 >= i` to `i >= 0` and
    # `x || 1` to 1 (it may: the undefined cases are its to choose), which would hide the
    # undefined evaluation that C's semantics has
    volatile = re.sub(r"\b([ind])\b", r"v\1", invariant)
    line = "while (i < n) {"
    assert line in PROGRAM
    checked = PROGRAM.replace(line, "while (({ volatile int vi = i, vn = n, vd = d; "
                                    f"({volatile}) ? 0 : (reach_error(), 0); }}), i < n) {{")
    source = tmp_path / "program.c"
    source.write_text(checked.replace("extern int __VERIFIER_nondet_int(void);",
                                      "extern int atoi(const char *); static char **args; "
                                      "static int next; int __VERIFIER_nondet_int(void) "
                                      "{ return atoi(args[++next]); }")
                      .replace("int main(void) {", "int main(int argc, char **argv) { args = argv;"))
    binary = tmp_path / "program"
    subprocess.run(["gcc", "-O0", "-w", "-std=gnu11", "-fsanitize=undefined",
                    "-fno-sanitize-recover=all", str(source), "-o", str(binary)], check=True)
    undefined, holds = False, True
    for n, d in INPUTS:
        run = subprocess.run([str(binary), str(n), str(d)], capture_output=True, text=True,
                             timeout=60)
        if "runtime error" in run.stderr:
            undefined = True
        elif run.returncode != 0:
            holds = False
    return undefined, holds


@pytest.mark.parametrize("invariant", sorted(CASES))
def test_ground_truth(tmp_path, invariant):
    assert _ground_truth(tmp_path, invariant) == CASES[invariant]


@pytest.mark.parametrize("invariant", sorted(CASES))
def test_undefined_behaviour_in_an_invariant_is_never_confirmed(cli, ws, prp, invariant):
    program = ws.write("prog.c", PROGRAM)
    line, column = position(PROGRAM, "while (i < n)")
    witness = ws.write("w.yml", invariant_set([("loop_invariant", line, column, invariant)]))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "20",
              "--report-json", report)
    undefined, holds = CASES[invariant]
    status = json.loads(report.read_text())["invariants"][0]["status"]
    if undefined:
        assert status == "unknown" and run.result == "unknown", (status, run.result)
    else:
        assert status != "rejected" and not run.result.startswith("false")


# ------------------------------------------------------------------ overflow in the program
SHIFT = dedent("""
    extern void abort(void);
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) { abort(); }
    int main(void) {
      int a = __VERIFIER_nondet_int();
      int b = __VERIFIER_nondet_int();
      int y = __VERIFIER_nondet_int();
      if (a < 0 || a > 100 || b < 0 || b > 100) return 0;
      int p = a * b;
      int z = y << 1;
      if (p > 10000) reach_error();
      return 0;
    }
    """)
EMPTY = invariant_set([])


@pytest.mark.parametrize("shift, verdict", [("y << 1", "unknown"), ("y + 0", "true")])
def test_a_proof_without_overflow_covers_every_signed_overflow(cli, ws, prp, shift, verdict):
    """`y << 1` with y < 0 is undefined (C11 6.5.7p4; UBSan: left shift of negative value).
    The product of two variables sends the program to the checked-integer cut-point check,
    whose proof that no obligation overflows also settles the program's signed-overflow
    targets: that is sound only if every such overflow, `<<` included, is an obligation
    there.  (With `y + 0` nothing overflows and the same check proves the program.)"""
    program = ws.write("prog.c", SHIFT.replace("y << 1", shift))
    witness = ws.write("w.yml", EMPTY)
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "20",
              "--engines", "houdini")
    assert run.result == verdict
