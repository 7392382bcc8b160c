"""Constrained Horn clauses, one predicate per cut point, solved by z3's Spacer.

The clauses come from the same block templates as the other engines.  Proven lemmas strengthen
the clause bodies; witness assumptions are active for the invariants whose checks are queries.
"""
from __future__ import annotations

import time
from typing import Optional

import z3

from ..blocks import TransitionSystem


def chc(ts: TransitionSystem, wanted: set, lemmas: dict[int, list], active: frozenset,
        deadline: float) -> Optional[bool]:
    """True: no wanted target is reachable; False: one is; None: no answer in time."""
    activation = [(a, z3.BoolVal(i in active)) for i, a in ts.activation.items()]
    sorts = [ts.inputs[v].sort() for v in ts.variables]
    predicates = {c: z3.Function(f"P{c}", *sorts, z3.BoolSort()) for c in ts.blocks}
    inputs = [ts.inputs[v] for v in ts.variables]
    solver = z3.SolverFor("HORN")
    solver.set("timeout", max(1, int((deadline - time.monotonic()) * 1000)))

    def closed(body, head, extra):
        formula = z3.Implies(body, head)
        if activation:
            formula = z3.substitute(formula, *activation)
        bound = inputs + extra
        return z3.ForAll(bound, formula) if bound else formula

    solver.add(closed(ts.well_typed(), predicates[ts.cfa.entry](*inputs), []))
    for cut, block in ts.blocks.items():
        nondets = [n.const for n in block.nondets]
        here = [predicates[cut](*inputs)] + [t for _, t in lemmas.get(cut, [])]
        for d, (reach, out) in block.exits.items():
            if d not in predicates:
                continue
            solver.add(closed(z3.And(*here, reach), predicates[d](*[out[v] for v in ts.variables]),
                              nondets))
        for target in block.targets:
            if (target.kind, target.key) in wanted:
                solver.add(closed(z3.And(*here, target.condition), z3.BoolVal(False), nondets))
    answer = ts.clock.check(solver)
    if answer == z3.sat:
        return True
    if answer == z3.unsat:
        return False
    return None
