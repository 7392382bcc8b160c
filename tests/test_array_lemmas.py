"""Quantified lemmas about arrays (issue 16, proof power): each technique on a small program it
now proves, and on a variant with a real bug that must not be proven.

Programs under `data/array_lemmas/`: `NAME.c` is safe, `NAME_bug.c` reaches the error on the
inputs of `BUGS` (ground truth: the gcc build with UBSan, `gt_driver`, both data models).  The
loops are too long for testing or BMC, so `true` needs the lemmas: the program's conditions
over the elements written (`array_facts.py`), ranges of index expressions, strides
(`array_ranges.py`), and Houdini's instantiated quantifiers (`instantiate.py`).
"""
from __future__ import annotations

import json

import pytest
import z3

import gt_driver
from conftest import DATA, invariant_set
from validator.engines.instantiate import instantiated

PROGRAMS = DATA / "array_lemmas"

# name -> (inputs of __VERIFIER_nondet_int that reach the error in NAME_bug.c, and that do
# not in NAME.c)
BUGS = {
    "index_value": [1000],
    "guarded_fill": [3, 5, 0, 1],
    "clamped": [3, 1, 2, 7],
    "strided": [60] + [1] * 25 + [10] + [1] * 4,
    "paired_stores": [4, 1, 0, 1, 1],
    "copy_2d": [5],
    "tiled": [6],
    "reset": [6, 1],
    "updated_sum": [5],
}


def validate(cli, ws, prp, source: str, timeout: int = 30):
    program = ws.write("prog.c", source)
    witness = ws.write("witness.yml", invariant_set([]))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", str(timeout))
    return run.result, json.loads(report.read_text())


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(BUGS))
def test_ground_truth(tmp_path, name, model):
    for variant, expected in ((f"{name}_bug", ["error"]), (name, [])):
        built = gt_driver.build((PROGRAMS / f"{variant}.c").read_text(), tmp_path, ["-O0", model])
        assert built.returncode == 0, built.stderr
        assert gt_driver.marks(tmp_path / "program", BUGS[name], timeout=20) == expected, variant


@pytest.mark.parametrize("name", sorted(BUGS))
def test_proven(cli, ws, prp, name):
    # Houdini's quantified rounds take 5 to 20 s on a loaded machine (`clamped`: more)
    result, report = validate(cli, ws, prp, (PROGRAMS / f"{name}.c").read_text(), timeout=90)
    assert result == "true", report.get("reason")


@pytest.mark.parametrize("name", sorted(BUGS))
def test_bug_is_not_proven(cli, ws, prp, name):
    result, report = validate(cli, ws, prp, (PROGRAMS / f"{name}_bug.c").read_text())
    assert result != "true", report.get("reason")


def test_the_cases_are_the_programs():
    assert sorted(f"{n}{s}" for n in BUGS for s in ("", "_bug")) == \
        sorted(p.stem for p in PROGRAMS.glob("*.c"))


def test_instances_follow_from_the_hypothesis():
    """forall x. a[x] == 0 with the goal a[k + 1] != 0: the instance at the goal's index
    refutes it; with the goal forall x. a[x] == 0 after a store of 1, the Skolem instance is
    satisfiable (a real counterexample)."""
    a = z3.Array("a", z3.BitVecSort(64), z3.BitVecSort(32))
    x, k = z3.BitVec("x", 64), z3.BitVec("k", 64)
    everywhere_zero = z3.ForAll([x], a[x] == 0)
    formulas, goals = instantiated([everywhere_zero], [a[k + 1] != 0])
    assert z3.Solver().check(*formulas, *goals) == z3.unsat
    stored = z3.Store(a, k, 1)
    formulas, goals = instantiated([everywhere_zero], [z3.Not(z3.ForAll([x], stored[x] == 0))])
    assert z3.Solver().check(*formulas, *goals) == z3.sat
    # a quantifier inside a formula is not instantiated: no answer, the caller asks z3
    assert instantiated([z3.Or(everywhere_zero, k == 0)], [a[k] != 0]) is None


@pytest.mark.parametrize("declarations, logic", [
    ("int x = __VERIFIER_nondet_int() ^ 12;", "QF_BV"),          # bit operations
    ("int a[4]; a[0] = __VERIFIER_nondet_int(); int x = a[0];", "QF_ABV"),
    ("float f = 1.5f; int x = __VERIFIER_nondet_int() + (int)f;", None),
])
def test_houdini_asks_a_logic_that_knows_every_term(ws, declarations, logic):
    """z3's QF_BV tactic answered `sat` to unsatisfiable queries with arrays or floats (and
    Houdini dropped true lemmas on such answers): a system names the logic of its terms, and
    that logic's solver refutes an array query QF_BV gets wrong."""
    from validator.semantics.blocks import TransitionSystem
    from validator.semantics.cfa import woven_program_cfa
    source = ("extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {}\n"
              f"int main(void) {{ {declarations} if (x == 7) reach_error(); return 0; }}\n")
    _, _, woven = ws.instrument(source, invariant_set([]))
    ts = TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error", 2))
    assert ts.bit_vector_logic == logic
    a = z3.Array("a", z3.BitVecSort(64), z3.BitVecSort(8))
    k, i = z3.BitVecs("k i", 64)
    unsatisfiable = [a[k] == 1, z3.Store(a, i, 1)[k] != 1]
    solver = z3.SolverFor("QF_ABV")
    solver.add(unsatisfiable)
    assert solver.check() == z3.unsat


