"""Expressions and statements of the memory mix: pointers, arrays as objects (VLAs too), the
heap, structs and floats, printed plainly for the validator and with the provenance checks of
memrt.py for the ground truth (`Mode.gt`).

Each pointer-valued expression (`Ptr`) knows, from its syntax alone, which registered object
its value comes from (`pid`: a C expression of the object's id): `&x` and `a` the object's,
`p` and `p + k` the shadow of `p`.  Every registered object's id lives in a variable
`__gt_id_...` (the `ODecl` that declares it, or a `Register` statement for a variable declared
elsewhere); every pointer variable `p` has the shadow `__gt_o_p`.  Memory accesses through a
registered object (`Deref`, `Elem`) are checked; a struct or scalar accessed by its name
(`Member`, a plain `Ref`) needs no check.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator, Optional, Union

from .cexpr import (CHAR, INT, SHORT, Call, CType, Expr, Mode, Ref, Var, _operand)
from .cprog import Decl, Stmt

FLOAT = CType("float", True, 32, 32, "float", kind="float")
DOUBLE = CType("double", True, 64, 64, "double", kind="float")
STRUCT = CType("struct ms", True, 64, 64, kind="struct")
MEMBERS: list[tuple[str, CType]] = [("a", INT), ("b", CHAR), ("c", SHORT)]
STRUCT_DEFINITION = "struct ms { int a; char b; short c; };"


@dataclass(frozen=True)
class PtrType(CType):
    to: Optional[CType] = None        # the pointed-to type


def pointer(to: CType) -> PtrType:
    return PtrType(f"{to.spelling} *", False, 32, 64, kind="ptr", to=to)


def shadow(var: Var) -> str:
    """The provenance shadow of a pointer variable (a parameter's is a hidden parameter)."""
    return f"__gt_o_{var.name}"


def params_text(params: list[Var], gt: bool) -> str:
    """Parameters as declared (`int *a` or `int a[]`); in the ground truth, the ids of the
    pointer parameters follow as hidden parameters (MCall passes them)."""
    texts = [f"{v.type.to.spelling} {v.name}[]" if isinstance(v.type, PtrType)
             and v.length == "[]" else f"{v.type.spelling} {v.name}" for v in params]
    if gt:
        texts += [f"int {shadow(v)}" for v in params if v.type.kind == "ptr"]
    return ", ".join(texts)


# ------------------------------------------------------------------ pointer-valued expressions
class Ptr(Expr):
    def pid(self, m: Mode) -> str:
        raise NotImplementedError


@dataclass(eq=False)
class PRef(Ptr):
    """A pointer variable."""
    var: Var

    def render(self, m: Mode) -> str:
        return self.var.name

    def pid(self, m: Mode) -> str:
        return shadow(self.var)


@dataclass(eq=False)
class Null(Ptr):
    text: str = "0"                   # '0' or '(void *)0'

    def render(self, m: Mode) -> str:
        return self.text

    def pid(self, m: Mode) -> str:
        return "0"


@dataclass(eq=False)
class Addr(Ptr):
    """`&x`, an array `a` (decayed), or `&a[i]`; `ident` names the id of the object."""
    var: Var
    ident: str
    index: Optional[Expr] = None
    decay: bool = False               # the array itself, `a`

    def render(self, m: Mode) -> str:
        if self.decay:
            return self.var.name
        if self.index is None:
            return f"&{self.var.name}"
        if m.gt:
            return f"__GT_PADD({self.var.name}, {self.index.render(m)}, {self.ident})"
        return f"&{self.var.name}[{self.index.render(m)}]"

    def pid(self, m: Mode) -> str:
        return self.ident

    def children(self) -> Iterator[Expr]:
        yield Ref(self.var)           # the name must resolve to the variable (analysis.py)
        if self.index is not None:
            yield self.index


@dataclass(eq=False)
class PAdd(Ptr):
    """`p + k` (a negative k is a negative constant or value, never `p - k`)."""
    base: Ptr
    offset: Expr

    def render(self, m: Mode) -> str:
        if m.gt:
            return f"__GT_PADD({self.base.render(m)}, ({self.offset.render(m)}), " \
                   f"{self.base.pid(m)})"
        return f"({self.base.render(m)} + {self.offset.render(m)})"

    def pid(self, m: Mode) -> str:
        return self.base.pid(m)

    def children(self) -> Iterator[Expr]:
        yield from (self.base, self.offset)


@dataclass(eq=False)
class PCond(Ptr):
    """`c ? p : q` (c has no side effects: the ground truth evaluates it twice)."""
    cond: Expr
    then: Ptr
    other: Ptr

    def render(self, m: Mode) -> str:
        return f"({self.cond.render(m)} ? {self.then.render(m)} : {self.other.render(m)})"

    def pid(self, m: Mode) -> str:
        return f"({self.cond.render(m)} ? {self.then.pid(m)} : {self.other.pid(m)})"

    def children(self) -> Iterator[Expr]:
        yield from (self.cond, self.then, self.other)


# ------------------------------------------------------------------ accesses
@dataclass(eq=False)
class Deref(Expr):
    """`*p`, `*(p + k)`, `p[k]`, `p->m`, `p[k].m`; `write`: the left side of an assignment."""
    ptr: Ptr
    offset: Optional[Expr] = None
    style: str = "*"                  # '*' or '[]'
    member: Optional[str] = None
    write: bool = False

    def render(self, m: Mode) -> str:
        if m.gt:
            address = self.ptr.render(m) if self.offset is None else \
                PAdd(self.ptr, self.offset).render(m)
            how = "__GT_ST" if self.write and self.member is None else "__GT_LD"
            if self.member is not None:
                flag = 1 if self.write else 0
                return f"(__GT_AT({address}, {self.ptr.pid(m)}, {flag})->{self.member})"
            return f"{how}({address}, {self.ptr.pid(m)})"
        p = self.ptr.render(m)
        if self.offset is None:
            return f"{p}->{self.member}" if self.member else f"(*{p})"
        k = self.offset.render(m)
        cell = f"{p}[{k}]" if self.style == "[]" else f"(*({p} + {k}))"
        return f"{cell}.{self.member}" if self.member and self.style == "[]" else \
            f"({p} + {k})->{self.member}" if self.member else cell

    def children(self) -> Iterator[Expr]:
        yield self.ptr
        if self.offset is not None:
            yield self.offset


def elem(var: Var, ident: str, index: Expr, member: Optional[str] = None,
         write: bool = False) -> Deref:
    """`a[i]` (or `a[i].m`) of a registered array, checked like a pointer access."""
    return Deref(Addr(var, ident, decay=True), index, "[]", member, write)


@dataclass(eq=False)
class Member(Expr):
    """`s.m` of a struct variable accessed by its name."""
    var: Var
    member: str

    def render(self, m: Mode) -> str:
        return f"{self.var.name}.{self.member}"

    def children(self) -> Iterator[Expr]:
        yield Ref(self.var)


@dataclass(eq=False)
class PCmp(Expr):
    """Comparison of two pointers; relational ones need the same object (checked)."""
    op: str
    left: Ptr
    right: Ptr

    def render(self, m: Mode) -> str:
        text = f"({self.left.render(m)} {self.op} {self.right.render(m)})"
        if m.gt and self.op not in ("==", "!="):
            return f"(__gt_same({self.left.pid(m)}, {self.right.pid(m)}), {text})"
        return text

    def children(self) -> Iterator[Expr]:
        yield from (self.left, self.right)


@dataclass(eq=False)
class PDiff(Expr):
    """`(int)(p - q)`: both in the same object (checked)."""
    left: Ptr
    right: Ptr

    def render(self, m: Mode) -> str:
        text = f"(int)({self.left.render(m)} - {self.right.render(m)})"
        if m.gt:
            return f"(__gt_same({self.left.pid(m)}, {self.right.pid(m)}), {text})"
        return f"({text})"

    def children(self) -> Iterator[Expr]:
        yield from (self.left, self.right)


@dataclass(eq=False)
class Braced(Expr):
    """An initialiser list `{a, b, c}` (a struct's, inside an array's)."""
    items: list[Expr]

    def render(self, m: Mode) -> str:
        return "{" + ", ".join(e.render(m) for e in self.items) + "}"

    def children(self) -> Iterator[Expr]:
        yield from self.items


@dataclass(eq=False)
class FNondet(Expr):
    """`__VERIFIER_nondet_float()` / `_double()`: any bit pattern (ground truth: a fixed set)."""
    type: CType
    site: int

    def render(self, m: Mode) -> str:
        if m.gt:
            return f"__GT_{self.type.spelling.upper()}({self.site})"
        return f"__VERIFIER_nondet_{self.type.nondet}()"


@dataclass(eq=False)
class MCall(Call):
    """A call of a memory helper: in the ground truth each pointer argument brings its id."""

    def render(self, m: Mode) -> str:
        args = [a.render(m) for a in self.args]
        if m.gt:
            args += [a.pid(m) for a, p in zip(self.args, self.func.params) if p.type.kind == "ptr"]
        text = f"{self.func.name}({', '.join(args)})"
        if m.gt and self.used and self.func.ret is not None:
            return f"__GT_CALL({text}, {self.func.fid})"
        return text


# ------------------------------------------------------------------ statements
@dataclass
class Alloc:
    """`malloc(n * sizeof(T))` or `calloc(n, sizeof(T))`, maybe cast to `T *`."""
    count: Expr
    to: CType
    zero: bool = False
    cast: bool = False

    def plain(self) -> str:
        size = f"sizeof({self.to.spelling})"
        n = self.count.render(Mode())
        text = f"calloc({n}, {size})" if self.zero else f"malloc({n} * {size})"
        return f"({self.to.spelling} *){text}" if self.cast else text

    def gt(self, m: Mode, ident: str) -> str:
        return (f"__gt_alloc((unsigned long)({self.count.render(m)}), sizeof({self.to.spelling}), "
                f"{int(self.zero)}, &{ident})")


@dataclass(eq=False)
class ODecl(Decl):
    """A local object whose accesses are checked: its id is registered after it (ground
    truth); `written`: its initialiser writes all of it."""
    ident: str = ""
    written: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        self.var.ident = self.ident

    def print(self, p, indent, m, fn):
        position = super().print(p, indent, m, fn)
        if m.gt:
            p.line(indent, f"int {self.ident} = __gt_reg(&{self.var.name}, sizeof {self.var.name}, "
                           f"{int(self.written)});")
        return position


@dataclass(eq=False)
class Register(Stmt):
    """Registers a variable declared elsewhere (a generic local, a global, a parameter):
    nothing in the plain program.  It declares the id (ground truth), so a `case` body holding
    it gets braces (generate.s_switch) as one with a declaration does."""
    var: Var = None
    ident: str = ""
    declares = True

    def __post_init__(self) -> None:
        super().__post_init__()
        self.no_invariant = True

    def emit(self, p, indent, m, fn):
        if m.gt:
            p.line(indent, f"int {self.ident} = __gt_reg(&{self.var.name}, sizeof {self.var.name}, 1);")


@dataclass(eq=False)
class PDecl(Decl):
    """`T *p = e;` (or `= malloc(...)`), with its shadow in the ground truth."""
    value: Union[Ptr, Alloc, None] = None

    def print(self, p, indent, m, fn):
        v, ident = self.var, shadow(self.var)
        if not m.gt:
            value = self.value.plain() if isinstance(self.value, Alloc) else self.value.render(m)
            return p.line(indent, f"{v.type.spelling}{v.name} = {value};")
        if isinstance(self.value, Alloc):
            p.line(indent, f"int {ident};")
            return p.line(indent, f"{v.type.spelling}{v.name} = {self.value.gt(m, ident)};")
        p.line(indent, f"int {ident} = {self.value.pid(m)};")
        return p.line(indent, f"{v.type.spelling}{v.name} = {self.value.render(m)};")

    def exprs(self):
        if isinstance(self.value, Alloc):
            yield self.value.count
        elif self.value is not None:
            yield self.value


@dataclass(eq=False)
class PAssign(Stmt):
    var: Var
    value: Union[Ptr, Alloc]

    def print(self, p, indent, m, fn):
        v, ident = self.var, shadow(self.var)
        if not m.gt:
            value = self.value.plain() if isinstance(self.value, Alloc) else self.value.render(m)
            return p.line(indent, f"{v.name} = {value};")
        if isinstance(self.value, Alloc):
            return p.line(indent, f"{v.name} = {self.value.gt(m, ident)};")
        return p.line(indent, f"{{ int __gt_n = {self.value.pid(m)}; {v.name} = "
                              f"{self.value.render(m)}; {ident} = __gt_n; }}")

    def exprs(self):
        yield self.value.count if isinstance(self.value, Alloc) else self.value


@dataclass(eq=False)
class Store(Stmt):
    """`*p = v`, `p[k] op= v`, `s.m = v`, `p->m = v` (op '=' or a compound operator)."""
    target: Union[Deref, Member]
    op: str
    value: Expr

    def print(self, p, indent, m, fn):
        if not m.gt:
            return p.line(indent, f"{self.target.render(m)} {self.op} {self.value.render(m)};")
        value = self.value.render(m)
        if self.op != "=":
            read = self.target
            if getattr(read, "write", False):      # the read half checks what was written
                read = replace(read, write=False)
            value = f"__GT_W({_operand(read, m)} {self.op[:-1]} {_operand(self.value, m)})"
        # the value first: the registry marks the target written when it checks the address,
        # and a read of the same cell in the value must see it unwritten
        return p.line(indent, f"{{ __auto_type __gt_v = {value}; {self.target.render(m)} = __gt_v; }}")

    def exprs(self):
        yield from (self.target, self.value)


@dataclass(eq=False)
class Free(Stmt):
    ptr: Ptr = None

    def print(self, p, indent, m, fn):
        if m.gt:
            return p.line(indent, f"__gt_free({self.ptr.render(m)}, {self.ptr.pid(m)});")
        return p.line(indent, f"free({self.ptr.render(m)});")

    def exprs(self):
        yield self.ptr


@dataclass(eq=False)
class Raw(Stmt):
    """A statement written out as text, the same in both printings (no operation in it
    can have undefined behaviour)."""
    text: str = ""

    def print(self, p, indent, m, fn):
        return p.line(indent, self.text)


__all__ = ["FLOAT", "DOUBLE", "STRUCT", "MEMBERS", "STRUCT_DEFINITION", "PtrType", "pointer",
           "shadow", "params_text", "Ptr", "PRef", "Null", "Addr", "PAdd", "PCond", "Deref", "elem",
           "Member", "PCmp", "PDiff", "Braced", "FNondet", "MCall", "Alloc", "ODecl", "Register",
           "PDecl", "PAssign", "Store", "Free", "Raw"]
