"""Bounded model checking on the real program (witness assumptions inactive).

Finds executions that reach a target (the error function, a failing invariant, undefined
behaviour) and returns their inputs.  When no path of length k+1 exists at all, every target
not found is unreachable: the search was complete.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import z3

from ..semantics.blocks import TransitionSystem
from .queries import check, second_try_tactic
from .unroll import Unroller

SLOW_QUERY = 0.05       # seconds: ask less often
FAST_QUERY = 0.01       # seconds: ask more often
MAX_INTERVAL = 64
HALTED = -1             # the program counter of a path that has ended


@dataclass
class BmcResult:
    found: list = field(default_factory=list)     # (target key, counterexample)
    complete: bool = False
    depth: int = 0


def bmc(ts: TransitionSystem, wanted: set, deadline: float, max_depth: int = 10_000,
        stop: Optional[Callable[[list], bool]] = None) -> BmcResult:
    """Unroll step by step and ask for a target at any step not yet asked about, every
    `interval` steps.  The interval adapts: it doubles while the queries are slow and halves
    while they are fast.  Proving that no target is reachable within k steps can be the
    expensive part, and then asking at every step wastes the time a deep counterexample needs
    (measured on a violation witness woven into loop-lit/gcnr2008: found at depth 20 in a few
    seconds this way, none within 60 s asking at every step); where queries are cheap, asking
    at every step keeps them small (sv-benchmarks-sample unsafe_sum: depth 951 in 4 s).

    Steps already asked about are plain transitions (facts: a later target needs the path to
    go on through them).  The steps of the interval being collected are transitions that may
    instead end the path (it stays HALTED), so that a target at an early step of the interval
    does not need the path to go on to the end of the interval; they live in a solver scope
    that is dropped once the interval has been asked about, and then added as facts: the
    solver propagates facts far better than guarded formulas (measured: 10 to 20 times).

    `stop`, asked with the counterexamples found so far whenever a query found more, ends
    the search when it answers True (the verdict is decided: the portfolio's `decided`)."""
    result = BmcResult()
    unroller = Unroller(ts, "b")
    solver = z3.Solver()
    solver.add(unroller.pc(0) == ts.cfa.entry, unroller.well_typed(0))
    literals = [z3.Not(a) for a in ts.activation.values()]
    open_keys = set(wanted)
    second_try = second_try_tactic(ts)     # queries.py
    pending: list = []                 # (step, target, condition) not yet asked about
    asked = 0                          # every step below this was asked about
    interval, next_check = 1, 0
    scope = False                      # a solver scope holds the interval's transitions
    for k in range(max_depth):
        pending += [(k, target, condition) for target, condition in
                    unroller.targets(k, lambda t: (t.kind, t.key) in open_keys)]
        if k < next_check:
            # inside the interval: the path goes on, or it has ended and stays HALTED
            if not scope:
                solver.push()
                scope = True
            solver.add(z3.Or(unroller.transition(k),
                             z3.And(unroller.pc(k + 1) == HALTED, unroller.ended(k, HALTED))))
            continue
        started = time.monotonic()
        while True:
            candidates = [(j, t, c) for j, t, c in pending if (t.kind, t.key) in open_keys]
            if not candidates:
                break
            if time.monotonic() > deadline:
                return result
            solver.push()
            solver.add(z3.Or([c for _, _, c in candidates]))
            answer, model = check(ts, solver, literals, deadline, second_try,
                                  first_step=k == 0)
            solver.pop()
            if answer != z3.sat:
                if answer == z3.unknown:
                    return result
                break
            for j, target, condition in candidates:
                key = (target.kind, target.key)
                if key in open_keys and z3.is_true(model.eval(condition, model_completion=True)):
                    result.found.append((key, unroller.counterexample(model, j, target)))
                    open_keys.discard(key)
            if stop is not None and stop(result.found):
                return result
        if not open_keys:
            return result
        # every later target is at a step beyond k: every path to it goes on through step k
        if scope:
            solver.pop()
            scope = False
        solver.add([unroller.transition(j) for j in range(asked, k + 1)])
        pending, asked = [], k + 1
        result.depth = asked
        spent = time.monotonic() - started
        if spent > SLOW_QUERY:
            interval = min(2 * interval, MAX_INTERVAL)
        elif spent < FAST_QUERY:
            interval = max(1, interval // 2)
        next_check = k + interval
        # every step up to k was asked about, and if there is no path of k + 1 steps at all,
        # every target not found is unreachable
        if time.monotonic() > deadline:
            return result
        solver.set("timeout", max(1, int((deadline - time.monotonic()) * 1000)))
        answer = ts.clock.check(solver, *literals)
        if answer == z3.unsat:
            result.complete = True
            return result
        if answer == z3.unknown:
            return result
    return result
