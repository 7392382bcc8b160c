"""The ways C integers become z3 terms: bit-vectors, or mathematical integers.

Both are exact for the operations they accept.  `BitVectors` accepts everything the IR has.
`Integers` represents a value of a C type by the mathematical integer it denotes (a signed
char -1 is -1, an unsigned char 255 is 255) and makes every defined wrap-around explicit (`If`
for one window, `mod` beyond: unsigned arithmetic, conversions); a signed result out of range
is undefined behaviour, a target where executions end, so it is left unwrapped.  It accepts +, -, unary -, ~, comparisons, casts, multiplication by a
constant, division and remainder by a constant, shifts by a constant, `& (2^k - 1)`, and no
arrays.  Linear integer arithmetic is where z3 (Houdini's queries, Spacer) is strong, and
bit-blasting is weak: a bit-vector solver needs seconds to see that `a + 1` does not overflow
when `a < b`, an integer solver microseconds.  `choose_theory` picks `Integers` when the
program stays within what it accepts.
"""
from __future__ import annotations

from typing import Optional

import z3

from . import fp_terms
from .raw_terms import And, Or
from .c_types import ArrayType, FloatType, IntType, element_type
from .ir import (ARITHMETIC, CFA, RELATIONS, Binary, Cast, Const, Load, Ref, Unary,
                 expressions_of)

_UNSIGNED_RELATIONS = {"<": z3.ULT, "<=": z3.ULE, ">": z3.UGT, ">=": z3.UGE}

INDEX_BITS = 64
INDEX_TYPE = IntType("index", INDEX_BITS, True)


class BitVectors:
    """C integers as bit-vectors of their width (signedness lives in the operations), and
    `float`/`double` as z3 floating-point terms (`fp_terms`)."""

    name = "bit-vectors"

    def sort(self, ctype) -> z3.SortRef:
        if isinstance(ctype, ArrayType):
            return z3.ArraySort(z3.BitVecSort(INDEX_BITS), self.sort(ctype.element))
        if isinstance(ctype, FloatType):
            return fp_terms.sort(ctype)
        return z3.BitVecSort(ctype.bits)

    def const(self, value, ctype) -> z3.ExprRef:
        if isinstance(ctype, FloatType):
            return fp_terms.const(float(value), ctype)
        return z3.BitVecVal(value & ((1 << ctype.bits) - 1), ctype.bits)

    def well_typed(self, term, ctype) -> z3.BoolRef:
        return z3.BoolVal(True)             # the sort is the type

    def number(self, value: z3.ExprRef, ctype):
        """The C value of a model value of this type (a Python float for a floating type)."""
        if isinstance(ctype, FloatType):
            return fp_terms.number(value)
        number = value.as_long()
        if ctype.signed and number >= 1 << (ctype.bits - 1):
            number -= 1 << ctype.bits
        return number

    def from_bool(self, b: z3.BoolRef, ctype: IntType) -> z3.BitVecRef:
        return z3.If(b, self.const(1, ctype), self.const(0, ctype))

    def cast(self, term, source, target):
        """The conversion; from a floating type to an integer type only meaningful where
        `fp_terms.defined_conversion` holds (the encoder's UB target)."""
        if isinstance(source, FloatType):
            return fp_terms.to_float(term, source, target) if isinstance(target, FloatType) \
                else fp_terms.to_integer(term, target)
        if isinstance(target, FloatType):
            return fp_terms.from_integer(term, source, target)
        if target.is_bool:
            return self.from_bool(term != 0, target)
        if target.bits == source.bits:
            return term
        if target.bits < source.bits:
            return z3.Extract(target.bits - 1, 0, term)
        extend = z3.SignExt if source.signed else z3.ZeroExt
        return extend(target.bits - source.bits, term)

    def compare(self, op: str, a, b, ctype) -> z3.BoolRef:
        if isinstance(ctype, FloatType):
            return fp_terms.compare(op, a, b)
        if op == "==":
            return a == b
        if op == "!=":
            return a != b
        if ctype.signed:
            return RELATIONS[op](a, b)
        return _UNSIGNED_RELATIONS[op](a, b)

    def negate(self, a, ctype):
        return fp_terms.negate(a) if isinstance(ctype, FloatType) else -a

    def complement(self, a, ctype: IntType):
        return ~a

    def arithmetic(self, op: str, a, b, ctype: IntType, right: Optional[IntType] = None):
        """`a op b` in `ctype` (for shifts, `right` is the type of b); UB is the caller's."""
        if isinstance(ctype, FloatType):
            return fp_terms.arithmetic(op, a, b)
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "&":
            return a & b
        if op == "|":
            return a | b
        if op == "^":
            return a ^ b
        if op == "/":
            return a / b if ctype.signed else z3.UDiv(a, b)
        if op == "%":
            return z3.SRem(a, b) if ctype.signed else z3.URem(a, b)
        b = self._shift_amount(b, ctype, right)
        if op == "<<":
            return a << b
        return a >> b if ctype.signed else z3.LShR(a, b)

    def index(self, term, ctype: IntType):
        return self.cast(term, ctype, INDEX_TYPE)

    def overflow(self, op: str, a, b, ctype: IntType) -> Optional[z3.BoolRef]:
        """The condition under which `a op b` leaves the range without wrapping (only for a
        theory that does not wrap); None: never an obligation."""
        return None

    def signed_overflow(self, op: str, a, b, ctype: IntType,
                        right: Optional[IntType] = None) -> Optional[z3.BoolRef]:
        """The condition under which the signed `a op b` (`-a` for "neg") has no value in
        `ctype`: undefined behaviour (C11 6.5p5; for `<<`, 6.5.7p4: a negative left operand,
        or a result not representable).  None for unsigned and floating types (Annex F:
        floating overflow gives an infinity) and other operators."""
        if isinstance(ctype, FloatType) or not ctype.signed:
            return None
        if op in ("+", "-"):
            return _wide_sum_overflows(op, a, b)
        if op == "*":
            return z3.Not(And(z3.BVMulNoOverflow(a, b, True), z3.BVMulNoUnderflow(a, b)))
        if op == "neg":
            return a == self.const(ctype.min, ctype)
        if op == "<<":
            amount = self._shift_amount(b, ctype, right)
            # a << amount is representable iff 0 <= a <= max >> amount (for amount < width;
            # a larger amount is undefined anyway)
            return Or(a < 0, a > z3.LShR(self.const(ctype.max, ctype), amount))
        return None

    @staticmethod
    def _shift_amount(b, ctype: IntType, right: Optional[IntType]):
        """The shift amount `b` (of type `right`) as a bit-vector of the width of `ctype`."""
        width = ctype.bits
        if right is None or right.bits == width:
            return b
        if right.bits > width:
            return z3.Extract(width - 1, 0, b)
        return z3.ZeroExt(width - right.bits, b)

    def index_const(self, value: int):
        return z3.BitVecVal(value, INDEX_BITS)


