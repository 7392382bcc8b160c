"""The values of the memory model while the CFA builder lowers expressions (never in the IR):
pointer types, pointer variables and values (`pointers.py`), struct variables (`structs.py`),
union variables (`unions.py`)."""
from __future__ import annotations

from dataclasses import dataclass

from ..c_types import ArrayType, PointerType, StructType, UnionType, element_type
from ..ir import Variable


@dataclass(eq=False)
class PointerVariable:
    """A C variable of pointer type: its base and offset variables (for a pointer member of
    an array of structs: arrays of bases and offsets)."""
    name: str
    type: PointerType
    base: Variable
    offset: Variable


@dataclass(eq=False)
class Pointer:
    """A pointer value while an expression is lowered (pure IR expressions)."""
    base: object
    offset: object
    type: PointerType


@dataclass(eq=False)
class StructVariable:
    """A variable of struct type (dims empty) or an array of structs: its members' variables."""
    name: str
    type: object                      # StructType, or ArrayType of StructType
    members: dict                     # member name -> Variable, or PointerVariable
    is_global: bool = False

    @property
    def struct(self) -> StructType:
        return element_type(self.type)

    @property
    def dims(self) -> tuple:
        return self.type.dims if isinstance(self.type, ArrayType) else ()


@dataclass(eq=False)
class UnionVariable:
    """A variable of union type (dims empty) or an array of unions: its object representation,
    an array of unsigned char (`bytes`: the array's dimension, then the union's size), which
    every member reads and writes (`unions.py`)."""
    name: str
    type: object                      # UnionType, or ArrayType of UnionType
    bytes: Variable
    is_global: bool = False

    @property
    def union(self) -> UnionType:
        return element_type(self.type)

    @property
    def dims(self) -> tuple:
        return self.type.dims if isinstance(self.type, ArrayType) else ()


@dataclass(eq=False)
class StructPlace:
    """One struct inside a struct variable: the element `indices` (lowered, one per dimension
    of `var`) of an array of structs, or of a member array of structs (`arr[i]`,
    `s.items[j]`, `arr[i].items[j]`: the indices of every dimension on the way)."""
    var: StructVariable
    indices: list

    @property
    def type(self) -> StructType:
        return self.var.struct


@dataclass(eq=False)
class StructAt:
    """A struct member reached through a pointer, used as a whole (`p->in`, `(p + k)->in`):
    the pointer to the struct that holds it and the member names on the way (copied member by
    member through the pointer: `member_addresses.copy_at`)."""
    ptr: Pointer
    names: tuple
    type: StructType


def is_struct_value(value) -> bool:
    """A struct while an expression is lowered: a struct variable or an element of an array of
    them (an array of structs itself is no struct value), or a member through a pointer."""
    return isinstance(value, (StructPlace, StructAt)) or \
        (isinstance(value, StructVariable) and not value.dims)


def is_struct_type(ctype) -> bool:
    """A struct or a union, or an array of them: no IR variable of its own (`fresh_struct`)."""
    return isinstance(element_type(ctype), (StructType, UnionType))
