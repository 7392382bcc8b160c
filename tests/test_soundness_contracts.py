"""The soundness campaign's function contracts (bench/soundness/contractgen.py): the ground truth
checks `requires` at the function's entry and `ensures` after every return, in ACSL's reading
(a formal in `ensures` is its entry value, `\\old(e)` the entry value of e, `\\result` the
returned value in the return type, integers mathematical)."""
from __future__ import annotations

from pathlib import Path

from test_soundness_campaign import _draw, _program  # noqa: E402 (puts bench/ on the path)

from soundness import cprog as c  # noqa: E402
from soundness.analysis import locations  # noqa: E402
from soundness.contractgen import Contract, contract_entry  # noqa: E402
from soundness.expect import expectation  # noqa: E402
from soundness.truth import ground_truth  # noqa: E402


def test_contract_truth(tmp_path: Path) -> None:
    a = c.Var("a", c.INT, scope="param")
    f = c.Func("f", c.INT, [a], [c.Assign(c.Ref(a), "+=", c.Const("1")), c.Return(c.Ref(a))],
               fid=1)
    x, draw, site = _draw("x", c.INT, 0, 2, 0)
    program = _program(draw + [c.Decl(c.Var("r", c.INT), c.Call(f, [c.Ref(x)]))], [site], (f,))
    entry = next(loc for loc in locations(program) if loc.stmt is f.body[0])
    texts = [("0 <= {a} && {a} <= 2", None), (None, "{res} == {old:a} + 1"),
             (None, "{a} == {old:a}"), (None, "{res} + 1 > {res}"),
             (None, "{res} <= 2"), ("{a} <= 1", None)]
    contracts = [Contract(k, entry, c.Const("1"), "", func=f, requires=r, ensures=e, name="f")
                 for k, (r, e) in enumerate(texts)]
    missing = Contract(len(texts), entry, c.Const("1"), "", func=f, ensures="{res} > 0",
                       placed=False, name="g")
    truth = ground_truth(program, [], tmp_path, contracts=contracts)
    assert not truth.doubtful, truth.doubtful
    for facts in truth.models.values():
        e = expectation(facts, contracts + [missing])
        assert e.holds == [True, True, True, True, False, False, False]
        assert e.refuted == [False, False, False, False, True, True, False]
    text = contract_entry(contracts[1], program.render(), "prog.c")
    assert 'ensures: "\\\\result == \\\\old(a) + 1"' in text and "function: f}" in text


def test_contract_truth_wide_values_and_globals(tmp_path: Path) -> None:
    """Leaves of 64 bits and globals with `\\old`, in a function called twice: the ground
    truth is mathematical (an `unsigned long long` at its maximum is not -1, its successor is
    2^64, not 0) and reads a global at the return against its entry value."""
    g = c.Var("g", c.ULLONG, scope="global")
    a = c.Var("a", c.ULLONG, scope="param")
    f = c.Func("f", c.ULLONG, [a], [c.Assign(c.Ref(g), "+=", c.Const("1")),
                                     c.Return(c.Binary("+", c.Ref(a), c.Const("1")))], fid=1)
    x, draw, site = _draw("x", c.ULLONG, 2**64 - 2, 2**64 - 1, 0)
    program = _program(draw + [c.Decl(c.Var("r", c.ULLONG), c.Call(f, [c.Ref(x)])),
                               c.Decl(c.Var("s", c.ULLONG), c.Call(f, [c.Ref(x)]))],
                       [site], (f,))
    program.globals.append(c.Decl(g, None))
    entry = next(loc for loc in locations(program) if loc.stmt is f.body[0])
    top = 2**64 - 1
    texts = [(None, "{res} == {a} + {n:1}", False),          # 2^64 at the top, C gives 0
             (None, "{res} + {n:1} > {res}", True),          # mathematical integers
             (None, f"{{res}} == {{n:{top}}} || {{res}} == {{n:0}}", True),
             (f"{{a}} <= {{n:{top - 1}}}", None, False),
             (f"{{n:{top - 1}}} <= {{a}}", None, True),
             (None, "{g} == {old:g} + {n:1}", True),         # g at the return vs at entry
             (None, "{g} == {old:g}", False),
             (None, "{old:g} <= {n:0}", False)]              # 1 at the second call
    contracts = [Contract(k, entry, c.Const("1"), "", func=f, requires=r, ensures=e, name="f",
                          globals_=[g]) for k, (r, e, _) in enumerate(texts)]
    assert all(contract.wide() for contract in contracts)
    truth = ground_truth(program, [], tmp_path, contracts=contracts)
    assert not truth.doubtful, truth.doubtful
    for facts in truth.models.values():
        e = expectation(facts, contracts)
        assert e.holds == [holds for _, _, holds in texts]
        assert e.refuted == [not holds for _, _, holds in texts]
    text = contract_entry(contracts[5], program.render(), "prog.c")
    assert 'ensures: "g == \\\\old(g) + 1"' in text
