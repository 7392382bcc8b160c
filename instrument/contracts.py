"""Function contracts (format 2.1, `type: function_contract`, `format: acsl_expression`),
checked against the program and planned as woven checks; `weave.py` calls `weave_contract`.

The reading (issue 17; ACSL's meaning, the format's "holds on every execution"):
- The location names a function defined in the program: `function` if given (the line must
  lie in its definition), else the definition that contains the line.  Otherwise the contract
  is `unplaced`, with the reason.
- `requires` holds whenever the function is entered, that is at each of its calls once the
  arguments are passed (the parameters hold them; nothing runs between the call and the
  entry): a check at the start of the body, then an assumption.  A contract whose requires
  fails at a call is violated there.
- `ensures` holds whenever the function returns: a check at each `return` after the returned
  value is computed (in `__witness_resultN`, converted to the return type as `return` does),
  and at the end of the body if control can fall off it; then an assumption, which is how a
  proven contract summarises the call for its callers.  A parameter named in `ensures` means
  its value at entry (ACSL: formals are read in the pre-state), a global its value at the
  return, `\\old(e)` / `\\at(e, Pre|Old)` the entry values: each such value is copied at the
  start of the body into `__witness_preN_x`, of the variable's own type.
- Falling off the end of a non-void function leaves `\\result` indeterminate: it is read from
  an uninitialised `__witness_resultN` (an uninitialised read inside a check is undefined
  behaviour of the contract: never confirmed where it happens), except in `main`, which
  returns 0 there.
- ACSL terms are mathematical integers: `acsl.to_c` computes them in `long long`, where every
  overflow is undefined behaviour of the contract (unknown, never a wrapped value).  A value
  that may not fit `long long` (an `unsigned long (long)`, an enumeration) carries a guard
  whose division by zero is that undefined behaviour (enumeration constants too: gcc gives a
  constant beyond int a wider type).  Variables of other types (pointers,
  floating, structs, arrays, `__int128`) are not supported.
- The contract is one witness invariant: its status is `confirmed` only when every check (each
  entry and each return, in every inlined copy) is proven, the assumptions counting only as
  the verdict core allows (`verdict.py`).
"""
from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Optional, Union

from pycparser import c_ast

from .errors import AcslUnsupported
from .expressions import UnsupportedInvariant, parse_invariant
from .frontend import FUNCTION_DECLARATORS, LocalLabels, ParsedProgram
from .witness import Invariant

if TYPE_CHECKING:
    from .acsl import Result, Var

CONTRACT_ENTRY = "function_entry"       # where a requires check sits
CONTRACT_RETURN = "function_return"     # where an ensures check sits
EXACT, GUARDED = "exact", "guarded"     # how an integer type converts to long long

SIGNED_OR_SMALL = frozenset({"_Bool", "char", "short", "int", "long", "signed", "unsigned"})


class ContractUnplaced(Exception):
    """The contract's location names no function defined in the program."""


@dataclass
class ContractPlan:
    """What one contract adds to its function."""
    index: int
    function: c_ast.FuncDef
    requires: Optional[c_ast.Node]            # the C check, or None (no requires clause)
    ensures: Optional[c_ast.Node]
    snapshots: list[c_ast.Decl] = field(default_factory=list)   # at entry, before the check
    result: Optional[str] = None              # the name holding the returned value
    returns_void: bool = False

    @property
    def name(self) -> str:
        return self.function.decl.name


Calls = Callable[[list, str], list]            # (index, expression, where) items -> nodes


# ------------------------------------------------------------------ planning
def plan_contract(program: ParsedProgram, invariant: Invariant,
                  error_function: str = "reach_error") -> ContractPlan:
    """The contract's function and its checks as C; `ContractUnplaced` or `AcslUnsupported`
    (the reason) when it cannot be checked."""
    function = _function(program, invariant)
    if function.decl.name == error_function:
        raise AcslUnsupported(f"a contract of the property's error function "
                              f"'{error_function}' (a call of it is the error itself: its body "
                              f"never runs in the model)")
    scope = _Scope(program, function, invariant.index)
    requires = ensures = None
    if invariant.requires is not None:
        requires = scope.check("requires", invariant.requires)
    if invariant.ensures is not None:
        ensures = scope.check("ensures", invariant.ensures)
    if requires is None and ensures is None:
        requires = scope.check("requires", "\\true")
    return ContractPlan(invariant.index, function, requires, ensures, scope.snapshots,
                        scope.result_name,
                        _is_void(_function_declarator(function).type, scope.typedefs))


