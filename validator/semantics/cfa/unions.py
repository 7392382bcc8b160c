"""Unions, lowered to their object representation (issue 16).

A union's members share its storage, and GCC documents reading a member other than the one
last written (type punning) as reinterpreting the bytes; x86 is little-endian.  So a union
variable is no value of its own in the IR but its bytes: an array of unsigned char of the
union's size (`UnionVariable.bytes`; an array of unions: the array's dimension first; a union
member of a struct: the struct's member array `s.u`, with the dimensions of the arrays of
structs on the way first, `members.py` reads its members after subscripts: `s.items[i].u.x`).  A member of integer type at byte offset o is read as the bytes o .. o+n-1
combined least significant first and converted to the member's type (GCC: modulo 2^N), and
written as its value's bytes; every member lies at offset 0, a struct member's members at
their offsets (`DataModel.offsets`), an element of a member array at its index times the
element's size (`union_members.py` reads and writes members, also through pointers: a union
object that pointers may point to is a `MemoryObject` whose storage is the `UnionVariable`).
So every reading is exact: an int read as its bytes or as a short (its low
bytes), a short written into an int (its upper bytes kept), signed and unsigned of one width.
A byte never written is an indeterminate value: the bytes of a local union start as a
declaration's (`Havoc(declaration)`), so reading an int whose upper bytes no write reached is
the uninitialised read `cfa/indeterminate.py` flags, per byte.  Statics are zero in every
byte (padding too, C11 6.7.9p10).

Each subscript of a member array is checked against its own dimension (one past `u.c` in
`union { int i; char c[2]; }` is undefined behaviour, even where the union has bytes); a
`_Bool` member read from a byte other than 0 or 1 is not modelled (gcc reads such a `_Bool`
inconsistently).  `u = v` copies the bytes (an unwritten one: C copies it without undefined
behaviour, C11 6.2.6.1p6, but the model has no unwritten byte that a copy carries on, so such a
copy is an execution that is not modelled, `ir.Load.copy`, never undefined behaviour); an initialiser gives the first member its value (C11 6.7.9p17),
`{0}` zeroes it, the other bytes stay unwritten (static: zero).

Not modelled (`Unsupported`; a definition with such a member leaves the union type incomplete
for us, with the reason, `UnionType.problem`): floating and pointer members (their bits are
no integer expression of the IR), members that are arrays of other than integers,
bit-fields, attributes, a union read or written as a whole through a pointer (`*p = u`),
unions passed or returned by value, a union used as a value other than
`u = v` and an initialiser, designators naming a union's member (`{.i = 1}`, `{.u.i = 1}`) and
brace elision into a union (an array member's own list is read by `initialisers.py`).
"""
from __future__ import annotations

from typing import Optional

from pycparser import c_ast

from ..c_types import ArrayType, IntType, PointerType, StructType, UnionType, Unsupported, \
    element_type
from ..ir import Assign, Const, Havoc, Load, Ref, Store, Variable
from .initialisers import initialised_subobjects
from .syntax import _line
from .types import layout_attribute
from .union_members import UnionAccess, UnionBytes
from .values import StructVariable, UnionVariable


