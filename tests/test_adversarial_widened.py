"""Adversarial tests of the overflow checks that the operands' types make needless
(`semantics/ranges.py`): `(long long) a * (long long) b` with int a, b cannot overflow.

Since 2026-11-28 the encoder sets no signed-overflow target on a `+`, `-`, `*` or unary `-`
whose result the ranges of its operands' types keep representable.  A careless version would
take a conversion for one that keeps the value where it does not (from unsigned int, to
_Bool), widen after the operation instead of before it, forget a third factor, or be off by
one at LLONG_MIN; these programs tell each apart.  The ground truth comes from gcc
(`gt_driver`: UBSan, every report fatal, `-m32` and `-m64`); where the program marks undefined
behaviour before it (`ub:overflow`), the verdict must be `unknown`, never `true`.
"""
from __future__ import annotations

import pytest

from adversarial_suite import DATA_MODELS, FALSE, MODELS, Case, ProgramSuite
from conftest import DATA

PROGRAMS = DATA / "adversarial" / "widened"
INT_MIN = -2147483648

CASES = {
    "widened_product": Case("true", (([INT_MIN, INT_MIN], []), ([3, -4], []))),
    "product_before_widening": Case("unknown", (([46341, 46341], ["ub:overflow"]),
                                                ([3, 4], [])), "signed overflow at line 9"),
    "three_widened_factors": Case("unknown", (([INT_MIN, INT_MIN, INT_MIN], ["ub:overflow"]),
                                              ([2, 3, 4], [])), "signed overflow at line 10"),
    "unsigned_widened_product": Case("unknown", (([-1, -1], ["ub:overflow"]), ([5, 6], [])),
                                     "signed overflow at line 10"),
    "unsigned_conversion_in_operand": Case("unknown", (([-1], ["ub:overflow"]), ([INT_MIN], []),
                                                         ([7], [])),
                                           "signed overflow at line 9"),
    "short_scaled_to_the_edge": Case("true", (([-32768], []), ([32767], []), ([5], []))),
    "short_scaled_past_the_edge": Case("unknown", (([-32768], ["ub:overflow"]),
                                                   ([32767], [])), "signed overflow at line 8"),
    "widened_difference": Case("unknown", (([-2], ["ub:overflow"]), ([-1], []), ([100], [])),
                               "signed overflow at line 8"),
    "negated_edge": Case("unknown", (([INT_MIN], ["ub:overflow"]), ([1], [])),
                         "signed overflow at line 9"),
    "conditional_operand": Case("unknown", (([0, 5], ["ub:overflow"]), ([1, 5], [])),
                                "signed overflow at line 11"),
    "bool_factor": Case("true", (([7], []), ([0], []))),
    "widened_sum_reaches_error": Case(FALSE, (([2147483647, 1], ["error"]), ([1, 2], []))),
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
