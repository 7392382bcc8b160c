"""Adversarial tests of function pointers (issue 16: `semantics/cfa/function_pointers.py`).

Each program under `data/adversarial/function_pointers/` is one way a careless model of
function pointers would give a wrong verdict: a call that always takes the first function, a
pointer whose reassignment in a loop is lost, a callback in a struct member, comparisons with
two functions, calls through NULL, through an incompatible type (a `long` for an `int`
parameter, `const int *` for `int *`) or through a pointer without a prototype with an argument
of the wrong type (all undefined behaviour that gcc runs without complaint: they must never be
`true`), a function whose address is taken but which is never called, the program's own
definition of a nondet function called through a pointer, recursion and the error function
through a pointer; dispatch tables (global, local and partly initialised, filled in a loop,
indexed one past their end); a program without inputs whose only run calls through an
incompatible type (gcc's build does not trap it: the native run must prove nothing).  The
ground truth comes from gcc (`gt_driver`: UBSan on, every report fatal)
with `-m32` and `-m64`: the marks a run prints on given inputs, cut at the first undefined
behaviour (`ub...`, marked in the program where gcc does not trap).  The validator's verdict in
each data model must be the one the runs justify.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

import gt_driver
from conftest import DATA, validate_with_report

PROGRAMS = DATA / "adversarial" / "function_pointers"
FALSE = "false(unreach-call)"
MODELS = {"ILP32": "-m32", "LP64": "-m64"}
INCOMPATIBLE = "types not compatible"


@dataclass(frozen=True)
class Case:
    verdict: str                 # in both data models
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks up to the first ub)
    reason: str = ""             # part of the reason of an `unknown`


CASES = {
    "choose_by_input": Case(FALSE, (([2, 4], ["error"]), ([0, 7], []), ([1, 9], []),
                                    ([2, 3], []))),
    "reassigned_in_loop": Case("true", tuple(([n], []) for n in range(0, 6)) + (([7], []),)),
    "struct_callback": Case(FALSE, (([7], ["error"]), ([6], []), ([3], []))),
    "compared_with_two": Case("true", (([0], []), ([1], []))),
    "null_call": Case("unknown", (([0], ["ub:null-call"]), ([1], [])),
                      "call through a null function pointer"),
    "incompatible_call": Case("unknown", (([3], ["ub:incompatible-call"]), ([2], [])),
                              INCOMPATIBLE),
    "qualifier_mismatch": Case("unknown", (([5], ["ub:incompatible-call"]),), INCOMPATIBLE),
    "address_never_called": Case("true", (([0], []), ([1], []))),
    "own_nondet_through_pointer": Case("true", (([], []),)),
    "recursion_through_pointer": Case(FALSE, (([4], ["error"]), ([3], []), ([5], []))),
    "error_through_pointer": Case(FALSE, (([5], ["error"]), ([4], []))),
    "typedef_passed_returned": Case(FALSE, (([2, 5], ["error"]), ([3, 4], []), ([1, 9], []))),
    "uninitialised_pointer": Case("unknown", (([0], ["ub:uninitialised"]), ([1], [])),
                                  "uninitialised"),
    "unprototyped_pointer": Case(FALSE, (([4], ["error"]), ([3], []))),
    "unprototyped_wrong_argument": Case("unknown", (([4], ["ub:argument-mismatch"]),),
                                        "promoted arguments do not match"),
    "relational_comparison": Case("unknown", (([], ["error"]),),
                                  "function pointer operand of '<'"),
    "static_table_struct": Case(FALSE, (([3], ["error"]), ([2], []))),
    "dispatch_table": Case(FALSE, (([2, 4], ["error"]), ([0, 7], []), ([1, 9], []),
                                   ([2, 3], []))),
    "dispatch_table_past_end": Case("unknown", (([2], ["ub:out-of-bounds"]), ([0], []),
                                                ([1], [])), "array index out of bounds"),
    "table_partly_initialised": Case("unknown", (([1], ["ub:null-call"]), ([0], [])),
                                     "call through a null function pointer"),
    "table_filled_in_loop": Case("true", tuple(([k], []) for k in range(4))),
    "incompatible_call_no_input": Case("unknown", (([], ["ub:incompatible-call"]),),
                                       INCOMPATIBLE),
    "local_pointer_named_like_function": Case(FALSE, (([], ["error"]),)),
    "recursion_through_pointer_safe": Case("true", (([0], []), ([3], []), ([5], []),
                                                    ([6], []))),
    "struct_copy_callback": Case(FALSE, (([4], ["error"]), ([3], []))),
    "return_type_mismatch": Case("unknown", (([1], ["ub:incompatible-call"]), ([0], [])),
                                 INCOMPATIBLE),
    "empty_parameter_list_definition": Case(FALSE, (([1], ["error"]), ([0], []))),
    "callee_evaluated_first": Case(FALSE, (([2, 4], ["error"]), ([4, 2], []))),
    "function_type_parameter": Case(FALSE, (([1], ["error"]), ([0], []))),
    "callbacks_in_struct_array": Case("true", (([0], []), ([1], []), ([2], []))),
    "unsequenced_through_shadowing_pointer": Case("unknown", (([], ["error"]),),
                                                  "unsequenced"),
    "conditional_pointer_arms": Case(FALSE, (([3], ["error"]), ([2], ["error"]), ([0], []),
                                             ([1], []))),
}


def ground_truth_marks(source: str, values: list, model: str, directory) -> list:
    defines = ("-DGT_PROGRAM_NONDET",) if re.search(
        r"int\s+__VERIFIER_nondet_int\s*\(void\)\s*\{", source) else ()
    built = gt_driver.build(source, directory, ["-O0", model], defines=defines)
    assert built.returncode == 0, built.stderr
    return gt_driver.marks(directory / "program", values, timeout=5)


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    for values, marks in CASES[name].runs:
        assert ground_truth_marks(source, values, MODELS[model], tmp_path) == marks, values


def validate(cli, ws, prp, name: str, *options: str):
    run, report = validate_with_report(cli, ws, prp, (PROGRAMS / f"{name}.c").read_text(), (),
                                       *options)
    return run.result, report


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name, model):
    case = CASES[name]
    result, report = validate(cli, ws, prp, name, "--data-model", model)
    assert result == case.verdict, report.get("reason")
    if case.verdict == "unknown":
        assert case.reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if case.verdict == "unknown"))
@pytest.mark.parametrize("engines", ["houdini,bmc,kinduction,chc", "testing"])
def test_undefined_behaviour_is_never_true(cli, ws, prp, name, engines):
    """Whatever the engines: the undefined behaviour stays open."""
    result, _ = validate(cli, ws, prp, name, "--engines", engines)
    assert result != "true"


@pytest.mark.parametrize("name", ["choose_by_input", "error_through_pointer",
                                  "struct_callback"])
def test_random_testing_follows_indirect_calls(cli, ws, prp, name):
    """The interpreter and the native runs follow a call through a pointer to the error, and
    the gcc build replays it (the error function used as a value is the replay's too)."""
    result, report = validate(cli, ws, prp, name, "--engines", "testing")
    assert result == FALSE, report.get("reason")


@pytest.mark.parametrize("name", ["error_through_pointer", "struct_callback", "dispatch_table"])
def test_violation_witness_of_an_indirect_call(cli, ws, prp, name):
    """The violation witness of a run through function pointers is written, and our checker
    finds an execution that follows it into the error (gcc-replayed)."""
    from validator.outputs.violation_check import check_violation_witness
    out = ws.dir / "violation.yml"
    result, report = validate(cli, ws, prp, name, "--violation-witness-out", str(out))
    assert result == FALSE, report.get("reason")
    check = check_violation_witness(str(ws.dir / "prog.c"), str(out), "ILP32", timeout=60)
    assert check.confirmed, check.reason


@pytest.mark.parametrize("body, reason", [
    ("int (*t[2])(int) = { f, f }; int (**p)(int) = t; return p[0](1);", "pointer to a function pointer"),
    ("int (*t[2])(int) = { f, f }; return g(t);", "used as a value"),
    ("int (*p)(int) = f; return (long)p == 0;", "conversion of a pointer to a number"),
    ("int (*p)(int) = f; void *v = p; return v == 0;", "function pointer and a data pointer"),
    ("int (*p)(int) = f; p++; return 0;", "arithmetic on a function pointer"),
    ("return sizeof f;", "sizeof of the function 'f'"),
    ("int (*p)(int, ...) = 0; return 0;", "variadic"),
    ("int (*p)(int) = h; return p(1);", "which the program does not define"),
    ("int (*p)(int) = malloc(8); return p(1);", "used through a function pointer"),
    ("int (*p)(int) = f; free(p); return 0;", "free of a function pointer"),
    ("int (*p)(int) = f; return strlen(p);", "strlen"),
    ("int n = 2, x, *t[n]; t[0] = &x; return 0;", "variable-length array of pointers 't'"),
])
def test_not_modelled_is_unknown(cli, ws, prp, body, reason):
    """What is not modelled exactly is `unknown` naming it."""
    source = ("#include <stdlib.h>\n#include <string.h>\n"
              "extern int h(int);\nint f(int x) { return x; }\n"
              "int g(int (**t)(int)) { return 0; }\n"
              f"int main(void) {{ {body} }}\n")
    run, report = validate_with_report(cli, ws, prp, source)
    assert run.result == "unknown"
    assert reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name, function", [("recursion_through_pointer_safe", "sum"),
                                            ("recursion_through_pointer", "fact")])