def _function(program: ParsedProgram, invariant: Invariant) -> c_ast.FuncDef:
    location = invariant.location
    if location is None:
        raise ContractUnplaced("the contract has no location")
    if location.file_name and os.path.basename(location.file_name.replace("\\", "/")) \
            != program.file_name:
        raise ContractUnplaced(f"file_name '{location.file_name}' is not the program's file "
                               f"'{program.file_name}'")
    definitions = [node for node in program.ast.ext if isinstance(node, c_ast.FuncDef)
                   and node.coord is not None
                   and os.path.basename(node.coord.file or "") == program.file_name]
    line = location.line
    if location.function:
        named = [d for d in definitions if d.decl.name == location.function]
        if not named:
            raise ContractUnplaced(f"function '{location.function}' is not defined in the "
                                   f"program")
        first, last = _lines(program, named[0])
        if not first <= line <= last:
            raise ContractUnplaced(f"line {line} is not in the definition of "
                                   f"'{location.function}' (lines {first}-{last})")
        return named[0]
    for definition in definitions:
        first, last = _lines(program, definition)
        if first <= line <= last:
            return definition
    raise ContractUnplaced(f"no function is defined at line {line}")


def _lines(program: ParsedProgram, function: c_ast.FuncDef) -> tuple[int, int]:
    """First and last line of a function definition in the original file."""
    positions, decl, body = program.positions, function.decl.coord, function.body.coord
    start = positions.statement_start(decl.line, decl.column) if decl else None
    end = positions.matching_close_brace(body.line, body.column) if body else None
    first = start[0] if start else (decl.line if decl else 0)
    return first, end[0] if end else first


class _Scope:
    """The names a contract of `function` may read, and their C counterparts."""

    def __init__(self, program: ParsedProgram, function: c_ast.FuncDef, index: int) -> None:
        self.program, self.function, self.index = program, function, index
        self.name = function.decl.name
        position = program.ast.ext.index(function)
        self.typedefs = {node.name: node.type for node in program.ast.ext
                         if isinstance(node, c_ast.Typedef)}
        self.globals: dict[str, c_ast.Decl] = {}
        self.enumerators: set[str] = set()
        for node in program.ast.ext[:position]:
            if isinstance(node, c_ast.Decl) and node.name \
                    and not isinstance(node.type, FUNCTION_DECLARATORS):
                self.globals.setdefault(node.name, node)
            self.enumerators |= {e.name for e in _walk(node) if isinstance(e, c_ast.Enumerator)}
        self.parameters = {p.name: p for p in _parameters(function)}
        self.locals = {n.name for n in _walk(function.body)
                       if isinstance(n, (c_ast.Decl, c_ast.Enumerator)) and n.name}
        self.snapshots: list[c_ast.Decl] = []
        self.snapshot_names: dict[str, str] = {}
        self.result_name: Optional[str] = None
        self.clause = ""

    def check(self, clause: str, text: str) -> c_ast.Node:
        # imported here: only a contract needs the ACSL parser (start-up time)
        from .acsl import Result, parse_acsl, reads, to_c
        self.clause = clause
        try:
            term = parse_acsl(text)
            for leaf in reads(term):
                if isinstance(leaf, Result) and clause == "requires":
                    raise AcslUnsupported("\\result in a requires clause")
            c_text = to_c(term, self.leaf)
        except RecursionError:
            raise AcslUnsupported(f"{clause}: the expression is nested too deeply") from None
        except AcslUnsupported as e:
            raise AcslUnsupported(f"{clause} '{text}': {e}") from None
        try:
            return parse_invariant(c_text, self.program.typedef_names)
        except UnsupportedInvariant as e:       # our own text: a bug, but never a verdict
            raise AcslUnsupported(f"{clause} '{text}': {e}") from None

    def leaf(self, term: Union[Var, Result]) -> str:
        from .acsl import Result
        if isinstance(term, Result):
            return self.result()
        name = term.name
        if name in self.parameters:
            declaration = self.parameters[name]
            c_name = name if self.clause == "requires" else self.snapshot(declaration)
        elif name in self.globals or name in self.enumerators:
            if name in self.locals:
                raise AcslUnsupported(f"'{name}' names a global, which a local of "
                                      f"'{self.name}' shadows")
            if name in self.enumerators:       # of type int, or wider where gcc needs it
                return _guarded(name)
            declaration = self.globals[name]
            old = term.old and self.clause == "ensures"
            c_name = self.snapshot(declaration) if old else name
        else:
            raise AcslUnsupported(f"'{name}' is neither a parameter of '{self.name}' nor a "
                                  f"global variable declared before it")
        return self.convert(c_name, declaration.type, f"'{name}'")

    def convert(self, c_name: str, ctype: c_ast.Node, what: str) -> str:
        kind = integer_kind(ctype, self.typedefs)
        if kind is None:
            raise AcslUnsupported(f"{what} is not of an integer type (only integer values are "
                                  f"supported in contracts)")
        return f"((long long){c_name})" if kind == EXACT else _guarded(c_name)

    def result(self) -> str:
        declarator = _function_declarator(self.function)
        return_type = declarator.type
        if _is_void(return_type, self.typedefs):
            raise AcslUnsupported(f"\\result of '{self.name}', which returns void")
        self.result_name = f"__witness_result{self.index}"
        return self.convert(self.result_name, return_type, "\\result")

    def snapshot(self, declaration: c_ast.Decl) -> str:
        if declaration.name in self.snapshot_names:
            return self.snapshot_names[declaration.name]
        if integer_kind(declaration.type, self.typedefs) is None:
            raise AcslUnsupported(f"'{declaration.name}' is not of an integer type (only integer "
                                  f"values are supported in contracts)")
        name = f"__witness_pre{self.index}_{declaration.name}"
        coord = self.function.body.coord
        self.snapshots.append(_declaration(name, declaration.type, c_ast.ID(declaration.name),
                                           coord, declaration.quals))
        self.snapshot_names[declaration.name] = name
        return name


