"""Members of unions (issue 16, `unions.py`): where a member lies in a union's bytes and how
it is read and written.

A member access is a `UnionAccess`: the union object's bytes (`UnionBytes`: the array of
unsigned char and the indices of the object in it), a byte offset (a struct member's members
at their offsets, an element of a member array at its index times the element's size, each
subscript checked against its own dimension) and an integer type.  A read combines the bytes
least significant first and converts to the type (GCC: modulo 2^N); a write stores the
value's bytes, the value, the offset and the object's indices kept in variables first (a store
must not change what the next one reads: `u.s[u.c[0]] = v`).  Through a pointer (`p->m`,
`(*p).m`, `p[i].m`, `p->u.m` for a struct with a union member) the member is a `UnionMember`
that `dereference` reads in every candidate object's storage (`members.member_cell` asks
`union_member_cell`), after its checks that the pointer points into a living object of the
type; a write stores it in each candidate object under the condition that the pointer points
there (`store_union_through`).  A `_Bool` member read from a byte other than 0 or 1 is not
modelled (a target; refused through a pointer)."""
from __future__ import annotations

from dataclasses import dataclass

from pycparser import c_ast

from ..c_types import ArrayType, IntType, StructType, UnionType, Unsupported
from ..ir import Assume, Binary, Cast, Const, Load, Ref, Store, Variable
from .bitfields import BitFieldType
from .values import Pointer, UnionVariable


@dataclass(frozen=True)
class UnionBytes:
    """The bytes of one union object: the array variable of unsigned char that holds them and
    the (lowered) indices that select the object in it, before the byte's own index."""
    var: Variable
    prefix: tuple


@dataclass(frozen=True)
class UnionAccess:
    """A member of integer type inside a union object: at byte `offset` (an IR expression of
    type long long, its subscripts checked already), of type `type`."""
    bytes: UnionBytes
    offset: object
    type: IntType


@dataclass(eq=False)
class UnionMember:
    """A member of integer type inside a union reached through a pointer: `path`, the names
    from the pointer's target down to the union (none when it points to the union), then the
    byte `offset` and the `type`; `dereference` reads it in every candidate object's storage
    (`members.member_cell` asks `union_member_cell`)."""
    path: tuple
    offset: object
    type: IntType


@dataclass(eq=False)
class PointerUnion:
    """The place of a `UnionMember` written through `ptr` (one store per candidate object)."""
    ptr: object
    member: UnionMember


