"""Build the control-flow automaton of `main` from the instrumented AST, calls inlined
(recursive calls too, up to a bound: deeper calls end in a cut-off node, see `CFA.bounds`).
With `summarise_recursion`, recursive functions are not inlined: each is built once as a
`Procedure` and called through `Call` edges, for the engine that solves procedure summaries.

Side effects inside expressions become edges in the order C defines (left to right where C
leaves it open); `&&`, `||` and `?:` in conditions become branches.  Every construct that is not
modelled exactly raises `Unsupported` naming it and its line.
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS
from instrument.weave import ASSUME, CHECK, WovenCheck

from .c_types import ArrayType, DataModel, IntType, Unsupported
from .ir import (CFA, Assign, Assume, Binary, Call, Cast, CheckFails, CheckSite, Cond, Const,
                 Edge, Havoc, Load, Procedure, Ref, Store, Unary, Variable, WitnessAssume)

END_FUNCTIONS = {"abort", "exit", "_exit", "_Exit", "__assert_fail", "__assert",
                 "__assert_perror_fail", "__VERIFIER_error"}
NO_OP_FUNCTIONS = {"__VERIFIER_atomic_begin", "__VERIFIER_atomic_end"}
ASSUME_FUNCTIONS = ("__VERIFIER_assume", "__goblint_assume")     # unless the program defines them
FUNCTION_NAME_IDS = {"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"}
HEAP_FUNCTIONS = {"malloc", "calloc", "realloc", "free", "alloca", "__builtin_alloca"}
NONDET_TYPES = {
    "bool": "_Bool", "_Bool": "_Bool", "char": "char", "uchar": "unsigned char",
    "unsigned_char": "unsigned char", "short": "short", "ushort": "unsigned short",
    "unsigned_short": "unsigned short", "int": "int", "uint": "unsigned int",
    "unsigned": "unsigned int", "unsigned_int": "unsigned int", "long": "long",
    "ulong": "unsigned long", "unsigned_long": "unsigned long", "longlong": "long long",
    "ulonglong": "unsigned long long", "int128": "__int128", "uint128": "unsigned __int128",
    "size_t": "unsigned long", "loff_t": "long long", "sector_t": "unsigned long long",
    "u32": "unsigned int", "u8": "unsigned char", "u16": "unsigned short",
}
ARITHMETIC_OPS = {"+", "-", "*", "/", "%", "&", "|", "^"}
# recursion is inlined as deep as this (calls of one function on the stack), with at most
# MAX_COPIES function bodies in all; deeper calls are cut off (see CFA.bounds)
MAX_RECURSION = 64
MAX_COPIES = 2000
COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}


def _line(node) -> Optional[int]:
    return node.coord.line if node is not None and node.coord is not None else None


def has_side_effects(node) -> bool:
    if node is None:
        return False
    if isinstance(node, (c_ast.Assignment, c_ast.FuncCall)):
        return True
    if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--"):
        return True
    return any(has_side_effects(child) for _, child in node.children())


class _Function:
    """One inlined copy of a function: its labels, return node and return variable."""

    def __init__(self, name: str, return_node: int, return_var: Optional[Variable]) -> None:
        self.name = name
        self.return_node = return_node
        self.return_var = return_var
        self.labels: dict[str, int] = {}


class CFABuilder:
    def __init__(self, ast: c_ast.FileAST, model: DataModel, error_function: str,
                 woven_checks: list[WovenCheck], recursion_bound: int = MAX_RECURSION,
                 summarise_recursion: bool = False) -> None:
        self.model = model
        self.error_function = error_function
        self.recursion_bound = recursion_bound
        self.summarise_recursion = summarise_recursion
        self.where_of_check = {id(c.call): c.where for c in woven_checks}
        self.functions: dict[str, c_ast.FuncDef] = {}
        self.prototypes: dict[str, c_ast.Decl] = {}
        self.typedefs: dict[str, c_ast.Node] = {}
        self.global_decls: dict[str, c_ast.Decl] = {}
        self.enum_values: dict[str, int] = {}
        for node in ast.ext:
            if isinstance(node, c_ast.FuncDef):
                self.functions[node.decl.name] = node
            elif isinstance(node, c_ast.Typedef):
                self.typedefs[node.name] = node.type
                self._collect_enums(node)
            elif isinstance(node, c_ast.Decl):
                self._collect_enums(node)
                if isinstance(node.type, FUNCTION_DECLARATORS):
                    self.prototypes[node.name] = node
                elif node.name:
                    # the last declaration wins (`extern int x;` ... `int x = 1;`)
                    if node.name not in self.global_decls or node.init is not None \
                            or "extern" in self.global_decls[node.name].storage:
                        self.global_decls[node.name] = node
        self.edges: list[Edge] = []
        self.node_count = 0
        self.checks: list[CheckSite] = []
        self.globals: dict[str, Variable] = {}
        self.statics: dict[int, Variable] = {}
        self.initialisers: list[tuple[Variable, Optional[c_ast.Node], Optional[int]]] = []
        self.variables: list[Variable] = []
        self.call_stack: list[str] = []
        self.case_nodes: dict[int, int] = {}
        self.statement_starts: dict[int, tuple[c_ast.Node, str]] = {}
        self.bounds: dict[int, str] = {}           # cut-off node -> what was cut off there
        self.effect_summaries: dict[str, tuple[set, set]] = {}
        # function -> the functions with a body it calls (by name: there are no pointers)
        self.callees = {name: {n.name.name for n in _walk(f.body) if isinstance(n, c_ast.FuncCall)
                               and isinstance(n.name, c_ast.ID) and n.name.name in self.functions}
                        for name, f in self.functions.items()}
        self.recursive = {name for name in self.functions if name in self.reachable_from(name)}
        self.procedures: dict[str, Procedure] = {}
        self.unbuilt_procedures: list[Procedure] = []
        self.copies = 0
        self.exit = self.new_node()
        self.error = self.new_node()

    # ------------------------------------------------------------ helpers
    def new_node(self) -> int:
        self.node_count += 1
        return self.node_count - 1

    def edge(self, src: Optional[int], dst: int, op=None, line=None, branch=None) -> None:
        if src is not None:
            self.edges.append(Edge(src, dst, op, line, branch))

    def step(self, cur: Optional[int], op, line=None) -> Optional[int]:
        if cur is None:
            return None
        nxt = self.new_node()
        self.edge(cur, nxt, op, line)
        return nxt

    def havoc(self, cur, var: Variable, function: Optional[str], line) -> Optional[int]:
        """A nondet value of a scalar's type.  A `_Bool` holds only 0 or 1 (gcc converts what a
        nondet function returns), but as a bit-vector its nondet value has 8 bits: normalise."""
        cur = self.step(cur, Havoc(var, function, line), line)
        if isinstance(var.type, IntType) and var.type.is_bool:
            cur = self.step(cur, Assign(var, Cast(Ref(var), var.type)), line)
        return cur

    def fresh(self, name: str, ctype, is_global: bool = False) -> Variable:
        var = Variable(f"{name}#{len(self.variables)}", name, ctype, is_global)
        self.variables.append(var)
        return var

    def _collect_enums(self, node) -> None:
        for child in _walk(node):
            if isinstance(child, c_ast.Enum) and child.values is not None:
                value = -1
                for enumerator in child.values.enumerators:
                    if enumerator.value is not None:
                        value = self.constant_value(enumerator.value, {})
                    else:
                        value += 1
                    self.enum_values[enumerator.name] = value

    # ------------------------------------------------------------ types
    def resolve_type(self, node, line=None, env: Optional[list] = None):
        """The type of a declarator; `env` is the scope of a declaration inside a function (a
        local may shadow the enumerator or global an array size names)."""
        if isinstance(node, c_ast.TypeDecl):
            return self.resolve_type(node.type, line, env)
        if isinstance(node, c_ast.IdentifierType):
            names = node.names
            if len(names) == 1 and names[0] in self.typedefs:
                return self.resolve_type(self.typedefs[names[0]], line)
            return self.model.from_specifiers(names, line)
        if isinstance(node, c_ast.Enum):
            return self.model.int
        if isinstance(node, c_ast.ArrayDecl):
            element = self.resolve_type(node.type, line, env)
            if node.dim is None:
                raise Unsupported("array without size", line)
            try:
                size = self.constant_value(node.dim, env or [], line)
            except Unsupported:
                raise Unsupported("variable-length array", line) from None
            if size <= 0:
                raise Unsupported("array of size 0 or less", line)
            if isinstance(element, ArrayType):
                return ArrayType(element.element, (size,) + element.dims)
            return ArrayType(element, (size,))
        if isinstance(node, c_ast.Typename):
            return self.resolve_type(node.type, line)
        if isinstance(node, c_ast.PtrDecl):
            raise Unsupported("pointer", line)
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            raise Unsupported("struct or union", line)
        if isinstance(node, FUNCTION_DECLARATORS):
            raise Unsupported("function pointer", line)
        kind = type(node).__name__
        if "TypeOf" in kind:
            raise Unsupported("typeof", line)
        raise Unsupported(f"type {kind}", line)

    def constant_value(self, node, env, line=None) -> int:
        """An integer constant expression (array sizes, case labels, enumerators)."""
        expr, _ = self.lower(node, None, env)
        value = _fold(expr)
        if value is None:
            raise Unsupported("non-constant array size or case label", line or _line(node))
        return value

    def sizeof(self, ctype) -> int:
        if isinstance(ctype, ArrayType):
            return ctype.size * ctype.element.bits // 8
        return ctype.bits // 8

    # ------------------------------------------------------------ variables
    def lookup(self, name: str, env: list[dict], line=None):
        for scope in reversed(env):
            if name in scope:
                return scope[name]
        if name in self.enum_values:
            return self.enum_values[name]
        if name in self.globals:
            return self.globals[name]
        if name in self.global_decls:
            decl = self.global_decls[name]
            ctype = self.resolve_type(decl.type, _line(decl))
            var = self.fresh(name, ctype, True)
            self.globals[name] = var
            self.initialisers.append((var, decl.init, _line(decl)))
            return var
        if name in self.functions or name in self.prototypes:
            raise Unsupported(f"function '{name}' used as a value (function pointer)", line)
        raise Unsupported(f"undeclared identifier '{name}'", line)

    # ------------------------------------------------------------ build
    def build(self) -> CFA:
        if "main" not in self.functions:
            raise Unsupported("the program has no main function")
        if self.summarise_recursion and "main" in self.recursive:
            raise Unsupported("recursive main")
        body_entry = self.new_node()
        env: list[dict] = [{}]
        result = self.inline_call("main", [], body_entry, env, None)
        end = result[1]
        self.edge(end, self.exit)
        while self.unbuilt_procedures:
            self.procedure_body(self.unbuilt_procedures.pop())
        # globals and static locals start zeroed or with their constant initialiser
        entry = self.new_node()
        cur = entry
        for var, init, line in self.initialisers:
            cur = self.initialise(var, init, cur, [{}], line, static=True)
        self.edge(cur, body_entry)
        for procedure in self.procedures.values():     # now that every global is known
            self.save_at_entry(procedure)
        return CFA(entry, self.exit, self.error, self.edges, self.node_count, self.checks,
                   self.variables, statement_starts=self.statement_starts, bounds=self.bounds,
                   procedures=self.procedures)

    def initialise(self, var: Variable, init, cur, env, line, static: bool):
        ctype = var.type
        if isinstance(ctype, ArrayType):
            if init is None:
                op = Assign(var, Const(0, ctype.element)) if static else Havoc(var, None, line)
                return self.step(cur, op, line)
            if not isinstance(init, c_ast.InitList):
                raise Unsupported("array initialiser that is not a list", line)
            cur = self.step(cur, Assign(var, Const(0, ctype.element)), line)
            elements = _flatten_init(init, ctype.dims, line)
            # indeterminately sequenced (C11 6.7.9:23): side effects must not interfere
            self.check_order([expr for _, _, expr in elements], line)
            for position, indices, expr in elements:
                value, cur = self.lower(expr, cur, env)
                cur = self.step(cur, Store(var, [Const(i, self.model.int) for i in indices],
                                           self.convert(value, ctype.element), line), line)
            return cur
        if init is None:
            if static:
                return self.step(cur, Assign(var, Const(0, ctype)), line)
            return self.havoc(cur, var, None, line)
        if isinstance(init, c_ast.InitList):
            if len(init.exprs) != 1:
                raise Unsupported("scalar initialiser list", line)
            init = init.exprs[0]
        value, cur = self.lower(init, cur, env)
        return self.step(cur, Assign(var, self.convert(value, ctype)), line)

    def return_type(self, name: str):
        function = self.functions[name]
        returns = function.decl.type.type
        if isinstance(returns, c_ast.TypeDecl) and isinstance(returns.type, c_ast.IdentifierType) \
                and returns.type.names == ["void"]:
            return None
        return self.resolve_type(returns, _line(function))

    def parameters(self, name: str) -> list[Variable]:
        """Fresh variables for the parameters of `name` (one set per inlined copy)."""
        function = self.functions[name]
        declarator = function.decl.type
        if function.param_decls:
            raise Unsupported("K&R-style parameter declarations", _line(function))
        variables = []
        for param in (declarator.args.params if declarator.args else []):
            if isinstance(param, c_ast.Typename) or param.name is None:
                continue
            ptype = self.resolve_type(param.type, _line(param))
            if isinstance(ptype, ArrayType):
                raise Unsupported("array parameter (a pointer)", _line(param))
            variables.append(self.fresh(f"{name}::{param.name}", ptype))
        return variables

    def inline_call(self, name: str, args: list, cur, env, line):
        if self.summarise_recursion and name in self.recursive:
            return self.summary_call(name, args, cur, line)
        function = self.functions[name]
        return_type = self.return_type(name)
        if cur is None:              # after a cut in the same expression: nothing to inline
            return (Ref(self.fresh(f"{name}::return", return_type)) if return_type else None), None
        if name in self.call_stack and (self.call_stack.count(name) >= self.recursion_bound
                                        or self.copies >= MAX_COPIES):
            # executions that recurse deeper are cut off here: a target every proof must show
            # unreachable (else only counterexamples that end before it count)
            node = self.new_node()
            self.bounds[node] = (f"recursion of '{name}' deeper than "
                                 f"{self.call_stack.count(name)} calls at line {line}")
            self.edge(cur, node, None, line)
            return (Ref(self.fresh(f"{name}::return", return_type)) if return_type else None), None
        if len(self.call_stack) > 64 and name not in self.call_stack:
            raise Unsupported("call depth above 64", line)
        self.copies += 1
        return_var = self.fresh(f"{name}::return", return_type) if return_type else None
        frame = _Function(name, self.new_node(), return_var)
        params = self.parameters(name)
        if len(args) < len(params) and name != "main":
            raise Unsupported(f"call of '{name}' with too few arguments", line)
        for position, var in enumerate(params):
            if position < len(args):
                cur = self.step(cur, Assign(var, self.convert(args[position], var.type)), line)
            else:       # parameters of main: arbitrary values
                cur = self.havoc(cur, var, None, line)
        self.call_stack.append(name)
        end = self.statement(function.body, cur, [self.scope_of(params)], frame, None, None)
        self.call_stack.pop()
        self.edge(end, frame.return_node)
        return (Ref(return_var) if return_var else None), frame.return_node

    @staticmethod
    def scope_of(params: list[Variable]) -> dict:
        return {var.name.split("::", 1)[1]: var for var in params}

    # ------------------------------------------------------------ procedures (summaries)
    def summary_call(self, name: str, args: list, cur, line):
        """A `Call` edge from a node of its own (the engine encodes it alone)."""
        procedure = self.procedure(name)
        if len(args) < len(procedure.params):
            raise Unsupported(f"call of '{name}' with too few arguments", line)
        result = procedure.result
        value = self.fresh(f"{name}::result", result.type) if result is not None else None
        if cur is None:
            return (Ref(value) if value else None), None
        values = [self.convert(arg, var.type) for arg, var in zip(args, procedure.params)]
        call = self.step(cur, None, line)
        after = self.new_node()
        self.edge(call, after, Call(name, values, value), line)
        return (Ref(value) if value else None), after

    def procedure(self, name: str) -> Procedure:
        if name not in self.procedures:
            return_type = self.return_type(name)
            result = self.fresh(f"{name}::return", return_type) if return_type else None
            procedure = Procedure(name, self.new_node(), self.new_node(), self.parameters(name),
                                  result)
            self.procedures[name] = procedure
            self.unbuilt_procedures.append(procedure)
        return self.procedures[name]

    def procedure_body(self, procedure: Procedure) -> None:
        frame = _Function(procedure.name, procedure.return_node, procedure.result)
        self.call_stack = [procedure.name]
        body = self.functions[procedure.name].body
        end = self.statement(body, procedure.entry, [self.scope_of(procedure.params)], frame,
                             None, None)
        self.call_stack = []
        self.edge(end, procedure.return_node)

    def save_at_entry(self, procedure: Procedure) -> None:
        """Variables that keep the parameters and globals of the entry: the summary relates
        them to the result and the globals at the return (the body may change its
        parameters).  No edge writes them; the engine sets them at the entry."""
        for var in procedure.params + [v for v in self.variables if v.is_global]:
            procedure.saved[var] = self.fresh(f"{procedure.name}::entry::{var.name}", var.type)

    # ------------------------------------------------------------ evaluation order
    def effects(self, node, calls: bool = True) -> tuple[set, set]:
        """(names possibly written, names possibly read) when `node` is evaluated, with the
        globals and static locals of the functions it calls (unless `calls` is False).  By
        name: without pointers a variable has no other name, so this over-approximates."""
        writes: set = set()
        reads: set = set()
        self._effects(node, writes, reads, calls)
        return writes, reads

    def _effects(self, node, writes: set, reads: set, calls: bool) -> None:
        if node is None:
            return
        if isinstance(node, c_ast.ID):
            reads.add(node.name)
            return
        if isinstance(node, c_ast.UnaryOp) and node.op == "sizeof":
            return                  # not evaluated
        if isinstance(node, c_ast.Assignment) or \
                isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--"):
            target = node.lvalue if isinstance(node, c_ast.Assignment) else node.expr
            name = _base_name(target)
            if name is not None:
                writes.add(name)
                if not (isinstance(node, c_ast.Assignment) and node.op == "="):
                    reads.add(name)
            while isinstance(target, c_ast.ArrayRef):
                self._effects(target.subscript, writes, reads, calls)
                target = target.name
            if isinstance(node, c_ast.Assignment):
                self._effects(node.rvalue, writes, reads, calls)
            return
        if isinstance(node, c_ast.FuncCall):
            name = node.name.name if isinstance(node.name, c_ast.ID) else None
            if calls and name in self.functions:
                callee_writes, callee_reads = self.function_effects(name)
                writes |= callee_writes
                reads |= callee_reads
            if node.args is not None:
                self._effects(node.args, writes, reads, calls)
            return
        for _, child in node.children():
            self._effects(child, writes, reads, calls)

    def reachable_from(self, name: str) -> set:
        """The functions a call of `name` may lead to (not `name` itself unless recursive)."""
        found: set = set()
        stack = [name]
        while stack:
            for callee in self.callees[stack.pop()]:
                if callee not in found:
                    found.add(callee)
                    stack.append(callee)
        return found

    def function_effects(self, name: str) -> tuple[set, set]:
        """Names a call of `name` may write and read that its caller can see (not the
        function's own parameters and automatic locals), callees included (recursion too)."""
        if name not in self.effect_summaries:
            writes, reads = set(), set()
            for function in self.reachable_from(name) | {name}:
                body = self.functions[function]
                own = {n.name for n in _walk(body) if isinstance(n, c_ast.Decl) and n.name and
                       not {"static", "extern"} & set(n.storage)} - {function}
                own -= set(self.global_decls)      # a block may use the global it shadows
                own_writes, own_reads = self.effects(body.body, calls=False)
                writes |= own_writes - own
                reads |= own_reads - own
            self.effect_summaries[name] = (writes, reads)
        return self.effect_summaries[name]

    def check_order(self, operands: list, line) -> None:
        """Evaluations C leaves unsequenced (operands, arguments, indices; calls among them
        in unspecified order) must not interfere: if one may write what another reads or
        writes, the behaviour is undefined or depends on an order we do not model."""
        if sum(1 for op in operands if has_side_effects(op)) == 0 or len(operands) < 2:
            return
        effects = [self.effects(op) for op in operands]
        for i, (writes, _) in enumerate(effects):
            for j, (other_writes, other_reads) in enumerate(effects):
                clash = writes & (other_writes | other_reads) if i != j else set()
                if clash:
                    raise Unsupported(f"side effect on '{sorted(clash)[0]}' unsequenced with "
                                      f"another access (evaluation order)", line)

    def check_assignment_order(self, node: c_ast.Assignment, line) -> None:
        """`x = x++`, `a[i] = i++`, `x += f()` with f writing x: undefined or unspecified."""
        if not has_side_effects(node.rvalue) and not has_side_effects(node.lvalue):
            return
        target = _base_name(node.lvalue)
        indices = []
        place = node.lvalue
        while isinstance(place, c_ast.ArrayRef):
            indices.append(place.subscript)
            place = place.name
        writes, reads = set(), set()
        for index in indices:
            self._effects(index, writes, reads, True)
        if node.op != "=" and target is not None:
            reads.add(target)
        value_writes, value_reads = self.effects(node.rvalue)
        direct_writes, _ = self.effects(node.rvalue, calls=False)
        clash = (writes & (value_writes | value_reads)) | (value_writes & (writes | reads))
        if target is not None and target in direct_writes:
            clash.add(target)
        if clash:
            raise Unsupported(f"side effect on '{sorted(clash)[0]}' unsequenced with another "
                              f"access (evaluation order)", line)

    # ------------------------------------------------------------ statements
    def statement(self, node, cur, env, frame: _Function, break_to, continue_to):
        if cur is None and not _contains_label(node):
            return None
        line = _line(node)
        if cur is not None and not isinstance(node, c_ast.Compound):
            self.statement_starts[cur] = (node, frame.name)
        if isinstance(node, c_ast.Compound):
            env.append({})
            for item in node.block_items or []:
                cur = self.statement(item, cur, env, frame, break_to, continue_to)
            env.pop()
            return cur
        if isinstance(node, c_ast.Decl):
            return self.declaration(node, cur, env)
        if isinstance(node, c_ast.DeclList):
            for decl in node.decls:
                cur = self.declaration(decl, cur, env)
            return cur
        if isinstance(node, c_ast.Typedef):
            self.typedefs[node.name] = node.type
            return cur
        if isinstance(node, c_ast.EmptyStatement):
            return cur
        if isinstance(node, c_ast.If):
            then_node, else_node, join = self.new_node(), self.new_node(), self.new_node()
            self.branch(node.cond, cur, then_node, else_node, env, node)
            self.edge(self.statement(node.iftrue, then_node, env, frame, break_to, continue_to), join)
            if node.iffalse is not None:
                self.edge(self.statement(node.iffalse, else_node, env, frame, break_to, continue_to), join)
            else:
                self.edge(else_node, join)
            return join
        if isinstance(node, c_ast.While):
            head, body, done = self.new_node(), self.new_node(), self.new_node()
            self.edge(cur, head)
            self.branch(node.cond, head, body, done, env, node)
            self.edge(self.statement(node.stmt, body, env, frame, done, head), head)
            return done
        if isinstance(node, c_ast.DoWhile):
            body, condition, done = self.new_node(), self.new_node(), self.new_node()
            self.edge(cur, body)
            self.edge(self.statement(node.stmt, body, env, frame, done, condition), condition)
            self.branch(node.cond, condition, body, done, env, node)
            return done
        if isinstance(node, c_ast.For):
            env.append({})
            if isinstance(node.init, c_ast.DeclList):
                cur = self.statement(node.init, cur, env, frame, break_to, continue_to)
            elif node.init is not None:
                _, cur = self.lower(node.init, cur, env)
            head, body, increment, done = (self.new_node() for _ in range(4))
            self.edge(cur, head)
            if node.cond is not None:
                self.branch(node.cond, head, body, done, env, node)
            else:
                self.edge(head, body)
            self.edge(self.statement(node.stmt, body, env, frame, done, increment), increment)
            after = increment
            if node.next is not None:
                _, after = self.lower(node.next, increment, env)
            self.edge(after, head)
            env.pop()
            return done
        if isinstance(node, c_ast.Switch):
            return self.switch(node, cur, env, frame, continue_to)
        if isinstance(node, (c_ast.Case, c_ast.Default)):
            target = self.case_nodes[id(node)]
            self.edge(cur, target)
            cur = target
            for item in node.stmts or []:
                cur = self.statement(item, cur, env, frame, break_to, continue_to)
            return cur
        if isinstance(node, c_ast.Break):
            if break_to is None:
                raise Unsupported("break outside a loop or switch", line)
            self.edge(cur, break_to)
            return None
        if isinstance(node, c_ast.Continue):
            if continue_to is None:
                raise Unsupported("continue outside a loop", line)
            self.edge(cur, continue_to)
            return None
        if isinstance(node, c_ast.Return):
            if node.expr is not None:
                value, cur = self.lower(node.expr, cur, env)
                if frame.return_var is not None and value is not None:
                    cur = self.step(cur, Assign(frame.return_var,
                                                self.convert(value, frame.return_var.type)), line)
            self.edge(cur, frame.return_node)
            return None
        if isinstance(node, c_ast.Label):
            target = frame.labels.setdefault(node.name, self.new_node())
            self.edge(cur, target)
            return self.statement(node.stmt, target, env, frame, break_to, continue_to)
        if isinstance(node, c_ast.Goto):
            target = frame.labels.setdefault(node.name, self.new_node())
            self.edge(cur, target)
            return None
        if isinstance(node, c_ast.Pragma):
            return cur
        if isinstance(node, c_ast.FuncDef):
            raise Unsupported("nested function", line)
        # an expression statement
        _, cur = self.lower(node, cur, env, discard=True)
        return cur

    def switch(self, node, cur, env, frame, continue_to):
        line = _line(node)
        value, cur = self.lower(node.cond, cur, env)
        value = self.convert(value, self.model.promote(value.type))
        temp = self.fresh("switch", value.type)
        cur = self.step(cur, Assign(temp, value), line)
        done = self.new_node()
        cases = _collect_cases(node.stmt)
        others = []
        default_node = None
        for case in cases:
            target = self.new_node()
            self.case_nodes[id(case)] = target
            if isinstance(case, c_ast.Default):
                default_node = target
                continue
            label = self.constant_value(case.expr, env, _line(case))
            equal = Binary("==", Ref(temp), Const(value.type.wrap(label), value.type),
                           self.model.int, line)
            self.edge(cur, target, Assume(equal), line, True)
            others.append(equal)
        fallback = default_node if default_node is not None else done
        condition = Const(1, self.model.int)
        for equal in others:
            condition = Binary("&&", condition, Unary("!", equal, self.model.int), self.model.int)
        self.edge(cur, fallback, Assume(condition), line, False)
        end = self.statement(node.stmt, None, env, frame, done, continue_to)
        self.edge(end, done)
        return done

    def declaration(self, decl: c_ast.Decl, cur, env):
        line = _line(decl)
        self._collect_enums(decl)
        if isinstance(decl.type, FUNCTION_DECLARATORS):
            self.prototypes[decl.name] = decl
            return cur
        if decl.name is None:
            return cur       # a struct/enum tag declaration
        if "extern" in decl.storage:
            env[-1][decl.name] = self.lookup(decl.name, [], line)
            return cur
        ctype = self.resolve_type(decl.type, line, env)
        if "static" in decl.storage:
            var = self.statics.get(id(decl))
            if var is None:
                var = self.fresh(decl.name, ctype, True)
                self.statics[id(decl)] = var
                self.initialisers.append((var, decl.init, line))
            env[-1][decl.name] = var
            return cur
        var = self.fresh(decl.name, ctype)
        env[-1][decl.name] = var
        return self.initialise(var, decl.init, cur, env, line, static=False)

    # ------------------------------------------------------------ branches
    def branch(self, cond, cur, true_node, false_node, env, statement=None, outcomes=None) -> None:
        """Edges from `cur` to `true_node`/`false_node`; short-circuit operators branch.
        The edges into the two successors of `statement` record its decision."""
        if cur is None:
            return
        if statement is not None:
            outcomes = (statement, true_node, false_node)
        line = _line(cond)
        if isinstance(cond, c_ast.BinaryOp) and cond.op in ("&&", "||"):
            middle = self.new_node()
            if cond.op == "&&":
                self.branch(cond.left, cur, middle, false_node, env, outcomes=outcomes)
            else:
                self.branch(cond.left, cur, true_node, middle, env, outcomes=outcomes)
            self.branch(cond.right, middle, true_node, false_node, env, outcomes=outcomes)
            return
        if isinstance(cond, c_ast.UnaryOp) and cond.op == "!":
            self.branch(cond.expr, cur, false_node, true_node, env, outcomes=outcomes)
            return
        if isinstance(cond, c_ast.ExprList) and len(cond.exprs) > 1:
            for expr in cond.exprs[:-1]:
                _, cur = self.lower(expr, cur, env, discard=True)
            self.branch(cond.exprs[-1], cur, true_node, false_node, env, outcomes=outcomes)
            return
        if isinstance(cond, c_ast.TernaryOp) and has_side_effects(cond):
            then_node, else_node = self.new_node(), self.new_node()
            self.branch(cond.cond, cur, then_node, else_node, env)
            self.branch(cond.iftrue, then_node, true_node, false_node, env, outcomes=outcomes)
            self.branch(cond.iffalse, else_node, true_node, false_node, env, outcomes=outcomes)
            return
        value, cur = self.lower(cond, cur, env)
        if cur is None:
            return
        truth = self.truth(value)
        self.edge(cur, true_node, Assume(truth), line, True)
        self.edge(cur, false_node, Assume(Unary("!", truth, self.model.int)), line, False)
        if outcomes is not None:
            for edge in self.edges[-2:]:
                if edge.dst in outcomes[1:]:
                    edge.decision = (outcomes[0], edge.dst == outcomes[1])

    def truth(self, value):
        """`value != 0` as an int expression."""
        if isinstance(value, Binary) and (value.op in COMPARISONS or value.op in ("&&", "||")):
            return value
        if isinstance(value, Unary) and value.op == "!":
            return value
        return Binary("!=", value, Const(0, value.type), self.model.int)

    # ------------------------------------------------------------ expressions
    def convert(self, value, ctype: IntType):
        if value is None:
            raise Unsupported("use of a void value")
        if isinstance(value.type, ArrayType):
            raise Unsupported("array used as a value (a pointer)")
        if value.type == ctype:
            return value
        if isinstance(value, Const):
            return Const(ctype.wrap(value.value), ctype)
        return Cast(value, ctype)

    def lower(self, node, cur, env, discard: bool = False):
        """(pure IR expression, node after the side effects) for an expression."""
        line = _line(node)
        if isinstance(node, c_ast.Constant):
            return self.constant(node, line), cur
        if isinstance(node, c_ast.ID):
            found = self.lookup(node.name, env, line)
            if isinstance(found, int):
                return Const(found, self.model.int), cur
            return Ref(found), cur
        if isinstance(node, c_ast.Cast):
            target = node.to_type
            if _is_void(target):
                _, cur = self.lower(node.expr, cur, env, discard=True)
                return None, cur
            ctype = self.resolve_type(target, line)
            value, cur = self.lower(node.expr, cur, env)
            return self.convert(value, ctype), cur
        if isinstance(node, c_ast.UnaryOp):
            return self.unary(node, cur, env, line)
        if isinstance(node, c_ast.BinaryOp):
            if node.op in ("&&", "||") and has_side_effects(node.right):
                return self.via_branch(node, cur, env)
            if node.op not in ("&&", "||"):      # these are sequenced
                self.check_order([node.left, node.right], line)
            left, cur = self.lower(node.left, cur, env)
            right, cur = self.lower(node.right, cur, env)
            return self.binary(node.op, left, right, line), cur
        if isinstance(node, c_ast.Assignment):
            return self.assignment(node, cur, env, line)
        if isinstance(node, c_ast.TernaryOp):
            if has_side_effects(node.iftrue) or has_side_effects(node.iffalse):
                return self.via_branch(node, cur, env)
            cond, cur = self.lower(node.cond, cur, env)
            then, cur = self.lower(node.iftrue, cur, env)
            otherwise, cur = self.lower(node.iffalse, cur, env)
            if then is None or otherwise is None:
                raise Unsupported("void operand of ?:", line)
            ctype = self.model.usual_arithmetic(then.type, otherwise.type)
            return Cond(self.truth(cond), self.convert(then, ctype),
                        self.convert(otherwise, ctype), ctype), cur
        if isinstance(node, c_ast.ExprList):
            value = None
            for expr in node.exprs:
                value, cur = self.lower(expr, cur, env, discard=True)
            return value, cur
        if isinstance(node, c_ast.ArrayRef):
            return self.array_ref(node, cur, env, line)
        if isinstance(node, c_ast.FuncCall):
            return self.call(node, cur, env, line)
        if isinstance(node, c_ast.StructRef):
            raise Unsupported("struct member access", line)
        if isinstance(node, (c_ast.CompoundLiteral, c_ast.InitList)):
            raise Unsupported("compound literal", line)
        raise Unsupported(f"expression {type(node).__name__}", line)

    def via_branch(self, node, cur, env):
        """An `&&`, `||` or `?:` whose operands have side effects: branch into a temporary."""
        line = _line(node)
        if isinstance(node, c_ast.BinaryOp):
            temp = self.fresh("logical", self.model.int)
            true_node, false_node, join = self.new_node(), self.new_node(), self.new_node()
            self.branch(node, cur, true_node, false_node, env)
            self.edge(self.step(true_node, Assign(temp, Const(1, self.model.int)), line), join)
            self.edge(self.step(false_node, Assign(temp, Const(0, self.model.int)), line), join)
            return Ref(temp), join
        then_node, else_node, join = self.new_node(), self.new_node(), self.new_node()
        self.branch(node.cond, cur, then_node, else_node, env)
        then, then_end = self.lower(node.iftrue, then_node, env)
        otherwise, else_end = self.lower(node.iffalse, else_node, env)
        if then is None or otherwise is None:
            self.edge(then_end, join)
            self.edge(else_end, join)
            return None, join
        ctype = self.model.usual_arithmetic(then.type, otherwise.type)
        temp = self.fresh("conditional", ctype)
        self.edge(self.step(then_end, Assign(temp, self.convert(then, ctype)), line), join)
        self.edge(self.step(else_end, Assign(temp, self.convert(otherwise, ctype)), line), join)
        return Ref(temp), join

    def constant(self, node: c_ast.Constant, line):
        text = node.value
        if node.type == "char" or text.startswith("'"):
            return Const(_char_value(text, line), self.model.int)
        if node.type == "string":
            raise Unsupported("string literal", line)
        if node.type in ("float", "double") or ("." in text and not text.lower().startswith("0x")):
            raise Unsupported("floating-point constant", line)
        value, ctype = self.model.literal_type(text, line)
        return Const(value, ctype)

    def unary(self, node: c_ast.UnaryOp, cur, env, line):
        op = node.op
        if op == "sizeof":
            if isinstance(node.expr, c_ast.Typename):
                ctype = self.resolve_type(node.expr, line)
            else:
                value, _ = self.lower(node.expr, None, env)
                ctype = value.var.type if isinstance(value, Ref) else value.type
            return Const(self.sizeof(ctype), self.model.size_t), cur
        if op in ("++", "--", "p++", "p--"):
            delta = "+" if "+" in op else "-"
            target, cur = self.lvalue(node.expr, cur, env, line)
            old = target[1]
            new = self.convert(self.binary(delta, old, Const(1, self.model.int), line), old.type)
            if op.startswith("p"):
                saved = self.fresh("postfix", old.type)
                cur = self.step(cur, Assign(saved, old), line)
                cur = self.write(target, new, cur, line)
                return Ref(saved), cur
            cur = self.write(target, new, cur, line)
            return target[1], cur
        if op in ("&", "*"):
            raise Unsupported("pointer operation '" + op + "'", line)
        value, cur = self.lower(node.expr, cur, env)
        if value is None:
            raise Unsupported("void operand", line)
        if op == "+":
            return self.convert(value, self.model.promote(value.type)), cur
        if op == "-" or op == "~":
            ctype = self.model.promote(value.type)
            return Unary(op, self.convert(value, ctype), ctype), cur
        if op == "!":
            return Unary("!", self.truth(value), self.model.int), cur
        raise Unsupported(f"unary operator {op}", line)

    def binary(self, op: str, left, right, line):
        if left is None or right is None:
            raise Unsupported("void operand", line)
        if isinstance(left.type, ArrayType) or isinstance(right.type, ArrayType):
            raise Unsupported("array used as a value (a pointer)", line)
        if op in ("&&", "||"):
            return Binary(op, self.truth(left), self.truth(right), self.model.int, line)
        if op in ("<<", ">>"):
            ltype = self.model.promote(left.type)
            rtype = self.model.promote(right.type)
            return Binary(op, self.convert(left, ltype), self.convert(right, rtype), ltype, line)
        common = self.model.usual_arithmetic(left.type, right.type)
        left, right = self.convert(left, common), self.convert(right, common)
        if op in COMPARISONS:
            return Binary(op, left, right, self.model.int, line)
        if op in ARITHMETIC_OPS:
            return Binary(op, left, right, common, line)
        raise Unsupported(f"binary operator {op}", line)

    def array_ref(self, node, cur, env, line):
        indices = []
        base = node
        while isinstance(base, c_ast.ArrayRef):
            indices.insert(0, base.subscript)
            base = base.name
        if not isinstance(base, c_ast.ID):
            raise Unsupported("array access through a pointer", line)
        var = self.lookup(base.name, env, line)
        if isinstance(var, int) or not isinstance(var.type, ArrayType):
            raise Unsupported("subscript of a non-array (a pointer)", line)
        if len(indices) != len(var.type.dims):
            raise Unsupported("partial array access (a pointer)", line)
        self.check_order(indices, line)
        lowered = []
        for index in indices:
            value, cur = self.lower(index, cur, env)
            lowered.append(value)
        return Load(var, lowered, line), cur

    def lvalue(self, node, cur, env, line):
        """(kind, current value) of an assignable expression."""
        if isinstance(node, c_ast.ID):
            var = self.lookup(node.name, env, line)
            if isinstance(var, int) or isinstance(var.type, ArrayType):
                raise Unsupported("assignment to a non-scalar", line)
            return ("var", Ref(var)), cur
        if isinstance(node, c_ast.ArrayRef):
            load, cur = self.array_ref(node, cur, env, line)
            # indices are evaluated once; they are pure from here on
            return ("array", load), cur
        raise Unsupported(f"assignment to {type(node).__name__}", line)

    def write(self, target, value, cur, line):
        kind, current = target
        if kind == "var":
            return self.step(cur, Assign(current.var, self.convert(value, current.type)), line)
        return self.step(cur, Store(current.var, current.indices,
                                    self.convert(value, current.type), line), line)

    def assignment(self, node: c_ast.Assignment, cur, env, line):
        self.check_assignment_order(node, line)
        target, cur = self.lvalue(node.lvalue, cur, env, line)
        value, cur = self.lower(node.rvalue, cur, env)
        if node.op != "=":
            value = self.binary(node.op[:-1], target[1], value, line)
        converted = self.convert(value, target[1].type)
        if isinstance(target[1], Load) and _reads_array(converted, target[1].var):
            # a[i] = a[j] + 1: read before the store
            saved = self.fresh("value", converted.type)
            cur = self.step(cur, Assign(saved, converted), line)
            converted = Ref(saved)
        cur = self.write(target, converted, cur, line)
        return target[1], cur

    def call(self, node: c_ast.FuncCall, cur, env, line):
        if not isinstance(node.name, c_ast.ID):
            raise Unsupported("call through a function pointer", line)
        name = node.name.name
        args = node.args.exprs if node.args is not None else []
        if name == CHECK:
            return self.witness_check(node, args, cur, env, line)
        if name == ASSUME:
            index = int(args[0].value)
            cond, cur = self.lower(args[1], cur, env)
            return None, self.step(cur, WitnessAssume(index, self.truth(cond)), line)
        if name == self.error_function or name in END_FUNCTIONS:
            # the arguments are evaluated first (`exit(f())`: f may reach the error)
            cur = self.arguments_for_effect(args, cur, env, line)
            self.edge(cur, self.error if name == self.error_function else self.exit, None, line)
            return None, None
        if name in NO_OP_FUNCTIONS:
            return None, cur
        if name.startswith("pthread_") or name.startswith("__VERIFIER_atomic"):
            raise Unsupported(f"concurrency ({name})", line)
        if name in HEAP_FUNCTIONS:
            raise Unsupported(f"heap memory ({name})", line)
        if name.startswith("__VERIFIER_nondet_"):
            ctype = self.nondet_type(name, line)
            temp = self.fresh(name, ctype)
            return Ref(temp), self.havoc(cur, temp, name, line)
        if name in ASSUME_FUNCTIONS and name not in self.functions:
            cond, cur = self.lower(args[0], cur, env)
            return None, self.step(cur, Assume(self.truth(cond)), line)
        # C leaves the order of the arguments open; without interference (checked) it only
        # decides which input a nondet call reads: right to left, as gcc does (the replay)
        self.check_order(args, line)
        values: list = [None] * len(args)
        for position in reversed(range(len(args))):
            values[position], cur = self.lower(args[position], cur, env)
        if name in self.functions:
            return self.inline_call(name, values, cur, env, line)
        return self.external_call(name, values, cur, line)

    def arguments_for_effect(self, args: list, cur, env, line):
        """Evaluate arguments whose values are not used, but not the strings and function
        names of the assert functions (`__assert_fail("0", "f.c", 3, __func__)`)."""
        args = [a for a in args if not (isinstance(a, c_ast.Constant) and a.type == "string")
                and not (isinstance(a, c_ast.ID) and a.name in FUNCTION_NAME_IDS)]
        self.check_order(args, line)
        for arg in reversed(args):
            _, cur = self.lower(arg, cur, env, discard=True)
        return cur

    def external_call(self, name, values, cur, line):
        """A function without a body and without pointers: returns a nondet value."""
        prototype = self.prototypes.get(name)
        if prototype is None:
            raise Unsupported(f"call of undeclared function '{name}'", line)
        declarator = prototype.type
        for param in (declarator.args.params if declarator.args else []):
            if isinstance(param, c_ast.EllipsisParam):
                raise Unsupported(f"call of variadic external function '{name}'", line)
            if not _is_void(param.type):
                self.resolve_type(param.type, line)       # raises for pointers
        if _is_void(declarator.type):
            return None, cur
        ctype = self.resolve_type(declarator.type, line)
        temp = self.fresh(name, ctype)
        return Ref(temp), self.havoc(cur, temp, name, line)

    def nondet_type(self, name: str, line) -> IntType:
        prototype = self.prototypes.get(name)
        if prototype is not None:
            return self.resolve_type(prototype.type.type, line)
        suffix = name[len("__VERIFIER_nondet_"):]
        if suffix not in NONDET_TYPES:
            raise Unsupported(f"nondet function '{name}'", line)
        return self.model.types[NONDET_TYPES[suffix]] if NONDET_TYPES[suffix] in self.model.types \
            else self.model.from_specifiers(NONDET_TYPES[suffix].split(), line)

    def witness_check(self, node, args, cur, env, line):
        index = int(args[0].value)
        cond, _ = self.lower(args[1], None, env)
        if cur is None:
            return None, None
        fail = self.new_node()
        site = CheckSite(len(self.checks), index, self.where_of_check.get(id(node), "?"),
                         cur, fail, self.truth(cond), line)
        self.checks.append(site)
        self.edge(cur, fail, CheckFails(site.site, site.cond), line)
        return None, cur


def _walk(node):
    yield node
    for _, child in node.children():
        yield from _walk(child)


def _base_name(node) -> Optional[str]:
    """The variable an lvalue designates (`a` for `a[i][j]`)."""
    while isinstance(node, c_ast.ArrayRef):
        node = node.name
    return node.name if isinstance(node, c_ast.ID) else None


def _contains_label(node) -> bool:
    return any(isinstance(n, (c_ast.Label, c_ast.Case, c_ast.Default)) for n in _walk(node))


def _collect_cases(node) -> list:
    found = []

    def visit(n):
        if isinstance(n, (c_ast.Case, c_ast.Default)):
            found.append(n)
        if isinstance(n, c_ast.Switch):
            return
        for _, child in n.children():
            visit(child)

    for _, child in node.children():
        visit(child)
    if isinstance(node, (c_ast.Case, c_ast.Default)):
        found.insert(0, node)
    return found


def _is_void(node) -> bool:
    while isinstance(node, (c_ast.Typename, c_ast.TypeDecl)):
        node = node.type
    return isinstance(node, c_ast.IdentifierType) and node.names == ["void"]


def _reads_array(expr, var) -> bool:
    if isinstance(expr, Load):
        return expr.var is var or any(_reads_array(i, var) for i in expr.indices)
    for attr in ("arg", "left", "right", "cond", "then", "otherwise"):
        child = getattr(expr, attr, None)
        if child is not None and _reads_array(child, var):
            return True
    return False


def _fold(expr) -> Optional[int]:
    """Value of a constant IR expression, or None."""
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Cast):
        inner = _fold(expr.arg)
        return None if inner is None else expr.type.wrap(inner)
    if isinstance(expr, Unary):
        inner = _fold(expr.arg)
        if inner is None:
            return None
        if expr.op == "-":
            return expr.type.wrap(-inner)
        if expr.op == "~":
            return expr.type.wrap(~inner)
        return 0 if inner else 1
    if isinstance(expr, Binary):
        a, b = _fold(expr.left), _fold(expr.right)
        if a is None or b is None:
            return None
        try:
            value = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                     "/": lambda: int(a / b) if b else None,
                     "%": lambda: a - int(a / b) * b if b else None,
                     "<<": lambda: a << b, ">>": lambda: a >> b, "&": lambda: a & b,
                     "|": lambda: a | b, "^": lambda: a ^ b, "==": lambda: int(a == b),
                     "!=": lambda: int(a != b), "<": lambda: int(a < b), "<=": lambda: int(a <= b),
                     ">": lambda: int(a > b), ">=": lambda: int(a >= b),
                     "&&": lambda: int(bool(a) and bool(b)),
                     "||": lambda: int(bool(a) or bool(b))}[expr.op]()
        except (KeyError, ValueError):
            return None
        return None if value is None else expr.type.wrap(value)
    return None


