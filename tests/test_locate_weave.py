"""Locating witness locations, scoping invariant expressions, and weaving.

Positions are computed from the program text (1-based columns, as in format 2.x) so that each
test says in words which token a witness points at.
"""
from __future__ import annotations

import os
import subprocess

import pytest
from pycparser import c_ast

from conftest import (ASSUME, CHECK, DATA, checks_before_assumes, dedent, find_nodes,
                      function_body, gcc_syntax_errors, intrinsic_calls, intrinsic_sequence,
                      invariant_set, position, v01_entry)
from instrument.emit import emit_c
from instrument.woven import (BEFORE_STATEMENT, DO_BEFORE_CONDITION, DO_BODY_ENTRY,
                              FUNCTION_END, LOOP_HEAD, PLACED, UNPLACED, UNSUPPORTED)

PROGRAM = dedent("""
    extern int __VERIFIER_nondet_int(void);
    extern void reach_error(void);
    typedef int myint;
    enum color { RED, GREEN = 5 };
    int g = 0;
    int sum(int n, int m) {
      int s = 0;
      for (int k = 0; k < n; k++) {
        if (k % 2) continue;
        s = s + k;
      }
      return s + m;
    }
    int main(void) {
      unsigned int x = 1; int i = 0;
      int n = __VERIFIER_nondet_int();
      while (i < n) {
        int inner = i;
        i = inner + 1;
      }
      {
        int x = 7;
        x = x + 1;
      }
      do {
        i--;
      } while (i > 0);
      enum local { L1 = 3 } lv = L1;
      x = (unsigned int) sum(i, 2);
      if (x > 10) x = 10;
      return (int) x + lv;
    }
    """)


def at(needle: str, occurrence: int = 1) -> tuple[int, int]:
    return position(PROGRAM, needle, occurrence)


def loop(needle: str, value: str, occurrence: int = 1) -> tuple:
    return ("loop_invariant",) + at(needle, occurrence) + (value,)


def before(needle: str, value: str, occurrence: int = 1) -> tuple:
    return ("location_invariant",) + at(needle, occurrence) + (value,)


def statuses(placements) -> list[tuple[str, str]]:
    return [(p.status, p.reason) for p in placements]


# ------------------------------------------------------------------ locating
def test_loop_invariants_attach_to_the_loop_keyword(ws):
    placements, result = ws.placements(PROGRAM, [
        loop("for (int k", "k >= 0"),
        loop("while (i < n)", "i >= 0"),
        loop("do {", "i >= -1"),
    ])
    assert [p.status for p in placements] == [PLACED] * 3
    assert [p.site_kind for p in placements] == ["loop"] * 3
    assert [p.function for p in placements] == ["sum", "main", "main"]
    where = {(c.index, c.where) for c in result.checks}
    assert where == {(0, LOOP_HEAD), (1, LOOP_HEAD), (2, DO_BEFORE_CONDITION), (2, DO_BODY_ENTRY)}


def test_loop_invariant_not_at_a_loop_keyword_is_unplaced(ws):
    line, column = at("while (i < n)")
    placements, result = ws.placements(PROGRAM, [
        ("loop_invariant", line, column + 1, "i >= 0"),        # inside the keyword
        loop("int inner", "i >= 0"),                           # a statement, not a loop
        ("loop_invariant", line + 1, None, "i >= 0"),          # no loop on that line
    ])
    assert [p.status for p in placements] == [UNPLACED] * 3
    assert f"line {line}, column {column + 1}" in placements[0].reason
    assert f"column {column}" in placements[0].reason          # the hint names the loop there
    assert f"line {line + 1}" in placements[1].reason
    assert f"no loop (for, while or do keyword) starts on line {line + 1}" == placements[2].reason
    assert result.checks == []


