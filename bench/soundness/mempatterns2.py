"""Statement patterns of the memory mix's features `union`, `bitfield`, `fnptr`, `realloc`,
`member-address` and `pointer-pointer` (issue 16; the nodes are memnodes2.py).

- `union`: `union mu` locals written member by member and read through other members (type
  punning, little-endian, sign of `signed char` vs `unsigned char`), a wider member read after
  a narrower write (its upper bytes unwritten: uninitialised), `= {v}` writing only the first
  member, an index into a member array from an input (past the member), a union pointer, a
  copy;
- `bitfield`: `struct mbf` with signed 3- and 7-bit, unsigned 5-, 31- (promotes to int: `d + d`
  overflows) and a 4-bit `unsigned short` member: stores that wrap, increments, compound
  assignments, reads in arithmetic and comparisons with negative constants, through a pointer;
- `fnptr`: helpers `int f(int)` called through `mfn_t` variables (or `int (*f)(int)`), a table
  indexed by an input (past its end, a null entry), a pointer null on some inputs, a function
  of another type cast to `mfn_t`, a callback parameter;
- `realloc`: a block grown (or shrunk) with `realloc`, the new part written or not, the old
  pointer (or one into the old block) used, compared or freed afterwards; `alloca` blocks read
  before written, past their end, or freed;
- `member-address`: `&s.a`, `&s.arr[k]`, `&sp->arr[k]`, `s.arr` walked by offsets, one past a
  member read, pointers into two members compared, `t = *sp`, a member array passed to a helper;
- `pointer-pointer`: `int **pp = &p` writing through `**pp`, retargeting `*pp` (null on some
  inputs), a pointer never written read through `pp`, an out-parameter helper.

Undefined behaviour is planted with chance `Mem.chance` as in mempatterns.py; whether it
happens is what the registry of memrt.py says.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cprog import (CHAR, INT, LLONG, SHORT, UINT, Binary, Cast, Const, Decl, ExprStmt, Func,
                    If, Ref, Return, Stmt, Var, literal)
from .memory import (Addr, Alloc, Braced, Deref, Free, MCall, Member, Null, ODecl, PAdd,
                     PAssign, PCmp, PCond, PDecl, PDiff, PRef, Store, pointer)
from .memnodes2 import (BIT_DEFINITION, BIT_MEMBERS, BITS, FN, FN_DEFINITION, MSTRUCT,
                        MSTRUCT_DEFINITION, MSTRUCT_MEMBERS, UNION, UNION_DEFINITION,
                        UNION_MEMBERS, Alloca, BitStep, FAssign, FCall, FDecl, FnElem, FnRef,
                        MAddr, MemberRegs, MField, PDeref, PLive, PPStore, Realloc, SlotDecl,
                        SlotPtr, UDecl, int_param)
from .mempatterns import (_array_helper, _counted, _ident, _read_if, _reader, _sink, _small,
                          _value, risky)

if TYPE_CHECKING:
    from .generate import Generator


def _member_index(g: "Generator", length: int):
    """A constant index of a member array, or (planted) an input or one past."""
    x = _small(g)
    if risky(g):
        g.features.add("mem2-member-index-risk")
        if x is not None and g.rng.random() < 0.6:
            return Ref(x)
        return Const(str(length))
    return Const(str(g.rng.randrange(length)))


# ------------------------------------------------------------------ unions
def _ufield(g: "Generator", ptr, member: str, write: bool = False) -> MField:
    length = UNION_MEMBERS[member][1]
    index = _member_index(g, length) if length else None
    return MField(ptr, member, index, length or 0, write)


def unions(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.define(UNION_DEFINITION)
    g.features.add("mem2-union")
    u = Var(g.mem.name("u"), UNION)
    ident = _ident(g, u)
    style = rng.choice(["none", "none", "first", "zero", "designated"])
    first, init = "", None
    if style == "first":
        first, init = "i", Braced([_value(g)])
    elif style == "zero":
        first, init = "i", Braced([Const("0")])
    elif style == "designated":
        member = rng.choice(["u", "c", "ll"])
        first, init = member, Const("{ ." + member + " = " + literal(rng.choice([1, -1, 7, 300])) + " }")
    g.features.add(f"mem2-union-init-{style}")
    out: list[Stmt] = [UDecl(u, init, ident=ident, first=first)]
    base = Addr(u, ident)
    members = list(UNION_MEMBERS)
    # a store or two, mostly to the int members (the other members read their bytes)
    for _ in range(rng.randrange(1, 3)):
        m = rng.choice(["i", "i", "u", "b", "s", "c", "ll"] if risky(g) else ["i", "i", "u", "ll"])
        out.append(Store(_ufield(g, base, m, write=True), rng.choice(["=", "=", "+="]),
                         _value(g)))
    for _ in range(rng.randrange(1, 3)):
        out.append(_reader(g, _ufield(g, base, rng.choice(members))))
    if rng.random() < 0.4:
        g.features.add("mem2-union-pointer")
        up = Var(g.mem.name("up"), pointer(UNION))
        out.append(PDecl(up, value=base))
        out.append(Store(_ufield(g, PRef(up), rng.choice(["b", "s", "c", "i"]), write=True), "=",
                         _value(g)))
        out.append(_reader(g, _ufield(g, PRef(up), rng.choice(members))))
    if rng.random() < 0.3:
        g.features.add("mem2-union-copy")
        v = Var(g.mem.name("u"), UNION)
        vid = _ident(g, v)
        out.append(UDecl(v, Ref(u), ident=vid, copy_of=ident))
        out.append(_reader(g, _ufield(g, Addr(v, vid), rng.choice(members))))
    return out


# ------------------------------------------------------------------ bit-fields
def bitfields(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.define(BIT_DEFINITION)
    g.features.add("mem2-bitfield")
    s = Var(g.mem.name("bf"), BITS)
    values = [Const(literal(rng.choice([0, 1, 3, 4, 7, -1, -4, 31, 32, 100, 2**30, 2**31 - 1])))
              for _ in range(rng.randrange(1, len(BIT_MEMBERS) + 1))]
    decl = ODecl(s, Braced(values) if rng.random() < 0.8 else Braced([Const("0")]),
                 ident=_ident(g, s))
    out: list[Stmt] = [decl]
    names = list(BIT_MEMBERS)
    target = lambda m: Member(s, m)                       # noqa: E731
    if rng.random() < 0.4:
        g.features.add("mem2-bitfield-pointer")
        bp = Var(g.mem.name("bp"), pointer(BITS))
        out.append(PDecl(bp, value=Addr(s, decl.ident)))
        target = lambda m, write=False: Deref(PRef(bp), member=m, write=write)   # noqa: E731
    for _ in range(rng.randrange(1, 4)):
        m = rng.choice(names)
        roll = rng.random()
        if roll < 0.3:
            g.features.add("mem2-bitfield-step")
            out.append(BitStep(target=target(m), op=rng.choice(["++", "--"]),
                               prefix=rng.random() < 0.5))
        else:
            t = target(m) if isinstance(target(m), Member) else target(m, True)
            op = rng.choice(["=", "=", "+=", "-=", "*="]) if risky(g) else rng.choice(["=", "+="])
            value = _value(g) if rng.random() < 0.6 else \
                Const(literal(rng.choice([7, 8, 16, -1, 2**30, 2**31 - 1, -2**31])))
            out.append(Store(t, op, value))
    for _ in range(rng.randrange(1, 3)):
        a, b = target(rng.choice(names)), target(rng.choice(names))
        expr = rng.choice([a, Binary("+", a, b), Binary("-", a, Const("10")), Binary("*", a, Const("2")),
                           Binary("<<", a, Const("1")), Binary("<", a, Const("-1"))])
        if isinstance(expr, Binary) and expr.op == "<":
            out.append(_read_if(g, expr, Const("1")))
        else:
            out.append(_reader(g, expr))
    return out


# ------------------------------------------------------------------ function pointers
def _fn_helpers(g: "Generator") -> tuple[list[Func], Func]:
    """`int mf1(int)`, ... (compatible) and `unsigned int mfu(unsigned int)` (not), once."""
    if "fn" not in g.mem.shared:
        x = int_param("x")
        base = 70
        compat = [Func("mfadd", INT, [x], [Return(Binary("+", Ref(x), Const("3")))], fid=base),
                  Func("mfneg", INT, [x], [Return(Binary("-", Const("0"), Ref(x)))], fid=base + 1),
                  Func("mfdbl", INT, [x], [Return(Binary("*", Ref(x), Const("2")))], fid=base + 2)]
        ux = Var("x", UINT, scope="param")
        other = Func("mfu", UINT, [ux], [Return(Binary("+", Ref(ux), Const("1U")))], fid=base + 3)
        g.mem.funcs.extend(compat + [other])
        g.mem.shared["fn"] = (compat, other)
    return g.mem.shared["fn"]


def _fn_value(g: "Generator", compat: list[Func], other: Func, allow_bad: bool):
    rng = g.rng
    if allow_bad and risky(g):
        if rng.random() < 0.5:
            g.features.add("mem2-fnptr-null")
            return Null(rng.choice(["0", "(void *)0"]))
        g.features.add("mem2-fnptr-incompatible")
        return FnRef(other, "cast", 2)
    return FnRef(rng.choice(compat), rng.choice(["name", "name", "amp"]))


def fnptrs(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.define(FN_DEFINITION)
    compat, other = _fn_helpers(g)
    g.features.add("mem2-fnptr")
    out: list[Stmt] = []
    f = Var(g.mem.name("f"), FN)
    raw = rng.random() < 0.4
    out.append(FDecl(f, value=_fn_value(g, compat, other, False), raw=raw))
    cond = g.ex.comparison(g.scope, 1)
    new = _fn_value(g, compat, other, True)
    if rng.random() < 0.5:
        out.append(If(cond, [FAssign(f, new)]))
    else:
        out.append(FAssign(f, PCond(cond, new, FnRef(rng.choice(compat)))))
    out.append(_reader(g, FCall(Func("fp", INT, []), [_value(g)], ptr=PRef(f),
                                star=rng.random() < 0.3)))
    if rng.random() < 0.4:
        g.features.add("mem2-fnptr-compare")
        out.append(_read_if(g, PCmp(rng.choice(["==", "!="]), PRef(f), FnRef(rng.choice(compat))),
                            Const("2")))
    if rng.random() < 0.5:
        g.features.add("mem2-fnptr-table")
        length = rng.randrange(2, 5)
        tab = Var(g.mem.name("tab"), FN, length=length)
        items = [FnRef(rng.choice(compat)) for _ in range(rng.randrange(1, length + 1))]
        ident = _ident(g, tab)
        tab.ident = ident
        out.append(FDecl(tab, items=items, raw=rng.random() < 0.4, ident=ident))
        if rng.random() < 0.4:
            out.append(FAssign(tab, _fn_value(g, compat, other, True),
                               index=rng.randrange(length), ident=ident))
        x = _small(g)
        index = Ref(x) if x is not None and (risky(g) or rng.random() < 0.4) else \
            Const(str(rng.randrange(len(items))))
        out.append(_reader(g, FCall(Func("fp", INT, []), [_value(g)],
                                    ptr=FnElem(tab, ident, index))))
    if rng.random() < 0.3:
        g.features.add("mem2-fnptr-callback")
        if "apply" not in g.mem.shared:
            op, v = Var("op", FN, scope="param"), int_param("v")
            apply = Func("mapply", INT, [op, v],
                         [Return(FCall(Func("fp", INT, []), [Ref(v)], ptr=PRef(op)))], fid=75)
            g.mem.funcs.append(apply)
            g.mem.shared["apply"] = apply
        apply = g.mem.shared["apply"]
        out.append(_sink(g, MCall(apply, [PRef(f), _value(g)])))
    return out


# ------------------------------------------------------------------ realloc and alloca
def reallocs(g: "Generator") -> list[Stmt]:
    rng = g.rng
    if rng.random() < 0.3:
        return allocas(g)
    g.mem.heap = True
    g.features.add("mem2-realloc")
    t = rng.choice([INT, INT, CHAR, SHORT, LLONG])
    n = rng.randrange(1, 4)
    grow = rng.randrange(1, 4) if rng.random() < 0.8 else -1
    if n + grow < 1:
        grow = 1
    g.features.add("mem2-realloc-grow" if grow > 0 else "mem2-realloc-shrink")
    h = Var(g.mem.name("h"), pointer(t))
    ph = PRef(h)
    out: list[Stmt] = []
    if rng.random() < 0.2:
        g.features.add("mem2-realloc-null")
        out.append(PDecl(h, value=Null()))
        out.append(PAssign(h, Realloc(Const(str(n)), t, old=PRef(h), cast=rng.random() < 0.5)))
    else:
        out.append(PDecl(h, value=Alloc(Const(str(n)), t, rng.random() < 0.3)))
    out.append(_counted(g, Const(str(n)), lambda i: [Store(Deref(ph, i, "[]", write=True), "=",
                                                           Binary("+", i, _value(g)))]))
    q = None
    if rng.random() < 0.5:
        q = Var(g.mem.name("q"), pointer(t))
        out.append(PDecl(q, value=PAdd(ph, Const(str(rng.randrange(n))))))
    m = n + grow
    fresh = rng.random() < 0.5                      # the result in a new variable
    target = Var(g.mem.name("h"), pointer(t)) if fresh else h
    value = Realloc(Const(str(m)), t, old=ph, cast=rng.random() < 0.5)
    out.append(PDecl(target, value=value) if fresh else PAssign(h, value))
    pt = PRef(target)
    if grow > 0:
        start = n + (1 if risky(g) else 0)          # planted: one new cell left unwritten
        if start > n:
            g.features.add("mem2-realloc-new-unwritten")
        out.append(_counted(g, Const(str(m - start)), lambda i: [
            Store(Deref(pt, Binary("+", i, Const(str(start))), "[]", write=True), "=", _value(g))]))
    where = Const(str(rng.choice([0, m - 1])))
    if risky(g):
        where = Const(str(m))
    out.append(_reader(g, Deref(pt, where, rng.choice(["[]", "*"]))))
    stale = [v for v in ([q] if q is not None else []) + ([h] if fresh else [])]
    if stale and risky(g):
        old = rng.choice(stale)
        g.features.add("mem2-realloc-stale")
        kind = rng.choice(["read", "compare", "free"])
        if kind == "read":
            out.append(_read_if(g, g.ex.comparison(g.scope, 1), Deref(PRef(old))))
        elif kind == "compare":
            out.append(_read_if(g, PLive("==", PRef(old), pt), Const("1")))
        else:
            out.append(If(g.ex.comparison(g.scope, 1), [Free(ptr=PRef(old))]))
    if rng.random() < 0.7:
        out.append(Free(ptr=pt))
    return out


def allocas(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.heap = True      # glibc's <stdlib.h> declares alloca in GNU C (the validator's too)
    g.features.add("mem2-alloca")
    t = rng.choice([INT, INT, CHAR, SHORT])
    n = Var(g.mem.name("n"), INT)
    x = _small(g)
    out: list[Stmt] = [Decl(n, Binary("+", Ref(x), Const("1")) if x and rng.random() < 0.5
                            else Const(str(rng.randrange(1, 4))))]
    g.scope.declare(n, True)
    g.scope.readonly.add(n.uid)
    a = Var(g.mem.name("a"), pointer(t))
    pa = PRef(a)
    out.append(PDecl(a, value=Alloca(Ref(n), t, cast=rng.random() < 0.5)))
    partial = risky(g)
    if partial:
        g.features.add("mem2-alloca-partial")
    bound = Binary("-", Ref(n), Const("1")) if partial else Ref(n)
    out.append(_counted(g, bound, lambda i: [Store(Deref(pa, i, "[]", write=True), "=",
                                                   Binary("*", i, _value(g)))]))
    where = Binary("-", Ref(n), Const("1")) if not risky(g) else Ref(n)
    out.append(_reader(g, Deref(pa, where, "[]")))
    if risky(g):
        g.features.add("mem2-alloca-free")
        out.append(If(g.ex.comparison(g.scope, 1), [Free(ptr=pa)]))
    return out


# ------------------------------------------------------------------ member addresses
def _mstruct(g: "Generator", name: str) -> tuple[Var, list[Stmt]]:
    s = Var(g.mem.name(name), MSTRUCT)
    init = Braced([_value(g), Braced([_value(g) for _ in range(g.rng.randrange(1, 4))]),
                   _value(g)][:g.rng.randrange(1, 4)])
    decl = ODecl(s, init, ident=_ident(g, s))
    return s, [decl, MemberRegs(var=s, members=tuple(MSTRUCT_MEMBERS))]


def member_addresses(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.define(MSTRUCT_DEFINITION)
    g.features.add("mem2-member")
    s, out = _mstruct(g, "ms")
    base = Addr(s, s.ident)
    via = base
    if rng.random() < 0.5:
        g.features.add("mem2-member-via-pointer")
        sp = Var(g.mem.name("sp"), pointer(MSTRUCT))
        out.append(PDecl(sp, value=base))
        via = PRef(sp)
    # a pointer into the member array: offsets within it, or (planted) past it
    decay = rng.random() < 0.3
    k0 = 0 if decay else rng.randrange(3)
    p = Var(g.mem.name("p"), pointer(INT))
    out.append(PDecl(p, value=MAddr(via, "arr", decay=True) if decay
                     else MAddr(via, "arr", Const(str(k0)))))
    j = rng.randrange(0, 3 - k0)
    if risky(g):
        g.features.add("mem2-member-past")
        j = rng.choice([3 - k0, 4 - k0])             # one past (read: undefined), beyond
    if rng.random() < 0.5:
        out.append(Store(Deref(PRef(p), Const(str(j)), rng.choice(["[]", "*"]), write=True),
                         rng.choice(["=", "+="]), _value(g)))
    else:
        out.append(_reader(g, Deref(PRef(p), Const(str(j)), rng.choice(["[]", "*"]))))
    out.append(_reader(g, MField(base, "arr", _member_index(g, 3), 3)))
    q = Var(g.mem.name("q"), pointer(INT))
    out.append(PDecl(q, value=MAddr(via, "a")))
    out.append(Store(Deref(PRef(q), write=True), rng.choice(["=", "+="]), _value(g)))
    if risky(g):
        g.features.add("mem2-member-scalar-past")
        out.append(_read_if(g, g.ex.comparison(g.scope, 1), Deref(PRef(q), Const("1"), "[]")))
    out.append(_reader(g, Member(s, "a")))
    if rng.random() < 0.4:
        g.features.add("mem2-member-compare")
        other = PRef(q) if risky(g) else PAdd(MAddr(via, "arr", decay=True), Const("2"))
        out.append(_reader(g, PCmp(rng.choice(["<", "<=", ">"]), PRef(p), other)))
        if not isinstance(other, PRef):
            out.append(_sink(g, PDiff(other, PRef(p))))
    if rng.random() < 0.3:
        g.features.add("mem2-member-short")
        c = Var(g.mem.name("c"), pointer(SHORT))
        out += [PDecl(c, value=MAddr(via, "c")),
                Store(Deref(PRef(c), write=True), "=", _value(g)),
                _reader(g, MField(base, "c"))]
    if rng.random() < 0.3:
        g.features.add("mem2-member-copy")
        t = Var(g.mem.name("mt"), MSTRUCT)
        out += [ODecl(t, Deref(via) if via is not base else Ref(s), ident=_ident(g, t)),
                MemberRegs(var=t, members=tuple(MSTRUCT_MEMBERS)),
                _reader(g, MField(Addr(t, t.ident), "arr", _member_index(g, 3), 3))]
    if rng.random() < 0.3:
        g.features.add("mem2-member-param")
        f, kind = _array_helper(g, INT)
        start = rng.randrange(3)
        count = Const(str(3 - start)) if kind in ("fill", "sum") and not risky(g) else \
            Const(str(rng.randrange(0, 5 - start)))
        args = [MAddr(via, "arr", Const(str(start))), count] + ([_value(g)] if kind == "set" else [])
        out.append(ExprStmt(MCall(f, args, used=False)) if f.ret is None else _sink(g, MCall(f, args), f.ret))
    return out


# ------------------------------------------------------------------ pointers to pointers
def pointer_pointers(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.features.add("mem2-pp")
    out: list[Stmt] = []
    xs = []
    for _ in range(2):
        v = Var(g.mem.name("x"), INT)
        decl = ODecl(v, _value(g), ident=_ident(g, v))
        xs.append(v)
        out.append(decl)
    x, y = xs
    p = Var(g.mem.name("p"), pointer(INT))
    uninit = risky(g)
    if uninit:
        g.features.add("mem2-pp-uninit")
    pdecl = SlotDecl(p, None, ident=_ident(g, p), value=None if uninit else Addr(x, x.ident))
    out.append(pdecl)
    pp = Var(g.mem.name("pp"), pointer(pointer(INT)))
    out.append(PDecl(pp, value=Addr(p, p.ident)))
    star = PDeref(PRef(pp))
    cond = g.ex.comparison(g.scope, 1)
    if uninit:
        out.append(If(cond, [PPStore(target=PRef(pp), value=Addr(y, y.ident))]))
    else:
        out.append(Store(Deref(star, write=True), "=", _value(g)))
        new = Addr(y, y.ident)
        if risky(g):
            g.features.add("mem2-pp-null")
            new = Null()
        out.append(If(cond, [PPStore(target=PRef(pp), value=new)]) if rng.random() < 0.7
                   else PPStore(target=PRef(pp), value=new))
    if rng.random() < 0.3:
        g.features.add("mem2-pp-out-param")
        if "out" not in g.mem.shared:
            o, v = Var("o", pointer(pointer(INT)), scope="param"), Var("v", pointer(INT), scope="param")
            f = Func("mout", None, [o, v], [PPStore(target=PRef(o), value=PRef(v))], fid=76)
            g.mem.funcs.append(f)
            g.mem.shared["out"] = f
        target = rng.choice([Addr(x, x.ident), Addr(y, y.ident)])
        out.append(If(g.ex.comparison(g.scope, 1),
                      [ExprStmt(MCall(g.mem.shared["out"], [PRef(pp), target], used=False))]))
    out.append(Store(Deref(star, write=True), rng.choice(["=", "+=", "-="]), _value(g)))
    reads = [Ref(x), Ref(y), Deref(star)]
    if not uninit:
        reads.append(Deref(SlotPtr(p)))
        reads.append(PCmp("==", SlotPtr(p), Addr(x, x.ident)))
    for value in rng.sample(reads, 2):
        out.append(_reader(g, value))
    return out


PATTERNS = {"union": unions, "bitfield": bitfields, "fnptr": fnptrs, "realloc": reallocs,
            "member-address": member_addresses, "pointer-pointer": pointer_pointers}

__all__ = ["PATTERNS"]
