"""Adversarial tests of issue 16's member addresses and struct copies through pointers
(`semantics/cfa/member_addresses.py`).

Each program under `data/adversarial/member_addresses/` is one way a careless model of `&s.m`,
`&p->m`, `&s.a[i]` or of `s = *p`, `*p = s`, `*p = *q` would give a wrong verdict: a member
pointer that is a copy instead of the member, the difference of two members' addresses
(undefined: not one array, C11 6.5.6p9; gcc gives the distance), a write one past a member
array (undefined even where the next member lies: gcc writes it), arithmetic from a scalar
member beyond one past it while still inside the struct, the first member's address equal to
the struct's, the order of members (C11 6.5.8p5), a member of a dead local, `&p->m` with p
NULL.  The ground truth comes from gcc (`gt_driver`) with AddressSanitizer and UBSan, every
report fatal, `-m32` and `-m64`; a `before-...` mark just before the undefined behaviour shows
what gcc does there (a sanitizer's report, or the error a careless model would report).

The validator's verdict must be the one the runs justify: `true` only where no input reaches
the error or undefined behaviour, `false` only through an execution without undefined
behaviour, else `unknown` naming the undefined behaviour (or what is not modelled).  The
verdicts are checked with BMC alone (every path is short), and the proof engines on their own
must never say `true` where the answer is `unknown`.
"""
from __future__ import annotations

import pytest

from adversarial_suite import (DATA_MODELS, FALSE, MODELS, PROOF_ENGINES, Case,
                               ProgramSuite, check_not_modelled)
from conftest import DATA

PROGRAMS = DATA / "adversarial" / "member_addresses"

MEMBERS_COMPARED = "pointers to different parts of one struct compared"

CASES = {
    "member_write_visible": Case("true", (([0], []), ([-7], []))),
    "member_write_reaches": Case(FALSE, (([5], ["error"]), ([4], []))),
    "member_difference": Case("unknown", (([1], ["before-diff", "error"]), ([0], [])),
                              "pointers into different objects compared or subtracted"),
    "member_array_one_past": Case("unknown", (([1], ["before-past", "error"]), ([0], [])),
                                  "invalid dereference"),
    "member_array_arith_beyond": Case("unknown", (([1], ["before-beyond", "error"]),
                                                  ([0], [])),
                                      "pointer arithmetic outside its object"),
    "member_first_equals_struct": Case("unknown", (([], ["error"]),), MEMBERS_COMPARED),
    "member_order": Case("unknown", (([], ["error"]),), MEMBERS_COMPARED),
    "member_passed": Case("true", (([0], []), ([1000], []))),
    "member_through_pointer": Case(FALSE, (([8], ["error"]), ([7], []))),
    "member_nested": Case(FALSE, (([9], ["error"]), ([8], []))),
    "member_dangling": Case("unknown", (([2], ["before-dangling", "ubsan"]), ([1], [])),
                            "invalid dereference"),
    "member_null_struct": Case("unknown", (([1], ["before-null", "ubsan"]), ([0], [])),
                               "invalid dereference"),
    "member_of_chosen_struct": Case("true", (([0], []), ([1], []))),
    "member_decays": Case(FALSE, (([4], ["error"]), ([3], []))),
    "copy_through_pointers": Case("true", (([0], []), ([9], []))),
    "copy_through_pointer_reaches": Case(FALSE, (([3], ["error"]), ([2], []))),
    "copy_through_dangling": Case("unknown", (([4], ["before-dangling", "ubsan"]), ([3], [])),
                                  "invalid dereference"),
}
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


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()


NOT_MODELLED = {
    # a member of a struct member of an element of an array of structs (a heap block too):
    # the members of elements are objects one level deep (`row_objects`; `&arr[1].b` is one:
    # test_adversarial_member_pointers.py)
    "array_element_member": ("struct In { int x; int y; };\nstruct S { int a; struct In in; };\n"
                             "struct S arr[3];\n"
                             "int main(void) { int *p = &arr[1].in.y; return *p; }\n",
                             "address of a member of an element of an array of structs"),
    "heap_member": ("#include <stdlib.h>\nstruct In { int x; int y; };\n"
                    "struct S { int a; struct In in; };\n"
                    "int main(void) { struct S *s = malloc(sizeof *s); s->in.y = 1; "
                    "int *p = &s->in.y; return *p; }\n",
                    "address of a member of an element of an array of structs"),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    check_not_modelled(cli, ws, prp, *NOT_MODELLED[name])
