"""The one C harness for native runs: the instrumented program made self-contained for gcc.

Replays of counterexamples (`replay.py`), native random testing (`engines/fuzzing.py`) and the
differential test of the semantics all build their program here: `program_text` prints the
woven AST with the error function and the witness intrinsics defined to print markers, and
every function the program calls without defining it stubbed with the meaning the CFA gives it
(`stub_functions`); `compile_program` builds it (`-O0`, traps on the undefined
behaviour the encoder models, `-m32` for ILP32); `read_markers` reads what a run printed.

Ghost updates (`instrument.ghosts`) are ordinary C there too; each is bracketed by the number
of the update in `__replay_ghost`, so that a trap inside one (undefined behaviour of the
witness, not of the program) is reported as `REPLAY-GHOST-UB n` before the run dies of it
(`read_ghost_markers`).
"""
from __future__ import annotations

import os
import subprocess
from contextlib import contextmanager
from typing import Optional, Sequence

from pycparser import c_ast
from pycparserext.ext_c_generator import GnuCGenerator

from instrument.expressions import copy_tree
from instrument.frontend import FUNCTION_DECLARATORS
from instrument.woven import ASSUME, CHECK, WeaveResult

from ..semantics.cfa.syntax import has_side_effects
from .shadow import add_shadows
from ..semantics.cfa import (ASSUME_FUNCTIONS, END_FUNCTIONS, NO_OP_FUNCTIONS, NONDET_TYPES,
                             NORETURN_BUILTINS, STRING_FUNCTIONS, declared_noreturn)

WHERE_CODES = {"loop_head": 0, "do_body_entry": 1, "do_before_condition": 2,
               "before_statement": 3, "function_end": 4, "function_entry": 5,
               "function_return": 6}


class _Renamer(c_ast.NodeVisitor):
    """Calls of the error function get `error_stub`; check calls get a code for (index, where)."""

    def __init__(self, error_function: str, error_stub: str, where_of: dict) -> None:
        self.error_function = error_function
        self.error_stub = error_stub
        self.where_of = where_of

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID):
            if node.name.name == self.error_function:
                node.name = c_ast.ID(self.error_stub)
            elif node.name.name == CHECK and id(node) in self.where_of:
                index = int(node.args.exprs[0].value)
                code = index * 8 + WHERE_CODES.get(self.where_of[id(node)], 7)
                node.args.exprs[0] = c_ast.Constant("int", str(code))
        self.generic_visit(node)

    def visit_ID(self, node: c_ast.ID) -> None:
        """The error function used as a value (`void (*f)(void) = reach_error;`): a call
        through the pointer is a call of it too (`cfa/function_pointers.py`)."""
        if node.name == self.error_function:
            node.name = self.error_stub


class _GhostMarks(c_ast.NodeVisitor):
    """Each ghost assignment (by identity -> its number n) becomes
    `(__replay_ghost = n + 1, g = e, __replay_ghost = 0)`."""

    def __init__(self, numbers: dict[int, int]) -> None:
        self.numbers = numbers

    def generic_visit(self, node: c_ast.Node) -> None:
        for name, child in node.children():
            number = self.numbers.get(id(child))
            if number is None:
                self.visit(child)
                continue
            flag = c_ast.ID(GHOST_FLAG)
            _replace_child(node, name, c_ast.ExprList([
                c_ast.Assignment("=", flag, c_ast.Constant("int", str(number + 1))), child,
                c_ast.Assignment("=", c_ast.ID(GHOST_FLAG), c_ast.Constant("int", "0"))]))


GHOST_FLAG = "__replay_ghost"
# a trap (SIGILL: the sanitizers' ud2; SIGFPE to be sure) while a ghost update runs is named,
# then the signal's default action ends the run as any other trap does
GHOST_WATCH = [
    'extern void (*__replay_signal(int, void (*)(int)))(int) __asm__("signal");',
    f"static void __replay_ghost_trap(int sig) {{ if ({GHOST_FLAG}) {{ "
    f'__replay_printf("REPLAY-GHOST-UB %d\\n", {GHOST_FLAG} - 1); __replay_fflush(0); }} '
    "__replay_signal(sig, (void (*)(int))0); }",
    "__attribute__((constructor)) static void __replay_watch_ghosts(void) { "
    "__replay_signal(4, __replay_ghost_trap); __replay_signal(8, __replay_ghost_trap); }",
]


