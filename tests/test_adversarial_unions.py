"""Adversarial tests of issue 16's unions (`semantics/cfa/unions.py`).

Each program under `data/adversarial/unions/` is one way a careless model of unions would give
a wrong verdict: members as separate cells (type punning reads a cell never written), a short
write that clears the int's upper bytes, a big-endian or signed reading of the bytes, a tag
check that is trusted, an initialiser or `{0}` that claims every byte, a copy that aliases, a
layout that ignores i386's 4-aligned `long long`, pointer and float punning guessed.  The
ground truth comes from gcc (`gt_driver`: UBSan on, every report fatal) with `-m32` and
`-m64`: the marks a run prints on given inputs, cut at the first undefined behaviour
(`ub...`, marked by hand where no sanitizer sees it: uninitialised reads, an index past a
member array inside the union's bytes).
"""
from __future__ import annotations

import subprocess

import pytest

from adversarial_suite import FALSE, Case, ProgramSuite
from conftest import DATA, position, validate_with_report
from test_adversarial_structs import MODELS, UNINITIALISED

PROGRAMS = DATA / "adversarial" / "unions"
NOT_MODELLED_BYTES = "its bytes are not modelled"
CASES = {
    "pun_int_bytes": Case(FALSE, (([0], ["error"]), ([1], []))),
    "pun_bytes_int": Case(FALSE, (([9], ["error"]), ([8], []))),
    "pun_int_short": Case("true", (([5], []), ([-1], []), ([0x12345678], []), ([-70000], []))),
    "short_write_keeps_upper": Case(FALSE, (([0x3333], ["error"]), ([0x3334], []))),
    "short_write_upper_unwritten": Case("unknown", (([], ["ub:uninitialised"]),),
                                        UNINITIALISED),
    "signed_unsigned_same_width": Case(FALSE, (([-1], ["error"]), ([-5], []), ([7], []))),
    "float_as_int": Case("unknown", (([], ["error"]),), NOT_MODELLED_BYTES),
    "pointer_member": Case("unknown", (([], ["error"]),), NOT_MODELLED_BYTES),
    "tagged_wrong_tag": Case(FALSE, (([1], ["error"]), ([0], []))),
    "tagged_right_tag": Case("true", (([5], []), ([0], []), ([-3], []))),
    "array_of_unions": Case(FALSE, (([1], ["error"]), ([0], []), ([2], []))),
    "struct_in_union": Case(FALSE, (([0], ["error"]), ([1], []))),
    "sizeof_padding": Case(FALSE, (([], ["error"]),), lp64=("true", (([], []),))),
    "initialiser_first_member": Case(FALSE, (([1], ["error"]), ([0], []))),
    "initialiser_zero_small_first": Case("unknown", (([], ["ub:uninitialised"]),),
                                         UNINITIALISED),
    "static_zero": Case("true", (([5], []), ([-1], []), ([200], []))),
    "copy_union": Case("true", (([3], []), ([-1], []), ([255], []))),
    "copy_unwritten_bytes": Case("unknown", (([6], ["error"]), ([5], [])),
                                 "copy of a union with unwritten bytes"),
    "member_array_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], []), ([0], [])),
                              "out of bounds"),
    "pointer_to_union": Case(FALSE, (([0], ["error"]), ([1], []))),
    "union_by_value": Case("unknown", (([0], ["error"]), ([1], [])),
                           "where only its members are modelled"),
    "bool_from_byte": Case("unknown", (([], ["ubsan"]),), "_Bool member of a union read"),
    "bool_from_byte_one": Case(FALSE, (([1], ["error"]), ([0], ["error"]), ([-4], ["error"]))),
    "index_read_from_union": Case(FALSE, (([1], ["error"]), ([0], []))),
    "increment_member": Case(FALSE, (([0], ["error"]), ([1], []))),
    "long_long_halves": Case(FALSE, (([7], ["error"]), ([8], []), ([-2147483648], []))),
    "signed_char_byte": Case(FALSE, (([-1], ["error"]), ([255], ["error"]), ([1], []))),
    "struct_copy_with_union": Case("true", (([5], []), ([-1], []), ([0], []))),
    "union_member_copy": Case(FALSE, (([1], ["error"]), ([0], []))),
    "aos_union_member": Case(FALSE, (([1], ["error"]), ([0], []))),
    "nested_union": Case(FALSE, (([0], ["error"]), ([1], []))),
    "array_of_unions_zero": Case("true", (([0], []), ([2], []))),
    "bytes_in_loop": Case(FALSE, (([3], ["error"]), ([2], []))),
    "tag_then_other_member_unwritten": Case(FALSE, (([1], ["error"]),
                                                    ([0], ["ub:uninitialised"]))),
    "ptr_union_array": Case(FALSE, (([1], ["error"]), ([0], []))),
    "ptr_union_member_past": Case("unknown", (([2], ["ub:out-of-bounds"]), ([1], []), ([0], [])),
                                  "out of bounds"),
    "ptr_struct_union_member": Case(FALSE, (([0], ["error"]), ([1], []))),
    "ptr_union_two_objects": Case(FALSE, (([5], ["error"]), ([0], []), ([1], []))),
    "ptr_union_unwritten": Case("unknown", (([], ["ub:uninitialised"]),), UNINITIALISED),
    "ptr_union_whole": Case("unknown", (([0], ["error"]), ([1], [])),
                            "union used as a whole through a pointer"),
    "ptr_union_exactly_one": Case("true", (([1], []), ([0], []))),
    "ptr_union_loop": Case("true", (([0], []), ([1], []), ([2], []))),
    "ptr_union_dangling": Case("unknown", (([1], ["ub:dangling"]),), "invalid dereference"),
    "ptr_union_parameter": Case(FALSE, (([7], ["error"]), ([8], []))),
    "heap_struct_union_member": Case(FALSE, (([0], ["error"]), ([1], []))),
    "heap_union": Case(FALSE, (([0], ["error"]), ([1], []))),
    "heap_union_calloc": Case("true", (([0], []), ([2], []), ([1], []))),
    "heap_union_after_free": Case("unknown", (([0], ["ub:use-after-free"]),),
                                  "invalid dereference"),
    "struct_bitfields_in_union": Case("unknown", (([0], ["error"]), ([1], [])),
                                      "struct with bit-fields inside a union"),
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
    """Whatever the engines: what is undefined or not modelled stays open."""
    SUITE.check_never_true(cli, ws, prp, name, engines)


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()


