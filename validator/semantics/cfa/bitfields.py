"""Bit-fields (issue 16): the type of a bit-field's values and GCC's layout of a struct that
has bit-fields, for i386 (ILP32) and x86-64 (LP64), SysV, no packing.

A named bit-field is a member like any other (`structs.py`: one IR variable per member), whose
type is a `BitFieldType` of its width: every store converts to it, so an unsigned bit-field
keeps its value modulo 2^w and a signed one is reduced modulo 2^w into its range (C11
6.3.1.3p3: implementation-defined; GCC reduces, no undefined behaviour), a `_Bool` bit-field
holds 0 or 1.  Reading one gives that w-bit value, which the integer promotions turn into an
`int` (every value of a bit-field narrower than 32 bits fits, also of an unsigned one, C11
6.3.1.1p2) or, for an unsigned one of 32 bits, an `unsigned int`; arithmetic (`s.f++`,
`s.f += k`) is therefore done in the promoted type, where a signed overflow is undefined
behaviour, and the conversion back wraps.  GCC gives a bit-field of an other type (`char`,
`short`, `long`, `long long`, enumerations) a w-bit type of the declared type's signedness,
which it promotes to `int` when w < 32 and otherwise computes with in a w-bit type
(c-typeck.cc, perform_integral_promotions; c-decl.cc, finish_struct): for w = 32 that is
the arithmetic of `int` or `unsigned int` (UBSan reports `s.q++` of a `long long q : 32` at
INT_MAX as an overflow in int), for w > 32 a type of its own (`unsigned long long w : 40`:
`s.w + 1` wraps modulo 2^40), which is not modelled: such a member leaves the struct
incomplete for us (`Unsupported`).

GCC rejects `&s.f` and `sizeof s.f`; an expression of a bit-field's type (`(0, s.f)`,
`s.f = 1`) has GCC's w-bit type, whose `sizeof` is that of its machine mode (1 for 3 bits):
`sizeof` of any value of a `BitFieldType` is `Unsupported` (`types.sizeof`), and so is
`__auto_type` with such an initialiser (GCC rejects `__auto_type v = s.f` and gives
`__auto_type v = s.f++` a 3-bit type).  Unnamed bit-fields are padding: no member, skipped by
initialiser lists (C11 6.7.9p9).

The layout (`gcc_layout`) follows GCC's stor-layout.cc for PCC_BITFIELD_TYPE_MATTERS targets:
a bit-field of width w and declared type T goes at the next free bit unless it would then
span more units of T's alignment (in a struct: 4 bytes for `long long` on i386) than T has,
in which case it starts at the next such unit; a zero-width bit-field moves the next member
to a boundary of T's alignment; a named bit-field gives the struct T's alignment, an unnamed
one (zero-width or not) none; an ordinary member goes at the next multiple of its alignment.
The size is the bits used rounded up to bytes and then to the struct's alignment
(`tests/test_adversarial_bitfields.py` compares sizes, alignments and every member's bit
offset with gcc on fixed and random structs in both data models).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..c_types import DataModel, IntType, StructType, Unsupported

# GCC computes with a bit-field wider than int in a type of its own width (not modelled)
WIDEST_MODELLED = 32


@dataclass(frozen=True)
class BitFieldType(IntType):
    """The type of a bit-field's values: `bits` is the width (1 for `_Bool`), `signed` the
    declared type's signedness, `declared` the type the declaration names (its storage unit in
    the layout).  Its rank is below every standard type's, so the integer promotions always
    convert it first (to int, or to unsigned int for 32 unsigned bits: `DataModel.promote`)."""
    declared: Optional[IntType] = None

    @property
    def rank(self) -> int:
        return -1


@dataclass(frozen=True)
class Field:
    """A member of a struct definition as the layout sees it: `width` None for an ordinary
    member, `name` None for an unnamed bit-field."""
    name: Optional[str]
    type: object             # the declared type (for a bit-field: an IntType)
    width: Optional[int] = None


def bit_field_type(declared, width: int, name: Optional[str], line) -> Optional[BitFieldType]:
    """The type of the values of bit-field `name` (None: unnamed) of `width` bits declared with
    type `declared`; None for an unnamed one (padding).  What gcc rejects, and widths beyond
    int, are `Unsupported`."""
    what = f"bit-field '{name}'" if name else "unnamed bit-field"
    if not isinstance(declared, IntType) or isinstance(declared, BitFieldType):
        raise Unsupported(f"{what} of type {declared} (gcc rejects it)", line)
    limit = 1 if declared.is_bool else declared.bits
    if width < 0 or width > limit or (width == 0 and name):
        raise Unsupported(f"{what} of width {width} for type {declared} (gcc rejects it)", line)
    if width > WIDEST_MODELLED:
        raise Unsupported(f"{what} of {width} bits (wider than int: GCC computes with it in a "
                          f"type of {width} bits)", line)
    if name is None:
        return None
    return BitFieldType(f"{declared.name} : {width}", width, declared.signed and
                        not declared.is_bool, declared.is_bool, declared)


def gcc_layout(model: DataModel, tag: str, fields: list[Field]) -> StructType:
    """GCC's layout of a struct with bit-fields: its members are the named fields, a
    bit-field's type its `BitFieldType` (`bit_field_type`)."""
    size, align, _ = _place(model, fields)
    members = tuple((f.name, f.type if f.width is None else
                     bit_field_type(f.type, f.width, f.name, None))
                    for f in fields if f.name is not None)
    return StructType(tag, members, size, align)


def bit_offsets(model: DataModel, fields: list[Field]) -> dict:
    """Each named member's offset in bits (for the layout tests)."""
    return _place(model, fields)[2]


def _place(model: DataModel, fields: list[Field]) -> tuple[int, int, dict]:
    """(size in bytes, alignment in bytes, {name: offset in bits}) as GCC lays them out
    (stor-layout.cc: place_field, excess_unit_span, update_alignment_for_field)."""
    position, align, offsets = 0, 1, {}
    for field in fields:
        unit = 8 * model.alignment(field.type)      # i386: long long is 4-aligned in structs
        if field.width is None:
            position = _round_up(position, unit)
            offsets[field.name] = position
            position += 8 * model.bytes(field.type)
            align = max(align, unit // 8)
        elif field.width == 0:
            position = _round_up(position, unit)        # the struct's alignment stays
        else:
            # a bit-field may not span more units of its type's alignment than its type
            spanned = (position % unit + field.width + unit - 1) // unit
            if spanned > 8 * model.bytes(field.type) // unit:
                position = _round_up(position, unit)
            if field.name is not None:
                offsets[field.name] = position
                align = max(align, unit // 8)
            position += field.width
    size = _round_up(_round_up(position, 8) // 8, align)
    return size, align, offsets


def _round_up(value: int, unit: int) -> int:
    return (value + unit - 1) // unit * unit