def ghost_values_report(names: Sequence[str]) -> str:
    """C statements printing `REPLAY-GHOSTS g=v ...` (integers in their own signedness,
    floating values exactly with `%a`: converting one to `long long` could trap)."""
    if not names:
        return ""
    parts = "".join(f'_Generic(({name}), float: __replay_printf(" {name}=%a", (double)({name})), '
                    f'double: __replay_printf(" {name}=%a", (double)({name})), '
                    f'default: __replay_printf(({name}) < 0 ? " {name}=%lld" : " {name}=%llu", '
                    f"(long long)({name}))); " for name in names)
    return f'__replay_printf("REPLAY-GHOSTS"); {parts}__replay_printf("\\n");'


def _ghost_value(text: str):
    """A printed ghost value: an integer, or a floating value in `%a` form."""
    try:
        return int(text)
    except ValueError:
        return float.fromhex(text)


def read_ghost_markers(lines) -> tuple[list[int], dict]:
    """(the ghost updates that trapped, the ghost values printed before each failed check
    ((index, where) -> ((name, value), ...)) and before reaching the error ("error"))."""
    trapped: list[int] = []
    values: dict = {}
    pending: tuple = ()
    for line in lines:
        if line.startswith("REPLAY-GHOST-UB ") and line.split()[-1].isdigit():
            trapped.append(int(line.split()[-1]))
        elif line.startswith("REPLAY-GHOSTS"):
            pending = tuple((name, _ghost_value(value)) for name, value in
                            (item.split("=", 1) for item in line.split()[1:]))
        elif line == "REPLAY-REACHED-ERROR" or line.startswith("REPLAY-CHECK-FAILED "):
            reached, failed = read_markers([line])
            for key in (["error"] if reached else []) + failed:
                values[key] = pending
            pending = ()
    return trapped, values


def rename_error_calls(ast: c_ast.Node, error_function: str, error_stub: str) -> None:
    """Calls of the property's error function call `error_stub` instead (in place)."""
    _Renamer(error_function, error_stub, {}).visit(ast)


