"""Structs, lowered member by member (issue 16).

A struct whose members are integers, floating values, pointers, structs we model or arrays of
those is no value of its own in the IR: a struct variable is one IR variable per member
(`StructVariable`; a pointer member is a `PointerVariable`, two variables; a struct member is
a nested `StructVariable` whose variables are named `s.in.x`; an array member an array
variable `s.a` with the member's dimensions, an array of structs member a nested
`StructVariable` whose variables have its dimensions, an array of pointers member a
`PointerVariable` of two arrays), an array of structs one array per member with the array's
dimensions first (a structure of arrays: `arr[i].a[j]` is element (i, j) of the array
`arr.a`, `arr[i].items[j].x` element (i, j) of `arr.items.x`).  A struct type exists,
incomplete, from its tag's first declaration and is completed by its definition, so
`struct node { struct node *next; }` points to itself (C11 6.7.2.3).  Chains of members and
their bounds checks: `members.py`; initialiser lists: `initialisers.py`.  `s = t`,
`a[i] = s`, `s = a[i]`, `a[i] = a[j]`, `s.items[j] = t`, a struct argument to its
parameter (`f(a[i])`), `return s;` to the call's result copy member by member
(`copy_place`), member arrays element by element (at most `MAX_COPIED_ELEMENTS`), with the
indices evaluated once before the first member is written; `{0}` zeroes every member at
every level; a struct object that pointers may point to is a `MemoryObject` whose storage
is the `StructVariable` (`pointers.py`), and a block of `malloc(n * sizeof(struct S))` is an
array of structs.  The layout (`sizeof`) is GCC's for the data model (`DataModel.layout`,
nested structs and arrays by their own size and alignment).

Bit-fields are members whose type is a `BitFieldType` of their width (`bitfields.py`: the
conversion at every store wraps, initialisers included; GCC's layout); unnamed ones have no
member (initialiser lists skip them, C11 6.7.9p9).  A union member is the union's bytes, an
array of unsigned char among the members with the dimensions on the way to it first
(`unions.py`; `members.py` and `union_members.py` read its members, copies copy its bytes, an
initialiser list gives its first member a value).

Not modelled (`Unsupported`): bit-fields wider than int, members that are arrays of unions or
of `long double`, incomplete structs but as a pointer's target, flexible array members,
`packed`/`aligned`/`ms_struct` attributes, `_Alignas` on a member, a struct parameter or
result of a recursive (summarised) function, a struct read or written as a whole through a
pointer other than `s = *p`, `*p = s`, `*p = *q`, `struct S s = *p` and `return *p;` for
single structs and pointer variables (`member_addresses.py`; not with a union member or a
member array of structs or pointers), `&` of a member of an element of an array of structs
or of a member that is an array of structs or pointers (`&s.m`, `&s.a[i]`, `&p->m` of
single structs: `member_addresses.py`), a member array used as a value (a pointer: passed to
a function, `p->a`) unless its address is taken somewhere (then it is an object of its own),
multi-dimensional variable-length arrays of structs, multi-dimensional arrays of unions,
designators into a union member and a union member initialised by brace elision.  A
definition with a member we do not model leaves its type incomplete for us
(`StructType.problem` says why): pointers to it are modelled, every use that needs its
members names the problem.  Copying a struct reads every member: a member never written is
copied without undefined behaviour in C (C11 6.2.6.1p6), which the model does not follow (it
carries nothing unwritten through a copy), so such a read is an execution that is not
modelled (`STRUCT_COPY` on `ir.Ref.copy`/`ir.Load.copy`; through a pointer too:
`indeterminate.mark_copied`), never an uninitialised read that would end the executions
there.
"""
from __future__ import annotations

import itertools

from pycparser import c_ast

from ..c_types import (LONG_DOUBLE, ArrayType, FloatType, IntType, PointerType, StructType,
                       TaggedType, UnionType, Unsupported, element_type)
from ..ir import Assign, Const, Havoc, Load, Ref, Store
from .bitfields import Field, bit_field_type, gcc_layout
from .pointer_arrays import PointerArray
from .syntax import _line
from .types import TAG, WIDTH_ATTRIBUTES, layout_attribute
from .values import (PointerVariable, StructAt, StructPlace, StructVariable,
                     UnionVariable, is_struct_value)

