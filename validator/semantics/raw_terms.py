"""Conjunctions and equalities of many terms made through z3's C API.

`z3.And(*terms)` coerces its arguments in Python: a `sort()` call, a sort comparison and a
join per argument; `a == b` does the same per pair.  BMC's transition relation states one
equality per program variable and per block exit and step: for a program with a few hundred
variables that was two thirds of BMC's time (loop-industry-pattern/ofuf_3: 25 of 34 s).
These helpers take terms that are already z3 terms of the right sorts (Booleans for
`conjunction`, one sort per pair for `equalities`); z3 itself still refuses others with a
sort error.  `And` and `Or` are `z3.And` and `z3.Or` with that shortcut where every argument
is a z3 Boolean term (the block encoder's path conditions: a seventh of the encoding of a
witness with thousands of invariants), and z3's own functions for anything else; `Not` and
`Implies` likewise, and `assert_all` for `Solver.add`.  `is_false` and `is_true` are z3's, in
one call of its C API.
"""
from __future__ import annotations

from typing import Sequence

import z3
from z3.z3 import _to_expr_ref


def conjunction(terms: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """`z3.And(*terms)` for Boolean z3 terms (true for none)."""
    if not terms:
        return z3.BoolVal(True)
    return _applied(z3.Z3_mk_and, terms)


def And(*arguments) -> z3.BoolRef:
    """`z3.And(*arguments)`, a single list of arguments too."""
    terms = _terms(arguments)
    return _applied(z3.Z3_mk_and, terms) if terms else z3.And(*arguments)


def Or(*arguments) -> z3.BoolRef:
    """`z3.Or(*arguments)`, a single list of arguments too."""
    terms = _terms(arguments)
    return _applied(z3.Z3_mk_or, terms) if terms else z3.Or(*arguments)


def Not(term) -> z3.BoolRef:
    """`z3.Not(term)`, made directly for a z3 Boolean."""
    if not isinstance(term, z3.BoolRef):
        return z3.Not(term)
    context = term.ctx
    return _to_expr_ref(z3.Z3_mk_not(context.ref(), term.as_ast()), context)


def Implies(premise, conclusion) -> z3.BoolRef:
    """`z3.Implies(premise, conclusion)`, made directly for z3 Booleans."""
    if not (isinstance(premise, z3.BoolRef) and isinstance(conclusion, z3.BoolRef)):
        return z3.Implies(premise, conclusion)
    context = premise.ctx
    return _to_expr_ref(z3.Z3_mk_implies(context.ref(), premise.as_ast(), conclusion.as_ast()),
                        context)


def _terms(arguments: tuple) -> Sequence[z3.BoolRef]:
    """The arguments of `And`/`Or` (one list, as z3 takes it, or several) where they are all
    z3 Booleans, else none (z3's own function then coerces them)."""
    terms = arguments[0] if len(arguments) == 1 and isinstance(arguments[0], (list, tuple)) \
        else arguments
    return terms if terms and all(isinstance(t, z3.BoolRef) for t in terms) else ()


def _applied(make, terms: Sequence[z3.BoolRef]) -> z3.BoolRef:
    context = terms[0].ctx
    array = (z3.Ast * len(terms))(*(t.as_ast() for t in terms))
    return _to_expr_ref(make(context.ref(), len(terms), array), context)


def assert_all(solver: z3.Solver, formulas: Sequence) -> None:
    """`solver.add(formulas)`, each z3 Boolean asserted directly (z3's `add` makes a Boolean
    sort and casts to it per formula)."""
    context, native = solver.ctx.ref(), solver.solver
    for formula in formulas:
        if isinstance(formula, z3.BoolRef):
            z3.Z3_solver_assert(context, native, formula.as_ast())
        else:
            solver.add(formula)


def is_false(term: z3.ExprRef) -> bool:
    """`z3.is_false(term)` in one call of z3's C API (z3's makes four and a wrapper object;
    the block encoder asks it of every node and every undefined-behaviour condition)."""
    return z3.Z3_get_bool_value(term.ctx_ref(), term.as_ast()) == z3.Z3_L_FALSE


def is_true(term: z3.ExprRef) -> bool:
    """`z3.is_true(term)` in one call of z3's C API."""
    return z3.Z3_get_bool_value(term.ctx_ref(), term.as_ast()) == z3.Z3_L_TRUE


def equalities(left: Sequence[z3.ExprRef], right: Sequence[z3.ExprRef]) -> list[z3.BoolRef]:
    """`[a == b for a, b in zip(left, right)]` for z3 terms of one sort per pair."""
    if not left:
        return []
    context = left[0].ctx
    reference = context.ref()
    return [_to_expr_ref(z3.Z3_mk_eq(reference, a.as_ast(), b.as_ast()), context)
            for a, b in zip(left, right)]
