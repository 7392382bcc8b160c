"""Adversarial programs for two soundness classes of calls (issue 15).

Class 2, falling off the end of a non-void function: when the caller uses the value, that is
undefined behaviour (C11 6.9.1p12), a target like division by zero (reachable: `unknown` naming
it; no refutation through it); when the value is not used (a call statement, a cast to void, the
left operand of a comma) the execution goes on; `main` falling off its end returns 0
(C99 5.1.2.2.3).

Class 3, the program's own definitions win: a function the program defines runs its body, even
when its name is one the validator otherwise gives a fixed meaning (`abort`, `exit`,
`__VERIFIER_assume`, `__VERIFIER_nondet_int`, `__VERIFIER_error`, the atomic markers, ...), except
the property's error function, whose call itself violates `G ! call(reach_error())`.  gcc treats
`abort`, `exit`, `_exit` and `_Exit` as noreturn built-ins (as it treats a function declared
noreturn): a body of theirs that returns is undefined behaviour, not a program that goes on.

The programs are in `tests/data/adversarial/calls/`.  Their ground truth comes from gcc
(`test_ground_truth`): each is built with

    gcc -O0 -m32|-m64 -std=gnu11 -w -fsanitize=undefined -fno-sanitize-recover=all prog.c driver.c

where each `/*MARK:name*/` comment of the program becomes a call printing `MARK name` (the
validated program sees only the comment) and the driver feeds `__VERIFIER_nondet_int` the listed
values.  A mark `ub:...` is an execution reaching undefined behaviour (the end of a function
whose value the caller uses, a noreturn function returning): what gcc does after it is not
ground truth, so the marks are compared up to the first one.  (gcc's `-fsanitize=return`, which
would trap the first kind, exists for C++ only.)

The validator runs on an empty witness (`test_verdict`): `true` only where gcc says safe and
the model is exact, `unknown` naming the undefined behaviour where it is reachable,
`false(unreach-call)` only for an execution without it.  The model's own engines must keep
that undefined behaviour open (`test_undefined_behaviour_is_never_true`).  The gcc build traps
at the end of every non-void function but main and wherever a noreturn function returns
(`validator/execution/harness.py`), so no native run or replay goes through it either.
"""
from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass

import pytest

import gt_driver
from adversarial_suite import check_not_modelled
from conftest import DATA, invariant_set, validate_with_report

PROGRAMS = DATA / "adversarial" / "calls"
FALSE = "false(unreach-call)"


@dataclass(frozen=True)
class Case:
    verdict: str
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks up to the first ub:)
    reason: str = ""             # part of the reason of an `unknown`


FALL_OFF_REASON = "'{}' can end without a return statement"
NORETURN_REASON = "'{}' returns, but gcc treats it as a function that does not return"

