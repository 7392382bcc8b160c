"""Candidate lemmas about pointers and objects, for Houdini (`cfa/pointers.py` lowers a pointer
to a base and an offset variable, an object to a base variable and its storage).

A loop that walks an array through a pointer (`for (i = 0; i < n; i++) a[i] = ...` with
`int *a = malloc(n * sizeof(int))`, or an array parameter of an inlined function) is safe only
because the pointer still points to the object (`a.base == object`, `a.offset == 0`) and the
object has the size the loop counts to (`size == n`).  Random testing rarely samples such
states (arrays too large to simulate), and the sampled templates see only a few variables per
cut point, so these are guessed from the program's structure, at every cut point: for each
pointer variable and each object of its target type `p.base == o.base`, `p.offset == 0`,
`p.offset >= 0`; for each integer variable v `v >= 0`, and for each array object
`v <= size` (and `size == v` where the size is a variable).  Guesses only: Houdini keeps an inductive subset, nothing is assumed unproven.
"""
from __future__ import annotations

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import ArrayType, IntType, element_type
from ..semantics.theories import BitVectors

Lemma = tuple[object, z3.BoolRef]


def memory_lemmas(ts: TransitionSystem) -> dict[int, list[Lemma]]:
    """Candidates at every cut point but the entry (cut point -> [(key, lemma)])."""
    cfa = ts.cfa
    if not cfa.objects:
        return {}
    theory = ts.theory
    sizes = [(storage, storage.type.dims[0]) for _, storage in cfa.objects
             if isinstance(storage.type, ArrayType)]
    # the program's integer variables (not ours: pointer halves, object bases, temporaries)
    ours = {s for _, s in sizes if not isinstance(s, int)} | {b for b, _ in cfa.objects} | \
        {v for b, o, _ in cfa.pointers for v in (b, o)}
    scalars = [v for v in ts.variables if isinstance(v.type, IntType) and v not in ours
               and not v.name.startswith("__") and not v.name.endswith("::return")
               and v.name not in ("postfix", "logical", "conditional", "switch", "value")]

    def number(var):
        """The variable's value as a term comparable across integer types."""
        term = ts.inputs[var]
        if isinstance(theory, BitVectors):
            return theory.index(term, var.type)
        return term

    found: dict[int, list[Lemma]] = {}
    for cut in ts.blocks:
        if cut == cfa.entry:
            continue
        lemmas: list[Lemma] = []
        for base, offset, target in cfa.pointers:
            b, o = ts.inputs[base], ts.inputs[offset]
            zero = theory.const(0, offset.type)
            lemmas.append((("memory", cut, f"{offset!r} == 0"),
                           theory.compare("==", o, zero, offset.type)))
            lemmas.append((("memory", cut, f"{offset!r} >= 0"),
                           theory.compare(">=", o, zero, offset.type)))
            for object_base, storage in cfa.objects:
                element = element_type(storage.type)
                if target is not None and element != target:
                    continue
                lemmas.append((("memory", cut, f"{base!r} == {object_base!r}"),
                               theory.compare("==", b, ts.inputs[object_base], base.type)))
        for v in scalars:
            lemmas.append((("memory", cut, f"{v!r} >= 0"),
                           number(v) >= theory_zero(theory)))
        for storage, size in sizes:
            n = theory_number(theory, size) if isinstance(size, int) else number(size)
            for v in scalars:
                lemmas.append((("memory", cut, f"{v!r} <= {size}"), number(v) <= n))
                if not isinstance(size, int):
                    lemmas.append((("memory", cut, f"{size!r} == {v!r}"), n == number(v)))
        if cfa.object_counter is not None:
            # the counter of base numbers stays far from its end where objects are created a
            # bounded number of times (`more than ... objects` is a cut-off target)
            counter = ts.inputs[cfa.object_counter]
            for k in range(1, len(cfa.objects) + 2):
                lemmas.append((("memory", cut, f"objects <= {k}"), theory.compare(
                    "<=", counter, theory.const(k, cfa.object_counter.type),
                    cfa.object_counter.type)))
        if lemmas:
            found[cut] = lemmas
    return found


def theory_number(theory, value: int):
    """A constant comparable with `number`'s terms."""
    return theory.index_const(value) if isinstance(theory, BitVectors) else z3.IntVal(value)


def theory_zero(theory):
    return theory_number(theory, 0)