def _wide_sum_overflows(op: str, a, b) -> z3.BoolRef:
    """`a + b` (or `a - b`) of two signed w-bit values has no w-bit value exactly when the
    sum in w + 1 bits, which always has one, has its two top bits different.  Why not z3's
    `bvsadd_no_overflow`: it compares the signs of a, b and the w-bit sum, so a sum of sums
    is bit-blasted as two adders that share nothing once the simplifier has flattened and
    reordered them (`(x1+x3+x4+x5) + x2` beside `x1+x2+x3+x4+x5`): the SAT solver needed
    20 s to exclude an overflow of five sign-extended ints in a `long long`, where this form,
    whose adder takes a and b as they are, needs 0.05 s (reducercommutativity/avg05-1).
    tests/test_adversarial_overflow_encoding.py proves the two forms equivalent."""
    wide = z3.SignExt(1, a) + z3.SignExt(1, b) if op == "+" else z3.SignExt(1, a) - z3.SignExt(1, b)
    top = a.size()
    return z3.Extract(top, top, wide) != z3.Extract(top - 1, top - 1, wide)


class Integers:
    """C integers as the mathematical integers they denote, every defined wrap-around
    explicit (signed overflow is a target: `signed_overflow`)."""

    name = "integers"

    def __init__(self) -> None:
        # value -> its z3 numeral: the encoding of a witness of thousands of invariants made
        # the same few (the bounds of int, 0, 1) hundreds of thousands of times
        self._numerals: dict[int, z3.ArithRef] = {}

    def numeral(self, value: int) -> z3.ArithRef:
        """`z3.IntVal(value)`, made once per value."""
        term = self._numerals.get(value)
        if term is None:
            term = self._numerals[value] = z3.IntVal(value)
        return term

    def sort(self, ctype) -> z3.SortRef:
        if isinstance(ctype, ArrayType):
            # only where `checked_integer_obstacle(..., arrays=True)` admits them (procedure
            # summaries): a cell of an arbitrary array may hold a value outside its C type,
            # so reads are not exact (see `checked_integer_obstacle`)
            return z3.ArraySort(z3.IntSort(), self.sort(ctype.element))
        if isinstance(ctype, FloatType):
            raise ValueError("floating values are not represented with integers")
        return z3.IntSort()

    def const(self, value: int, ctype: IntType) -> z3.ArithRef:
        return self.numeral(ctype.wrap(value))

    def well_typed(self, term, ctype) -> z3.BoolRef:
        return And(term >= self.numeral(ctype.min), term <= self.numeral(ctype.max))

    def number(self, value: z3.ExprRef, ctype: IntType) -> int:
        return value.as_long()

    def from_bool(self, b: z3.BoolRef, ctype: IntType) -> z3.ArithRef:
        return z3.If(b, z3.IntVal(1), z3.IntVal(0))

    def cast(self, term, source, target):
        """The conversion between integer types (floating values have no integer sort:
        `sort`)."""
        if isinstance(source, FloatType) or isinstance(target, FloatType):
            raise ValueError("floating values are not represented with integers")
        if target.is_bool:
            return self.from_bool(term != 0, target)
        return _wrap(term, source.min, source.max, target)

    def compare(self, op: str, a, b, ctype: IntType) -> z3.BoolRef:
        return RELATIONS[op](a, b)

    def negate(self, a, ctype: IntType):
        if ctype.signed:
            return -a            # -MIN is undefined (a target): no execution goes on with it
        return _wrap(-a, -ctype.max, -ctype.min, ctype)

    def complement(self, a, ctype: IntType):
        # ~a is -a - 1 in two's complement, 2^w - 1 - a unsigned: never out of range
        return -a - 1 if ctype.signed else ctype.max - a

    def arithmetic(self, op: str, a, b, ctype: IntType, right: Optional[IntType] = None):
        """`a op b` in `ctype`.  A signed +, -, * or << whose result leaves the range is
        undefined behaviour, a target of its own (`signed_overflow`): executions end there, so
        the result is the mathematical value, not a wrapped one.  Wrapping would only describe
        what no execution that matters does, and its case split is what keeps Spacer and
        k-induction from the simple relational invariants (x - z >= -300) that exclude the
        overflow."""
        low, high = ctype.min, ctype.max
        if ctype.signed and op in ("+", "-"):
            return a + b if op == "+" else a - b
        if op == "+":
            return _wrap(a + b, 2 * low, 2 * high, ctype)
        if op == "-":
            return _wrap(a - b, low - high, high - low, ctype)
        if op == "*":
            factor = _constant(a) if _constant(a) is not None else _constant(b)
            if factor is None:
                raise ValueError("product of two variables")
            if ctype.signed:
                return a * b
            bound = abs(factor) * max(abs(low), abs(high))
            return _wrap(a * b, -bound, bound, ctype)
        if op in ("/", "%"):
            divisor = _constant(b)
            if divisor is None or divisor == 0:
                raise ValueError("division by a variable")
            magnitude = abs(divisor)
            # C truncates towards zero; z3's div floors for a positive divisor
            quotient = z3.If(a >= 0, a / magnitude, -((-a) / magnitude))
            if divisor < 0:
                quotient = -quotient
            if op == "%":
                return a - quotient * divisor
            # |quotient| <= |a|: only MIN / -1 (undefined, flagged by the caller) leaves the range
            return _wrap(quotient, low, -low, ctype) if ctype.signed else quotient
        if op in ("<<", ">>"):
            amount = _constant(b)
            if amount is None or not 0 <= amount < ctype.bits:
                raise ValueError("shift by a variable")
            if op == ">>":
                return a / (1 << amount)          # floor: the arithmetic shift of C (gcc)
            if ctype.signed:
                return a * (1 << amount)      # negative a or out of range: undefined
            bound = max(abs(low), abs(high)) << amount
            return _wrap(a * (1 << amount), -bound, bound, ctype)
        if op == "&":
            mask = _constant(b) if _constant(b) is not None else _constant(a)
            other = a if _constant(b) is not None else b
            if mask is None or mask <= 0 or mask & (mask + 1):
                raise ValueError("bitwise and with other than 2^k - 1")
            return other % (mask + 1)             # two's complement: the low k bits
        raise ValueError(f"operator {op}")

    def index(self, term, ctype: IntType):
        return term                 # an integer already: the flat index does not wrap

    def overflow(self, op: str, a, b, ctype: IntType) -> Optional[z3.BoolRef]:
        return None

    def signed_overflow(self, op: str, a, b, ctype: IntType,
                        right: Optional[IntType] = None) -> Optional[z3.BoolRef]:
        """As `BitVectors.signed_overflow`, over the unwrapped mathematical result (the theory
        is chosen only where the operations are linear: a product has a constant factor and a
        shift a constant amount)."""
        if not ctype.signed:
            return None
        if op == "neg":
            return a == ctype.min
        if op in ("+", "-", "*"):
            result = ARITHMETIC[op](a, b)
            return Or(result < self.numeral(ctype.min), result > self.numeral(ctype.max))
        if op == "<<":
            amount = _constant(b)
            if amount is None or not 0 <= amount < ctype.bits:
                return None          # the shift itself is refused or undefined (caller)
            return Or(a < 0, a * (1 << amount) > ctype.max)
        return None

    def index_const(self, value: int):
        return z3.IntVal(value)


