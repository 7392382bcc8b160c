"""A bit-vector formula read over the integers, exactly: every bit-vector term of width w
becomes the integer of its signed value (two's complement), in [-2^(w-1), 2^(w-1)).

Why: a query whose terms only select, compare and add values (the maximum of ten inputs
computed in three orders, `reducercommutativity/max10-1`) is hard for bit-blasting (z3's
QF_BV: 45 s to show the three maxima equal) and easy for linear integer arithmetic (0.2 s).
The reading is exact, not an abstraction: the signed value is a bijection between the
bit-vectors of a width and the integers of its range, every operation below has exactly
the integer meaning given (wrap-around through an integer k with the result kept in range,
which fixes k), so the integer formula is satisfiable exactly when the bit-vector formula
is.  An operation outside this list makes the whole reading None: the caller keeps the
bit-vector query.  Only used for `unsat` answers (`unfold.py`); its models are not read.
"""
from __future__ import annotations

from typing import Optional

import z3


class _Outside(Exception):
    """The formula has an operation the reading does not cover."""


def signed_view(formulas: list[z3.BoolRef], size_limit: int = 200_000
                ) -> Optional[list[z3.BoolRef]]:
    """Integer formulas satisfiable exactly when `formulas` are (bit-vector and Boolean
    terms over uninterpreted bit-vector and Boolean constants), or None."""
    view = _View(size_limit)
    try:
        translated = [view.term(f) for f in formulas]
    except (_Outside, RecursionError, z3.Z3Exception):    # e.g. a quantifier's variables
        return None
    return view.side + translated