def test_location_invariants_attach_before_statements_and_declarations(ws):
    placements, result = ws.placements(PROGRAM, [
        before("unsigned int x = 1", "g == 0"),     # a declaration, at its type
        before("int i = 0", "x == 1"),              # the second declaration on the line
        before("i = inner + 1", "inner == i"),      # a statement in a loop body
        before("if (x > 10)", "lv == 3"),
        before("return (int) x", "x <= 10"),
    ])
    assert statuses(placements) == [(PLACED, None)] * 5
    assert [p.site_kind for p in placements] == ["declaration", "declaration", "statement",
                                                 "statement", "statement"]
    main = function_body(result.ast, "main")
    first = main.block_items
    assert intrinsic_sequence(first[:2]) == [(CHECK, 0), (ASSUME, 0)]
    assert isinstance(first[2], c_ast.Decl) and first[2].name == "x"
    assert intrinsic_sequence(first[3:5]) == [(CHECK, 1), (ASSUME, 1)]
    assert isinstance(first[5], c_ast.Decl) and first[5].name == "i"
    assert {(c.index, c.where) for c in result.checks} == {(i, BEFORE_STATEMENT) for i in range(5)}


def test_location_invariant_at_a_wrong_position_is_unplaced_naming_it(ws):
    line, column = at("unsigned int x = 1")
    declarator = at("x = 1")[1]
    placements, _ = ws.placements(PROGRAM, [
        ("location_invariant", line, declarator, "1"),        # the declarator, not the start
        ("location_invariant", line, column - 1, "1"),        # white space
        ("location_invariant", 200, 1, "1"),                  # past the end of the file
    ])
    assert [p.status for p in placements] == [UNPLACED] * 3
    assert placements[0].reason == (
        f"no statement or declaration starts at line {line}, column {declarator} "
        f"(statement or declarations on that line start at column {column}, "
        f"{at('int i = 0')[1]})")
    assert f"line {line}, column {column - 1}" in placements[1].reason
    assert "line 200" in placements[2].reason


def test_missing_column_means_the_leftmost_statement(ws):
    line = at("unsigned int x = 1")[0]
    placements, result = ws.placements(PROGRAM, [("location_invariant", line, None, "g == 0")])
    assert placements[0].status == PLACED
    main = function_body(result.ast, "main")
    assert intrinsic_sequence(main.block_items[:2]) == [(CHECK, 0), (ASSUME, 0)]
    assert main.block_items[2].name == "x"


def test_format_01_matches_by_line_only(ws):
    line = at("while (i < n)")[0]
    entries = (v01_entry("loop_invariant", line, 0, "i >= 0", "u-1") + "\n"
               + v01_entry("loop_invariant", line, 77, "i >= 0", "u-2") + "\n"
               + v01_entry("location_invariant", at("int n =")[0], 5, "i == 0", "u-3",
                           version="0.2") + "\n"
               + v01_entry("loop_invariant", line + 1, 0, "i >= 0", "u-4"))
    _, _, result = ws.instrument(PROGRAM, entries)
    assert [p.status for p in result.placements] == [PLACED, PLACED, PLACED, UNPLACED]
    assert result.placements[3].reason == (
        f"no loop (for, while or do keyword) starts on line {line + 1}")


@pytest.mark.parametrize("file_name", ["prog.c", "/home/someone/tasks/prog.c", "C:\\\\x\\\\prog.c",
                                       "c/loops/prog.c"])
def test_file_name_matches_by_basename(ws, file_name):
    witness = invariant_set([loop("while (i < n)", "i >= 0")], file_name=file_name)
    _, _, result = ws.instrument(PROGRAM, witness)
    assert result.placements[0].status == PLACED


def test_another_file_name_is_unplaced(ws):
    witness = invariant_set([loop("while (i < n)", "i >= 0")], file_name="other.c")
    _, _, result = ws.instrument(PROGRAM, witness)
    assert result.placements[0].status == UNPLACED
    assert "other.c" in result.placements[0].reason and "prog.c" in result.placements[0].reason