class CheckedIntegers(Integers):
    """Integers in which a signed +, -, *, unary - or << that leaves the range is a proof
    obligation (`overflow`), a target that must be shown unreachable.  On every
    execution without such an overflow the terms are the C values; a proof that includes the
    obligations therefore holds for the real program, whose first overflow would be one of
    them.  Products and quotients of two variables are allowed (nonlinear integer arithmetic,
    where z3 proves polynomial invariants in milliseconds and bit-blasting does not at all)."""

    name = "checked integers"

    def arithmetic(self, op: str, a, b, ctype: IntType, right: Optional[IntType] = None):
        if ctype.signed and op in ("+", "-", "*"):
            return ARITHMETIC[op](a, b)
        if op in ("/", "%") and _constant(b) is None:
            # truncation towards zero, with z3's div (floor for a positive divisor)
            magnitude = z3.If(b >= 0, b, -b)
            quotient = z3.If(a >= 0, a / magnitude, -((-a) / magnitude))
            quotient = z3.If(b >= 0, quotient, -quotient)
            if op == "%":
                return a - quotient * b
            return _wrap(quotient, ctype.min, -ctype.min, ctype) if ctype.signed else quotient
        if op == "*" and _constant(a) is None and _constant(b) is None:
            bound = max(abs(ctype.min), abs(ctype.max)) ** 2
            return _wrap(a * b, -bound, bound, ctype)          # unsigned: wraps, as in C
        return super().arithmetic(op, a, b, ctype, right)

    def signed_overflow(self, op: str, a, b, ctype: IntType,
                        right: Optional[IntType] = None) -> Optional[z3.BoolRef]:
        return None          # every signed overflow is an obligation here (`overflow`)

    def overflow(self, op: str, a, b, ctype: IntType) -> Optional[z3.BoolRef]:
        # every signed overflow the real program has (+, -, *, unary -, <<; see
        # `Integers.signed_overflow`) is an obligation here, so that proving all of them shows
        # that no execution overflows
        return super().signed_overflow(op, a, b, ctype)


