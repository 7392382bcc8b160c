"""Random testing: concrete executions of the CFA with Python integers.

Runs the real program (witness assumptions inactive) on random nondet values.  It serves two
engines: it finds shallow counterexamples in milliseconds (every one is still replayed with
gcc before it counts), and it samples the states at the cut points, from which
`validator.engines.candidates` guesses lemmas for Houdini.  The semantics mirror
`validator.semantics.encode` exactly (unsigned wrap-around, truncating division; undefined
behaviour, signed overflow included, ends the run); a disagreement can only cost proof power or a counterexample that fails to replay,
never soundness, because nothing found here is trusted without a proof or a replay.
Floating values are Python floats computed as gcc with SSE does (`semantics.floats`).
"""
from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from dataclasses import dataclass, field
from typing import Optional

from ..semantics.blocks import BOUND, ERROR, FAIL, INVARIANT_UB, TransitionSystem
from ..semantics import floats
from ..semantics.c_types import ArrayType, FloatType, IntType
from .cells import Cell, is_cell_array
from ..semantics.cfa.indeterminate import NONDET, UNDEFINED, UNINITIALISED_READ
from ..semantics.ir import (ARITHMETIC, CFA, RELATIONS, Assign, Assume, Binary, Cast, CheckFails,
                            Cond, Const, Havoc, Load, Ref, Store, Unary, Variable, WitnessAssume)

MAX_ARRAY_CELLS = 1 << 16
QUIET_RUNS = 48
SHORT_RUN_STEPS = 3_000
LONG_RUN_STEPS = 10_000_000


# the kinds of integer values a run draws, and how often: near the program's constants, the
# type's special values, small, medium, large, any bits
VALUE_KIND_WEIGHTS = {"constant": 0.2, "special": 0.05, "small": 0.3, "medium": 0.25,
                      "large": 0.1, "any": 0.1}
VALUE_KINDS = tuple(VALUE_KIND_WEIGHTS)


class _UndefinedBehaviour(Exception):
    pass


def _signed_result(value: int, ctype: IntType) -> int:
    """The value of an arithmetic result in `ctype`: unsigned wraps around; signed out of
    range is undefined behaviour (signed overflow)."""
    if ctype.signed and not ctype.min <= value <= ctype.max:
        raise _UndefinedBehaviour("signed overflow")
    return ctype.wrap(value)


class _OutOfInputs(Exception):
    pass


@dataclass
class Path:
    """An execution with given inputs: the edges taken and, after each edge into the start of
    a statement, the values of the scalar variables there."""
    edges: list = field(default_factory=list)
    states: dict[int, dict] = field(default_factory=dict)     # position in edges -> state
    inputs: list[dict] = field(default_factory=list)
    reached_error: bool = False
    # check sites whose invariant evaluated to false (without undefined behaviour) on the way
    failed_sites: set = field(default_factory=set)
    undefined: Optional[str] = None       # the undefined behaviour that ended the path


@dataclass
class TestingResult:
    # (kind, key) -> counterexample in the shape of `Unroller.counterexample`
    found: dict = field(default_factory=dict)
    # cut point -> list of states {Variable: int} (scalars only) seen there
    samples: dict[int, list[dict]] = field(default_factory=dict)
    runs: int = 0
    # a run that drew no value and had no choice ran to its end without undefined behaviour:
    # it is the program's only execution, so every target it did not reach is unreachable
    only_execution_complete: bool = False
    # the most blocks (cut point to cut point, the entry's included) one run went through:
    # an execution that long exists, so no unfolding of fewer steps is complete
    longest_run: int = 0


def program_constants(cfa: CFA, floating: bool = False) -> list:
    """Every integer constant in the program, with its neighbours and 0, 1, -1; with
    `floating`, every floating constant (finite) instead, with 0.0."""
    found = {0.0} if floating else {0, 1, -1}

    def visit(e) -> None:
        if isinstance(e, Const) and isinstance(e.type, FloatType):
            if floating and math.isfinite(e.value):
                found.add(float(e.value))
        elif isinstance(e, Const) and not floating:
            found.update((e.value, e.value - 1, e.value + 1))
        for attr in ("arg", "left", "right", "cond", "then", "otherwise", "value"):
            child = getattr(e, attr, None)
            if child is not None and not isinstance(child, (int, str)):
                visit(child)
        for index in getattr(e, "indices", []) or []:
            visit(index)

    for edge in cfa.edges:
        op = edge.op
        if isinstance(op, (Assume, WitnessAssume, CheckFails)):
            visit(op.cond)
        elif isinstance(op, (Assign, Store)):
            visit(op.value)
    return sorted(found)


