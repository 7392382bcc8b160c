"""Weave each invariant into the program as a check followed by an assumption.

A loop invariant goes into the loop's controlling expression,
`while ((__witness_check(3, e), __witness_assume(3, e), c))`, so that `continue` and the `for`
increment keep their meaning; for `do ... while` it is also checked at body entry (the two
readings in use).  A location invariant becomes statements before its statement, after labels
and `case`s.  At one location all checks come before all assumptions (the body entry of a
`do ... while` is the same point as a location invariant at the body's first statement).

Ghosts (format 2.1, planned and checked by `ghosts.py`) are woven as ordinary C: the ghost
variables as globals, their initial values as assignments at the start of `main`, an update
as an assignment after the checks and assumptions at its location (control leaves the location
after the invariants there are evaluated), an update restricted to a branch on that edge: at
the start of the branch of an `if`, in the controlling expression of a loop
(`while (c ? (g = e, 1) : 0)`, since a `continue` or a `do`'s repetition also enter the body).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast

from .contracts import ContractPlan, ContractUnplaced, plan_contract, weave_contract
from .deadline import Deadline
from .errors import AcslUnsupported
from .expressions import (UnsupportedInvariant, check_invariant, copy_expression, parse_invariant,
                          parse_invariants)
from .frontend import LocalLabels, ParsedProgram
from .ghosts import LOOPS, GhostPlan, assignment, names_read, plan_ghosts
from .locate import ProgramIndex, Site
from .witness import AFTER_CALL, FOR_NEXT, FUNCTION_CONTRACT, LOOP_INVARIANT, Witness
from .woven import (ASSUME, BEFORE_STATEMENT, CHECK, DO_BEFORE_CONDITION, DO_BODY_ENTRY,
                    FUNCTION_END, INITIAL, LOOP_HEAD, PLACED, UNPLACED, UNSUPPORTED,
                    InvariantPlacement, WeaveResult, WovenCheck)

def _parsed_values(witness: Witness, program: ParsedProgram,
                   deadline: Optional[Deadline]) -> dict:
    """The expression of each invariant that `weave` places (by index), or the
    `UnsupportedInvariant` that says why it is not one: parsed together (`parse_invariants`)."""
    wanted = [i for i in witness.invariants if not i.unsupported_reason
              and i.type != FUNCTION_CONTRACT and not i.unplaced_reason]
    results = parse_invariants([i.value for i in wanted], program.typedef_names,
                               deadline.check if deadline is not None else None)
    return {i.index: result for i, result in zip(wanted, results)}


def intrinsic(name: str, index: int, expression: c_ast.Node) -> c_ast.FuncCall:
    return c_ast.FuncCall(c_ast.ID(name),
                          c_ast.ExprList([c_ast.Constant("int", str(index)),
                                          copy_expression(expression)]))


@dataclass
class _Insertion:
    """Invariants to weave at one program point, in witness order."""
    holder: object                       # a statement list, or (parent, attribute)
    anchor: Optional[c_ast.Node]         # insert before this node; None: at the end of the list
    where: str                           # for location invariants woven here
    function: str
    items: list = field(default_factory=list)   # (index, expression, where)
    updates: list = field(default_factory=list)  # ghost assignments, after the invariants

    @property
    def key(self) -> tuple:
        """Equal for the same program point (a (parent, attribute) holder is a fresh tuple)."""
        holder = self.holder
        holder_id = id(holder) if isinstance(holder, list) else (id(holder[0]), holder[1])
        return holder_id, id(self.anchor)


def weave(program: ParsedProgram, witness: Witness, index: Optional[ProgramIndex] = None,
          error_function: str = "reach_error",
          deadline: Optional[Deadline] = None) -> WeaveResult:
    """Place and weave every invariant, contract and ghost of `witness` into `program.ast`
    (modified in place; `deadline` is checked per invariant).  Invalid ghosts raise
    `InputError`."""
    index = index or ProgramIndex(program)
    plan = plan_ghosts(program, witness, index)
    functions = {node.decl.name: i for i, node in enumerate(program.ast.ext)
                 if isinstance(node, c_ast.FuncDef)}
    placements: list[InvariantPlacement] = []
    at_loops: dict[int, tuple[Site, list]] = {}
    at_points: dict[tuple[int, int], _Insertion] = {}
    contracts: list[ContractPlan] = []
    parsed = _parsed_values(witness, program, deadline)
    for invariant in witness.invariants:
        if deadline is not None:
            deadline.check()
        placement = InvariantPlacement(invariant.index, UNSUPPORTED)
        placements.append(placement)
        if invariant.unsupported_reason:
            placement.reason = invariant.unsupported_reason
            continue
        if invariant.type == FUNCTION_CONTRACT:
            _plan_contract(program, invariant, placement, contracts, error_function)
            continue
        if invariant.unplaced_reason:
            placement.status, placement.reason = UNPLACED, invariant.unplaced_reason
            continue
        by_line = invariant.format_version.startswith("0.")
        found = index.locate(invariant.type, invariant.location, by_line)
        if found.site is None:
            placement.status, placement.reason = UNPLACED, found.reason
            continue
        site = found.site
        placement.function, placement.site_kind = site.function, site.kind
        expression = parsed[invariant.index]
        if isinstance(expression, UnsupportedInvariant):
            placement.reason = str(expression)
            continue
        if invariant.condition is not None:     # GraphML: only while the automaton is there
            expression = c_ast.BinaryOp("||", c_ast.UnaryOp(
                "!", parse_invariant(invariant.condition, set())), expression)
        scope = (site.loop_scope if invariant.type == LOOP_INVARIANT else site.scope) | plan.names
        problem = check_invariant(expression, scope)
        placement.ghosts = tuple(sorted(set(names_read(expression)) & plan.names))
        problem = problem or _ghost_problem(placement, plan, functions)
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
    exact = plan.problem is None
    if plan.problem is not None:
        result.unsupported_features.append(plan.problem)
    branches: dict[int, tuple[c_ast.Node, list, list]] = {}
    increments: dict[int, tuple[c_ast.For, list]] = {}
    returns: dict[int, tuple[Site, list]] = {}
    for update in plan.updates if exact else []:
        if update.kind == INITIAL:
            continue
        node = assignment(update, update.site.node.coord)
        if update.part == FOR_NEXT:
            increments.setdefault(id(update.site.node), (update.site.node, []))[1].append(node)
        elif update.part == AFTER_CALL:
            returns.setdefault(id(update.site.node), (update.site, []))[1].append(node)
        elif update.branch is None:
            point = _insertion_point(update.site)
            at_points.setdefault(point.key, point).updates.append(node)
        else:
            edges = branches.setdefault(id(update.site.node), (update.site.node, [], []))
            edges[1 if update.branch else 2].append(node)
    # a loop's updates go into its condition before the loop invariants' checks wrap it; an
    # if's wrap its branches after the invariants there are woven (they come first)
    for statement, taken, not_taken in branches.values():
        if isinstance(statement, LOOPS):
            statement.cond = _branch_condition(statement, taken, not_taken)
    for loop, updates in increments.values():      # before the increment, in it
        rest = [loop.next] if loop.next is not None else []
        loop.next = c_ast.ExprList(updates + rest, loop.coord)
    for site, items in at_loops.values():
        _weave_loop(result, site, items)
    _weave_before(result, list(at_points.values()))
    for statement, taken, not_taken in branches.values():
        if isinstance(statement, c_ast.If):
            _wrap_branches(statement, taken, not_taken)
    for site, updates in returns.values():
        _weave_after(site, updates)
    for contract in contracts:       # last: a return's own invariants come before its value
        weave_contract(contract, lambda items, function: _calls(result, items, function))
    if exact and plan.ghosts:
        _declare_ghosts(program.ast, plan)
        result.ghosts = [g.name for g in plan.ghosts]
        result.ghost_updates = plan.updates
    return result


def _plan_contract(program: ParsedProgram, invariant, placement: InvariantPlacement,
                   contracts: list[ContractPlan], error_function: str) -> None:
    """A function contract's placement; its plan joins `contracts` when it can be woven."""
    try:
        plan = plan_contract(program, invariant, error_function)
    except ContractUnplaced as e:
        placement.status, placement.reason = UNPLACED, str(e)
        return
    except AcslUnsupported as e:
        placement.reason = str(e)
        placement.function = invariant.location.function if invariant.location else None
        return
    placement.status, placement.function, placement.site_kind = PLACED, plan.name, "function"
    placement.expression = plan.requires if plan.requires is not None else plan.ensures
    contracts.append(plan)


