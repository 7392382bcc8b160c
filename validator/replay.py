"""Replay a counterexample in the program compiled by gcc (`-O0 -fwrapv`).

The instrumented program is printed with the nondet functions reading the counterexample's
values in order; the error function and failing checks print markers.  Only what the real
execution prints counts: a counterexample that does not replay is a disagreement, and the
answer stays `unknown`.
"""
from __future__ import annotations

import copy
import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import Optional

from pycparser import c_ast
from pycparserext.ext_c_generator import GnuCGenerator

from instrument.frontend import FUNCTION_DECLARATORS
from instrument.weave import ASSUME, CHECK, WeaveResult

WHERE_CODES = {"loop_head": 0, "do_body_entry": 1, "do_before_condition": 2,
               "before_statement": 3, "function_end": 4}
C_TYPE_NAMES = {"_Bool": "_Bool"}


@dataclass
class ReplayResult:
    reached_error: bool = False
    failed_checks: list[tuple[int, str]] = field(default_factory=list)   # (index, where)
    ran: bool = False
    message: str = ""


class _Renamer(c_ast.NodeVisitor):
    def __init__(self, error_function: str, where_of: dict) -> None:
        self.error_function = error_function
        self.where_of = where_of

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID):
            if node.name.name == self.error_function:
                node.name = c_ast.ID("__replay_error")
            elif node.name.name == CHECK and id(node) in self.where_of:
                index = int(node.args.exprs[0].value)
                code = index * 8 + WHERE_CODES.get(self.where_of[id(node)], 7)
                node.args.exprs[0] = c_ast.Constant("int", str(code))
        self.generic_visit(node)


def _nondet_types(ast: c_ast.FileAST) -> dict[str, str]:
    generator = GnuCGenerator()
    found = {}
    for node in ast.ext:
        if isinstance(node, c_ast.Decl) and isinstance(node.type, FUNCTION_DECLARATORS) and \
                node.name and node.name.startswith("__VERIFIER_nondet_"):
            found[node.name] = generator.visit(node.type.type)
    return found


def replay(weave_result: WeaveResult, error_function: str, data_model: str,
           inputs: list[dict]) -> ReplayResult:
    result = ReplayResult()
    # the intrinsic calls are keyed by identity: map before copying, then copy with a memo
    memo: dict = {}
    ast = copy.deepcopy(weave_result.ast, memo)
    where_of = {id(memo[id(c.call)]): c.where for c in weave_result.checks if id(c.call) in memo}
    _Renamer(error_function, where_of).visit(ast)
    declared = _nondet_types(ast)
    used = {i["function"] for i in inputs if i.get("function")}
    if any(not f.startswith("__VERIFIER_nondet_") for f in used):
        result.message = "counterexample uses an external function that cannot be replayed"
        return result
    for name in used:
        declared.setdefault(name, "long long")
    values = ", ".join(f"{int(i['value'])}LL" for i in inputs) or "0"
    lines = [
        "int printf(const char *, ...); void exit(int); int fflush(void *);",
        f"static long long __replay_inputs[] = {{{values}}};",
        f"static int __replay_count = {len(inputs)}, __replay_position = 0;",
        "static long long __replay_next(void) { if (__replay_position >= __replay_count) {",
        '  printf("REPLAY-OUT-OF-INPUTS\\n"); fflush(0); exit(3); }',
        "  return __replay_inputs[__replay_position++]; }",
        'void __replay_error(void) { printf("REPLAY-REACHED-ERROR\\n"); fflush(0); exit(0); }',
        f"static void {CHECK}(int code, int holds) {{ if (!holds) "
        f'printf("REPLAY-CHECK-FAILED %d\\n", code); }}',
        f"static void {ASSUME}(int code, int holds) {{ (void)code; (void)holds; }}",
    ]
    header = [f"static void {CHECK}(int code, int holds);", f"static void {ASSUME}(int code, int holds);",
              "void __replay_error(void);"]
    for name, ctype in declared.items():
        lines.append(f"{ctype} {name}(void) {{ return ({ctype})__replay_next(); }}")
    assume_defined = any(isinstance(n, c_ast.FuncDef) and n.decl.name == "__VERIFIER_assume"
                         for n in ast.ext)
    if not assume_defined:
        lines.append('void __VERIFIER_assume(int c) { if (!c) { printf("REPLAY-ASSUME-BLOCKED\\n"); '
                     'fflush(0); exit(0); } }')
    text = "\n".join(header) + "\n" + GnuCGenerator().visit(ast) + "\n" + "\n".join(lines) + "\n"
    with tempfile.TemporaryDirectory(prefix="replay-") as directory:
        source = os.path.join(directory, "replay.c")
        binary = os.path.join(directory, "replay")
        with open(source, "w", encoding="utf-8") as f:
            f.write(text)
        flag = "-m32" if data_model == "ILP32" else "-m64"
        compiled = subprocess.run(["gcc", "-O0", "-fwrapv", "-w", flag, "-std=gnu11", source,
                                   "-o", binary], capture_output=True, text=True)
        if compiled.returncode != 0:
            result.message = "gcc could not compile the program for replay: " + \
                             (compiled.stderr.strip().splitlines() or ["?"])[0]
            return result
        try:
            run = subprocess.run([binary], capture_output=True, text=True, timeout=10)
        except subprocess.TimeoutExpired as e:
            output = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            run = None
        else:
            output = run.stdout
    result.ran = True
    for line in output.splitlines():
        if line == "REPLAY-REACHED-ERROR":
            result.reached_error = True
        elif line.startswith("REPLAY-CHECK-FAILED "):
            code = int(line.split()[1])
            where = {v: k for k, v in WHERE_CODES.items()}.get(code % 8, "?")
            result.failed_checks.append((code // 8, where))
    return result
