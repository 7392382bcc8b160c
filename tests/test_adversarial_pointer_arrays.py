"""Adversarial tests of issue 16's arrays of data pointers (`int *a[N]`, `struct S *a[N]`,
`void *pp[2]`, `char *names[3] = {"a", "b", "c"}`, `int *m[2][3]`: `pointer_arrays.py`).

An array of pointers is two integer arrays (bases and offsets); an element is read and written
as a pair, each index checked against its dimension, and every use of an element is a use of
the pointer it holds.  Each program under `data/adversarial/pointer_arrays/` is one way a
careless model would give a wrong verdict: two elements aliasing one object, a NULL element
dereferenced on one path, a freed block's pointer kept in a second element, a pointer to a
local of a function that returned, an off-by-one or negative index, comparisons across
elements and objects, an element never written, a copy of an element kept past a write,
static, partial and designated initialisers, string literals as elements (and a write into
one), struct pointers as elements, `a[i][j]` through an element, pointers to pointers as
elements, two dimensions (`m[0][3]` is out of bounds, not `m[1][0]`), `&a[i]` and the array
passed as `int **` (the array is then an object), the pattern of ldv-regression/test27-1,
and subscripts of pointers that are no variable's name (`s.p[i]`, `p->q[i]`, `&s.p[i]`,
`pp[i][j]`: `*(E1 + E2)`).
The ground truth comes from gcc (`gt_driver`) with AddressSanitizer and UBSan, every report
fatal, `-m32` and `-m64`.  The verdicts are checked with BMC alone, the proof engines on their
own must never say `true` where the answer is `unknown`, and a counterexample through an array
of pointers is found by every engine and replayed by gcc.
"""
from __future__ import annotations

import pytest

from adversarial_suite import (DATA_MODELS, FALSE, MODELS, PROOF_ENGINES, Case,
                               ProgramSuite, check_not_modelled)
from conftest import DATA

PROGRAMS = DATA / "adversarial" / "pointer_arrays"

