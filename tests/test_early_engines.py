"""The engines' child started before the front end (`EarlyEngines`, issue 21 start-up): it answers
as a child forked late does, a task it cannot be sent falls back to a late fork, and a child
that gets no task ends (killed by `close`, or by itself when the parent's end of its pipe
closes).  The command starts it before importing the front end, and what it imports to run the
engines and read its task is not the front end's."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import COUNTING_PROGRAM, PROJECT_ROOT, invariant_set, position

from instrument.deadline import Deadline
from instrument.frontend import parse_program
from instrument.locate import ProgramIndex
from instrument.witness import load_witness
from instrument.weave import weave
from validator.engines.process import EarlyEngines, EngineRun
from validator.evidence import TOO_DEEP, ProblemKind, SiteOutcome

LOOP = position(COUNTING_PROGRAM, "while (i < n)")


def _woven(ws, value: str):
    source = ws.write("prog.c", COUNTING_PROGRAM)
    yaml = ws.write("witness.yml", invariant_set([("loop_invariant",) + LOOP + (value,)]))
    program = parse_program(str(source), "ILP32")
    witness = load_witness(str(yaml), Deadline())
    return weave(program, witness, ProgramIndex(program), error_function="reach_error")


def _outcomes(findings) -> list:
    return sorted((s.index, s.where, s.outcome.name) for s in findings.sites)


def test_an_early_child_finds_what_a_late_one_finds(ws):
    woven = _woven(ws, "i <= n")
    late = EngineRun(woven, "ILP32", "reach_error", 30.0).wait()
    early = EarlyEngines()
    found = EngineRun(woven, "ILP32", "reach_error", 30.0, early=early).wait()
    assert early.taken and not early.process.is_alive()
    assert _outcomes(found) == _outcomes(late)
    assert all(s.outcome is SiteOutcome.PROVEN for s in found.sites) and found.sites
    assert found.property_proof is not None and late.property_proof is not None


def test_a_task_that_cannot_be_sent_is_run_by_a_child_forked_late(ws):
    early = EarlyEngines()
    assert not early.take((lambda: None,))        # a lambda does not pickle
    assert not early.process.is_alive()
    woven = _woven(ws, "i <= n")
    found = EngineRun(woven, "ILP32", "reach_error", 30.0, early=early).wait()
    assert found.sites and all(s.outcome is SiteOutcome.PROVEN for s in found.sites)


def test_an_early_child_without_a_task_ends():
    killed = EarlyEngines()
    killed.close()
    assert not killed.process.is_alive()
    left = EarlyEngines()
    left.tasks.close()                 # as when the parent ends without sending a task
    left.process.join(60)
    assert left.process.exitcode == 0
    left.receiver.close()


def test_an_engine_crash_comes_back_as_its_traceback(ws, monkeypatch):
    # the child reports a bug of ours with its trace (imported only then), early or late
    import validator.engines.portfolio as portfolio

    def broken(*args, **kwargs):
        raise ValueError("an engine's bug")
    monkeypatch.setattr(portfolio, "analyse", broken)
    woven = _woven(ws, "i <= n")
    for early in (None, EarlyEngines()):
        found = EngineRun(woven, "ILP32", "reach_error", 30.0, early=early).wait()
        assert found.problem is ProblemKind.CRASH
        assert "Traceback" in found.problem_text
        assert found.problem_text.strip().splitlines()[-1] == "ValueError: an engine's bug"


def test_an_encoding_past_the_recursion_limit_is_unsupported_not_a_crash(ws, monkeypatch):
    import validator.engines.portfolio as portfolio

    def too_deep(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")
    monkeypatch.setattr(portfolio, "analyse", too_deep)
    found = EngineRun(_woven(ws, "i <= n"), "ILP32", "reach_error", 30.0).wait()
    assert found.problem is ProblemKind.UNSUPPORTED
    assert found.problem_text == TOO_DEEP


# the front end's own modules: the engines' child, started before them, must not need them
FRONT_END_ONLY = {"validator.pipeline", "instrument.weave", "instrument.witness",
                  "instrument.contracts", "instrument.ghosts", "instrument.locate",
                  "instrument.metadata", "ruamel.yaml", "jsonschema"}
SAMPLE = PROJECT_ROOT / "sv-benchmarks-sample" / "c"


def _python(code: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=str(SAMPLE), env=env, timeout=300)


def test_the_engines_import_nothing_of_the_front_end():
    # the early child imports these itself (its imports are what a small run waits for):
    # the witness reader, the weaver or the YAML loader would add theirs
    done = _python("import sys, validator.engines.process, validator.engines.portfolio\n"
                   "print(' '.join(sorted(sys.modules)))")
    modules = set(done.stdout.split())
    assert {"z3", "validator.semantics.blocks", "instrument.woven"} <= modules, done.stderr
    assert not modules & FRONT_END_ONLY


# the command as `validate-correctness` runs it, recording whether the front end was imported
# when the engines' child was started
RECORDED_RUN = """
import sys
import validator.engines.process as process
started = process.EarlyEngines.__init__
def recorded(self):
    print("front end imported:", "validator.pipeline" in sys.modules)
    started(self)
process.EarlyEngines.__init__ = recorded
from validator.cli import main
main(sys.argv[1:])
"""


@pytest.mark.parametrize("witness, verdict", [
    ("ghost_snapshot.witness.yml", "true"),
    ("ghost_snapshot.wrong.witness.yml", "false(unreach-call)"),
    ("for_count.witness.yml", "true"),
])
def test_the_command_starts_the_engines_before_the_front_end(witness, verdict):
    # ghost updates reach the child with the witness's locations: read there, where the
    # witness reader was never imported
    program = witness.split(".")[0] + ".c"
    done = _python(RECORDED_RUN, program, "--witness", witness,
                   "--spec", "../properties/unreach-call.prp")
    lines = done.stdout.splitlines()
    assert "front end imported: False" in lines, done.stdout + done.stderr
    assert lines[-1] == f"Verification result: {verdict}", done.stdout + done.stderr
