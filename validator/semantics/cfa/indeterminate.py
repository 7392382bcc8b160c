"""Reads of indeterminate values: undefined behaviour targets (DESIGN.md, C11 6.3.2.1p2).

A local declared without initialiser holds an indeterminate value until it is written
(`Havoc(declaration=True)` in the CFA; arrays: every element).  Reading it then is undefined
behaviour, so it must be a target like division by zero, not an input: gcc may give a
different value at every read, or none consistent with any input.

The pass runs on the finished CFA:

1. A forward data-flow analysis finds, for every node, the variables that may not have been
   written since their declaration (a may-analysis: union at joins).  A read (in a condition,
   an assigned value, an index, a call argument, a witness invariant) of such a variable is
   *flagged*.  Most programs write their locals before reading them on every path; their
   reads are not flagged and nothing changes for them.
2. Every variable with a flagged read gets a flag variable (`x::initialised`, one per element
   for arrays) that is 0 after its declaration and 1 after each write, by edges inserted
   after the declaration and after every write.  A flagged `Ref`/`Load` names its flag: the
   encoder (`encode.py`) makes "the flag is 0" a target "read of uninitialised 'x' at line L",
   and the path ends there (no refutation through it); the interpreter (`testing.py`) stops
   the run.  The flags are exact per path, so a variable written on one branch and read after
   the join is undefined exactly on the paths that did not write it.

With `--uninitialized nondet` (`cfa.uninitialized == NONDET`) a flagged read whose flag is 0
is a fresh nondet value instead, at each read (one value per declaration would claim that
two reads agree, which gcc does not promise).

A copy reads every element it copies, but C copies an indeterminate value without using it
(a struct's unwritten member, C11 6.2.6.1p6; the bytes `memcpy` and `realloc` copy): the
model carries nothing unwritten through a copy, so such a read is marked as the copy's
(`ir.Ref.copy`, `ir.Load.copy`: `structs.copy_place`, `mark_copied` for reads through
pointers) and its flag at 0 is an execution that is not modelled (the encoder's one target,
named "copy of ..."), never undefined behaviour that would end the executions there and let
what follows the copy be proven vacuously.

A jump into a block past declarations marks their variables unwritten on its edge (`jumps.py`,
`CFABuilder.restart_lifetimes`); a read that a path can still reach without passing the
declaration (a `goto` past it within its block) is not modelled: `Unsupported`.
"""
from __future__ import annotations

from typing import Optional

from ..c_types import ArrayType, IntType, Unsupported, element_type
from ..ir import (CFA, NONDET, UNDEFINED, UNINITIALIZED_READINGS, Assign, Call, Const, Edge,
                  Havoc, Load, Ref, Store, Variable, expressions_of, reads_in)
from .values import Pointer

__all__ = ["NONDET", "UNDEFINED", "UNINITIALISED_READ", "mark_copied",
           "mark_indeterminate_reads"]
# the start of the description of an uninitialised-read target (the variable and line follow)
UNINITIALISED_READ = "read of uninitialised"


def mark_copied(read, copy: str, line) -> None:
    """Mark what a copy reads of an object through a pointer (`pointers.dereference(copy=...)`:
    a `Ref` or `Load` of the object's cell, a pointer's two halves) as the copy's, as
    `structs.copy_place` marks what it reads of a variable; any other read (a union member's
    bytes put together) could not carry the mark: not modelled."""
    for half in (read.base, read.offset) if isinstance(read, Pointer) else (read,):
        if not isinstance(half, (Ref, Load)):
            raise Unsupported(f"copy through a pointer of {copy}", line)
        half.copy = copy


def mark_indeterminate_reads(cfa: CFA, flag_type: IntType, mode: str = UNDEFINED,
                             object_cells: frozenset = frozenset()) -> None:
    """Flag every read that may see an indeterminate value and maintain the flags (in place).
    `object_cells`: the storage of the objects that pointers point to, read by dereferences
    only where the pointer points into the object (`pointers.py`), so also on paths that
    never declared it: such a read is flagged, not a jump into the object's scope."""
    if mode not in UNINITIALIZED_READINGS:
        raise ValueError(f"unknown reading of uninitialised values: {mode}")
    cfa.uninitialized = mode
    declared = {e.op.var for e in cfa.edges if isinstance(e.op, Havoc) and e.op.declaration}
    if not declared:
        return
    before = _analyse(cfa, declared)
    flags: dict[Variable, Variable] = {}
    checks_at = {}
    for check in cfa.checks:
        checks_at.setdefault(check.node, []).append(check)

    def flag(var: Variable) -> Variable:
        if var not in flags:
            ctype = flag_type if not isinstance(var.type, ArrayType) \
                else ArrayType(flag_type, var.type.dims)
            # the flag of shared state (an object's storage) is shared as its variable is
            # (a summarised procedure's callers see what it wrote)
            flags[var] = Variable(f"{var.uid}::initialised", f"{var.name}::initialised", ctype,
                                  var.is_global)
            cfa.variables.append(flags[var])
        return flags[var]

    def mark(expressions, node: int, line: Optional[int]) -> None:
        state = before.get(node)
        if state is None:         # unreachable from every entry
            return
        uninitialised, undeclared = state
        for read in reads_in(expressions):
            if read.var in undeclared and read.var in object_cells:
                read.initialised = flag(read.var)
                if read.line is None:
                    read.line = line
                continue
            if read.var in undeclared:
                raise Unsupported(f"jump into the scope of '{read.var.name}' past its "
                                  f"declaration", line)
            if read.var in uninitialised:
                read.initialised = flag(read.var)
                if read.line is None:
                    read.line = line

    for edge in list(cfa.edges):
        mark(expressions_of(edge.op), edge.src, edge.line)
    for check in cfa.checks:
        mark([check.cond], check.node, check.line)
    if flags:
        _maintain_flags(cfa, flags)
    cfa.flags = flags


