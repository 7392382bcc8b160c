"""Candidate lemmas about arrays whose elements a loop updates in place, for Houdini (guesses:
Houdini keeps only an inductive subset, and nothing here is ever assumed unproven).

`array_lemmas` describes elements that equal a constant or a copy.  Programs also store values
computed from scalars that the loop does not change (`a[i] = x + 1`), and update elements in
place from their old value (`a[i] = a[i] + sum[0]`, then `a[i] = a[i] % (sum[0] + 1)`).  For an
array b, the values its elements may hold are:
  - seeds     what a store writes without reading b: a constant, or arithmetic over scalar
              variables and one-element arrays (`cells.py`) that reads none of the index's
              variables (`a[i] = i` is `array_facts`'s);
  - updates   f(v) for an in-place store `b[s] = f(b[s])` and each value v that the stores
              before it (in the program's order) leave (`1`, then `1 + sum[0]`); f of
              `+ - *` only (`_plain` says why not `/` and `%`).
The candidates, over a cut point's state:
  - fill      forall j in R. b[j] == v, for each range R of b's stores (`array_ranges.py`)
              and each value that is not a constant (the constants are `array_lemmas`'s);
  - split     forall j in b. b[j] == (j < s ? f(v) : v), and with j > s for a loop that
              counts down: the state of an update loop's head, one lemma, so that Houdini's
              quantified round (which assumes, of the quantified hypotheses, those of the
              goal's own fact only) has the old value of b[s] in the same fact as the new.
Each lemma's family (the fourth part of its key, `houdini.family`) names the values it
states, `b == v`: a split belongs to the families of both its values (a tuple), so that a
split is assumed where the fill of either value is the goal and the reverse, and the fact
at the exit of one loop is a hypothesis of the next loop's fact about the same value.
The values' terms are the program's expressions evaluated over the state, with the
program's wrap-around; their undefined behaviour is ignored (a guess's term need only be
some value).
"""
from __future__ import annotations

import dataclasses
from typing import Optional

import z3

from ..semantics.blocks import TransitionSystem
from ..semantics.c_types import IntType
from ..semantics.encode import Encoder
from ..semantics.ir import Assign, Binary, Cast, Const, Load, Ref, Store, Unary, Variable
from ..semantics.theories import INDEX_BITS, BitVectors
from .array_ranges import elements, flat_index, index_expression, index_text, store_ranges, \
    variables_of
from .cells import is_cell_array

MAX_VALUES = 4              # per array: the values held at once, and the values stated

Lemma = tuple[object, z3.BoolRef]


@dataclasses.dataclass(frozen=True)
class _Update:
    indices: tuple               # the store's index expressions
    value: object                # its value, reading b at those indices


def update_lemmas(ts: TransitionSystem) -> dict[int, list[Lemma]]:
    """Candidates at every cut point but the entry (cut point -> [(key, lemma)])."""
    if not isinstance(ts.theory, BitVectors):
        return {}
    ranges = store_ranges(ts)
    element = z3.BitVec("element", INDEX_BITS)
    zero = ts.theory.index_const(0)
    made: list[tuple[str, object, z3.BoolRef]] = []          # (text, family, lemma)
    for b, steps in _stores(ts).items():
        size = elements(ts, b)
        for text, value in _values(steps, b).items():
            for r in ranges.get(b, []):
                made.append((f"{b!r}{r.text} == {text}", _family(b, text), z3.ForAll(
                    [element], z3.Implies(r.holds(ts.inputs, element),
                                          ts.inputs[b][element] == _term(ts, b, value)))))
        for update, old, new in _updated(steps, b):
            s = flat_index(ts, b, update.indices, ts.inputs)
            old_text, new_text = _text(old, b), _text(new, b)
            for below in (True, False):
                done = element < s if below else s < element
                where = f"[0 .. {_indices(update)})" if below else f"({_indices(update)} .. end)"
                made.append((f"{b!r}{where} == {new_text}, else == {old_text}",
                             (_family(b, old_text), _family(b, new_text)), z3.ForAll(
                    [element], z3.Implies(z3.And(zero <= element, element < size),
                                          ts.inputs[b][element] == z3.If(
                                              done, _term(ts, b, new), _term(ts, b, old))))))
    found: dict[int, list[Lemma]] = {}
    for cut in ts.blocks:
        if cut == ts.cfa.entry or not made:
            continue
        found[cut] = list({("array", cut, text, family): lemma
                           for text, family, lemma in made}.items())
    return found


def _updated(steps: list, b: Variable) -> list[tuple[_Update, object, object]]:
    """(update, old value, new value) along the program's order of b's stores: a seed is the
    value the elements hold next, an update turns each value held into its result (the
    loops of a program run in the order written: `a[i] = 1`, then `a[i] = a[i] + s`, then
    `a[i] = a[i] % m`).  At most MAX_VALUES values held at once."""
    held: list = []
    found = []
    for step in steps:
        if isinstance(step, _Update):
            pairs = [(v, _substituted(step.value, b, step.indices, v)) for v in held]
            found += [(step, old, new) for old, new in pairs if _text(old, b) != _text(new, b)]
            held = [new for _, new in pairs]
        else:
            held = (held + [step])[-MAX_VALUES:]
    return found


