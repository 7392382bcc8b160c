"""`float`, `double` and `long double` (FPSort(15, 64), the x87 extended format's values) as z3 floating-point terms (the FP theory: IEEE-754 exactly, with
NaN, the infinities and both zeros), for `theories.BitVectors`.

Operations round to nearest even (`RNE`, gcc's default mode; Annex F); a conversion to an
integer type truncates (`RTZ`) and is defined only when the truncated value fits the type
(`defined_conversion`, C11 6.3.1.4p1: otherwise a UB target, see `encode.py`).  `==` is
`fpEQ` (NaN equals nothing, -0 equals +0), never z3's structural `==`.
"""
from __future__ import annotations

import math
from fractions import Fraction

import z3

from .c_types import DOUBLE, LONG_DOUBLE, FloatType, IntType
from .floats import RTN, RTP, NotADouble, bits_of, round_fraction


def sort(fmt: FloatType) -> z3.FPSortRef:
    return z3.FPSort(fmt.ebits, fmt.sbits)


def const(value: float, fmt: FloatType) -> z3.FPRef:
    """The value (a Python float of `fmt`) as a term, from its bit pattern (exact, also for
    -0.0, the infinities and NaN)."""
    if math.isnan(value):
        return z3.fpNaN(sort(fmt))
    if fmt == LONG_DOUBLE:      # a double's value (Python floats hold no other): exactly
        return z3.fpFPToFP(z3.RNE(), const(value, DOUBLE), sort(fmt))
    return z3.fpBVToFP(z3.BitVecVal(bits_of(value, fmt), fmt.bits), sort(fmt))


def exact_const(value: Fraction, fmt: FloatType) -> z3.FPRef:
    """A finite value of `fmt`, given exactly (also a long double that is not a double)."""
    return z3.simplify(z3.fpRealToFP(z3.RNE(), z3.RealVal(value), sort(fmt)))


def number(value: z3.ExprRef) -> float:
    """The Python float of a model value (an FP numeral); NotADouble for a long double
    value that is not a double."""
    value = z3.simplify(value)
    if value.isNaN():
        return math.nan
    if value.isInf():
        return -math.inf if value.isNegative() else math.inf
    if value.isZero():
        return -0.0 if value.isNegative() else 0.0
    # significand (with the hidden bit for normals) and unbiased exponent, exactly
    significand = Fraction(value.significand_as_long()) / (1 << (value.sbits() - 1))
    exponent = value.exponent_as_long(biased=False)
    if not value.isSubnormal():
        significand += 1
    magnitude = significand * Fraction(2) ** exponent
    try:
        as_float = float(magnitude)
    except OverflowError:
        raise NotADouble(f"model value {value}")
    if Fraction(as_float) != magnitude:
        raise NotADouble(f"model value {value}")
    return -as_float if value.isNegative() else as_float


def compare(op: str, a, b) -> z3.BoolRef:
    """C's comparison: every ordered comparison with a NaN is false, `!=` is true."""
    if op == "!=":
        return z3.Not(z3.fpEQ(a, b))
    return {"==": z3.fpEQ, "<": z3.fpLT, "<=": z3.fpLEQ, ">": z3.fpGT,
            ">=": z3.fpGEQ}[op](a, b)


def is_nonzero(a) -> z3.BoolRef:
    """The truth value of a floating value (`a != 0`: NaN is true, -0.0 false)."""
    return z3.Not(z3.fpIsZero(a))


def arithmetic(op: str, a, b):
    rne = z3.RNE()
    if op == "+":
        return z3.fpAdd(rne, a, b)
    if op == "-":
        return z3.fpSub(rne, a, b)
    if op == "*":
        return z3.fpMul(rne, a, b)
    if op == "/":
        return z3.fpDiv(rne, a, b)
    raise ValueError(f"operator {op} on floating operands")


def negate(a):
    return z3.fpNeg(a)


def from_integer(term, source: IntType, target: FloatType):
    """An integer (bit-vector) converted to a floating type, rounded to nearest even."""
    if source.signed and not source.is_bool:
        return z3.fpSignedToFP(z3.RNE(), term, sort(target))
    return z3.fpUnsignedToFP(z3.RNE(), term, sort(target))


def to_integer(term, target: IntType):
    """A floating value converted to an integer type, truncated (only meaningful where
    `defined_conversion` holds); to `_Bool`: 1 when the value is not 0 (6.3.1.2)."""
    width = z3.BitVecSort(target.bits)
    if target.is_bool:
        return z3.If(is_nonzero(term), z3.BitVecVal(1, target.bits), z3.BitVecVal(0, target.bits))
    if target.signed:
        return z3.fpToSBV(z3.RTZ(), term, width)
    return z3.fpToUBV(z3.RTZ(), term, width)


def defined_conversion(term, source: FloatType, target: IntType) -> z3.BoolRef:
    """Converting the value to `target` is defined: min - 1 < value < max + 1 (exactly; NaN
    and the infinities fail).  The bounds are the nearest values of the source format inside
    that open interval (a comparison with an exact bound where it is representable)."""
    low, high = Fraction(target.min - 1), Fraction(target.max + 1)
    # both finite: every format here reaches beyond 2^128
    above_low = round_fraction(low, source, RTP)           # smallest value >= min - 1
    below_high = round_fraction(high, source, RTN)         # largest value <= max + 1
    lower = z3.fpGT(term, exact_const(above_low, source)) if above_low == low \
        else z3.fpGEQ(term, exact_const(above_low, source))
    upper = z3.fpLT(term, exact_const(below_high, source)) if below_high == high \
        else z3.fpLEQ(term, exact_const(below_high, source))
    return z3.And(lower, upper)


def to_float(term, source: FloatType, target: FloatType):
    if source == target:
        return term
    return z3.fpFPToFP(z3.RNE(), term, sort(target))
