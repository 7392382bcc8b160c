"""The C front end: preprocessing with stub headers, `.i` files, GNU C, parse errors, and
statement start positions taken from the ORIGINAL file."""
from __future__ import annotations

import re
import subprocess

import pytest
from pycparser import c_ast

from conftest import invariant_set, dedent, find_nodes, function_body, gcc_syntax_errors, position
from instrument.emit import emit_c
from instrument.errors import InputError
from instrument.frontend import INCLUDE_DIR, Unparsed, parse_program, preprocessing
from instrument.locate import ProgramIndex
from instrument.weave import weave
from instrument.witness import Witness


def parse(ws, text: str, name: str = "prog.c", data_model: str = "ILP32"):
    return parse_program(str(ws.write(name, text)), data_model)


def starts(program) -> set[tuple[int, int]]:
    """Every statement/declaration start position the index knows."""
    index = ProgramIndex(program)
    return {site.start for sites in index.statements.values() for site in sites}


def empty_witness() -> Witness:
    return Witness(path="empty.yml", format_versions=["2.0"])


# ------------------------------------------------------------------ preprocessing
STUB_HEADERS = dedent("""
    #include <assert.h>
    #include <stdlib.h>
    #include <stdio.h>
    #include <string.h>
    #include <stdbool.h>
    #include <stdint.h>
    #include <stddef.h>
    #include <limits.h>
    #include <goblint.h>
    extern int __VERIFIER_nondet_int(void);
    int main(void) {
      int x = __VERIFIER_nondet_int();
      assert(x != INT_MIN || x < 0);
      __goblint_check(x == x);
      bool b = true;
      size_t n = sizeof(int32_t);
      if (!b) abort();
      return (int) n;
    }
    """)


def test_c_files_are_preprocessed_with_the_stub_headers(ws):
    program = parse(ws, STUB_HEADERS)
    assert program.preprocessed
    names = {node.name for node in program.ast.ext if isinstance(node, c_ast.Decl)}
    assert {"__assert_fail", "abort", "__goblint_check", "__VERIFIER_nondet_int"} <= names
    assert {"size_t", "int32_t"} <= program.typedef_names
    # assert() was expanded to the stub's __assert_fail call
    calls = {n.name.name for n in find_nodes(function_body(program.ast, "main"), c_ast.FuncCall)
             if isinstance(n.name, c_ast.ID)}
    assert "__assert_fail" in calls and "__goblint_check" in calls
    assert gcc_syntax_errors(emit_c(weave(program, empty_witness()).ast), ws.dir) == ""


INTEGER_TYPES_PROBE = dedent("""
    #include <stdio.h>
    #include <stddef.h>
    #include <stdint.h>
    #include <inttypes.h>
    #define SHOW(T) printf(#T " %u %d %d %d\\n", (unsigned) sizeof(T), (T)-1 < 0, \\
                           __builtin_types_compatible_p(T, long), \\
                           __builtin_types_compatible_p(T, long long))
    #define MACRO(M) printf(#M " %s\\n", M)
    int main(void) {
      SHOW(int8_t); SHOW(int16_t); SHOW(int32_t); SHOW(int64_t);
      SHOW(uint8_t); SHOW(uint16_t); SHOW(uint32_t); SHOW(uint64_t);
      SHOW(int_least8_t); SHOW(int_least64_t); SHOW(uint_least16_t);
      SHOW(int_fast8_t); SHOW(int_fast16_t); SHOW(int_fast32_t); SHOW(int_fast64_t);
      SHOW(uint_fast16_t); SHOW(uint_fast32_t); SHOW(intptr_t); SHOW(uintptr_t);
      SHOW(intmax_t); SHOW(uintmax_t); SHOW(size_t); SHOW(ptrdiff_t);
      MACRO(PRId64); MACRO(PRIu64); MACRO(PRIx32); MACRO(PRIdPTR); MACRO(PRIuMAX);
      MACRO(SCNd64);
      printf("%lld %llu %lld %llu %lld %llu\\n", (long long) INT64_MIN,
             (unsigned long long) UINT64_MAX, (long long) INTPTR_MIN,
             (unsigned long long) SIZE_MAX, (long long) PTRDIFF_MIN,
             (unsigned long long) UINT_FAST16_MAX);
      printf("%lld %llu\\n", (long long) INT64_C(-5), (unsigned long long) UINT32_C(7));
      return 0;
    }
    """)