class _OwnTypeGenerator(GnuCGenerator):
    """C text in which every arithmetic operation of a function body is computed in its own
    type, so that the sanitizer sees each signed overflow.

    GCC's front end computes an arithmetic result that is only used converted to a narrower
    type in that narrower type, even at -O0 (`(signed char)(x * 37)`, `c = x * 37`,
    `(x * 37) & 0xff`): the multiplication in `int` disappears and with it the overflow check,
    so the build would run through undefined behaviour without a trap.  Each `a op b` (op one of
    + - * / % <<) and each `-a` is printed as the GNU statement expression
    `({ __auto_type v = a op b; v; })`, whose value is computed in the operation's type and only
    then converted.  Constant expressions (case labels, array sizes, enumerators, bit-field
    widths, static initialisers, types) stay as they are."""

    ARITHMETIC = frozenset({"+", "-", "*", "/", "%", "<<"})
    # operators whose constant operands GCC folds, checks and all, even at -O0
    FOLDED = ARITHMETIC | {">>"}

    def __init__(self, enumerators: frozenset = frozenset()) -> None:
        super().__init__()
        self._in_code = False
        self._serial = 0
        self._enumerators = enumerators        # names of the program's enumeration constants
        self._opaque_nodes: set[int] = set()   # ids of constants to print as `_opaque`

    @contextmanager
    def _code(self, on: bool):
        before, self._in_code = self._in_code, on
        try:
            yield
        finally:
            self._in_code = before

    def _own_type(self, text: str) -> str:
        if not self._in_code:
            return text
        self._serial += 1
        name = f"__own_type_{self._serial}"
        # the local label ends gcc's basic block: at -O0 gcc splits a block at each inline
        # overflow check, moving the rest of the block every time, so that one long block
        # of checked operations (a straight-line program of thousands of statements) took
        # minutes to compile (quadratic); with a label before each operation every block
        # holds a few checks.  An unused label changes nothing else.
        label = f"__own_block_{self._serial}"
        return f"({{ __label__ {label}; {label}: ; __auto_type {name} = {text}; {name}; }})"

    def visit_BinaryOp(self, n: c_ast.BinaryOp) -> str:
        if self._in_code and n.op in self.FOLDED:
            self._hide_constant(n.left)
            self._hide_constant(n.right)
        text = super().visit_BinaryOp(n)
        return self._own_type(text) if n.op in self.ARITHMETIC else text

    def visit_Assignment(self, n: c_ast.Assignment) -> str:
        # GCC computes `c *= x` for a narrow lvalue (a char, a short, a bit-field) in the
        # narrow type, even at -O0, where C computes in the promoted type: the overflow check
        # goes.  `E1 op= E2` is `E1 = E1 op (E2)` but for evaluating E1 once (C11
        # 6.5.16.2p3): printed so, the operation gets its own type (`visit_BinaryOp`).  An E1
        # with side effects is evaluated once into a pointer to it (to its struct for a member,
        # which may be a bit-field, whose address cannot be taken).
        if not (self._in_code and n.op[:-1] in self.ARITHMETIC and n.op != "="):
            return super().visit_Assignment(n)
        if not has_side_effects(n.lvalue):
            return super().visit_Assignment(c_ast.Assignment(
                "=", n.lvalue, c_ast.BinaryOp(n.op[:-1], n.lvalue, n.rvalue, n.coord), n.coord))
        self._serial += 1
        name = f"__target_{self._serial}"
        lvalue = n.lvalue
        if isinstance(lvalue, c_ast.StructRef):
            where = "" if lvalue.type == "->" else "&"
            holder = f"__auto_type {name} = {where}({self.visit(lvalue.name)});"
            target = c_ast.StructRef(c_ast.ID(name), "->", lvalue.field)
        else:
            holder = f"__auto_type {name} = &({self.visit(lvalue)});"
            target = c_ast.UnaryOp("*", c_ast.ID(name))
        assignment = c_ast.Assignment("=", target, c_ast.BinaryOp(n.op[:-1], target, n.rvalue))
        return f"({{ {holder} {super().visit_Assignment(assignment)}; }})"

    def visit_UnaryOp(self, n: c_ast.UnaryOp) -> str:
        if self._in_code and n.op in ("++", "--", "p++", "p--") and \
                isinstance(n.expr, c_ast.StructRef) and not has_side_effects(n.expr):
            # a member may be a bit-field, whose `++` GCC computes in the bit-field's own type
            # without an overflow check (`s.d++` of an `unsigned int d : 31` at INT_MAX: C
            # computes d + 1 in int, 6.3.1.1p2, an overflow): `++E` is `(E += 1)` (C11
            # 6.5.3.1p2), printed as `visit_Assignment` prints it; `E++` keeps the old value
            # in the type of `E + 0` (the promoted type, in which every use computes anyway)
            step = c_ast.Assignment("+=" if "+" in n.op else "-=", n.expr,
                                    c_ast.Constant("int", "1"), n.coord)
            if not n.op.startswith("p"):
                return f"({self.visit(step)})"
            self._serial += 1
            name = f"__old_{self._serial}"
            target = self.visit(n.expr)
            return (f"({{ __typeof__(({target}) + 0) {name} = ({target}); "
                    f"{self.visit(step)}; {name}; }})")
        if self._in_code and n.op == "-":
            self._hide_constant(n.expr)
        text = super().visit_UnaryOp(n)
        return self._own_type(text) if n.op == "-" else text

    # GCC folds an operation whose operands are constants (`2147483647 + 1`, `BIG * 2`,
    # `1 << 40`, `(int)3000000000u * 2`) at compile time, even at -O0, and the sanitizer then
    # has nothing to check: the build would run through the undefined behaviour, and a
    # native run would "prove" the program.  Such a constant is read from a volatile copy,
    # which has its value and type but is no constant to GCC.
    def _hide_constant(self, operand: c_ast.Node) -> None:
        node = operand
        while isinstance(node, c_ast.Cast) or \
                isinstance(node, c_ast.UnaryOp) and node.op in ("+", "-", "~"):
            node = node.expr
        if isinstance(node, c_ast.Constant) and node.type != "string" or \
                isinstance(node, c_ast.ID) and node.name in self._enumerators:
            self._opaque_nodes.add(id(node))

    def _opaque(self, text: str) -> str:
        self._serial += 1
        name = f"__opaque_{self._serial}"
        return f"({{ volatile __typeof__({text}) {name} = {text}; {name}; }})"

    def visit_Constant(self, n: c_ast.Constant) -> str:
        text = super().visit_Constant(n)
        return self._opaque(text) if id(n) in self._opaque_nodes else text

    def visit_ID(self, n: c_ast.ID) -> str:
        text = super().visit_ID(n)
        return self._opaque(text) if id(n) in self._opaque_nodes else text

    def visit_FuncDef(self, n: c_ast.FuncDef) -> str:
        with self._code(False):
            decl = self.visit(n.decl)
        self.indent_level = 0
        with self._code(True):
            body = self.visit(n.body)
        if n.param_decls:
            with self._code(False):
                knrdecls = ";\n".join(self.visit(p) for p in n.param_decls)
            return decl + "\n" + knrdecls + ";\n" + body + "\n"
        return decl + "\n" + body + "\n"

    def visit_Decl(self, n: c_ast.Decl, no_type: bool = False) -> str:
        with self._code(False):
            text = (self._generate_type(n.type, emit_base_type=False) if no_type
                    else self._generate_decl(n))
            if n.bitsize:
                text += " : " + self.visit(n.bitsize)
        if n.init:
            static = bool({"static", "extern"} & set(n.storage or []))
            with self._code(self._in_code and not static):
                text += " = " + self._visit_expr(n.init)
        return text

    def visit_Case(self, n: c_ast.Case) -> str:
        with self._code(False):
            text = "case " + self.visit(n.expr) + ":\n"
        for stmt in n.stmts:
            text += self._generate_stmt(stmt, add_indent=True)
        return text

    def visit_Typename(self, n: c_ast.Typename) -> str:
        with self._code(False):
            return super().visit_Typename(n)

    def visit_Enumerator(self, n: c_ast.Enumerator) -> str:
        with self._code(False):
            return super().visit_Enumerator(n)

    def visit_StaticAssert(self, n) -> str:
        with self._code(False):
            return super().visit_StaticAssert(n)


