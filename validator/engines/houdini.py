"""Cut-point inductive check with Houdini pruning.

Lemmas are attached to cut points.  A lemma at d survives if every block c -> d preserves it,
assuming all surviving lemmas at c.  The fixpoint is the largest inductive subset; it holds in
every reachable state (the entry has no lemmas).  Witness assumptions are inactive here: the
lemmas play their role, so nothing unproven is ever assumed.
"""
from __future__ import annotations

import time

import z3

from ..blocks import TransitionSystem


def _remaining_ms(deadline: float) -> int:
    return max(1, int((deadline - time.monotonic()) * 1000))


def houdini(ts: TransitionSystem, candidates: dict[int, list[tuple[object, z3.BoolRef]]],
            deadline: float) -> dict[int, list[tuple[object, z3.BoolRef]]]:
    """The largest inductive subset of `candidates` (cut point -> [(key, lemma over inputs)])."""
    active = {c: list(candidates.get(c, [])) for c in ts.blocks}
    active[ts.cfa.entry] = []
    inactive = [z3.Not(a) for a in ts.activation.values()]
    solvers = {}
    for cut, block in ts.blocks.items():
        solver = z3.Solver()
        solvers[cut] = solver
    changed = True
    while changed:
        changed = False
        for cut, block in ts.blocks.items():
            solver = solvers[cut]
            here = z3.And([t for _, t in active[cut]]) if active[cut] else z3.BoolVal(True)
            for d, (reach, out) in block.exits.items():
                if not active.get(d):
                    continue
                pairs = [(ts.inputs[v], out[v]) for v in ts.variables]
                for key, term in list(active[d]):
                    if time.monotonic() > deadline:
                        raise TimeoutError("Houdini")
                    solver.push()
                    solver.set("timeout", _remaining_ms(deadline))
                    solver.add(here, reach, z3.Not(z3.substitute(term, *pairs)))
                    result = solver.check(*inactive)
                    solver.pop()
                    if result != z3.unsat:
                        active[d] = [(k, t) for k, t in active[d] if k != key]
                        changed = True
    return active


def unreachable_targets(ts: TransitionSystem, lemmas: dict[int, list[tuple[object, z3.BoolRef]]],
                        deadline: float, active_invariants: frozenset = frozenset()) -> set:
    """Target keys (kind, key) that no block can reach from a state satisfying the lemmas."""
    literals = [a if i in active_invariants else z3.Not(a) for i, a in ts.activation.items()]
    reachable = set()
    all_keys = set()
    for cut, block in ts.blocks.items():
        here = z3.And([t for _, t in lemmas.get(cut, [])]) if lemmas.get(cut) else z3.BoolVal(True)
        solver = z3.Solver()
        solver.add(here)
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