@pytest.mark.parametrize("model", ["-m32", "-m64"])
def test_stub_integer_types_are_glibcs(ws, model):
    """<stdint.h> and <inttypes.h> of the stubs give every type glibc's width, signedness and
    identity (int64_t is long long on i386, long on x86-64) and glibc's format macros: the
    same program built with the machine's headers and with the stubs prints the same."""
    source = ws.write("probe.c", INTEGER_TYPES_PROBE)
    outputs = []
    for headers in ([], ["-nostdinc", "-I", INCLUDE_DIR]):
        binary = ws.dir / f"probe{len(outputs)}"
        subprocess.run(["gcc", model, *headers, str(source), "-o", str(binary)], check=True,
                       capture_output=True)
        outputs.append(subprocess.run([str(binary)], check=True, capture_output=True,
                                      text=True).stdout)
    assert outputs[0] == outputs[1]
    assert "int64_t 8 1" in outputs[0]


def test_machine_headers_are_not_used(ws):
    # complex.h exists on the machine, but not among the stubs: -nostdinc must keep it out;
    # a header of the C library is our limitation (a stand-in program, `unknown` naming it)
    program = parse(ws, "#include <complex.h>\nint main(void) { return 0; }\n")
    [unparsed] = find_nodes(function_body(program.ast, "main"), Unparsed)
    assert "<complex.h>" in unparsed.what and unparsed.coord.line == 1
    # a header that is no part of the C library is bad input
    with pytest.raises(InputError, match="cannot preprocess.*myown.h"):
        parse(ws, "#include <myown.h>\nint main(void) { return 0; }\n")


def test_missing_library_header_is_unknown_naming_it(cli, ws, prp):
    program = ws.write("prog.c", "#include <fenv.h>\nint main(void) { return 0; }\n")
    run = cli("--witness", ws.write("w.yml", invariant_set([])), program, "--spec", prp)
    assert run.result == "unknown"
    assert "<fenv.h>" in run.out


def test_data_model_reaches_the_preprocessor(ws):
    text = dedent("""
        int main(void) {
        #ifdef __LP64__
          long wide = 1;
        #else
          int narrow = 1;
        #endif
          return 0;
        }
        """)
    lp64 = {n.name for n in find_nodes(parse(ws, text, data_model="LP64").ast, c_ast.Decl)}
    ilp32 = {n.name for n in find_nodes(parse(ws, text, data_model="ILP32").ast, c_ast.Decl)}
    assert "wide" in lp64 and "narrow" not in lp64
    assert "narrow" in ilp32 and "wide" not in ilp32


# the preprocessor starts before the witness is read, with the data model the command line or
# the task definition gives (else ILP32); a witness whose metadata name another one must get a
# program preprocessed for that one: here the ILP32 reading is safe and the LP64 one is not
LP64_ONLY_ERROR = dedent("""
    extern void reach_error(void);
    int main(void) {
    #ifdef __LP64__
      reach_error();
    #endif
      return 0;
    }
    """)


