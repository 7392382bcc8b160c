"""Weave each invariant into the program as a check followed by an assumption.

A loop invariant goes into the loop's controlling expression,
`while ((__witness_check(3, e), __witness_assume(3, e), c))`, so that `continue` and the `for`
increment keep their meaning; for `do ... while` it is also checked at body entry (the two
readings in use).  A location invariant becomes statements before its statement, after labels
and `case`s.  At one location all checks come before all assumptions (the body entry of a
`do ... while` is the same point as a location invariant at the body's first statement).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast

from .expressions import UnsupportedInvariant, check_invariant, parse_invariant
from .frontend import ParsedProgram
from .locate import ProgramIndex, Site
from .witness import LOOP_INVARIANT, Witness

CHECK = "__witness_check"
ASSUME = "__witness_assume"

PLACED = "placed"
UNPLACED = "unplaced"
UNSUPPORTED = "unsupported"

# where a check sits, for the validator
LOOP_HEAD = "loop_head"
DO_BODY_ENTRY = "do_body_entry"
DO_BEFORE_CONDITION = "do_before_condition"
BEFORE_STATEMENT = "before_statement"
FUNCTION_END = "function_end"


@dataclass
class InvariantPlacement:
    """What weaving did with one witness invariant."""
    index: int
    status: str                          # placed / unplaced / unsupported
    reason: Optional[str] = None
    function: Optional[str] = None
    site_kind: Optional[str] = None      # loop / statement / declaration / function_end
    expression: Optional[c_ast.Node] = None


@dataclass
class WovenCheck:
    """One `__witness_check` call in the instrumented AST."""
    index: int
    where: str                           # LOOP_HEAD, DO_BODY_ENTRY, ...
    call: c_ast.FuncCall
    function: str


@dataclass
class WeaveResult:
    ast: c_ast.FileAST
    placements: list[InvariantPlacement]
    checks: list[WovenCheck] = field(default_factory=list)


def intrinsic(name: str, index: int, expression: c_ast.Node) -> c_ast.FuncCall:
    return c_ast.FuncCall(c_ast.ID(name),
                          c_ast.ExprList([c_ast.Constant("int", str(index)), copy.deepcopy(expression)]))


@dataclass
class _Insertion:
    """Invariants to weave at one program point, in witness order."""
    holder: object                       # a statement list, or (parent, attribute)
    anchor: Optional[c_ast.Node]         # insert before this node; None: at the end of the list
    where: str                           # for location invariants woven here
    function: str
    items: list = field(default_factory=list)   # (index, expression, where)

    @property
    def key(self) -> tuple:
        """Equal for the same program point (a (parent, attribute) holder is a fresh tuple)."""
        holder = self.holder
        holder_id = id(holder) if isinstance(holder, list) else (id(holder[0]), holder[1])
        return holder_id, id(self.anchor)


def weave(program: ParsedProgram, witness: Witness,
          index: Optional[ProgramIndex] = None) -> WeaveResult:
    """Place and weave every invariant of `witness` into `program.ast` (modified in place)."""
    index = index or ProgramIndex(program)
    ghost_names = frozenset(g.name for g in witness.ghost_variables)
    placements: list[InvariantPlacement] = []
    at_loops: dict[int, tuple[Site, list]] = {}
    at_points: dict[tuple[int, int], _Insertion] = {}
    for invariant in witness.invariants:
        placement = InvariantPlacement(invariant.index, UNSUPPORTED)
        placements.append(placement)
        if invariant.unsupported_reason:
            placement.reason = invariant.unsupported_reason
            continue
        by_line = invariant.format_version.startswith("0.")
        found = index.locate(invariant.type, invariant.location, by_line)
        if found.site is None:
            placement.status, placement.reason = UNPLACED, found.reason
            continue
        site = found.site
        placement.function, placement.site_kind = site.function, site.kind
        try:
            expression = parse_invariant(invariant.value, program.typedef_names)
        except UnsupportedInvariant as e:
            placement.reason = str(e)
            continue
        scope = (site.loop_scope if invariant.type == LOOP_INVARIANT else site.scope) | ghost_names
        problem = check_invariant(expression, scope)
        if problem:
            placement.reason = problem
            continue
        placement.status, placement.expression = PLACED, expression
        item = (invariant.index, expression)
        if invariant.type == LOOP_INVARIANT:
            at_loops.setdefault(id(site.node), (site, []))[1].append(item)
            if isinstance(site.node, c_ast.DoWhile):
                point = _do_body_entry(site)
                at_points.setdefault(point.key, point).items.append(item + (DO_BODY_ENTRY,))
        else:
            point = _insertion_point(site)
            at_points.setdefault(point.key, point).items.append(item + (point.where,))
    result = WeaveResult(program.ast, placements)
    for site, items in at_loops.values():
        _weave_loop(result, site, items)
    for point in at_points.values():
        _weave_before(result, point)
    return result


def _insertion_point(site: Site) -> _Insertion:
    """Where code "before this statement" goes: after labels and case labels."""
    if site.kind == "function_end":
        body = site.node.body
        if body.block_items is None:
            body.block_items = []
        return _Insertion(body.block_items, None, FUNCTION_END, site.function)
    node, holder = site.node, site.holder
    while True:
        if isinstance(node, c_ast.Label):
            holder, node = (node, "stmt"), node.stmt
        elif isinstance(node, (c_ast.Case, c_ast.Default)):
            if node.stmts is None:
                node.stmts = []
            if not node.stmts:
                return _Insertion(node.stmts, None, BEFORE_STATEMENT, site.function)
            holder, node = node.stmts, node.stmts[0]
        else:
            return _Insertion(holder, node, BEFORE_STATEMENT, site.function)


def _do_body_entry(site: Site) -> _Insertion:
    """The body entry of a `do ... while`: before the first statement of its body."""
    loop = site.node
    if isinstance(loop.stmt, c_ast.Compound):
        if loop.stmt.block_items is None:
            loop.stmt.block_items = []
        items = loop.stmt.block_items
        return _Insertion(items, items[0] if items else None, DO_BODY_ENTRY, site.function)
    return _Insertion((loop, "stmt"), loop.stmt, DO_BODY_ENTRY, site.function)


def _calls(result: WeaveResult, items: list, function: str) -> list[c_ast.FuncCall]:
    """All checks, then all assumptions; the checks are recorded for the validator."""
    checks = []
    for number, expression, where in items:
        call = intrinsic(CHECK, number, expression)
        result.checks.append(WovenCheck(number, where, call, function))
        checks.append(call)
    assumes = [intrinsic(ASSUME, number, expression) for number, expression, _ in items]
    return checks + assumes


def _weave_loop(result: WeaveResult, site: Site, items: list) -> None:
    """Into the controlling expression; a do-while's body entry is woven as a point."""
    loop = site.node
    where = DO_BEFORE_CONDITION if isinstance(loop, c_ast.DoWhile) else LOOP_HEAD
    condition = loop.cond if loop.cond is not None else c_ast.Constant("int", "1")
    calls = _calls(result, [item + (where,) for item in items], site.function)
    loop.cond = c_ast.ExprList(calls + [condition])


def _weave_before(result: WeaveResult, point: _Insertion) -> None:
    calls = _calls(result, point.items, point.function)
    holder = point.holder
    if isinstance(holder, list):
        if point.anchor is None:
            holder.extend(calls)
            return
        position = next(i for i, node in enumerate(holder) if node is point.anchor)
        holder[position:position] = calls
    else:
        parent, attribute = holder
        setattr(parent, attribute, c_ast.Compound(calls + [getattr(parent, attribute)]))
