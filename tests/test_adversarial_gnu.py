"""Adversarial programs for soundness class 4 of issue 15: GNU extensions that run code or
change control flow (constructors, destructors, `cleanup`, `noreturn`, `alias`/`weak`, asm
labels, `ifunc`, nested functions, statement expressions, computed goto, `asm goto`, local
labels, `__builtin_*`),
and the GNU extensions that only look harmless (attributes that do not change the meaning,
`__extension__`, `typeof`, `__auto_type`, case ranges, `x ?: y`, zero-length arrays,
`__int128`, `_Static_assert`, `asm` statements).

Each construct is either modelled exactly or the answer is `unknown` with a reason naming it;
a program that gcc accepts never gives `ERROR (...)` (the front end parses the GNU constructs,
and answers what it still cannot read with `unknown`, see `test_frontend.py`).
The programs are in `tests/data/adversarial/gnu/`; each uses the sv-benchmarks `reach_error`
(`__assert_fail`, declared `__attribute__((__noreturn__))`) and `__VERIFIER_nondet_int`.

Ground truth (`test_ground_truth`): every program is built and run for the listed inputs with

    gcc -O0 -m32|-m64 -std=gnu11 -w -fsanitize=undefined -fno-sanitize-recover=all prog.c driver.c

(and with `-O2` where the meaning depends on the optimisation level), where each
`/*MARK:name*/` comment of the program becomes a call printing `MARK name` (the validated
program sees only the comment) and the driver feeds `__VERIFIER_nondet_int` the inputs.  A mark
`ub:...`, or `ubsan` (a sanitizer report), is undefined behaviour: what gcc does after it is no
ground truth, so the marks are compared up to the first one.  A program that gcc rejects for a
data model is checked to be rejected.

Where the marks differ between the data models, `lp64_runs` gives those of LP64.

The validator runs on an empty witness in both data models, `--timeout 20`, and

- `test_sound`: never `true` when the error or undefined behaviour is reachable, never
  `false(unreach-call)` when the error is unreachable or reachable only through undefined
  behaviour, never `true` for a program that gcc rejects;
- `test_treatment`: the verdict of the ground truth (the construct is modelled exactly), or
  `unknown` with a reason naming the construct.

Cases the current code gets wrong are `xfail(strict=True)` with what goes wrong: the marker
goes with the fix.

The constructs that are modelled exactly (`x ?: y`, statement expressions, local labels, case
ranges, `__auto_type`) also have witnesses (`WITNESSES`, `test_witness_ground_truth`,
`test_witness`): a loop invariant that holds, which must be confirmed (`true`), and one that
does not, which must be rejected (`false(unreach-call)`), in both data models.  The ground
truth evaluates the invariant with gcc before each evaluation of the loop condition.
"""
from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from typing import Optional

import pytest

import gt_driver
from conftest import DATA, invariant_set, position

PROGRAMS = DATA / "adversarial" / "gnu"
FALSE = "false(unreach-call)"
DATA_MODELS = {"ILP32": "-m32", "LP64": "-m64"}

REACH = "error reachable"            # without undefined behaviour before it
SAFE = "error unreachable"           # and no undefined behaviour
UB = "undefined behaviour reachable"
REJECTED = "gcc rejects the program"
DEPENDS = "depends on the optimisation level"


@dataclass(frozen=True)
class Case:
    truth: str                       # in both data models, unless `lp64` says otherwise
    runs: tuple                      # gcc -O0: ((inputs, marks up to the first ub), ...)
    names: tuple = ()                # an `unknown` must name one of these (case-insensitive)
    lp64: Optional[str] = None       # the truth in LP64 where it differs
    lp64_runs: tuple = ()            # the runs in LP64 where they differ
    o2_runs: tuple = ()              # gcc -O2 where that differs from -O0
    link: str = ""                   # C linked into the ground-truth build (a definition elsewhere)
    wrong: dict = field(default_factory=dict)   # data model -> what test_sound finds wrong
    unnamed: object = ""             # what test_treatment finds wrong: a text (both data
                                     # models) or data model -> text

    def truth_in(self, model: str) -> str:
        return self.lp64 if model == "LP64" and self.lp64 is not None else self.truth

    def runs_in(self, model: str) -> tuple:
        return self.lp64_runs if model == "LP64" and self.lp64_runs else self.runs


