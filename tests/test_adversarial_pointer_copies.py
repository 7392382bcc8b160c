"""Adversarial tests of whole structs copied out of or into memory through a pointer
(`member_addresses.copy_members`, `pointers.dereference(copy=...)`).

C copies a struct with a member never written without undefined behaviour (a struct's value
is never a trap representation, C11 6.2.6.1p6).  The model carries nothing unwritten through
a copy, so such a copy is an execution that is not modelled (`ir.Ref.copy`, "copy of a struct
with unwritten members"): `unknown`, and nothing after it confirmed.  Until 2026-11-28 a copy
through a dereference (`t = *p`, `struct S t = *p`, `*q = *p`, `c = p->in`, from a heap block,
a local through `p = &s`, an element of an array of structs, a heap row) read the member
through the memory's uninitialised-read check, which ended the executions there as undefined
behaviour: the error after the copy was unreachable for the model, and a false invariant after
it was confirmed (`x == 0` where gcc returns 5).

Each program under `data/adversarial/pointer_copies/` is one such copy.  The ground truth comes
from gcc (`gt_driver`) with AddressSanitizer and UBSan, every report fatal, `-m32` and `-m64`:
where only the copy is in question gcc reaches the error on one input, so the verdict must not
be `true` (and cannot be `false` through a copy that is not modelled): `unknown` naming the
copy.  Where every member is written the copy is exact (`true`/`false` as gcc shows).  Where
the copied unwritten member is read later (`copy_then_read_unwritten`), the read is of an
indeterminate value; the model stops at the copy before it, so the `unknown` names the copy.
`return *p;` (p a pointer variable) copies member by member through p as `struct S t = *p`
does (since 2026-11-28; before, `unknown` as a struct read as a whole through a pointer).
Forms that are not modelled at all (`f(*p)`, `t = p[i]`, a union through a pointer) are
`unknown` naming what is not modelled.  The byte copies of `memcpy`/`memmove`
(`string_calls._copy`) and of `realloc` (`realloc.copy_prefix`) copy an unwritten byte or
element the same way (`memcpy_unwritten_byte`, `realloc_unwritten_element`; until 2026-11-28
uninitialised reads that ended the executions and confirmed `x == 0` after them).
"""
from __future__ import annotations

import os
import subprocess

import pytest

from adversarial_suite import DATA_MODELS, FALSE, MODELS, PROOF_ENGINES, Case, ProgramSuite
from conftest import DATA, dedent, position, validate_with_report

PROGRAMS = DATA / "adversarial" / "pointer_copies"

COPY = "copy of a struct with unwritten members"
WHOLE = "struct read or written as a whole through a pointer"
BYTES = "copy of bytes never written"
BLOCK = "copy of a block with unwritten elements"