def test_invariant_at_a_closing_brace_is_read_as_function_end(ws):
    text = PROGRAM
    close = text.index("\n}\n", text.index("int sum(")) + 1      # the `}` ending sum()
    line = text.count("\n", 0, close) + 1
    placements, result = ws.placements(PROGRAM, [("location_invariant", line, 1, "s >= 0")])
    assert placements[0].status == PLACED and placements[0].site_kind == "function_end"
    body = function_body(result.ast, "sum")
    assert intrinsic_sequence(body.block_items[-2:]) == [(CHECK, 0), (ASSUME, 0)]
    assert result.checks[0].where == FUNCTION_END


def test_corpus_witness_with_windows_paths_is_placed(corpus, tmp_path):
    from instrument.frontend import parse_program
    from instrument.weave import weave
    from instrument.witness import load_witness
    witness = load_witness(str(corpus / "witnesses/cpachecker/input-witness/input-witness.yml"))
    program = parse_program(str(corpus / "witnesses/cpachecker/input-witness/example.c"))
    result = weave(program, witness)
    assert [p.status for p in result.placements] == [PLACED]
    assert result.placements[0].site_kind == "loop"


# ------------------------------------------------------------------ scope
def test_names_in_scope(ws):
    placements, _ = ws.placements(PROGRAM, [
        before("int s = 0", "n >= 0 && m == m && g == 0"),          # parameters and a global
        loop("for (int k", "k >= 0 && s >= 0 && n >= 0"),           # the for declaration
        before("s = s + k", "k < n && s >= 0"),                     # inside the for body
        before("i = inner + 1", "inner == i && x >= 1"),            # block scope
        before("x = x + 1", "x == 7"),                              # the shadowing x
        before("x = (unsigned", "lv == L1 && L1 == 3"),           # a local enum
        before("if (x > 10)", "(myint)x >= RED && GREEN == 5"),     # typedef cast, global enum
        before("return (int) x",
               "(long long )x >= 0LL && x <= 4294967295U && (unsigned char)lv == 3"),
    ])
    assert statuses(placements) == [(PLACED, None)] * len(placements)


@pytest.mark.parametrize("where, value, reason", [
    (("location_invariant", "int s = 0"), "k == 0",
     "names 'k', which is not in scope at this location"),             # declared later
    (("location_invariant", "for (int k"), "k == 0",
     "names 'k', which is not in scope at this location"),             # before the for
    (("location_invariant", "return s + m"), "k == n",
     "names 'k', which is not in scope at this location"),             # after the for
    (("location_invariant", "do {"), "inner == 0",
     "names 'inner', which is not in scope at this location"),         # after its block
    (("location_invariant", "int n ="), "n == 0",
     "names 'n', which is not in scope at this location"),             # its own declaration
    (("location_invariant", "int n ="), "s == 0",
     "names 's', which is not in scope at this location"),             # another function's
    (("loop_invariant", "while (i < n)"), "i = 0",
     "contains an assignment ('='), which has a side effect"),
    (("loop_invariant", "while (i < n)"), "i += 1",
     "contains an assignment ('+='), which has a side effect"),
    (("loop_invariant", "while (i < n)"), "i++ > 0", "contains '++', which has a side effect"),
    (("loop_invariant", "while (i < n)"), "--i > 0", "contains '--', which has a side effect"),
    (("loop_invariant", "while (i < n)"), "sum(i, 1) > 0",
     "calls sum(), and a function call is not allowed in an invariant"),
    (("location_invariant", "return s + m"), "\\\\result >= 0",
     "uses '\\result', which is not C (ACSL or extended C)"),
    (("location_invariant", "return s + m"), "\\\\at(s, Pre) >= 0",
     "uses '\\at', which is not C (ACSL or extended C)"),
    (("location_invariant", "return s + m"), "s > 0 ==> m > 0",
     "uses '==>', which is not C (ACSL or extended C)"),
    (("location_invariant", "return s + m"), "s > 0 && ({ int t = s; t; })",
     "contains a statement expression"),
    (("location_invariant", "return s + m"), "s >", "not a C expression (Invalid expression)"),
    (("location_invariant", "return s + m"), "s == 1; m == 2", "not a C expression (before: ;)"),
])
def test_invariants_that_are_not_side_effect_free_expressions_in_scope(ws, where, value, reason):
    kind, needle = where
    placements, result = ws.placements(PROGRAM, [(kind,) + at(needle) + (value,)])
    assert statuses(placements) == [(UNSUPPORTED, reason)]
    assert result.checks == [] and intrinsic_calls(result.ast) == []


