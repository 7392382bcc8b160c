"""Scalar candidate lemmas for the cut points that random testing never reached (a loop over a
large array before them: testing does not simulate large arrays), where `candidates.py`, which
keeps only the guesses its samples agree with, has nothing to offer.

Without samples every guess goes to Houdini, so these are few and made from the program:
  - index bounds   0 <= i and i <= n for every variable that alone indexes an array of n
  - constants      v == c for every constant c assigned to v (`f = 1`: a flag that stays set)
  - copies         v == w for every assignment `v = w` of a scalar variable (through integer
                   casts): a variable-length array's dimension is its size expression's
                   variable, `int a[n][n]` with `n = 1000`, and the index bounds need it
  - congruences    v % k == 0 for a counter stepped by k >= 2 (`i = i + 2`)
  - monotone       v <= c for a counter only decremented from constants c at most (`j = 3;
                   j--`), v >= c for one only incremented
  - conditions     the program's comparisons of scalars (and of arithmetic over them) and
                   their negations, and x <= y for
                   x < y (the loop guard `k < n` gives `k <= n` at the head)
They are guesses like all others: Houdini keeps an inductive subset.
"""
from __future__ import annotations

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import IntType
from ..semantics.encode import Encoder
from ..semantics.ir import Assign, Binary, Cast, Const, Ref, Variable
from .array_ranges import (MAX_CONSTANTS, assigned_constants, assigned_copies, comparisons,
                           counters, dimension, index_text)

Lemma = tuple[object, z3.BoolRef]
WEAKER = {"<": "<=", ">": ">="}
ARITHMETIC = ("+", "-", "*", "/", "%")
MAX_CONDITIONS = 40


def unsampled_lemmas(ts: TransitionSystem, indexing: dict[Variable, set]) -> list[Lemma]:
    """The candidates, over the inputs of any cut point (`indexing`: each variable that alone
    indexes an array -> the dimensions it indexes)."""
    lemmas: list[Lemma] = []
    zero = ts.theory.index_const(0)
    for v, sizes in sorted(indexing.items(), key=lambda item: item[0].name):
        i = ts.theory.index(ts.inputs[v], v.type)
        lemmas.append((("array", f"{v!r} >= 0"), i >= zero))
        for size in sorted(sizes, key=str):
            lemmas.append((("array", f"{v!r} <= {size}"), i <= dimension(ts, size)))
    for v, constants in sorted(assigned_constants(ts).items(), key=lambda item: item[0].uid):
        for c in constants[:MAX_CONSTANTS]:
            lemmas.append((("array", f"{v!r} == {c.value}"),
                           ts.inputs[v] == ts.theory.const(c.value, v.type)))
    for v, copied in sorted(assigned_copies(ts).items(), key=lambda item: item[0].uid):
        for value in copied[:MAX_CONSTANTS]:
            lemmas.append((("array", f"{v!r} == {index_text(value)}"),
                           ts.inputs[v] == Encoder(ts.theory).value(value, ts.inputs)))
    for v, (text, bound) in _monotone_bounds(ts):
        lemmas.append((("array", f"{v!r} {text}"), bound))
    for v, steps in sorted(counters(ts).items(), key=lambda item: item[0].uid):
        for k in steps:
            if k >= 2 and isinstance(v.type, IntType) and v.type.bits > k.bit_length():
                lemmas.append((("array", f"{v!r} % {k} == 0"), z3.SRem(
                    ts.inputs[v], ts.theory.const(k, v.type)) == ts.theory.const(0, v.type)))
    for text, condition in _conditions(ts)[:MAX_CONDITIONS]:
        lemmas.append((("array", text), condition))
    return lemmas


def _monotone_bounds(ts: TransitionSystem) -> list:
    """v <= c for a counter only ever decremented (v >= c for one only incremented), c the
    largest (smallest) constant assigned to it: `for (j = 3; j >= 1; j--)` keeps j <= 3,
    which bounds what `a[3*i - j] = j` stores."""
    directions: dict = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if isinstance(op, Assign) and isinstance(op.value, Binary) and \
                op.value.op in ("+", "-") and isinstance(op.value.left, Ref) and \
                op.value.left.var is op.var and isinstance(op.value.right, Const):
            step = op.value.right.value if op.value.op == "+" else -op.value.right.value
            directions.setdefault(op.var, set()).add(step > 0)
    found = []
    for v, constants in sorted(assigned_constants(ts).items(), key=lambda item: item[0].uid):
        ways = directions.get(v)
        if not ways or len(ways) != 1 or not isinstance(v.type, IntType):
            continue
        up = ways.pop()
        c = (min if up else max)(k.value for k in constants)
        term, bound = ts.inputs[v], ts.theory.const(c, v.type)
        if v.type.signed:
            holds = term >= bound if up else term <= bound
        else:       # bit-vectors (array lemmas are for them): unsigned comparisons
            holds = z3.UGE(term, bound) if up else z3.ULE(term, bound)
        found.append((v, (f"{'>=' if up else '<='} {c}", holds)))
    return found


def _conditions(ts: TransitionSystem) -> list[tuple[str, z3.BoolRef]]:
    found: dict[str, z3.BoolRef] = {}
    for e in comparisons(ts):
        if not (_scalar(e.left) and _scalar(e.right)) or \
                isinstance(e.left, Const) and isinstance(e.right, Const):
            continue
        truth = Encoder(ts.theory).boolean(e, ts.inputs)      # (UB: a guess's terms are free)
        found.setdefault(index_text(e), truth)
        found.setdefault("!" + index_text(e), z3.Not(truth))
        if e.op in WEAKER:
            weaker = Binary(WEAKER[e.op], e.left, e.right, e.type)
            found.setdefault(index_text(weaker), Encoder(ts.theory).boolean(weaker, ts.inputs))
    return list(found.items())


def _scalar(e) -> bool:
    """A program variable, a constant, or arithmetic of them (through casts): `i <= n / 3`,
    an outer loop's guard, holds at the head of its inner loop."""
    while isinstance(e, Cast):
        e = e.arg
    if isinstance(e, Binary):
        return e.op in ARITHMETIC and _scalar(e.left) and _scalar(e.right)
    return isinstance(e, Const) and isinstance(e.type, IntType) or \
        isinstance(e, Ref) and isinstance(e.var.type, IntType) and e.initialised is None
