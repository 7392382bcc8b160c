"""The soundness campaign's ghost witnesses (bench/soundness/ghostgen.py): the ground truth runs
the plan's updates where the validator reads them (a flag on one edge of an `if`, a counter
before a statement, after that statement's invariant checks), and a mutated plan is judged by
its own ground truth."""
from __future__ import annotations

from pathlib import Path

from test_soundness_campaign import _draw, _program  # noqa: E402 (puts bench/ on the path)

from soundness import cprog as c  # noqa: E402
from soundness.analysis import locations  # noqa: E402
from soundness.ghostgen import Ghost, GhostPlan, Update, ghost_entry, with_ghosts  # noqa: E402
from soundness.truth import Invariant, ground_truth  # noqa: E402


def _truth(program, invariants, tmp_path: Path, plan: GhostPlan):
    truth = ground_truth(program, invariants, tmp_path, plan=plan)
    assert not truth.doubtful, truth.doubtful
    return truth.models


def _setup():
    x, draw, site = _draw("x", c.INT, 0, 2, 0)
    y, r = c.Var("y", c.INT), c.Var("r", c.INT)
    branch = c.If(c.Binary(">", c.Ref(x), c.Const("0")), [c.Assign(c.Ref(y), "=", c.Const("1"))])
    read = c.Decl(r, c.Ref(y))
    program = _program(draw + [c.Decl(y, c.Const("0")), branch, read], [site])
    where = locations(program)
    at = {loc.stmt.uid: loc for loc in where if loc.kind == "location"}
    flag, count = c.Var("gh_1", c.INT, scope="global"), c.Var("gh_2", c.INT, scope="global")
    plan = GhostPlan([Ghost(flag, 0), Ghost(count, 5)],
                     [Update(at[branch.uid], flag, "flag", branch=True),
                      Update(at[read.uid], count, "counter")])
    with_ghosts(where, plan)
    end = program.funcs[-1].body[-1]                     # return 0;
    invariants = [
        # the flag is set exactly where the branch is taken
        Invariant(0, at[read.uid], c.Binary("==", c.Ref(flag), c.Ref(y)), ""),
        # the counter is updated after the check at its own location, before the next
        Invariant(1, at[read.uid], c.Binary("==", c.Ref(count), c.Const("5")), ""),
        Invariant(2, at[end.uid], c.Binary("==", c.Ref(count), c.Const("6")), "")]
    return program, plan, invariants


def test_ghost_plan_truth(tmp_path: Path) -> None:
    program, plan, invariants = _setup()
    for facts in _truth(program, invariants, tmp_path, plan).values():
        assert not facts.violated and not facts.ub and facts.executions == 3
        assert {k for k, _ in facts.reached} == {0, 1, 2}


def test_ghost_wrong_branch_is_violated(tmp_path: Path) -> None:
    program, plan, invariants = _setup()
    plan.updates[0].branch = False                       # the mutant "wrong-branch"
    for facts in _truth(program, invariants, tmp_path, plan).values():
        assert facts.violated == {(0, 0)}


def test_ghost_entry_text() -> None:
    program, plan, _ = _setup()
    program.render()                                     # positions
    text = ghost_entry(plan, "8c508694-8f92-4950-a722-f0f1489c34c1")
    assert "action: follow" in text and 'constraint: {value: "true"}' in text
    assert 'value: "gh_2 + 1"' in text and 'initial: {value: "5"' in text
