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