CASES = {
    "pa_alias_true": Case("true", (([5], []), ([-3], []))),
    "pa_alias_reaches": Case(FALSE, (([3], ["error"]), ([2], []))),
    "pa_null_element": Case("unknown", (([2], ["before-null", "ubsan"]), ([1], [])),
                            "invalid dereference"),
    "pa_stale_freed": Case("unknown", (([5], ["before-stale", "asan"]), ([4], [])),
                           "invalid dereference"),
    # gcc with ASan does not reach the error (the local is elsewhere then): no ground truth
    "pa_dangling_local": Case("unknown", (([1], ["before-dangling"]), ([0], [])),
                              "invalid dereference"),
    # the array itself dead (an object: `q = &a[1]`); gcc with ASan reaches the error through
    # the reused slot, without sanitizers it does not
    "pa_dangling_array": Case("unknown", (([1], ["before-dangling", "error"]), ([0], [])),
                              "invalid dereference"),
    "pa_dangling_compare": Case("unknown", (([1], ["ub:dangling"]), ([0], [])),
                                "lifetime has ended"),
    "pa_off_by_one": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], [])),
                          "array index out of bounds"),
    "pa_negative_index": Case("unknown", (([-1], ["ub:out-of-bounds"]), ([0], []), ([1], [])),
                              "array index out of bounds"),
    "pa_uninitialised": Case("unknown", (([4], ["ub:uninitialised"]), ([3], [])),
                             "read of uninitialised"),
    "pa_compare_true": Case("true", (([1, 3], []), ([3, 1], []), ([2, 2], []), ([0, 4], []))),
    "pa_compare_objects": Case("unknown", (([1], ["ub:relational"]), ([0], [])),
                               "pointers into different objects"),
    "pa_equality_objects": Case("true", (([0], []), ([1], []), ([2], []))),
    "pa_snapshot": Case("true", (([7], []), ([300], []))),
    "pa_static_partial_init": Case("true", (([0], []), ([1], []), ([2], []), ([3], []))),
    "pa_local_partial_init": Case("true", (([2], []), ([3], []))),
    "pa_designated_reaches": Case(FALSE, (([7], ["error"]), ([6], []))),
    "pa_string_names": Case("true", (([0], []), ([1], []), ([2], []))),
    "pa_string_write": Case("unknown", (([1], ["ub:literal-write"]), ([0], [])),
                            "write into a string literal"),
    "pa_struct_elements": Case("true", (([1], []), ([0], []), ([2], []))),
    "pa_struct_null_member": Case("unknown", (([0], ["before-null", "ubsan"]), ([1], []),
                                              ([2], [])), "invalid dereference"),
    "pa_counterexample": Case(FALSE, (([1, 42], ["error"]), ([0, 42], []), ([2, 42], []))),
    "pa_malloc_elements": Case("true", (([5], []), ([2000], []))),
    "pa_double_free": Case("unknown", (([3], ["before-double-free", "asan"]), ([2], [])),
                           "invalid free"),
    "pa_void_list": Case("true", (([0], []), ([1], []))),
    "pa_pointer_arith": Case("true", (([4], []),)),
    "pa_one_past": Case("unknown", (([1], ["before-past", "asan"]), ([0], [])),
                        "invalid dereference"),
    "pa_subscript_element": Case("true", (([6], []),)),
    "pa_subscript_past": Case("unknown", (([3], ["before-past", "asan"]), ([2], [])),
                              "invalid dereference"),
    "pa_pointer_pointers": Case("true", (([5], []),)),
    "pa_two_dim": Case("true", (([0, 0], []), ([1, 2], []))),
    # gcc reports nothing for m[0][3] (inside the whole array): the mark is the ground truth
    "pa_two_dim_past": Case("unknown", (([3], ["ub:out-of-bounds"]), ([2], [])),
                            "array index out of bounds"),
    "pa_address_of_element": Case("true", (([3], []),)),
    "pa_address_past": Case("unknown", (([1], ["before-past", "asan"]), ([0], [])),
                            "invalid dereference"),
    "pa_passed_to_function": Case("true", (([0], []), ([1], []))),
    "pa_chain": Case("true", (([1], []), ([5], []), ([8], []), ([0], []))),
    # a subscript of a pointer that is no variable's name is *(E1 + E2) (C11 6.5.2.1p2)
    "pa_member_subscript": Case("true", (([4], []), ([-2], []))),
    "pa_member_subscript_past": Case("unknown", (([3], ["before-past", "asan"]), ([2], [])),
                                     "invalid dereference"),
    "pa_member_subscript_reaches": Case(FALSE, (([2, 9], ["error"]), ([1, 9], []),
                                                ([2, 8], []))),
}
# the portfolio's proof of pa_chain takes most of a minute on a loaded machine (BMC alone
# proves it in seconds: `test_verdict`)
SLOW_PROOFS = {"pa_chain"}
SUITE = ProgramSuite(PROGRAMS, CASES)


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("name", SUITE.names())
def test_ground_truth(tmp_path, name, model):
    SUITE.check_ground_truth(tmp_path, name, model)


@pytest.mark.parametrize("data_model", DATA_MODELS)
@pytest.mark.parametrize("name", SUITE.names())
def test_verdict(cli, ws, prp, name, data_model):
    SUITE.check_verdict(cli, ws, prp, name, data_model)


@pytest.mark.parametrize("name", SUITE.unknown_names())
def test_undefined_behaviour_is_never_true(cli, ws, prp, name):
    SUITE.check_never_true(cli, ws, prp, name, PROOF_ENGINES, "--timeout", "10")


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items()
                                         if c.verdict == "true" and n not in SLOW_PROOFS))
def test_proven_by_every_engine(cli, ws, prp, name):
    """The default portfolio proves the programs that are correct (not only BMC's bound)."""
    result, report = SUITE.validate(cli, ws, prp, name, "--timeout", "60")
    assert result == "true", report.get("reason")


@pytest.mark.parametrize("data_model", DATA_MODELS)
def test_counterexample_through_an_array_of_pointers_is_replayed(cli, ws, prp, data_model):
    """The interpreter and the native runs follow a write through `a[k]` to the error, and the
    gcc build replays it."""
    for engines in ("testing", "bmc"):
        result, report = SUITE.validate(cli, ws, prp, "pa_counterexample", "--engines", engines,
                                        "--data-model", data_model)
        assert result == FALSE, report.get("reason")
        assert "gcc replay" in report["engine"], report["engine"]


