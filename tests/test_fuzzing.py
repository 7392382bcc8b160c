"""Native random testing: the compiled program on random inputs finds errors behind loops whose
length an input chooses; what it finds is replayed like every other counterexample."""
from __future__ import annotations

import json
import time

from conftest import CORPUS, PROJECT_ROOT, dedent
from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.engines.fuzzing import fuzz
from validator.execution.replay import replay

SUM02 = CORPUS / "sv-benchmarks" / "c" / "bitvector" / "sum02-1.c"
EMPTY = PROJECT_ROOT / "sv-benchmarks-sample" / "c" / "unsafe_sum.empty.witness.yml"


def test_inputs_of_a_native_run_replay_to_the_error():
    """sum02-1 fails only for n >= 65536 (the sum overflows), after n iterations."""
    woven = weave(parse_program(str(SUM02), "ILP32"), load_witness(str(EMPTY)))
    found = fuzz(woven, "reach_error", "ILP32", time.monotonic() + 10)
    assert found.error_inputs is not None and found.runs >= 1
    [n] = found.error_inputs
    assert n >= 65536 or n < 0           # unsigned: a negative value is 2^32 + n
    replayed = replay(woven, "reach_error", "ILP32", [{"value": v} for v in found.error_inputs])
    assert replayed.reached_error


PROGRAM = dedent("""
    extern void abort(void);
    extern unsigned int __VERIFIER_nondet_uint(void);
    void reach_error(void) { abort(); }
    int main(void) {
      unsigned int n = __VERIFIER_nondet_uint();
      unsigned int i, s = 0;
      if (n > 1000000) return 0;
      for (i = 0; i < n; i++) {
        s = s + 3;
      }
      if (s >= 300000) {
        reach_error();
      }
      return 0;
    }
    """)


def test_error_behind_a_loop_of_100000_iterations(cli, ws, prp, tmp_path):
    """No inlining, BMC bound or interpreter run gets 100000 iterations deep in time."""
    program = ws.write("prog.c", PROGRAM)
    report = tmp_path / "report.json"
    # the testing engines alone: in the whole portfolio it comes after Spacer, whose time
    # depends on the machine's load
    run = cli("--witness", EMPTY, program, "--spec", prp, "--timeout", "10",
              "--engines", "testing", "--report-json", report)
    assert run.result == "false(unreach-call)"
    data = json.loads(report.read_text())
    assert data["engine"] == "native random testing + gcc replay"
    [n] = [entry["value"] for entry in data["counterexample"]["inputs"]]
    assert 100000 <= n <= 1000000


# the error needs a thousand nonzero values in a row from `nondet()`
THOUSAND_NONZERO = dedent("""
    extern int __VERIFIER_nondet_int(void);
    void reach_error(void) {}
    int main(void) {
      int y = 0;
      while (y < 1000 && __VERIFIER_nondet_int()) {
        y++;
      }
      if (y == 1000) {
        reach_error();
      }
      return 0;
    }
    """)


def test_swarm_runs_of_native_random_testing_pass_a_nondet_loop_condition(ws):
    """A run drawing every kind of value draws a small one (0 among them) about every 50th
    value: (1 - 1/50)^1000 is about 2e-9.  Runs with an even seed draw some kinds only, and
    those without the small ones pass the loop condition a thousand times."""
    program = ws.write("prog.c", THOUSAND_NONZERO)
    woven = weave(parse_program(str(program), "ILP32"), load_witness(str(EMPTY)))
    found = fuzz(woven, "reach_error", "ILP32", time.monotonic() + 30)
    assert found.error_inputs is not None and len(found.error_inputs) == 1000
    assert 0 not in found.error_inputs
    replayed = replay(woven, "reach_error", "ILP32", [{"value": v} for v in found.error_inputs])
    assert replayed.reached_error


def test_swarm_runs_of_deep_random_testing_pass_a_nondet_loop_condition(ws):
    """The same in our interpreter's deep runs (every other one draws some kinds only)."""
    from validator.engines.testing import run_tests
    from validator.semantics.blocks import ERROR, TransitionSystem
    from validator.semantics.cfa import woven_program_cfa
    program = ws.write("prog.c", THOUSAND_NONZERO)
    woven = weave(parse_program(str(program), "ILP32"), load_witness(str(EMPTY)))
    ts = TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error", 2))
    tested = run_tests(ts, {(ERROR, None)}, time.monotonic() + 30, deep=True)
    counterexample = tested.found[(ERROR, None)]
    values = [entry["value"] for entry in counterexample["inputs"]]
    assert len(values) == 1000 and 0 not in values
