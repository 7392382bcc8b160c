"""Build the control-flow automaton of `main` from the instrumented AST, calls inlined
(recursive calls too, up to a bound: deeper calls end in a cut-off node, see `CFA.bounds`).
With `summarise_recursion`, recursive functions are not inlined: each is built once as a
`Procedure` and called through `Call` edges, for the engine that solves procedure summaries.

Side effects inside expressions become edges in the order C defines (left to right where C
leaves it open); `&&`, `||` and `?:` in conditions become branches.  Every construct that is not
modelled exactly raises `Unsupported` naming it and its line.

The modules (`CFABuilder` is the builder's state plus one mixin per concern; the mixins never
import `builder`):
- `builder`: `CFABuilder` and `build_cfa`: nodes, edges, variables, scopes and lookup, type
  resolution, declarations' initialisers, parameters and `build`.
- `statements`: statements, `switch`, declarations inside functions and branches on conditions.
- `expressions`: lowering expressions: constants, unary and binary operators, array references,
  lvalues, writes, assignments, truth values and conversions.
- `calls`: calls: inlining, procedures for summarised recursion, external and nondet
  functions, the error and end functions, the witness intrinsics.
- `order`: what evaluating an expression (or calling a function) may write and read, and the
  checks that unsequenced evaluations do not interfere.
- `constants`: folding constant IR expressions, character constants (initialiser lists:
  `initialisers`, which `unions` uses for a union's array member too).
- `syntax`: queries on the pycparser AST (lines, side effects, labels, cases, `void`), and
  `Preorder`, the one walk of the whole program that the scans before lowering share.
- `literals`: string literals (their bytes, arrays they initialise, their read-only objects).
- `string_calls`: the `<string.h>` functions modelled exactly, as loops over bytes.
- `names`: the functions with a fixed meaning, nondet types, operator sets and the bounds.
- `indeterminate`: after the build, reads that may see an uninitialised value become undefined
  behaviour targets (or fresh nondet values with `--uninitialized nondet`).
"""
from .builder import CFABuilder, build_cfa, woven_program_cfa
from .indeterminate import NONDET, UNDEFINED, UNINITIALISED_READ
from .names import (ARITHMETIC_OPS, ASSUME_FUNCTIONS, COMPARISONS, END_FUNCTIONS,
                    FUNCTION_NAME_IDS, HEAP_FUNCTIONS, MAX_COPIES, MAX_RECURSION, NO_OP_FUNCTIONS,
                    NONDET_TYPES, NORETURN_BUILTINS, STRING_FUNCTIONS)
from .syntax import declared_noreturn, has_side_effects

__all__ = ["ARITHMETIC_OPS", "ASSUME_FUNCTIONS", "COMPARISONS", "END_FUNCTIONS",
           "FUNCTION_NAME_IDS", "HEAP_FUNCTIONS", "MAX_COPIES", "MAX_RECURSION", "NO_OP_FUNCTIONS",
           "NONDET_TYPES", "NORETURN_BUILTINS", "STRING_FUNCTIONS", "CFABuilder", "build_cfa",
           "declared_noreturn", "has_side_effects", "woven_program_cfa", "NONDET", "UNDEFINED", "UNINITIALISED_READ"]