def trap_undefined_returns(ast: c_ast.FileAST) -> None:
    """Make the build trap (in place) where the model has undefined behaviour that no sanitizer
    checks: at the end of every non-void function but `main` (falling off it; undefined where
    the caller uses the value, and a run that traps there when the value is not used only
    costs a refutation, never gives a wrong one), and wherever a function that does not return
    (`_Noreturn`, noreturn, a definition of `abort` or `exit`) returns."""
    declarations: dict[str, list] = {}
    for node in ast.ext:
        decl = node.decl if isinstance(node, c_ast.FuncDef) else node
        if isinstance(decl, c_ast.Decl) and decl.name:
            declarations.setdefault(decl.name, []).append(decl)
    for function in (n for n in ast.ext if isinstance(n, c_ast.FuncDef)):
        name = function.decl.name
        noreturn = name in NORETURN_BUILTINS or any(declared_noreturn(d)
                                                    for d in declarations.get(name, []))
        returns = function.decl.type.type
        non_void = not (isinstance(returns, c_ast.TypeDecl) and
                        isinstance(returns.type, c_ast.IdentifierType) and
                        returns.type.names == ["void"])
        body = function.body
        if noreturn:
            _TrapReturns().visit(body)
        if noreturn or (non_void and name != "main"):
            body.block_items = (body.block_items or []) + [_trap()]


