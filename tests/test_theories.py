"""The two z3 representations of C integers (`validator.semantics.theories`) and the concrete
semantics of random testing agree with each other on every operator and type, for random and
boundary operands, on values and on where undefined behaviour (signed overflow included) is;
the integer theory is chosen only where it is exact."""
from __future__ import annotations

import random

import pytest
import z3

from validator.semantics.c_types import DataModel
from validator.semantics.encode import Encoder
from validator.engines.testing import _Run, _UndefinedBehaviour
from validator.semantics.ir import Binary, Cast, Const, Ref, Unary, Variable
from validator.semantics.theories import BitVectors, Integers, _obstacle_in

MODEL = DataModel("LP64")
TYPES = ["_Bool", "char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
         "long", "unsigned long", "long long", "unsigned long long"]
OPERATORS = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "==", "!=", "<", "<=", ">", ">="]


def _values(ctype, rng: random.Random, count: int) -> list[int]:
    special = [0, 1, 2, 3, 7, -1, -2, ctype.min, ctype.max, ctype.max - 1, ctype.min + 1]
    values = [ctype.wrap(v) for v in special]
    values += [ctype.wrap(rng.randint(ctype.min, ctype.max)) for _ in range(count)]
    values += [ctype.wrap(rng.randint(-300, 300)) for _ in range(count)]
    return values


def _evaluate(theory, expression, variables: dict[Variable, int]):
    """The C value `expression` has in `theory` when the variables hold the given values, or
    None when the encoder's undefined-behaviour condition holds there (it must then, where the
    interpreter raises undefined behaviour, and only then)."""
    state = {v: z3.Const(v.uid, theory.sort(v.type)) for v in variables}
    encoder = Encoder(theory)
    term = encoder.value(expression, state)
    pairs = [(state[v], theory.const(x, v.type)) for v, x in variables.items()]
    ub = [z3.simplify(z3.substitute(condition, *pairs)) for condition, _ in encoder.ub]
    if any(z3.is_true(condition) for condition in ub):
        return None
    assert all(z3.is_false(condition) for condition in ub), ub
    value = z3.simplify(z3.substitute(term, *pairs))
    return theory.number(value, expression.type)


def _reference(expression, variables: dict[Variable, int]):
    run = _Run(random.Random(0))
    run.state.update(variables)
    try:
        return run.value(expression)
    except _UndefinedBehaviour:
        return None


@pytest.mark.parametrize("type_name", TYPES)
def test_operators_agree_in_both_theories_and_the_interpreter(type_name):
    rng = random.Random(type_name)
    source = MODEL.types[type_name]
    ctype = MODEL.promote(source)
    x = Variable("x#0", "x", source)
    compared = 0
    for op in OPERATORS:
        for a in _values(source, rng, 2)[::2]:
            for b in _values(source, rng, 2)[1::3]:
                left = Cast(Ref(x), ctype) if source != ctype else Ref(x)
                right_type = ctype
                right = Const(ctype.wrap(b), right_type)
                result_type = MODEL.int if op in ("==", "!=", "<", "<=", ">", ">=") else ctype
                expression = Binary(op, left, right, result_type)
                expected = _reference(expression, {x: a})
                # None on both sides: undefined behaviour (signed overflow, division by zero,
                # shifts out of range) is reported by the encoder exactly where it happens
                assert _evaluate(BitVectors(), expression, {x: a}) == expected, (op, a, b)
                # (the integer theory declines a constant divisor 0: nothing to compare)
                if _obstacle_in(expression) is None and not (op in ("/", "%") and b == 0):
                    assert _evaluate(Integers(), expression, {x: a}) == expected, (op, a, b)
                compared += expected is not None
    assert compared > 150


@pytest.mark.parametrize("source_name", TYPES)
def test_casts_and_unary_operators_agree(source_name):
    rng = random.Random(source_name)
    source = MODEL.types[source_name]
    x = Variable("x#0", "x", source)
    for a in _values(source, rng, 3)[::2]:
        for target_name in TYPES:
            target = MODEL.types[target_name]
            expression = Cast(Ref(x), target)
            expected = _reference(expression, {x: a})
            assert _evaluate(BitVectors(), expression, {x: a}) == expected
            assert _evaluate(Integers(), expression, {x: a}) == expected
        promoted = MODEL.promote(source)
        for op in ("-", "~", "!"):
            expression = Unary(op, Cast(Ref(x), promoted), MODEL.int if op == "!" else promoted)
            expected = _reference(expression, {x: a})
            assert _evaluate(BitVectors(), expression, {x: a}) == expected
            assert _evaluate(Integers(), expression, {x: a}) == expected


def test_two_variables_in_the_integer_theory():
    """Sums and differences of two variables: unsigned ones wrap exactly as in C, signed ones
    out of range are undefined behaviour in both."""
    rng = random.Random(7)
    for type_name in ("int", "unsigned int", "long long", "unsigned long long"):
        ctype = MODEL.types[type_name]
        x, y = Variable("x#0", "x", ctype), Variable("y#1", "y", ctype)
        for op in ("+", "-", "<", ">="):
            result_type = MODEL.int if op in ("<", ">=") else ctype
            expression = Binary(op, Ref(x), Ref(y), result_type)
            for a in _values(ctype, rng, 5):
                for b in _values(ctype, rng, 2):
                    expected = _reference(expression, {x: a, y: b})
                    assert _evaluate(Integers(), expression, {x: a, y: b}) == expected


@pytest.mark.parametrize("op,reason", [("*", "product of two variables"), ("/", "by a variable"),
                                       ("<<", "by a variable"), ("|", "bitwise")])
def test_integer_theory_declines_what_it_cannot_represent(op, reason):
    ctype = MODEL.int
    x, y = Variable("x#0", "x", ctype), Variable("y#1", "y", ctype)
    assert reason in _obstacle_in(Binary(op, Ref(x), Ref(y), ctype))
    assert "bitwise" in _obstacle_in(Binary("&", Ref(x), Const(6, ctype), ctype))
    assert _obstacle_in(Binary("&", Ref(x), Const(7, ctype), ctype)) is None