# ---------------------------------------------------------------- the analysis
def _analyse(cfa: CFA, declared: set) -> dict[int, tuple[frozenset, frozenset]]:
    """Per node: (variables that may be unwritten since their declaration, declared
    variables a path may reach the node by without passing their declaration)."""
    out = cfa.out_edges()
    roots = [cfa.entry] + [p.entry for p in cfa.procedures.values()]
    start = (frozenset(), frozenset(declared))
    before: dict[int, tuple[frozenset, frozenset]] = {root: start for root in roots}
    work = list(roots)
    while work:
        node = work.pop()
        uninitialised, undeclared = before[node]
        for edge in out.get(node, []):
            after = _transfer(edge.op, uninitialised, undeclared)
            old = before.get(edge.dst)
            new = after if old is None else (old[0] | after[0], old[1] | after[1])
            if new != old:
                before[edge.dst] = new
                work.append(edge.dst)
    return before


def _transfer(op, uninitialised: frozenset, undeclared: frozenset):
    if isinstance(op, Havoc) and op.declaration:
        return uninitialised | {op.var}, undeclared - {op.var}
    written = _written_whole(op)
    if written is not None:
        return uninitialised - {written}, undeclared - {written}
    return uninitialised, undeclared


def _written_whole(op) -> Optional[Variable]:
    """The variable an edge writes entirely (a scalar, or an array filled by an initialiser)."""
    if isinstance(op, (Assign, Havoc)):
        return op.var
    if isinstance(op, Call):
        return op.result
    return None


# ---------------------------------------------------------------- the flags
def _maintain_flags(cfa: CFA, flags: dict[Variable, Variable]) -> None:
    """After the declaration of a flagged variable its flag is 0, after each write 1: an edge
    inserted after the declaring or writing edge (a new node between it and its target)."""
    for edge in list(cfa.edges):
        op = edge.op
        if isinstance(op, Havoc) and op.declaration and op.var in flags:
            _after(cfa, edge, Assign(flags[op.var], Const(0, element_type(flags[op.var].type))))
            continue
        if isinstance(op, Store) and op.var in flags:
            if any(r.var is op.var for r in reads_in(op.indices)):
                # `a[a[0]] = v`, `a[a[0]]++`: the flag's index is the one before the store
                # changes the array, kept in variables of their own
                op.indices = [_saved(cfa, edge, index) for index in op.indices]
            _after(cfa, edge, Store(flags[op.var], op.indices,
                                    Const(1, element_type(flags[op.var].type)), op.line))
            continue
        written = _written_whole(op)
        if written is not None and written in flags:
            _after(cfa, edge, Assign(flags[written], Const(1, element_type(flags[written].type))))


def _after(cfa: CFA, edge: Edge, op) -> None:
    middle = cfa.node_count
    cfa.node_count += 1
    cfa.edges.append(Edge(middle, edge.dst, op, edge.line))
    edge.dst = middle


def _saved(cfa: CFA, edge: Edge, index) -> Ref:
    """The index evaluated into a new variable before the edge (the edge reads that)."""
    if isinstance(index, Const):
        return index
    saved = Variable(f"{edge.op.var.uid}::index{len(cfa.variables)}", "__index", index.type)
    cfa.variables.append(saved)
    _before(cfa, edge, Assign(saved, index))
    return Ref(saved)


def _before(cfa: CFA, edge: Edge, op) -> None:
    """`op` then the edge's own: the new edge takes the edge's source and its branch role."""
    middle = cfa.node_count
    cfa.node_count += 1
    cfa.edges.append(Edge(edge.src, middle, op, edge.line, edge.branch, edge.decision))
    edge.src, edge.branch, edge.decision = middle, None, None
