"""Adversarial tests of issue 16 (structs as SV-COMP programs use them: nested struct members,
array members).

Each program under `data/adversarial/structs/` is one way a careless flattening of structs
would give a wrong verdict: a nested copy that aliases, an index past a member array that
reads the next member, a member array never written, a static nested struct not zeroed, a
layout that ignores i386's 4-aligned `long long`/`double`.  The ground truth comes from gcc
(`gt_driver`: UBSan on, every report fatal) with `-m32` and `-m64`, per data model: the marks a
run prints on given inputs, cut at the first undefined behaviour (`ub...`).  The validator's
verdict in each data model must be the one the runs justify.
"""
from __future__ import annotations

import subprocess

import pytest

from adversarial_suite import FALSE, Case, ProgramSuite
from conftest import DATA, validate_with_report

PROGRAMS = DATA / "adversarial" / "structs"
MODELS = {"ILP32": "-m32", "LP64": "-m64"}


UNINITIALISED = "read of uninitialised"
CASES = {
    "nested_member_write": Case(FALSE, (([7], ["error"]), ([6], []))),
    "nested_copy_is_deep": Case("true", (([5], []), ([6], []), ([0], []))),
    "nested_self_copy": Case("true", (([5], []), ([-3], []))),
    "nested_member_copy": Case(FALSE, (([3], ["error"]), ([4], []))),
    "nested_initialiser_partial": Case("true", (([], []),)),
    "nested_static_zero": Case("true", (([], []),)),
    "nested_unwritten": Case("unknown", (([], ["ub:uninitialised"]),), UNINITIALISED),
    "nested_sizeof_padding": Case(FALSE, (([], ["error"]),), lp64=("true", (([], []),))),
    "nested_through_pointer": Case(FALSE, (([4], ["error"]), ([3], []))),
    "array_of_nested_structs": Case(FALSE, (([4], ["error"]), ([3], []))),
    "array_member_one_past": Case("unknown", (([4], ["ub:out-of-bounds"]), ([3], [])),
                                  "out of bounds"),
    "array_member_row_past": Case("unknown", (([3], ["ub:out-of-bounds"]), ([2], [])),
                                  "out of bounds"),
    "array_member_object": Case(FALSE, (([5], ["error"]), ([4], []))),
    "aos_array_member": Case(FALSE, (([5], ["error"]), ([4], []))),
    "aos_array_member_past": Case("unknown", (([3], ["ub:out-of-bounds"]), ([2], [])),
                                  "out of bounds"),
    "aos_nested_member": Case(FALSE, (([1, 4], ["error"]), ([2, 4], []), ([1, 3], []))),
    "aos_index_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], []), ([0], [])),
                           "out of bounds"),
    "ptr_array_member_past": Case("unknown", (([3], ["ub:out-of-bounds"]), ([2], [])),
                                  "out of bounds"),
    "heap_array_of_structs_members": Case(FALSE, (([5], ["error"]), ([4], []))),
    "ptr_two_objects_members": Case(FALSE, (([5, 0], ["error"]), ([0, 1], []), ([1, 1], []))),
    "heap_calloc_members_zero": Case("true", (([0], []), ([1], []), ([2], []))),
    "ptr_member_array_as_pointer": Case(FALSE, (([], ["error"]),)),
    "aos_unsequenced_index": Case("unknown", (([0], ["ub:unsequenced"]),), "unsequenced"),
    "aos_nested_pointer_member": Case(FALSE, (([1], ["error"]), ([0], []))),
    "array_member_index": Case(FALSE, (([2], ["error"]), ([1], []))),
    "array_member_unwritten": Case("unknown", (([], ["ub:uninitialised"]),), UNINITIALISED),
    "array_member_initialiser": Case("true", (([2], []), ([3], []), ([9], []))),
    "array_member_copy": Case("true", (([5], []), ([7], []))),
    "array_member_copy_wrong": Case(FALSE, (([8], ["error"]), ([7], []))),
    "array_member_static_zero": Case("true", (([0], []), ([2], []), ([3], []))),
    "copy_initialiser": Case(FALSE, (([6], ["error"]), ([5], []))),
    "array_member_sizeof": Case(FALSE, (([], ["error"]),), lp64=("true", (([], []),))),
    "array_member_as_pointer": Case(FALSE, (([], ["error"]),)),
    "heap_struct_with_array_member": Case(FALSE, (([], ["error"]),)),
    "array_member_address": Case(FALSE, (([], ["error"]),)),
    "alignas_member": Case("unknown", (([], ["error"]),), "_Alignas"),
    "mode_member": Case("unknown", (([], ["error"]),), "mode"),
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
    """Whatever the engines: the undefined behaviour stays open."""
    SUITE.check_never_true(cli, ws, prp, name, engines)


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()