CASES = {
    # ---- class 2: falling off the end of a non-void function
    "falloff_used": Case("unknown", (([5], []), ([0], ["ub:f-ends"])),
                         FALL_OFF_REASON.format("f")),
    "falloff_used_no_input": Case("unknown", (([], ["ub:f-ends"]),), FALL_OFF_REASON.format("f")),
    # gcc reaches the error after a fallen-off value nobody uses (no undefined behaviour), but
    # the gcc build traps at the end of every non-void function (harness.py cannot tell
    # whether the caller uses the value), so the path does not replay: unknown, never true
    "falloff_unused_statement": Case("unknown", (([-6], ["f-ends", "error"]), ([3], [])),
                                     "did not replay"),
    "falloff_unused_safe": Case("true", (([0], ["f-ends"]), ([7], []))),
    "falloff_cast_to_void": Case("unknown", (([-6], ["f-ends", "f-ends", "error"]), ([1], [])),
                                 "did not replay"),
    "falloff_used_where_it_returns": Case("true", (([3], []), ([0], ["f-ends"]))),
    "falloff_some_paths": Case(FALSE, (([100], ["error"]), ([0], ["ub:f-ends"]), ([7], []))),
    "falloff_main": Case(FALSE, (([3], ["error"]), ([4], ["main-ends"]))),
    "falloff_main_recursive": Case("true", (([], ["main-ends"]),)),
    "falloff_recursion_used": Case("unknown", (([-1], ["ub:f-ends"]), ([5], [])),
                                   FALL_OFF_REASON.format("f")),
    # 10^6 calls deep: only the procedure summaries prove it
    "falloff_recursion_unreachable": Case("true", (([3], []), ([0], []))),
    "falloff_recursion_unused": Case("true", (([3], ["f-ends"]), ([0], ["f-ends"]))),
    "falloff_while_true": Case("true", (([-95], []), ([5], []))),
    # ---- class 3: the program's own definitions
    "defined_abort_returns": Case("unknown", (([11], ["ub:abort-returns"]), ([3], [])),
                                  NORETURN_REASON.format("abort")),
    "defined_abort_loops": Case("true", (([11], ["timeout"]), ([3], []))),
    "defined_exit_reaches_error": Case(FALSE, (([7], ["error"]), ([3], ["timeout"]))),
    "defined_exit_returns": Case("unknown", (([5], ["ub:exit-returns"]), ([3], [])),
                                 NORETURN_REASON.format("exit")),
    "defined_noreturn_attribute_returns": Case("unknown", (([3], ["ub:stop-returns"]),
                                                           ([4], [])),
                                               NORETURN_REASON.format("stop")),
    "defined_exit_unused_assume_blocks": Case("true", (([5], []), ([0], ["assume-blocked"]))),
    "defined_verifier_assume": Case(FALSE, (([0], ["error"]), ([1], []))),
    "defined_nondet_side_effect": Case(FALSE, (([], ["error"]),)),
    "defined_nondet_constant": Case("true", (([], []),)),
    "defined_verifier_assert_safe": Case("true", (([100], []), ([0], []))),
    "defined_verifier_assert_unsafe": Case(FALSE, (([100], ["error"]), ([99], []))),
    "defined_reach_error_returns": Case(FALSE, (([42], ["error", "timeout"]), ([41], []))),
    "defined_verifier_error": Case(FALSE, (([3], ["error"]), ([4], []))),
    "defined_atomic_markers": Case(FALSE, (([], ["error"]),)),
    "defined_assert_fail": Case(FALSE, (([3], ["error"]), ([4], []))),
}


# ------------------------------------------------------------------ ground truth (gcc)


def ground_truth_marks(source: str, values: list, model: str, directory) -> list:
    """The marks a gcc build (UBSan traps on) prints on the values; "timeout" if it runs on."""
    # the driver defines what the program does not
    defines = tuple(f"-DGT_PROGRAM_{macro}" for macro, function in
                    (("NONDET", "__VERIFIER_nondet_int"), ("ASSUME", "__VERIFIER_assume"))
                    if re.search(rf"(void|int)\s+{function}\s*\([^;]*\)\s*\{{", source))
    built = gt_driver.build(source, directory, ["-O0", model], defines=defines)
    assert built.returncode == 0, built.stderr
    return gt_driver.marks(directory / "program", values, timeout=1)


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    for values, expected in CASES[name].runs:
        assert ground_truth_marks(source, values, model, tmp_path) == expected, values


# ------------------------------------------------------------------ the validator's verdicts
EMPTY_WITNESS = invariant_set([])


def validate(cli, ws, prp, name: str, *options: str):
    program = ws.write("prog.c", (PROGRAMS / f"{name}.c").read_text())
    witness = ws.write("witness.yml", EMPTY_WITNESS)
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "10", *options)
    return run.result, json.loads(report.read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name):
    case = CASES[name]
    result, report = validate(cli, ws, prp, name)
    assert result == case.verdict, report.get("reason")
    if case.reason:
        assert case.reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if any(m.startswith("ub:") for _, marks in case.runs
                                               for m in marks)))
@pytest.mark.parametrize("engines", ["houdini,bmc,kinduction,chc", "testing"])
def test_undefined_behaviour_is_never_true(cli, ws, prp, name, engines):
    """Whatever the engines: the model's proofs (the first) must keep the undefined behaviour
    open, and the program's runs (the second: our interpreter, the gcc build) prove nothing
    through it."""
    result, report = validate(cli, ws, prp, name, "--engines", engines)
    assert result != "true"
    if engines != "testing" and CASES[name].reason:
        assert result == "unknown"
        assert CASES[name].reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", ["falloff_recursion_unreachable", "falloff_recursion_unused"])
