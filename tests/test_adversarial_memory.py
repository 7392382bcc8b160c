"""Adversarial tests of issue 16 (memory: variable-length arrays, pointers, the heap).

Each program under `data/adversarial/memory/` is one way a careless memory model would give a
wrong verdict.  The ground truth comes from gcc (`gt_driver`: UBSan on, every report fatal,
`-m32` and `-m64`): the marks a run prints on given inputs, cut at the first undefined
behaviour (`ub...`, or `ubsan` for a sanitizer report).  The validator's verdict must be the
one the runs justify: `true` only where no input reaches the error or undefined behaviour,
`false` only through an execution without undefined behaviour, else `unknown` naming the
undefined behaviour.
"""
from __future__ import annotations

import subprocess
from dataclasses import dataclass

import pytest

import gt_driver
from conftest import DATA, validate_with_report

PROGRAMS = DATA / "adversarial" / "memory"
FALSE = "false(unreach-call)"


@dataclass(frozen=True)
class Case:
    verdict: str                 # in ILP32 (the default data model)
    runs: tuple                  # (values of __VERIFIER_nondet_int, marks up to the first ub)
    reason: str = ""             # part of the reason of an `unknown`


CASES = {
    "vla_size_zero": Case("unknown", (([0], ["ubsan"]), ([3], ["declared"])),
                          "variable-length array 'a' of size 0 or less"),
    "vla_index_past_end": Case("unknown", (([4], ["ubsan"]),),
                               "array index out of bounds"),
    "vla_sizeof": Case(FALSE, (([3], ["error"]), ([4], []))),
    "vla_redeclared_in_loop": Case(FALSE, (([], ["error"]),)),
    "vla_two_dimensions": Case(FALSE, (([2, 1], ["error"]), ([5, 5], ["error"]))),
    "vla_size_wraps_ilp32": Case("true", (([1], []), ([1000], []), ([0], []))),
    "ptr_dangling_local": Case("unknown", (([5], ["ub:dangling"]),), "invalid dereference"),
    "ptr_two_lifetimes": Case("unknown", (([], ["between", "ub:dangling"]),),
                              "invalid dereference"),
    "ptr_null_deref": Case("unknown", (([0], ["ub:null"]), ([1], [])), "invalid dereference"),
    "ptr_one_past_end_deref": Case("unknown", (([3], ["ub:past-end"]), ([0], []))),
    "ptr_char_view_of_int": Case("unknown", (([], ["error"]),), "conversion of a pointer"),
    "heap_use_after_free": Case("unknown", (([4], ["ub:freed"]), ([0], [])),
                                "undefined behaviour"),
    "heap_double_free": Case("unknown", (([7], ["ub:double-free"]), ([1], [])), "invalid free"),
    "heap_uninitialised_cell": Case("unknown", (([], ["ub:uninitialised"]),),
                                    "read of uninitialised"),
    "heap_calloc_zero": Case(FALSE, (([5], ["error"]), ([4], []))),
    "struct_copy_is_a_copy": Case("true", (([5], []), ([6], []), ([0], []))),
    "struct_pointer_walk": Case(FALSE, (([2], ["error"]), ([1], []))),
    "struct_member_unwritten": Case("unknown", (([], ["ub:uninitialised"]),),
                                    "read of uninitialised"),
    "struct_union_view": Case(FALSE, (([], ["error"]),)),
    "struct_heap_list_of_two": Case("true", (([5], []), ([-999], []), ([2000], []))),
    "struct_packed_trailing": Case("unknown", (([], ["error"]),), "__attribute__((packed))"),
    "typedef_packed_struct": Case("unknown", (([], ["error"]),), "__attribute__((packed))"),
    "typedef_packed_tag": Case("unknown", (([], ["error"]),), "__attribute__((packed))"),
    "typedef_packed_enum": Case("unknown", (([], ["error"]),), "__attribute__((packed))"),
    "typedef_aligned_member": Case("unknown", (([7], ["error"]),), "__attribute__((aligned))"),
    "list_walk_sum": Case(FALSE, (([1], ["error"]), ([0], []))),
    "list_next_after_free": Case("unknown", (([], ["ub:freed"]),), "invalid dereference"),
    "list_next_uninitialised": Case("unknown", (([], ["ub:uninitialised"]),),
                                    "read of uninitialised"),
    "list_calloc_next_is_null": Case("true", (([1], []), ([4], []), ([0], []))),
    "list_loop_built": Case("unknown", (([], []),), "a second block from the malloc"),
    "struct_pointer_member_copy": Case(FALSE, (([7], ["error"]), ([6], []))),
    "struct_pointer_member_array": Case(FALSE, (([1], ["error"]), ([0], []))),
    "struct_forward_typedef": Case(FALSE, (([3], ["error"]), ([2], []))),
    "struct_incomplete_pointer": Case(FALSE, (([5], ["error"]), ([2], []))),
    "struct_unmodelled_pointee": Case(FALSE, (([5], ["error"]), ([2], []))),
    "struct_unmodelled_block": Case("unknown", (([], ["error"]),),
                                    "union member 'f' of a floating value"),
    "sizeof_unevaluated": Case(FALSE, (([5], ["error"]), ([6], []))),
    # gcc's order does not reach the error; the other order, which C allows, does
    "ptr_subscript_moved_by_call": Case("unknown", (([], ["stored"]),), "evaluation order"),
}