class _Run:
    """One execution: the state, the inputs drawn, the branches taken.  With `given`, the
    inputs are those values in order (and uninitialised locals are 0), not random ones."""

    def __init__(self, rng: random.Random, given: Optional[list[int]] = None,
                 cfa: Optional[CFA] = None, constants: tuple[int, ...] = (),
                 parent: tuple[int, ...] = (), floating: tuple[float, ...] = (),
                 kinds: Optional[tuple[str, ...]] = None) -> None:
        self.rng = rng
        self.kinds = VALUE_KINDS if kinds is None else kinds   # of integer values drawn
        self.kind_bounds = list(itertools.accumulate(VALUE_KIND_WEIGHTS[k] for k in self.kinds))
        self.given = given
        self.constants = constants             # the program's (`program_constants`)
        self.floating = floating               # its floating constants
        # the inputs of an earlier run that got somewhere: mostly taken again, a few changed
        # (inputs that passed `assume(100 < z && z < 200)` once are kept, not drawn anew)
        self.parent = parent
        # the program's reading of unwritten values (`cfa.indeterminate`)
        self.uninitialized = cfa.uninitialized if cfa is not None else UNDEFINED
        self.state: dict[Variable, object] = {}
        self.inputs: list[dict] = []
        self.uninitialised: list[dict] = []
        self.steps: list[dict] = []
        self.line: Optional[int] = None        # of the last edge taken
        self.deterministic = True              # no value drawn, no free choice of edge

    # ------------------------------------------------------------ values
    def draw(self, ctype: IntType, is_input: bool = True) -> int:
        """A value that exercises boundaries as often as the middle."""
        self.deterministic = False
        if self.given is not None:
            if not is_input:
                return 0
            if len(self.inputs) >= len(self.given):
                raise _OutOfInputs()
            given = self.given[len(self.inputs)]
            if isinstance(given, float) != isinstance(ctype, FloatType):
                raise _OutOfInputs()           # the values were drawn for another path
            return ctype.wrap(given)
        rng = self.rng
        position = len(self.inputs)
        if isinstance(ctype, FloatType):
            return self.draw_floating(ctype, is_input and position < len(self.parent)
                                      and self.parent[position])
        if is_input and position < len(self.parent) and rng.random() < 0.8 \
                and isinstance(self.parent[position], int):
            return ctype.wrap(self.parent[position] + rng.choice((0, 0, 0, 0, 1, -1)))
        # (a product that rounds up to the last bound takes the last kind)
        kind = self.kinds[min(bisect.bisect(self.kind_bounds, rng.random() * self.kind_bounds[-1]),
                              len(self.kinds) - 1)]
        if kind == "constant" and self.constants:
            # near the program's constants: inputs that pass guards like 100 < z && z < 200
            value = rng.choice(self.constants) + rng.randint(-2, 2)
        elif kind in ("constant", "special"):
            value = rng.choice((0, 1, 2, -1, ctype.min, ctype.max, ctype.max - 1, ctype.min + 1))
        elif kind == "small":
            value = rng.randint(-10, 10)
        elif kind == "medium":
            value = rng.randint(-1000, 1000)
        elif kind == "large":
            value = rng.randint(-1_000_000, 1_000_000)
        else:
            value = rng.randint(ctype.min, ctype.max)
        return ctype.wrap(value)

    def draw_floating(self, fmt: FloatType, parent) -> float:
        """A value of every class: NaN, the infinities, both zeros, subnormals, the
        program's constants and their neighbours, small and huge values, any bits."""
        rng = self.rng
        if isinstance(parent, float) and rng.random() < 0.8:
            return parent if rng.random() < 0.7 else fmt.wrap(parent * (1 + rng.uniform(-1e-3, 1e-3)))
        roll = rng.random()
        if self.floating and roll < 0.3:
            # a constant of either sign (`-1.4f` is a minus and a constant), moved a little,
            # or a point between zero and it
            value = rng.choice(self.floating) * rng.choice((1.0, -1.0))
            nudge = rng.choice((0.0, 0.0, 1.0, -1.0, 1e-6 * value, -1e-6 * value,
                                rng.uniform(-1.0, 0.0) * value))
            return fmt.wrap(value + nudge)
        if roll < 0.45:
            least = floats.from_bits(1, fmt)
            return rng.choice((math.nan, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, least,
                               -least, floats.from_bits((1 << (fmt.bits - 1)) - 1 - (1 << (fmt.sbits - 1)), fmt)))
        if roll < 0.7:
            return fmt.wrap(rng.uniform(-10.0, 10.0))
        if roll < 0.85:
            return fmt.wrap(rng.uniform(-1e6, 1e6))
        return floats.from_bits(rng.getrandbits(fmt.bits), fmt)

    def value(self, e) -> int:
        if isinstance(e, Const):
            return e.type.wrap(e.value)
        if isinstance(e, Ref):
            if e.initialised is not None and self.state.get(e.initialised, 0) == 0:
                return self.indeterminate(e)
            return self.state[e.var]
        if isinstance(e, Cast):
            value = self.value(e.arg)
            if isinstance(e.arg.type, FloatType) and not floats.fits_integer(value, e.type):
                raise _UndefinedBehaviour("conversion of a floating value that does not fit")
            return floats.convert(value, e.arg.type, e.type)
        if isinstance(e, Load):
            cells = self.state[e.var]
            index = self.index(e.var.type, e.indices)
            if e.initialised is not None and self.state[e.initialised][index] == 0:
                return self.indeterminate(e)
            return cells[index]
        if isinstance(e, Cond):
            return self.value(e.then) if self.value(e.cond) != 0 else self.value(e.otherwise)
        if isinstance(e, Unary):
            a = self.value(e.arg)
            if e.op == "!":
                return int(a == 0)
            if e.op == "-":
                return -a if isinstance(e.type, FloatType) else _signed_result(-a, e.type)
            return e.type.wrap(~a)
        if isinstance(e, Binary):
            return self.binary(e)
        raise TypeError(type(e).__name__)

    def indeterminate(self, e) -> int:
        """A read of an unwritten value: undefined, or a fresh value (`--uninitialized nondet`)."""
        if self.uninitialized == NONDET:
            return self.draw(e.type, is_input=False)
        raise _UndefinedBehaviour(UNINITIALISED_READ)

    def binary(self, e: Binary) -> int:
        op = e.op
        if op == "&&":
            return int(self.value(e.left) != 0 and self.value(e.right) != 0)
        if op == "||":
            return int(self.value(e.left) != 0 or self.value(e.right) != 0)
        a, b = self.value(e.left), self.value(e.right)
        if op in ("==", "!=", "<", "<=", ">", ">="):
            return int(RELATIONS[op](a, b))
        t = e.type
        if isinstance(t, FloatType):
            return floats.arithmetic(op, a, b, t)
        if op in ("/", "%"):
            if b == 0 or (t.signed and a == t.min and b == -1):
                raise _UndefinedBehaviour(op)
            quotient = abs(a) // abs(b)
            if (a < 0) != (b < 0):
                quotient = -quotient
            return t.wrap(quotient if op == "/" else a - quotient * b)
        if op in ("<<", ">>"):
            if b < 0 or b >= t.bits:
                raise _UndefinedBehaviour(op)
            if op == "<<" and t.signed and a < 0:
                raise _UndefinedBehaviour("signed overflow")      # C11 6.5.7p4
            return _signed_result(a << b, t) if op == "<<" else t.wrap(a >> b)
        if op in ("+", "-", "*"):
            return _signed_result(ARITHMETIC[op](a, b), t)
        result = {"&": lambda: a & b, "|": lambda: a | b, "^": lambda: a ^ b}[op]()
        return t.wrap(result)

    def dimensions(self, ctype: ArrayType) -> list[int]:
        """The array's dimensions now (a variable-length array's are variables)."""
        return [d if isinstance(d, int) else self.state[d] for d in ctype.dims]

    def cells(self, ctype: ArrayType) -> int:
        """How many elements the array has now; an array too large to simulate ends the run."""
        total = 1
        for d in self.dimensions(ctype):
            total *= d
        if total > MAX_ARRAY_CELLS:
            raise _UndefinedBehaviour("array too large to simulate")
        return total

    def index(self, ctype: ArrayType, indices: list) -> int:
        flat = 0
        for expr, dim in zip(indices, self.dimensions(ctype)):
            i = self.value(expr)
            if i < 0 or i >= dim:
                raise _UndefinedBehaviour("index")
            flat = flat * dim + i
        return flat


