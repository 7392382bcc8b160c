"""C semantics in z3: typed IR expressions to bit-vector terms, with undefined behaviour.

`Encoder.value(e, state)` gives a bit-vector term of e's width; `Encoder.boolean(e, state)` a
z3 Bool for `e != 0`.  Every operation that can have undefined behaviour (division by zero,
INT_MIN / -1, shift by the width or more or by a negative amount, array index out of bounds)
appends its condition, guarded by the short-circuit context, to `self.ub`.  Signed overflow of
+, -, * and << wraps (as `gcc -fwrapv`).
"""
from __future__ import annotations

from typing import Optional

import z3

from .c_types import ArrayType, IntType
from .ir import Binary, Cast, Cond, Const, Load, Ref, Unary

INDEX_BITS = 64


def sort_of(ctype) -> z3.SortRef:
    if isinstance(ctype, ArrayType):
        return z3.ArraySort(z3.BitVecSort(INDEX_BITS), z3.BitVecSort(ctype.element.bits))
    return z3.BitVecSort(ctype.bits)


def cast_term(term: z3.BitVecRef, source: IntType, target: IntType) -> z3.BitVecRef:
    if target.is_bool:
        return z3.If(term != 0, z3.BitVecVal(1, target.bits), z3.BitVecVal(0, target.bits))
    if target.bits == source.bits:
        return term
    if target.bits < source.bits:
        return z3.Extract(target.bits - 1, 0, term)
    extend = z3.SignExt if source.signed else z3.ZeroExt
    return extend(target.bits - source.bits, term)


class Encoder:
    def __init__(self) -> None:
        self.ub: list[tuple[z3.BoolRef, str]] = []     # (condition, description with line)

    def _ub(self, guard: z3.BoolRef, condition: z3.BoolRef, what: str, line) -> None:
        condition = z3.simplify(z3.And(guard, condition))
        if not z3.is_false(condition):
            self.ub.append((condition, what + (f" at line {line}" if line else "")))

    def boolean(self, e, state: dict, guard: Optional[z3.BoolRef] = None) -> z3.BoolRef:
        guard = z3.BoolVal(True) if guard is None else guard
        if isinstance(e, Binary):
            if e.op == "&&":
                left = self.boolean(e.left, state, guard)
                return z3.And(left, self.boolean(e.right, state, z3.And(guard, left)))
            if e.op == "||":
                left = self.boolean(e.left, state, guard)
                return z3.Or(left, self.boolean(e.right, state, z3.And(guard, z3.Not(left))))
            if e.op in ("==", "!=", "<", "<=", ">", ">="):
                a = self.value(e.left, state, guard)
                b = self.value(e.right, state, guard)
                signed = e.left.type.signed
                if e.op == "==":
                    return a == b
                if e.op == "!=":
                    return a != b
                if e.op == "<":
                    return a < b if signed else z3.ULT(a, b)
                if e.op == "<=":
                    return a <= b if signed else z3.ULE(a, b)
                if e.op == ">":
                    return a > b if signed else z3.UGT(a, b)
                return a >= b if signed else z3.UGE(a, b)
        if isinstance(e, Unary) and e.op == "!":
            return z3.Not(self.boolean(e.arg, state, guard))
        if isinstance(e, Const):
            return z3.BoolVal(e.value != 0)
        return self.value(e, state, guard) != 0

    def value(self, e, state: dict, guard: Optional[z3.BoolRef] = None) -> z3.BitVecRef:
        guard = z3.BoolVal(True) if guard is None else guard
        if isinstance(e, Const):
            return z3.BitVecVal(e.value & ((1 << e.type.bits) - 1), e.type.bits)
        if isinstance(e, Ref):
            return state[e.var]
        if isinstance(e, Cast):
            return cast_term(self.value(e.arg, state, guard), e.arg.type, e.type)
        if isinstance(e, Load):
            return z3.Select(state[e.var], self.index(e.var.type, e.indices, state, guard, e.line))
        if isinstance(e, Cond):
            c = self.boolean(e.cond, state, guard)
            return z3.If(c, self.value(e.then, state, z3.And(guard, c)),
                         self.value(e.otherwise, state, z3.And(guard, z3.Not(c))))
        if isinstance(e, Unary):
            if e.op == "!":
                return _from_bool(z3.Not(self.boolean(e.arg, state, guard)), e.type)
            a = self.value(e.arg, state, guard)
            return -a if e.op == "-" else ~a
        if isinstance(e, Binary):
            if e.op in ("&&", "||", "==", "!=", "<", "<=", ">", ">="):
                return _from_bool(self.boolean(e, state, guard), e.type)
            return self.arithmetic(e, state, guard)
        raise TypeError(f"cannot encode {type(e).__name__}")

    def arithmetic(self, e: Binary, state: dict, guard) -> z3.BitVecRef:
        a = self.value(e.left, state, guard)
        b = self.value(e.right, state, guard)
        signed = e.type.signed
        op = e.op
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "&":
            return a & b
        if op == "|":
            return a | b
        if op == "^":
            return a ^ b
        if op in ("/", "%"):
            self._ub(guard, b == 0, "division by zero", e.line)
            if signed:
                minimum = z3.BitVecVal(1 << (e.type.bits - 1), e.type.bits)
                self._ub(guard, z3.And(a == minimum, b == -1), "signed division overflow", e.line)
                return a / b if op == "/" else z3.SRem(a, b)
            return z3.UDiv(a, b) if op == "/" else z3.URem(a, b)
        if op in ("<<", ">>"):
            width = e.type.bits
            rtype = e.right.type
            too_big = z3.UGE(b, width) if not rtype.signed else z3.Or(b < 0, b >= width)
            self._ub(guard, too_big, "shift by a negative amount or by the width or more", e.line)
            if rtype.bits > width:
                b = z3.Extract(width - 1, 0, b)
            elif rtype.bits < width:
                b = z3.ZeroExt(width - rtype.bits, b)
            if op == "<<":
                return a << b
            return a >> b if signed else z3.LShR(a, b)
        raise TypeError(f"operator {op}")

    def index(self, ctype: ArrayType, indices: list, state: dict, guard, line) -> z3.BitVecRef:
        """Flat 64-bit index; each index must lie within its dimension."""
        flat = z3.BitVecVal(0, INDEX_BITS)
        stride = 1
        strides = []
        for dim in reversed(ctype.dims):
            strides.insert(0, stride)
            stride *= dim
        for expr, dim, step in zip(indices, ctype.dims, strides):
            term = self.value(expr, state, guard)
            wide = cast_term(term, expr.type, IntType("index", INDEX_BITS, True))
            self._ub(guard, z3.Or(wide < 0, wide >= dim), "array index out of bounds", line)
            flat = flat + wide * step
        return flat


def _from_bool(b: z3.BoolRef, ctype: IntType) -> z3.BitVecRef:
    return z3.If(b, z3.BitVecVal(1, ctype.bits), z3.BitVecVal(0, ctype.bits))