def ground_truth_marks(source: str, values: list, model: str, directory) -> list:
    built = gt_driver.build(source, directory, ["-O0", model])
    assert built.returncode == 0, built.stderr
    return gt_driver.marks(directory / "program", values, timeout=10)


@pytest.mark.parametrize("model", ["-m32", "-m64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_ground_truth(tmp_path, name, model):
    source = (PROGRAMS / f"{name}.c").read_text()
    for values, expected in CASES[name].runs:
        assert ground_truth_marks(source, values, model, tmp_path) == expected, values


def validate(cli, ws, prp, name: str, *options: str):
    run, report = validate_with_report(cli, ws, prp, (PROGRAMS / f"{name}.c").read_text(), (),
                                       *options)
    return run.result, report


@pytest.mark.parametrize("name", sorted(CASES))
def test_verdict(cli, ws, prp, name):
    case = CASES[name]
    result, report = validate(cli, ws, prp, name)
    assert result == case.verdict, report.get("reason")
    if case.reason:
        assert case.reason in (report.get("reason") or ""), report.get("reason")


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if case.verdict == "unknown"))
@pytest.mark.parametrize("engines", ["houdini,bmc,kinduction,chc", "testing"])
def test_undefined_behaviour_is_never_true(cli, ws, prp, name, engines):
    """Whatever the engines: the model's proofs must keep the undefined behaviour open, and
    the program's runs (our interpreter, the gcc build) prove nothing through it."""
    result, _ = validate(cli, ws, prp, name, "--engines", engines)
    assert result != "true"


def test_a_huge_vla_is_fine_where_it_fits(cli, ws, prp):
    """In LP64 `int a[n]` for any positive int n has at most 8 GiB (within PTRDIFF_MAX)."""
    result, report = validate(cli, ws, prp, "vla_size_wraps_ilp32", "--data-model", "LP64")
    assert result == "true", report.get("reason")


def test_the_cases_are_the_programs():
    assert sorted(CASES) == sorted(p.stem for p in PROGRAMS.glob("*.c"))


LAYOUT_PROGRAM = """
#include <stdio.h>
#include <stddef.h>
struct a { char c; long long x; short s; };
struct b { char c; double d; };
struct c { _Bool flag; char c[0 + 1]; int i; };
struct d { short s; char c; };
struct e { long l; char c; float f; unsigned long long u; };
int main(void) {
  printf("%zu %zu %zu %zu\\n", sizeof(struct a), offsetof(struct a, x), offsetof(struct a, s), _Alignof(struct a));
  printf("%zu %zu\\n", sizeof(struct b), offsetof(struct b, d));
  printf("%zu %zu\\n", sizeof(struct d), offsetof(struct d, c));
  printf("%zu %zu %zu %zu\\n", sizeof(struct e), offsetof(struct e, c), offsetof(struct e, f), offsetof(struct e, u));
  return 0;
}
"""


@pytest.mark.parametrize("model", ["ILP32", "LP64"])
def test_struct_layout_is_gccs(tmp_path, model):
    """sizeof, offsetof and alignment of structs as gcc lays them out in each data model
    (i386: long long and double 4-aligned in structs)."""
    from validator.semantics.c_types import DataModel
    source = tmp_path / "layout.c"
    source.write_text(LAYOUT_PROGRAM)
    binary = tmp_path / "layout"
    subprocess.run(["gcc", "-m32" if model == "ILP32" else "-m64", str(source), "-o", str(binary)],
                   check=True)
    gcc = [list(map(int, line.split())) for line in
           subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout.split("\n")
           if line]
    d = DataModel(model)
    t = d.types
    float_types = {"float": 32, "double": 64}
    from validator.semantics.c_types import FloatType
    double = FloatType("double", 11, 53)
    fl = FloatType("float", 8, 24)
    a = d.layout("a", [("c", t["char"]), ("x", t["long long"]), ("s", t["short"])])
    b = d.layout("b", [("c", t["char"]), ("d", double)])
    dd = d.layout("d", [("s", t["short"]), ("c", t["char"])])
    e = d.layout("e", [("l", t["long"]), ("c", t["char"]), ("f", fl), ("u", t["unsigned long long"])])
    ours = [[a.size, d.offsets(a)["x"], d.offsets(a)["s"], a.align],
            [b.size, d.offsets(b)["d"]],
            [dd.size, d.offsets(dd)["c"]],
            [e.size, d.offsets(e)["c"], d.offsets(e)["f"], d.offsets(e)["u"]]]
    assert ours == gcc, float_types
