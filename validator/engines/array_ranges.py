"""The ranges of elements that a program's loops have written so far, for quantified candidate
lemmas about arrays (`array_lemmas.py`, `array_facts.py`).

A store `b[s] = ...` inside a loop has, at the loop's head, written the elements below (or above)
its index: the range [0, s) of elements j, (s, end), and, after the loop, every element.  The
index s is any expression of the program's scalar variables (`a[i]`, `a[2*i - 2]`, `a[3*i - j]`,
a pointer's offset plus a counter), evaluated at the cut point.  Two refinements, each a range of
its own:
  - a variable of s set to a constant somewhere (an inner loop's counter, `j = 3`) is replaced
    by that constant: at the head of the outer loop of `for (i..) for (j = 3; j >= 1; j--)
    b[3*i - j] = ...` the written range is [0, 3*i - 3);
  - a variable of s stepped by a constant k >= 2 (`i = i + 2`) writes every k-th element only:
    the range keeps the elements j with (s - j) % k == 0 (and j % k == 0 for every element).
A range is only a guess: the lemmas built on it are candidates that Houdini proves or drops.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import IntType
from ..semantics.encode import Encoder
from ..semantics.ir import Assign, Assume, Binary, Cast, Const, Ref, Store, Unary, Variable

COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
MAX_CONSTANTS = 3          # constants per variable substituted into an index
MAX_RANGES = 12            # per array
EXACT_BITS = 72            # a product of two 32-bit values and a few sums do not wrap


@dataclass(frozen=True)
class Range:
    """A set of element indices of an array, described over a cut point's state."""
    text: str
    # (state, element index term of INDEX_BITS) -> whether the element is in the range
    holds: Callable[[dict, z3.ExprRef], z3.BoolRef]
    above: bool = False            # above the index (a loop that counts down)
    # [0 .. s) of a one-dimensional array: s, whose bounds `array_lemmas` guesses too
    end: Optional[object] = None


def index_expression(e) -> Optional[object]:
    """`e` if a range can be described by it: integer arithmetic (+ - *) and casts over scalar
    variables and constants, at least one variable, no array read; else None."""
    return e if _arithmetic(e) and variables_of(e) else None


def index_text(e) -> str:
    """A readable, stable description of an index expression (lemma keys)."""
    if isinstance(e, Ref):
        return repr(e.var)
    if isinstance(e, Const):
        return str(e.value)
    if isinstance(e, Cast):
        return index_text(e.arg)
    if isinstance(e, Unary):
        return f"{e.op}{index_text(e.arg)}"
    return f"({index_text(e.left)} {e.op} {index_text(e.right)})"


def store_ranges(ts: TransitionSystem) -> dict[Variable, list[Range]]:
    """Every array that a store writes at describable indices -> its ranges of elements, by
    their flat index (below the store's, above it, every element; the refinements of the
    module's comment).  Of a two-dimensional `b[i][j]`, [0 .. i*n + j) are the rows before i
    and row i up to j, and with j's constant 0, [0 .. i*n) the rows before i."""
    constants, steps = assigned_constants(ts, in_loops=True), counters(ts)
    strides = {v: [k for k in ks if k >= 2] for v, ks in steps.items()}
    flag_arrays = set(ts.cfa.flags.values())          # their stores are their arrays'
    bounds = _upper_bounds(ts)
    found: dict[Variable, dict[str, Range]] = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if not isinstance(op, Store) or op.var in flag_arrays:
            continue
        indices = tuple(index_expression(e) for e in op.indices)
        if any(e is None for e in indices):
            continue
        b = op.var
        ranges = found.setdefault(b, {})
        size = elements(ts, b)
        _add(ranges, _below(ts, b, indices))
        _add(ranges, _above(ts, b, indices, size))
        _add(ranges, _every(size))
        # the loop ran to its bound: `for (i = 0; i < n; i++) b[i] = ...` wrote [0 .. n)
        if len(indices) == 1 and isinstance(indices[0], Ref):
            dims = {repr(d) for d in b.type.dims}
            for bound in bounds.get(indices[0].var, []):
                if index_text(bound) in dims:
                    continue                     # every element: said already
                _add(ranges, _below(ts, b, (bound,)))
                for k in strides.get(indices[0].var, []):
                    _add(ranges, _below(ts, b, (bound,), k, anchored=True))
        variables = set().union(*(variables_of(e) for e in indices))
        stepped = {v for v in variables if v in steps}
        for v in sorted(variables, key=repr):
            # only where two counters make the index (nested loops): `p.offset + i` is no
            # nest, and [0 .. p.offset) no loop's progress
            for c in (constants.get(v, [])[:MAX_CONSTANTS] if len(stepped) > 1 else []):
                fixed = tuple(_substituted(e, v, c) for e in indices)
                if any(variables_of(e) for e in fixed):   # a constant range is no loop's progress
                    _add(ranges, _below(ts, b, fixed))
            for k in strides.get(v, []):
                _add(ranges, _below(ts, b, indices, k))
                _add(ranges, _every(size, k))
    return {b: list(ranges.values())[:MAX_RANGES] for b, ranges in found.items()}


