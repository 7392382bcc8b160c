"""A whole generated program: sv-benchmarks boilerplate, declarations, functions, and what the
ground truth needs to know about its inputs (`DrawSite`: the values each nondet call may
return after its assumption, per data model)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .cprog import (CType, Decl, Func, Mode, PLAIN, Printer, Stmt, all_statements,
                    emit_block)
from .memory import params_text

FILE_NAME = "prog.c"

# sv-benchmarks' error functions (see /work/shared/corpus/sv-benchmarks/c/): the ground truth
# build calls __gt_error() first, whatever the body does afterwards.
REACH_ERROR = {
    "assert-fail": ('extern void __assert_fail(const char *, const char *, unsigned int, '
                    'const char *) __attribute__ ((__nothrow__ , __leaf__)) '
                    '__attribute__ ((__noreturn__));\n',
                    'void reach_error() {{ {gt}__assert_fail("0", "prog.c", 3, "reach_error"); }}'),
    "empty": ("", "void reach_error(){{{gt}}}"),
    "void-abort": ("", "void reach_error(void) {{ {gt}abort(); }}"),
}
VERIFIER_ASSERT = """void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}"""
ASSUME_ABORT_IF_NOT = """void assume_abort_if_not(int cond) {
  if(!cond) {abort();}
}"""


@dataclass
class DrawSite:
    """One `__VERIFIER_nondet_T()` call and the values its assumption lets through."""
    site: int
    type: CType
    domain: dict[str, list[int]]              # data model -> values that pass the assumption
    outside: dict[str, list[int]]             # data model -> values it must block (sanity)
    assumed: bool = True                      # False: every value of the type (_Bool)
    exhaustive: bool = True                   # False: `domain` is a sample of what passes
                                              # (floats): the ground truth covers a subset


@dataclass
class Program:
    reach_error: str                          # a key of REACH_ERROR
    includes: list[str]                       # '#include <limits.h>'
    prelude: list[str]                        # typedefs, enums (file scope)
    globals: list[Decl]
    funcs: list[Func]                         # helpers, then main
    draws: list[DrawSite]
    nondet_types: list[CType]
    uses_assume_abort_if_not: bool = False
    uses_verifier_assume: bool = False
    uses_exit: bool = False
    features: set[str] = field(default_factory=set)
    main_void: bool = True                    # `int main(void)` rather than `int main()`

    @property
    def main(self) -> Func:
        return self.funcs[-1]

    def statements(self) -> list[tuple[Func, Stmt]]:
        return [(f, s) for f in self.funcs for s in all_statements(f.body)]

    def has_tracked(self) -> bool:
        """Does any local lack an initialiser (only then can a read be uninitialised)?"""
        return any(isinstance(s, Decl) and s.var.tracked for _, s in self.statements())

    def render(self, m: Mode = PLAIN) -> str:
        """The program text; in the plain mode every statement gets its position."""
        p = Printer()
        for include in self.includes:
            p.line(0, include)
        p.line(0, "extern void abort(void);")
        declaration, definition = REACH_ERROR[self.reach_error]
        for line in declaration.splitlines():
            p.line(0, line)
        p.line(0, definition.format(gt="__gt_error(); " if m.gt else ""))
        for t in self.nondet_types:
            p.line(0, f"extern {t.spelling} __VERIFIER_nondet_{t.nondet}(void);")
        if self.uses_exit:
            p.line(0, "extern void exit(int);")
        if self.uses_verifier_assume:
            p.line(0, "extern void __VERIFIER_assume(int cond);")
        if self.uses_assume_abort_if_not:
            p.lines += ASSUME_ABORT_IF_NOT.splitlines()
        p.lines += VERIFIER_ASSERT.splitlines()
        p.lines += self.prelude
        if m.gt:
            p.lines += m.hooks.globals()
        for decl in self.globals:
            decl.emit(p, 0, m, "")
        for f in self.funcs:
            self._function(p, f, m)
        return p.text()

    def _function(self, p: Printer, f: Func, m: Mode) -> None:
        is_main = f is self.main
        name = "__gt_main" if (m.gt and is_main) else f.name
        params = params_text(f.params, m.gt)
        if not params:
            params = "void" if f.prototype_void else ""
        ret = f.ret.spelling if f.ret is not None else "void"
        p.line(0, f"{ret} {name}({params}) {{")
        emit_block(f.body, p, 2, m, f.name)
        if m.gt and f.ret is not None and not is_main:
            p.line(2, "__gt_fell = 1;")          # fell off the end: caller checks if it uses it
        p.line(0, "}")
