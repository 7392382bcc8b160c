"""instrument.expressions.copy_expression: the copy weaving puts into each check and assumption
is the same expression as `copy.deepcopy` gives, and independent of the original."""
from __future__ import annotations

import copy

import pytest
from pycparser import c_ast, c_generator

from instrument.expressions import copy_expression, parse_invariant

EXPRESSIONS = [
    "x <= 10 && (y == x + 1 || !z)",
    "(long long)x * 2LL >= -5 && (myint)u % 3U == 0U",
    "a[i][j] == s.f && p->g[0] != 0",
    "c ? x : y",
    "sizeof(int) == 4 && sizeof x == 4",
    "(x, y) == 3",
    "x >> 2 == (unsigned char)~y",
    "x ?: y",
    "__builtin_offsetof(struct S, f) == 0",
    "sizeof(__typeof__(x)) == 4",
    "((struct S){.f = 1}).f == 1",
    "f(x) == 1",
]


def _nodes(node):
    yield node
    for _, child in node.children():
        yield from _nodes(child)


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_a_copy_is_the_same_expression_and_shares_no_node(text):
    expression = parse_invariant(text, ["myint"])
    copied = copy_expression(expression)
    generator = c_generator.CGenerator()
    assert generator.visit(copied) == generator.visit(expression) \
        == generator.visit(copy.deepcopy(expression))
    assert copied.__class__ is expression.__class__
    originals = {id(n) for n in _nodes(expression)}
    assert not any(id(n) in originals for n in _nodes(copied))
    for original, twin in zip(_nodes(expression), _nodes(copied)):
        assert type(original) is type(twin)
        assert [getattr(original, a) for a in original.attr_names] == \
            [getattr(twin, a) for a in twin.attr_names]


def test_changing_the_copy_leaves_the_original():
    expression = parse_invariant("x + y * 2 == z", [])
    before = c_generator.CGenerator().visit(expression)
    copied = copy_expression(expression)
    for node in _nodes(copied):
        if isinstance(node, c_ast.ID):
            node.name = "changed"
        if isinstance(node, c_ast.BinaryOp):
            node.op = "-"
    assert c_generator.CGenerator().visit(expression) == before
