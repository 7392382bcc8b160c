"""Names with a fixed meaning for the CFA: functions that end the program, do nothing, assume,
name the current function or use the heap (when the program does not define them: a definition
of the program runs its body); the functions gcc treats as noreturn; the nondet functions'
types; operator sets; and the bounds of inlined recursion."""
from __future__ import annotations

END_FUNCTIONS = {"abort", "exit", "_exit", "_Exit", "__assert_fail", "__assert",
                 "__assert_perror_fail", "__VERIFIER_error"}
NO_OP_FUNCTIONS = {"__VERIFIER_atomic_begin", "__VERIFIER_atomic_end"}
ASSUME_FUNCTIONS = ("__VERIFIER_assume", "__goblint_assume")     # unless the program defines them
FUNCTION_NAME_IDS = {"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"}
# <string.h> functions modelled exactly (`string_calls.py`) unless the program defines them;
# the gcc build calls the C library's
STRING_FUNCTIONS = frozenset({"memset", "memcpy", "memmove", "memcmp", "strlen", "strcmp",
                              "strcpy", "strncpy"})
# <stdio.h>'s streams as far as SV-COMP programs use them (`stream_calls.py`), unless the
# program defines them; the gcc build stubs them (`execution/harness.py`)
STREAM_FUNCTIONS = frozenset({"fopen", "fclose"})
HEAP_FUNCTIONS = {"malloc", "calloc", "realloc", "free", "alloca", "__builtin_alloca"}
# gcc's built-ins that do not return ("'noreturn' function does return" for a definition that
# does), and the attributes that declare a function so (with `_Noreturn`, C11 6.7.4)
NORETURN_BUILTINS = {"abort", "exit", "_exit", "_Exit"}
NORETURN_ATTRIBUTES = {"noreturn", "__noreturn__"}
NONDET_TYPES = {
    "bool": "_Bool", "_Bool": "_Bool", "char": "char", "uchar": "unsigned char",
    "unsigned_char": "unsigned char", "short": "short", "ushort": "unsigned short",
    "unsigned_short": "unsigned short", "int": "int", "uint": "unsigned int",
    "unsigned": "unsigned int", "unsigned_int": "unsigned int", "long": "long",
    "ulong": "unsigned long", "unsigned_long": "unsigned long", "longlong": "long long",
    "ulonglong": "unsigned long long", "int128": "__int128", "uint128": "unsigned __int128",
    "size_t": "unsigned long", "loff_t": "long long", "sector_t": "unsigned long long",
    "u32": "unsigned int", "u8": "unsigned char", "u16": "unsigned short",
    "float": "float", "double": "double",
}
# the functions of <math.h> (C11 7.12, with the f and l variants, and glibc's internal names
# its macros expand to): a call the program does not define is `Unsupported` naming the
# function (the library computes a value, so no nondet value stands for it), unless modelled
# exactly in `calls.py` (`MODELLED_MATH`)
_MATH_BASE = ("acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 expm1 "
              "frexp ilogb ldexp log log10 log1p log2 logb modf scalbn scalbln cbrt fabs hypot "
              "pow sqrt erf erfc lgamma tgamma ceil floor nearbyint rint lrint llrint round "
              "lround llround trunc fmod remainder remquo copysign nan nextafter nexttoward fdim "
              "fmax fmin fma").split()
MATH_FUNCTIONS = frozenset([f + suffix for f in _MATH_BASE for suffix in ("", "f", "l")] + [
    "isnan", "isinf", "isfinite", "isnormal", "signbit", "fpclassify", "__isnan", "__isnanf",
    "__isinf", "__isinff", "__finite", "__finitef", "__signbit", "__signbitf", "__fpclassify",
    "__fpclassifyf", "__isnanl", "__isinfl", "__finitel", "__signbitl", "__fpclassifyl"])
ARITHMETIC_OPS = {"+", "-", "*", "/", "%", "&", "|", "^"}
# recursion is inlined as deep as this (calls of one function on the stack), with at most
# MAX_COPIES function bodies in all; deeper calls are cut off (see CFA.bounds)
MAX_RECURSION = 64
MAX_COPIES = 2000
COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}


def has_fixed_meaning(name: str) -> bool:
    """The CFA gives a function of this name a meaning of its own when the program does not
    define it (ends, no-ops, assumptions, nondet values, heap, concurrency)."""
    return (name in END_FUNCTIONS or name in NO_OP_FUNCTIONS or name in ASSUME_FUNCTIONS
            or name in HEAP_FUNCTIONS
            or name.startswith(("__VERIFIER_nondet_", "__VERIFIER_atomic", "pthread_")))