def test_deep_recursion_that_may_fall_off_is_proven_by_the_summaries(cli, ws, prp, name):
    """The summarised procedures model the end of the body too (a flag set at every return)."""
    result, report = validate(cli, ws, prp, name)
    assert result == "true"
    assert "procedure summaries" in report["engine"]


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))


def test_program_defined_exit_does_not_end_the_harness_runs(cli, ws, prp):
    """Random runs of the gcc build only (`--engines testing`): a blocked assumption of the
    harness must end the run even though the program's `exit` returns."""
    result, report = validate(cli, ws, prp, "defined_exit_unused_assume_blocks",
                              "--engines", "testing")
    assert result == "unknown", report.get("reason")


# ------------------------------------------------------------------ class 7: arguments
# Each argument is converted to its parameter's type as if by assignment (C11 6.5.2.2p7):
# truncation modulo 2^N for narrower integers, 0/1 for `_Bool` (256 is 1, not 0), sign
# extension for wider signed, reinterpretation for unsigned.  Each check holds under gcc in
# both data models; a mutant of any one constant must be refuted.
ARGUMENTS = """extern void abort(void);
void reach_error(void) { abort(); }
int uc(unsigned char c) { return c; }
int b(_Bool c) { return c; }
int sc(signed char c) { return c; }
long long ll(long long v) { return v; }
unsigned u(unsigned v) { return v; }
int sh(short s) { return s; }
unsigned long ul(unsigned long v) { return v; }
int main(void) {
  if (uc(300) != 44) reach_error();
  if (uc(-1) != 255) reach_error();
  if (b(256) != 1) reach_error();
  if (b(0) != 0) reach_error();
  if (sc(200) != -56) reach_error();
  if (ll(-1) != -1LL) reach_error();
  if (u(-1) != 4294967295U) reach_error();
  if (sh(70000) != 4464) reach_error();
  if (ll(4294967295U) != 4294967295LL) reach_error();
  if (ul(-1) != (unsigned long)-1) reach_error();
  return 0;
}
"""
ARGUMENT_MUTANTS = [("!= 44)", "!= 300)"), ("b(256) != 1", "b(256) != 0"), ("!= -56", "!= 200"),
                    ("!= 4464", "!= 70000"), ("!= 4294967295LL", "!= -1LL")]


@pytest.mark.parametrize("model", ["ILP32", "LP64"])
def test_arguments_are_converted_to_the_parameter_types(cli, ws, prp, tmp_path, model):
    flag = "-m32" if model == "ILP32" else "-m64"
    sources = [ARGUMENTS] + [ARGUMENTS.replace(a, b, 1) for a, b in ARGUMENT_MUTANTS]
    for position, source in enumerate(sources):
        assert position == 0 or source != ARGUMENTS
        program = tmp_path / f"args{position}.c"
        program.write_text(source)
        subprocess.run(["gcc", flag, "-w", "-fsanitize=undefined", "-fno-sanitize-recover=all",
                        str(program), "-o", str(tmp_path / "args")], check=True)
        safe = subprocess.run([str(tmp_path / "args")]).returncode == 0
        assert safe == (position == 0), (model, position)
        witness = ws.write("w.yml", invariant_set([]))
        run = cli("--witness", witness, program, "--spec", prp, "--timeout", "20",
                  "--data-model", model)
        assert run.result == ("true" if safe else "false(unreach-call)"), (model, position)


VARIADIC = """
#include <stdarg.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int first(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int value = va_arg(ap, int);
  va_end(ap);
  return value;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (CALL == 3) reach_error();
  return 0;
}
"""


def test_variadic_function_defined_but_not_called_is_modelled(cli, ws, prp):
    run, _ = validate_with_report(cli, ws, prp, VARIADIC.replace("CALL", "x"), ())
    assert run.result == "false(unreach-call)"


def test_call_of_a_variadic_function_is_unknown_naming_it(cli, ws, prp):
    # va_arg reads the arguments past the named ones: not modelled (first(1, x) is x)
    check_not_modelled(cli, ws, prp, VARIADIC.replace("CALL", "first(1, x)"),
                       "call of variadic function 'first'")
