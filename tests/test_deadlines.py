"""`--timeout` bounds the whole run, and SIGTERM stops it the same way (issue 21): the answer is
`unknown` with the reason `timeout while <stage>`, the report and certificates are written
with every status decided so far, and no traceback reaches the user.

Bounds are generous and nothing asserts a wall-clock figure (the overrun is measured by
`bench/deadlines.py`); the stage at which a run stops depends on the machine, so the tests
check the form of the reason, not the stage.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import COUNTING_PROGRAM, PROJECT_ROOT, RESULT_PREFIX, invariant_set, position

sys.path.insert(0, str(PROJECT_ROOT / "bench"))
from deadlines import FILE_NAME, program, witness  # noqa: E402  (bench/deadlines.py)

from instrument.deadline import Deadline, Timeout  # noqa: E402
from validator.pipeline import Progress, Request, timed_out_outcome, validate  # noqa: E402

LOOP = position(COUNTING_PROGRAM, "while (i < n)")


def straight_line_task(directory: Path, statements: int) -> tuple[Path, Path]:
    """The bench's family: `statements` assignments and a loop, an invariant before each."""
    text, first, loop = program(statements)
    source = directory / FILE_NAME
    source.write_text(text)
    yaml = directory / "witness.yml"
    yaml.write_text(witness(statements, first, loop))
    return source, yaml


def command(source: Path, yaml: Path, prp: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "validator", "--witness", str(yaml), str(source),
            "--spec", str(prp), *extra]


def environment() -> dict:
    return dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))


def test_deadline_names_the_stage_and_raises_once_passed():
    deadline = Deadline.after(60)
    deadline.enter("parsing the program")
    assert not deadline.expired() and 0 < deadline.seconds(5) <= 5
    passed = Deadline(time.monotonic() - 1)
    with pytest.raises(Timeout) as stop:
        passed.enter("weaving the witness")
    assert stop.value.reason == "timeout while weaving the witness"
    assert passed.seconds(5) == 0
    assert Deadline().remaining() == float("inf")


def test_a_run_past_its_timeout_reports_unknown_with_the_stage(ws, prp):
    source, yaml = straight_line_task(ws.dir, 2000)
    report, certificates = ws.dir / "report.json", ws.dir / "certificates.yml"
    done = subprocess.run(command(source, yaml, prp, "--timeout", "1", "--report-json",
                                  str(report), "--certificate-out", str(certificates)),
                          capture_output=True, text=True, timeout=120, env=environment())
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == RESULT_PREFIX + "unknown"
    assert "Traceback" not in done.stderr
    data = json.loads(report.read_text())
    assert data["verdict"] == "unknown" and data["reason"].startswith("timeout while ")
    # the invariants read so far are listed, none confirmed without a proof
    assert all(i["status"] in ("unknown", "confirmed") for i in data["invariants"])
    assert certificates.exists()


def test_sigterm_writes_the_report_and_the_result_line(ws, prp):
    source, yaml = straight_line_task(ws.dir, 3000)
    report = ws.dir / "report.json"
    run = subprocess.Popen(command(source, yaml, prp, "--timeout", "300", "--report-json",
                                   str(report)),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=environment())
    time.sleep(2.0)         # somewhere in the run: where does not matter
    run.send_signal(signal.SIGTERM)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    assert out.splitlines()[-1] == RESULT_PREFIX + "unknown"
    assert "Traceback" not in err
    data = json.loads(report.read_text())
    assert data["reason"].startswith("timeout while ")


def test_a_stopped_run_keeps_the_statuses_already_decided(ws, prp):
    """A run stopped after the engines reported keeps its confirmed invariants."""
    source = ws.write("prog.c", COUNTING_PROGRAM)
    yaml = ws.write("witness.yml", invariant_set([("loop_invariant",) + LOOP + ("i <= n",)]))
    request = Request(program=str(source), witness=str(yaml), property_file=str(prp),
                      timeout=60)
    progress = Progress(request)
    finished = validate(request, Deadline.after(120), progress)
    assert finished.invariants[0].status.value == "confirmed"
    progress.outcome = None          # as if stopped while the replays ran
    stopped = timed_out_outcome(progress, "replaying counterexamples")
    assert stopped.verdict == "unknown"
    assert stopped.reason == "timeout while replaying counterexamples"
    assert stopped.invariants[0].status.value == "confirmed"


def test_a_run_stopped_before_weaving_lists_the_invariants_as_unknown(ws, prp):
    source = ws.write("prog.c", COUNTING_PROGRAM)
    yaml = ws.write("witness.yml", invariant_set([("loop_invariant",) + LOOP + ("i <= n",)]))
    request = Request(program=str(source), witness=str(yaml), property_file=str(prp))
    progress = Progress(request)
    from instrument.witness import load_witness
    progress.witness = load_witness(str(yaml))
    stopped = timed_out_outcome(progress, "parsing the program")
    from validator.outputs.report import build_report
    data = build_report(stopped)
    assert data["reason"] == "timeout while parsing the program"
    assert [(i["status"], i["reason"]) for i in data["invariants"]] == \
        [("unknown", "timeout while parsing the program")]
    assert not stopped.woven


