"""Verdicts of the whole pipeline on real witnesses (CPAchecker's, Goblint's) and our samples."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from validator.cli import main

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
PRP = CORPUS / "sv-benchmarks" / "c" / "properties" / "unreach-call.prp"
SIMPLE = CORPUS / "witnesses" / "cpachecker" / "witness-v2-validation" / "simple"
SAMPLE = ROOT / "sv-benchmarks-sample"


def run(capsys, *args) -> tuple[str, list[str]]:
    code = main([str(a) for a in args])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    return lines[-1].replace("Verification result: ", ""), lines


@pytest.mark.parametrize("witness", sorted(p.name for p in SIMPLE.glob("simple-valid-witness-v2*.yml")))
def test_cpachecker_valid_witnesses_are_confirmed(capsys, witness):
    result, _ = run(capsys, "--witness", SIMPLE / witness, SIMPLE / "simple.c", "--spec", PRP,
                    "--timeout", "30")
    assert result == "true"


@pytest.mark.parametrize("witness", sorted(p.name for p in SIMPLE.glob("simple-invalid-witness-v2*.yml")))
def test_cpachecker_invalid_witnesses_are_rejected(capsys, tmp_path, witness):
    report = tmp_path / "report.json"
    result, lines = run(capsys, "--witness", SIMPLE / witness, SIMPLE / "simple.c", "--spec", PRP,
                        "--timeout", "30", "--report-json", report)
    assert result == "false(unreach-call)"
    data = json.loads(report.read_text())
    rejected = [i for i in data["invariants"] if i["status"] == "rejected"]
    assert rejected and rejected[0]["counterexample"]["inputs"]
    assert any("rejected" in line for line in lines)


def test_refuted_verdict_unknown(capsys):
    witness = sorted(SIMPLE.glob("simple-invalid-witness-v2*.yml"))[0]
    result, _ = run(capsys, "--witness", witness, SIMPLE / "simple.c", "--spec", PRP,
                    "--timeout", "30", "--refuted-verdict", "unknown")
    assert result == "unknown"


MINE = CORPUS / "witnesses" / "goblint" / "sv-comp-smoketests" / "mine2017-ex4.6"


def test_goblint_mine2017_witnesses(capsys):
    program = MINE / "mine2017-ex4.6.c"
    correct, _ = run(capsys, "--witness", MINE / "mine2017-ex4.6-witness-correct.yml", program,
                     "--spec", PRP, "--timeout", "30")
    assert correct == "true"
    incorrect, _ = run(capsys, "--witness", MINE / "mine2017-ex4.6-witness-incorrect.yml", program,
                       "--spec", PRP, "--timeout", "30")
    assert incorrect == "false(unreach-call)"
    imprecise, _ = run(capsys, "--witness", MINE / "mine2017-ex4.6-witness-imprecise.yml", program,
                       "--spec", PRP, "--timeout", "30")
    assert imprecise != "false(unreach-call)"


def _sample_rows():
    with open(SAMPLE / "EXPECTED.tsv", encoding="utf-8") as f:
        return [(r["task_yml"], r["witness"], r["expected_validation"])
                for r in csv.DictReader(f, delimiter="\t")]


@pytest.mark.parametrize("task,witness,expected", _sample_rows())
def test_sample_tasks_never_wrong(capsys, task, witness, expected):
    """Every sample witness: a valid one is never rejected, a wrong one never confirmed;
    the ones our engines can decide today must be decided."""
    task_file = SAMPLE / task
    result, _ = run(capsys, task_file, "--witness", task_file.parent / witness, "--timeout", "10")
    if expected == "true":
        assert not result.startswith("false")
    else:
        assert result != "true"
    decided_today = {"for_count.witness.yml", "nested_while.witness.yml",
                     "do_while_step.witness.yml", "loc_inv_branch.witness.yml",
                     "loc_inv_branch.wrong.witness.yml", "shadow_block.witness.yml",
                     "shadow_block.wrong.witness.yml", "format01_unsigned.witness.yml",
                     "empty_clamp.witness.yml", "switch_mod3.witness.yml",
                     "goto_loop.witness.yml", "call_in_loop.witness.yml",
                     "uchar_wrap.witness.yml", "longlong_sum.witness.yml",
                     "recursive_sum.empty.witness.yml", "recursive_sum.wrong.witness.yml",
                     "recursive_unsafe.empty.witness.yml", "deterministic_loop.witness.yml",
                     "deterministic_loop.wrong.witness.yml", "deep_unsafe.empty.witness.yml",
                     "recursive_count.witness.yml", "recursive_count.wrong.witness.yml",
                     "mccarthy91.empty.witness.yml", "ghost_snapshot.witness.yml",
                     "ghost_snapshot.wrong.witness.yml", "ghost_counter.witness.yml",
                     "ghost_counter.wrong.witness.yml", "ghost_flag.witness.yml",
                     "ghost_flag.wrong.witness.yml", "ghost_order.witness.yml",
                     "ghost_order.wrong.witness.yml"}
    if witness in decided_today:
        assert result == ("true" if expected == "true" else "false(unreach-call)")


def test_ghost_witness_is_confirmed(capsys):
    task = SAMPLE / "c" / "ghost_snapshot.yml"
    result, lines = run(capsys, task, "--witness", SAMPLE / "c" / "ghost_snapshot.witness.yml",
                        "--verbose")
    assert result == "true"
    assert any("(reads ghosts iters, x0): confirmed" in line for line in lines)


def test_violation_witness_names_the_error_call(capsys, tmp_path):
    task = SAMPLE / "c" / "unsafe_sum.yml"
    out = tmp_path / "violation.yml"
    result, _ = run(capsys, task, "--witness", SAMPLE / "c" / "unsafe_sum.empty.witness.yml",
                    "--violation-witness-out", out, "--timeout", "30")
    assert result == "false(unreach-call)"
    from ruamel.yaml import YAML
    entries = YAML(typ="safe").load(out.read_text())
    assert [e["entry_type"] for e in entries] == ["violation_sequence"]
    metadata = entries[0]["metadata"]
    assert metadata["format_version"] == "2.0"
    assert metadata["task"]["input_files"] == ["unsafe_sum.c"]
    segments = entries[0]["content"]
    target = segments[-1]["segment"][-1]["waypoint"]
    assert target["type"] == "target" and target["action"] == "follow"
    program_lines = (SAMPLE / "c" / "unsafe_sum.c").read_text().splitlines()
    location = target["location"]
    line = program_lines[location["line"] - 1]
    assert line[location["column"] - 1:].startswith("reach_error()")
    # our own loader recognises it as a violation witness, not a correctness witness
    code = main(["--witness", str(out), str(SAMPLE / "c" / "unsafe_sum.c"), "--spec",
                 str(SAMPLE / "properties" / "unreach-call.prp")])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 1 and "ERROR" in last and "violation witness" in last


def test_no_violation_witness_when_the_program_is_safe(capsys, tmp_path):
    task = SAMPLE / "c" / "for_count.yml"
    out = tmp_path / "violation.yml"
    result, _ = run(capsys, task, "--witness", SAMPLE / "c" / "for_count.witness.yml",
                    "--violation-witness-out", out)
    assert result == "true" and not out.exists()


NO_INPUT_HEADER = """extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
"""


@pytest.mark.parametrize("body,expected", [
    # the only execution ends normally: proven by running it (recursion deeper than we inline)
    ("int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }\n"
     "int main(void) { __VERIFIER_assert(f(100) == 100); return 0; }", "true"),
    # ... or refuted by running it (the error after 2^26 iterations)
    ("int main(void) { unsigned x = 0; while (x < 0x0ffffff0u) x += 4;\n"
     "  __VERIFIER_assert(x != 0x0ffffff0u); return 0; }", "false(unreach-call)"),
    # locals declared without initialiser are not inputs: written before they are read, the
    # one execution decides (loops/eureka_01-2) ...
    ("int main(void) { int d[5]; int i; int s;\n  for (i = 0; i < 5; i++) d[i] = i * i;\n"
     "  for (i = 1; i < 5; i++) if (d[i] < d[i - 1]) reach_error();\n"
     "  s = d[4]; __VERIFIER_assert(s == 16); return 0; }", "true"),
    # ... and one element short, the read of d[4] is undefined (valgrind: uninitialised)
    ("int main(void) { int d[5]; int i; int s;\n  for (i = 0; i < 4; i++) d[i] = i * i;\n"
     "  for (i = 1; i < 5; i++) if (d[i] < d[i - 1]) reach_error();\n"
     "  s = d[4]; __VERIFIER_assert(s == 16); return 0; }", "unknown"),
    # undefined behaviour on the only execution: never `true`, though gcc would run through
    ("int main(void) { int a[3]; int i; for (i = 0; i <= 3; i++) a[i] = i;\n"
     "  __VERIFIER_assert(a[0] == 0); return 0; }", "unknown"),
    ("int g = 0;\nint main(void) { int i; int s = 0; for (i = 0; i < 5; i++) s += 10 / (g + i);\n"
     "  __VERIFIER_assert(s >= 0); return 0; }", "unknown"),
    ("int main(void) { int s = 1; int i; for (i = 0; i < 40; i++) s = s << i;\n"
     "  __VERIFIER_assert(1); return 0; }", "unknown"),
    # ... also where only the compiled run gets to it (after 2^26 iterations): the replay traps
    ("int main(void) { int a[3] = {0, 0, 0}; unsigned i = 0; while (i < 0x4000000u) i++;\n"
     "  a[i >> 24] = 1; __VERIFIER_assert(a[0] == 0); return 0; }", "unknown"),
])
def test_programs_without_input_are_decided_by_their_only_execution(capsys, tmp_path, body,
                                                                     expected):
    program = tmp_path / "no_input.c"
    program.write_text(NO_INPUT_HEADER + body + "\n")
    witness = SAMPLE / "c" / "unsafe_sum.empty.witness.yml"
    result, _ = run(capsys, program, "--witness", witness, "--spec", PRP, "--timeout", "20")
    assert result == expected


def test_a_wrong_invariant_of_a_program_without_input_is_not_confirmed(capsys, tmp_path):
    """The invariant fails only at the last of 2^26 loop-head visits: only the compiled run
    gets there, and it must reject, never confirm."""
    program = tmp_path / "no_input.c"
    program.write_text(NO_INPUT_HEADER + "int main(void) {\n  unsigned x = 0;\n"
                       "  while (x < 0x0ffffff0u) {\n    x += 4;\n  }\n"
                       "  __VERIFIER_assert(x == 0x0ffffff0u);\n  return 0;\n}\n")
    witness = tmp_path / "w.yml"
    witness.write_text("""- entry_type: invariant_set
  metadata:
    format_version: "2.0"
    uuid: 2b0c6a55-3c57-4d43-9a0e-6f5d1d7a1c11
    creation_time: "2026-11-23T08:00:00Z"
    producer: {name: test, version: "1"}
    task: {input_files: [no_input.c], input_file_hashes: {}, specification: "G ! call(reach_error())",
           data_model: ILP32, language: C}
  content:
    - invariant:
        type: loop_invariant
        location: {file_name: no_input.c, line: 6, column: 3, function: main}
        value: "x < 0x0ffffff0u"
        format: c_expression
