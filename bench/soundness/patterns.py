"""Whole programs (declarations, helper functions, main) and the statement patterns of issue 20
(indeterminate values) and of the undefined behaviours the generator plants on purpose."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import cprog as c
from .cprog import (INT, UINT, Assert, Assign, Binary, Call, Const, CType, Decl, ExprStmt, For,
                    Func, If, IncDec, Index, Ref, Return, Stmt, Unary, Var, literal)
from .program import REACH_ERROR, Program

if TYPE_CHECKING:
    from .generate import Generator

TYPEDEFS = [("myint", INT), ("u16", c.USHORT), ("myl", c.LONG), ("byte", c.UCHAR),
            ("u64", c.ULLONG)]
ENUMS = [("enum color", ["RED", "GREEN = 5", "BLUE"], False),
         ("enum sgn", ["NEG = -3", "ZERO", "POS = 3"], True),
         ("enum big", ["SMALL = 1", "HUGE = 2147483647"], False),
         ("enum wide", ["WA = 1", "WB = 4294967296"], False)]
LIMITS = ["INT_MAX", "INT_MIN", "UINT_MAX", "LONG_MAX", "ULONG_MAX", "SHRT_MIN", "UCHAR_MAX"]


# ------------------------------------------------------------------ issue 20 and UB patterns
def _reader(g: "Generator", value) -> Stmt:
    """A statement that reads `value` (an expression) into some variable or a condition."""
    target = g.target()
    if target is None or g.rng.random() < 0.35:
        if g.rng.random() < 0.5:
            sink = Var(g.fresh(), INT)
            g.scope.declare(sink, True)
            return Decl(sink, Binary("+", value, Const("1")))
        return If(Binary(g.rng.choice(["<", ">", "=="]), value, Const(literal(g.rng.choice([0, 3])))),
                  [Assert(Const("1"))])
    g.scope.init.add(target.var.uid)
    return Assign(target, "=", Binary(g.rng.choice(["+", "^", "-"]), value, g.ex.atom(g.scope)))


def s_uninit(g: "Generator") -> list[Stmt]:
    """Locals declared without initialiser, read never / sometimes / always after a write."""
    rng = g.rng
    kind = rng.choice(["never", "cond", "cond", "array-partial", "array-partial", "later",
                       "loop-local", "compound", "guarded", "argument", "array-loops",
                       "array-loops"])
    helpers = [f for f in g.funcs if f.params and not f.name.startswith("rec")]
    if kind == "argument" and not helpers:
        kind = "cond"
    g.features.add("uninit-" + kind)
    t = g.var_type()
    if kind == "array-partial":
        length = rng.randrange(2, 6)
        array = Var(g.fresh("a"), t, length=length, tracked=True)
        g.scope.declare(array, False)
        counter = Var(g.fresh(), INT)
        g.scope.declare(counter, True)
        bound = g.bound()
        if isinstance(bound, Const) and rng.random() < 0.7:
            bound = Const(str(rng.randrange(0, length + 1)))
        fill = For(Assign(Ref(counter), "=", Const("0")), Binary("<", Ref(counter), bound),
                   IncDec(Ref(counter), "++"),
                   [Assign(Index(array, Ref(counter)), "=", g.ex.expr(g.scope, 1))])
        where = rng.choice([bound, Const(str(rng.randrange(length))), Ref(counter)])
        return [Decl(array), Decl(counter, Const("0")), fill, _reader(g, Index(array, where))]
    if kind == "array-loops":
        return _array_loops(g, t)
    if kind == "loop-local":
        # the declaration is reached in every iteration, so the value written in the first
        # iteration is indeterminate again in the next (C11 6.2.4p6)
        counter = Var(g.fresh(), INT)
        g.scope.declare(counter, True)
        bound = g.bound()
        g.scope.push()
        inner = Var(g.fresh(), t, tracked=True)
        g.scope.declare(inner, False)
        body = [Decl(inner), If(Binary("==", Ref(counter), Const("0")),
                                [Assign(Ref(inner), "=", g.ex.expr(g.scope))])]
        g.scope.readonly.add(counter.uid)
        body.append(_reader(g, Ref(inner)))
        g.scope.readonly.discard(counter.uid)
        g.scope.pop()
        return [Decl(counter, Const("0")),
                For(Assign(Ref(counter), "=", Const("0")), Binary("<", Ref(counter), bound),
                    IncDec(Ref(counter), "++"), body)]
    var = Var(g.fresh(), t, tracked=True)
    decl = Decl(var)
    g.scope.declare(var, False)
    if kind == "never":
        return [decl] + g.block(rng.randrange(0, 2)) + [_reader(g, Ref(var))]
    if kind == "later":
        value = g.ex.expr(g.scope)
        g.scope.init.add(var.uid)
        return [decl, Assign(Ref(var), "=", value), _reader(g, Ref(var))]
    if kind == "compound":               # `y += e` and `y++` read y first
        g.scope.init.add(var.uid)
        return [decl, rng.choice([Assign(Ref(var), rng.choice(["+=", "|=", "*="]),
                                         g.ex.atom(g.scope)), IncDec(Ref(var), "++")])]
    cond = g.ex.comparison(g.scope, 1)
    write = [Assign(Ref(var), "=", g.ex.expr(g.scope))]
    other = [Assign(Ref(var), "=", g.ex.expr(g.scope))] if rng.random() < 0.25 else None
    if other:
        g.scope.init.add(var.uid)
    if kind == "guarded":                # read only under the condition that wrote it
        g.scope.push()                   # the reader may declare a variable in the branch
        reader = _reader(g, Ref(var))
        g.scope.pop()
        return [decl, If(cond, write), If(cond, [reader])]
    if kind == "argument":               # passed to a function: read at the call
        f = rng.choice(helpers)
        args = [Ref(var)] + [g.ex.atom(g.scope) for _ in f.params[1:]]
        rng.shuffle(args)
        return [decl, If(cond, write, other), ExprStmt(Call(f, args, used=False))]
    return [decl, If(cond, write, other), _reader(g, Ref(var))]


def _array_loops(g: "Generator", t: CType) -> list[Stmt]:
    """An array filled by a loop (up or down, all of it or not quite), maybe copied into a
    second one, then read by a loop over every element or at one index: the shapes whose
    written ranges and copies the validator's quantified lemmas describe (array_lemmas.py),
    with their near misses (one element short, an off-by-one read)."""
    rng = g.rng
    length = rng.randrange(2, 6)
    array = Var(g.fresh("a"), t, length=length, tracked=True)
    g.scope.declare(array, False)
    counter = Var(g.fresh(), INT)
    g.scope.declare(counter, True)
    g.scope.readonly.add(counter.uid)          # the loops' bodies must not write the counter
    low = rng.choice([0, 0, 0, 1])
    high = rng.choice([length, length, length, length - 1])
    value = g.ex.expr(g.scope, 1) if rng.random() < 0.6 else Const(literal(rng.choice([0, 7])))
    if rng.random() < 0.5:
        fill = For(Assign(Ref(counter), "=", Const(str(low))),
                   Binary("<", Ref(counter), Const(str(high))), IncDec(Ref(counter), "++"),
                   [Assign(Index(array, Ref(counter)), "=", value)])
    else:
        g.features.add("uninit-array-down")
        fill = For(Assign(Ref(counter), "=", Const(str(high - 1))),
                   Binary(">=", Ref(counter), Const(str(low))), IncDec(Ref(counter), "--"),
                   [Assign(Index(array, Ref(counter)), "=", value)])
    out = [Decl(array), Decl(counter, Const("0")), fill]
    source = array
    if rng.random() < 0.4:
        g.features.add("uninit-array-copy")
        copy = Var(g.fresh("b"), t, length=length, tracked=True)
        g.scope.declare(copy, False)
        out += [Decl(copy), For(Assign(Ref(counter), "=", Const("0")),
                                Binary("<", Ref(counter), Const(str(length))),
                                IncDec(Ref(counter), "++"),
                                [Assign(Index(copy, Ref(counter)), "=", Index(array, Ref(counter)))])]
        source = copy
    if rng.random() < 0.6:
        g.features.add("uninit-array-read-loop")
        g.scope.push()
        reader = _reader(g, Index(source, Ref(counter)))
        g.scope.pop()
        out.append(For(Assign(Ref(counter), "=", Const("0")),
                       Binary("<", Ref(counter), Const(str(length))), IncDec(Ref(counter), "++"),
                       [reader]))
    else:
        out.append(_reader(g, Index(source, Const(str(rng.randrange(length))))))
    g.scope.readonly.discard(counter.uid)
    return out


def s_ub(g: "Generator") -> list[Stmt]:
    """An operation that has undefined behaviour for some of the values its operands take."""
    rng = g.rng
    scalars = g.scope.readable()
    if not scalars:
        return []
    a, b = Ref(rng.choice(scalars)), Ref(rng.choice(scalars))
    kind = rng.choice(["div", "mod", "shift", "overflow", "neg", "guarded", "guarded",
                       "promoted"])
    g.features.add("ub-" + kind)
    if kind == "guarded":
        # the operation happens only where it is defined (short-circuit or ?:)
        zero = Binary("==", b, Const("0"))
        value = rng.choice([Binary("&&", Unary("!", zero), Binary(">", Binary("/", a, b), Const("0"))),
                            Binary("||", zero, Binary("==", Binary("%", a, b), Const("1"))),
                            c.Cond(zero, Const("0"), Binary("/", a, b))])
        return [_reader(g, value)]
    value = {"div": Binary("/", a, b), "mod": Binary("%", a, b),
             "shift": Binary(rng.choice(["<<", ">>"]), a, b),
             "overflow": Binary(rng.choice(["+", "*", "-"]), a,
                                Const(rng.choice(["2147483647", "65536", "2"]))),
             "neg": Unary("-", a),
             # unsigned short operands are promoted to int: 65535 * 65535 overflows
             "promoted": Binary("*", c.Cast(c.USHORT, a), c.Cast(c.USHORT, rng.choice(
                 [b, Const("65535"), Const("40000")])))}[kind]
    return [_reader(g, value)]


# ------------------------------------------------------------------ functions
def _helper(g: "Generator", index: int) -> Func:
    rng = g.rng
    kind = rng.choice(["plain", "plain", "falloff", "void", "rec", "static"])
    g.features.add("function-" + kind)
    g.scope.push()
    g.in_function = True
    if kind == "rec":
        n = Var("n", INT, scope="param")
        f = Func(f"rec{index}", rng.choice([INT, UINT, c.LONG]), [n], fid=index)
        g.scope.declare(n, True)
        base = If(Binary("<=", Ref(n), Const("0")), [Return(g.ex.atom(g.scope))])
        globals_ = [v for v in g.scope.writable() if v.scope == "global"]
        call = Call(f, [Binary("-", Ref(n), Const("1"))])
        if globals_ and rng.random() < 0.4:
            # writes a global; the other operand reads none (a read of it would be
            # indeterminately sequenced with the call's write)
            f.body = [base, Assign(Ref(rng.choice(globals_)), "+=", Ref(n)),
                      Return(Binary(rng.choice(["+", "-", "^"]), call,
                                    rng.choice([Ref(n), Const("2")])))]
            g.features.add("function-rec-global")
        else:
            step = Binary(rng.choice(["+", "-", "*", "^"]), call,
                          rng.choice([Ref(n), Const("2"), g.ex.atom(g.scope)]))
            f.body = [base, Return(step)]
        g.scope.pop()
        g.in_function = False
        return f
    params = [Var(g.fresh("p"), g.var_type(), scope="param")
              for _ in range(rng.randrange(1 if kind == "falloff" else 0, 3))]
    for p in params:
        g.scope.declare(p, True)
    ret = None if kind == "void" else g.var_type()
    f = Func(f"{'h' if ret is None else 'f'}{index}", ret, params, fid=index,
             prototype_void=rng.random() < 0.7)
    body: list[Stmt] = []
    if kind == "static":
        counter = Var(g.fresh("s"), INT, scope="static")
        g.scope.declare(counter, True)
        body += [Decl(counter, Const("0"), static=True), IncDec(Ref(counter), "++")]
    g.budget = rng.randrange(1, 4)
    body += g.block(3)
    if ret is not None:
        if kind == "falloff":
            cond = g.ex.comparison(g.scope, 1, Ref(params[0]))
            body.append(If(cond, [Return(g.ex.expr(g.scope, 1))]))
        else:
            body.append(Return(g.ex.expr(g.scope, 1)))
    f.body = body
    g.scope.pop()
    g.in_function = False
    return f


def build_program(g: "Generator") -> Program:
    rng = g.rng
    prelude: list[str] = []
    includes: list[str] = []
    for name, base in rng.sample(TYPEDEFS, rng.randrange(0, 3)):
        g.types.append(CType(name, base.signed, base.bits32, base.bits64, alias_of=base))
        prelude.append(f"typedef {base.spelling} {name};")
    for spelling, constants, signed in ENUMS:
        if rng.random() < 0.25:
            prelude.append(f"{spelling} {{ {', '.join(constants)} }};")
            bits = 64 if spelling == "enum wide" else 32      # GCC: a constant needs 64 bits
            g.types.append(CType(spelling, signed, bits, bits, enum=True))
            g.scope.enum_constants += [k.split(" = ")[0] for k in constants]
            g.features.add("enum")
    if rng.random() < 0.2:
        includes.append("#include <limits.h>")
        g.scope.enum_constants += rng.sample(LIMITS, 3)
        g.features.add("limits.h")
    globals_: list[Decl] = []
    for _ in range(rng.randrange(0, 3)):
        var = Var(g.fresh("g"), g.var_type(), scope="global")
        globals_.append(Decl(var, g.ex.constant() if rng.random() < 0.5 else None))
        g.scope.declare(var, True)
    if rng.random() < 0.3:
        length = rng.randrange(2, 6)
        var = Var(g.fresh("ga"), g.var_type(), scope="global", length=length)
        init = [Const(literal(rng.choice([0, 1, 3, -1]))) for _ in range(length)] \
            if rng.random() < 0.5 else None
        globals_.append(Decl(var, init))
        g.scope.declare(var, True)
    for index in range(rng.choice([1, 1, 2, 2] if g.many_calls else [0, 0, 1, 1, 2])):
        g.funcs.append(_helper(g, index + 1))
    main = Func("main", INT, [], fid=0, prototype_void=rng.random() < 0.7)
    g.scope.push()
    body: list[Stmt] = []
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
        small = rng.random() < 0.5
        body += g.draw(g.fresh(), small=small)
    for _ in range(rng.randrange(1, 4)):
        if rng.random() < 0.1:              # zero-initialised, like a global
            var = Var(g.fresh(), g.var_type(), scope="static")
            body.append(Decl(var, None, static=True))
            g.features.add("static-local")
        else:
            var = Var(g.fresh(), g.var_type())
            body.append(Decl(var, g.ex.expr(g.scope, 1)))
        g.scope.declare(var, True)
    g.budget = rng.randrange(6, 14)
    while g.budget > 0:
        body += g.block(1)
    if g.many_calls:                        # every helper called at least twice more
        for f in g.funcs:
            body += g.s_call(f) + g.s_call(f)
    body += [Assert(Const("1")), Return(Const("0"))]
    if rng.random() < 0.1:
        # dead code after the return: an assertion that would fail, invariants there hold
        body += [Assign(Ref(var), "=", Const("7")), Assert(Const("0"))]
        g.features.add("dead-code")
    main.body = body
    g.scope.pop()
    return Program(reach_error=rng.choice(list(REACH_ERROR)), includes=includes,
                   prelude=prelude, globals=globals_, funcs=g.funcs + [main], draws=g.draws,
                   nondet_types=list(g.nondet_types.values()),
                   uses_assume_abort_if_not="abort-if-not" in g.assume_styles,
                   uses_verifier_assume="verifier" in g.assume_styles, features=g.features,
                   uses_exit=g.uses_exit,
                   main_void=main.prototype_void)
