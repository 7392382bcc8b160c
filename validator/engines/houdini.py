"""Cut-point inductive check with Houdini pruning.

Lemmas are attached to cut points.  A lemma at d survives if every block c -> d preserves it,
assuming all surviving lemmas at c.  The fixpoint is the largest inductive subset; it holds in
every reachable state (the entry has no lemmas).  Witness assumptions are inactive here: the
lemmas play their role, so nothing unproven is ever assumed.
"""
from __future__ import annotations

import time
from collections import deque
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.raw_terms import And, Or, assert_all, is_false, is_true
from ..semantics.substitution import Substitution, substituted
from ..semantics.theories import BitVectors
from .instantiate import has_quantifier, instantiated


def _remaining_ms(deadline: float) -> int:
    return max(1, int((deadline - time.monotonic()) * 1000))


BATCH_QUERY_MS = 200
SINGLE_QUERY_MS = 5000       # a lemma the solver cannot decide in this time is dropped


INCREMENTAL_SHARE = 0.3     # of a query's time, for the incremental solver's try
# A bit-vector query of a second or more: short tries of both solvers (default, then the
# logic's tactic) with other random seeds, then longer ones, shares of its time: their
# running times are heavy-tailed (nla-digbench/geo1-ll's `1 + x - y == 0` after
# `x = x * (z - 1)`: each solver answered in 0.1 s with about half the seeds, and not in
# 20 s with the others; one long try of each left the error open in one run of three).
# Not with arrays: their queries need the long tries (array-tiling/nr3 then took 27 s
# instead of 23, array-multidimensional/copy-2-u 14 s instead of 7)
RESTART_FROM_MS = 1000
RESTARTS = ((False, 0, 0.1), (True, 0, 0.1), (False, 1, 0.1), (True, 1, 0.1),
            (False, 2, 0.25), (True, 2, 0.65))     # (by the logic's tactic, seed, share)
QUANTIFIED_QUERY_MS = 1000   # ... when quantified lemmas are among the hypotheses or goals
QUANTIFIED_BATCH = 8
AGAIN = ("site", "false", "array", "cell")   # the kinds of lemma keys asked again in the last round


def houdini(ts: TransitionSystem, candidates: dict[int, list[tuple[object, z3.BoolRef]]],
            deadline: float) -> dict[int, list[tuple[object, z3.BoolRef]]]:
    """The largest inductive subset of `candidates` (cut point -> [(key, lemma over inputs)])
    that three rounds find: the quantifier-free candidates alone, then the quantified ones
    (facts about array elements) assuming the first round's lemmas, then the quantifier-free
    ones the first round dropped, assuming everything proven so far.

    Why rounds: with a quantified hypothesis, a query that should be satisfiable (a candidate
    that does not hold) often ends `unknown` after seconds, and a lemma that cannot be shown
    preserved is dropped; asked together, quantified candidates made the scalar bounds that
    the index checks need disappear.  Each round assumes the lemmas of the earlier rounds
    without asking again: those are preserved by every block assuming only themselves, so the
    union stays inductive (more hypotheses never break a proof)."""
    first, quantified = _split(candidates)
    proven = _houdini(ts, first, {}, deadline)
    if not any(quantified.values()):
        return proven
    facts = _houdini(ts, quantified, proven, deadline, QUANTIFIED_QUERY_MS)
    fixed = {c: proven.get(c, []) + facts.get(c, []) for c in ts.blocks}
    keys = {k for lemmas in proven.values() for k, _ in lemmas}
    # only the checks' own lemmas and the few guesses made without samples: the hundreds of
    # sampled guesses the first round dropped are mostly false, and each costs a query that
    # quantified hypotheses make slow
    dropped = {c: [(k, f) for k, f in lemmas if k not in keys and isinstance(k, tuple)
                   and k[0] in AGAIN] for c, lemmas in first.items()}
    again = _houdini(ts, dropped, fixed, deadline, QUANTIFIED_QUERY_MS) \
        if any(facts.values()) and any(dropped.values()) else {}
    return {c: fixed.get(c, []) + again.get(c, []) for c in ts.blocks}


def _split(candidates: dict) -> tuple[dict, dict]:
    plain: dict = {}
    quantified: dict = {}
    for cut, lemmas in candidates.items():
        for key, lemma in lemmas:
            (quantified if has_quantifier(lemma) else plain).setdefault(cut, []).append(
                (key, lemma))
    return plain, quantified


