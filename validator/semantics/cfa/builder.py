"""`CFABuilder`, the builder's state (nodes, edges, variables, scopes, the program's functions,
declarations and types) with its helpers, type resolution, lookup, initialisers and `build`;
and `build_cfa`.  The lowering itself is in the mixins it combines."""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS
from instrument.weave import WeaveResult, WovenCheck

from ..c_types import ArrayType, DataModel, IntType, Unsupported
from ..ir import CFA, Assign, Cast, CheckSite, Const, Edge, Havoc, Procedure, Ref, Store, Variable
from .calls import CallLowering
from .constants import _flatten_init, _fold
from .expressions import ExpressionLowering
from .names import MAX_RECURSION
from .order import EvaluationOrder
from .statements import StatementLowering
from .syntax import _line, _walk


class CFABuilder(StatementLowering, ExpressionLowering, CallLowering, EvaluationOrder):
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


def build_cfa(ast: c_ast.FileAST, model: DataModel, error_function: str,
              woven_checks: list[WovenCheck], recursion_bound: int = MAX_RECURSION,
              summarise_recursion: bool = False) -> CFA:
    """The CFA of `main`; recursion is inlined until a function is `recursion_bound` deep, or
    with `summarise_recursion` every recursive function is a `Procedure` of its own."""
    return CFABuilder(ast, model, error_function, woven_checks, recursion_bound,
                      summarise_recursion).build()


def woven_program_cfa(woven: WeaveResult, data_model: str, error_function: str,
                      recursion_bound: int = MAX_RECURSION,
                      summarise_recursion: bool = False) -> CFA:
    """The CFA of an instrumented program: the one build that the engines, the procedure
    summaries and the violation-witness writer share."""
    return build_cfa(woven.ast, DataModel(data_model), error_function, woven.checks,
                     recursion_bound, summarise_recursion)
