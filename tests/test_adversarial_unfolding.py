"""Bounded unfolding (`engines/unfold.py`) and the integer reading of its queries
(`engines/signed_view.py`).  The danger is a proof the program does not have: inputs shared
between the steps of one block (`fresh_inputs`), a merge of paths at a cut point that keeps
one path's state (`merge_reachable`), a target in the last iteration only
(`last_iteration`), and an integer reading that is not exact: the wrap-around of a
conversion (`view_truncation`), unsigned order (`view_unsigned_order`), zero extension
(`view_zero_extension`).  `merge_safe`, `permuted_sums` and `permuted_maxima` are proven by
the unfolding.

The programs are in `tests/data/adversarial/unfolding/`, with their gcc ground truth (`-m32`
and `-m64`, UBSan traps on); the validator runs on an empty witness in both data models with
`--engines bmc` (the unfolding runs before BMC's first round, so a wrong proof would stand),
and `unfold` alone must prove exactly the safe ones.  The integer reading is also compared
with bit-vectors on random formulas.
"""
from __future__ import annotations

import random
import time

import pytest
import z3

import gt_driver
from conftest import DATA, invariant_set
from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.engines.signed_view import signed_view
from validator.engines.unfold import unfold
from validator.semantics.blocks import TransitionSystem
from validator.semantics.cfa import woven_program_cfa

PROGRAMS = DATA / "adversarial" / "unfolding"
FALSE = "false(unreach-call)"

CASES = {
    # (verdict, runs: (values of __VERIFIER_nondet_int, marks))
    "fresh_inputs": (FALSE, (([0, 1], ["error"]), ([5, 5], []))),
    "merge_reachable": (FALSE, (([1, 1, 1, 0], ["error"]), ([0, 0, 0, 0], []))),
    "merge_safe": ("true", (([1, 1, 1, 0], []), ([0, 1, 0, 1], []), ([1, 1, 1, 1], []))),
    "last_iteration": (FALSE, (([0, 0, 0, 0, 7], ["error"]), ([7, 7, 7, 7, 0], []))),
    "permuted_sums": ("true", (([2147483647] * 5, []), ([-2147483647 - 1] * 5, []),
                               ([1, -2, 3, -4, 5], []))),
    "permuted_maxima": ("true", (([5, -3, 9, 9, -2147483647 - 1, 2147483647], []),
                                 ([-1] * 6, []))),
    "view_truncation": (FALSE, (([2147483647, 1], ["error"]), ([5, 6], []))),
    "view_unsigned_order": (FALSE, (([-1], ["error"]), ([7, 8], []))),
    "view_zero_extension": (FALSE, (([-1], ["error"]), ([255, 255], []))),
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
              "--data-model", data_model, "--engines", "bmc")
    assert run.result == CASES[name][0]


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_unfolding_proves_exactly_the_safe_programs(ws, name, data_model):
    program = ws.write("prog.c", (PROGRAMS / f"{name}.c").read_text())
    witness = ws.write("witness.yml", invariant_set([]))
    woven = weave(parse_program(str(program), data_model), load_witness(str(witness)))
    ts = TransitionSystem(woven_program_cfa(woven, data_model, "reach_error", 2))
    targets = {(t.kind, t.key) for b in ts.blocks.values() for t in b.targets}
    result = unfold(ts, targets, time.monotonic() + 60)
    assert result.complete == (CASES[name][0] == "true"), result


def test_an_unbounded_loop_is_not_unfolded_to_the_end(ws):
    """A loop whose length an input chooses: the unfolding stops (here at its step limit)
    without a proof."""
    program = ws.write("prog.c", """extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) { unsigned n = __VERIFIER_nondet_int(), i = 0;
  while (i < n) i++;
  if (i != n) reach_error(); return 0; }
""")
    woven = weave(parse_program(str(program), "ILP32"),
                  load_witness(str(ws.write("w.yml", invariant_set([])))))
    ts = TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error", 2))
    targets = {(t.kind, t.key) for b in ts.blocks.values() for t in b.targets}
    result = unfold(ts, targets, time.monotonic() + 60, max_steps=40)
    assert not result.complete and result.stopped == "steps" and result.depth == 40


