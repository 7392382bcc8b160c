"""A format-2.0 violation witness (`violation_sequence`) for a program that reaches the error.

Written only after the counterexample replayed in the gcc-compiled program.  The execution is
followed once more in the CFA with the counterexample's nondet values, and every value read
becomes a waypoint in the ORIGINAL program (line and column of a statement's first character):
  - `assumption` at the next statement after the read, fixing the variables the read assigned
    (`x == 5`), where they are in scope;
  - `branching` (`true`/`false`) at the `if`, `while` or `for` whose controlling expression
    calls a function and read a value (`while (__VERIFIER_nondet_int())`);
and the witness ends in a `target` waypoint at the statement that calls the error function.
Each waypoint is a segment of its own, in the order of the execution.  If the execution cannot
be followed (it depends on uninitialised memory), the witness has the target alone, which still
represents a set of executions that contains ours.
"""
from __future__ import annotations

import datetime
import hashlib
import math
import uuid
from typing import Any, Optional

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS
from instrument.locate import ProgramIndex

from .. import __version__
from ..semantics import floats
from ..semantics.c_types import FloatType, IntType, Unsupported
from ..semantics.cfa import woven_program_cfa
from ..engines.candidates import interesting
from ..engines.testing import follow
from ..semantics.ir import Assign, Havoc
from ..pipeline import Outcome
from .yaml_output import dump_entries


def violation_witness_entries(outcome: Outcome) -> list[dict[str, Any]]:
    program = outcome.program
    with open(program.path, "rb") as f:
        file_hash = hashlib.sha256(f.read()).hexdigest()
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()
    error_function = outcome.property.error_function or "reach_error"
    index = ProgramIndex(program)
    line = outcome.counterexample.target_line if outcome.counterexample else None
    segments = [{"segment": [{"waypoint": w}]}
                for w in input_waypoints(outcome, index, error_function)]
    segments.append({"segment": [{"waypoint": {
        "type": "target", "action": "follow",
        "location": target_location(index, program.file_name, error_function, line)}}]})
    return [{
        "entry_type": "violation_sequence",
        "metadata": {
            "format_version": "2.0",
            "uuid": str(uuid.uuid4()),
            "creation_time": now,
            "producer": {"name": "validate-correctness", "version": __version__},
            "task": {
                "input_files": [program.file_name],
                "input_file_hashes": {program.file_name: file_hash},
                "specification": f"G ! call({error_function}())",
                "data_model": outcome.data_model,
                "language": "C",
            },
        },
        "content": segments,
    }]


def input_waypoints(outcome: Outcome, index: ProgramIndex, error_function: str) -> list[dict]:
    """`assumption` and `branching` waypoints for the values the execution reads."""
    values = outcome.counterexample.values() if outcome.counterexample else []
    if not values:
        return []           # nothing is read: the target alone describes the execution
    try:
        cfa = woven_program_cfa(outcome.weave_result, outcome.data_model, error_function,
                                uninitialized=outcome.uninitialized)
    except Unsupported:
        return []
    path = follow(cfa, values)
    if not path.reached_error or len(path.inputs) != len(values):
        return []
    flags = set(cfa.flags.values())           # ours, not the program's (cfa.indeterminate)
    statements = {id(s.node): s for sites in index.statements.values() for s in sites}
    loop_keywords = {id(s.node): s for sites in index.loops.values() for s in sites}
    file_name = index.program.file_name
    waypoints: list[dict] = []
    read = False                      # an input was read since the last statement start
    written: dict = {}                # program variables assigned since then
    for position, edge in enumerate(path.edges):
        op = edge.op
        if isinstance(op, Havoc) and op.input_function:
            read = True
        elif read and isinstance(op, Assign) and _described(op.var) and op.var not in flags:
            written[op.var] = True
        if read and edge.decision is not None and _calls_any(edge.decision[0].cond):
            # a condition that reads values itself; others follow from the assumptions
            statement, outcome_value = edge.decision
            site = loop_keywords.get(id(statement)) if not isinstance(statement, c_ast.If) \
                else statements.get(id(statement))
            if site is not None and not isinstance(statement, c_ast.DoWhile):
                waypoints.append(_waypoint("branching", file_name, site,
                                           "true" if outcome_value else "false"))
        if position in path.states and read:
            statement, _ = cfa.statement_starts[edge.dst]
            site = statements.get(id(statement))
            state = path.states[position]
            names = {var: var.name.split("::")[-1] for var in written}     # f::x is x in f
            constraints = [equals(names[var], state[var], var.type)
                           for var in written if site is not None and var in state
                           and names[var] in site.scope]
            if constraints:
                waypoints.append(_waypoint("assumption", file_name, site, " && ".join(constraints)))
            read, written = False, {}
    return waypoints


