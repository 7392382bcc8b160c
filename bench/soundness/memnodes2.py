"""Expressions and statements of mempatterns2.py (unions, bit-fields, function pointers,
realloc/alloca, member addresses, pointers to pointers), printed plainly and with the registry
checks of memrt.py (`Mode.gt`).

- A member access `u.m`, `u.m[k]`, `p->m[k]` (`MField`) checks exactly the member's bytes
  against the object of its base (`__GT_MB`): a union's bytes are written member by member,
  so type punning reads what a store wrote and a wider member's unwritten bytes are
  uninitialised (`UNINIT`); an index into a member array is checked against the member's
  length (`__GT_IX`, C11 6.5.6p8), not the enclosing object's.
- A member's address (`&s.m`, `&p->m[k]`, `s.arr`: `MAddr`) has the provenance of the member
  registered as an object of its own (`__gt_find`), so `&s.a + 1` may be formed but not read.
- A function pointer's shadow is a tag: 0 null, 1 a function of the pointer's type, 2 one of
  an incompatible type cast to it; a call through it checks the tag (`__GT_FN`).
- A pointer held in a pointer object (`p` with `int **pp = &p`) has the slot provenance of
  nodes.py (`__gt_pset`, `__gt_pget`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional

from .cexpr import Call, CType, Expr, Func, Mode, Ref, Var
from .cprog import INT, Decl, Stmt
from .memory import Addr, Alloc, ODecl, Ptr, PRef, shadow

UNION = CType("union mu", True, 64, 64, kind="union")
# member -> (element type spelling, array length or None); sizeof(union mu) is 8 in both models
UNION_MEMBERS = {"i": ("int", None), "u": ("unsigned int", None), "s": ("short", 2),
                 "b": ("unsigned char", 4), "c": ("signed char", None), "ll": ("long long", None)}
UNION_DEFINITION = ("union mu { int i; unsigned int u; short s[2]; unsigned char b[4]; "
                    "signed char c; long long ll; };")
BITS = CType("struct mbf", True, 64, 64, kind="struct")
BIT_MEMBERS = {"a": 3, "b": 5, "c": 7, "d": 31, "e": 4}
BIT_DEFINITION = ("struct mbf { int a : 3; unsigned int b : 5; signed int c : 7; "
                  "unsigned int d : 31; unsigned short e : 4; };")
MSTRUCT = CType("struct mma", True, 64, 64, kind="struct")
MSTRUCT_MEMBERS = {"a": ("int", None), "arr": ("int", 3), "c": ("short", None)}
MSTRUCT_DEFINITION = "struct mma { int a; int arr[3]; short c; };"
FN = CType("mfn_t", False, 32, 64, kind="ptr")               # a typedef: `mfn_t f`
FN_DEFINITION = "typedef int (*mfn_t)(int);"


# ------------------------------------------------------------------ members
@dataclass(eq=False)
class MField(Expr):
    """`base.m`, `base.m[k]` (base an `Addr` of a struct or union variable) or `p->m[k]`."""
    ptr: Ptr
    member: str
    index: Optional[Expr] = None
    length: int = 0                   # the member array's length (index given)
    write: bool = False

    def _member(self, m: Mode) -> str:
        if self.index is None:
            return self.member
        k = self.index.render(m)
        return f"{self.member}[__GT_IX({k}, {self.length})]" if m.gt else f"{self.member}[{k}]"

    def render(self, m: Mode) -> str:
        if m.gt:
            return (f"(*__GT_MB({self.ptr.render(m)}, {self._member(m)}, {self.ptr.pid(m)}, "
                    f"{int(self.write)}))")
        p = self.ptr
        if isinstance(p, Addr) and p.index is None and not p.decay:
            return f"{p.var.name}.{self._member(m)}"
        return f"{p.render(m)}->{self._member(m)}"

    def children(self) -> Iterator[Expr]:
        yield self.ptr
        if self.index is not None:
            yield self.index


@dataclass(eq=False)
class MAddr(Ptr):
    """`&base->m`, `&base->m[k]` or the member array `base->m` (decayed), base an `Addr` of a
    struct variable (printed `&s.m`, `s.arr`) or a struct pointer; the provenance is the
    member's own object."""
    base: Ptr
    member: str
    index: Optional[Expr] = None
    decay: bool = False

    def _base(self, m: Mode) -> tuple[str, str]:
        """(plain prefix `s.` or `p->`, ground-truth lvalue of the member)"""
        b = self.base
        if isinstance(b, Addr) and b.index is None and not b.decay:
            plain = f"{b.var.name}."
        else:
            plain = f"{b.render(m)}->"
        if m.gt:
            # the struct must be live and the pointer valid (how 2: no byte read nor written)
            return plain, f"(__GT_AT({b.render(m)}, {b.pid(m)}, 2)->{self.member})"
        return plain, f"{plain}{self.member}"

    def render(self, m: Mode) -> str:
        plain, member = self._base(m)
        if not m.gt:
            if self.decay:
                return member
            if self.index is None:
                return f"&{member}"
            return f"&{member}[{self.index.render(m)}]"
        if self.decay:
            return member
        if self.index is None:
            return f"(&{member})"
        return f"__GT_PADD({member}, {self.index.render(m)}, {self.pid(m)})"

    def pid(self, m: Mode) -> str:
        b = self.base.render(m)
        return f"__gt_find(&({b})->{self.member}, sizeof ({b})->{self.member})"

    def children(self) -> Iterator[Expr]:
        yield self.base
        if self.index is not None:
            yield self.index


