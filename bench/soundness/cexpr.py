"""C types, variables, functions and expressions of the generated programs (the statement
half is cprog.py, which re-exports everything here); see cprog.py for the two printings."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator, Optional, Union

if TYPE_CHECKING:
    from .cprog import Stmt

MODELS = ("ILP32", "LP64")


@dataclass(frozen=True)
class CType:
    spelling: str                     # as written: 'unsigned short', 'enum color', 'u16'
    signed: bool
    bits32: int
    bits64: int
    nondet: Optional[str] = None      # __VERIFIER_nondet_<nondet>, None: no such function
    alias_of: Optional["CType"] = None
    enum: bool = False
    kind: str = "int"                 # int, float, ptr (pointer), struct (memory mix: memory.py)

    def bits(self, model: str) -> int:
        return self.bits64 if model == "LP64" else self.bits32

    def range(self, model: str) -> tuple[int, int]:
        bits = self.bits(model)
        if bits == 1:
            return 0, 1
        if self.signed:
            return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        return 0, (1 << bits) - 1

    @property
    def base(self) -> "CType":
        return self.alias_of.base if self.alias_of else self

    @property
    def is_bool(self) -> bool:
        return self.base.bits32 == 1


BOOL = CType("_Bool", False, 1, 1, "bool")
CHAR = CType("char", True, 8, 8, "char")
SCHAR = CType("signed char", True, 8, 8)
UCHAR = CType("unsigned char", False, 8, 8, "uchar")
SHORT = CType("short", True, 16, 16, "short")
USHORT = CType("unsigned short", False, 16, 16, "ushort")
INT = CType("int", True, 32, 32, "int")
UINT = CType("unsigned int", False, 32, 32, "uint")
LONG = CType("long", True, 32, 64, "long")
ULONG = CType("unsigned long", False, 32, 64, "ulong")
LLONG = CType("long long", True, 64, 64, "longlong")
ULLONG = CType("unsigned long long", False, 64, 64, "ulonglong")
INTEGER_TYPES = (BOOL, CHAR, SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LLONG, ULLONG)
ARITHMETIC = {"+", "-", "*", "/", "%", "<<", ">>"}
_uids = itertools.count(1)


def literal(value: int) -> str:
    """A C literal whose value is `value` in both data models (its type may differ)."""
    if value >= 0:
        for limit, suffix in ((2**31 - 1, ""), (2**32 - 1, "U"), (2**63 - 1, "LL"),
                              (2**64 - 1, "ULL")):
            if value <= limit:
                return f"{value}{suffix}"
        raise ValueError(value)
    if value == -2**31:
        return "(-2147483647 - 1)"
    if value == -2**63:
        return "(-9223372036854775807LL - 1)"
    return f"-{-value}" if value > -2**31 else f"-{-value}LL"


# ------------------------------------------------------------------ variables and functions
@dataclass(eq=False)
class Var:
    name: str
    type: CType
    scope: str = "local"              # local, global, param, static
    length: Optional[Union[int, str]] = None  # arrays (a string: a VLA's size expression)
    tracked: bool = False             # a local declared without initialiser (shadow flag)
    uid: int = field(default_factory=lambda: next(_uids))
    # memory mix: the expression this variable was initialised with (a memory read, which
    # witnesses.py may restate as an invariant), and the id of a registered object (memory.py)
    source: Optional["Expr"] = None
    ident: str = ""

    @property
    def flag(self) -> str:
        return f"__gt_d_{self.name}"


@dataclass(eq=False)
class Func:
    name: str
    ret: Optional[CType]              # None: void
    params: list[Var]
    body: list["Stmt"] = field(default_factory=list)
    fid: int = 0
    prototype_void: bool = True       # `f(void)` rather than `f()`


# ------------------------------------------------------------------ how to print
class Hooks:
    """Instrumentation the ground-truth build adds (see truth.py); plain printing has none."""

    def before(self, stmt: "Stmt", function: str) -> list[str]:
        return []

    def cond(self, loop: "Stmt", reading: int, function: str) -> list[str]:
        """Expressions evaluated before the loop condition (reading 0: while/for head,
        2: do-while before its condition) or at do-while body entry (reading 1)."""
        return []

    def globals(self) -> list[str]:
        """File-scope declarations (ghost variables: ghostgen.py)."""
        return []

    def branch(self, stmt: "Stmt", taken: bool, function: str) -> list[str]:
        """Statements first on the `taken` edge of an `if` (ghost updates that follow it)."""
        return []

    def returning(self, stmt: "Stmt", function: str) -> list[str]:
        """Statements after a `return`'s value is computed into `__gt_r` (contracts)."""
        return []


@dataclass
class Mode:
    gt: bool = False
    track_uninit: bool = True         # shadow flags and valgrind checks of reads
    hooks: Hooks = field(default_factory=Hooks)
    read_site: int = 0                # site number passed to __gt_obs (invariants: 1000 + k)


PLAIN = Mode()