def both(reason: str) -> dict:
    return {"ILP32": reason, "LP64": reason}


NORETURN = ("noreturn", "does not return")

CASES = {
    # ---------------------------------------------------------- code that runs unseen
    "constructor_sets_global": Case(
        REACH, (([1234567], ["init", "error"]), ([0], ["init"])), ("constructor",)),
    "constructor_prevents_error": Case(
        SAFE, (([3], ["init"]), ([0], ["init"])), ("constructor",)),
    "destructor_checks_global": Case(
        REACH, (([7], ["fin", "error"]), ([1], ["fin"])), ("destructor",)),
    "cleanup_calls_error": Case(
        REACH, (([5], ["cleanup", "error"]), ([4], ["cleanup"])), ("cleanup",)),
    # ---------------------------------------------------------- noreturn
    "noreturn_keyword_returns": Case(
        UB, (([3], ["ub:stop-returns"]), ([4], [])), NORETURN),
    "noreturn_prefix_attribute_returns": Case(
        UB, (([3], ["ub:stop-returns"]), ([4], [])), NORETURN),
    "noreturn_external_then_error": Case(
        SAFE, (([3], ["fatal"]), ([4], [])), NORETURN + ("fatal",),
        link='void fatal(void) { __gt_mark("fatal"); exit(0); }'),
    "noreturn_assert_fail_declared": Case(REACH, (([3], ["error"]), ([4], [])), ()),
    "noreturn_assert_fail_safe": Case(SAFE, (([3], []), ([-5], [])), ()),
    # ---------------------------------------------------------- other names for a function
    "alias_runs_target": Case(
        REACH, (([3], ["impl", "error"]), ([4], [])), ("alias",)),
    "weak_alias_default_hook": Case(
        REACH, (([3], ["default_hook", "error"]), ([4], [])), ("alias", "weak")),
    "weak_definition": Case(REACH, (([3], ["error"]), ([4], [])), ("weak",)),
    "weak_undefined_is_null": Case(REACH, (([3], ["error"]), ([4], [])),
                                   ("weak", "function pointer")),
    "asm_label_redirects_call": Case(
        REACH, (([3], ["h", "error"]), ([4], [])), ("asm", "assembler name")),
    "asm_label_on_definition": Case(REACH, (([5], ["error"]), ([4], [])), ("asm",)),
    "alias_variable": Case(
        REACH, (([5], ["error"]), ([4], [])), ("alias",)),
    "asm_label_variable": Case(
        REACH, (([5], ["error"]), ([4], [])), ("asm", "assembler name")),
    "ifunc_runs_target": Case(
        REACH, (([3], ["impl", "error"]), ([4], [])), ("ifunc",)),
    # ---------------------------------------------------------- control flow
    "nested_function_modifies_outer": Case(
        REACH, (([3], ["error"]), ([4], [])), ("nested function",)),
    # dead code for a lowering in statement order: the pre-pass sees it
    "nested_function_defined_after_return": Case(
        REACH, (([3], ["error"]), ([4], [])), ("nested function",)),
    "statement_expression": Case(
        REACH, (([5], ["error"]), ([4], [])), ("statement expression",)),
    # a careless model lowers both arms of ?: (no side effect in sight): the loop blocks
    "statement_expression_unevaluated_loop": Case(
        REACH, (([3], ["error"]),), ("statement expression",)),
    # the value is an unsigned char, not promoted: a careless model says `true`
    "statement_expression_value_type": Case(
        REACH, (([4], ["error"]), ([3], []), ([260], ["error"])),
        ("statement expression", "__auto_type")),
    "statement_expression_loop_condition": Case(
        SAFE, (([0], []), ([1], []), ([5], [])), ("statement expression",)),
    "computed_goto": Case(
        REACH, (([3], ["error"]), ([4], [])),
        ("computed goto", "label as value", "labels as values", "&&")),
    "computed_goto_conditional": Case(
        REACH, (([3], ["error"]), ([4], [])),
        ("computed goto", "label as value", "labels as values", "&&")),
    "local_labels": Case(
        REACH, (([2], ["error"]), ([1], []), ([3], [])), ("__label__", "local label")),
    # a macro's local label is a new label at each use (both uses jump to their own)
    "local_labels_statement_expression": Case(
        REACH, (([-1, -1], ["error"]), ([0, 0], []), ([-1, 0], [])),
        ("__label__", "local label", "statement expression")),
    "case_range": Case(REACH, (([1], ["error"]), ([5], ["error"]), ([0], []), ([6], [])),
                       ("case range", "range")),
    # the bounds are converted to the type of the switch: -2 ... -1 are the two largest
    "case_range_wrapped_bounds": Case(
        REACH, (([-1], ["error"]), ([-2], ["error"]), ([3], []), ([-3], [])),
        ("case range", "range")),
    # bounds out of order (after the conversion): the range matches nothing
    "case_range_empty": Case(
        SAFE, (([0], []), ([1], []), ([3], []), ([-1], []), ([97], []), ([353], [])),
        ("case range", "range")),
    "case_range_loop": Case(SAFE, (([10], []), ([4], []), ([0], [])), ("case range", "range")),
    "conditional_omitted_middle": Case(
        REACH, (([3], ["error"]), ([4], [])), ("?:", "omitted", "middle operand")),
    # `u ?: -1L` is unsigned long in ILP32 (r == -1 for u == 4294967295), long in LP64
    "conditional_omitted_types": Case(
        REACH, (([-1], ["error"]), ([0], []), ([3], [])), ("?:", "omitted"), lp64=SAFE,
        lp64_runs=(([-1], []), ([0], []), ([3], []))),
    # y runs only when x == 0; v is never 0
    "conditional_omitted_safe": Case(
        SAFE, (([0], []), ([1], []), ([-7], [])), ("?:", "omitted")),
    "conditional_omitted_loop": Case(
        SAFE, (([0], []), ([1], []), ([3], [])), ("?:", "omitted")),
    # ---------------------------------------------------------- attributes and keywords
    "section_attribute": Case(REACH, (([7], ["error"]), ([6], [])), ("section",)),
    "meaning_preserving_attributes": Case(REACH, (([4], ["error"]), ([3], []), ([101], [])),
                                          ("always_inline", "noinline", "unused", "const",
                                           "pure")),
    # gcc -O0 drops the call of a const function whose value is unused, gcc -O2 inlines it
    # and reaches the error
    "const_attribute_with_side_effect": Case(
        DEPENDS, (([3], []), ([4], [])), ("__attribute__((const))",),
        o2_runs=(([3], ["error"]), ([4], []))),
    "extension_keyword": Case(REACH, (([3], ["error"]), ([4], [])), ("__extension__",)),
    "typeof_variable": Case(REACH, (([260], ["error"]), ([4], [])), ("typeof",)),
    "auto_type": Case(REACH, (([260], ["error"]), ([4], [])), ("__auto_type",)),
    # unsigned long: 32 bits in ILP32 (4294967295 for x == 0), 64 in LP64 (never)
    "auto_type_data_model": Case(
        REACH, (([0], ["error"]), ([1], []), ([-1], [])), ("__auto_type",), lp64=SAFE,
        lp64_runs=(([0], []), ([1], []), ([-1], []))),
    "auto_type_loop": Case(SAFE, (([10], []), ([6], []), ([0], [])), ("__auto_type",)),
    "zero_length_array": Case(UB, (([3], ["ub:out-of-bounds"]), ([4], [])),
                              ("size 0", "zero-length", "out of bounds")),
    "int128_lp64": Case(REJECTED, (([3], ["error"]), ([4], [])), ("__int128",), lp64=REACH),
    "static_assert_holds": Case(REACH, (([3], ["error"]), ([4], [])),
                                ("_Static_assert", "StaticAssert", "static assert")),
    "static_assert_fails_ilp32": Case(
        REJECTED, (([3], []),), ("_Static_assert", "StaticAssert", "static assert"), lp64=SAFE),
    "asm_memory_barrier": Case(REACH, (([3], ["error"]), ([4], [])), ("asm",)),
    "asm_writes_output": Case(REACH, (([3], ["error"]), ([4], [])), ("asm",)),
    "asm_goto": Case(REACH, (([3], ["error"]), ([4], [])), ("asm goto",)),
    # ---------------------------------------------------------- built-in functions
    "builtin_expect": Case(REACH, (([3], ["error"]), ([4], [])), ("__builtin_expect",)),
    "builtin_unreachable_reached": Case(UB, (([3], ["ub:unreachable"]), ([4], [])),
                                        ("__builtin_unreachable",)),
    "builtin_unreachable_declared": Case(
        UB, (([3], ["ub:unreachable"]), ([4], [])), ("__builtin_unreachable",)),
    "builtin_trap": Case(SAFE, (([3], ["trap"]), ([4], [])), ("__builtin_trap",)),
    "builtin_abort": Case(SAFE, (([3], ["abort"]), ([4], [])), ("__builtin_abort",)),
    "builtin_constant_p": Case(DEPENDS, (([], []),), ("__builtin_constant_p",),
                               o2_runs=(([], ["error"]),)),
    "builtin_choose_expr": Case(REACH, (([3], ["error"]), ([4], [])),
                                ("__builtin_choose_expr",)),
    "builtin_popcount": Case(REACH, (([-1], ["error"]), ([-2], [])), ("__builtin_popcount",)),
    "builtin_clz_zero": Case(UB, (([0], ["ubsan"]), ([1], [])), ("__builtin_clz",)),
    "builtin_ctz": Case(REACH, (([-2147483648], ["error"]), ([2], []), ([0], [])),
                        ("__builtin_ctz",)),
    "builtin_bswap32": Case(REACH, (([1], ["error"]), ([256], [])), ("__builtin_bswap32",)),
    "builtin_add_overflow": Case(REACH, (([2147483647], ["error"]), ([5], [])),
                                 ("__builtin_add_overflow", "pointer")),
    "builtin_offsetof": Case(REACH, (([4], ["error"]), ([1], [])), ("offsetof", "struct")),
    "builtin_types_compatible_p": Case(
        REACH, (([3], ["error"]), ([4], [])), ("__builtin_types_compatible_p",)),
}


