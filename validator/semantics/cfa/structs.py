"""Structs, lowered member by member (issue 16).

A struct whose members are integers, floating values, pointers, structs we model or arrays of
numbers is no value of its own in the IR: a struct variable is one IR variable per member
(`StructVariable`; a pointer member is a `PointerVariable`, two variables; a struct member is
a nested `StructVariable` whose variables are named `s.in.x`; an array member is an array
variable `s.a` with the member's dimensions), an array of structs one array per member with
the array's dimensions (a structure of arrays; only for structs without struct or array
members).  A struct type exists, incomplete, from its tag's first
declaration and is completed by its definition, so `struct node { struct node *next; }` points
to itself (C11 6.7.2.3).  `s.m`, `s.in.x`, `s.a[i]`, `a[i].m`,
`p->m`, `(*p).m` and `p[i].m` read and write those variables; an index into a member array is
checked against that array's dimension like any array access (one past it is undefined
behaviour even where the next member lies, C11 6.5.6p8); `s = t` and `s.in = t.in` copy
member by member, nested structs recursively and member arrays element by element (at most
`MAX_COPIED_ELEMENTS`); an initialiser list takes a braced list (or a struct of the type)
for a struct or array member, zero for what it does not name; a struct object that pointers
may point to is a `MemoryObject` whose storage is the
`StructVariable` (`pointers.py`), and a block of `malloc(n * sizeof(struct S))` is an array of
structs.  The layout (`sizeof`) is GCC's for the data model (`DataModel.layout`, nested
structs and arrays by their own size and alignment).

Not modelled (`Unsupported`): unions, bit-fields, members that are arrays of pointers, of
structs or of `long double`, incomplete structs but as a pointer's target, flexible array
members, `packed`/`aligned` attributes, structs passed or returned by
value, a struct read or written as a whole other than `s = t` between variables (or their
struct members), designated initialisers, brace elision and string literals in a member's
initialiser, initialisers of arrays of structs, `&s.m`, `&s.a[i]`, a member array used as a
value (a pointer: passed to a function), arrays of structs with struct or array members
(heap blocks of them too), and struct or array members reached through a pointer
(`p->in.x`, `p->a[i]`).  A definition with a member we do not model
leaves its type incomplete for us (`StructType.problem` says why): pointers to it are
modelled, every use that needs its members names the problem.  Copying a struct reads every
member: a member never written is an uninitialised read for us (C carries it without using
it: a spurious `unknown`, never a wrong value).
"""
from __future__ import annotations

import itertools
from typing import Optional

from pycparser import c_ast

from ..c_types import (LONG_DOUBLE, ArrayType, FloatType, IntType, PointerType, StructType, Unsupported,
                       element_type)
