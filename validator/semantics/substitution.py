"""One substitution applied to many terms.

`z3.substitute` checks, in Python and at every call, that each pair's two terms have one
sort (two `sort()` calls and a comparison per pair) and copies the pairs into C arrays: with
a lemma per cut point and the program's variables as pairs, that was a tenth of Houdini's
time on a witness of thousands of invariants, and BMC's unrolling of a program with a few
hundred variables spent three quarters of its time there (loop-industry-pattern/ofuf_3:
30 of 37 s).  Here the arrays are made once per substitution; z3 itself still refuses pairs
of different sorts (`Z3_substitute` raises a sort error).
"""
from __future__ import annotations

from typing import Sequence

import z3
from z3.z3 import _to_expr_ref


class Substitution:
    """Replace every occurrence of a pair's first term by its second, in any number of
    terms (what `z3.substitute(term, *pairs)` gives for each)."""

    def __init__(self, pairs: Sequence[tuple[z3.ExprRef, z3.ExprRef]]) -> None:
        # the pairs' terms must outlive the C arrays that point to them: `self.pairs` holds them
        self.pairs = list(pairs)
        self.count = len(self.pairs)
        if self.pairs:
            self.context = self.pairs[0][0].ctx
            self.sources = (z3.Ast * self.count)(*(s.as_ast() for s, _ in self.pairs))
            self.targets = (z3.Ast * self.count)(*(t.as_ast() for _, t in self.pairs))

    def __call__(self, term: z3.ExprRef) -> z3.ExprRef:
        if not self.count:
            return term
        return _to_expr_ref(z3.Z3_substitute(self.context.ref(), term.as_ast(), self.count,
                                             self.sources, self.targets), self.context)

    def all(self, terms: Sequence[z3.ExprRef]) -> list[z3.ExprRef]:
        return [self(term) for term in terms]


def substituted(terms: Sequence[z3.ExprRef],
                pairs: Sequence[tuple[z3.ExprRef, z3.ExprRef]]) -> list[z3.ExprRef]:
    """Each of `terms` with every occurrence of a pair's first term replaced by its second
    (what `z3.substitute(term, *pairs)` gives for each)."""
    if not pairs or not terms:
        return list(terms)
    return Substitution(pairs).all(terms)
