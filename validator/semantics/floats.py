"""IEEE-754 `float` and `double` in Python, exactly as gcc computes them on x86 with SSE
arithmetic (`-m64`, or `-m32 -msse2 -mfpmath=sse`: FLT_EVAL_METHOD 0, no x87 excess
precision), round to nearest even, Annex F (GCC defines __STDC_IEC_559__).

Values are Python floats: binary64 with round to nearest even, and every binary32 value is a
binary64 value exactly.  A binary32 operation is the binary64 operation on the same operands
rounded once more to binary32: that double rounding is innocuous for + - * / and sqrt,
because 53 >= 2 * 24 + 2 (Figueroa, "When is double rounding innocuous?", 1995).  Values
that are not already binary64 (integers beyond 2^53, decimal literals) are rounded from their
exact value (`round_exact`), never through binary64 first.

`long double` (x87 extended, 64-bit significand) is computed exactly too, from the exact
rational result, but a Python float holds only the long double values that are doubles:
any other value raises `NotADouble`, and the caller does without it (no constant folding,
the interpreter's run ends without a conclusion, a literal is `Unsupported`).

The CFA's constant folding, random testing (`engines/testing.py`) and counterexample
following use this module; the z3 encoding (`theories.py`) uses z3's FP theory.
"""
from __future__ import annotations

import math
import re
import struct
from fractions import Fraction
from typing import Optional, Union

from .c_types import DOUBLE, FLOAT, LONG_DOUBLE, FloatType, Unsupported
from .ir import ARITHMETIC

Number = Union[int, float]

# rounding directions of `round_exact` (the names of IEEE-754 and z3)
RNE, RTZ, RTP, RTN = "RNE", "RTZ", "RTP", "RTN"


class NotADouble(ArithmeticError):
    """A long double value that no Python float (binary64) holds."""


def round_exact(value: Fraction, fmt: FloatType, mode: str = RNE) -> float:
    """The exact rational `value` rounded to `fmt` (a signed zero for 0 is the caller's);
    NotADouble when the rounded value is a long double that is not a double."""
    rounded = round_fraction(value, fmt, mode)
    if isinstance(rounded, float):
        return rounded                  # an infinity
    as_float = _as_double(rounded)
    if as_float is None:
        raise NotADouble(f"{fmt} value {rounded}")
    return as_float


def _as_double(value: Fraction) -> Optional[float]:
    """The float equal to `value`, or None."""
    try:
        as_float = float(value)
    except OverflowError:
        return None
    return as_float if not math.isinf(as_float) and Fraction(as_float) == value else None


def round_fraction(value: Fraction, fmt: FloatType, mode: str = RNE) -> Union[Fraction, float]:
    """The exact rational `value` rounded to `fmt`: a Fraction, or an infinity (a float)."""
    if value == 0:
        return Fraction(0)
    sign = -1 if value < 0 else 1
    magnitude = abs(value)
    emax = (1 << (fmt.ebits - 1)) - 1
    emin = 1 - emax
    # exponent e with 2^e <= magnitude < 2^(e+1)
    e = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    if Fraction(2) ** e > magnitude:
        e -= 1
    quantum = Fraction(2) ** (max(e, emin) - (fmt.sbits - 1))   # subnormals below emin
    scaled = magnitude / quantum
    whole = scaled.numerator // scaled.denominator
    rest = scaled - whole
    up = {RNE: rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1),
          RTZ: False, RTP: rest > 0 and sign > 0, RTN: rest > 0 and sign < 0}[mode]
    rounded = (whole + (1 if up else 0)) * quantum
    largest = (2 - Fraction(2) ** (1 - fmt.sbits)) * Fraction(2) ** emax
    if rounded > largest:
        # beyond the largest finite value: infinity, unless the direction rounds towards 0
        towards_zero = mode == RTZ or (mode == RTP and sign < 0) or (mode == RTN and sign > 0)
        return sign * largest if towards_zero else sign * math.inf
    return sign * rounded


def to_format(value: Number, fmt: FloatType) -> float:
    """An int or a float (of a format at least as wide) rounded to `fmt`, to nearest even."""
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, int):
        return round_exact(Fraction(value), fmt)
    if fmt.bits >= 64 or math.isnan(value) or math.isinf(value) or value == 0:
        return float(value)
    try:
        return struct.unpack("<f", struct.pack("<f", value))[0]    # the C cast: to nearest
    except OverflowError:           # rounds beyond FLT_MAX: struct refuses, C gives infinity
        return math.copysign(math.inf, value)


def fits_integer(value: float, target) -> bool:
    """Whether converting `value` to the type is defined (always for a floating type) (C11 6.3.1.4p1: the value
    truncated towards zero is representable; NaN and the infinities are not)."""
    if isinstance(target, FloatType) or target.is_bool:
        return True                  # 6.3.1.2: any value converts to _Bool
    if math.isnan(value) or math.isinf(value):
        return False
    return target.min - 1 < value < target.max + 1     # exact: Python compares float and int exactly