class _View:
    def __init__(self, size_limit: int) -> None:
        self.cache: dict[int, z3.ExprRef] = {}
        self.side: list[z3.BoolRef] = []       # ranges of constants and wrapped results
        self.size_limit = size_limit
        self.fresh = 0

    def term(self, t: z3.ExprRef) -> z3.ExprRef:
        key = t.get_id()
        if key not in self.cache:
            if len(self.cache) > self.size_limit:
                raise _Outside("too large")
            self.cache[key] = self._bool(t) if z3.is_bool(t) else self._bv(t)
        return self.cache[key]

    def _bool(self, t: z3.BoolRef) -> z3.BoolRef:
        kind = t.decl().kind()
        args = t.children()
        if kind == z3.Z3_OP_TRUE or kind == z3.Z3_OP_FALSE:
            return t
        if kind == z3.Z3_OP_UNINTERPRETED and not args:
            return t                                # a Boolean constant stays itself
        if kind == z3.Z3_OP_AND:
            return z3.And([self.term(a) for a in args])
        if kind == z3.Z3_OP_OR:
            return z3.Or([self.term(a) for a in args])
        if kind == z3.Z3_OP_NOT:
            return z3.Not(self.term(args[0]))
        if kind == z3.Z3_OP_IMPLIES:
            return z3.Implies(self.term(args[0]), self.term(args[1]))
        if kind == z3.Z3_OP_XOR:
            return z3.Xor(self.term(args[0]), self.term(args[1]))
        if kind == z3.Z3_OP_ITE:
            return z3.If(self.term(args[0]), self.term(args[1]), self.term(args[2]))
        if kind == z3.Z3_OP_EQ and len(args) == 2:
            # equal bit-vectors have equal signed values and conversely (a bijection)
            return self.term(args[0]) == self.term(args[1])
        if kind == z3.Z3_OP_DISTINCT:
            return z3.Distinct([self.term(a) for a in args])
        if kind in _SIGNED_ORDER:
            return _SIGNED_ORDER[kind](self.term(args[0]), self.term(args[1]))
        if kind in _UNSIGNED_ORDER:
            return _UNSIGNED_ORDER[kind](self._unsigned(args[0]), self._unsigned(args[1]))
        raise _Outside(t.decl().name())

    def _bv(self, t: z3.ExprRef) -> z3.ArithRef:
        if not z3.is_bv(t):
            raise _Outside(str(t.sort()))
        width = t.size()
        kind = t.decl().kind()
        args = t.children()
        if z3.is_bv_value(t):
            return z3.IntVal(str(_signed(t.as_long(), width)))
        if kind == z3.Z3_OP_UNINTERPRETED and not args:
            # the width in the name: two constants of one name and different widths are
            # different constants (one integer for both would equate them: a wrong `unsat`)
            value = z3.Int(f"{t.decl().name()}@signed{width}")
            self.side.append(z3.And(value >= -(1 << (width - 1)), value < 1 << (width - 1)))
            return value
        if kind == z3.Z3_OP_ITE:
            return z3.If(self.term(args[0]), self.term(args[1]), self.term(args[2]))
        if kind == z3.Z3_OP_SIGN_EXT:
            return self.term(args[0])
        if kind == z3.Z3_OP_ZERO_EXT:
            if t.params()[0] == 0:            # no new bit: the value stays signed
                return self.term(args[0])
            return self._unsigned(args[0])
        if kind == z3.Z3_OP_CONCAT:
            extended = _sign_extension_of(t)
            if extended is not None:
                return self.term(extended)
            # the high part's signed value times 2^m plus the low part's unsigned value
            value = self.term(args[0])
            for low_part in args[1:]:
                value = value * (1 << low_part.size()) + self._unsigned(low_part)
            return value
        if kind == z3.Z3_OP_EXTRACT:
            high, low = t.params()
            source = self.term(args[0]) if low == 0 else self._shifted(args[0], low)
            return self._wrapped(source, width)       # the low bits: modulo 2^w
        if kind == z3.Z3_OP_BADD:
            return self._wrapped(z3.Sum([self.term(a) for a in args]), width)
        if kind == z3.Z3_OP_BSUB:
            return self._wrapped(self.term(args[0]) - self.term(args[1]), width)
        if kind == z3.Z3_OP_BNEG:
            return self._wrapped(-self.term(args[0]), width)
        if kind == z3.Z3_OP_BMUL:
            constants = [a for a in args if z3.is_bv_value(a)]
            if len(args) - len(constants) > 1:
                raise _Outside("product of two variables")     # nonlinear: keep bit-vectors
            product = self.term(args[0])
            for a in args[1:]:
                product = product * self.term(a)
            return self._wrapped(product, width)
        raise _Outside(t.decl().name())

    def _unsigned(self, t: z3.ExprRef) -> z3.ArithRef:
        """The unsigned value of `t` (its signed value, plus 2^w when negative)."""
        value = self.term(t)
        return z3.If(value < 0, value + (1 << t.size()), value)

    def _shifted(self, t: z3.ExprRef, low: int) -> z3.ArithRef:
        """The unsigned value of `t` without its `low` lowest bits: q with
        unsigned(t) == 2^low * q + r, 0 <= r < 2^low (which fixes q)."""
        self.fresh += 1
        q, r = z3.Int(f"high@{self.fresh}"), z3.Int(f"low@{self.fresh}")
        self.side.append(z3.And(self._unsigned(t) == (1 << low) * q + r, r >= 0, r < 1 << low))
        return q

    def _wrapped(self, exact: z3.ArithRef, width: int) -> z3.ArithRef:
        """`exact` modulo 2^width, as a signed value: exact - 2^width * k for the one integer
        k that puts it in range (the range constraint fixes k)."""
        self.fresh += 1
        k = z3.Int(f"wrap@{self.fresh}")
        result = exact - (1 << width) * k
        self.side.append(z3.And(result >= -(1 << (width - 1)), result < 1 << (width - 1)))
        return result


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >= 1 << (width - 1) else value


def _sign_extension_of(t: z3.ExprRef) -> Optional[z3.ExprRef]:
    """x when `t` is concat(x[w-1], ..., x[w-1], x), as z3's simplifier writes a sign
    extension of x; else None."""
    parts: list[z3.ExprRef] = []
    stack = [t]
    while stack:                       # the leaves of nested concats, left to right
        u = stack.pop()
        if z3.is_app_of(u, z3.Z3_OP_CONCAT):
            stack.extend(reversed(u.children()))
        else:
            parts.append(u)
    base = parts[-1]
    top = base.size() - 1
    for part in parts[:-1]:
        if not (z3.is_app_of(part, z3.Z3_OP_EXTRACT) and part.params() == [top, top]
                and part.arg(0).eq(base)):
            return None
    return base


_SIGNED_ORDER = {
    z3.Z3_OP_SLEQ: lambda a, b: a <= b, z3.Z3_OP_SLT: lambda a, b: a < b,
    z3.Z3_OP_SGEQ: lambda a, b: a >= b, z3.Z3_OP_SGT: lambda a, b: a > b,
}
_UNSIGNED_ORDER = {
    z3.Z3_OP_ULEQ: lambda a, b: a <= b, z3.Z3_OP_ULT: lambda a, b: a < b,
    z3.Z3_OP_UGEQ: lambda a, b: a >= b, z3.Z3_OP_UGT: lambda a, b: a > b,
}
