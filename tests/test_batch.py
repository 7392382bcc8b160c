"""Batch mode: many validation tasks in parallel processes, a summary table, CSV/JSON results."""
from __future__ import annotations

import csv
import faulthandler
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from instrument.errors import InputError
from validator.integration.batch import BatchTask, collect_tasks, run_batch
from validator.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_C = ROOT / "sv-benchmarks-sample" / "c"


@pytest.fixture
def set_file(tmp_path) -> Path:
    """Three sample validation tasks: a valid witness, a wrong one, an unsafe program."""
    path = SAMPLE_C / "tmp-batch-test.set"
    path.write_text("# three tasks\nvalidation/for_count.yml\nvalidation/for_count.wrong.yml\n"
                    "validation/unsafe_sum.empty.yml\n\n")
    yield path
    path.unlink()


def test_set_file_and_directory_give_the_validation_tasks(set_file):
    tasks, skipped = collect_tasks(str(set_file))
    assert [Path(t.path).name for t in tasks] == ["for_count.yml", "for_count.wrong.yml",
                                                  "unsafe_sum.empty.yml"]
    assert [t.expected for t in tasks] == ["true", "false", "false"]
    assert skipped == []
    tasks, skipped = collect_tasks(str(SAMPLE_C))
    assert len(tasks) == len(list((SAMPLE_C / "validation").glob("*.yml")))
    # the verification tasks beside them name no witness: skipped, and said so
    assert any("for_count.yml: no witness_input_file" in s for s in skipped)


def test_a_set_file_not_in_utf8_is_an_input_error(tmp_path):
    set_file = tmp_path / "latin1.set"
    set_file.write_bytes(b"# caf\xe9\nvalidation/for_count.yml\n")
    with pytest.raises(InputError, match="latin1.set: set file is not UTF-8 text"):
        collect_tasks(str(set_file))


