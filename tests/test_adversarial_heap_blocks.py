"""Adversarial tests of issue 16's `realloc` and `alloca` (`semantics/cfa/heap_blocks.py`).

Each program under `data/adversarial/heap_blocks/` is one way a careless model of `realloc`
or `alloca` would give a wrong verdict: a copy that loses the prefix, one block per site
where a loop grows a buffer, the old pointer still usable after `realloc`, `realloc` of a
pointer into the middle of a block, of a local or of a freed block, `realloc(p, 0)`, several
live `alloca` blocks of one site, an `alloca` block used after its function returned.  The
ground truth comes from gcc (`gt_driver`) with AddressSanitizer and UBSan, every report fatal,
`-m32` and `-m64`: the marks a run prints on given inputs, `asan`/`ubsan` for a sanitizer's
report; a `before-...` mark just before the undefined behaviour followed by the sanitizer's
report shows that the behaviour is really undefined there (`alloca_returned`: gcc reaches the
error after it, which a careless model would report as `false`).

The validator's verdict must be the one the runs justify: `true` only where no input reaches
the error or undefined behaviour, `false` only through an execution without undefined
behaviour, else `unknown` naming the undefined behaviour (or what is not modelled).  The
programs' loops are bounded, so BMC explores every path: the verdicts are checked with BMC
alone, and the proof engines on their own must never say `true` where undefined behaviour is
reachable.
"""
from __future__ import annotations

import pytest

from adversarial_suite import (DATA_MODELS, FALSE, MODELS, PROOF_ENGINES, Case,
                               ProgramSuite, check_not_modelled)
from conftest import DATA

PROGRAMS = DATA / "adversarial" / "heap_blocks"

CASES = {
    "realloc_grow_loop": Case("true", (([0], []), ([1000], []), ([-1000], []))),
    "realloc_shrink_keeps_prefix": Case(FALSE, (([7], ["error"]), ([6], []))),
    "realloc_old_pointer": Case("unknown", (([1], ["before-old", "asan"]), ([0], [])),
                                "invalid dereference"),
    # ASan's allocator always moves the block; glibc's shrinks in place (b == a: the error)
    "realloc_compare_old": Case("unknown", (([], ["before-compare"]),),
                                "whose lifetime has ended"),
    "realloc_middle_pointer": Case("unknown", (([3], ["before-middle", "asan"]), ([0], [])),
                                   "invalid realloc"),
    "realloc_local_array": Case("unknown", (([1], ["before-local", "asan"]), ([0], [])),
                                "invalid realloc"),
    "realloc_after_free": Case("unknown", (([1], ["before-freed", "asan"]), ([0], [])),
                               "invalid realloc"),
    "realloc_free_old": Case("unknown", (([2], ["before-double-free", "asan"]), ([0], [])),
                             "invalid free"),
    "realloc_null_is_malloc": Case(FALSE, (([4], ["error"]), ([3], []))),
    "realloc_new_part_uninitialised": Case("unknown", (([1], ["ub:uninitialised"]),
                                                       ([0], [])),
                                           "read of uninitialised"),
    "realloc_size_zero": Case("unknown", (([9], ["ub:size-zero"]), ([0], [])),
                              "realloc of size 0"),
    "realloc_never_fails": Case("true", (([0], []), ([-5], []))),
    "realloc_partly_written": Case("unknown", (([], []),),
                                   "copy of a block with unwritten elements"),
    "alloca_loop_blocks": Case("unknown", (([], []),), "a second block from the alloca"),
    "alloca_returned": Case("unknown", (([1], ["before-dead", "error"]), ([0], [])),
                            "pointer arithmetic outside its object"),
    "alloca_per_call": Case("true", (([], []),)),
    "alloca_per_call_false": Case(FALSE, (([9], ["error"]), ([8], []))),
    "alloca_free": Case("unknown", (([5], ["before-free", "asan"]), ([0], [])),
                        "invalid free"),
    "alloca_past_end": Case("unknown", (([2], ["before-past-end", "asan"]), ([1], [])),
                            "invalid dereference"),
    "alloca_uninitialised": Case("unknown", (([3], ["ub:uninitialised"]), ([0], [])),
                                 "read of uninitialised"),
    "alloca_never_null": Case("true", (([0], []), ([7], []))),
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
    # the block's elements change type: offsets would count other elements
    "realloc_other_type": ("#include <stdlib.h>\nint main(void) { int *a = malloc(8); "
                           "a[0] = 1; char *c = realloc(a, 16); return c[0]; }\n",
                           "realloc of a block of int into a block of char"),
    "realloc_void": ("#include <stdlib.h>\nint main(void) { int *a = malloc(8); void *v = a; "
                     "int *b = realloc(v, 16); b[0] = 1; return b[0]; }\n",
                     "realloc of a void pointer"),
    "realloc_not_converted": ("#include <stdlib.h>\nint main(void) { int *a = malloc(8); "
                              "a[0] = 1; a[1] = 2; free(realloc(a, 16)); return 0; }\n",
                              "realloc: its block must be converted"),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    check_not_modelled(cli, ws, prp, *NOT_MODELLED[name])