def _houdini(ts: TransitionSystem, candidates: dict[int, list[tuple[object, z3.BoolRef]]],
             fixed: dict[int, list[tuple[object, z3.BoolRef]]], deadline: float,
             single_ms: Optional[int] = None) -> dict[int, list[tuple[object, z3.BoolRef]]]:
    """The largest inductive subset of `candidates`, assuming the lemmas of `fixed` (proven
    before, never asked again).

    For each block c -> d a query asks whether, from a state satisfying the surviving lemmas
    of c, one of d's lemmas can fail after the block; the model names every lemma it
    falsifies, and all of those are dropped at once.  When such a batch query is slow (a
    disjunction of many negated bit-vector relations can be), the lemmas are asked one by
    one.  Only blocks whose source lost a lemma are asked again.  Blocks from cut points
    without candidates come first (the entry's: the lemmas that do not even hold initially
    go before they slow down the queries that assume them).  Over bit-vectors every query is
    a fresh solver: z3's incremental mode skips the bit-vector preprocessing that makes these
    queries fast (measured: seconds instead of milliseconds for the same query); over
    integers one incremental solver is asked first (`_check`).
    """
    active = {c: dict(candidates.get(c, [])) for c in ts.blocks}
    active[ts.cfa.entry] = {}
    queries = {}
    for cut, block in ts.blocks.items():
        if time.monotonic() > deadline:     # thousands of variables (deep inlining) take long
            raise TimeoutError("houdini")
        for d, (reach, out) in block.exits.items():
            if active.get(d):
                pairs = [(ts.inputs[v], out[v]) for v in ts.variables]
                lemmas = active[d]
                after = dict(zip(lemmas, substituted(list(lemmas.values()), pairs)))
                queries[(cut, d)] = (And(ts.well_typed(), reach, *ts.inactive(block)),
                                     [f for _, f in fixed.get(cut, [])], after)
    # a worklist with a set beside it, and each source's queries sorted once: popping the
    # front of a list, sorting every query and searching the list at each dropped lemma
    # made a witness of thousands of invariants quadratic
    dirty = deque(sorted(queries, key=lambda q: (bool(active[q[0]]), q)))
    waiting = set(dirty)
    from_source: dict[int, list] = {}
    for q in sorted(queries):
        from_source.setdefault(q[0], []).append(q)
    incremental = _incremental_solver(ts)
    while dirty:
        cut, d = dirty.popleft()
        waiting.discard((cut, d))
        reach, assumed, after = queries[(cut, d)]
        before = len(active[d])
        if single_ms is None:
            _prune(And(reach, *assumed), after, active[cut], active[d], deadline, ts,
                   incremental)
        else:
            _prune_quantified(reach, assumed, after, active[cut], active[d], deadline, ts,
                              single_ms)
        if len(active[d]) < before:
            again = [q for q in from_source.get(d, []) if q not in waiting]
            dirty.extend(again)
            waiting.update(again)
    return {c: list(lemmas.items()) for c, lemmas in active.items()}


def _prune_quantified(reach: z3.BoolRef, assumed: list, after: dict, hypotheses: dict,
                      lemmas: dict, deadline: float, ts: TransitionSystem, single_ms: int) -> None:
    """`_prune` where quantified lemmas are among the hypotheses or the goals, with the
    quantifiers instantiated (`instantiate.py`): unsatisfiable means preserved; a model drops
    every lemma whose instance it falsifies (perhaps a lemma that holds: a model of the
    instances need not satisfy the quantified hypotheses, and dropping is always safe).
    A quantified lemma is asked assuming, of the quantified hypotheses, only those of its own
    family (the same fact over another range: `family`): a loop keeps a fact over the
    elements it has done by the fact itself, and every further quantified hypothesis adds an
    instance per index term, which made these queries slow enough to fail.  Lemmas whose
    quantifiers cannot be instantiated are asked with them, one by one."""
    undecided = []
    families: dict = {}
    for key in lemmas:
        families.setdefault(family(key), []).append(key)
    for name, members in families.items():
        relevant = [h for k, h in hypotheses.items() if name is None or family(k) is None
                    or related(family(k), name) or not has_quantifier(h)]
        pending = list(members)
        while pending:
            # a few at a time: every goal adds a Skolem constant, and every quantified
            # hypothesis an instance at each of them
            keys, pending = pending[:QUANTIFIED_BATCH], pending[QUANTIFIED_BATCH:]
            while keys:
                made = instantiated([reach, *assumed, *relevant], [z3.Not(after[k]) for k in keys])
                answer, model = _check([*made[0], Or(made[1])], deadline, single_ms, ts) \
                    if made is not None else (z3.unknown, None)
                if answer == z3.unsat:
                    break
                falsified = [] if answer == z3.unknown else \
                    [k for k, g in zip(keys, made[1])
                     if z3.is_true(model.eval(g, model_completion=True))]
                if not falsified:
                    undecided += [(k, relevant) for k in keys]
                    break
                for k in falsified:
                    del lemmas[k]
                keys = [k for k in keys if k not in falsified]
    for key, relevant in undecided:
        made = instantiated([reach, *assumed, *relevant], [z3.Not(after[key])])
        if made is not None:
            answer, _ = _check([*made[0], *made[1]], deadline, single_ms, ts)
        else:
            answer, _ = _check([reach, *assumed, *hypotheses.values(), z3.Not(after[key])],
                               deadline, single_ms, ts, quantified=True)
        if answer != z3.unsat:
            del lemmas[key]