def test_a_run_without_time_still_writes_its_report_and_result_line(cli, ws, prp):
    """`--timeout 0` stops before the task is read: the reason names that stage, and the
    report and (empty) certificates are written all the same."""
    source = ws.write("prog.c", COUNTING_PROGRAM)
    yaml = ws.write("witness.yml", invariant_set([("loop_invariant",) + LOOP + ("i <= n",)]))
    report, certificates = ws.dir / "report.json", ws.dir / "certificates.yml"
    run = cli("--witness", yaml, source, "--spec", prp, "--timeout", "0", "--report-json",
              report, "--certificate-out", certificates)
    assert run.code == 0 and run.result == "unknown"
    assert "Reason: timeout while reading the task" in run.lines
    assert json.loads(report.read_text())["reason"] == "timeout while reading the task"
    assert certificates.read_text().strip() == "[]"


def test_an_engine_child_that_overruns_is_killed_and_its_last_snapshot_kept(monkeypatch):
    """The child reports a snapshot, then hangs (as z3 may): at the deadline it is killed,
    with its process group, and the snapshot comes back marked `interrupted`."""
    import validator.engines.portfolio as portfolio
    from validator.engines.process import run_engines
    from validator.evidence import Findings, ProblemKind

    def hanging(weave_result, data_model, error_function, deadline, options, report):
        report("stage", "solving")
        report("snapshot", Findings(ub_open=["snapshot"]))
        time.sleep(300)
    monkeypatch.setattr(portfolio, "analyse", hanging)      # the forked child inherits it
    seen = []
    deadline = Deadline.after(60)
    found = run_engines(None, "ILP32", "reach_error", 1.5, deadline=deadline,
                        on_snapshot=seen.append)
    assert found.ub_open == ["snapshot"] and found.interrupted == "solving"
    assert found.problem is None and len(seen) == 1 and deadline.stage == "solving"

    def silent(weave_result, data_model, error_function, deadline, options, report):
        time.sleep(300)
    monkeypatch.setattr(portfolio, "analyse", silent)
    found = run_engines(None, "ILP32", "reach_error", 1.0)
    assert found.problem is ProblemKind.TIMEOUT and found.interrupted == "encoding"


def test_a_placed_invariant_without_engine_findings_is_never_confirmed(ws, prp, monkeypatch):
    """Stopped before the engines reported (or while their findings were being taken), a
    placed invariant has no sites yet: that must read `unknown`, not `unreachable`."""
    import validator.pipeline as pipeline
    source = ws.write("prog.c", COUNTING_PROGRAM)
    yaml = ws.write("witness.yml", invariant_set([("loop_invariant",) + LOOP + ("i <= n",)]))
    request = Request(program=str(source), witness=str(yaml), property_file=str(prp))
    progress = Progress(request)

    take_findings = pipeline.take_findings
    calls = []

    def stop_in_the_middle(evidence, found):
        calls.append(found)
        if len(calls) == 1:                        # the first snapshot is taken whole
            return take_findings(evidence, found)
        evidence.invariants[0].sites = []          # as take_findings begins
        raise Timeout("solving")
    monkeypatch.setattr(pipeline, "take_findings", stop_in_the_middle)
    with pytest.raises(Timeout):
        validate(request, Deadline.after(120), progress)
    stopped = timed_out_outcome(progress, "solving")
    assert stopped.invariants[0].status.value == "unknown"
    assert stopped.invariants[0].reason == "timeout while solving"


def test_undefined_behaviour_open_when_the_time_ran_out_names_the_timeout(ws, prp, monkeypatch):
    """The engines ran out of time with an overflow not yet excluded: the reason says both
    (a larger --timeout may confirm the witness), not only that it could not be excluded."""
    import validator.engines.portfolio as portfolio
    from validator.evidence import Findings

    def out_of_time(weave_result, data_model, error_function, deadline, options, report):
        return Findings(ub_open=["signed overflow at line 4"], timed_out=True)
    monkeypatch.setattr(portfolio, "analyse", out_of_time)
    source = ws.write("prog.c", COUNTING_PROGRAM)
    yaml = ws.write("witness.yml", invariant_set([("loop_invariant",) + LOOP + ("i <= n",)]))
    outcome = validate(Request(program=str(source), witness=str(yaml), property_file=str(prp)),
                       Deadline.after(120))
    assert outcome.verdict == "unknown"
    assert outcome.reason == ("timeout while solving: could not exclude undefined behaviour: "
                              "signed overflow at line 4")
    monkeypatch.setattr(portfolio, "analyse",
                        lambda *args, **kwargs: Findings(ub_open=["signed overflow at line 4"]))
    outcome = validate(Request(program=str(source), witness=str(yaml), property_file=str(prp)),
                       Deadline.after(120))
    assert outcome.reason == "could not exclude undefined behaviour: signed overflow at line 4"