def _trap() -> c_ast.FuncCall:
    return c_ast.FuncCall(c_ast.ID("__builtin_trap"), None)


class _TrapReturns(c_ast.NodeVisitor):
    """Every `return` of a function body becomes `{ __builtin_trap(); return ...; }`."""

    def generic_visit(self, node: c_ast.Node) -> None:
        for name, child in node.children():
            if isinstance(child, c_ast.Return):
                _replace_child(node, name, c_ast.Compound([_trap(), child]))
            else:
                self.visit(child)


def _replace_child(parent: c_ast.Node, name: str, new: c_ast.Node) -> None:
    """Replace the child called `name` by pycparser's `children()` (`block_items[2]`, `iftrue`)."""
    if "[" in name:
        field, index = name[:-1].split("[")
        getattr(parent, field)[int(index)] = new
    else:
        setattr(parent, name, new)


def c_text(ast: c_ast.Node) -> str:
    """The C text of (part of) a program for the gcc build: every arithmetic operation in a
    function body computed in its own type (see `_OwnTypeGenerator`)."""
    enumerators = frozenset(e.name for e in _nodes(ast, c_ast.Enumerator))
    return _OwnTypeGenerator(enumerators).visit(ast)


def _nodes(ast: c_ast.Node, kind: type) -> list:
    """Every node of type `kind` in `ast`."""
    found, stack = [], [ast]
    while stack:
        node = stack.pop()
        if isinstance(node, kind):
            found.append(node)
        stack.extend(child for _, child in node.children())
    return found


def called_functions(ast: c_ast.Node) -> set[str]:
    """Names of the functions the program calls directly."""
    names: set[str] = set()

    class Calls(c_ast.NodeVisitor):
        def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
            if isinstance(node.name, c_ast.ID):
                names.add(node.name.name)
            self.generic_visit(node)
    Calls().visit(ast)
    return names


def stub_functions(ast: c_ast.FileAST, provided: set[str], next_value: str, blocked: str,
                   end: str) -> tuple[list[str], list[str]]:
    """(declarations, definitions) that make the program self-contained for gcc: every function
    it calls without defining gets the meaning the CFA gives it (semantics/cfa).  Nondet functions and
    external functions return `next_value` (a C expression; `{type}` is replaced by the return
    type) converted to their type, void external functions do nothing, `__VERIFIER_assume` and
    `__goblint_assume` run `blocked` when the condition is false, `__VERIFIER_error` and external
functions declared noreturn run `end`;
    either then traps, should it return (a program that defines `exit` has its own run in place
    of the C library's).  The C library provides abort, exit, the assert functions, malloc,
    calloc, realloc, free and the `STRING_FUNCTIONS`, gcc `alloca`; `fopen` reads an input
    (0: NULL, else a new block), `fclose` returns one, as the CFA reads them (`cfa/stream_calls.py`);
    `provided` are defined by the caller.  A function the program defines is never stubbed."""
    generator = GnuCGenerator()
    bodies = {n.decl.name for n in ast.ext if isinstance(n, c_ast.FuncDef)}
    prototypes = {n.name: n for n in ast.ext if isinstance(n, c_ast.Decl) and n.name
                  and isinstance(n.type, FUNCTION_DECLARATORS)}
    declarations, definitions = [], []
    for name in sorted(called_functions(ast) - bodies - provided):
        if name in ASSUME_FUNCTIONS:
            definitions.append(f"void {name}(int c) {{ if (!c) {{ {blocked} __builtin_trap(); }} "
                               "}")
        elif name == "__VERIFIER_error":
            definitions.append(f"void {name}(void) {{ {end} __builtin_trap(); }}")
        elif name in NO_OP_FUNCTIONS:
            definitions.append(f"void {name}(void) {{ }}")
        elif name in END_FUNCTIONS or name in LIBRARY_HEAP or \
                name in STRING_FUNCTIONS:
            continue        # the C library's (the CFA models the heap: cfa/pointers.py, and
            #                 these: cfa/string_calls.py)
        elif name in prototypes:
            prototype = prototypes[name].type
            returns = generator.visit(prototype.type)
            params = generator.visit(prototype.args) if prototype.args is not None else ""
            if name == "fopen":
                # the CFA's fopen (cfa/stream_calls.py): an input says whether it fails; a
                # stream is an object of its own that the program does not inspect
                value = next_value.replace("{type}", "int")
                definitions.append(f"{returns} {name}({params}) {{ return (int){value} ? "
                                   f"({returns})__builtin_malloc(1) : ({returns})0; }}")
            elif declared_noreturn(prototypes[name]):
                # declared noreturn, not defined: the CFA ends the run there (as `exit`)
                definitions.append(f"{returns} {name}({params}) {{ {end} __builtin_trap(); }}")
            elif returns == "void":
                definitions.append(f"void {name}({params}) {{ }}")
            else:
                value = next_value.replace("{type}", returns)
                definitions.append(f"{returns} {name}({params}) {{ return ({returns}){value}; }}")
        elif name.startswith("__VERIFIER_nondet_"):
            # called without a declaration (implicitly `int`): the type its name says
            returns = NONDET_TYPES.get(name[len("__VERIFIER_nondet_"):], "int")
            value = next_value.replace("{type}", returns)
            declarations.append(f"{returns} {name}(void);")
            definitions.append(f"{returns} {name}(void) {{ return ({returns}){value}; }}")
    return declarations, definitions