class UnionLowering:
    """Mixin of `CFABuilder`: union types, variables, member accesses and copies."""

    # ------------------------------------------------------------ types
    def union_layout(self, node: c_ast.Union, tag: str, env, line) -> UnionType:
        attribute = layout_attribute(node)
        if attribute:
            raise Unsupported(f"union with __attribute__(({attribute}))", line)
        if self.packing_pragma:
            raise Unsupported("union in a program with #pragma pack", line)
        members = []
        for decl in node.decls:
            where = _line(decl) or line
            if getattr(decl, "bitsize", None) is not None:
                raise Unsupported("bit-field in a union", where)
            if decl.name is None:
                raise Unsupported("anonymous union member", where)
            ctype = self.resolve_type(decl.type, where, env)
            _check_union_member(decl.name, ctype, where)
            members.append((decl.name, ctype))
        if not members:
            raise Unsupported("union without members", line)
        return self.model.union_layout(tag, members)

    # ------------------------------------------------------------ variables
    def fresh_union(self, name: str, ctype, is_global: bool = False) -> UnionVariable:
        utype = element_type(ctype)
        if not utype.is_complete:
            raise Unsupported(utype.incomplete)
        dims = ctype.dims if isinstance(ctype, ArrayType) else ()
        if len(dims) > 1:
            raise Unsupported(f"multi-dimensional array of unions '{name}'")
        return UnionVariable(name, ctype, self.fresh(name, self.union_storage(utype, dims),
                                                     is_global), is_global)

    def union_storage(self, utype: UnionType, dims: tuple = ()) -> ArrayType:
        """The type of the bytes of a union (of an array of unions: `dims` first)."""
        return ArrayType(self.model.types["unsigned char"], tuple(dims) + (utype.size,))

    def initialise_union(self, var: UnionVariable, init, cur, env, line, static: bool):
        if var.dims:
            if init is None or static:
                cur = self.start_union(UnionBytes(var.bytes, ()), cur, line, static)
                if init is None:
                    return cur
            # `{0}` zeroes the first member of element 0 and every other element entirely
            # (C11 6.7.9p21): every byte when that member is the union's size
            first = var.union.members[0][1]
            if not _all_zero(init) or self.model.bytes(first) != var.union.size:
                raise Unsupported(f"initialiser of the array of unions '{var.name}'", line)
            return self.step(cur, Assign(var.bytes, Const(0, var.bytes.type.element)), line)
        return self.initialise_union_object(UnionBytes(var.bytes, ()), var.union, init, cur,
                                            env, line, static)

    def start_union(self, target: UnionBytes, cur, line, static: bool):
        """A whole union variable begins: zero in every byte (static), else indeterminate."""
        if static:
            return self.step(cur, Assign(target.var, Const(0, target.var.type.element)), line)
        return self.step(cur, Havoc(target.var, None, line, declaration=True), line)

    def initialise_union_object(self, target: UnionBytes, utype: UnionType, init, cur, env,
                                line, static: bool, started: bool = False):
        """A union object (a variable, or a struct's member: `started` when the struct's
        declaration began its bytes already) from its initialiser."""
        if not started and not target.prefix:
            cur = self.start_union(target, cur, line, static)
        if init is None:
            return cur
        if not isinstance(init, c_ast.InitList):
            source = self.union_object(init, env, line)
            if source is None:
                raise Unsupported("initialiser of a union that is not a union variable, an "
                                  "element or a member", line)
            if source[2]:
                raise Unsupported("initialiser of a union from one of its members", line)
            located, cur = self.locate_union(init, cur, env, line)
            return self.copy_union(target, utype, located[0], located[1], cur, line)
        if any(isinstance(e, c_ast.NamedInitializer) for e in init.exprs):
            raise Unsupported("designated initialiser", line)
        if len(init.exprs) != 1:
            raise Unsupported("initialiser of a union with other than one element (brace "
                              "elision)", line)
        given = init.exprs[0]
        name, mtype = utype.members[0]          # the first member (C11 6.7.9p17)
        if isinstance(mtype, IntType):
            value, cur = self.lower(given, cur, env)
            access = UnionAccess(target, self.offset_const(0), mtype)
            return self.write_union(access, self.convert(value, mtype, line), cur, line)
        size = self.model.bytes(mtype)
        for k in range(size):                   # the rest of an array member is zero
            cur = self.step(cur, Store(target.var, list(target.prefix) + [self.offset_const(k)],
                                       Const(0, target.var.type.element), line), line)
        if _all_zero(given):
            return cur
        if not isinstance(mtype, ArrayType) or not isinstance(given, c_ast.InitList):
            raise Unsupported(f"initialiser of the union member '{name}' that is not a braced "
                              f"list of numbers", line)
        elements = initialised_subobjects(             # initialisers.py, as for any array
            mtype, given, line, lambda node: self.constant_value(node, env, line),
            lambda node: self.struct_type_of(node, env, line))
        if any(isinstance(item.type, ArrayType) for item in elements):
            raise Unsupported(f"string literal initialising the union member '{name}'", line)
        self.check_order([item.expr for item in elements], line)
        element = self.model.bytes(mtype.element)
        for indices, expr in ((item.path, item.expr) for item in elements):
            flat = 0
            for index, dim in zip(indices, mtype.dims):
                flat = flat * dim + index
            value, cur = self.lower(expr, cur, env)
            access = UnionAccess(target, self.offset_const(flat * element), mtype.element)
            cur = self.write_union(access, self.convert(value, mtype.element, line), cur, line)
        return cur

    # ------------------------------------------------------------ where a union lies
    def union_object(self, node, env, line) -> Optional[tuple]:
        """Without evaluating anything: whether `node` (`u`, `a[i]`, `s.u`, `a[i].in.u`,
        `u.m`, ...) is in a union variable or a union member of a struct variable, as (the
        root variable, the union's type, the names after it), else None.  Through a pointer:
        `Unsupported`."""
        names = []
        while isinstance(node, c_ast.StructRef) and node.type == ".":
            names.insert(0, node.field.name)
            node = node.name
        root = node.name if isinstance(node, c_ast.ArrayRef) else node
        if not isinstance(root, c_ast.ID):
            if isinstance(node, c_ast.StructRef):             # `p->u.x`
                names.insert(0, node.field.name)
                node = node.name
            self.refuse_union_through_pointer(node, names, env, line)
            return None
        var = self.lookup(root.name, env, line)
        if not isinstance(var, (StructVariable, UnionVariable)):
            return None
        if len(var.dims) != (1 if root is not node else 0):
            return None
        if isinstance(var, UnionVariable):
            return var, var.union, names
        ctype = var.struct
        for position, name in enumerate(names):
            if not isinstance(ctype, StructType) or not ctype.is_complete:
                return None
            ctype = ctype.member(name)
            if isinstance(ctype, UnionType):
                return var, ctype, names[position + 1:]
        return None

    def refuse_union_through_pointer(self, node, names, env, line) -> None:
        """`p->u.x`, `(*p).u`, `p[i].u.x`: not modelled."""
        base = node.expr if isinstance(node, c_ast.UnaryOp) and node.op == "*" else \
            node.name if isinstance(node, c_ast.ArrayRef) else node
        ctype = self.unevaluated_type(base, env, line)
        ctype = ctype.target if isinstance(ctype, PointerType) else None
        for name in names:
            if isinstance(ctype, UnionType):
                return                  # a member: `member_place` asks `union_through_pointer`
            ctype = ctype.member(name) if isinstance(ctype, StructType) and \
                ctype.is_complete else None
        if isinstance(ctype, UnionType):
            raise Unsupported("union used as a whole through a pointer", line)

    def locate_union(self, node, cur, env, line, keep: bool = False):
        """((the union's bytes, its type, the names after it), node after) of what
        `union_object` found, its subscripts evaluated (`keep`: into variables of their own,
        before a value with side effects)."""
        var, utype, rest = self.union_object(node, env, line)
        names = []
        while isinstance(node, c_ast.StructRef):
            names.insert(0, node.field.name)
            node = node.name
        prefix = ()
        if isinstance(node, c_ast.ArrayRef):
            index, cur = self.lower(node.subscript, cur, env)
            if not isinstance(getattr(index, "type", None), IntType):
                raise Unsupported("subscript that is not an integer", line)
            if keep and not isinstance(index, Const):
                index, cur = self.saved("index", index, cur, line)
            prefix = (index,)
        cell = var.bytes if isinstance(var, UnionVariable) else var
        for name in names[:len(names) - len(rest)]:
            cell = self.member_variable(cell, name, line)
        return (UnionBytes(cell, prefix), utype, rest), cur

    # ------------------------------------------------------------ whole unions
    def union_assignment(self, node: c_ast.Assignment, cur, env, line):
        """`u = v` between unions (variables, elements of arrays of unions, union members of
        structs): their bytes; None when the left side is no whole union."""
        found = self.union_object(node.lvalue, env, line)
        if found is None or found[2]:
            return None
        if node.op != "=":
            raise Unsupported(f"'{node.op}' on a union", line)
        source = self.union_object(node.rvalue, env, line)
        if source is None or source[2]:
            raise Unsupported("union assigned from an expression", line)
        (target, utype, _), cur = self.locate_union(node.lvalue, cur, env, line)
        (read, rtype, _), cur = self.locate_union(node.rvalue, cur, env, line)
        return None, self.copy_union(target, utype, read, rtype, cur, line)

    def copy_union(self, target: UnionBytes, utype, source: UnionBytes, stype, cur, line):
        """Every byte of `source` into `target` (one union, or two that do not overlap)."""
        if utype is not stype:
            raise Unsupported("assignment of unions of different types", line)
        indices = []
        for prefix in (target.prefix, source.prefix):
            kept = []
            for index in prefix:
                if not isinstance(index, (Const, Ref)):
                    index, cur = self.saved("index", index, cur, line)
                kept.append(index)
            indices.append(kept)
        for k in range(utype.size):
            at = self.offset_const(k)
            cur = self.step(cur, Store(target.var, indices[0] + [at],
                                       Load(source.var, indices[1] + [at], line,
                                            copy="a union with unwritten bytes"),
                                       line), line)
        return cur

    def struct_union_member(self, cell: Variable, utype: UnionType, given, cur, env, line,
                            static: bool):
        """A union member of a struct variable from the struct's initialiser list: `given`,
        or nothing (zero in every byte, as a static: C11 6.7.9p21)."""
        if given is None:
            return self.step(cur, Assign(cell, Const(0, cell.type.element)), line)
        cur = self.start_union(UnionBytes(cell, ()), cur, line, static)
        return self.initialise_union_object(UnionBytes(cell, ()), utype, given, cur, env,
                                            line, static, started=True)


def _check_union_member(name: str, ctype, line) -> None:
    """A member we model: an integer, an array of integers, a struct or union of such."""
    if isinstance(ctype, IntType):
        return
    if isinstance(ctype, ArrayType) and isinstance(ctype.element, IntType) \
            and not ctype.variable_length:
        return
    if isinstance(ctype, (StructType, UnionType)):
        if not ctype.is_complete:
            raise Unsupported(f"union member '{name}' of {ctype.incomplete}", line)
        for member, mtype in ctype.members:
            _check_union_member(f"{name}.{member}", mtype, line)
        return
    kind = "a pointer" if isinstance(ctype, PointerType) else \
        "a floating value" if hasattr(ctype, "ebits") else "this type"
    raise Unsupported(f"union member '{name}' of {kind} (its bytes are not modelled)", line)


def _all_zero(init) -> bool:
    """`{0}`, `{{0}}`, `0`: zeros only."""
    if isinstance(init, c_ast.InitList):
        return bool(init.exprs) and all(_all_zero(e) for e in init.exprs)
    return isinstance(init, c_ast.Constant) and init.value in ("0", "0U", "0u")