@dataclass(eq=False)
class MemberRegs(Stmt):
    """Registers each member of a struct variable as an object of its own (nothing in the
    plain program)."""
    var: Var = None
    members: tuple = ()
    declares = False

    def __post_init__(self) -> None:
        super().__post_init__()
        self.no_invariant = True

    def emit(self, p, indent, m, fn):
        if m.gt:
            v = self.var.name
            p.line(indent, " ".join(f"__gt_reg(&{v}.{k}, sizeof {v}.{k}, 1);"
                                    for k in self.members))


@dataclass(eq=False)
class UDecl(ODecl):
    """A union local: without initialiser nothing written; `= {v}` or a designated
    initialiser writes that member's bytes only (the others are unspecified, C11 6.7.9p17);
    a copy `v = u` takes over which bytes of `u` were written (`copy_of`)."""
    first: str = ""                   # the member the initialiser writes ('' none)
    copy_of: str = ""                 # the id of the union copied

    def print(self, p, indent, m, fn):
        v = self.var
        position = super(ODecl, self).print(p, indent, m, fn)
        if m.gt:
            p.line(indent, f"int {self.ident} = __gt_reg(&{v.name}, sizeof {v.name}, 0);")
            if self.first:
                p.line(indent, f"__gt_mem(&{v.name}.{self.first}, sizeof {v.name}.{self.first}, "
                               f"{self.ident}, 1);")
            if self.copy_of:
                p.line(indent, f"__gt_copyw({self.ident}, {self.copy_of});")
        return position


# ------------------------------------------------------------------ bit-fields
@dataclass(eq=False)
class BitStep(Stmt):
    """`s.m++;` / `--p->m;` on a bit-field: the ground truth computes `m + 1` in the promoted
    type (int for every member here: UBSan sees `d + 1` overflow) and stores it back."""
    target: Expr = None               # a memory.Member or a memory.Deref with a member
    op: str = "++"
    prefix: bool = False

    def print(self, p, indent, m, fn):
        if not m.gt:
            t = self.target.render(m)
            return p.line(indent, f"{self.op}{t};" if self.prefix else f"{t}{self.op};")
        read = self.target.render(m)
        return p.line(indent, f"{{ int __gt_v = __GT_W({read} {self.op[0]} __GT_K(1)); "
                              f"{read} = __gt_v; }}")

    def exprs(self):
        yield self.target


# ------------------------------------------------------------------ function pointers
@dataclass(eq=False)
class FnRef(Ptr):
    """A function designator as a pointer: `f`, `&f`, or `(mfn_t)g` (tag 2: incompatible)."""
    func: Func
    style: str = "name"               # name, amp, cast
    tag: int = 1

    def render(self, m: Mode) -> str:
        if self.style == "amp":
            return f"&{self.func.name}"
        if self.style == "cast":
            return f"(mfn_t){self.func.name}"
        return self.func.name

    def pid(self, m: Mode) -> str:
        return str(self.tag)


