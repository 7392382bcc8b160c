"""Bounded model checking on the real program (witness assumptions inactive).

Finds executions that reach a target (the error function, a failing invariant, undefined
behaviour) and returns their inputs.  When no path of length k+1 exists at all, every target
not found is unreachable: the search was complete.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from ..blocks import TransitionSystem
from .unroll import Unroller


@dataclass
class BmcResult:
    found: list = field(default_factory=list)     # (target key, counterexample)
    complete: bool = False
    depth: int = 0


def bmc(ts: TransitionSystem, wanted: set, deadline: float, max_depth: int = 10_000,
        stop_when_found: bool = False) -> BmcResult:
    result = BmcResult()
    unroller = Unroller(ts, "b")
    solver = z3.Solver()
    solver.add(unroller.pc(0) == ts.cfa.entry, unroller.well_typed(0))
    literals = [z3.Not(a) for a in ts.activation.values()]
    open_keys = set(wanted)
    for k in range(max_depth):
        result.depth = k
        while open_keys:
            targets = unroller.targets(k, lambda t: (t.kind, t.key) in open_keys)
            if not targets:
                break
            if time.monotonic() > deadline:
                return result
            solver.push()
            solver.add(z3.Or([c for _, c in targets]))
            solver.set("timeout", max(1, int((deadline - time.monotonic()) * 1000)))
            answer = solver.check(*literals)
            if answer != z3.sat:
                solver.pop()
                if answer == z3.unknown:
                    return result
                break
            model = solver.model()
            solver.pop()
            for target, condition in targets:
                key = (target.kind, target.key)
                if key in open_keys and z3.is_true(model.eval(condition, model_completion=True)):
                    result.found.append((key, unroller.counterexample(model, k, target)))
                    open_keys.discard(key)
            if stop_when_found:
                return result
        if not open_keys:
            return result
        solver.add(unroller.transition(k))
        if time.monotonic() > deadline:
            return result
        solver.set("timeout", max(1, int((deadline - time.monotonic()) * 1000)))
        answer = solver.check(*literals)
        if answer == z3.unsat:
            result.complete = True
            return result
        if answer == z3.unknown:
            return result
    return result
