"""Constants: folding constant IR expressions (array sizes, case labels, enumerators),
and character constants (initialiser lists: `initialisers.py`)."""
from __future__ import annotations

from typing import Optional

from .. import floats
from ..c_types import FloatType, Unsupported
from ..ir import Binary, Cast, Cond, Const, Ref, Unary


def _fold(expr, constants: Optional[dict] = None) -> Optional[int]:
    """Value of a constant IR expression, or None; `constants` holds the values of the
    variables that stand for enumeration constants.  Floating constants fold only through a
    conversion that is defined (`(int)2.5`); floating arithmetic does not fold."""
    if isinstance(expr, Const):
        return expr.value
    if isinstance(getattr(expr, "type", None), FloatType):
        return None
    if isinstance(expr, Cast) and isinstance(expr.arg.type, FloatType):
        inner = _fold(expr.arg, constants)
        if inner is None or not floats.fits_integer(inner, expr.type):
            return None
        return floats.convert(inner, expr.arg.type, expr.type)
    if isinstance(expr, Ref):
        return (constants or {}).get(expr.var)
    if isinstance(expr, Cond):
        chosen = _fold(expr.cond, constants)
        if chosen is None:
            return None
        return _fold(expr.then if chosen else expr.otherwise, constants)
    if isinstance(expr, Cast):
        inner = _fold(expr.arg, constants)
        return None if inner is None else expr.type.wrap(inner)
    if isinstance(expr, Unary):
        inner = _fold(expr.arg, constants)
        if inner is None:
            return None
        if expr.op == "-":
            return expr.type.wrap(-inner)
        if expr.op == "~":
            return expr.type.wrap(~inner)
        return 0 if inner else 1
    if isinstance(expr, Binary):
        a, b = _fold(expr.left, constants), _fold(expr.right, constants)
        if a is None or b is None or isinstance(expr.left.type, FloatType):
            return None
        try:
            value = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                     "/": lambda: int(a / b) if b else None,
                     "%": lambda: a - int(a / b) * b if b else None,
                     "<<": lambda: a << b, ">>": lambda: a >> b, "&": lambda: a & b,
                     "|": lambda: a | b, "^": lambda: a ^ b, "==": lambda: int(a == b),
                     "!=": lambda: int(a != b), "<": lambda: int(a < b), "<=": lambda: int(a <= b),
                     ">": lambda: int(a > b), ">=": lambda: int(a >= b),
                     "&&": lambda: int(bool(a) and bool(b)),
                     "||": lambda: int(bool(a) or bool(b))}[expr.op]()
        except (KeyError, ValueError):
            return None
        return None if value is None else expr.type.wrap(value)
    return None


def _char_value(text: str, line) -> int:
    body = text[1:-1] if text.startswith("'") else text
    escapes = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7,
               "b": 8, "f": 12, "v": 11, "?": 63}
    if body.startswith("\\"):
        rest = body[1:]
        if rest.startswith("x"):
            value = int(rest[1:], 16)
        elif rest[:1].isdigit():
            value = int(rest, 8)
        elif rest in escapes:
            value = escapes[rest]
        else:
            raise Unsupported(f"character constant {text}", line)
    elif len(body) == 1:
        value = ord(body)
    else:
        raise Unsupported(f"character constant {text}", line)
    return value - 256 if value >= 128 else value      # char is signed