@pytest.mark.parametrize("witness_model, command_line, expected", [
    ("ILP32", (), "true"),
    ("LP64", (), "false(unreach-call)"),                       # from the witness's metadata
    ("LP64", ("--data-model", "ILP32"), "true"),                 # the command line decides
    ("ILP32", ("--data-model", "LP64"), "false(unreach-call)"),
])
def test_the_data_model_the_witness_names_reaches_the_preprocessor(
        cli, ws, prp, witness_model, command_line, expected):
    program = ws.write("prog.c", LP64_ONLY_ERROR)
    witness = ws.write("w.yml", invariant_set([]).replace("data_model: ILP32",
                                                          f"data_model: {witness_model}"))
    run = cli("--witness", witness, program, "--spec", prp, *command_line)
    assert run.result == expected, run.out


def test_a_preprocessor_whose_output_is_not_read_is_ended(ws):
    # a run that stops before parsing (bad witness, deadline) leaves no gcc behind
    path = str(ws.write("prog.c", STUB_HEADERS))
    with preprocessing(path, "ILP32") as preprocessor:
        process = preprocessor.process
        assert process is not None
    assert process.returncode is not None and process.stdout.closed
    with preprocessing(str(ws.write("prog.i", "int main(void) { return 0; }\n")),
                       "ILP32") as none:
        assert none is None                      # a .i file is parsed as it is


def test_the_output_of_a_preprocessor_started_for_another_file_is_not_used(ws):
    one = str(ws.write("one.c", "int one(void) { return 1; }\n"))
    two = str(ws.write("two.c", "int two(void) { return 2; }\n"))
    with preprocessing(one, "ILP32") as preprocessor:
        program = parse_program(two, "ILP32", preprocessor)
    assert [node.decl.name for node in program.ast.ext] == ["two"]


def test_gcc_missing_is_named_when_the_program_is_parsed(ws, monkeypatch):
    path = str(ws.write("prog.c", "int main(void) { return 0; }\n"))
    monkeypatch.setenv("PATH", str(ws.dir / "no-such-dir"))
    with preprocessing(path, "ILP32") as preprocessor:
        with pytest.raises(InputError, match="gcc is not installed.*apt-get install gcc"):
            parse_program(path, "ILP32", preprocessor)


# ------------------------------------------------------------------ .i files
SV_COMP_I = dedent("""
    # 1 "loop.c"
    # 1 "<built-in>"
    # 1 "<command-line>"
    # 1 "loop.c"
    extern void abort(void);
    extern void __assert_fail (const char *__assertion, const char *__file,
          unsigned int __line, const char *__function)
         __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
    void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "loop.c", 3, __extension__ __PRETTY_FUNCTION__); })); }
    extern int __VERIFIER_nondet_int(void);
    # 8 "loop.c"
    int main() {
      __extension__ long long big = 1LL; int i = 0;
      while (i < 10) {
        i++;
      }
      if (!(i == 10)) reach_error();
      return 0;
    }
    """)


def test_i_files_parse_as_they_are_with_physical_line_numbers(ws):
    program = parse(ws, SV_COMP_I, "loop.i")
    assert not program.preprocessed
    loop = find_nodes(program.ast, c_ast.While)[0]
    # the line marker `# 8 "loop.c"` does not renumber: witnesses count physical lines
    assert (loop.coord.line, loop.coord.column) == position(SV_COMP_I, "while (i < 10)")
    assert gcc_syntax_errors(emit_c(weave(program, empty_witness()).ast), ws.dir) == ""


def test_extension_is_blanked_keeping_columns(ws):
    program = parse(ws, SV_COMP_I, "loop.i")
    # `__extension__ long long big` starts at `__extension__`, the next declaration keeps its column
    assert position(SV_COMP_I, "__extension__ long long") in starts(program)
    assert position(SV_COMP_I, "int i = 0") in starts(program)
    # the statement expression behind `__extension__` was parsed as one
    reach = function_body(program.ast, "reach_error")
    assert find_nodes(reach, c_ast.If)
    assert "__extension__" not in emit_c(program.ast)


def test_sv_benchmarks_i_file_with_extension(corpus):
    path = corpus / "sv-benchmarks/c/loops/sum03-2.i"
    text = path.read_text()
    assert "__extension__" in text
    program = parse_program(str(path), "ILP32")
    assert "main" in {n.decl.name for n in program.ast.ext if isinstance(n, c_ast.FuncDef)}


