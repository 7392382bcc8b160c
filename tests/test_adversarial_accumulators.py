"""Candidates for sums built in loops (`engines/accumulator_lemmas.py`: `s - 255*i <= c`
for `s += v`, `unsigned char v`, `++i`).  `byte_sum_safe` (the shape of
loop-invariants/linear-inequality-inv-a) and its bit-vector twin need them and are proven;
the danger is a bound taken for more than it says: `byte_sum_off_by_one` reaches its error
at 255 bytes of 255, and `short_sum_wraps` (and its bit-vector twin) wraps around after
65538 additions although `s <= 65535 * i` holds over the mathematical values.

The programs are in `tests/data/adversarial/accumulators/`, with their gcc ground truth
(`-m32`, `-m64`, UBSan traps); the validator runs on an empty witness in both data models.
"""
from __future__ import annotations

import pytest

import gt_driver
from conftest import DATA, invariant_set

PROGRAMS = DATA / "adversarial" / "accumulators"
FALSE = "false(unreach-call)"
NOT_TRUE = "not true"

CASES = {
    # (verdict, runs: (values of __VERIFIER_nondet_int, marks))
    "byte_sum_safe": ("true", (([3, 255, 255, 255], []), ([255] + [255] * 255, []),
                               ([2, 0, 0], []))),
    "byte_sum_safe_bits": ("true", (([3, 255, 255, 255], []), ([255] + [255] * 255, []))),
    "byte_sum_off_by_one": (NOT_TRUE, (([255] + [255] * 255, ["error"]), ([3, 255, 1, 2], []))),
    "short_sum_wraps": (NOT_TRUE, (([65535, 65538], ["error"]), ([65535, 65537], []))),
    "short_sum_wraps_bits": (NOT_TRUE, (([65535, 65538], ["error"]), ([65535, 65537], []))),
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
    # the engines that guess and check lemmas (testing gives the samples)
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "30",
              "--data-model", data_model, "--engines", "testing,houdini")
    if CASES[name][0] == NOT_TRUE:
        assert run.result != "true"
    else:
        assert run.result == CASES[name][0]