# a struct copy stores a member array element by element: beyond this, one edge per element
# costs more than it is worth (`unknown` naming it)
MAX_COPIED_ELEMENTS = 1024

class StructLowering:
    """Mixin of `CFABuilder`: struct types, variables and member accesses."""

    def define_tagged(self, node, env, line) -> TaggedType:
        """The type of a `struct {...}` or `union {...}` definition (its tag declared in the
        innermost scope, before the members: a member may point to the type itself); the
        layout is `struct_layout`'s or `union_layout`'s (`unions.py`)."""
        kind = UnionType if isinstance(node, c_ast.Union) else StructType
        known = self.struct_types.get(id(node))
        if isinstance(known, Unsupported):          # an attribute on its declaration
            raise Unsupported(known.what, known.line)
        if known is not None:
            return known
        scope = self.scope(env)
        shell = scope.get(TAG + node.name) if node.name else None
        if not isinstance(shell, kind) or shell.is_complete:
            shell = kind(node.name or f"<anonymous at line {line}>")
        if node.name:
            scope[TAG + node.name] = shell
        self.struct_types[id(node)] = shell
        layout = self.union_layout if kind is UnionType else self.struct_layout
        try:
            shell.complete(layout(node, shell.tag, env, line))
        except Unsupported as problem:
            # the type exists but stays incomplete for us: pointers to it are exact (a
            # struct with a pointer member to it is modelled), every use that needs its
            # members is `Unsupported` naming the problem (`TaggedType.incomplete`)
            shell.problem = problem.what + (f" at line {problem.line}" if problem.line else "")
        return shell

    def struct_layout(self, node: c_ast.Struct, tag: str, env, line) -> StructType:
        # a member's mode or vector_size changes its type (and the layout)
        attribute = layout_attribute(node) or layout_attribute(node, WIDTH_ATTRIBUTES)
        if attribute:
            raise Unsupported(f"struct with __attribute__(({attribute}))", line)
        if self.packing_pragma:
            raise Unsupported("struct in a program with #pragma pack", line)
        members, fields = [], []         # fields: the layout's view, unnamed bit-fields too
        for decl in node.decls:
            where = _line(decl) or line
            if getattr(decl, "align", None):        # moves the member and grows the struct
                raise Unsupported(f"_Alignas on the struct member '{decl.name}'", where)
            if getattr(decl, "bitsize", None) is not None:       # bitfields.py
                declared = self.resolve_type(decl.type, where, env)
                width = self.constant_value(decl.bitsize, env, where)
                bit_field = bit_field_type(declared, width, decl.name, where)
                fields.append(Field(decl.name, declared, width))
                if bit_field is not None:
                    members.append((decl.name, bit_field))
                continue
            if decl.name is None:
                raise Unsupported("anonymous struct member", where)
            ctype = self.resolve_type(decl.type, where, env)
            if ctype == LONG_DOUBLE:
                raise Unsupported(f"struct member '{decl.name}' of type long double", where)
            _check_member(decl.name, ctype, where)
            members.append((decl.name, ctype))
            fields.append(Field(decl.name, ctype))
        if not members:
            raise Unsupported("struct without members", line)
        if any(field.width is not None for field in fields):
            return gcc_layout(self.model, tag, fields)
        return self.model.layout(tag, members)

    def tag_reference(self, node, env, line) -> TaggedType:
        """`struct S`, `union U`: its definition, or the type the tag declares (C11
        6.7.2.3p8: a tag not yet declared is declared here, incomplete until its definition)."""
        if node.decls is not None:
            return self.define_tagged(node, env, line)
        kind = UnionType if isinstance(node, c_ast.Union) else StructType
        found = self.binding(TAG + node.name, env)
        if isinstance(found, Unsupported):       # its definition is not modelled
            raise Unsupported(found.what, found.line or line)
        if found is None:
            found = self.scope(env)[TAG + node.name] = kind(node.name)
        if not isinstance(found, kind):
            raise Unsupported(f"'{kind.KEYWORD} {node.name}' naming another kind of tag", line)
        return found

    def declare_struct_tag(self, node: c_ast.Struct, env) -> None:
        """`struct S;` alone declares a new incomplete type in the innermost scope, even
        where an outer S is visible (C11 6.7.2.3p7)."""
        self.scope(env)[TAG + node.name] = StructType(node.name)

    def fresh_struct(self, name: str, ctype, is_global: bool = False) -> StructVariable:
        """A struct variable or an array of structs (one of several dimensions only when they
        are constants; a union or an array of unions: `unions.py`)."""
        if isinstance(element_type(ctype), UnionType):
            return self.fresh_union(name, ctype, is_global)           # unions.py
        if isinstance(ctype, ArrayType) and len(ctype.dims) != 1 and ctype.variable_length:
            raise Unsupported(f"multi-dimensional variable-length array of structs '{name}'")
        if not element_type(ctype).is_complete:
            raise Unsupported(element_type(ctype).incomplete)
        return self.struct_cells(name, ctype, is_global)

    def struct_cells(self, name: str, ctype, is_global: bool) -> StructVariable:
        """The member variables of `ctype` (a struct, or an array of structs whose dimensions
        every member's variables take first)."""
        stype = element_type(ctype)
        dims = tuple(ctype.dims) if isinstance(ctype, ArrayType) else ()
        members = {}
        for member, mtype in stype.members:
            inner = element_type(mtype)
            all_dims = dims + (tuple(mtype.dims) if isinstance(mtype, ArrayType) else ())
            cell_name = f"{name}.{member}"
            if isinstance(inner, UnionType):       # its bytes (unions.py)
                if isinstance(mtype, ArrayType):
                    raise Unsupported(f"struct member '{member}' that is an array of unions")
                members[member] = self.fresh(cell_name, self.union_storage(inner, all_dims),
                                             is_global)
            elif isinstance(inner, StructType):      # its own members, named `s.in.x`
                members[member] = self.struct_cells(
                    cell_name, ArrayType(inner, all_dims) if all_dims else inner, is_global)
            elif isinstance(inner, PointerType):
                members[member] = self.fresh_pointer(cell_name, inner, is_global,
                                                     all_dims or None)
            else:
                members[member] = self.fresh(
                    cell_name, ArrayType(inner, all_dims) if all_dims else inner, is_global)
        return StructVariable(name, ctype, members, is_global)

    def member_cells(self, var: StructVariable) -> list:
        """The IR variables of a struct variable's members (a pointer member has two)."""
        cells = []
        for member in var.members.values():
            if isinstance(member, StructVariable):
                cells += self.member_cells(member)
            elif isinstance(member, PointerVariable):
                cells += [member.base, member.offset]
            else:
                cells.append(member)
        return cells

    def storage_cells(self, storage) -> list:
        """The IR variables of an object's storage (a struct's members, a pointer's halves,
        else the variable itself)."""
        if isinstance(storage, StructVariable):
            return self.member_cells(storage)
        if isinstance(storage, PointerVariable):
            return [storage.base, storage.offset]
        if isinstance(storage, PointerArray):         # `pointer_arrays.py`
            return [storage.cells.base, storage.cells.offset]
        if isinstance(storage, UnionVariable):
            return [storage.bytes]
        return [storage]

    def zero_cells(self, cells: list, cur, line):
        """Every element of each cell zero (a null pointer: all bits zero on x86)."""
        for cell in cells:
            cur = self.step(cur, Assign(cell, Const(0, element_type(cell.type))), line)
        return cur

    def initialise_struct(self, var: StructVariable, init, cur, env, line, static: bool):
        if init is None:
            if static:
                return self.zero_cells(self.member_cells(var), cur, line)
            for cell in self.member_cells(var):
                cur = self.step(cur, Havoc(cell, None, line, declaration=True), line)
            return cur
        if isinstance(init, c_ast.InitList) and _all_zero(init):
            return self.zero_cells(self.member_cells(var), cur, line)     # `= {0}`
        if isinstance(init, c_ast.InitList):
            return self.initialise_from_list(var, init, cur, env, line, static)
        source = self.struct_pointer_operand(init, env, line)          # `struct S s = *p`
        if source is not None:
            if var.dims:
                raise Unsupported(f"initialiser of struct '{var.name}'", line)
            return self.copy_from_pointer(var, source, self.declare_arrays(var, cur, line),
                                          line)
        value, cur = self.lower(init, cur, env)
        if not is_struct_value(value) or var.dims:
            raise Unsupported(f"initialiser of struct '{var.name}'", line)
        return self.copy_place(var, value, self.declare_arrays(var, cur, line), line)

    def declare_arrays(self, var: StructVariable, cur, line):
        """The member arrays of a struct that a copy is about to fill element by element
        begin here (a declaration's indeterminate cells, every one written next)."""
        for cell in self.member_cells(var):
            if isinstance(cell.type, ArrayType):
                cur = self.step(cur, Havoc(cell, None, line, declaration=True), line)
        return cur

    def copy_place(self, target, source, cur, line):
        """`s = t` between structs: variables, nested struct members, elements of arrays of
        structs (`StructPlace`); every member, member arrays element by element.  The
        indices are evaluated once, before the first member is written (`a[a[0].x] = s`
        writes every member into the element that a[0].x named before the copy)."""
        if not is_struct_value(target) or not is_struct_value(source) or \
                target.type is not source.type:
            raise Unsupported("assignment of structs of different types or of arrays", line)
        if isinstance(target, StructAt) or isinstance(source, StructAt):
            return self.copy_at(target, source, cur, line)      # member_addresses.py
        t_var, t_at = (target.var, target.indices) if isinstance(target, StructPlace) \
            else (target, [])
        s_var, s_at = (source.var, source.indices) if isinstance(source, StructPlace) \
            else (source, [])
        if t_var is s_var and not t_at and not s_at:
            return cur                  # `s = s`: nothing changes
        t_at, cur = self.kept_indices(t_at, cur, line)
        s_at, cur = self.kept_indices(s_at, cur, line)
        for t_cell, s_cell in zip(self.member_cells(t_var), self.member_cells(s_var)):
            own = t_cell.type.dims[len(t_at):] if isinstance(t_cell.type, ArrayType) else ()
            count = 1
            for d in own:
                count *= d
            if count > MAX_COPIED_ELEMENTS:
                raise Unsupported(f"copy of the array member '{t_cell.name}' of more than "
                                  f"{MAX_COPIED_ELEMENTS} elements", line)
            for element in itertools.product(*(range(d) for d in own)):
                inner = [Const(i, self.model.int) for i in element]
                # an unwritten member is copied without undefined behaviour (ir.Ref.copy)
                read = Load(s_cell, s_at + inner, line, copy=STRUCT_COPY) if s_at or inner \
                    else Ref(s_cell, line=line, copy=STRUCT_COPY)
                op = Store(t_cell, t_at + inner, read, line) if t_at or inner \
                    else Assign(t_cell, read)
                cur = self.step(cur, op, line)
        return cur

    def kept_indices(self, indices: list, cur, line):
        """The indices in variables of their own (constants stay): what they read may change
        while a copy writes."""
        kept = []
        for index in indices:
            if not isinstance(index, Const):
                index, cur = self.saved("index", index, cur, line)
            kept.append(index)
        return kept, cur


