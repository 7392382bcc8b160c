"""Bounded unfolding: BMC by symbolic execution of the blocks, for programs whose every
execution ends after a bounded number of blocks (loops with constant bounds).

BMC (`bmc.py`) gives every step fresh state constants tied by transition formulas over
all blocks, and leaves it to the solver to find out which block runs at which step.  Here
the state after each step is a term over the initial state and the inputs drawn so far,
simplified as it is built: where the program counter follows from the constants (a loop
`for (i = 0; i < 5; i++)`), the reach conditions simplify to true or false, only the
blocks that can run are instantiated, array accesses at constant indices become the values
stored, and sums are put in one order, so that a permutation of the same additions is the
same term (reducercommutativity/avg05-1: BMC had not decided it after 60 s; here 1.5 s).
Paths are kept apart where they branch on inputs, and joined where they reach the same
cut point with the same state; beyond MAX_PATHS paths, those at one cut point are merged
(`_merged`).

At each step, the targets of the blocks that run are asked about in one query (to the
integers where `signed_view` reads it exactly, then to bit-blasting).  When no execution
goes on after some step (the frontier is empty) and no query was satisfiable, no execution
reaches a target: the unfolding was complete.  The witness's assumptions are switched off
(the real program), so such a proof assumes nothing.  A satisfiable query ends the
unfolding without a result: counterexamples are BMC's, which replays them.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.substitution import Substitution
from ..semantics.theories import BitVectors
from .queries import second_try_tactic
from .signed_view import signed_view

VIEW_SHARE = 0.5        # of the time left, for the integer reading before bit-blasting
MAX_STEPS = 400        # a loop longer than this is not unfolded to its end in the time
MAX_PATHS = 64         # paths kept apart; beyond, paths at one cut point are merged


@dataclass
class UnfoldResult:
    complete: bool = False      # every execution ended, and none reaches a wanted target
    depth: int = 0              # steps unfolded
    stopped: str = ""           # why it stopped without a proof


def unfold(ts: TransitionSystem, wanted: set, deadline: float,
           max_steps: int = MAX_STEPS, max_paths: int = MAX_PATHS) -> UnfoldResult:
    """Unfold from the entry until every execution has ended; `complete` when no `wanted`
    target (kind, key) is reachable on the way.  Programs with procedure summaries (a
    block that is a call) are not unfolded."""
    return Unfolding(ts, wanted, max_steps, max_paths).run(deadline)


class Unfolding:
    """An unfolding that goes on where it stopped: `run(deadline)` unfolds until the
    deadline, and a later `run` continues from the last step it finished (the portfolio
    gives it a short first slice, tries other checks, and comes back)."""

    def __init__(self, ts: TransitionSystem, wanted: set, max_steps: int = MAX_STEPS,
                 max_paths: int = MAX_PATHS) -> None:
        self.ts = ts
        self.wanted = set(wanted)
        self.max_steps = max_steps
        self.max_paths = max_paths
        self.result = UnfoldResult()
        self.frontier: list[tuple[int, z3.BoolRef, dict]] = []
        if any(block.call is not None for block in ts.blocks.values()):
            self.result.stopped = "procedure calls"
            return
        initial = {v: z3.Const(f"u0:{v.uid}", ts.theory.sort(v.type)) for v in ts.variables}
        self.precondition = ts.well_typed(initial)
        self.switched_off = [(a, z3.BoolVal(False)) for a in ts.activation.values()]
        self.frontier = [(ts.cfa.entry, z3.BoolVal(True), initial)]
        self.result.stopped = "time"

    def run(self, deadline: float, wanted: Optional[set] = None) -> UnfoldResult:
        """Unfold on until the deadline; `wanted`, if given, narrows the targets asked about
        (those settled meanwhile drop out: the steps already unfolded asked about more)."""
        if wanted is not None:
            self.wanted &= wanted
        result = self.result
        if result.stopped != "time":       # complete, or stopped for good
            return result
        ts = self.ts
        for step in range(result.depth, self.max_steps):
            if time.monotonic() > deadline:
                return result
            conditions: list[z3.BoolRef] = []
            following: list[tuple[int, z3.BoolRef, dict]] = []
            for cut, path, state in self.frontier:
                block = ts.blocks[cut]
                pairs = [(ts.inputs[v], state[v]) for v in ts.variables] + self.switched_off
                # each step draws inputs of its own
                pairs += [(n.const, z3.Const(f"u{step}:{n.const}", n.const.sort()))
                          for n in block.nondets]

                substitution = Substitution(pairs)

                def at(term: z3.ExprRef) -> z3.ExprRef:
                    return z3.simplify(substitution(term))

                for target in block.targets:
                    if (target.kind, target.key) in self.wanted:
                        condition = at(target.condition)
                        if not z3.is_false(condition):
                            conditions.append(z3.And(path, condition))
                for destination, (reach, out) in block.exits.items():
                    taken = at(reach)
                    if not z3.is_false(taken):
                        # a variable the block does not write keeps its term
                        following.append((destination, z3.simplify(z3.And(path, taken)),
                                          {v: state[v] if out[v].eq(ts.inputs[v]) else at(out[v])
                                           for v in ts.variables}))
            following = _merged(following, ts.variables, self.max_paths)
            if conditions:
                answer = _ask(ts, self.precondition, z3.Or(conditions), deadline)
                if answer is None:
                    if time.monotonic() < deadline:
                        result.stopped = "the solvers gave up"
                    return result          # out of time: a later run unfolds this step again
                if answer is False:
                    result.stopped = "a target may be reachable"
                    return result
            result.depth = step + 1
            self.frontier = following
            if not self.frontier:
                result.complete = True
                result.stopped = ""
                return result
        result.stopped = "steps"
        return result


def _merged(paths: list[tuple[int, z3.BoolRef, dict]], variables: list, max_paths: int
            ) -> list[tuple[int, z3.BoolRef, dict]]:
    """The paths of one step, those with the same cut point and the same state as one (their
    conditions joined); when more than `max_paths` remain, all those at one cut point as one,
    their states joined by `If` on the path conditions.  Paths of one step exclude each other
    (an execution is at one cut point after each step, and a block's exits exclude each
    other), so `If(p1, s1, s2)` is the state wherever p1 or p2 holds.  Paths are kept apart
    first because a joined state is no longer constant where the paths differ (a loop counter
    one path has advanced further), and the loops' conditions no longer simplify."""
    kept: dict[tuple, tuple[int, z3.BoolRef, dict]] = {}
    for cut, path, state in paths:
        key = (cut, tuple(state[v].get_id() for v in variables))
        if key in kept:
            path = z3.Or(kept[key][1], path)
        kept[key] = (cut, path, state)
    if len(kept) <= max_paths:
        return list(kept.values())
    joined: dict[int, tuple[z3.BoolRef, dict]] = {}
    for cut, path, state in kept.values():
        if cut in joined:
            other, before = joined[cut]
            state = {v: state[v] if state[v].eq(before[v]) else z3.If(path, state[v], before[v])
                     for v in variables}
            path = z3.Or(path, other)
        joined[cut] = (path, state)
    return [(cut, path, state) for cut, (path, state) in joined.items()]