def dimension(ts: TransitionSystem, dim):
    """A dimension as an index term: a constant, or a variable-length array's variable."""
    if isinstance(dim, int):
        return ts.theory.index_const(dim)
    return ts.theory.index(ts.inputs[dim], dim.type)


def elements(ts: TransitionSystem, b: Variable):
    """The number of elements of an array, as an index term."""
    size = ts.theory.index_const(1)
    for dim in b.type.dims:
        size = z3.simplify(size * dimension(ts, dim))
    return size


def index_term(ts: TransitionSystem, e, state: dict):
    """An index expression's value over a state, as an index term (as `Encoder.index` reads
    it; what it holds after an undefined operation does not matter for a guess)."""
    return ts.theory.index(Encoder(ts.theory).value(e, state), e.type)


def flat_index(ts: TransitionSystem, b: Variable, indices: tuple, state: dict):
    """The flat index of `b[indices...]` over a state, as `Encoder.index` computes it."""
    return Encoder(ts.theory).index(b.type, list(indices), state, z3.BoolVal(True), None)


def indices_text(indices: tuple) -> str:
    return "][".join(index_text(e) for e in indices)


def _add(ranges: dict, r: Range) -> None:
    ranges.setdefault(r.text, r)


def _below(ts: TransitionSystem, b: Variable, indices: tuple, stride: int = 1,
           anchored: bool = False) -> Range:
    """The elements below the flat index; with a stride, every stride-th counting down from
    it, or (`anchored`) up from 0."""
    zero = ts.theory.index_const(0)

    def holds(state: dict, j):
        s = flat_index(ts, b, indices, state)
        inside = z3.And(zero <= j, j < s)
        if stride == 1:
            return inside
        return z3.And(inside, z3.URem(j if anchored else s - j,
                                      ts.theory.index_const(stride)) == zero)
    step = f" step {stride}{' from 0' if anchored else ''}" if stride > 1 else ""
    end = indices[0] if len(indices) == 1 and stride == 1 else None
    return Range(f"[0 .. {indices_text(indices)}){step}", holds, end=end)


def exact_value(e, state: dict, bits: int = EXACT_BITS):
    """An index expression's mathematical value (no wrap-around) as a bit-vector of `bits`:
    its variables sign- or zero-extended, its constants as they are, casts left out (a
    guess: it need only be some value where a cast would change it)."""
    if isinstance(e, Const):
        return z3.BitVecVal(e.value, bits)
    if isinstance(e, Ref):
        term = state[e.var]
        grow = bits - e.var.type.bits
        return (z3.SignExt if e.var.type.signed else z3.ZeroExt)(grow, term) if grow else term
    if isinstance(e, Cast):
        return exact_value(e.arg, state, bits)
    if isinstance(e, Unary):
        return -exact_value(e.arg, state, bits)
    left, right = exact_value(e.left, state, bits), exact_value(e.right, state, bits)
    return left + right if e.op == "+" else left - right if e.op == "-" else left * right


