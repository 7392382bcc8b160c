"""The shared corpus (read in place as ../shared/corpus): every program parses and, woven with an
empty witness, is accepted by gcc; every sequential witness places each invariant or says why
not, or is an ERROR for a reason pinned down here.  The totals are printed in the terminal
summary ("corpus witnesses")."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from conftest import ASSUME, CHECK, CORPUS, gcc_syntax_errors, intrinsic_calls
from instrument.emit import emit_c
from instrument.errors import InputError
from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.woven import PLACED, UNPLACED, UNSUPPORTED
from instrument.witness import Witness, load_witness


def _manifest() -> list[dict]:
    with open(CORPUS / "MANIFEST.tsv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for row in rows:
        row["notes_map"] = dict(part.split("=", 1) for part in row["notes"].split("; ")
                                if "=" in part)
    return rows


ROWS = _manifest()
WITNESS_ROWS = [r for r in ROWS if r["kind"] == "witness"]
SEQUENTIAL = [r for r in WITNESS_ROWS if r["notes_map"].get("concurrent") != "yes"]
CONCURRENT = [r for r in WITNESS_ROWS if r["notes_map"].get("concurrent") == "yes"]

SV_PROGRAMS = sorted(p for p in (CORPUS / "sv-benchmarks" / "c").rglob("*")
                     if p.is_file() and p.suffix in (".c", ".i"))
WITNESS_PROGRAMS = sorted(p for p in (CORPUS / "witnesses").rglob("*.c") if p.is_file())

# Witnesses that are not valid correctness witnesses, and why (checked for ALL witness rows).
LEMMA_WITHOUT_FILE_NAME = "missing required key 'file_name' in content/0/invariant/location"
VIOLATION = "this is a violation witness (entry_type violation_sequence)"
NO_METADATA = "missing required key 'metadata'"
EXPECTED_ERRORS = {
    **{f"witnesses/cpachecker/lemma/{path}": LEMMA_WITHOUT_FILE_NAME for path in [
        *[f"array-patterns/array{n}_pattern-witness.yml" for n in range(1, 11)],
        "factorial/factorial-witness.yml",
        "max-array/max-array-witness-no-lemma.yml", "max-array/max-array-witness.yml",
        "max-greater-min/max-greater-min-witness.yml",
        "maxArray/witness.yml", "maxArray/witnessNoLemma.yml",
        "min-array/min-array-witness-no-lemma.yml", "min-array/min-array-witness.yml",
        "min-array/witness-no-lemma.yml", "min-array/witness.yml",
        "minArray/witness.yml", "minArray/witnessNoLemma.yml",
        "summation/summation-witness.yml", "test/lemma/witness.yml"]},
    **{f"witnesses/goblint/witness/violation.t/{name}/{name}.yml": VIOLATION
       for name in ("correct", "correct-hard", "incorrect")},
    "witnesses/goblint/56-witness/66-ghost-alloc-lock/66-ghost-alloc-stripped.yml": NO_METADATA,
}

# Invariants that cannot be placed, checked by hand: each location points at no statement of
# THIS version of the program (the witness was written for another version: hash mismatch, or
# Goblint's old unassume test inputs whose columns fall into the indentation).
EXPECTED_UNPLACED = {
    ("witnesses/cpachecker/loop_invariant_and_certificate/loop_invariant_and_certificate.yml", 0):
        "no loop (for, while or do keyword) starts on line 22",
    ("witnesses/sv-witnesses/multivar_1-1/multivar_1-1.c.invariant_witness.yaml", 0):
        "no loop (for, while or do keyword) starts on line 22",
    ("witnesses/goblint/56-witness/12-apron-unassume-branch/12-apron-unassume-branch.yml", 0):
        "line 7, column 3",
    ("witnesses/goblint/56-witness/12-apron-unassume-branch/12-apron-unassume-branch.yml", 1):
        "line 7, column 3",
    ("witnesses/goblint/56-witness/25-apron-unassume-strengthening/"
     "25-apron-unassume-strengthening.yml", 1): "line 17, column 4",
    ("witnesses/goblint/56-witness/70-apron-unassume-set-tokens/"
     "70-apron-unassume-set-tokens.yml", 0): "line 8, column 3",
    ("witnesses/goblint/56-witness/70-apron-unassume-set-tokens/"
     "70-apron-unassume-set-tokens.yml", 1): "line 8, column 3",
    ("witnesses/goblint/56-witness/70-apron-unassume-set-tokens/"
     "70-apron-unassume-set-tokens.yml", 2): "line 14, column 3",
    ("witnesses/goblint/56-witness/70-apron-unassume-set-tokens/"
     "70-apron-unassume-set-tokens.yml", 3): "line 14, column 3",
}


def _data_model_of_task(program: Path) -> str:
    """ILP32 unless a task definition naming the program says LP64."""
    for task in program.parent.glob("*.yml"):
        data = YAML(typ="safe", pure=True).load(task.read_text(encoding="utf-8"))
        files = data.get("input_files") if isinstance(data, dict) else None
        files = [files] if isinstance(files, str) else (files or [])
        if program.name in files:
            return (data.get("options") or {}).get("data_model", "ILP32")
    return "ILP32"


def _id(path: Path) -> str:
    return str(path.relative_to(CORPUS))


def test_corpus_is_complete():
    assert len(SV_PROGRAMS) >= 101
    assert len(WITNESS_PROGRAMS) >= 121
    assert len(WITNESS_ROWS) >= 176
    assert len(SEQUENTIAL) >= 126 and len(CONCURRENT) >= 50


@pytest.mark.parametrize("program", SV_PROGRAMS + WITNESS_PROGRAMS, ids=_id)
def test_every_program_parses_and_weaves_to_c_that_gcc_accepts(program, tmp_path):
    data_model = _data_model_of_task(program) if "sv-benchmarks" in program.parts else "ILP32"
    parsed = parse_program(str(program), data_model)
    assert any(getattr(node, "decl", None) is not None for node in parsed.ast.ext)
    result = weave(parsed, Witness(path="empty.yml", format_versions=["2.0"]))
    assert result.placements == [] and result.checks == []
    assert gcc_syntax_errors(emit_c(result.ast), tmp_path, data_model) == ""


@pytest.mark.parametrize("row", WITNESS_ROWS, ids=lambda r: r["path"])
def test_witness_loads_or_is_an_expected_error(row):
    path = row["path"]
    try:
        witness = load_witness(str(CORPUS / path))
    except InputError as e:
        assert path in EXPECTED_ERRORS, f"unexpected ERROR: {e}"
        assert EXPECTED_ERRORS[path] in str(e)
        assert e.line is not None
        return
    assert path not in EXPECTED_ERRORS, "expected an ERROR"
    for invariant in witness.invariants:
        assert invariant.unsupported_reason or (invariant.location and invariant.value)


@pytest.mark.parametrize("row", [r for r in SEQUENTIAL if r["path"] not in EXPECTED_ERRORS],
                         ids=lambda r: r["path"])
def test_sequential_witness_places_every_invariant_or_says_why(row, tmp_path, corpus_summary):
    path = row["path"]
    witness = load_witness(str(CORPUS / path))
    data_model = witness.data_model or "ILP32"
    program = parse_program(str(CORPUS / row["notes_map"]["program"]), data_model)
    result = weave(program, witness)
    calls = intrinsic_calls(result.ast)
    status = corpus_summary["status"]
    corpus_summary["witnesses"] += 1
    for placement in result.placements:
        status[placement.status] += 1
        key = (path, placement.index)
        if placement.status == PLACED:
            assert placement.reason is None
            woven = [c for c in result.checks if c.index == placement.index]
            assert woven, "placed but not woven"
            assert calls.count((CHECK, placement.index)) == len(woven)
            assert calls.count((ASSUME, placement.index)) == len(woven)
        else:
            assert placement.status in (UNPLACED, UNSUPPORTED)
            assert placement.reason, "no reason given"
            if placement.status == UNPLACED:
                assert key in EXPECTED_UNPLACED, f"unexpected: {placement.reason}"
                assert EXPECTED_UNPLACED[key] in placement.reason
                corpus_summary["notes"].append(f"unplaced: {path} #{placement.index}: "
                                               f"{placement.reason}")
    assert gcc_syntax_errors(emit_c(result.ast), tmp_path, data_model) == ""


def test_expected_unplaced_invariants_are_still_in_the_corpus():
    rows = {r["path"] for r in SEQUENTIAL}
    assert {path for path, _ in EXPECTED_UNPLACED} <= rows
    assert set(EXPECTED_ERRORS) <= {r["path"] for r in WITNESS_ROWS}


def test_zz_corpus_totals(corpus_summary):
    """Runs after the per-witness tests (file order); the totals are a floor for regressions."""
    status = corpus_summary["status"]
    expected = sum(1 for r in SEQUENTIAL if r["path"] not in EXPECTED_ERRORS)
    if corpus_summary["witnesses"] != expected:
        pytest.skip("not all per-witness tests ran (deselected or failed before counting)")
    status["error"] = sum(1 for r in SEQUENTIAL if r["path"] in EXPECTED_ERRORS)
    print(f"\ncorpus (sequential): placed {status['placed']}, unplaced {status['unplaced']}, "
          f"unsupported {status['unsupported']}, witness ERROR {status['error']}")
    assert status["placed"] >= 383
    assert status["unplaced"] == len(EXPECTED_UNPLACED)
