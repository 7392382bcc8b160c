"""Would a function contract help Spacer if it were stated at the call sites?  (issue 17)

The Horn clauses of `int mult(int a, int b) { if (b == 0) return 0; return a + mult(a, b - 1); }`
called as `mult(a, a) != 2` from main with 0 <= a <= 1000, written by hand in the shape
`engines/chc.py` gives them (call and summary predicates, signed overflow an obligation), with
the contract `requires 0 <= a <= 1000 && 0 <= b <= 1000; ensures \\result == a * b &&
0 <= \\result <= 1000 * b` in three ways:
  A  checked and then assumed at the return only (the validator's encoding before
     `semantics/call_contracts.py`);
  B  as A, and the `ensures` also conjoined with the summary at every call site (what
     `semantics/call_contracts.py` does);
  C  no contract.
B has the same least model as A (every summary fact is derived through the return's
assumption, so the conjunct at the call site removes nothing): it can only help Spacer find
the summary.  Usage: python bench/contract_summary_hint.py A|B|C SECONDS
(measured 2026-11-27, 60 s: B sat in 0.2 s; A and C unknown at the limit).
"""
import sys
import time

import z3

variant = sys.argv[1]
I, B = z3.IntSort(), z3.BoolSort()
call = z3.Function("call", I, I, B)
summ = z3.Function("summary", I, I, I, B)
a, b, r, r1 = z3.Ints("a b r r1")
INT_MAX = 2**31 - 1
req = lambda a, b: z3.And(0 <= a, a <= 1000, 0 <= b, b <= 1000)
ens = lambda a, b, r: z3.And(r == a * b, 0 <= r, r <= 1000 * b)
s = z3.SolverFor("HORN")
s.set("timeout", int(sys.argv[2]) * 1000)
s.set("fp.spacer.global", True)


def rule(body, head, vs):
    s.add(z3.ForAll(vs, z3.Implies(body, head)))



contract = variant in "AB"
rule(z3.And(0 <= a, a <= 1000), call(a, a), [a])
if contract:
    rule(z3.And(call(a, b), z3.Not(req(a, b))), z3.BoolVal(False), [a, b])
pre = (lambda a, b: req(a, b)) if contract else (lambda a, b: z3.BoolVal(True))
# base case
rule(z3.And(call(a, b), pre(a, b), b == 0, r == 0, z3.Not(ens(a, b, r)) if contract else z3.BoolVal(False)),
     z3.BoolVal(False), [a, b, r])
rule(z3.And(call(a, b), pre(a, b), b == 0, r == 0, ens(a, b, r) if contract else z3.BoolVal(True)),
     summ(a, b, r), [a, b, r])
# recursive case
rule(z3.And(call(a, b), pre(a, b), b != 0), call(a, b - 1), [a, b])
callee = z3.And(summ(a, b - 1, r1), ens(a, b - 1, r1)) if variant == "B" else summ(a, b - 1, r1)
ovf = z3.Or(a + r1 > INT_MAX, a + r1 < -INT_MAX - 1)
rule(z3.And(call(a, b), pre(a, b), b != 0, callee, ovf), z3.BoolVal(False), [a, b, r1])
step = z3.And(call(a, b), pre(a, b), b != 0, callee, z3.Not(ovf), r == a + r1)
if contract:
    rule(z3.And(step, z3.Not(ens(a, b, r))), z3.BoolVal(False), [a, b, r, r1])
rule(z3.And(step, ens(a, b, r) if contract else z3.BoolVal(True)), summ(a, b, r), [a, b, r, r1])
# main
main_callee = z3.And(summ(a, a, r), ens(a, a, r)) if variant == "B" else summ(a, a, r)
rule(z3.And(0 <= a, a <= 1000, main_callee, r == 2), z3.BoolVal(False), [a, r])
started = time.time()
answer = s.check()
print(variant, answer, "(sat: safe)", round(time.time() - started, 1), "s")
