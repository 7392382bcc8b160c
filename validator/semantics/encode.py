"""C semantics in z3: typed IR expressions to terms of a theory, with undefined behaviour.

`Encoder.value(e, state)` gives the term of e (a bit-vector of e's width, or a mathematical
integer: see `validator.theories`); `Encoder.boolean(e, state)` a z3 Bool for `e != 0`.  Every
operation that can have undefined behaviour (division by zero, INT_MIN / -1, shift by the width
or more or by a negative amount, array index out of bounds) appends its condition, guarded by
the short-circuit context, to `self.ub`; so does signed overflow of +, -, *, unary - and <<
(C11 6.5p5, 6.5.7p4), in the type C gives the operation after the promotions and the usual
arithmetic conversions (the IR's types), reading a value that may be uninitialised
(`Ref`/`Load` with a flag: `cfa.indeterminate`), and converting a floating value to an integer
type that cannot represent it truncated (NaN and the infinities included, C11 6.3.1.4p1).
Floating arithmetic has no undefined behaviour (Annex F: division by zero and overflow give
infinities or NaN).  In the checked-integer theory signed overflow is
instead an obligation of its own (`self.overflow`).
"""
from __future__ import annotations

from typing import Callable, Optional

import z3

from . import fp_terms
from .raw_terms import And, Not, Or, is_false
from .c_types import ArrayType, FloatType, IntType, element_type
from .ir import Binary, Cast, Cond, Const, Load, Ref, Unary
from .ranges import Memo, cannot_overflow
from ..evidence import NOT_MODELLED
from .cfa.indeterminate import UNINITIALISED_READ
from .theories import BitVectors

COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
# what a signed-overflow target is called (its key adds the line): the portfolio relies on it
SIGNED_OVERFLOW = "signed overflow"
FLOAT_CONVERSION = "conversion of a floating value that does not fit to"