def exact_int(e, state: dict) -> Optional[int]:
    """`exact_value` of a sampled state (variable -> int); None if a variable is missing."""
    if isinstance(e, Const):
        return e.value
    if isinstance(e, Ref):
        return state.get(e.var)
    if isinstance(e, (Cast, Unary)):
        inner = exact_int(e.arg, state)
        return None if inner is None else inner if isinstance(e, Cast) else -inner
    left, right = exact_int(e.left, state), exact_int(e.right, state)
    if left is None or right is None:
        return None
    return left + right if e.op == "+" else left - right if e.op == "-" else left * right


def _above(ts: TransitionSystem, b: Variable, indices: tuple, size) -> Range:
    return Range(f"({indices_text(indices)} .. end)",
                 lambda state, j: z3.And(flat_index(ts, b, indices, state) < j, j < size), True)


def _every(size, stride: int = 1) -> Range:
    zero = z3.BitVecVal(0, size.size())
    if stride == 1:
        return Range("[every element]", lambda state, j: z3.And(zero <= j, j < size))
    k = z3.BitVecVal(stride, size.size())
    return Range(f"[every element] step {stride}",
                 lambda state, j: z3.And(zero <= j, j < size, z3.URem(j, k) == zero))


def _arithmetic(e) -> bool:
    if isinstance(e, Const):
        return isinstance(e.type, IntType)
    if isinstance(e, Ref):
        return isinstance(e.var.type, IntType)
    if isinstance(e, Cast):
        return isinstance(e.type, IntType) and _arithmetic(e.arg)
    if isinstance(e, Unary):
        return e.op == "-" and _arithmetic(e.arg)
    if isinstance(e, Binary):
        return e.op in ("+", "-", "*") and _arithmetic(e.left) and _arithmetic(e.right)
    return False


def variables_of(e) -> set:
    """The scalar variables an index expression reads."""
    if isinstance(e, Ref):
        return {e.var}
    found = set()
    for attr in ("arg", "left", "right"):
        child = getattr(e, attr, None)
        if child is not None and not isinstance(child, str):
            found |= variables_of(child)
    return found


def _substituted(e, v: Variable, c: Const):
    """`e` with every read of `v` replaced by the constant (of v's type)."""
    if isinstance(e, Ref):
        return c if e.var is v else e
    if isinstance(e, Cast):
        return Cast(_substituted(e.arg, v, c), e.type)
    if isinstance(e, Unary):
        return Unary(e.op, _substituted(e.arg, v, c), e.type, e.line)
    if isinstance(e, Binary):
        return Binary(e.op, _substituted(e.left, v, c), _substituted(e.right, v, c), e.type)
    return e


def assigned_constants(ts: TransitionSystem, in_loops: bool = False
                       ) -> dict[Variable, list[Const]]:
    """Each scalar variable -> the constants assigned to it somewhere (casts of a constant
    included), in program order; with `in_loops`, only by assignments inside a loop (an
    inner loop's counter, set again in every iteration of the outer one: an outer counter's
    initial value substituted into an index describes only the first iteration's range,
    and such ranges made a third of nr3's quantified candidates)."""
    found: dict[Variable, dict[int, Const]] = {}
    cyclic = _cyclic_edges(ts.cfa) if in_loops else None
    for edge in ts.cfa.edges:
        if cyclic is not None and id(edge) not in cyclic:
            continue
        op = edge.op
        if isinstance(op, Assign) and isinstance(op.var.type, IntType):
            value = op.value
            while isinstance(value, Cast) and isinstance(value.type, IntType):
                value = value.arg
            if isinstance(value, Const) and isinstance(value.type, IntType):
                c = Const(op.var.type.wrap(value.value), op.var.type)
                found.setdefault(op.var, {}).setdefault(c.value, c)
    return {v: list(cs.values()) for v, cs in found.items()}


