"""Candidate lemmas about arrays that loops fill, for Houdini (guesses: Houdini keeps only an
inductive subset, and nothing here is ever assumed unproven).

A loop `for (i = 0; i < n; i++) b[i] = v;` leaves b[0 .. i) equal to v at its head, and the
whole array after it.  The patterns, per store `b[s] = v` (s an index expression):
  - written    forall j in R. written_b[j]   (b's flag array: `cfa.indeterminate`)
  - copy       forall j in R. b[j] == a[j]   (v is `a[s]`, same element type)
  - constant   forall j in R. b[j] == c      (v is a constant)
for each range R of elements that b's stores write (`array_ranges.py`: below s, above it, every
element, strided, with an inner counter's constant), and the program's own conditions on
elements over those ranges (`array_facts.py`).  Random testing cannot simulate large arrays,
so these need no samples; where a cut point has none, the bounds 0 <= i <= n of every variable
that indexes an array are candidates too (the index checks need them), and so is v == c for
every constant c assigned to a variable v.  Arrays of several dimensions by their flat index;
bit-vector theory (where arrays live).
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
from .array_facts import fact_lemmas
from .array_updates import update_lemmas
from .array_ranges import (EXACT_BITS, elements, exact_int, exact_value, index_expression,
                           index_text, store_ranges, variables_of)
from .unsampled_lemmas import unsampled_lemmas

Lemma = tuple[object, z3.BoolRef]


@dataclass(frozen=True)
class _Fill:
    """`array[index] = ...` somewhere in the program, and what each element then equals."""
    array: Variable                  # the array whose elements are described
    stored: Variable                 # the array whose stores describe the ranges (`array`, or
                                     # the array that `array` flags)
    name: str                        # for the lemma's key: "written", "copy of a1", "== 0"
    # element j of the described array (over the input terms) -> the fact about it
    fact: Callable[[dict, z3.ExprRef], z3.BoolRef]


def array_lemmas(ts: TransitionSystem, samples: dict[int, list[dict]]) -> dict[int, list[Lemma]]:
    """Candidates at every cut point but the entry (cut point -> [(key, lemma)])."""
    if not isinstance(ts.theory, BitVectors):
        return {}
    fills = _fills(ts)
    ranges = store_ranges(ts)
    unsampled = unsampled_lemmas(ts, _index_variables(ts))
    element = z3.BitVec("element", INDEX_BITS)
    found: dict[int, list[Lemma]] = fact_lemmas(ts)
    for cut, lemmas in update_lemmas(ts).items():          # values updated in place
        found[cut] = found.get(cut, []) + lemmas
    for cut in ts.blocks:
        if cut == ts.cfa.entry:
            continue
        lemmas: list[Lemma] = []
        for fill in fills:
            for r in ranges.get(fill.stored, []):
                key = ("array", cut, f"{fill.array!r}{r.text} {fill.name}",
                       f"{fill.array!r} {fill.name}")
                lemmas.append((key, z3.ForAll([element], z3.Implies(
                    r.holds(ts.inputs, element), fill.fact(ts.inputs, element)))))
        if not samples.get(cut):
            lemmas += [(("array", cut, text), lemma) for (_, text), lemma in unsampled]
        lemmas += _range_ends(ts, cut, ranges, samples.get(cut))
        if lemmas:
            found[cut] = found.get(cut, []) + list(dict(lemmas).items())   # one lemma per key
    return found


def _range_ends(ts: TransitionSystem, cut: int, ranges: dict,
                states: Optional[list]) -> list[Lemma]:
    """`0 <= s <= n` for the end s of every range [0 .. s) of a one-dimensional array of n
    elements, s computed without wrap-around (`exact_value`), where every sample agrees.
    A loop that has written [0 .. s) keeps s within the array, and only this says so
    exactly: at the head of the outer loop of `for (i = 1; i <= n/3; i++) for (j = 3; j >= 1;
    j--) a[3*i - j] = ...`, `3*i - 3 <= n` bounds i (no bound or octagon of i and n does),
    so that after the loop `3*i - 3` is at least n without having wrapped, and the range
    covers the array."""
    lemmas = []
    zero = z3.BitVecVal(0, EXACT_BITS)
    for b, rs in ranges.items():
        if len(b.type.dims) != 1:
            continue
        dim = b.type.dims[0]
        size = z3.ZeroExt(EXACT_BITS - INDEX_BITS, elements(ts, b))
        for r in rs:
            e = r.end
            if e is None or not variables_of(e) or \
                    any(v.type.bits > INDEX_BITS for v in variables_of(e)):
                continue
            if states and not all(_within(e, dim, s) for s in states):
                continue
            value = exact_value(e, ts.inputs)
            text = index_text(e)
            lemmas.append((("array", cut, f"0 <= {text}"), z3.And(zero <= value)))
            lemmas.append((("array", cut, f"{text} <= size of {b!r}"), value <= size))
    return lemmas


def _within(e, dim, state: dict) -> bool:
    value = exact_int(e, state)
    size = dim if isinstance(dim, int) else state.get(dim)
    return value is not None and size is not None and 0 <= value <= size


def _fills(ts: TransitionSystem) -> list[_Fill]:
    theory, flags = ts.theory, ts.cfa.flags
    found: dict[tuple, _Fill] = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if not isinstance(op, Store) or op.var in flags.values():
            continue
        indices = [index_expression(e) for e in op.indices]
        if any(e is None for e in indices):
            continue
        b = op.var
        if b in flags:
            flag = flags[b]
            one = theory.const(1, flag.type.element)
            found[(flag, "written")] = _Fill(
                flag, b, "written", lambda state, j, flag=flag, one=one: state[flag][j] == one)
        value = _unwrapped(op.value)
        # a copy: the same indices into an array of the same element type and shape (flat
        # indices then agree; variable dimensions are equal only where Houdini shows it)
        if isinstance(value, Load) and value.var is not b and \
                [index_text(e) for e in value.indices] == [index_text(e) for e in indices] \
                and value.var.type.element == b.type.element and \
                len(value.var.type.dims) == len(b.type.dims):
            a = value.var
            found[(b, a)] = _Fill(b, b, f"copy of {a!r}",
                                  lambda state, j, a=a, b=b: state[b][j] == state[a][j])
        elif isinstance(value, Const):
            c = theory.const(b.type.element.wrap(value.value), b.type.element)
            found[(b, c)] = _Fill(b, b, f"== {b.type.element.wrap(value.value)}",
                                  lambda state, j, b=b, c=c: state[b][j] == c)
    return list(found.values())


def _index_variables(ts: TransitionSystem) -> dict[Variable, set]:
    """Every scalar variable that alone is an array index, with the dimensions it indexes
    (the largest constant one, and every variable one)."""
    found: dict[Variable, set] = {}
    for edge in ts.cfa.edges:
        accesses = [r for r in reads_in(expressions_of(edge.op)) if isinstance(r, Load)]
        if isinstance(edge.op, Store):
            accesses.append(edge.op)
        for access in accesses:
            for index, dim in zip(access.indices, access.var.type.dims):
                v = _variable(index)
                if v is not None:
                    found.setdefault(v, set()).add(dim)
    for v, sizes in found.items():
        constant = [d for d in sizes if isinstance(d, int)]
        found[v] = {d for d in sizes if not isinstance(d, int)} | \
            ({max(constant)} if constant else set())
    return found


def _unwrapped(e):
    """`e` without the casts around it (a cast of a constant: the constant, converted)."""
    while isinstance(e, Cast):
        if isinstance(e.arg, Const):
            if isinstance(e.arg.type, FloatType) and not floats.fits_integer(e.arg.value, e.type):
                return e          # undefined: no constant (the encoder's target)
            try:
                return Const(floats.convert(e.arg.value, e.arg.type, e.type), e.type)
            except floats.NotADouble:
                return e          # a long double that no Python float holds
        e = e.arg
    return e


def _variable(e) -> Optional[Variable]:
    """The scalar variable that `e` reads, through casts, if that is all it is."""
    while isinstance(e, Cast):
        e = e.arg
    if isinstance(e, Ref) and isinstance(e.var.type, IntType):
        return e.var
    return None
