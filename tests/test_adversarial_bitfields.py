"""Adversarial tests of issue 16: bit-fields with GCC's meaning and layout (i386 and x86-64).

Each program under `data/adversarial/bitfields/` is one way a careless model of bit-fields
would give a wrong verdict: no wrap-around at the store (`s.f = 9` keeps 9 in 3 bits), a
signed bit-field's out-of-range store read as undefined behaviour (GCC reduces it modulo 2^w),
the increment of a signed bit-field done in the bit-field's width (an overflow where C computes
in int), promotions (`unsigned u : 3` promotes to int, `unsigned u : 32` to unsigned int; GCC
computes with a narrow `long long` bit-field in int, a 32-bit one in a 32-bit type), an
initialiser list that gives a value to an unnamed bit-field, layouts that ignore storage units
or zero-width bit-fields, and the byte views (`memset`, `memcpy`) that are not modelled.  The
ground truth comes from gcc (`gt_driver`: UBSan on, every report fatal) with `-m32` and
`-m64`, per data model: the marks a run prints on given inputs, cut at the first undefined
behaviour (`ub...`).  The validator's verdict in each data model must be the one the runs
justify; where the construct is not modelled, `unknown` with a reason naming it.
"""
from __future__ import annotations

import json
import random
import subprocess

import pytest

import gt_driver
from adversarial_suite import FALSE, Case, ProgramSuite
from conftest import DATA, invariant_set, position, validate_with_report

PROGRAMS = DATA / "adversarial" / "bitfields"
MODELS = {"ILP32": "-m32", "LP64": "-m64"}


OVERFLOW = "overflow"
CASES = {
    "wrap_unsigned_assign": Case(FALSE, (([9], ["error"]), ([1], []), ([8], []))),
    "wrap_unsigned_range": Case("true", (([8], []), ([-1], []), ([1000], []))),
    "wrap_signed_assign": Case(FALSE, (([4], ["error"]), ([-4], []), ([12], []))),
    "wrap_signed_range": Case("true", (([4], []), ([-5], []), ([2147483647], []))),
    "promotion_to_int": Case(FALSE, (([0], ["error"]), ([7], ["error"]))),
    "promotion_32_unsigned": Case("true", (([0], []), ([-1], []))),
    "compare_31_and_32": Case("true", (([0], []), ([-1], []), ([5], []))),
    "compare_31_and_31": Case(FALSE, (([0], ["error"]), ([5], ["error"]))),
    "increment_wraps": Case("true", (([], []),)),
    "increment_wraps_input": Case(FALSE, (([3], ["error"]), ([2], []), ([-4], []))),
    "increment_31_unsigned_overflow": Case("unknown", (([2147483647], ["ub:overflow"]),
                                                       ([2147483646], [])), "signed overflow"),
    "increment_31_unsigned_values": Case(FALSE, (([2147483646], ["error"]),
                                                 ([2147483645], []))),
    "overflow_in_int": Case("unknown", (([1], ["ub:overflow"]), ([0], []), ([-4], [])),
                            OVERFLOW),
    "long_long_32_overflow": Case("unknown", (([2147483647], ["ub:overflow"]), ([4], []),
                                              ([-2147483647 - 1], [])), OVERFLOW),
    "compound_multiply_overflow": Case("unknown", (([], ["ub:overflow"]),), OVERFLOW),
    "signed_one_bit": Case("true", (([1], []), ([0], []), ([-1], []))),
    "shift_promoted": Case("unknown", (([4], ["ub:shift"]), ([3], []), ([1], [])), OVERFLOW),
    "float_conversion": Case("unknown", (([7], []), ([8], ["ub:float-conversion"]), ([-1], []),
                                         ([-2], ["ub:float-conversion"])), "floating value"),
    "long_long_narrow": Case(FALSE, (([17], ["error"]), ([-15], ["error"]), ([15], []))),
    "loop_bound": Case("true", (([20], []), ([15], []), ([-1], []))),
    "assignment_value": Case(FALSE, (([9], ["error"]), ([1], []))),
    "increment_values": Case(FALSE, (([3], ["error"]), ([2], []))),
    "compound_assign_wraps": Case(FALSE, (([0], ["error"]), ([1], []))),
    "bool_bitfield": Case(FALSE, (([2], ["error"]), ([0], []), ([1], []))),
    "char_bitfield": Case(FALSE, (([5], ["error"]), ([-3], ["error"]), ([-2], []))),
    "enum_bitfields": Case(FALSE, (([3], ["error"]), ([1], []))),
    "initialiser_unnamed": Case("true", (([], []),)),
    "initialiser_wraps": Case(FALSE, (([0], ["error"]), ([1], []))),
    "zero_initialiser": Case("true", (([], []),)),
    "struct_copy": Case(FALSE, (([6], ["error"]), ([5], []))),
    "through_pointer": Case(FALSE, (([12], ["error"]), ([3], []))),
    "through_pointer_increment": Case(FALSE, (([3], ["error"]), ([2], []))),
    "array_of_structs": Case("true", (([0, 9], []), ([2, -1], []))),
    "heap_struct": Case(FALSE, (([9], ["error"]), ([2], []))),
    "uninitialised_member": Case("unknown", (([], ["ub:uninitialised"]),),
                                 "read of uninitialised"),
    "memset_bytes": Case("unknown", (([], ["error"]),), "memset"),
    "memcpy_bytes": Case("unknown", (([], ["error"]),), "memcpy"),
    "layout_zero_width": Case("true", (([], []),), lp64=(FALSE, (([], ["error"]),))),
    "layout_units": Case("true", (([], []),)),
    "layout_long_long": Case("true", (([], []),), lp64=(FALSE, (([], ["error"]),))),
    "sizeof_bitfield_expression": Case("unknown", (([], ["error"]),), "sizeof"),
    "wide_bitfield": Case("unknown", (([], ["error"]),), "40 bits"),
    "ms_struct_layout": Case("unknown", (([], ["error"]),), "ms_struct"),
    "ms_struct_double": Case("unknown", (([], ["error"]),), "ms_struct"),
    "recursion_summary": Case("true", (([0], []), ([5], []), ([100], []))),
    "recursion_wraps": Case(FALSE, (([4], ["error"]), ([3], []), ([12], ["error"]))),
    "witness_loop": Case("true", (([0], []), ([3], []), ([9], []), ([20], []))),
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
    """Whatever the engines: the undefined behaviour or the construct stays open."""
    SUITE.check_never_true(cli, ws, prp, name, engines)


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items()
                                        if case.verdict == "true"))
