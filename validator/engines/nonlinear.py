"""Candidate lemmas for programs with nonlinear arithmetic (products of two variables).

A polynomial invariant (`1 == p*s - r*q`, `2*x == y*y + y`) is proven in checked integers
(`theories.CheckedIntegers`), where every signed overflow is an obligation: the proof counts
only if no product overflows, which needs bounds on the factors.  The nla programs multiply
`long long` variables whose magnitude their `int` inputs bound (`1 <= p <= y`,
`-x <= r <= 0` in the extended Euclid), so the product of two such factors fits in 64 bits.
The witness seldom states those bounds, and the general candidates (`candidates.py`, about
400 per cut point) bury them: Houdini over hundreds of candidates with nonlinear hypotheses
ended `unknown` query after query (measured on nla-digbench/egcd: nothing proven in 18 s,
while the witness with the bounds added is proven in 0.5 s).  So this family is small and
aimed at the obligations:

  - factor bounds   f >= k, f <= k           (k in -1, 0, 1)
                    f <= w + c, f >= -w - c,  (c the smallest of 0, 1, 2 that every sample
                    f >= w - c, f <= -w + c    satisfies; w another variable)
    for every variable f that is a factor of a product of two non-constant operands in the
    program or in a witness invariant;
                    f >= MIN, f <= MAX        (the range of a narrower signed type of those
                                               other variables, on a side nothing else bounds)
  - the conjuncts of every witness invariant on their own, so that Houdini keeps the bounds
    a witness states even when its polynomial conjunct is not inductive without more;
  - equalities of degree at most 2 that every sample satisfies (`2*x == y*y + y`): the
    identities an empty witness lacks (nla-digbench/ps2-ll).

Candidates are guesses: Houdini keeps an inductive subset, and the checked cut-point check
(`portfolio.checked_cut_point_check`) accepts its proof only with every overflow obligation
proven.  Terms are mathematical integers (the checked theory), so a candidate means what it
says.
"""
from __future__ import annotations

from typing import Iterable

import z3

from ..semantics.blocks import ERROR, FAIL, OVERFLOW, UB, TransitionSystem
from ..semantics.encode import SIGNED_OVERFLOW
from ..semantics.ir import Assign, Assume, Binary, Const, Expr, Variable
from ..semantics.theories import Integers
from .candidates import _affine_equalities, _variables_of, interesting

OFFSETS = (0, 1, 2)
CONSTANT_BOUNDS = (-1, 0, 1)
MAX_PARTNERS = 12          # other variables a factor is bounded by, per cut point
MAX_POLYNOMIAL_VARIABLES = 8   # 8 variables: 44 monomials of degree 1 and 2
SAMPLES_PER_MONOMIAL = 2


def has_products(ts: TransitionSystem) -> bool:
    """Does the program (or a woven invariant) multiply two non-constant operands?"""
    return bool(_factors(ts))


def nonlinear_lemmas(ts: TransitionSystem, samples: dict[int, list[dict]],
                     sites: Iterable) -> dict[int, list[tuple[object, z3.BoolRef]]]:
    """cut point -> [(key, lemma over the inputs)]: factor bounds and equalities of degree 2
    that every sample there satisfies, and the conjuncts of the invariants checked there
    (`sites`: CheckSites)."""
    if not isinstance(ts.theory, Integers):
        return {}
    factors = _factors(ts)
    written = _written_in_loops(ts)
    guessed: dict[int, list[tuple[object, z3.BoolRef]]] = {}
    for site in sites:
        parts = _conjuncts(site.cond)
        if len(parts) > 1:
            guessed.setdefault(site.node, []).extend(
                (("conjunct", site.site, i), ts.lemma(part)) for i, part in enumerate(parts))
    for cut, states in samples.items():
        if not states:
            continue
        present = [v for v in ts.variables if interesting(v) and all(v in s for s in states)]
        bounded = [f for f in present if f in factors]
        # not the parameters and locals of inlined functions (`f::cond`): noise here
        partners = [w for w in present if w not in written and "::" not in w.name]
        partners = partners[:MAX_PARTNERS]
        if bounded:
            guessed.setdefault(cut, []).extend(_factor_bounds(ts, cut, bounded, partners, states))
            # a variable constant in every sample (`s == 1` where the tests seldom took a
            # branch) makes every product with it an accidental equality (egcd: 19 of them,
            # all false, and 12 s of Houdini instead of 1)
            own = [v for v in present if "::" not in v.name
                   and len({state[v] for state in states}) > 1][:MAX_POLYNOMIAL_VARIABLES]
            guessed.setdefault(cut, []).extend(_polynomial_equalities(ts, cut, own, states))
    return guessed


