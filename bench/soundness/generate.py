"""The random program generator: small C programs of the validator's plain subset.

Every program terminates on every input by construction: loops count a read-only counter
towards a bound of at most 4 (a constant or an input whose assumption keeps it in 0..4),
recursion counts a parameter down, `goto` jumps back only in counted loops and forward only
out of loops.  Every input is a `__VERIFIER_nondet_T()` call followed at once by an
assumption `lo <= x && x <= hi` over a few values (or a `_Bool`), so running the program on
every input vector enumerates every execution.  Assertions are placeholders (`1`) until the
values seen at them are known (witnesses.py chooses them).
"""
from __future__ import annotations

import random
from typing import Optional

from . import cprog as c
from .cprog import (BOOL, CHAR, INT, LLONG, LONG, SHORT, UCHAR, UINT, ULLONG, ULONG, USHORT,
                    Assert, Assign, Assume, Binary, Block, Call, Case, Const, CType, Decl,
                    DoWhile, Empty, Expr, ExprStmt, For, Func, If, IncDec, Index, Jump, Label,
                    Nondet, Ref, Stmt, Switch, Var, While, literal)
from .exprgen import NAMES, ExprGen, Scope
from .program import DrawSite, Program

INPUT_TYPES = [INT, INT, INT, UINT, CHAR, UCHAR, SHORT, USHORT, LONG, ULONG, LLONG, ULLONG, BOOL]
VAR_TYPES = [INT, INT, INT, UINT, CHAR, UCHAR, SHORT, USHORT, LONG, ULONG, LLONG, ULLONG, BOOL,
             c.SCHAR]
MAX_BOUND = 4
# model-independent spellings of the extremes of `long` and `unsigned long`
LONG_TEXT = {"max": "((long)(~0UL >> 1))", "min": "(-(long)(~0UL >> 1) - 1)"}
ULONG_MAX_TEXT = "((unsigned long)-1)"
EXIT = Func("exit", None, [Var("status", INT, scope="param")])    # declared, not defined


def _enumerator(name: str) -> bool:
    """An enumeration constant of the program (not a <limits.h> macro)."""
    return name.isupper() and not name.endswith(("_MAX", "_MIN"))


