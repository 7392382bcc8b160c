"""Which variables a CFA node's future may read before writing them (live variables).

Used to keep guesses about dead variables out of Houdini's candidates: the parameter of an
inlined `assume_abort_if_not(cond)` keeps its last value at every later cut point, and the
bounds, orderings and octagons over it multiplied the candidates of array-tiling/nr3 by half
again and the first Houdini round's time by 2.5.  A lemma about a dead variable can never
help a proof (no later step reads the value it describes), so leaving it out loses nothing.

Conservative: every read the encoding makes counts, the implicit ones included (the
variable dimensions of an array that is read or written, the flags of `cfa.indeterminate`,
the variables of pointers and objects, which `blocks.py` reads for their checks); a program
with procedure summaries has every variable live everywhere.
"""
from __future__ import annotations

from .c_types import ArrayType
from .ir import CFA, Assign, Call, Havoc, Load, Store, Variable, expressions_of, reads_in


def live_variables(cfa: CFA) -> dict[int, set[Variable]]:
    """Node -> the variables live there (read on some path from it before any write)."""
    everything = set(cfa.variables)
    if cfa.procedures:
        return {n: everything for n in range(cfa.node_count)}
    always = set()
    for entry in list(cfa.objects) + list(cfa.pointers):
        always |= {x for x in entry if isinstance(x, Variable)}
    if cfa.object_counter is not None:
        always.add(cfa.object_counter)
    uses, kills = {}, {}
    for edge in cfa.edges:
        uses[id(edge)], kills[id(edge)] = _uses(edge.op, everything), _kills(edge.op)
    live: dict[int, set[Variable]] = {n: set(always) for n in range(cfa.node_count)}
    incoming: dict[int, list] = {}
    for edge in cfa.edges:
        incoming.setdefault(edge.dst, []).append(edge)
    work = list(range(cfa.node_count))
    while work:
        node = work.pop()
        for edge in incoming.get(node, []):
            new = uses[id(edge)] | (live[node] - kills[id(edge)])
            if not new <= live[edge.src]:
                live[edge.src] |= new
                work.append(edge.src)
    return live


def _uses(op, everything: set) -> set:
    if isinstance(op, Call):
        return everything            # the callee may read any global (no summaries here)
    found: set = set()
    accessed: list = list(reads_in(expressions_of(op)))
    if isinstance(op, Store):
        accessed.append(op)
        found.add(op.var)            # the other elements flow on
    for r in accessed:
        found.add(r.var)
        if getattr(r, "initialised", None) is not None:
            found.add(r.initialised)
        if isinstance(r, (Load, Store)) and isinstance(r.var.type, ArrayType):
            found |= {d for d in r.var.type.dims if isinstance(d, Variable)}
    return found


def _kills(op) -> set:
    """Variables an edge overwrites whole (a store writes one element: no kill)."""
    if isinstance(op, (Assign, Havoc)):
        return {op.var}
    return set()

