"""Cut points and block formulas: the one encoding all engines share.

Cut points are the entry, every loop head (target of a back edge; so loops built with `goto`
are cut too) and every node at which an invariant is checked; in a CFA with procedures also
their entries and return nodes and the two nodes of every `Call` (the call is a block alone).  The loop-free region between
cut points is encoded once as a *block template* over input constants X: for each exit cut
point d a reach condition and the output values (merges become `If` terms, so no paths are
enumerated), and for each target (error, failed check, undefined behaviour) its condition.
Engines instantiate templates with `z3.substitute`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Optional

import z3

from .call_contracts import ensures_at_call, restatable_ensures
from .cfa.indeterminate import NONDET
from .encode import Encoder
from .raw_terms import And, Implies, Not, Or, is_false
from .c_types import ArrayType, element_type
from .solver_clock import SolverClock
from .ir import (CFA, Assign, Assume, Call, CheckFails, Edge, GhostAssign, Havoc, Store,
                 Variable, WitnessAssume)
from .theories import BitVectors, choose_theory, floating_obstacle

ERROR = "error"
FAIL = "fail"          # a check site fails: the invariant is false there
INVARIANT_UB = "invariant_ub"   # evaluating the invariant has undefined behaviour
GHOST_UB = "ghost_ub"  # evaluating a ghost update has undefined behaviour (the witness is wrong)
UB = "ub"              # the program has undefined behaviour
OVERFLOW = "overflow"  # a signed overflow: an obligation of the CheckedIntegers theory only
BOUND = "bound"        # recursion deeper than the CFA inlines it (see CFA.bounds)


@dataclass
class Target:
    kind: str
    key: object          # site number for FAIL / INVARIANT_UB, update number for GHOST_UB,
    #                      description for UB, None for ERROR
    condition: z3.BoolRef
    line: Optional[int] = None       # of the error call, for ERROR


@dataclass
class Nondet:
    const: z3.ExprRef
    havoc: Havoc
    reached: z3.BoolRef


@dataclass
class BranchStep:
    edge: Edge
    taken: z3.BoolRef


@dataclass
class CallStep:
    """A `Call` at the start of a block: the procedure's summary relates `args` and
    `globals_before` (terms over the block's inputs) to `result` and `globals_after` (fresh
    constants, the values after the call)."""
    function: str
    args: list
    globals_before: list
    result: Optional[z3.ExprRef]
    globals_after: list
    # the callee's contracts restated over the call's values (`call_contracts`): implied by
    # every summary fact, so only a help for the solver
    ensured: list = field(default_factory=list)


@dataclass
class Block:
    cut: int
    exits: dict[int, tuple[z3.BoolRef, dict]] = field(default_factory=dict)
    targets: list[Target] = field(default_factory=list)
    nondets: list[Nondet] = field(default_factory=list)
    branches: list[BranchStep] = field(default_factory=list)
    call: Optional[CallStep] = None
    # the witness assumptions woven into the block: the only activation literals its
    # formulas contain (a query on this block need not constrain the others)
    activations: set[int] = field(default_factory=set)


class TransitionSystem:
    """The program as blocks between cut points, over the state variables of the CFA.

    `theory` (see `validator.theories`) is how C integers are terms: integers where the
    program allows, else bit-vectors.  With integers, a term of a variable's sort may lie
    outside its C type: `well_typed` says it does not, and engines that start from an
    arbitrary state assume it (nondet values carry it in their block's path condition).
    """

    def __init__(self, cfa: CFA, theory=None, deadline: Optional[float] = None) -> None:
        """`deadline` (time.monotonic()): encoding past it raises TimeoutError (a CFA with
        recursion inlined thousands of times takes long)."""
        self.cfa = cfa
        self.deadline = deadline
        self.clock = SolverClock()       # time inside z3, for the report
        self.theory = theory or choose_theory(cfa)
        self.variables: list[Variable] = list(cfa.variables)
        self.globals = [v for v in self.variables if v.is_global]
        # the globals a call may change: those an edge of a procedure writes (a memory object
        # that the recursion only reads keeps its value, and the summary need not say so)
        written = cfa.procedure_writes()
        self.call_written = [g for g in self.globals if g in written]
        self.inputs = {v: z3.Const(f"{v.uid}@in", self.theory.sort(v.type)) for v in self.variables}
        self.activation: dict[int, z3.BoolRef] = {}
        self._well_typed: Optional[z3.BoolRef] = None
        self.out_edges = cfa.out_edges()
        self.fail_nodes = {c.fail_node for c in cfa.checks}
        self.terminals = {cfa.exit, cfa.error} | self.fail_nodes | set(cfa.bounds) | \
            set(cfa.undefined)
        self.cut_points = self._cut_points()
        # asked for every edge of every block: a set built once (per block, it made the
        # encoding of a program with thousands of cut points quadratic)
        self._cut_set = frozenset(self.cut_points)
        # with `--uninitialized nondet` a read of an unwritten value is fresh at each
        # evaluation: a restated assumption would not be the one the return made
        self.call_ensures = {name: restatable_ensures(cfa, procedure)
                             for name, procedure in cfa.procedures.items()} \
            if cfa.uninitialized != NONDET else {}
        self.blocks: dict[int, Block] = {}
        self._nondet_count = 0
        for cut in self.cut_points:
            self.blocks[cut] = self._encode_block(cut)

    def encoder(self) -> Encoder:
        return Encoder(self.theory)

    def well_typed(self, state: Optional[dict] = None) -> z3.BoolRef:
        """Every scalar of `state` (the template inputs by default) lies within its type."""
        if not state:            # asked with every query: built once
            if self._well_typed is None:
                self._well_typed = self.well_typed(self.inputs)
            return self._well_typed
        return And([self.theory.well_typed(state[v], v.type) for v in self.variables
                       if not isinstance(v.type, ArrayType)])

    @cached_property
    def bit_vector_logic(self) -> Optional[str]:
        """The z3 logic whose tactic fits the terms of this system's queries: "QF_BV" for
        bit-vectors alone, "QF_ABV" where arrays occur; None with floating-point terms or
        outside bit-vectors.  z3's QF_BV tactic answers `sat` to unsatisfiable queries with
        array or floating-point terms (z3 4.x: `a[k] == 1 && store(a, i, 1)[k] != 1`,
        `x < y && y < x` over floats): such answers lost true lemmas, and a tactic that does
        not know a theory is no ground for an `unsat` either."""
        if not isinstance(self.theory, BitVectors) or floating_obstacle(self.cfa) is not None:
            return None
        return "QF_ABV" if any(z3.is_array(t) for t in self.inputs.values()) else "QF_BV"

    def inactive(self, block: Block) -> list[z3.BoolRef]:
        """The witness assumptions of `block` switched off (the real program).  Only the
        block's own: a literal that no formula of the query contains changes nothing, and
        asserting all of them made every query as large as the witness (quadratic)."""
        return [Not(self.activation[i]) for i in sorted(block.activations)]

    def activation_literal(self, index: int) -> z3.BoolRef:
        if index not in self.activation:
            self.activation[index] = z3.Bool(f"active_{index}")
        return self.activation[index]

    # ------------------------------------------------------------ cut points
    def _cut_points(self) -> list[int]:
        procedures = self.cfa.procedures.values()
        roots = [self.cfa.entry] + [p.entry for p in procedures]
        cuts = set(roots) | {c.node for c in self.cfa.checks} | {p.return_node for p in procedures}
        # a call is a block of its own: its targets (from evaluating the arguments) come
        # before the call, its exit after the call has returned
        cuts |= {n for e in self.cfa.edges if isinstance(e.op, Call) for n in (e.src, e.dst)}
        # loop heads: targets of back edges of an iterative depth-first search
        state: dict[int, int] = {}
        for root in roots:
            stack = [(root, iter(self.out_edges.get(root, [])))]
            state[root] = 1
            while stack:
                node, successors = stack[-1]
                edge = next(successors, None)
                if edge is None:
                    state[node] = 2
                    stack.pop()
                    continue
                if state.get(edge.dst) == 1:
                    cuts.add(edge.dst)
                elif edge.dst not in state:
                    state[edge.dst] = 1
                    stack.append((edge.dst, iter(self.out_edges.get(edge.dst, []))))
        self.reachable = set(state)
        return sorted(c for c in cuts if c in state)

    # ------------------------------------------------------------ blocks
    def _block_nodes(self, cut: int) -> list[int]:
        """Nodes of the loop-free region after `cut`, in topological order."""
        cut_set = self._cut_set
        inside = {cut}
        stack = [cut]
        while stack:
            node = stack.pop()
            for edge in self.out_edges.get(node, []):
                d = edge.dst
                if d in cut_set or d in self.terminals or d in inside:
                    continue
                inside.add(d)
                stack.append(d)
        indegree = {n: 0 for n in inside}
        for n in inside:
            for edge in self.out_edges.get(n, []):
                if edge.dst in inside and edge.dst != cut:
                    indegree[edge.dst] += 1
        order = []
        ready = [cut]
        while ready:
            node = ready.pop()
            order.append(node)
            for edge in self.out_edges.get(node, []):
                if edge.dst in inside and edge.dst != cut:
                    indegree[edge.dst] -= 1
                    if indegree[edge.dst] == 0:
                        ready.append(edge.dst)
        return order

    def _scratch_encoder(self, block: Block) -> Encoder:
        """An encoder of its own for an invariant (its undefined behaviour is the invariant's,
        not the program's); with `--uninitialized nondet` its reads of unwritten values are
        fresh values of the block too."""
        scratch = self.encoder()
        if self.cfa.uninitialized == NONDET:
            scratch.fresh_read = lambda var, line: self._fresh_read(block, var, line)
        return scratch

    def _fresh_read(self, block: Block, var: Variable, line) -> z3.ExprRef:
        """`--uninitialized nondet`: a fresh value at each read of an unwritten variable (an
        input of the block, so each instantiation of the block draws its own)."""
        element = element_type(var.type)
        read = Variable(f"{var.uid}@read", var.name, element)
        const = self._fresh_nondet(read)
        block.nondets.append(Nondet(const, Havoc(read, None, line, declaration=True),
                                    z3.BoolVal(True)))
        if element.is_bool:           # 0 or 1, as a nondet `_Bool` (see CFABuilder.havoc)
            return self.theory.cast(const, element, element)
        # any value of the type, and only those (an integer term may lie outside it)
        return z3.If(self.theory.well_typed(const, element), const,
                     self.theory.const(0, element))

    def _fresh_nondet(self, var: Variable) -> z3.ExprRef:
        self._nondet_count += 1
        return z3.Const(f"{var.uid}@nd{self._nondet_count}", self.theory.sort(var.type))

    def _encode_block(self, cut: int) -> Block:
        block = Block(cut)
        encoder = self.encoder()
        if self.cfa.uninitialized == NONDET:
            encoder.fresh_read = lambda var, line: self._fresh_read(block, var, line)
        order = self._block_nodes(cut)
        inside = set(order)
        incoming: dict[int, list[tuple[z3.BoolRef, dict]]] = {}
        reach: dict[int, z3.BoolRef] = {}
        states: dict[int, dict] = {}
        for node in order:
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise TimeoutError("encoding")
            if node == cut:
                reach[node], states[node] = z3.BoolVal(True), dict(self.inputs)
            else:
                reach[node], states[node] = _merge(incoming.pop(node, []))
            if is_false(reach[node]):
                continue
            for edge in self.out_edges.get(node, []):
                reads = len(encoder.indeterminate)
                taken, state = self._apply(edge, reach[node], states[node], encoder, block)
                if taken is None:
                    continue
                if len(encoder.indeterminate) > reads:
                    # reading an uninitialised value is undefined: the execution ends there,
                    # so no path through it reaches a target (no refutation through it)
                    taken = And(taken, Not(Or(encoder.indeterminate[reads:])))
                if edge.branch is not None:
                    block.branches.append(BranchStep(edge, taken))
                if edge.dst in inside and edge.dst != cut:
                    incoming.setdefault(edge.dst, []).append((taken, state))
                elif edge.dst == self.cfa.error:
                    block.targets.append(Target(ERROR, None, taken, edge.line))
                elif edge.dst in self.cfa.bounds:
                    block.targets.append(Target(BOUND, self.cfa.bounds[edge.dst], taken))
                elif edge.dst in self.cfa.undefined:
                    block.targets.append(Target(UB, self.cfa.undefined[edge.dst], taken,
                                                edge.line))
                elif edge.dst in self.fail_nodes or edge.dst == self.cfa.exit:
                    continue     # failed checks are added by _apply; the exit ends the run
                else:
                    block.exits.setdefault(edge.dst, []).append((taken, state))
        for d, arrivals in list(block.exits.items()):
            block.exits[d] = _merge(arrivals)
        for condition, what in encoder.ub:
            block.targets.append(Target(UB, what, condition))
        for condition, what in encoder.overflow:
            block.targets.append(Target(OVERFLOW, what, condition))
        return block

    def _apply(self, edge: Edge, reached, state, encoder: Encoder, block: Block):
        """(condition under which the edge is taken, state after it)."""
        op = edge.op
        if op is None:
            return reached, state
        if isinstance(op, Assume):
            cond = encoder.boolean(op.cond, state, reached)
            return And(reached, cond), state
        if isinstance(op, GhostAssign):
            return self._ghost_assign(op, reached, state, block, edge.line)
        if isinstance(op, Assign):
            new = dict(state)
            if isinstance(op.var.type, ArrayType):     # an initialiser: every cell the same
                sort = self.theory.sort(op.var.type)
                new[op.var] = z3.K(sort.domain(), encoder.value(op.value, state, reached))
            else:
                new[op.var] = encoder.value(op.value, state, reached)
            return reached, new
        if isinstance(op, Store):
            new = dict(state)
            index = encoder.index(op.var.type, op.indices, state, reached, op.line)
            new[op.var] = z3.Store(state[op.var], index, encoder.value(op.value, state, reached))
            return reached, new
        if isinstance(op, Havoc):
            new = dict(state)
            const = self._fresh_nondet(op.var)
            new[op.var] = const
            block.nondets.append(Nondet(const, op, reached))
            if isinstance(op.var.type, ArrayType):
                return reached, new
            return And(reached, self.theory.well_typed(const, op.var.type)), new
        if isinstance(op, Call):
            # the builder gives every call a node of its own, a cut point: the block's first step
            assert edge.src == block.cut and z3.is_true(reached), "a call inside a block"
            new = dict(state)
            args = [encoder.value(arg, state, reached) for arg in op.args]
            after = {g: self._fresh_nondet(g) for g in self.call_written}
            result = self._fresh_nondet(op.result) if op.result is not None else None
            if op.result is not None:
                new[op.result] = result
            new.update(after)
            before = [state[g] for g in self.globals]
            ensured = ensures_at_call(self.call_ensures.get(op.function, []),
                                      self.cfa.procedures[op.function], encoder,
                                      self.activation_literal, args, self.globals, before,
                                      result, [new[g] for g in self.globals])
            block.call = CallStep(op.function, args, before, result, list(after.values()),
                                  ensured)
            returned = dict(after)
            if op.result is not None:
                returned[op.result] = result
            return And(reached, *[self.theory.well_typed(term, var.type)
                                     for var, term in returned.items()
                                     if not isinstance(var.type, ArrayType)]), new
        if isinstance(op, WitnessAssume):
            scratch = self._scratch_encoder(block)
            cond = scratch.boolean(op.cond, state)
            no_ub = Not(Or([c for c, _ in scratch.ub])) if scratch.ub else z3.BoolVal(True)
            active = self.activation_literal(op.index)
            block.activations.add(op.index)
            return And(reached, Implies(active, And(no_ub, cond))), state
        if isinstance(op, CheckFails):
            scratch = self._scratch_encoder(block)
            cond = scratch.boolean(op.cond, state)
            ub = Or([c for c, _ in scratch.ub]) if scratch.ub else z3.BoolVal(False)
            block.targets.append(Target(FAIL, op.site, And(reached, Not(ub), Not(cond))))
            if scratch.ub:
                block.targets.append(Target(INVARIANT_UB, op.site, And(reached, ub)))
            for condition, _ in scratch.overflow:     # the invariant's value must be its C value
                block.targets.append(Target(OVERFLOW, f"signed overflow evaluating check {op.site}",
                                            And(reached, condition)))
            return None, None
        raise TypeError(type(op).__name__)

    def _ghost_assign(self, op: GhostAssign, reached, state, block: Block, line):
        """A ghost update: its undefined behaviour is a GHOST_UB target, not the program's, and
        the execution ends there (nothing after an undefined behaviour counts)."""
        scratch = self._scratch_encoder(block)
        new = dict(state)
        new[op.var] = scratch.value(op.value, state)
        for condition, _ in scratch.overflow:     # the checked-integer obligations
            block.targets.append(Target(OVERFLOW, f"signed overflow evaluating ghost update "
                                                  f"{op.update}", And(reached, condition)))
        if not scratch.ub:
            return reached, new
        ub = Or([c for c, _ in scratch.ub])
        block.targets.append(Target(GHOST_UB, op.update, And(reached, ub), line))
        return And(reached, Not(ub)), new

    # ------------------------------------------------------------ lemmas
    def lemma(self, site_cond, state: Optional[dict] = None) -> z3.BoolRef:
        """`noUB(e) && e` of an invariant over a state (the template inputs by default)."""
        scratch = self.encoder()
        cond = scratch.boolean(site_cond, state or self.inputs)
        if scratch.ub:
            return And(Not(Or([c for c, _ in scratch.ub])), cond)
        return cond


def _merge(arrivals: list[tuple[z3.BoolRef, dict]]):
    """The path condition and state where several paths meet: the state's values are those of
    the path taken, as `If` terms (they matter only where the condition holds).

    The part of the path conditions that all arrivals share (the conditions before the paths
    parted) is stated once, outside the `Or` and the `If`s: the condition of every edge is
    `And(reached, c)`, so a plain `Or` of the arrivals puts the path condition before a branch
    inside both sides; after n branches in sequence the formula is a DAG whose tree has 2^n
    copies, and z3's context-dependent simplification, which does not share, took 0.4 to
    0.6 s per query on six independent `if`s (locks/test_locks_6) instead of 0.01 s.  With
    q the shared part and a_i = q && r_i: a_1 || ... || a_n is q && (r_1 || ... || r_n), and
    under q, `If(r_i, ...)` selects what `If(a_i, ...)` does."""
    if not arrivals:
        return z3.BoolVal(False), {}
    arrivals = _join_branches(arrivals)
    if len(arrivals) == 1:
        return arrivals[0]
    shared = _shared_part([a for a, _ in arrivals])
    if shared is None:
        return Or([a for a, _ in arrivals]), _select(arrivals)
    rests = [(_rest(a, shared), state) for a, state in arrivals]
    return And(shared, Or([r for r, _ in rests])), _select(rests)


def _spine(condition: z3.BoolRef) -> list[z3.BoolRef]:
    """`condition`, its first conjunct, that one's first conjunct, ...: the path conditions
    it extends, latest first."""
    spine = [condition]
    while z3.is_and(spine[-1]) and spine[-1].num_args() >= 2:
        spine.append(spine[-1].arg(0))
    return spine


def _shared_part(conditions: list[z3.BoolRef]) -> Optional[z3.BoolRef]:
    """The latest path condition that every one of `conditions` extends (or is), or None."""
    first = _spine(conditions[0])
    position = {c.get_id(): i for i, c in enumerate(first)}
    deepest = 0
    for condition in conditions[1:]:
        meeting = next((position[c.get_id()] for c in _spine(condition)
                        if c.get_id() in position), None)
        if meeting is None:
            return None
        deepest = max(deepest, meeting)
    shared = first[deepest]
    return None if z3.is_true(shared) else shared


def _rest(condition: z3.BoolRef, shared: z3.BoolRef) -> z3.BoolRef:
    """The conjuncts `condition` adds to `shared` (True when it is `shared`)."""
    added = []
    while not condition.eq(shared):
        added.extend(condition.arg(k) for k in range(1, condition.num_args()))
        condition = condition.arg(0)
    return And(added) if len(added) > 1 else added[0] if added else z3.BoolVal(True)


def _select(arrivals: list[tuple[z3.BoolRef, dict]]) -> dict:
    """Each variable's value on the first arrival whose condition holds (the last one's when
    none of the others holds)."""
    first = arrivals[0][1]
    merged = {}
    for var, term in first.items():
        if all(state[var].eq(term) for _, state in arrivals[1:]):
            merged[var] = term
            continue
        value = arrivals[-1][1][var]
        for cond, state in reversed(arrivals[:-1]):
            value = z3.If(cond, state[var], value)
        merged[var] = value
    return merged


def _join_branches(arrivals: list[tuple[z3.BoolRef, dict]]) -> list[tuple[z3.BoolRef, dict]]:
    """The two sides of a branch, arriving with `And(p, c)` and `And(p, Not(c))`, joined into
    one arrival with condition `p` and the values `If(c, ...)` (repeatedly: the arms of
    `if ... else if ...`).  Under `p` this is exactly the `Or` of the two and the values of the
    side taken; nothing reads a merged value where the merged condition is false.

    Why: the condition of every edge is `And(reached, c)`, so a plain `Or` (and `If` on the
    whole path condition) after each `if` puts the path condition before it inside both
    sides; after n branches in sequence the formula is a DAG whose tree has 2^n copies, and
    z3's context-dependent simplification, which does not share, took 0.4 to 0.6 s per query
    on six independent `if`s (locks/test_locks_6) instead of 0.01 s."""
    arrivals = list(arrivals)
    joined = True
    while joined and len(arrivals) > 1:
        joined = False
        for i, j in ((i, j) for i in range(len(arrivals)) for j in range(i + 1, len(arrivals))):
            sides = _branch_sides(arrivals[i][0], arrivals[j][0])
            if sides is None:
                continue
            common, side = sides
            pair = [(side, arrivals[i][1]), (Not(side), arrivals[j][1])]
            arrivals = [a for k, a in enumerate(arrivals) if k not in (i, j)]
            arrivals.append((common, _select(pair)))
            joined = True
            break
    return arrivals


def _branch_sides(a: z3.BoolRef, b: z3.BoolRef) -> Optional[tuple[z3.BoolRef, z3.BoolRef]]:
    """(p, c) when `a` is `And(p, c)` and `b` is `And(p, Not(c))` or `a` is `And(p, Not(d))`
    and `b` is `And(p, d)` (then c is `Not(d)`); else None."""
    if not (z3.is_and(a) and z3.is_and(b) and a.num_args() == 2 and b.num_args() == 2):
        return None
    p = a.arg(0)
    if not p.eq(b.arg(0)):
        return None
    c, d = a.arg(1), b.arg(1)
    if (z3.is_not(d) and d.arg(0).eq(c)) or (z3.is_not(c) and c.arg(0).eq(d)):
        return p, c
    return None