CASES = {
    "heap_init_copy_unwritten": Case("unknown", (([5], ["error"]), ([4], [])), COPY),
    "heap_assign_copy_unwritten": Case("unknown", (([7], ["error"]), ([6], [])), COPY),
    "local_copy_unwritten": Case("unknown", (([5], ["error"]), ([4], [])), COPY),
    "pointer_to_pointer_copy_unwritten": Case("unknown", (([3], ["error"]), ([4], [])), COPY),
    "member_struct_copy_unwritten": Case("unknown", (([2], ["error"]), ([1], [])), COPY),
    "element_pointer_copy_unwritten": Case("unknown", (([9], ["error"]), ([8], [])), COPY),
    "heap_row_copy_unwritten": Case("unknown", (([1], ["error"]), ([0], [])), COPY),
    "ptr_member_copy_unwritten": Case("unknown", (([2], ["error"]), ([1], [])), COPY),
    "array_member_copy_unwritten": Case("unknown", (([3], ["error"]), ([2], [])), COPY),
    "store_from_unwritten_variable": Case("unknown", (([5], ["error"]), ([4], [])), COPY),
    "copy_then_read_unwritten": Case("unknown", (([], ["ub:uninitialised"]),), COPY),
    "heap_copy_all_written": Case("true", (([0], []), ([7], []), ([100], []))),
    "heap_copy_all_written_reaches": Case(FALSE, (([4], ["error"]), ([3], []))),
    "calloc_copy": Case("true", (([0], []), ([5], []))),
    "argument_copy_unwritten": Case("unknown", (([4], ["error"]), ([3], [])), WHOLE),
    "return_copy_unwritten": Case("unknown", (([6], ["error"]), ([5], [])), COPY),
    "return_copy_local": Case(FALSE, (([3], ["error"]), ([2], []))),
    "return_copy_all_written": Case("true", (([0], []), ([3], []), ([100], []))),
    "subscript_copy_unwritten": Case("unknown", (([8], ["error"]), ([7], [])), WHOLE),
    "heap_row_subscript_copy_unwritten": Case("unknown", (([1], ["error"]), ([0], [])), WHOLE),
    "union_copy_through_pointer": Case("unknown", (([5], ["error"]), ([4], [])),
                                       "union used as a whole through a pointer"),
    # the byte copies of memcpy and realloc: the same copy that is not modelled
    "memcpy_unwritten_byte": Case("unknown", (([5], ["error"]), ([4], [])), BYTES),
    "realloc_unwritten_element": Case("unknown", (([5], ["error"]), ([4], [])), BLOCK),
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


# ---------------------------------------------------------------- invariants after a copy
# Each body sets `int x` to a member copied through a pointer whose struct has a member never
# written (or a byte of memcpy, an element of realloc, beside one never written); gcc returns 5.  The invariant `x == 0` at the return is false: it must not be
# confirmed (a model that ended the executions at the copy confirmed it as unreachable).  With
# every member written (WRITE_B) the copy is exact and `x == 5` is confirmed.
COPIES_THROUGH_POINTERS = {
    "heap_initialiser": """
        struct S *p = malloc(sizeof(struct S));
        if (!p) return 0;
        p->a = 5; B(p->b)
        struct S t = *p;
        int x = t.a;""",
    "heap_assignment": """
        struct S t;
        struct S *p = malloc(sizeof(struct S));
        if (!p) return 0;
        p->a = 5; B(p->b)
        t = *p;
        int x = t.a;""",
    "local_through_address": """
        struct S s;
        struct S *p = &s;
        s.a = 5; B(s.b)
        struct S t = *p;
        int x = t.a;""",
    "pointer_to_pointer": """
        struct S *p = malloc(sizeof(struct S));
        struct S *q = malloc(sizeof(struct S));
        if (!p || !q) return 0;
        p->a = 5; B(p->b)
        *q = *p;
        int x = q->a;""",
    "member_struct": """
        struct O *o = malloc(sizeof(struct O));
        if (!o) return 0;
        o->v = 1;
        o->in.a = 5; B(o->in.b)
        struct S t;
        t = o->in;
        int x = t.a;""",
    "heap_row": """
        struct S *rows = malloc(2 * sizeof(struct S));
        if (!rows) return 0;
        rows[1].a = 5; B(rows[1].b)
        struct S *r = rows + 1;
        struct S t = *r;
        int x = t.a;""",
    "returned": """
        struct S *p = malloc(sizeof(struct S));
        if (!p) return 0;
        p->a = 5; B(p->b)
        struct S t = get(p);
        int x = t.a;""",
    "store_from_variable": """
        struct S s;
        struct S *q = malloc(sizeof(struct S));
        if (!q) return 0;
        s.a = 5; B(s.b)
        *q = s;
        int x = q->a;""",
    "memcpy": """
        char a[2];
        char b[2];
        a[0] = 5; B(a[1])
        memcpy(b, a, sizeof a);
        int x = b[0];""",
    "realloc": """
        int *p = malloc(2 * sizeof(int));
        if (!p) return 0;
        p[0] = 5; B(p[1])
        p = realloc(p, 3 * sizeof(int));
        if (!p) return 0;
        int x = p[0];""",
}
REASONS = {"memcpy": BYTES, "realloc": BLOCK}        # else COPY


def copy_program(body: str, write_b: bool) -> str:
    return dedent("""
        #include <stdlib.h>
        #include <string.h>
        void reach_error(void) {}
        struct S { int a; int b; };
        struct O { int v; struct S in; };
        struct S get(struct S *p) { return *p; }
        #define B(member) %s
        int main(void) {
        %s
          return x;
        }
        """) % ("member = 2;" if write_b else "", dedent(body).replace("\n", "\n  "))


@pytest.mark.parametrize("write_b", [False, True], ids=["b_unwritten", "b_written"])
@pytest.mark.parametrize("name", sorted(COPIES_THROUGH_POINTERS))
def test_copy_through_a_pointer_confirms_nothing_after_it(cli, ws, prp, tmp_path, name,
                                                          write_b):
    source = copy_program(COPIES_THROUGH_POINTERS[name], write_b)
    program = tmp_path / "copy.c"
    program.write_text(source)
    for flag in MODELS:
        subprocess.run(["gcc", "-O0", flag, "-fsanitize=undefined,address",
                        "-fno-sanitize-recover=all", str(program), "-o", str(tmp_path / "copy")],
                       check=True)
        # (the block outlives the return: no leak report, x is the exit code)
        assert subprocess.run([str(tmp_path / "copy")], env=dict(
            os.environ, ASAN_OPTIONS="detect_leaks=0")).returncode == 5
    line, column = position(source, "return x;")
    for data_model in DATA_MODELS:
        run, report = validate_with_report(
            cli, ws, prp, source, [("location_invariant", line, column, "x == 0"),
                                   ("location_invariant", line, column, "x == 5")],
            "--data-model", data_model)
        statuses = [i["status"] for i in report["invariants"]]
        if write_b:            # an exact copy: the false invariant refuted, the true one proven
            assert statuses == ["rejected", "confirmed"], (data_model, report.get("reason"))
            continue
        assert run.result == "unknown"
        assert REASONS.get(name, COPY) in report["reason"], report["reason"]
        assert statuses == ["unknown", "unknown"], (data_model, report.get("reason"))


# ---------------------------------------------------------------- evaluation order
# `first(p->in, g())` with g writing s.in.x and p == &s: the copy of the argument through p and
# the call g() are indeterminately sequenced (C11 6.5.2.2p10, 6.5p3), so c.x is 0 or 1 and an
# implementation that evaluates the arguments left to right reaches the error (gcc on x86
# evaluates g() first and does not).  `order.check_order` saw accesses by name only (p, s):
# the read through p and the write of s did not clash, the model took gcc's order and said
# `true`.  `x + h()` with h writing x through a pointer was the same gap.  Now every access
# through a pointer, and of a variable a pointer may reach, is an access of memory (order.py).
ORDER_THROUGH_POINTERS = {
    "struct_argument": """
        struct In { int x; int y; };
        struct S { int v; struct In in; };
        struct S s;
        int g(void) { s.in.x = 1; return 0; }
        int first(struct In c, int z) { return c.x; }
        int main(void) {
          struct S *p = &s;
          s.in.x = 0;
          s.in.y = 0;
          if (first(p->in, g()) == 0) reach_error();
          return 0;
        }""",
    "scalar_operand": """
        int x;
        int *p = &x;
        int h(void) { *p = 1; return 0; }
        int main(void) {
          x = 0;
          if (x + h() == 0) reach_error();
          return 0;
        }""",
}


@pytest.mark.parametrize("name", sorted(ORDER_THROUGH_POINTERS))
def test_an_access_through_a_pointer_unsequenced_with_a_call_is_not_true(cli, ws, prp, name):
    source = "extern void abort(void);\nvoid reach_error(void) { abort(); }\n" + \
        dedent(ORDER_THROUGH_POINTERS[name])
    run, report = validate_with_report(cli, ws, prp, source)
    assert run.result == "unknown", report.get("reason")
    assert "evaluation order" in report["reason"]
