"""Declarations and types: scopes and what a name denotes (C11 6.2.1), enumerations (GCC's
rules, `define_enum`), typedef names, tags, and the type a declarator denotes
(`resolve_type`: integers, floating types, arrays with constant or variable dimensions,
pointers (`pointers.py`), structs (`structs.py`)); integer constant expressions; `sizeof`.
A mixin of `CFABuilder`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pycparser import c_ast

from instrument.frontend import FUNCTION_DECLARATORS

from ..c_types import ArrayType, CType, FloatType, IntType, StructType, UnionType, Unsupported
from ..ir import Binary, Const, Ref, Variable
from .bitfields import BitFieldType
from .constants import _fold
from .syntax import _line, _walk

TAG = "tag "        # struct, union and enum tags have a name space of their own (C11 6.2.3)
WIDTH_ATTRIBUTES = ("packed", "mode", "vector_size")
# ms_struct: Microsoft's layout (bit-field units, i386's 8-aligned double and long long)
LAYOUT_ATTRIBUTES = ("packed", "aligned", "transparent_union", "may_alias", "designated_init",
                     "scalar_storage_order", "ms_struct")


@dataclass
class Enumerator:
    """An enumeration constant: its value and its type (int when the value fits in int)."""
    name: str
    value: int
    type: IntType
    variable: Optional[Variable] = None      # holds a value outside int (`lookup` gives it)


@dataclass
class TypedefName:
    """A typedef name: its type, or why it cannot be modelled (raised where it is used)."""
    type: Optional[CType]
    problem: Optional[Unsupported] = None
    # (qualifiers, core) as `FunctionPointerLowering.signature` gives it: the qualifiers a
    # type's compatibility depends on, which the resolved type does not keep
    signature: tuple = (frozenset(), None)


@dataclass
class EnumTag:
    """An enumeration type declared by a definition (`enum E {...}`, E may be absent)."""
    type: IntType
    problem: Optional[Unsupported] = None


class TypeResolution:
    """Mixin of `CFABuilder`: declarations, scopes and types."""

    # ------------------------------------------------------------ declarations
    def scope(self, env: list) -> dict:
        """The innermost scope: the block's, or the file scope."""
        return env[-1] if env else self.file_scope

    def binding(self, name: str, env: list):
        """What `name` (an ordinary identifier, or `TAG + tag`) denotes in `env`, or None."""
        for scope in reversed(env):
            if name in scope:
                return scope[name]
        return self.file_scope.get(name)

    def declare_tags(self, decl, env: list) -> None:
        """Declare the enumerations a declaration defines in its type, in the innermost scope
        (not those of a parameter list: their scope is the prototype)."""
        if isinstance(decl, c_ast.Decl) and decl.name is None and \
                isinstance(decl.type, c_ast.Struct) and decl.type.decls is None:
            self.declare_struct_tag(decl.type, env)          # `struct S;`
            return
        if isinstance(decl, c_ast.Decl) and decl.name is None and \
                isinstance(decl.type, c_ast.Union) and decl.type.decls is None:
            self.scope(env)[TAG + decl.type.name] = UnionType(decl.type.name)    # `union U;`
            return
        packed = _width_attribute(decl) == "packed"
        for enum in _enum_definitions(decl.type):
            self.define_enum(enum, env, packed)
        attribute = layout_attribute(decl)       # `struct S {...} __attribute__((packed));`
        for struct in struct_definitions(decl.type):
            if attribute:
                kind = "union" if isinstance(struct, c_ast.Union) else "struct"
                self.struct_types[id(struct)] = Unsupported(
                    f"{kind} with __attribute__(({attribute}))", _line(decl))
            try:
                self.define_tagged(struct, env, _line(decl))      # structs.py
            except Unsupported as problem:
                if struct.name:           # raised again where the tag is used
                    self.scope(env)[TAG + struct.name] = problem

    def define_enum(self, enum: c_ast.Enum, env: list, packed: bool = False) -> None:
        """GCC's rules (c-decl.cc, build_enumerator and finish_enum): each constant's scope
        begins after its enumerator; while the list is read, a constant has type int if its
        value fits in int, else the type of its expression; an implicit value is the previous
        one plus 1 in the previous one's type (GCC 12 rejects an overflow there).  Then the
        enumeration gets its type (`DataModel.enum_type`) and the constants outside int get it."""
        scope = self.scope(env)
        line = _line(enum)
        constants: list[Enumerator] = []
        for enumerator in enum.values.enumerators:
            where = _line(enumerator) or line
            if enumerator.value is not None:
                value, ctype = self.typed_constant(enumerator.value, env, where)
            elif constants:
                value, ctype = constants[-1].value + 1, constants[-1].type
                if value > ctype.max:
                    raise Unsupported(f"overflow in the values of an enumeration at "
                                      f"'{enumerator.name}'", where)
            else:
                value, ctype = 0, self.model.int
            if self.model.int.min <= value <= self.model.int.max:
                ctype = self.model.int
            constants.append(Enumerator(enumerator.name, value, ctype))
            scope[enumerator.name] = constants[-1]
        ctype = self.model.enum_type([c.value for c in constants], line)
        problem = Unsupported("packed enumeration (__attribute__((packed)))", line) \
            if packed else None
        tag = EnumTag(ctype, problem)
        self.enum_tags[id(enum)] = tag
        if enum.name:
            scope[TAG + enum.name] = tag
        for constant in constants:
            if constant.type != self.model.int:
                scope[constant.name] = Enumerator(constant.name, constant.value, ctype)

    def declare_typedef(self, node: c_ast.Typedef, env: list) -> None:
        """The type is resolved here, in the typedef's scope; what cannot be modelled is
        raised where the name is used."""
        self.declare_tags(node, env)
        line = _line(node)
        try:
            # `aligned` and `packed` change the layout of structs with such a member
            attribute = _width_attribute(node) or layout_attribute(node)
            if attribute:
                raise Unsupported(f"typedef '{node.name}' with __attribute__(({attribute}))", line)
            name = TypedefName(self.resolve_type(node.type, line, env),
                               signature=self.signature(node.type, line, env))
        except Unsupported as problem:
            name = TypedefName(None, problem)
        self.scope(env)[node.name] = name

    def declare_prototype(self, decl: c_ast.Decl, env: list) -> None:
        """A function's declaration; its types are resolved in the scopes where it stands."""
        self.prototypes[decl.name] = decl
        scopes = [dict(scope) for scope in env]
        for node in _walk(decl.type):
            self.declared_in[id(node)] = scopes

    def enumerator_value(self, constant: Enumerator):
        """An int constant's value; a variable that holds the value of another constant."""
        if constant.type == self.model.int:
            return constant.value
        if constant.variable is None:
            constant.variable = self.fresh(constant.name, constant.type, True)
            self.constants[constant.variable] = constant.value
        return constant.variable

    # ------------------------------------------------------------ types
    def resolve_type(self, node, line=None, env: Optional[list] = None,
                     sizes: Optional[list] = None):
        """The type of a declarator in the scopes `env` (`[]`: the file scope).  Without `env`:
        a prototype's type in the scopes where the prototype stands, else a type name in the
        scopes of the statement being lowered (casts, `sizeof`, invariants).  `sizes`: where
        the declaration of a block-scope variable allows a variable-length array, the list that
        receives (the dimension's variable, its size expression) for each dimension that is not
        a constant, outermost first (the declaration evaluates them); else such an array is
        `Unsupported`."""
        if env is None:
            env = self.declared_in.get(id(node), self.current_env or [])
        if isinstance(node, c_ast.TypeDecl):
            return self.resolve_type(node.type, line, env, sizes)
        if isinstance(node, c_ast.IdentifierType):
            names = node.names
            found = self.binding(names[0], env) if len(names) == 1 else None
            if isinstance(found, TypedefName):
                if found.problem is not None:
                    raise Unsupported(found.problem.what, found.problem.line or line)
                return found.type
            if found is not None:
                raise Unsupported(f"typedef name '{names[0]}' where a variable or enumeration "
                                  f"constant of that name is in scope", line)
            return self.model.from_specifiers(names, line)
        if isinstance(node, c_ast.Enum):
            if node.values is not None:
                tag = self.enum_tags.get(id(node))
                if tag is None:
                    raise Unsupported("enumeration defined in a type name or a parameter list",
                                      line)
            else:
                tag = self.binding(TAG + node.name, env)
                if not isinstance(tag, EnumTag):
                    raise Unsupported(f"incomplete enumeration type 'enum {node.name}'", line)
            if tag.problem is not None:
                raise Unsupported(tag.problem.what, tag.problem.line or line)
            return tag.type
        if isinstance(node, c_ast.ArrayDecl):
            if node.dim is None:
                raise Unsupported("array without size", line)
            dimension = len(sizes) if sizes is not None else 0
            try:
                size = self.constant_value(node.dim, env, line)
            except Unsupported:
                if sizes is None:
                    raise Unsupported("variable-length array", line) from None
                size = self.fresh("vla-size", self.model.size_t)
                sizes.insert(dimension, (size, node.dim))
            element = self.resolve_type(node.type, line, env, sizes)
            if isinstance(size, int) and size <= 0:
                raise Unsupported("array of size 0 or less", line)
            if isinstance(element, ArrayType):
                return ArrayType(element.element, (size,) + element.dims)
            return ArrayType(element, (size,))
        if isinstance(node, c_ast.Typename):
            return self.resolve_type(node.type, line, env, sizes)
        if isinstance(node, c_ast.PtrDecl):
            return self.pointer_type(node, line, env)
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            return self.tag_reference(node, env, line)            # structs.py
        if isinstance(node, FUNCTION_DECLARATORS):
            return self.function_type(node, line, env)       # `function_pointers.py`
        kind = type(node).__name__
        if "TypeOf" in kind:
            raise Unsupported("typeof", line)
        raise Unsupported(f"type {kind}", line)

    def constant_value(self, node, env, line=None) -> int:
        """An integer constant expression (array sizes, case labels, enumerators)."""
        return self.typed_constant(node, env, line)[0]

    def typed_constant(self, node, env, line=None) -> tuple[int, IntType]:
        """The value and type of an integer constant expression."""
        expr, _ = self.lower(node, None, env)
        if expr is not None and isinstance(expr.type, FloatType):
            raise Unsupported("floating constant where an integer constant expression is "
                              "required", line or _line(node))
        value = _fold(expr, self.constants)
        if value is None:
            raise Unsupported("non-constant array size, case label or enumeration constant",
                              line or _line(node))
        return value, expr.type

    def sizeof(self, ctype):
        """The size in bytes: an int, or for a variable-length array a size_t expression of
        its dimensions' variables (a product of at most PTRDIFF_MAX elements, whose bytes wrap in
        size_t as gcc's do: see `vla_sizes`)."""
        if isinstance(ctype, ArrayType):
            if ctype.variable_length:
                size_t = self.model.size_t
                total = Const(self.model.bytes(ctype.element), size_t)
                for d in ctype.dims:
                    total = Binary("*", total, Ref(d) if isinstance(d, Variable)
                                   else Const(d, size_t), size_t)
                return total
            return self.model.bytes(ctype)
        if isinstance(ctype, (StructType, UnionType)) and not ctype.is_complete:
            raise Unsupported(f"sizeof of the {ctype.incomplete}")
        if isinstance(ctype, BitFieldType):      # gcc: an error, or the w-bit type's mode
            raise Unsupported(f"sizeof of a bit-field or a value of its type ({ctype})")
        return self.model.bytes(ctype)


