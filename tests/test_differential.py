"""Differential test of the C semantics: the block encoding the engines use (semantics/: cfa,
encode, blocks, theories) against the program compiled by gcc, on random inputs (see
differential.py), and regression tests of the bugs it found.

Every corpus task, every program of a corpus witness, every sample program and the semantic
stress programs of tests/data/differential are compared; programs with constructs we do not
model are skipped and listed.  Any disagreement is a bug.
"""
from __future__ import annotations

import random
import time

import pytest

from differential import BlockRunner, ProgramSpec, all_programs, check_all, check_program, summary
from instrument.frontend import parse_program
from instrument.weave import weave
from instrument.witness import load_witness
from validator.semantics.blocks import TransitionSystem
from validator.semantics.c_types import DataModel, Unsupported
from validator.semantics.cfa import NONDET, UNDEFINED, build_cfa
from validator.execution.replay import replay

MIN_PROGRAMS = 200
MIN_RUNS = 1200
MIN_EVENTS = 35000


def test_encoder_agrees_with_gcc(capsys):
    started = time.perf_counter()
    reports = check_all(all_programs(), processes=2)
    lines = summary(reports, time.perf_counter() - started)
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    compared = [r for r in reports if r.skipped is None]
    disagreements = [(r.spec.name, d) for r in compared for d in r.disagreements]
    assert not disagreements, "\n".join(lines)
    runs = sum(sum(r.runs.values()) for r in compared)
    outcomes: dict[str, int] = {}
    for report in compared:
        for category, count in report.runs.items():
            outcomes[category] = outcomes.get(category, 0) + count
    # not vacuous: many programs and runs, and every kind of ending is exercised
    assert len(compared) >= MIN_PROGRAMS, lines
    assert runs >= MIN_RUNS, lines
    assert sum(r.events for r in compared) >= MIN_EVENTS, lines
    for outcome in ("end", "error", "ub", "out-of-inputs", "too long"):
        assert outcomes.get(outcome, 0) >= 5, (outcome, lines)
    # every program is compiled; among the tasks, samples and stress programs only recursion
    # and variable-length arrays are unsupported (witness programs: pointers, threads, ...)
    for report in reports:
        if report.skipped is None:
            continue
        assert report.skipped.startswith("unsupported: "), (report.spec.name, report.skipped)
        if not report.spec.name.startswith("witnesses/"):
            assert "recursive function" in report.skipped or \
                "variable-length array" in report.skipped, (report.spec.name, report.skipped)


# ------------------------------------------------------------------ the bugs it found
PRELUDE = """void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
int g;
int set_g(void) { g = 1; return 0; }
int get_g(void) { return g; }
int second(int a, int b) { return b; }
"""
# globals for the cases of pointers that locate an assignment's element
POINTERS = """int arr[2]; int other[2]; int grid[2][2]; int *p = arr;
struct S { int *q; } s;
int *rows[2];
int move_p(void) { p = other; return 7; }
int move_s(void) { s.q = other; return 7; }
int move_rows(void) { rows[0] = other; return 7; }
int set_arr(void) { arr[1] = 3; grid[0][1] = 2; return 7; }
int shared;
int *ptr_to_shared = &shared;
int solo[2];
struct V { int v; } sv;
struct V *ps = &sv;
int poke(void) { *ptr_to_shared = 1; return 0; }
int clear(int *q) { extern void *memset(void *, int, unsigned int); memset(q, 0, 4); return 0; }
extern void *malloc(unsigned int);
extern void free(void *);
struct W { int a[2]; };
int bump(struct W v) { v.a[1] = 9; return v.a[1]; }
int own_block(void) { int *b = malloc(8); if (!b) return 0; b[0] = 1; *b = 2; int r = b[0]; free(b); return r; }
int poke_param(int *b) { *b = 1; return 0; }
int shadowed(int *b) { *b = 1; { int *b = malloc(4); if (b) { *b = 2; free(b); } } return 0; }
int moved_block(void) { int *b = malloc(8); if (!b) return 0; b = arr; b[0] = 5; return 0; }
"""
EMPTY_WITNESS = """- entry_type: invariant_set
  metadata:
    format_version: "2.0"
    uuid: 00000000-0000-0000-0000-000000000000
    creation_time: "2026-01-01T00:00:00Z"
    producer: {name: test, version: "1"}
  content: []
"""