class Generator:
    """Random statements over a `Scope`; `risk` (per program) is the chance that an operation
    may be undefined (see ExprGen).  The `s_<kind>` methods make one kind of statement."""

    def __init__(self, seed: int, features: frozenset = frozenset(),
                 many_calls: bool = False) -> None:
        from .mempatterns import Mem
        # helpers in every program, called from main several times (function contracts)
        self.many_calls = many_calls
        self.mem = Mem(frozenset(features)) if features else None   # the memory mix
        self.rng = rng = random.Random(seed)
        self.risk = rng.choice([0.0, 0.0, 0.05, 0.15, 0.4])
        self.ex = ExprGen(rng, self.risk)
        self.scope = Scope()
        self.features: set[str] = set()
        self.draws: list[DrawSite] = []
        self.nondet_types: dict[str, CType] = {}
        self.funcs: list[Func] = []
        self.labels = 0
        self.names = 0
        self.loop_depth = 0
        self.in_loop = False
        self.in_function = False                # generating a helper (not main)
        self.budget = 0
        self.assume_styles: set[str] = set()
        self.types: list[CType] = list(VAR_TYPES)
        self.uses_exit = False
        self.big_loop = False
        self.small_inputs: set[int] = set()     # inputs in 0..MAX_BOUND: loop bounds

    # ------------------------------------------------------------------ names and types
    def fresh(self, prefix: str = "") -> str:
        self.names += 1
        taken = {v.name for frame in self.scope.frames for v in frame.values()}
        for _ in range(50):
            name = prefix + self.rng.choice(NAMES) + (str(self.names % 7) if prefix else "")
            if name not in taken:
                return name
        return f"v{self.names}"

    def var_type(self) -> CType:
        return self.rng.choice([t for t in self.types if t.spelling not in self.scope.hidden_types])

    def label(self, stem: str) -> str:
        self.labels += 1
        return f"{stem}_{self.labels}"

    # ------------------------------------------------------------------ inputs
    def draw(self, name: str, small: bool = False) -> list[Stmt]:
        """`T x = __VERIFIER_nondet_T();` and its assumption over a few values."""
        rng = self.rng
        t = BOOL if small and rng.random() < 0.3 else rng.choice(INPUT_TYPES)
        alias = [a for a in self.types if a.alias_of is t]
        var = Var(name, rng.choice(alias) if alias and rng.random() < 0.4 else t)
        self.nondet_types[t.spelling] = t
        site = len(self.draws)
        decl = Decl(var, Nondet(t, site))
        decl.no_invariant = True
        self.scope.declare(var, True)
        if t is BOOL:
            self.draws.append(DrawSite(site, t, {m: [0, 1] for m in c.MODELS},
                                       {m: [] for m in c.MODELS}, assumed=False))
            return [decl]
        width = rng.randrange(1 if small else 0, 3 if small else 4)
        kind = "small" if small or rng.random() > self.risk + 0.15 else \
            rng.choice(["max", "min"] if t.signed else ["max"])
        lo_text, hi_text, domain = self._domain(t, kind, width)
        style = rng.choice(["if-abort", "abort-if-not", "verifier"] +
                           (["return"] if self.loop_depth == 0 and not self.in_function else []))
        self.assume_styles.add(style)
        outside = {m: [v for v in (d[0] - 1, d[-1] + 1) if t.range(m)[0] <= v <= t.range(m)[1]]
                   for m, d in domain.items()}
        self.draws.append(DrawSite(site, t, domain, outside))
        if all(0 <= v <= MAX_BOUND for d in domain.values() for v in d):
            # a loop bound: never written, so that every loop stays short
            self.small_inputs.add(var.uid)
            self.scope.readonly.add(var.uid)
        assume = Assume(var, lo_text, hi_text, style, site)
        assume.no_invariant = True
        return [decl, assume]

    def _domain(self, t: CType, kind: str, width: int) -> tuple[str, str, dict]:
        """Bounds as C text and the values between them in each data model."""
        if kind == "small":
            lo = self.rng.choice([-2, -1, 0, 0, 1]) if t.signed else self.rng.choice([0, 0, 1, 2])
            return literal(lo), literal(lo + width), \
                {m: list(range(lo, lo + width + 1)) for m in c.MODELS}
        if t.base is LONG or t.base is ULONG:
            if t.base is ULONG:
                top = ULONG_MAX_TEXT
            else:
                top = LONG_TEXT[kind]
            if kind == "min":
                lo_text, hi_text = top, f"({top} + {width})"
            else:
                lo_text, hi_text = f"({top} - {width})", top
            domain = {}
            for m in c.MODELS:
                low, high = t.range(m)
                domain[m] = list(range(low, low + width + 1)) if kind == "min" else \
                    list(range(high - width, high + 1))
            return lo_text, hi_text, domain
        low, high = t.range("ILP32")
        lo = low if kind == "min" else high - width
        return literal(lo), literal(lo + width), {m: list(range(lo, lo + width + 1))
                                                  for m in c.MODELS}

    # ------------------------------------------------------------------ statements
    def block(self, count: int) -> list[Stmt]:
        stmts: list[Stmt] = []
        for _ in range(count):
            if self.budget <= 0:
                break
            stmts += self.statement()
        return stmts

    def statement(self) -> list[Stmt]:
        rng = self.rng
        self.budget -= 1
        kinds = [("assign", 6), ("if", 2), ("loop", 3 if self.loop_depth < 2 else 0),
                 ("shadow", 1), ("switch", 1), ("array", 1.5), ("call", self.call_weight()),
                 ("exit", 0.15), ("uninit", 0.7), ("ub", 2 * self.risk), ("assert", 0.6), ("jump", 1 if self.in_loop else 0),
                 ("draw", 0.4 if self.in_loop and not self.in_function and not self.big_loop
                  and len(self.draws) < 4 else 0)]
        if self.mem is not None:
            # mostly in a function's outermost block: the validator models address-taken
            # locals only there (nested ones: `unknown`), so both kinds are worth having
            kinds.append(("mem", 5.0 if len(self.scope.frames) <= 2 else 1.5))
        kind = rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        return getattr(self, "s_" + kind)()

    def call_weight(self) -> float:
        if not self.funcs:
            return 0
        return 4 if self.many_calls and not self.in_function else 1.5

    def target(self) -> Optional[c.Target]:
        writable = self.scope.writable()
        if not writable:
            return None
        return Ref(self.rng.choice(writable))

    def s_assign(self) -> list[Stmt]:
        target = self.target()
        if target is None:
            return []
        roll = self.rng.random()
        self.scope.init.add(target.var.uid)
        if roll < 0.15:
            return [IncDec(target, self.rng.choice(["++", "--"]))]
        op = "=" if roll < 0.75 else self.rng.choice(["+=", "-=", "*=", "|=", "^=", "<<=",
                                                       "/=", "%="])
        if op in ("<<=", "/=", "%=") and self.rng.random() > self.risk:
            value = Const(literal(self.rng.choice([1, 2, 3])))
        else:
            value = self.ex.expr(self.scope)
        if target.var.type.enum and self.rng.random() < 0.7 and self.scope.enum_constants:
            value = Const(self.rng.choice(self.scope.enum_constants))
        return [Assign(target, op, value)]

    def s_if(self) -> list[Stmt]:
        cond = self.ex.comparison(self.scope, 1)
        before = set(self.scope.init)
        self.scope.push()
        then = self.block(self.rng.randrange(1, 3)) or [Empty()]
        self.scope.pop()
        after_then = set(self.scope.init)
        self.scope.init = set(before)
        other = None
        if self.rng.random() < 0.5:
            self.scope.push()
            other = self.block(self.rng.randrange(1, 3)) or [Empty()]
            self.scope.pop()
            self.scope.init &= after_then
        else:
            self.scope.init = before
        simple = len(then) == 1 and (other is None or len(other) == 1) and \
            not isinstance(then[0], Decl) and not (other and isinstance(other[0], Decl))
        return [If(cond, then, other, braces=not (simple and self.rng.random() < 0.3))]

    def bound(self, long: bool = False) -> Expr:
        """A loop bound in 0..MAX_BOUND (or a larger constant for a long loop): a constant or
        an input assumed small."""
        if long:
            return Const(self.rng.choice(["10", "50", "100U", "1000", "300L"]))
        inputs = [v for v in self.scope.readable() if v.uid in self.small_inputs]
        if inputs and self.rng.random() < 0.5:
            return Ref(self.rng.choice(inputs))
        value = self.rng.randrange(1, MAX_BOUND + 1)
        return Const(self.rng.choice([str(value), f"{value}U" if value else "0", f"{value}L"]))

    def loop_body(self, counter: Var, bound: Expr, jumps: bool = True) -> list[Stmt]:
        """`jumps`: break and continue refer to this loop (False for goto loops)."""
        saved = (self.in_loop, set(self.scope.readonly), set(self.scope.init))
        self.in_loop = self.in_loop or jumps
        self.loop_depth += 1
        self.scope.readonly.add(counter.uid)
        if isinstance(bound, Ref):
            self.scope.readonly.add(bound.var.uid)
        self.scope.push()
        body = self.block(self.rng.randrange(1, 4))
        self.scope.pop()
        self.loop_depth -= 1
        self.in_loop, self.scope.readonly, self.scope.init = saved
        return body

    def s_loop(self) -> list[Stmt]:
        rng = self.rng
        kind = rng.choice(["for", "for", "for-decl", "while", "while-break", "do", "goto",
                           "down", "while-postinc", "do-preinc"])
        # a long loop now and then (top level of main): proofs then need real invariants,
        # and mutants that fail only in the last iterations escape shallow search
        big = self.loop_depth == 0 and not self.in_function and rng.random() < 0.2
        self.big_loop, was_big = big or self.big_loop, self.big_loop
        loop = self._loop(kind)
        self.big_loop = was_big
        if big:
            self.features.add("long-loop")
        if kind in ("for", "while", "do", "while-postinc") and rng.random() < 0.2:
            # a forward goto out of the loop to a label right after it
            name = self.label("out")
            body = loop[-1].body
            body.insert(rng.randrange(len(body) + 1),
                        If(self.ex.comparison(self.scope, 1), [Jump(f"goto {name}")]))
            loop += [Label(name), Empty()]
            self.features.add("goto-out")
        return loop

    def _loop(self, kind: str) -> list[Stmt]:
        rng = self.rng
        self.features.add("loop-" + kind)
        bound = self.bound(long=self.big_loop and self.loop_depth == 0)
        counter = Var(self.fresh(), rng.choice([INT, INT, UINT, SHORT, LONG] +
                                               ([] if self.big_loop else [UCHAR])))
        if kind == "for-decl":
            counter = Var(self.fresh(), INT)
            self.scope.push()
            self.scope.declare(counter, True)
            body = self.loop_body(counter, bound)
            self.scope.pop()
            return [For(Decl(counter, Const("0")), Binary("<", Ref(counter), bound),
                        IncDec(Ref(counter), "++"), body)]
        self.scope.declare(counter, True)
        i = Ref(counter)
        pre: list[Stmt] = [Decl(counter, Const("0"))]
        if kind == "down":
            body = self.loop_body(counter, bound)
            return pre + [For(Assign(i, "=", bound), Binary(">", i, Const("0")),
                              IncDec(i, "--"), body)]
        body = self.loop_body(counter, bound, jumps=kind != "goto")
        if kind == "do-preinc" and not body:
            body = [Empty()]
        if kind == "for":
            return pre + [For(Assign(i, "=", Const("0")), Binary("<", i, bound),
                              IncDec(i, "++"), body)]
        step = IncDec(i, "++")
        if kind == "while":
            return pre + [While(Binary("<", i, bound), [step] + body)]
        if kind == "while-break":
            exit_ = If(Binary(">=", i, bound), [Jump("break")])
            return pre + [While(Const("1"), [exit_, step] + body)]
        if kind == "do":
            return pre + [DoWhile([step] + body, Binary("<", i, bound))]
        if kind == "while-postinc":
            return pre + [While(Binary("<", c.Step(i, "++", False), bound), body)]
        if kind == "do-preinc":
            return pre + [DoWhile(body, Binary("<", c.Step(i, "++", True), bound))]
        name = self.label("loop")
        return pre + [Label(name), If(Binary("<", i, bound), [step] + body + [Jump(f"goto {name}")])]

    def s_jump(self) -> list[Stmt]:
        cond = self.ex.comparison(self.scope, 1)
        self.features.add("break-continue")
        return [If(cond, [Jump(self.rng.choice(["break", "continue"]))])]

    def s_draw(self) -> list[Stmt]:
        self.features.add("nondet-in-loop")
        return self.draw(self.fresh(), small=True)

    def s_shadow(self) -> list[Stmt]:
        """A block whose declarations hide an outer variable, a typedef name or an enumeration
        constant (as a variable, or by an enumeration or typedef of the block)."""
        rng = self.rng
        scope = self.scope
        typedefs = [t for t in self.types if t.alias_of is not None
                    and t.spelling not in scope.hidden_types]
        kind = rng.choice(["var", "var", "var", "typedef-name", "enum-constant", "inner-enum",
                           "inner-typedef"])
        outer = [v for v in scope.visible() if v.length is None]
        name = rng.choice(outer).name if outer and rng.random() < 0.8 else self.fresh()
        if kind == "typedef-name" and typedefs:
            name = rng.choice(typedefs).spelling
        elif kind == "enum-constant" and scope.enum_constants:
            name = rng.choice([k for k in scope.enum_constants if _enumerator(k)] or [name])
        elif kind in ("typedef-name", "enum-constant"):
            kind = "var"
        self.features.add("shadowing" if kind == "var" else "shadowing-" + kind)
        saved = (list(scope.enum_constants), set(scope.hidden_types), list(self.types))
        body: list[Stmt] = []
        scope.push()
        if kind == "inner-enum":
            constant = rng.choice([k for k in scope.enum_constants if _enumerator(k)] or ["LIM"])
            body.append(c.TypeDecl(f"enum {{ {constant} = {rng.choice([-2, 3, 7, 40000])} }};"))
            scope.enum_constants.append(constant)
        elif kind == "inner-typedef" and typedefs:
            old = rng.choice(typedefs)
            base = rng.choice([t for t in VAR_TYPES if t is not old.base])
            body.append(c.TypeDecl(f"typedef {base.spelling} {old.spelling};"))
            self.types = [t for t in self.types if t is not old] + \
                [CType(old.spelling, base.signed, base.bits32, base.bits64, alias_of=base)]
        if kind in ("var", "typedef-name", "enum-constant"):
            init = self.ex.expr(scope)
            if any(isinstance(e, (Ref, Index)) and e.var.name == name for e in init.walk()) \
                    or kind != "var":
                init = self.ex.constant()     # `int x = x + 1;` would read the inner x
            if kind == "typedef-name":
                scope.hidden_types.add(name)
            var = Var(name, self.var_type())
            scope.declare(var, True)
            body.append(Decl(var, init))
        body += self.block(rng.randrange(1, 4))
        scope.pop()
        scope.enum_constants, scope.hidden_types, self.types = saved
        return [Block(body)]

    def s_switch(self) -> list[Stmt]:
        rng = self.rng
        self.features.add("switch")
        scalars = self.scope.readable()
        subject = Ref(rng.choice(scalars)) if scalars else self.ex.expr(self.scope)
        items: list[Stmt] = []
        # case values are converted to the promoted type of the subject: 255 never matches a
        # (signed) char, -1 matches an unsigned int's 4294967295U (never both: duplicates)
        pool = list(range(-1, 5)) + ["200", "255", "65535", "4294967295U", "-129"]
        values: list = rng.sample(pool, rng.randrange(1, 4))
        if -1 in values and "4294967295U" in values:
            values.remove(-1)
        values = [None] + values if rng.random() < 0.2 else values + [None]
        if rng.random() < 0.3:
            values.remove(None)
        before = set(self.scope.init)
        for value in values:
            items.append(Case(None if value is None else
                              value if isinstance(value, str) else literal(value)))
            self.scope.push()
            body = self.block(rng.randrange(1, 3)) or [Empty()]
            self.scope.pop()
            # a declaration cannot follow a case label, and its scope would span the cases
            items += [Block(body)] if any(isinstance(s, Decl) or getattr(s, "declares", False)
                                          for s in body) else body
            if rng.random() < 0.6:
                items.append(Jump("break"))
            else:
                self.features.add("fall-through")
            self.scope.init = set(before)
        return [Switch(subject, items)]

    def s_array(self) -> list[Stmt]:
        rng = self.rng
        arrays = [v for v in self.scope.readable(arrays=True)]
        if not arrays or rng.random() < 0.3:
            length = rng.randrange(2, 6)
            var = Var(self.fresh("a"), self.var_type(), length=length)
            init = [Const(literal(rng.choice([0, 1, 2, 5, -1]))) for _ in
                    range(rng.randrange(1, length + 1))]
            self.scope.declare(var, True)
            self.features.add("local-array")
            return [Decl(var, init)]
        array = rng.choice(arrays)
        self.features.add("array-" + array.scope)
        cell = Index(array, self.ex.index(self.scope, array))
        if rng.random() < 0.5:
            return [Assign(cell, "=", self.ex.expr(self.scope))]
        target = self.target()
        if target is None:
            return []
        self.scope.init.add(target.var.uid)
        return [Assign(target, "=", Binary("+", cell, self.ex.atom(self.scope)))]

    def s_call(self, f: Optional[Func] = None) -> list[Stmt]:
        f = f or self.rng.choice(self.funcs)
        args = [self.ex.atom(self.scope) for _ in f.params]
        if f.name.startswith("rec"):
            # deeper than the validator inlines recursion (64) now and then
            args = [Const(self.rng.choice(["70", "100"])) if self.rng.random() < 0.2
                    else self.bound()]
        target = self.target()
        if f.ret is None or target is None or self.rng.random() < 0.25:
            return [ExprStmt(Call(f, args, used=False))]
        self.scope.init.add(target.var.uid)
        return [Assign(target, "=", Call(f, args))]

    def s_exit(self) -> list[Stmt]:
        self.features.add("exit")
        self.uses_exit = True
        return [If(self.ex.comparison(self.scope, 1), [ExprStmt(Call(EXIT, [Const("0")], False))])]

    def s_assert(self) -> list[Stmt]:
        return [Assert(Const("1"))]

    # the patterns of issue 20 and of planted undefined behaviour live in patterns.py
    from .patterns import s_ub, s_uninit  # noqa: E402
    from .mempatterns import s_mem  # noqa: E402


