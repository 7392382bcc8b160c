"""Candidate lemmas for sums built in loops: `s <= hi * i + c` and `s >= lo * i + c`.

A loop that adds a value of a narrow type to an accumulator and counts its iterations
(`s += v` with `unsigned char v`, `++i`: loop-invariants/linear-inequality-inv-a) keeps the
sum within the count times the largest (smallest) value added, which is what excludes its
wrap-around and bounds it after the loop (`s <= 255 * i`, with `i <= n`).  No octagon states
that (a coefficient of 255), and samples alone do not suggest it.  The coefficients come from
the range of the added expression's type (or of what it converts: `(unsigned)v` adds at most
255); the constant c from the samples at the cut point (their extreme value of `s - hi * i`).
Candidates are guesses: Houdini keeps only an inductive subset.  The arithmetic is over
mathematical integers (bit-vectors widened so that nothing wraps), as in `candidates.py`.
"""
from __future__ import annotations

from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import IntType
from ..semantics.ir import Assign, Binary, Cast, Const, Expr, Ref, Variable
from ..semantics.theories import Integers

MAX_COEFFICIENT = 1 << 16       # wider added values give bounds no program needs


def accumulator_lemmas(ts: TransitionSystem, cut: int, variables: list[Variable],
                       states: list[dict]) -> list[tuple[object, z3.BoolRef]]:
    """`s - hi * i <= c` and `s - lo * i >= c` at `cut` for every accumulation `s = s + e`
    and counter `i = i + 1` of the program among `variables` (sampled at `cut`)."""
    sums = _accumulations(ts, set(variables))
    counters = [v for v in variables if _is_counter(ts, v)]
    found = []
    for s, (low, high) in sums.items():
        for i in counters:
            if i is s:
                continue
            for name, factor, upper in (("hi", high, True), ("lo", low, False)):
                if factor == 0 or abs(factor) > MAX_COEFFICIENT:
                    continue
                values = [state[s] - factor * state[i] for state in states]
                bound = max(values) if upper else min(values)
                term = _difference(ts, s, i, factor)
                formula = term <= _const(term, bound) if upper else term >= _const(term, bound)
                text = f"{s!r} - {factor}*{i!r} {'<=' if upper else '>='} {bound}"
                found.append((("accumulator", cut, text), formula))
    return found


def _accumulations(ts: TransitionSystem, variables: set) -> dict[Variable, tuple[int, int]]:
    """Variables s assigned `s + e` (or `e + s`), with the range of the values e adds (over
    all such assignments)."""
    ranges: dict[Variable, tuple[int, int]] = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if not isinstance(op, Assign) or op.var not in variables:
            continue
        value = op.value
        if not (isinstance(value, Binary) and value.op == "+"):
            continue
        if _is_ref(value.left, op.var):
            added = value.right
        elif _is_ref(value.right, op.var):
            added = value.left
        else:
            continue
        low, high = _range(added)
        if op.var in ranges:
            low, high = min(low, ranges[op.var][0]), max(high, ranges[op.var][1])
        ranges[op.var] = (low, high)
    return ranges


def _is_counter(ts: TransitionSystem, var: Variable) -> bool:
    return any(isinstance(e.op, Assign) and e.op.var is var and isinstance(e.op.value, Binary)
               and e.op.value.op == "+" and _is_ref(e.op.value.left, var)
               and isinstance(e.op.value.right, Const) and e.op.value.right.value == 1
               for e in ts.cfa.edges)


def _is_ref(e: Expr, var: Variable) -> bool:
    return isinstance(e, Ref) and e.var is var


def _range(e: Expr) -> tuple[int, int]:
    """The values `e` can have by its type, narrowed through conversions that keep them
    (a widening cast of a narrower variable)."""
    if isinstance(e, Const) and isinstance(e.type, IntType):
        return e.value, e.value
    if isinstance(e, Cast) and isinstance(e.type, IntType):
        low, high = _range(e.arg)
        if e.type.min <= low and high <= e.type.max:
            return low, high
        return e.type.min, e.type.max
    if isinstance(e, Ref) and isinstance(e.var.type, IntType):
        return e.var.type.min, e.var.type.max
    ctype: Optional[IntType] = getattr(e, "type", None)
    if isinstance(ctype, IntType):
        return ctype.min, ctype.max
    return 0, 0          # not an integer: no candidate (factor 0 is skipped)


def _difference(ts: TransitionSystem, s: Variable, i: Variable, factor: int) -> z3.ExprRef:
    """s - factor * i over the mathematical values (bit-vectors widened to hold it)."""
    x, y = ts.inputs[s], ts.inputs[i]
    if isinstance(ts.theory, Integers):
        return x - factor * y
    width = max(s.type.bits, i.type.bits) + abs(factor).bit_length() + 2
    x = (z3.SignExt if s.type.signed else z3.ZeroExt)(width - s.type.bits, x)
    y = (z3.SignExt if i.type.signed else z3.ZeroExt)(width - i.type.bits, y)
    return x - z3.BitVecVal(factor, width) * y


def _const(term: z3.ExprRef, value: int) -> z3.ExprRef:
    return z3.BitVecVal(value, term.size()) if z3.is_bv(term) else z3.IntVal(value)