def _cfa(tmp_path, body: str, globals_text: str = "", uninitialized: str = UNDEFINED):
    path = tmp_path / "prog.c"
    path.write_text(PRELUDE + globals_text + "int main(void) {\n" + body + "\nreturn 0;\n}\n")
    return build_cfa(parse_program(str(path)).ast, DataModel("ILP32"), "reach_error", [],
                     uninitialized=uninitialized)


def test_nondet_bool_holds_0_or_1(tmp_path):
    """The nondet constant of a `_Bool` has 8 bits; gcc converts what the function returns,
    so the raw value 2 must behave as 1 (before: BMC found b == 2, which did not replay)."""
    cfa = _cfa(tmp_path, "_Bool b = __VERIFIER_nondet_bool(); _Bool c;\n"
                         "if (b != 0 && b != 1) reach_error();\n"
                         "if (c != 0 && c != 1) reach_error();", uninitialized=NONDET)
    runner = BlockRunner(TransitionSystem(cfa), [])
    for raw in (2, 255, 1, 0):
        assert runner.run([raw], random.Random(raw)).outcome == "end"


@pytest.mark.parametrize("expression", [
    "x = x++;", "int a[2] = {0}; int i = 0; a[i] = i++;", "int y = x + x++;",
    "int y = g + set_g();", "int y = second(set_g(), get_g());", "int y = (x = 1) + x;",
    "x += set_g() + (g = 2);", "int y = get_g() + (g = 3);", "int a[2] = {x++, x};",
    # the pointer that locates the element and the call that moves it: either order
    "p[0] = move_p();", "p[x & 1] += move_p();", "s.q[0] = move_s();", "*p = move_p();",
    "rows[0][1] = move_rows();",
    # accesses through pointers: the objects a pointer may reach are one memory
    "int y = shared + poke();", "int y = *p + poke();", "int y = p[1] + poke();",
    "int y = s.q[0] + set_arr();", "int y = ps->v + poke();", "*p += poke();",
    "int y = arr[0] + poke();", "int y = second(*p, poke());",
    "int y = *p + (*p = 3);", "int y = shared + clear(p);",
    # a pointer that is not only the call's own block: a parameter, a global, reassigned
    "int y = shared + poke_param(&shared);", "int y = shared + shadowed(&shared);",
    "int y = arr[0] + moved_block();"])
def test_interfering_unsequenced_side_effects_are_unsupported(tmp_path, expression):
    """Undefined (`x = x++`) or unspecified order (`f(set_g(), get_g())`): before, the CFA
    took one order; gcc evaluates arguments right to left, so a wrong `true` was possible."""
    with pytest.raises(Unsupported, match="evaluation order"):
        _cfa(tmp_path, "int x = __VERIFIER_nondet_int();\n" + expression, POINTERS)


@pytest.mark.parametrize("expression", [
    "x = x + 1;", "x += __VERIFIER_nondet_int();", "int y = second(__VERIFIER_nondet_int(), x);",
    "int y = (x++, x) + 1;", "int y = x && (x = 2);", "int y = (x++ > 0) && x;",
    "int y = (x = 2) || x;", "int y = x++ ? x : -x;", "int y = get_g() + get_g();",
    "int a[2] = {0}; a[x & 1] = x;", "int y = g; y = set_g() + y;",
    # an array's name is the array: only the call writes, the store comes after it
    "arr[0] = set_arr();", "arr[x & 1] = move_p();", "p[0] = set_g();",
    "grid[1][0] = set_arr();",
    # a variable no pointer reaches, beside a write through one; a write through a pointer
    # sequenced after the call; reads of memory on both sides
    "int y = x + poke();", "int y = solo[0] + poke();", "*p = poke();", "ps->v = poke();",
    "int y = *p + p[1];", "shared = poke();",
    # member arrays are arrays; a callee writing only a block it allocated itself
    "struct W w = {{1, 2}}; int y = w.a[0] + bump(w);", "int y = arr[0] + own_block();"])
def test_sequenced_or_independent_side_effects_are_supported(tmp_path, expression):
    _cfa(tmp_path, "int x = __VERIFIER_nondet_int();\n" + expression, POINTERS)