def family(key):
    """The fact a quantified lemma states, whatever its range (the fourth part of its key:
    `array_lemmas`, `array_facts`): a name, or a tuple of the names of the facts a lemma
    states together (`array_updates`' splits); None for every other lemma."""
    return key[3] if isinstance(key, tuple) and len(key) > 3 else None


def related(a, b) -> bool:
    """Whether two families share a fact."""
    names = [set(f) if isinstance(f, tuple) else {f} for f in (a, b)]
    return bool(names[0] & names[1])


def _prune(reach: z3.BoolRef, after: dict, hypotheses: dict, lemmas: dict, deadline: float,
           ts: TransitionSystem, incremental: Optional[z3.Solver] = None) -> None:
    """Drop from `lemmas` every lemma the block can break (`after`: lemma after the block).

    A group of lemmas is asked at once (is one of them broken?); a group the solver cannot
    decide quickly is split in halves, down to single lemmas, which get the long limit.
    (Asking every lemma of an undecided batch alone cost hundreds of queries where a few
    halves are unsatisfiable at once: measured on array-tiling/pnr2, 718 single queries.)
    `hypotheses` may be `lemmas` itself (a loop's own block): a lemma dropped after a group
    was proven makes the caller ask this block again, as for any lemma its source loses."""
    groups = [list(lemmas)]
    while groups:
        group = [k for k in groups.pop() if k in lemmas]
        if not group:
            continue
        if len(group) == 1:
            _prune_single(reach, after, hypotheses, lemmas, group[0], deadline, ts, incremental)
            continue
        answer, model = _check([reach, *hypotheses.values(),
                                Or([z3.Not(after[k]) for k in group])], deadline,
                               BATCH_QUERY_MS, ts, incremental=incremental)
        if answer == z3.unsat:
            continue
        if answer == z3.sat and _drop_falsified(model, after, lemmas):
            groups.append(group)          # the rest of the group, asked again
            continue
        # undecided, or a model that falsifies no lemma it can evaluate (a quantified lemma:
        # only a query of its own may drop or keep it)
        half = len(group) // 2
        groups += [group[half:], group[:half]]


def _prune_single(reach: z3.BoolRef, after: dict, hypotheses: dict, lemmas: dict, key,
                  deadline: float, ts: TransitionSystem,
                  incremental: Optional[z3.Solver] = None) -> None:
    answer, model = _check([reach, *hypotheses.values(), z3.Not(after[key])], deadline,
                           SINGLE_QUERY_MS, ts, incremental=incremental)
    if answer == z3.sat:
        _drop_falsified(model, after, lemmas)
        lemmas.pop(key, None)                 # falsified, whether the model says so or not
    elif answer == z3.unknown:
        del lemmas[key]                       # cannot tell: do not keep it


def _incremental_solver(ts: TransitionSystem) -> Optional[z3.Solver]:
    """One solver for a family of quantifier-free queries over integers, each asked between
    push and pop: a fresh solver costs about 5 ms before it solves anything, which made a
    witness of thousands of invariants take minutes.  None over bit-vectors (see `_houdini`:
    there the incremental mode is slow).  The system's `well_typed()`, part of every query
    asked of it, is asserted once below the first push as well: asserted inside each push
    only, it was processed again by every query (1,000 invariants after 250 loops, with a
    variable for each loop's `j++`: 2 of every query's 2.3 ms)."""
    if isinstance(ts.theory, BitVectors):
        return None
    solver = z3.Solver()
    solver.add(ts.well_typed())
    return solver