def _polynomial_equalities(ts: TransitionSystem, cut: int, variables: list[Variable],
                           states: list[dict]) -> list:
    """Equalities of degree 2 that every sample satisfies (`2*x == y*y + y`, `a == y*r +
    x*p`): the null space of the samples' monomials (candidates.py's affine equalities over
    monomials instead of variables), affine ones among them (`y == c`, which the factor
    bounds need as much as the products).  With fewer than two distinct samples per monomial
    the null space is mostly accidental (egcd with 46 samples for 45 monomials: 39
    equalities, nearly all false): none then."""
    monomials = [(v,) for v in variables] + [(v, w) for i, v in enumerate(variables)
                                             for w in variables[i:]]
    rows = []
    for state in states:
        row = {m: _product(state, m) for m in monomials}
        if row not in rows:
            rows.append(row)
    if len(rows) < SAMPLES_PER_MONOMIAL * len(monomials):
        return []
    lemmas = []
    for coefficients, constant in _affine_equalities(monomials, rows):
        used = [(m, a) for m, a in zip(monomials, coefficients) if a]
        text = " + ".join(f"{a}*{'*'.join(repr(v) for v in m)}" for m, a in used)
        term = z3.Sum([a * _term(ts, m) for m, a in used]) + constant == 0
        lemmas.append((("polynomial", cut, f"{text} + {constant} == 0"), term))
    return lemmas


def _product(state: dict, monomial: tuple) -> int:
    value = 1
    for v in monomial:
        value *= state[v]
    return value


def _term(ts: TransitionSystem, monomial: tuple):
    term = ts.inputs[monomial[0]]
    for v in monomial[1:]:
        term = term * ts.inputs[v]
    return term


def _written_in_loops(ts: TransitionSystem) -> set[Variable]:
    """Variables that a block from a cut point other than the entry may change: the others
    keep the values they had when the loops began (the inputs, in the nla programs), and
    bound the factors (measured on egcd: bounds against every variable gave 102 candidates
    and 11 s of Houdini on a loaded machine; against these only, 82 and 3 to 7 s; without
    the inlined functions' variables, 50)."""
    changed: set[Variable] = set()
    for cut, block in ts.blocks.items():
        if cut == ts.cfa.entry:
            continue
        for _, out in block.exits.values():
            changed.update(v for v in ts.variables if not z3.eq(out[v], ts.inputs[v]))
    return changed


def _factors(ts: TransitionSystem) -> set[Variable]:
    found: set[Variable] = set()

    def visit(e) -> None:
        if isinstance(e, Binary):
            if e.op == "*" and not _constant(e.left) and not _constant(e.right):
                found.update(_variables_of(e.left) | _variables_of(e.right))
            visit(e.left)
            visit(e.right)
            return
        for attr in ("arg", "cond", "then", "otherwise"):
            child = getattr(e, attr, None)
            if child is not None:
                visit(child)

    for edge in ts.cfa.edges:
        if isinstance(edge.op, Assign):
            visit(edge.op.value)
        elif isinstance(edge.op, Assume):
            visit(edge.op.cond)
    for check in ts.cfa.checks:
        visit(check.cond)
    return found


def _constant(e) -> bool:
    return isinstance(e, Const) or not _variables_of(e)


