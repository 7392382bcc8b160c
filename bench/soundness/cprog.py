"""The generated C programs as a small syntax tree, printed in two ways.

*Plain*: the program the validator reads, one statement a line, so that every statement's
line and column (1-based, as format 2.x witnesses give them) is recorded while printing
(`Stmt.pos`).  *Ground truth* (`Mode.gt`): the same program for gcc with our own
instrumentation, which never changes what the program computes:

- every arithmetic operation becomes a statement expression of its own type,
  `__GT_W(a * b)`: GCC otherwise folds or narrows some operations at -O0 (`c = x * 37`,
  `x - 1 < 0`) and drops their overflow check, so UBSan would miss the overflow;
- every read of a local declared without initialiser goes through `__gt_obs(flag, &x, ...)`,
  a shadow flag set by every write and reset where the declaration is reached (C11 6.2.4p6),
  cross-checked by valgrind's definedness of the same bytes when run under valgrind;
- a call whose value is used checks that the callee did not fall off its end (`__gt_fell`);
- `__VERIFIER_nondet_T()` becomes `((T)__gt_draw(site))`, the next value of the input vector;
- hooks (`Hooks`) add the invariant checks and value probes at their locations, and a mark
  after each assumption (`__gt_passed(site)`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional, Union

from .cexpr import (ARITHMETIC, BOOL, CHAR, INT, INTEGER_TYPES, LLONG, LONG, MODELS, PLAIN,
                    SCHAR, SHORT, UCHAR, UINT, ULLONG, ULONG, USHORT, Binary, Call, Cast,
                    Cond, Const, CType, Expr, Func, Hooks, Index, Mode, Nondet, Ref, Step,
                    Target, Unary, Var, _uids, literal)
# noqa: F401  (re-exported)

__all__ = ["ARITHMETIC", "BOOL", "CHAR", "INT", "INTEGER_TYPES", "LLONG", "LONG", "MODELS",
           "PLAIN", "SCHAR", "SHORT", "UCHAR", "UINT", "ULLONG", "ULONG", "USHORT", "Binary",
           "Call", "Cast", "Cond", "Const", "CType", "Expr", "Func", "Hooks", "Index", "Mode",
           "Nondet", "Ref", "Step", "Target", "Unary", "Var", "literal", "Printer", "Stmt", "Decl",
           "Assign", "IncDec", "ExprStmt", "Assert", "Assume", "If", "While", "DoWhile", "For",
           "Case", "Label", "Switch", "Jump", "Return", "Block", "TypeDecl", "Empty", "emit_block",
           "braced",
           "all_statements", "LOOPS"]


# ------------------------------------------------------------------ statements
class Printer:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def line(self, indent: int, text: str) -> tuple[int, int]:
        self.lines.append(" " * indent + text)
        return len(self.lines), indent + 1

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


@dataclass(eq=False)
class Stmt:
    """A statement; `pos` is its (line, column) in the plain program once printed."""

    def __post_init__(self) -> None:
        self.uid = next(_uids)
        self.pos: Optional[tuple[int, int]] = None
        self.no_invariant = False     # between an input draw and its assumption

    def emit(self, p: Printer, indent: int, m: Mode, fn: str) -> None:
        if m.gt:
            for line in m.hooks.before(self, fn):
                p.line(indent, line)
        position = self.print(p, indent, m, fn)
        if not m.gt:
            self.pos = position

    def print(self, p: Printer, indent: int, m: Mode, fn: str) -> tuple[int, int]:
        raise NotImplementedError

    def blocks(self) -> Iterator[list["Stmt"]]:
        return iter(())

    def exprs(self) -> Iterator[Expr]:
        return iter(())


def emit_block(stmts: list[Stmt], p: Printer, indent: int, m: Mode, fn: str) -> None:
    for stmt in stmts:
        stmt.emit(p, indent, m, fn)


def braced(p: Printer, indent: int, head: str, body: list[Stmt], m: Mode,
           fn: str) -> tuple[int, int]:
    """`head {`, the body, `}`; the position of the head."""
    position = p.line(indent, head + " {")
    emit_block(body, p, indent + 2, m, fn)
    p.line(indent, "}")
    return position


def _assignment(target: Target, op: str, value: str, m: Mode) -> str:
    """`x op= v`; in the ground truth `x = __GT_W(x op v)` (C11 6.5.16.2p3: the same with x
    evaluated once; our targets have no side effects) and the shadow flag set."""
    lhs = target.render(PLAIN) if not isinstance(target, Index) else \
        f"{target.var.name}[{target.index.render(m)}]"
    if not m.gt:
        return f"{lhs} {op} {value}"
    if op != "=":
        value = f"__GT_W({target.render(m)} {op[:-1]} {value})"
    text = f"{lhs} = {value}"
    if m.track_uninit and target.var.tracked:
        flag = target.var.flag + (f"[{target.index.render(m)}]"
                                  if isinstance(target, Index) else "")
        text = f"({text}, {flag} = 1)"
    return text


@dataclass(eq=False)
class Decl(Stmt):
    var: Var
    init: Optional[Union[Expr, list[Expr]]] = None
    static: bool = False

    def print(self, p, indent, m, fn):
        v = self.var
        text = ("static " if self.static else "") + f"{v.type.spelling} {v.name}"
        if v.length is not None:
            text += f"[{v.length}]"
        if isinstance(self.init, list):
            text += " = {" + ", ".join(e.render(m) for e in self.init) + "}"
        elif self.init is not None:
            text += f" = {self.init.render(m)}"
        position = p.line(indent, text + ";")
        if m.gt and m.track_uninit and v.tracked:
            shape = f"[{v.length}]" if v.length is not None else ""
            p.line(indent, f"unsigned char {v.flag}{shape} = {{0}}; __gt_undefined(&{v.name}, "
                           f"sizeof {v.name});")
        return position

    def exprs(self):
        if isinstance(self.init, list):
            yield from self.init
        elif self.init is not None:
            yield self.init


@dataclass(eq=False)
class Assign(Stmt):
    target: Target
    op: str                           # '=', '+=', ...
    value: Expr

    def render(self, m: Mode) -> str:
        return _assignment(self.target, self.op, self.value.render(m), m)

    def print(self, p, indent, m, fn):
        return p.line(indent, self.render(m) + ";")

    def exprs(self):
        yield self.target
        yield self.value


@dataclass(eq=False)
class IncDec(Stmt):
    target: Target
    op: str                           # '++' or '--'

    def render(self, m: Mode) -> str:
        if not m.gt:
            return f"{self.target.render(m)}{self.op}"
        return _assignment(self.target, self.op[0] + "=", "1", m)

    def print(self, p, indent, m, fn):
        return p.line(indent, self.render(m) + ";")

    def exprs(self):
        yield self.target


@dataclass(eq=False)
class ExprStmt(Stmt):
    call: Call

    def print(self, p, indent, m, fn):
        return p.line(indent, self.call.render(m) + ";")

    def exprs(self):
        yield self.call


@dataclass(eq=False)
class Assert(Stmt):
    cond: Expr

    def print(self, p, indent, m, fn):
        return p.line(indent, f"__VERIFIER_assert({self.cond.render(m)});")

    def exprs(self):
        yield self.cond


@dataclass(eq=False)
class Assume(Stmt):
    """`lo <= x && x <= hi` assumed in one of the sv-benchmarks styles; the ground truth marks
    that the assumption let the run pass (`__gt_passed`)."""
    var: Var
    lo: str
    hi: str
    style: str                        # if-abort, abort-if-not, verifier, return
    site: int

    def print(self, p, indent, m, fn):
        x = self.var.name
        cond = f"{self.lo} <= {x} && {x} <= {self.hi}"
        text = {"if-abort": f"if (!({cond})) abort();",
                "abort-if-not": f"assume_abort_if_not({cond});",
                "verifier": f"__VERIFIER_assume({cond});",
                "return": f"if ({x} < {self.lo} || {x} > {self.hi}) return 0;"}[self.style]
        position = p.line(indent, text)
        if m.gt:
            p.line(indent, f"__gt_passed({self.site});")
        return position


@dataclass(eq=False)
class If(Stmt):
    cond: Expr
    then: list[Stmt]
    other: Optional[list[Stmt]] = None
    braces: bool = True               # False: a single unbraced statement per branch

    def print(self, p, indent, m, fn):
        # the ground truth always has braces, so an unbraced `if` whose then-branch ends in an
        # `if` must have them too: its `else` would bind to the inner `if` (dangling else), and
        # the validator would see another program than the ground truth
        dangling = self.other is not None and bool(self.then) and isinstance(self.then[-1], If)
        braces = self.braces or m.gt or dangling
        position = p.line(indent, f"if ({self.cond.render(m)})" + (" {" if braces else ""))
        taken, other = (m.hooks.branch(self, True, fn), m.hooks.branch(self, False, fn)) \
            if m.gt else ([], [])
        for line in taken:
            p.line(indent + 2, line)
        emit_block(self.then, p, indent + 2, m, fn)
        if self.other is not None or other:
            p.line(indent, "} else {" if braces else "else")
            for line in other:
                p.line(indent + 2, line)
            emit_block(self.other or [], p, indent + 2, m, fn)
        if braces:
            p.line(indent, "}")
        return position

    def blocks(self):
        yield self.then
        if self.other is not None:
            yield self.other

    def exprs(self):
        yield self.cond


def _condition(loop: Stmt, reading: int, cond: Expr, m: Mode, fn: str) -> str:
    hooks = m.hooks.cond(loop, reading, fn) if m.gt else []
    text = cond.render(m)
    return f"({', '.join(hooks + [text])})" if hooks else text


@dataclass(eq=False)
class While(Stmt):
    cond: Expr
    body: list[Stmt]

    def print(self, p, indent, m, fn):
        position = p.line(indent, f"while ({_condition(self, 0, self.cond, m, fn)}) {{")
        emit_block(self.body, p, indent + 2, m, fn)
        p.line(indent, "}")
        return position

    def blocks(self):
        yield self.body

    def exprs(self):
        yield self.cond


@dataclass(eq=False)
class DoWhile(Stmt):
    body: list[Stmt]
    cond: Expr

    def print(self, p, indent, m, fn):
        position = p.line(indent, "do {")
        if m.gt:
            for hook in m.hooks.cond(self, 1, fn):
                p.line(indent + 2, hook + ";")
        emit_block(self.body, p, indent + 2, m, fn)
        p.line(indent, f"}} while ({_condition(self, 2, self.cond, m, fn)});")
        return position

    def blocks(self):
        yield self.body

    def exprs(self):
        yield self.cond


@dataclass(eq=False)
class For(Stmt):
    init: Optional[Union[Decl, Assign]]
    cond: Expr
    step: Union[Assign, IncDec]
    body: list[Stmt]

    def print(self, p, indent, m, fn):
        if isinstance(self.init, Decl):
            v = self.init.var
            init = f"{v.type.spelling} {v.name} = {self.init.init.render(m)}"
        else:
            init = self.init.render(m) if self.init else ""
        head = f"for ({init}; {_condition(self, 0, self.cond, m, fn)}; {self.step.render(m)})"
        return braced(p, indent, head, self.body, m, fn)

    def blocks(self):
        yield self.body

    def exprs(self):
        if self.init is not None:
            yield from self.init.exprs()
        yield self.cond
        yield from self.step.exprs()


@dataclass(eq=False)
class Case(Stmt):
    """`case V:` or `default:` inside a switch body; no position of its own."""
    value: Optional[str]              # None: default

    def emit(self, p, indent, m, fn):
        p.line(max(indent - 2, 0), f"case {self.value}:" if self.value else "default:")


@dataclass(eq=False)
class Label(Stmt):
    name: str

    def emit(self, p, indent, m, fn):
        p.line(max(indent - 2, 0), f"{self.name}:")


@dataclass(eq=False)
class Switch(Stmt):
    expr: Expr
    body: list[Stmt]                  # Case items and statements

    def print(self, p, indent, m, fn):
        position = p.line(indent, f"switch ({self.expr.render(m)}) {{")
        emit_block(self.body, p, indent + 4, m, fn)
        p.line(indent, "}")
        return position

    def blocks(self):
        yield self.body

    def exprs(self):
        yield self.expr


@dataclass(eq=False)
class Jump(Stmt):
    text: str                         # 'break', 'continue', 'goto L'

    def print(self, p, indent, m, fn):
        return p.line(indent, self.text + ";")


@dataclass(eq=False)
class Return(Stmt):
    value: Optional[Expr] = None

    def print(self, p, indent, m, fn):
        if self.value is None:
            return p.line(indent, "return;")
        if m.gt and fn != "main":
            # the callee tells its caller that it returned a value (see __GT_CALL)
            checks = "".join(f"{line} " for line in m.hooks.returning(self, fn))
            return p.line(indent, f"{{ __auto_type __gt_r = {self.value.render(m)}; {checks}"
                                  f"__gt_fell = 0; return __gt_r; }}")
        return p.line(indent, f"return {self.value.render(m)};")

    def exprs(self):
        if self.value is not None:
            yield self.value


@dataclass(eq=False)
class Block(Stmt):
    body: list[Stmt]

    def print(self, p, indent, m, fn):
        position = p.line(indent, "{")
        emit_block(self.body, p, indent + 2, m, fn)
        p.line(indent, "}")
        return position

    def blocks(self):
        yield self.body


@dataclass(eq=False)
class TypeDecl(Stmt):
    """A declaration of no object, as written: `enum { K = 7 };`, `typedef short myint;`."""
    text: str

    def print(self, p, indent, m, fn):
        return p.line(indent, self.text)


@dataclass(eq=False)
class Empty(Stmt):
    def print(self, p, indent, m, fn):
        return p.line(indent, ";")


LOOPS = (While, DoWhile, For)


def all_statements(stmts: list[Stmt]) -> Iterator[Stmt]:
    for stmt in stmts:
        yield stmt
        for block in stmt.blocks():
            yield from all_statements(block)