def test_unsupported_entries_keep_their_reason_and_are_not_woven(ws):
    witness = invariant_set([loop("while (i < n)", "i >= 0"),
                             loop("while (i < n)", "i >= 0", ) + ("acsl_expression",)],
                            extra_entries=dedent("""
                                - entry_type: lemma_set
                                  content: []
                                """))
    _, _, result = ws.instrument(PROGRAM, witness)
    assert [p.status for p in result.placements] == [PLACED, UNSUPPORTED, UNSUPPORTED]
    assert "acsl_expression" in result.placements[1].reason
    assert "lemma_set" in result.placements[2].reason
    assert {c.index for c in result.checks} == {0}


GHOST_PROGRAM = dedent("""
    int x = 0;
    int main(void) {
      x = 1;
      x = 2;
      return 0;
    }
    """)

GHOST_ENTRY = dedent("""
    - entry_type: ghost_instrumentation
      metadata: {format_version: "2.1", uuid: 8c508694-8f92-4950-a722-f0f1489c34c1}
      content:
        ghost_variables:
          - {name: phase, scope: global, type: int, initial: {value: "0", format: c_expression}}
        ghost_updates:
          - location: {file_name: prog.c, line: 4, column: 3, function: main}
            updates: [{variable: phase, value: "1", format: c_expression}]
    """)


def test_ghost_variables_are_in_scope_in_21(ws):
    items = [("location_invariant", 5, 3, "phase == 1 && x == 1")]
    _, witness, result = ws.instrument(GHOST_PROGRAM,
                                       invariant_set(items, version="2.1") + GHOST_ENTRY)
    assert result.placements[0].status == PLACED and result.placements[0].ghosts == ("phase",)
    assert result.ghosts == ["phase"] and not result.unsupported_features     # test_ghosts.py
    # without the ghost entry, `phase` is just an unknown name
    _, _, result = ws.instrument(GHOST_PROGRAM, invariant_set(items, version="2.1"))
    assert statuses(result.placements) == [
        (UNSUPPORTED, "names 'phase', which is not in scope at this location")]


# ------------------------------------------------------------------ weaving
def test_loop_invariant_is_woven_into_the_controlling_expression(ws):
    placements, result = ws.placements(PROGRAM, [loop("while (i < n)", "i >= 0"),
                                                 loop("while (i < n)", "i <= n || n < 0")])
    assert [p.status for p in placements] == [PLACED, PLACED]
    loop_node = find_nodes(function_body(result.ast, "main"), c_ast.While)[0]
    parts = loop_node.cond.exprs
    # all checks, then all assumptions, then the original condition
    assert intrinsic_sequence(parts[:4]) == [(CHECK, 0), (CHECK, 1), (ASSUME, 0), (ASSUME, 1)]
    assert isinstance(parts[4], c_ast.BinaryOp) and parts[4].op == "<"
    assert intrinsic_calls(loop_node.stmt) == []          # nothing in the body
    text = emit_c(result.ast)
    assert ("while (__witness_check(0, i >= 0), __witness_check(1, (i <= n) || (n < 0)), "
            "__witness_assume(0, i >= 0), __witness_assume(1, (i <= n) || (n < 0)), i < n)") in text


