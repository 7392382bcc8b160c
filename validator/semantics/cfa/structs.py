"""Structs, lowered member by member (issue 16).

A struct whose members are integers or floating values is no value of its own in the IR: a
struct variable is one IR variable per member (`StructVariable`), an array of structs one
array per member with the array's dimensions (a structure of arrays).  `s.m`, `a[i].m`,
`p->m`, `(*p).m` and `p[i].m` read and write those variables; `s = t` copies member by
member; a struct object that pointers may point to is a `MemoryObject` whose storage is the
`StructVariable` (`pointers.py`), and a block of `malloc(n * sizeof(struct S))` is an array of
structs.  The layout (`sizeof`) is GCC's for the data model (`DataModel.layout`).

Not modelled (`Unsupported`): unions, bit-fields, members that are arrays, pointers or
structs, flexible array members, `packed`/`aligned` attributes, structs passed or returned by
value, a struct read or written as a whole other than `s = t` between variables, designated
initialisers and initialisers of arrays of structs, `&s.m`.  Copying a struct reads every
member: a member never written is an uninitialised read for us (C carries it without using
it: a spurious `unknown`, never a wrong value).
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from ..c_types import ArrayType, FloatType, IntType, StructType, Unsupported
from ..ir import Assign, Const, Havoc, Load, Ref, Variable
from .syntax import _line
from .types import TAG, layout_attribute
from .values import StructVariable

class StructLowering:
    """Mixin of `CFABuilder`: struct types, variables and member accesses."""

    def define_struct(self, node: c_ast.Struct, env, line) -> StructType:
        """The type of a `struct {...}` definition (its tag declared in the innermost scope)."""
        known = self.struct_types.get(id(node))
        if isinstance(known, Unsupported):
            raise Unsupported(known.what, known.line)
        if known is not None:
            return known
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
            if not isinstance(ctype, (IntType, FloatType)):
                raise Unsupported(f"struct member '{decl.name}' that is not an integer or a "
                                  f"floating value", where)
            members.append((decl.name, ctype))
        if not members:
            raise Unsupported("struct without members", line)
        stype = self.model.layout(node.name or f"<anonymous at line {line}>", members)
        self.struct_types[id(node)] = stype
        if node.name:
            self.scope(env)[TAG + node.name] = stype
        return stype

    def struct_reference(self, node: c_ast.Struct, env, line) -> StructType:
        if node.decls is not None:
            return self.define_struct(node, env, line)
        found = self.binding(TAG + node.name, env)
        if isinstance(found, Unsupported):       # its definition is not modelled
            raise Unsupported(found.what, found.line or line)
        if not isinstance(found, StructType):
            raise Unsupported(f"incomplete struct type 'struct {node.name}'", line)
        return found

    def fresh_struct(self, name: str, ctype, is_global: bool = False) -> StructVariable:
        stype = ctype.element if isinstance(ctype, ArrayType) else ctype
        if isinstance(ctype, ArrayType) and len(ctype.dims) != 1:
            raise Unsupported(f"multi-dimensional array of structs '{name}'")
        members = {}
        for member, mtype in stype.members:
            mtype = ArrayType(mtype, ctype.dims) if isinstance(ctype, ArrayType) else mtype
            members[member] = self.fresh(f"{name}.{member}", mtype, is_global)
        return StructVariable(name, ctype, members, is_global)

    def initialise_struct(self, var: StructVariable, init, cur, env, line, static: bool):
        if init is None:
            for member in var.members.values():
                if static:
                    element = member.type.element if isinstance(member.type, ArrayType) \
                        else member.type
                    cur = self.step(cur, Assign(member, Const(0, element)), line)
                else:
                    cur = self.step(cur, Havoc(member, None, line, declaration=True), line)
            return cur
        if var.dims:
            if not _all_zero(init):
                raise Unsupported(f"initialiser of the array of structs '{var.name}'", line)
            for member in var.members.values():        # `= {0}`: every member zero
                cur = self.step(cur, Assign(member, Const(0, member.type.element)), line)
            return cur
        if not isinstance(init, c_ast.InitList):
            value, cur = self.lower(init, cur, env)
            if not isinstance(value, StructVariable) or value.type != var.type or value.dims:
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
                cur = self.step(cur, Assign(var.members[member], self.convert(value, mtype, line)),
                                line)
            else:
                cur = self.step(cur, Assign(var.members[member], Const(0, mtype)), line)
        return cur

    def copy_struct(self, target: StructVariable, source: StructVariable, cur, line):
        """`s = t` between struct variables: every member (s and t may be the same)."""
        if target.type != source.type or target.dims or source.dims:
            raise Unsupported("assignment of structs of different types or of arrays", line)
        if target is source:
            return cur
        for member in target.members:
            cur = self.step(cur, Assign(target.members[member], Ref(source.members[member])),
                            line)
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
                    return ("var", Ref(self.member_variable(var, member, line))), cur
            if isinstance(base, c_ast.ArrayRef) and isinstance(base.name, c_ast.ID):
                var = self.lookup(base.name.name, env, line)
                if isinstance(var, StructVariable) and len(var.dims) == 1:
                    index, cur = self.lower(base.subscript, cur, env)
                    return ("array", Load(self.member_variable(var, member, line), [index],
                                          line)), cur
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
        from .pointers import Pointer          # pointers.py builds on this module
        ptr = self.as_pointer(ptr)
        if not isinstance(ptr, Pointer) or not isinstance(ptr.type.target, StructType):
            raise Unsupported("member access through a value that is not a struct pointer", line)
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
        """What `*ptr` (or its `member`) reads in an object's storage."""
        if member is not None:
            storage = storage.members[member]
        if isinstance(storage.type, ArrayType):
            return Load(storage, [ptr.offset])
        return Ref(storage)


def _all_zero(init) -> bool:
    """`{0}`, `{}`, `{{0}}`: an initialiser list of zeros only."""
    if isinstance(init, c_ast.InitList):
        return all(_all_zero(e) for e in init.exprs)
    return isinstance(init, c_ast.Constant) and init.value in ("0", "0U", "0u")
