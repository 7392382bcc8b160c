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
}
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