# ------------------------------------------------------------------ expressions
class Expr:
    def render(self, m: Mode) -> str:
        raise NotImplementedError

    def children(self) -> Iterator["Expr"]:
        return iter(())

    def walk(self) -> Iterator["Expr"]:
        yield self
        for child in self.children():
            yield from child.walk()


@dataclass(eq=False)
class Const(Expr):
    text: str

    def render(self, m: Mode) -> str:
        return self.text


@dataclass(eq=False)
class Ref(Expr):
    var: Var

    def render(self, m: Mode) -> str:
        name = self.var.name
        if m.gt and m.track_uninit and self.var.tracked:
            return f"(__gt_obs({self.var.flag}, &{name}, sizeof {name}, {m.read_site}), {name})"
        return name


@dataclass(eq=False)
class Index(Expr):
    var: Var
    index: Expr

    def render(self, m: Mode) -> str:
        name, index = self.var.name, self.index.render(m)
        if m.gt and m.track_uninit and self.var.tracked:
            cell = f"{name}[{index}]"
            return (f"(__gt_obs({self.var.flag}[{index}], &{cell}, sizeof {cell}, "
                    f"{m.read_site}), {cell})")
        return f"{name}[{index}]"

    def children(self) -> Iterator[Expr]:
        yield self.index


@dataclass(eq=False)
class Unary(Expr):
    op: str                           # '-', '~', '!'
    operand: Expr

    def render(self, m: Mode) -> str:
        operand = _operand(self.operand, m) if m.gt and self.op == "-" else self.operand.render(m)
        text = f"({self.op} {operand})" if operand.startswith(("-", "~", "!")) else \
            f"({self.op}{operand})"
        return f"__GT_W{text}" if m.gt and self.op == "-" else text

    def children(self) -> Iterator[Expr]:
        yield self.operand


@dataclass(eq=False)
class Binary(Expr):
    op: str
    left: Expr
    right: Expr

    def render(self, m: Mode) -> str:
        if m.gt and self.op in ARITHMETIC:
            text = f"({_operand(self.left, m)} {self.op} {_operand(self.right, m)})"
            return f"__GT_W{text}"
        return f"({self.left.render(m)} {self.op} {self.right.render(m)})"

    def children(self) -> Iterator[Expr]:
        yield self.left
        yield self.right


def _operand(e: Expr, m: Mode) -> str:
    """An operand of an arithmetic operation in the ground truth: a constant (also under
    casts and unary operators) is read from a volatile copy (`__GT_K`), because GCC folds an
    operation on constants at compile time, overflow check and all, even at -O0."""
    if isinstance(e, Const):
        return f"__GT_K({e.text})"
    if isinstance(e, Cast):
        return f"(({e.type.spelling}){_operand(e.operand, m)})"
    if isinstance(e, Unary) and e.op != "-":       # `-` does it itself (Unary.render)
        return f"({e.op}{_operand(e.operand, m)})"
    return e.render(m)


@dataclass(eq=False)
class Cast(Expr):
    type: CType
    operand: Expr

    def render(self, m: Mode) -> str:
        return f"(({self.type.spelling}){self.operand.render(m)})"

    def children(self) -> Iterator[Expr]:
        yield self.operand


@dataclass(eq=False)
class Cond(Expr):
    cond: Expr
    then: Expr
    other: Expr

    def render(self, m: Mode) -> str:
        return f"({self.cond.render(m)} ? {self.then.render(m)} : {self.other.render(m)})"

    def children(self) -> Iterator[Expr]:
        yield from (self.cond, self.then, self.other)


@dataclass(eq=False)
class Call(Expr):
    func: Func
    args: list[Expr]
    used: bool = True                 # False in an expression statement

    def render(self, m: Mode) -> str:
        text = f"{self.func.name}({', '.join(a.render(m) for a in self.args)})"
        if m.gt and self.used and self.func.ret is not None:
            return f"__GT_CALL({text}, {self.func.fid})"
        return text

    def children(self) -> Iterator[Expr]:
        yield from self.args


@dataclass(eq=False)
class Step(Expr):
    """`i++`, `++i`, `i--`, `--i` inside an expression (loop conditions), on an initialised
    scalar; the ground truth spells out its value and side effect."""
    target: Ref
    op: str                           # '++' or '--'
    prefix: bool

    def render(self, m: Mode) -> str:
        name = self.target.var.name
        if not m.gt:
            return f"({self.op}{name})" if self.prefix else f"({name}{self.op})"
        update = f"{name} = __GT_W({name} {self.op[0]} 1);"
        if self.prefix:
            return f"({{ {update} {name}; }})"
        return f"({{ __auto_type __gt_o = {name}; {update} __gt_o; }})"

    def children(self) -> Iterator[Expr]:
        yield self.target


@dataclass(eq=False)
class Nondet(Expr):
    type: CType                       # a type with a nondet function
    site: int

    def render(self, m: Mode) -> str:
        if m.gt:
            return f"(({self.type.spelling})__gt_draw({self.site}))"
        return f"__VERIFIER_nondet_{self.type.nondet}()"


Target = Union[Ref, Index]
