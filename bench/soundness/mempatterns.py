"""Statement patterns of the memory mix (issue 16): VLAs, arrays passed to functions, pointers
to scalars and into arrays, the heap, structs (floats: floatgen.py).

Each pattern is self-contained: the objects and pointers it declares get names with an
underscore and a number (`p_3`; the generic generator's names have none, so they never clash)
and stay out of the generator's `Scope` (generic expressions are integer expressions), except
the int variables it declares to read results into (`_reader`), which the invariants and
assertions then talk about.  Pointers are declared after the objects they point to, in the
same block or an inner one, so none outlives its object.  Undefined behaviour is planted with
chance `Mem.chance` (index or offset out of bounds, a one-past dereference, a null
dereference, use after free, double free, a non-positive VLA size, a never-written cell);
whether it happens is what the ground truth (memrt.py) says.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Optional

from .cprog import (CHAR, INT, LLONG, SHORT, UINT, Assign, Binary, Cast, Const, CType,
                    Decl, ExprStmt, Expr, For, Func, If, IncDec, Ref, Return, Stmt, Var, While,
                    literal)
from .memory import (MEMBERS, STRUCT, Addr, Alloc, Braced, Deref, Free,
                     MCall, Member, Null, ODecl, PAdd, PAssign, PCmp, PCond, PDecl, PDiff, PRef,
                     Raw, Register, Store, elem, pointer)
from .patterns import _reader as _generic_reader

if TYPE_CHECKING:
    from .generate import Generator

FEATURES = ("vla", "array-param", "pointer", "heap", "struct", "float", "list", "string",
            # mempatterns2.py (appended: the older features' programs stay as they were)
            "union", "bitfield", "fnptr", "realloc", "member-address", "pointer-pointer")
ELEMENT_TYPES = [INT, INT, INT, CHAR, SHORT, UINT, LLONG]


@dataclass
class Mem:
    """The memory mix's state in one generator: which features are on, what the patterns
    added at file scope."""
    features: frozenset
    count: int = 0
    funcs: list[Func] = field(default_factory=list)
    globals: list[Decl] = field(default_factory=list)
    struct: bool = False
    heap: bool = False
    list: bool = False                         # struct node / struct holder (listpatterns.py)
    string: bool = False                       # <string.h> calls (strpatterns.py)
    chance: float = 0.15                       # of planting one undefined behaviour
    idents: dict[int, str] = field(default_factory=dict)   # var uid -> its latest id variable
    # mempatterns2.py: file-scope definitions and headers it needs, helpers made once
    prelude: list[str] = field(default_factory=lambda: [])     # (`list` is a field here)
    includes: list[str] = field(default_factory=lambda: [])
    shared: dict = field(default_factory=dict)

    def define(self, text: str, include: str = "") -> None:
        if text and text not in self.prelude:
            self.prelude.append(text)
        if include and include not in self.includes:
            self.includes.append(include)

    def name(self, stem: str) -> str:
        self.count += 1
        return f"{stem}_{self.count}"


def s_mem(g: "Generator") -> list[Stmt]:
    """One memory pattern, of a feature that is on."""
    patterns: dict[str, Callable[["Generator"], list[Stmt]]] = {
        "vla": vla, "array-param": array_param, "pointer": pointers, "heap": heap,
        "struct": structs}
    from .floatgen import floats
    from .listpatterns import lists
    patterns["float"] = floats
    patterns["list"] = lists
    from .strpatterns import strings
    patterns["string"] = strings
    from .mempatterns2 import PATTERNS
    patterns.update(PATTERNS)
    g.mem.chance = 0.1 + g.risk
    kinds = [k for k in FEATURES if k in g.mem.features]
    kind = g.rng.choice(kinds)
    if kind == "pointer" and g.rng.random() < 0.5:
        return array_pointers(g)
    return patterns[kind](g)


# ------------------------------------------------------------------ helpers
def risky(g: "Generator") -> bool:
    return g.rng.random() < g.mem.chance


def _ident(g: "Generator", var: Var) -> str:
    return f"__gt_id_{var.name}_{g.mem.name('r')}"


def _value(g: "Generator") -> Expr:
    return g.ex.expr(g.scope, 1) if g.rng.random() < 0.6 else Const(literal(
        g.rng.choice([0, 1, 2, 5, -1, 7])))


def _index(g: "Generator", length: int) -> Expr:
    """An index in 0..length-1, or (planted) one that may not be."""
    rng = g.rng
    if risky(g):
        small = [v for v in g.scope.readable() if v.type.kind == "int"]
        if small and rng.random() < 0.5:
            return Ref(rng.choice(small))
        return Const(str(rng.choice([length, length + 1, -1])))
    return Const(str(rng.randrange(length)))


def _small(g: "Generator") -> Optional[Var]:
    """A readable input in 0..4 (read-only: a loop bound)."""
    inputs = [v for v in g.scope.readable() if v.uid in g.small_inputs]
    return g.rng.choice(inputs) if inputs else None


def _reader(g: "Generator", value: Expr) -> Stmt:
    """patterns._reader, and a variable it declares remembers what it read (witnesses.py)."""
    stmt = _generic_reader(g, value)
    if isinstance(stmt, Decl):
        stmt.var.source = stmt.init
    return stmt


def _read_if(g: "Generator", cond: Expr, value: Expr) -> Stmt:
    """`if (cond) <read value>`: a variable the reader declares is the branch's."""
    g.scope.push()
    reader = _reader(g, value)
    g.scope.pop()
    return If(cond, [reader])


