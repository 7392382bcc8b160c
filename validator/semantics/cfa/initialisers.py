"""Initialiser lists (C11 6.7.9) as the subobjects they initialise, for arrays, structs and
arrays of structs: braced sub-lists, brace elision (`{1, 2, 3, 4}` for two structs of two
members), designators (`.x = 1`, `[2] = 5`, `.a[1] = 3`, `[1].y = 2`) and the order they
set: initialisation goes on after a designated subobject with the next one at the
designator's depth (`{.a[1] = 3, 4}` gives a[2] = 4), a later initialiser of the same
subobject overrides an earlier one (`{[1] = 5, [1] = 7}`), a string literal initialises a
character array member as a whole (`{"ab", 1}`).  Every subobject not named is zero, which
the builder does first (C11 6.7.9p21).

This is pure: the builder gives the result's paths their variables.  What is not modelled
raises `Unsupported`: an overridden initialiser other than a constant (whether it is
evaluated, with its side effects and undefined behaviour, is unspecified, C11 6.7.9p19), a
later initialiser of part of a subobject that an earlier one initialised as a whole (from an
expression or a string literal), or a braced list for a subobject of which an earlier
initialiser named a part (whether the list re-zeroes that part is a defect report of its
own), a string literal for an array of other than characters, more initialisers than
subobjects, designators that are not constants within the array.

A union member (`unions.py`) is one subobject, initialised as a whole by its braced list (its
first member, C11 6.7.9p17) or a union of its type (`initialise_union_object`); a designator
into it (`.u.i = 1`) and brace elision into it (`{1, 2}` for `{1, {2}}`) are `Unsupported`
naming the union member, and so is the initialiser of a union member of an element of an
array of structs whose first member does not cover the union (its other bytes would be
indeterminate, and one element's bytes cannot be made so alone).  Bit-fields are members
whose type is a `BitFieldType`: the conversion to it wraps as any store does; unnamed
bit-fields are no members, so the list skips them (C11 6.7.9p9).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from pycparser import c_ast

from ..c_types import ArrayType, StructType, UnionType, Unsupported
from ..ir import Assign, Const, Store
from .literals import is_char_type, is_string_literal, literal_bytes, single_literal
from .syntax import _walk
from .union_members import UnionBytes
from .values import PointerVariable, StructPlace, StructVariable


@dataclass(frozen=True)
class Initialised:
    """One subobject and the expression that initialises it: `path` is member names (str)
    and element indices (int) from the initialised object; `type` the subobject's, a scalar,
    a pointer, or a struct given as a whole by an expression of that struct type."""
    path: tuple
    expr: object
    type: object


def _constant(node) -> bool:
    """A constant, or one with a sign: evaluating it has no effect and no undefined
    behaviour."""
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
        node = node.expr
    return isinstance(node, c_ast.Constant)


def _is_aggregate(ctype) -> bool:
    return isinstance(ctype, (StructType, ArrayType))


def _count(ctype) -> int:
    return len(ctype.members) if isinstance(ctype, StructType) else ctype.dims[0]


def _subobject(ctype, position: int):
    """(path step, type) of the subobject at `position` of a struct or array."""
    if isinstance(ctype, StructType):
        return ctype.members[position]
    inner = ctype.element if len(ctype.dims) == 1 else ArrayType(ctype.element, ctype.dims[1:])
    return position, inner


class _Frame:
    """A struct or array being initialised, and the position of its next subobject."""

    def __init__(self, ctype, position: int, path: tuple) -> None:
        self.type, self.position, self.path = ctype, position, path


def initialised_subobjects(ctype, init: c_ast.InitList, line,
                           index_of: Callable[[object], int],
                           struct_type_of: Callable[[object], Optional[StructType]]) -> list:
    """The `Initialised` subobjects of an object of `ctype` (a struct or an array) under the
    braced list `init`, in the order of the list; `index_of` folds an array designator,
    `struct_type_of` gives the struct type of an expression, or None (it tells an element
    given as a whole from brace elision)."""
    found: dict = {}           # path -> Initialised (a dict keeps the list's order)
    above: set = set()         # the proper prefixes of the paths in `found` and of braced lists

    def record(item: Initialised) -> None:
        path = item.path
        if path in found:
            if not _constant(found[path].expr):
                # its side effects, reads and undefined behaviour may or may not happen
                raise Unsupported("overridden initialiser that is not a constant (whether "
                                  "it is evaluated is unspecified)", line)
            del found[path]
        if path in above or any(path[:n] in found for n in range(1, len(path))):
            raise Unsupported("initialiser of part of a subobject initialised as a whole",
                              line)
        found[path] = item
        above.update(path[:n] for n in range(1, len(path)))

    def braced_list(sub, node: c_ast.InitList, path: tuple) -> None:
        if path in above:
            raise Unsupported("braced initialiser of a subobject a part of which an earlier "
                              "initialiser initialised", line)
        above.update(path[:n] for n in range(1, len(path)))
        visit(sub, node, path)

    def place(frames: list, expr) -> None:
        """Initialise the current subobject with `expr`, descending by brace elision."""
        while True:
            frame = frames[-1]
            step, sub = _subobject(frame.type, frame.position)
            path = frame.path + (step,)
            if isinstance(sub, UnionType):
                # a braced list gives its first member a value; another expression must be
                # a union of its type (brace elision into a union: `Unsupported` there)
                record(Initialised(path, expr, sub))
                return
            literal = single_literal(expr)
            if literal is not None and isinstance(sub, ArrayType) and len(sub.dims) == 1 \
                    and is_char_type(sub.element):
                record(Initialised(path, literal, sub))    # `"abc"` or `{"abc"}` as a whole
                return
            if isinstance(expr, c_ast.InitList):
                if _is_aggregate(sub):
                    braced_list(sub, expr, path)
                elif len(expr.exprs) == 1 and not isinstance(
                        expr.exprs[0], (c_ast.InitList, c_ast.NamedInitializer)):
                    record(Initialised(path, expr.exprs[0], sub))
                else:
                    raise Unsupported("scalar initialiser list", line)
                return
            if not _is_aggregate(sub) or (isinstance(sub, StructType)
                                          and struct_type_of(expr) is sub):
                record(Initialised(path, expr, sub))
                return
            if is_string_literal(expr):
                raise Unsupported("string literal initialising an array inside an aggregate",
                                  line)
            frames.append(_Frame(sub, 0, path))     # brace elision: its first subobject

    def designate(ctype, designators: list, path: tuple) -> list:
        frames = [_Frame(ctype, 0, path)]
        for depth, designator in enumerate(designators):
            frame = frames[-1]
            if isinstance(frame.type, StructType) and isinstance(designator, c_ast.ID):
                names = [name for name, _ in frame.type.members]
                if designator.name not in names:
                    raise Unsupported(f"no member '{designator.name}'", line)
                frame.position = names.index(designator.name)
            elif isinstance(frame.type, ArrayType) and not isinstance(designator, c_ast.ID):
                frame.position = index_of(designator)
                if not 0 <= frame.position < frame.type.dims[0]:
                    raise Unsupported("array designator outside the array", line)
            else:
                raise Unsupported("designator that does not fit the initialised type", line)
            if depth < len(designators) - 1:
                step, sub = _subobject(frame.type, frame.position)
                if isinstance(sub, UnionType):
                    raise Unsupported(f"designator into the union member '{step}'", line)
                if not _is_aggregate(sub):
                    raise Unsupported("designator into a scalar", line)
                frames.append(_Frame(sub, 0, frame.path + (step,)))
        return frames

    def visit(ctype, node: c_ast.InitList, path: tuple) -> None:
        frames = [_Frame(ctype, 0, path)]
        for item in node.exprs:
            if isinstance(item, c_ast.NamedInitializer):
                frames = designate(ctype, list(item.name), path)
                item = item.expr
            else:
                while frames and frames[-1].position >= _count(frames[-1].type):
                    frames.pop()             # this subobject is complete: the next one
                    if frames:
                        frames[-1].position += 1
                if not frames:
                    raise Unsupported("too many initialisers", line)
            place(frames, item)
            frames[-1].position += 1

    visit(ctype, init, ())
    return list(found.values())


class InitialiserLowering:
    """Mixin of `CFABuilder`: an array, a struct or an array of structs from a braced list."""

    def initialise_from_list(self, var, init: c_ast.InitList, cur, env, line, static: bool):
        """Every element and member of `var` zero, then each initialised subobject in the
        list's order (the initialisers are indeterminately sequenced, C11 6.7.9p23: side
        effects must not interfere)."""
        if not static and any(isinstance(n, c_ast.ID) and n.name == var.name
                              for n in _walk(init)):
            # `struct A s = {1, s.x}`: the variable is in scope in its own initialiser, and
            # read there before it holds any value (C11 6.2.1p7)
            raise Unsupported(f"initialiser of '{var.name}' that reads '{var.name}'", line)
        items = initialised_subobjects(
            var.type, init, line, lambda node: self.constant_value(node, env, line),
            lambda node: self.struct_type_of(node, env, line))
        self.check_order([item.expr for item in items], line)
        cells = self.member_cells(var) if isinstance(var, StructVariable) else [var]
        cur = self.zero_cells(cells, cur, line)
        for item in items:
            cur = self.initialise_subobject(var, item, cur, env, line, static)
        return cur

    def struct_type_of(self, node, env, line) -> Optional[StructType]:
        """The struct type of an expression, where its form tells it without evaluating it."""
        ctype = self.unevaluated_type(node, env, line)
        return ctype if isinstance(ctype, StructType) else None

    def initialise_subobject(self, var, item: Initialised, cur, env, line, static: bool):
        cell, indices = var, []
        for step in item.path:
            if isinstance(step, str):
                cell = cell.members[step]
            else:
                indices.append(Const(step, self.model.int))
        if isinstance(item.type, ArrayType):        # a character array from a literal
            return self.initialise_characters(cell, indices, item, cur, line)
        if isinstance(item.type, UnionType):        # its bytes (unions.py)
            return self.initialise_union_subobject(cell, indices, item, cur, env, line, static)
        value, cur = self.lower(item.expr, cur, env)
        if isinstance(cell, StructVariable):        # a struct given as a whole
            return self.copy_place(StructPlace(cell, indices) if indices else cell, value,
                                   cur, line)
        if isinstance(cell, PointerVariable):
            value = self.convert_pointer(self.as_pointer(value), cell.type, line)
            if indices:
                return self.write(("pointer cells", None, (cell, indices)), value, cur, line)
            return self.assign_pointer(cell, value, cur, line)
        value = self.convert(value, item.type, line)
        return self.step(cur, Store(cell, indices, value, line) if indices
                         else Assign(cell, value), line)

    def initialise_union_subobject(self, cell, indices: list, item: Initialised, cur, env,
                                   line, static: bool):
        """A union member from its initialiser: the bytes of one union begin indeterminate (a
        static's zero), then its first member is written (`unions.py`)."""
        utype, name = item.type, item.path[-1]
        if not isinstance(item.expr, c_ast.InitList) and \
                self.unevaluated_type(item.expr, env, line) is not utype:
            raise Unsupported(f"initialiser of the union member '{name}' by brace elision",
                              line)
        if not indices:
            return self.struct_union_member(cell, utype, item.expr, cur, env, line, static)
        first = utype.members[0][1]
        if isinstance(item.expr, c_ast.InitList) and not static and \
                self.model.bytes(first) != utype.size:
            raise Unsupported(f"initialiser of the union member '{name}' of an element of an "
                              f"array of structs (its first member does not cover it)", line)
        return self.initialise_union_object(UnionBytes(cell, tuple(indices)), utype, item.expr,
                                            cur, env, line, static, started=True)

    def initialise_characters(self, cell, indices: list, item: Initialised, cur, line):
        """The characters of a string literal in a character array inside an aggregate, the
        rest zero as written before (the NUL if it fits: C11 6.7.9p14)."""
        data = literal_bytes(item.expr.value, line)
        element = item.type.element
        if len(data) > item.type.dims[0]:
            raise Unsupported("string literal longer than the array it initialises", line)
        for position, byte in enumerate(data):
            if byte != 0:
                cur = self.step(cur, Store(cell, indices + [Const(position, self.model.int)],
                                           Const(element.wrap(byte), element), line), line)
        return cur

