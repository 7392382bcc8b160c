"""Typed, side-effect-free expressions and the edges of the control-flow automaton.

The CFA builder resolves names, types every expression and inserts the implicit conversions
of C as explicit `Cast`s, so that the z3 encoder only follows the operand types.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Union

from .c_types import CType, IntType
from .readings import NONDET, UNDEFINED, UNINITIALIZED_READINGS  # noqa: F401  (re-exported)


@dataclass(eq=False)
class Variable:
    uid: str                 # unique in the whole program (inlined copies get their own)
    name: str                # as in the source
    type: CType
    is_global: bool = False

    def __repr__(self) -> str:
        return self.uid


@dataclass(eq=False)
class Const:
    value: int               # a Python float of the format for a FloatType
    type: IntType


@dataclass(eq=False)
class Ref:
    var: Variable
    # set by `cfa.indeterminate` where the variable may not have been written yet: the flag
    # variable that says it has (a read while it is 0 is undefined behaviour), and the line
    initialised: Optional[Variable] = None
    line: Optional[int] = None
    # a member read by a whole-struct copy (`s = t`, `t = *p`): as `Load.copy`
    copy: Optional[str] = None

    @property
    def type(self) -> IntType:
        return self.var.type


@dataclass(eq=False)
class Load:
    """`a[i][j]`: element of an array variable (indices not yet bounds-checked)."""
    var: Variable
    indices: list
    line: Optional[int] = None
    # as for `Ref`: an array of flags, one per element, where elements may be unwritten
    initialised: Optional[Variable] = None
    # a byte of a whole-union copy (`u = v`, `union U u = v;`), a member of a whole-struct
    # copy (`s = t`, `t = *p`: `cfa.indeterminate.mark_copied`), a byte `memcpy`/`memmove`
    # copies, an element of `realloc`'s copy: C copies an unwritten one without undefined
    # behaviour (the value of a struct or union is never a trap representation, C11
    # 6.2.6.1p6), which the model does not follow (it has nothing that is unwritten *and*
    # copied): such a read is an execution that is not modelled, not undefined behaviour
    copy: Optional[str] = None      # what is copied ("a union with unwritten bytes")

    @property
    def type(self) -> IntType:
        return self.var.type.element


@dataclass(eq=False)
class Unary:
    op: str                  # '-', '~', '!'
    arg: "Expr"
    type: IntType
    line: Optional[int] = None     # of a '-', for its signed overflow


@dataclass(eq=False)
class Binary:
    op: str                  # + - * / % << >> & | ^ == != < <= > >= && ||
    left: "Expr"
    right: "Expr"
    type: IntType
    line: Optional[int] = None


# what `Binary.op` spells, as Python's operators apply it: to integers and floats (our
# interpreter, `floats.py`) and to z3 terms (`theories.py`); a table of the results instead
# computed every one of them each time (six z3 terms for every comparison)
RELATIONS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
             ">": operator.gt, ">=": operator.ge}
ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul}


@dataclass(eq=False)
class Cast:
    arg: "Expr"
    type: IntType            # or FloatType (then also arg's type may be)
    line: Optional[int] = None     # for the undefined behaviour of a floating value to integer


@dataclass(eq=False)
class Cond:
    cond: "Expr"
    then: "Expr"
    otherwise: "Expr"
    type: IntType


Expr = Union[Const, Ref, Load, Unary, Binary, Cast, Cond]


# ---------------------------------------------------------------- edges
@dataclass(eq=False)
class Assume:
    cond: Expr               # the edge is taken when cond != 0


@dataclass(eq=False)
class Assign:
    var: Variable
    value: Expr


@dataclass(eq=False)
class GhostAssign(Assign):
    """`g = e` of ghost update `update` (`instrument.ghosts`; an `Assign` to every reader that
    only follows values).  Undefined behaviour in evaluating e is the witness's, not the
    program's: a target of its own (`blocks.GHOST_UB`), where the execution ends."""
    update: int = 0


@dataclass(eq=False)
class Store:
    var: Variable
    indices: list
    value: Expr
    line: Optional[int] = None


@dataclass(eq=False)
class Havoc:
    """A nondet value: an input (`__VERIFIER_nondet_*`, a parameter of `main`), or the
    indeterminate value of a local declared without initialiser (`declaration`: reading it
    before a write is undefined behaviour, see `cfa.indeterminate`)."""
    var: Variable
    input_function: Optional[str] = None
    line: Optional[int] = None
    declaration: bool = False


@dataclass(eq=False)
class WitnessAssume:
    """`__witness_assume(i, e)`: assumed only while invariant i is active."""
    index: int
    cond: Expr


@dataclass(eq=False)
class CheckFails:
    """Edge to the failure node of check site `site`: taken when the invariant is false."""
    site: int
    cond: Expr


@dataclass(eq=False)
class Call:
    """A call of a procedure analysed through its summary (see `Procedure`): the caller's
    variables stay as they are, except `result` (the value returned) and the globals."""
    function: str
    args: list               # converted to the parameters' types, evaluated in the caller
    result: Optional[Variable] = None


Op = Union[Assume, Assign, GhostAssign, Store, Havoc, WitnessAssume, CheckFails, Call, None]