def _sink(g: "Generator", value: Expr, t: CType = INT) -> Stmt:
    """`T v = value;` with v a new variable of the generic scope (invariants see it)."""
    var = Var(g.fresh(), t, source=value)
    g.scope.declare(var, True)
    return Decl(var, value)


def _counted(g: "Generator", bound: Expr, body: Callable[[Ref], list[Stmt]]) -> Stmt:
    """`for (int i = 0; i < bound; i++) body(i)` with a fresh counter."""
    i = Var(g.mem.name("i"), INT)
    return For(Decl(i, Const("0")), Binary("<", Ref(i), bound), IncDec(Ref(i), "++"), body(Ref(i)))


def _array(g: "Generator", t: CType, length: int) -> tuple[Var, ODecl]:
    """`T a[L] = {...};` registered (the initialiser writes every element)."""
    var = Var(g.mem.name("a"), t, length=length)
    init = [Const(literal(g.rng.choice([0, 1, 2, 3, -1, 9]))) for _ in
            range(g.rng.randrange(1, length + 1))]
    return var, ODecl(var, init, ident=_ident(g, var))


# ------------------------------------------------------------------ VLAs
def vla(g: "Generator") -> list[Stmt]:
    rng = g.rng
    out: list[Stmt] = []
    n = Var(g.mem.name("n"), INT)
    x = _small(g)
    if risky(g):
        g.features.add("mem-vla-size-risk")
        scalars = [v for v in g.scope.readable() if v.type.kind == "int"]
        size = Binary("%", Cast(INT, Ref(rng.choice(scalars))), Const("4")) if scalars \
            else Const(rng.choice(["0", "-1"]))
    else:
        size = Binary("+", Ref(x), Const("1")) if x and rng.random() < 0.7 else \
            Const(str(rng.randrange(1, 5)))
    out.append(Decl(n, size))
    g.scope.declare(n, True)
    g.scope.readonly.add(n.uid)
    t = rng.choice(ELEMENT_TYPES)
    a = Var(g.mem.name("v"), t, length=n.name)
    ident = _ident(g, a)
    out.append(ODecl(a, None, ident=ident, written=False))
    g.features.add("mem-vla")
    partial = risky(g)
    if partial:
        g.features.add("mem-vla-partial")
    bound = Binary("-", Ref(n), Const("1")) if partial else Ref(n)
    out.append(_counted(g, bound, lambda i: [Store(elem(a, ident, i, write=True), "=",
                                                   Binary("+", i, _value(g)))]))
    where = rng.choice([Const("0"), Binary("-", Ref(n), Const("1"))])
    if risky(g):
        where = rng.choice([Ref(n), Const("4"), Const("-1")])
    out.append(_reader(g, elem(a, ident, where)))
    if rng.random() < 0.5:
        g.features.add("mem-vla-sizeof")
        out.append(_sink(g, Const(f"(int)(sizeof({a.name}) / sizeof({a.name}[0]))")))
    if rng.random() < 0.4:
        total = Var(g.fresh(), LLONG)
        g.scope.declare(total, True)
        out += [Decl(total, Const("0")),
                _counted(g, Ref(n), lambda i: [Assign(Ref(total), "+=", elem(a, ident, i))])]
    return out


