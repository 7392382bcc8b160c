"""Shadow flags in the gcc build (validator/execution/shadow.py): a read of an uninitialised
local traps there, so that native runs of programs with arrays filled from inputs refute
without our interpreter retracing them (array-examples/standard_copy*: 100000 elements)."""
from __future__ import annotations

import json

from conftest import PROJECT_ROOT, dedent
from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.execution.replay import replay
from validator.execution.shadow import shadowed_locals

EMPTY = PROJECT_ROOT / "sv-benchmarks-sample" / "c" / "unsafe_sum.empty.witness.yml"
HEADER = dedent("""
    extern void abort(void);
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) { abort(); }
    """)


def _woven(ws, body: str):
    program = ws.write("prog.c", HEADER + dedent(body))
    return weave(parse_program(str(program), "ILP32"), load_witness(str(EMPTY)))


def _replay(woven, values: list[int]):
    return replay(woven, "reach_error", "ILP32", [{"value": v} for v in values])


def test_a_read_of_an_unwritten_element_traps(ws):
    """Without the shadow, a[1] holds whatever the stack held (almost never 12345): the build
    would reach the error through an indeterminate value."""
    woven = _woven(ws, """
        int main(void) {
          int a[3];
          a[0] = __VERIFIER_nondet_int();
          if (a[1] != 12345) reach_error();
          return 0;
        }
        """)
    assert "a" in shadowed_locals(woven.ast)
    result = _replay(woven, [7])
    assert not result.reached_error and not result.ended          # the trap ended it


def test_written_elements_pass_their_checks(ws):
    """Writes through `=`, `+=`, `++`, an index read from the array itself, two dimensions."""
    woven = _woven(ws, """
        int main(void) {
          int a[4];
          int b[2][3];
          int s;
          int i;
          for (i = 0; i < 4; i++) a[i] = __VERIFIER_nondet_int();
          a[a[0] & 3] += 1;
          a[2]++;
          b[1][2] = a[2];
          s = b[1][2] + a[1];
          if (s == 8) reach_error();
          return 0;
        }
        """)
    assert shadowed_locals(woven.ast) == {"a", "b"}          # arrays only
    # a = {0, 4, 3, 0} -> a[0] += 1 -> a[2]++ -> s = 4 + 4
    assert _replay(woven, [0, 4, 3, 0]).reached_error
    assert not _replay(woven, [0, 4, 2, 0]).reached_error


def test_a_compound_assignment_reads_first(ws):
    """`s[0] += 1` reads s[0]: unwritten, it traps before the error."""
    woven = _woven(ws, """
        int main(void) {
          int s[1];
          s[0] += __VERIFIER_nondet_int();
          reach_error();
          return 0;
        }
        """)
    assert not _replay(woven, [1]).reached_error


def test_uses_without_a_shadow(ws):
    """The address of an element, the array as a value, a member, a typedef's type, a
    function with a `goto`, a scalar: no shadow (their reads still need the interpreter)."""
    woven = _woven(ws, """
        int g(void) {
          int c[1];
          goto done;
        done:
          c[0] = 1;
          return c[0];
        }
        struct pair { int x; };
        typedef int number;
        int main(void) {
          struct pair e[2];
          number f[1];
          int a[2];
          int b[2];
          int *p = &a[0];
          int *q = b;
          int d[2];
          *p = 1; *q = 1;
          int h;
          e[0].x = 1; f[0] = 2; h = 3;
          d[0] = sizeof(d) + g() + e[0].x + f[0] + h;
          return d[0] + a[1];
        }
        """)
    assert shadowed_locals(woven.ast) == {"d"}


COPY = """
    int main(void) {
      int a1[100000];
      int a2[100000];
      int a3[100000];
      int i;
      for (i = 0; i < 100000; i++) {
        a1[i] = __VERIFIER_nondet_int();
        a2[i] = __VERIFIER_nondet_int();
      }
      for (i = 0; i < 100000; i++) a3[i] = a1[i];
      for (i = 0; i < 100000; i++) a3[i] = a2[i];
      for (i = 0; i < 100000; i++) {
        if (!(%s == a3[i])) reach_error();
      }
      return 0;
    }
    """


def test_copied_arrays_of_100000_inputs_are_refuted(cli, ws, prp, tmp_path):
    """The last copy wins: a1[i] == a3[i] fails for the first i where two inputs differ.  Our
    interpreter simulates no array of this size, BMC cannot unroll 100000 iterations; the
    compiled program runs it in milliseconds, and its 200000 inputs replay."""
    program = ws.write("copy.c", HEADER + dedent(COPY % "a1[i]"))
    report = tmp_path / "report.json"
    run = cli("--witness", EMPTY, program, "--spec", prp, "--timeout", "30",
              "--report-json", report)
    assert run.result == "false(unreach-call)"
    data = json.loads(report.read_text())
    assert data["engine"] == "native random testing + gcc replay"
    assert len(data["counterexample"]["inputs"]) == 200000


def test_correct_copies_are_not_refuted(cli, ws, prp):
    """a2[i] == a3[i] holds: no run reaches the error, and no execution through an unwritten
    element may stand in for one."""
    program = ws.write("copy.c", HEADER + dedent(COPY % "a2[i]"))
    run = cli("--witness", EMPTY, program, "--spec", prp, "--timeout", "15",
              "--engines", "testing")
    assert run.result == "unknown"
