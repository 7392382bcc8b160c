"""Candidate lemmas of our own for Houdini, guessed from the program and from sampled states.

At every cut point the templates below are instantiated over the program's scalar variables
and kept only if every state sampled there by random testing satisfies them:
  - bounds          v >= k, v <= k, v == k        (k: the program's constants and their +-1)
  - orderings       v1 <= v2, v1 < v2, v1 == v2
  - octagons        v1 + v2 <= k, v1 - v2 <= k, ... (k from the program's constants)
  - congruences     v % m == r, (v1 - v2) % m == r  (m: 2, 3, 4, 8, 16, small constants and
                    the powers of two dividing the program's constants)
  - affine equalities  sum a_i * v_i + b == 0 (mod 2^w), from the null space of the samples
  - disjunctions    p || q of two of the program's own conditions (guards, asserted
                    expressions) or their negations, where neither alone holds everywhere
  - accumulations   s - hi * i <= c, s - lo * i >= c for `s += e` and `i++` (hi, lo: the
                    range of e's type; `accumulator_lemmas.py`)
Except for the affine equalities, arithmetic is done on integers wide enough that nothing
wraps, so a candidate means what it says over the mathematical values of the C variables.  Candidates are guesses: Houdini keeps
only an inductive subset, and nothing here is ever assumed unproven.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import gcd
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import IntType
from ..semantics.ir import CFA, Assign, Assume, Binary, Cast, Const, Load, Ref, Unary, Variable
from ..semantics.liveness import live_variables
from ..semantics.theories import Integers
from .accumulator_lemmas import accumulator_lemmas
from .array_lemmas import array_lemmas
from .cells import Cell, affine_sum, cell_lemmas, is_cell_array
from .memory_lemmas import memory_lemmas
from .float_lemmas import float_bounds
from .testing import evaluate, program_constants

MODULI = (2, 3, 4, 8, 16)
TEMPORARIES = {"postfix", "logical", "conditional", "switch", "value"}
COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
MAX_VARIABLES = 10          # per cut point, for the quadratic templates
MAX_EQUALITY_TERMS = 5
BOUNDS_PER_SIDE = 3
MAX_STRIDE_BITS = 30          # of the power-of-two moduli taken from the program's constants


def interesting(var: Variable) -> bool:
    """Program variables and parameters; not our temporaries, nondet results or return values."""
    return isinstance(var.type, IntType) and interesting_name(var)


def interesting_name(var: Variable) -> bool:
    if var.name in TEMPORARIES:
        return False
    name = var.name.split("::")[-1]
    return name != "return" and not var.name.startswith("__")


def program_atoms(cfa: CFA) -> list:
    """The comparisons and negations the program tests or computes (`x < n`, `!(x % 2)`)."""
    found: dict[str, object] = {}

    def visit(e) -> None:
        if isinstance(e, Binary) and e.op in ("&&", "||"):
            visit(e.left)
            visit(e.right)
        elif isinstance(e, Unary) and e.op == "!":
            found.setdefault(repr(_shape(e)), e)
            visit(e.arg)
        elif isinstance(e, Binary) and e.op in COMPARISONS:
            found.setdefault(repr(_shape(e)), e)

    for edge in cfa.edges:
        op = edge.op
        if isinstance(op, Assume):
            visit(op.cond)
        elif isinstance(op, Assign):
            visit(op.value)
    return list(found.values())


def _shape(e):
    """A hashable description of an IR expression (IR nodes compare by identity)."""
    if isinstance(e, Const):
        return ("const", e.value, e.type.name)
    if isinstance(e, Ref):
        return ("ref", e.var.uid)
    parts = [type(e).__name__, getattr(e, "op", None), getattr(getattr(e, "type", None), "name", None)]
    for attr in ("arg", "left", "right", "cond", "then", "otherwise"):
        child = getattr(e, attr, None)
        if child is not None:
            parts.append(_shape(child))
    for index in getattr(e, "indices", []) or []:
        parts.append(_shape(index))
    return tuple(parts)


def _variables_of(e) -> set:
    if isinstance(e, Ref):
        return {e.var}
    if isinstance(e, Load):
        return {e.var} | set().union(*(_variables_of(i) for i in e.indices))
    found = set()
    for attr in ("arg", "left", "right", "cond", "then", "otherwise"):
        child = getattr(e, attr, None)
        if child is not None:
            found |= _variables_of(child)
    return found


class _Terms:
    """z3 terms of the variables at a cut point as mathematical values: the integers of the
    `Integers` theory as they are, bit-vectors sign- or zero-extended to a common width with
    `extra_bits` to spare, so that sums and differences of two cannot wrap."""

    def __init__(self, ts: TransitionSystem, variables: list[Variable], extra_bits: int) -> None:
        self.integers = isinstance(ts.theory, Integers)
        self.width = max(v.type.bits for v in variables) + extra_bits
        self.of = {}
        for v in variables:
            term = ts.inputs[v]
            grow = self.width - v.type.bits
            if not self.integers and grow:
                term = (z3.SignExt if v.type.signed else z3.ZeroExt)(grow, term)
            self.of[v] = term

    def const(self, k: int):
        return z3.IntVal(k) if self.integers else z3.BitVecVal(k, self.width)

    def representable(self, k: int) -> bool:
        return self.integers or -(1 << (self.width - 1)) <= k < 1 << (self.width - 1)

    def mod(self, term, m: int):
        """The mathematical residue in [0, m).  For bit-vectors: the low bits for a power of
        two (cheap for the solver, and right for negative values in two's complement), else
        bvsmod, which takes the divisor's sign."""
        if self.integers:
            return term % m
        if m & (m - 1) == 0:
            bits = m.bit_length() - 1
            return z3.ZeroExt(self.width - bits, z3.Extract(bits - 1, 0, term))
        return term % self.const(m)          # bvsmod


def guess_lemmas(ts: TransitionSystem, samples: dict[int, list[dict]],
                 max_per_cut: int = 400) -> dict[int, list[tuple[object, z3.BoolRef]]]:
    constants = program_constants(ts.cfa)
    atoms = program_atoms(ts.cfa)
    # arrays filled in loops need no samples (random testing cannot simulate large ones)
    guessed: dict[int, list[tuple[object, z3.BoolRef]]] = array_lemmas(ts, samples)
    # so do pointers and the objects they walk (`memory_lemmas`), and floating variables,
    # which are not sampled (bounds from the program's constants)
    for cut, lemmas in list(memory_lemmas(ts).items()) + list(float_bounds(ts).items()):
        guessed[cut] = guessed.get(cut, []) + lemmas
    live = live_variables(ts.cfa)
    for cut, states in samples.items():
        if not states:
            continue
        # not the dead ones: a lemma about a value no later step reads helps no proof, and
        # an inlined function's parameter left behind multiplied the candidates
        variables = [v for v in ts.variables if interesting(v) and v in live.get(cut, ())
                     and all(v in s for s in states)]
        # one-element arrays' elements as scalars: their equalities (`cells.py`)
        cells = [Cell(a) for a in ts.variables if is_cell_array(a) and a in live.get(cut, ())
                 and interesting_name(a) and all(Cell(a) in s for s in states)]
        if not variables and not cells:
            continue
        lemmas = cell_lemmas(ts, cut, variables, cells, states) if cells else []
        lemmas += _for_cut(ts, cut, variables, states, constants)
        lemmas += _conditions_alone(ts, cut, set(variables), states, atoms)
        lemmas += _entry_bounds(ts, cut, variables[:MAX_VARIABLES], states)
        lemmas += _disjunctions(ts, cut, set(variables), states, atoms)
        lemmas += accumulator_lemmas(ts, cut, variables, states)      # s <= 255 * i
        guessed[cut] = guessed.get(cut, []) + lemmas[:max_per_cut]
    return guessed


def _entry_bounds(ts: TransitionSystem, cut: int, variables: list[Variable],
                  states: list[dict], seconds: float = 0.5) -> list:
    """Bounds of v, v + w and v - w over the states that enter the loop at `cut` from outside
    it (the blocks from cut points that `cut` does not reach): `x > -100`, `z < 200` before
    `while (...) { if (*) x++; else { x--; z--; } }` give `x - z >= -298`, which holds ever
    after and bounds the `x--`.  Samples rarely come near such bounds, and the program's
    constants do not spell them.  z3 finds the interval of each variable at the entry (one
    optimisation, each bound on its own); sums and differences follow from the intervals
    (optimising them directly costs ten times more).  Linear integer arithmetic only
    (bit-vector optimisation is too slow for a guess); kept only where every sample agrees
    (Houdini decides the rest)."""
    if not isinstance(ts.theory, Integers) or not states:
        return []
    outside = [b for b in ts.blocks.values() if cut in b.exits and not _reaches(ts, cut, b.cut)]
    if not outside:
        return []
    low: dict[Variable, Optional[int]] = {}
    high: dict[Variable, Optional[int]] = {}
    for block in outside:
        reach, out = block.exits[cut]
        optimiser = z3.Optimize()
        optimiser.set("timeout", int(seconds * 1000))
        optimiser.set("priority", "box")            # every objective on its own
        optimiser.add(ts.well_typed(), reach)
        handles = {v: (optimiser.minimize(out[v]), optimiser.maximize(out[v])) for v in variables}
        if ts.clock.check(optimiser) != z3.sat:
            return []
        for v, (smallest, largest) in handles.items():
            _combine(low, v, smallest.value(), min)
            _combine(high, v, largest.value(), max)
    bounds: dict[str, tuple] = {}      # text -> (term over the inputs, low, high, sample values)
    for v in variables:
        bounds[repr(v)] = (ts.inputs[v], low[v], high[v], [s[v] for s in states])
    for v, w in combinations(variables, 2):
        x, y = ts.inputs[v], ts.inputs[w]
        bounds[f"{v!r} + {w!r}"] = (x + y, _add(low[v], low[w]), _add(high[v], high[w]),
                                          [s[v] + s[w] for s in states])
        bounds[f"{v!r} - {w!r}"] = (x - y, _add(low[v], _minus(high[w])),
                                          _add(high[v], _minus(low[w])),
                                          [s[v] - s[w] for s in states])
    found = []
    for text, (term, smallest, largest, values) in bounds.items():
        if smallest is not None and min(values) >= smallest:
            found.append((("entry", cut, f"{text} >= {smallest}"), term >= smallest))
        if largest is not None and max(values) <= largest:
            found.append((("entry", cut, f"{text} <= {largest}"), term <= largest))
    return found


def _add(a: Optional[int], b: Optional[int]) -> Optional[int]:
    return None if a is None or b is None else a + b


def _minus(a: Optional[int]) -> Optional[int]:
    return None if a is None else -a


def _combine(bounds: dict, key, value: z3.ExprRef, better) -> None:
    """The bound over every entering block so far; None once one leaves it unbounded."""
    if key in bounds and bounds[key] is None:
        return
    if not z3.is_int_value(value):
        bounds[key] = None
    else:
        bounds[key] = value.as_long() if key not in bounds else \
            better(bounds[key], value.as_long())


def _reaches(ts: TransitionSystem, start: int, goal: int) -> bool:
    """Whether the blocks lead from cut point `start` to cut point `goal`."""
    seen, stack = {start}, [start]
    while stack:
        for d in ts.blocks[stack.pop()].exits:
            if d == goal:
                return True
            if d not in seen and d in ts.blocks:
                seen.add(d)
                stack.append(d)
    return False


def _literals(variables: set, states: list[dict], atoms: list) -> list:
    """(atom, negated, truth in each sample) for the program's conditions over the variables
    known here, and their negations."""
    literals = []
    for atom in atoms:
        if not _variables_of(atom) <= variables:
            continue
        truth = [evaluate(atom, dict(s)) for s in states]
        if any(t is None for t in truth):
            continue
        holds = tuple(t != 0 for t in truth)
        literals.append((atom, False, holds))
        literals.append((atom, True, tuple(not h for h in holds)))
    return literals


def _conditions_alone(ts: TransitionSystem, cut: int, variables: set, states: list[dict],
                      atoms: list, limit: int = 20) -> list:
    """The program's conditions (or their negations) true in every sample here.  An outer
    loop's guard holds at the head of its inner loop (`i <= n / 3` in `for (i = 1; i <= n / 3;
    i++) for (j = 3; j >= 1; j--) a[3*i - j] = ...`), and the inner loop's index bound needs
    it; no bound or octagon over the variables spells a guard with a division."""
    out = []
    for atom, negated, holds in _literals(variables, states, atoms):
        if all(holds):
            text = f"{'!' if negated else ''}({_shape_text(atom)})"
            out.append((("guess", cut, text), _literal(ts, atom, negated)))
            if len(out) >= limit:
                break
    return out


def _disjunctions(ts: TransitionSystem, cut: int, variables: set, states: list[dict],
                  atoms: list, limit: int = 60) -> list:
    """`p || q` for conditions p, q of the program (or their negations) over the variables
    known here, true in every sample, where at least one of p, q varies over the samples."""
    literals = _literals(variables, states, atoms)
    out = []
    for (p, p_negated, p_holds), (q, q_negated, q_holds) in combinations(literals, 2):
        # a literal true in every sample may still be false later (samples come from early
        # iterations): pair it with one that varies, not with another that never does
        if p is q or not any(p_holds) or not any(q_holds) or (all(p_holds) and all(q_holds)):
            continue
        if all(a or b for a, b in zip(p_holds, q_holds)):
            formula = z3.Or(_literal(ts, p, p_negated), _literal(ts, q, q_negated))
            text = f"{'!' if p_negated else ''}({_shape_text(p)}) || {'!' if q_negated else ''}({_shape_text(q)})"
            out.append((("guess", cut, text), formula))
            if len(out) >= limit:
                break
    return out


def _literal(ts: TransitionSystem, atom, negated: bool) -> z3.BoolRef:
    """`atom` (or its negation) with no undefined behaviour in evaluating it."""
    encoder = ts.encoder()
    value = encoder.boolean(atom, ts.inputs)
    value = z3.Not(value) if negated else value
    if encoder.ub:
        return z3.And(z3.Not(z3.Or([c for c, _ in encoder.ub])), value)
    return value


def _shape_text(e) -> str:
    if isinstance(e, Const):
        return str(e.value)
    if isinstance(e, Ref):
        return e.var.name
    if isinstance(e, Cast):
        return _shape_text(e.arg)
    if isinstance(e, Unary):
        return f"{e.op}{_shape_text(e.arg)}"
    if isinstance(e, Binary):
        return f"{_shape_text(e.left)} {e.op} {_shape_text(e.right)}"
    return type(e).__name__


def _for_cut(ts, cut, variables, states, constants) -> list:
    out: list[tuple[object, z3.BoolRef]] = []
    names: set = set()
    terms = _Terms(ts, variables, extra_bits=3)     # sums and differences of two
    values = {v: [s[v] for s in states] for v in variables}
    constants = [k for k in constants if terms.representable(k)]

    def add(text: str, formula: z3.BoolRef) -> None:
        if text not in names:
            names.add(text)
            out.append((("guess", cut, text), formula))

    # affine equalities first: the strongest and fewest.  With bit-vectors they are stated
    # modulo 2^w in the variables' own width w: over mathematical integers the solver would
    # have to show that nothing overflows, which bit-blasting does very badly; modulo 2^w,
    # preservation by the program's own wrapping arithmetic is word-level rewriting.
    for coefficients, constant in _affine_equalities(variables, states):
        used = [(v, a) for v, a in zip(variables, coefficients) if a]
        text = " + ".join(f"{a}*{v!r}" for v, a in used) + f" + {constant} == 0"
        if terms.integers:
            add(text, affine_sum(ts, used, constant, True))
            continue
        width = max(v.type.bits for v, _ in used)
        add(f"{text} (mod 2^{width})", affine_sum(ts, used, constant, False))
    for v in variables:
        low, high = min(values[v]), max(values[v])
        x = terms.of[v]
        if low == high:
            add(f"{v!r} == {low}", x == terms.const(low))
        for k in _tightest_below(constants, low, v.type):
            add(f"{v!r} >= {k}", x >= terms.const(k))
        for k in _tightest_above(constants, high, v.type):
            add(f"{v!r} <= {k}", x <= terms.const(k))
        for m in _moduli(constants):
            residues = {x_ % m for x_ in values[v]}
            if len(residues) == 1:
                r = residues.pop()
                add(f"{v!r} % {m} == {r}", terms.mod(x, m) == terms.const(r))
    pairs = list(combinations(variables[:MAX_VARIABLES], 2))
    for v, w in pairs:
        x, y = terms.of[v], terms.of[w]
        vs, ws = values[v], values[w]
        if all(a == b for a, b in zip(vs, ws)):
            add(f"{v!r} == {w!r}", x == y)
        if all(a <= b for a, b in zip(vs, ws)):
            add(f"{v!r} <= {w!r}", x <= y)
            if all(a < b for a, b in zip(vs, ws)):
                add(f"{v!r} < {w!r}", x < y)
        if all(a >= b for a, b in zip(vs, ws)):
            add(f"{v!r} >= {w!r}", x >= y)
            if all(a > b for a, b in zip(vs, ws)):
                add(f"{v!r} > {w!r}", x > y)
        sums = [a + b for a, b in zip(vs, ws)]
        diffs = [a - b for a, b in zip(vs, ws)]
        for k in _tightest_above(constants, max(sums), None):
            add(f"{v!r} + {w!r} <= {k}", x + y <= terms.const(k))
        for k in _tightest_below(constants, min(sums), None):
            add(f"{v!r} + {w!r} >= {k}", x + y >= terms.const(k))
        for k in _tightest_above(constants, max(diffs), None):
            add(f"{v!r} - {w!r} <= {k}", x - y <= terms.const(k))
        for k in _tightest_below(constants, min(diffs), None):
            add(f"{v!r} - {w!r} >= {k}", x - y >= terms.const(k))
        for m in (2,):
            residues = {d % m for d in diffs}
            if len(residues) == 1:
                r = residues.pop()
                add(f"({v!r} - {w!r}) % {m} == {r}",
                    terms.mod(x - y, m) == terms.const(r))
    return out


def _moduli(constants: list[int]) -> list[int]:
    """The small moduli, the program's small constants, and the powers of two that divide
    its constants up to 2^MAX_STRIDE_BITS: a counter stepped by a multiple of 2^20
    (`x += 1048576U * n`, bitvector/jain_7-2) keeps `x % 2^20 == 0`, which its samples
    show and no small modulus states."""
    strides = {c & -c for c in constants if c > 0}
    return sorted(set(MODULI) | {c for c in constants if 5 <= c <= 16}
                  | {m for m in strides if 16 < m <= 1 << MAX_STRIDE_BITS})


def _tightest_below(constants: list[int], low: int, ctype: Optional[IntType]) -> list[int]:
    """The largest few constants k <= low (within the type).  Not only the tightest: the
    bound that is inductive is often a guard's constant further away than the samples."""
    chosen = [k for k in constants if k <= low and (ctype is None or ctype.min <= k <= ctype.max)]
    return chosen[-BOUNDS_PER_SIDE:][::-1]


def _tightest_above(constants: list[int], high: int, ctype: Optional[IntType]) -> list[int]:
    """The smallest few constants k >= high (within the type)."""
    chosen = [k for k in constants if k >= high and (ctype is None or ctype.min <= k <= ctype.max)]
    return chosen[:BOUNDS_PER_SIDE]


def _affine_equalities(variables: list[Variable], states: list[dict]) -> list[tuple[list[int], int]]:
    """A basis of { (a, b) : sum a_i * v_i + b == 0 in every sample }, in integers."""
    rows = []
    seen = set()
    for s in states:
        row = tuple(s[v] for v in variables) + (1,)
        if row not in seen:
            seen.add(row)
            rows.append([Fraction(x) for x in row])
    columns = len(variables) + 1
    pivots = _row_reduce(rows, columns)
    free = [c for c in range(columns) if c not in pivots]
    basis = []
    for f in free:
        vector = [Fraction(0)] * columns
        vector[f] = Fraction(1)
        for row_index, c in enumerate(pivots):
            vector[c] = -rows[row_index][f]
        denominator = 1
        for x in vector:
            denominator = denominator * x.denominator // gcd(denominator, x.denominator)
        integers = [int(x * denominator) for x in vector]
        divisor = 0
        for x in integers:
            divisor = gcd(divisor, abs(x))
        integers = [x // divisor for x in integers] if divisor else integers
        coefficients, constant = integers[:-1], integers[-1]
        terms = sum(1 for a in coefficients if a)
        if 0 < terms <= MAX_EQUALITY_TERMS and max(abs(a) for a in integers) <= 1 << 20:
            basis.append((coefficients, constant))
    return basis


def _row_reduce(rows: list[list[Fraction]], columns: int) -> list[int]:
    """Reduced row echelon form in place; returns the pivot column of each leading row."""
    pivots = []
    r = 0
    for c in range(columns):
        pivot = next((i for i in range(r, len(rows)) if rows[i][c] != 0), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        lead = rows[r][c]
        rows[r] = [x / lead for x in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][c] != 0:
                factor = rows[i][c]
                rows[i] = [a - factor * b for a, b in zip(rows[i], rows[r])]
        pivots.append(c)
        r += 1
        if r == len(rows):
            break
    del rows[r:]
    return pivots