# ------------------------------------------------------------------ arrays passed to functions
def _array_helper(g: "Generator", t: CType) -> tuple[Func, str]:
    """A helper taking `T *a` (or `T a[]`): fill (writes), sum, at (reads a[k]), set."""
    rng = g.rng
    kind = rng.choice(["fill", "sum", "at", "set"])
    a = Var("a", pointer(t), scope="param", length="[]" if rng.random() < 0.4 else None)
    n = Var("n", INT, scope="param")
    p = PRef(a)
    index = len(g.mem.funcs) + 1
    if kind == "fill":
        body = [_counted(g, Ref(n), lambda i: [Store(Deref(p, i, "[]", write=True), "=",
                                                     Binary("+", Binary("*", Deref(p, i, "[]"),
                                                                        Const("2")), i))])]
        f = Func(f"mfill{index}", None, [a, n], body)
    elif kind == "sum":
        s = Var("s", INT)
        body = [Decl(s, Const("0")),
                _counted(g, Ref(n), lambda i: [Assign(Ref(s), "+=", Deref(p, i, "[]"))]),
                Return(Ref(s))]
        f = Func(f"msum{index}", INT, [a, n], body)
    elif kind == "at":
        f = Func(f"mat{index}", t, [a, n], [Return(Deref(p, Ref(n), rng.choice(["[]", "*"])))])
    else:
        v = Var("v", INT, scope="param")
        f = Func(f"mset{index}", None, [a, n, v], [Store(Deref(p, Ref(n), "[]", write=True), "=",
                                                           Ref(v))])
    f.fid = 50 + index
    g.mem.funcs.append(f)
    return f, kind


def array_param(g: "Generator") -> list[Stmt]:
    rng = g.rng
    t = rng.choice(ELEMENT_TYPES)
    length = rng.randrange(2, 6)
    a, decl = _array(g, t, length)
    f, kind = _array_helper(g, t)
    g.features.add(f"mem-param-{kind}")
    start = rng.choice([0, 0, 0, 1])
    arg = Addr(a, decl.ident, decay=True) if start == 0 else \
        rng.choice([Addr(a, decl.ident, Const("1")), PAdd(Addr(a, decl.ident, decay=True), Const("1"))])
    if kind in ("fill", "sum"):
        count: Expr = Const(str(length - start))
        x = _small(g)
        if x is not None and rng.random() < 0.4:
            count = Ref(x)                      # 0..4: out of bounds when past the end
        elif risky(g):
            count = Const(str(length - start + 1))
    else:
        count = _index(g, length - start)
    args = [arg, count] + ([_value(g)] if kind == "set" else [])
    call = MCall(f, args)
    out: list[Stmt] = [decl]
    if f.ret is None:
        out.append(ExprStmt(MCall(f, args, used=False)))
    else:
        out.append(_sink(g, call, f.ret))
    out.append(_reader(g, elem(a, decl.ident, _index(g, length))))
    return out


# ------------------------------------------------------------------ pointers
def _targets(g: "Generator") -> tuple[list[Var], list[Stmt]]:
    """Two objects of one type to point at: new locals, or generic variables (registered)."""
    rng = g.rng
    plain = [v for v in g.scope.readable() if v.type.kind == "int" and v.type.alias_of is None
             and not v.type.enum and v.uid not in g.scope.readonly
             and v.uid in {w.uid for w in g.scope.writable()}]
    if plain and rng.random() < 0.5:
        first = rng.choice(plain)
        same = [v for v in plain if v.type.spelling == first.type.spelling and v is not first]
        chosen = [first] + ([rng.choice(same)] if same else [])
        out: list[Stmt] = []
        for v in chosen:
            reg = Register(var=v, ident=_ident(g, v))
            out.append(reg)
            g.mem.idents[v.uid] = reg.ident
        if len(chosen) == 2:
            g.features.add("mem-pointer-generic-target")
            return chosen, out
    t = rng.choice([INT, INT, CHAR, LLONG, UINT])
    chosen, out = [], []
    for _ in range(2):
        v = Var(g.mem.name("x"), t)
        decl = ODecl(v, _value(g), ident=_ident(g, v))
        g.mem.idents[v.uid] = decl.ident
        chosen.append(v)
        out.append(decl)
    return chosen, out


