"""BMC on a loop-free program with many branches: the bit-blasting solver of a first-step
query (`engines/queries.py`) and the counterexample read from one evaluation of every nondet value
and branch (`Unroller.values_at`) must still give inputs that replay to the error in gcc."""
from __future__ import annotations

import random
import time

import z3

from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.engines import queries
from validator.engines.bmc import bmc
from validator.execution.replay import replay
from validator.semantics.blocks import ERROR, TransitionSystem
from validator.semantics.cfa import woven_program_cfa

from conftest import PROJECT_ROOT

EMPTY = PROJECT_ROOT / "sv-benchmarks-sample" / "c" / "unsafe_sum.empty.witness.yml"


def sat_instance(variables: int, clauses: int, seed: int) -> tuple[str, list[int]]:
    """A 3-SAT instance as C in the shape of sv-benchmarks' xcsp tasks (each variable an
    input assumed 0 or 1, each clause an `assume` of a call, the error at the end), with a
    planted assignment that satisfies every clause; and that assignment."""
    rng = random.Random(seed)
    planted = [rng.randint(0, 1) for _ in range(variables)]
    lines = ["extern void abort(void);", "extern int __VERIFIER_nondet_int(void);",
             "void reach_error(void) { abort(); }",
             "void assume(int cond) { if (!cond) abort(); }", "int main(void) {"]
    for v in range(variables):
        lines += [f"  int var{v} = __VERIFIER_nondet_int();",
                  f"  assume(var{v} >= 0);", f"  assume(var{v} <= 1);"]
    for _ in range(clauses):
        while True:
            chosen = rng.sample(range(variables), 3)
            signs = [rng.randint(0, 1) for _ in chosen]
            # the clause forbids one combination: not the planted one
            if any(planted[v] != s for v, s in zip(chosen, signs)):
                break
        forbidden = " & ".join(f"var{v} == {s}" for v, s in zip(chosen, signs))
        lines.append(f"  assume(!(({forbidden}) | 0));")
    lines += ["  reach_error();", "  return 0;", "}"]
    return "\n".join(lines) + "\n", planted


def test_bmc_counterexample_of_a_sat_instance_replays(tmp_path):
    text, _ = sat_instance(40, 160, seed=7)
    program = tmp_path / "sat.c"
    program.write_text(text)
    woven = weave(parse_program(str(program), "ILP32"), load_witness(str(EMPTY)))
    cfa = woven_program_cfa(woven, "ILP32", "reach_error", 2)
    ts = TransitionSystem(cfa)
    found = bmc(ts, {(ERROR, None)}, time.monotonic() + 120, stop=lambda found: True)
    [(key, counterexample)] = found.found
    assert key == (ERROR, None)
    values = [i["value"] for i in counterexample["inputs"]]
    assert len(values) == 40 and set(values) <= {0, 1}
    assert replay(woven, "reach_error", "ILP32", counterexample["inputs"]).reached_error
    # a branch step for every `if` taken on the way: 40 * 2 + 160 assumptions, none failing
    assert len(counterexample["steps"]) >= 240


def test_fresh_solver_answers_the_first_step():
    """At the first step the fresh bit-blasting solver answers for the same assertions and
    assumptions as the incremental solver, with a model of them (the incremental solver,
    which here always gives up, is not needed); deeper, the incremental solver answers
    alone."""
    x, y = z3.BitVecs("x y", 32)
    pc = z3.Int("pc")
    flag = z3.Bool("flag")
    incremental = z3.Solver()

    class Clock:          # a TransitionSystem's clock: the incremental solver gives up
        @staticmethod
        def check(solver, *assumptions):
            return z3.unknown if solver is incremental else solver.check(*assumptions)

    class System:
        clock = Clock()

    incremental.add(z3.Or(pc == 3, pc == 4), z3.Implies(flag, x == 5), x * y == 391,
                    x > 1, y > 1, z3.ULT(x, 100), z3.ULT(y, 100), z3.ULT(x, y))
    answer, model = queries.check(System(), incremental, [z3.Not(flag)],
                                  time.monotonic() + 60, second_try="qfbv", first_step=True)
    assert answer == z3.sat
    assert (model.eval(x).as_long(), model.eval(y).as_long()) == (17, 23)
    # the assumption counts: with `flag`, x is 5, which divides nothing
    answer, model = queries.check(System(), incremental, [flag], time.monotonic() + 60,
                                  second_try="qfbv", first_step=True)
    assert answer == z3.unsat and model is None
    # without a second try, or deeper, the incremental solver's answer stands
    for second_try, first_step in ((None, True), ("qfbv", False)):
        answer, _ = queries.check(System(), incremental, [], time.monotonic() + 60,
                                  second_try=second_try, first_step=first_step)
        assert answer == z3.unknown
