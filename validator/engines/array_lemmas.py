"""Candidate lemmas about arrays that loops fill, for Houdini (guesses: Houdini keeps only an
inductive subset, and nothing here is ever assumed unproven).

A loop `for (i = 0; i < n; i++) b[i] = v;` leaves b[0 .. i) equal to v at its head, and the
whole array after it.  The patterns, per store `b[i] = v` with i a variable:
  - written    forall j. 0 <= j < i => written_b[j]   (b's flag array: `cfa.indeterminate`)
  - copy       forall j. 0 <= j < i => b[j] == a[j]   (v is `a[i]`, same element type)
  - constant   forall j. 0 <= j < i => b[j] == c      (v is a constant)
each also from i up (loops that count down) and for every element (after the loop).  Random
testing cannot simulate large arrays, so these need no samples; where a cut point has none,
the bounds 0 <= i <= n of every variable that indexes an array are candidates too (the index
checks need them).  One-dimensional arrays, bit-vector theory (where arrays live).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics import floats
from ..semantics.c_types import FloatType, IntType
from ..semantics.ir import Cast, Const, Load, Ref, Store, Variable, expressions_of, reads_in
from ..semantics.theories import INDEX_BITS, BitVectors

Lemma = tuple[object, z3.BoolRef]


@dataclass(frozen=True)
class _Fill:
    """`array[index] = ...` somewhere in the program, and what each element then equals."""
    array: Variable                  # the array whose elements are described
    index: Variable                  # the variable that indexes the store
    name: str                        # for the lemma's key: "written", "copy of a1", "== 0"
    # element j of the described array (over the input terms) -> the fact about it
    fact: Callable[[dict, z3.ExprRef], z3.BoolRef]


def array_lemmas(ts: TransitionSystem, samples: dict[int, list[dict]]) -> dict[int, list[Lemma]]:
    """Candidates at every cut point but the entry (cut point -> [(key, lemma)])."""
    if not isinstance(ts.theory, BitVectors):
        return {}
    fills = _fills(ts)
    indexing = _index_variables(ts)
    element = z3.BitVec("element", INDEX_BITS)
    zero = ts.theory.index_const(0)
    found: dict[int, list[Lemma]] = {}
    for cut in ts.blocks:
        if cut == ts.cfa.entry:
            continue
        lemmas: list[Lemma] = []
        for fill in fills:
            size = ts.theory.index_const(fill.array.type.size)
            i = ts.theory.index(ts.inputs[fill.index], fill.index.type)
            for low, high, where in ((zero, i, f"[0 .. {fill.index.name})"),
                                     (i + 1, size, f"({fill.index.name} .. end)"),
                                     (zero, size, "[every element]")):
                key = ("array", cut, f"{fill.array.name}{where} {fill.name}")
                lemmas.append((key, z3.ForAll([element], z3.Implies(
                    z3.And(low <= element, element < high), fill.fact(ts.inputs, element)))))
        if not samples.get(cut):
            for v, size in sorted(indexing.items(), key=lambda item: item[0].name):
                i = ts.theory.index(ts.inputs[v], v.type)
                lemmas.append((("array", cut, f"{v.name} >= 0"), i >= zero))
                lemmas.append((("array", cut, f"{v.name} <= {size}"),
                               i <= ts.theory.index_const(size)))
        if lemmas:
            found[cut] = list(dict(lemmas).items())        # one lemma per key
    return found


def _fills(ts: TransitionSystem) -> list[_Fill]:
    theory, flags = ts.theory, ts.cfa.flags
    found: dict[tuple, _Fill] = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if not isinstance(op, Store) or len(op.var.type.dims) != 1:
            continue
        index = _variable(op.indices[0])
        if index is None:
            continue
        b = op.var
        if b in flags:
            flag = flags[b]
            one = theory.const(1, flag.type.element)
            found[(flag, index, "written")] = _Fill(
                flag, index, "written", lambda state, j, flag=flag, one=one: state[flag][j] == one)
        value = _unwrapped(op.value)
        if isinstance(value, Load) and len(value.indices) == 1 and \
                _variable(value.indices[0]) is index and value.var is not b and \
                value.var.type.element == b.type.element:
            a = value.var
            found[(b, index, a)] = _Fill(b, index, f"copy of {a.name}",
                                        lambda state, j, a=a, b=b: state[b][j] == state[a][j])
        elif isinstance(value, Const):
            c = theory.const(b.type.element.wrap(value.value), b.type.element)
            found[(b, index, c)] = _Fill(b, index, f"== {b.type.element.wrap(value.value)}",
                                        lambda state, j, b=b, c=c: state[b][j] == c)
    return list(found.values())


def _index_variables(ts: TransitionSystem) -> dict[Variable, int]:
    """Every scalar variable that alone indexes a one-dimensional array, with the largest
    size it indexes."""
    found: dict[Variable, int] = {}
    for edge in ts.cfa.edges:
        accesses = [r for r in reads_in(expressions_of(edge.op)) if isinstance(r, Load)]
        if isinstance(edge.op, Store):
            accesses.append(edge.op)
        for access in accesses:
            if len(access.var.type.dims) == 1:
                v = _variable(access.indices[0])
                if v is not None:
                    found[v] = max(found.get(v, 0), access.var.type.size)
    return found


def _unwrapped(e):
    """`e` without the casts around it (a cast of a constant: the constant, converted)."""
    while isinstance(e, Cast):
        if isinstance(e.arg, Const):
            if isinstance(e.arg.type, FloatType) and not floats.fits_integer(e.arg.value, e.type):
                return e          # undefined: no constant (the encoder's target)
            return Const(floats.convert(e.arg.value, e.arg.type, e.type), e.type)
        e = e.arg
    return e


def _variable(e) -> Optional[Variable]:
    """The scalar variable that `e` reads, through casts, if that is all it is."""
    while isinstance(e, Cast):
        e = e.arg
    if isinstance(e, Ref) and isinstance(e.var.type, IntType):
        return e.var
    return None