def _guarded(c_name: str) -> str:
    """`c_name` as long long, with undefined behaviour (a division by zero) where its value
    does not fit: a negative value fits, a non-negative one up to LLONG_MAX."""
    from .acsl import LLONG_MAX
    return (f"((long long){c_name} + 0 * (1 / ({c_name} < 0 || {c_name} <= {LLONG_MAX}ULL)))")


def integer_kind(ctype: c_ast.Node, typedefs: dict[str, c_ast.Node]) -> Optional[str]:
    """EXACT if every value of the integer type `ctype` fits `long long`, GUARDED if it is an
    integer type whose values may not, None if it is not an integer type we support."""
    seen = 0
    while isinstance(ctype, c_ast.TypeDecl) and seen < 64:
        inner = ctype.type
        if isinstance(inner, c_ast.Enum):
            return GUARDED
        if not isinstance(inner, c_ast.IdentifierType):
            return None
        names = inner.names
        if len(names) == 1 and names[0] in typedefs:
            ctype, seen = typedefs[names[0]], seen + 1
            continue
        if not names or not set(names) <= SIGNED_OR_SMALL:
            return None
        return GUARDED if "unsigned" in names and "long" in names else EXACT
    return None


def _is_void(ctype: c_ast.Node, typedefs: dict[str, c_ast.Node]) -> bool:
    while isinstance(ctype, c_ast.TypeDecl) and isinstance(ctype.type, c_ast.IdentifierType):
        names = ctype.type.names
        if names == ["void"]:
            return True
        if len(names) != 1 or names[0] not in typedefs:
            return False
        ctype = typedefs[names[0]]
    return False


def _function_declarator(function: c_ast.FuncDef) -> c_ast.Node:
    declarator = function.decl.type
    while not isinstance(declarator, FUNCTION_DECLARATORS):
        declarator = declarator.type
    return declarator


def _parameters(function: c_ast.FuncDef) -> list[c_ast.Decl]:
    args = getattr(_function_declarator(function), "args", None)
    found = [p for p in (args.params if args is not None else [])
             if isinstance(p, c_ast.Decl) and p.name]
    for decl in function.param_decls or []:       # K&R parameters
        if isinstance(decl, c_ast.Decl) and decl.name:
            found = [p for p in found if p.name != decl.name] + [decl]
    return found