MIXES = {"plain": frozenset(),
         "memory": frozenset({"vla", "array-param", "pointer", "heap", "struct", "float", "list"}),
         # mempatterns2.py: unions, bit-fields, function pointers, realloc/alloca, member
         # addresses, pointers to pointers
         "memory2": frozenset({"union", "bitfield", "fnptr", "realloc", "member-address",
                               "pointer-pointer"})}


def generate(seed: int, features: frozenset = frozenset(), many_calls: bool = False) -> Program:
    """The program of one seed (the same seed and features give the same program); `features`
    (a subset of mempatterns.FEATURES) turns on the memory patterns (mempatterns.py), none: the
    plain mix, whose programs do not depend on this option's existence.  `many_calls`: one or
    two helpers in every program, each called from main at least twice (function contracts;
    other programs do not depend on it either)."""
    from .patterns import build_program
    g = Generator(seed, features, many_calls)
    program = build_program(g)
    if g.mem is not None:
        from .memory import STRUCT_DEFINITION
        if g.mem.heap:
            program.includes.append("#include <stdlib.h>")
        if g.mem.string:
            program.includes.append("#include <string.h>")
        if g.mem.struct:
            program.prelude.append(STRUCT_DEFINITION)
        if g.mem.list:
            from .nodes import LIST_DEFINITIONS
            program.prelude += LIST_DEFINITIONS
        program.includes += [i for i in g.mem.includes if i not in program.includes]
        program.prelude += g.mem.prelude
        program.globals += g.mem.globals
        program.funcs = g.mem.funcs + program.funcs
    return program