def test_true_from_the_encoding(cli, ws, prp, name):
    """The proofs come from the z3 engines too, not only from running the program (native
    execution and the interpreter prove a program that reads no input)."""
    result, report = validate(cli, ws, prp, name, "--engines", "houdini,bmc,kinduction,chc")
    assert result == "true", report.get("reason")


def test_the_cases_are_the_programs():
    SUITE.check_cases_are_programs()


# ------------------------------------------------------------------ witnesses
WITNESS_PROGRAM = "witness_loop"
WITNESSES = {
    # holds only with the wrap-around of s.i at the store (4 increments from 0 give -4)
    "holds": ("0 <= k && k <= s.n && s.n <= 15 && -4 <= s.i && s.i <= 3", True),
    "holds-wrapped": ("s.i == (k % 8 < 4 ? k % 8 : k % 8 - 8)", True),
    # a model without the wrap-around confirms it
    "fails": ("s.i == k", False),
    # the promotion: s.n - 16 is an int, always negative
    "fails-unsigned": ("s.n - 16 >= 0 || k < 0", False),
}


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_witness_ground_truth(tmp_path, name, model):
    """gcc agrees: the invariant, evaluated before each evaluation of the loop condition, holds
    on every run, or some run breaks it."""
    invariant, valid = WITNESSES[name]
    text = (PROGRAMS / f"{WITNESS_PROGRAM}.c").read_text()
    checked = text.replace("while (", f"while (__gt_invariant({invariant}), ", 1)
    checked = checked.replace("int main(void) {", "void __gt_invariant(int holds) {\n"
                              "  if (!holds) { /*MARK:invariant-false*/ }\n}\nint main(void) {")
    built = gt_driver.build(checked, tmp_path, ["-O0", MODELS[model]])
    assert built.returncode == 0, built.stderr
    marks = [mark for values, _ in CASES[WITNESS_PROGRAM].runs
             for mark in gt_driver.marks(tmp_path / "program", values, timeout=10)]
    assert set(marks) <= {"invariant-false"}, marks
    assert (marks == []) == valid, marks


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_witness(cli, ws, prp, name, model):
    """The invariant that holds is confirmed, the others rejected."""
    invariant, valid = WITNESSES[name]
    text = (PROGRAMS / f"{WITNESS_PROGRAM}.c").read_text()
    line, column = position(text, "while (")
    program = ws.write("prog.c", text)
    witness = ws.write("witness.yml",
                       invariant_set([("loop_invariant", line, column, invariant)]))
    report = ws.dir / "report.json"
    run = cli("--witness", witness, program, "--spec", prp, "--report-json", report,
              "--timeout", "30", "--data-model", model)
    found = json.loads(report.read_text())
    assert run.result == ("true" if valid else FALSE), found.get("reason")
    assert [inv["status"] for inv in found["invariants"]] == \
        ["confirmed" if valid else "rejected"]