LAYOUT_PROGRAM = """
#include <stdio.h>
#include <stddef.h>
struct in1 { char c; long long x; };
struct o1 { char c; struct in1 in; short s; };
struct in2 { short s; char c; };
struct o2 { char c; struct in2 in; char d; struct in2 more[0 + 1]; };
struct o3 { char c; double d[3]; int a[2][3]; struct o1 deep; char tail; };
int main(void) {
  printf("%zu %zu %zu %zu\\n", sizeof(struct o1), offsetof(struct o1, in), offsetof(struct o1, s), _Alignof(struct o1));
  printf("%zu %zu %zu\\n", sizeof(struct o2), offsetof(struct o2, in), offsetof(struct o2, d));
  printf("%zu %zu %zu %zu %zu %zu\\n", sizeof(struct o3), offsetof(struct o3, d), offsetof(struct o3, a), offsetof(struct o3, deep), offsetof(struct o3, tail), _Alignof(struct o3));
  return 0;
}
"""


@pytest.mark.parametrize("model", sorted(MODELS))
def test_nested_struct_layout_is_gccs(tmp_path, model):
    """sizeof, offsetof and alignment of structs with struct and array members, as gcc lays
    them out in each data model (i386: long long and double 4-aligned in structs)."""
    from validator.semantics.c_types import DOUBLE, ArrayType, DataModel
    source = tmp_path / "layout.c"
    source.write_text(LAYOUT_PROGRAM)
    binary = tmp_path / "layout"
    subprocess.run(["gcc", MODELS[model], str(source), "-o", str(binary)], check=True)
    gcc = [list(map(int, line.split())) for line in
           subprocess.run([str(binary)], capture_output=True, text=True,
                          check=True).stdout.split("\n") if line]
    d = DataModel(model)
    t = d.types
    in1 = d.layout("in1", [("c", t["char"]), ("x", t["long long"])])
    o1 = d.layout("o1", [("c", t["char"]), ("in", in1), ("s", t["short"])])
    in2 = d.layout("in2", [("s", t["short"]), ("c", t["char"])])
    o2 = d.layout("o2", [("c", t["char"]), ("in", in2), ("d", t["char"]),
                         ("more", ArrayType(in2, (1,)))])
    o3 = d.layout("o3", [("c", t["char"]), ("d", ArrayType(DOUBLE, (3,))),
                         ("a", ArrayType(t["int"], (2, 3))), ("deep", o1), ("tail", t["char"])])
    off1, off2, off3 = d.offsets(o1), d.offsets(o2), d.offsets(o3)
    ours = [[o1.size, off1["in"], off1["s"], o1.align],
            [o2.size, off2["in"], off2["d"]],
            [o3.size, off3["d"], off3["a"], off3["deep"], off3["tail"], o3.align]]
    assert ours == gcc


# `t = s` with s.b never written: C copies it without undefined behaviour (a struct's value is
# never a trap representation, C11 6.2.6.1p6), so executions go on past the copy and reach the
# return with x == 5 (gcc: exit code 5).  A model that made the copy an uninitialised read
# ended them there, and confirmed `x == 0` at the return as unreachable.
STRUCT_COPY_UNWRITTEN = """
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
struct S { int a; int b; };
int main(void) {
  struct S s;
  s.a = 5;
  struct S t = s;
  int x = t.a;
  return x;
}
"""


def test_copy_of_a_struct_with_an_unwritten_member_confirms_nothing_after_it(cli, ws, prp,
                                                                             tmp_path):
    source = tmp_path / "copy.c"
    source.write_text(STRUCT_COPY_UNWRITTEN)
    subprocess.run(["gcc", "-O0", "-fsanitize=undefined", "-fno-sanitize-recover=all",
                    str(source), "-o", str(tmp_path / "copy")], check=True)
    assert subprocess.run([str(tmp_path / "copy")]).returncode == 5
    run, report = validate_with_report(cli, ws, prp, STRUCT_COPY_UNWRITTEN,
                                       [("location_invariant", 10, 3, "x == 0")])
    assert run.result == "unknown"
    assert "copy of a struct with unwritten members" in report["reason"]
    assert [i["status"] for i in report["invariants"]] == ["unknown"]
