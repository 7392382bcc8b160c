"""Congruence candidates with the powers of two that divide the program's constants
(`engines/candidates.py`, `_moduli`; bitvector/jain_7-2: `x += 1048576U * n` keeps
`x % 2^20 == 0`).  Candidates are guesses that Houdini checks, so the danger is a guess taken
for a fact: `stride_broken_late` keeps the congruence in its first iterations (where samples
come from) and breaks it later, `stride_odd_constant` keeps it for 2^20 but not for 2^21.

The programs are in `tests/data/adversarial/strides/`, with their gcc ground truth (`-m32` and
`-m64`, UBSan traps on, marks as in `test_adversarial_calls.py`); the validator runs on an
empty witness in both data models.
"""
from __future__ import annotations

import pytest

import gt_driver
from conftest import DATA, invariant_set

PROGRAMS = DATA / "adversarial" / "strides"
FALSE = "false(unreach-call)"

CASES = {
    # (verdict, runs: (values of __VERIFIER_nondet_int, marks))
    "stride_safe": ("true", (([3, 1, 1, 1, 5, -1, 7, 2, 2, 2], []), ([0], []),
                             ([2, 0, 0, 0, 1, 0, 0], []))),
    "stride_broken_late": (FALSE, (([5] + [0] * 15, ["error"]), ([2] + [0] * 6, []))),
    "stride_odd_constant": (FALSE, (([1, 1], ["error"]), ([2, 2, 1], []), ([1, 0], []))),
}


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    runs = CASES[name][1]
    found = gt_driver.marks_of_runs(source, tmp_path, model, [values for values, _ in runs])
    assert found == [expected for _, expected in runs]


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name, data_model):
    program = ws.write("prog.c", (PROGRAMS / f"{name}.c").read_text())
    witness = ws.write("witness.yml", invariant_set([]))
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "30",
              "--data-model", data_model)
    assert run.result == CASES[name][0]