def beyond_simulation(cfa: CFA) -> bool:
    """Whether the program has an array of more elements than our runs simulate
    (`MAX_ARRAY_CELLS`, a constant size): our executions end at its first access, only the
    compiled program runs them (`fuzzing.py`)."""
    for var in cfa.variables:
        if isinstance(var.type, ArrayType) and all(isinstance(d, int) for d in var.type.dims):
            if math.prod(var.type.dims) > MAX_ARRAY_CELLS:
                return True
    return False


def evaluate(expression, state: dict) -> Optional[int]:
    """The value of an IR expression in a concrete state; None if that is undefined."""
    run = _Run(random.Random(0))
    run.state = state
    try:
        return run.value(expression)
    except (_UndefinedBehaviour, KeyError, floats.NotADouble):
        return None


def follow(cfa: CFA, values: list[int], max_steps: int = 1_000_000) -> Path:
    """The execution of the real program on these nondet values, up to the first undefined
    behaviour (`path.undefined`): the error reached, the check sites that failed."""
    out_edges = cfa.out_edges()
    run = _Run(random.Random(0), list(values), cfa)
    path = Path()
    node = cfa.entry
    for _ in range(max_steps):
        if node == cfa.error:
            path.reached_error = True
            break
        if node in cfa.undefined:
            path.undefined = cfa.undefined[node]
            break
        edges = out_edges.get(node)
        if not edges:
            break
        chosen = None
        try:
            for edge in edges:
                if isinstance(edge.op, CheckFails):
                    if _fails(run, edge.op):
                        path.failed_sites.add(edge.op.site)
                    continue
                if isinstance(edge.op, Assume) and run.value(edge.op.cond) == 0:
                    continue
                chosen = edge
                break
            if chosen is None:
                break
            _apply(run, chosen)
        except _UndefinedBehaviour as e:
            path.undefined = str(e) or "undefined behaviour"
            break
        except (_OutOfInputs, floats.NotADouble):
            break       # (a long double that no Python float holds: not followed further)
        path.edges.append(chosen)
        if chosen.dst in cfa.statement_starts:
            path.states[len(path.edges) - 1] = {v: x for v, x in run.state.items()
                                                if isinstance(x, (int, float))}
        node = chosen.dst
    path.inputs = run.inputs
    return path


