"""Function pointers (issue 16): values, comparisons and calls through them.

A function pointer is a pointer (`values.Pointer`, two integers) whose target type is a
`FunctionType`: its base is a *function id*, 0 for NULL and 1, 2, ... for the functions the
program defines and names as values somewhere (`f` or `&f` outside a call's callee:
`address_taken_functions`, a syntactic scan of the whole program, in the order of their names),
its offset always 0.  Function ids and object bases never meet: the types keep them apart
(a conversion between a function pointer and a data pointer or an integer is `Unsupported`,
but the null pointer constant), so no operation of data pointers sees a function id.

Operations: assignment, passing and returning go through the pointer machinery unchanged;
`==`/`!=` compare the ids (two distinct functions have distinct addresses, C11 6.5.9p6); `!p`,
`if (p)` test the id against 0; `*p` is p again (a function designator decays, C11 6.3.2.1p4);
a conversion between function pointer types keeps the id (C11 6.3.2.3p8).  Arithmetic,
relational comparison, `sizeof` of a function: `Unsupported`.

A call `p(args)` or `(*p)(args)` (the callee evaluated first, then the arguments right to
left, as gcc does) is a case split over every function id: where the pointer holds
the id of a function whose type is compatible with the pointer's target type (C11 6.7.6.3p15,
decided on exact signatures, `FunctionType`, which is stricter than C's rule, so a case we call
incompatible at worst is a spurious target), that function is called as by name (inlined,
or a procedure of the summarised recursion); where its type is not compatible, the call is
undefined behaviour (C11 6.3.2.3p8), and so is the call through NULL or through a value that
is no function's id (an indeterminate one).  Through a pointer without a prototype
(`int (*p)()`), a case is defined only when the promoted arguments match the function's
parameters in number and type (C11 6.5.2.2p6); pointer arguments there are `Unsupported`.
Variadic function types and functions without a body used as values are `Unsupported`.

Arrays of function pointers (dispatch tables, one dimension: `FunctionPointerArray`) are two
integer arrays, of ids and of offsets; an element is read and written as the pointer member of
an array of structs is (`tab[i]`, `tab[i] = f`, each index checked against the bounds).  Such
an array used as a value (a pointer to a pointer) is `Unsupported`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS

from ..c_types import DOUBLE, FLOAT, ArrayType, FloatType, IntType, Unsupported
from ..ir import Assign, Assume, Binary, Const, Havoc, Load, Ref, Store, Unary
from .initialisers import initialised_subobjects
from .names import has_fixed_meaning
from .syntax import Preorder, _is_void, _walk
from .types import TypedefName
from .values import Pointer, PointerType, PointerVariable


@dataclass(frozen=True)
class FunctionType:
    """A function type as a pointer's target.  `returns` and `params` are exact signatures
    (`signature`: the resolved type with the qualifiers of every level, top-level qualifiers
    dropped as C11 6.7.6.3p15 says for parameters), compared by `==`; `params` is None for a
    declarator without a prototype (`int (*)()`).  The resolved C types ride along for the
    conversions of a call."""
    returns: object
    params: Optional[tuple]
    return_type: object = field(compare=False, default=None)      # None: void
    param_types: tuple = field(compare=False, default=())

    @property
    def name(self) -> str:
        params = "" if self.params is None else \
            ", ".join(str(getattr(t, "name", t)) for t in self.param_types) or "void"
        return f"{getattr(self.return_type, 'name', 'void')} ({params})"

    def __str__(self) -> str:
        return self.name


def is_function_pointer(ctype) -> bool:
    return isinstance(ctype, PointerType) and isinstance(ctype.target, FunctionType)


def is_function_pointer_array(ctype) -> bool:
    return isinstance(ctype, ArrayType) and is_function_pointer(ctype.element)


@dataclass(eq=False)
class FunctionPointerArray:
    """A one-dimensional array of function pointers: `cells` holds the arrays of ids and of
    offsets as a pointer variable with array halves (as a pointer member of an array of
    structs), which `write` stores into as "pointer cells"."""
    name: str
    type: ArrayType
    cells: PointerVariable


def address_taken_functions(tree: Preorder) -> list[str]:
    """The defined functions named as values anywhere (not as the callee of a call), sorted:
    function id i + 1 is the i-th.  A name a local variable shadows is counted too (an id
    no pointer ever holds costs a spurious case, never a missing one)."""
    defined = {n.decl.name for n in tree.ast.ext if isinstance(n, c_ast.FuncDef)}
    found: set = set()
    callees: set = set()
    for node in tree.nodes:
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
            callees.add(id(node.name))
        elif isinstance(node, c_ast.UnaryOp) and node.op == "sizeof":
            callees.update(id(n) for n in _walk(node.expr))    # not evaluated
    for node in tree.nodes:
        if isinstance(node, c_ast.ID) and node.name in defined and id(node) not in callees:
            found.add(node.name)
    return sorted(found)


def declared_variables(tree: Preorder) -> set:
    """The names declared anywhere as variables or parameters (not struct members): a call
    `name(...)` may be a call through a pointer of that name (it may shadow a function)."""
    members = {id(d) for n in tree.nodes if isinstance(n, (c_ast.Struct, c_ast.Union))
               for d in n.decls or []}
    return {n.name for n in tree.nodes if isinstance(n, c_ast.Decl) and n.name and
            not isinstance(n.type, FUNCTION_DECLARATORS) and id(n) not in members}


def has_indirect_call(function: c_ast.FuncDef, tree: Preorder) -> bool:
    """Whether a function may call through a pointer: a callee that is not a name, or a name
    that the function declares (a parameter or local: it may shadow a function) or that no
    file-scope declaration makes a function."""
    functions = {n.decl.name for n in tree.ast.ext if isinstance(n, c_ast.FuncDef)} | {
        n.name for n in tree.ast.ext if isinstance(n, c_ast.Decl) and
        isinstance(n.type, FUNCTION_DECLARATORS)}
    declared = {n.name for n in tree.of(function) if isinstance(n, c_ast.Decl) and n.name} - \
        {function.decl.name}
    return any(isinstance(n, c_ast.FuncCall) and (
        not isinstance(n.name, c_ast.ID) or n.name.name in declared or
        n.name.name not in functions) for n in tree.of(function.body))


class FunctionPointerLowering:
    """Mixin of `CFABuilder`: function types, function designators, calls through pointers."""

    # ------------------------------------------------------------ types
    def signature(self, node, line, env) -> tuple:
        """(qualifiers, core) of a declarator: core is the resolved type of a scalar or struct
        (or "void"), ("*", signature of the pointee) of a pointer, a `FunctionType`.  The
        qualifiers of typedef names are kept (`TypedefName.signature`)."""
        if isinstance(node, c_ast.Typename):
            return self.signature(node.type, line, env)
        if isinstance(node, c_ast.TypeDecl):
            quals = frozenset(node.quals or ())
            inner = node.type
            if isinstance(inner, c_ast.IdentifierType) and len(inner.names) == 1:
                found = self.binding(inner.names[0], env)
                if isinstance(found, TypedefName):
                    if found.problem is not None:
                        raise Unsupported(found.problem.what, found.problem.line or line)
                    return quals | found.signature[0], found.signature[1]
            if _is_void(node):
                return quals, "void"
            return quals, self.resolve_type(node, line, env)
        if isinstance(node, c_ast.PtrDecl):
            return frozenset(node.quals or ()), ("*", self.signature(node.type, line, env))
        if isinstance(node, FUNCTION_DECLARATORS):
            return frozenset(), self.function_type(node, line, env)
        if isinstance(node, c_ast.ArrayDecl):
            return frozenset(), ("[]", self.resolve_type(node, line, env))
        return frozenset(), self.resolve_type(node, line, env)

    def function_type(self, node, line, env, definition: bool = False) -> FunctionType:
        """The type a function declarator denotes; `definition`: the declarator of a function
        definition, whose empty list `f()` declares no parameters (as `f(void)` for
        compatibility and calls, C11 6.7.6.3p14-15)."""
        returns = None if _is_void(node.type) else self.resolve_type(node.type, line, env)
        return_signature = "void" if returns is None else self.signature(node.type, line, env)[1]
        if node.args is None:
            if definition:
                return FunctionType(return_signature, (), returns, ())
            return FunctionType(return_signature, None, returns, ())
        params, types = [], []
        for param in node.args.params:
            if isinstance(param, c_ast.EllipsisParam):
                raise Unsupported("function pointer to a variadic function", line)
            if isinstance(param, c_ast.ID):
                raise Unsupported("K&R-style parameter list", line)
            declarator = param.type
            if _is_void(declarator) and len(node.args.params) == 1:
                break                                  # `f(void)`
            if isinstance(declarator, c_ast.ArrayDecl):     # adjusted (C11 6.7.6.3p7-8)
                declarator = c_ast.PtrDecl([], declarator.type)
            elif isinstance(declarator, FUNCTION_DECLARATORS):
                declarator = c_ast.PtrDecl([], declarator)
            params.append(self.signature(declarator, line, env)[1])
            types.append(self.resolve_type(declarator, line, env))
        return FunctionType(return_signature, tuple(params), returns, tuple(types))

    def compatible(self, pointer: FunctionType, function: FunctionType) -> bool:
        """C11 6.7.6.3p15 on exact signatures: the return types agree; both prototypes agree
        in every parameter; a type without a prototype agrees with a prototype whose
        parameters are all unchanged by the default argument promotions."""
        if pointer.returns != function.returns:
            return False
        if pointer.params is None or function.params is None:
            prototype = function if pointer.params is None else pointer
            return prototype.params is None or all(
                self.promoted(t) == t for t in prototype.param_types)
        return pointer.params == function.params

    def promoted(self, ctype):
        """The default argument promotions (C11 6.5.2.2p6)."""
        if ctype == FLOAT:
            return DOUBLE
        if isinstance(ctype, IntType):
            return self.model.promote(ctype)
        return ctype

    # ------------------------------------------------------------ values
    def denotes_function(self, name: str, env) -> bool:
        """`name` is a function here (no variable of that name is in scope)."""
        return self.binding(name, env) is None and name not in self.globals and \
            name not in self.global_decls and (name in self.functions or name in self.prototypes)

    def function_designator(self, name: str, line) -> Pointer:
        """A function used as a value: a pointer holding its id."""
        if name not in self.functions:
            raise Unsupported(f"function '{name}' used as a value (a function pointer), "
                              f"which the program does not define", line)
        if name not in self.function_ids:
            raise Unsupported(f"function '{name}' used as a value where the scan of the "
                              f"program did not see it", line)
        ftype = self.function_type(self.functions[name].decl.type, line, [], definition=True)
        return Pointer(Const(self.function_ids[name], self.base_type),
                       Const(0, self.offset_type), PointerType(ftype))

    def convert_function_pointer(self, value: Pointer, ptype: PointerType, line) -> Pointer:
        """A conversion to or from a function pointer type: between function pointer types
        the id stays; a null pointer constant `(void *)0` becomes NULL; anything else (data
        pointers, `void *` values) is not modelled."""
        if is_function_pointer(value.type) and is_function_pointer(ptype):
            return Pointer(value.base, value.offset, ptype)
        if value.type.target is None and isinstance(value.base, Const) and \
                value.base.value == 0 and isinstance(value.offset, Const):
            return self.null(ptype)
        raise Unsupported("conversion between a function pointer and a data pointer", line)

    def function_pointer_binary(self, op: str, left, right, cur, line):
        """`==`, `!=` (and `&&`, `||`) with a function pointer operand: the ids compared."""
        if op in ("&&", "||"):
            return Binary(op, self.truth(left), self.truth(right), self.model.int, line), cur
        if op not in ("==", "!="):
            raise Unsupported(f"function pointer operand of '{op}'", line)
        ptype = left.type if isinstance(left, Pointer) and is_function_pointer(left.type) \
            else right.type
        left, right = (self.convert_pointer(side, ptype, line) for side in (left, right))
        return Binary(op, left.base, right.base, self.model.int, line), cur

    # ------------------------------------------------------------ arrays of them
    def fresh_function_pointer_array(self, name: str, ctype: ArrayType,
                                     is_global: bool = False) -> FunctionPointerArray:
        if len(ctype.dims) != 1 or ctype.variable_length:
            raise Unsupported(f"array of function pointers '{name}' that is not one-dimensional "
                              f"of constant size")
        cells = self.fresh_pointer(name, ctype.element, is_global, ctype.dims)
        return FunctionPointerArray(name, ctype, cells)

    def initialise_function_pointer_array(self, var: FunctionPointerArray, init, cur, env,
                                          line, static: bool):
        """No initialiser: NULL everywhere (static) or indeterminate; a list: its elements,
        the rest NULL (C11 6.7.9p21)."""
        halves = (var.cells.base, var.cells.offset)
        if init is None and not static:
            for half in halves:
                cur = self.step(cur, Havoc(half, None, line, declaration=True), line)
            return cur
        for half in halves:
            cur = self.step(cur, Assign(half, Const(0, half.type.element)), line)
        if init is None:
            return cur
        if not isinstance(init, c_ast.InitList):
            raise Unsupported("initialiser of an array of function pointers that is not a "
                              "list", line)
        elements = initialised_subobjects(             # initialisers.py, as for any array
            var.type, init, line, lambda node: self.constant_value(node, env, line),
            lambda node: self.struct_type_of(node, env, line))
        self.check_order([item.expr for item in elements], line)
        for indices, expr in ((item.path, item.expr) for item in elements):
            value, cur = self.lower(expr, cur, env)
            value = self.convert_pointer(self.as_pointer(value), var.type.element, line)
            index = [Const(i, self.model.int) for i in indices]
            cur = self.step(cur, Store(var.cells.base, index, value.base, line), line)
            cur = self.step(cur, Store(var.cells.offset, index, value.offset, line), line)
        return cur

    def function_pointer_element(self, var: FunctionPointerArray, subscript, cur, env, line,
                                 assigned: bool = False):
        """`tab[i]`: (the element's pointer, node after); `assigned`: (the target of a write
        as `ExpressionLowering.write` takes it, node after)."""
        index, cur = self.lower(subscript, cur, env)
        if index is None or not isinstance(index.type, IntType):
            raise Unsupported("subscript that is not an integer", line)
        if assigned and not isinstance(index, (Const, Ref)):
            index, cur = self.saved("index", index, cur, line)
        value = Pointer(Load(var.cells.base, [index], line), Load(var.cells.offset, [index], line),
                        var.type.element)
        if assigned:
            return ("pointer cells", value, (var.cells, [index])), cur
        return value, cur

    # ------------------------------------------------------------ calls
    def callee_variable(self, name: str, env) -> bool:
        """The callee of `name(...)` is a variable (a function pointer), not a function."""
        found = self.binding(name, env)
        if found is not None:
            return True
        return name not in self.functions and name not in self.prototypes and \
            (name in self.globals or name in self.global_decls)

    def indirect_call(self, node: c_ast.FuncCall, cur, env, line, discard: bool = False):
        """`p(args)`, `(*p)(args)`: a case per function id (see the module's description)."""
        self.indirect_calls = True
        args = node.args.exprs if node.args is not None else []
        self.check_order([node.name] + list(args), line)
        # C leaves the order open; it decides which input a nondet call reads: gcc evaluates
        # the callee first, then the arguments right to left (as a direct call's)
        callee, cur = self.lower(node.name, cur, env)
        values: list = [None] * len(args)
        for position in reversed(range(len(args))):
            values[position], cur = self.lower(args[position], cur, env)
        callee = self.as_pointer(callee)
        if not isinstance(callee, Pointer) or not is_function_pointer(callee.type):
            raise Unsupported("call of something that is not a function pointer", line)
        ftype: FunctionType = callee.type.target
        values = self.call_arguments(ftype, values, line)
        result = self.call_result(ftype)
        if cur is None:
            return self.read_result(result), None
        base = callee.base
        if not isinstance(base, (Const, Ref)):
            base, cur = self.saved("callee", base, cur, line)
        join, reached = self.new_node(), False
        known = []
        for name, number in self.function_ids.items():
            is_it = Binary("==", base, Const(number, self.base_type), self.model.int, line)
            known.append(is_it)
            if isinstance(base, Const) and base.value != number:
                continue
            case = self.step(cur, Assume(is_it), line)
            target = self.function_type(self.functions[name].decl.type, line, [],
                                        definition=True)
            problem = self.call_problem(ftype, target, values)
            if problem:
                self.undefined(case, f"call through a function pointer of type '{ftype}' to "
                               f"'{name}' of type '{target}' at line {line} ({problem})", line)
                continue
            value, end = self.call_by_name(name, values, case, env, line, discard)
            if end is None:
                continue
            if result is not None and not discard:
                end = self.store_result(result, value, end, line)
            self.edge(end, join)
            reached = True
        elsewhere = Unary("!", self._or(known), self.model.int)
        null = Binary("==", base, Const(0, self.base_type), self.model.int, line)
        self.undefined(self.step(cur, Assume(null), line),
                       f"call through a null function pointer at line {line}", line)
        self.undefined(self.step(cur, Assume(self._and(elsewhere, Unary(
            "!", null, self.model.int))), line),
            f"call through a function pointer that points to no function at line {line}", line)
        return self.read_result(result), (join if reached else None)

    def call_arguments(self, ftype: FunctionType, values: list, line) -> list:
        """The arguments as the pointer's type passes them: converted to its parameters'
        types (C11 6.5.2.2p7), or without a prototype promoted (p6)."""
        if ftype.params is None:
            promoted = []
            for value in values:
                value = self.as_pointer(value)
                if value is None or isinstance(value, Pointer) or \
                        not isinstance(value.type, (IntType, FloatType)):
                    raise Unsupported("argument that is not a number in a call through a "
                                      "function pointer without a prototype", line)
                promoted.append(self.convert(value, self.promoted(value.type), line))
            return promoted
        if len(values) != len(ftype.param_types):
            raise Unsupported("call through a function pointer with another number of "
                              "arguments than its type has parameters", line)
        return [self.convert(value, ctype, line) for value, ctype in
                zip(values, ftype.param_types)]

    def call_problem(self, pointer: FunctionType, target: FunctionType, values: list) -> str:
        """Why calling `target` through `pointer` with these (passed) values is undefined
        behaviour, or ''."""
        if not self.compatible(pointer, target):
            return "types not compatible: undefined behaviour, C11 6.3.2.3p8"
        if pointer.params is None and (
                len(values) != len(target.param_types) or
                any(v.type != t for v, t in zip(values, target.param_types))):
            return ("the promoted arguments do not match the parameters: undefined "
                    "behaviour, C11 6.5.2.2p6")
        return ""

    def call_by_name(self, name: str, values: list, cur, env, line, discard: bool):
        """One case of an indirect call: the function called as by its name."""
        if name == self.error_function:
            cur = self.passed(values, cur, line)
            self.edge(cur, self.error, None, line)
            return None, None
        try:
            return self.inline_call(name, values, cur, env, line, not discard)
        except Unsupported as e:
            if has_fixed_meaning(name):
                raise Unsupported(f"the program's own definition of '{name}': {e.what}",
                                  e.line) from None
            raise

    def call_result(self, ftype: FunctionType):
        """The variable that receives the value of an indirect call, or None (void)."""
        ctype = ftype.return_type
        if ctype is None:
            return None
        if isinstance(ctype, PointerType):
            return self.fresh_pointer("indirect::return", ctype)
        return self.fresh("indirect::return", ctype)

    def read_result(self, result):
        if result is None:
            return None
        if isinstance(result, PointerVariable):
            return self.read_pointer(result)
        return Ref(result)

    def store_result(self, result, value, cur, line):
        if isinstance(result, PointerVariable):
            return self.assign_pointer(result, self.as_pointer(value), cur, line)
        return self.step(cur, Assign(result, self.convert(value, result.type, line)), line)
