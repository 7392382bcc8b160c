"""BMC in checked integers before the nonlinear proofs (`nonlinear.integer_executions`,
`portfolio._Search.run`).

A wrong invariant of a program with products must be refuted by the short BMC round over
integers, not left to the bit-vector engines (bit-blasted 64-bit products: 10 s for a
violation at depth 0) after the proofs (27 s).  What that round finds is kept only where the
real program runs into it: checked integers go on past an overflow, where the real program's
behaviour is undefined, so a check that fails only on mathematically larger values is not a
counterexample (the overflow is).
"""
from __future__ import annotations

import time

from validator.engines.nonlinear import integer_executions
from validator.execution.replay import replay
from validator.semantics.blocks import FAIL, UB, TransitionSystem
from validator.semantics.cfa import woven_program_cfa
from validator.semantics.theories import CheckedIntegers

from conftest import PROJECT_ROOT, dedent, invariant_set, position

PROGRAM = dedent("""
    extern int __VERIFIER_nondet_int(void);
    extern void abort(void);
    void reach_error(void) { abort(); }
    int main(void) {
      long long x = __VERIFIER_nondet_int();
      if (x < 0 || x > LIMIT) return 0;
      long long y = x * x;
      y = y * y;
      x = 0;
      return 0;
    }
    """)


def _woven(ws, invariant: str, limit: int):
    text = PROGRAM.replace("LIMIT", str(limit))
    line, column = position(text, "x = 0;")
    _, _, woven = ws.instrument(text, invariant_set([("location_invariant", line, column,
                                                       invariant)]))
    return woven


def _found(woven) -> dict:
    cfa = woven_program_cfa(woven, "ILP32", "reach_error", 2)
    real = TransitionSystem(cfa)
    checked = TransitionSystem(cfa, CheckedIntegers())
    wanted = {(t.kind, t.key) for b in real.blocks.values() for t in b.targets}
    assert (FAIL, 0) in wanted
    return integer_executions(checked, cfa, wanted, time.monotonic() + 60)


def test_a_check_failing_on_a_real_execution_is_found_and_replays(ws):
    # x <= 1000: nothing overflows; x == 32: y == 2^20
    woven = _woven(ws, "y < 1000000", 1000)
    found = _found(woven)
    assert (FAIL, 0) in found
    result = replay(woven, "reach_error", "ILP32", found[(FAIL, 0)]["inputs"])
    assert any(index == 0 for index, _ in result.failed_checks)


def test_a_check_failing_only_past_an_overflow_is_not_a_counterexample(ws):
    # y * y exceeds LLONG_MAX only for |x| >= 55109, where the real program overflows first
    found = _found(_woven(ws, "y < 9223372036854775807LL", 2147483647))
    assert (FAIL, 0) not in found
    assert any(kind == UB for kind, _ in found)


def test_a_shallow_wrong_bound_of_fermat1_is_refuted_at_once(cli, corpus, prp):
    """The strengthened bound `u <= A` (false where u == A + 2, A == 1 at the first loop
    head): `false` within the timeout; the proofs came first and ran to it (27 s)."""
    task = corpus / "sv-benchmarks" / "c" / "nla-digbench" / "fermat1-ll.c"
    witness = PROJECT_ROOT / "tests" / "witness_suite" / "nla-digbench" / "fermat1-ll.off-by-one-3.yml"
    run = cli("--witness", witness, task, "--spec", prp, "--timeout", "20")
    assert run.result == "false(unreach-call)"
