"""k-induction over the block transition system, strengthened by proven lemmas.

The base case is the BMC run (no target within its depth); the step case shows that k
consecutive target-free blocks from any cut-point state satisfying the lemmas cannot be
followed by a target.  Witness assumptions are active for the invariants being proven: each
assumption follows its own check, which is a target, so the first violation in any real
execution is still seen.
"""
from __future__ import annotations

import time
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from .queries import check, second_try_tactic
from .unroll import Unroller


def kinduction(ts: TransitionSystem, wanted: set, lemmas: dict[int, list], active: frozenset,
               max_k: int, deadline: float) -> Optional[int]:
    """The k at which the step case holds for all `wanted` targets, or None."""
    unroller = Unroller(ts, "k")
    solver = z3.Solver()
    literals = [a if i in active else z3.Not(a) for i, a in ts.activation.items()]
    terms = {c: [t for _, t in ls] for c, ls in lemmas.items()}
    second_try = second_try_tactic(ts)     # queries.py
    solver.add(unroller.is_cut_point(0), unroller.well_typed(0), unroller.lemmas(0, terms))
    for k in range(max_k + 1):
        targets = unroller.targets(k, lambda t: (t.kind, t.key) in wanted)
        bad = z3.Or([c for _, c in targets]) if targets else z3.BoolVal(False)
        if time.monotonic() > deadline:
            return None
        solver.push()
        solver.add(bad)
        answer, _ = check(ts, solver, literals, deadline, second_try, first_step=k == 0)
        solver.pop()
        if answer == z3.unsat:
            return k
        if answer == z3.unknown:
            return None
        solver.add(z3.Not(bad), unroller.transition(k), unroller.lemmas(k + 1, terms))
    return None
