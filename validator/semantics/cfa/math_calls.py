"""The few functions of <math.h> and GCC floating built-ins modelled exactly, as IR over the
argument (no IR operation of their own); every other <math.h> function the program does not
define is `Unsupported` naming it (`names.MATH_FUNCTIONS`).

- `fabs(x)` is `x == 0 ? +0.0 : (x < 0 ? -x : x)`: exact for every value but the sign of a
  NaN, which only `signbit`/`copysign` (not modelled) could show.
- `isnan(x)` is `x != x` (1 for a NaN, as glibc's `__isnan` and GCC's `__builtin_isnan`).
- `__builtin_isinf_sign(x)` (glibc's `isinf`) is -1 for -infinity, 1 for +infinity, else 0;
  `__builtin_isfinite(x)` is 1 when x is neither NaN nor infinite (GCC's documentation; both
  checked against gcc in `tests/test_adversarial_floats.py`).
- `__builtin_inf()`, `__builtin_huge_val()` (and the `f` forms): +infinity.
- `__builtin_nan("")`, `__builtin_nanf("")`: a quiet NaN (its payload and sign are not
  observable without `signbit`, `copysign` or type punning, none of which is modelled).
"""
from __future__ import annotations

import math
from typing import Optional

from ..c_types import DOUBLE, FLOAT, FloatType, Unsupported
from ..ir import Binary, Cond, Const, Unary

FABS = {"fabs": DOUBLE, "fabsf": FLOAT, "__builtin_fabs": DOUBLE, "__builtin_fabsf": FLOAT}
ISNAN = {"isnan": DOUBLE, "__isnan": DOUBLE, "__isnanf": FLOAT, "__builtin_isnan": None}
INFINITY = {"__builtin_inf": DOUBLE, "__builtin_inff": FLOAT, "__builtin_huge_val": DOUBLE,
            "__builtin_huge_valf": FLOAT}
NAN = {"__builtin_nan": DOUBLE, "__builtin_nanf": FLOAT}
CLASSIFY = ("__builtin_isinf_sign", "__builtin_isfinite")      # type-generic
MODELLED_MATH = frozenset(FABS) | frozenset(ISNAN) | frozenset(INFINITY) | frozenset(NAN) | \
    frozenset(CLASSIFY)


def quiet_nan(name: str, args: list, line) -> Const:
    """`__builtin_nan("")` (the arguments unlowered: a string is no value of the IR)."""
    if len(args) != 1 or getattr(args[0], "type", None) != "string" or args[0].value != '""':
        raise Unsupported(f"'{name}' with other than an empty string", line)
    return Const(math.nan, NAN[name])


def math_value(builder, name: str, values: list, line) -> Optional[object]:
    """The IR value of a modelled call with the lowered arguments `values`, or None when
    `name` is not modelled.  `builder` converts (`ExpressionLowering.convert`)."""
    if name in INFINITY:
        if values:
            raise Unsupported(f"call of '{name}' with arguments", line)
        return Const(math.inf, INFINITY[name])
    if name not in FABS and name not in ISNAN and name not in CLASSIFY:
        return None
    if len(values) != 1 or values[0] is None:
        raise Unsupported(f"call of '{name}' with other than one argument", line)
    x = values[0]
    if name in CLASSIFY:
        return _classify(builder, name, x, line)
    if name in FABS:
        x = builder.convert(x, FABS[name], line)
        fmt = FABS[name]
        zero = Const(0.0, fmt)
        negative = Binary("<", x, zero, builder.model.int, line)
        magnitude = Cond(negative, Unary("-", x, fmt), x, fmt)
        return Cond(Binary("==", x, zero, builder.model.int, line), zero, magnitude, fmt)
    fmt = ISNAN[name]
    if fmt is None:
        if not isinstance(x.type, FloatType):
            raise Unsupported(f"'{name}' of a non-floating argument", line)
    else:
        x = builder.convert(x, fmt, line)
    return Binary("!=", x, x, builder.model.int, line)


def _classify(builder, name: str, x, line):
    if not isinstance(x.type, FloatType):
        raise Unsupported(f"'{name}' of a non-floating argument", line)
    int_type = builder.model.int
    plus, minus = Const(math.inf, x.type), Const(-math.inf, x.type)
    if name == "__builtin_isinf_sign":
        return Cond(Binary("==", x, minus, int_type, line), Const(-1, int_type),
                    Cond(Binary("==", x, plus, int_type, line), Const(1, int_type),
                         Const(0, int_type), int_type), int_type)
    finite = Binary("&&", Binary("!=", x, plus, int_type, line),
                    Binary("!=", x, minus, int_type, line), int_type, line)
    return Binary("&&", Binary("==", x, x, int_type, line), finite, int_type, line)
