"""Where paths join inside a block (`semantics/blocks.py`, `_merge`): the path condition they
share is stated once, outside the `Or` of the arrivals and the `If` that selects each
variable's value (issue 21: without it, six independent `if`s made every query of
locks/test_locks_6 take 0.4 s instead of 0.01 s).  That is an equivalence only if the
selection keeps every condition the arrivals add to the shared part: selecting by the last
branch alone, or taking a join of arms that did not come from one branch as its two sides,
gives a wrong value on some path.

`tests/data/adversarial/merges/` has the programs that such a mistake would decide wrongly
(arms left by a goto, `else if` chains, switch fall-through, an overflow on one arm, many
independent flags), each with its gcc ground truth (`-m32` and `-m64`, UBSan traps on, marks
as in `test_adversarial_calls.py`).  `test_verdict` validates them with an empty witness;
`test_encoding_is_the_plain_disjunction` checks, for every block of these programs and of the
differential-test programs, in both data models, that the encoding equals the plain one (`Or`
of the full path conditions, `If` on them) wherever the join is reached.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
import z3

import gt_driver
from conftest import DATA, invariant_set

PROGRAMS = DATA / "adversarial" / "merges"
FALSE = "false(unreach-call)"
INT_MAX = 2147483647


@dataclass(frozen=True)
class Case:
    verdict: str
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks up to the first ub)
    reason: str = ""             # part of the reason of an `unknown`


CASES = {
    "exit_inside_then": Case("true", (([-5], []), ([7], []), ([11], []), ([0], []))),
    "exit_inside_then_unsafe": Case(FALSE, (([7], ["error"]), ([-5], []), ([11], []))),
    "else_if_chain": Case("true", (([5], []), ([-5], []), ([-4], []), ([-3], []), ([0], []))),
    "switch_fallthrough_unsafe": Case(FALSE, (([1], ["error"]), ([2], []), ([3], []))),
    "overflow_on_one_arm": Case("unknown", (([INT_MAX, 1], ["before-add", "ubsan"]),
                                            ([5, 0], ["before-add", "after-add"])),
                                "signed overflow"),
    "six_flags": Case("true", (([1, 1, 1, 1, 1, 1], []), ([1, 0, 1, 0, 1, 0], []),
                               ([0, 0, 0, 0, 0, 0], []), ([3, 1, 1, 1, 1, 1], []))),
    "six_flags_unsafe": Case(FALSE, (([3, 1, 1, 1, 1, 1], ["error"]),
                                     ([3, 1, 1, 1, 1, 0], []), ([1, 1, 1, 1, 1, 1], []))),
}


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    runs = CASES[name].runs
    found = gt_driver.marks_of_runs(source, tmp_path, model, [values for values, _ in runs])
    assert found == [expected for _, expected in runs]


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name, data_model):
    case = CASES[name]
    program = ws.write("prog.c", (PROGRAMS / f"{name}.c").read_text())
    witness = ws.write("witness.yml", invariant_set([]))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "20", "--data-model", data_model)
    reason = json.loads(report.read_text()).get("reason") or ""
    assert run.result == case.verdict, reason
    assert case.reason in reason


# ------------------------------------------------------------------ the encoding itself
def _plain_merge(arrivals):
    """The join as it was before: the `Or` of the arrivals' whole path conditions, and each
    value chosen by `If` on them."""
    if not arrivals:
        return z3.BoolVal(False), {}
    if len(arrivals) == 1:
        return arrivals[0]
    first = arrivals[0][1]
    merged = {}
    for var, term in first.items():
        value = arrivals[-1][1][var]
        for cond, state in reversed(arrivals[:-1]):
            value = z3.If(cond, state[var], value)
        merged[var] = value
    return z3.Or([a for a, _ in arrivals]), merged


def _systems(ws, path, data_model, monkeypatch):
    """The program's transition system with our join, and with the plain one."""
    from validator.semantics import blocks
    from validator.semantics.blocks import TransitionSystem
    from validator.semantics.cfa import woven_program_cfa
    _, _, woven = ws.instrument(path.read_text(), invariant_set([]), data_model=data_model)
    cfa = woven_program_cfa(woven, data_model, "reach_error", 4)
    ours = TransitionSystem(cfa)
    with monkeypatch.context() as patched:
        patched.setattr(blocks, "_merge", _plain_merge)
        plain = TransitionSystem(cfa)
    return ours, plain