# ------------------------------------------------------------------ GNU C
GNU_C = dedent("""
    typedef unsigned int __attribute__((__mode__(__SI__))) u32;
    extern int printf(const char *__restrict __format, ...);
    extern int getpid(void) __asm__("" "__getpid") __attribute__((__nothrow__, __leaf__));
    static __inline__ int sq(int v) { return v * v; }
    static inline __attribute__((always_inline)) int cube(int v) { return v * v * v; }
    __inline static int id(int v) { return v; }
    extern long __builtin_expect(long, long);
    extern void *__builtin_memcpy(void *, const void *, unsigned long);
    int arr[4] __attribute__((aligned(16)));
    struct __attribute__((packed)) pair { char a; int b; };
    int main(void) {
      int x = 2;
      __typeof__(x) y = sq(x);
      typeof(y) z = cube(y);
      const volatile int cv = 1;
      _Bool b = 1;
      long long ll = 1LL; unsigned long ul = 1UL;
      if (__builtin_expect(x > 1, 1)) x = 3;
      int se = __extension__ ({ int t = x; t + 1; });
      __asm__ __volatile__("" ::: "memory");
      int u __attribute__((unused)) = 0;
      return y + z + cv + b + (int)ll + (int)ul + se + id(u);
    }
    """)


@pytest.mark.parametrize("suffix", [".c", ".i"])
def test_gnu_c_constructs_parse_and_print_back(ws, suffix):
    program = parse(ws, GNU_C, "gnu" + suffix)
    functions = {n.decl.name for n in program.ast.ext if isinstance(n, c_ast.FuncDef)}
    assert functions == {"sq", "cube", "id", "main"}
    assert {position(GNU_C, "__typeof__(x) y"), position(GNU_C, "typeof(y) z"),
            position(GNU_C, "__asm__ __volatile__"), position(GNU_C, "int u __attr"),
            position(GNU_C, "unsigned long ul"), position(GNU_C, "if (__builtin")} <= starts(program)
    # the printed program keeps the asm statement a statement (with its `;`)
    errors = gcc_syntax_errors(emit_c(weave(program, empty_witness()).ast), ws.dir)
    assert errors == ""


GNU_EXTENSIONS = dedent("""
    struct pair { char a; int b; };
    typedef __builtin_va_list va_list;
    int sum(int n, ...) {
      va_list ap;
      __builtin_va_start(ap, n);
      int first = __builtin_va_arg(ap, int);
      __builtin_va_end(ap);
      return first;
    }
    int main(void) {
      int x = 2;
      __auto_type a = x + 1L;
      int y = x ?: 3;
      int z = ({ int t = x; t * 2; });
      int outer = 0;
      void bump(int by) { outer += by; }
      bump(y);
      { __label__ again, done;
        again: if (x > 5) goto done;
        x++; goto again;
        done: ;
      }
      static void *table[] = { &&first, &&second };
      goto *table[x & 1];
    first:
      if (x == 3) asm goto("" : : : : second);
    second:
      __asm__ inline volatile("");
      switch (x) { case 1 ... 5: y = 1; break; default: y = 2; }
      _Complex double c = 0;
      double re = __real__ c + __imag__ c;
      return (int)a + y + z + outer + (int)__builtin_offsetof(struct pair, b) + (int)re;
    }
    """)


