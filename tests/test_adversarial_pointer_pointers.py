"""Adversarial tests of issue 16's pointers to pointers (`int **pp = &p`, `*pp = &x`, `**pp`).

A pointer variable whose address is taken is an object whose storage is its two halves (base
and offset): `*pp` reads and writes those variables, so a write through `pp` retargets `p`
itself and a copy of `*pp` taken earlier keeps the old value.  Each program under
`data/adversarial/pointer_pointers/` is one way a careless model would give a wrong verdict
(a copy instead of the variable, a stale read, an out parameter, a pointer member reached
through `&s.p`, a list head, a dangling `&p`, NULL, an unwritten pointer, addresses held by static
initialisers before main names their objects).  The ground truth
comes from gcc (`gt_driver`) with AddressSanitizer and UBSan, every report fatal, `-m32` and
`-m64`.  The validator's verdict must be the one the runs justify; the verdicts are checked
with BMC alone, and the proof engines on their own must never say `true` where the answer is
`unknown`.
"""
from __future__ import annotations

import pytest

from adversarial_suite import (DATA_MODELS, FALSE, MODELS, PROOF_ENGINES, Case,
                               ProgramSuite, check_not_modelled)
from conftest import DATA

PROGRAMS = DATA / "adversarial" / "pointer_pointers"

CASES = {
    "pp_write_through": Case("true", (([], []),)),
    "pp_reaches": Case(FALSE, (([3], ["error"]), ([2], []))),
    "pp_out_parameter": Case("true", (([0], []), ([1], []))),
    "pp_snapshot": Case("true", (([], []),)),
    "pp_self_reference": Case("true", (([], []),)),
    "pp_struct_member": Case(FALSE, (([6], ["error"]), ([5], []))),
    "pp_struct_pointer": Case(FALSE, (([11], ["error"]), ([10], []))),
    # gcc reaches the error after the undefined behaviour (the stack slot was reused)
    "pp_dangling": Case("unknown", (([1], ["before-dangling", "error"]), ([0], [])),
                        "invalid dereference"),
    "pp_null": Case("unknown", (([2], ["before-null", "ubsan"]), ([1], [])),
                    "invalid dereference"),
    "pp_uninitialised": Case("unknown", (([4], ["ub:uninitialised"]), ([3], [])),
                             "read of uninitialised"),
    # addresses in static initialisers: the objects exist before main names them
    "init_address_write": Case("true", (([5], []), ([0], []))),
    "init_address_reaches": Case(FALSE, (([7], ["error"]), ([6], []))),
    "init_address_vs_local": Case("true", (([3], []), ([-1], []))),
    "init_struct_of_addresses": Case(FALSE, (([0], ["error"]), ([1], []))),
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
    # the pointer's halves are no bytes: another view of them is not modelled
    "char_view": ("int x;\nint main(void) { int *p = &x; int **pp = &p; "
                  "char **c = (char **)pp; return c != 0; }\n",
                  "conversion of a pointer"),
    # a block of pointers is an array of pointers
    "heap_block_of_pointers": ("#include <stdlib.h>\nint x;\nint main(void) { "
                               "int **b = malloc(2 * sizeof(int *)); b[0] = &x; return *b[0]; }\n",
                               "a block of pointers"),
    # parameters are no objects (their address is never modelled, pointers or not)
    "parameter_address": ("int x;\nint get(int *p) { int **pp = &p; return **pp; }\n"
                          "int main(void) { return get(&x); }\n", "address of this expression"),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    check_not_modelled(cli, ws, prp, *NOT_MODELLED[name])
