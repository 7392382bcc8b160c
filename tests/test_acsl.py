"""The ACSL subset of function contracts (`instrument/acsl.py`): precedence as ACSL's table,
chained relations as conjunctions, `\\old`/`\\at` marking the leaves they read, and a clear
`AcslUnsupported` for everything outside the subset."""
from __future__ import annotations

import pytest

from instrument.acsl import AcslUnsupported, parse_acsl, to_c


def _c(text: str) -> str:
    return to_c(parse_acsl(text), lambda leaf: getattr(leaf, "name", "R")
                + ("@pre" if getattr(leaf, "old", False) else ""))


@pytest.mark.parametrize("text, c_text", [
    ("a ==> b ==> c", "(!a || (!b || c))"),
    ("a <==> b ==> c", "(!a == !(!b || c))"),
    ("a || b && c", "(a || (b && c))"),
    ("0 <= x < n", "((0LL <= x) && (x < n))"),
    ("x == y == z", "((x == y) && (y == z))"),
    ("\\old(x) + \\at(y, Pre) - \\at(z, Old)", "((x@pre + y@pre) - z@pre)"),
    ("\\true && !\\false", "(1LL && (!0LL))"),
    ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
    ("a ^^ b", "(!a != !b)"),
    ("x & 1 == 1", "(x & (1LL == 1LL))"),
    ("'a' + 0x10 + 010", "((97LL + 16LL) + 8LL)"),
    ("-x * 2", "((-x) * 2LL)"),
    ("a - b - c", "((a - b) - c)"),
    ("a / b * c % d", "(((a / b) * c) % d)"),
    ("x << 1 < y", "((x << 1LL) < y)"),
    ("\\result == \\old(x + 1)", "(R == (x@pre + 1LL))"),
])
def test_acsl_to_c(text: str, c_text: str) -> None:
    assert _c(text) == c_text


@pytest.mark.parametrize("text", ["\\exists int i; i > 0", "x->y", "a[1]", "*p", "x++",
                                  "\\at(x, L1)", "x --> y", "\\separated(p, q)", "", "(x",
                                  "sizeof(int)", "x = 1", "08", "(integer)-x", "(" * 5000 + "x"])
def test_acsl_unsupported(text: str) -> None:
    with pytest.raises(AcslUnsupported):
        parse_acsl(text)
