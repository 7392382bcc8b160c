"""Pointer members of structs (memory mix feature `list`): the expressions and statements of
listpatterns.py, printed plainly and with the registry checks of memrt.py (`Mode.gt`).

A pointer held in memory (`n->next`, `h.p`, `hs[i].p`) has no variable for a provenance
shadow, so the registry keeps one per *slot* (`__gt_pset(&n->next, id)`, `__gt_pget`): every
store of a pointer member sets it, every initialiser and struct copy too, and an allocation or
registration over a slot forgets it (a calloc'd slot reads as null, id 0).  A member access
checks exactly the member's bytes (`__GT_MB`), not the whole struct: the padding of `struct
node { int value; struct node *next; }` is never written, and a whole-struct check would call
a read of `value` uninitialised.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from .cexpr import CType, Expr, Mode, Var
from .cprog import Stmt, braced
from .memory import Addr, ODecl, PAdd, Ptr, PRef, pointer, shadow

NODE = CType("struct node", True, 64, 128, kind="struct")
HOLDER = CType("struct holder", True, 64, 128, kind="struct")
NODE_PTR = pointer(NODE)
# `struct node` points to itself; `struct holder` holds a pointer to an int (a local, an array)
LIST_DEFINITIONS = ["struct node { int value; struct node *next; };",
                    "struct holder { int *p; int k; };"]


@dataclass(eq=False)
class Field(Expr):
    """`p->m`, `s.m` (ptr an `Addr` of s) or `a[k].m` (ptr `PAdd` of a decayed array `a`):
    the member's bytes checked against the object of `ptr` (write: the left side)."""
    ptr: Ptr
    member: str
    write: bool = False

    def address(self, m: Mode, how: int) -> str:
        return f"__GT_MB({self.ptr.render(m)}, {self.member}, {self.ptr.pid(m)}, {how})"

    def render(self, m: Mode) -> str:
        if m.gt:
            return f"(*{self.address(m, int(self.write))})"
        p = self.ptr
        if isinstance(p, Addr) and p.index is None and not p.decay:
            return f"{p.var.name}.{self.member}"
        if isinstance(p, PAdd) and isinstance(p.base, Addr) and p.base.decay:
            return f"{p.base.var.name}[{p.offset.render(m)}].{self.member}"
        return f"{p.render(m)}->{self.member}"

    def children(self) -> Iterator[Expr]:
        yield self.ptr


@dataclass(eq=False)
class FieldPtr(Ptr):
    """A pointer member read as a pointer value (`n->next`, `h.p`): its provenance is the
    slot's."""
    field: Field

    def render(self, m: Mode) -> str:
        return self.field.render(m)

    def pid(self, m: Mode) -> str:
        return f"__gt_pget({self.field.address(m, 0)})"

    def children(self) -> Iterator[Expr]:
        yield self.field


@dataclass(eq=False)
class PStore(Stmt):
    """`n->next = q;` / `h.p = &x;`: the pointer stored, and its provenance in the slot."""
    target: Field
    value: Ptr

    def print(self, p, indent, m, fn):
        if not m.gt:
            return p.line(indent, f"{self.target.render(m)} = {self.value.render(m)};")
        return p.line(indent, f"{{ int __gt_n = {self.value.pid(m)}; __auto_type __gt_v = "
                              f"{self.value.render(m)}; __auto_type __gt_s = "
                              f"{self.target.address(m, 1)}; *__gt_s = __gt_v; "
                              f"__gt_pset(__gt_s, __gt_n); }}")

    def exprs(self):
        yield from (self.target, self.value)


@dataclass(eq=False)
class SDecl(ODecl):
    """A registered struct local (or array of them) with an initialiser or a copy source;
    `slots`: (member path, provenance) of each pointer member the initialiser sets, e.g.
    ('[1].p', '__gt_id_x_3'); `copy_of`: a struct variable copied whole (`t = s`), whose
    `copy_members` slots the copy inherits."""
    slots: tuple = ()
    copy_of: Optional[Var] = None
    copy_members: tuple = ()

    def print(self, p, indent, m, fn):
        position = super().print(p, indent, m, fn)
        if m.gt:
            v = self.var
            for path, pid in self.slots:
                p.line(indent, f"__gt_pset(&{v.name}{path}, {pid});")
            for member in self.copy_members:
                p.line(indent, f"__gt_pset(&{v.name}.{member}, "
                               f"__gt_pget(&{self.copy_of.name}.{member}));")
        return position


@dataclass(eq=False)
class PFor(Stmt):
    """`for (p = head; p; p = p->next) { body }` over a declared pointer `p`; the provenance
    of `p` follows each step."""
    var: Var
    start: Ptr
    step: Ptr
    body: list

    def print(self, p, indent, m, fn):
        v = self.var
        if not m.gt:
            head = f"for ({v.name} = {self.start.render(m)}; {v.name}; " \
                   f"{v.name} = {self.step.render(m)})"
        else:
            o = shadow(v)
            head = (f"for ({o} = {self.start.pid(m)}, {v.name} = {self.start.render(m)}; "
                    f"{v.name}; ({{ int __gt_n = {self.step.pid(m)}; {v.name} = "
                    f"{self.step.render(m)}; {o} = __gt_n; }}))")
        return braced(p, indent, head, self.body, m, fn)

    def blocks(self):
        yield self.body

    def exprs(self):
        yield from (self.start, self.step)


def arrow(var: Var, member: str, write: bool = False) -> Field:
    """`v->member` of a node pointer variable."""
    return Field(PRef(var), member, write)


def next_of(var: Var, hops: int = 1) -> Ptr:
    """`v->next`, `v->next->next`, ..."""
    ptr: Ptr = PRef(var)
    for _ in range(hops):
        ptr = FieldPtr(Field(ptr, "next"))
    return ptr


__all__ = ["NODE", "HOLDER", "NODE_PTR", "LIST_DEFINITIONS", "Field", "FieldPtr", "PStore",
           "SDecl", "PFor", "arrow", "next_of"]
