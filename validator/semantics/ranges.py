"""Bounds on the value of an integer expression that the C types of its leaves give: the signed
overflows that need no solver to be excluded.

`(long long) a * (long long) b` with `int a, b` cannot overflow: each factor lies in
[INT_MIN, INT_MAX], so the product lies within 2^62 of zero.  Programs write such casts to
stay clear of overflow (nla-digbench: fermat1's `((long long) R - 1) * ((long long) R - 1)`),
and each one was an overflow target that the engines had to show unreachable: a 64-bit
multiplication, bit-blasted, took seconds a query, and in the integer theory it is nonlinear
arithmetic that z3 did not decide (fermat1 ended `unknown` on it after two minutes).

Every bound holds in every execution that evaluates the expression (C11 6.2.5, 6.3.1.3):
- an object of an integer type holds a value of that type (the range of all its bits: a
  `_Bool` object is given the range of its byte, a bit-field that of its declared type, wider
  than what it holds);
- a conversion keeps a value that the new type can represent; otherwise (a wrap, an
  implementation-defined value, a floating value: undefined behaviour where it does not fit,
  a target of its own) it gives some value of the new type, as does any conversion to `_Bool`;
- `+ - *` and unary `-` give the mathematical result when it is representable; when it is
  not, the operation wraps (unsigned) or is undefined behaviour (signed, the target this
  module excludes where it cannot happen): either way some value of the type.
Everything else gets the whole range of its type.  The engines and our interpreter see the
same program: an operation excluded here cannot overflow in any execution, so no engine would
have found one.
"""
from __future__ import annotations

from typing import Optional

from .c_types import IntType
from .ir import ARITHMETIC, Binary, Cast, Cond, Const, Unary

Range = tuple[int, int]


# the ranges found so far, by the expression's identity (the expression kept with its range,
# so that its id is not reused while the memo lives): each operation's operands were ranged
# again at every level above it, quadratic in the depth (a sum of 1,000 terms took seconds)
Memo = dict[int, tuple[object, Optional[Range]]]


def cannot_overflow(e, memo: Optional[Memo] = None) -> bool:
    """Whether `e`, a `+ - *` or unary `-` of an integer type, gives a representable result
    for all values its operands can have (`memo`: ranges of its subexpressions found before)."""
    ctype = e.type
    if not isinstance(ctype, IntType) or ctype.is_bool:
        return False
    exact = _exact_range(e, memo)
    return exact is not None and ctype.min <= exact[0] and exact[1] <= ctype.max


def value_range(e, memo: Optional[Memo] = None) -> Optional[Range]:
    """[low, high] holding every value of `e`; None for an expression not of an integer type."""
    if memo is None or not isinstance(e, (Binary, Unary, Cast, Cond)):
        return _value_range(e, memo)         # a leaf's range costs no more than its lookup
    kept = memo.get(id(e))
    if kept is None or kept[0] is not e:
        kept = memo[id(e)] = (e, _value_range(e, memo))
    return kept[1]


def _value_range(e, memo: Optional[Memo]) -> Optional[Range]:
    ctype = getattr(e, "type", None)
    if not isinstance(ctype, IntType):
        return None
    whole = (ctype.min, ctype.max)
    if ctype.is_bool:
        return whole
    if isinstance(e, Const):
        value = e.value
        return (value, value) if isinstance(value, int) and whole[0] <= value <= whole[1] \
            else whole
    if isinstance(e, Cast):
        return _converted(value_range(e.arg, memo), ctype)
    if isinstance(e, Cond):
        then, otherwise = (_converted(value_range(x, memo), ctype)
                           for x in (e.then, e.otherwise))
        return (min(then[0], otherwise[0]), max(then[1], otherwise[1]))
    exact = _exact_range(e, memo)
    return _converted(exact, ctype) if exact is not None else whole


def _exact_range(e, memo: Optional[Memo]) -> Optional[Range]:
    """The mathematical result's range of `+ - *` or unary `-`; None for other expressions.
    The lowering gives the operands the operation's type; an operand that had another would be
    converted, so its range goes through `_converted` all the same."""
    ctype = e.type
    if isinstance(e, Binary) and e.op in ARITHMETIC:
        left = _converted(value_range(e.left, memo), ctype)
        right = _converted(value_range(e.right, memo), ctype)
        apply = ARITHMETIC[e.op]
        ends = [apply(a, b) for a in left for b in right]
        return (min(ends), max(ends))
    if isinstance(e, Unary) and e.op == "-":
        low, high = _converted(value_range(e.arg, memo), ctype)
        return (-high, -low)
    return None


def _converted(bounds: Optional[Range], ctype: IntType) -> Range:
    """The range after converting a value in `bounds` to `ctype`."""
    if ctype.is_bool or bounds is None or bounds[0] < ctype.min or bounds[1] > ctype.max:
        return (ctype.min, ctype.max)
    return bounds