def pointers(g: "Generator") -> list[Stmt]:
    """`T *p = &x; *p = e; if (c) p = &y; *p op= e; ... p == &x ...`, and a null pointer
    dereferenced on some inputs."""
    rng = g.rng
    (x, y), out = _targets(g)
    g.features.add("mem-pointer")
    t = x.type
    p = Var(g.mem.name("p"), pointer(t))
    out.append(PDecl(p, value=Addr(x, g.mem.idents[x.uid])))
    out.append(Store(Deref(PRef(p), write=True), "=", _value(g)))
    cond = g.ex.comparison(g.scope, 1)
    if rng.random() < 0.5:
        out.append(If(cond, [PAssign(p, Addr(y, g.mem.idents[y.uid]))]))
    else:
        out.append(PAssign(p, PCond(cond, Addr(y, g.mem.idents[y.uid]), Addr(x, g.mem.idents[x.uid]))))
    g.features.add("mem-pointer-retarget")
    out.append(Store(Deref(PRef(p), write=True), rng.choice(["=", "+=", "-="]), _value(g)))
    reads = [Deref(PRef(p)), Ref(x), Ref(y),
             PCmp(rng.choice(["==", "!="]), PRef(p), Addr(x, g.mem.idents[x.uid]))]
    for value in rng.sample(reads, 2):
        out.append(_reader(g, value))
    if rng.random() < 0.4:
        g.features.add("mem-null")
        q = Var(g.mem.name("q"), pointer(t))
        out += [PDecl(q, value=Null(rng.choice(["0", "(void *)0"]))),
                If(g.ex.comparison(g.scope, 1), [PAssign(q, Addr(x, g.mem.idents[x.uid]))])]
        if risky(g):
            g.features.add("mem-null-deref")
            out.append(_read_if(g, g.ex.comparison(g.scope, 1), Deref(PRef(q))))
        else:
            out.append(_read_if(g, PCmp("!=", PRef(q), Null()), Deref(PRef(q))))
    return out


def array_pointers(g: "Generator") -> list[Stmt]:
    """Pointers into an array: `p = &a[i]`, `p + k`, `*(p + k)`, `p[k]`, `q - p`, `p < q`, a
    pointer loop; offsets out of bounds and one-past dereferences when planted."""
    rng = g.rng
    t = rng.choice(ELEMENT_TYPES)
    length = rng.randrange(2, 6)
    a, decl = _array(g, t, length)
    ident = decl.ident
    g.features.add("mem-array-pointer")
    start = rng.randrange(0, length)
    p = Var(g.mem.name("p"), pointer(t))
    first = rng.choice([Addr(a, ident, decay=True) if start == 0 else Addr(a, ident, Const(str(start))),
                        PAdd(Addr(a, ident, decay=True), Const(str(start)))])
    out: list[Stmt] = [decl, PDecl(p, value=first)]
    offset = rng.randrange(0, length - start + 1)        # q: up to one past the end
    if risky(g):
        g.features.add("mem-pointer-arith-risk")
        offset = rng.choice([length - start + 1, -start - 1, length])
    q = Var(g.mem.name("q"), pointer(t))
    out.append(PDecl(q, value=PAdd(PRef(p), Const(str(offset)))))
    k = _index(g, length - start)
    deref = rng.choice([Deref(PRef(p), k, "[]"), Deref(PRef(p), k, "*"),
                        Deref(PRef(q))])               # *q: one past the end when offset is
    if rng.random() < 0.5:
        target = Deref(deref.ptr, deref.offset, deref.style, write=True)
        out.append(Store(target, rng.choice(["=", "+="]), _value(g)))
    out.append(_reader(g, deref))
    out.append(_sink(g, PDiff(PRef(q), PRef(p))))
    out.append(_reader(g, PCmp(rng.choice(["<", "<=", ">", ">=", "==", "!="]), PRef(p), PRef(q))))
    if rng.random() < 0.5:
        g.features.add("mem-pointer-loop")
        r = Var(g.mem.name("r"), pointer(t))
        total = Var(g.fresh(), LLONG)
        g.scope.declare(total, True)
        end = length + (1 if risky(g) else 0)
        out += [Decl(total, Const("0")), PDecl(r, value=Addr(a, ident, decay=True)),
                While(PCmp("<", PRef(r), PAdd(Addr(a, ident, decay=True), Const(str(end)))),
                      [Assign(Ref(total), "+=", Deref(PRef(r))),
                       PAssign(r, PAdd(PRef(r), Const("1")))])]
    return out


