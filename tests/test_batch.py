"""Batch mode: many validation tasks in parallel processes, a summary table, CSV/JSON results."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from validator.integration.batch import collect_tasks
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
