"""Quantified lemmas made quantifier-free for one query, by instantiation (Bradley and Manna's
array property fragment, in its simplest form).

A hypothesis `forall x. B(x)` is replaced by B(t) for every index term t that the query reads
or writes an array at (converted to x's sort), and a goal `not forall x. B(x)` by not B(k) for
a fresh constant k (Skolem), whose index terms join the others.  The instances follow from the
hypothesis, so a query that is unsatisfiable with them is unsatisfiable with the hypothesis:
that is the only conclusion drawn from it (`houdini.py`).  A satisfiable answer proves nothing
(the model may break the quantified hypothesis at another element); Houdini then drops the
candidate, which costs a lemma, never a wrong proof.  Asked with the quantifiers, z3 often
spends seconds on such a query and answers `unknown`.
"""
from __future__ import annotations

from typing import Optional

import z3


def instantiated(hypotheses: list[z3.BoolRef], goals: list[z3.BoolRef]
                 ) -> Optional[tuple[list[z3.BoolRef], list[z3.BoolRef]]]:
    """(quantifier-free formulas implied by the hypotheses, each goal quantifier-free and
    equisatisfiable with it), or None when some quantifier cannot be treated so (more than
    one bound variable, or one below the top).  The goals are formulas that should be
    unsatisfiable with the hypotheses (negated lemmas); instances are made at their index
    terms too."""
    formulas, skolems, ground = [], [], []
    for goal in goals:
        goal, skolem = _skolemised(goal)
        if goal is None:
            return None
        if skolem is not None:
            skolems.append(skolem)
        ground.append(goal)
    quantified = []
    for h in hypotheses:
        if z3.is_quantifier(h):
            if not h.is_forall() or h.num_vars() != 1:
                return None
            quantified.append(h)
        elif has_quantifier(h):
            return None
        else:
            formulas.append(h)
    if not quantified:
        return formulas, ground
    terms = _index_terms(formulas) + _index_terms(ground) + skolems
    for h in quantified:
        sort = h.var_sort(0)
        seen = set()
        for t in terms:
            value = _converted(t, sort)
            if value is None:
                continue
            value = z3.simplify(value)
            if value.get_id() in seen:
                continue
            seen.add(value.get_id())
            formulas.append(z3.substitute_vars(h.body(), value))
    return formulas, ground


def _skolemised(goal: z3.BoolRef):
    """(goal with a top `not forall x` replaced by its Skolem instance, the constant), or
    (None, None) where a quantifier sits elsewhere."""
    if z3.is_not(goal) and z3.is_quantifier(goal.arg(0)):
        q = goal.arg(0)
        if not q.is_forall() or q.num_vars() != 1:
            return None, None
        k = z3.FreshConst(q.var_sort(0), "skolem")
        return z3.Not(z3.substitute_vars(q.body(), k)), k
    if has_quantifier(goal):
        return None, None
    return goal, None


_QUANTIFIED: dict[int, tuple] = {}      # formula id -> (the formula, kept alive; the answer)
QUANTIFIED_MEMORY = 200_000


def has_quantifier(term: z3.ExprRef) -> bool:
    """Whether a quantifier occurs in the term (remembered per term: a block's formula is
    asked about for every candidate)."""
    entry = _QUANTIFIED.get(term.get_id())
    if entry is None:
        # a witness of 20000 invariants asks about 60000 lemmas, some twice: a smaller bound
        # emptied the memory before they were asked again (twice the searches)
        if len(_QUANTIFIED) > QUANTIFIED_MEMORY:
            _QUANTIFIED.clear()
        entry = _QUANTIFIED[term.get_id()] = (term, _search_quantifier(term))
    return entry[1]


def _search_quantifier(term: z3.ExprRef) -> bool:
    """z3's `has-quantifiers` probe: its walk in C (a quantifier or lambda anywhere) takes a
    tenth of the time of the walk in Python through the API (13 against 119 microseconds a
    lemma; Houdini's split of a witness of 20000 invariants 0.99 -> 0.68 s).  A goal keeps
    its formulas' conjuncts as they are, except that a `false` among them leaves it
    inconsistent with no formulas: then the walk in Python."""
    goal = z3.Goal(ctx=term.ctx)
    goal.add(term)
    if goal.inconsistent():
        return _walk_for_quantifier(term)
    return z3.Probe("has-quantifiers", term.ctx)(goal) != 0.0


def _walk_for_quantifier(term: z3.ExprRef) -> bool:
    seen = set()
    stack = [term]
    while stack:
        e = stack.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_quantifier(e):
            return True
        if z3.is_app(e):
            stack.extend(e.children())
    return False


_TERMS: dict[int, tuple] = {}      # formula id -> (the formula, kept alive; its index terms)


def _index_terms(formulas: list) -> list:
    """The index of every array read and write in the formulas (remembered per formula: a
    block's formula is asked about once per candidate, and walking it in Python is slow)."""
    found: dict[int, z3.ExprRef] = {}
    for f in formulas:
        entry = _TERMS.get(f.get_id())
        if entry is None:
            if len(_TERMS) > 1000:
                _TERMS.clear()
            entry = _TERMS[f.get_id()] = (f, _walk(f))
        for t in entry[1]:
            found.setdefault(t.get_id(), t)
    return list(found.values())


def _walk(formula: z3.ExprRef) -> list:
    found: dict[int, z3.ExprRef] = {}
    seen = set()
    stack = [formula]
    while stack:
        e = stack.pop()
        if e.get_id() in seen or not z3.is_app(e):
            continue
        seen.add(e.get_id())
        if z3.is_select(e) or z3.is_store(e):
            index = e.arg(1)
            found.setdefault(index.get_id(), index)
        stack.extend(e.children())
    return list(found.values())


def _converted(term: z3.ExprRef, sort: z3.SortRef) -> Optional[z3.ExprRef]:
    """The term in a bit-vector sort of another width: its low bits, or sign-extended (an
    index term is a signed index of INDEX_BITS; a narrower one a C variable's value)."""
    if term.sort() == sort:
        return term
    if not (z3.is_bv_sort(term.sort()) and z3.is_bv_sort(sort)):
        return None
    have, want = term.sort().size(), sort.size()
    if have > want:
        return z3.Extract(want - 1, 0, term)
    return z3.SignExt(want - have, term)
