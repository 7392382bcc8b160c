"""Adversarial programs for memory in summarised recursion (issue 16).

A recursive function with pointer parameters is summarised (`engines/chc.py`) with every memory
object as state that the call and summary relations carry, like a global: a callee's writes
through a pointer reach its caller, a callee that only reads sees the memory of its own call,
and every access keeps its bounds, lifetime and initialisation checks as undefined-behaviour
targets.  An object created inside a summarised function (an address-taken local, a heap
block) exists once per active call, which one variable cannot stand for: not summarised.

Each program below would fool a careless version: writes lost at the return
(`write_through_pointer_lost`), a summary blind to the memory of the call
(`memory_changed_between_calls_unsafe`), bounds or initialisation checks dropped in the
summarised body (`read_past_the_block`, `uninitialised_read_deep`), one variable for the
locals of every frame (`local_object_of_each_frame`).  The safe ones recurse up to 10000 calls
deep: only the procedure summaries prove them.

Ground truth as in `test_adversarial_calls`: the gcc build (UBSan traps on, both data models)
prints the `/*MARK:...*/` comments it passes; a mark `ub:...` is placed where the program has
undefined behaviour that UBSan does not trap (a read past a heap block, an indeterminate
value), and the marks are compared up to the first one.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from conftest import DATA, invariant_set
from test_adversarial_calls import ground_truth_marks

PROGRAMS = DATA / "adversarial" / "recursive_memory"
FALSE = "false(unreach-call)"
SUMMARIES = "procedure summaries"


@dataclass(frozen=True)
class Case:
    verdict: str
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks up to the first ub:)


CASES = {
    "write_through_pointer": Case("true", (([5], []), ([0], []))),
    "write_through_pointer_lost": Case(FALSE, (([5], ["error"]), ([0], []))),
    "memory_changed_between_calls": Case("true", (([7], []), ([0], []))),
    "memory_changed_between_calls_unsafe": Case(FALSE, (([7], ["error"]), ([0], ["error"]))),
    "read_past_the_block": Case("unknown", (([3], ["ub:read-past-the-end"]),
                                            ([0], ["ub:read-past-the-end"]))),
    "read_within_the_block": Case("true", (([3], []), ([0], []))),
    "uninitialised_read_deep": Case("unknown", (([2], ["ub:uninitialised-read"]),)),
    "local_object_of_each_frame": Case(FALSE, (([1], []), ([2], ["error"]), ([5], ["error"]))),
}


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
              "--timeout", "20", *options)
    return run.result, json.loads(report.read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli_process, ws, prp, name):
    case = CASES[name]
    result, report = validate(cli_process, ws, prp, name)
    assert result == case.verdict, report.get("reason")
    if case.verdict == "true":
        assert SUMMARIES in report["engine"]
    if case.verdict == "unknown":
        assert "undefined behaviour" in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if case.verdict != "true"))
def test_summaries_alone_never_prove_them(cli_process, ws, prp, name):
    """The CHC engines alone (no test run refutes first): no proof of an unsafe program or of
    one with undefined behaviour."""
    result, _ = validate(cli_process, ws, prp, name, "--engines", "chc")
    assert result != "true"


def test_an_object_in_a_summarised_frame_is_not_summarised(ws):
    from validator.semantics.c_types import DataModel, Unsupported
    from validator.semantics.cfa import build_cfa
    from instrument.frontend import parse_program
    path = ws.write("prog.c", (PROGRAMS / "local_object_of_each_frame.c").read_text())
    program = parse_program(str(path), "ILP32")
    with pytest.raises(Unsupported, match="created in the summarised recursive function 'f'"):
        build_cfa(program.ast, DataModel("ILP32"), "reach_error", [], summarise_recursion=True)


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))