class UnionMemberLowering:
    """Mixin of `CFABuilder`: members of unions, read and written as bytes."""

    # ------------------------------------------------------------ members
    def union_place(self, node: c_ast.StructRef, cur, env, line, keep: bool = False,
                    subscripts: tuple = ()):
        """(("union", value, access), node after) of a member chain inside a union (the
        place `member_place` gives for struct members), or None for a chain without one."""
        if self.union_object(node, env, line) is None:
            return None
        root = _root_subscript(node)
        self.check_order(list(subscripts) + ([root] if root is not None else []), line)
        (target, utype, names), cur = self.locate_union(node, cur, env, line, keep)
        offset, ctype, cur = self.member_offset(utype, names, subscripts, cur, env, line, keep)
        access = UnionAccess(target, offset, ctype)
        value, cur = self.read_union(access, cur, line)
        return ("union", value, access), cur

    def member_offset(self, utype: UnionType, names: list, subscripts, cur, env, line, keep):
        """(byte offset, integer type, node after) of member `names` (with member-array
        `subscripts`) of a union of type `utype`."""
        if not names:
            raise Unsupported("union used as a whole value", line)
        ctype, offset = utype, 0
        for name in names:
            if not isinstance(ctype, (StructType, UnionType)):
                raise Unsupported(f"member '{name}' of a non-struct", line)
            mtype = ctype.member(name)
            if mtype is None:
                raise Unsupported(f"no member '{name}' in '{ctype}'", line)
            if isinstance(ctype, StructType):
                # `DataModel.offsets` knows no bit-fields (their layout is `bitfields.py`'s)
                if any(isinstance(t, BitFieldType) for _, t in ctype.members):
                    raise Unsupported(f"struct with bit-fields inside a union ('{ctype}')", line)
                offset += self.model.offsets(ctype)[name]
            ctype = mtype
        offset = self.offset_const(offset)
        if isinstance(ctype, ArrayType):
            if len(subscripts) != len(ctype.dims):
                raise Unsupported(f"member array '{names[-1]}' of a union used as a value (a "
                                  f"pointer)", line)
            offset, cur = self.element_offset(offset, ctype, subscripts, cur, env, line, keep)
            ctype = ctype.element
        elif subscripts:
            raise Unsupported("subscript of a union member that is not an array", line)
        if not isinstance(ctype, IntType):
            raise Unsupported(f"member '{names[-1]}' of a union used as a whole", line)
        return offset, ctype, cur

    # ------------------------------------------------------------ through pointers
    def union_through_pointer(self, ptr, names: list, subscripts, cur, env, line,
                              keep: bool = False):
        """The place of `p->m...`, `(*p).m...`, `p[i].m...` (`ptr` lowered by `member_place`)
        when its chain of `names` reaches into a union, else None: the member is read in every
        candidate object by `dereference` (its checks included)."""
        if not isinstance(ptr, Pointer):
            return None
        ctype = ptr.type.target
        for position in range(len(names) + 1):
            if isinstance(ctype, UnionType):
                break
            if position == len(names) or not isinstance(ctype, StructType) or \
                    not ctype.is_complete:
                return None
            ctype = ctype.member(names[position])
        else:
            return None
        if not ctype.is_complete:
            raise Unsupported(ctype.incomplete, line)
        if keep:
            ptr, cur = self.kept(ptr, cur, line)
        offset, mtype, cur = self.member_offset(ctype, names[position:], subscripts, cur, env,
                                                line, keep)
        if mtype.is_bool:
            raise Unsupported("_Bool member of a union reached through a pointer", line)
        member = UnionMember(tuple(names[:position]), offset, mtype)
        value, cur = self.dereference(ptr, cur, line, member)
        return ("union", value, PointerUnion(ptr, member)), cur

    def union_member_cell(self, storage, ptr, member: UnionMember):
        """What `dereference` reads of `member` in one object's storage (a union variable, or
        a struct variable with the union among its members; arrays: element `ptr.offset`)."""
        return self.read_union(UnionAccess(self.object_bytes(storage, ptr, member), member.offset,
                                           member.type), None, None)[0]

    def object_bytes(self, storage, ptr, member: UnionMember) -> UnionBytes:
        prefix = (ptr.offset,) if isinstance(storage.type, ArrayType) else ()
        cell = storage.bytes if isinstance(storage, UnionVariable) else storage
        for name in member.path:
            cell = cell.members[name]
        return UnionBytes(cell, prefix)

    def store_union_through(self, place: PointerUnion, value, cur, line):
        """`p->m = value` for a member inside a union: one branch per candidate object (the
        check that p points into one is `dereference`'s, when the place was read)."""
        if cur is None:
            return None
        ptr, member = place.ptr, place.member
        join = self.new_node()
        for obj in self.candidates(ptr):
            if obj.readonly or obj.opaque:
                continue
            node = self.step(cur, Assume(self.at(ptr, obj)), line)
            access = UnionAccess(self.object_bytes(obj.storage, ptr, member), member.offset,
                                 member.type)
            self.edge(self.write_union(access, value, node, line), join)
        return join

    def element_offset(self, offset, atype: ArrayType, subscripts, cur, env, line, keep):
        """The byte offset of element `subscripts` of a member array at `offset`, each
        subscript checked against its dimension (C11 6.5.6p8)."""
        wide = self.offset_type_ll
        element = self.model.bytes(atype.element)
        stride = element * atype.size
        for subscript, dim in zip(subscripts, atype.dims):
            index, cur = self.lower(subscript, cur, env)
            if not isinstance(getattr(index, "type", None), IntType):
                raise Unsupported("subscript that is not an integer", line)
            index = self.convert(index, wide, line)
            if keep and not isinstance(index, Const):
                index, cur = self.saved("index", index, cur, line)
            if not (isinstance(index, Const) and 0 <= index.value < dim):
                # (a constant inside needs no check: invariants may name `u.c[1]`)
                inside = Binary("&&", Binary(">=", index, Const(0, wide), self.model.int),
                                Binary("<", index, Const(dim, wide), self.model.int),
                                self.model.int)
                cur = self.require(cur, inside, f"array index out of bounds of a union member "
                                                f"at line {line}", line)
            stride //= dim
            offset = Binary("+", offset, Binary("*", index, Const(stride, wide), wide), wide)
        return offset, cur

    @property
    def offset_type_ll(self) -> IntType:
        return self.model.types["long long"]

    def offset_const(self, value: int) -> Const:
        return Const(value, self.offset_type_ll)

    def byte_at(self, target: UnionBytes, offset, k: int) -> list:
        """The indices of byte `offset + k` of the object."""
        at = self.offset_const(offset.value + k) if isinstance(offset, Const) else \
            Binary("+", offset, self.offset_const(k), self.offset_type_ll)
        return list(target.prefix) + [at]

    def read_union(self, access: UnionAccess, cur, line):
        """(the member's value: its bytes, least significant first, node after)."""
        target, ctype = access.bytes, access.type
        size = ctype.bits // 8
        if size == 1:
            byte = Load(target.var, self.byte_at(target, access.offset, 0), line)
            if ctype.is_bool:
                if cur is None and self.pure_evaluation:
                    raise Unsupported("_Bool member of a union in an invariant or a ghost "
                                      "update", line)
                cur = self.not_modelled(cur, Binary("<=", byte, Const(1, byte.type),
                                                    self.model.int),
                                        f"a _Bool member of a union read from a byte other "
                                        f"than 0 or 1 at line {line}", line)
            return Cast(byte, ctype), cur
        wide = self.unsigned_of(max(size, 4))
        value = None
        for k in range(size):
            byte = Cast(Load(target.var, self.byte_at(target, access.offset, k), line), wide)
            if k:
                byte = Binary("<<", byte, Const(8 * k, self.model.int), wide, line)
            value = byte if value is None else Binary("|", value, byte, wide, line)
        return Cast(value, ctype), cur

    def write_union(self, access: UnionAccess, value, cur, line):
        """The member's bytes, least significant first (the value and the offset kept in
        variables first: a store must not change what the next one reads)."""
        if cur is None:
            return None
        if isinstance(access, PointerUnion):
            return self.store_union_through(access, value, cur, line)
        target, ctype = access.bytes, access.type
        prefix = []
        for index in target.prefix:
            if not isinstance(index, (Const, Ref)):
                index, cur = self.saved("index", index, cur, line)
            prefix.append(index)
        target = UnionBytes(target.var, tuple(prefix))
        offset = access.offset
        if not isinstance(offset, (Const, Ref)):
            offset, cur = self.saved("offset", offset, cur, line)
        size = ctype.bits // 8
        wide = self.unsigned_of(max(size, 4))
        if not isinstance(value, Const):
            value, cur = self.saved("value", value, cur, line)
        bits = Cast(value, wide)
        uchar = target.var.type.element
        for k in range(size):
            byte = Binary(">>", bits, Const(8 * k, self.model.int), wide, line) if k else bits
            cur = self.step(cur, Store(target.var, self.byte_at(target, offset, k),
                                       Cast(byte, uchar), line), line)
        return cur

    def unsigned_of(self, size: int) -> IntType:
        for ctype in self.model.types.values():
            if not ctype.signed and not ctype.is_bool and ctype.bits == 8 * size:
                return ctype
        raise Unsupported(f"union member of {size} bytes")


def _root_subscript(node):
    while isinstance(node, c_ast.StructRef):
        node = node.name
    return node.subscript if isinstance(node, c_ast.ArrayRef) else None
