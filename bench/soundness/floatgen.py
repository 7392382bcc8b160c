"""Floats of the memory mix: `float`/`double` inputs, arithmetic, comparisons, conversions both
ways (a float-to-integer conversion out of range, NaN included, is undefined: C11 6.3.1.4p1).

A `__VERIFIER_nondet_float()` may return any bit pattern.  The ground truth cannot run them
all: it runs a fixed sample (`SAMPLE`: zeros of both signs, small values, values just inside
and outside the range of `int`, infinities, NaN, a subnormal) and the draw site is marked
`exhaustive=False`.  Such a program's ground truth covers a subset of its executions: what it
finds (an error, undefined behaviour, a violated invariant) is real, so a `true` it
contradicts is wrong; but nothing it does not find is excluded, so a `false` or a rejected
invariant is never judged wrong on it (expect.py, `complete`).  A float computed from integer
inputs only keeps the ground truth exhaustive.
"""
from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from .cprog import (INT, LLONG, UINT, Assign, Assume, Binary, Cast, Const, Decl, Expr, For,
                    If, IncDec, Ref, Stmt, Unary, Var, literal, MODELS)
from .memory import DOUBLE, FLOAT, FNondet
from .mempatterns import _reader
from .program import DrawSite

if TYPE_CHECKING:
    from .generate import Generator

INF, NAN = float("inf"), float("nan")
SAMPLE = [0.0, -0.0, 1.0, -1.5, 0.5, 100.25, 3e9, -2147483648.0, 2147483648.0, INF, -INF, NAN,
          1e-45, 1e30]
RANGE = [-4.0, -0.5, -0.0, 0.0, 0.5, 1.0, 3.75, 4.0]        # an assumed -4 <= x <= 4


def bits(value: float, double: bool) -> int:
    if double:
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    return struct.unpack("<I", struct.pack("<f", value))[0]


def _literal(value: float, double: bool) -> str:
    text = repr(float(value))
    return text if double else text + "f"


def float_input(g: "Generator", double: bool) -> tuple[Var, list[Stmt]]:
    """`float x = __VERIFIER_nondet_float();`, maybe assumed into -4..4."""
    rng = g.rng
    t = DOUBLE if double else FLOAT
    var = Var(g.mem.name("f"), t)
    site = len(g.draws)
    g.nondet_types[t.spelling] = t
    decl = Decl(var, FNondet(t, site))
    decl.no_invariant = True
    if rng.random() < 0.4:
        style = rng.choice(["if-abort", "abort-if-not", "verifier"] +
                           (["return"] if g.loop_depth == 0 and not g.in_function else []))
        g.assume_styles.add(style)
        inside = list(RANGE)
        outside = [-4.5, 5.0] + ([NAN] if style != "return" else [])
        if style == "return":                    # `x < lo || x > hi` lets NaN through
            inside.append(NAN)
        g.draws.append(DrawSite(site, t, {m: [bits(v, double) for v in inside] for m in MODELS},
                                {m: [bits(v, double) for v in outside] for m in MODELS},
                                exhaustive=False))
        assume = Assume(var, _literal(-4.0, double), _literal(4.0, double), style, site)
        assume.no_invariant = True
        g.features.add("float-assumed")
        return var, [decl, assume]
    g.draws.append(DrawSite(site, t, {m: [bits(v, double) for v in SAMPLE] for m in MODELS},
                            {m: [] for m in MODELS}, assumed=False, exhaustive=False))
    g.features.add("float-input")
    return var, [decl]


def _constant(double: bool) -> Expr:
    return Const(_literal(0.0, double))


def floats(g: "Generator") -> list[Stmt]:
    rng = g.rng
    double = rng.random() < 0.4
    t = DOUBLE if double else FLOAT
    ints = [v for v in g.scope.readable() if v.type.kind == "int"]
    out: list[Stmt] = []
    if ints and (rng.random() < 0.35 or len(g.draws) >= 4 or g.loop_depth > 0):
        # from the integer inputs only: the ground truth stays exhaustive
        x = Var(g.mem.name("f"), t)
        value: Expr = Cast(t, Ref(rng.choice(ints)))
        if rng.random() < 0.5:
            value = Binary(rng.choice(["*", "/"]), value, Const(_literal(rng.choice([0.5, 3.0, 1e10]),
                                                                         double)))
        out.append(Decl(x, value))
        g.features.add("float-from-int")
    else:
        x, stmts = float_input(g, double)
        out += stmts
    g.features.add("double" if double else "float")
    c = lambda v: Const(_literal(v, double))      # noqa: E731
    y = Var(g.mem.name("d"), DOUBLE)
    out.append(Decl(y, Binary(rng.choice(["+", "-", "*"]), Cast(DOUBLE, Ref(x)) if not double
                              else Ref(x), Const(repr(rng.choice([0.25, 2.0, -3.0, 1e300]))))))
    roll = rng.random()
    if roll < 0.3:
        g.features.add("float-loop")
        i = Var(g.mem.name("i"), INT)
        out.append(For(Decl(i, Const("0")), Binary("<", Ref(i), Const(str(rng.randrange(1, 4)))),
                       IncDec(Ref(i), "++"),
                       [Assign(Ref(x), "=", Binary("+", Binary("*", Ref(x), c(0.5)), c(1.0)))]))
    elif roll < 0.6:
        out.append(If(Binary(rng.choice(["<", ">", "<=", "==", "!="]), Ref(x), c(rng.choice([0.0, 1.5, -1.0]))),
                      [Assign(Ref(x), "=", Unary("-", Ref(x)))],
                      [Assign(Ref(x), rng.choice(["+=", "*="]), c(2.0))]))
    # conversions to integers: out of range (NaN, infinities) is undefined
    guarded = rng.random() > g.mem.chance + 0.3
    target = rng.choice([INT, INT, UINT, LLONG])
    convert = Cast(target, Ref(rng.choice([x, y])))
    if guarded:
        g.features.add("float-cast-guarded")
        source = convert.operand
        low, high = ("-1000.0", "1000.0") if target.signed else ("0.0", "1000.0")
        inside = Binary("&&", Binary(">", source, Const(low)), Binary("<", source, Const(high)))
        out.append(_reader(g, Binary("&&", inside, Binary("!=", convert, Const("7")))))
    else:
        g.features.add("float-cast")
        out.append(_reader(g, convert))
    comparisons = [Binary("!=", Ref(x), Ref(x)), Binary("<", Ref(y), Cast(DOUBLE, Ref(x))),
                   Binary(">=", Ref(x), c(0.5)), Binary("==", Ref(y), Const("0.0"))]
    out.append(_reader(g, rng.choice(comparisons)))
    if ints and rng.random() < 0.3:
        g.features.add("int-to-float")
        z = Var(g.mem.name("f"), FLOAT)
        out += [Decl(z, Cast(FLOAT, Ref(rng.choice(ints)))),
                _reader(g, Binary("==", Cast(LLONG, Binary("<", Ref(z), c(16777217.0))), Const("1")))]
    return out


__all__ = ["SAMPLE", "RANGE", "bits", "floats", "float_input", "literal"]
