"""The soundness campaign's pointer members (memory feature `list`): the ground truth's
registry (bench/soundness/memrt.py with the slot provenance of nodes.py) on hand-made programs
whose truth is known, each on the input that has the undefined behaviour and the one next to it,
in both data models (AddressSanitizer cross-checks included)."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_soundness_campaign import _draw, _program, _truth  # noqa: E402 (puts bench/ on the path)

from soundness import cprog as c  # noqa: E402
from soundness import memory as m  # noqa: E402
from soundness import nodes as n  # noqa: E402


def _list_case(name: str, x: c.Var) -> list:
    a, b, p = (c.Var(v, n.NODE_PTR) for v in ("a", "b", "p"))
    r, total, y = c.Var("r", c.INT), c.Var("total", c.LLONG), c.Var("y", c.INT)
    X = c.Ref(x)

    def node(var: c.Var, zero: bool = False) -> m.PDecl:
        return m.PDecl(var, value=m.Alloc(c.Const("1"), n.NODE, zero))

    def value(var: c.Var, v: str) -> m.Store:
        return m.Store(n.arrow(var, "value", write=True), "=", c.Const(v))

    link = n.PStore(n.arrow(a, "next", write=True), m.PRef(b))
    end = n.PStore(n.arrow(b, "next", write=True), m.Null())
    walk = [c.Decl(total, c.Const("0")), m.PDecl(p, value=m.Null()),
            n.PFor(p, m.PRef(a), n.next_of(p), [c.Assign(c.Ref(total), "+=", n.arrow(p, "value"))])]
    h, hs = c.Var("h", n.HOLDER), c.Var("hs", n.HOLDER, length=2)
    return {
        # a freed node read through the dangling `next` of its predecessor
        "dangling": [node(a), node(b), value(a, "1"), value(b, "2"), link, end,
                     m.Free(ptr=m.PRef(b)), c.If(X, [c.Decl(r, n.Field(n.next_of(a), "value"))])],
        # a malloc'd node's `next` never written, read by the walk
        "uninit-next": [node(a), node(b), value(a, "1"), value(b, "2"), link,
                        c.If(X, [end])] + walk,
        # calloc'd nodes: `next` is null, `value` 0; linked on one branch
        "calloc": [node(a, True), node(b, True), c.If(X, [link])] + walk,
        # a holder's pointer member into an array, the array of holders indexed by an input
        "holder": [m.ODecl(y, c.Const("4"), ident="idy"),
                   n.SDecl(h, [c.Const("&y"), c.Const("0")], ident="idh", slots=((".p", "idy"),)),
                   n.SDecl(hs, [c.Const("{&y, 1}"), c.Const("{&y, 2}")], ident="idhs",
                           slots=(("[0].p", "idy"), ("[1].p", "idy"))),
                   c.Decl(r, m.Deref(n.FieldPtr(n.Field(m.PAdd(m.Addr(hs, "idhs", decay=True), X),
                                                         "p"))))],
    }[name]


@pytest.mark.parametrize("name, values, ub", [
    ("dangling", (0, 1), [False, True]), ("uninit-next", (0, 1), [True, False]),
    ("calloc", (0, 1), [False, False]), ("holder", (1, 2), [False, True])])
def test_truth_lists(name: str, values: tuple, ub: list, tmp_path: Path) -> None:
    for value, expected in zip(values, ub):
        x, draw, site = _draw("x", c.INT, value, value, 0)
        program = _program(draw + _list_case(name, x), [site])
        program.features = {"mem-test"}
        program.includes = ["#include <stdlib.h>"]
        program.prelude = list(n.LIST_DEFINITIONS)
        (tmp_path / f"{name}{value}").mkdir()
        for model, facts in _truth(program, (), tmp_path / f"{name}{value}").items():
            assert bool(facts.ub) == expected, (model, value, facts.ub)
            assert facts.executions == 1 and not facts.error
