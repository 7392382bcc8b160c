"""Weave a format-2.0 violation witness into a program, to check it.

Each segment's `follow` waypoint becomes code at its location that may (by a nondet choice:
a segment ends at *some* pass of its waypoint) close the segment when its constraint holds:

  assumption k at S:    if (__waypoint_segment == k && __VERIFIER_nondet_int())
                          { __VERIFIER_assume(constraint); __waypoint_segment = k + 1; }   before S
  branching at S:       S's condition C becomes, for all branching waypoints k1, k2, ... at S
                          (__waypoint_decision = !!(C),
                           ((__waypoint_segment == k1 || ...) && __VERIFIER_nondet_int())
                             ? (__VERIFIER_assume((__waypoint_segment != k1 ||
                                   __waypoint_decision == v1) && ...), __waypoint_segment++) : 0,
                           __waypoint_decision)
                        (C is evaluated once: one wrapper per statement, not one per waypoint)
  target k at S:        if (__waypoint_segment == k) __waypoint_target();                   before S
  elsewhere:            the error function's calls become `abort()`

The witness represents a real violation exactly when `__waypoint_target` is reachable in the
woven program: a verifier looks for that (`TARGET_FUNCTION` is its error function).  Only
`follow` waypoints of these three types are supported; anything else is an `InputError` naming
the waypoint, since a witness we cannot read must not be reported as checked.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pycparser import c_ast
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from .errors import InputError, malformed_yaml, read_text
from .expressions import UnsupportedInvariant, check_invariant, parse_invariant
from .frontend import ParsedProgram
from .locate import ProgramIndex
from .weave import _insertion_point
from .witness import LOCATION_INVARIANT, Location

SEGMENT = "__waypoint_segment"
DECISION = "__waypoint_decision"
TARGET_FUNCTION = "__waypoint_target"
CHOICE = "__VERIFIER_nondet_int"


@dataclass
class Waypoint:
    type: str                  # assumption, branching, target
    location: Location
    value: Optional[str]       # the constraint (None for target)


def load_violation_witness(path: str) -> list[Waypoint]:
    """The follow waypoints of the witness's (first) violation_sequence, in order."""
    text = read_text(path, "violation witness")
    try:
        document = YAML(typ="safe", pure=True).load(text)
    except YAMLError as e:
        raise malformed_yaml(e, path) from None
    entries = [e for e in (document or []) if isinstance(e, dict)
               and e.get("entry_type") == "violation_sequence"]
    if not entries:
        raise InputError("no violation_sequence entry", path)
    waypoints = []
    for number, segment in enumerate(entries[0].get("content") or []):
        items = [item.get("waypoint") for item in (segment or {}).get("segment") or []]
        if not items or any(not isinstance(w, dict) for w in items):
            raise InputError(f"segment {number} has no waypoints", path)
        if any(w.get("action") != "follow" for w in items):
            raise InputError(f"segment {number}: only 'follow' waypoints are supported", path)
        waypoint = items[-1]
        kind = waypoint.get("type")
        if kind not in ("assumption", "branching", "target"):
            raise InputError(f"segment {number}: waypoint type '{kind}' is not supported", path)
        place = waypoint.get("location") or {}
        if "line" not in place:
            raise InputError(f"segment {number}: waypoint without a line", path)
        location = Location(place.get("file_name"), int(place["line"]), place.get("column"),
                            place.get("function"))
        value = None if kind == "target" else str((waypoint.get("constraint") or {}).get("value"))
        waypoints.append(Waypoint(kind, location, value))
    if not waypoints or waypoints[-1].type != "target":
        raise InputError("the last segment must end in a target waypoint", path)
    return waypoints


def weave_waypoints(program: ParsedProgram, waypoints: list[Waypoint],
                    error_function: str = "reach_error", strict: bool = False) -> c_ast.FileAST:
    """The program (modified in place) with the waypoints as code, see the module text.
    A call of the error function that is not the target ends the execution (`abort()`).
    `strict`: a segment ends at the FIRST pass of its waypoint, whose constraint must hold
    there (no nondet choice).  These are fewer executions than the witness describes, so a
    target reached this way is reached by the witness too; and as every waypoint then fixes
    the execution where it stands, the search is much easier for BMC."""
    index = ProgramIndex(program)
    ast = program.ast
    _Calls(error_function, "abort").visit(ast)
    branchings: dict[int, tuple[c_ast.Node, list]] = {}      # statement -> (it, [(k, v)])
    for number, waypoint in enumerate(waypoints):
        where = f"waypoint {number} ({waypoint.type} at line {waypoint.location.line})"
        placement = index.locate_branching(waypoint.location) if waypoint.type == "branching" \
            else index.locate(LOCATION_INVARIANT, waypoint.location, False)
        site = placement.site
        if site is None:
            raise InputError(f"{where}: {placement.reason}")
        if waypoint.type == "branching":
            statement = site.node
            if not isinstance(statement, (c_ast.If, c_ast.While, c_ast.For, c_ast.DoWhile)) \
                    or statement.cond is None:
                raise InputError(f"{where}: not a branching statement with a condition")
            value = str(waypoint.value).strip().lower()
            if value not in ("true", "false"):
                raise InputError(f"{where}: branching value '{waypoint.value}' is not true or false")
            branchings.setdefault(id(statement), (statement, []))[1].append((number, value == "true"))
        elif waypoint.type == "assumption":
            constraint = _expression(waypoint.value, program, site.scope, where)
            _insert_before(site, _segment_step(number, constraint, strict))
        else:
            target = c_ast.FuncCall(c_ast.ID(TARGET_FUNCTION), None)
            _insert_before(site, c_ast.If(_at_segment(number), target, None))
    for statement, decisions in branchings.values():
        _weave_branching(statement, decisions, strict)
    declarations = [
        _global_int(SEGMENT), _global_int(DECISION),
        _prototype(TARGET_FUNCTION, "void", []),
        _prototype(CHOICE, "int", []),
        _prototype("__VERIFIER_assume", "void", ["int"]),
    ]
    ast.ext[0:0] = declarations
    return ast


