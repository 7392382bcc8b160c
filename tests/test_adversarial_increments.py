"""Adversarial tests of `++` and `--` whose value is discarded (a statement, a for loop's step,
the left operand of a comma, a cast to void).

Since 2026-11-28 such an increment is lowered as the prefix form (`cfa/expressions.py`,
`unary(discard=...)`): no variable of its own keeps the old value, which nothing reads (a
program of 1,250 for loops carried 1,250 such variables through every engine).  A careless
version of that would lose the increment, the conversion back to the type (an unsigned char
wraps, a _Bool becomes 1), the overflow check of a signed type, or the bounds of pointer
arithmetic; these programs tell each apart.  The ground truth comes from gcc (`gt_driver`:
UBSan, every report fatal, `-m32` and `-m64`); where the program marks undefined behaviour
before it (`ub:overflow`, `ub:out-of-bounds`), the verdict must be `unknown`, never `true`.
"""
from __future__ import annotations

import pytest

from adversarial_suite import DATA_MODELS, FALSE, MODELS, Case, ProgramSuite
from conftest import DATA

PROGRAMS = DATA / "adversarial" / "increments"

CASES = {
    "statement_increment_overflow": Case("unknown", (([1], ["ub:overflow"]), ([0], [])),
                                         "signed overflow at line 10"),
    "for_step_overflow": Case("unknown", (([0], ["ub:overflow"]), ([3], ["ub:overflow"])),
                              "signed overflow at line 9"),
    "unsigned_char_wraps": Case("true", (([1], []), ([0], []))),
    "bool_increments": Case("true", (([1], []), ([0], []))),
    "comma_step": Case("true", (([1], []), ([0], []))),
    "void_cast_increment": Case("true", (([0], []), ([7], []))),
    "postfix_value_used": Case("true", (([0], []), ([42], []))),
    "increment_reaches_error": Case(FALSE, (([4], ["error"]), ([5], []))),
    "pointer_step_loop": Case("true", (([0], []), ([9], []))),
    "pointer_step_past_end": Case("unknown", (([1], ["ub:out-of-bounds"]), ([0], [])),
                                  "pointer arithmetic outside its object at line 13"),
}
SUITE = ProgramSuite(PROGRAMS, CASES)


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("name", SUITE.names())
def test_ground_truth(tmp_path, name, model):
    SUITE.check_ground_truth(tmp_path, name, model)


@pytest.mark.parametrize("data_model", DATA_MODELS)
@pytest.mark.parametrize("name", SUITE.names())
def test_verdict(cli, ws, prp, name, data_model):
    SUITE.check_verdict(cli, ws, prp, name, data_model)


@pytest.mark.parametrize("name", SUITE.unknown_names())
def test_undefined_behaviour_is_never_true(cli, ws, prp, name):
    SUITE.check_never_true(cli, ws, prp, name, "testing,houdini,kinduction,chc", "--timeout", "10")


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()
