"""Chains of struct members (issue 16): `s.in.x`, `a[i].in.x`, `s.items[i].x`,
`arr[k].items[i].ptrs[j]`, `p->items[i].x`, `(*p).m`, `p[i].a[j]`.

A chain is a root and a list of steps, each a member name with the subscripts written after
it (`items[i]`).  Structs are lowered as a structure of arrays (`structs.py`): a member's
variables carry every array dimension on the way to it, the outer ones first, so the indices
of a chain are the concatenation of its subscripts, the root's first (`arr[k].items[i].x` is
element (k, i) of the variable `arr.items.x`).  Every index is checked against its own
dimension like any array access, so an index past a member array of structs is an
out-of-bounds target of that member (C11 6.5.6p8), never its neighbour.  Each step must
subscript every dimension of an array of structs before the next member (else the array is
used as a pointer: `Unsupported`).  A chain from a variable reads and writes the variables'
elements directly; through a pointer, `dereference` reads the member (`MemberPath`: names and
indices) in the storage of every candidate object.  A chain that ends at a struct is a
`StructPlace` (copied by `structs.copy_place`) where it is an element of an array, else the
nested `StructVariable`; through a pointer, a struct used as a whole is `Unsupported`.

A chain that reaches into a union (`unions.py`) reads and writes the union's bytes: a chain
rooted at a union variable or at a union member of a struct variable or of an element of a
one-dimensional array of structs is `union_place`'s (asked first); one with a union member
after subscripts (`s.items[i].u.x`, `m[i][j].u.x`) is resolved here, the union's bytes
selected by the chain's indices (`UnionBytes`); through a pointer, `union_through_pointer`
reads the member in every candidate object, but not after a subscript of a member array of
structs on the way (`Unsupported`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pycparser import c_ast

from ..c_types import ArrayType, FloatType, StructType, UnionType, Unsupported
from ..ir import Const, Load, Ref, Variable
from .pointer_arrays import PointerArray
from .union_members import UnionAccess, UnionBytes, UnionMember
from .values import Pointer, PointerVariable, StructAt, StructPlace, StructVariable


@dataclass(frozen=True)
class MemberStep:
    """`.name` followed by the subscripts written after it (AST nodes)."""
    name: str
    subscripts: tuple


@dataclass(frozen=True)
class MemberPath:
    """A member reached through a pointer by a chain of names (`p->in.x`) and the lowered
    subscripts of the member arrays on the way (`p->items[i].a[j]`: i, then j):
    `dereference` reads it in every candidate object's storage (`member_cell`), where the
    subscripts are bounds-checked as any array access."""
    names: tuple
    indices: list
    type: object


def member_chain(node: c_ast.StructRef, subscripts: tuple):
    """(root, `->` at the root, the root's subscripts, steps) of a chain of members whose last
    member is `node`, followed by `subscripts`."""
    steps = [MemberStep(node.field.name, tuple(subscripts))]
    while node.type == ".":
        base, found = node.name, []
        while isinstance(base, c_ast.ArrayRef):
            found.insert(0, base.subscript)
            base = base.name
        if not isinstance(base, c_ast.StructRef):
            return base, False, found, steps
        node = base
        steps.insert(0, MemberStep(node.field.name, tuple(found)))
    return node.name, True, [], steps


def _own_dims(cell, outer: int) -> tuple:
    """The dimensions of a member's variables after the `outer` ones of the chain so far."""
    if isinstance(cell, StructVariable):
        return cell.dims[outer:]
    if isinstance(cell, PointerVariable):
        cell = cell.base
    return cell.type.dims[outer:] if isinstance(cell.type, ArrayType) else ()


class MemberAccess:
    """Mixin of `CFABuilder`: the places of chains of struct members."""

    def member_place(self, node: c_ast.StructRef, cur, env, line, keep: bool = False,
                     subscripts: tuple = ()):
        """(kind, current value[, pointer, member]) of a chain of members ending at `node`,
        with the `subscripts` (AST) written after it, as `lvalue` gives them; `keep`: the
        pointer and the indices in variables of their own (a value with side effects comes
        next)."""
        inside_union = self.union_place(node, cur, env, line, keep, subscripts)   # unions.py
        if inside_union is not None:
            return inside_union
        root, arrow, root_subscripts, steps = member_chain(node, subscripts)
        # the root's subscripts and the members' are unsequenced (C11 6.5.2.1: `a[i++].b[i]`)
        every = [s for step in steps for s in step.subscripts]
        self.check_order([root] + list(root_subscripts) + every, line)
        if not arrow:
            var = self.lookup(root.name, env, line) if isinstance(root, c_ast.ID) else None
            if isinstance(var, StructVariable) and len(root_subscripts) == len(var.dims):
                prefix, cur = self.member_indices(root_subscripts, cur, env, line, keep)
                return self.variable_member(var, prefix, steps, cur, env, line, keep)
            if isinstance(root, c_ast.UnaryOp) and root.op == "*" and not root_subscripts:
                ptr, cur = self.lower(root.expr, cur, env)
            elif len(root_subscripts) == 1:
                pointer, cur = self.lower(root, cur, env)
                index, cur = self.lower(root_subscripts[0], cur, env)
                ptr, cur = self.pointer_add(self.as_pointer(pointer), index, cur, line)
            else:
                raise Unsupported("member of this expression", line)
        else:
            ptr, cur = self.lower(root, cur, env)
        return self.pointer_member(self.as_pointer(ptr), steps, cur, env, line, keep)

    def pointer_member(self, ptr, steps: list, cur, env, line, keep: bool):
        """The place of `steps` through the struct pointer `ptr`."""
        if not any(step.subscripts for step in steps[:-1]):
            inside_union = self.union_through_pointer(       # union_members.py
                ptr, [step.name for step in steps], steps[-1].subscripts, cur, env, line, keep)
            if inside_union is not None:
                return inside_union
        if not isinstance(ptr, Pointer) or not isinstance(ptr.type.target, StructType):
            raise Unsupported("member access through a value that is not a struct pointer", line)
        mtype, names, subscripts = ptr.type.target, [], []
        for position, step in enumerate(steps):
            if not isinstance(mtype, StructType) or not mtype.is_complete:
                raise Unsupported(getattr(mtype, "incomplete", f"member '{step.name}' of a "
                                          f"non-struct"), line)
            mtype = mtype.member(step.name)
            if mtype is None:
                raise Unsupported(f"no member '{step.name}'", line)
            if isinstance(mtype, UnionType):
                raise Unsupported(f"union member '{step.name}' after a subscript of a member "
                                  f"array of structs, through a pointer", line)
            dims = mtype.dims if isinstance(mtype, ArrayType) else ()
            last = position == len(steps) - 1
            if last and len(dims) == 1 and not step.subscripts and not subscripts:
                # `p->a`, `(p + k)->in.a` used as a value: a pointer to the member array's
                # first element (member_addresses.py)
                if keep:
                    ptr, cur = self.kept(ptr, cur, line)
                value, cur = self.member_pointer(ptr, names + [step.name], cur, line)
                return ("decayed", value), cur
            if last and isinstance(mtype, StructType) and not step.subscripts and \
                    not subscripts:
                # `p->in` used as a whole: copied member by member through p
                ptr, cur = self.kept(ptr, cur, line)
                return ("struct", StructAt(ptr, tuple(names + [step.name]), mtype)), cur
            if len(step.subscripts) != len(dims) or (last and isinstance(mtype, StructType)):
                raise Unsupported(f"member '{step.name}' (a struct or an array) through a "
                                  f"pointer used as a whole or as a pointer", line)
            if dims:
                mtype = mtype.element
            names.append(step.name)
            subscripts += step.subscripts
        if keep:
            ptr, cur = self.kept(ptr, cur, line)
        indices, cur = self.member_indices(subscripts, cur, env, line, keep)
        member = names[0] if len(names) == 1 and not indices else \
            MemberPath(tuple(names), indices, mtype)
        value, cur = self.dereference(ptr, cur, line, member)
        return ("deref", value, ptr, member), cur

    def member_indices(self, subscripts, cur, env, line, keep: bool):
        """The lowered subscripts of a chain, each evaluated once (`keep`: in a variable of
        its own, before a value with side effects)."""
        indices = []
        for subscript in subscripts:
            index, cur = self.lower(subscript, cur, env)
            if index is not None and isinstance(index.type, FloatType):
                raise Unsupported("floating array subscript (gcc rejects it)", line)
            if keep and not isinstance(index, Const):
                index, cur = self.saved("index", index, cur, line)
            indices.append(index)
        return indices, cur

    def variable_member(self, var: StructVariable, prefix: list, steps: list, cur, env, line,
                        keep: bool = False):
        """The place of the chain `steps` in a struct variable, or in element `prefix` of an
        array of structs."""
        cell, indices = var, list(prefix)
        for position, step in enumerate(steps):
            if not isinstance(cell, StructVariable):
                raise Unsupported(f"member '{step.name}' of a non-struct", line)
            if isinstance(cell.struct.member(step.name), UnionType):
                return self.union_in_chain(self.member_variable(cell, step.name, line),
                                           cell.struct.member(step.name), indices,
                                           steps[position:], cur, env, line, keep)
            cell = self.member_variable(cell, step.name, line)
            dims = _own_dims(cell, len(indices))
            last = position == len(steps) - 1
            if step.subscripts and len(step.subscripts) != len(dims):
                raise Unsupported("partial array access (a pointer)", line)
            if dims and not step.subscripts:
                if last and len(indices) == 1 and len(var.dims) == 1 and \
                        len(dims) == 1 and isinstance(cell, Variable) and \
                        self.object_of(var) is not None:
                    # `arr[i].a` used as a value: the row of `a` (member_addresses.py)
                    element, cur = self.pointer_add(self.decay(var), indices[0], cur, line)
                    value, cur = self.member_pointer(element, [s.name for s in steps], cur,
                                                     line)
                    return ("decayed", value), cur
                if not last or indices or not isinstance(cell.type, ArrayType) or \
                        isinstance(cell, StructVariable):
                    raise Unsupported(f"member array '{step.name}' used as a value (a "
                                      f"pointer)", line)
                return ("var", Ref(cell)), cur            # `s.a` as a value: a pointer
            more, cur = self.member_indices(step.subscripts, cur, env, line, keep)
            indices += more
        if isinstance(cell, StructVariable):       # a struct used as a whole
            return ("struct", StructPlace(cell, indices) if indices else cell), cur
        if isinstance(cell, PointerVariable):
            if indices:                # the indices are evaluated once: pure from here on
                return ("pointer cells", self.pointer_cell(cell, indices), (cell, indices)), cur
            return ("pointer", self.read_pointer(cell), cell), cur
        return (("array", Load(cell, indices, line)) if indices else ("var", Ref(cell))), cur

    def union_in_chain(self, cell, utype: UnionType, indices: list, steps: list, cur, env,
                       line, keep: bool):
        """The place of the chain `steps` (the union member first, then members inside the
        union) in the union's bytes `cell`, the union selected by `indices` (the chain's so
        far: `s.items[i].u.x`)."""
        if steps[0].subscripts:
            raise Unsupported(f"subscript of the union member '{steps[0].name}'", line)
        inside = steps[1:]
        if not inside:
            raise Unsupported("union used as a whole value", line)
        if any(step.subscripts for step in inside[:-1]):
            raise Unsupported("subscript inside a union before its last member", line)
        if keep:
            kept = []
            for index in indices:
                if not isinstance(index, Const):
                    index, cur = self.saved("index", index, cur, line)
                kept.append(index)
            indices = kept
        offset, ctype, cur = self.member_offset(utype, [step.name for step in inside],
                                                inside[-1].subscripts, cur, env, line, keep)
        access = UnionAccess(UnionBytes(cell, tuple(indices)), offset, ctype)
        value, cur = self.read_union(access, cur, line)
        return ("union", value, access), cur

    def struct_element(self, var: StructVariable, subscripts: list, cur, env, line):
        """(`StructPlace`, node after) of the element `a[i]` of an array of structs."""
        if len(subscripts) != len(var.dims):
            raise Unsupported("partial array access (a pointer)", line)
        self.check_order(subscripts, line)
        indices, cur = self.member_indices(subscripts, cur, env, line, False)
        return StructPlace(var, indices), cur

    def member_variable(self, var: StructVariable, member: str, line):
        if member not in var.members:
            raise Unsupported(f"no member '{member}' in '{var.name}'", line)
        return var.members[member]

    def member_cell(self, storage, ptr, member):
        """What `*ptr` (or its `member`: a name or a `MemberPath`) reads in an object's
        storage: a `Load` or `Ref`, or for a pointer member a `Pointer` of two."""
        if isinstance(member, UnionMember):             # inside a union: its bytes
            return self.union_member_cell(storage, ptr, member)
        prefix = [ptr.offset] if isinstance(storage.type, ArrayType) else []
        if isinstance(storage, PointerArray):           # an array of pointers (an object)
            return self.pointer_cell(storage.cells, prefix)
        path = (member,) if isinstance(member, str) else member.names if member else ()
        for name in path:
            storage = storage.members[name]
        indices = prefix + (member.indices if isinstance(member, MemberPath) else [])
        if isinstance(storage, PointerVariable):
            return self.pointer_cell(storage, indices or None)
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
