"""Candidate lemmas about floating variables, for Houdini (`candidates.guess_lemmas`).

Random testing samples only integers, so floating variables get lemmas without samples: at
every cut point, for every floating scalar, "not NaN", "finite", and bounds `v <= c`,
`v >= c` with c among the program's floating constants of either sign (rounded to the
variable's format) and 0.  Houdini keeps the inductive ones; a wrong guess costs time only.
"""
from __future__ import annotations

import math

import z3

from ..semantics import fp_terms
from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import FloatType
from .testing import program_constants

MAX_CONSTANTS = 12          # bounds per variable and direction
MAX_VARIABLES = 8


def float_bounds(ts: TransitionSystem) -> dict[int, list[tuple[object, z3.BoolRef]]]:
    """cut point -> [(key, lemma over the template inputs)]."""
    variables = [v for v in ts.variables if isinstance(v.type, FloatType)][:MAX_VARIABLES]
    if not variables:
        return {}
    magnitudes = sorted({abs(c) for c in program_constants(ts.cfa, floating=True)
                         if math.isfinite(c)})[:MAX_CONSTANTS]
    bounds = sorted({s * c for c in magnitudes for s in (1.0, -1.0)})
    lemmas = []
    for v in variables:
        x = ts.inputs[v]
        lemmas.append((("float", v.uid, "not nan"), z3.Not(z3.fpIsNaN(x))))
        lemmas.append((("float", v.uid, "finite"), z3.And(z3.Not(z3.fpIsNaN(x)),
                                                           z3.Not(z3.fpIsInf(x)))))
        for c in bounds:
            term = fp_terms.const(v.type.wrap(c), v.type)
            lemmas.append((("float", v.uid, "<=", c), z3.fpLEQ(x, term)))
            lemmas.append((("float", v.uid, ">=", c), z3.fpGEQ(x, term)))
    return {cut: list(lemmas) for cut in ts.cut_points if cut != ts.cfa.entry}
