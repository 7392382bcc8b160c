"""The soundness campaign's features of mempatterns2.py (unions, bit-fields, function pointers,
realloc/alloca, member addresses, pointers to pointers): the generator's programs compile in
both data models, and the ground truth's registry (memrt.py with memnodes2.py) finds exactly the
undefined behaviour of hand-made programs whose truth is known, on the input that has it and
the one next to it, in both data models (AddressSanitizer cross-checks included)."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_soundness_campaign import _draw, _program, _truth  # noqa: E402 (puts bench/ on the path)

from soundness import cprog as c  # noqa: E402
from soundness import memnodes2 as n2  # noqa: E402
from soundness import memory as m  # noqa: E402
from soundness import nodes as n  # noqa: E402


def test_memory2_programs_compile() -> None:
    """A few programs of each new feature compile cleanly in both data models (plain and
    ground-truth text: selfcheck.py)."""
    from soundness.mempatterns import FEATURES
    from soundness.selfcheck import self_check
    from soundness.generate import MIXES
    assert MIXES["memory2"] <= set(FEATURES)
    for feature in sorted(MIXES["memory2"]):
        assert self_check(2, 2026, frozenset({feature})) == [], feature


def test_memory2_features_appear() -> None:
    """Each feature's pattern is generated (the feature names it adds), and the older memory
    mix's programs do not change with the new features' existence."""
    from soundness.campaign import program_seed
    from soundness.generate import MIXES, generate
    seen: set = set()
    for index in range(12):
        seen |= generate(program_seed(7, index), MIXES["memory2"]).features
    for name in ("mem2-union", "mem2-bitfield", "mem2-fnptr", "mem2-member", "mem2-pp"):
        assert name in seen, name
    assert "mem2-realloc" in seen or "mem2-alloca" in seen
    old = generate(program_seed(7, 0), MIXES["memory"]).render()
    assert "union mu" not in old and "mfn_t" not in old


_IX, _UX = c.Var("ix", c.INT, scope="param"), c.Var("ux", c.UINT, scope="param")
HELPERS = (c.Func("inc", c.INT, [_IX], [c.Return(c.Binary("+", c.Ref(_IX), c.Const("1")))], fid=1),
           c.Func("uinc", c.UINT, [_UX], [c.Return(c.Ref(_UX))], fid=2))


def _case(name: str, x: c.Var) -> list:
    X = c.Ref(x)
    r = c.Var("r", c.INT)
    u = c.Var("u", n2.UNION)
    ubase = m.Addr(u, "idu")
    s = c.Var("s", n2.MSTRUCT)
    sdecl = [m.ODecl(s, m.Braced([c.Const("1"), m.Braced([c.Const("2")]), c.Const("3")]),
                     ident="ids"), n2.MemberRegs(var=s, members=("a", "arr", "c"))]
    p, q, h = (c.Var(v, m.pointer(c.INT)) for v in ("p", "q", "h"))
    y = c.Var("y", c.INT)
    pp = c.Var("pp", m.pointer(m.pointer(c.INT)))
    f = c.Var("f", n2.FN)
    inc, uinc = HELPERS
    call = n2.FCall(c.Func("fp", c.INT, []), [c.Const("4")], ptr=m.PRef(f))
    bf = c.Var("bf", n2.BITS)
    node = c.Var("nd", n.NODE_PTR)
    return {
        # the int member written, the long long member read: its upper bytes never written
        "union-wider": [n2.UDecl(u, None, ident="idu"),
                        m.Store(n2.MField(ubase, "i", write=True), "=", c.Const("5")),
                        c.If(X, [c.Decl(r, n2.MField(ubase, "ll"))])],
        # punning a written int's bytes is fine; a byte past the member array is not
        "union-member-index": [n2.UDecl(u, m.Braced([c.Const("-1")]), ident="idu", first="i"),
                               c.Decl(r, n2.MField(ubase, "b", X, 4))],
        # `+=` on a member never written reads it (the read half of a compound store)
        "union-compound": [n2.UDecl(u, None, ident="idu"),
                           c.If(X, [m.Store(n2.MField(ubase, "u", write=True), "=",
                                            c.Const("1"))]),
                           m.Store(n2.MField(ubase, "u", write=True), "+=", c.Const("1"))],
        # `&s.a + 1` may be formed; reading it is past the member (s.arr lies there)
        "member-one-past": sdecl + [m.PDecl(q, value=n2.MAddr(m.Addr(s, "ids"), "a")),
                                    c.If(X, [c.Decl(r, m.Deref(m.PRef(q), c.Const("1"), "[]"))])],
        # an offset within the member array, or one past it read
        "member-array": sdecl + [m.PDecl(p, value=n2.MAddr(m.Addr(s, "ids"), "arr", decay=True)),
                                 c.Decl(r, m.Deref(m.PRef(p), X, "[]"))],
        # realloc moves the block: the old pointer is dead even where glibc keeps the address
        "realloc-stale": [m.PDecl(h, value=m.Alloc(c.Const("2"), c.INT, True)),
                          m.PDecl(q, value=m.PRef(h)),
                          m.PAssign(h, n2.Realloc(c.Const("1"), c.INT, old=m.PRef(h))),
                          c.If(X, [c.Decl(r, m.Deref(m.PRef(q)))])],
        # the grown part is unwritten, the kept part written
        "realloc-new-part": [m.PDecl(h, value=m.Alloc(c.Const("1"), c.INT, True)),
                             m.PAssign(h, n2.Realloc(c.Const("2"), c.INT, old=m.PRef(h))),
                             c.Decl(r, m.Deref(m.PRef(h), X, "[]"))],
        # alloca's block is no heap block: free is invalid
        "alloca-free": [m.PDecl(h, value=n2.Alloca(c.Const("2"), c.INT)),
                        c.If(X, [m.Free(ptr=m.PRef(h))])],
        # a function pointer null on some inputs, called
        "fnptr-null": [n2.FDecl(f, value=m.Null()),
                       c.If(X, [n2.FAssign(f, n2.FnRef(inc))]),
                       c.Decl(r, call)],
        # a function of another type called through mfn_t (UB even though gcc gets 4)
        "fnptr-incompatible": [n2.FDecl(f, value=n2.FnRef(inc)),
                               c.If(X, [n2.FAssign(f, n2.FnRef(uinc, "cast", 2))]),
                               c.Decl(r, call)],
        # `*pp = 0` on some inputs, then `**pp` written
        "pp-null": [m.ODecl(y, c.Const("1"), ident="idy"),
                    n2.SlotDecl(p, None, ident="idp", value=m.Addr(y, "idy")),
                    m.PDecl(pp, value=m.Addr(p, "idp")),
                    c.If(X, [n2.PPStore(target=m.PRef(pp), value=m.Null())]),
                    m.Store(m.Deref(n2.PDeref(m.PRef(pp)), write=True), "=", c.Const("2"))],
        # a pointer never written, read through `*pp`
        "pp-uninit": [m.ODecl(y, c.Const("1"), ident="idy"),
                      n2.SlotDecl(p, None, ident="idp"),
                      m.PDecl(pp, value=m.Addr(p, "idp")),
                      c.If(X, [n2.PPStore(target=m.PRef(pp), value=m.Addr(y, "idy"))]),
                      c.Decl(r, m.Deref(n2.PDeref(m.PRef(pp))))],
        # `unsigned int d : 31` promotes to int: d + d overflows when d >= 2^30
        "bitfield-promotion": [m.ODecl(bf, m.Braced([c.Const("0"), c.Const("0"), c.Const("0"),
                                                     X]), ident="idbf"),
                               c.Decl(r, c.Binary("+", m.Member(bf, "d"), m.Member(bf, "d")))],
        # `s.d++` computes d + 1 in int: INT_MAX + 1 overflows (stored back it would wrap)
        "bitfield-step": [m.ODecl(bf, m.Braced([c.Const("0"), c.Const("0"), c.Const("0"), X]),
                                  ident="idbf"),
                          n2.BitStep(target=m.Member(bf, "d"), op="++")],
        # a list node's value never written, `+=` through `n->value` (compound stores read
        # before they write, for pointer members' Field too)
        "field-compound": [m.PDecl(node, value=m.Alloc(c.Const("1"), n.NODE)),
                           c.If(X, [m.Store(n.arrow(node, "value", write=True), "=",
                                            c.Const("1"))]),
                           m.Store(n.arrow(node, "value", write=True), "+=", c.Const("1"))],
    }[name]


CASES = [("union-wider", (0, 1), [False, True]), ("union-member-index", (3, 4), [False, True]),
         ("union-compound", (1, 0), [False, True]), ("member-one-past", (0, 1), [False, True]),
         ("member-array", (2, 3), [False, True]), ("realloc-stale", (0, 1), [False, True]),
         ("realloc-new-part", (0, 1), [False, True]), ("alloca-free", (0, 1), [False, True]),
         ("fnptr-null", (1, 0), [False, True]), ("fnptr-incompatible", (0, 1), [False, True]),
         ("pp-null", (0, 1), [False, True]), ("pp-uninit", (1, 0), [False, True]),
         ("bitfield-promotion", (2**30 - 1, 2**30), [False, True]),
         ("bitfield-step", (2**31 - 2, 2**31 - 1), [False, True]),
         ("field-compound", (1, 0), [False, True])]


@pytest.mark.parametrize("name, values, ub", CASES)
def test_truth_memory2(name: str, values: tuple, ub: list, tmp_path: Path) -> None:
    for value, expected in zip(values, ub):
        x, draw, site = _draw("x", c.INT, value, value, 0)
        body = _case(name, x)
        program = _program(draw + body, [site], HELPERS if name.startswith("fnptr") else ())
        program.features = {"mem-test"}
        program.includes = ["#include <stdlib.h>"]
        program.prelude = n.LIST_DEFINITIONS + [n2.UNION_DEFINITION, n2.BIT_DEFINITION, n2.MSTRUCT_DEFINITION,
                           n2.FN_DEFINITION]
        (tmp_path / f"{name}{value}").mkdir()
        for model, facts in _truth(program, (), tmp_path / f"{name}{value}").items():
            assert bool(facts.ub) == expected, (model, value, facts.ub)
            assert facts.executions == 1 and not facts.error