def convert(value: Number, source, target) -> Number:
    """`value` of type `source` converted to `target` (arithmetic types); the caller checks
    `fits_integer` first for a floating value going to an integer type."""
    if isinstance(target, FloatType):
        return to_format(value, target)
    if isinstance(source, FloatType):
        if target.is_bool:
            return 1 if value != 0 else 0          # NaN is not 0: true
        return target.wrap(int(value))             # int() truncates towards zero
    return target.wrap(value)


def arithmetic(op: str, a: float, b: float, fmt: FloatType) -> float:
    """`a op b` for op in + - * / in `fmt`, with IEEE results for division by zero (Annex F)."""
    if fmt == LONG_DOUBLE and math.isfinite(a) and math.isfinite(b) and (op != "/" or b != 0):
        # exactly, from the rational result (a double computation would round at 53 bits);
        # a zero result has the sign the double operation gives it (the same IEEE rules)
        exact = ARITHMETIC[op](Fraction(a), Fraction(b)) if op != "/" else \
            Fraction(a) / Fraction(b)
        if exact == 0:
            return ARITHMETIC[op](a, b) if op != "/" else a / b
        return round_exact(exact, fmt)
    if op == "+":
        result = a + b
    elif op == "-":
        result = a - b
    elif op == "*":
        result = a * b
    elif op == "/":
        result = _divide(a, b)
    else:
        raise ValueError(f"operator {op} on floating operands")
    return to_format(result, fmt)


def _divide(a: float, b: float) -> float:
    if b != 0 or math.isnan(b):
        return a / b
    if a == 0 or math.isnan(a):
        return math.nan
    negative = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
    return -math.inf if negative else math.inf


def bits_of(value: float, fmt: FloatType) -> int:
    """The IEEE bit pattern of a value of `fmt` (float or double)."""
    if fmt == LONG_DOUBLE:
        raise ValueError("the bits of a long double")
    if fmt.bits == 32:
        return struct.unpack("<I", struct.pack("<f", value))[0]
    return struct.unpack("<Q", struct.pack("<d", value))[0]


def from_bits(bits: int, fmt: FloatType) -> float:
    if fmt == LONG_DOUBLE:
        raise NotADouble("the bits of a long double")
    if fmt.bits == 32:
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    return struct.unpack("<d", struct.pack("<Q", bits & (1 << 64) - 1))[0]


# C11 6.4.4.2: decimal (digits, optional point, optional exponent) or hexadecimal (the
# binary exponent is required), then an optional suffix f, F, l, L
_DECIMAL = re.compile(r"^(\d*\.?\d*)(?:[eE]([+-]?\d+))?([fFlL]?)$")
_HEX = re.compile(r"^0[xX]([0-9a-fA-F]*\.?[0-9a-fA-F]*)[pP]([+-]?\d+)([fFlL]?)$")


def is_floating_literal(text: str) -> bool:
    """Whether a constant's text is a floating constant (not an integer constant)."""
    if text[:2].lower() == "0x":
        return "p" in text.lower()
    return "." in text or "e" in text.lower()


def literal(text: str, line: Optional[int] = None) -> tuple[float, FloatType]:
    """The value and type of a floating constant, its exact value rounded once to its type."""
    hexadecimal = _HEX.match(text)
    decimal = None if hexadecimal else _DECIMAL.match(text)
    match = hexadecimal or decimal
    if match is None or match.group(1) in ("", "."):
        raise Unsupported(f"floating constant {text}", line)
    digits, exponent, suffix = match.group(1), int(match.group(2) or 0), match.group(3)
    whole, _, fraction = digits.partition(".")
    base = 16 if hexadecimal else 10
    mantissa = Fraction(int((whole + fraction) or "0", base), base ** len(fraction))
    scale = Fraction(2) ** exponent if hexadecimal else Fraction(10) ** exponent
    fmt = FLOAT if suffix in ("f", "F") else LONG_DOUBLE if suffix in ("l", "L") else DOUBLE
    try:
        return round_exact(mantissa * scale, fmt), fmt
    except NotADouble:
        raise Unsupported(f"long double constant {text} (a value that is not a double)", line)


def c_literal(value: float, fmt: FloatType) -> str:
    """A C expression of type double whose value is `value` (promoted to double it compares
    equal to a variable of `fmt` holding it; NaN has no literal: `x != x` is the caller's)."""
    if math.isnan(value):
        raise ValueError("NaN has no literal")
    if math.isinf(value):
        return "(-1e999)" if value < 0 else "1e999"      # gcc: the constant is infinite
    text = value.hex()
    return f"({text})" if text.startswith("-") else text
