"""Adversarial tests of issue 16's string literals and `<string.h>` models.

Each program under `data/adversarial/strings/` is one way a careless model of string literals
or of `memset`, `memcpy`, `memmove`, `memcmp`, `strlen`, `strcmp`, `strcpy`, `strncpy` would
give a wrong verdict.  The ground truth comes from gcc (`gt_driver`) with AddressSanitizer and
UBSan, every report fatal, `-fno-builtin` (so that each call goes to the C library, whose
calls the sanitizers intercept, not to gcc's inline expansion), `-m32` and `-m64`: the marks
a run prints on given inputs, `asan`/`ubsan` for a sanitizer's report.  A `before-...` mark
just before the undefined behaviour, followed by the sanitizer's report, shows that the
behaviour is really undefined there.  (ASan does not report `memcpy(a, a, n)`, which C11
7.24.2.1p2 makes undefined all the same: that run is not among the ground truths.)

The validator's verdict must be the one the runs justify: `true` only where no input reaches
the error or undefined behaviour, `false` only through an execution without undefined
behaviour, else `unknown` naming the undefined behaviour.  The models' loops are bounded by
the arrays here, so BMC explores every path: the verdicts are checked with BMC alone (the whole
portfolio spends its first seconds elsewhere), and the proof engines on their own must never
say `true` for a program with reachable undefined behaviour.
"""
from __future__ import annotations

import pytest

from adversarial_suite import DATA_MODELS, FALSE, MODELS, PROOF_ENGINES, Case, ProgramSuite, check_not_modelled
from conftest import DATA

CASES = {
    "strlen_no_nul": Case("unknown", (([0], ["before-no-nul", "asan"]), ([1], [])),
                          "invalid dereference"),
    "char3_abc_has_no_nul": Case("unknown", (([1], ["before-no-nul", "asan"]), ([0], [])),
                                 "invalid dereference"),
    "sizeof_literal": Case(FALSE, (([5], ["error"]), ([3], []), ([0], []))),
    "memcpy_overlap": Case("unknown", (([2], ["before-overlap", "asan"]), ([4], [])),
                           "'memcpy' between overlapping objects"),
    "memmove_overlap_fine": Case("true", (([0, 4], []), ([4, 0], []), ([2, 3], []),
                                          ([1, 1], []))),
    "memcmp_unsigned_bytes": Case("true", (([1], []), ([2], []))),
    "memcmp_equal_prefix": Case("true", (([3], []), ([2], []), ([4], []))),
    "strcmp_sign_only": Case("unknown", (([0], []), ([1], []))),
    "strcmp_past_end": Case("unknown", (([0], ["before-no-nul", "asan"]), ([1], [])),
                            "invalid dereference"),
    "strncpy_no_terminator": Case("unknown", (([1], ["before-no-nul", "asan"]), ([0], [])),
                                  "invalid dereference"),
    "strncpy_pads_zeros": Case("true", (([2], []), ([5], []), ([0], []))),
    "strcpy_too_small": Case("unknown", (([1], ["before-overflow", "asan"]), ([0], [])),
                             "'strcpy' past the end of its object"),
    "strcpy_overlap": Case("unknown", (([1], ["before-overlap", "asan"]), ([0], [])),
                           "'strcpy' between overlapping objects"),
    "literal_write": Case("unknown", (([1], ["before-literal-write", "asan"]), ([0], [])),
                          "write into a string literal"),
    "literals_may_share": Case("unknown", (([], ["error"]),), "two string literals"),
    "memset_null_zero": Case("unknown", (([1], ["before-null", "ubsan"]), ([0], [])),
                             "'memset' of an invalid pointer"),
    "own_memset": Case("true", (([1], []), ([2], []))),
    "own_strlen": Case("true", (([0], []), ([1], []))),
    "heap_string_after_free": Case("unknown", (([1], ["before-freed", "asan"]), ([0], [])),
                                   "'strlen' of an invalid pointer"),
    "global_literal_pointer": Case(FALSE, (([42], ["error"]), ([0], []), ([1], []))),
    "strlen_reaches_error": Case(FALSE, (([5], ["error"]), ([4], []), ([7], []))),
}

# -fno-builtin: every call goes to the C library, whose calls the sanitizers intercept
SUITE = ProgramSuite(DATA / "adversarial" / "strings", CASES,
                     sanitizers=("-fsanitize=address", "-fno-builtin"))


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
    """The proof engines and our interpreter, without BMC: the undefined behaviour (or the
    unspecified value) stays open, never a `true`."""
    SUITE.check_never_true(cli, ws, prp, name, PROOF_ENGINES, "--timeout", "10")


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()


NOT_MODELLED = {
    # the models read bytes of character objects only: an int array's bytes are not modelled
    "int_array": ("#include <string.h>\nint a[2], b[2];\n"
                  "int main(void) { memcpy(a, b, sizeof a); return a[0]; }\n",
                  "only character arrays are modelled"),
    # through a void pointer the type of the object is not known
    "void_pointer": ("#include <string.h>\nchar a[4];\n"
                     "int main(void) { void *v = a; memset(v, 0, 4); return a[0]; }\n",
                     "void pointer"),
    "wide_literal": ("int main(void) { const char *p = (const char *)L\"ab\"; return p[0]; }\n",
                     "wide or prefixed"),
    # any other library function with pointers stays unknown, naming itself
    "strcat": ("#include <string.h>\nextern char *strcat(char *, const char *);\n"
               "char a[8] = \"ab\";\nint main(void) { strcat(a, \"c\"); return a[2]; }\n",
               "'strcat'"),
}


@pytest.mark.parametrize("name", sorted(NOT_MODELLED))
def test_what_is_not_modelled_is_unknown_naming_it(cli, ws, prp, name):
    check_not_modelled(cli, ws, prp, *NOT_MODELLED[name])