def test_arguments_are_evaluated_right_to_left_as_gcc_does(tmp_path):
    """The order only decides which input each nondet call reads, but a counterexample read
    in the other order did not replay."""
    path = tmp_path / "order.c"
    path.write_text(PRELUDE + "int main(void) {\n"
                    "  int y = second(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());\n"
                    "  if (y == 5) reach_error();\n  return 0;\n}\n")
    report = check_program(ProgramSpec("order.c", str(path), "ILP32", "reach_error", 8))
    assert report.skipped is None and not report.disagreements
    cfa = build_cfa(parse_program(str(path)).ast, DataModel("ILP32"), "reach_error", [])
    runner = BlockRunner(TransitionSystem(cfa), [])
    assert runner.run([5, 0], random.Random(1)).outcome == "error"      # b is read first
    assert runner.run([0, 5], random.Random(1)).outcome == "end"


def test_arguments_of_exit_and_the_error_function_are_evaluated(tmp_path):
    """Before: `exit(f())` ended the run without calling f, which may reach the error."""
    cfa = _cfa(tmp_path, "int x = __VERIFIER_nondet_int();\n"
                         "if (x == 1) exit(second(0, x) + set_g()\n"
                         "                 + (x == 1 ? (reach_error(), 0) : 0));\n"
                         "if (x == 2) __assert_fail(\"0\", \"prog.c\", 3, __func__);")
    runner = BlockRunner(TransitionSystem(cfa), [])
    assert [runner.run([x], random.Random(x)).outcome for x in (0, 1, 2)] == ["end", "error", "end"]


def test_a_local_shadowing_an_enumerator_makes_a_variable_length_array(tmp_path):
    """A local shadowing an enumerator made `int a[N]` an array of the enumerator's size."""
    cfa = _cfa(tmp_path, "int N = 3; int a[N]; a[0] = 1;", "enum { N = 10 };\n")
    arrays = [v for v in cfa.variables if v.name == "a"]
    assert len(arrays) == 1 and arrays[0].type.variable_length


def test_a_program_defined_assume_is_inlined(tmp_path):
    path = tmp_path / "assume.c"
    path.write_text("void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
                    "void __VERIFIER_assume(int c) { if (!c) reach_error(); }\n"
                    "int main(void) {\n"
                    "  __VERIFIER_assume(__VERIFIER_nondet_int() > 0);\n  return 0;\n}\n")
    cfa = build_cfa(parse_program(str(path)).ast, DataModel("ILP32"), "reach_error", [])
    assert BlockRunner(TransitionSystem(cfa), []).run([0], random.Random(1)).outcome == "error"


def _replay(tmp_path, program: str, witness: str, inputs: list[int]):
    (tmp_path / "prog.c").write_text(program)
    (tmp_path / "witness.yml").write_text(witness)
    woven = weave(parse_program(str(tmp_path / "prog.c")),
                  load_witness(str(tmp_path / "witness.yml")))
    return replay(woven, "reach_error", "ILP32",
                  [{"function": "f", "value": v} for v in inputs])


def test_replay_defines_every_bodiless_function(tmp_path):
    """Before: link errors (goblint.h, external functions) and conflicting types (an implicitly
    declared nondet function), so no counterexample of such a program replayed."""
    result = _replay(tmp_path, "#include <goblint.h>\nvoid reach_error(void);\n"
                     "extern int sensor(int channel);\nextern void log_value(int value);\n"
                     "int main(void) { int x = __VERIFIER_nondet_int(); __goblint_assume(x > 5);\n"
                     "  log_value(x); __goblint_check(x > 5);\n"
                     "  if (x == 7 && sensor(1) == -3) reach_error(); return 0; }\n",
                     EMPTY_WITNESS, [7, -3])
    assert result.ran and result.reached_error, result.message
    blocked = _replay(tmp_path, (tmp_path / "prog.c").read_text(), EMPTY_WITNESS, [5, -3])
    assert blocked.ran and not blocked.reached_error


def test_replay_sees_a_failed_check_before_abort(tmp_path):
    """Before: the marker stayed in stdout's buffer when the program then called abort()."""
    witness = EMPTY_WITNESS.replace("content: []", """content:
  - invariant:
      type: location_invariant
      location: {file_name: "prog.c", line: 4, column: 3, function: main}
      value: "x < 0"
      format: c_expression""")
    result = _replay(tmp_path, "extern void abort(void);\nextern int __VERIFIER_nondet_int(void);\n"
                     "int main(void) { int x = __VERIFIER_nondet_int();\n  x = x + 1;\n"
                     "  abort();\n}\n", witness, [5])
    assert result.failed_checks == [(0, "before_statement")], result.message
