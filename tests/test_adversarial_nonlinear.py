"""Nonlinear arithmetic (issue 21, item 4; `engines/nonlinear.py`): factor bounds as candidate
lemmas, the witness's conjuncts on their own, and BMC in checked integers for overflows.

The danger is a guess or an abstraction taken for a fact: a polynomial identity that holds over
the mathematical integers but not in C, because a product overflows (`nl_geometric_overflows`:
undefined behaviour, so never `true`) or an unsigned product wraps (`nl_unsigned_square_wraps`:
the invariant `q >= u` is wrong); a factor bound that every sampled state satisfies and later
iterations break, as does the equality `f == 1` of degree 1 and `p == 1` (`nl_factor_bound_late`:
the error is reachable); and a correct program whose
products are bounded by an input only through a bound the witness does not state
(`nl_squares_bounded`: `a <= n`; `nl_euclid_bezout`: `1 <= p <= y`, `-x <= r <= 0`, ...,
which the factor bounds supply).

The programs are in `tests/data/adversarial/nonlinear/`, with their gcc ground truth (`-m32` and
`-m64`, UBSan traps on, marks as in `test_adversarial_calls.py`).
"""
from __future__ import annotations

import pytest

import gt_driver
from conftest import DATA, invariant_set, position

PROGRAMS = DATA / "adversarial" / "nonlinear"
FALSE = "false(unreach-call)"

# (values of __VERIFIER_nondet_int, marks)
GROUND_TRUTH = {
    "nl_geometric_overflows": (([4194304, 3], ["ubsan"]), ([3, 5], []), ([1, 1], [])),
    "nl_squares_bounded": (([0], []), ([2147483647], []), ([1000], [])),
    "nl_unsigned_square_wraps": (([65536], ["wrapped"]), ([3], []), ([65535], [])),
    "nl_factor_bound_late": (([5000], ["error"]), ([1000], []), ([1001], [])),
    "nl_euclid_bezout": (([3, 5], ["negative"]), ([1, 1], []), ([2147483646, 1073741823], []),
                         ([65537, 65536], ["negative"])),
}

# (program, loop invariant at its `while`, verdicts allowed)
WITNESSES = {
    # an identity over the integers whose evaluation overflows: undefined behaviour reachable
    "geometric_identity": ("nl_geometric_overflows",
                           "x * z - x - y + 1 == 0 && 1 <= c && c <= k", {"unknown"}),
    "geometric_empty": ("nl_geometric_overflows", None, {"unknown"}),
    # valid; the bound a <= n that excludes the overflow is not in the witness
    "squares_valid": ("nl_squares_bounded",
                      "0 <= a && t == 2 * a + 1 && s == (a + 1) * (a + 1)", {"true"}),
    # wrong by one: rejected, or at worst unknown, never true
    "squares_wrong": ("nl_squares_bounded",
                      "0 <= a && t == 2 * a + 1 && s == (a + 1) * (a + 1) + 1", {FALSE, "unknown"}),
    # true over the integers, false for the unsigned product (n = 65536)
    "unsigned_wraps": ("nl_unsigned_square_wraps", "q >= u", {FALSE, "unknown"}),
    # valid, without the factors' bounds: `true` needs the factor bounds of nonlinear.py
    # (before them: unknown after 20 s)
    "bezout_valid": ("nl_euclid_bezout",
                     "1 <= a && a <= x && 1 <= b && b <= y && p * s - r * q == 1"
                     " && a == y * r + x * p && b == x * q + y * s", {"true"}),
    "bezout_wrong": ("nl_euclid_bezout",
                     "1 <= a && 1 <= b && q >= 0 && p * s - r * q == 1"
                     " && a == y * r + x * p && b == x * q + y * s", {FALSE, "unknown"}),
    # the error is reachable: never true, whatever the samples suggested
    "late_bound_empty": ("nl_factor_bound_late", None, {FALSE, "unknown"}),
    "late_bound_wrong": ("nl_factor_bound_late", "1 <= f && f <= n + 2 && p == f * f",
                         {FALSE, "unknown"}),
}


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(GROUND_TRUTH))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    runs = GROUND_TRUTH[name]
    found = gt_driver.marks_of_runs(source, tmp_path, model, [values for values, _ in runs])
    assert found == [expected for _, expected in runs]


def test_the_cases_are_the_programs():
    assert sorted(GROUND_TRUTH) == sorted(p.stem for p in PROGRAMS.glob("*.c"))
    assert {program for program, _, _ in WITNESSES.values()} == set(GROUND_TRUTH)


@pytest.mark.parametrize("case", sorted(WITNESSES))
def test_verdict(cli, ws, prp, case):
    name, invariant, allowed = WITNESSES[case]
    source = (PROGRAMS / f"{name}.c").read_text()
    program = ws.write("prog.c", source)
    items = []
    if invariant is not None:
        line, column = position(source, "while")
        items = [("loop_invariant", line, column, invariant)]
    witness = ws.write("witness.yml", invariant_set(items))
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "20")
    assert run.result in allowed, run.out
