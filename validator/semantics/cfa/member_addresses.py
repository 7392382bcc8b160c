"""Addresses of struct members, members through pointers used as pointers, and struct copies
through pointers (issue 16).

**Member objects.**  `&s.m`, `&s.a[i]`, `&s.in.x`, `&p->m`, `&(*p).a[i]`: each member whose
address the program takes somewhere (by name: `Memory.addressed_members`) of a struct object
that is a single struct (a struct variable whose address may be taken, or such a member of
one) is an object of its own (`MemoryObject.parent`): its storage is the member's own variable
(`s.c`, the array `s.b`, the struct `s.in`), which direct accesses read and write too, so a
write through `&s.c` is a write of `s.c`.  Its lifetime is its parent's (`begin_lifetime`
and `kill` follow `MemoryObject.members`).  As a separate object it has its own bounds: one
past `s.b` is a valid pointer but dereferencing it is undefined behaviour even where `s.c`
lies (C11 6.5.6p8), arithmetic from `&s.a` beyond one past it is undefined (a scalar is an
array of one, 6.5.6p7) though still inside s, and subtracting pointers to two members is
undefined (not one array, 6.5.6p9).

What C defines and we do not compute: pointers to different parts of one struct compared
relationally (later members compare greater, 6.5.8p5), and compared for equality where both
are at the start of their objects (`(void *)&s == (void *)&s.a`: the first member starts
where the struct does) are not modelled (a target named so, never a guessed answer); one past
a member equal to the start of the next is the unspecified case that `pointer_binary` already
leaves unmodelled.  A member array used as a value (`s.a`, `p->a`, `p->in.a`) is a pointer to
the first element of its member object (`Memory.decayed_members` names those members, and a
struct variable at the root of such a chain is an object).

**Rows**: the members of the elements of a one-dimensional array of structs that is an object
(a heap block of structs too) whose address is taken (`&arr[i].b`, `&(p + i)->b`,
`&p[i].in`) or that are arrays used as pointers (`arr[i].a`, `(p + k)->a`, `p[i].a`) are one
object per member (`row_objects`, `MemoryObject.row`: the member's length, a scalar or a
struct 1): its storage is the member's variable for every element, and a pointer into element
k's member at j has the offset `k * 2^m + j`, 2^m > row, so that one past element k's member
(j == row) is never element k + 1's start: every access and arithmetic is bounded by the
member of its element (C11 6.5.6p8), though the storage goes on.  Two elements' members
subtracted is undefined (6.5.6p9); compared relationally C defines the order (6.5.8p5) and we
do not compute it (not modelled); any comparison of two different parts of an array of structs
with rows is not modelled (an element's start is at any offset of the array).  Not modelled
(`Unsupported`): rows of arrays of structs of more dimensions, rows of members of member
structs (`arr[i].in.a`, `q->a` with `q = &p[i].in`), rows of member arrays of several
dimensions, of structs, pointers or `long double`, of a struct holding a union.

**Member structs through pointers used as a whole** (`c = p->in`, `p->in = c`, `p->in = *q`,
`*q = p->in`, `struct In c = p->in`, `f(p->in)`): a `StructAt` (the pointer to the outer
struct, the names on the way), copied member by member through that pointer (`copy_at`), each
member an access with its own check; not to or from an element of an array of structs.

**Struct copies through pointers**: `s = *p`, `*p = s`, `*p = *q`, `struct S s = *p` and
`return *p;` (`statements.py`) with p, q pointer variables copy member by member (nested
structs recursively, member arrays element by element), each member an access through the
pointer with its own check (a member never written is copied as from a variable: an
execution that is not modelled, `indeterminate.mark_copied`); the two structs are either the
same object (exact overlap: each member is written with its own value, as C11 6.5.16.1p3
allows) or disjoint (partial overlap would need a union or a cast, which are not modelled).
"""
from __future__ import annotations

import itertools
from typing import Optional

from pycparser import c_ast

from ..c_types import (LONG_DOUBLE, ArrayType, FloatType, IntType, PointerType, StructType,
                       UnionType, Unsupported, element_type)
from ..ir import Assign, Binary, Cond, Const, Load, Ref, Store, Unary, Variable
from .bitfields import BitFieldType
from .function_pointers import is_function_pointer
from .pointers import MemoryObject
from .members import MemberPath
from .structs import MAX_COPIED_ELEMENTS, STRUCT_COPY
from .values import Pointer, PointerVariable, StructAt, StructVariable