def _fails(run: _Run, check: CheckFails) -> bool:
    """The invariant evaluates to false (undefined behaviour in it is no failure, and does not
    end the program's run: the invariant is not part of the program)."""
    try:
        return run.value(check.cond) == 0
    except _UndefinedBehaviour:
        return False


def run_tests(ts: TransitionSystem, wanted: set, deadline: float, seed: int = 0,
              deep: bool = False, max_samples: int = 200, first_steps: int = 0,
              hard_deadline: float | None = None) -> TestingResult:
    """Random executions until the deadline: counterexamples for `wanted` targets, samples.

    Sampling mode (the default) stops once the samples stop growing; its runs are short except
    the first, so that states come from many inputs.  Deep mode (`deep`) makes every run long,
    for errors behind many iterations of a deterministic loop, and stops at the deadline or
    when every wanted target is found.

    The first run goes on past `deadline` until it has taken `first_steps` edges (at most until
    `hard_deadline`): a budget counted in edges, so that a run through a large program reaches
    its end on a loaded machine as on an idle one.
    """
    cuts = set(ts.cut_points) - {ts.cfa.entry}
    site_of = {c.site: c for c in ts.cfa.checks}
    constants = tuple(program_constants(ts.cfa))
    floating = tuple(program_constants(ts.cfa, floating=True))
    productive: list[tuple[int, ...]] = []     # inputs of the runs that brought new states
    result = TestingResult()
    rng = random.Random(seed)
    seen: dict[int, set] = {}
    last_news = 0
    # sampling mode goes on after finding a counterexample: a later, shorter one replaces it
    # (a shorter execution is easier to read, and its violation witness easier to check)
    while time.monotonic() < deadline and not (deep and wanted <= set(result.found)):
        result.runs += 1
        if not deep and result.runs - last_news > QUIET_RUNS:
            break             # nothing new for a while: more runs would only cost time
        before = sum(len(b) for b in seen.values()) + len(result.found)
        steps = LONG_RUN_STEPS if deep or result.runs == 1 else SHORT_RUN_STEPS
        # the long first run of sampling mode may take half the time, not all of it
        until = deadline if deep or result.runs > 1 else (time.monotonic() + deadline) / 2
        guaranteed = min(first_steps, steps) if result.runs == 1 else 0
        parent = rng.choice(productive) if productive and rng.random() < 0.5 else ()
        run = _Run(rng, cfa=ts.cfa, constants=constants, parent=parent, floating=floating,
                   kinds=_swarm(rng) if deep and result.runs % 2 == 0 else None)
        _execute(ts, run, steps, until, cuts, site_of, result, wanted, seen, max_samples,
                 guaranteed, deadline if hard_deadline is None else hard_deadline)
        if sum(len(b) for b in seen.values()) + len(result.found) > before:
            last_news = result.runs
            productive.append(tuple(entry["value"] for entry in run.inputs))
        if not deep and seen and all(len(b) >= max_samples for b in seen.values()):
            break             # enough samples; deeper counterexamples are BMC's job
    return result