# the heap functions (and gcc's alloca) left to the C library: the CFA models them (cfa/heap.py,
# cfa/realloc.py)
LIBRARY_HEAP = ("malloc", "calloc", "realloc", "free", "alloca")

# every undefined behaviour the encoder models traps in this build, in both data models (division
# by zero and INT_MIN / -1, also of `long long` on i386 where libgcc divides without a fault;
# shifts by the width or more and of negative values or out of range; signed overflow of +, -,
# * and unary -; array indices out of bounds; a floating value converted to an integer type
# that cannot hold it truncated, NaN and infinities included; a `_Bool` loaded from a byte
# other than 0 or 1, which only a union member can be (`cfa/unions.py`: not modelled)): a path
# through it is no real execution, and a run that ends by itself had none
# (tests/test_native_traps.py checks each kind and data model)
UB_TRAPS = ["-fsanitize=shift-exponent,shift-base,integer-divide-by-zero,bounds,"
            "signed-integer-overflow,unreachable,vla-bound,float-cast-overflow,bool",
            "-fsanitize-undefined-trap-on-error"]
# floating arithmetic as the model computes it (`semantics/floats.py`): SSE, not the x87
# unit, on i386 too (no excess precision: FLT_EVAL_METHOD 0), and no contraction of a * b + c
# into a fused multiply-add; floating division by zero is defined (Annex F), not trapped
FLOAT_FLAGS = {"ILP32": ["-m32", "-msse2", "-mfpmath=sse", "-ffp-contract=off"],
               "LP64": ["-m64", "-ffp-contract=off"]}


