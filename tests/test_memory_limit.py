"""z3's memory is bounded in the engines' child (issue 21, `validator/engines/memory.py`):
running out gives `unknown` with the reason `memory limit while <stage>`, the report written
and no traceback.  The limits are lowered here so that a small program reaches them."""
from __future__ import annotations

import faulthandler
import json
import os

from conftest import dedent

# a floating-point query that z3's bit-blasting SAT solver does not decide in minutes, and in
# which it grows by hundreds of megabytes (as `floats-cdfpl/newton_2_1` does)
HARD_FLOATS = dedent("""
    extern double __VERIFIER_nondet_double(void);
    void reach_error(void) {}
    int main(void) {
      double x = __VERIFIER_nondet_double();
      double y = __VERIFIER_nondet_double();
      if (x * y * x == y + 1.5 && x / y == 3.25) reach_error();
      return 0;
    }
""")


def test_z3_at_its_memory_limit_gives_unknown_naming_it(cli, ws, prp, monkeypatch):
    import validator.engines.memory as memory
    monkeypatch.setattr(memory, "Z3_MEMORY_MB", 40)     # the forked child reads these
    monkeypatch.setattr(memory, "Z3_HARD_MEMORY_MB", 400)
    program = ws.write("prog.c", HARD_FLOATS)
    witness = ws.write("w.yml", "[]\n")
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "20",
              "--report-json", report)
    assert run.result == "unknown" and run.code == 0
    reason = json.loads(report.read_text())["reason"]
    assert reason.startswith("memory limit while ") or reason.endswith("memory limit"), reason
    assert "Traceback" not in run.out + run.err
    print(reason)


def test_an_engine_child_aborted_at_the_hard_limit_reports_the_memory_limit(monkeypatch):
    """z3 may end the child by abort when its allocator passes the hard limit: with the
    child's peak memory near that limit, the reason is the memory limit, and a snapshot
    reported before stands; any other early end is an internal error naming its exit code."""
    import validator.engines.portfolio as portfolio
    import validator.engines.process as process
    from validator.engines.process import run_engines
    from validator.evidence import Findings, ProblemKind

    def aborting(weave_result, data_model, error_function, deadline, options, report):
        report("stage", "solving")
        report("snapshot", Findings(ub_open=["snapshot"]))
        faulthandler.disable()          # pytest's: it would print the child's stack
        os.abort()
    monkeypatch.setattr(portfolio, "analyse", aborting)      # the forked child inherits it
    monkeypatch.setattr(process, "Z3_HARD_MEMORY_MB", 1)     # every peak is near it
    found = run_engines(None, "ILP32", "reach_error", 30.0)
    assert found.problem is ProblemKind.MEMORY and found.problem_text == "solving"
    assert found.ub_open == ["snapshot"] and found.memory_limited

    def exiting(weave_result, data_model, error_function, deadline, options, report):
        os._exit(3)
    monkeypatch.setattr(portfolio, "analyse", exiting)
    found = run_engines(None, "ILP32", "reach_error", 30.0)
    assert found.problem is ProblemKind.CRASH and "exit code 3" in found.problem_text