from ..ir import Assign, Const, Havoc, Load, Ref, Store, Variable
from .constants import _flatten_init
from .syntax import _line
from .types import TAG, layout_attribute
from .values import Pointer, PointerVariable, StructVariable

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
        attribute = layout_attribute(node)
        if attribute:
            raise Unsupported(f"struct with __attribute__(({attribute}))", line)
        if self.packing_pragma:
            raise Unsupported("struct in a program with #pragma pack", line)
        members = []
        for decl in node.decls:
            where = _line(decl) or line
            if getattr(decl, "bitsize", None) is not None:
                raise Unsupported("bit-field", where)
            if decl.name is None:
                raise Unsupported("anonymous struct member", where)
            ctype = self.resolve_type(decl.type, where, env)
            if ctype == LONG_DOUBLE:
                raise Unsupported(f"struct member '{decl.name}' of type long double", where)
            _check_member(decl.name, ctype, where)
            members.append((decl.name, ctype))
        if not members:
            raise Unsupported("struct without members", line)
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
        if isinstance(ctype, ArrayType) and len(ctype.dims) != 1:
            raise Unsupported(f"multi-dimensional array of structs '{name}'")
        if not stype.is_complete:
            raise Unsupported(stype.incomplete)
        dims = ctype.dims if isinstance(ctype, ArrayType) else None
        members = {}
        for member, mtype in stype.members:
            if dims and isinstance(mtype, (StructType, ArrayType)):
                # two dimensions of indices (the array's, the member's): not modelled yet
                raise Unsupported(f"array of structs '{name}' with the member '{member}' "
                                  f"(a struct or an array)")
            if isinstance(mtype, StructType):      # its own members, named `s.in.x`
                members[member] = self.fresh_struct(f"{name}.{member}", mtype, is_global)
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

    def initialise_struct(self, var: StructVariable, init, cur, env, line, static: bool):
        if init is None:
            for cell in self.member_cells(var):
                if static:         # zero, and a null pointer (all bits zero on x86)
                    cur = self.step(cur, Assign(cell, Const(0, element_type(cell.type))), line)
                else:
                    cur = self.step(cur, Havoc(cell, None, line, declaration=True), line)
            return cur
        if var.dims:
            if not _all_zero(init):
                raise Unsupported(f"initialiser of the array of structs '{var.name}'", line)
            for cell in self.member_cells(var):        # `= {0}`: every member zero
                cur = self.step(cur, Assign(cell, Const(0, element_type(cell.type))), line)
            return cur
        if not isinstance(init, c_ast.InitList):
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
    def member_place(self, node: c_ast.StructRef, cur, env, line, keep: bool = False):
        """(kind, current value[, pointer, member]) of `s.m`, `a[i].m`, `p->m`, `(*p).m`,
        `p[i].m`, as `lvalue` gives them."""
        member = node.field.name
        base = node.name
        if node.type == ".":
            var = self.struct_variable(base, env, line)
            if var is not None:
                cell = self.member_variable(var, member, line)
                if isinstance(cell, StructVariable):     # `s.in`: a struct, used as a whole
                    return ("struct", cell), cur
                if isinstance(cell, PointerVariable):
                    return ("pointer", self.read_pointer(cell), cell), cur
                return ("var", Ref(cell)), cur        # an array member too (`s.a`)
            if isinstance(base, c_ast.StructRef):
                raise Unsupported(f"member of '{base.field.name}', a struct member reached "
                                  f"through a pointer or an array element", line)
            if isinstance(base, c_ast.ArrayRef) and isinstance(base.name, c_ast.ID):
                var = self.lookup(base.name.name, env, line)
                if isinstance(var, StructVariable) and len(var.dims) == 1:
                    index, cur = self.lower(base.subscript, cur, env)
                    cell = self.member_variable(var, member, line)
                    if isinstance(cell, PointerVariable):
                        # the index is evaluated once: it is pure from here on
                        return ("pointer cells", self.pointer_cell(cell, [index]),
                                (cell, [index])), cur
                    return ("array", Load(cell, [index], line)), cur
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
        if not isinstance(ptr, Pointer) or not isinstance(ptr.type.target, StructType):
            raise Unsupported("member access through a value that is not a struct pointer", line)
        if not ptr.type.target.is_complete:
            raise Unsupported(ptr.type.target.incomplete, line)
        mtype = ptr.type.target.member(member)
        if mtype is None:
            raise Unsupported(f"no member '{member}'", line)
        if isinstance(mtype, (StructType, ArrayType)):
            raise Unsupported(f"member '{member}' (a struct or an array) through a pointer",
                              line)
        if keep:
            ptr, cur = self.kept(ptr, cur, line)
        value, cur = self.dereference(ptr, cur, line, member)
        return ("deref", value, ptr, member), cur

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

    def member_array(self, node: c_ast.StructRef, env, line) -> Variable:
        """The array variable of an array member `s.a` (`s.in.a`) that is subscripted."""
        outer = self.struct_variable(node.name, env, line) if node.type == "." else None
        if outer is None:
            raise Unsupported(f"array member '{node.field.name}' through a pointer or of an "
                              f"array element", line)
        cell = self.member_variable(outer, node.field.name, line)
        if isinstance(cell, (StructVariable, PointerVariable)) or \
                not isinstance(cell.type, ArrayType):
            raise Unsupported(f"subscript of the member '{node.field.name}' (not an array)",
                              line)
        return cell

    def member_variable(self, var: StructVariable, member: str, line) -> Variable:
        if member not in var.members:
            raise Unsupported(f"no member '{member}' in '{var.name}'", line)
        return var.members[member]

    def member_cell(self, storage, ptr, member: Optional[str]):
        """What `*ptr` (or its `member`) reads in an object's storage: a `Load` or `Ref`, or
        for a pointer member a `Pointer` of two."""
        if member is not None:
            storage = storage.members[member]
        if isinstance(storage, PointerVariable):
            return self.pointer_cell(storage, [ptr.offset] if isinstance(
                storage.base.type, ArrayType) else None)
        if isinstance(storage.type, ArrayType):
            return Load(storage, [ptr.offset])
        return Ref(storage)

    def pointer_cell(self, var: PointerVariable, indices: Optional[list]) -> Pointer:
        """The pointer a pointer variable holds, or element `indices` of an array of them."""
        if indices is None:
            return self.read_pointer(var)
        return Pointer(Load(var.base, indices), Load(var.offset, indices), var.type)


def _check_member(name: str, ctype, line) -> None:
    """A member we model: a scalar or pointer, a struct we model, an array of scalars."""
    if ctype == LONG_DOUBLE:
        raise Unsupported(f"struct member '{name}' of type long double", line)
    if isinstance(ctype, (IntType, FloatType, PointerType)):
        return
    if isinstance(ctype, StructType):
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
