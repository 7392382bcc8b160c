"""Issue 20: reading an uninitialised local is undefined behaviour, not an input.

C11 6.3.2.1p2 and DESIGN.md ("Indeterminate values"): a read of a local before any write is a
UB target like division by zero: reachable => `unknown` naming the variable and the line, never
`true` through it, and never `false` through an execution that performs it (the compiled
program reads whatever the stack holds).  An invariant whose evaluation reads one is not
confirmable.  `--uninitialized nondet` reads a fresh nondet value instead, and says so.

Ground truth from gcc: valgrind's memcheck on the LP64 build ("Conditional jump or move depends
on uninitialised value(s)": the outcome depends on the read), and for the stale-stack case the
plain build against `-ftrivial-auto-var-init=zero` (the outcomes differ: the value read is the
stack's, not any input's).  The invariants are compiled in as `if (!(inv)) reach_error();`.
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from conftest import dedent, invariant_set, position, validate_with_report as _validate

HEAD = dedent("""
    extern void abort(void);
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) { abort(); }
    """)

# an invariant that mentions a local before its first assignment ("x ^ x" is 0 for every
# fixed value, which is what the older model took an uninitialised local to be)
BEFORE_FIRST_WRITE = HEAD + dedent("""
    int main(void) {
      int x;
      int y = __VERIFIER_nondet_int();
      x = y;
      if (x != y) reach_error();
      return 0;
    }
    """)

# a loop invariant that reads `last` at the first visit of the loop head, before it is set
LOOP = HEAD + dedent("""
    int main(void) {
      int i = 0, last;
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 100) return 0;
      while (i < n) {
        last = i;
        i++;
      }
      if (i != n) reach_error();
      return 0;
    }
    """)

# a value copied from a never-written local, XOR-ed with itself
XOR = HEAD + dedent("""
    int main(void) {
      int a, b;
      b = a;
      int z = b ^ b;
      if (z != 0) reach_error();
      return 0;
    }
    """)

# the function returns its unwritten local, which under gcc -O0 (LP64) holds the value an
# earlier call left on the stack: the compiled run reaches the error for y <= 5
STALE_STACK = HEAD + dedent("""
    int g(void) { int big = 12345; return big; }
    int f(int a) { int r; if (a > 5) r = 1; return r; }
    int main(void) {
      int y = __VERIFIER_nondet_int();
      g();
      int v = f(y);
      if (v == 12345) reach_error();
      return 0;
    }
    """)

# written on one branch only, read after the join
ONE_BRANCH = HEAD + dedent("""
    int main(void) {
      int x;
      int y = __VERIFIER_nondet_int();
      if (y > 0) x = 1;
      if (x != 1 && y > 0) reach_error();
      return 0;
    }
    """)
BOTH_BRANCHES = ONE_BRANCH.replace("if (y > 0) x = 1;", "if (y > 0) x = 1; else x = 2;")

# elements a[0..n-1] written, a[n] read
ARRAY_PAST_WRITES = HEAD + dedent("""
    int main(void) {
      int a[5];
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 4) return 0;
      for (int i = 0; i < n; i++) a[i] = i;
      if (a[n] == 7) reach_error();
      return 0;
    }
    """)
ARRAY_ALL_WRITTEN = ARRAY_PAST_WRITES.replace("i < n; i++", "i < 5; i++")

# statics and globals start zeroed: no indeterminate value anywhere
ZEROED = HEAD + dedent("""
    int g;
    int main(void) {
      static int s;
      int a[3] = {1};
      if (s + g + a[2] != 0) reach_error();
      return 0;
    }
    """)

EMPTY = invariant_set([])


def _valgrind_reports_uninitialised(tmp_path, source: str, inputs: list[int]) -> bool:
    """Whether memcheck reports a decision on an uninitialised value on some input (LP64)."""
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is needed for this ground truth (Debian package valgrind)")
    binary = _build(tmp_path, source, [])
    for value in inputs:
        run = subprocess.run(["valgrind", "-q", "--error-exitcode=99", str(binary), str(value)],
                             capture_output=True, text=True, timeout=120)
        if run.returncode == 99 and "uninitialised value" in run.stderr:
            return True
    return False


def _build(tmp_path, source: str, flags: list[str]):
    program = tmp_path / "gt.c"
    program.write_text(source.replace(
        "extern int __VERIFIER_nondet_int(void);",
        "extern int atoi(const char *); static char **gt_args; "
        "int __VERIFIER_nondet_int(void) { return atoi(gt_args[1]); }")
        .replace("void reach_error(void) { abort(); }",
                 "extern int puts(const char *); extern void exit(int);\n"
                 "void reach_error(void) { puts(\"ERROR\"); exit(0); }")
        .replace("int main(void) {", "int main(int argc, char **argv) { gt_args = argv;"))
    binary = tmp_path / ("gt" + "".join(f.replace("=", "_") for f in flags))
    subprocess.run(["gcc", "-O0", "-g", "-w", *flags, str(program), "-o", str(binary)],
                   check=True)
    return binary


def _with_check(source: str, anchor: str, invariant: str, variables: tuple[str, ...]) -> str:
    """The program with the invariant checked just before the statement `anchor`.  The
    variables are read through volatile copies: gcc folds `x ^ x` to 0 even at -O0, which
    would hide the read that C's semantics has."""
    assert anchor in source
    copies = " ".join(f"volatile int v_{v} = {v};" for v in variables)
    checked = re.sub(r"\b(" + "|".join(variables) + r")\b", r"v_\1", invariant)
    return source.replace(anchor, f"{{ {copies} if (!({checked})) reach_error(); }} {anchor}", 1)