class Encoder:
    def __init__(self, theory=None, fresh_read: Optional[Callable] = None) -> None:
        """`fresh_read(variable, line)`: a fresh nondet term of the variable's (element) type,
        for reading an uninitialised value with `--uninitialized nondet`; without it such a
        read is undefined behaviour (an invariant's reads always are: see `cfa.indeterminate`)."""
        self.theory = theory or BitVectors()
        self.fresh_read = fresh_read
        self.ub: list[tuple[z3.BoolRef, str]] = []     # (condition, description with line)
        # conditions of reading an uninitialised value (also in `ub`): the execution ends there
        self.indeterminate: list[z3.BoolRef] = []
        # where the theory does not wrap (CheckedIntegers): (condition, description) of each
        # signed overflow, an obligation the engines must show unreachable
        self.overflow: list[tuple[z3.BoolRef, str]] = []
        self.ranges: Memo = {}          # ranges.py's bounds of the expressions encoded
        self.true = z3.BoolVal(True)    # the guard of an expression evaluated unconditionally

    def _ub(self, guard: z3.BoolRef, condition: z3.BoolRef, what: str, line,
            into: Optional[list] = None) -> None:
        condition = z3.simplify(And(guard, condition))
        if not is_false(condition):
            (self.ub if into is None else into).append(
                (condition, what + (f" at line {line}" if line else "")))

    def _overflow(self, guard, op: str, a, b, ctype: IntType, line,
                  right: Optional[IntType] = None) -> None:
        condition = self.theory.overflow(op, a, b, ctype)
        if condition is not None:
            self._ub(guard, condition, SIGNED_OVERFLOW, line, self.overflow)
        condition = self.theory.signed_overflow(op, a, b, ctype, right)
        if condition is not None:
            self._ub(guard, condition, SIGNED_OVERFLOW, line)

    def boolean(self, e, state: dict, guard: Optional[z3.BoolRef] = None) -> z3.BoolRef:
        guard = self.true if guard is None else guard
        if isinstance(e, Binary):
            if e.op == "&&":
                left = self.boolean(e.left, state, guard)
                return And(left, self.boolean(e.right, state, And(guard, left)))
            if e.op == "||":
                left = self.boolean(e.left, state, guard)
                return Or(left, self.boolean(e.right, state, And(guard, Not(left))))
            if e.op in COMPARISONS:
                a = self.value(e.left, state, guard)
                b = self.value(e.right, state, guard)
                return self.theory.compare(e.op, a, b, e.left.type)
        if isinstance(e, Unary) and e.op == "!":
            return Not(self.boolean(e.arg, state, guard))
        if isinstance(e, Const):
            return z3.BoolVal(e.value != 0)
        return self.theory.compare("!=", self.value(e, state, guard),
                                   self.theory.const(0, e.type), e.type)

    def value(self, e, state: dict, guard: Optional[z3.BoolRef] = None):
        guard = self.true if guard is None else guard
        theory = self.theory
        if isinstance(e, Const):
            return theory.const(e.value, e.type)
        if isinstance(e, Ref):
            if e.initialised is not None:
                return self.indeterminate_read(e, state[e.var], state[e.initialised], guard)
            return state[e.var]
        if isinstance(e, Cast):
            arg = self.value(e.arg, state, guard)
            if isinstance(e.arg.type, FloatType) and isinstance(e.type, IntType) \
                    and not e.type.is_bool:
                self._ub(guard, Not(fp_terms.defined_conversion(arg, e.arg.type, e.type)),
                         f"{FLOAT_CONVERSION} '{e.type}'", getattr(e, "line", None))
            return theory.cast(arg, e.arg.type, e.type)
        if isinstance(e, Load):
            index = self.index(e.var.type, e.indices, state, guard, e.line)
            if e.initialised is not None:
                return self.indeterminate_read(e, z3.Select(state[e.var], index),
                                               z3.Select(state[e.initialised], index), guard)
            return z3.Select(state[e.var], index)
        if isinstance(e, Cond):
            c = self.boolean(e.cond, state, guard)
            return z3.If(c, self.value(e.then, state, And(guard, c)),
                         self.value(e.otherwise, state, And(guard, Not(c))))
        if isinstance(e, Unary):
            if e.op == "!":
                return theory.from_bool(Not(self.boolean(e.arg, state, guard)), e.type)
            a = self.value(e.arg, state, guard)
            if e.op == "~":
                return theory.complement(a, e.type)
            if not cannot_overflow(e, self.ranges):
                self._overflow(guard, "neg", a, None, e.type, e.line)
            return theory.negate(a, e.type)
        if isinstance(e, Binary):
            if e.op in ("&&", "||") or e.op in COMPARISONS:
                return theory.from_bool(self.boolean(e, state, guard), e.type)
            return self.arithmetic(e, state, guard)
        raise TypeError(f"cannot encode {type(e).__name__}")

    def indeterminate_read(self, e, value, flag, guard):
        """The value of a read that may see an uninitialised value (its `flag` is 0 then)."""
        flag_type = element_type(e.initialised.type)
        unwritten = self.theory.compare("==", flag, self.theory.const(0, flag_type), flag_type)
        if self.fresh_read is not None:
            return z3.If(unwritten, self.fresh_read(e.var, e.line), value)
        # a union or struct copied with an unwritten part (ir.Load.copy, ir.Ref.copy) is not
        # undefined behaviour but an execution that is not modelled
        what = f"{NOT_MODELLED}copy of {e.copy}" if e.copy else UNINITIALISED_READ
        self._ub(guard, unwritten, f"{what} '{e.var.name}'", e.line)
        self.indeterminate.append(And(guard, unwritten))
        return value

    def arithmetic(self, e: Binary, state: dict, guard):
        theory = self.theory
        a = self.value(e.left, state, guard)
        b = self.value(e.right, state, guard)
        ctype = e.type
        if isinstance(ctype, FloatType):
            return theory.arithmetic(e.op, a, b, ctype)      # Annex F: no undefined behaviour
        if e.op in ("/", "%"):
            self._ub(guard, theory.compare("==", b, theory.const(0, ctype), ctype),
                     "division by zero", e.line)
            if ctype.signed:
                self._ub(guard, And(theory.compare("==", a, theory.const(ctype.min, ctype), ctype),
                                       theory.compare("==", b, theory.const(-1, ctype), ctype)),
                         "signed division overflow", e.line)
        if e.op in ("<<", ">>"):
            right = e.right.type
            width = theory.const(ctype.bits, right)
            too_big = theory.compare(">=", b, width, right)
            if right.signed:
                too_big = Or(theory.compare("<", b, theory.const(0, right), right), too_big)
            self._ub(guard, too_big, "shift by a negative amount or by the width or more", e.line)
        if not cannot_overflow(e, self.ranges):        # ranges.py: `(long long) a * (long long) b`
            self._overflow(guard, e.op, a, b, ctype, e.line, e.right.type)
        return theory.arithmetic(e.op, a, b, ctype, e.right.type)

    def index(self, ctype: ArrayType, indices: list, state: dict, guard, line):
        """Flat index; each index must lie within its dimension.  A dimension of a
        variable-length array is the value of its variable (the whole array has at most
        PTRDIFF_MAX bytes, so the flat index does not wrap)."""
        theory = self.theory
        dims = [theory.index_const(d) if isinstance(d, int)
                else theory.index(state[d], d.type) for d in ctype.dims]
        flat = theory.index_const(0)
        stride = theory.index_const(1)
        strides = []
        for dim in reversed(dims):
            strides.insert(0, stride)
            stride = z3.simplify(stride * dim)
        for expr, dim, step in zip(indices, dims, strides):
            wide = theory.index(self.value(expr, state, guard), expr.type)
            outside = Or(wide < theory.index_const(0), wide >= dim)
            self._ub(guard, outside, "array index out of bounds", line)
            flat = flat + wide * step
        return flat