def _ghost_problem(placement: InvariantPlacement, plan: GhostPlan,
                   functions: dict[str, int]) -> Optional[str]:
    """Why an invariant that reads ghosts cannot be checked, or None."""
    if not placement.ghosts:
        return None
    names = ", ".join(placement.ghosts)
    if plan.problem is not None:
        return f"reads the ghost variables {names}, which are not woven: {plan.problem}"
    if functions.get(placement.function, plan.position) < plan.position:
        return (f"reads the ghost variables {names}, whose types are declared after "
                f"function '{placement.function}'")
    return None


def _branch_condition(loop: c_ast.Node, taken: list, not_taken: list) -> c_ast.Node:
    """`c ? (updates, 1) : (updates, 0)`: the updates on the loop condition's two edges."""
    coord = loop.coord
    condition = loop.cond if loop.cond is not None else c_ast.Constant("int", "1", coord)
    one, zero = c_ast.Constant("int", "1", coord), c_ast.Constant("int", "0", coord)
    return c_ast.TernaryOp(condition, c_ast.ExprList(taken + [one], coord) if taken else one,
                           c_ast.ExprList(not_taken + [zero], coord) if not_taken else zero,
                           coord)


def _wrap_branches(statement: c_ast.If, taken: list, not_taken: list) -> None:
    """The updates of an `if`'s edges first in its branches (a jump to a label in a branch
    does not take the edge, and does not run them)."""
    if taken:
        statement.iftrue = c_ast.Compound(taken + [statement.iftrue], statement.coord)
    if not_taken:
        rest = [statement.iffalse] if statement.iffalse is not None else []
        statement.iffalse = c_ast.Compound(not_taken + rest, statement.coord)