def program_text(weave_result: WeaveResult, error_function: str, input_source: list[str],
                 next_value: str, report: str = "") -> str:
    """The instrumented program for gcc: nondet values come from `next_value` (a C expression,
    see `stub_functions`) with the definitions in `input_source`; reaching the error and each
    check's first failure print markers (after the C statement `report`); a read of an
    uninitialised local traps where `shadow.py` can track it."""
    # the intrinsic calls are keyed by identity: map before copying, then copy with a memo
    memo: dict = {}
    ast = copy_tree(weave_result.ast, memo)
    where_of = {id(memo[id(c.call)]): c.where for c in weave_result.checks if id(c.call) in memo}
    # before anything else changes the copy: the same locals as `shadowed_locals` of the
    # woven AST get their shadows (the engines rely on it, see shadow.py)
    add_shadows(ast)
    _Renamer(error_function, "__replay_error", where_of).visit(ast)
    ghosts = {id(memo[id(u.assignment)]): u.number for u in weave_result.ghost_updates
              if id(u.assignment) in memo}
    _GhostMarks(ghosts).visit(ast)
    trap_undefined_returns(ast)
    codes = 8 * (max((c.index for c in weave_result.checks), default=0) + 1)
    # the C library under names of our own: the program may declare these differently;
    # every marker is flushed at once, since the program may end by abort()
    lines = [
        'extern int __replay_printf(const char *, ...) __asm__("printf");',
        'extern int __replay_fflush(void *) __asm__("fflush");',
        # _exit, not exit: the program may define `exit` (and its own body would run)
        'extern void __replay_exit(int) __asm__("_exit");',
        *input_source,
        f'void __replay_error(void) {{ {report} __replay_printf("REPLAY-REACHED-ERROR\\n"); '
        '__replay_fflush(0); __replay_exit(0); }',
        # each check's first failure is enough: a check failing in every iteration of a long
        # loop would otherwise print for seconds
        f"static unsigned char __replay_failed[{codes}];",
        f"static void {CHECK}(int code, int holds) {{ if (!holds && !__replay_failed[code]) {{ "
        f'__replay_failed[code] = 1; {report} __replay_printf("REPLAY-CHECK-FAILED %d\\n", code); '
        f"__replay_fflush(0); }} }}",
        f"static void {ASSUME}(int code, int holds) {{ (void)code; (void)holds; }}",
    ] + (GHOST_WATCH if ghosts else [])
    declarations, definitions = stub_functions(
        ast, {"__replay_error", CHECK, ASSUME}, next_value,
        '__replay_printf("REPLAY-ASSUME-BLOCKED\\n"); __replay_fflush(0); __replay_exit(0);',
        "__replay_fflush(0); __replay_exit(0);")
    header = [f"static void {CHECK}(int code, int holds);", f"static void {ASSUME}(int code, int holds);",
              "void __replay_error(void);"] + declarations + \
        ([f"static volatile int {GHOST_FLAG};"] if ghosts else [])
    return "\n".join(header) + "\n" + c_text(ast) + "\n" + \
        "\n".join(lines + definitions) + "\n"


def compile_program(text: str, data_model: str, directory: str, timeout: float,
                    extra_flags: Sequence[str] = ()) -> tuple[Optional[str], str]:
    """(the binary, "") or (None, why not): `-O0`, the UB traps, -m32 for ILP32, and
    `extra_flags` (the differential test adds its own sanitizers)."""
    source = os.path.join(directory, "replay.c")
    binary = os.path.join(directory, "replay")
    with open(source, "w", encoding="utf-8") as f:
        f.write(text)
    try:
        compiled = subprocess.run(["gcc", "-O0", "-w", *FLOAT_FLAGS[data_model], "-std=gnu11",
                                   *UB_TRAPS, *extra_flags, source, "-o", binary],
                                  capture_output=True, text=True, timeout=max(1.0, timeout))
    except subprocess.TimeoutExpired:
        return None, "gcc took too long to compile the program for replay"
    if compiled.returncode != 0:
        return None, "gcc could not compile the program for replay: " + \
            (compiled.stderr.strip().splitlines() or ["?"])[0]
    return binary, ""


def read_markers(lines) -> tuple[bool, list[tuple[int, str]]]:
    """(the error was reached, the checks that failed as (index, where)) in the output."""
    reached_error = False
    failed: list[tuple[int, str]] = []
    for line in lines:
        if line == "REPLAY-REACHED-ERROR":
            reached_error = True
        elif line.startswith("REPLAY-CHECK-FAILED ") and line.split()[-1].isdigit():
            code = int(line.split()[1])
            where = {v: k for k, v in WHERE_CODES.items()}.get(code % 8, "?")
            failed.append((code // 8, where))
    return reached_error, failed