def _enum_definitions(node):
    """The `enum {...}` definitions in a declaration's type, outermost first, without those
    in parameter lists and in expressions (array sizes)."""
    if isinstance(node, c_ast.Enum):
        if node.values is not None:
            yield node
    elif isinstance(node, (c_ast.Struct, c_ast.Union)):
        for member in node.decls or []:
            yield from _enum_definitions(member.type)
    elif node is not None and hasattr(node, "type"):
        yield from _enum_definitions(node.type)


def _width_attribute(decl) -> Optional[str]:
    """The first GCC attribute of a declaration that changes an integer type's width or
    layout (`packed`, `mode`, `vector_size`), or None."""
    specs = [spec.exprlist for spec in getattr(decl, "funcspec", None) or []
             if hasattr(spec, "exprlist")]
    declarator = decl.type
    while declarator is not None:
        if getattr(declarator, "attributes", None) is not None:
            specs.append(declarator.attributes)
        declarator = getattr(declarator, "type", None)
    for spec in specs:
        for node in _walk(spec):
            if isinstance(node, c_ast.ID) and node.name.strip("_") in WIDTH_ATTRIBUTES:
                return node.name.strip("_")
    return None


def struct_definitions(node):
    """The `struct {...}` and `union {...}` definitions in a declaration's type, innermost
    first."""
    if isinstance(node, (c_ast.Struct, c_ast.Union)):
        for member in node.decls or []:
            yield from struct_definitions(member.type)
        if node.decls is not None:
            yield node
    elif isinstance(node, (c_ast.FuncDecl,)):
        return
    elif node is not None and hasattr(node, "type"):
        yield from struct_definitions(node.type)


def layout_attribute(node, names: tuple = LAYOUT_ATTRIBUTES) -> Optional[str]:
    """The first attribute in `node` that changes a struct's layout (of `names`), or None.  Every field of
    every node is searched: pycparserext keeps attributes outside `children()`
    (`struct S {...} __attribute__((packed));` in the declaration's `funcspec`,
    `struct __attribute__((packed)) S` in a `StructExt`)."""
    stack = [node]
    while stack:
        inner = stack.pop()
        if isinstance(inner, list):
            stack.extend(inner)
            continue
        if not isinstance(inner, c_ast.Node):
            continue
        if isinstance(inner, c_ast.ID) and inner.name.strip("_") in names:
            return inner.name.strip("_")
        fields = set(getattr(inner, "__slots__", ())) | set(getattr(inner, "__dict__", {}))
        stack.extend(getattr(inner, name, None) for name in fields
                     if name not in ("coord", "__weakref__"))
    return None
