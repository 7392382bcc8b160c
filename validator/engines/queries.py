"""One satisfiability query of an incremental engine (BMC, k-induction), with a second try by
bit-blasting.

z3's incremental solver works word-level; on some bit-vector queries a fresh solver that
simplifies, solves equations and bit-blasts is far faster (a loop-free SAT instance written
as C, xcsp/aim-200-3-4-sat-1: 0.2 s against 10 s and more), and on floating-point queries
z3's QF_FP tactic is (a long double computation of tests/test_adversarial_long_double.py:
2.7 s against 13 s non-incremental, 96 s incremental).  So on a bit-vector program the
query of step 0 (nothing learnt incrementally is lost there, and a loop-free program is that
one query) goes to a fresh solver with half the time left, and when it gives up, to the
incremental solver with the rest; deeper queries go to the incremental solver alone.  Both are z3: an `unsat` of either is as good as the
other's.
"""
from __future__ import annotations

import time
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.theories import BitVectors, floating_obstacle

FRESH_FIRST_SHARE = 0.5      # at the first step: for the fresh solver before the incremental one


def second_try_tactic(ts: TransitionSystem) -> Optional[str]:
    """The tactic of the second try: `qfbv` for bit-vectors, `qffp` where floating values
    are (z3's FP terms over bit-vectors); None over integers."""
    if not isinstance(ts.theory, BitVectors):
        return None
    return "qfbv" if floating_obstacle(ts.cfa) is None else "qffp"


def check(ts: TransitionSystem, solver: z3.Solver, assumptions: list, deadline: float,
          second_try: Optional[str], first_step: bool = False
          ) -> tuple[z3.CheckSatResult, Optional[z3.ModelRef]]:
    """The answer for `solver`'s assertions under `assumptions`, and a model if satisfiable;
    `second_try` the tactic of the fresh solver, if any.  At the `first_step` (a query of
    step 0 only: the incremental solver has nothing learnt to reuse, and for a loop-free
    program it is the whole program) the fresh solver goes first."""
    if second_try and first_step:
        answer, model = _fresh(ts, solver, assumptions, deadline, second_try, FRESH_FIRST_SHARE)
        if answer != z3.unknown or time.monotonic() >= deadline:
            return answer, model
        return _incremental(ts, solver, assumptions, deadline, 1.0)
    # deeper, the incremental solver keeps all the time: a share of it cost BMC's short first
    # round the counterexample of systemc/token_ring.01.cil-2 (the fresh solver starts over)
    return _incremental(ts, solver, assumptions, deadline, 1.0)


def _incremental(ts: TransitionSystem, solver: z3.Solver, assumptions: list, deadline: float,
                 share: float) -> tuple[z3.CheckSatResult, Optional[z3.ModelRef]]:
    solver.set("timeout", _milliseconds(deadline, share))
    answer = ts.clock.check(solver, *assumptions)
    return answer, (solver.model() if answer == z3.sat else None)


def _fresh(ts: TransitionSystem, solver: z3.Solver, assumptions: list, deadline: float,
           tactic_name: str, share: float) -> tuple[z3.CheckSatResult, Optional[z3.ModelRef]]:
    # the program counters of a loop-free path are constants once equations are solved;
    # where something else than bit-vectors is left, z3's general solver
    tactic = z3.OrElse(z3.Then("simplify", "propagate-values", "solve-eqs", tactic_name),
                       z3.Tactic("smt"))
    fresh = tactic.solver()
    fresh.set("timeout", _milliseconds(deadline, share))
    fresh.add(solver.assertions())
    fresh.add(assumptions)
    answer = ts.clock.check(fresh)
    return answer, (fresh.model() if answer == z3.sat else None)


def _milliseconds(deadline: float, share: float) -> int:
    return max(1, int((deadline - time.monotonic()) * 1000 * share))