@pytest.mark.parametrize("name, inputs, error, undefined", [
    ("pa_counterexample", [1, 42], True, None),
    ("pa_counterexample", [0, 42], False, None),
    ("pa_address_of_element", [3], False, None),
    ("pa_null_element", [2], False, "invalid dereference"),
    ("pa_uninitialised", [4], False, "read of uninitialised"),
    ("pa_off_by_one", [2], False, "index"),
])
def test_interpreter_follows_the_elements(ws, name, inputs, error, undefined):
    """Our interpreter runs the arrays of bases and offsets as it runs any array: the values,
    the NULL, the unwritten element and the index out of bounds as gcc's runs show them."""
    from validator.engines.testing import follow
    from validator.semantics.cfa import woven_program_cfa
    from conftest import invariant_set
    _, _, woven = ws.instrument(SUITE.source(name), invariant_set([]))
    path = follow(woven_program_cfa(woven, "ILP32", "reach_error"), inputs)
    assert path.reached_error == error
    assert (path.undefined is None) == (undefined is None), path.undefined
    if undefined is not None:
        assert undefined in path.undefined


def test_violation_witness_through_an_array_of_pointers(cli, ws, prp):
    """The violation witness of the write through `a[k]` is written, and our checker finds an
    execution that follows it into the error (gcc-replayed)."""
    from validator.outputs.violation_check import check_violation_witness
    out = ws.dir / "violation.yml"
    result, report = SUITE.validate(cli, ws, prp, "pa_counterexample",
                                    "--violation-witness-out", str(out))
    assert result == FALSE, report.get("reason")
    check = check_violation_witness(str(ws.dir / "prog.c"), str(out), "ILP32", timeout=60)
    assert check.confirmed, check.reason


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()


NOT_MODELLED = {
    "vla": ("int x;\nint main(void) { int n = 3; int *a[n]; a[0] = &x; return *a[0]; }\n",
            "variable-length array of pointers 'a'"),
    "no_size": ("int x;\nint main(void) { int *a[] = {&x, &x}; return *a[1]; }\n",
                "array without size"),
    "two_dim_as_value": ("int x;\nint f(int *(*m)[2]) { return 0; }\n"
                         "int main(void) { int *m[2][2] = {{&x}}; return f(m); }\n",
                         "array of pointers 'm' used as a value"),
    "two_dim_partial": ("int x;\nint main(void) { int *m[2][2] = {{&x}}; int **r = m[0]; "
                        "return r != 0; }\n", "partial access of the array of pointers 'm'"),
    "two_dim_address": ("int x;\nint main(void) { int *m[2][2] = {{&x}}; int **r = &m[0][1]; "
                        "return r != 0; }\n", "address of this expression"),
    "whole_array_address": ("int x;\nint main(void) { int *a[2] = {&x, &x}; "
                            "return &a != 0; }\n", "address of this expression"),
    "memset": ("#include <string.h>\nint main(void) { int *a[2]; memset(a, 0, sizeof a); "
               "return a[0] == 0; }\n", "'memset' on objects of type"),
    "memcpy": ("#include <string.h>\nint x;\nint main(void) { int *a[2] = {&x, &x}, *b[2]; "
               "memcpy(b, a, sizeof a); return b[0] == &x; }\n", "'memcpy' on objects of type"),
    "self_reading_initialiser": ("int x;\nint main(void) { int *a[2] = {&x, a[0]}; "
                                 "return a[1] == 0; }\n",
                                 "initialiser of 'a' that reads 'a'"),
    "char_view": ("int x;\nint main(void) { int *a[2] = {&x, &x}; char *c = (char *)a; "
                  "return c != 0; }\n", "conversion of a pointer"),
    # an array of pointers in a heap block (a block of pointers)
    "heap_block_of_pointers": ("#include <stdlib.h>\nint x;\nint main(void) { "
                               "int **b = malloc(2 * sizeof(int *)); b[0] = &x; "
                               "return *b[0]; }\n", "a block of pointers"),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    check_not_modelled(cli, ws, prp, *NOT_MODELLED[name])
