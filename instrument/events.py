"""The program as a witness automaton sees it: statement-level events, by line.

A GraphML witness's transitions match CFA edges, and CFAs differ between tools in how finely
they cut a statement.  The product is therefore taken with the program's *events*, one per
execution of a statement, defined here:
- a simple statement (expression statement, declaration, `return`) is one event, `STATEMENT`;
- `f(args);`, `x = f(args);` or `T x = f(args);` calling a function the program defines is
  two events, `CALL` (the call edge) and `RETURN` (the edge back to the caller, after the
  callee's events, which assigns the value);
- the condition of an `if`, `while` or `for` is one of two events, `BRANCH` true or false;
- a `for` loop's initialisation and increment are a `STATEMENT` each (`part`);
- nothing else is an event (labels, `else`, joins, the entry into a loop).
Each event has the program point it ends at (`Point`: before a statement, the head of a loop,
before a `for` loop's increment), when the structure of the function tells it.  Lines whose
content a tool's CFA could cut into edges we do not model (a `do`, `switch`, `goto`, `break`,
`continue`, an empty statement, `&&`/`||`/`?:` or a call of the program's functions inside a
statement, a side effect in a condition, a statement spread over several lines, several
statements from one macro) carry a `problem`: a transition whose guard names such a line
cannot be matched exactly (`automaton.py`); a call in a condition, only for a guard without
`control` (`calls_in_conditions`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast

from .frontend import FUNCTION_DECLARATORS, ParsedProgram
from .locate import ProgramIndex, Site
from .witness import FOR_INIT, FOR_NEXT

STATEMENT = "statement"
CALL = "call"
RETURN = "return"
BRANCH = "branch"

HEAD = "head"          # the head of a while or for loop: before its condition is evaluated
BEFORE = "before"      # before a statement (an if's condition, a simple statement, a for)
NEXT = "next"          # before a for loop's increment

SIMPLE = (c_ast.Decl, c_ast.DeclList, c_ast.Return)
NOT_EVENTS = {c_ast.DoWhile: "a do-while loop",
              c_ast.Switch: "a switch", c_ast.Case: "a case label",
              c_ast.Default: "a default label", c_ast.Goto: "a goto", c_ast.Break: "a break",
              c_ast.Continue: "a continue", c_ast.EmptyStatement: "an empty statement",
              c_ast.Typedef: "a typedef", c_ast.Pragma: "a pragma"}


@dataclass(frozen=True)
class Point:
    kind: str                     # HEAD or BEFORE
    node: c_ast.Node              # the while loop, or the statement
    site: Site = field(compare=False, hash=False)     # where a check here is woven

    def describe(self) -> str:
        what = {HEAD: "the head of the loop", NEXT: "the increment of the loop"}.get(
            self.kind, "the statement")
        return f"{what} at line {self.site.start[0]}"


@dataclass
class Event:
    kind: str                     # STATEMENT, CALL, RETURN or BRANCH
    statement: c_ast.Node
    site: Site                    # the statement's site (a loop's: its keyword)
    line: int
    branch: Optional[bool] = None
    callee: Optional[str] = None
    successor: Optional[Point] = None     # None: not known (the end of a function, ...)
    part: Optional[str] = None            # FOR_INIT, FOR_NEXT: that part of a for loop
    column: int = 0                       # where its text starts on the line (original file)

    @property
    def function(self) -> str:
        return self.site.function

    def describe(self) -> str:
        if self.kind == BRANCH:
            return f"the {str(self.branch).lower()} branch at line {self.line}"
        if self.kind == CALL:
            return f"the call of {self.callee} at line {self.line}"
        if self.kind == RETURN:
            return f"the return from {self.callee} to line {self.line}"
        if self.part is not None:
            what = "initialisation" if self.part == FOR_INIT else "increment"
            return f"the for loop's {what} at line {self.line}"
        return f"the statement at line {self.line}"


@dataclass
class ProgramEvents:
    by_line: dict[int, list[Event]] = field(default_factory=dict)
    problems: dict[int, str] = field(default_factory=dict)          # line -> why not exact
    # line -> why a guard without `control` is not exact there (a call in a condition)
    calls_in_conditions: dict[int, str] = field(default_factory=dict)
    starting: dict[Point, list[Event]] = field(default_factory=dict)  # events leaving a point
    functions: set[str] = field(default_factory=set)
    # names declared as variables (parameters included) anywhere: a call `name(...)` through
    # one is a call through a function pointer, whose callee is known only at run time
    variables: set[str] = field(default_factory=set)

    def events_at(self, line: int) -> list[Event]:
        return self.by_line.get(line, [])


def program_events(program: ParsedProgram, index: ProgramIndex) -> ProgramEvents:
    sites: dict[int, Site] = {}
    for table in (index.statements, index.loops):
        for line_sites in table.values():
            for site in line_sites:
                if table is index.loops or id(site.node) not in sites:
                    sites[id(site.node)] = site
    members = {id(d) for n in _walk(program.ast) if isinstance(n, (c_ast.Struct, c_ast.Union))
               for d in n.decls or []}
    variables = {n.name for n in _walk(program.ast) if isinstance(n, c_ast.Decl) and n.name
                 and not isinstance(n.type, FUNCTION_DECLARATORS) and id(n) not in members}
    builder = _Builder(program, sites, ProgramEvents(functions=set(index.functions),
                                                     variables=variables))
    for node in program.ast.ext:
        if isinstance(node, c_ast.FuncDef) and builder.in_main_file(node):
            builder.block(node.body.block_items or [], None)
    return builder.events


class _Builder:
    def __init__(self, program: ParsedProgram, sites: dict[int, Site],
                 events: ProgramEvents) -> None:
        self.program = program
        self.sites = sites
        self.events = events
        self.statements_on: dict[int, list[c_ast.Node]] = {}

    def in_main_file(self, node: c_ast.Node) -> bool:
        coord = node.coord
        return coord is not None and os.path.basename(coord.file or "") == \
            self.program.file_name

    def problem(self, line: int, text: str) -> None:
        self.events.problems.setdefault(line, text)

    # ---------------------------------------------------------------- points
    def entry(self, node: c_ast.Node, after: Optional[Point]) -> Optional[Point]:
        """The point where executing `node` begins."""
        if isinstance(node, c_ast.Compound):
            items = node.block_items or []
            return self.entry(items[0], self._afters(items, after)[0]) if items else after
        if isinstance(node, c_ast.Label):
            return self.entry(node.stmt, after)
        site = self.sites.get(id(node))
        if site is None or type(node) in NOT_EVENTS:
            return None
        if isinstance(node, c_ast.While) or (isinstance(node, c_ast.For) and node.init is None):
            return Point(HEAD, node, site)
        return Point(BEFORE, node, site)

    def _afters(self, items: list, after: Optional[Point]) -> list[Optional[Point]]:
        """The point after each item of a block (from the last one back: no recursion along
        the block, which may hold thousands of statements)."""
        found: list[Optional[Point]] = [None] * len(items)
        following = after
        for position in range(len(items) - 1, -1, -1):
            found[position] = following
            following = self.entry(items[position], following)
        return found

    # ---------------------------------------------------------------- walking
    def block(self, items: list, after: Optional[Point]) -> None:
        for item, following in zip(items, self._afters(items, after)):
            self.statement(item, following)

    def statement(self, node: c_ast.Node, after: Optional[Point]) -> None:
        if node is None:
            return
        if isinstance(node, c_ast.Compound):
            self.block(node.block_items or [], after)
            return
        if isinstance(node, c_ast.Label):
            self.statement(node.stmt, after)
            return
        lines = self._own_lines(node)
        site = self.sites.get(id(node))
        if site is None or not self.in_main_file(node):
            for line in lines:
                self.problem(line, "a statement whose position in the original file is not known "
                                   "(a macro expansion?)")
            return
        line = site.start[0]
        for other in lines:
            self.statements_on.setdefault(other, []).append(node)
            if len(self.statements_on[other]) > 1 and other == line and \
                    self._same_start(other):
                self.problem(other, "several statements start at the same position (a macro)")
        if type(node) in NOT_EVENTS:
            for other in lines:
                self.problem(other, f"{NOT_EVENTS[type(node)]} (its CFA edges are not matched)")
            for child in _bodies(node):
                self.statement(child, None)
            return
        if len(lines) > 1:
            for other in lines:
                self.problem(other, f"the statement at line {line} spans several lines")
        if isinstance(node, (c_ast.If, c_ast.While)):
            self._condition(node, site, line, after)
            return
        if isinstance(node, c_ast.For):
            self._for(node, site, line, after)
            return
        self._simple(node, site, line, after)

    def _same_start(self, line: int) -> bool:
        starts = [self.sites[id(n)].start for n in self.statements_on[line]
                  if id(n) in self.sites]
        return len(starts) != len(set(starts))

    def _condition(self, node: c_ast.Node, site: Site, line: int,
                   after: Optional[Point]) -> None:
        self._check_condition(node.cond, line)
        if isinstance(node, c_ast.While):
            head = Point(HEAD, node, site)
            true_point = self.entry(node.stmt, head) if node.stmt is not None else None
            false_point = after
            self.statement(node.stmt, head)
            start = head
        else:
            true_point = self.entry(node.iftrue, after)
            false_point = self.entry(node.iffalse, after) if node.iffalse is not None else after
            self.statement(node.iftrue, after)
            self.statement(node.iffalse, after)
            start = Point(BEFORE, node, site)
        for branch, successor in ((True, true_point), (False, false_point)):
            self._add(Event(BRANCH, node, site, line, branch=branch, successor=successor), start)

    def _for(self, node: c_ast.For, site: Site, line: int, after: Optional[Point]) -> None:
        """`for (init; cond; next)`: the initialisation, the two branches and the increment
        are events, each starting where its text starts on the line."""
        defined = self.events.functions
        parts = [p for p in (node.init, node.next) if p is not None]
        why = next(filter(None, (_branching_inside(p, defined, self.events.variables) or
                                 _calls_inside(p)
                                 for p in parts)), None)
        if node.cond is None:
            why = "a for loop without condition"
        elif isinstance(node.init, c_ast.DeclList) and len(node.init.decls) > 1 or \
                isinstance(node.init, c_ast.ExprList) or isinstance(node.next, c_ast.ExprList):
            why = "a for loop with several initialisations or increments"
        else:
            self._check_condition(node.cond, line)
        columns = [self._column(p) for p in (node.cond, node.next) if p is not None]
        if why is None and None in columns:
            why = "a for loop whose parts are not found in the original file"
        if why:
            self.problem(line, f"the for loop at line {line} has {why}")
        head = Point(HEAD, node, site)
        increment = Point(NEXT, node, site) if node.next is not None else head
        column = site.start[1]
        if node.init is not None:
            self._add(Event(STATEMENT, node.init, site, line, successor=head, part=FOR_INIT,
                            column=column), Point(BEFORE, node, site))
        body = self.entry(node.stmt, increment) if node.stmt is not None else None
        for branch, successor in ((True, body), (False, after)):
            self._add(Event(BRANCH, node, site, line, branch=branch, successor=successor,
                            column=columns[0] or column), head)
        if node.next is not None:
            self._add(Event(STATEMENT, node.next, site, line, successor=head, part=FOR_NEXT,
                            column=columns[-1] or column), increment)
        self.statement(node.stmt, increment)

    def _check_condition(self, condition: c_ast.Node, line: int) -> None:
        """A condition is one assume edge per branch when it has no `&&`, `||`, `?:` and no
        side effect.  A call of an external function (`__VERIFIER_nondet_int()`) comes
        as an edge of its own before the branch, on the same line, and changes no variable
        of the program: a guard with `control` still matches exactly (only the branch), a
        guard by line alone does not (`calls_in_conditions`)."""
        why = _branching_inside(condition, self.events.functions, self.events.variables) or \
            _side_effect(condition)
        if why:
            self.problem(line, f"the condition at line {line} has {why}")
        elif _calls_inside(condition):
            self.events.calls_in_conditions.setdefault(
                line, f"the condition at line {line} has a call, whose edge comes before "
                      f"the branch's on that line: only a guard with control matches exactly")

    def _column(self, part: c_ast.Node) -> Optional[int]:
        coord = part.coord
        position = self.program.positions.token_position(coord.line, coord.column) \
            if coord is not None else None
        return position[1] if position is not None else None

    def _simple(self, node: c_ast.Node, site: Site, line: int, after: Optional[Point]) -> None:
        if isinstance(node, c_ast.Decl) and isinstance(node.type, FUNCTION_DECLARATORS):
            self.problem(line, "a function declaration in a block")
            return
        defined, variables = self.events.functions, self.events.variables
        callee = None
        call, rest = _call_statement(node, defined - variables)
        if call is not None:
            callee = call.name.name
            arguments = call.args.exprs if call.args is not None else []
            why = next(filter(None, (_branching_inside(a, defined, variables) or _side_effect(a)
                                     for a in arguments + rest)), None)
        else:
            why = _branching_inside(node, defined, variables)
        if why:
            self.problem(line, f"the statement at line {line} has {why}")
        # after a return or a call, the next point is in another function
        leaves = callee is not None or isinstance(node, c_ast.Return)
        event = Event(CALL if callee else STATEMENT, node, site, line, callee=callee,
                      successor=None if leaves else after)
        self._add(event, Point(BEFORE, node, site))
        if callee is not None:        # it starts at the callee's end: no point of ours
            self.events.by_line[line].append(Event(RETURN, node, site, line, callee=callee,
                                                   successor=after, column=event.column))

    def _add(self, event: Event, start: Point) -> None:
        event.column = event.column or event.site.start[1]
        self.events.by_line.setdefault(event.line, []).append(event)
        self.events.starting.setdefault(start, []).append(event)

    def _own_lines(self, node: c_ast.Node) -> set[int]:
        """The lines of the statement itself (for an `if` or `while`: keyword and condition)."""
        parts = [node.cond] if isinstance(node, (c_ast.If, c_ast.While)) else \
            [node.init, node.cond, node.next] if isinstance(node, c_ast.For) else \
            [c for _, c in node.children()] if type(node) in NOT_EVENTS else [node]
        if isinstance(node, (c_ast.DoWhile, c_ast.Switch, c_ast.Case)):
            parts = [p for p in parts if not _is_statement(p) and p is not None]
        lines = {node.coord.line} if node.coord is not None else set()
        for part in parts:
            if part is None:
                continue
            for inner in _walk(part):
                coord = inner.coord
                if coord is not None and coord.line and self.in_main_file(inner):
                    lines.add(coord.line)
        return lines


def _is_statement(node: c_ast.Node) -> bool:
    return isinstance(node, (c_ast.Compound, c_ast.If, c_ast.While, c_ast.For, c_ast.DoWhile,
                             c_ast.Switch, c_ast.Label, c_ast.Case, c_ast.Default))


def _bodies(node: c_ast.Node) -> list[c_ast.Node]:
    if isinstance(node, (c_ast.For, c_ast.DoWhile, c_ast.Switch)):
        return [node.stmt]
    if isinstance(node, (c_ast.Case, c_ast.Default)):
        return list(node.stmts or [])
    return []


def _branching_inside(node: c_ast.Node, defined: set[str],
                      variables: frozenset = frozenset()) -> Optional[str]:
    """What in an expression (or declaration) makes a tool's CFA branch or call there (a
    callee among `variables` is a function pointer)."""
    for inner in _walk(node):
        if isinstance(inner, c_ast.BinaryOp) and inner.op in ("&&", "||"):
            return f"'{inner.op}' (a branch in the CFA)"
        if isinstance(inner, c_ast.TernaryOp):
            return "'?:' (a branch in the CFA)"
        if isinstance(inner, c_ast.Compound):
            return "a statement expression"
        if isinstance(inner, c_ast.FuncCall):
            name = inner.name.name if isinstance(inner.name, c_ast.ID) else None
            if name in variables:
                name = None
            if name is None or name in defined:
                return f"a call of {name or 'a function pointer'} (the callee's edges come " \
                       f"in the middle of the statement)"
    return None


def _call_statement(node: c_ast.Node, defined: set[str]
                    ) -> tuple[Optional[c_ast.FuncCall], list[c_ast.Node]]:
    """The call of a function of the program that a statement is made of, `f(args);`,
    `x = f(args);` or `T x = f(args);` (the value is assigned on the return edge), and the
    other expressions of the statement (the assigned lvalue); (None, []) otherwise."""
    def defined_call(expression: Optional[c_ast.Node]) -> Optional[c_ast.FuncCall]:
        if isinstance(expression, c_ast.FuncCall) and isinstance(expression.name, c_ast.ID) \
                and expression.name.name in defined:
            return expression
        return None
    if defined_call(node):
        return node, []
    if isinstance(node, c_ast.Assignment) and node.op == "=" and defined_call(node.rvalue):
        return node.rvalue, [node.lvalue]
    if isinstance(node, c_ast.Decl) and defined_call(node.init):
        return node.init, []
    return None, []


def _side_effect(node: c_ast.Node) -> Optional[str]:
    """An assignment or increment inside an expression: its own edge in a tool's CFA."""
    for inner in _walk(node):
        if isinstance(inner, c_ast.Assignment) or \
                isinstance(inner, c_ast.UnaryOp) and inner.op in ("++", "--", "p++", "p--"):
            return "a side effect (its own edge before the branch's)"
    return None


def _calls_inside(node: c_ast.Node) -> Optional[str]:
    """A call in a condition: its edge comes before the branch, on the same line."""
    for inner in _walk(node):
        if isinstance(inner, c_ast.FuncCall):
            return "a call (its edge comes before the branch's)"
    return None


def _walk(node: c_ast.Node):
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        yield current
        stack.extend(child for _, child in current.children())
