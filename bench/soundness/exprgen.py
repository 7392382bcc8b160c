"""Random expressions and the generator's view of scopes.

`Scope` knows which variables are visible (inner declarations shadow outer ones), which are
definitely initialised on every path (a conservative, flow-sensitive set: reads of the others
happen only where the generator means to read a possibly indeterminate value), and which are
read-only for now (loop counters and bounds, so that every loop terminates).  What this
module believes about values only steers the mix of cases; the ground truth comes from gcc.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Optional

from .cprog import (BOOL, CHAR, INT, LLONG, LONG, SCHAR, SHORT, UCHAR, UINT, ULLONG, ULONG,
                    USHORT, Binary, Cast, Cond, Const, CType, Expr, Index, Ref, Unary, Var,
                    literal)

NAMES = "abcdefhkmpqrstuvwyz"
SMALL = [0, 1, 2, 3, 4, 5, 7, 10, -1, -2, -3]
EDGE = ["127", "128", "255", "256", "32767", "65535", "2147483647", "(-2147483647 - 1)",
        "2147483648", "4294967295U", "0x7fffffff", "0x80000000", "0xffffffffU", "1L", "3UL",
        "5LL", "-1L", "9223372036854775807LL", "1000000", "100000U", "sizeof(long)",
        "sizeof(int)", "(int)sizeof(long long)", "'a'", "017", "0x7FFFFFFFFFFFFFFF",
        "0xFFFFFFFFFFFFFFFFULL", "-2147483648", "2147483648U", "(1u << 31)"]
CASTS = [BOOL, CHAR, SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LLONG, ULLONG]


@dataclass
class Scope:
    frames: list[dict[str, Var]] = field(default_factory=lambda: [{}])
    init: set[int] = field(default_factory=set)          # uids definitely initialised
    readonly: set[int] = field(default_factory=set)
    enum_constants: list[str] = field(default_factory=list)
    hidden_types: set[str] = field(default_factory=set)  # typedef names a variable hides

    def push(self) -> None:
        self.frames.append({})

    def pop(self) -> None:
        for var in self.frames.pop().values():
            self.init.discard(var.uid)

    def declare(self, var: Var, initialised: bool) -> None:
        self.frames[-1][var.name] = var
        if initialised:
            self.init.add(var.uid)
        else:
            self.init.discard(var.uid)

    def visible(self) -> list[Var]:
        seen: dict[str, Var] = {}
        for frame in self.frames:
            seen.update(frame)
        return list(seen.values())

    def names(self) -> set[str]:
        return {v.name for v in self.visible()}

    def readable(self, arrays: bool = False) -> list[Var]:
        """Visible variables that certainly hold a value (arrays: whose every element does)."""
        return [v for v in self.visible() if (v.length is not None) == arrays
                and (v.uid in self.init or v.scope in ("global", "param", "static"))]

    def writable(self) -> list[Var]:
        return [v for v in self.visible() if v.length is None and v.uid not in self.readonly]

    def maybe_uninitialised(self) -> list[Var]:
        return [v for v in self.visible() if v.tracked and v.uid not in self.init]


class ExprGen:
    """Expressions over a scope; `risk` is the chance that an operation may have undefined
    behaviour (an arbitrary divisor, shift amount, factor) rather than a safe operand."""

    def __init__(self, rng: random.Random, risk: float) -> None:
        self.rng = rng
        self.risk = risk

    def constant(self) -> Expr:
        rng = self.rng
        if rng.random() < 0.8:
            return Const(literal(rng.choice(SMALL)))
        return Const(rng.choice(EDGE))

    def atom(self, scope: Scope) -> Expr:
        rng = self.rng
        scalars = scope.readable()
        arrays = scope.readable(arrays=True)
        roll = rng.random()
        if arrays and roll < 0.15:
            array = rng.choice(arrays)
            return Index(array, self.index(scope, array))
        if scalars and roll < 0.75:
            return Ref(rng.choice(scalars))
        if scope.enum_constants and roll < 0.82:
            return Const(rng.choice(scope.enum_constants))
        return self.constant()

    def index(self, scope: Scope, array: Var) -> Expr:
        """An index that is in bounds unless the program takes a risk."""
        rng = self.rng
        if rng.random() < self.risk:
            small = [v for v in scope.readable() if not v.type.signed or v.type.bits32 <= 32]
            if small and rng.random() < 0.6:
                return Ref(rng.choice(small))
            return Const(str(rng.choice([array.length, array.length + 1, -1])))
        return Const(str(rng.randrange(array.length)))

    def expr(self, scope: Scope, depth: int = 2) -> Expr:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            return self.atom(scope)
        roll = rng.random()
        left = self.expr(scope, depth - 1)
        if roll < 0.35:
            op = rng.choice(["+", "-", "*", "+", "-"])
            right = self.expr(scope, depth - 1) if rng.random() < self.risk + 0.3 \
                else Const(literal(rng.choice([1, 2, 3, 5])))
            return Binary(op, left, right)
        if roll < 0.45:
            op = rng.choice(["/", "%"])
            right = self.expr(scope, depth - 1) if rng.random() < self.risk \
                else Const(literal(rng.choice([2, 3, 4, 7, 10])))
            return Binary(op, left, right)
        if roll < 0.53:
            op = rng.choice(["<<", ">>"])
            if rng.random() < self.risk:
                return Binary(op, left, self.expr(scope, depth - 1))
            # a non-negative left operand and a small amount: no undefined behaviour
            return Binary(op, Cast(rng.choice([UINT, UCHAR, USHORT]), left),
                          Const(str(rng.randrange(0, 8))))
        if roll < 0.63:
            return Binary(rng.choice(["&", "|", "^"]), left, self.expr(scope, depth - 1))
        if roll < 0.78:
            return self.comparison(scope, depth - 1, left)
        if roll < 0.85:
            return Binary(rng.choice(["&&", "||"]), self.comparison(scope, depth - 1),
                          self.comparison(scope, depth - 1))
        if roll < 0.91:
            op = rng.choice(["-", "~", "!"])
            return Unary(op, left)
        if roll < 0.96:
            return Cast(rng.choice(CASTS + [t for t in scope_types(scope)]), left)
        return Cond(self.comparison(scope, depth - 1), left, self.expr(scope, depth - 1))

    def comparison(self, scope: Scope, depth: int, left: Optional[Expr] = None) -> Expr:
        rng = self.rng
        left = left or self.expr(scope, depth)
        right = self.expr(scope, depth) if rng.random() < 0.4 else self.constant()
        return Binary(rng.choice(["<", "<=", ">", ">=", "==", "!="]), left, right)


def scope_types(scope: Scope) -> list[CType]:
    """Typedef'd and enumerated types of visible variables (casts to them are interesting)."""
    return list({v.type.spelling: v.type for v in scope.visible()
                 if (v.type.alias_of is not None or v.type.enum)
                 and v.type.spelling not in scope.hidden_types}.values())