def _swarm(rng: random.Random) -> tuple[str, ...]:
    """Some of the kinds of values, each with even odds ("swarm testing", for every other
    deep run): a run that never draws small values passes `while (nondet())` a thousand
    times, which a run drawing every kind does not (loop-lit/afnp2014's wrong `y <= 999` at
    its loop head)."""
    kinds = tuple(k for k in VALUE_KINDS if rng.random() < 0.5)
    return kinds or (rng.choice(VALUE_KINDS),)


def _execute(ts: TransitionSystem, run: _Run, steps: int, deadline: float, cuts: set,
             site_of: dict, result: TestingResult, wanted: set, seen: dict,
             max_samples: int, guaranteed_steps: int, hard_deadline: float) -> None:
    """One execution from the entry, at most `steps` edges long, until `deadline`; but its
    first `guaranteed_steps` edges until `hard_deadline` only."""
    cfa = ts.cfa
    node = cfa.entry
    visits: dict[int, int] = {}
    blocks = 1            # the entry's
    for step in range(steps):
        if step & 1023 == 1023 and time.monotonic() > \
                (deadline if step >= guaranteed_steps else hard_deadline):
            return
        if node in cuts:
            blocks += 1
            if blocks > result.longest_run:
                result.longest_run = blocks
            # the first visits of each run, then ever sparser: many runs, not one long one
            count = visits[node] = visits.get(node, 0) + 1
            if count <= 8 or count & (count - 1) == 0:
                _sample(result, seen, node, run.state, max_samples)
        if node == cfa.error:
            _found(result, (ERROR, None), run, None)
            return
        if node in cfa.bounds:
            # recursion deeper than inlined: the portfolio inlines deeper when it sees this
            _found(result, (BOUND, cfa.bounds[node]), run, None)
            return
        if node in cfa.undefined:
            return          # undefined behaviour ends the run (as in `_step`)
        edges = ts.out_edges.get(node)
        if not edges:
            result.only_execution_complete |= run.deterministic and node == cfa.exit
            return
        try:
            node = _step(run, edges, site_of, result, wanted)
        except _UndefinedBehaviour:
            return
        except floats.NotADouble:
            return          # a long double that no Python float holds: the run says nothing
        if node is None:          # an assumption does not hold: the execution ends here
            result.only_execution_complete |= run.deterministic
            return


