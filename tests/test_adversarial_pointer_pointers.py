"""Adversarial tests of issue 16's pointers to pointers (`int **pp = &p`, `*pp = &x`, `**pp`).

A pointer variable whose address is taken is an object whose storage is its two halves (base
and offset): `*pp` reads and writes those variables, so a write through `pp` retargets `p`
itself and a copy of `*pp` taken earlier keeps the old value.  Each program under
`data/adversarial/pointer_pointers/` is one way a careless model would give a wrong verdict
(a copy instead of the variable, a stale read, an out parameter, a pointer member reached
through `&s.p`, a list head, a dangling `&p`, NULL, an unwritten pointer).  The ground truth
comes from gcc (`gt_driver`) with AddressSanitizer and UBSan, every report fatal, `-m32` and
`-m64`.  The validator's verdict must be the one the runs justify; the verdicts are checked
with BMC alone, and the proof engines on their own must never say `true` where the answer is
`unknown`.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

import gt_driver
from conftest import DATA, validate_with_report

PROGRAMS = DATA / "adversarial" / "pointer_pointers"
FALSE = "false(unreach-call)"


@dataclass(frozen=True)
class Case:
    verdict: str                 # in both data models
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks)
    reason: str = ""             # part of the reason of an `unknown`


CASES = {
    "pp_write_through": Case("true", (([], []),)),
    "pp_reaches": Case(FALSE, (([3], ["error"]), ([2], []))),
    "pp_out_parameter": Case("true", (([0], []), ([1], []))),
    "pp_snapshot": Case("true", (([], []),)),
    "pp_self_reference": Case("true", (([], []),)),
    "pp_struct_member": Case(FALSE, (([6], ["error"]), ([5], []))),
    "pp_struct_pointer": Case(FALSE, (([11], ["error"]), ([10], []))),
    # gcc reaches the error after the undefined behaviour (the stack slot was reused)
    "pp_dangling": Case("unknown", (([1], ["before-dangling", "error"]), ([0], [])),
                        "invalid dereference"),
    "pp_null": Case("unknown", (([2], ["before-null", "ubsan"]), ([1], [])),
                    "invalid dereference"),
    "pp_uninitialised": Case("unknown", (([4], ["ub:uninitialised"]), ([3], [])),
                             "read of uninitialised"),
}


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    built = gt_driver.build(source, tmp_path, ["-O0", model, "-fsanitize=address"])
    assert built.returncode == 0, built.stderr
    for values, expected in CASES[name].runs:
        assert gt_driver.marks(tmp_path / "program", values, timeout=10) == expected, values


def validate(cli, ws, prp, name: str, *options: str):
    run, report = validate_with_report(cli, ws, prp, (PROGRAMS / f"{name}.c").read_text(), (),
                                       *options)
    return run.result, report


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name, data_model):
    case = CASES[name]
    result, report = validate(cli, ws, prp, name, "--engines", "bmc", "--data-model",
                              data_model, "--timeout", "60")
    assert result == case.verdict, report.get("reason")
    if case.reason:
        assert case.reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if case.verdict == "unknown"))
def test_undefined_behaviour_is_never_true(cli, ws, prp, name):
    """The proof engines and our interpreter, without BMC: the undefined behaviour (or what
    is not modelled) stays open, never a `true`."""
    result, _ = validate(cli, ws, prp, name, "--engines", "testing,houdini,kinduction,chc",
                         "--timeout", "10")
    assert result != "true"


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))


NOT_MODELLED = {
    # the pointer's halves are no bytes: another view of them is not modelled
    "char_view": ("int x;\nint main(void) { int *p = &x; int **pp = &p; "
                  "char **c = (char **)pp; return c != 0; }\n",
                  "conversion of a pointer"),
    # a block of pointers is an array of pointers
    "heap_block_of_pointers": ("#include <stdlib.h>\nint x;\nint main(void) { "
                               "int **b = malloc(2 * sizeof(int *)); b[0] = &x; return *b[0]; }\n",
                               "a block of pointers"),
    # parameters are no objects (their address is never modelled, pointers or not)
    "parameter_address": ("int x;\nint get(int *p) { int **pp = &p; return **pp; }\n"
                          "int main(void) { return get(&x); }\n", "address of this expression"),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    source, reason = NOT_MODELLED[name]
    run, report = validate_with_report(cli, ws, prp, source, ())
    assert run.result == "unknown"
    assert reason in (report.get("reason") or ""), report.get("reason")