def _reached(targets, key) -> z3.BoolRef:
    return z3.Or([z3.BoolVal(False)] + [t.condition for t in targets if (t.kind, t.key) == key])


def _equivalent(claim: z3.BoolRef) -> bool:
    """z3 proves `claim`; where it cannot within seconds (products of bit-vectors under
    different `If` structures), `claim` holds at 300 random points instead (a point where it
    fails is a wrong encoding all the same)."""
    solver = z3.Solver()
    solver.set("timeout", 2000)
    solver.add(z3.Not(claim))
    answer = solver.check()
    if answer != z3.unknown:
        return answer == z3.unsat
    generator = random.Random(21)
    constants = _constants(claim)
    for _ in range(300):
        point = [(c, _random_value(c.sort(), generator)) for c in constants]
        if not z3.is_true(z3.simplify(z3.substitute(claim, *point))):
            return False
    return True


def _constants(term: z3.ExprRef) -> list:
    """The uninterpreted constants of `term`."""
    found, seen, stack = {}, set(), [term]
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            found[t.get_id()] = t
        stack.extend(t.children())
    return list(found.values())


def _random_value(sort: z3.SortRef, generator: random.Random) -> z3.ExprRef:
    if sort.kind() == z3.Z3_BV_SORT:
        bits = sort.size()
        # small values and the edges of the range as often as any value
        value = generator.choice([generator.getrandbits(bits), generator.randrange(-8, 8),
                                  (1 << (bits - 1)) - generator.randrange(2),
                                  1 << (bits - 1)])
        return z3.BitVecVal(value % (1 << bits), bits)
    if sort.kind() == z3.Z3_INT_SORT:
        return z3.IntVal(generator.choice([generator.randrange(-2**33, 2**33),
                                           generator.randrange(-8, 8)]))
    if sort.kind() == z3.Z3_BOOL_SORT:
        return z3.BoolVal(generator.random() < 0.5)
    if sort.kind() == z3.Z3_ARRAY_SORT:
        return z3.K(sort.domain(), _random_value(sort.range(), generator))
    raise TypeError(f"no random values of sort {sort}")


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("path", sorted(PROGRAMS.glob("*.c")) +
                         sorted((DATA / "differential").glob("*.c")), ids=lambda p: p.stem)
def test_encoding_is_the_plain_disjunction(ws, monkeypatch, path, data_model):
    """Every block: the same exits, each reached under the same condition with the same values
    where it is reached, and the same targets, nondet reads and branch steps under the same
    conditions (z3 proves each equivalence)."""
    ours, plain = _systems(ws, path, data_model, monkeypatch)
    assert ours.blocks.keys() == plain.blocks.keys()
    joined_somewhere = False
    for cut, block in ours.blocks.items():
        other = plain.blocks[cut]
        assert block.exits.keys() == other.exits.keys()
        claims = []
        for d, (reach, out) in block.exits.items():
            plain_reach, plain_out = other.exits[d]
            claims.append(reach == plain_reach)
            claims += [z3.Implies(plain_reach, out[v] == plain_out[v]) for v in out]
        # per target, the disjunction of its conditions (the encoder leaves out a condition
        # that z3.simplify shows false, which the simpler terms can make it see)
        keys = {(t.kind, t.key) for t in block.targets + other.targets}
        claims += [_reached(block.targets, key) == _reached(other.targets, key) for key in keys]
        assert len(block.nondets) == len(other.nondets)
        claims += [n.reached == m.reached for n, m in zip(block.nondets, other.nondets)]
        claims += [b.taken == c.taken for b, c in zip(block.branches, other.branches)]
        joined_somewhere |= any(not claim.arg(0).eq(claim.arg(1)) for claim in claims
                                if z3.is_eq(claim))
        for claim in claims:
            assert _equivalent(claim), f"block at cut point {cut}: {claim}"
    # the adversarial programs are there to exercise the join: it must have changed something
    assert joined_somewhere or path.parent != PROGRAMS