# ------------------------------------------------------------------ programs gcc rejects
REJECTED = {
    "address": "struct S { unsigned f : 3; } s; int main(void) { unsigned *p = &s.f; "
               "return *p; }",
    "address_through_pointer": "struct S { unsigned f : 3; } s; int main(void) { "
                               "struct S *q = &s; unsigned *p = &q->f; return *p; }",
    "sizeof": "struct S { unsigned f : 3; } s; int main(void) { return sizeof(s.f) == 1; }",
    "sizeof_through_pointer": "struct S { unsigned f : 3; } s; int main(void) { "
                              "struct S *q = &s; return sizeof q->f; }",
    "too_wide": "struct S { char c : 9; } s; int main(void) { s.c = 1; return s.c; }",
    "bool_too_wide": "struct S { _Bool b : 2; } s; int main(void) { s.b = 1; return s.b; }",
    "named_zero_width": "struct S { int f : 0; int g; } s; int main(void) { return s.g; }",
    "negative_width": "struct S { int f : -1; } s; int main(void) { return s.f; }",
    "floating": "struct S { double d : 3; } s; int main(void) { return s.d; }",
    "auto_type": "struct S { unsigned f : 3; } s; int main(void) { __auto_type v = s.f; "
                 "return v; }",
}


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_gcc_rejects(tmp_path, name):
    source = tmp_path / "prog.c"
    source.write_text(REJECTED[name])
    built = subprocess.run(["gcc", "-fsyntax-only", str(source)], capture_output=True,
                           text=True)
    assert built.returncode != 0, name


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_rejected_programs_are_never_decided(cli, ws, prp, name):
    run, report = validate_with_report(cli, ws, prp, REJECTED[name], ())
    assert run.result == "unknown" or run.result.startswith("ERROR"), report.get("reason")


# ------------------------------------------------------------------ layout
# (declared type, width or None) per member; None as the name: unnamed
FIXED_LAYOUTS = [
    [("a", "char", None), (None, "int", 0), ("b", "char", None)],
    [("a", "char", None), (None, "long long", 0), ("b", "char", None)],
    [("a", "char", None), ("b", "int", 8)],
    [("a", "int", 3)],
    [("c", "char", None), ("a", "unsigned int", 30), ("b", "unsigned int", 3)],
    [("c", "char", None), (None, "int", 5), ("d", "char", None)],
    [("s", "short", 9), ("c", "char", None), ("x", "long long", 1)],
    [("c", "char", None), ("b", "_Bool", 1)],
    [("c1", "char", None), ("c2", "char", None), (None, "short", 0), ("c3", "char", None)],
    [("c", "char", None), ("q", "long long", 31), ("r", "long long", 31), ("t", "long long", 10)],
    [("a", "unsigned int", 4), ("b", "unsigned int", 4), ("c", "unsigned char", None)],
    [("d", "double", None), ("f", "int", 1), ("g", "char", None)],
    [("a", "long", 20), ("b", "long", 20), ("c", "long", 30)],
    [("a", "unsigned char", 7), ("b", "unsigned char", 2), ("c", "short", 15), ("d", "int", 32)],
    [("a", "char[3]", None), ("f", "int", 9), ("g", "short", 8), ("d", "double[2]", None)],
]
LAYOUT_TYPES = ["char", "unsigned char", "short", "unsigned short", "int", "unsigned int", "long",
                "unsigned long", "long long", "unsigned long long", "_Bool", "double"]