def test_recursion_through_pointers_is_summarised(name, function):
    """A function that calls itself only through a pointer is recursive: with summarised
    recursion it is a procedure, and the call through the pointer reaches it by a `Call`."""
    from instrument.frontend import parse_program
    from validator.semantics.c_types import DataModel
    from validator.semantics.cfa.builder import build_cfa
    from validator.semantics.ir import Call
    program = parse_program(str(PROGRAMS / f"{name}.c"))
    cfa = build_cfa(program.ast, DataModel("ILP32"), "reach_error", [],
                    summarise_recursion=True)
    assert function in cfa.procedures
    assert any(isinstance(e.op, Call) and e.op.function == function for e in cfa.edges)


@pytest.mark.parametrize("invariant, verdict", [
    ("(f == one || f == three) && (i % 2 == 0) == (f == one) && s == 2 * i - i % 2", "true"),
    ("f != 0 && f != &three || i % 2 == 1", "true"),
    ("f == one", FALSE),                   # false after the first round
    ("f != three", FALSE),
])
def test_invariants_over_function_pointers(cli, ws, prp, invariant, verdict):
    """Loop invariants that compare a function pointer with functions (names and `&f`) are
    confirmed or rejected as any."""
    source = (PROGRAMS / "reassigned_in_loop.c").read_text()
    line = next(n for n, text in enumerate(source.splitlines(), 1) if "for (" in text)
    run, report = validate_with_report(cli, ws, prp, source,
                                       [("loop_invariant", line, 3, invariant)])
    assert run.result == verdict, report.get("reason")