def _values(steps: list, b: Variable) -> dict[str, object]:
    """The values the elements may hold that are not constants (`array_lemmas` has those):
    the seeds and the updates' results."""
    values = {_text(v, b): v for v in steps if not isinstance(v, (_Update, Const))}
    for _, _, new in _updated(steps, b):
        if not isinstance(new, Const):
            values.setdefault(_text(new, b), new)
    return dict(list(values.items())[:MAX_VALUES])


def _family(b: Variable, text: str) -> str:
    """As `array_lemmas._fills` names a constant fill's family: `b == 1`."""
    return f"{b!r} == {text}"


def _indices(update: _Update) -> str:
    return "][".join(index_text(e) for e in update.indices)


def _stores(ts: TransitionSystem) -> dict[Variable, list]:
    """Each array's seeds (values) and in-place updates (`_Update`), in the program's order
    (see the module's comment)."""
    flags = set(ts.cfa.flags.values())
    defined = _temporaries(ts)
    found: dict[Variable, list] = {}
    for edge in ts.cfa.edges:
        op = edge.op
        if not isinstance(op, Store) or op.var in flags or not isinstance(op.var.type.element,
                                                                         IntType):
            continue
        indices = tuple(index_expression(e) for e in op.indices)
        if any(e is None for e in indices):
            continue
        b = op.var
        value = _resolved(op.value, defined)
        index_variables = set().union(*(variables_of(e) for e in indices))
        reads: list = []
        if value is None or not _plain(value, b, indices, reads) or \
                _refs(value) & index_variables:
            continue
        found.setdefault(b, []).append(_Update(indices, value) if reads else value)
    return found


def _temporaries(ts: TransitionSystem) -> dict[Variable, object]:
    """The builder's temporaries (`value`) assigned once: a compound store's value goes
    through one (`a[i] = a[i] % m` is `value = a[i] % m; a[i] = value`)."""
    assigned: dict[Variable, list] = {}
    for edge in ts.cfa.edges:
        if isinstance(edge.op, Assign) and edge.op.var.name == "value":
            assigned.setdefault(edge.op.var, []).append(edge.op.value)
    return {v: values[0] for v, values in assigned.items() if len(values) == 1}


def _resolved(e, defined: dict) -> Optional[object]:
    if isinstance(e, Ref) and e.var in defined:
        return defined[e.var]
    return e


def _plain(e, b: Variable, indices: tuple, reads: list) -> bool:
    """Whether `e` is integer arithmetic over constants, scalar variables, one-element arrays
    and b at the store's own indices (collected in `reads`)."""
    if isinstance(e, Const):
        return isinstance(e.type, IntType)
    if isinstance(e, Ref):
        return isinstance(e.var.type, IntType) and e.var.name != "value"
    if isinstance(e, Load):
        if e.var is b and [index_text(i) for i in e.indices] == \
                [index_text(i) for i in indices]:
            reads.append(e)
            return True
        return e.var is not b and is_cell_array(e.var)
    if isinstance(e, (Unary, Cast)):
        return isinstance(e.type, IntType) and _plain(e.arg, b, indices, reads)
    if isinstance(e, Binary):
        # not `/` and `%`: an update `a[i] = a[i] % m` asks whether two dividers of 64 bits
        # agree on inputs that agree only under a guard (the quantified hypothesis's
        # instance), which neither of z3's bit-vector solvers decided within 5 s (measured on
        # array-fpi/mods); each such candidate cost a second per block and query
        return e.op in ("+", "-", "*") and \
            _plain(e.left, b, indices, reads) and _plain(e.right, b, indices, reads)
    return False


def _refs(e) -> set:
    if isinstance(e, Ref):
        return {e.var}
    if isinstance(e, (Unary, Cast)):
        return _refs(e.arg)
    if isinstance(e, Binary):
        return _refs(e.left) | _refs(e.right)
    return set()


def _substituted(e, b: Variable, indices: tuple, value):
    """`e` with `value` for its reads of b at `indices`."""
    if isinstance(e, Load) and e.var is b:
        return value
    if isinstance(e, (Unary, Cast)):
        return dataclasses.replace(e, arg=_substituted(e.arg, b, indices, value))
    if isinstance(e, Binary):
        return dataclasses.replace(e, left=_substituted(e.left, b, indices, value),
                                   right=_substituted(e.right, b, indices, value))
    return e


def _text(e, b: Variable) -> str:
    if isinstance(e, Const):
        return str(b.type.element.wrap(e.value)) if e.type == b.type.element else str(e.value)
    if isinstance(e, Load):
        return f"{e.var!r}[{']['.join(index_text(i) for i in e.indices)}]"
    if isinstance(e, Cast):
        return _text(e.arg, b)
    if isinstance(e, Unary):
        return f"{e.op}{_text(e.arg, b)}"
    if isinstance(e, Binary):
        return f"({_text(e.left, b)} {e.op} {_text(e.right, b)})"
    return index_text(e)


def _term(ts: TransitionSystem, b: Variable, value) -> z3.ExprRef:
    """The value over the cut point's state, converted to b's element type."""
    if value.type != b.type.element:
        value = Cast(value, b.type.element)
    return Encoder(ts.theory).value(value, ts.inputs)