LAYOUT_PROGRAM = """
#include <stdio.h>
#include <stddef.h>
union u1 { char c[5]; int i; };
union u2 { char c; long long x; };
union u3 { short s[3]; struct { char a; int b; } st; };
struct s1 { char c; union u2 u; short t; };
struct s2 { char c; union u1 u[2]; char d; };
union u4 { union u1 a; union u2 b; char c[13]; };
int main(void) {
  printf("%zu %zu\\n", sizeof(union u1), _Alignof(union u1));
  printf("%zu %zu\\n", sizeof(union u2), _Alignof(union u2));
  printf("%zu %zu\\n", sizeof(union u3), _Alignof(union u3));
  printf("%zu %zu %zu %zu\\n", sizeof(struct s1), offsetof(struct s1, u), offsetof(struct s1, t), _Alignof(struct s1));
  printf("%zu %zu %zu\\n", sizeof(struct s2), offsetof(struct s2, u), offsetof(struct s2, d));
  printf("%zu %zu\\n", sizeof(union u4), _Alignof(union u4));
  return 0;
}
"""


@pytest.mark.parametrize("model", sorted(MODELS))
def test_union_layout_is_gccs(tmp_path, model):
    """sizeof and alignment of unions (the largest member rounded up to the largest
    alignment), and offsets in structs that hold unions, as gcc lays them out."""
    from validator.semantics.c_types import ArrayType, DataModel
    source = tmp_path / "layout.c"
    source.write_text(LAYOUT_PROGRAM)
    binary = tmp_path / "layout"
    subprocess.run(["gcc", MODELS[model], str(source), "-o", str(binary)], check=True)
    gcc = [list(map(int, line.split())) for line in
           subprocess.run([str(binary)], capture_output=True, text=True,
                          check=True).stdout.split("\n") if line]
    d = DataModel(model)
    t = d.types
    u1 = d.union_layout("u1", [("c", ArrayType(t["char"], (5,))), ("i", t["int"])])
    u2 = d.union_layout("u2", [("c", t["char"]), ("x", t["long long"])])
    st = d.layout("st", [("a", t["char"]), ("b", t["int"])])
    u3 = d.union_layout("u3", [("s", ArrayType(t["short"], (3,))), ("st", st)])
    s1 = d.layout("s1", [("c", t["char"]), ("u", u2), ("t", t["short"])])
    s2 = d.layout("s2", [("c", t["char"]), ("u", ArrayType(u1, (2,))), ("d", t["char"])])
    u4 = d.union_layout("u4", [("a", u1), ("b", u2), ("c", ArrayType(t["char"], (13,)))])
    off1, off2 = d.offsets(s1), d.offsets(s2)
    ours = [[u1.size, u1.align], [u2.size, u2.align], [u3.size, u3.align],
            [s1.size, off1["u"], off1["t"], s1.align], [s2.size, off2["u"], off2["d"]],
            [u4.size, u4.align]]
    assert ours == gcc


WITNESS_PROGRAM = """extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
union word { int i; unsigned char c[4]; };
int main(void) {
  union word u;
  u.i = 7;
  int n = __VERIFIER_nondet_int();
  while (n > 0 && u.i < 100) {
    n--;
    u.i++;
  }
  if (u.i > 100) reach_error();
  return 0;
}
"""


@pytest.mark.parametrize("value, status", [("7 <= u.i && u.i <= 100", "confirmed"),
                                           ("u.c[1] == 0 && u.c[0] <= 100", "confirmed"),
                                           ("u.c[0] == 7", "rejected")])
def test_invariants_over_union_members(cli, ws, prp, value, status):
    """A loop invariant reads the members of a union (its bytes) as the program does."""
    line, column = position(WITNESS_PROGRAM, "while")
    _, report = validate_with_report(cli, ws, prp, WITNESS_PROGRAM,
                                     [("loop_invariant", line, column, value)])
    assert report["invariants"][0]["status"] == status, report["invariants"][0].get("reason")
