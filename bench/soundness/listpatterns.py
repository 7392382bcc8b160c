"""Statement patterns of the memory mix's feature `list`: structs with pointer members.

- `nodes`: a linked list of `struct node { int value; struct node *next; }` from several
  distinct `malloc`/`calloc` sites (the validator models one block per site), linked on some
  branches, walked with `for (p = head; p; p = p->next)`, read and written through
  `n->next->value`; planted: a node freed and then used through a dangling `next` on some
  inputs, a `next` (or `value`) never written after `malloc` and then read;
- `loop_list`: a list built in a loop from ONE site (the validator keeps one block per site:
  its answer must be `unknown`, never true/false; listed as `mem-list-loop`);
- `holders`: `struct holder { int *p; int k; }` locals pointing to locals and into arrays,
  arrays of holders indexed by an input, struct copies `t = s` with pointer members.

Whether undefined behaviour happens is what the ground truth's registry says (memrt.py, with
the slot provenance of nodes.py).  Names follow mempatterns.py (`n_3`, ...).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cprog import INT, LLONG, Assign, Binary, Const, Decl, If, Ref, Stmt, Var
from .memory import (Addr, Alloc, Deref, Free, Null, ODecl, PAdd, PAssign, PCmp, PDecl, PRef,
                     Store)
from .mempatterns import _counted, _ident, _read_if, _reader, _small, _value, risky
from .nodes import HOLDER, NODE, NODE_PTR, Field, FieldPtr, PFor, PStore, SDecl, arrow, next_of

if TYPE_CHECKING:
    from .generate import Generator


def lists(g: "Generator") -> list[Stmt]:
    g.mem.heap = g.mem.list = True
    roll = g.rng.random()
    if roll < 0.15:
        return loop_list(g)
    if roll < 0.45:
        return holders(g)
    return nodes(g)


def _walk(g: "Generator", head) -> list[Stmt]:
    """`total = 0; for (p = head; p; p = p->next) total += p->value;`"""
    g.features.add("mem-list-walk")
    p = Var(g.mem.name("p"), NODE_PTR)
    total = Var(g.fresh(), LLONG)
    g.scope.declare(total, True)
    return [Decl(total, Const("0")), PDecl(p, value=Null()),
            PFor(p, head, next_of(p), [Assign(Ref(total), "+=", arrow(p, "value"))])]


def nodes(g: "Generator") -> list[Stmt]:
    rng = g.rng
    count = rng.randrange(2, 5)
    out: list[Stmt] = []
    ns: list[Var] = []
    zero = []
    for k in range(count):
        n = Var(g.mem.name("n"), NODE_PTR)
        z = rng.random() < 0.3
        out.append(PDecl(n, value=Alloc(Const("1"), NODE, z, cast=rng.random() < 0.5)))
        ns.append(n)
        zero.append(z)
    g.features.add("mem-list-nodes")
    if any(zero):
        g.features.add("mem-list-calloc")
    # values: a malloc'd node's value left unwritten is an uninitialised read when walked
    for n, z in zip(ns, zero):
        if not z and risky(g):
            g.features.add("mem-list-uninit-value")
            continue
        if not z or rng.random() < 0.5:
            out.append(Store(arrow(n, "value", write=True), "=", _value(g)))
    # links n0 -> n1 -> ... ; the last next is null unless (planted) never written
    for a, b in zip(ns, ns[1:]):
        out.append(PStore(arrow(a, "next", write=True), PRef(b)))
    last = len(ns) - 1
    if risky(g) and not zero[last]:
        g.features.add("mem-list-uninit-next")
    elif not zero[last] or rng.random() < 0.5:
        out.append(PStore(arrow(ns[last], "next", write=True), Null()))
    if count >= 3 and rng.random() < 0.4:           # a branch skips a node
        g.features.add("mem-list-relink")
        out.append(If(g.ex.comparison(g.scope, 1),
                      [PStore(arrow(ns[0], "next", write=True), PRef(ns[2]))]))
    if rng.random() < 0.5:
        g.features.add("mem-list-next-write")
        hops = rng.randrange(1, count)
        out.append(Store(Field(next_of(ns[0], hops), "value", write=True),
                         rng.choice(["=", "+="]), _value(g)))
    if rng.random() < 0.7:
        out += _walk(g, PRef(ns[0]))
    hops = rng.randrange(1, count + (1 if risky(g) else 0))   # past the last: null or uninit
    out.append(_reader(g, Field(next_of(ns[0], hops), "value")))
    if rng.random() < 0.6:
        victim = rng.randrange(1, count)
        if not risky(g) and victim + 1 < count and rng.random() < 0.5:
            out.append(PStore(arrow(ns[victim - 1], "next", write=True), PRef(ns[victim + 1])))
            g.features.add("mem-list-unlink")
        out.append(Free(ptr=PRef(ns[victim])))
        g.features.add("mem-list-free")
        if risky(g):
            g.features.add("mem-list-dangling")
            out.append(_read_if(g, g.ex.comparison(g.scope, 1),
                                Field(next_of(ns[victim - 1]), "value")))
        elif rng.random() < 0.5:
            out += _walk(g, PRef(ns[0]))         # after an unlink: fine; else dangling
    return out


def loop_list(g: "Generator") -> list[Stmt]:
    """`head = 0; for (i...) { n = malloc(...); n->value = ...; n->next = head; head = n; }`,
    then a walk: one malloc site, several live blocks."""
    g.features.add("mem-list-loop")
    rng = g.rng
    head = Var(g.mem.name("head"), NODE_PTR)
    x = _small(g)
    bound = Binary("+", Ref(x), Const("1")) if x and rng.random() < 0.6 else \
        Const(str(rng.randrange(2, 4)))

    def body(i) -> list[Stmt]:
        n = Var(g.mem.name("n"), NODE_PTR)
        return [PDecl(n, value=Alloc(Const("1"), NODE, rng.random() < 0.3)),
                Store(arrow(n, "value", write=True), "=", Binary("+", i, _value(g))),
                PStore(arrow(n, "next", write=True), PRef(head)),
                PAssign(head, PRef(n))]

    out: list[Stmt] = [PDecl(head, value=Null()), _counted(g, bound, body)]
    out += _walk(g, PRef(head))
    if rng.random() < 0.5:
        out.append(_read_if(g, PCmp("!=", PRef(head), Null()), Field(PRef(head), "value")))
    return out


def _int_target(g: "Generator") -> tuple[Var, Stmt]:
    """An int object to point at: a new local (registered)."""
    v = Var(g.mem.name("x"), INT)
    decl = ODecl(v, _value(g), ident=_ident(g, v))
    return v, decl


def holders(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.features.add("mem-holder")
    x, xdecl = _int_target(g)
    y, ydecl = _int_target(g)
    length = rng.randrange(2, 5)
    a = Var(g.mem.name("a"), INT, length=length)
    adecl = ODecl(a, [Const(str(rng.randrange(-3, 9))) for _ in range(length)], ident=_ident(g, a))
    out: list[Stmt] = [xdecl, ydecl, adecl]
    h = Var(g.mem.name("h"), HOLDER)
    to_array = rng.random() < 0.5
    target = (a.name, adecl.ident) if to_array else (f"&{x.name}", xdecl.ident)
    out.append(SDecl(h, [Const(target[0]), _value(g)], ident=_ident(g, h),
                     slots=((".p", target[1]),)))
    hp = FieldPtr(Field(Addr(h, h.ident), "p"))
    if to_array:
        g.features.add("mem-holder-array-target")
        k = _in_bounds_or_input(g, length)
        out.append(Store(_deref_int(PAdd(hp, k), write=True), "=", _value(g)))
        out.append(_reader(g, _deref_int(PAdd(hp, _in_bounds_or_input(g, length)))))
    else:
        out.append(Store(_deref_int(hp, write=True), rng.choice(["=", "+="]), _value(g)))
        out.append(_reader(g, Ref(x)))
    if rng.random() < 0.5:
        g.features.add("mem-holder-copy")
        t = Var(g.mem.name("t"), HOLDER)
        out.append(SDecl(t, Ref(h), ident=_ident(g, t), copy_of=h, copy_members=("p",)))
        tp = FieldPtr(Field(Addr(t, t.ident), "p"))
        if rng.random() < 0.5:
            out.append(PStore(Field(Addr(t, t.ident), "p", write=True), Addr(y, ydecl.ident)))
            tp = FieldPtr(Field(Addr(t, t.ident), "p"))
        out.append(_reader(g, _deref_int(tp)))
        out.append(_reader(g, _deref_int(hp) if not to_array else Ref(x)))
    if rng.random() < 0.6:
        out += _holder_array(g, [(f"&{x.name}", xdecl.ident), (f"&{y.name}", ydecl.ident),
                                 (a.name, adecl.ident)])
    return out


def _holder_array(g: "Generator", targets: list[tuple[str, str]]) -> list[Stmt]:
    """`struct holder hs[L] = {{&x, 0}, ...}; ... *hs[i].p ...` with i an input."""
    rng = g.rng
    g.features.add("mem-holder-array")
    length = rng.randrange(2, 4)
    hs = Var(g.mem.name("hs"), HOLDER, length=length)
    chosen = [rng.choice(targets) for _ in range(length)]
    init = [Const("{" + f"{text}, {j}" + "}") for j, (text, _) in enumerate(chosen)]
    out: list[Stmt] = [SDecl(hs, init, ident=_ident(g, hs),
                             slots=tuple((f"[{j}].p", ident) for j, (_, ident) in enumerate(chosen)))]
    index = _in_bounds_or_input(g, length)
    cell = PAdd(Addr(hs, hs.ident, decay=True), index)
    out.append(_reader(g, _deref_int(FieldPtr(Field(cell, "p")))))
    out.append(_reader(g, Field(PAdd(Addr(hs, hs.ident, decay=True), Const(str(length - 1))), "k")))
    return out


def _in_bounds_or_input(g: "Generator", length: int):
    """A constant index, or an input in 0..4 (out of bounds on some inputs)."""
    x = _small(g)
    if x is not None and (risky(g) or g.rng.random() < 0.3):
        g.features.add("mem-list-input-index")
        return Ref(x)
    return Const(str(g.rng.randrange(length)))


def _deref_int(ptr, write: bool = False) -> Deref:
    return Deref(ptr, write=write)


__all__ = ["lists", "nodes", "loop_list", "holders"]
