"""Ghost variables and updates (format 2.1, `ghost_instrumentation`; issue 17).

Adversarial witnesses first, each with its ground truth from gcc: the instrumented program
(`--instrumented-out`) is built with -m32 and -m64 under UBSan, its checks print which one
failed, and it runs on a range of inputs; a witness is wrong when some run fails a check (or
has undefined behaviour in a ghost update).  Valid witnesses must be confirmed, wrong ones
rejected naming what fails, never `true`.  Then hostile inputs (each an ERROR naming the witness
file and line, no traceback), the weaving itself, and the reports.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import pytest
from pycparser import c_ast

from conftest import dedent, find_nodes, function_body, position
from gt_driver import build, marks

ROOT = Path(__file__).resolve().parents[1]
PRP = ROOT / "sv-benchmarks-sample" / "properties" / "unreach-call.prp"
PRELUDE = dedent("""
    extern int __VERIFIER_nondet_int(void);
    extern void abort(void);
    void reach_error(void) { abort(); }
    """)


def ghost_witness(program: str, ghosts: list, updates: list, invariants: list,
                  file_name: str = "prog.c") -> str:
    """A 2.1 witness: ghosts (name, type, initial), updates (needle, branch or None, [(variable,
    value)]) at the first occurrence of the needle (or (needle, occurrence)), invariants (type,
    needle, value)."""
    def where(needle) -> str:
        text, occurrence = needle if isinstance(needle, tuple) else (needle, 1)
        line, column = position(program, text, occurrence)
        return f"{{file_name: {file_name}, line: {line}, column: {column}, function: main}}"

    out = ["- entry_type: ghost_instrumentation",
           '  metadata: {format_version: "2.1", uuid: 8c508694-8f92-4950-a722-f0f1489c34c1}',
           "  content:", "    ghost_variables:" + ("" if ghosts else " []")]
    for name, ctype, initial in ghosts:
        out.append(f'      - {{name: {name}, scope: global, type: "{ctype}", '
                   f'initial: {{value: "{initial}", format: c_expression}}}}')
    out.append("    ghost_updates:" + ("" if updates else " []"))
    for needle, branch, assignments in updates:
        out.append(f"      - location: {where(needle)}")
        if branch is not None:
            out += ["        action: follow", f'        constraint: {{value: "{branch}"}}']
        out.append("        updates:")
        out += [f'          - {{variable: {v}, value: "{e}", format: c_expression}}'
                for v, e in assignments]
    out += ["- entry_type: invariant_set",
            '  metadata: {format_version: "2.1", uuid: 8c508694-8f92-4950-a722-f0f1489c34c2}',
            "  content:" + ("" if invariants else " []")]
    for kind, needle, value in invariants:
        out += ["    - invariant:", f"        type: {kind}", f"        location: {where(needle)}",
                f'        value: "{value}"', "        format: c_expression"]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ programs
COUNTER = PRELUDE + dedent("""
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 10) return 0;
      int i = 0;
      while (i < n) {
        i++;
      }
      if (i != n) reach_error();
      return 0;
    }
    """)

FLAG = PRELUDE + dedent("""
    int main(void) {
      int x = __VERIFIER_nondet_int();
      int y = 0;
      if (x > 5) {
        y = 1;
      }
      if (y == 1 && x <= 5) reach_error();
      return 0;
    }
    """)

SNAPSHOT = PRELUDE + dedent("""
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x < 0 || x > 1000) return 0;
      int k = 0;
      while (k < 5) {
        x = x + 2;
        k++;
      }
      if (x < 10) reach_error();
      return 0;
    }
    """)

EXIT = PRELUDE + dedent("""
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 10) return 0;
      int i = 0;
      while (i < n) {
        if (i == 5) break;
        i++;
      }
      return 0;
    }
    """)

OVERFLOW = PRELUDE + dedent("""
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x > 0) {
        x = 0;
      }
      return 0;
    }
    """)

DO_WHILE = PRELUDE + dedent("""
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 1 || n > 10) return 0;
      int i = 0;
      do {
        i++;
      } while (i < n);
      return 0;
    }
    """)

FOR_CONTINUE = PRELUDE + dedent("""
    typedef unsigned char byte;
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 10) return 0;
      int odd = 0;
      for (int i = 0; i < n; i++) {
        if (i % 2 == 0) continue;
        odd++;
      }
      return 0;
    }
    """)

SMALL = [[n] for n in range(-1, 12)]
LOOP = "while (i < n)"


@dataclass
class Case:
    name: str
    program: str
    ghosts: list
    updates: list
    invariants: list
    inputs: list
    valid: bool
    failing: Optional[str] = None       # "invariant N" or "ghost update N": what is named
    why: str = ""
    notes: list = field(default_factory=list)


CASES = [
    Case("counter", COUNTER, [("cnt", "int", "0")], [("i++;", None, [("cnt", "cnt + 1")])],
         [("loop_invariant", LOOP, "i == cnt && cnt <= 10")], SMALL, True,
         why="a ghost counting the iterations equals the loop counter"),
    Case("counter_off_by_one", COUNTER, [("cnt", "int", "0")],
         [("i++;", None, [("cnt", "cnt + 1")])],
         [("loop_invariant", LOOP, "i == cnt && cnt < 10")], SMALL, False, "invariant 0",
         why="cnt reaches 10 at the last loop head when n == 10"),
    Case("counter_checked_before_update", COUNTER, [("cnt", "int", "0")],
         [("i++;", None, [("cnt", "cnt + 1")])],
         [("location_invariant", "i++;", "cnt == i")], SMALL, True,
         why="the invariant at the update's location sees the value before the update"),
    Case("counter_checked_after_update", COUNTER, [("cnt", "int", "0")],
         [("i++;", None, [("cnt", "cnt + 1")])],
         [("location_invariant", "i++;", "cnt == i + 1")], SMALL, False, "invariant 0",
         why="control leaves the location after the invariant there is evaluated"),
    Case("flag_true_branch", FLAG, [("taken", "int", "0")],
         [("if (x > 5)", "true", [("taken", "1")])],
         [("location_invariant", "if (y == 1", "taken == (x > 5) && y == taken")],
         [[v] for v in (-3, 0, 5, 6, 100)], True, why="set on the true edge only"),
    Case("flag_false_branch", FLAG, [("taken", "int", "0")],
         [("if (x > 5)", "false", [("taken", "1")])],
         [("location_invariant", "if (y == 1", "taken == (x > 5) && y == taken")],
         [[v] for v in (-3, 0, 5, 6, 100)], False, "invariant 0",
         why="set on the false edge: taken is 1 exactly when x <= 5"),
    Case("flag_unrestricted", FLAG, [("taken", "int", "0")],
         [("if (x > 5)", None, [("taken", "1")])],
         [("location_invariant", "if (y == 1", "taken == (x > 5)")],
         [[v] for v in (-3, 0, 5, 6, 100)], False, "invariant 0",
         why="without the branch it runs whenever control leaves the if's location"),
    Case("snapshot", SNAPSHOT, [("g", "int", "0")], [("int k = 0;", None, [("g", "x")])],
         [("loop_invariant", "while (k < 5)", "x >= g && x == g + 2 * k")],
         [[v] for v in (-1, 0, 7, 1000)], True, why="g keeps the value x had before the loop"),
    Case("snapshot_strict", SNAPSHOT, [("g", "int", "0")], [("int k = 0;", None, [("g", "x")])],
         [("loop_invariant", "while (k < 5)", "x > g")],
         [[v] for v in (-1, 0, 7, 1000)], False, "invariant 0",
         why="at the first loop head x == g"),
    Case("ordered", COUNTER, [("a", "int", "0"), ("b", "int", "0")],
         [("i++;", None, [("a", "a + 1"), ("b", "a")])],
         [("loop_invariant", LOOP, "a == i && b == i")], SMALL, True,
         why="b = a reads the a the first update wrote"),
    Case("ordered_two_entries", COUNTER, [("a", "int", "0"), ("b", "int", "0")],
         [("i++;", None, [("a", "a + 1")]), ("i++;", None, [("b", "a")])],
         [("loop_invariant", LOOP, "a == i && b == i")], SMALL, True,
         why="two ghost_updates items at one location run in witness order"),
    Case("ordered_reversed", COUNTER, [("a", "int", "0"), ("b", "int", "0")],
         [("i++;", None, [("b", "a"), ("a", "a + 1")])],
         [("loop_invariant", LOOP, "a == i && b == i")], SMALL, False, "invariant 0",
         why="in the other order b lags one iteration behind"),
    Case("uchar_wrap", COUNTER, [("c", "unsigned char", "250")],
         [("i++;", None, [("c", "c + 1")])],
         [("loop_invariant", LOOP, "c == (unsigned char)(250 + i)")], SMALL, True,
         why="c + 1 is an int; the assignment converts it to unsigned char (wraps at 256)"),
    Case("uchar_no_wrap", COUNTER, [("c", "unsigned char", "250")],
         [("i++;", None, [("c", "c + 1")])],
         [("loop_invariant", LOOP, "c == 250 + i")], SMALL, False, "invariant 0",
         why="fails once 250 + i reaches 256 (n >= 6)"),
    Case("loop_exit_edge", EXIT, [("exited", "int", "0")],
         [(LOOP, "false", [("exited", "1")])],
         [("location_invariant", ("return 0;", 2), "exited == (i == n)")], SMALL, True,
         why="the false edge of the loop condition, not the break"),
    Case("loop_exit_edge_wrong", EXIT, [("exited", "int", "0")],
         [(LOOP, "false", [("exited", "1")])],
         [("location_invariant", ("return 0;", 2), "exited == 1")], SMALL, False,
         "invariant 0", why="a break leaves the loop without the false edge"),
    Case("loop_entry_edge", COUNTER, [("t", "int", "0")],
         [(LOOP, "true", [("t", "t + 1")])],
         [("loop_invariant", LOOP, "t == i && t <= n")], SMALL, True,
         why="the true edge of the loop condition enters the body once per iteration"),
    Case("do_while_repeat_edge", DO_WHILE, [("r", "int", "0")],
         [("do {", "true", [("r", "r + 1")])],
         [("location_invariant", ("return 0;", 2), "r == n - 1")], SMALL, True,
         why="a do-while's condition is true once less often than the body runs"),
    Case("do_while_repeat_edge_wrong", DO_WHILE, [("r", "int", "0")],
         [("do {", "true", [("r", "r + 1")])],
         [("location_invariant", ("return 0;", 2), "r == n")], SMALL, False, "invariant 0",
         why="the body's first run is not a true edge of the condition"),
    Case("for_continue_entry_edge", FOR_CONTINUE, [("t", "byte", "0")],
         [("for (", "true", [("t", "t + 1")])],
         [("loop_invariant", "for (", "t == i && 2 * odd <= i")], SMALL, True,
         why="a continue goes to the increment and the condition: one true edge per iteration; "
             "the ghost's type is a typedef of the program"),
    Case("bool_ghost", COUNTER, [("b", "_Bool", "0")], [("i++;", None, [("b", "i + 1")])],
         [("loop_invariant", LOOP, "b == (i > 0)")], SMALL, True,
         why="assigning a non-zero int to a _Bool gives 1"),
    Case("bool_ghost_wrong", COUNTER, [("b", "_Bool", "0")], [("i++;", None, [("b", "i + 1")])],
         [("loop_invariant", LOOP, "b == i")], SMALL, False, "invariant 0",
         why="b is 1, not i, after the second iteration"),
    Case("update_overflows", OVERFLOW, [("big", "int", "2147483600")],
         [("x = 0;", None, [("big", "big + 100")])], [], [[v] for v in (-1, 0, 1)], False,
         "ghost update 1", why="signed overflow in the update: undefined behaviour"),
    Case("initial_overflows", "int base = 2147483647;\n" + OVERFLOW,
         [("big", "int", "base + 1")], [], [], [[0]], False, "ghost update 0",
         why="signed overflow in the initial value"),
]


def validate(cli, tmp_path: Path, case: Case, data_model: str = "ILP32"):
    program = tmp_path / "prog.c"
    program.write_text(case.program)
    witness = tmp_path / "w.yml"
    witness.write_text(ghost_witness(case.program, case.ghosts, case.updates, case.invariants))
    report, instrumented = tmp_path / "report.json", tmp_path / "instrumented.c"
    run = cli("--witness", witness, program, "--spec", PRP, "--timeout", "60",
              "--data-model", data_model, "--report-json", report,
              "--instrumented-out", instrumented)
    return run, json.loads(report.read_text()), instrumented.read_text()


CHECK_DEFINITION = ("static void __witness_check(int index, int holds) { (void)index; "
                    "if (!holds) { reach_error(); } }")
REACH_DEFINITION = "void reach_error(void)\n{\n  abort();\n}\n"


def ground_truth(instrumented: str, inputs: list, directory: Path, flag: str) -> list[list[str]]:
    """The marks of the instrumented program (built by gcc with `flag`, UBSan on) on each input:
    `check-failed-N` for invariant N, `error` for the error function, `ubsan` for undefined
    behaviour (the programs here have none of their own: it is a ghost update's)."""
    assert CHECK_DEFINITION in instrumented and REACH_DEFINITION in instrumented
    text = "void __gt_check(int);\n" + instrumented.replace(
        CHECK_DEFINITION, "static void __witness_check(int index, int holds) "
                          "{ if (!holds) { __gt_check(index); } }").replace(
        REACH_DEFINITION, 'void reach_error(void) { __gt_mark("error"); abort(); }\n')
    directory.mkdir(exist_ok=True)
    built = build(text, directory, [flag], link='void __gt_check(int i) '
                  '{ printf("MARK check-failed-%d\\n", i); fflush(stdout); }')
    assert built.returncode == 0, built.stderr
    return [marks(directory / "program", values, 10) for values in inputs]


def wrong_on_some_input(runs: list[list[str]]) -> bool:
    return any(m.startswith("check-failed") or m in ("error", "ubsan") for run in runs for m in run)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_adversarial_ghost_witness(cli, tmp_path, case):
    run, report, instrumented = validate(cli, tmp_path, case)
    truths = {flag: ground_truth(instrumented, case.inputs, tmp_path / flag, flag)
              for flag in ("-m32", "-m64")}
    for flag, runs in truths.items():
        assert wrong_on_some_input(runs) == (not case.valid), (flag, case.why, runs)
    if case.valid:
        assert run.result == "true", (case.why, run.out)
        return
    assert run.result == "false(unreach-call)", (case.why, run.out)
    kind, number = case.failing.rsplit(" ", 1)
    if kind == "invariant":
        entry = report["invariants"][int(number)]
        assert entry["status"] == "rejected"
        assert f"invariant {number} is violated" in report["reason"]
        assert entry["counterexample"]["ghosts"]          # the ghosts' values at the failure
    else:
        entry = report["ghost_updates"][int(number)]
        assert entry["status"] == "rejected" and "undefined behaviour" in entry["reason"]
        assert "undefined behaviour on a real execution" in report["reason"]
        assert entry["variable"] in report["reason"]


def test_overflow_of_a_constant_initial_value_is_never_true(cli, tmp_path):
    """`2147483647 + 1` overflows (C11 6.5p5).  gcc would fold it where no sanitizer sees it;
    the harness reads such constants from volatile copies, so the replay traps it and the
    initial value is rejected (never `true`)."""
    case = Case("constant", OVERFLOW, [("big", "int", "2147483647 + 1")], [], [], [], False)
    run, report, _ = validate(cli, tmp_path, case)
    assert run.result == "false(unreach-call)"
    assert report["ghost_updates"][0]["status"] == "rejected"
    assert "big" in report["reason"]


def test_ghost_values_in_the_counterexample_are_those_of_the_failure(cli, tmp_path):
    case = next(c for c in CASES if c.name == "counter_off_by_one")
    run, report, _ = validate(cli, tmp_path, case)
    counterexample = report["invariants"][0]["counterexample"]
    assert counterexample["ghosts"] == {"cnt": 10}
    assert "ghosts [cnt=10]" in run.out


def test_unsigned_char_ghost_in_lp64(cli, tmp_path):
    case = next(c for c in CASES if c.name == "uchar_no_wrap")
    run, _, _ = validate(cli, tmp_path, case, "LP64")
    assert run.result == "false(unreach-call)"


# ------------------------------------------------------------------ not supported: unknown
@pytest.mark.parametrize("ghosts, updates, reason", [
    ([("g", "int", "0")], [(LOOP, None, [("g", "1")])], "at a loop keyword"),
    ([("g", "int", "0")], [("i++;", None, [("g", "1")])], None),      # control: supported
])
def test_unrestricted_update_at_a_loop_is_unknown(cli, tmp_path, ghosts, updates, reason):
    case = Case("loop_keyword", COUNTER, ghosts, updates,
                [("loop_invariant", LOOP, "g == 0 || g == 1")], SMALL, True)
    run, report, _ = validate(cli, tmp_path, case)
    if reason is None:
        assert run.result == "true"
        return
    assert run.result == "unknown" and reason in report["reason"]
    assert report["invariants"][0]["status"] == "unsupported"
    assert "not woven" in report["invariants"][0]["reason"]


def test_local_scope_is_unknown(cli, tmp_path):
    program = tmp_path / "prog.c"
    program.write_text(COUNTER)
    witness = tmp_path / "w.yml"
    witness.write_text(ghost_witness(COUNTER, [("g", "int", "0")], [], []).replace(
        "scope: global", "scope: local"))
    run = cli("--witness", witness, program, "--spec", PRP, "--timeout", "30")
    assert run.result == "unknown"
    assert "scope 'local'" in run.out


def test_initial_value_reading_a_global(cli, tmp_path):
    source = PRELUDE + dedent("""
        int limit = 7;
        int main(void) {
          int i = 0;
          while (i < limit) {
            i++;
          }
          return 0;
        }
        """)
    case = Case("initial_global", source, [("start", "int", "limit * 2")],
                [("i++;", None, [("start", "start - 1")])],
                [("loop_invariant", "while (i < limit)", "start + i == 14")], [[]], True)
    run, _, instrumented = validate(cli, tmp_path, case)
    assert run.result == "true"
    body = instrumented[instrumented.index("int main(void)"):]
    assert body.index("start = limit * 2;") < body.index("int i = 0;")


def test_concurrency_stays_unknown(cli, tmp_path):
    source = dedent("""
        #include <pthread.h>
        extern void abort(void);
        void reach_error(void) { abort(); }
        int shared = 0;
        void *worker(void *arg) { shared = 1; return 0; }
        int main(void) {
          pthread_t id;
          pthread_create(&id, 0, worker, 0);
          shared = 2;
          return 0;
        }
        """)
    case = Case("threads", source, [("started", "int", "0")],
                [("shared = 2;", None, [("started", "1")])],
                [("location_invariant", "return 0;", "started == 1")], [], True)
    run, report, _ = validate(cli, tmp_path, case)
    assert run.result == "unknown"
    assert "concurrency" in report["reason"]


# ------------------------------------------------------------------ hostile inputs: ERROR
@pytest.mark.parametrize("ghosts, updates, words, at", [
    ([("n", "int", "0")], [], ["ghost variable 'n' clashes", "'n' (prog.c:5)"], "name: n"),
    ([("reach_error", "int", "0")], [], ["clashes", "reach_error"], "name: reach_error"),
    ([("g", "int", "0"), ("g", "long", "0")], [], ["'g' is declared twice", "first at line"],
     "type: \"long\""),
    ([("g", "int", "0")], [("i++;", None, [("h", "1")])],
     ["'h' is not a declared ghost variable"], "variable: h"),
    ([("g", "mytype", "0")], [], ["type 'mytype'", "not a type of the program"], "name: g"),
    ([("g", "struct nothere", "0")], [], ["no 'struct nothere'"], "name: g"),
    ([("g", "int", "0")], [("i++;", None, [("i", "0")])],
     ["'i' is not a ghost but the program's 'i' (prog.c:7)", "may only write a ghost"],
     "variable: i"),
    ([("g", "int", "0")], [("i++;", None, [("main", "0")])], ["the program's 'main' (prog.c:4)"],
     "variable: main"),
    ([("g", "int(void)", "0")], [], ["a function type"], "name: g"),
    ([("g", "void", "0")], [], ["no variable has type void"], "name: g"),
    ([("g", "enum { A, B }", "0")], [], ["defines an enum"], "name: g"),
    ([("int", "int", "0")], [], ["is a C keyword"], "name: int"),
    ([("__witness_check", "int", "0")], [], ["clashes with the names the validator"],
     "name: __witness_check"),
    ([("g", "int", "0")], [("i++;", None, [("g", "i++")])], ["'++'", "side effect"],
     "variable: g"),
    ([("g", "int", "0")], [("i++;", None, [("g", "g = 1")])], ["assignment"], "variable: g"),
    ([("g", "int", "0")], [("i++;", None, [("g", "__VERIFIER_nondet_int()")])],
     ["function call is not allowed"], "variable: g"),
    ([("g", "int", "0")], [("i++;", None, [("g", "zzz + 1")])], ["names 'zzz'"], "variable: g"),
    ([("g", "int", "n")], [], ["initial value of ghost 'g'", "'n', which is not a global"],
     "name: g"),
    ([("g", "int", "0"), ("h", "int", "g")], [], ["reads the ghost 'g'"], "name: h"),
    ([("g", "int", "0")], [(LOOP, "maybe", [("g", "1")])], ["'maybe' is not true or false"],
     "location:"),
    ([("g", "int", "0")], [("i++;", "true", [("g", "1")])], ["not an if, while, for or do"],
     "location:"),
])
def test_hostile_input_is_an_error_naming_file_and_line(cli, tmp_path, ghosts, updates, words, at):
    program = tmp_path / "prog.c"
    program.write_text(COUNTER)
    text = ghost_witness(COUNTER, ghosts, updates, [])
    witness = tmp_path / "w.yml"
    witness.write_text(text)
    run = cli("--witness", witness, program, "--spec", PRP)
    assert run.code == 1 and run.result.startswith("ERROR (")
    assert "Traceback" not in run.out + run.err
    message = run.result
    for word in words:
        assert word in message, message
    where = message[len("ERROR ("):].split(":")
    assert where[0].endswith("w.yml")
    assert at in text.splitlines()[int(where[1]) - 1], (message, at)


# ------------------------------------------------------------------ weaving
def weave_case(ws, case: Case):
    witness = ghost_witness(case.program, case.ghosts, case.updates, case.invariants)
    return ws.instrument(case.program, witness)


def test_updates_come_after_the_checks_at_their_location(ws):
    case = next(c for c in CASES if c.name == "counter_checked_before_update")
    program, _, result = weave_case(ws, case)
    body = find_nodes(function_body(program.ast, "main"), c_ast.While)[0].stmt.block_items
    kinds = [type(n).__name__ if not isinstance(n, c_ast.FuncCall) else n.name.name for n in body]
    assert kinds == ["__witness_check", "__witness_assume", "Assignment", "UnaryOp"]
    assert body[2] is result.ghost_updates[1].assignment


def test_declarations_before_the_first_function_and_initial_values_first_in_main(ws):
    case = next(c for c in CASES if c.name == "ordered")
    program, _, result = weave_case(ws, case)
    ext = program.ast.ext
    first_function = next(i for i, n in enumerate(ext) if isinstance(n, c_ast.FuncDef))
    assert [n.name for n in ext[first_function - 2:first_function]] == ["a", "b"]
    items = function_body(program.ast, "main").block_items
    assert [u.kind for u in result.ghost_updates] == ["initial", "initial", "update", "update"]
    assert items[:2] == [result.ghost_updates[0].assignment, result.ghost_updates[1].assignment]
    assert result.ghosts == ["a", "b"]


def test_loop_branch_updates_are_in_the_condition_after_the_checks(ws):
    case = Case("both", COUNTER, [("t", "int", "0"), ("f", "int", "0")],
                [(LOOP, "true", [("t", "t + 1")]), (LOOP, "false", [("f", "1")])],
                [("loop_invariant", LOOP, "t == i")], SMALL, True)
    program, _, result = weave_case(ws, case)
    loop = find_nodes(function_body(program.ast, "main"), c_ast.While)[0]
    *calls, condition = loop.cond.exprs
    assert [c.name.name for c in calls] == ["__witness_check", "__witness_assume"]
    assert isinstance(condition, c_ast.TernaryOp)
    assert condition.iftrue.exprs[0] is result.ghost_updates[2].assignment
    assert condition.iffalse.exprs[0] is result.ghost_updates[3].assignment


def test_instrumented_program_compiles_in_both_data_models(cli, tmp_path):
    from conftest import gcc_syntax_errors
    case = next(c for c in CASES if c.name == "loop_exit_edge")
    _, _, instrumented = validate(cli, tmp_path, case)
    assert "exited = 1" in instrumented
    for model in ("ILP32", "LP64"):
        assert gcc_syntax_errors(instrumented, tmp_path, model) == ""


# ------------------------------------------------------------------ reports
def test_reports_name_ghost_dependent_invariants_and_list_the_updates(cli, tmp_path):
    case = next(c for c in CASES if c.name == "snapshot")
    program = tmp_path / "prog.c"
    program.write_text(case.program)
    witness = tmp_path / "w.yml"
    witness.write_text(ghost_witness(case.program, case.ghosts, case.updates,
                                     case.invariants + [("location_invariant", "if (x < 10)",
                                                         "x >= 10")]))
    report, certificates = tmp_path / "report.json", tmp_path / "certificates.yml"
    run = cli("--witness", witness, program, "--spec", PRP, "--timeout", "60", "--verbose",
              "--report-json", report, "--certificate-out", certificates)
    assert run.result == "true"
    data = json.loads(report.read_text())
    assert [i["ghosts"] for i in data["invariants"]] == [["g"], []]
    assert [(u["kind"], u["variable"], u["status"]) for u in data["ghost_updates"]] == [
        ("initial", "g", "confirmed"), ("update", "g", "confirmed")]
    assert data["ghost_variables"] == [{"name": "g", "type": "int", "scope": "global",
                                        "initial": "0"}]
    assert "(reads ghosts g)" in run.out
    from ruamel.yaml import YAML
    targets = [e["target"] for e in YAML(typ="safe").load(certificates.read_text())]
    assert [t.get("ghost_variables") for t in targets] == [["g"], None]


# ------------------------------------------------------------------ the verdict core
def ghost_decision(*ghosts, sites=None, **kwargs):
    """`verdict.decide` on hand-built evidence: one invariant (site 0, proven by call 1 unless
    `sites` says otherwise), a proven property, and the ghost updates."""
    from instrument.woven import LOOP_HEAD, PLACED
    from validator.evidence import (Evidence, InvariantEvidence, Proof, SiteEvidence,
                                    SiteOutcome)
    from validator.verdict import decide
    sites = sites if sites is not None else [
        SiteEvidence(0, LOOP_HEAD, SiteOutcome.PROVEN, Proof("houdini", frozenset(), 1))]
    refuted_verdict = kwargs.pop("refuted_verdict", "false")
    evidence = Evidence([InvariantEvidence(0, PLACED, None, sites)],
                        property_proof=Proof("chc", frozenset(), 2), ghost_updates=list(ghosts),
                        **kwargs)
    return decide(evidence, refuted_verdict)


def ghost(number=0, **fields):
    from validator.evidence import GhostUpdateEvidence
    return GhostUpdateEvidence(number, f"ghost update g = g + {number}", **fields)


@pytest.mark.parametrize("fields, status, verdict, words", [
    ({}, "confirmed", "true", None),                                  # no UB possible
    ({"has_target": True, "proof": "own"}, "confirmed", "true", None),
    ({"has_target": True}, "unknown", "unknown", "could not exclude"),
    ({"has_target": True, "proof": "assumes an open site"}, "unknown", "unknown",
     "could not exclude"),
    ({"has_target": True, "unreplayed": True}, "unknown", "unknown", "did not replay"),
    ({"has_target": True, "refutation": True}, "rejected", "false(unreach-call)",
     "has undefined behaviour on a real execution"),
])
def test_ghost_update_statuses_and_the_verdict(fields, status, verdict, words):
    from validator.evidence import Counterexample, Proof
    proofs = {"own": Proof("kinduction", frozenset({0}), 3),
              "assumes an open site": Proof("kinduction", frozenset({7}), 3)}
    if "proof" in fields:
        fields["proof"] = proofs[fields["proof"]]
    if fields.get("refutation"):
        fields["refutation"] = Counterexample("bmc")
    decision = ghost_decision(ghost(1, **fields))
    assert decision.ghost_updates[0].status.value == status
    assert decision.verdict == verdict
    if words:
        assert words in decision.reason and "g = g + 1" in decision.reason


def test_ghost_update_rejection_with_refuted_verdict_unknown():
    from validator.evidence import Counterexample
    decision = ghost_decision(ghost(has_target=True, refutation=Counterexample("bmc")),
                              refuted_verdict="unknown")
    assert decision.verdict == "unknown"
    assert decision.ghost_updates[0].status.value == "rejected"


def test_ghost_update_is_unknown_while_recursion_is_cut_off():
    decision = ghost_decision(ghost(), bound_open=["recursion of 'f' deeper than 2 calls"])
    assert decision.ghost_updates[0].status.value == "unknown"
    assert decision.verdict == "unknown"


def test_ghost_update_proof_contradicted_by_a_replay_is_an_internal_error():
    from validator.evidence import Counterexample, Proof
    decision = ghost_decision(ghost(has_target=True, proof=Proof("chc", frozenset(), 3),
                                    refutation=Counterexample("bmc")))
    assert decision.verdict == "unknown" and decision.internal_errors
    assert decision.ghost_updates[0].status.value == "unknown"


def test_a_confirmed_invariant_and_an_open_ghost_update_give_unknown():
    decision = ghost_decision(ghost(has_target=True))
    assert decision.invariants[0].status.value == "confirmed"
    assert decision.verdict == "unknown"


# ------------------------------------------------------------------ the sample tasks
def _sample_rows() -> list[dict]:
    import csv
    with open(ROOT / "sv-benchmarks-sample" / "EXPECTED.tsv", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["witness"].startswith("ghost_")]


@pytest.mark.parametrize("row", _sample_rows(), ids=lambda r: r["witness"])
def test_sample_ghost_tasks(cli, tmp_path, row):
    name = row["witness"].removesuffix(".yml").removesuffix(".witness") + ".yml"
    task = ROOT / "sv-benchmarks-sample" / "c" / "validation" / name
    report = tmp_path / "report.json"
    run = cli(task, "--timeout", "60", "--report-json", report)
    expected = {"true": "true", "false": "false(unreach-call)"}[row["expected_validation"]]
    assert run.result == expected, run.out
    data = json.loads(report.read_text())
    assert all(i["ghosts"] for i in data["invariants"])
    if expected != "true":
        rejected = [i for i in data["invariants"] if i["status"] == "rejected"]
        assert rejected and f"invariant {rejected[0]['index']} is violated" in data["reason"]
