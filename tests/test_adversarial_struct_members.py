"""Adversarial tests of issue 16's struct members that are arrays of structs or of pointers,
whole structs copied to and from array elements, passed and returned by value, and initialisers of arrays of structs,
designated initialisers and brace elision, also with union members and bit-fields.

Each program under `data/adversarial/struct_members/` is one way a careless model would give
a wrong verdict: an index past a member array of structs read as the next member, an index
re-read in the middle of a struct copy, a copy that aliases its source, a later designator
that does not override an earlier one, a hole that is not zero, brace elision that fills the
wrong member.  The ground truth comes from gcc (`gt_driver`: UBSan on, every report fatal)
with `-m32` and `-m64`: the marks a run prints on given inputs, cut at the first undefined
behaviour (`ub...`).  The validator's verdict in each data model must be the one the runs
justify; where the model is coarser than C (a copy reads every member), the verdict is a
precise `unknown`, never the opposite verdict.
"""
from __future__ import annotations

import pytest

from adversarial_suite import FALSE, Case, ProgramSuite
from conftest import DATA

PROGRAMS = DATA / "adversarial" / "struct_members"
MODELS = {"ILP32": "-m32", "LP64": "-m64"}
UNINITIALISED = "read of uninitialised"
OUT_OF_BOUNDS = "out of bounds"


CASES = {
    # members that are arrays of structs or of pointers
    "member_aos_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], []), ([0], [])),
                            OUT_OF_BOUNDS),
    "member_aos_cells": Case(FALSE, (([1], ["error"]), ([0], []))),
    "member_aos_heap": Case(FALSE, (([2], ["error"]), ([1], []), ([3], []))),
    "member_aos_heap_past": Case("unknown", (([4], ["ub:out-of-bounds"]), ([3], [])),
                                 OUT_OF_BOUNDS),
    "member_aos_heap_unwritten": Case("unknown", (([], ["ub:uninitialised"]),),
                                      UNINITIALISED),
    "member_aos_in_aos": Case(FALSE, (([1, 0], ["error"]), ([0, 1], []), ([1, 1], []))),
    "member_aos_in_aos_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], [])),
                                   OUT_OF_BOUNDS),
    "member_ptr_array": Case(FALSE, (([0], ["error"]), ([1], []), ([2], []))),
    "member_ptr_array_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], [])),
                                  OUT_OF_BOUNDS),
    "member_ptr_array_through_pointer": Case(FALSE, (([1], ["error"]), ([0], []))),
    # whole structs to and from array elements
    "element_copy_is_copy": Case("true", (([0, 5], []), ([2, -1], []))),
    "element_to_struct": Case(FALSE, (([0, 2], ["error"]), ([1, 2], []), ([0, 0], []))),
    "element_copy_index_read_once": Case("true", (([3], []), ([0], []))),
    "element_copy_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], [])),
                              OUT_OF_BOUNDS),
    "member_element_copy": Case(FALSE, (([1], ["error"]), ([0], []))),
    "element_copy_unwritten": Case("unknown", (([5], ["error"]), ([4], [])),
                                   "copy of a struct with unwritten members"),
    "element_unwritten_read": Case("unknown", (([], ["ub:uninitialised"]),), UNINITIALISED),
    "param_copy_is_copy": Case("true", (([], []),)),
    "param_element": Case(FALSE, (([1, 0], ["error"]), ([0, 0], []), ([1, 1], []))),
    "param_index_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], [])),
                             OUT_OF_BOUNDS),
    "return_copy": Case(FALSE, (([1], ["error"]), ([0], []))),
    "return_index_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], [])),
                              OUT_OF_BOUNDS),
    "return_fall_off": Case("unknown", (([0], ["ub:fall-off"]), ([5], [])),
                            "without a return statement"),
    "element_member_unsequenced": Case("unknown", (([], ["ub:unsequenced"]),), "unsequenced"),
    "member_aos_unsequenced": Case("unknown", (([], ["ub:unsequenced"]),), "unsequenced"),
    "member_unsequenced_increment": Case("unknown", (([], ["ub:unsequenced"]),),
                                         "unsequenced"),
    # multi-dimensional arrays of structs
    "aos_2d": Case(FALSE, (([1, 2], ["error"]), ([0, 1], []), ([1, 1], []))),
    "aos_2d_row_past": Case("unknown", (([3], ["ub:out-of-bounds"]), ([2], [])),
                            OUT_OF_BOUNDS),
    # initialisers
    "init_multidim_elided": Case(FALSE, (([1, 1], ["error"]), ([1, 0], []), ([0, 0], []))),
    "init_designated_override": Case("true", (([0], []), ([1], []), ([2], []))),
    "init_designated_continue": Case(FALSE, (([5], ["error"]), ([4], []), ([0], []))),
    "init_designated_struct": Case("true", (([], []),)),
    "init_designated_member_element": Case(FALSE, (([1], ["error"]), ([0], []), ([2], []))),
    "init_aos_braced": Case(FALSE, (([2], ["error"]), ([1], []), ([0], []))),
    "init_aos_elided": Case("true", (([], []),)),
    "init_aos_designated": Case(FALSE, (([2], ["error"]), ([1], []), ([0], []))),
    "init_nested_elided": Case("true", (([], []),)),
    "init_global_aos": Case(FALSE, (([3], ["error"]), ([0], []), ([2], []))),
    "init_mixed": Case("true", (([], []),)),
    "init_whole_then_part": Case("unknown", (([], ["error"]),), "initialised as a whole"),
    "init_string_member": Case(FALSE, (([1, 2], ["error"]), ([0, 2], []), ([1, 3], []))),
    "init_overridden_side_effect": Case("unknown", (([], []),), "overridden"),
    # with unions (their bytes) and bit-fields
    "aos_member_union_chain": Case(FALSE, (([0, 3], ["error"]), ([1, 3], ["error"]),
                                           ([0, 0], []), ([1, 2], []))),
    "init_union_bitfield_designated": Case("true", (([], []),)),
    "init_bitfield_unnamed_skipped": Case(FALSE, (([5], ["error"]), ([4], []), ([13], []))),
    "element_copy_union_member": Case(FALSE, (([0, 0], ["error"]), ([2, 0], ["error"]),
                                              ([1, 1], []))),
    "init_designator_into_union": Case("unknown", (([], []),), "designator into the union"),
}


SUITE = ProgramSuite(PROGRAMS, CASES, sanitizers=(), verdict_options=())


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("name", SUITE.names())
def test_ground_truth(tmp_path, name, model):
    SUITE.check_ground_truth(tmp_path, name, model)


def validate(cli, ws, prp, name: str, *options: str):
    return SUITE.validate(cli, ws, prp, name, *options)


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("name", SUITE.names())
def test_verdict(cli, ws, prp, name, model):
    SUITE.check_verdict(cli, ws, prp, name, model)


@pytest.mark.parametrize("name", SUITE.unknown_names())
@pytest.mark.parametrize("engines", ["houdini,bmc,kinduction,chc", "testing"])
def test_undefined_behaviour_is_never_true(cli, ws, prp, name, engines):
    """Whatever the engines: the undefined behaviour (or what is not modelled) stays open."""
    SUITE.check_never_true(cli, ws, prp, name, engines)


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()
