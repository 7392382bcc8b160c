"""Adversarial tests of issue 16's members through pointers and of array elements used as
pointers (`semantics/cfa/member_addresses.py`: rows).

Each program under `data/adversarial/member_pointers/` is one way a careless model of `p->a`,
`(p + k)->a`, `arr[i].a`, `s.a` used as pointers (a member array decays to its first element)
or of `&arr[i].m`, `&(p + i)->m`, `&(p + i)->in`, or of a member struct through a pointer used
as a whole (`c = p->in`, `p->in = c`, `*q = p->in`) would give a wrong verdict: a flattened storage where one past
element k's member is element k + 1's member (gcc writes there, reads there, says they are
equal), arithmetic beyond one past a member that stays inside the array of structs, the
difference of two elements' members (undefined: two arrays), their relational order and the
first member's start equal to its element's (C defines both; not computed), a strcpy whose NUL
lands in the next member, a member pointer that outlives its block, strcmp of a member never
written.  The ground truth comes from gcc (`gt_driver`) with AddressSanitizer and UBSan, every
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

PROGRAMS = DATA / "adversarial" / "member_pointers"

INVALID = "invalid dereference"
PARTS_COMPARED = "pointers to different parts of one struct compared"
ROWS_COMPARED = "pointers into the members of two elements of an array of structs compared"

CASES = {
    "row_strcmp_holds": Case("true", (([0], []), ([1], []), ([2], []), ([5], []))),
    "row_strcmp_reaches": Case(FALSE, (([2], ["error"]), ([0], []))),
    "row_one_past_write": Case("unknown", (([1], ["before-past", "error"]), ([0], [])),
                               INVALID),
    "row_arith_into_next": Case("unknown", (([1], ["before-beyond", "error"]), ([0], [])),
                                "pointer arithmetic outside its object"),
    "row_end_equals_next": Case("unknown", (([], ["error"]),),
                                "comparison of a pointer one past the end of an object"),
    "row_difference": Case("unknown", (([1], ["before-diff", "error"]), ([0], [])),
                           "pointers into different objects compared or subtracted"),
    "row_order": Case("unknown", (([], ["error"]),), ROWS_COMPARED),
    "row_start_equals_element": Case("unknown", (([], ["error"]),), PARTS_COMPARED),
    "row_write_visible": Case("true", (([0], []), ([1], []), ([2], []))),
    "row_write_reaches": Case(FALSE, (([2], ["error"]), ([1], []))),
    "row_pointer_equality": Case("true", (([0, 0], []), ([1, 2], []), ([2, 1], []))),
    "row_index_past_row": Case("unknown", (([1], ["before-past", "error"]), ([0], [])),
                               INVALID),
    "heap_strcpy_fits": Case("true", (([1], []), ([4], []))),
    "heap_strcpy_overflows": Case("unknown", (([1], ["before-overflow", "error"]), ([0], [])),
                                  "'strcpy' past the end of its object"),
    "heap_scalar_member": Case("unknown", (([1], ["before-past", "error"]), ([0], [])),
                               INVALID),
    "heap_member_dangling": Case("unknown", (([1], ["before-dangling", "asan"]), ([0], [])),
                                 INVALID),
    "heap_member_uninitialised": Case("unknown", (([1], ["before-uninit"]), ([0], [])),
                                      "read of uninitialised"),
    "single_member_through_pointer": Case(FALSE, (([3], ["error"]), ([0], []))),
    "single_member_decays": Case(FALSE, (([5], ["error"]), ([0], []))),
    "row_walk_relational": Case("true", (([0], []), ([1], []), ([2], []))),
    "two_blocks_member": Case(FALSE, (([7], ["error"]), ([0], []))),
    "struct_member_copies": Case("true", (([0], []), ([1], []), ([2], []))),
    "struct_member_copy_reaches": Case(FALSE, (([2], ["error"]), ([1], []))),
    "struct_row_one_past": Case("unknown", (([1], ["before-past", "error"]), ([0], [])),
                                INVALID),
    "struct_member_copy_dangling": Case("unknown", (([1], ["before-dangling", "asan"]),
                                                    ([0], [])), INVALID),
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
    # a member of a struct member of an element: the rows are one level deep
    "nested_row": ("struct In { int x; char a[4]; };\nstruct S { int v; struct In in; };\n"
                   "struct S arr[3];\n"
                   "int main(void) { char *p = arr[1].in.a; return *p; }\n",
                   "address of a member of an element of an array of structs"),
    # a member of a member struct of an element reached through a pointer to that struct:
    # the pointer's offset is not the element's (a careless model reads element 2k)
    "row_struct_member": ("extern void *malloc(unsigned long);\n"
                          "struct In { int x; char a[4]; };\nstruct S { int v; struct In in; };\n"
                          "int main(void) { struct S *p = malloc(3 * sizeof(struct S));\n"
                          "  struct In *q = &(p + 1)->in; char *c = q->a; c[1] = 5;\n"
                          "  return p[1].in.a[1]; }\n",
                          "address of a member of an element of an array of structs"),
    # a member struct through a pointer copied from an element of an array of structs
    "copy_from_element": ("struct In { int x; int y; };\nstruct S { int v; struct In in; };\n"
                          "struct S arr[2], s;\n"
                          "int main(void) { struct S *p = &s; p->in = arr[1].in; "
                          "return s.in.y; }\n",
                          "struct member reached through a pointer copied from or to an "
                          "element of an array of structs"),
    # an array of structs of two dimensions is no object
    "two_dimensions": ("struct S { int a; int b; };\nstruct S m[2][3];\n"
                       "int main(void) { int *p = &m[1][2].b; return *p; }\n",
                       "address of a member of an element of an array of structs"),
    # the order of two elements' members: C defines it, we do not compute it
    "rows_ordered": ("struct S { int v; char a[3]; };\nstruct S arr[2];\n"
                     "int main(void) { return arr[0].a < arr[1].a; }\n", ROWS_COMPARED),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    check_not_modelled(cli, ws, prp, *NOT_MODELLED[name])