# ------------------------------------------------------------------ confirmations
def test_invariant_before_the_first_write_is_not_confirmed(cli, ws, prp, tmp_path):
    assert _valgrind_reports_uninitialised(
        tmp_path, _with_check(BEFORE_FIRST_WRITE, "x = y;", "(x ^ x) == 0", ("x",)), [0, 5])
    line, column = position(BEFORE_FIRST_WRITE, "x = y;")
    run, report = _validate(cli, ws, prp, BEFORE_FIRST_WRITE,
                            [("location_invariant", line, column, "(x ^ x) == 0")])
    assert run.result == "unknown"
    assert report["invariants"][0]["status"] == "unknown"
    # the same place, an invariant over a written variable: confirmed
    run, report = _validate(cli, ws, prp, BEFORE_FIRST_WRITE,
                            [("location_invariant", line, column, "(y ^ y) == 0")])
    assert run.result == "true" and report["invariants"][0]["status"] == "confirmed"


def test_loop_invariant_reading_a_variable_before_it_is_set(cli, ws, prp, tmp_path):
    anchor = "while (i < n) {"
    assert _valgrind_reports_uninitialised(
        tmp_path, _with_check(LOOP, anchor, "(last ^ last) == 0", ("last",)), [3])
    line, column = position(LOOP, anchor)
    run, report = _validate(cli, ws, prp, LOOP,
                            [("loop_invariant", line, column, "(last ^ last) == 0")])
    assert run.result == "unknown" and report["invariants"][0]["status"] == "unknown"
    # read only where it was written (C's short circuit): a valid invariant, never rejected
    assert not _valgrind_reports_uninitialised(
        tmp_path, _with_check(LOOP, anchor, "i == 0 || last == i - 1", ("i", "last")), [0, 1, 3])
    run, report = _validate(cli, ws, prp, LOOP,
                            [("loop_invariant", line, column, "i == 0 || last == i - 1")])
    assert report["invariants"][0]["status"] != "rejected"
    assert not run.result.startswith("false")


def test_xor_of_a_copied_uninitialised_value_is_undefined(cli, ws, prp, tmp_path):
    # (volatile: gcc folds b ^ b to 0 even at -O0)
    assert _valgrind_reports_uninitialised(
        tmp_path, XOR.replace("int z = b ^ b;", "volatile int v = b; int z = v ^ v;"), [0])
    run, report = _validate(cli, ws, prp, XOR)
    assert run.result == "unknown"
    assert "read of uninitialised 'a' at line 6" in report["reason"]


# ------------------------------------------------------------------ refutations
def test_stale_stack_value_refutes_nothing(cli, ws, prp, tmp_path):
    """The compiled LP64 program reaches the error (r holds g's 12345); with zeroed locals it
    does not: the error is reached only through the indeterminate value."""
    plain = subprocess.run([str(_build(tmp_path, STALE_STACK, ["-m64"])), "0"],
                           capture_output=True, text=True).stdout
    zeroed = subprocess.run([str(_build(tmp_path, STALE_STACK,
                                        ["-m64", "-ftrivial-auto-var-init=zero"])), "0"],
                            capture_output=True, text=True).stdout
    assert "ERROR" in plain and "ERROR" not in zeroed
    for model in ("LP64", "ILP32"):
        run, report = _validate(cli, ws, prp, STALE_STACK, (), "--data-model", model)
        assert run.result == "unknown", (model, run.result)
        assert "read of uninitialised 'r' at line 5" in report["reason"]