@pytest.mark.parametrize("suffix", [".c", ".i"])
def test_gnu_extensions_parse_and_print_back(ws, suffix):
    """The GNU constructs pycparserext does not read: parsed into nodes of their own (or
    pycparser's), positions from the original text, printed back as C that gcc accepts."""
    from instrument.frontend import AsmGoto, ComputedGoto, LocalLabels, OmittedConditional
    program = parse(ws, GNU_EXTENSIONS, "gnu" + suffix)
    main = function_body(program.ast, "main")
    assert [n.decl.name for n in find_nodes(main, c_ast.FuncDef)] == ["bump"]
    # local labels are renamed apart (every later stage reads a label name per function)
    assert [n.names for n in find_nodes(main, LocalLabels)] == [["__local1_again",
                                                                 "__local2_done"]]
    assert {n.name for n in find_nodes(main, (c_ast.Label, c_ast.Goto))} == \
        {"__local1_again", "__local2_done", "first", "second"}
    assert len(find_nodes(main, OmittedConditional)) == 1
    assert len(find_nodes(main, ComputedGoto)) == 1
    assert [n.labels for n in find_nodes(main, AsmGoto)] == [["second"]]
    assert sorted(n.expr.name for n in find_nodes(main, c_ast.UnaryOp) if n.op == "&&") == \
        ["first", "second"]
    calls = {n.name.name for n in find_nodes(program.ast, c_ast.FuncCall)}
    assert {"__builtin_offsetof", "__builtin_va_arg"} <= calls
    auto = [d for d in find_nodes(main, c_ast.Decl) if d.name == "a"][0]
    assert auto.type.type.names == ["__auto_type"]
    known = starts(program)
    for needle in ["__auto_type a", "int y = x ?:", "void bump", "again: if", "x++; goto",
                   "goto *table", "if (x == 3) asm", "switch (x)"]:
        assert position(GNU_EXTENSIONS, needle) in known, needle
    # nothing is woven before `__label__` (gcc wants it first in its block)
    assert position(GNU_EXTENSIONS, "__label__") not in known
    errors = gcc_syntax_errors(emit_c(weave(program, empty_witness()).ast), ws.dir)
    assert errors == ""


@pytest.mark.parametrize("declaration, words", [
    ("__auto_type a = 1, b = 2;", "may only be used with a single declarator"),
    ("__auto_type a;", "requires an initialiser expression"),
    ("__auto_type *p = &x;", "requires a plain identifier as declarator"),
    ("__auto_type w = {1};", "requires an initialiser expression"),
])
def test_auto_type_that_gcc_rejects_is_bad_input(ws, declaration, words):
    text = f"int main(void) {{\n  int x = 0;\n  {declaration}\n  return x;\n}}\n"
    assert gcc_syntax_errors(text, ws.dir) != ""
    with pytest.raises(InputError) as info:
        parse(ws, text)
    assert str(info.value).startswith("cannot parse prog.c:3:") and words in str(info.value)


@pytest.mark.parametrize("suffix", [".c", ".i"])
@pytest.mark.parametrize("text, needle", [
    ('__asm__(".globl marker");\nint main(void) {\n  return 0;\n}\n', "__asm__"),
    ("int main(void) {\n  int x = 0;\n  out: __attribute__((unused));\n  return x;\n}\n",
     ";\n  return"),
])
def test_what_gcc_accepts_but_the_parser_cannot_read_is_a_stand_in(ws, suffix, text, needle):
    """Not bad input: a `main` whose only statement is the parser's complaint (the validator
    answers `unknown` naming it, test_adversarial_gnu.py)."""
    from instrument.frontend import Unparsed
    assert gcc_syntax_errors(text, ws.dir) == ""
    program = parse(ws, text, "prog" + suffix)
    [unparsed] = find_nodes(program.ast, Unparsed)
    assert (unparsed.coord.line, unparsed.coord.column) == position(text, needle)
    assert unparsed.what.startswith("C that gcc accepts but the parser cannot read: ")
    assert function_body(program.ast, "main").block_items == [unparsed]
    assert gcc_syntax_errors(emit_c(program.ast), ws.dir) == ""