def _char_value(text: str, line) -> int:
    body = text[1:-1] if text.startswith("'") else text
    escapes = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7,
               "b": 8, "f": 12, "v": 11, "?": 63}
    if body.startswith("\\"):
        rest = body[1:]
        if rest.startswith("x"):
            value = int(rest[1:], 16)
        elif rest[:1].isdigit():
            value = int(rest, 8)
        elif rest in escapes:
            value = escapes[rest]
        else:
            raise Unsupported(f"character constant {text}", line)
    elif len(body) == 1:
        value = ord(body)
    else:
        raise Unsupported(f"character constant {text}", line)
    return value - 256 if value >= 128 else value      # char is signed


def _flatten_init(init: c_ast.InitList, dims: tuple, line):
    """(position, indices, expression) for each element given in an initialiser list."""
    result = []

    def visit(node, depth, prefix):
        if depth == len(dims):
            if isinstance(node, c_ast.InitList):
                if len(node.exprs) != 1:
                    raise Unsupported("nested initialiser", line)
                node = node.exprs[0]
            result.append((len(result), list(prefix), node))
            return
        if not isinstance(node, c_ast.InitList):
            raise Unsupported("brace-elided array initialiser", line)
        if len(node.exprs) > dims[depth]:
            raise Unsupported("too many initialisers", line)
        for position, child in enumerate(node.exprs):
            if isinstance(child, c_ast.NamedInitializer):
                raise Unsupported("designated initialiser", line)
            visit(child, depth + 1, prefix + [position])

    visit(init, 0, [])
    return result


def build_cfa(ast: c_ast.FileAST, model: DataModel, error_function: str,
              woven_checks: list[WovenCheck], recursion_bound: int = MAX_RECURSION,
              summarise_recursion: bool = False) -> CFA:
    """The CFA of `main`; recursion is inlined until a function is `recursion_bound` deep, or
    with `summarise_recursion` every recursive function is a `Procedure` of its own."""
    return CFABuilder(ast, model, error_function, woven_checks, recursion_bound,
                      summarise_recursion).build()