def test_candidates_leave_out_dead_variables(ws):
    """The parameter of an inlined `assume(c)` is dead after the call: no sampled guess
    names it (a lemma about a value no later step reads helps no proof); a variable-length
    array's dimension, read only by the index checks, and a loop's counter stay live."""
    from validator.engines.candidates import guess_lemmas
    from validator.engines.testing import run_tests
    from validator.semantics.blocks import TransitionSystem
    from validator.semantics.cfa import woven_program_cfa
    from validator.semantics.liveness import live_variables
    source = ("extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {}\n"
              "void assume(int c) { if (!c) for (;;); }\n"
              "int main(void) { int n = __VERIFIER_nondet_int(); assume(n > 0 && n < 50);\n"
              "  int a[n]; for (int i = 0; i < n; i++) a[i] = i;\n"
              "  if (a[n - 1] != n - 1) reach_error(); return 0; }\n")
    _, _, woven = ws.instrument(source, invariant_set([]))
    ts = TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error", 2))
    live = live_variables(ts.cfa)
    names = {v.name for v in ts.variables}
    head = next(c for c in ts.blocks if c != ts.cfa.entry and
                any(v.name == "i" for v in live[c]))
    alive = {v.name for v in live[head]}
    assert {"i", "n"} <= alive and "assume::c" in names and "assume::c" not in alive
    assert any(v.name.startswith("vla-size") for v in live[head])
    samples = run_tests(ts, set(), __import__("time").monotonic() + 0.5).samples
    guessed = [k for lemmas in guess_lemmas(ts, samples).values() for k, _ in lemmas]
    assert any(k[0] == "guess" for k in guessed)
    assert not any(k[0] == "guess" and "assume::c" in k[2] for k in guessed)


def test_one_element_array_is_sampled_as_a_scalar(ws):
    """`long long sum[1]` that a loop keeps equal to its counter: random testing samples
    sum[0], and the guesses state `sum[0] == i` as a cell equality (kind "cell", which
    Houdini asks again after the quantified round)."""
    from validator.engines.candidates import guess_lemmas
    from validator.engines.cells import Cell
    from validator.engines.testing import run_tests
    from validator.semantics.blocks import TransitionSystem
    from validator.semantics.cfa import woven_program_cfa
    source = ("extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {}\n"
              "int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 50) return 0;\n"
              "  long long sum[1]; sum[0] = 0;\n"
              "  for (int i = 0; i < n; i++) sum[0] = sum[0] + 1;\n"
              "  if (sum[0] != n) reach_error(); return 0; }\n")
    _, _, woven = ws.instrument(source, invariant_set([]))
    ts = TransitionSystem(woven_program_cfa(woven, "ILP32", "reach_error", 2))
    samples = run_tests(ts, set(), __import__("time").monotonic() + 0.5).samples
    assert any(isinstance(k, Cell) for states in samples.values() for s in states for k in s)
    keys = [k[2] for lemmas in guess_lemmas(ts, samples).values() for k, _ in lemmas
            if k[0] == "cell"]
    assert any("sum" in k and "i#" in k and "[0]" in k for k in keys), keys


def test_quantifiers_are_found_wherever_they_are():
    """`has_quantifier` (z3's probe) answers as a walk of the whole term does: a quantifier
    or lambda under any operator, also beside a `false` conjunct (which leaves z3's goal with
    no formulas) and not where there is none."""
    from validator.engines.instantiate import _walk_for_quantifier, has_quantifier
    x = z3.Int("x")
    a = z3.Array("a", z3.IntSort(), z3.IntSort())
    q = z3.ForAll([x], a[x] == 0)
    quantified = [q, z3.And(x > 0, q), z3.And(z3.BoolVal(False), q), z3.Not(z3.Or(x > 1, q)),
                  z3.Lambda([x], x + 1)[3] == 4, z3.Exists([x], x > 2),
                  z3.If(q, x, x + 1) == 2]
    plain = [x > 0, z3.BoolVal(True), z3.BoolVal(False), z3.And(z3.BoolVal(False), x > 1),
             z3.Store(a, x, 1)[x] == 1]
    for term in quantified:
        assert has_quantifier(term) and _walk_for_quantifier(term), term
    for term in plain:
        assert not has_quantifier(term) and not _walk_for_quantifier(term), term


def test_families_of_a_split_are_related():
    """A split lemma (`array_updates.py`) states two values' facts: each is related to it."""
    from validator.engines.houdini import related
    assert related(("b == 1", "b == (1 + s)"), "b == 1")
    assert related("b == (1 + s)", ("b == 1", "b == (1 + s)"))
    assert not related("b == 2", ("b == 1", "b == (1 + s)"))
