"""`CFABuilder`, the builder's state (nodes, edges, variables, the program's functions and
declarations) with its helpers, lookup, initialisers and `build`; and `build_cfa`.  The
lowering itself is in the mixins it combines (declarations, scopes and types: `types.py`).

Scopes follow C11 6.2.1: a scope (a dict) binds ordinary identifiers (variables, enumeration
constants, typedef names) and, under `TAG + name`, tags; the scopes of a function are a list,
innermost last, and the file scope comes after them.  An identifier is resolved in the innermost
scope that declares it, whatever it is there (a typedef name shadowed by a variable is no type).
Enumerations follow GCC (without -fshort-enums): see `TypeResolution.define_enum`."""
from __future__ import annotations

from typing import Optional, Sequence

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS
from instrument.woven import WeaveResult, WovenCheck, WovenGhostUpdate

from ..c_types import ArrayType, DataModel, IntType, UnionType, Unsupported, element_type
from ..ir import (CFA, Assign, Assume, Binary, Cast, CheckSite, Const, Edge, Havoc, Procedure,
                  Ref, Unary, Variable)
from .calls import CallLowering, FallOffState
from .expressions import ExpressionLowering
from .function_pointers import (FunctionPointerArray, FunctionPointerLowering, FunctionType,
                                address_taken_functions, declared_variables,
                                has_indirect_call, is_function_pointer_array)
from .gnu import check_gnu_extensions
from .heap import HeapLowering
from .initialisers import InitialiserLowering
from .indeterminate import UNDEFINED, mark_indeterminate_reads
from .literals import LiteralLowering
from .member_addresses import MemberAddressLowering
from .members import MemberAccess
from .names import MAX_RECURSION
from .order import EvaluationOrder, aliased_names
from ...evidence import NOT_MODELLED
from .pointer_arrays import PointerArray, PointerArrayLowering, is_pointer_array
from .pointers import PointerLowering, PointerType, PointerVariable, scan_memory
from .realloc import ReallocLowering
from .statements import StatementLowering
from .stream_calls import StreamCallLowering
from .string_calls import StringCallLowering
from .structs import StructLowering
from .union_members import UnionMemberLowering
from .unions import UnionLowering
from .values import StructVariable, UnionVariable, is_struct_type
from .types import Enumerator, EnumTag, TypedefName, TypeResolution, _width_attribute
from .syntax import Preorder, SideEffects, _line, _walk