def expressions_of(op: Op) -> list:
    """The expressions an edge's operation evaluates."""
    if isinstance(op, (Assume, WitnessAssume, CheckFails)):
        return [op.cond]
    if isinstance(op, Assign):
        return [op.value]
    if isinstance(op, Store):
        return [op.value, *op.indices]
    if isinstance(op, Call):
        return list(op.args)
    return []


def reads_in(expressions: list) -> Iterator[Union[Ref, Load]]:
    """Every `Ref` and `Load` in the expressions (indices included)."""
    stack = list(expressions)
    while stack:
        e = stack.pop()
        if isinstance(e, (Ref, Load)):
            yield e
            if isinstance(e, Load):
                stack.extend(e.indices)
        elif isinstance(e, (Unary, Cast)):
            stack.append(e.arg)
        elif isinstance(e, Binary):
            stack.extend((e.left, e.right))
        elif isinstance(e, Cond):
            stack.extend((e.cond, e.then, e.otherwise))
        elif not isinstance(e, Const):
            raise TypeError(type(e).__name__)


@dataclass(eq=False)
class Edge:
    src: int
    dst: int
    op: Op
    line: Optional[int] = None
    branch: Optional[bool] = None     # for the two edges of a source-level branch
    # the statement (if, while, do, for) whose controlling expression this edge decides, and
    # how: set on the edges into its "true" and "false" successors (for violation witnesses)
    decision: Optional[tuple[Any, bool]] = None


@dataclass
class CheckSite:
    """One woven `__witness_check` (one per inlined copy)."""
    site: int
    index: int               # the witness invariant
    where: str               # instrument.weave LOOP_HEAD, DO_BODY_ENTRY, ...
    node: int                # CFA node at which the invariant must hold
    fail_node: int
    cond: Expr
    line: Optional[int] = None
    # the lines of the calls through which this copy was inlined, outermost first (none in
    # main, or in the body of a procedure, which every call shares)
    calls: tuple = ()


@dataclass
class Procedure:
    """A recursive function built once, called through `Call` edges (CFA.procedures).

    `saved` are variables no edge writes: they hold the parameters and globals of the entry,
    so that at `return_node` they and the current values are the summary's input and output.
    """
    name: str
    entry: int
    return_node: int
    params: list[Variable]
    result: Optional[Variable]
    saved: dict = field(default_factory=dict)     # parameter or global -> its value at entry


@dataclass
class CFA:
    entry: int
    exit: int                # normal end (return from main, exit, abort)
    error: int               # the error function was called
    edges: list[Edge] = field(default_factory=list)
    node_count: int = 0
    checks: list[CheckSite] = field(default_factory=list)
    variables: list[Variable] = field(default_factory=list)
    node_lines: dict[int, int] = field(default_factory=dict)
    # node -> (the innermost statement that begins executing there, its function)
    statement_starts: dict[int, tuple[Any, str]] = field(default_factory=dict)
    # cut-off nodes of bounded recursion -> what was cut off: executions reaching one are not
    # modelled beyond it, so no proof may hold unless they are shown unreachable
    bounds: dict[int, str] = field(default_factory=dict)
    # nodes where an execution has undefined behaviour that no expression shows (falling off
    # the end of a function whose value is used, a noreturn function that returns) -> what:
    # targets like every other undefined behaviour
    undefined: dict[int, str] = field(default_factory=dict)
    # recursive functions summarised instead of inlined (build_cfa(..., summarise_recursion))
    procedures: dict[str, Procedure] = field(default_factory=dict)
    # what a read of an indeterminate value is (`semantics.options`): undefined behaviour, or
    # a fresh nondet value (`--uninitialized nondet`)
    uninitialized: str = UNDEFINED
    # variable -> its flag "has been written", for the variables with a read that may see an
    # uninitialised value (`cfa.indeterminate`); empty when every read follows a write
    flags: dict[Variable, Variable] = field(default_factory=dict)
    # the objects that pointers may point to, (base variable, storage variable), and the
    # pointer variables, (base, offset, target type) (`cfa.pointers`): the gcc build checks
    # none of their undefined behaviour (no AddressSanitizer), so its runs refute nothing alone
    objects: list = field(default_factory=list)
    pointers: list = field(default_factory=list)
    object_counter: Optional[Variable] = None      # the next base number
    # the program calls through a function pointer (`cfa/function_pointers.py`): the gcc build
    # traps none of those calls' undefined behaviour (an incompatible type runs as if fine),
    # so its runs prove nothing and refute nothing alone
    indirect_calls: bool = False

    def out_edges(self) -> dict[int, list[Edge]]:
        result: dict[int, list[Edge]] = {}
        for edge in self.edges:
            result.setdefault(edge.src, []).append(edge)
        return result

    def procedure_writes(self) -> set:
        """The variables that an edge reachable from a procedure's entry writes (through the
        calls between procedures too): a call of a procedure changes no other variable."""
        out = self.out_edges()
        roots = [p.entry for p in self.procedures.values()]
        seen, stack, written = set(roots), list(roots), set()
        while stack:
            for edge in out.get(stack.pop(), []):
                op = edge.op
                if isinstance(op, (Assign, Store, Havoc)):
                    written.add(op.var)
                elif isinstance(op, Call) and op.result is not None:
                    written.add(op.result)
                if edge.dst not in seen:
                    seen.add(edge.dst)
                    stack.append(edge.dst)
        return written