ARRAY_MEMBERS = {"char[3]": ("char", 3), "short[3]": ("short", 3), "double[2]": ("double", 2)}


def _random_layouts(count: int, seed: int) -> list:
    chooser = random.Random(seed)
    layouts = []
    for _ in range(count):
        members = []
        for index in range(chooser.randint(1, 7)):
            ctype = chooser.choice(LAYOUT_TYPES + list(ARRAY_MEMBERS))
            bits = {"char": 8, "short": 16, "_Bool": 1, "double": 0}.get(
                ctype.replace("unsigned ", ""), 32)
            if ctype == "double" or ctype in ARRAY_MEMBERS or chooser.random() < 0.3:
                members.append((f"m{index}", ctype, None))
            else:
                width = chooser.randint(0, bits)
                named = width > 0 and chooser.random() < 0.85
                members.append((f"m{index}" if named else None, ctype, width))
        if all(name is None for name, _, _ in members):
            members.append(("last", "char", None))
        layouts.append(members)
    return layouts


def _layout_program(layouts: list) -> str:
    lines = ["#include <stdio.h>", "#include <stddef.h>", "#include <string.h>",
             "static long first_bit(const unsigned char *p, size_t n) {",
             "  for (size_t i = 0; i < n * 8; i++) if (p[i / 8] >> (i % 8) & 1) return (long)i;",
             "  return -1;", "}"]
    for number, members in enumerate(layouts):
        body = " ".join(f"{ARRAY_MEMBERS[ctype][0]} {name}[{ARRAY_MEMBERS[ctype][1]}];"
                        if ctype in ARRAY_MEMBERS else
                        f"{ctype} {name or ''}{'' if width is None else f' : {width}'};"
                        for name, ctype, width in members)
        lines.append(f"struct S{number} {{ {body} }};")
    lines.append("int main(void) {")
    for number, members in enumerate(layouts):
        lines.append(f"  {{ struct S{number} s; printf(\"%zu %zu\", sizeof s, _Alignof(struct "
                     f"S{number}));")
        for name, ctype, width in members:
            if name is None:
                continue
            if width is None:
                lines.append(f"  printf(\" %zu\", 8 * offsetof(struct S{number}, {name}));")
            else:
                lines.append(f"  memset(&s, 0, sizeof s); s.{name} = -1; "
                             f"printf(\" %ld\", first_bit((unsigned char *)&s, sizeof s));")
        lines.append('  printf("\\n"); }')
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def _our_layout(model: str, members: list) -> list:
    from validator.semantics.c_types import DOUBLE, ArrayType, DataModel
    from validator.semantics.cfa.bitfields import Field, bit_offsets, gcc_layout
    data_model = DataModel(model)

    def resolve(ctype: str):
        if ctype in ARRAY_MEMBERS:
            element, size = ARRAY_MEMBERS[ctype]
            return ArrayType(resolve(element), (size,))
        return DOUBLE if ctype == "double" else data_model.types[ctype]
    fields = [Field(name, resolve(ctype), width) for name, ctype, width in members]
    laid_out = gcc_layout(data_model, "S", fields)
    offsets = bit_offsets(data_model, fields)
    return [laid_out.size, laid_out.align] + [offsets[name] for name, _, _ in members if name]


@pytest.mark.parametrize("model", sorted(MODELS))
def test_layout_is_gccs(tmp_path, model):
    """sizeof, alignment and the bit offset of every member (ordinary ones by offsetof,
    bit-fields by the first bit set when the member is all ones) of fixed and random structs
    with bit-fields, as gcc lays them out in each data model."""
    layouts = FIXED_LAYOUTS + _random_layouts(150, seed=16)
    source = tmp_path / "layout.c"
    source.write_text(_layout_program(layouts))
    binary = tmp_path / "layout"
    subprocess.run(["gcc", "-w", MODELS[model], str(source), "-o", str(binary)], check=True)
    printed = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
    gcc = [list(map(int, line.split())) for line in printed.splitlines()]
    assert len(gcc) == len(layouts)
    for members, theirs in zip(layouts, gcc):
        assert _our_layout(model, members) == theirs, members