class CFABuilder(StatementLowering, ExpressionLowering, CallLowering, PointerLowering,
                 FunctionPointerLowering, HeapLowering, ReallocLowering, StructLowering,
                 MemberAccess, InitialiserLowering, UnionLowering, UnionMemberLowering,
                 LiteralLowering, StringCallLowering, StreamCallLowering, MemberAddressLowering,
                 PointerArrayLowering, TypeResolution, EvaluationOrder):
    def __init__(self, ast: c_ast.FileAST, model: DataModel, error_function: str,
                 woven_checks: list[WovenCheck], recursion_bound: int = MAX_RECURSION,
                 summarise_recursion: bool = False,
                 ghost_updates: Sequence[WovenGhostUpdate] = ()) -> None:
        self.model = model
        self.error_function = error_function
        self.recursion_bound = recursion_bound
        self.summarise_recursion = summarise_recursion
        self.ast = ast
        self.has_side_effects = SideEffects().ask
        self.where_of_check = {id(c.call): c.where for c in woven_checks}
        self.ghost_update_of = {id(u.assignment): u.number for u in ghost_updates}
        self.functions: dict[str, c_ast.FuncDef] = {
            node.decl.name: node for node in ast.ext if isinstance(node, c_ast.FuncDef)}
        self.prototypes: dict[str, c_ast.Decl] = {}
        self.global_decls: dict[str, c_ast.Decl] = {}
        # the file scope's enumeration constants, typedef names and tags (its variables are
        # `global_decls`, made `globals` when first used)
        self.file_scope: dict = {}
        self.enum_tags: dict[int, EnumTag] = {}    # id of an `enum {...}` definition -> its type
        self.constants: dict[Variable, int] = {}   # variables of enumeration constants
        self.declared_in: dict[int, list] = {}     # id of a prototype's type node -> its scopes
        self.current_env: Optional[list] = None    # the scopes of the statement being lowered
        self.edges: list[Edge] = []
        self.node_count = 0
        self.checks: list[CheckSite] = []
        self.globals: dict[str, Variable] = {}
        self.statics: dict[int, Variable] = {}
        self.literal_objects: dict = {}     # id of a string literal's node -> its object
        # type name -> the variable that receives values passed where the CFA does not
        # follow them (`CallLowering.passed`)
        self.passed_values: dict[str, Variable] = {}
        # function -> its jumps into blocks past declarations (`jumps.py`)
        self.entered_by_jumps: dict[str, dict[int, list]] = {}
        # (variable, initialiser, line, the scopes it is read in) of globals and static locals
        self.initialisers: list[tuple[Variable, Optional[c_ast.Node], Optional[int], list]] = []
        self.variables: list[Variable] = []
        self.call_stack: list[str] = []
        self.call_lines: list[Optional[int]] = []     # the lines of those calls (inlined)
        self.case_nodes: dict[int, int] = {}
        self.statement_starts: dict[int, tuple[c_ast.Node, str]] = {}
        self.bounds: dict[int, str] = {}           # cut-off node -> what was cut off there
        self.undefined_at: dict[int, str] = {}     # undefined-behaviour node -> what
        self.effect_summaries: dict[str, tuple[set, set]] = {}
        self.own_effects: dict[str, tuple[set, set]] = {}     # per function, callees aside
        # the whole-program scans below and the GNU checks of `build` share one walk
        self.syntax: Optional[Preorder] = Preorder(ast)
        # the functions named as values, by function id (`function_pointers.py`)
        self.function_ids = {name: number + 1 for number, name in
                             enumerate(address_taken_functions(self.syntax))}
        self.indirect_calls = False        # a call through a pointer was lowered
        self.variable_names = declared_variables(self.syntax)   # callees that may be pointers
        # function -> the functions with a body it calls (by name, and through a pointer any
        # function whose address is taken)
        self.callees = {name: {n.name.name for n in self.syntax.of(f.body)
                               if isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)
                               and n.name.name in self.functions}
                        | (set(self.function_ids) if has_indirect_call(f, self.syntax) else set())
                        for name, f in self.functions.items()}
        self.recursive = {name for name in self.functions if name in self.reachable_from(name)}
        self.procedures: dict[str, Procedure] = {}
        self.fall_off_state = FallOffState()       # summarised procedures that may fall off
        self.unbuilt_procedures: list[Procedure] = []
        self.procedure_params: dict[str, list] = {}   # procedure -> its C parameters (scope)
        self.building_procedure: Optional[str] = None  # the procedure whose body is lowered
        self.copies = 0
        self.memory = scan_memory(self.syntax)     # objects and pointers (`pointers.py`)
        # what pointers may reach, for the evaluation-order checks (`order.py`)
        self.aliased, self.pointer_names = aliased_names(self.syntax, self.memory)
        self.pure_evaluation = False               # lowering an invariant or a ghost update
        # id of a `struct {...}` definition -> its type, or why it is not modelled
        self.struct_types: dict = {}
        self.packing_pragma = any(isinstance(n, c_ast.Pragma) and n.string.strip().startswith("pack")
                                  for n in self.syntax.nodes)
        self.exit = self.new_node()
        self.error = self.new_node()
        for node in ast.ext:                   # in order: a declaration sees only earlier ones
            if isinstance(node, c_ast.FuncDef):
                self.declare_tags(node.decl, [])
            elif isinstance(node, c_ast.Typedef):
                self.declare_typedef(node, [])
            elif isinstance(node, c_ast.Decl):
                self.declare_tags(node, [])
                if isinstance(node.type, FUNCTION_DECLARATORS):
                    self.declare_prototype(node, [])
                elif node.name:
                    # the last declaration wins (`extern int x;` ... `int x = 1;`)
                    if node.name not in self.global_decls or node.init is not None \
                            or "extern" in self.global_decls[node.name].storage:
                        self.global_decls[node.name] = node

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

    def havoc(self, cur, var: Variable, function: Optional[str], line,
              declaration: bool = False) -> Optional[int]:
        """A nondet value of a scalar's type.  A `_Bool` holds only 0 or 1 (gcc converts what a
        nondet function returns), but as a bit-vector its nondet value has 8 bits: normalise.
        The indeterminate value of a `declaration` is never read (reading it is undefined
        behaviour), so it is left as it is."""
        cur = self.step(cur, Havoc(var, function, line, declaration), line)
        if isinstance(var.type, IntType) and var.type.is_bool and not declaration:
            cur = self.step(cur, Assign(var, Cast(Ref(var), var.type)), line)
        return cur

    def fresh(self, name: str, ctype, is_global: bool = False) -> Variable:
        if isinstance(ctype, PointerType):     # a pointer is two variables: `fresh_pointer`
            raise Unsupported(f"pointer '{name}' where only integers are modelled")
        if isinstance(ctype, FunctionType):
            raise Unsupported(f"'{name}' of a function type (not a pointer to one)")
        if isinstance(ctype, ArrayType) and isinstance(ctype.element, PointerType):
            # arrays of function pointers are `FunctionPointerArray`s, of data pointers
            # `PointerArray`s (`pointer_arrays.py`): never one IR variable
            raise Unsupported(f"array of pointers '{name}' where only integers are modelled")
        if is_struct_type(ctype):              # a struct is one variable per member
            kind = "union" if isinstance(element_type(ctype), UnionType) else "struct"
            raise Unsupported(f"{kind} '{name}' where only its members are modelled")
        var = Variable(f"{name}#{len(self.variables)}", name, ctype, is_global)
        self.variables.append(var)
        return var

    # ------------------------------------------------------------ variables
    def lookup(self, name: str, env: list[dict], line=None):
        """The variable `name` denotes in `env` (an int for an enumeration constant)."""
        found = self.binding(name, env)
        if isinstance(found, Enumerator):
            return self.enumerator_value(found)
        if isinstance(found, TypedefName):
            raise Unsupported(f"typedef name '{name}' used as a value", line)
        if found is not None:
            return found
        if name in self.globals:
            return self.globals[name]
        if name in self.global_decls:
            decl = self.global_decls[name]
            ctype = self.variable_type(decl, [])
            if isinstance(ctype, PointerType) or is_struct_type(ctype):
                var = self.fresh_pointer(name, ctype, True) if isinstance(ctype, PointerType) \
                    else self.fresh_struct(name, ctype, True)
                self.globals[name] = var
                self.static_initialiser(var, decl.init, _line(decl), [])
                if self.needs_object(name, ctype):
                    self.memory.globals_pending.append(self.new_object(var))
                return var
            if is_function_pointer_array(ctype):
                var = self.globals[name] = self.fresh_function_pointer_array(name, ctype, True)
                self.static_initialiser(var, decl.init, _line(decl), [])
                return var
            if is_pointer_array(ctype):                     # `pointer_arrays.py`
                var = self.globals[name] = self.fresh_pointer_array(name, ctype, True)
                self.static_initialiser(var, decl.init, _line(decl), [])
                if self.needs_object(name, ctype):
                    self.memory.globals_pending.append(self.new_object(var))
                return var
            var = self.fresh(name, ctype, True)
            if self.needs_object(name, ctype):
                self.memory.globals_pending.append(self.new_object(var))
            self.globals[name] = var
            self.static_initialiser(var, decl.init, _line(decl), [])
            return var
        if name in self.functions or name in self.prototypes:
            raise Unsupported(f"function '{name}' used as a value (function pointer)", line)
        raise Unsupported(f"undeclared identifier '{name}'", line)

    # ------------------------------------------------------------ build
    def build(self) -> CFA:
        if "main" not in self.functions:
            raise Unsupported("the program has no main function")
        # GNU C that runs code main does not call or renames symbols (the whole file)
        check_gnu_extensions(self.syntax, self.error_function,
                             lambda node, line: self.constant_value(node, [], line))
        self.syntax = None          # (its list of every node is not needed after this)
        if self.summarise_recursion and "main" in self.recursive:
            raise Unsupported("recursive main")
        body_entry = self.new_node()
        env: list[dict] = [{}]
        result = self.inline_call("main", [], body_entry, env, None)
        end = result[1]
        self.edge(end, self.exit)
        while self.unbuilt_procedures:
            self.procedure_body(self.unbuilt_procedures.pop())
        # globals and static locals start zeroed or with their constant initialiser (read in
        # the scopes of their declaration), after the variables of enumeration constants
        initialised = cur = self.new_node()
        cur = self.kill_blocks(cur)
        if self.memory.counter is not None or self.memory.globals_pending:
            cur = self.step(cur, Assign(self.counter(), Const(1, self.base_type)))
            for obj in self.memory.globals_pending:
                cur = self.begin_lifetime(obj, cur, None)
        numbered = len(self.memory.globals_pending)
        for var, init, line, env in self.initialisers:
            self.current_env = env
            cur = self.initialise(var, init, cur, env or [{}], line, static=True)
        self.current_env = None
        if len(self.memory.globals_pending) != numbered:
            # an object made while the initialisers were read would have no base number (and
            # was no candidate of the dereferences lowered before): `static_initialiser` makes
            # the literals' objects when the variable is made
            raise Unsupported("an object created by a static initialiser")
        self.edge(cur, body_entry)
        entry = cur = self.new_node()
        for var, value in self.constants.items():
            cur = self.step(cur, Assign(var, Const(value, var.type)))
        self.edge(cur, initialised)
        return CFA(entry, self.exit, self.error, self.edges, self.node_count, self.checks,
                   self.variables, statement_starts=self.statement_starts, bounds=self.bounds,
                   undefined=self.undefined_at, procedures=self.procedures,
                   objects=[(o.base, o.storage) for o in self.memory.objects],
                   pointers=list(self.memory.pointers), object_counter=self.memory.counter,
                   indirect_calls=self.indirect_calls)

    def static_initialiser(self, var, init, line, env: list) -> None:
        """The initialiser of a variable of static storage, read at the program's start; the
        string literals it points to are objects from now on (numbered at the start, and
        candidates of every dereference lowered from now on)."""
        self.initialisers.append((var, init, line, env))
        self.literals_of_initialiser(var, init, line)
        if init is None:
            return
        # the globals it names (`static int *p = &x;`) are made now, with their objects:
        # made while the initialisers are read, x's object would have no base number
        skipped = {id(n.field) for n in _walk(init) if isinstance(n, c_ast.StructRef)} | \
            {id(name) for n in _walk(init) if isinstance(n, c_ast.NamedInitializer)
             for name in n.name}
        for node in _walk(init):
            if isinstance(node, c_ast.ID) and id(node) not in skipped and \
                    self.binding(node.name, env) is None and node.name in self.global_decls \
                    and node.name not in self.globals:
                self.lookup(node.name, [], line)

    def initialise(self, var: Variable, init, cur, env, line, static: bool):
        if isinstance(var, PointerVariable):
            return self.initialise_pointer(var, init, cur, env, line, static)
        if isinstance(var, StructVariable):
            return self.initialise_struct(var, init, cur, env, line, static)
        if isinstance(var, UnionVariable):
            return self.initialise_union(var, init, cur, env, line, static)
        if isinstance(var, FunctionPointerArray):
            return self.initialise_function_pointer_array(var, init, cur, env, line, static)
        if isinstance(var, PointerArray):
            return self.initialise_pointer_array(var, init, cur, env, line, static)
        ctype = var.type
        if not static and init is not None and _names(init, var.name):
            # `int x = x + 1;`: the variable is in scope in its own initialiser, and read
            # there before it holds any value (C11 6.2.1p7)
            if isinstance(ctype, ArrayType):
                raise Unsupported(f"initialiser of '{var.name}' that reads '{var.name}'", line)
            cur = self.step(cur, Havoc(var, None, line, declaration=True), line)
        if isinstance(ctype, ArrayType):
            if init is None:
                op = Assign(var, Const(0, ctype.element)) if static \
                    else Havoc(var, None, line, declaration=True)
                return self.step(cur, op, line)
            from_literal = self.initialise_from_literal(var, init, cur, line)
            if from_literal is not None:
                return from_literal
            if not isinstance(init, c_ast.InitList):
                raise Unsupported("array initialiser that is not a list", line)
            return self.initialise_from_list(var, init, cur, env, line, static)
        if init is None:
            if static:
                return self.step(cur, Assign(var, Const(0, ctype)), line)
            return self.havoc(cur, var, None, line, declaration=True)
        if isinstance(init, c_ast.InitList):
            if len(init.exprs) != 1:
                raise Unsupported("scalar initialiser list", line)
            init = init.exprs[0]
        value, cur = self.lower(init, cur, env)
        return self.step(cur, Assign(var, self.convert(value, ctype)), line)

    def initialise_pointer(self, var: PointerVariable, init, cur, env, line, static: bool):
        if init is None:
            if static:
                return self.assign_pointer(var, self.null(var.type), cur, line)
            return self.havoc_pointer(var, cur, line)
        if isinstance(init, c_ast.InitList):
            if len(init.exprs) != 1:
                raise Unsupported("pointer initialiser list", line)
            init = init.exprs[0]
        if self.library_allocation(init) is not None:
            value, cur = self.allocate(self.library_allocation(init), var.type, cur, env, line)
        else:
            value, cur = self.lower(init, cur, env)
            value = self.as_pointer(value)
        return self.assign_pointer(var, value, cur, line)

    def return_type(self, name: str):
        function = self.functions[name]
        returns = function.decl.type.type
        if isinstance(returns, c_ast.TypeDecl) and isinstance(returns.type, c_ast.IdentifierType) \
                and returns.type.names == ["void"]:
            return None
        return self.resolve_type(returns, _line(function), [])

    def parameters(self, name: str) -> list[Variable]:
        """Fresh variables for the parameters of `name` (one set per inlined copy)."""
        function = self.functions[name]
        declarator = function.decl.type
        if function.param_decls:
            raise Unsupported("K&R-style parameter declarations", _line(function))
        variables = []
        for param in (declarator.args.params if declarator.args else []):
            if isinstance(param, c_ast.EllipsisParam):
                # the arguments past the named ones are read with va_arg: not modelled
                raise Unsupported(f"call of variadic function '{name}'", _line(function))
            if isinstance(param, c_ast.Typename) or param.name is None:
                continue
            declarator = param.type
            if isinstance(declarator, c_ast.ArrayDecl):
                # `int a[]`, `int a[n]`: a pointer to the element type (C11 6.7.6.3p7)
                declarator = c_ast.PtrDecl([], declarator.type)
            elif isinstance(declarator, FUNCTION_DECLARATORS):
                declarator = c_ast.PtrDecl([], declarator)   # `void g(int)`: a pointer (p8)
            ptype = self.resolve_type(declarator, _line(param), [])
            if isinstance(ptype, PointerType):
                variables.append(self.fresh_pointer(f"{name}::{param.name}", ptype))
                continue
            if isinstance(ptype, UnionType):   # unions by value: not modelled (unions.py)
                raise Unsupported(f"union '{name}::{param.name}' where only its members "
                                  f"are modelled (a union passed by value)", _line(param))
            if is_struct_type(ptype):          # passed by value: a copy (`inline_call`)
                variables.append(self.fresh_struct(f"{name}::{param.name}", ptype))
                continue
            variables.append(self.fresh(f"{name}::{param.name}", ptype))
        return variables

    def variable_type(self, decl: c_ast.Decl, env: list, sizes: Optional[list] = None):
        """The type of a declared variable (GCC's attributes that change it: `Unsupported`);
        `sizes` as for `resolve_type`."""
        line = _line(decl)
        attribute = _width_attribute(decl)
        if attribute in ("mode", "vector_size"):
            raise Unsupported(f"variable '{decl.name}' with __attribute__(({attribute}))", line)
        sized = self.array_size_from_literal(decl, line, env)
        if sized is not None:
            return sized
        return self.resolve_type(decl.type, line, env, sizes)

    def vla_sizes(self, name: str, sizes: list, ctype: ArrayType, cur, env, line):
        """Evaluate the sizes of a variable-length array's declaration into its dimensions'
        variables.  A size that is not positive is undefined behaviour (C11 6.7.6.2p5).  A VLA is
        allocated on the stack like `alloca`, which SV-COMP's rules assume never fails: the
        array has its elements whatever its size in bytes (in ILP32 `int a[n]` with n = 2^30
        has 2^32 bytes, a `sizeof` that wraps to 0 in gcc's size_t and ours alike), up to
        PTRDIFF_MAX elements, so that the flat index of an element does not wrap; larger
        arrays are not modelled."""
        size_t = self.model.size_t
        limit = (1 << (self.model.pointer_bits - 1)) - 1
        self.check_order([node for _, node in sizes], line)
        for variable, node in sizes:
            value, cur = self.lower(node, cur, env)
            if value is None or not isinstance(value.type, IntType):
                raise Unsupported(f"size of the variable-length array '{name}' that is not "
                                  f"an integer", line)
            if value.type.bits > size_t.bits:
                fits = Binary("<=", value, Const(size_t.max, value.type), self.model.int, line)
                cur = self.guard(cur, fits, f"{NOT_MODELLED}variable-length array '{name}' of "
                                 f"more than PTRDIFF_MAX elements", line)
            positive = Binary(">", value, Const(0, value.type), self.model.int, line)
            cur = self.guard(cur, positive, f"variable-length array '{name}' of size 0 or "
                             f"less", line)
            cur = self.step(cur, Assign(variable, self.convert(value, size_t)), line)
        # the product of the dimensions, one factor at a time, each checked against what still
        # fits (unsigned arithmetic: no overflow on the way)
        total = Const(1, size_t)
        for d in ctype.dims:
            factor = Ref(d) if isinstance(d, Variable) else Const(d, size_t)
            fits = Binary("<=", factor, Binary("/", Const(limit, size_t), total, size_t),
                          self.model.int, line)
            cur = self.guard(cur, fits, f"{NOT_MODELLED}variable-length array '{name}' of "
                             f"more than PTRDIFF_MAX elements", line)
            total = Binary("*", total, factor, size_t)
        return cur

    def guard(self, cur, condition, what: str, line):
        """Go on where `condition` holds; where it does not, undefined behaviour `what`."""
        if cur is None:
            return None
        failed = self.new_node()
        self.edge(cur, failed, Assume(Unary("!", condition, self.model.int)), line)
        self.undefined(failed, what, line)
        return self.step(cur, Assume(condition), line)