def _constant(term) -> Optional[int]:
    """The value of a term that is a constant (a literal, or a folded cast or minus of one)."""
    if not z3.is_int_value(term):
        term = z3.simplify(term)
    return term.as_long() if z3.is_int_value(term) else None


def _wrap(term, low: int, high: int, target: IntType):
    """`term`, known to lie in [low, high], converted to `target` (C11 6.3.1.3 with gcc's
    modular choice for signed targets)."""
    if target.min <= low and high <= target.max:
        return term
    modulus = 1 << target.bits
    if target.min - modulus <= low and high <= target.max + modulus:
        return z3.If(term > target.max, term - modulus,
                     z3.If(term < target.min, term + modulus, term))
    if target.signed:
        half = modulus >> 1
        return (term + half) % modulus - half
    return term % modulus


# ---------------------------------------------------------------- choice
def integer_obstacle(cfa: CFA) -> Optional[str]:
    """Why `Integers` cannot represent this program exactly, or None if it can."""
    floating = floating_obstacle(cfa)
    if floating:
        return floating
    for var in cfa.variables:
        if isinstance(var.type, ArrayType):
            return f"array '{var.name}'"
    for edge in cfa.edges:
        op = edge.op
        for expr in expressions_of(op):
            reason = _obstacle_in(expr)
            if reason:
                return reason + (f" at line {edge.line}" if edge.line else "")
    return None


