"""The one C harness for native runs: the instrumented program made self-contained for gcc.

Replays of counterexamples (`replay.py`), native random testing (`engines/fuzzing.py`) and the
differential test of the semantics all build their program here: `program_text` prints the
woven AST with the error function and the witness intrinsics defined to print markers, and
every function the program calls without defining it stubbed with the meaning the CFA gives it
(`stub_functions`); `compile_program` builds it (`-O0 -fwrapv`, traps on the undefined
behaviour the encoder models, `-m32` for ILP32); `read_markers` reads what a run printed.
"""
from __future__ import annotations

import copy
import os
import subprocess
from typing import Optional, Sequence

from pycparser import c_ast
from pycparserext.ext_c_generator import GnuCGenerator

from instrument.frontend import FUNCTION_DECLARATORS
from instrument.weave import ASSUME, CHECK, WeaveResult

from ..semantics.cfa import ASSUME_FUNCTIONS, END_FUNCTIONS, NO_OP_FUNCTIONS, NONDET_TYPES

WHERE_CODES = {"loop_head": 0, "do_body_entry": 1, "do_before_condition": 2,
               "before_statement": 3, "function_end": 4}


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


def rename_error_calls(ast: c_ast.Node, error_function: str, error_stub: str) -> None:
    """Calls of the property's error function call `error_stub` instead (in place)."""
    _Renamer(error_function, error_stub, {}).visit(ast)


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
    `__goblint_assume` run `blocked` when the condition is false, `__VERIFIER_error` runs `end`.
    The C library provides abort, exit and the assert functions; `provided` are defined by the
    caller."""
    generator = GnuCGenerator()
    bodies = {n.decl.name for n in ast.ext if isinstance(n, c_ast.FuncDef)}
    prototypes = {n.name: n for n in ast.ext if isinstance(n, c_ast.Decl) and n.name
                  and isinstance(n.type, FUNCTION_DECLARATORS)}
    declarations, definitions = [], []
    for name in sorted(called_functions(ast) - bodies - provided):
        if name in ASSUME_FUNCTIONS:
            definitions.append(f"void {name}(int c) {{ if (!c) {{ {blocked} }} }}")
        elif name == "__VERIFIER_error":
            definitions.append(f"void {name}(void) {{ {end} }}")
        elif name in NO_OP_FUNCTIONS:
            definitions.append(f"void {name}(void) {{ }}")
        elif name in END_FUNCTIONS:
            continue
        elif name in prototypes:
            prototype = prototypes[name].type
            returns = generator.visit(prototype.type)
            params = generator.visit(prototype.args) if prototype.args is not None else ""
            if returns == "void":
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


# the undefined behaviour the encoder models traps in the replay: a path through it is no
# real execution (signed overflow wraps, -fwrapv, as in the encoder)
UB_TRAPS = ["-fsanitize=shift-exponent,integer-divide-by-zero,bounds",
            "-fsanitize-undefined-trap-on-error"]


def program_text(weave_result: WeaveResult, error_function: str, input_source: list[str],
                 next_value: str, report: str = "") -> str:
    """The instrumented program for gcc: nondet values come from `next_value` (a C expression,
    see `stub_functions`) with the definitions in `input_source`; reaching the error and each
    check's first failure print markers (after the C statement `report`)."""
    # the intrinsic calls are keyed by identity: map before copying, then copy with a memo
    memo: dict = {}
    ast = copy.deepcopy(weave_result.ast, memo)
    where_of = {id(memo[id(c.call)]): c.where for c in weave_result.checks if id(c.call) in memo}
    _Renamer(error_function, "__replay_error", where_of).visit(ast)
    codes = 8 * (max((c.index for c in weave_result.checks), default=0) + 1)
    # the C library under names of our own: the program may declare these differently;
    # every marker is flushed at once, since the program may end by abort()
    lines = [
        'extern int __replay_printf(const char *, ...) __asm__("printf");',
        'extern int __replay_fflush(void *) __asm__("fflush");',
        'extern void __replay_exit(int) __asm__("exit");',
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
    ]
    declarations, definitions = stub_functions(
        ast, {"__replay_error", CHECK, ASSUME}, next_value,
        '__replay_printf("REPLAY-ASSUME-BLOCKED\\n"); __replay_fflush(0); __replay_exit(0);',
        "__replay_fflush(0); __replay_exit(0);")
    header = [f"static void {CHECK}(int code, int holds);", f"static void {ASSUME}(int code, int holds);",
              "void __replay_error(void);"] + declarations
    return "\n".join(header) + "\n" + GnuCGenerator().visit(ast) + "\n" + \
        "\n".join(lines + definitions) + "\n"


def compile_program(text: str, data_model: str, directory: str, timeout: float,
                    extra_flags: Sequence[str] = ()) -> tuple[Optional[str], str]:
    """(the binary, "") or (None, why not): `-O0 -fwrapv`, the UB traps, -m32 for ILP32, and
    `extra_flags` (the differential test adds its own sanitizers)."""
    source = os.path.join(directory, "replay.c")
    binary = os.path.join(directory, "replay")
    with open(source, "w", encoding="utf-8") as f:
        f.write(text)
    flag = "-m32" if data_model == "ILP32" else "-m64"
    try:
        compiled = subprocess.run(["gcc", "-O0", "-fwrapv", "-w", flag, "-std=gnu11",
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