def _names(node, name: str) -> bool:
    """Whether an identifier `name` occurs in the expression (a use of the variable declared
    by that name, since it is in scope from its declarator on)."""
    return any(isinstance(n, c_ast.ID) and n.name == name for n in _walk(node))


def build_cfa(ast: c_ast.FileAST, model: DataModel, error_function: str,
              woven_checks: list[WovenCheck], recursion_bound: int = MAX_RECURSION,
              summarise_recursion: bool = False, uninitialized: str = UNDEFINED,
              ghost_updates: Sequence[WovenGhostUpdate] = ()) -> CFA:
    """The CFA of `main`; recursion is inlined until a function is `recursion_bound` deep, or
    with `summarise_recursion` every recursive function is a `Procedure` of its own.  Reads
    that may see an uninitialised value are undefined behaviour targets, or with
    `uninitialized="nondet"` fresh nondet values (`indeterminate.py`)."""
    builder = CFABuilder(ast, model, error_function, woven_checks, recursion_bound,
                         summarise_recursion, ghost_updates)
    cfa = builder.build()
    mark_indeterminate_reads(cfa, model.types["unsigned char"], uninitialized,
                             builder.object_cells())
    for procedure in cfa.procedures.values():   # now that every global (and flag) is known
        builder.save_at_entry(procedure)
    return cfa


def woven_program_cfa(woven: WeaveResult, data_model: str, error_function: str,
                      recursion_bound: int = MAX_RECURSION,
                      summarise_recursion: bool = False, uninitialized: str = UNDEFINED) -> CFA:
    """The CFA of an instrumented program: the one build that the engines, the procedure
    summaries and the violation-witness writer share."""
    return build_cfa(woven.ast, DataModel(data_model), error_function, woven.checks,
                     recursion_bound, summarise_recursion, uninitialized, woven.ghost_updates)
