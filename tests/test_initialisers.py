"""`initialisers.initialised_subobjects` alone: the subobjects an initialiser list sets, read
as C11 6.7.9 says (the end-to-end programs with gcc ground truth are in
`test_adversarial_struct_members.py`)."""
from __future__ import annotations

import pytest
from pycparser import c_parser

from validator.semantics.c_types import ArrayType, DataModel, StructType, Unsupported
from validator.semantics.cfa.initialisers import initialised_subobjects

INT = DataModel("ILP32").types["int"]
A = StructType("A", (("x", INT), ("y", INT)), 8, 4)
B = StructType("B", (("items", ArrayType(A, (2,))), ("n", INT)), 20, 4)


def subobjects(ctype, text: str) -> list:
    """(path, the initialiser's text) of `T v = text;` for a declaration of type ctype."""
    decl = c_parser.CParser().parse(f"int v[] = {text};").ext[0]
    found = initialised_subobjects(ctype, decl.init, 1, lambda node: int(node.value),
                                   lambda node: A if getattr(node, "name", "") == "s" else None)
    return [(item.path, getattr(item.expr, "value", getattr(item.expr, "name", None)))
            for item in found]


def test_designators_continue_and_override():
    assert subobjects(ArrayType(INT, (6,)), "{[4] = 1, 2, [1] = 3, [4] = 7}") == \
        [((5,), "2"), ((1,), "3"), ((4,), "7")]


def test_brace_elision_fills_structs_in_order():
    assert subobjects(ArrayType(A, (3,)), "{1, 2, 3}") == \
        [((0, "x"), "1"), ((0, "y"), "2"), ((1, "x"), "3")]
    assert subobjects(B, "{1, 2, 3, .n = 9}") == \
        [((("items", 0, "x")), "1"), (("items", 0, "y"), "2"), (("items", 1, "x"), "3"),
         (("n",), "9")]


def test_nested_designator_goes_on_at_its_depth():
    assert subobjects(B, "{.items[1].y = 4, 5}") == [(("items", 1, "y"), "4"), (("n",), "5")]
    assert subobjects(B, "{.items[0] = {1}, 6}") == [(("items", 0, "x"), "1"),
                                                     (("items", 1, "x"), "6")]


def test_a_struct_expression_is_an_element_not_brace_elision():
    assert subobjects(ArrayType(A, (2,)), "{s, 1}") == [((0,), "s"), ((1, "x"), "1")]


@pytest.mark.parametrize("text, reason", [
    ("{[0] = f(), [0] = 1}", "overridden initialiser that is not a constant"),
    ("{[1].x = 1 / 0, [1].x = 1}", "overridden initialiser that is not a constant"),
    ("{s, [0].x = 1}", "initialised as a whole"),
    ("{[0].y = 1, [0] = {2}}", "braced initialiser"),
    ("{1, 2, 3, 4, 5}", "too many"),
    ("{[2] = 1}", "outside the array"),
    ("{[0].z = 1}", "no member"),
])
def test_what_is_not_modelled_is_unsupported(text, reason):
    with pytest.raises(Unsupported, match=reason):
        subobjects(ArrayType(A, (2,)), text)


def test_a_string_literal_initialises_a_character_array_as_a_whole():
    char = DataModel("ILP32").types["char"]
    named = StructType("N", (("name", ArrayType(char, (4,))), ("v", INT)), 8, 4)
    found = initialised_subobjects(named, c_parser.CParser().parse(
        'int v[] = {{"ab"}, 1};').ext[0].init, 1, None, lambda node: None)
    assert [(item.path, item.type) for item in found] == [(("name",), ArrayType(char, (4,))),
                                                          (("v",), INT)]
    with pytest.raises(Unsupported, match="initialised as a whole"):
        initialised_subobjects(named, c_parser.CParser().parse(
            'int v[] = {.name = "ab", .name[1] = 1};').ext[0].init, 1,
            lambda node: int(node.value), lambda node: None)


U = DataModel("ILP32").union_layout("U", [("i", INT), ("c", ArrayType(INT, (2,)))])
C = StructType("C", (("x", INT), ("u", U), ("y", INT)), 16, 4)


def test_a_union_member_is_one_subobject():
    """A union member takes its braced list (or an expression) as a whole; `unions.py` gives
    its first member the value."""
    found = initialised_subobjects(C, c_parser.CParser().parse(
        "int v[] = {1, {2}, .y = 3};").ext[0].init, 1, lambda node: int(node.value),
        lambda node: None)
    assert [(item.path, item.type) for item in found] == \
        [(("x",), INT), (("u",), U), (("y",), INT)]


@pytest.mark.parametrize("text", ["{.u.i = 1}", "{.u.c[1] = 1}"])
def test_a_designator_into_a_union_member_is_not_modelled(text):
    with pytest.raises(Unsupported, match="designator into the union member 'u'"):
        subobjects(C, text)
