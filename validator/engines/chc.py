"""Constrained Horn clauses, one predicate per cut point, solved by z3's Spacer.

The clauses come from the same block templates as the other engines.  Proven lemmas strengthen
the clause bodies; witness assumptions are active for the invariants whose checks are queries.

A CFA with procedures (recursion summarised, see `validator.semantics.cfa`) adds for each procedure f
  call_f(params, globals)                    the calls that happen (their arguments and globals)
  summary_f(params, globals, result, globals')  what a call that returns may do
(globals: the program's and the memory objects pointers reach (`cfa.pointers`); globals': those
an edge of a procedure writes, `TransitionSystem.call_written`, the others keep their values)
with the clauses
  P_caller(X) -> call_f(args(X), globals(X))                      at every call of f
  P_caller(X) & summary_f(args, globals, r, g') -> P_after(X[result := r, globals := g'])
  call_f(p, g) & saved copies = (p, g) -> P_entry_f(X)
  P_return_f(X) -> summary_f(saved copies, result, globals)
so that the predicates inside f hold only for states of calls that happen (its targets are
queries like any other), and the caller's own variables survive the call: a callee reaches
no variable of its caller but through a pointer, and every object a pointer may reach is a
global here (no object is created inside a procedure).
"""
from __future__ import annotations

import time
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.theories import floating_obstacle


def chc(ts: TransitionSystem, wanted: set, lemmas: dict[int, list], active: frozenset,
        deadline: float, global_guidance: bool = False) -> Optional[bool]:
    """True: no wanted target is reachable; False: one is; None: no answer in time.

    `global_guidance` is Spacer's option `fp.spacer.global` (lemmas generalised across
    predicates): it finds procedure summaries that the default configuration does not."""
    if floating_obstacle(ts.cfa):
        # Spacer does not support floating-point terms reliably (its author, Z3 issue 5423:
        # "horn tactic does not support FP (reliably) and should not be used with this
        # theory"): no answer rather than an unfounded one
        return None
    activation = [(a, z3.BoolVal(i in active)) for i, a in ts.activation.items()]
    sorts = [ts.inputs[v].sort() for v in ts.variables]
    predicates = {c: z3.Function(f"P{c}", *sorts, z3.BoolSort()) for c in ts.blocks}
    inputs = [ts.inputs[v] for v in ts.variables]
    solver = z3.SolverFor("HORN")
    solver.set("timeout", max(1, int((deadline - time.monotonic()) * 1000)))
    if global_guidance:
        solver.set("fp.spacer.global", True)

    def closed(body, head, extra):
        formula = z3.Implies(body, head)
        if activation:
            formula = z3.substitute(formula, *activation)
        bound = inputs + extra
        return z3.ForAll(bound, formula) if bound else formula

    solver.add(closed(ts.well_typed(), predicates[ts.cfa.entry](*inputs), []))
    calls, summaries = _procedure_clauses(ts, predicates, closed, solver)
    for cut, block in ts.blocks.items():
        nondets = [n.const for n in block.nondets]
        here = [predicates[cut](*inputs)] + [t for _, t in lemmas.get(cut, [])]
        returned_here = here
        if block.call is not None:      # the block is the call alone: its targets come before
            call = block.call
            solver.add(closed(z3.And(*here), calls[call.function](*call.args, *call.globals_before),
                              nondets))
            returned = ([call.result] if call.result is not None else []) + call.globals_after
            returned_here = here + [summaries[call.function](*call.args, *call.globals_before,
                                                             *returned)] + call.ensured
            nondets = nondets + returned
        for d, (reach, out) in block.exits.items():
            if d not in predicates:
                continue
            solver.add(closed(z3.And(*returned_here, reach),
                              predicates[d](*[out[v] for v in ts.variables]), nondets))
        for target in block.targets:
            if (target.kind, target.key) in wanted:
                solver.add(closed(z3.And(*here, target.condition), z3.BoolVal(False), nondets))
    answer = ts.clock.check(solver)
    if answer == z3.sat:
        return True
    if answer == z3.unsat:
        return False
    return None


def _procedure_clauses(ts: TransitionSystem, predicates: dict, closed, solver) -> tuple[dict, dict]:
    """The call and summary predicates of every procedure, with the clauses of its entry and
    return (see the module's docstring)."""
    calls, summaries = {}, {}
    globals_now = [ts.inputs[g] for g in ts.globals]
    for name, procedure in ts.cfa.procedures.items():
        inputs = [ts.inputs[v] for v in procedure.params] + globals_now
        outputs = ([ts.inputs[procedure.result]] if procedure.result is not None else []) \
            + [ts.inputs[g] for g in ts.call_written]
        calls[name] = z3.Function(f"call_{name}", *[t.sort() for t in inputs], z3.BoolSort())
        summaries[name] = z3.Function(f"summary_{name}", *[t.sort() for t in inputs + outputs],
                                      z3.BoolSort())
        saved = [ts.inputs[procedure.saved[v]] for v in procedure.params + ts.globals]
        if procedure.entry in predicates:
            entered = [a == b for a, b in zip(saved, inputs)]
            solver.add(closed(z3.And(ts.well_typed(), calls[name](*inputs), *entered),
                              predicates[procedure.entry](*[ts.inputs[v] for v in ts.variables]),
                              []))
        if procedure.return_node in predicates:      # else no call of it ever returns
            solver.add(closed(predicates[procedure.return_node](*[ts.inputs[v]
                                                                 for v in ts.variables]),
                              summaries[name](*saved, *outputs), []))
    return calls, summaries