# ------------------------------------------------------------ the integer reading
def _random_term(rng: random.Random, width: int, leaves: list, depth: int) -> z3.BitVecRef:
    """A random bit-vector term of `width` bits over `leaves` (of several widths) with the
    operations the reading covers, in the shapes z3's simplifier leaves them."""
    same = [x for x in leaves if x.size() == width]
    if depth == 0 or rng.random() < 0.2:
        choice = rng.random()
        if choice < 0.6 and same:
            return rng.choice(same)
        if choice < 0.8:
            return z3.BitVecVal(rng.randrange(1 << width), width)
        narrower = [x for x in leaves if x.size() < width]
        if narrower:
            x = rng.choice(narrower)
            extend = z3.SignExt if rng.random() < 0.5 else z3.ZeroExt
            return extend(width - x.size(), x)
        return z3.BitVecVal(rng.randrange(1 << width), width)
    op = rng.choice(["+", "-", "neg", "*c", "ite", "trunc", "sext", "zext", "high", "concat"])
    sub = lambda: _random_term(rng, width, leaves, depth - 1)
    if op == "+":
        return sub() + sub()
    if op == "-":
        return sub() - sub()
    if op == "neg":
        return -sub()
    if op == "*c":
        return sub() * z3.BitVecVal(rng.randrange(1 << width), width)
    if op == "ite":
        return z3.If(_random_atom(rng, width, leaves, depth - 1), sub(), sub())
    if op == "trunc":
        return z3.Extract(width - 1, 0, _random_term(rng, width + 2, leaves, depth - 1))
    if op == "high":
        low = rng.randint(1, 2)
        return z3.Extract(width - 1 + low, low, _random_term(rng, width + 2, leaves, depth - 1))
    if op == "concat" and width > 2:
        high = rng.randint(1, width - 1)
        return z3.Concat(_random_term(rng, high, leaves, depth - 1),
                         _random_term(rng, width - high, leaves, depth - 1))
    if width > 2:
        narrow = _random_term(rng, width - 2, leaves, depth - 1)
        return z3.SignExt(2, narrow) if op == "sext" else z3.ZeroExt(2, narrow)
    return sub()


def _random_atom(rng: random.Random, width: int, leaves: list, depth: int) -> z3.BoolRef:
    a = _random_term(rng, width, leaves, depth)
    b = _random_term(rng, width, leaves, depth)
    op = rng.choice(["==", "!=", "slt", "sle", "ult", "ule", "ugt", "sgt"])
    return {"==": lambda: a == b, "!=": lambda: a != b, "slt": lambda: a < b,
            "sle": lambda: a <= b, "ult": lambda: z3.ULT(a, b), "ule": lambda: z3.ULE(a, b),
            "ugt": lambda: z3.UGT(a, b), "sgt": lambda: a > b}[op]()


def test_the_integer_reading_is_equisatisfiable_on_random_formulas():
    """Small widths, so that wrap-around is everywhere; the formulas go through z3's
    simplifier as the unfolding's do (which writes sign extensions as concatenations)."""
    rng = random.Random(16)
    compared = 0
    for _ in range(300):
        width = rng.choice([3, 4, 5])
        leaves = [z3.BitVec(f"x{i}_{w}", w) for i in range(2) for w in (width - 2, width,
                                                                          width + 2) if w > 0]
        formula = z3.And([_random_atom(rng, width, leaves, 3) for _ in range(rng.randint(1, 3))])
        for shape in (formula, z3.simplify(formula)):
            view = signed_view([shape])
            if view is None:
                continue
            bits, integers = z3.Solver(), z3.Solver()
            bits.add(shape)
            integers.add(*view)
            assert bits.check() == integers.check(), shape
            compared += 1
    assert compared > 500


def test_the_reading_gives_up_outside_its_operations():
    x, y = z3.BitVecs("x y", 8)
    assert signed_view([x * y == 3]) is None            # nonlinear
    assert signed_view([z3.UDiv(x, y) == 3]) is None
    assert signed_view([(x & y) == 3]) is None
    assert signed_view([(x << y) == 3]) is None
    assert signed_view([z3.BitVec("f", 8) == z3.fpToSBV(z3.RNE(), z3.FP("d", z3.Float32()),
                                                          z3.BitVecSort(8))]) is None


def _same_answer(formulas: list) -> None:
    view = signed_view(formulas)
    assert view is not None
    integers, bits = z3.Solver(), z3.Solver()
    integers.add(view)
    bits.add(formulas)
    assert integers.check() == bits.check(), formulas


def test_constants_of_one_name_and_two_widths_stay_two_constants():
    # one integer for both would force them equal: `unsat` where the bit-vectors are `sat`
    narrow, wide = z3.BitVec("v", 8), z3.BitVec("v", 16)
    _same_answer([z3.SignExt(8, narrow) != wide])


def test_a_zero_extension_by_no_bits_keeps_the_sign():
    x = z3.BitVec("x", 8)
    _same_answer([z3.ZeroExt(0, x) < 0])
    _same_answer([z3.ULT(z3.BitVecVal(127, 8), z3.ZeroExt(0, x))])


def test_a_quantifier_is_outside_the_reading():
    x, c = z3.BitVecs("x c", 8)
    assert signed_view([z3.ForAll([c], c + 1 != x)]) is None