def test_for_loop_keeps_init_increment_and_continue(ws):
    placements, result = ws.placements(PROGRAM, [loop("for (int k", "k >= 0")])
    assert placements[0].status == PLACED
    for_node = find_nodes(function_body(result.ast, "sum"), c_ast.For)[0]
    assert isinstance(for_node.init, c_ast.DeclList) and for_node.init.decls[0].name == "k"
    assert isinstance(for_node.next, c_ast.UnaryOp) and for_node.next.op == "p++"
    assert intrinsic_sequence(for_node.cond.exprs) == [(CHECK, 0), (ASSUME, 0)]
    assert isinstance(for_node.cond.exprs[-1], c_ast.BinaryOp)
    # `continue` is still a plain continue of this loop: it goes to the increment, then the
    # condition with the check (checked at run time in test_compiled_*)
    assert len(find_nodes(for_node.stmt, c_ast.Continue)) == 1
    assert intrinsic_calls(for_node.stmt) == []
    assert "for (int k = 0; __witness_check(0, k >= 0), __witness_assume(0, k >= 0), k < n; k++)" \
        in emit_c(result.ast)


def test_for_without_condition_gets_a_true_condition(ws):
    text = "int main(void) {\n  int i = 0;\n  for (;;) {\n    if (i++ > 3) break;\n  }\n  return i;\n}\n"
    placements, result = ws.placements(text, [("loop_invariant", 3, 3, "i >= 0")])
    assert placements[0].status == PLACED
    for_node = find_nodes(result.ast, c_ast.For)[0]
    last = for_node.cond.exprs[-1]
    assert isinstance(last, c_ast.Constant) and last.value == "1"


def test_do_while_is_checked_at_body_entry_and_before_the_condition(ws):
    placements, result = ws.placements(PROGRAM, [loop("do {", "i >= -1"),
                                                 before("i--", "i >= 0")])
    assert [p.status for p in placements] == [PLACED, PLACED]
    do_node = find_nodes(function_body(result.ast, "main"), c_ast.DoWhile)[0]
    # body entry: the loop invariant and the location invariant at the first statement are at
    # the same point: all checks before all assumptions
    body = do_node.stmt.block_items
    assert intrinsic_sequence(body[:4]) == [(CHECK, 0), (CHECK, 1), (ASSUME, 0), (ASSUME, 1)]
    assert isinstance(body[4], c_ast.UnaryOp) and body[4].op == "p--"
    assert intrinsic_sequence(do_node.cond.exprs) == [(CHECK, 0), (ASSUME, 0)]
    assert sorted((c.index, c.where) for c in result.checks) == [
        (0, DO_BEFORE_CONDITION), (0, DO_BODY_ENTRY), (1, BEFORE_STATEMENT)]


def test_unbraced_do_while_body_is_braced(ws):
    text = "int main(void) {\n  int i = 3;\n  do i--; while (i > 0);\n  return i;\n}\n"
    placements, result = ws.placements(text, [("loop_invariant", 3, 3, "i >= 0"),
                                              ("location_invariant", 3, 6, "i > 0")])
    assert [p.status for p in placements] == [PLACED, PLACED]
    do_node = find_nodes(result.ast, c_ast.DoWhile)[0]
    assert isinstance(do_node.stmt, c_ast.Compound)
    items = do_node.stmt.block_items
    assert intrinsic_sequence(items[:4]) == [(CHECK, 0), (CHECK, 1), (ASSUME, 0), (ASSUME, 1)]
    assert len(items) == 5


