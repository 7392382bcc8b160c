"""Adversarial tests of issue 16 (memory: variable-length arrays, pointers, the heap).

Each program under `data/adversarial/memory/` is one way a careless memory model would give a
wrong verdict.  The ground truth comes from gcc (`gt_driver`: UBSan on, every report fatal,
`-m32` and `-m64`): the marks a run prints on given inputs, cut at the first undefined
behaviour (`ub...`, or `ubsan` for a sanitizer report).  The validator's verdict must be the
one the runs justify: `true` only where no input reaches the error or undefined behaviour,
`false` only through an execution without undefined behaviour, else `unknown` naming the
undefined behaviour.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

import gt_driver
from conftest import DATA, invariant_set

PROGRAMS = DATA / "adversarial" / "memory"
FALSE = "false(unreach-call)"


@dataclass(frozen=True)
class Case:
    verdict: str                 # in ILP32 (the default data model)
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks up to the first ub)
    reason: str = ""             # part of the reason of an `unknown`


CASES = {
    "vla_size_zero": Case("unknown", (([0], ["ubsan"]), ([3], ["declared"])),
                          "variable-length array 'a' of size 0 or less"),
    "vla_index_past_end": Case("unknown", (([4], ["ubsan"]),),
                               "array index out of bounds"),
    "vla_sizeof": Case(FALSE, (([3], ["error"]), ([4], []))),
    "vla_redeclared_in_loop": Case(FALSE, (([], ["error"]),)),
    "vla_two_dimensions": Case(FALSE, (([2, 1], ["error"]), ([5, 5], ["error"]))),
    "vla_size_wraps_ilp32": Case("unknown", (([1], []), ([1000], []), ([0], []))),
    "ptr_dangling_local": Case("unknown", (([5], ["ub:dangling"]),), "invalid dereference"),
    "ptr_two_lifetimes": Case("unknown", (([], ["between", "ub:dangling"]),),
                              "invalid dereference"),
    "ptr_null_deref": Case("unknown", (([0], ["ub:null"]), ([1], [])), "invalid dereference"),
    "ptr_one_past_end_deref": Case("unknown", (([3], ["ub:past-end"]), ([0], []))),
    "ptr_char_view_of_int": Case("unknown", (([], ["error"]),), "conversion of a pointer"),
    "heap_use_after_free": Case("unknown", (([4], ["ub:freed"]), ([0], [])),
                                "undefined behaviour"),
    "heap_double_free": Case("unknown", (([7], ["ub:double-free"]), ([1], [])), "invalid free"),
    "heap_uninitialised_cell": Case("unknown", (([], ["ub:uninitialised"]),),
                                    "read of uninitialised"),
    "heap_calloc_zero": Case(FALSE, (([5], ["error"]), ([4], []))),
}


def ground_truth_marks(source: str, values: list, model: str, directory) -> list:
    built = gt_driver.build(source, directory, ["-O0", model])
    assert built.returncode == 0, built.stderr
    return gt_driver.marks(directory / "program", values, timeout=10)


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    for values, expected in CASES[name].runs:
        assert ground_truth_marks(source, values, model, tmp_path) == expected, values


def validate(cli, ws, prp, name: str, *options: str):
    program = ws.write("prog.c", (PROGRAMS / f"{name}.c").read_text())
    witness = ws.write("witness.yml", invariant_set([]))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "10", *options)
    return run.result, json.loads(report.read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name):
    case = CASES[name]
    result, report = validate(cli, ws, prp, name)
    assert result == case.verdict, report.get("reason")
    if case.reason:
        assert case.reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if case.verdict == "unknown"))
@pytest.mark.parametrize("engines", ["houdini,bmc,kinduction,chc", "testing"])
def test_undefined_behaviour_is_never_true(cli, ws, prp, name, engines):
    """Whatever the engines: the model's proofs must keep the undefined behaviour open, and
    the program's runs (our interpreter, the gcc build) prove nothing through it."""
    result, _ = validate(cli, ws, prp, name, "--engines", engines)
    assert result != "true"


def test_a_huge_vla_is_fine_where_it_fits(cli, ws, prp):
    """In LP64 `int a[n]` for any positive int n has at most 8 GiB (within PTRDIFF_MAX)."""
    result, report = validate(cli, ws, prp, "vla_size_wraps_ilp32", "--data-model", "LP64")
    assert result == "true", report.get("reason")


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))