# ------------------------------------------------------------------ parse errors
@pytest.mark.parametrize("suffix", [".c", ".i"])
@pytest.mark.parametrize("text, needle, words", [
    ("int main(void) {\n  int x = 1\n  return x;\n}\n", "return x", "before: return"),
    ("int main(void) {\n  int x = 1 +;\n  return x;\n}\n", ";\n  return", "Invalid expression"),
    ("int main(void) {\n  int y;\n  y = (1 + 2 * );\n  return y;\n}\n", ");\n  return",
     "Invalid expression"),
])
def test_parse_failure_names_file_line_and_column(ws, suffix, text, needle, words):
    with pytest.raises(InputError) as info:
        parse(ws, text, "prog" + suffix)
    line, column = position(text, needle)
    assert str(info.value) == f"cannot parse prog{suffix}:{line}:{column}: {words}"


def test_unreadable_program(ws):
    with pytest.raises(InputError, match="cannot read program"):
        parse_program(str(ws.dir / "missing.c"))


# ------------------------------------------------------------------ positions
MACROS = dedent("""
    #include <assert.h>
    #define N 10
    #define INC(v) v = v + 1
    /* a comment the preprocessor removes */
    int main(void) {
      unsigned int x = 1;
      int a[2] = {0, 1}, b = N;
      x = N; b = N;   x = N  +  N;
      assert(x == N); assert(b);
      /* collapse   */ INC(x);	INC(b);
      struct point { int px; } pt; enum e { E1, E2 } ev = E2;
      int
        y
        = 2;
      for (int k = 0; k < N; k++) x = x + (unsigned int) k;
      return (int) x + y + pt.px + ev;
    }
    """)


MACROS_I = (MACROS.replace("#include <assert.h>\n", "void assert(int);\n")
            .replace("#define N 10\n", "\n").replace("#define INC(v) v = v + 1\n", "void INC(int);\n")
            .replace("/* a comment the preprocessor removes */", "")
            .replace("/* collapse   */", "                "))
MACROS_I = re.sub(r"\bN\b", "10", MACROS_I)


@pytest.mark.parametrize("suffix", [".c", ".i"])
def test_statement_starts_come_from_the_original_text(ws, suffix):
    # the same program as `.c` (macros, comments: the preprocessor moves columns) and as `.i`
    text = MACROS if suffix == ".c" else MACROS_I
    program = parse(ws, text, "prog" + suffix)
    known = starts(program)
    for needle in ["unsigned int x = 1",    # a declaration starts at its type, not its declarator
                   "int a[2]",              # (both declarators of it start there)
                   "assert(x", "assert(b)",  # macro invocations: columns of the original text
                   "INC(x)", "INC(b)",      # after a comment, and after a tab
                   "struct point", "enum e",  # declarations with a struct / enum body
                   "int\n",                 # a declaration over three lines
                   "for (", "return (int)"]:
        assert position(text, needle) in known, needle
    # three statements on one line (with macros in between in the `.c` file)
    row = position(text, "x = N" if suffix == ".c" else "x = 10")[0]
    line = text.splitlines()[row - 1]
    columns = [i + 1 for i in range(len(line)) if line.startswith(("x =", "b ="), i)]
    assert len(columns) == 3
    assert sorted(c for r, c in known if r == row) == columns
    # declarators, operands and struct bodies are not statement starts
    for needle in ["x = 1", "b = 1" if suffix == ".i" else "b = N;\n", "pt;", "ev =", "y\n",
                   "int px"]:
        if needle in text:
            assert position(text, needle) not in known, needle
    # the 3-line declaration has exactly one start
    decl_line = position(text, "int\n")[0]
    assert [s for s in known if s[0] in (decl_line, decl_line + 1, decl_line + 2)] == [
        position(text, "int\n")]


def test_unsigned_declaration_starts_at_unsigned(ws):
    text = "int main(void) {\n  unsigned int x = 1;\n  return (int) x;\n}\n"
    program = parse(ws, text)
    assert {(2, 3), (3, 3)} == starts(program)