@dataclass(eq=False)
class FnElem(Ptr):
    """`tab[k]` of a registered table of function pointers (the tags in its slots)."""
    var: Var
    ident: str
    index: Expr

    def render(self, m: Mode) -> str:
        k = self.index.render(m)
        if m.gt:
            return f"__GT_LD(__GT_PADD({self.var.name}, {k}, {self.ident}), {self.ident})"
        return f"{self.var.name}[{k}]"

    def pid(self, m: Mode) -> str:
        return f"__gt_pget(&{self.var.name}[{self.index.render(m)}])"

    def children(self) -> Iterator[Expr]:
        yield Ref(self.var)
        yield self.index


@dataclass(eq=False)
class FCall(Call):
    """`f(args)`, `(*f)(args)`, `tab[k](args)` through a function pointer: the tag checked
    (a Call: never restated in an invariant)."""
    ptr: Ptr = None
    star: bool = False

    def render(self, m: Mode) -> str:
        args = ", ".join(a.render(m) for a in self.args)
        if m.gt:
            return f"(__GT_FN({self.ptr.render(m)}, {self.ptr.pid(m)}))({args})"
        callee = self.ptr.render(m)
        return f"(*{callee})({args})" if self.star else f"{callee}({args})"

    def children(self) -> Iterator[Expr]:
        yield self.ptr
        yield from self.args


@dataclass(eq=False)
class FDecl(Decl):
    """`mfn_t f = v;` or `int (*f)(int) = v;` with its tag; `length`: a table `mfn_t t[L] =
    {..}` (registered, each element's tag in its slot; the rest null)."""
    value: Optional[Ptr] = None
    items: list = field(default_factory=list)
    raw: bool = False                 # `int (*f)(int)` rather than the typedef
    ident: str = ""

    def print(self, p, indent, m, fn):
        v = self.var
        if v.length is None:
            head = f"int (*{v.name})(int)" if self.raw else f"mfn_t {v.name}"
            if m.gt:
                p.line(indent, f"int {shadow(v)} = {self.value.pid(m)};")
            return p.line(indent, f"{head} = {self.value.render(m)};")
        head = f"int (*{v.name}[{v.length}])(int)" if self.raw else f"mfn_t {v.name}[{v.length}]"
        position = p.line(indent, f"{head} = {{{', '.join(i.render(m) for i in self.items)}}};")
        if m.gt:
            p.line(indent, f"int {self.ident} = __gt_reg(&{v.name}, sizeof {v.name}, 1);")
            for j, item in enumerate(self.items):
                p.line(indent, f"__gt_pset(&{v.name}[{j}], {item.pid(m)});")
        return position

    def exprs(self):
        yield from ([self.value] if self.value is not None else self.items)


@dataclass(eq=False)
class FAssign(Stmt):
    """`f = v;` (a function pointer variable) or `tab[j] = v;` (j a constant in bounds)."""
    var: Var = None
    value: Ptr = None
    index: Optional[int] = None
    ident: str = ""

    def print(self, p, indent, m, fn):
        v = self.var
        if self.index is None:
            if not m.gt:
                return p.line(indent, f"{v.name} = {self.value.render(m)};")
            return p.line(indent, f"{{ int __gt_n = {self.value.pid(m)}; {v.name} = "
                                  f"{self.value.render(m)}; {shadow(v)} = __gt_n; }}")
        cell = f"{v.name}[{self.index}]"
        if not m.gt:
            return p.line(indent, f"{cell} = {self.value.render(m)};")
        return p.line(indent, f"{{ int __gt_n = {self.value.pid(m)}; __GT_ST(&{cell}, "
                              f"{self.ident}) = {self.value.render(m)}; "
                              f"__gt_pset(&{cell}, __gt_n); }}")

    def exprs(self):
        yield Ref(self.var)
        yield self.value


# ------------------------------------------------------------------ realloc, alloca
@dataclass
class Realloc(Alloc):
    """`realloc(old, n * sizeof(T))`; the ground truth moves the contents to a new block."""
    old: Optional[Ptr] = None

    def plain(self) -> str:
        text = f"realloc({self.old.render(Mode())}, {self.count.render(Mode())} * " \
               f"sizeof({self.to.spelling}))"
        return f"({self.to.spelling} *){text}" if self.cast else text

    def gt(self, m: Mode, ident: str) -> str:
        return (f"__gt_realloc({self.old.render(m)}, {self.old.pid(m)}, (unsigned long)"
                f"({self.count.render(m)}), sizeof({self.to.spelling}), &{ident})")


