"""`semantics/ranges.py` against C's integer arithmetic, evaluated exactly in Python.

Random expression trees over every integer type (the conversions, `+ - *`, unary `-`,
conditionals) are evaluated on the extreme values of their variables and constants and on
random ones.  Whatever an evaluation meets before its first signed overflow must lie in the
range `value_range` gives, and an operation that `cannot_overflow` says cannot overflow must
never overflow: the encoder drops its overflow target on that word alone.  The programs of
`test_adversarial_widened.py` check the same against gcc on whole programs.
"""
from __future__ import annotations

import random

import pytest

from validator.semantics.c_types import DataModel
from validator.semantics.ir import ARITHMETIC, Binary, Cast, Cond, Const, Ref, Unary, Variable
from validator.semantics.ranges import cannot_overflow, value_range

TYPES = [t for name, t in DataModel("LP64").types.items() if "128" not in name]


class Overflow(Exception):
    pass


def converted(value: int, ctype) -> int:
    """C11 6.3.1.2 and 6.3.1.3 (gcc's modular conversion to a signed type)."""
    if ctype.is_bool:
        return int(value != 0)
    return ctype.wrap(value)


def evaluate(e, env: dict, seen: list) -> int:
    """The value of `e`; every subexpression's value is appended to `seen` with it."""
    if isinstance(e, Const):
        value = e.value
    elif isinstance(e, Ref):
        value = env[e.var.uid]
    elif isinstance(e, Cast):
        value = converted(evaluate(e.arg, env, seen), e.type)
    elif isinstance(e, Cond):
        chosen = e.then if evaluate(e.cond, env, seen) != 0 else e.otherwise
        value = converted(evaluate(chosen, env, seen), e.type)
    else:
        if isinstance(e, Unary):
            exact = -evaluate(e.arg, env, seen)
        else:
            exact = ARITHMETIC[e.op](evaluate(e.left, env, seen), evaluate(e.right, env, seen))
        if e.type.signed and not e.type.min <= exact <= e.type.max:
            raise Overflow(e)
        value = converted(exact, e.type)
    seen.append((e, value))
    return value


def operand(rng: random.Random, ctype, depth: int, variables: list):
    """An expression of `ctype`: what the lowering gives an operand (converted when needed)."""
    e = expression(rng, depth, variables)
    return e if e.type is ctype else Cast(e, ctype)


def expression(rng: random.Random, depth: int, variables: list):
    choice = rng.random() if depth > 0 else rng.random() * 0.35
    ctype = rng.choice(TYPES)
    if choice < 0.2:
        var = rng.choice(variables)
        return Ref(var)
    if choice < 0.35:
        return Const(rng.choice(interesting(ctype)), ctype)
    if choice < 0.5:
        return Cast(expression(rng, depth - 1, variables), ctype)
    if choice < 0.6:
        return Unary("-", operand(rng, ctype, depth - 1, variables), ctype)
    if choice < 0.7:
        return Cond(expression(rng, depth - 1, variables),
                    operand(rng, ctype, depth - 1, variables),
                    operand(rng, ctype, depth - 1, variables), ctype)
    op = rng.choice(sorted(ARITHMETIC))
    return Binary(op, operand(rng, ctype, depth - 1, variables),
                  operand(rng, ctype, depth - 1, variables), ctype)


def interesting(ctype) -> list:
    low, high = ctype.min, ctype.max
    return [low, low + 1, -1 if ctype.signed else 2, 0, 1, high - 1, high]


def subexpressions(e):
    yield e
    for child in (getattr(e, name, None) for name in ("arg", "left", "right", "cond", "then",
                                                       "otherwise")):
        if child is not None:
            yield from subexpressions(child)


@pytest.mark.parametrize("seed", range(12))
def test_ranges_hold_and_excluded_overflows_never_happen(seed):
    rng = random.Random(seed)
    excluded = 0
    for _ in range(150):
        variables = [Variable(f"v{i}", f"v{i}", rng.choice(TYPES)) for i in range(3)]
        e = expression(rng, 4, variables)
        safe = {id(s) for s in subexpressions(e)
                if isinstance(s, (Binary, Unary)) and cannot_overflow(s)}
        excluded += len(safe)
        for _ in range(60):
            env = {v.uid: rng.choice(interesting(v.type) + [rng.randint(v.type.min, v.type.max)])
                   for v in variables}
            seen: list = []
            try:
                evaluate(e, env, seen)
            except Overflow as stop:
                assert id(stop.args[0]) not in safe, "an excluded overflow happened"
            for sub, value in seen:
                low, high = value_range(sub)
                assert low <= value <= high, (sub, value, (low, high))
    assert excluded > 0          # the test exercises the rule, not only its refusals


def test_widened_int_product_is_excluded_and_a_third_factor_is_not():
    model = DataModel("ILP32")
    int_, long_long = model.types["int"], model.types["long long"]
    a, b, c = (Ref(Variable(n, n, int_)) for n in "abc")
    product = Binary("*", Cast(a, long_long), Cast(b, long_long), long_long)
    assert cannot_overflow(product)
    assert value_range(product) == (-(2 ** 31) * (2 ** 31 - 1), 2 ** 62)
    assert not cannot_overflow(Binary("*", product, Cast(c, long_long), long_long))
    assert not cannot_overflow(Binary("*", a, b, int_))


@pytest.mark.parametrize("seed", range(4))
def test_a_memo_gives_the_ranges_found_without_it(seed):
    # the encoder's memo (by identity, kept with the expression): the same ranges and
    # verdicts whatever order the subexpressions are asked in, subtrees shared or not
    rng = random.Random(seed)
    for _ in range(150):
        variables = [Variable(f"v{i}", f"v{i}", rng.choice(TYPES)) for i in range(3)]
        e = expression(rng, 5, variables)
        if rng.random() < 0.5 and isinstance(e, Binary):      # a subtree used twice
            e = Binary(e.op, e.left, e.left, e.type)
        subs = list(subexpressions(e))
        rng.shuffle(subs)
        memo: dict = {}
        for s in subs:
            assert value_range(s, memo) == value_range(s)
            if isinstance(s, (Binary, Unary)):
                assert cannot_overflow(s, memo) == cannot_overflow(s)


def test_a_long_sum_is_ranged_in_linear_time():
    # 3,000 nested additions: each operand's range found once (without the memo, every
    # level ranged the whole subtree below it again: 4.5 million calls)
    import validator.semantics.ranges as ranges
    model = DataModel("ILP32")
    long_long = model.types["long long"]
    a = Ref(Variable("a", "a", model.types["int"]))
    e = Cast(a, long_long)
    sums = []
    for _ in range(3000):
        e = Binary("+", e, Cast(a, long_long), long_long)
        sums.append(e)
    calls = 0
    inner = ranges._value_range

    def counted(*args):
        nonlocal calls
        calls += 1
        return inner(*args)
    memo: dict = {}
    ranges._value_range = counted
    try:
        assert all(cannot_overflow(s, memo) for s in sums)
    finally:
        ranges._value_range = inner
    assert calls <= 4 * len(sums)