""")
    result, lines = run(capsys, program, "--witness", witness, "--spec", PRP, "--timeout", "20")
    assert result == "false(unreach-call)"
    assert any("rejected" in line for line in lines)


RELATIONAL = NO_INPUT_HEADER + """extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int z = __VERIFIER_nondet_int();
  if (!(x > LOW)) return 0;
  if (!(x < 200)) return 0;
  if (!(z > 100)) return 0;
  if (!(z < HIGH)) return 0;
  while (x < 100 && z > 100) {
    if (__VERIFIER_nondet_bool()) { x++; } else { x--; z--; }
  }
  __VERIFIER_assert(x >= 100 || z <= 100);
  return 0;
}
"""


@pytest.mark.parametrize("low,high,expected", [
    # x - z >= -298 when the loop is entered, and ever after: x-- cannot overflow
    ("-100", "200", "true"),
    # z up to INT_MAX - 1: x-- runs up to 2^31 - 102 times from x = -999, below INT_MIN
    ("-1000", "2147483647", "unknown"),
])
def test_bounds_at_the_loop_entry_exclude_an_overflow(capsys, tmp_path, low, high, expected):
    """The loop-entry interval of x and z gives the relational bound that excludes the signed
    overflow of x-- (loops/terminator_02-2); where z is unbounded the overflow is real (UB:
    never `true`, and no refutation through it)."""
    program = tmp_path / "prog.c"
    program.write_text(RELATIONAL.replace("LOW", low).replace("HIGH", high))
    witness = SAMPLE / "c" / "unsafe_sum.empty.witness.yml"
    result, lines = run(capsys, program, "--witness", witness, "--spec", PRP, "--timeout", "10")
    assert result == expected
    if expected == "unknown":
        assert any("signed overflow" in line for line in lines)


# GCC folds an operation on constants at compile time, even at -O0, and then the sanitizer has
# nothing to check: the native run of a program that reads no input went through these and
# "proved" them `true`.  Ground truth: each is undefined (C11 6.5p5, 6.5.7p3), and gcc itself
# says so at compile time (-Woverflow, -Wshift-count-overflow, -Wdiv-by-zero).
CONSTANT_UB = {
    "int sum": ("int x = 2147483647 + 1;", "overflow"),
    "enumeration constant": ("enum { BIG = 2147483647 }; int x = BIG + 1;", "overflow"),
    "converted constant": ("int x = (int)3000000000u * 2;", "overflow"),
    "negation": ("int x = -(-2147483647 - 1);", "overflow"),
    "division": ("int x = (-2147483647 - 1) / -1;", "overflow"),
    "shift": ("int x = 1 << 40;", "shift-count-overflow"),
    "right shift": ("int x = 10 >> 40;", "shift-count-overflow"),
    "by zero": ("int x = 1 / 0;", "div-by-zero"),
}


@pytest.mark.parametrize("name", sorted(CONSTANT_UB))
def test_undefined_constant_operations_are_not_proven_by_the_native_run(capsys, tmp_path, name):
    import subprocess
    statement, warning = CONSTANT_UB[name]
    program = tmp_path / "constant.c"
    program.write_text(NO_INPUT_HEADER + "int main(void) {\n  " + statement +
                       "\n  __VERIFIER_assert(1);\n  return 0;\n}\n")
    compiled = subprocess.run(["gcc", "-fsyntax-only", "-Wall", "-Wextra", str(program)],
                              capture_output=True, text=True)
    assert f"-W{warning}" in compiled.stderr          # gcc's own word: undefined at run time
    result, lines = run(capsys, program, "--witness", SAMPLE / "c" / "unsafe_sum.empty.witness.yml",
                        "--spec", PRP, "--timeout", "10")
    assert result == "unknown"