def _cyclic_edges(cfa) -> set[int]:
    """The ids of the edges on a cycle of the CFA (both ends in one strongly connected
    component; Tarjan's algorithm, iterative)."""
    successors: dict[int, list[int]] = {}
    for edge in cfa.edges:
        successors.setdefault(edge.src, []).append(edge.dst)
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    component: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    counter = 0
    for root in list(successors):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            following = successors.get(node, [])
            if position < len(following):
                work.append((node, position + 1))
                nxt = following[position]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component[member] = node
                    if member == node:
                        break
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return {id(e) for e in cfa.edges if component.get(e.src) is not None
            and component.get(e.src) == component.get(e.dst)}


def assigned_copies(ts: TransitionSystem) -> dict[Variable, list]:
    """Each scalar variable -> the values of other scalar variables assigned to it (`v = w`,
    `v = (T)w`: the assigned expression, casts included), in program order."""
    found: dict[Variable, dict[str, object]] = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if not (isinstance(op, Assign) and isinstance(op.var.type, IntType)):
            continue
        value = op.value
        while isinstance(value, Cast) and isinstance(value.type, IntType):
            value = value.arg
        if isinstance(value, Ref) and isinstance(value.var.type, IntType) and \
                value.var is not op.var and value.initialised is None:
            found.setdefault(op.var, {}).setdefault(index_text(op.value), op.value)
    return {v: list(values.values()) for v, values in found.items()}


def comparisons(ts: TransitionSystem, assigned: bool = True) -> list:
    """The comparisons the program tests (in its conditions, through `&&`, `||`, `!`) or, with
    `assigned`, computes (`cond = a[i] <= n`: an assertion's argument), in program order."""
    found: list = []

    def visit(e) -> None:
        if isinstance(e, Binary) and e.op in ("&&", "||"):
            visit(e.left)
            visit(e.right)
        elif isinstance(e, Unary) and e.op == "!":
            visit(e.arg)
        elif isinstance(e, Binary) and e.op in COMPARISONS:
            found.append(e)

    for edge in ts.cfa.edges:
        if isinstance(edge.op, Assume):
            visit(edge.op.cond)
        elif assigned and isinstance(edge.op, Assign):
            visit(edge.op.value)
    return found


def _upper_bounds(ts: TransitionSystem) -> dict[Variable, list]:
    """Each variable that a condition `v < e` bounds -> the e (a variable or a constant)."""
    found: dict[Variable, dict[str, object]] = {}
    for e in comparisons(ts, assigned=False):
        if e.op not in ("<", ">"):
            continue
        low, high = (e.left, e.right) if e.op == "<" else (e.right, e.left)
        while isinstance(low, Cast):
            low = low.arg
        if isinstance(low, Ref) and isinstance(low.var.type, IntType) and \
                (index_expression(high) is not None or
                 isinstance(high, Const) and isinstance(high.type, IntType)):
            found.setdefault(low.var, {}).setdefault(index_text(high), high)
    return {v: list(bs.values())[:MAX_CONSTANTS] for v, bs in found.items()}


def counters(ts: TransitionSystem) -> dict[Variable, list[int]]:
    """Each scalar variable stepped by a constant (`i = i + 2`, `i -= 3`, `i++`) -> the
    steps."""
    found: dict[Variable, set[int]] = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if isinstance(op, Assign) and isinstance(op.value, Binary) and \
                op.value.op in ("+", "-") and isinstance(op.value.left, Ref) and \
                op.value.left.var is op.var and isinstance(op.value.right, Const) and \
                op.value.right.value != 0:
            found.setdefault(op.var, set()).add(abs(op.value.right.value))
    return {v: sorted(ks) for v, ks in found.items()}