def test_every_placed_invariant_is_in_the_ast(ws):
    items = [loop("for (int k", "k >= 0"), before("if (k % 2)", "k < n"),
             before("continue", "k % 2 == 1"), loop("while (i < n)", "i >= 0"),
             before("int inner", "i < n"), loop("do {", "1"), before("i--", "1"),
             before("x = x + 1", "x == 7"), before("x = 10", "x > 10"),
             before("return (int) x", "1")]
    placements, result = ws.placements(PROGRAM, items)
    assert [p.status for p in placements] == [PLACED] * len(items)
    calls = intrinsic_calls(result.ast)
    for index in range(len(items)):
        woven = [c for c in result.checks if c.index == index]
        assert woven, index
        assert calls.count((CHECK, index)) == len(woven)
        assert calls.count((ASSUME, index)) == len(woven)
    assert gcc_syntax_errors(emit_c(result.ast), ws.dir) == ""


def test_unbraced_bodies_get_braces(ws):
    placements, result = ws.placements(PROGRAM, [before("continue", "k % 2 == 1"),
                                                 before("x = 10", "x > 10")])
    assert [p.status for p in placements] == [PLACED, PLACED]
    for function, needle in (("sum", "continue"), ("main", "x = 10")):
        if_node = [n for n in find_nodes(function_body(result.ast, function), c_ast.If)][-1]
        assert isinstance(if_node.iftrue, c_ast.Compound)
        items = if_node.iftrue.block_items
        assert len(intrinsic_sequence(items)) == 2 and len(items) == 3
    assert "if (x > 10)\n  {\n    __witness_check(1, x > 10);" in emit_c(result.ast)


LABELS = dedent("""
    int main(void) {
      int x = 0;
      switch (x) {
        case 0: x = 1; break;
        case 1:
        default: x = 2;
      }
      again: x = x + 1;
      if (x < 5) goto again;
      return x;
    }
    """)


def test_weaving_goes_after_labels_and_cases(ws):
    def lab(needle: str, value: str) -> tuple:
        return ("location_invariant",) + position(LABELS, needle) + (value,)
    placements, result = ws.placements(LABELS, [
        lab("case 0", "x == 0"), lab("x = 1", "x >= 0"),         # the same point
        lab("again:", "x >= 0"), lab("x = x + 1", "x < 10"),     # the same point
        lab("default", "1"),
    ], name="prog.c")
    assert [p.status for p in placements] == [PLACED] * 5
    switch = find_nodes(result.ast, c_ast.Switch)[0]
    case0 = switch.stmt.block_items[0]
    assert isinstance(case0, c_ast.Case)                     # the case label stays in the switch
    assert intrinsic_sequence(case0.stmts[:4]) == [(CHECK, 0), (CHECK, 1), (ASSUME, 0), (ASSUME, 1)]
    assert isinstance(case0.stmts[4], c_ast.Assignment)
    default = switch.stmt.block_items[2]
    assert isinstance(default, c_ast.Default)
    assert intrinsic_sequence(default.stmts[:2]) == [(CHECK, 4), (ASSUME, 4)]
    label = find_nodes(result.ast, c_ast.Label)[0]
    assert label.name == "again"
    assert isinstance(label.stmt, c_ast.Compound)           # a goto still passes the checks
    items = label.stmt.block_items
    assert intrinsic_sequence(items[:4]) == [(CHECK, 2), (CHECK, 3), (ASSUME, 2), (ASSUME, 3)]
    assert len(items) == 5 and isinstance(items[4], c_ast.Assignment)
    assert gcc_syntax_errors(emit_c(result.ast), ws.dir) == ""


def test_all_checks_come_before_all_assumptions_everywhere(ws):
    items = [before("i = inner + 1", "i >= 0"), before("i = inner + 1", "inner >= 0"),
             loop("do {", "1"), before("i--", "i > 0"), loop("do {", "i < 100"),
             before("int inner", "i < n"), before("int inner", "n > 0")]
    placements, result = ws.placements(PROGRAM, items)
    assert [p.status for p in placements] == [PLACED] * len(items)

    runs = []              # maximal runs of consecutive intrinsic statements / operands
    for node in find_nodes(result.ast, c_ast.Compound) + find_nodes(result.ast, c_ast.ExprList):
        group = node.block_items if isinstance(node, c_ast.Compound) else node.exprs
        run = []
        for item in list(group or []) + [None]:
            sequence = intrinsic_sequence([item]) if item is not None else []
            if sequence:
                run += sequence
            elif run:
                runs.append(run)
                run = []
    assert len(runs) == 4     # do body entry, do condition, before two statements
    for run in runs:
        assert checks_before_assumes(run), run
        checked = [i for name, i in run if name == CHECK]
        assert checked == sorted(checked)                     # witness order
        assert sorted(i for name, i in run if name == ASSUME) == sorted(checked)