def _ask(ts: TransitionSystem, precondition: z3.BoolRef, condition: z3.BoolRef,
         deadline: float) -> Optional[bool]:
    """True when `precondition && condition` is unsatisfiable, False when satisfiable,
    None when the solvers gave up."""
    if isinstance(ts.theory, BitVectors):
        view = signed_view([precondition, condition])
        if view is not None:
            solver = z3.SolverFor("QF_LIA") if _linear(view) else z3.Solver()
            solver.set("timeout", _milliseconds(deadline, VIEW_SHARE))
            solver.add(*view)
            answer = ts.clock.check(solver)
            if answer != z3.unknown:
                return answer == z3.unsat
    tactic_name = second_try_tactic(ts)
    if tactic_name is not None:
        solver = z3.OrElse(z3.Then("simplify", "propagate-values", "solve-eqs", tactic_name),
                           z3.Tactic("smt")).solver()
    else:
        solver = z3.Solver()
    solver.set("timeout", _milliseconds(deadline, 1.0))
    solver.add(precondition, condition)
    answer = ts.clock.check(solver)
    return None if answer == z3.unknown else answer == z3.unsat


def _linear(formulas: list[z3.BoolRef]) -> bool:
    """No product of two terms that are not numerals (the view keeps constant factors)."""
    seen: set[int] = set()
    stack = list(formulas)
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_mul(t) and sum(1 for c in t.children() if not z3.is_int_value(c)) > 1:
            return False
        stack.extend(t.children())
    return True


def _milliseconds(deadline: float, share: float) -> int:
    return max(1, int((deadline - time.monotonic()) * 1000 * share))
