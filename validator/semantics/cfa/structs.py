"""Structs, lowered member by member (issue 16).

A struct whose members are integers, floating values, pointers, structs we model or arrays of
numbers is no value of its own in the IR: a struct variable is one IR variable per member
(`StructVariable`; a pointer member is a `PointerVariable`, two variables; a struct member is
a nested `StructVariable` whose variables are named `s.in.x`; an array member is an array
variable `s.a` with the member's dimensions), an array of structs one array per member with
the array's dimension first (a structure of arrays: `arr[i].a[j]` is element (i, j) of the
array `arr.a`, `arr[i].in.x` element i of `arr.in.x`).  A struct type exists, incomplete,
from its tag's first
declaration and is completed by its definition, so `struct node { struct node *next; }` points
to itself (C11 6.7.2.3).  A chain of members (`member_place`) starts at a struct variable
(`s.in.x`, `s.a[j]`), at an element of an array of structs (`a[i].in.x`, `a[i].a[j]`) or at a
pointer (`p->in.x`, `p->a[j]`, `(*p).m`, `p[i].m`): the variables' elements are read and
written directly; through a pointer, `dereference` reads the member (`MemberPath`: names and
member subscripts) in the storage of every candidate object.  Every index, the struct
array's and the member's, is checked against its own dimension like any array access (one past
a member array is undefined behaviour even where the next member lies, C11 6.5.6p8);
`s = t` and `s.in = t.in` copy
member by member, nested structs recursively and member arrays element by element (at most
`MAX_COPIED_ELEMENTS`); an initialiser list takes a braced list (or a struct of the type)
for a struct or array member, zero for what it does not name, and `{0}` zeroes every member
at every level; a struct object that pointers may point to is a `MemoryObject` whose storage
is the `StructVariable` (`pointers.py`), and a block of `malloc(n * sizeof(struct S))` is an
array of structs.  The layout (`sizeof`) is GCC's for the data model (`DataModel.layout`,
nested structs and arrays by their own size and alignment).

Bit-fields are members whose type is a `BitFieldType` of their width (`bitfields.py`: the
conversion at every store wraps; GCC's layout); unnamed ones have no member.  A union member
is the union's bytes, an array of unsigned char among the members (`unions.py`, which
`member_place` asks first).

Not modelled (`Unsupported`): bit-fields wider than int, members that are arrays of
pointers, of unions, of structs or of `long double`, incomplete structs but as a pointer's
target, flexible array members, `packed`/`aligned`/`ms_struct` attributes, `_Alignas` on a
member, structs passed or returned by value, a struct read or written as a whole other than
`s = t` between variables (or their struct members; not between elements of arrays of
structs) and `s = *p`, `*p = s`, `*p = *q` (`member_addresses.py`), designated
initialisers, brace elision (but `{0}`) and string literals in a member's initialiser,
initialisers of arrays of structs but `{0}`, `&` of a member of an element of an array of
structs (`&s.m`, `&s.a[i]`, `&p->m` of single structs: `member_addresses.py`), a member array
used as a value (a pointer: passed to a function, `p->a`) unless its address is taken
somewhere (then it is an object of its own).  A definition with a member we do not model
leaves its type incomplete for us (`StructType.problem` says why): pointers to it are
modelled, every use that needs its members names the problem.  Copying a struct reads every
member: a member never written is an uninitialised read for us (C carries it without using
it: a spurious `unknown`, never a wrong value).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Optional

from pycparser import c_ast

from ..c_types import (LONG_DOUBLE, ArrayType, FloatType, IntType, PointerType, StructType,
                       UnionType, Unsupported, element_type)
from ..ir import Assign, Const, Havoc, Load, Ref, Store, Variable
from .bitfields import Field, bit_field_type, gcc_layout
from .constants import _flatten_init
from .syntax import _line
from .types import TAG, WIDTH_ATTRIBUTES, layout_attribute
from .union_members import UnionMember
from .values import Pointer, PointerVariable, StructVariable, UnionVariable

# a struct copy stores a member array element by element: beyond this, one edge per element
# costs more than it is worth (`unknown` naming it)
MAX_COPIED_ELEMENTS = 1024

class StructLowering:
    """Mixin of `CFABuilder`: struct types, variables and member accesses."""

    def define_struct(self, node: c_ast.Struct, env, line) -> StructType:
        """The type of a `struct {...}` definition (its tag declared in the innermost scope,
        before the members: a member may point to the struct itself)."""
        known = self.struct_types.get(id(node))
        if isinstance(known, Unsupported):          # an attribute on its declaration
            raise Unsupported(known.what, known.line)
        if known is not None:
            return known
        scope = self.scope(env)
        shell = scope.get(TAG + node.name) if node.name else None
        if not isinstance(shell, StructType) or shell.is_complete:
            shell = StructType(node.name or f"<anonymous at line {line}>")
        if node.name:
            scope[TAG + node.name] = shell
        self.struct_types[id(node)] = shell
        try:
            shell.complete(self.struct_layout(node, shell.tag, env, line))
        except Unsupported as problem:
            # the type exists but stays incomplete for us: pointers to it are exact (a
            # struct with a pointer member to it is modelled), every use that needs its
            # members is `Unsupported` naming the problem (`StructType.incomplete`)
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

    def struct_reference(self, node: c_ast.Struct, env, line) -> StructType:
        """`struct S`: its definition, or the type the tag declares (C11 6.7.2.3p8: a tag
        not yet declared is declared here, incomplete until its definition)."""
        if node.decls is not None:
            return self.define_struct(node, env, line)
        found = self.binding(TAG + node.name, env)
        if isinstance(found, Unsupported):       # its definition is not modelled
            raise Unsupported(found.what, found.line or line)
        if found is None:
            found = self.scope(env)[TAG + node.name] = StructType(node.name)
        if not isinstance(found, StructType):
            raise Unsupported(f"'struct {node.name}' naming another kind of tag", line)
        return found

    def declare_struct_tag(self, node: c_ast.Struct, env) -> None:
        """`struct S;` alone declares a new incomplete type in the innermost scope, even
        where an outer S is visible (C11 6.7.2.3p7)."""
        self.scope(env)[TAG + node.name] = StructType(node.name)

    def fresh_struct(self, name: str, ctype, is_global: bool = False) -> StructVariable:
        stype = element_type(ctype)
        if isinstance(stype, UnionType):
            return self.fresh_union(name, ctype, is_global)           # unions.py
        if isinstance(ctype, ArrayType) and len(ctype.dims) != 1:
            raise Unsupported(f"multi-dimensional array of structs '{name}'")
        if not stype.is_complete:
            raise Unsupported(stype.incomplete)
        dims = ctype.dims if isinstance(ctype, ArrayType) else None
        members = {}
        for member, mtype in stype.members:
            if isinstance(mtype, UnionType):       # its bytes (unions.py)
                members[member] = self.fresh(f"{name}.{member}",
                                             self.union_storage(mtype, dims or ()), is_global)
            elif isinstance(mtype, StructType):    # its own members, named `s.in.x`
                members[member] = self.fresh_struct(
                    f"{name}.{member}", ArrayType(mtype, dims) if dims else mtype, is_global)
            elif isinstance(mtype, ArrayType):     # the struct array's index, then the member's
                members[member] = self.fresh(f"{name}.{member}", ArrayType(
                    mtype.element, tuple(dims or ()) + mtype.dims), is_global)
            elif isinstance(mtype, PointerType):
                members[member] = self.fresh_pointer(f"{name}.{member}", mtype, is_global, dims)
            else:
                members[member] = self.fresh(f"{name}.{member}",
                                             ArrayType(mtype, dims) if dims else mtype, is_global)
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
        if isinstance(storage, UnionVariable):
            return [storage.bytes]
        return [storage]

    def initialise_struct(self, var: StructVariable, init, cur, env, line, static: bool):
        if init is None:
            for cell in self.member_cells(var):
                if static:         # zero, and a null pointer (all bits zero on x86)
                    cur = self.step(cur, Assign(cell, Const(0, element_type(cell.type))), line)
                else:
                    cur = self.step(cur, Havoc(cell, None, line, declaration=True), line)
            return cur
        if var.dims or (isinstance(init, c_ast.InitList) and _all_zero(init)):
            if not _all_zero(init):
                raise Unsupported(f"initialiser of the array of structs '{var.name}'", line)
            for cell in self.member_cells(var):        # `= {0}`: every member zero
                cur = self.step(cur, Assign(cell, Const(0, element_type(cell.type))), line)
            return cur
        if not isinstance(init, c_ast.InitList):
            source = self.struct_pointer_operand(init, env, line)    # `struct S s = *p`
            if source is not None:
                return self.copy_from_pointer(var, source, self.declare_arrays(var, cur, line),
                                              line)
            value, cur = self.lower(init, cur, env)
            if not isinstance(value, StructVariable) or value.type is not var.type or value.dims:
                raise Unsupported(f"initialiser of struct '{var.name}'", line)
            return self.copy_struct(var, value, self.declare_arrays(var, cur, line), line)
        if any(isinstance(e, c_ast.NamedInitializer) for e in init.exprs):
            raise Unsupported("designated initialiser", line)
        if len(init.exprs) > len(var.struct.members):
            raise Unsupported("too many initialisers", line)
        self.check_order(list(init.exprs), line)
        for position, (member, mtype) in enumerate(var.struct.members):
            cell = var.members[member]
            given = init.exprs[position] if position < len(init.exprs) else None
            if isinstance(mtype, UnionType):
                cur = self.struct_union_member(cell, mtype, given, cur, env, line, static)
                continue
            if isinstance(mtype, (StructType, ArrayType)):
                cur = self.initialise_aggregate_member(cell, given, cur, env, line)
                continue
            if given is not None:
                value, cur = self.lower(given, cur, env)
            else:
                value = Const(0, self.model.int if isinstance(mtype, PointerType) else mtype)
            cur = self.assign_member(cell, self.convert(value, mtype, line), cur, line)
        return cur

    def initialise_aggregate_member(self, cell, given, cur, env, line):
        """A member that is a struct or an array, from its braced initialiser (`{1, 2}`), a
        struct of its type, or nothing (zero: C11 6.7.9p21 initialises it as a static)."""
        if given is None:
            for part in self.member_cells(cell) if isinstance(cell, StructVariable) else [cell]:
                cur = self.step(cur, Assign(part, Const(0, element_type(part.type))), line)
            return cur
        if isinstance(cell, StructVariable):
            if isinstance(given, c_ast.InitList):
                return self.initialise_struct(cell, given, cur, env, line, static=False)
            value, cur = self.lower(given, cur, env)
            if not isinstance(value, StructVariable):
                # brace elision (`{1, 2, 3}` for `{{1, 2}, 3}`) takes its scalars from the
                # enclosing list: not modelled
                raise Unsupported(f"initialiser of the struct member '{cell.name}' without "
                                  f"braces", line)
            return self.copy_struct(cell, value, self.declare_arrays(cell, cur, line), line)
        if not isinstance(given, c_ast.InitList):     # a string literal, brace elision
            raise Unsupported(f"initialiser of the array member '{cell.name}' that is not a "
                              f"braced list", line)
        cur = self.step(cur, Assign(cell, Const(0, cell.type.element)), line)
        elements = _flatten_init(given, cell.type.dims, line)
        # indeterminately sequenced (C11 6.7.9p23): side effects must not interfere
        self.check_order([expr for _, _, expr in elements], line)
        for _, indices, expr in elements:
            value, cur = self.lower(expr, cur, env)
            cur = self.step(cur, Store(cell, [Const(i, self.model.int) for i in indices],
                                       self.convert(value, cell.type.element, line), line), line)
        return cur

    def declare_arrays(self, var: StructVariable, cur, line):
        """The member arrays of a struct that a copy is about to fill element by element
        begin here (a declaration's indeterminate cells, every one written next)."""
        for cell in self.member_cells(var):
            if isinstance(cell.type, ArrayType):
                cur = self.step(cur, Havoc(cell, None, line, declaration=True), line)
        return cur

    def assign_member(self, cell, value, cur, line):
        if isinstance(cell, PointerVariable):
            return self.assign_pointer(cell, value, cur, line)
        return self.step(cur, Assign(cell, value), line)

    def copy_struct(self, target: StructVariable, source: StructVariable, cur, line):
        """`s = t` between struct variables: every member (s and t may be the same)."""
        if target.type is not source.type or target.dims or source.dims:
            raise Unsupported("assignment of structs of different types or of arrays", line)
        if target is source:
            return cur
        for member, cell in target.members.items():
            read = source.members[member]
            if isinstance(cell, StructVariable):
                cur = self.copy_struct(cell, read, cur, line)
            elif isinstance(cell.type, ArrayType):
                cur = self.copy_array(cell, read, cur, line)
            else:
                value = self.read_pointer(read) if isinstance(read, PointerVariable) \
                    else Ref(read)
                cur = self.assign_member(cell, value, cur, line)
        return cur

    def copy_array(self, target: Variable, source: Variable, cur, line):
        """A member array copied element by element (the IR assigns an array only a value
        for every element); each element read is a read (unwritten: an uninitialised read
        for us, as for scalar members)."""
        if target.type.size > MAX_COPIED_ELEMENTS:
            raise Unsupported(f"copy of the array member '{target.name}' of more than "
                              f"{MAX_COPIED_ELEMENTS} elements", line)
        for indices in itertools.product(*(range(d) for d in target.type.dims)):
            at = [Const(i, self.model.int) for i in indices]
            cur = self.step(cur, Store(target, at, Load(source, at, line), line), line)
        return cur

    # ------------------------------------------------------------ member accesses
    def member_place(self, node: c_ast.StructRef, cur, env, line, keep: bool = False,
                     subscripts: tuple = ()):
        """(kind, current value[, pointer, member]) of a chain of members `s.in.x`,
        `a[i].in.x`, `p->in.x`, `(*p).m`, `p[i].m`, with the `subscripts` (AST) of a member
        array after it (`s.a[j]`, `p->a[j]`), as `lvalue` gives them."""
        inside_union = self.union_place(node, cur, env, line, keep, subscripts)   # unions.py
        if inside_union is not None:
            return inside_union
        names = [node.field.name]
        while node.type == "." and isinstance(node.name, c_ast.StructRef):
            node = node.name
            names.insert(0, node.field.name)
        base = node.name
        # the root's subscript and the member's are unsequenced (C11 6.5.2.1: `a[i++].b[i]`)
        self.check_order(([base.name, base.subscript] if isinstance(base, c_ast.ArrayRef)
                          else [base]) + list(subscripts), line)
        if node.type == ".":
            var, prefix, cur = self.struct_root(base, cur, env, line)
            if var is not None:
                return self.variable_member(var, prefix, names, subscripts, cur, env, line)
            if isinstance(base, c_ast.UnaryOp) and base.op == "*":
                ptr, cur = self.lower(base.expr, cur, env)
            elif isinstance(base, c_ast.ArrayRef):
                pointer, cur = self.lower(base.name, cur, env)
                index, cur = self.lower(base.subscript, cur, env)
                ptr, cur = self.pointer_add(self.as_pointer(pointer), index, cur, line)
            else:
                raise Unsupported("member of this expression", line)
        else:
            ptr, cur = self.lower(base, cur, env)
        ptr = self.as_pointer(ptr)
        inside_union = self.union_through_pointer(ptr, names, subscripts, cur, env, line, keep)
        if inside_union is not None:                 # unions.py
            return inside_union
        if not isinstance(ptr, Pointer) or not isinstance(ptr.type.target, StructType):
            raise Unsupported("member access through a value that is not a struct pointer", line)
        mtype = ptr.type.target
        for name in names:
            if not isinstance(mtype, StructType) or not mtype.is_complete:
                raise Unsupported(getattr(mtype, "incomplete", f"member '{name}' of a "
                                          f"non-struct"), line)
            mtype = mtype.member(name)
            if mtype is None:
                raise Unsupported(f"no member '{name}'", line)
        dims = mtype.dims if isinstance(mtype, ArrayType) else ()
        if isinstance(mtype, (StructType, UnionType)) or len(subscripts) != len(dims):
            raise Unsupported(f"member '{names[-1]}' (a struct or an array) through a pointer "
                              f"used as a whole or as a pointer", line)
        if keep:
            ptr, cur = self.kept(ptr, cur, line)
        indices, cur = self.member_indices(subscripts, cur, env, line, keep)
        member = names[0] if len(names) == 1 and not indices else \
            MemberPath(tuple(names), indices, mtype.element if dims else mtype)
        value, cur = self.dereference(ptr, cur, line, member)
        return ("deref", value, ptr, member), cur

    def member_indices(self, subscripts, cur, env, line, keep: bool):
        """The lowered subscripts of a member array, each evaluated once (`keep`: in a
        variable of its own, before a value with side effects)."""
        indices = []
        for subscript in subscripts:
            index, cur = self.lower(subscript, cur, env)
            if index is not None and isinstance(index.type, FloatType):
                raise Unsupported("floating array subscript (gcc rejects it)", line)
            if keep and not isinstance(index, Const):
                index, cur = self.saved("index", index, cur, line)
            indices.append(index)
        return indices, cur

    def struct_root(self, base, cur, env, line):
        """(struct variable, its indices, node) of `s` or `a[i]` (a struct variable or an
        element of a one-dimensional array of structs), else (None, [], cur)."""
        if isinstance(base, c_ast.ID):
            var = self.lookup(base.name, env, line)
            if isinstance(var, StructVariable) and not var.dims:
                return var, [], cur
        if isinstance(base, c_ast.ArrayRef) and isinstance(base.name, c_ast.ID):
            var = self.lookup(base.name.name, env, line)
            if isinstance(var, StructVariable) and len(var.dims) == 1:
                index, cur = self.lower(base.subscript, cur, env)
                return var, [index], cur
        return None, [], cur

    def variable_member(self, var: StructVariable, prefix: list, names: list, subscripts,
                        cur, env, line):
        """The place of member `names` (with member-array `subscripts`) of a struct
        variable, or of element `prefix` of an array of structs."""
        cell = var
        for name in names:
            if not isinstance(cell, StructVariable):
                raise Unsupported(f"member '{name}' of a non-struct", line)
            cell = self.member_variable(cell, name, line)
        if isinstance(cell, StructVariable):           # `s.in`: a struct, used as a whole
            if subscripts or prefix:
                raise Unsupported(f"struct member '{names[-1]}' of an array element used as "
                                  f"a whole", line)
            return ("struct", cell), cur
        if isinstance(cell, PointerVariable):
            if subscripts:
                raise Unsupported("subscript of a pointer member", line)
            if prefix:                 # the index is evaluated once: pure from here on
                return ("pointer cells", self.pointer_cell(cell, prefix), (cell, prefix)), cur
            return ("pointer", self.read_pointer(cell), cell), cur
        # the member's own dimensions (after those of an array of structs)
        dims = (cell.type.dims if isinstance(cell.type, ArrayType) else ())[len(prefix):]
        if subscripts and len(subscripts) != len(dims):
            raise Unsupported("partial array access (a pointer)", line)
        if dims and not subscripts:
            if prefix:
                raise Unsupported(f"member array '{names[-1]}' of an array element used as "
                                  f"a value (a pointer)", line)
            return ("var", Ref(cell)), cur            # `s.a` as a value: a pointer
        indices, cur = self.member_indices(subscripts, cur, env, line, False)
        indices = prefix + indices
        return (("array", Load(cell, indices, line)) if indices else ("var", Ref(cell))), cur

    def struct_variable(self, node, env, line) -> Optional[StructVariable]:
        """The struct variable `s`, `s.in`, `s.in.deeper` denote (not an array of structs),
        else None."""
        if isinstance(node, c_ast.ID):
            var = self.lookup(node.name, env, line)
            return var if isinstance(var, StructVariable) and not var.dims else None
        if isinstance(node, c_ast.StructRef) and node.type == ".":
            outer = self.struct_variable(node.name, env, line)
            if outer is not None:
                cell = self.member_variable(outer, node.field.name, line)
                return cell if isinstance(cell, StructVariable) else None
        return None

    def member_variable(self, var: StructVariable, member: str, line) -> Variable:
        if member not in var.members:
            raise Unsupported(f"no member '{member}' in '{var.name}'", line)
        return var.members[member]

    def member_cell(self, storage, ptr, member):
        """What `*ptr` (or its `member`: a name or a `MemberPath`) reads in an object's
        storage: a `Load` or `Ref`, or for a pointer member a `Pointer` of two."""
        if isinstance(member, UnionMember):             # inside a union: its bytes
            return self.union_member_cell(storage, ptr, member)
        prefix = [ptr.offset] if isinstance(storage.type, ArrayType) else []
        path = (member,) if isinstance(member, str) else member.names if member else ()
        for name in path:
            storage = storage.members[name]
        if isinstance(storage, PointerVariable):
            return self.pointer_cell(storage, prefix or None)
        indices = prefix + (member.indices if isinstance(member, MemberPath) else [])
        return Load(storage, indices) if indices else Ref(storage)

    def member_type(self, target: StructType, member):
        """The type `dereference` reads: the target's, a member's, a member path's."""
        if member is None:
            return target
        return member.type if isinstance(member, (MemberPath, UnionMember)) \
            else target.member(member)

    def pointer_cell(self, var: PointerVariable, indices: Optional[list]) -> Pointer:
        """The pointer a pointer variable holds, or element `indices` of an array of them."""
        if indices is None:
            return self.read_pointer(var)
        return Pointer(Load(var.base, indices), Load(var.offset, indices), var.type)


@dataclass(frozen=True)
class MemberPath:
    """A member reached through a pointer by a chain of names (`p->in.x`) and, for a member
    array, its lowered subscripts (`p->a[j]`): `dereference` reads it in every candidate
    object's storage (`member_cell`), where the subscripts are bounds-checked as any
    array access."""
    names: tuple
    indices: list
    type: object


def _check_member(name: str, ctype, line) -> None:
    """A member we model: a scalar or pointer, a struct we model, an array of scalars."""
    if ctype == LONG_DOUBLE:
        raise Unsupported(f"struct member '{name}' of type long double", line)
    if isinstance(ctype, (IntType, FloatType, PointerType)):
        return
    if isinstance(ctype, (StructType, UnionType)):
        if not ctype.is_complete:
            raise Unsupported(f"struct member '{name}' of {ctype.incomplete}", line)
        return
    if isinstance(ctype, ArrayType) and isinstance(ctype.element, (IntType, FloatType)) \
            and ctype.element != LONG_DOUBLE and not ctype.variable_length:
        return
    raise Unsupported(f"struct member '{name}' that is not an integer, a floating value, a "
                      f"pointer, a struct or an array of numbers", line)


def _all_zero(init) -> bool:
    """`{0}`, `{}`, `{{0}}`: an initialiser list of zeros only."""
    if isinstance(init, c_ast.InitList):
        return all(_all_zero(e) for e in init.exprs)
    return isinstance(init, c_ast.Constant) and init.value in ("0", "0U", "0u")
