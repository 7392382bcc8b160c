"""A function contract's `ensures` stated at the calls of a summarised procedure (issue 17).

The woven program checks a contract's `ensures` at every return of its function and then
assumes it (`instrument/contracts.py`).  With recursion summarised (`engines/chc.py`), that
assumption sits in the clause of the callee's return node, over its locals: Spacer must still
find a summary that implies the contract, which it often cannot (`bench/contract_summary_hint.py`).
Here the same assumption is restated at each call, over the call's values, and conjoined with
the summary in the caller's clause.

Why this is sound: in the least model of the clauses, every summary fact is derived through a
path from the procedure's entry to its return node, and (checked below on the CFA) every such
path passes an assumption of the contract's `ensures` and then reaches the return without
changing the values the `ensures` reads: the returned value (assigned from the woven result
temporary), the entry copies (written once, at the entry, from a parameter or a global), and
the globals (no edge after the assumption writes one).  So every summary fact already satisfies
the restated term (under the same activation literal, with the same undefined-behaviour
guard): the conjunct removes no fact and changes no answer; it only spares Spacer finding the
lemma.  Whatever does not match this shape exactly is not restated.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Optional

import z3

from .encode import Encoder
from .ir import CFA, Assign, Call, Edge, Procedure, Ref, Variable, WitnessAssume, reads_in

CONTRACT_RETURN = "function_return"       # instrument.contracts.CONTRACT_RETURN


@dataclass
class EnsuresAtReturn:
    """One contract's `ensures` assumption as the calls of its procedure may restate it."""
    index: int                              # the witness invariant (the contract)
    cond: object                            # the IR expression of one return's assumption
    result: Optional[Variable]              # the temporary holding the returned value
    entry_copies: dict                      # copy variable -> the parameter or global copied


def restatable_ensures(cfa: CFA, procedure: Procedure) -> list[EnsuresAtReturn]:
    """The contracts of `procedure` whose `ensures` every return path assumes, in the shape
    the module's docstring requires; the others are left out."""
    edges = _procedure_edges(cfa, procedure)
    out = {}
    for e in edges:
        out.setdefault(e.src, []).append(e)
    copies = _entry_copies(procedure, out)
    sites = {(c.node, c.index) for c in cfa.checks if c.where == CONTRACT_RETURN}
    assumptions: dict[int, list[Edge]] = {}
    for e in edges:
        if isinstance(e.op, WitnessAssume) and (e.src, e.op.index) in sites:
            assumptions.setdefault(e.op.index, []).append(e)
    found = []
    for index, assumed in assumptions.items():
        if _return_avoiding(procedure, out, set(map(id, assumed))):
            continue                        # a return path without the assumption
        shapes = [_shape(procedure, out, e, copies) for e in assumed]
        if any(shape is None for shape in shapes):
            continue
        result, cond = shapes[0]
        # each return assumes the same `ensures` over its own result temporary: the one
        # restated must be what every return assumed
        if not all(_same(cond, other, {result: other_result} if result is not None else {})
                   for other_result, other in shapes[1:]):
            continue
        found.append(EnsuresAtReturn(index, cond, result, copies))
    return found


def ensures_at_call(ensures: list[EnsuresAtReturn], procedure: Procedure, encoder: Encoder,
                    activation, args: list, globals_: list[Variable], before: list,
                    result: Optional[z3.ExprRef], after: list) -> list[z3.BoolRef]:
    """The restated assumptions of one call (terms over its arguments, the globals before and
    after it and its result), each under its contract's activation literal."""
    terms = []
    for e in ensures:
        state: dict = dict(zip(globals_, after))
        for copy, source in e.entry_copies.items():
            if source in procedure.params:
                state[copy] = args[procedure.params.index(source)]
            else:
                state[copy] = before[globals_.index(source)]
        if e.result is not None:
            if result is None:
                continue
            state[e.result] = result
        scratch = Encoder(encoder.theory)
        try:
            cond = scratch.boolean(e.cond, state)
        except (KeyError, ValueError, TypeError):  # reads something else: not restated
            continue
        no_ub = z3.Not(z3.Or([c for c, _ in scratch.ub])) if scratch.ub else z3.BoolVal(True)
        terms.append(z3.Implies(activation(e.index), z3.And(no_ub, cond)))
    return terms