def _step(run: _Run, edges: list, site_of: dict, result: TestingResult, wanted: set):
    """Check sites on the way, then the one enabled edge; None when the run is blocked."""
    chosen = None
    for edge in edges:
        op = edge.op
        if isinstance(op, CheckFails):
            try:
                holds = run.value(op.cond) != 0
            except _UndefinedBehaviour:
                key = (INVARIANT_UB, op.site)
            else:
                key = None if holds else (FAIL, op.site)
            if key is not None and key in wanted:
                _found(result, key, run, site_of[op.site])
            continue
        if isinstance(op, Assume):
            if run.value(op.cond) == 0:
                continue
        if chosen is None:
            chosen = edge
        else:
            run.deterministic = False      # two enabled edges: the CFA chooses freely
    if chosen is None:
        return None
    _apply(run, chosen)
    return chosen.dst


def _apply(run: _Run, edge) -> None:
    op = edge.op
    run.line = edge.line
    if edge.branch is not None:
        run.steps.append({"line": edge.line, "branch": edge.branch})
    if op is None or isinstance(op, (Assume, WitnessAssume)):
        return          # witness assumptions are inactive: this is the real program
    if isinstance(op, Assign):
        ctype = op.var.type
        if isinstance(ctype, ArrayType):
            run.state[op.var] = [run.value(op.value)] * run.cells(ctype)
        else:
            run.state[op.var] = ctype.wrap(run.value(op.value))
        return
    if isinstance(op, Store):
        # in place: no other variable, sample or state snapshot holds an array's list
        cells = run.state[op.var]
        cells[run.index(op.var.type, op.indices)] = op.var.type.element.wrap(run.value(op.value))
        return
    if isinstance(op, Havoc):
        ctype = op.var.type
        # a declaration's indeterminate value is never seen: an unflagged variable is written
        # before every read, and a flagged one's read before a write is undefined behaviour
        # (or, with --uninitialized nondet, a fresh value drawn at the read).  So no value is
        # drawn here, and a program whose only other values are constants stays
        # deterministic: its one run to the end proves it.
        unread = op.declaration and op.input_function is None
        if isinstance(ctype, ArrayType):
            is_input = op.input_function is not None       # a declaration's cells are not
            run.state[op.var] = [0 if unread else run.draw(ctype.element, is_input)
                                 for _ in range(run.cells(ctype))]
            return
        if unread:
            run.state[op.var] = 0
            return
        value = run.draw(ctype, op.input_function is not None)
        run.state[op.var] = value
        entry = {"function": op.input_function, "value": value, "line": op.line,
                 "variable": op.var.name}
        (run.inputs if op.input_function else run.uninitialised).append(entry)
        return
    raise TypeError(type(op).__name__)


def _found(result: TestingResult, key, run: _Run, site) -> None:
    if key in result.found and len(result.found[key]["steps"]) <= len(run.steps):
        return
    counterexample = {"inputs": list(run.inputs), "steps": list(run.steps),
                      "length": len(run.steps), "engine": "random testing",
                      "target": {"kind": key[0], "key": str(key[1]),
                                 "line": run.line if key[0] == ERROR else None}}
    if run.uninitialised:
        counterexample["uninitialised"] = list(run.uninitialised)
    result.found[key] = counterexample


def _sample(result: TestingResult, seen: dict, node: int, state: dict, limit: int) -> None:
    bucket = seen.setdefault(node, set())
    if len(bucket) >= limit:
        return
    scalars = {v: x for v, x in state.items() if isinstance(x, int)}
    # a one-element array's element is sampled as a scalar too (`cells.py`: `sum[0] == i`)
    cells = {Cell(v): x[0] for v, x in state.items()
             if isinstance(x, list) and len(x) == 1 and is_cell_array(v)}
    key = tuple(sorted((v.uid, x) for v, x in scalars.items())) + \
        tuple(sorted((c.uid, x) for c, x in cells.items()))
    if key in bucket:
        return
    bucket.add(key)
    scalars.update(cells)
    result.samples.setdefault(node, []).append(scalars)