# ------------------------------------------------------------------ ground truth (gcc)


def build(source: str, link: str, flags: list, directory) -> subprocess.CompletedProcess:
    return gt_driver.build(source, directory, flags, link)


def marks_of(directory, values: list) -> list:
    return gt_driver.marks(directory / "program", values, timeout=5)


@pytest.mark.parametrize("model", sorted(DATA_MODELS))
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    case = CASES[name]
    source = (PROGRAMS / f"{name}.c").read_text()
    flag = DATA_MODELS[model]
    built = build(source, case.link, ["-O0", flag], tmp_path)
    if case.truth_in(model) == REJECTED:
        assert built.returncode != 0, "gcc accepts the program"
        return
    assert built.returncode == 0, built.stderr
    for values, expected in case.runs_in(model):
        assert marks_of(tmp_path, values) == expected, values
    if case.o2_runs:
        assert build(source, case.link, ["-O2", flag], tmp_path).returncode == 0
        for values, expected in case.o2_runs:
            assert marks_of(tmp_path, values) == expected, ("-O2", values)


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))


# ------------------------------------------------------------------ the validator's verdicts
EMPTY_WITNESS = invariant_set([])

_verdicts: dict = {}


def verdict(cli, ws, prp, name: str, model: str) -> tuple[str, str]:
    """(result, reason) of the validator on the program with an empty witness (run once)."""
    if (name, model) not in _verdicts:
        program = ws.write("prog.c", (PROGRAMS / f"{name}.c").read_text())
        witness = ws.write("witness.yml", EMPTY_WITNESS)
        report = ws.dir / "report.json"
        run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
                  "--timeout", "20", "--data-model", model)
        reason = json.loads(report.read_text()).get("reason") if report.exists() else None
        _verdicts[name, model] = (run.result, reason or run.result)
    return _verdicts[name, model]