def _conjuncts(e: Expr) -> list[Expr]:
    if isinstance(e, Binary) and e.op == "&&":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _factor_bounds(ts: TransitionSystem, cut: int, factors: list[Variable],
                   partners: list[Variable], states: list[dict]) -> list:
    lemmas = []
    for f in factors:
        x = ts.inputs[f]
        values = [s[f] for s in states]
        bounded = set()             # the sides ("<=", ">=") some candidate bounds
        for k in CONSTANT_BOUNDS:
            if all(v >= k for v in values):
                lemmas.append((("factor", cut, f"{f!r} >= {k}"), x >= k))
                bounded.add(">=")
            if all(v <= k for v in values):
                lemmas.append((("factor", cut, f"{f!r} <= {k}"), x <= k))
                bounded.add("<=")
        for w in partners:
            if w is f:
                continue
            y = ts.inputs[w]
            pairs = [(s[f], s[w]) for s in states]
            # (text, term, holds(a, b, c)) for f against w with slack c
            shapes = (("<= {w} + {c}", lambda c: x <= y + c, lambda a, b, c: a <= b + c),
                      (">= -{w} - {c}", lambda c: x >= -y - c, lambda a, b, c: a >= -b - c),
                      (">= {w} - {c}", lambda c: x >= y - c, lambda a, b, c: a >= b - c),
                      ("<= -{w} + {c}", lambda c: x <= -y + c, lambda a, b, c: a <= -b + c))
            for text, term, holds in shapes:
                for c in OFFSETS:
                    if all(holds(a, b, c) for a, b in pairs):
                        name = f"{f!r} " + text.format(w=repr(w), c=c)
                        lemmas.append((("factor", cut, name), term(c)))
                        bounded.add(text[:2])
                        break
        # a side no other candidate bounds: the range of a narrower signed type of the
        # partners (a `long long` counter that follows an `int` bound, ps2's `y <= 2^31 - 1`).
        # Only there: on egcd, whose factors the partners bound, these large constants made
        # Houdini's nonlinear queries slow (8 to 12 s against about 1 s)
        ranges = sorted({(w.type.min, w.type.max) for w in partners
                         if w.type.bits < f.type.bits and w.type.signed})
        for low, high in ranges[:1]:
            if ">=" not in bounded and all(v >= low for v in values):
                lemmas.append((("factor", cut, f"{f!r} >= {low}"), x >= low))
            if "<=" not in bounded and all(v <= high for v in values):
                lemmas.append((("factor", cut, f"{f!r} <= {high}"), x <= high))
    return lemmas


def integer_executions(checked: TransitionSystem, real_cfa, wanted: set,
                       deadline: float) -> dict:
    """Executions found by BMC in checked integers that the real program runs too: target of
    the real program -> counterexample.  Bit-blasting a 64-bit product takes BMC seconds a
    step (geo1: nothing in 0.5 s; a wrong bound at fermat1's first loop head: 10 s at depth
    0); over integers the overflow of `y * z` at depth 12 took 0.5 s.  The checked values are
    the C values up to the first overflow, so a path is a real execution up to there; each is
    kept only when the interpreter (`testing.follow`) runs the real program on its inputs
    into the same end: a signed overflow, the failed check, the error.  What is kept is a
    claim like any engine's (the pipeline replays it); a found UB only names why the answer
    is `unknown` (the verdict core never proves or refutes through it)."""
    from .bmc import bmc
    from .testing import follow
    targets = {(OVERFLOW, key) for kind, key in wanted if kind == UB
               and str(key).startswith(SIGNED_OVERFLOW)}
    targets |= {(kind, key) for kind, key in wanted if kind in (FAIL, ERROR)}
    if not targets:
        return {}
    found = {}
    for (kind, key), counterexample in bmc(checked, targets, deadline).found:
        path = follow(real_cfa, [i["value"] for i in counterexample.get("inputs", [])])
        if kind == OVERFLOW and path.undefined == SIGNED_OVERFLOW:
            counterexample["target"] = dict(counterexample.get("target", {}), kind=UB)
            found[(UB, key)] = counterexample
        elif (kind == FAIL and key in path.failed_sites) or (kind == ERROR and path.reached_error):
            found[(kind, key)] = counterexample
    return found
