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
from ..semantics.encode import Encoder
from ..semantics.ir import (Binary, Cast, Const, Load, Ref, Store, Variable, expressions_of,
                             reads_in)
from ..semantics.theories import INDEX_BITS, BitVectors

Lemma = tuple[object, z3.BoolRef]


@dataclass(frozen=True)
class _Fill:
    """`array[index] = ...` somewhere in the program, and what each element then equals."""
    array: Variable                  # the array whose elements are described
    # what indexes the store: a variable, or a pointer's offset plus a variable (`a[i]` with
    # `int *a`: cfa/pointers.py)
    index: object
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
            size = _size(ts, fill.array.type.dims[0])
            i = _index_term(ts, fill.index)
            for low, high, where in ((zero, i, f"[0 .. {_index_text(fill.index)})"),
                                     (i + 1, size, f"({_index_text(fill.index)} .. end)"),
                                     (zero, size, "[every element]")):
                key = ("array", cut, f"{fill.array!r}{where} {fill.name}")
                lemmas.append((key, z3.ForAll([element], z3.Implies(
                    z3.And(low <= element, element < high), fill.fact(ts.inputs, element)))))
        if not samples.get(cut):
            for v, sizes in sorted(indexing.items(), key=lambda item: item[0].name):
                i = ts.theory.index(ts.inputs[v], v.type)
                lemmas.append((("array", cut, f"{v!r} >= 0"), i >= zero))
                for size in sorted(sizes, key=str):
                    lemmas.append((("array", cut, f"{v!r} <= {size}"),
                                   i <= _size(ts, size)))
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
        index = _index_expression(op.indices[0])
        if index is None:
            continue
        b = op.var
        if b in flags:
            flag = flags[b]
            one = theory.const(1, flag.type.element)
            found[(flag, _index_text(index), "written")] = _Fill(
                flag, index, "written", lambda state, j, flag=flag, one=one: state[flag][j] == one)
        value = _unwrapped(op.value)
        if isinstance(value, Load) and len(value.indices) == 1 and \
                _same_index(_index_expression(value.indices[0]), index) and value.var is not b and \
                value.var.type.element == b.type.element:
            a = value.var
            found[(b, _index_text(index), a)] = _Fill(b, index, f"copy of {a!r}",
                                        lambda state, j, a=a, b=b: state[b][j] == state[a][j])
        elif isinstance(value, Const):
            c = theory.const(b.type.element.wrap(value.value), b.type.element)
            found[(b, _index_text(index), c)] = _Fill(b, index, f"== {b.type.element.wrap(value.value)}",
                                        lambda state, j, b=b, c=c: state[b][j] == c)
    return list(found.values())


def _size(ts: TransitionSystem, dim):
    """A dimension as an index term: a constant, or a variable-length array's variable."""
    if isinstance(dim, int):
        return ts.theory.index_const(dim)
    return ts.theory.index(ts.inputs[dim], dim.type)


def _index_variables(ts: TransitionSystem) -> dict[Variable, set]:
    """Every scalar variable that alone indexes a one-dimensional array, with the sizes it
    indexes (the largest constant one, and every variable one)."""
    found: dict[Variable, set] = {}
    for edge in ts.cfa.edges:
        accesses = [r for r in reads_in(expressions_of(edge.op)) if isinstance(r, Load)]
        if isinstance(edge.op, Store):
            accesses.append(edge.op)
        for access in accesses:
            if len(access.var.type.dims) == 1:
                v = _variable(access.indices[0])
                if v is not None:
                    found.setdefault(v, set()).add(access.var.type.dims[0])
    for v, sizes in found.items():
        constant = [d for d in sizes if isinstance(d, int)]
        found[v] = {d for d in sizes if not isinstance(d, int)} | \
            ({max(constant)} if constant else set())
    return found


def _index_expression(e):
    """What a store's index is, if lemmas can name it: a scalar variable, or the sum of two
    (through casts: a pointer's offset and the loop's counter); else None."""
    if _variable(e) is not None:
        return _variable(e)
    inner = e
    while isinstance(inner, Cast):
        inner = inner.arg
    if isinstance(inner, Binary) and inner.op == "+" and _variable(inner.left) is not None \
            and _variable(inner.right) is not None:
        return e
    return None


def _same_index(a, b) -> bool:
    return a is b or (a is not None and b is not None and not isinstance(a, Variable)
                      and not isinstance(b, Variable) and _index_text(a) == _index_text(b))


def _index_text(index) -> str:
    if isinstance(index, Variable):
        return repr(index)
    inner = index
    while isinstance(inner, Cast):
        inner = inner.arg
    return f"{_variable(inner.left)!r} + {_variable(inner.right)!r}"


def _index_term(ts: TransitionSystem, index):
    """The index over the cut point's input terms."""
    if isinstance(index, Variable):
        return ts.theory.index(ts.inputs[index], index.type)
    return ts.theory.index(Encoder(ts.theory).value(index, ts.inputs), index.type)


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
