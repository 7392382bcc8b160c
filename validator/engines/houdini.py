"""Cut-point inductive check with Houdini pruning.

Lemmas are attached to cut points.  A lemma at d survives if every block c -> d preserves it,
assuming all surviving lemmas at c.  The fixpoint is the largest inductive subset; it holds in
every reachable state (the entry has no lemmas).  Witness assumptions are inactive here: the
lemmas play their role, so nothing unproven is ever assumed.
"""
from __future__ import annotations

import time
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.theories import BitVectors


def _remaining_ms(deadline: float) -> int:
    return max(1, int((deadline - time.monotonic()) * 1000))


BATCH_QUERY_MS = 200
SINGLE_QUERY_MS = 5000       # a lemma the solver cannot decide in this time is dropped


def houdini(ts: TransitionSystem, candidates: dict[int, list[tuple[object, z3.BoolRef]]],
            deadline: float) -> dict[int, list[tuple[object, z3.BoolRef]]]:
    """The largest inductive subset of `candidates` (cut point -> [(key, lemma over inputs)]).

    For each block c -> d a query asks whether, from a state satisfying the surviving lemmas
    of c, one of d's lemmas can fail after the block; the model names every lemma it
    falsifies, and all of those are dropped at once.  When such a batch query is slow (a
    disjunction of many negated bit-vector relations can be), the lemmas are asked one by
    one.  Only blocks whose source lost a lemma are asked again.  Every query is a fresh
    solver: z3's incremental mode skips the bit-vector preprocessing that makes these
    queries fast (measured: seconds instead of milliseconds for the same query).
    """
    active = {c: dict(candidates.get(c, [])) for c in ts.blocks}
    active[ts.cfa.entry] = {}
    inactive = [z3.Not(a) for a in ts.activation.values()]
    queries = {}
    for cut, block in ts.blocks.items():
        if time.monotonic() > deadline:     # thousands of variables (deep inlining) take long
            raise TimeoutError("houdini")
        for d, (reach, out) in block.exits.items():
            if active.get(d):
                pairs = [(ts.inputs[v], out[v]) for v in ts.variables]
                after = {k: z3.substitute(t, *pairs) for k, t in active[d].items()}
                queries[(cut, d)] = (z3.And(ts.well_typed(), reach, *inactive), after)
    dirty = sorted(queries)
    while dirty:
        cut, d = dirty.pop(0)
        reach, after = queries[(cut, d)]
        before = len(active[d])
        _prune(reach, after, active[cut], active[d], deadline, ts)
        if len(active[d]) < before:
            dirty.extend(q for q in sorted(queries) if q[0] == d and q not in dirty)
    return {c: list(lemmas.items()) for c, lemmas in active.items()}


def _prune(reach: z3.BoolRef, after: dict, hypotheses: dict, lemmas: dict, deadline: float,
           ts: TransitionSystem) -> None:
    """Drop from `lemmas` every lemma the block can break (`after`: lemma after the block)."""
    while lemmas:
        answer, model = _check([reach, *hypotheses.values(),
                                z3.Or([z3.Not(after[k]) for k in lemmas])], deadline, BATCH_QUERY_MS,
                               ts)
        if answer == z3.unsat:
            return
        if answer == z3.unknown or not _drop_falsified(model, after, lemmas):
            break        # (a quantified lemma the model cannot evaluate: asked on its own)
    for key in list(lemmas):
        if key not in lemmas:
            continue
        answer, model = _check([reach, *hypotheses.values(), z3.Not(after[key])], deadline,
                               SINGLE_QUERY_MS, ts)
        if answer == z3.sat:
            _drop_falsified(model, after, lemmas)
            lemmas.pop(key, None)                 # falsified, whether the model says so or not
        elif answer == z3.unknown:
            del lemmas[key]                       # cannot tell: do not keep it


def _check(formulas: list, deadline: float, limit_ms: Optional[int], ts: TransitionSystem):
    """One query in a fresh solver.  When z3's default strategy gives up within the first
    part of the time, the bit-vector tactic (word-level rewriting, solving equations, then
    bit-blasting) gets the rest: each proves queries the other does not (measured: a
    polynomial identity of nla-digbench/geo1 in 0.1 s against no answer in 10 s)."""
    if time.monotonic() > deadline:
        raise TimeoutError("Houdini")
    bit_vectors = isinstance(ts.theory, BitVectors)
    answer, model = z3.unknown, None
    # over integers there is no second try: the default solver gets all of the time
    attempts = ((z3.Solver, 0.3), (lambda: z3.SolverFor("QF_BV"), 1.0)) if bit_vectors else \
        ((z3.Solver, 1.0),)
    for make, share in attempts:
        remaining = _remaining_ms(deadline)
        solver = make()
        solver.set("timeout", max(1, int(min(remaining, limit_ms or remaining) * share)))
        solver.add(formulas)
        answer = ts.clock.check(solver)
        if answer != z3.unknown or time.monotonic() > deadline or not bit_vectors:
            break
    if answer == z3.unknown and time.monotonic() > deadline:
        raise TimeoutError("Houdini")
    return answer, (solver.model() if answer == z3.sat else None)


def _drop_falsified(model: z3.ModelRef, after: dict, lemmas: dict) -> bool:
    """Drop the lemmas that `model` makes false; whether there was one.  A lemma the model
    does not evaluate to a truth value (a quantifier over a whole array) is kept here: only a
    query of its own may drop or keep it."""
    dropped = False
    for k in list(lemmas):
        if z3.is_false(model.eval(after[k], model_completion=True)):
            del lemmas[k]
            dropped = True
    return dropped


def unreachable_targets(ts: TransitionSystem, lemmas: dict[int, list[tuple[object, z3.BoolRef]]],
                        deadline: float) -> set:
    """Target keys (kind, key) that no block can reach from a state satisfying the lemmas
    (witness assumptions inactive: this is the real program).  One fresh solver per query, as
    in Houdini; at the deadline, whatever is not yet shown counts as reachable."""
    inactive = [z3.Not(a) for a in ts.activation.values()]
    reachable = set()
    all_keys = set()
    for cut, block in ts.blocks.items():
        here = [t for _, t in lemmas.get(cut, [])]
        for target in block.targets:
            key = (target.kind, target.key)
            all_keys.add(key)
            if key in reachable:
                continue
            try:
                answer, _ = _check([ts.well_typed(), *inactive, *here, target.condition],
                                   deadline, SINGLE_QUERY_MS, ts)
            except TimeoutError:
                answer = z3.unknown
            if answer != z3.unsat:
                reachable.add(key)
    return all_keys - reachable