def _declare_ghosts(ast: c_ast.FileAST, plan: GhostPlan) -> None:
    """The ghosts as globals, and their initial values assigned at the start of main, before
    anything else (after a `__label__` declaration, which must come first)."""
    main = next(node for node in ast.ext
                if isinstance(node, c_ast.FuncDef) and node.decl.name == "main")
    initial = [assignment(u, main.coord) for u in plan.updates if u.kind == INITIAL]
    items = main.body.block_items = main.body.block_items or []
    start = 0
    while start < len(items) and isinstance(items[start], LocalLabels):
        start += 1
    items[start:start] = initial
    ast.ext[plan.position:plan.position] = [g.declaration for g in plan.ghosts]


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


def _weave_after(site: Site, updates: list) -> None:
    """Right after the statement (the return from its call comes before anything woven at
    the next statement: it is inserted last, next to the statement)."""
    statement, holder = site.node, site.holder
    if isinstance(holder, tuple):
        parent, attribute = holder
        current = getattr(parent, attribute)
        if current is statement:
            setattr(parent, attribute, c_ast.Compound([statement] + updates, statement.coord))
            return
        holder = current.block_items          # Compounds that weaving put around it
        while not any(node is statement for node in holder):
            holder = holder[-1].block_items   # the statement is always last in them
    position = next(i for i, node in enumerate(holder) if node is statement)
    holder[position + 1:position + 1] = updates


def _weave_before(result: WeaveResult, points: list[_Insertion]) -> None:
    """The checks, assumptions and updates of each point before its anchor.  Each statement
    list is rebuilt once for all its points (inserting point by point was quadratic in the
    length of a block: minutes for a witness with an invariant before each of 20,000
    statements)."""
    lists: dict[int, tuple[list, dict[int, list], list]] = {}
    for point in points:
        calls = _calls(result, point.items, point.function) + point.updates
        holder = point.holder
        if isinstance(holder, list):
            _, before, at_end = lists.setdefault(id(holder), (holder, {}, []))
            if point.anchor is None:
                at_end.extend(calls)
            else:
                before.setdefault(id(point.anchor), []).extend(calls)
        else:
            parent, attribute = holder
            setattr(parent, attribute, c_ast.Compound(calls + [getattr(parent, attribute)]))
    for holder, before, at_end in lists.values():
        woven: list = []
        for node in holder:
            woven.extend(before.pop(id(node), ()))
            woven.append(node)
        # an anchor must be in its list: a check that is not woven would never fail
        if before:
            raise AssertionError("an insertion point's statement is not in its list")
        holder[:] = woven + at_end