STRUCT_COPY = "a struct with unwritten members"       # what `copy_place` reads


def _check_member(name: str, ctype, line) -> None:
    """A member we model: a scalar or pointer, a struct we model, an array of those."""
    if ctype == LONG_DOUBLE:
        raise Unsupported(f"struct member '{name}' of type long double", line)
    if isinstance(ctype, ArrayType) and not ctype.variable_length:
        if ctype.element == LONG_DOUBLE:
            raise Unsupported(f"struct member '{name}' of type long double", line)
        ctype = ctype.element
        if isinstance(ctype, UnionType):
            raise Unsupported(f"struct member '{name}' that is an array of unions", line)
    if isinstance(ctype, (IntType, FloatType, PointerType)):
        return
    if isinstance(ctype, (StructType, UnionType)):
        if not ctype.is_complete:
            raise Unsupported(f"struct member '{name}' of {ctype.incomplete}", line)
        return
    raise Unsupported(f"struct member '{name}' that is not an integer, a floating value, a "
                      f"pointer, a struct or an array of those", line)


def _all_zero(init) -> bool:
    """`{0}`, `{}`, `{{0}}`: an initialiser list of zeros only."""
    if isinstance(init, c_ast.InitList):
        return all(_all_zero(e) for e in init.exprs)
    return isinstance(init, c_ast.Constant) and init.value in ("0", "0U", "0u")
