"""Violation witnesses: every one we write for an unsafe program is checked by our own BMC
restricted to its waypoints (and replayed with gcc); a witness with a wrong waypoint is not
confirmed; bad violation witnesses are input errors naming the waypoint."""
from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from instrument.errors import InputError
from instrument.frontend import parse_program
from instrument.waypoints import load_violation_witness, weave_waypoints
from validator.cli import main
from instrument.task import load_task_definition
from validator.outputs.violation_check import check_violation_witness

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "sv-benchmarks" / "c"
SAMPLE = ROOT / "sv-benchmarks-sample" / "c"
EMPTY = SAMPLE / "unsafe_sum.empty.witness.yml"

# unsafe tasks our engines answer `false` quickly today (bench/corpus.py)
UNSAFE_TASKS = [SAMPLE / "unsafe_sum.yml", SAMPLE / "unsafe_uchar.yml",
                SAMPLE / "deep_unsafe.yml"] + [CORPUS / t for t in (
    "bitvector/byte_add-1.yml",
    "loop-acceleration/array_1-1.yml",
    "loop-acceleration/const_1-2.yml",
    "loop-acceleration/diamond_1-2.yml",
    "loop-acceleration/multivar_1-2.yml",
    "loop-acceleration/simple_1-1.yml",
    "loop-acceleration/simple_3-1.yml",
    "loop-acceleration/underapprox_1-1.yml",
    "loop-lit/gcnr2008.yml",
    "loop-simple/nested_1b.yml",
    "loops/count_up_down-2.yml",
    "loops/sum01-1.yml",
    "loops/trex02-2.yml",
    "loops/trex03-1.yml",
    "recursive-simple/afterrec-1.yml",
    "recursive-simple/id_b3_o2-2.yml",
    "recursive-simple/fibo_5-2.yml",
    "recursive-simple/fibo_7-2.yml",
)]


def _violation_witness(capsys, task: Path, out: Path) -> str:
    code = main([str(task), "--witness", str(EMPTY), "--violation-witness-out", str(out),
                 "--timeout", "30"])
    assert code == 0
    return capsys.readouterr().out.strip().splitlines()[-1]


@pytest.mark.parametrize("task", UNSAFE_TASKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_violation_witness_we_write_leads_to_the_error(capsys, tmp_path, task):
    out = tmp_path / "violation.yml"
    assert _violation_witness(capsys, task, out).endswith("false(unreach-call)")
    definition = load_task_definition(str(task))
    data_model = definition.data_model or "ILP32"
    waypoints = load_violation_witness(str(out))
    assert waypoints[-1].type == "target"
    check = check_violation_witness(definition.program, str(out), data_model, timeout=30)
    assert check.confirmed, check.reason


def test_a_wrong_assumption_is_not_confirmed(capsys, tmp_path):
    out = tmp_path / "violation.yml"
    _violation_witness(capsys, SAMPLE / "unsafe_sum.yml", out)
    entries = YAML(typ="safe").load(out.read_text())
    first = entries[0]["content"][0]["segment"][0]["waypoint"]
    assert first["type"] == "assumption" and first["constraint"]["value"].startswith("n == ")
    first["constraint"]["value"] = "n == 5"            # the program is safe for n < 900
    wrong = tmp_path / "wrong.yml"
    with open(wrong, "w") as f:
        YAML(typ="safe").dump(entries, f)
    check = check_violation_witness(str(SAMPLE / "unsafe_sum.c"), str(wrong), "ILP32", timeout=20)
    assert not check.confirmed


def test_branching_waypoints_for_nondet_conditions(capsys, tmp_path):
    program = tmp_path / "branch.c"
    program.write_text(
        "extern int __VERIFIER_nondet_int(void);\n"
        "void reach_error(void);\n"
        "int main(void) {\n"
        "  int i = 0;\n"
        "  while (__VERIFIER_nondet_int()) {\n"
        "    i++;\n"
        "  }\n"
        "  if (i == 3) reach_error();\n"
        "  return 0;\n"
        "}\n")
    out = tmp_path / "violation.yml"
    code = main(["--witness", str(EMPTY), str(program), "--spec",
                 str(SAMPLE.parent / "properties" / "unreach-call.prp"),
                 "--violation-witness-out", str(out)])
    assert code == 0 and capsys.readouterr().out.strip().endswith("false(unreach-call)")
    waypoints = load_violation_witness(str(out))
    branches = [w for w in waypoints if w.type == "branching"]
    assert [w.value for w in branches] == ["true", "true", "true", "false"]
    assert all((w.location.line, w.location.column) == (5, 3) for w in branches)
    assert check_violation_witness(str(program), str(out), "ILP32", timeout=20).confirmed


@pytest.mark.parametrize("text,words", [
    ("- entry_type: invariant_set\n  content: []\n", "no violation_sequence"),
    ("- entry_type: violation_sequence\n  content:\n  - segment:\n    - waypoint: {type: assumption, "
     "action: avoid, location: {line: 17}, constraint: {value: '1'}}\n", "only 'follow'"),
    ("- entry_type: violation_sequence\n  content:\n  - segment:\n    - waypoint: {type: assumption, "
     "action: follow, location: {line: 17}, constraint: {value: '1'}}\n", "target waypoint"),
    ("- entry_type: violation_sequence\n  content:\n  - segment:\n    - waypoint: {type: "
     "function_return, action: follow, location: {line: 17}}\n", "not supported"),
])
def test_unreadable_violation_witnesses_are_input_errors(tmp_path, text, words):
    witness = tmp_path / "w.yml"
    witness.write_text(text)
    with pytest.raises(InputError, match=words):
        load_violation_witness(str(witness))


def test_a_violation_witness_not_in_utf8_is_an_input_error(tmp_path):
    witness = tmp_path / "w.yml"
    witness.write_bytes(b"# caf\xe9\n- entry_type: violation_sequence\n  content: []\n")
    with pytest.raises(InputError, match="violation witness is not UTF-8 text"):
        load_violation_witness(str(witness))


def test_a_waypoint_at_no_statement_is_an_input_error(tmp_path):
    witness = tmp_path / "w.yml"
    witness.write_text("- entry_type: violation_sequence\n  content:\n  - segment:\n"
                       "    - waypoint: {type: target, action: follow, "
                       "location: {file_name: unsafe_sum.c, line: 17, column: 9}}\n")
    program = parse_program(str(SAMPLE / "unsafe_sum.c"))
    with pytest.raises(InputError, match="waypoint 0"):
        weave_waypoints(program, load_violation_witness(str(witness)))
