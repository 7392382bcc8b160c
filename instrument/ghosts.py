"""Ghost variables and ghost updates (format 2.1, entry type `ghost_instrumentation`), checked
against the program and planned as ordinary C; `weave.py` weaves the plan.

The reading (issue 17, in the words of the format):
- a ghost variable has a fresh name: a clash with any identifier of the program, a name the
  instrumentation uses or a duplicate is an `InputError` naming both; its type is a C type of
  the program (built in, or a file-scope typedef or tag of the program; anything else is an
  `InputError`); its scope is `global` (anything else: not supported, the witness `unknown`).
  It becomes a global variable of the program, so reading it is never an uninitialised read.
- Its initial value is a side-effect-free C expression over the program's global variables,
  evaluated after they are initialised: an assignment at the very start of `main`, before
  anything else runs.  Where that is not exact (the program calls `main`, the value reads a
  global declared after `main` or one that a parameter of `main` shadows) it is not supported.
- The updates at a location run when control leaves the location, in witness order: before
  the statement there, after the invariants checked at it.  An update restricted to a branch
  (our extension, written like a branching waypoint: `action: follow`, `constraint: {value:
  "true"}`) runs on that edge of the `if`, `while`, `for` or `do` only.  An unrestricted
  update at a loop keyword is ambiguous (once before the loop, or at every pass through its
  head?): not supported.
- A value is a side-effect-free C expression over the program variables in scope and the
  ghosts, converted to the ghost's type as by assignment.  An update may only write a ghost.
The assignments are ordinary C (`g = e;`), so the CFA, the engines and the gcc build read them
as they read the program; the CFA makes undefined behaviour in one a target of its own.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast

from .errors import InputError
from .expressions import (IDENTIFIER_RE, UnsupportedInvariant, check_invariant,
                          copy_expression, parse_invariant)
from .frontend import FUNCTION_DECLARATORS, ParsedProgram, parse_text
from .locate import ProgramIndex, Site
from .witness import (AFTER_CALL, FOR_INIT, LOCATION_INVARIANT, LOOP_INVARIANT, GhostUpdate,
                      GhostVariable, Witness)
from .woven import INITIAL, UPDATE, WovenGhostUpdate

BRANCHING = (c_ast.If, c_ast.While, c_ast.For, c_ast.DoWhile)
LOOPS = (c_ast.While, c_ast.For, c_ast.DoWhile)
# names of the instrumentation, the harness and the violation-witness checker
RESERVED_PREFIXES = ("__witness_", "__waypoint_", "__replay_", "__own_type_", "__opaque_",
                     "__fuzz_", "__builtin_")
KEYWORDS = frozenset("""auto break case char const continue default do double else enum extern
    float for goto if inline int long register restrict return short signed sizeof static struct
    switch typedef union unsigned void volatile while _Alignas _Alignof _Atomic _Bool _Complex
    _Generic _Imaginary _Noreturn _Static_assert _Thread_local asm typeof __asm__ __asm
    __attribute__ __attribute __typeof__ __typeof __extension__ __inline__ __inline __restrict__
    __restrict __auto_type __label__ __int128 __volatile__ __const__ __signed__ __alignof__
    __func__ __FUNCTION__ __PRETTY_FUNCTION__""".split())


@dataclass
class Ghost:
    """A ghost variable as it is declared in the instrumented program."""
    name: str
    type_text: str
    declaration: c_ast.Decl
    yaml_line: Optional[int]
    type_position: int            # index in `ext` of the last declaration its type needs, or -1


@dataclass
class GhostPlan:
    ghosts: list[Ghost] = field(default_factory=list)
    updates: list[WovenGhostUpdate] = field(default_factory=list)   # initial values first
    # why the ghosts cannot be woven exactly (then nothing of them is, and the verdict is at
    # best unknown); the first reason
    problem: Optional[str] = None
    position: int = 0             # where the declarations go in `ext`

    @property
    def names(self) -> frozenset[str]:
        return frozenset(g.name for g in self.ghosts)

    def not_supported(self, reason: str) -> None:
        if self.problem is None:
            self.problem = reason


def describe_update(update: WovenGhostUpdate) -> str:
    """How a person finds a woven ghost assignment: the assignment and where it is."""
    if update.kind == INITIAL:
        return f"initial value of ghost {update.variable} = {update.value}"
    location = update.location
    where = f"{os.path.basename(location.file_name or '?')}:{location.line}" \
        if location else "?"
    if location and location.column is not None:
        where += f":{location.column}"
    edge = "" if update.branch is None else f" (on the {str(update.branch).lower()} branch)"
    if update.part == AFTER_CALL:
        edge = " (on the return from the call)"
    elif update.part is not None:
        edge = " (at the for loop's " + \
            ("initialisation)" if update.part == FOR_INIT else "increment)")
    return f"ghost update {update.variable} = {update.value} at {where}{edge}"


def plan_ghosts(program: ParsedProgram, witness: Witness, index: ProgramIndex) -> GhostPlan:
    """Check the ghost variables and updates of `witness` against `program`: an `InputError`
    (witness file and line) for invalid ones, `problem` for what we cannot weave exactly."""
    plan = GhostPlan()
    if not witness.ghost_variables and not witness.ghost_updates:
        return plan
    ast = program.ast
    identifiers = program_identifiers(ast)
    declared: dict[str, Optional[int]] = {}
    for variable in witness.ghost_variables:
        _check_name(variable, identifiers, declared, witness.path)
        declared[variable.name] = variable.yaml_line
        if variable.scope != "global":
            plan.not_supported(f"ghost variable '{variable.name}' has scope '{variable.scope}' "
                               f"(only global ghost variables are supported)")
        plan.ghosts.append(_ghost(variable, program, witness.path, plan))
    everything = frozenset(identifiers) | plan.names
    main = _function_index(ast, "main")
    values = _file_scope_values(ast)
    for variable in witness.ghost_variables:
        plan.updates.append(_initial(variable, plan, program, values, main, everything,
                                     witness.path))
    for update in witness.ghost_updates:
        site, branch, scope = _site(update, index, plan, witness.path)
        for (variable, value), line in zip(update.updates, _lines(update)):
            what = f"ghost update of '{variable}'"
            if variable not in plan.names:
                kind = f"not a ghost but the program's '{variable}' ({identifiers[variable]})" \
                    if variable in identifiers else "not a declared ghost variable"
                raise InputError(f"{what}: '{variable}' is {kind}; a ghost update may only "
                                 f"write a ghost variable", witness.path, line)
            expression = _value(value, program, f"{what}: value '{value}'", witness.path, line,
                                everything if scope is None else scope | plan.names)
            plan.updates.append(WovenGhostUpdate(
                len(plan.updates), UPDATE, variable, value, site.function if site else "?",
                update.location, branch, line, expression, site, part=update.part))
    if main is None:
        plan.not_supported("the program has no main function to assign the ghosts' initial "
                           "values in")
    elif _calls(ast, "main"):
        plan.not_supported("the program calls main: the ghosts' initial values, assigned at "
                           "the start of main, would be assigned again")
    _place_declarations(plan, ast)
    return plan


# ------------------------------------------------------------------ names
def program_identifiers(ast: c_ast.Node) -> dict[str, str]:
    """Every identifier of the program (variables, functions, parameters, typedef names,
    tags, members, enumerators, labels, names used) -> where it first occurs (`file:line`)."""
    found: dict[str, str] = {}

    def note(name: Optional[str], node: c_ast.Node) -> None:
        if name and name not in found:
            coord = node.coord
            found[name] = (f"{os.path.basename(coord.file or '?')}:{coord.line}"
                           if coord is not None and coord.line else "?")

    for node in _walk(ast):
        if isinstance(node, (c_ast.Decl, c_ast.Typedef, c_ast.Enumerator, c_ast.Struct,
                             c_ast.Union, c_ast.Enum, c_ast.Label, c_ast.Goto, c_ast.ID)):
            note(node.name, node)
        elif isinstance(node, c_ast.TypeDecl):
            note(node.declname, node)
        elif isinstance(node, c_ast.IdentifierType):
            for name in node.names:
                if name not in KEYWORDS:
                    note(name, node)
    return found


def _check_name(variable: GhostVariable, identifiers: dict[str, str],
                declared: dict[str, Optional[int]], path: str) -> None:
    name, line = variable.name, variable.yaml_line
    if name in declared:
        first = declared[name]
        raise InputError(f"ghost variable '{name}' is declared twice (first at line {first})",
                         path, line)
    if name in identifiers:
        raise InputError(f"ghost variable '{name}' clashes with the program's identifier "
                         f"'{name}' ({identifiers[name]}): a ghost needs a fresh name", path, line)
    if name in KEYWORDS:
        raise InputError(f"ghost variable '{name}' is a C keyword", path, line)
    if name.startswith(RESERVED_PREFIXES):
        raise InputError(f"ghost variable '{name}' clashes with the names the validator's "
                         f"instrumentation uses ({', '.join(RESERVED_PREFIXES)}...)", path, line)


# ------------------------------------------------------------------ types
def _ghost(variable: GhostVariable, program: ParsedProgram, path: str, plan: GhostPlan) -> Ghost:
    """The ghost's declaration, with the type parsed among the program's typedef names."""
    text = variable.type

    def invalid(why: str) -> InputError:
        return InputError(f"ghost variable '{variable.name}' has type '{text}', {why}", path,
                          variable.yaml_line)

    used = sorted(set(IDENTIFIER_RE.findall(text)) & program.typedef_names)
    prelude = "".join(f"typedef int {name};\n" for name in used)
    try:
        probe = parse_text(f"{prelude}unsigned long __ghost_type = sizeof({text}\n);\n",
                           "ghost type")
    except InputError:
        raise invalid("which is not a C type") from None
    size = getattr(probe.ext[-1], "init", None) if probe.ext else None
    if not (isinstance(size, c_ast.UnaryOp) and size.op == "sizeof"
            and isinstance(size.expr, c_ast.Typename)):
        raise invalid("which is not a type of the program (no typedef of that name)")
    typename = size.expr
    positions = [_typedef_position(program.ast, name) for name in used]
    for node in _walk(typename):
        if isinstance(node, (c_ast.Struct, c_ast.Union, c_ast.Enum)):
            kind = type(node).__name__.lower()
            if node.name is None or getattr(node, "decls", None) is not None \
                    or getattr(node, "values", None) is not None:
                article = "an" if kind == "enum" else "a"
                raise invalid(f"which defines {article} {kind}: a ghost's type must be one the "
                              f"program declares")
            position = _tag_definition(program.ast, type(node), node.name)
            if position is None:
                raise invalid(f"but the program defines no '{kind} {node.name}' at file scope")
            positions.append(position)
    declarator = typename.type
    if isinstance(declarator, FUNCTION_DECLARATORS):
        raise invalid("a function type")
    if isinstance(declarator, c_ast.TypeDecl) \
            and isinstance(declarator.type, c_ast.IdentifierType) \
            and declarator.type.names == ["void"]:
        raise invalid("and no variable has type void")
    if "const" in typename.quals or "const" in getattr(declarator, "quals", []):
        plan.not_supported(f"ghost variable '{variable.name}' has a const type, so its initial "
                           f"value cannot be assigned at the start of main")
    innermost = declarator
    while not isinstance(innermost, c_ast.TypeDecl):
        innermost = innermost.type
    innermost.declname = variable.name
    declaration = c_ast.Decl(variable.name, list(typename.quals), [], [], [], declarator, None,
                             None)
    return Ghost(variable.name, text, declaration, variable.yaml_line, max(positions, default=-1))


def _typedef_position(ast: c_ast.FileAST, name: str) -> int:
    """Index of the first file-scope typedef of `name` (it is visible from there on)."""
    return next(i for i, node in enumerate(ast.ext)
                if isinstance(node, c_ast.Typedef) and node.name == name)


def _tag_definition(ast: c_ast.FileAST, kind: type, name: str) -> Optional[int]:
    """Index of the file-scope declaration that defines the tag `name` (complete), or None."""
    for position, node in enumerate(ast.ext):
        if isinstance(node, c_ast.FuncDef):
            continue
        for inner in _walk(node):
            if type(inner) is kind and inner.name == name and \
                    (getattr(inner, "decls", None) is not None
                     or getattr(inner, "values", None) is not None):
                return position
    return None


# ------------------------------------------------------------------ values
def _value(text: str, program: ParsedProgram, what: str, path: str, line: Optional[int],
           scope: frozenset[str]) -> c_ast.Node:
    """A side-effect-free C expression over `scope`, parsed; else an `InputError`."""
    try:
        expression = parse_invariant(text, program.typedef_names)
    except UnsupportedInvariant as e:
        raise InputError(f"{what} {e}", path, line) from None
    problem = check_invariant(expression, scope, "a ghost's value")
    if problem:
        raise InputError(f"{what} {problem}", path, line)
    return expression


def _initial(variable: GhostVariable, plan: GhostPlan, program: ParsedProgram,
             values: dict[str, int], main: Optional[int], everything: frozenset[str],
             path: str) -> WovenGhostUpdate:
    """The initial value: only the program's global variables (and enumeration constants),
    read after they are initialised, before main runs."""
    line = variable.initial_line or variable.yaml_line
    what = f"initial value of ghost '{variable.name}': '{variable.initial}'"
    expression = _value(variable.initial, program, what, path, line, everything)
    parameters = _parameters(program.ast.ext[main]) if main is not None else set()
    for name in names_read(expression):
        if name in plan.names:
            raise InputError(f"{what} reads the ghost '{name}'; an initial value may only read "
                             f"global variables of the program", path, line)
        if name not in values:
            raise InputError(f"{what} names '{name}', which is not a global variable of the "
                             f"program", path, line)
        if main is not None and values[name] > main:
            plan.not_supported(f"the initial value of ghost '{variable.name}' reads '{name}', "
                               f"which is declared after main")
        if name in parameters:
            plan.not_supported(f"the initial value of ghost '{variable.name}' reads the global "
                               f"'{name}', which a parameter of main shadows at its start")
    return WovenGhostUpdate(len(plan.updates), INITIAL, variable.name, variable.initial, "main",
                            None, None, line, expression)


def names_read(expression: c_ast.Node) -> list[str]:
    """The identifiers an expression names (not member names, not types)."""
    names: list[str] = []

    def visit(node: c_ast.Node) -> None:
        if isinstance(node, c_ast.ID):
            names.append(node.name)
        elif isinstance(node, c_ast.StructRef):
            visit(node.name)
        elif not isinstance(node, c_ast.Typename):
            for child in node:
                visit(child)
    visit(expression)
    return names


def _file_scope_values(ast: c_ast.FileAST) -> dict[str, int]:
    """File-scope variables and enumeration constants -> index of their first declaration."""
    found: dict[str, int] = {}
    for position, node in enumerate(ast.ext):
        if isinstance(node, c_ast.FuncDef):
            continue
        if isinstance(node, c_ast.Decl) and node.name \
                and not isinstance(node.type, FUNCTION_DECLARATORS):
            found.setdefault(node.name, position)
        for inner in _walk(node):
            if isinstance(inner, c_ast.Enumerator):
                found.setdefault(inner.name, position)
    return found


# ------------------------------------------------------------------ locations
def _site(update: GhostUpdate, index: ProgramIndex, plan: GhostPlan, path: str
          ) -> tuple[Optional[Site], Optional[bool], Optional[frozenset[str]]]:
    """(site, branch, names in scope there) of a `ghost_updates` item; a site that cannot be
    used exactly is a `problem` of the plan (site None)."""
    location = update.location
    where = f"line {location.line}" + (f", column {location.column}" if location.column else "")
    if update.part == AFTER_CALL:
        placement = index.locate(LOCATION_INVARIANT, location, False)
        if placement.site is None:
            plan.not_supported(f"the ghost update at {where} cannot be placed: "
                               f"{placement.reason}")
            return None, None, None
        return placement.site, None, placement.site.scope
    if update.part is not None:
        placement = index.locate(LOOP_INVARIANT, location, False)
        site = placement.site
        if site is None or not isinstance(site.node, c_ast.For):
            plan.not_supported(f"the ghost update at {where} is at no for loop")
            return None, None, None
        return site, None, site.scope if update.part == FOR_INIT else site.loop_scope
    if update.branch is None:
        placement = index.locate(LOCATION_INVARIANT, location, False)
        site = placement.site
        if site is None:
            plan.not_supported(f"the ghost update at {where} cannot be placed: {placement.reason}")
            return None, None, None
        if site.kind == "loop":
            plan.not_supported(f"the ghost update at {where} is at a loop keyword: it may run "
                               f"once before the loop or at every pass through its head (restrict "
                               f"it to a branch, as a branching waypoint)")
        return site, None, site.scope
    placement = index.locate_branching(location)
    site = placement.site
    if site is None:
        plan.not_supported(f"the ghost update at {where} cannot be placed: {placement.reason}")
        return None, None, None
    if isinstance(site.node, c_ast.Switch):
        plan.not_supported(f"the ghost update at {where} is restricted to a case of a switch "
                           f"(not supported)")
        return None, None, None
    if not isinstance(site.node, BRANCHING):
        raise InputError(f"ghost update restricted to a branch at {where}: the statement there is "
                         f"not an if, while, for or do", path, update.yaml_line)
    value = update.branch.lower()
    if value not in ("true", "false"):
        raise InputError(f"ghost update at {where}: branch value '{update.branch}' is not true "
                         f"or false", path, update.yaml_line)
    scope = site.loop_scope if isinstance(site.node, LOOPS) else site.scope
    return site, value == "true", scope


def _lines(update: GhostUpdate) -> list[Optional[int]]:
    lines = list(update.update_lines)
    return lines + [update.yaml_line] * (len(update.updates) - len(lines))


def _place_declarations(plan: GhostPlan, ast: c_ast.FileAST) -> None:
    """Declarations before the first function definition, or after the last declaration a
    ghost's type needs; every function that assigns a ghost must come after them."""
    functions = {node.decl.name: i for i, node in enumerate(ast.ext)
                 if isinstance(node, c_ast.FuncDef)}
    first = min(functions.values(), default=len(ast.ext))
    needed = max((g.type_position for g in plan.ghosts), default=-1)
    plan.position = max(first, needed + 1)
    for update in plan.updates:
        if functions.get(update.function, plan.position) < plan.position:
            plan.not_supported(f"a ghost's type is declared after function '{update.function}', "
                               f"which assigns the ghost '{update.variable}'")


# ------------------------------------------------------------------ the AST
def _walk(node: c_ast.Node):
    """The nodes below `node` (itself included) in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed([child for _, child in current.children()]))


def _function_index(ast: c_ast.FileAST, name: str) -> Optional[int]:
    return next((i for i, node in enumerate(ast.ext)
                 if isinstance(node, c_ast.FuncDef) and node.decl.name == name), None)


def _calls(ast: c_ast.FileAST, name: str) -> bool:
    return any(isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID)
               and node.name.name == name for node in _walk(ast))


def _parameters(function: c_ast.FuncDef) -> set[str]:
    declarator = function.decl.type
    args = getattr(declarator, "args", None)
    return {p.name for p in (args.params if args is not None else [])
            if isinstance(p, c_ast.Decl) and p.name}


def assignment(update: WovenGhostUpdate, coord) -> c_ast.Assignment:
    """`variable = value` as a node of the instrumented program, at `coord` (the location's
    statement, so that its lines name the program's line)."""
    value = copy_expression(update.expression)
    for node in _walk(value):
        node.coord = coord
    node = c_ast.Assignment("=", c_ast.ID(update.variable, coord), value, coord)
    update.assignment = node
    return node