def test_batch_runs_prints_a_summary_and_writes_csv(set_file, tmp_path, capsys):
    out = tmp_path / "results.csv"
    code = main(["--batch", str(set_file), "--jobs", "2", "--timeout", "30",
                 "--batch-out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "3 tasks: 1 confirmed, 2 rejected, 0 unknown, 0 error; 3 as expected" in text
    rows = list(csv.DictReader(out.open()))
    assert [(Path(r["task"]).name, r["outcome"], r["as_expected"]) for r in rows] == [
        ("for_count.yml", "confirmed", "True"), ("for_count.wrong.yml", "rejected", "True"),
        ("unsafe_sum.empty.yml", "rejected", "True")]
    assert rows[0]["invariants_confirmed"] == "1" and rows[1]["invariants_rejected"] == "1"
    assert float(rows[0]["solve"]) >= 0 and float(rows[0]["seconds"]) > 0


def test_batch_writes_json_and_passes_engine_options(set_file, tmp_path, capsys):
    out = tmp_path / "results.json"
    # without proof engines nothing can be confirmed: the option reaches every task's run
    code = main(["--batch", str(set_file), "--engines", "testing", "--timeout", "10",
                 "--batch-out", str(out)])
    capsys.readouterr()
    assert code == 0
    data = json.loads(out.read_text())
    assert [d["outcome"] for d in data] == ["unknown", "rejected", "rejected"]
    assert data[0]["as_expected"] is None


@pytest.mark.parametrize("arguments,words", [
    (["--batch", "no/such/dir"], "no such directory"),
    (["--batch", str(SAMPLE_C / "for_count.yml")], "no validation task definitions"),
    (["--batch", str(SAMPLE_C), "--witness", "w.yml"], "--batch takes no program"),
])
def test_batch_errors_are_result_lines(capsys, arguments, words):
    code = main(arguments)
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 1
    assert last.startswith("Verification result: ERROR (") and words in last


# -- each task in a process forked from the batch process (task_process.py) ----------------

def _tasks(*names: str) -> list[BatchTask]:
    return [t for t in collect_tasks(str(SAMPLE_C / "validation"))[0]
            if Path(t.path).name in names]


def _alive(pid: int) -> bool:
    """Running (a zombie left to a PID 1 that does not reap counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_batch_verdicts_and_counts_equal_single_runs():
    names = ("for_count.yml", "for_count.wrong.yml", "unsafe_sum.empty.yml",
             "longlong_sum.int-overflow.yml")
    tasks = _tasks(*names)
    batch = run_batch(tasks, 2, 30.0, [], progress_stream=io.StringIO())
    assert sorted(r.outcome for r in batch) == ["confirmed", "rejected", "rejected", "unknown"]
    for task, result in zip(tasks, batch):
        with tempfile.TemporaryDirectory() as directory:
            report = os.path.join(directory, "report.json")
            single = subprocess.run(
                [sys.executable, "-m", "validator", task.path, "--timeout", "30",
                 "--report-json", report], capture_output=True, text=True, cwd=ROOT)
            counts: dict[str, int] = {}
            for invariant in json.load(open(report))["invariants"]:
                counts[invariant["status"]] = counts.get(invariant["status"], 0) + 1
        assert result.result == single.stdout.strip().splitlines()[-1].split(": ", 1)[1]
        assert result.invariants == counts
        assert result.cpu_seconds > 0 and result.peak_memory > 10 * 2**20


def test_a_crashing_task_ends_alone(monkeypatch):
    """A task whose process dies (here: SIGSEGV, as a crash inside z3 would) is an error;
    the tasks beside it are not touched."""
    import validator.cli
    real_main = validator.cli.main

    def crash_on_wrong(argv):       # runs in the forked child, which inherits the patch
        if argv[0].endswith("for_count.wrong.yml"):
            faulthandler.disable()  # pytest's (or a pytest-xdist worker's) dump is noise here
            os.kill(os.getpid(), signal.SIGSEGV)
        return real_main(argv)

    monkeypatch.setattr(validator.cli, "main", crash_on_wrong)
    batch = run_batch(_tasks("for_count.yml", "for_count.wrong.yml", "unsafe_sum.empty.yml"),
                      2, 30.0, [], progress_stream=io.StringIO())
    by_name = {Path(r.task).name: r for r in batch}
    assert {name: r.outcome for name, r in by_name.items()} == {
        "for_count.yml": "confirmed", "for_count.wrong.yml": "error",
        "unsafe_sum.empty.yml": "rejected"}
    assert by_name["for_count.wrong.yml"].result == \
        f"ERROR (no result line (killed by signal {signal.SIGSEGV}))"


def test_a_task_past_its_time_is_killed_with_what_it_started(monkeypatch, tmp_path):
    """A task that does not answer is killed after its timeout and the grace period, with
    the processes it started in groups of their own (as the engines' child is)."""
    import validator.cli
    pid_file = tmp_path / "pid"

    def hang(argv):
        child = subprocess.Popen(["sleep", "600"], start_new_session=False,
                                 preexec_fn=lambda: os.setpgid(0, 0))
        pid_file.write_text(str(child.pid))
        time.sleep(600)

    monkeypatch.setattr(validator.cli, "main", hang)
    batch = run_batch(_tasks("for_count.yml"), 1, 0.5, [], progress_stream=io.StringIO(),
                      kill_grace=0.5)
    assert batch[0].result == "ERROR (killed: no answer in time)"
    for _ in range(50):             # SIGKILL is delivered asynchronously
        if not _alive(int(pid_file.read_text())):
            break
        time.sleep(0.1)
    assert not _alive(int(pid_file.read_text()))


def test_the_batch_leaves_no_process_of_a_task_behind(monkeypatch, tmp_path):
    """A task that answers but leaves a process running: that process ends with the task."""
    import validator.cli
    real_main = validator.cli.main
    pid_file = tmp_path / "pid"

    def leave_one(argv):
        child = subprocess.Popen(["sleep", "600"], preexec_fn=lambda: os.setpgid(0, 0))
        pid_file.write_text(str(child.pid))
        return real_main(argv)

    monkeypatch.setattr(validator.cli, "main", leave_one)
    batch = run_batch(_tasks("for_count.wrong.yml"), 1, 30.0, [], progress_stream=io.StringIO())
    assert batch[0].outcome == "rejected"
    for _ in range(50):
        if not _alive(int(pid_file.read_text())):
            break
        time.sleep(0.1)
    assert not _alive(int(pid_file.read_text()))


def test_warm_up_leaves_a_task_nothing_to_import():
    """Batch mode imports once, before it forks its tasks, what a run imports on its way
    (jsonschema's validators compiled, ruamel, the ACSL parser, GraphML): tasks of YAML and
    GraphML witnesses, with and without contracts, import no module of their own."""
    script = """if True:
        import contextlib, io, sys
        from validator.integration.task_process import warm_up
        warm_up()
        from importlib.util import resolve_name
        from validator.engines.portfolio import LATER_ENGINE_MODULES
        later = [resolve_name(name, "validator.engines") for name in LATER_ENGINE_MODULES]
        assert all(name in sys.modules for name in later), "engines the tasks' children import"
        before = set(sys.modules)
        from validator.cli import main
        prp = '../properties/unreach-call.prp'
        with contextlib.redirect_stdout(io.StringIO()):
            for program, witness in [('for_count.c', 'for_count.witness.yml'),
                                     ('contract_calls.c', 'contract_calls.witness.yml'),
                                     ('for_count.c', 'for_count.cpachecker.graphml'),
                                     ('unsafe_sum.c', 'unsafe_sum.empty.witness.yml')]:
                main([program, '--witness', witness, '--spec', prp])
        print(sorted(set(sys.modules) - before))
        """
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=str(SAMPLE_C), env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
