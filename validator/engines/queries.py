"""One satisfiability query of an incremental engine (BMC, k-induction), with a second try by
bit-blasting.

z3's incremental solver works word-level; on some bit-vector queries a fresh solver that
simplifies, solves equations and bit-blasts is far faster (a loop-free SAT instance written
as C, xcsp/aim-200-3-4-sat-1: 0.2 s against 10 s and more).  So on a bit-vector program
without floating values the incremental solver gets a share of the time left, and when it
gives up, a fresh solver with the same assertions gets the rest.  Both are z3: an `unsat` of
either is as good as the other's.
"""
from __future__ import annotations

import time
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.theories import BitVectors, floating_obstacle

INCREMENTAL_SHARE = 0.3      # of the time left, for the incremental solver before the fresh one


def bit_blasting_helps(ts: TransitionSystem) -> bool:
    """Bit-vectors only (z3's FP terms are bit-blasted too, but slowly: no second try)."""
    return isinstance(ts.theory, BitVectors) and floating_obstacle(ts.cfa) is None


def check(ts: TransitionSystem, solver: z3.Solver, assumptions: list, deadline: float,
          second_try: bool) -> tuple[z3.CheckSatResult, Optional[z3.ModelRef]]:
    """The answer for `solver`'s assertions under `assumptions`, and a model if satisfiable."""
    share = INCREMENTAL_SHARE if second_try else 1.0
    solver.set("timeout", max(1, int((deadline - time.monotonic()) * 1000 * share)))
    answer = ts.clock.check(solver, *assumptions)
    if answer == z3.sat:
        return answer, solver.model()
    if answer == z3.unsat or not second_try or time.monotonic() >= deadline:
        return answer, None
    # the program counters of a loop-free path are constants once equations are solved;
    # where something else than bit-vectors is left, z3's general solver
    tactic = z3.OrElse(z3.Then("simplify", "propagate-values", "solve-eqs", "qfbv"),
                       z3.Tactic("smt"))
    fresh = tactic.solver()
    fresh.set("timeout", max(1, int((deadline - time.monotonic()) * 1000)))
    fresh.add(solver.assertions())
    fresh.add(assumptions)
    answer = ts.clock.check(fresh)
    return answer, (fresh.model() if answer == z3.sat else None)