# ------------------------------------------------------------------ heap
def heap(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.heap = True
    t = rng.choice(ELEMENT_TYPES)
    if rng.random() < 0.3:
        return _heap_loop(g, t)
    n = Var(g.mem.name("n"), INT)
    x = _small(g)
    out: list[Stmt] = [Decl(n, Binary("+", Ref(x), Const("1")) if x and rng.random() < 0.6
                            else Const(str(rng.randrange(1, 5))))]
    g.scope.declare(n, True)
    g.scope.readonly.add(n.uid)
    zero = rng.random() < 0.3
    h = Var(g.mem.name("h"), pointer(t))
    out.append(PDecl(h, value=Alloc(Ref(n), t, zero, cast=rng.random() < 0.5)))
    g.features.add("mem-calloc" if zero else "mem-malloc")
    if rng.random() < 0.3:
        out.append(If(PCmp("==", PRef(h), Null()), [Raw(text="abort();")]))
    ph = PRef(h)
    partial = risky(g)
    if not zero or rng.random() < 0.5:
        if partial:
            g.features.add("mem-heap-partial")
        bound = Binary("-", Ref(n), Const("1")) if partial else Ref(n)
        out.append(_counted(g, bound, lambda i: [Store(Deref(ph, i, "[]", write=True), "=",
                                                       Binary("*", i, _value(g)))]))
    where = rng.choice([Const("0"), Binary("-", Ref(n), Const("1"))])
    if risky(g):
        where = rng.choice([Ref(n), Const("4")])
    out.append(_reader(g, Deref(ph, where, rng.choice(["[]", "*"]))))
    if rng.random() < 0.8:
        out.append(Free(ptr=ph))
        g.features.add("mem-free")
        if risky(g):
            g.features.add("mem-use-after-free")
            out.append(_read_if(g, g.ex.comparison(g.scope, 1), Deref(ph, Const("0"), "[]")))
        elif risky(g):
            g.features.add("mem-double-free")
            out.append(If(g.ex.comparison(g.scope, 1), [Free(ptr=ph)]))
    return out


def _heap_loop(g: "Generator", t: CType) -> list[Stmt]:
    """Several blocks from one `malloc` site: each iteration allocates, writes, reads, frees
    (or leaks)."""
    rng = g.rng
    g.features.add("mem-malloc-loop")
    total = Var(g.fresh(), LLONG)
    g.scope.declare(total, True)

    def body(i: Ref) -> list[Stmt]:
        b = Var(g.mem.name("b"), pointer(t))
        pb = PRef(b)
        stmts: list[Stmt] = [PDecl(b, value=Alloc(Const("2"), t, rng.random() < 0.3)),
                             Store(Deref(pb, Const("0"), "[]", write=True), "=", i),
                             Store(Deref(pb, Const("1"), "[]", write=True), "=", _value(g)),
                             Assign(Ref(total), "+=", Binary("+", Deref(pb, Const("0"), "[]"),
                                                             Deref(pb, _index(g, 2), "[]")))]
        if rng.random() < 0.7:
            stmts.append(Free(ptr=pb))
        return stmts

    bound = Ref(_small(g)) if _small(g) and rng.random() < 0.5 else Const(str(rng.randrange(1, 4)))
    return [Decl(total, Const("0")), _counted(g, bound, body)]


# ------------------------------------------------------------------ structs
def _struct_value(g: "Generator") -> Braced:
    return Braced([_value(g) for _ in range(g.rng.randrange(1, len(MEMBERS) + 1))])


def structs(g: "Generator") -> list[Stmt]:
    rng = g.rng
    g.mem.struct = True
    member = lambda: rng.choice(MEMBERS)[0]      # noqa: E731
    s = Var(g.mem.name("s"), STRUCT)
    out: list[Stmt] = []
    if rng.random() < 0.25:
        s.scope = "global"
        g.mem.globals.append(Decl(s, Braced([Const(literal(rng.choice([0, 1, -4])))])
                                  if rng.random() < 0.5 else None))
        reg = Register(var=s, ident=_ident(g, s))
        out.append(reg)
        s_ident = reg.ident
        g.features.add("mem-struct-global")
    else:
        decl = ODecl(s, _struct_value(g), ident=_ident(g, s))
        s_ident = decl.ident
        out.append(decl)
        g.features.add("mem-struct-local")
    out.append(Store(Member(s, member()), rng.choice(["=", "+="]), _value(g)))
    if rng.random() < 0.5:
        g.features.add("mem-struct-copy")
        t = Var(g.mem.name("t"), STRUCT)
        out += [Decl(t, Ref(s)), Store(Member(t, member()), "=", _value(g)),
                _reader(g, Member(rng.choice([s, t]), member()))]
    kind = rng.choice(["array", "pointer", "by-value", "by-pointer"])
    g.features.add(f"mem-struct-{kind}")
    if kind == "array":
        length = rng.randrange(2, 5)
        arr = Var(g.mem.name("sa"), STRUCT, length=length)
        decl = ODecl(arr, [_struct_value(g) for _ in range(rng.randrange(1, length + 1))],
                     ident=_ident(g, arr))
        sp = Var(g.mem.name("sp"), pointer(STRUCT))
        start, step = rng.randrange(length - 1), rng.choice([0, 1])
        if risky(g):                              # one past the end, then `sp->m`
            start, step = length - 1, 1
        out += [decl, Store(elem(arr, decl.ident, _index(g, length), member(), write=True), "=",
                            _value(g)),
                PDecl(sp, value=Addr(arr, decl.ident, Const(str(start)))),
                PAssign(sp, PAdd(PRef(sp), Const(str(step)))),
                _reader(g, Deref(PRef(sp), member=member()))]
        out.append(_reader(g, elem(arr, decl.ident, _index(g, length), member())))
    elif kind == "pointer":
        sp = Var(g.mem.name("sp"), pointer(STRUCT))
        out += [PDecl(sp, value=Addr(s, s_ident)),
                Store(Deref(PRef(sp), member=member(), write=True), "=", _value(g)),
                _reader(g, Member(s, member()))]
    elif kind == "by-value":
        v = Var("v", STRUCT, scope="param")
        f = Func(f"mval{len(g.mem.funcs) + 1}", INT, [v],
                 [Store(Member(v, "a"), "+=", Const("1")),
                  Return(Binary("+", Member(v, "a"), Member(v, member())))])
        f.fid = 50 + len(g.mem.funcs) + 1
        g.mem.funcs.append(f)
        out += [_sink(g, MCall(f, [Ref(s)])), _reader(g, Member(s, "a"))]
    else:
        q = Var("q", pointer(STRUCT), scope="param")
        k = Var("k", INT, scope="param")
        f = Func(f"mptr{len(g.mem.funcs) + 1}", None, [q, k],
                 [Store(Deref(PRef(q), member=member(), write=True), "=", Ref(k)),
                  Store(Deref(PRef(q), member="c", write=True), "+=", Const("1"))])
        f.fid = 50 + len(g.mem.funcs) + 1
        g.mem.funcs.append(f)
        out += [ExprStmt(MCall(f, [Addr(s, s_ident), _value(g)], used=False)),
                _reader(g, Member(s, member()))]
    return out


__all__ = ["FEATURES", "Mem", "s_mem"]