def test_each_intrinsic_carries_its_invariant_index(ws):
    items = [loop("for (int k", "k >= 0"), before("return s + m", "s >= 0"),
             loop("while (i < n)", "i >= 0")]
    _, result = ws.placements(PROGRAM, items)
    for woven in result.checks:
        assert woven.call.name.name == CHECK
        assert int(woven.call.args.exprs[0].value) == woven.index
    assert sorted(c.index for c in result.checks) == [0, 1, 2]
    assert {c.function for c in result.checks} == {"sum", "main"}


# ------------------------------------------------------------------ compiled with gcc
HARNESS = DATA / "harness.c"

RUN_PROGRAM = dedent("""
    extern void reach_error(void);
    extern int __VERIFIER_nondet_int(void);
    int main(void) {
      int n = __VERIFIER_nondet_int();
      int s = 0;
      for (int i = 0; i < n; i++) {
        if (i % 2) continue;
        s++;
      }
      int x = 0;
      do {
        x++;
      } while (x < n);
      while (x > 0) x--;
      return s - s;
    }
    """)


def compile_and_run(ws, items: list, n: int) -> subprocess.CompletedProcess:
    placements, result = ws.placements(RUN_PROGRAM, [
        (kind,) + position(RUN_PROGRAM, needle) + (value,) for kind, needle, value in items])
    assert [p.status for p in placements] == [PLACED] * len(items)
    source = ws.write("instrumented.c", emit_c(result.ast))
    binary = ws.dir / "instrumented"
    build = subprocess.run(["gcc", "-O0", "-fwrapv", "-w", "-o", str(binary), str(source),
                            str(HARNESS)], capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stderr
    return subprocess.run([str(binary)], capture_output=True, text=True, timeout=30,
                          env=dict(os.environ, NONDET=str(n)))


REACH_ERROR_EXIT = 17      # tests/data/harness.c: reach_error() prints and exits with 17


@pytest.mark.parametrize("items, n, reached", [
    # valid invariants: the program runs to its end (the for loop terminates, so the increment
    # still runs after `continue`)
    ([("loop_invariant", "for (int i", "2 * s >= i && 2 * s <= i + 1"),
      ("loop_invariant", "do {", "x >= 0 && x <= n"),
      ("loop_invariant", "while (x > 0)", "x >= 0"),
      ("location_invariant", "x--", "x > 0"),
      ("location_invariant", "if (i % 2)", "i < n")], 10, False),
    # false only at the last evaluation of the for condition (i == n)
    ([("loop_invariant", "for (int i", "i < n")], 10, True),
    # false after a `continue` only (i == 2, s == 1)
    ([("loop_invariant", "for (int i", "s == i || i % 2 == 1 || i == 0")], 10, True),
    # do-while: false before the condition only (x == n) ...
    ([("loop_invariant", "do {", "x < n")], 3, True),
    # ... and false at body entry only (x == 0)
    ([("loop_invariant", "do {", "x >= 1")], 3, True),
    # location invariant in an unbraced loop body
    ([("location_invariant", "x--", "x > 1")], 3, True),
])
def test_compiled_instrumented_program(ws, items, n, reached):
    run = compile_and_run(ws, items, n)
    if reached:
        assert run.returncode == REACH_ERROR_EXIT and "reach_error" in run.stderr
    else:
        assert run.returncode == 0 and run.stderr == ""
