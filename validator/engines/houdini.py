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

from ..blocks import TransitionSystem


def _remaining_ms(deadline: float) -> int:
    return max(1, int((deadline - time.monotonic()) * 1000))


BATCH_QUERY_MS = 200


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
        _prune(reach, after, active[cut], active[d], deadline)
        if len(active[d]) < before:
            dirty.extend(q for q in sorted(queries) if q[0] == d and q not in dirty)
    return {c: list(lemmas.items()) for c, lemmas in active.items()}


def _prune(reach: z3.BoolRef, after: dict, hypotheses: dict, lemmas: dict, deadline: float) -> None:
    """Drop from `lemmas` every lemma the block can break (`after`: lemma after the block)."""
    while lemmas:
        answer, model = _check([reach, *hypotheses.values(),
                                z3.Or([z3.Not(after[k]) for k in lemmas])], deadline, BATCH_QUERY_MS)
        if answer == z3.unsat:
            return
        if answer == z3.unknown:
            break
        _drop_falsified(model, after, lemmas)
    for key in list(lemmas):
        if key not in lemmas:
            continue
        answer, model = _check([reach, *hypotheses.values(), z3.Not(after[key])], deadline, None)
        if answer == z3.sat:
            _drop_falsified(model, after, lemmas)
        elif answer == z3.unknown:
            del lemmas[key]                       # cannot tell: do not keep it


def _check(formulas: list, deadline: float, limit_ms: Optional[int]):
    if time.monotonic() > deadline:
        raise TimeoutError("Houdini")
    solver = z3.Solver()
    remaining = _remaining_ms(deadline)
    solver.set("timeout", min(remaining, limit_ms) if limit_ms else remaining)
    solver.add(formulas)
    answer = solver.check()
    if answer == z3.unknown and time.monotonic() > deadline:
        raise TimeoutError("Houdini")
    return answer, (solver.model() if answer == z3.sat else None)


def _drop_falsified(model: z3.ModelRef, after: dict, lemmas: dict) -> None:
    for k in list(lemmas):
        if not z3.is_true(model.eval(after[k], model_completion=True)):
            del lemmas[k]


def unreachable_targets(ts: TransitionSystem, lemmas: dict[int, list[tuple[object, z3.BoolRef]]],
                        deadline: float, active_invariants: frozenset = frozenset()) -> set:
    """Target keys (kind, key) that no block can reach from a state satisfying the lemmas."""
    literals = [a if i in active_invariants else z3.Not(a) for i, a in ts.activation.items()]
    reachable = set()
    all_keys = set()
    for cut, block in ts.blocks.items():
        here = z3.And([t for _, t in lemmas.get(cut, [])]) if lemmas.get(cut) else z3.BoolVal(True)
        solver = z3.Solver()
        solver.add(ts.well_typed(), here)
        for target in block.targets:
            key = (target.kind, target.key)
            all_keys.add(key)
            if key in reachable:
                continue
            solver.push()
            solver.set("timeout", _remaining_ms(deadline))
            solver.add(target.condition)
            if solver.check(*literals) != z3.unsat:
                reachable.add(key)
            solver.pop()
    return all_keys - reachable
