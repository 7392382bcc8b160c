"""Structs, lowered member by member (issue 16).

A struct whose members are integers, floating values or pointers is no value of its own in
the IR: a struct variable is one IR variable per member (`StructVariable`; a pointer member is
a `PointerVariable`, two variables), an array of structs one array per member with the array's
dimensions (a structure of arrays).  A struct type exists, incomplete, from its tag's first
declaration and is completed by its definition, so `struct node { struct node *next; }` points
to itself (C11 6.7.2.3).  `s.m`, `a[i].m`,
`p->m`, `(*p).m` and `p[i].m` read and write those variables; `s = t` copies member by
member; a struct object that pointers may point to is a `MemoryObject` whose storage is the
`StructVariable` (`pointers.py`), and a block of `malloc(n * sizeof(struct S))` is an array of
structs.  The layout (`sizeof`) is GCC's for the data model (`DataModel.layout`).

Not modelled (`Unsupported`): unions, bit-fields, members that are arrays or structs,
incomplete structs but as a pointer's target, flexible array members, `packed`/`aligned` attributes, structs passed or returned by
value, a struct read or written as a whole other than `s = t` between variables, designated
initialisers and initialisers of arrays of structs, `&s.m`.  A definition with such a member
leaves its type incomplete for us (`StructType.problem` says why): pointers to it are
modelled, every use that needs its members names the problem.  Copying a struct reads every
member: a member never written is an uninitialised read for us (C carries it without using
it: a spurious `unknown`, never a wrong value).
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from ..c_types import (LONG_DOUBLE, ArrayType, FloatType, IntType, PointerType, StructType, Unsupported,
                       element_type)
from ..ir import Assign, Const, Havoc, Load, Ref, Variable
from .syntax import _line
from .types import TAG, layout_attribute
from .values import Pointer, PointerVariable, StructVariable

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
            if not isinstance(ctype, (IntType, FloatType, PointerType)):
                raise Unsupported(f"struct member '{decl.name}' that is not an integer, a "
                                  f"floating value or a pointer", where)
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
            if isinstance(mtype, PointerType):
                members[member] = self.fresh_pointer(f"{name}.{member}", mtype, is_global, dims)
            else:
                members[member] = self.fresh(f"{name}.{member}",
                                             ArrayType(mtype, dims) if dims else mtype, is_global)
        return StructVariable(name, ctype, members, is_global)

    def member_cells(self, var: StructVariable) -> list:
        """The IR variables of a struct variable's members (a pointer member has two)."""
        cells = []
        for member in var.members.values():
            cells += [member.base, member.offset] if isinstance(member, PointerVariable) \
                else [member]
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
            return self.copy_struct(var, value, cur, line)
        if any(isinstance(e, c_ast.NamedInitializer) for e in init.exprs):
            raise Unsupported("designated initialiser", line)
        if len(init.exprs) > len(var.struct.members):
            raise Unsupported("too many initialisers", line)
        self.check_order(list(init.exprs), line)
        for position, (member, mtype) in enumerate(var.struct.members):
            if position < len(init.exprs):
                value, cur = self.lower(init.exprs[position], cur, env)
            else:
                value = Const(0, self.model.int if isinstance(mtype, PointerType) else mtype)
            cur = self.assign_member(var.members[member], self.convert(value, mtype, line),
                                     cur, line)
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
            value = self.read_pointer(read) if isinstance(read, PointerVariable) else Ref(read)
            cur = self.assign_member(cell, value, cur, line)
        return cur

    # ------------------------------------------------------------ member accesses
    def member_place(self, node: c_ast.StructRef, cur, env, line, keep: bool = False):
        """(kind, current value[, pointer, member]) of `s.m`, `a[i].m`, `p->m`, `(*p).m`,
        `p[i].m`, as `lvalue` gives them."""
        member = node.field.name
        base = node.name
        if node.type == ".":
            if isinstance(base, c_ast.ID):
                var = self.lookup(base.name, env, line)
                if isinstance(var, StructVariable) and not var.dims:
                    cell = self.member_variable(var, member, line)
                    if isinstance(cell, PointerVariable):
                        return ("pointer", self.read_pointer(cell), cell), cur
                    return ("var", Ref(cell)), cur
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
        if ptr.type.target.member(member) is None:
            raise Unsupported(f"no member '{member}'", line)
        if keep:
            ptr, cur = self.kept(ptr, cur, line)
        value, cur = self.dereference(ptr, cur, line, member)
        return ("deref", value, ptr, member), cur

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


def _all_zero(init) -> bool:
    """`{0}`, `{}`, `{{0}}`: an initialiser list of zeros only."""
    if isinstance(init, c_ast.InitList):
        return all(_all_zero(e) for e in init.exprs)
    return isinstance(init, c_ast.Constant) and init.value in ("0", "0U", "0u")