def checked_integer_obstacle(cfa: CFA, arrays: bool = False) -> Optional[str]:
    """Why `CheckedIntegers` cannot represent this program, or None if it can.

    `arrays`: arrays of integers as z3 arrays of integers, for engines that only prove (the
    procedure summaries).  A cell of an array that nothing wrote in range (a havoc, a state a
    solver assumes) may hold an integer outside the cell's C type: such a read has more values
    than C allows, never fewer, so a proof still covers every execution, while a path found
    through such a value need not be one."""
    floating = floating_obstacle(cfa)
    if floating:
        return floating
    for var in cfa.variables:
        if isinstance(var.type, ArrayType) and not arrays:
            return f"array '{var.name}'"
    for edge in cfa.edges:
        for expr in expressions_of(edge.op):
            reason = _obstacle_in(expr, nonlinear=True, arrays=arrays)
            if reason:
                return reason + (f" at line {edge.line}" if edge.line else "")
    return None


def floating_obstacle(cfa: CFA) -> Optional[str]:
    """A floating-point variable of the program (every floating value passes through a
    variable or a cast; only bit-vectors with z3's FP terms represent them), or None."""
    for var in cfa.variables:
        ctype = element_type(var.type)
        if isinstance(ctype, FloatType):
            return f"floating-point variable '{var.name}'"
    for edge in cfa.edges:
        for expr in expressions_of(edge.op):
            if _has_floating(expr):
                return "floating-point expression" + (f" at line {edge.line}" if edge.line else "")
    return None


def _has_floating(e) -> bool:
    if isinstance(getattr(e, "type", None), FloatType):
        return True
    return any(_has_floating(child) for child in (getattr(e, "arg", None), getattr(e, "left", None),
                                                  getattr(e, "right", None), getattr(e, "cond", None),
                                                  getattr(e, "then", None),
                                                  getattr(e, "otherwise", None))
               if child is not None)


def choose_theory(cfa: CFA):
    return BitVectors() if integer_obstacle(cfa) else Integers()


def _obstacle_in(e, nonlinear: bool = False, arrays: bool = False) -> Optional[str]:
    """What in `e` linear integer arithmetic cannot express (with `nonlinear`: what nonlinear
    integer arithmetic cannot; with `arrays`: array reads are allowed)."""
    if isinstance(e, (Const, Ref)):
        return None
    if isinstance(e, Load):
        if not arrays:
            return "array access"
        for index in e.indices:
            reason = _obstacle_in(index, nonlinear, arrays)
            if reason:
                return reason
        return None
    if isinstance(e, Binary):
        constant_right = _folds(e.right)
        constant_left = _folds(e.left)
        if e.op == "*" and not (constant_left or constant_right) and not nonlinear:
            return "product of two variables"
        if e.op in ("/", "%") and not constant_right and not nonlinear:
            return f"'{e.op}' by a variable"
        if e.op in ("<<", ">>") and not constant_right:
            return f"'{e.op}' by a variable"
        if e.op in ("<<", ">>") and constant_right:
            amount = _fold(e.right)
            if amount is None or not 0 <= amount < e.type.bits:
                return "shift by the width or more"
        if e.op == "&":
            mask = _fold(e.right) if constant_right else _fold(e.left) if constant_left else None
            if mask is None or mask <= 0 or mask & (mask + 1):
                return "bitwise '&' other than with 2^k - 1"
        if e.op in ("|", "^"):
            return f"bitwise '{e.op}'"
        return _obstacle_in(e.left, nonlinear, arrays) or _obstacle_in(e.right, nonlinear, arrays)
    for child in (getattr(e, "arg", None), getattr(e, "cond", None), getattr(e, "then", None),
                  getattr(e, "otherwise", None)):
        if child is not None:
            reason = _obstacle_in(child, nonlinear, arrays)
            if reason:
                return reason
    return None


def _folds(e) -> bool:
    return _fold(e) is not None


def _fold(e) -> Optional[int]:
    """The value of a constant expression (constants under casts and unary minus)."""
    if isinstance(e, Const):
        return e.type.wrap(e.value)
    if isinstance(e, Cast):
        inner = _fold(e.arg)
        return None if inner is None else e.type.wrap(inner)
    if isinstance(e, Unary) and e.op == "-":
        inner = _fold(e.arg)
        return None if inner is None else e.type.wrap(-inner)
    return None
