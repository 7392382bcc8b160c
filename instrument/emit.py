"""Print the instrumented program as self-contained C.

The intrinsics are defined in plain C at the end of the file, so that gcc compiles the output
and any other verifier can run on it: a failed check calls the error function of the property,
an assumption is `__VERIFIER_assume`.
"""
from __future__ import annotations

from pycparser import c_ast
from pycparserext.ext_c_generator import GnuCGenerator
from pycparserext.ext_c_parser import Asm

from .woven import ASSUME, CHECK

HEADER = f"""/* Instrumented by validate-correctness: each witness invariant i is checked by
   {CHECK}(i, e) and then assumed by {ASSUME}(i, e). */
static void {CHECK}(int index, int holds);
static void {ASSUME}(int index, int holds);
"""

FOOTER = """
/* Definitions of the witness intrinsics in plain C. */
void {error}(void);
void __VERIFIER_assume(int);
static void {check}(int index, int holds) {{ (void)index; if (!holds) {{ {error}(); }} }}
static void {assume}(int index, int holds) {{ (void)index; __VERIFIER_assume(holds); }}
"""


class _Generator(GnuCGenerator):
    """GnuCGenerator, plus the `;` it leaves out after an `asm` statement."""

    def _generate_stmt(self, n, add_indent=False):
        text = super()._generate_stmt(n, add_indent)
        if isinstance(n, Asm):
            text = text.rstrip("\n") + ";\n"
        return text


def _program_declares(ast: c_ast.FileAST, name: str) -> bool:
    for node in ast.ext:
        decl = node.decl if isinstance(node, c_ast.FuncDef) else node
        if isinstance(decl, c_ast.Decl) and decl.name == name:
            return True
    return False


def emit_c(ast: c_ast.FileAST, error_function: str = "reach_error") -> str:
    """C text of the (instrumented) AST, with the intrinsics defined."""
    body = _Generator().visit(ast)
    footer = FOOTER.format(error=error_function, check=CHECK, assume=ASSUME)
    if _program_declares(ast, "__VERIFIER_assume"):
        footer = footer.replace("void __VERIFIER_assume(int);\n", "")
    if _program_declares(ast, error_function):
        footer = footer.replace(f"void {error_function}(void);\n", "")
    return HEADER + body + footer