@dataclass
class Alloca(Alloc):
    """`alloca(n * sizeof(T))`: a block of the calling function's frame, nothing written."""

    def plain(self) -> str:
        text = f"alloca({self.count.render(Mode())} * sizeof({self.to.spelling}))"
        return f"({self.to.spelling} *){text}" if self.cast else text

    def gt(self, m: Mode, ident: str) -> str:
        return (f"__GT_ALLOCA(({self.count.render(m)}), sizeof({self.to.spelling}), "
                f"&{ident})")


@dataclass(eq=False)
class PLive(Expr):
    """`p == q` (or `!=`) where a pointer may be dead (its object reallocated or freed): its
    value is indeterminate, and using it undefined (C11 6.2.4p2)."""
    op: str
    left: Ptr
    right: Ptr

    def render(self, m: Mode) -> str:
        text = f"({self.left.render(m)} {self.op} {self.right.render(m)})"
        if m.gt:
            return f"(__gt_alive({self.left.pid(m)}), __gt_alive({self.right.pid(m)}), {text})"
        return text

    def children(self) -> Iterator[Expr]:
        yield from (self.left, self.right)


# ------------------------------------------------------------------ pointers to pointers
@dataclass(eq=False)
class SlotPtr(Ptr):
    """A pointer variable whose address is taken (`p` with `pp = &p`): its provenance is its
    slot's."""
    var: Var

    def render(self, m: Mode) -> str:
        return self.var.name

    def pid(self, m: Mode) -> str:
        return f"__gt_pget(&{self.var.name})"

    def children(self) -> Iterator[Expr]:
        yield Ref(self.var)


@dataclass(eq=False)
class PDeref(Ptr):
    """`*pp`: the pointer `pp` points to, read (checked: it may be unwritten)."""
    ptr: Ptr

    def render(self, m: Mode) -> str:
        if m.gt:
            return f"__GT_LD({self.ptr.render(m)}, {self.ptr.pid(m)})"
        return f"(*{self.ptr.render(m)})"

    def pid(self, m: Mode) -> str:
        return f"__gt_pget({self.ptr.render(m)})"

    def children(self) -> Iterator[Expr]:
        yield self.ptr


@dataclass(eq=False)
class PPStore(Stmt):
    """`*pp = v;`: the pointer stored, and its provenance in the slot."""
    target: Ptr = None                # pp
    value: Ptr = None

    def print(self, p, indent, m, fn):
        pp = self.target.render(m)
        if not m.gt:
            return p.line(indent, f"*{pp} = {self.value.render(m)};")
        return p.line(indent, f"{{ int __gt_n = {self.value.pid(m)}; __typeof__(*({pp})) __gt_v = "
                              f"{self.value.render(m)}; __auto_type __gt_s = "
                              f"__GT_AT({pp}, {self.target.pid(m)}, 1); *__gt_s = __gt_v; "
                              f"__gt_pset(__gt_s, __gt_n); }}")

    def exprs(self):
        yield from (self.target, self.value)


@dataclass(eq=False)
class SlotDecl(ODecl):
    """`int *p = &x;` (or `int *p;`) whose address is taken: registered as an object (written
    when initialised) with its value's provenance in its slot."""
    value: Optional[Ptr] = None

    def print(self, p, indent, m, fn):
        v = self.var
        text = f"{v.type.spelling}{v.name}"
        if self.value is not None:
            text += f" = {self.value.render(m)}"
        position = p.line(indent, text + ";")
        if m.gt:
            p.line(indent, f"int {self.ident} = __gt_reg(&{v.name}, sizeof {v.name}, "
                           f"{int(self.value is not None)});")
            if self.value is not None:
                p.line(indent, f"__gt_pset(&{v.name}, {self.value.pid(m)});")
        return position

    def exprs(self):
        if self.value is not None:
            yield self.value


def int_param(name: str) -> Var:
    return Var(name, INT, scope="param")


__all__ = ["UNION", "UNION_MEMBERS", "UNION_DEFINITION", "BITS", "BIT_MEMBERS",
           "BIT_DEFINITION", "MSTRUCT", "MSTRUCT_MEMBERS", "MSTRUCT_DEFINITION", "FN",
           "FN_DEFINITION", "MField", "MAddr", "MemberRegs", "UDecl", "BitStep", "FnRef",
           "FnElem", "FCall", "FDecl", "FAssign", "Realloc", "Alloca", "PLive", "SlotPtr",
           "PDeref", "PPStore", "SlotDecl", "int_param"]