ARRAY_ELEMENT_MEMBER = "address of a member of an element of an array of structs"
ROWS_COMPARED = "pointers into the members of two elements of an array of structs compared"
PARTS_COMPARED = "pointers to different parts of one struct compared"


def _has_union(stype: StructType, depth: int = 0) -> bool:
    """A union among the struct's members, at any depth."""
    for _, mtype in stype.members or ():
        inner = element_type(mtype)
        if isinstance(inner, UnionType) or (isinstance(inner, StructType) and
                                            (depth > 8 or _has_union(inner, depth + 1))):
            return True
    return False


def member_chain(node) -> tuple:
    """(root expression, member names, whether the first member is reached by `->`) of
    `s.in.x`, `p->in.x`."""
    names = []
    while isinstance(node, c_ast.StructRef):
        names.insert(0, node.field.name)
        if node.type == "->":
            return node.name, names, True
        node = node.name
    return node, names, False


class MemberAddressLowering:
    """Mixin of `CFABuilder`: member objects, `&` of members, struct copies through
    pointers."""

    # ------------------------------------------------------------ member objects
    def member_objects(self, obj: MemoryObject) -> None:
        """The objects of the members of a single struct whose address the program takes (or
        that are used as pointers: arrays, and the structs on the way to them); of an array
        of structs, the rows (`row_objects`)."""
        var = obj.storage
        if not isinstance(var, StructVariable) or obj.row:
            return          # (a row's members: its offsets are not its elements', not modelled)
        if var.dims:
            self.row_objects(obj)
            return
        for name, cell in var.members.items():
            if name not in self.memory.addressed_members and not (
                    name in self.memory.decayed_members and (
                        isinstance(cell, StructVariable) or
                        (isinstance(cell, Variable) and isinstance(cell.type, ArrayType)))):
                continue
            if isinstance(cell, Variable) and isinstance(cell.type, ArrayType) \
                    and len(cell.type.dims) != 1:
                continue                      # a pointer to an array: not modelled
            if (isinstance(cell, StructVariable) and cell.dims) or (
                    isinstance(cell, PointerVariable) and isinstance(cell.base.type, ArrayType)):
                continue                      # an array of structs or of pointers: not modelled
            sub = self.new_object(cell)
            sub.parent = obj
            obj.members[name] = sub
            self.member_objects(sub)

    # ------------------------------------------------------------ rows
    def row_objects(self, obj: MemoryObject) -> None:
        """The members of the elements of a one-dimensional array of structs (a heap block of
        structs too) that the program takes the address of, or uses as a pointer (a member
        array): each is one object of `row` elements per element (`MemoryObject.row`), its
        storage the member's variable (`arr.a`: every element's), so that a pointer into
        element k's member is bounded by that member (C11 6.5.6p8), not by the storage."""
        var = obj.storage
        if len(var.dims) != 1:
            return
        for name, cell in var.members.items():
            mtype = var.struct.member(name)
            if isinstance(mtype, ArrayType):
                usable = len(mtype.dims) == 1 and isinstance(mtype.dims[0], int) and \
                    isinstance(mtype.element, (IntType, FloatType)) and \
                    not isinstance(mtype.element, BitFieldType) and \
                    mtype.element != LONG_DOUBLE and \
                    name in self.memory.addressed_members | self.memory.decayed_members
                row = mtype.dims[0] if usable else 0
            elif isinstance(mtype, StructType):
                # `&arr[i].in`: an array of one struct per element (not with a union inside:
                # its bytes are read through the element's offset, `union_members.py`)
                usable = name in self.memory.addressed_members and not _has_union(mtype)
                row = 1
            else:
                usable = isinstance(mtype, (IntType, FloatType, PointerType)) and \
                    not isinstance(mtype, BitFieldType) and mtype != LONG_DOUBLE and \
                    not is_function_pointer(mtype) and \
                    name in self.memory.addressed_members
                row = 1
            if not usable or row < 1:
                continue
            obj.members[name] = self.new_object(cell, parent=obj, row=row)

    def row_stride(self, obj: MemoryObject) -> Const:
        """The offsets of one element's member: `stride * k` up to `stride * k + row`, the
        stride the least power of two above `row` (so that the element and the place in its
        member are a shift and a mask of the offset, cheap in every theory)."""
        return Const(1 << obj.row.bit_length(), self.offset_type)

    def row_of(self, ptr: Pointer, obj: MemoryObject):
        """The element whose member `ptr` points into (for an offset that is not negative)."""
        return Binary(">>", ptr.offset, Const(obj.row.bit_length(), self.offset_type),
                      self.offset_type)

    def _column(self, ptr: Pointer, obj: MemoryObject):
        return Binary("&", ptr.offset, Const((1 << obj.row.bit_length()) - 1,
                                             self.offset_type), self.offset_type)

    def at_row(self, ptr: Pointer, obj: MemoryObject, end_allowed: bool):
        """ptr points into the member of one element (or one past it)."""
        zero = Const(0, self.offset_type)
        terms = [self._cmp("==", ptr.base, Ref(obj.base)), self._cmp(">=", ptr.offset, zero),
                 self._cmp("<", self.row_of(ptr, obj), self.object_size(obj.parent))]
        terms.append(self._cmp("<=" if end_allowed else "<", self._column(ptr, obj),
                               Const(obj.row, self.offset_type)))
        return self._and(*terms)

    def at_row_end(self, ptr: Pointer, obj: MemoryObject):
        return self._and(self.at_row(ptr, obj, True),
                         self._cmp("==", self._column(ptr, obj), Const(obj.row, self.offset_type)))

    def other_rows(self, left: Pointer, right: Pointer):
        """Both point into one row object, into the members of different elements."""
        rows = [o for o in self.memory.objects if o.row]
        return self._or([self._and(self.at_row(left, o, True), self.at_row(right, o, True),
                                   self._cmp("!=", self.row_of(left, o), self.row_of(right, o)))
                         for o in rows])

    def rows_compared(self, op: str, left: Pointer, right: Pointer, cur, line):
        """Pointers into the members of two elements: subtracting them is undefined (two
        arrays, 6.5.6p9); comparing them relationally C defines (6.5.8p5: one aggregate) but
        we do not compute it."""
        if not any(o.row for o in self.memory.objects):
            return cur
        apart = Unary("!", self.other_rows(left, right), self.model.int)
        if op == "-":
            return self.require(cur, apart, f"pointers into different objects compared or "
                                f"subtracted at line {line}", line)
        return self.not_modelled(cur, apart, f"{ROWS_COMPARED} at line {line}", line)

    def object_cell(self, obj: MemoryObject, ptr: Pointer, member=None):
        """What `*ptr` (or its `member`) reads in the object (`members.member_cell`); in a row
        object, the member of the element `ptr` points into."""
        if not obj.row:
            return self.member_cell(obj.storage, ptr, member)
        storage = obj.storage
        indices = [self.row_of(ptr, obj)]
        if isinstance(storage, StructVariable):     # a struct member: `member`'s cell
            path = (member,) if isinstance(member, str) else member.names if member else ()
            for name in path:
                storage = storage.members[name]
            indices += member.indices if isinstance(member, MemberPath) else []
            if isinstance(storage, StructVariable):
                raise Unsupported("struct read or written as a whole through a pointer")
        elif len(storage.base.type.dims if isinstance(storage, PointerVariable)
                 else storage.type.dims) == 2:
            indices.append(self._column(ptr, obj))
        if isinstance(storage, PointerVariable):
            return self.pointer_cell(storage, indices)
        return Load(storage, indices)

    def row_room(self, obj: MemoryObject, cur, line):
        """The offsets of a row object (`rows * (row + 1)`) fit in ptrdiff_t: else its
        lifetime is not modelled."""
        rows = self.object_size(obj.parent)
        most = (1 << (self.model.pointer_bits - 1)) - 1
        limit = Const(most >> obj.row.bit_length(), self.offset_type)
        return self.not_modelled(cur, self._cmp("<=", rows, limit),
                                 f"an array of structs of more than {limit.value} elements "
                                 f"whose member is pointed to", line)

    def member_pointer(self, ptr, names: list, cur, line):
        """(pointer, node after) of the member `names` (used as a pointer: a member array
        decays to its first element) of the struct `ptr` points to: `p->a`, `(p + k)->a`,
        `arr[i].a`."""
        base, offset, cur = self._member_through(ptr, names, cur, line)
        mtype = self._member_ctype(ptr.type.target, names, line)
        return Pointer(base, offset, PointerType(element_type(mtype))), cur

    def _member_ctype(self, struct, names: list, line):
        """The type of the member `names` of `struct`."""
        for name in names:
            if not isinstance(struct, StructType) or not struct.is_complete:
                raise Unsupported(f"member '{name}' of a non-struct", line)
            struct = struct.member(name)
            if struct is None:
                raise Unsupported(f"no member '{name}'", line)
        return struct

    def member_address(self, node, cur, env, line):
        """(pointer, node after) of `&s.m`, `&s.a[i]`, `&p->m`, `&(*p).a[i]`."""
        subscript = None
        if isinstance(node, c_ast.ArrayRef):
            subscript, node = node.subscript, node.name
        root, names, arrow = member_chain(node)
        zero = Const(0, self.offset_type)
        if not arrow and isinstance(root, c_ast.ID):
            var = self.lookup(root.name, env, line)
            if isinstance(var, StructVariable) and var.dims:
                raise Unsupported(ARRAY_ELEMENT_MEMBER, line)
            obj = self.object_of(var) if isinstance(var, StructVariable) else None
            if obj is None:
                raise Unsupported(f"address of a member of '{root.name}'", line)
            sub = self._member_object(obj, names, line)
            base, offset, struct = Ref(sub.base), zero, var.struct
        elif arrow or (isinstance(root, c_ast.UnaryOp) and root.op == "*"):
            pointer, cur = self.lower(root if arrow else root.expr, cur, env)
            pointer = self.as_pointer(pointer)
            base, offset, cur = self._member_through(pointer, names, cur, line)
            struct = pointer.type.target
        elif isinstance(root, c_ast.ArrayRef):
            # `&arr[i].m`, `&p[i].m`: the member of the struct `arr + i` points to
            pointer, cur = self.element_pointer(root, cur, env, line)
            base, offset, cur = self._member_through(pointer, names, cur, line)
            struct = pointer.type.target
        else:
            raise Unsupported("address of a member of this expression", line)
        mtype = self._member_ctype(struct, names, line)
        is_array = isinstance(mtype, ArrayType)
        if is_array and len(mtype.dims) != 1:
            raise Unsupported(f"pointer into the multi-dimensional member '{names[-1]}'", line)
        pointer = Pointer(base, offset, PointerType(element_type(mtype)))
        if subscript is None:
            if is_array:
                raise Unsupported(f"pointer to the array member '{names[-1]}'", line)
            return pointer, cur
        if not is_array:
            raise Unsupported(f"subscript of the member '{names[-1]}'", line)
        index, cur = self.lower(subscript, cur, env)
        return self.pointer_add(pointer, index, cur, line)

    def element_pointer(self, node: c_ast.ArrayRef, cur, env, line):
        """(pointer, node after) of `&arr[i]`, `&p[i]` (one subscript of a one-dimensional
        array of structs that is an object, or of a pointer)."""
        if isinstance(node.name, c_ast.ArrayRef):
            raise Unsupported(ARRAY_ELEMENT_MEMBER, line)
        if isinstance(node.name, c_ast.ID):
            var = self.lookup(node.name.name, env, line)
            if isinstance(var, StructVariable) and (len(var.dims) != 1 or
                                                     self.object_of(var) is None):
                raise Unsupported(ARRAY_ELEMENT_MEMBER, line)
        self.check_order([node.name, node.subscript], line)
        pointer, cur = self.lower(node.name, cur, env)
        index, cur = self.lower(node.subscript, cur, env)
        return self.pointer_add(self.as_pointer(pointer), index, cur, line)

    def _member_object(self, obj: MemoryObject, names: list, line) -> MemoryObject:
        for name in names:
            sub = obj.members.get(name)
            if sub is None:
                raise Unsupported(f"address of the member '{name}'", line)
            obj = sub
        return obj

    def _member_through(self, ptr, names: list, cur, line):
        """(base of the member object, offset, node after) of `&p->names`:
        p must point to a struct (`invalid dereference` else); the member object is the one
        of the object p points to (in an array of structs, its row: `row_objects`)."""
        if not isinstance(ptr, Pointer) or not isinstance(ptr.type.target, StructType):
            raise Unsupported("member address through a value that is not a struct pointer",
                              line)
        objects = [o for o in self.candidates(ptr) if not o.opaque]
        usable = [o for o in objects if self._has_members(o, names)]
        others = [o for o in objects if o not in usable]
        if not objects:            # no object of that type: the check fails on every path
            cur = self.require(cur, Const(0, self.model.int),
                               f"invalid dereference at line {line}", line)
            return Const(0, self.base_type), Const(0, self.offset_type), cur
        if not usable:
            raise Unsupported(ARRAY_ELEMENT_MEMBER, line)
        if others:
            cur = self.not_modelled(cur, Unary("!", self._or(
                [self._cmp("==", ptr.base, Ref(o.base)) for o in others]), self.model.int),
                f"{ARRAY_ELEMENT_MEMBER} at line {line}", line)
        cur = self.not_opaque(ptr, cur, line)
        cur = self.require(cur, self._or([self.at(ptr, o) for o in usable]),
                           f"invalid dereference at line {line}", line)
        subs = [self._member_object(o, names, line) for o in usable]
        zero = Const(0, self.offset_type)
        offsets = [Binary("*", ptr.offset, self.row_stride(sub), self.offset_type) if sub.row
                   else zero for sub in subs]
        base, offset = Ref(subs[-1].base), offsets[-1]
        for obj, sub, at in zip(usable[:-1], subs[:-1], offsets[:-1]):
            chosen = self._cmp("==", ptr.base, Ref(obj.base))
            base = Cond(chosen, Ref(sub.base), base, self.base_type)
            if at is not offset or not isinstance(at, Const):
                offset = Cond(chosen, at, offset, self.offset_type)
        return base, offset, cur

    def _has_members(self, obj: MemoryObject, names: list) -> bool:
        if obj.storage.dims if isinstance(obj.storage, StructVariable) else False:
            return len(names) == 1 and names[0] in obj.members      # a row
        for name in names:
            obj = obj.members.get(name)
            if obj is None:
                return False
        return True

    def family(self, obj: MemoryObject) -> list:
        """The object and its member objects, at every depth."""
        return [obj] + [o for sub in obj.members.values() for o in self.family(sub)]

    def struct_parts_compared(self, op: str, left: Pointer, right: Pointer, cur, line):
        """Comparisons that C defines between parts of one struct and that we do not compute
        are not modelled: any relational one, and equality of two starts."""
        if op == "-":
            return cur
        roots = [o for o in self.memory.objects if o.members and o.parent is None]
        cases = []
        zero = Const(0, self.offset_type)
        for root in roots:
            parts = self.family(root)

            def inside(ptr, parts=parts):
                return self._or([self._cmp("==", ptr.base, Ref(o.base)) for o in parts])
            apart = self._and(inside(left), inside(right),
                              self._cmp("!=", left.base, right.base))
            if op in ("==", "!=") and not any(o.row for o in parts):
                # (with rows, an element's start is at any offset of the array: any two parts)
                apart = self._and(apart, self._cmp("==", left.offset, zero),
                                  self._cmp("==", right.offset, zero))
            cases.append(apart)
        if not cases:
            return cur
        return self.not_modelled(cur, Unary("!", self._or(cases), self.model.int),
                                 f"{PARTS_COMPARED} at line {line}", line)

    # ------------------------------------------------------------ copies through pointers
    def struct_pointer_operand(self, node, env, line) -> Optional[Pointer]:
        """The pointer of `*p`, p a pointer variable to a struct, else None."""
        if isinstance(node, c_ast.UnaryOp) and node.op == "*" and \
                isinstance(node.expr, c_ast.ID):
            var = self.lookup(node.expr.name, env, line)
            if isinstance(var, PointerVariable) and isinstance(var.type.target, StructType):
                return self.read_pointer(var)
        return None

    def struct_copy_through_pointers(self, node: c_ast.Assignment, cur, env, line):
        """`*p = s`, `*p = *q`: (the target's value, node after), or None for another
        assignment."""
        target = self.struct_pointer_operand(node.lvalue, env, line)
        if target is None:
            return None
        if node.op != "=":
            raise Unsupported(f"'{node.op}' on a struct", line)
        source = self.struct_pointer_operand(node.rvalue, env, line)
        if source is None:
            source, cur = self.lower(node.rvalue, cur, env)
            if isinstance(source, StructAt):                     # `*p = q->in`
                if source.type is not target.type.target:
                    raise Unsupported("assignment of structs of different types", line)
                return None, self.copy_members(target, source.ptr, source.type, (), cur, line,
                                               (), source.names)
            if not isinstance(source, StructVariable) or source.dims:
                raise Unsupported("struct assigned through a pointer from an expression", line)
            if source.type is not target.type.target:
                raise Unsupported("assignment of structs of different types", line)
        elif source.type.target is not target.type.target:
            raise Unsupported("assignment of structs of different types", line)
        return None, self.copy_members(target, source, target.type.target, (), cur, line)

    def copy_from_pointer(self, target: StructVariable, source: Pointer, cur, line):
        """`s = *p`, `struct S s = *p`: every member read through p."""
        if target.dims or source.type.target is not target.type:
            raise Unsupported("assignment of structs of different types or of arrays", line)
        return self.copy_members(target, source, target.type, (), cur, line)

    def copy_at(self, target, source, cur, line):
        """`s = p->in`, `p->in = s`, `p->in = q->in`, `struct In s = p->in`, `f(p->in)`: every
        member of the member struct, through the pointer of each `StructAt` (a struct variable
        on the other side; an element of an array of structs: not modelled)."""
        sides = []
        for side in (target, source):
            if isinstance(side, StructAt):
                sides.append((side.ptr, side.names))
            elif isinstance(side, StructVariable) and not side.dims:
                sides.append((side, ()))
            else:
                raise Unsupported("struct member reached through a pointer copied from or to "
                                  "an element of an array of structs", line)
        (t, t_root), (s, s_root) = sides
        return self.copy_members(t, s, target.type, (), cur, line, t_root, s_root)

    def copy_members(self, target, source, struct: StructType, prefix: tuple, cur, line,
                     t_root: tuple = (), s_root: tuple = ()):
        """Every member of `struct` at `prefix` from `source` to `target` (each a struct
        variable or a pointer to the struct; `t_root`, `s_root`: the names of the struct
        copied within each)."""
        for name, mtype in struct.members:
            names = prefix + (name,)
            if isinstance(mtype, StructType):
                cur = self.copy_members(target, source, mtype, names, cur, line, t_root, s_root)
                continue
            if isinstance(mtype, ArrayType):
                if not isinstance(mtype.element, (IntType, FloatType)):
                    raise Unsupported(f"copy through a pointer of the member '{name}', an "
                                      f"array of structs or pointers", line)
                if mtype.size > MAX_COPIED_ELEMENTS:
                    raise Unsupported(f"copy of the array member '{name}' of more than "
                                      f"{MAX_COPIED_ELEMENTS} elements", line)
                for indices in itertools.product(*(range(d) for d in mtype.dims)):
                    at = [Const(i, self.model.int) for i in indices]
                    value, cur = self._member_value(
                        source, MemberPath(s_root + names, at, mtype.element), cur, line)
                    cur = self._member_write(
                        target, MemberPath(t_root + names, at, mtype.element), value, cur, line)
                continue
            if not isinstance(mtype, (IntType, FloatType, PointerType)):
                raise Unsupported(f"copy of the member '{name}'", line)
            value, cur = self._member_value(source, MemberPath(s_root + names, [], mtype), cur,
                                            line)
            cur = self._member_write(target, MemberPath(t_root + names, [], mtype), value, cur,
                                     line)
        return cur

    def _member_value(self, source, path: MemberPath, cur, line):
        if isinstance(source, Pointer):
            # an unwritten member is copied without undefined behaviour (ir.Ref.copy), here
            # as from a struct variable below; the pointer keeps the dereference's checks
            value, cur = self.dereference(source, cur, line, path, copy=STRUCT_COPY)
            if isinstance(value, Pointer):
                value, cur = self.kept(value, cur, line)
            else:
                value, cur = self.saved("member", value, cur, line)
            return value, cur
        # an unwritten member of a struct variable is copied without undefined behaviour
        # (ir.Ref.copy)
        cell = self._variable_cell(source, path)
        if isinstance(cell, PointerVariable):
            return Pointer(Ref(cell.base, line=line, copy=STRUCT_COPY),
                           Ref(cell.offset, line=line, copy=STRUCT_COPY), cell.type), cur
        if path.indices:
            return Load(cell, path.indices, line, copy=STRUCT_COPY), cur
        return Ref(cell, line=line, copy=STRUCT_COPY), cur

    def _member_write(self, target, path: MemberPath, value, cur, line):
        if isinstance(target, Pointer):
            return self.store_through(target, value, cur, line, path)
        cell = self._variable_cell(target, path)
        if isinstance(cell, PointerVariable):
            return self.assign_pointer(cell, value, cur, line)
        if path.indices:
            return self.step(cur, Store(cell, path.indices, value, line), line)
        return self.step(cur, Assign(cell, value), line)

    def _variable_cell(self, var: StructVariable, path: MemberPath):
        cell = var
        for name in path.names:
            cell = cell.members[name]
        return cell