def _check(formulas: list, deadline: float, limit_ms: Optional[int], ts: TransitionSystem,
           quantified: bool = False, incremental: Optional[z3.Solver] = None):
    """One query in a fresh solver.  When z3's default strategy gives up within the first
    part of the time, the bit-vector tactic (word-level rewriting, solving equations, then
    bit-blasting) gets the rest: each proves queries the other does not (measured: a
    polynomial identity of nla-digbench/geo1 in 0.1 s against no answer in 10 s).
    With `incremental` (quantifier-free queries over integers), that solver is asked first
    with part of the time; only when it gives up is a fresh solver asked."""
    if time.monotonic() > deadline:
        raise TimeoutError("Houdini")
    if incremental is not None and not quantified:
        answer, model = _check_incremental(incremental, formulas, deadline, limit_ms, ts)
        if answer != z3.unknown:
            return answer, model
    # the bit-vector tactic is for quantifier-free queries: with a quantified lemma it only
    # spends its share of the time on giving up; its logic must know every term's theory
    # (`TransitionSystem.bit_vector_logic`)
    logic = None if quantified else ts.bit_vector_logic
    bit_vectors = logic is not None
    answer = z3.unknown
    # over integers (or floats) there is no second try: the default solver gets all the time
    remaining = _remaining_ms(deadline)
    budget = min(remaining, limit_ms or remaining)
    if not bit_vectors:
        attempts: tuple = ((False, 0, 1.0),)
    elif budget >= RESTART_FROM_MS and logic == "QF_BV":
        attempts = RESTARTS
    else:
        attempts = ((False, 0, 0.3), (True, 0, 1.0))
    for by_logic, seed, share in attempts:
        solver = z3.SolverFor(logic) if by_logic else z3.Solver()
        solver.set("timeout", max(1, min(_remaining_ms(deadline), int(budget * share))))
        if seed:
            solver.set("random_seed", seed)
        assert_all(solver, formulas)
        answer = ts.clock.check(solver)
        if answer != z3.unknown or time.monotonic() > deadline or not bit_vectors:
            break
    if answer == z3.unknown and time.monotonic() > deadline:
        raise TimeoutError("Houdini")
    return answer, (solver.model() if answer == z3.sat else None)


def _check_incremental(solver: z3.Solver, formulas: list, deadline: float,
                       limit_ms: Optional[int], ts: TransitionSystem):
    remaining = _remaining_ms(deadline)
    solver.set("timeout", max(1, int(min(remaining, limit_ms or remaining) * INCREMENTAL_SHARE)))
    solver.push()
    try:
        assert_all(solver, formulas)
        answer = ts.clock.check(solver)
        return answer, (solver.model() if answer == z3.sat else None)
    finally:
        solver.pop()


def _drop_falsified(model: z3.ModelRef, after: dict, lemmas: dict) -> bool:
    """Drop the lemmas that `model` makes false; whether there was one.  A lemma the model
    does not evaluate to a truth value (a quantifier over a whole array) is kept here: only a
    query of its own may drop or keep it."""
    dropped = False
    for k in list(lemmas):
        if is_false(model.eval(after[k], model_completion=True)):
            del lemmas[k]
            dropped = True
    return dropped


def surely_reached(ts: TransitionSystem) -> set[int]:
    """Cut points that the real program (witness assumptions off) reaches from the entry
    through blocks whose exits to them are taken unconditionally.  Houdini would drop the
    candidate `False` (the cut point is unreachable) at each of them after one satisfiable
    query (the block's condition is true of every state, the source's lemmas hold of the
    states that reach it), so it need not be asked: with an invariant before every
    statement that query was half of Houdini's queries.  Not asking a candidate never makes
    a proof unsound; this only saves the query.  The block's inputs read in the block
    (`__VERIFIER_nondet_int()`) are set to zero, one value they may take: an exit taken
    then is taken from every state."""
    reached = {ts.cfa.entry}
    stack = [ts.cfa.entry]
    while stack:
        block = ts.blocks[stack.pop()]
        zeros = [(n.const, _zero(n.const.sort())) for n in block.nondets]
        fixed = Substitution([(ts.activation[i], z3.BoolVal(False)) for i in block.activations]
                             + [(const, zero) for const, zero in zeros if zero is not None])
        for d, (reach, _) in block.exits.items():
            if d not in reached and d in ts.blocks and is_true(z3.simplify(fixed(reach))):
                reached.add(d)
                stack.append(d)
    return reached


def _zero(sort: z3.SortRef) -> Optional[z3.ExprRef]:
    """Zero of a scalar sort (False for Booleans), None for any other sort."""
    if isinstance(sort, z3.BitVecSortRef):
        return z3.BitVecVal(0, sort.size())
    if sort == z3.IntSort():
        return z3.IntVal(0)
    if isinstance(sort, z3.FPSortRef):
        return z3.FPVal(0.0, sort)
    if sort == z3.BoolSort():
        return z3.BoolVal(False)
    return None


