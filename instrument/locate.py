"""Index the statements of a program by their start position in the original file.

Each statement (and declaration inside a block) becomes a `Site`: where it starts, which
function it is in, how to insert code before it, and which names are in scope there.
Witness locations are then looked up in this index.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional, Union

from pycparser import c_ast

from .frontend import FUNCTION_DECLARATORS, ParsedProgram
from .witness import LOCATION_INVARIANT, LOOP_INVARIANT, Location

LOOP_TYPES = (c_ast.While, c_ast.DoWhile, c_ast.For)
DECLARATION_TYPES = (c_ast.Decl, c_ast.Typedef, c_ast.DeclList)


@dataclass
class Site:
    """A place in the program where an invariant can be woven."""
    kind: str                    # "statement", "declaration", "loop" or "function_end"
    node: c_ast.Node             # the statement, or the FuncDef for "function_end"
    function: str
    start: tuple[int, int]       # (line, column) in the original file, 1-based
    holder: Union[list, tuple[c_ast.Node, str]]   # list holding `node`, or (parent, attribute)
    scope: frozenset[str]        # names in scope just before the statement
    loop_scope: Optional[frozenset[str]] = None   # for loops: names in scope at the loop head


@dataclass
class Placement:
    site: Optional[Site]
    reason: Optional[str]        # why it could not be placed, when `site` is None


class ProgramIndex:
    """All sites of a parsed program, looked up by (line, column)."""

    def __init__(self, program: ParsedProgram) -> None:
        self.program = program
        self.statements: dict[int, list[Site]] = {}
        self.loops: dict[int, list[Site]] = {}
        self.function_ends: dict[int, list[Site]] = {}
        self.functions: set[str] = set()
        self._build()

    # ---------------------------------------------------------------- building
    def _build(self) -> None:
        globals_: set[str] = set()
        main_file = self.program.file_name
        for node in self.program.ast.ext:
            if isinstance(node, c_ast.FuncDef):
                name = node.decl.name
                globals_.add(name)
                self.functions.add(name)
                if node.coord is None or os.path.basename(node.coord.file or "") != main_file:
                    continue
                scope = frozenset(globals_) | frozenset(_parameter_names(node))
                self._walk_function(node, scope)
            else:
                globals_.update(_declared_names(node))

    def _walk_function(self, function: c_ast.FuncDef, scope: frozenset[str]) -> None:
        body = function.body
        name = function.decl.name
        final_scope = self._walk_block(body.block_items or [], name, scope)
        if body.coord is not None:
            end = self.program.positions.matching_close_brace(body.coord.line, body.coord.column)
            if end is not None:
                site = Site("function_end", function, name, end, (function, "body"), final_scope)
                self.function_ends.setdefault(end[0], []).append(site)

    def _walk_block(self, items: list, function: str, scope: frozenset[str]) -> frozenset[str]:
        for item in list(items):
            self._walk_statement(item, items, function, scope)
            if isinstance(item, DECLARATION_TYPES):
                scope = scope | frozenset(_declared_names(item))
        return scope

    def _record(self, kind: str, node: c_ast.Node, holder, function: str,
                scope: frozenset[str], loop_scope: Optional[frozenset[str]] = None) -> None:
        if node.coord is None or os.path.basename(node.coord.file or "") != self.program.file_name:
            return
        positions = self.program.positions
        start = positions.statement_start(node.coord.line, node.coord.column)
        if start is None:
            return
        site = Site(kind, node, function, start, holder, scope, loop_scope)
        self.statements.setdefault(start[0], []).append(site)
        if kind == "loop":
            keyword = positions.token_position(node.coord.line, node.coord.column)
            if keyword is not None:
                loop_site = Site(kind, node, function, keyword, holder, scope, loop_scope)
                self.loops.setdefault(keyword[0], []).append(loop_site)

    def _walk_statement(self, node: c_ast.Node, holder, function: str,
                        scope: frozenset[str]) -> None:
        if node is None:
            return
        if isinstance(node, DECLARATION_TYPES):
            self._record("declaration", node, holder, function, scope)
            return
        if isinstance(node, LOOP_TYPES):
            loop_scope = scope
            if isinstance(node, c_ast.For) and isinstance(node.init, c_ast.DeclList):
                loop_scope = scope | frozenset(_declared_names(node.init))
            self._record("loop", node, holder, function, scope, loop_scope)
            self._walk_statement(node.stmt, (node, "stmt"), function, loop_scope)
            return
        self._record("statement", node, holder, function, scope)
        if isinstance(node, c_ast.Compound):
            self._walk_block(node.block_items or [], function, scope)
        elif isinstance(node, c_ast.If):
            self._walk_statement(node.iftrue, (node, "iftrue"), function, scope)
            self._walk_statement(node.iffalse, (node, "iffalse"), function, scope)
        elif isinstance(node, c_ast.Switch):
            self._walk_statement(node.stmt, (node, "stmt"), function, scope)
        elif isinstance(node, (c_ast.Case, c_ast.Default)):
            self._walk_block(node.stmts or [], function, scope)
        elif isinstance(node, c_ast.Label):
            self._walk_statement(node.stmt, (node, "stmt"), function, scope)

    # ---------------------------------------------------------------- lookup
    def locate(self, kind: str, location: Location, by_line_only: bool) -> Placement:
        """Find the site for an invariant of `kind` (loop_invariant / location_invariant)."""
        if location.file_name is not None:
            given = os.path.basename(location.file_name.replace("\\", "/"))
            if given != self.program.file_name:
                return Placement(None, f"location names file '{location.file_name}', "
                                       f"not the program '{self.program.file_name}'")
        column = None if by_line_only else location.column
        line = location.line
        if kind == LOOP_INVARIANT:
            candidates = self.loops.get(line, [])
            what = "loop (for, while or do keyword)"
        else:
            candidates = self.statements.get(line, []) + self.function_ends.get(line, [])
            what = "statement or declaration"
        candidates = sorted(candidates, key=lambda s: s.start[1])
        if column is None:
            if candidates:
                return Placement(candidates[0], None)
            return Placement(None, f"no {what} starts on line {line}")
        for site in candidates:
            if site.start[1] == column:
                return Placement(site, None)
        starts = ", ".join(str(s.start[1]) for s in candidates)
        hint = f" ({what}s on that line start at column {starts})" if candidates else ""
        return Placement(None, f"no {what} starts at line {line}, column {column}{hint}")


    def locate_branching(self, location: Location) -> Placement:
        """The statement of a branching location, as for a branching waypoint: the keyword of a
        loop (`while`, `for`, `do`), else a statement starting there (an `if`, a `switch`)."""
        loop = self.locate(LOOP_INVARIANT, location, False)
        if loop.site is not None:
            return loop
        statement = self.locate(LOCATION_INVARIANT, location, False)
        return statement if statement.site is not None else loop


def _parameter_names(function: c_ast.FuncDef) -> list[str]:
    names = []
    declarator = function.decl.type
    while not isinstance(declarator, FUNCTION_DECLARATORS) and hasattr(declarator, "type"):
        declarator = declarator.type
    args = getattr(declarator, "args", None)
    for param in (args.params if args is not None else []):
        if isinstance(param, c_ast.Decl) and param.name:
            names.append(param.name)
    for decl in function.param_decls or []:
        names.extend(_declared_names(decl))
    return names


class _EnumeratorCollector(c_ast.NodeVisitor):
    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_Enumerator(self, node: c_ast.Enumerator) -> None:
        self.names.append(node.name)


def _declared_names(node: c_ast.Node) -> list[str]:
    """Variable and enumerator names a declaration brings into scope."""
    names = []
    if isinstance(node, c_ast.DeclList):
        for decl in node.decls:
            names.extend(_declared_names(decl))
        return names
    if isinstance(node, c_ast.Decl) and node.name:
        names.append(node.name)
    collector = _EnumeratorCollector()
    collector.visit(node)
    names.extend(collector.names)
    return names
