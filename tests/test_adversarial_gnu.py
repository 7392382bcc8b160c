"""Adversarial programs for soundness class 4 of issue 15: GNU extensions that run code or
change control flow (constructors, destructors, `cleanup`, `noreturn`, `alias`/`weak`, asm
labels, `ifunc`, nested functions, statement expressions, computed goto, `asm goto`, local
labels, `__builtin_*`),
and the GNU extensions that only look harmless (attributes that do not change the meaning,
`__extension__`, `typeof`, `__auto_type`, case ranges, `x ?: y`, zero-length arrays,
`__int128`, `_Static_assert`, `asm` statements).

Each construct is either modelled exactly or the answer is `unknown` with a reason naming it.
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

The validator runs on an empty witness in both data models, `--timeout 20`, and

- `test_sound`: never `true` when the error or undefined behaviour is reachable, never
  `false(unreach-call)` when the error is unreachable or reachable only through undefined
  behaviour, never `true` for a program that gcc rejects;
- `test_treatment`: the verdict of the ground truth (the construct is modelled exactly), or
  `unknown` with a reason naming the construct.

Cases the current code gets wrong are `xfail(strict=True)` with what goes wrong: the marker
goes with the fix.
"""
from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from typing import Optional

import pytest

import gt_driver
from conftest import DATA, invariant_set

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
    o2_runs: tuple = ()              # gcc -O2 where that differs from -O0
    link: str = ""                   # C linked into the ground-truth build (a definition elsewhere)
    wrong: dict = field(default_factory=dict)   # data model -> what test_sound finds wrong
    unnamed: object = ""             # what test_treatment finds wrong: a text (both data
                                     # models) or data model -> text

    def truth_in(self, model: str) -> str:
        return self.lp64 if model == "LP64" and self.lp64 is not None else self.truth


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
        link='void fatal(void) { __gt_mark("fatal"); exit(0); }',
        unnamed="a declared-only noreturn function is read as an external function that "
                "returns; the model reaches the error after it and only the failed replay keeps "
                "the answer `unknown` (reason: did not replay)"),
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
        REACH, (([3], ["error"]), ([4], [])), ("nested function",),
        unnamed="nested function definitions do not parse: ERROR (cannot parse ...) instead "
                "of unknown naming the nested function"),
    "nested_function_defined_after_return": Case(
        REACH, (([3], ["error"]), ([4], [])), ("nested function",),
        unnamed="nested function definitions do not parse: ERROR (cannot parse ...); once they "
                "parse, the definition after `return` is dead code, which the CFA skips before "
                "it raises 'nested function', and the call of the `auto` prototype is an "
                "external void call: `true`"),
    "statement_expression": Case(
        REACH, (([5], ["error"]), ([4], [])), ("statement expression",),
        unnamed="unknown, but the reason is 'expression Compound', not the statement "
                "expression"),
    "computed_goto": Case(
        REACH, (([3], ["error"]), ([4], [])),
        ("computed goto", "label as value", "labels as values", "&&"),
        unnamed="labels as values (&&label) do not parse: ERROR (cannot parse ...: Invalid "
                "expression)"),
    "computed_goto_conditional": Case(
        REACH, (([3], ["error"]), ([4], [])),
        ("computed goto", "label as value", "labels as values", "&&"),
        unnamed="`goto *expr` does not parse: ERROR (cannot parse ...)"),
    "local_labels": Case(
        REACH, (([2], ["error"]), ([1], []), ([3], [])), ("__label__", "local label"),
        unnamed="`__label__` does not parse: ERROR (cannot parse ...)"),
    "case_range": Case(REACH, (([1], ["error"]), ([5], ["error"]), ([0], []), ([6], [])),
                       ("case range", "range")),
    "conditional_omitted_middle": Case(
        REACH, (([3], ["error"]), ([4], [])), ("?:", "omitted", "middle operand"),
        unnamed="`x ?: y` does not parse: ERROR (cannot parse ...: Invalid expression)"),
    # ---------------------------------------------------------- attributes and keywords
    "section_attribute": Case(REACH, (([7], ["error"]), ([6], [])), ("section",)),
    "meaning_preserving_attributes": Case(REACH, (([4], ["error"]), ([3], []), ([101], [])),
                                          ("always_inline", "noinline", "unused", "const",
                                           "pure")),
    "const_attribute_with_side_effect": Case(
        DEPENDS, (([3], []), ([4], [])), ("const",), o2_runs=(([3], ["error"]), ([4], [])),
        unnamed="unknown only because a path to the error did not replay; the reason does not "
                "name the const attribute (gcc -O0 drops the call of a const function whose "
                "value is unused, gcc -O2 inlines it and reaches the error)"),
    "extension_keyword": Case(REACH, (([3], ["error"]), ([4], [])), ("__extension__",)),
    "typeof_variable": Case(REACH, (([260], ["error"]), ([4], [])), ("typeof",)),
    "auto_type": Case(
        REACH, (([260], ["error"]), ([4], [])), ("__auto_type",),
        unnamed="`__auto_type` does not parse: ERROR (cannot parse ...)"),
    "zero_length_array": Case(UB, (([3], ["ub:out-of-bounds"]), ([4], [])),
                              ("size 0", "zero-length", "out of bounds")),
    "int128_lp64": Case(REJECTED, (([3], ["error"]), ([4], [])), ("__int128",), lp64=REACH),
    "static_assert_holds": Case(REACH, (([3], ["error"]), ([4], [])),
                                ("_Static_assert", "StaticAssert", "static assert")),
    "static_assert_fails_ilp32": Case(
        REJECTED, (([3], []),), ("_Static_assert", "StaticAssert", "static assert"), lp64=SAFE),
    "asm_memory_barrier": Case(REACH, (([3], ["error"]), ([4], [])), ("asm",)),
    "asm_writes_output": Case(REACH, (([3], ["error"]), ([4], [])), ("asm",)),
    "asm_goto": Case(
        REACH, (([3], ["error"]), ([4], [])), ("asm goto", "asm"),
        unnamed="`asm goto` does not parse: ERROR (cannot parse ...)"),
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
    "builtin_offsetof": Case(
        REACH, (([4], ["error"]), ([1], [])), ("offsetof", "struct"),
        unnamed="`__builtin_offsetof` does not parse: ERROR (cannot parse ...: Invalid "
                "expression)"),
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
    for values, expected in case.runs:
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
