"""C integer types of a data model, and the conversions of C11 6.3.1."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union


class Unsupported(Exception):
    """A construct we do not model exactly: the answer must become `unknown`."""

    def __init__(self, what: str, line: Optional[int] = None) -> None:
        self.what = what
        self.line = line
        super().__init__(f"{what}" + (f" at line {line}" if line else ""))


@dataclass(frozen=True)
class IntType:
    name: str
    bits: int
    signed: bool
    is_bool: bool = False

    @property
    def min(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    def wrap(self, value: int) -> int:
        """The value of `value` converted to this type (two's complement wrap)."""
        if self.is_bool:
            return 1 if value != 0 else 0
        value &= (1 << self.bits) - 1
        if self.signed and value >= 1 << (self.bits - 1):
            value -= 1 << self.bits
        return value

    @property
    def rank(self) -> int:
        return RANKS[self.name]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ArrayType:
    """An array of `element`s; a dimension is an int, or for a variable-length array the
    `ir.Variable` (of type size_t) that holds the size its declaration evaluated."""
    element: "ArithmeticType"
    dims: tuple

    @property
    def variable_length(self) -> bool:
        return any(not isinstance(d, int) for d in self.dims)

    @property
    def size(self) -> int:
        """The number of elements (of an array whose dimensions are all constants)."""
        if self.variable_length:
            raise ValueError("the size of a variable-length array is not a constant")
        total = 1
        for d in self.dims:
            total *= d
        return total


@dataclass(frozen=True)
class FloatType:
    """An IEEE-754 binary format: `float` is binary32 (8, 24), `double` binary64 (11, 53)
    in both data models (gcc on x86 with SSE arithmetic, FLT_EVAL_METHOD 0).  Values are
    Python floats (every binary32 value is a double exactly); `wrap` rounds to the format."""
    name: str
    ebits: int
    sbits: int          # with the hidden bit, as z3's FPSort counts it
    is_bool = False     # shared with IntType: `_Bool` tests read it on every scalar type

    @property
    def bits(self) -> int:
        return self.ebits + self.sbits

    @property
    def rank(self) -> int:
        return 100 + self.bits       # above every integer type (C11 6.3.1.8)

    def wrap(self, value) -> float:
        """`value` (an int, or a float of a format at least as wide) rounded to this
        format, to nearest even (C11 6.3.1.4p2, 6.3.1.5 with gcc's default rounding)."""
        from .floats import to_format      # floats imports this module
        return to_format(value, self)

    def __str__(self) -> str:
        return self.name


FLOAT = FloatType("float", 8, 24)
DOUBLE = FloatType("double", 11, 53)
# gcc's `long double` on i386 and x86-64: the x87 80-bit extended format (64 significand bits,
# the integer bit explicit; as IEEE-754 values the format of z3's FPSort(15, 64)), computed
# by the x87 unit with 64-bit precision also with -mfpmath=sse.  Python floats hold only the
# values that are doubles too: `floats.NotADouble` for the others (docs/SOUNDNESS.md)
LONG_DOUBLE = FloatType("long double", 15, 64)
ArithmeticType = Union[IntType, FloatType]
@dataclass(eq=False)
class TaggedType:
    """What struct and union types share: a tag, members, GCC's size and alignment for the data
    model.  Each definition is a type of its own (C11 6.7.2.3p5), so types compare by
    identity; that also lets a struct hold pointers to itself: the type exists, incomplete
    (`members` None), from its tag's first declaration, and its definition completes it
    (`complete`), or it stays incomplete for good with the reason we do not model the
    definition (`problem`: it may then only be pointed to, as a declared-only type)."""
    tag: str
    members: Optional[tuple] = None
    size: int = 0
    align: int = 1
    problem: Optional[str] = None
    is_bool = False
    KEYWORD = ""                     # "struct", "union"

    @property
    def is_complete(self) -> bool:
        return self.members is not None

    @property
    def incomplete(self) -> str:
        """What an access that needs the members says of this type."""
        return f"incomplete {self.KEYWORD} type '{self.name}'" + (
            f" (its definition is not modelled: {self.problem})" if self.problem else "")

    @property
    def bits(self) -> int:
        return self.size * 8

    @property
    def name(self) -> str:
        return f"{self.KEYWORD} {self.tag}"

    def member(self, name: str):
        for member, ctype in self.members or ():
            if member == name:
                return ctype
        return None

    def complete(self, laid_out: "TaggedType") -> None:
        """Take the members and layout of the definition (`DataModel.layout`,
        `DataModel.union_layout`)."""
        self.members, self.size, self.align = laid_out.members, laid_out.size, laid_out.align

    def __str__(self) -> str:
        return self.name


@dataclass(eq=False)
class StructType(TaggedType):
    """A struct type (`cfa/structs.py`) with GCC's layout for the data model
    (`DataModel.layout`); members: ((name, scalar, PointerType, StructType, UnionType or
    ArrayType), ...)."""
    KEYWORD = "struct"


@dataclass(eq=False)
class UnionType(TaggedType):
    """A union type (`cfa/unions.py`): every member at offset 0, the size the largest
    member's rounded up to the largest alignment (`DataModel.union_layout`); members: ((name,
    IntType, ArrayType, StructType or UnionType), ...)."""
    KEYWORD = "union"


@dataclass(frozen=True)
class PointerType:
    """`T *`; `target` None: `void *`.  Its width is the data model's (`pointer_bits`)."""
    target: Optional[object]        # an IntType, FloatType or StructType

    @property
    def name(self) -> str:
        return f"{self.target or 'void'} *"


CType = Union[IntType, FloatType, ArrayType, StructType, UnionType]


def element_type(ctype):
    """The type of an array's elements, or of a scalar the type itself."""
    return ctype.element if isinstance(ctype, ArrayType) else ctype

RANKS = {"_Bool": 0, "char": 1, "signed char": 1, "unsigned char": 1, "short": 2,
         "unsigned short": 2, "int": 3, "unsigned int": 3, "long": 4, "unsigned long": 4,
         "long long": 5, "unsigned long long": 5, "__int128": 6, "unsigned __int128": 6}


class DataModel:
    """Integer widths of ILP32 or LP64 (char is signed in both)."""

    def __init__(self, name: str) -> None:
        if name not in ("ILP32", "LP64"):
            raise ValueError(name)
        self.name = name
        long_bits = 32 if name == "ILP32" else 64
        self.pointer_bits = long_bits
        self.types = {
            "_Bool": IntType("_Bool", 8, False, True),
            "char": IntType("char", 8, True),
            "signed char": IntType("signed char", 8, True),
            "unsigned char": IntType("unsigned char", 8, False),
            "short": IntType("short", 16, True),
            "unsigned short": IntType("unsigned short", 16, False),
            "int": IntType("int", 32, True),
            "unsigned int": IntType("unsigned int", 32, False),
            "long": IntType("long", long_bits, True),
            "unsigned long": IntType("unsigned long", long_bits, False),
            "long long": IntType("long long", 64, True),
            "unsigned long long": IntType("unsigned long long", 64, False),
        }
        if name == "LP64":
            self.types["__int128"] = IntType("__int128", 128, True)
            self.types["unsigned __int128"] = IntType("unsigned __int128", 128, False)
        self.int = self.types["int"]
        self.size_t = self.types["unsigned long"]

    def from_specifiers(self, names: list[str], line: Optional[int] = None):
        """`unsigned long int`, `double` and friends -> IntType or FloatType."""
        words = [n for n in names if n not in ("signed", "int", "const", "volatile",
                                               "__signed__", "__signed", "register")]
        unsigned = "unsigned" in names
        words = [w for w in words if w != "unsigned"]
        if "float" in words or "double" in words:
            if words == ["float"] and not unsigned:
                return FLOAT
            if words == ["double"] and not unsigned:
                return DOUBLE
            if sorted(words) == ["double", "long"] and not unsigned:
                return LONG_DOUBLE
            raise Unsupported(f"type '{' '.join(names)}'", line)
        if "_Complex" in words or "__complex__" in words:
            raise Unsupported("complex type", line)
        if words == ["void"]:
            raise Unsupported("void value", line)
        key = " ".join(words)
        mapping = {"": "int", "char": "char", "short": "short", "long": "long",
                   "long long": "long long", "_Bool": "_Bool", "__int128": "__int128",
                   "__int128_t": "__int128", "__uint128_t": "unsigned __int128"}
        if key not in mapping:
            raise Unsupported(f"type '{' '.join(names)}'", line)
        base = mapping[key]
        if base == "char" and "signed" in names and not unsigned:
            base = "signed char"
        if unsigned and base != "_Bool":
            base = base if base.startswith("unsigned") else "unsigned " + base
        if base not in self.types:
            raise Unsupported(f"type '{' '.join(names)}' in data model {self.name}", line)
        return self.types[base]

    def alignment(self, ctype) -> int:
        """The alignment of a struct member of this type (i386: `long long` and `double` are
        4-aligned in structs; x86-64: 8)."""
        if isinstance(ctype, ArrayType):
            return self.alignment(ctype.element)
        if isinstance(ctype, (StructType, UnionType)):
            return ctype.align
        size = self.bytes(ctype)
        return min(size, 4) if self.name == "ILP32" else size

    def bytes(self, ctype) -> int:
        """The size of a (constant-size) type in bytes."""
        if isinstance(ctype, PointerType):
            return self.pointer_bits // 8
        if isinstance(ctype, ArrayType):
            return ctype.size * self.bytes(ctype.element)
        if ctype == LONG_DOUBLE:
            return 12 if self.name == "ILP32" else 16     # 10 bytes and padding to the alignment
        return ctype.bits // 8

    def layout(self, tag: str, members: list) -> StructType:
        """GCC's layout: each member at the next multiple of its alignment, the size rounded
        up to the largest alignment (no packing, no bit-fields)."""
        offset, align = 0, 1
        for _, ctype in members:
            a = self.alignment(ctype)
            offset = (offset + a - 1) // a * a + self.bytes(ctype)
            align = max(align, a)
        size = (offset + align - 1) // align * align
        return StructType(tag, tuple(members), size, align)

    def union_layout(self, tag: str, members: list) -> UnionType:
        """GCC's layout of a union: every member at offset 0, the size the largest member's
        rounded up to the largest alignment (of members as in a struct: i386 4-aligns
        `long long` there too)."""
        align = max(self.alignment(ctype) for _, ctype in members)
        largest = max(self.bytes(ctype) for _, ctype in members)
        return UnionType(tag, tuple(members), (largest + align - 1) // align * align, align)

    def offsets(self, stype: StructType) -> dict:
        """Each member's offset in bytes (for `offsetof` and the layout test)."""
        found, offset = {}, 0
        for name, ctype in stype.members:
            a = self.alignment(ctype)
            offset = (offset + a - 1) // a * a
            found[name] = offset
            offset += self.bytes(ctype)
        return found

    def promote(self, t):
        """Integer promotion (C11 6.3.1.1); a floating type stays as it is (no default
        argument promotion here: calls convert to the parameters' types)."""
        if isinstance(t, FloatType):
            return t
        if t.rank < self.int.rank:
            return self.int if self.int.max >= t.max else self.types["unsigned int"]
        return t

    def usual_arithmetic(self, a, b):
        """Usual arithmetic conversions (C11 6.3.1.8): a floating operand wins (the wider
        format of two; FLT_EVAL_METHOD 0: float op float is computed in float), else the
        integer rules."""
        if isinstance(a, FloatType) or isinstance(b, FloatType):
            floats = [t for t in (a, b) if isinstance(t, FloatType)]
            return max(floats, key=lambda t: t.bits)
        a, b = self.promote(a), self.promote(b)
        if a == b:
            return a
        if a.signed == b.signed:
            return a if a.rank >= b.rank else b
        unsigned, signed = (a, b) if not a.signed else (b, a)
        if unsigned.rank >= signed.rank:
            return unsigned
        if signed.bits > unsigned.bits:
            return signed
        return self.types["unsigned " + signed.name]

    def enum_type(self, values: list[int], line: Optional[int] = None) -> IntType:
        """GCC's type for an enumeration with these constants (C, no -fshort-enums, not
        packed; c-decl.cc, finish_enum): unsigned int when no constant is negative and all fit,
        int when all fit in int, else the 64-bit type of that signedness that
        c_common_type_for_size picks (long in LP64, long long in ILP32)."""
        low, high = min(values), max(values)
        names = ("unsigned int", "unsigned long", "unsigned long long") if low >= 0 \
            else ("int", "long", "long long")
        for name in names:
            if self.types[name].min <= low and high <= self.types[name].max:
                return self.types[name]
        raise Unsupported("enumeration with a constant wider than 64 bits", line)

    def literal_type(self, text: str, line: Optional[int] = None) -> tuple[int, IntType]:
        """Value and type of an integer constant (C11 6.4.4.1)."""
        raw = text.lower()
        suffix = ""
        while raw and raw[-1] in "ul":
            suffix = raw[-1] + suffix
            raw = raw[:-1]
        if raw.startswith("0x"):
            value, decimal = int(raw, 16), False
        elif raw.startswith("0b"):
            value, decimal = int(raw[2:], 2), False
        elif raw.startswith("0") and len(raw) > 1:
            value, decimal = int(raw, 8), False
        else:
            value, decimal = int(raw), True
        unsigned = "u" in suffix
        longs = suffix.count("l")
        if longs == 0:
            candidates = ["int", "long", "long long"]
        elif longs == 1:
            candidates = ["long", "long long"]
        else:
            candidates = ["long long"]
        chosen = []
        for name in candidates:
            if unsigned:
                chosen.append("unsigned " + name)
            else:
                chosen.append(name)
                if not decimal:
                    chosen.append("unsigned " + name)
        for name in chosen:
            t = self.types[name]
            if t.min <= value <= t.max:
                return value, t
        raise Unsupported(f"integer constant {text} does not fit any type", line)