def _waypoint(kind: str, file_name: str, site, value: str) -> dict:
    constraint = {"value": value}
    if kind == "assumption":
        constraint["format"] = "c_expression"
    return {"type": kind, "action": "follow",
            "location": {"file_name": file_name, "line": site.start[0], "column": site.start[1],
                         "function": site.function},
            "constraint": constraint}


def _described(var) -> bool:
    """A program variable whose values the waypoints state (integers as `interesting` says,
    floating variables of the program likewise)."""
    if isinstance(var.type, FloatType):
        integer_twin = type(var)(var.uid, var.name, IntType("int", 32, True), var.is_global)
        return interesting(integer_twin)
    return interesting(var)


def equals(name: str, value, ctype) -> str:
    """A C condition that `name` holds `value` of `ctype`: a floating value as an exact hex
    literal (promoted to double it compares equal), infinities as `1e999`, NaN as
    `name != name` (no literal is NaN, and NaN equals nothing)."""
    if isinstance(ctype, FloatType):
        if math.isnan(value):
            return f"{name} != {name}"
        return f"{name} == {floats.c_literal(value, ctype)}"
    return f"{name} == {c_literal(value, ctype)}"


def c_literal(value: int, ctype: IntType) -> str:
    """A C constant that compares equal to `value` in `ctype` (C11 6.4.4.1 picks its type)."""
    if value == -(1 << 63):
        return "(-9223372036854775807LL - 1)"
    if value == -(1 << 31):
        return "(-2147483647 - 1)"
    if value >= 1 << 63:
        return f"{value}ULL"
    return str(value)


def target_location(index: ProgramIndex, file_name: str, error_function: str,
                    line: Optional[int]) -> dict[str, Any]:
    """The statement on `line` that calls the error function (innermost), or the line alone."""
    location: dict[str, Any] = {"file_name": file_name}
    sites = [s for s in index.statements.get(line, []) if _calls(s.node, error_function)]
    if not sites:
        # the error function called through a pointer (`cfa/function_pointers.py`): the
        # statement on the line that calls something other than a function by its name
        functions = {n.decl.name for n in index.program.ast.ext
                     if isinstance(n, c_ast.FuncDef)} | {
            n.name for n in index.program.ast.ext if isinstance(n, c_ast.Decl) and
            isinstance(n.type, FUNCTION_DECLARATORS)}
        sites = [s for s in index.statements.get(line, []) if _calls_indirectly(s.node, functions)]
    if line is None and not sites:
        sites = [s for lst in index.statements.values() for s in lst
                 if _calls(s.node, error_function)]
    if not sites:
        # no call found on that line (e.g. it comes from a macro): without a column, the
        # format reads the leftmost suitable position on the line
        location["line"] = line or 1
        return location
    innermost = min(sites, key=_size)
    location.update({"line": innermost.start[0], "column": innermost.start[1],
                     "function": innermost.function})
    return location


def _calls(node: c_ast.Node, name: str) -> bool:
    if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and \
            node.name.name == name:
        return True
    return any(_calls(child, name) for _, child in node.children())


def _calls_indirectly(node: c_ast.Node, functions: set) -> bool:
    if isinstance(node, c_ast.FuncCall) and not (isinstance(node.name, c_ast.ID) and
                                                 node.name.name in functions):
        return True
    return any(_calls_indirectly(child, functions) for _, child in node.children())


def _calls_any(node: c_ast.Node) -> bool:
    if isinstance(node, c_ast.FuncCall):
        return True
    return any(_calls_any(child) for _, child in node.children())


def _size(site) -> int:
    count = 1
    stack = [site.node]
    while stack:
        node = stack.pop()
        children = [child for _, child in node.children()]
        count += len(children)
        stack.extend(children)
    return count


def write_violation_witness(outcome: Outcome, path: str) -> None:
    text = dump_entries(violation_witness_entries(outcome))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
