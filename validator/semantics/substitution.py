"""One substitution applied to many terms.

`z3.substitute` checks, in Python and at every call, that each pair's two terms have one
sort (two `sort()` calls and a comparison per pair) and copies the pairs into C arrays: with
a lemma per cut point and the program's variables as pairs, that was a tenth of Houdini's
time on a witness of thousands of invariants.  Here the arrays are made once for all the
terms; z3 itself still refuses pairs of different sorts (`Z3_substitute` raises a sort error).
"""
from __future__ import annotations

from typing import Sequence

import z3
from z3.z3 import _to_expr_ref


def substituted(terms: Sequence[z3.ExprRef],
                pairs: Sequence[tuple[z3.ExprRef, z3.ExprRef]]) -> list[z3.ExprRef]:
    """Each of `terms` with every occurrence of a pair's first term replaced by its second
    (what `z3.substitute(term, *pairs)` gives for each)."""
    if not pairs or not terms:
        return list(terms)
    # the pairs' terms must outlive the C arrays that point to them: `pairs` holds them
    context = pairs[0][0].ctx
    count = len(pairs)
    sources = (z3.Ast * count)(*(source.as_ast() for source, _ in pairs))
    targets = (z3.Ast * count)(*(target.as_ast() for _, target in pairs))
    reference = context.ref()
    return [_to_expr_ref(z3.Z3_substitute(reference, term.as_ast(), count, sources, targets),
                         context) for term in terms]