def unreachable_targets(ts: TransitionSystem, lemmas: dict[int, list[tuple[object, z3.BoolRef]]],
                        deadline: float) -> set:
    """Target keys (kind, key) that no block can reach from a state satisfying the lemmas
    (witness assumptions inactive: this is the real program).  Solvers as in Houdini (`_check`);
    in a system of many blocks, chunks of blocks are asked at once first (`_chunk_answer`;
    while nearly all of them are unreachable, as for a valid witness), then a block's targets
    together (one query shows the usual case, none reachable), then
    one by one; at the deadline, whatever is not yet shown counts as reachable."""
    reachable: set = set()
    all_keys: set = set()
    incremental = _incremental_solver(ts)
    blocks = list(ts.blocks.items())
    step = CHUNK_BLOCKS if len(blocks) >= CHUNKED_FROM else 1
    misses = 0
    for start in range(0, len(blocks), step):
        chunk = blocks[start:start + step]
        if len(chunk) > 1 and misses < CHUNK_MISSES:
            if _chunk_answer(ts, chunk, lemmas, deadline, incremental) == z3.unsat:
                all_keys.update((t.kind, t.key) for _, block in chunk for t in block.targets)
                continue
            # a target is reachable, or the query was too hard: these blocks one by one,
            # and after a few such chunks every block (chunks would only add queries)
            misses += 1
        for cut, block in chunk:
            _block_targets(ts, cut, block, lemmas, deadline, incremental, reachable, all_keys)
    return all_keys - reachable


CHUNK_BLOCKS = 64                 # blocks asked at once by `_chunk_answer` ...
CHUNKED_FROM = 2 * CHUNK_BLOCKS   # ... in a system of at least this many blocks ...
CHUNK_MISSES = 2                  # ... until this many chunks were not shown unreachable


def _chunk_answer(ts: TransitionSystem, chunk: list, lemmas: dict, deadline: float,
                  incremental: Optional[z3.Solver]) -> z3.CheckSatResult:
    """Whether a target of some block of `chunk` is reachable from its cut point's lemmas:
    one query, the disjunction over the blocks (a witness of thousands of invariants made
    thousands of queries, nearly all unsatisfiable).  Unsatisfiable means that each disjunct
    is; `unknown` also where a quantified lemma leaves it to the queries of its own block."""
    disjuncts = []
    for cut, block in chunk:
        if not block.targets:
            continue
        here = [t for _, t in lemmas.get(cut, [])]
        if any(has_quantifier(t) for t in here):
            return z3.unknown
        disjuncts.append(And(*ts.inactive(block), *here,
                                Or([t.condition for t in block.targets])))
    if not disjuncts:
        return z3.unsat
    try:
        answer, _ = _check([ts.well_typed(), Or(disjuncts)], deadline, BATCH_QUERY_MS, ts,
                           incremental=incremental)
    except TimeoutError:
        return z3.unknown
    return answer


def _block_targets(ts: TransitionSystem, cut: int, block, lemmas: dict, deadline: float,
                   incremental: Optional[z3.Solver], reachable: set, all_keys: set) -> None:
    """The targets of one block: those not shown unreachable go to `reachable`."""
    here = [t for _, t in lemmas.get(cut, [])]
    quantified = any(has_quantifier(t) for t in here)
    inactive = ts.inactive(block)
    open_targets = [t for t in block.targets if (t.kind, t.key) not in reachable]
    all_keys.update((t.kind, t.key) for t in block.targets)
    if len(open_targets) > 1 and not quantified:
        try:
            answer, _ = _check([ts.well_typed(), *inactive, *here,
                                Or([t.condition for t in open_targets])],
                               deadline, BATCH_QUERY_MS, ts, incremental=incremental)
        except TimeoutError:
            answer = z3.unknown
        if answer == z3.unsat:
            return              # none of them is reachable from this block
    for target in open_targets:
        key = (target.kind, target.key)
        all_keys.add(key)
        if key in reachable:
            continue
        try:
            answer = z3.unknown
            if quantified:
                made = instantiated([ts.well_typed(), *inactive, *here],
                                    [target.condition])
                if made is not None:
                    answer, _ = _check([*made[0], *made[1]], deadline, SINGLE_QUERY_MS,
                                       ts)
            if answer != z3.unsat:
                answer, _ = _check([ts.well_typed(), *inactive, *here, target.condition],
                                   deadline, SINGLE_QUERY_MS, ts, quantified, incremental)
        except TimeoutError:
            answer = z3.unknown
        if answer != z3.unsat:
            reachable.add(key)