def _params(kind: str):
    for name in sorted(CASES):
        case = CASES[name]
        for model in DATA_MODELS:
            why = case.wrong.get(model) if kind == "sound" else case.unnamed
            if isinstance(why, dict):
                why = why.get(model)
            marks = [pytest.mark.xfail(strict=True, reason=why if why.startswith("issue 15")
                                       else f"issue 15 class 4: {why}")] if why else []
            yield pytest.param(name, model, marks=marks, id=f"{name}-{model}")


@pytest.mark.parametrize("name,model", list(_params("sound")))
def test_sound(cli, ws, prp, name, model):
    truth = CASES[name].truth_in(model)
    result, reason = verdict(cli, ws, prp, name, model)
    if truth in (REACH, UB, REJECTED):
        assert result != "true", f"{truth}, but `true`"
    if truth in (SAFE, UB, DEPENDS):
        assert result != FALSE, f"{truth}, but `{FALSE}` ({reason})"
    if truth == DEPENDS:
        assert result != "true", f"{truth}, but `true`"


@pytest.mark.parametrize("name,model", list(_params("treatment")))
def test_treatment(cli, ws, prp, name, model):
    case = CASES[name]
    truth = case.truth_in(model)
    result, reason = verdict(cli, ws, prp, name, model)
    exact = {REACH: FALSE, SAFE: "true"}.get(truth)
    if result == exact:
        return
    assert result == "unknown" or (truth == REJECTED and result.startswith("ERROR")), \
        f"{truth}: `{result}` ({reason})"
    if result == "unknown":
        assert any(n.lower() in reason.lower() for n in case.names), \
            f"the reason does not name the construct ({' / '.join(case.names)}): {reason}"