# ------------------------------------------------------------------ the shape
def _procedure_edges(cfa: CFA, procedure: Procedure) -> list[Edge]:
    """The edges reachable from the procedure's entry (a call is one edge of the caller)."""
    out = cfa.out_edges()
    seen, stack, edges = {procedure.entry}, [procedure.entry], []
    while stack:
        node = stack.pop()
        for e in out.get(node, []):
            edges.append(e)
            if e.dst not in seen:
                seen.add(e.dst)
                stack.append(e.dst)
    return edges


def _entry_copies(procedure: Procedure, out: dict) -> dict:
    """Variables assigned once on the straight line from the entry from a parameter or a
    global (the woven entry copies `__witness_pre...`), and never written elsewhere."""
    copies, node, visited = {}, procedure.entry, set()
    while len(out.get(node, [])) == 1 and node not in visited:
        visited.add(node)
        edge = out[node][0]
        op = edge.op
        # a copy into a local of a parameter or global that no earlier edge wrote (the chain
        # stops at the first edge of another kind, or writing a parameter or a global)
        if not (isinstance(op, Assign) and isinstance(op.value, Ref)
                and (op.value.var in procedure.params or op.value.var.is_global)
                and op.var not in procedure.params and not op.var.is_global
                and op.value.var.type == op.var.type):
            break
        copies[op.var] = op.value.var
        node = edge.dst
    writes: dict = {}                       # assignments, havocs, stores
    for edges in out.values():
        for e in edges:
            written = getattr(e.op, "var", None)
            if written is not None:
                writes[written] = writes.get(written, 0) + 1
    return {v: source for v, source in copies.items() if writes.get(v) == 1}


def _shape(procedure: Procedure, out: dict, assumed: Edge, copies: dict):
    """(result temporary, condition) when the assumption reads only entry copies, globals and
    the temporary that the straight line after it assigns to the procedure's result before
    the return, writing no global on the way; else None."""
    reads = list(reads_in([assumed.op.cond]))
    if any(not isinstance(r, Ref) for r in reads):
        return None
    read = {r.var for r in reads}
    result = None
    node, seen = assumed.dst, set()
    while node != procedure.return_node:
        edges = out.get(node, [])
        if len(edges) != 1 or node in seen:
            return None
        seen.add(node)
        op = edges[0].op
        if isinstance(op, Assign):
            if op.var.is_global or op.var in read or not isinstance(op.var, Variable):
                return None                 # a value the assumption read would change
            if op.var is procedure.result:
                if result is not None or not isinstance(op.value, Ref) \
                        or op.value.var.type != op.var.type:
                    return None
                result = op.value.var
        elif op is not None or isinstance(op, Call):
            return None
        node = edges[0].dst
    for r in reads:
        v = r.var
        if not (v.is_global or v in copies or (result is not None and v is result)):
            return None
    if procedure.result is not None and result is None:
        return None
    return result, assumed.op.cond


def _same(a, b, renamed: dict) -> bool:
    """Whether two IR expressions are equal, reading `renamed[v]` in `b` where `a` reads v."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Ref):
        return renamed.get(a.var, a.var) is b.var and a.initialised is None \
            and b.initialised is None
    if not is_dataclass(a):
        return a == b
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.name == "line":
            continue
        if is_dataclass(x) or is_dataclass(y):
            if not _same(x, y, renamed):
                return False
        elif isinstance(x, (list, tuple)) or isinstance(y, (list, tuple)):
            if not isinstance(y, type(x)) or len(x) != len(y) \
                    or not all(_same(u, v, renamed) for u, v in zip(x, y)):
                return False
        elif x != y:
            return False
    return True


def _return_avoiding(procedure: Procedure, out: dict, assumed: set) -> bool:
    """Whether the return node is reachable from the entry without one of the `assumed`
    edges (by their ids)."""
    seen, stack = {procedure.entry}, [procedure.entry]
    while stack:
        node = stack.pop()
        if node == procedure.return_node:
            return True
        for e in out.get(node, []):
            if id(e) not in assumed and e.dst not in seen:
                seen.add(e.dst)
                stack.append(e.dst)
    return False