class _Calls(c_ast.NodeVisitor):
    """Renames the calls of one function."""

    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID) and node.name.name == self.old:
            node.name = c_ast.ID(self.new, node.name.coord)
        self.generic_visit(node)


def _expression(text: str, program: ParsedProgram, scope: frozenset, where: str) -> c_ast.Node:
    try:
        expression = parse_invariant(text, program.typedef_names)
    except UnsupportedInvariant as e:
        raise InputError(f"{where}: constraint '{text}': {e}") from None
    problem = check_invariant(expression, scope)
    if problem:
        raise InputError(f"{where}: constraint '{text}': {problem}")
    return expression


def _at_segment(number: int) -> c_ast.Node:
    return c_ast.BinaryOp("==", c_ast.ID(SEGMENT), c_ast.Constant("int", str(number)))


def _chosen(number: int) -> c_ast.Node:
    """This pass ends segment `number` (a nondet choice, when the segment is current)."""
    return c_ast.BinaryOp("&&", _at_segment(number), c_ast.FuncCall(c_ast.ID(CHOICE), None))


def _advance(number: int) -> c_ast.Node:
    return c_ast.Assignment("=", c_ast.ID(SEGMENT), c_ast.Constant("int", str(number + 1)))


def _assume(condition: c_ast.Node) -> c_ast.Node:
    return c_ast.FuncCall(c_ast.ID("__VERIFIER_assume"), c_ast.ExprList([condition]))


def _segment_step(number: int, constraint: c_ast.Node, strict: bool) -> c_ast.Node:
    closing = _at_segment(number) if strict else _chosen(number)
    return c_ast.If(closing, c_ast.Compound([_assume(constraint), _advance(number)]), None)


def _weave_branching(statement: c_ast.Node, decisions: list[tuple[int, bool]],
                     strict: bool) -> None:
    """Wrap the condition once for all branching waypoints at this statement."""
    decided = c_ast.UnaryOp("!", c_ast.UnaryOp("!", statement.cond))
    current = required = None          # some waypoint here is current / its value holds
    for number, value in decisions:
        here = _at_segment(number)
        holds = c_ast.BinaryOp("||", c_ast.UnaryOp("!", _at_segment(number)), c_ast.BinaryOp(
            "==", c_ast.ID(DECISION), c_ast.Constant("int", "1" if value else "0")))
        current = here if current is None else c_ast.BinaryOp("||", current, here)
        required = holds if required is None else c_ast.BinaryOp("&&", required, holds)
    if not strict:
        current = c_ast.BinaryOp("&&", current, c_ast.FuncCall(c_ast.ID(CHOICE), None))
    step = c_ast.TernaryOp(current, c_ast.ExprList([_assume(required),
                                                    c_ast.UnaryOp("p++", c_ast.ID(SEGMENT))]),
                           c_ast.Constant("int", "0"))
    statement.cond = c_ast.ExprList([c_ast.Assignment("=", c_ast.ID(DECISION), decided), step,
                                     c_ast.ID(DECISION)])


def _global_int(name: str) -> c_ast.Decl:
    return c_ast.Decl(name, [], [], [], [], c_ast.TypeDecl(name, [], None,
                                                          c_ast.IdentifierType(["int"])),
                      c_ast.Constant("int", "0"), None)


def _insert_before(site, statement: c_ast.Node) -> None:
    point = _insertion_point(site)
    holder = point.holder
    if isinstance(holder, list):
        position = len(holder) if point.anchor is None else \
            next(i for i, node in enumerate(holder) if node is point.anchor)
        holder.insert(position, statement)
    else:
        parent, attribute = holder
        setattr(parent, attribute, c_ast.Compound([statement, getattr(parent, attribute)]))


def _prototype(name: str, returns: str, params: list[str]) -> c_ast.Decl:
    arguments = c_ast.ParamList([c_ast.Typename(None, [], None, c_ast.TypeDecl(
        None, [], None, c_ast.IdentifierType([p]))) for p in params] or
        [c_ast.Typename(None, [], None, c_ast.TypeDecl(None, [], None,
                                                       c_ast.IdentifierType(["void"])))])
    declarator = c_ast.FuncDecl(arguments, c_ast.TypeDecl(name, [], None,
                                                          c_ast.IdentifierType([returns])))
    return c_ast.Decl(name, [], [], [], [], declarator, None, None)