# ------------------------------------------------------------------ what the parser cannot read
HEADER = (PROGRAMS / "case_range.c").read_text().split("int main", 1)[0]


@pytest.mark.parametrize("model", sorted(DATA_MODELS))
@pytest.mark.parametrize("body, result, words", [
    # gcc accepts a label with attributes; the parser does not: unknown naming the line
    ("  int x = __VERIFIER_nondet_int();\n  out: __attribute__((unused));\n"
     "  if (x == 3) reach_error();\n", "unknown", "the parser cannot read"),
    # gcc rejects it: bad input
    ("  int x = __VERIFIER_nondet_int();\n  __auto_type a = x, b = x;\n"
     "  if (a == 3) reach_error();\n", "ERROR", "'__auto_type' may only be used with a single"),
])
def test_parse_failures(cli, ws, prp, tmp_path, model, body, result, words):
    """A program that gcc accepts never gives ERROR: what the front end cannot read is
    `unknown` naming it and its line; a program that gcc rejects stays bad input."""
    source = HEADER + "int main(void) {\n" + body + "  return 0;\n}\n"
    assert (build(source, "", ["-O0", DATA_MODELS[model]], tmp_path).returncode == 0) == \
        (result != "ERROR")
    program = ws.write("prog.c", source)
    witness = ws.write("witness.yml", EMPTY_WITNESS)
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "20", "--data-model", model)
    line = source.splitlines().index(body.splitlines()[1]) + 1
    assert run.result.startswith(result)
    reason = json.loads(report.read_text())["reason"] if result == "unknown" else run.result
    assert words in reason and f"{line}" in reason, reason


