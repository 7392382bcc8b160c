"""The element of a one-element integer array (`long long sum[1]`), read as a scalar by the
sampled candidate templates (`candidates.py`).

Programs keep a running value in `sum[0]` where others keep it in a scalar; the loop
invariants they need are the scalar ones (`sum[0] == i`, `sum[0] == N`), which the templates
offer only over variables.  A `Cell` stands for such an element: random testing samples its
value (`testing._sample`) and its term is the array's element 0 over a state.  Only arrays of
exactly one element: their only index is 0, so the cell is the whole array, and its flag of
written elements (`cfa.indeterminate`, one element too) is a cell as well, which gives
`sum::initialised[0] == 1` where the program's reads need it.  The candidates are guesses
that Houdini checks like any other.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from ..semantics.c_types import ArrayType, IntType
from ..semantics.ir import Variable
from ..semantics.theories import Integers


@dataclass(frozen=True)
class Cell:
    """Element 0 of a one-element integer array, with the interface of a scalar `Variable`
    that the templates read (`type`, `name`, `repr`)."""
    array: Variable

    @property
    def type(self) -> IntType:
        return self.array.type.element

    @property
    def name(self) -> str:
        return self.array.name

    @property
    def uid(self) -> str:
        return f"{self.array.uid}[0]"

    def __repr__(self) -> str:
        return f"{self.array!r}[0]"

    def term(self, ts, state: dict):
        """The element's value over a state (the array's term at index 0)."""
        return state[self.array][ts.theory.index_const(0)]


def is_cell_array(var: Variable) -> bool:
    ctype = var.type
    return isinstance(ctype, ArrayType) and isinstance(ctype.element, IntType) and \
        all(d == 1 for d in ctype.dims)


def term(ts, v, state: dict):
    """The term of a scalar variable or of a cell over a state."""
    return v.term(ts, state) if isinstance(v, Cell) else state[v]


def cell_lemmas(ts, cut: int, variables: list, cells: list[Cell], states: list[dict]) -> list:
    """The affine equalities (`candidates._affine_equalities`) over the variables and the
    cells that every sample satisfies and that name a cell (`sum[0] - i == 0`,
    `sum[0] == N`, `flag[0] == 1`).  Their key kind "cell" has Houdini ask them again after
    the quantified round (`houdini.AGAIN`): `sum[0] += a[i]` keeps `sum[0] == i` only where
    `a[j] == 1` for every j, a quantified fact the first round does not assume.  Only
    equalities: a cell's bounds and octagons, like the variables', would be hundreds of
    guesses asked again there.  The cells come last, so that the null space expresses each
    cell by the variables (a free column) rather than the reverse."""
    from .candidates import _affine_equalities      # (candidates imports this module)
    integers = isinstance(ts.theory, Integers)
    columns = list(variables) + list(cells)
    out = []
    for coefficients, constant in _affine_equalities(columns, states):
        used = [(v, a) for v, a in zip(columns, coefficients) if a]
        if not any(isinstance(v, Cell) for v, _ in used):
            continue
        text = " + ".join(f"{a}*{v!r}" for v, a in used) + f" + {constant} == 0"
        out.append((("cell", cut, text), affine_sum(ts, used, constant, integers)))
    return out


def affine_sum(ts, used: list, constant: int, integers: bool):
    """`sum a*v + constant == 0`: over integers as it is; over bit-vectors modulo 2^w in the
    widest variable's width w, the others sign- or zero-extended (preservation by the
    program's own wrapping arithmetic is then word-level rewriting)."""
    if integers:
        return z3.Sum([a * term(ts, v, ts.inputs) for v, a in used]) + constant == 0
    width = max(v.type.bits for v, _ in used)
    total = z3.BitVecVal(constant, width)
    for v, a in used:
        t = term(ts, v, ts.inputs)
        if v.type.bits < width:
            t = (z3.SignExt if v.type.signed else z3.ZeroExt)(width - v.type.bits, t)
        total = total + z3.BitVecVal(a, width) * t
    return total == 0
