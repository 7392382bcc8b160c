"""Candidate lemmas that generalise the program's own conditions on array elements to the
ranges of elements its loops have written (`array_ranges.py`).

A condition of the program that reads array elements at indices of one variable x, such as
`a[i] <= N`, `a[i] == i`, `array[i] == 2*i || array[i] == 0`, `a[i] >= 0 && !b[i]`, is a fact
about "the element at x".  Said of every x whose index lies in a range written so far, it is
often what a loop maintains and what a later loop's assertion needs:

    forall x'. noUB(e(x')) && e(x') in range => C(x')

where e is the index expression of the condition's reads and C the condition with x' for x
(quantifying over x, not over the element, so that `a[i] == i` and `a[2*i]` need no inverse).
The facts are the conditions' comparisons, their negations, and implications between two of
them (`a[i] >= 0 => b[i] != 0`, the shape of a loop that writes b by a test on a), and, for
arrays whose elements may be unwritten (`cfa.indeterminate`), "element x is written" as one
more comparison (`a[i] == 10 => b[i] is written`: a store under a condition).  All are guesses
for Houdini, which keeps an inductive subset: a wrong one costs time, never a wrong proof.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import IntType
from ..semantics.encode import Encoder
from ..semantics.ir import Binary, Const, Load, Ref, Unary, Variable
from .array_ranges import (Range, comparisons, counters, index_expression, index_text,
                           store_ranges, variables_of)

MAX_INDEX_VARIABLES = 2
FACT_CHECK_MS = 100        # to tell a tautology (or a contradiction) from a fact
MAX_ATOMS = 8              # comparisons per quantified variable (their pairs are quadratic)

Lemma = tuple[object, z3.BoolRef]


@dataclass(frozen=True)
class _Atom:
    """A comparison of the program that reads array elements at one index expression."""
    cond: object                   # the IR comparison
    anchor: Variable               # the one scalar variable its reads' indices depend on
    index: object                  # the index expression of its reads
    arrays: frozenset              # the arrays it reads
    text: str
    written: bool = False          # "the element is written" (a flag array's element is 1)


def fact_lemmas(ts: TransitionSystem) -> dict[int, list[Lemma]]:
    """Candidates at every cut point but the entry (cut point -> [(key, lemma)])."""
    ranges = store_ranges(ts)
    facts = []                 # (text, anchor, index, arrays, condition over a state)
    by_anchor: dict[tuple, list[_Atom]] = {}
    for atom in _atoms(ts):
        by_anchor.setdefault((atom.anchor, index_text(atom.index)), []).append(atom)
    for atoms in by_anchor.values():
        atoms = atoms[:MAX_ATOMS]
        for a in atoms:
            if a.written:
                continue                # the fills of `array_lemmas` say it
            for sign in (True, False):
                facts.append((f"{'' if sign else '!'}{a.text}", a, a.arrays,
                              _literal(ts, a, sign)))
        for a, b in combinations(atoms, 2):
            if a.cond is b.cond:
                continue
            if a.written:
                a, b = b, a
            if a.written:
                continue                # two flags: the fills of `array_lemmas` say more
            if b.written and {_described(ts, f) for f in b.arrays} & a.arrays:
                continue                # a condition on an element read: written anyway
            for sa in (True, False):
                for sb in ((True,) if b.written else (True, False)):
                    text = f"{'' if sa else '!'}{a.text} => {'' if sb else '!'}{b.text}"
                    facts.append((text, a, a.arrays | b.arrays,
                                  _implication(ts, _literal(ts, a, sa), _literal(ts, b, sb))))
    facts = [f for f in facts if _informative(f[3](ts.inputs))]
    found: dict[int, list[Lemma]] = {}
    for cut in ts.blocks:
        if cut == ts.cfa.entry:
            continue
        lemmas: dict = {}
        for text, atom, arrays, condition in facts:
            seen = set()
            for b in sorted(arrays, key=repr):
                for r in ranges.get(_described(ts, b), []):
                    if r.text in seen or r.above:       # (counting down: rare, and costly)
                        continue
                    seen.add(r.text)
                    family = f"forall {atom.anchor!r} with {index_text(atom.index)}: {text}"
                    key = ("array fact", cut, f"forall {atom.anchor!r} with "
                           f"{index_text(atom.index)} in {r.text}: {text}", family)
                    lemmas[key] = _quantified(ts, atom, r, condition)
        if lemmas:
            found[cut] = list(lemmas.items())
    return found


def _described(ts: TransitionSystem, b: Variable) -> Variable:
    """The array whose stores describe b's ranges: b itself, or for b's flags of written
    elements the array they flag."""
    for array, flag in ts.cfa.flags.items():
        if flag is b:
            return array
    return b


def _atoms(ts: TransitionSystem) -> list[_Atom]:
    found: dict[str, _Atom] = {}
    steps = counters(ts)
    for e in comparisons(ts):
        for atom in _atom(e, steps):
            found.setdefault(f"{atom.anchor!r}: {atom.text}", atom)
    atoms = list(found.values())
    # "element x is written" for the arrays whose elements may be unwritten
    flags = ts.cfa.flags
    for atom in list(atoms):
        for b in sorted(atom.arrays, key=repr):
            flag = flags.get(b)
            if flag is None or len(b.type.dims) != 1:
                continue
            element = flag.type.element
            cond = Binary("!=", Load(flag, [atom.index]), Const(0, element), _INT)
            written = _Atom(cond, atom.anchor, atom.index, frozenset({flag}),
                            f"written {b!r}[{index_text(atom.index)}]", True)
            found.setdefault(f"{atom.anchor!r}: {written.text}", written)
    return list(found.values())


_INT = IntType("int", 32, True)


def _atom(e: Binary, steps: dict) -> list[_Atom]:
    """The comparison as atoms if every array read in it is of a one-dimensional array at
    one index expression, and there is at least one: one atom per variable of the index
    that loops step (`a[p.offset + i]`: over i), or per variable if none is stepped."""
    loads: list[Load] = []
    if not _plain(e, loads) or not loads:
        return []
    indices = {index_text(load.indices[0]) for load in loads}
    if len(indices) != 1:
        return []
    index = index_expression(loads[0].indices[0])
    if index is None:
        return []
    variables = sorted(variables_of(index), key=repr)
    variables = [v for v in variables if v in steps] or variables
    if len(variables) > MAX_INDEX_VARIABLES:
        return []
    return [_Atom(e, v, index, frozenset(load.var for load in loads), _text(e))
            for v in variables]


def _plain(e, loads: list) -> bool:
    """Whether `e` is integer arithmetic and comparisons over scalars and one-dimensional
    array reads with index expressions (collected in `loads`)."""
    if isinstance(e, (Const, Ref)):
        return isinstance(e.type, IntType)
    if isinstance(e, Load):
        if len(e.var.type.dims) != 1 or index_expression(e.indices[0]) is None or \
                not isinstance(e.type, IntType):
            return False
        loads.append(e)
        return True
    if isinstance(e, Unary):
        return _plain(e.arg, loads)
    if isinstance(e, Binary):
        return _plain(e.left, loads) and _plain(e.right, loads)
    if hasattr(e, "arg") and isinstance(e.type, IntType):       # a cast
        return _plain(e.arg, loads)
    return False


def _text(e) -> str:
    if isinstance(e, Load):
        return f"{e.var!r}[{index_text(e.indices[0])}]"
    if isinstance(e, Binary):
        return f"({_text(e.left)} {e.op} {_text(e.right)})"
    if isinstance(e, Unary):
        return f"{e.op}{_text(e.arg)}"
    if hasattr(e, "arg"):
        return _text(e.arg)
    return index_text(e)


def _informative(fact: z3.BoolRef) -> bool:
    """Whether a fact about one element can be false and can be true: a tautology such as
    `a[i] < n => a[i] <= n` holds over every range and proves nothing, yet costs Houdini a
    query per block (and a contradiction fails at once, after costing one)."""
    for formula in (z3.Not(fact), fact):
        solver = z3.Solver()
        solver.set("timeout", FACT_CHECK_MS)
        solver.add(formula)
        if solver.check() == z3.unsat:
            return False
    return True


def _literal(ts: TransitionSystem, atom: _Atom, sign: bool):
    """(state -> the atom's truth, or its negation); UB in evaluating it is ignored: a
    guess's terms need only be some value."""
    def condition(state: dict) -> z3.BoolRef:
        truth = Encoder(ts.theory).boolean(atom.cond, state)
        return truth if sign else z3.Not(truth)
    return condition


def _implication(ts: TransitionSystem, a, b):
    return lambda state: z3.Implies(a(state), b(state))


def _quantified(ts: TransitionSystem, atom: _Atom, r: Range, condition) -> z3.BoolRef:
    """forall x'. noUB(e(x')) && e(x') in r => condition with x' for x."""
    x = atom.anchor
    bound = z3.Const(f"{x.uid}@element", ts.theory.sort(x.type))
    state = dict(ts.inputs)
    state[x] = bound
    encoder = Encoder(ts.theory)
    element = ts.theory.index(encoder.value(atom.index, state), atom.index.type)
    defined = z3.Not(z3.Or([c for c, _ in encoder.ub])) if encoder.ub else z3.BoolVal(True)
    return z3.ForAll([bound], z3.Implies(z3.And(defined, r.holds(ts.inputs, element)),
                                         condition(state)))