def _declaration(name: str, ctype: c_ast.Node, init: Optional[c_ast.Node], coord,
                 quals: Optional[list] = None) -> c_ast.Decl:
    """`T name = init;` with the type `ctype` of another declarator."""
    declarator = copy.deepcopy(ctype)
    innermost = declarator
    while not isinstance(innermost, c_ast.TypeDecl):
        innermost = innermost.type
    innermost.declname = name
    declaration = c_ast.Decl(name, list(quals or []), [], [], [], declarator, init, None)
    _set_coord(declaration, coord)
    return declaration


# ------------------------------------------------------------------ weaving
def weave_contract(plan: ContractPlan, calls: Calls) -> None:
    """The entry code (snapshots, requires), and the ensures at every return and at the end."""
    function = plan.function
    body = function.body
    items = body.block_items = body.block_items or []
    entry: list[c_ast.Node] = list(plan.snapshots)
    if plan.requires is not None:
        entry += _checks(plan, plan.requires, CONTRACT_ENTRY, body.coord, calls)
    start = 0
    while start < len(items) and isinstance(items[start], LocalLabels):
        start += 1
    items[start:start] = entry
    if plan.ensures is None:
        return
    declarator = _function_declarator(function)
    falls_off = not items or not isinstance(items[-1], c_ast.Return)
    for parent, attribute, node in _returns(body):
        _replace(parent, attribute, _checked_return(plan, node, declarator, calls))
    if falls_off:
        items.extend(_checked_end(plan, declarator, calls))


def _checked_return(plan: ContractPlan, node: c_ast.Return, declarator: c_ast.Node,
                    calls: Calls) -> c_ast.Compound:
    """`{ T r = e; check; assume; return r; }` (`{ check; assume; return; }` without value,
    `{ e; check; assume; return; }` for GNU C's `return e;` of a void `e` in a void function)."""
    coord = node.coord
    checks = _checks(plan, plan.ensures, CONTRACT_RETURN, coord, calls)
    if node.expr is None:
        return c_ast.Compound(checks + [node], coord)
    if plan.returns_void:
        value, node.expr = node.expr, None
        return c_ast.Compound([value] + checks + [node], coord)
    result = plan.result or f"__witness_result{plan.index}"
    declaration = _declaration(result, declarator.type, node.expr, coord)
    node.expr = c_ast.ID(result, coord)
    return c_ast.Compound([declaration] + checks + [node], coord)


def _checked_end(plan: ContractPlan, declarator: c_ast.Node, calls: Calls) -> list:
    """Falling off the end: `\\result` is uninitialised (0 in main)."""
    coord = plan.function.body.coord
    code: list[c_ast.Node] = []
    if plan.result is not None:
        init = c_ast.Constant("int", "0", coord) if plan.name == "main" else None
        code.append(_declaration(plan.result, declarator.type, init, coord))
    return code + _checks(plan, plan.ensures, CONTRACT_RETURN, coord, calls)


def _checks(plan: ContractPlan, expression: c_ast.Node, where: str, coord, calls: Calls) -> list:
    """The check and the assumption of `expression`, at the program's line `coord`."""
    nodes = calls([(plan.index, expression, where)], plan.name)
    for node in nodes:
        _set_coord(node, coord)
    return nodes


def _returns(node: c_ast.Node) -> list[tuple[c_ast.Node, str, c_ast.Return]]:
    """(parent, attribute as `children()` names it, the return) of every `return` below."""
    found = []
    for attribute, child in node.children():
        if isinstance(child, c_ast.Return):
            found.append((node, attribute, child))
        elif not isinstance(child, c_ast.FuncDef):
            found += _returns(child)
    return found


def _replace(parent: c_ast.Node, attribute: str, new: c_ast.Node) -> None:
    if "[" in attribute:
        name, position = attribute[:-1].split("[")
        getattr(parent, name)[int(position)] = new
    else:
        setattr(parent, attribute, new)


def _set_coord(node: c_ast.Node, coord) -> None:
    for inner in _walk(node):
        inner.coord = coord


def _walk(node: c_ast.Node):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(child for _, child in current.children())