def test_native_run_through_an_incompatible_call_refutes_nothing(cli, ws, prp, tmp_path):
    """The error behind a long loop and an incompatible call: native random testing reaches
    it in gcc's build, which does not trap the call, so that run must not count (it was
    a wrong `false` while native counterexamples of such programs were taken unretraced)."""
    name = "incompatible_call_after_long_loop"
    source = (PROGRAMS / f"{name}.c").read_text()
    for model in MODELS.values():
        assert ground_truth_marks(source, [7], model, tmp_path) == ["ub:incompatible-call"]
        assert ground_truth_marks(source, [6], model, tmp_path) == []
    for engines in ("testing", "testing,houdini,bmc,kinduction,chc"):
        result, report = validate(cli, ws, prp, name, "--engines", engines)
        assert result == "unknown", report.get("reason")


GRAPHML_PROGRAM = """extern void abort(void);
void reach_error(void) { abort(); }
int g;
void set(int v) { g = v; }
int main(void) {
  void (*p)(int) = set;
  p(1);
  g = 2;
  if (g != 2) reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("call_line", [7])
def test_graphml_transition_at_an_indirect_call_is_not_tracked(cli, tmp_path, call_line):
    """A GraphML transition on the line of `p(1)`: a tool's CFA enters the callee there,
    which our events (built from the text, without knowing p's target) cannot follow, so
    the node it leads to is unplaced rather than checked at a guessed point."""
    from test_graphml import entry, graphml, line, validate as validate_graphml
    witness = graphml([("A", entry()), ("B", {"invariant": "g == 1"})],
                      [("A", "B", line(call_line))])
    run, report = validate_graphml(cli, tmp_path, GRAPHML_PROGRAM, witness)
    assert run.result == "unknown"
    status = {e["node_id"]: (e["status"], e.get("reason") or "") for e in report["invariants"]}
    assert status["B"][0] == "unplaced" and "function pointer" in status["B"][1], status


def test_uninitialised_pointer_read_as_nondet_is_still_no_function(cli, ws, prp):
    """With `--uninitialized nondet` the pointer's id is any value: calling it may call a
    function, or none (undefined behaviour), so the verdict stays open."""
    result, report = validate(cli, ws, prp, "uninitialised_pointer", "--uninitialized", "nondet")
    assert result == "unknown"
    assert "points to no function" in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("invariant, verdict", [("0 <= x && x <= 100", "true"),
                                                ("x != 4", FALSE)])
def test_invariant_in_a_function_called_through_a_table(cli, ws, prp, invariant, verdict):
    """A location invariant in a function that only the dispatch table calls holds at every
    inlined copy (true), or is refuted by the run through the table (false)."""
    source = (PROGRAMS / "dispatch_table.c").read_text()
    lines = source.splitlines()
    number = next(n for n, text in enumerate(lines, 1) if text.startswith("int dbl("))
    column = lines[number - 1].index("return") + 1
    # without the program's own error: the verdict is the invariant's
    source = source.replace("reach_error();\n  return 0;", "return 0;\n  return 0;")
    assert "reach_error();" not in source.split("int main", 1)[1]
    run, report = validate_with_report(cli, ws, prp, source,
                                       [("location_invariant", number, column, invariant)])
    assert run.result == verdict, report.get("reason")
    assert report["invariants"][0]["status"] == ("confirmed" if verdict == "true" else "rejected")