# ------------------------------------------------------------------ flow and arrays
@pytest.mark.parametrize("source, verdict, reason", [
    (ONE_BRANCH, "unknown", "read of uninitialised 'x' at line 8"),
    (BOTH_BRANCHES, "true", None),
    (ARRAY_PAST_WRITES, "unknown", "read of uninitialised 'a' at line 9"),
    (ARRAY_ALL_WRITTEN, "true", None),
    (ZEROED, "true", None),
])
def test_reads_after_writes_on_some_paths(cli, ws, prp, tmp_path, source, verdict, reason):
    if reason is not None:
        assert _valgrind_reports_uninitialised(tmp_path, source, [0, 1, 3, 4])
    run, report = _validate(cli, ws, prp, source)
    assert run.result == verdict, report["reason"]
    if reason is not None:
        assert reason in report["reason"]


def test_jump_into_a_block_restarts_the_lifetime_of_its_variables(cli, ws, prp):
    """C11 6.2.4p6: the goto enters x's block past its declaration; x is indeterminate."""
    source = HEAD + dedent("""
        int main(void) {
          int y = __VERIFIER_nondet_int();
          if (y > 0) goto inside;
          {
            int x;
            x = 1;
          inside:
            if (x == 2) reach_error();
          }
          return 0;
        }
        """)
    run, report = _validate(cli, ws, prp, source)
    assert run.result == "unknown"
    assert "read of uninitialised 'x' at line 11" in report["reason"]
    # written after the label on every path: nothing indeterminate is read
    run, report = _validate(cli, ws, prp, source.replace("inside:\n", "inside:\n    x = 1;\n"))
    assert run.result == "true", report["reason"]
    # a jump within the block past the declaration, then a read: not modelled
    within = source.replace("if (y > 0) goto inside;\n  {", "{\n    if (y > 0) goto inside;")
    assert within != source
    run, report = _validate(cli, ws, prp, within)
    assert run.result == "unknown" and "past its declaration" in report["reason"]


# ------------------------------------------------------------------ the option
def test_uninitialized_nondet_reads_a_fresh_value_and_says_so(cli, ws, prp):
    run, report = _validate(cli, ws, prp, ONE_BRANCH, (), "--uninitialized", "nondet")
    # x != 1 is read only when y > 0, where x was written: no error whatever x holds
    assert run.result == "true"
    assert report["semantics"] == {"uninitialized": "nondet"}
    assert "--uninitialized nondet" in run.err and "--uninitialized nondet" in run.out
    # each read a fresh value: b ^ b with b copied from a is still b ^ b of one value, 0,
    # but a ^ a reads a twice and may differ
    run, _ = _validate(cli, ws, prp, XOR, (), "--uninitialized", "nondet")
    assert run.result == "true"
    twice = XOR.replace("b = a;\n  int z = b ^ b;", "int z = a ^ a;")
    assert twice != XOR
    run, _ = _validate(cli, ws, prp, twice, (), "--uninitialized", "nondet")
    assert run.result != "true"
    run, report = _validate(cli, ws, prp, ONE_BRANCH)
    assert report["semantics"] == {"uninitialized": "undefined"}


@pytest.mark.parametrize("statement, verdict", [
    ("(void)x;", "unknown"), ("x;", "unknown"), ("a[1];", "unknown"), ("(void)a[0];", "unknown"),
    ("x = 1; (void)x; x;", "true"), ("a[1] = 2; a[1]; (void)a[1];", "true")])
def test_a_discarded_value_is_still_read(cli, ws, prp, statement, verdict):
    """An expression statement or a cast to void that names an object converts it to its
    value (C11 6.3.2.1p2: only sizeof, &, ++, -- and the left of = or . do not): a read."""
    source = HEAD + "int main(void) {\n  int x;\n  int a[2];\n  " + statement + "\n  return 0;\n}\n"
    run, report = _validate(cli, ws, prp, source)
    assert run.result == verdict, report["reason"]