# ------------------------------------------------------------------ witnesses
@dataclass(frozen=True)
class Witness:
    program: str                     # a program of PROGRAMS, with one `while (` loop
    invariant: str                   # a loop invariant at that loop
    valid: bool                      # it holds at every loop head (and the program is safe)
    inputs: tuple                    # the ground-truth runs


WITNESSES = {
    "statement_expression_loop_condition-holds": Witness(
        "statement_expression_loop_condition", "s == 2 * i && i <= n", True, ([0], [1], [7])),
    "statement_expression_loop_condition-fails": Witness(
        "statement_expression_loop_condition", "s == 2 * i && i < n", False, ([0], [1], [7])),
    "conditional_omitted_loop-holds": Witness(
        "conditional_omitted_loop", "(k == 0 && x == 0) || (k > 0 && x == 5)", True,
        ([0], [1], [4])),
    # `?:` in the invariant itself
    "conditional_omitted_loop-in-invariant": Witness(
        "conditional_omitted_loop", "(k == 0 && x == 0) || (k > 0 && (x ?: 7) == 5)", True,
        ([0], [1], [4])),
    "conditional_omitted_loop-fails": Witness(
        "conditional_omitted_loop", "x == 5", False, ([0], [1], [4])),
    # int instead of unsigned char would confirm the wrong one
    "auto_type_loop-holds": Witness(
        "auto_type_loop", "d == (unsigned char)(250 + k) && 0 <= k && k <= n && n <= 10", True,
        ([0], [5], [6], [10])),
    "auto_type_loop-fails": Witness(
        "auto_type_loop", "d == 250 + k && k <= n", False, ([0], [5], [6], [10])),
    "case_range_loop-holds": Witness(
        "case_range_loop", "c == (i < 3 ? 0 : i < 6 ? i - 3 : 3) && 0 <= i && i <= n && n <= 10",
        True, ([0], [4], [10])),
    "case_range_loop-fails": Witness(
        "case_range_loop", "c <= 2", False, ([0], [4], [10])),
}
GT_INVARIANT = "__gt_invariant"


def _loop(text: str) -> tuple[int, int]:
    assert text.count("while (") == 1
    return position(text, "while (")


@pytest.mark.parametrize("model", sorted(DATA_MODELS))
@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_witness_ground_truth(tmp_path, name, model):
    """gcc agrees: the invariant, evaluated before each evaluation of the loop condition, holds
    on every run and the error is not reached; or some run breaks one of them."""
    case = WITNESSES[name]
    text = (PROGRAMS / f"{case.program}.c").read_text()
    line, column = _loop(text)
    lines = text.splitlines(True)
    start = column - 1 + len("while (")
    lines[line - 1] = (lines[line - 1][:start] + f"{GT_INVARIANT}({case.invariant}), "
                       + lines[line - 1][start:])
    checked = f"void {GT_INVARIANT}(int);\n" + "".join(lines)
    link = (f'void {GT_INVARIANT}(int holds) {{ if (!holds) __gt_mark("invariant-false"); }}')
    built = build(checked, link, ["-O0", DATA_MODELS[model]], tmp_path)
    assert built.returncode == 0, built.stderr
    marks = [mark for values in case.inputs for mark in marks_of(tmp_path, values)]
    assert not [m for m in marks if m not in ("invariant-false", "error")], marks
    assert (marks == []) == case.valid, marks


@pytest.mark.parametrize("model", sorted(DATA_MODELS))
@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_witness(cli, ws, prp, name, model):
    """A modelled construct: the invariant that holds is confirmed, the other rejected."""
    case = WITNESSES[name]
    text = (PROGRAMS / f"{case.program}.c").read_text()
    line, column = _loop(text)
    program = ws.write("prog.c", text)
    witness = ws.write("witness.yml",
                       invariant_set([("loop_invariant", line, column, case.invariant)]))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "30", "--data-model", model)
    found = json.loads(report.read_text())
    assert run.result == ("true" if case.valid else FALSE), found.get("reason")
    assert [inv["status"] for inv in found["invariants"]] == \
        ["confirmed" if case.valid else "rejected"]
