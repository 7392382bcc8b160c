"""`parse_invariants` (many texts in one pycparser call) gives what `parse_invariant` gives
alone: the same trees with the same coordinates, the same reasons for what does not parse."""
from __future__ import annotations

import re
from pathlib import Path

from instrument.expressions import UnsupportedInvariant, parse_invariant, parse_invariants

ROOT = Path(__file__).resolve().parents[1]
TYPEDEFS = {"myint", "size_t", "u8"}
TEXTS = [
    "a == 0", "x <= 10 && y >= -1", "(long long )x + 1 <= 2147483647LL", "(myint)x == y",
    "(unsigned char)c < 256U", "a ==\n  b + 1", "a[i] != 0 || p->f == q.g", "x ? y : z",
    "sizeof(myint) == 4", "-x < ~y", "a, b", "size_t", "4294967295U == (u8)k",
    "a\n==\nb && (c\n|| d)", "  spaced  ==  out  ", "i % 2 == 0 && i / 2 >= 0",
    # what does not parse, or is not C
    "", "a ==", "a) + (b", "x == 1); return (2", "\\result == 0", "a ==> b", "f(x {",
    "x == 'a'", "s == \"str\"", "a /* c */ == 1", "a // c\n == 1", "#define X 1\nX",
    "a \\\n == 1", "(a", "a)", "int x", "{ 1; }", "({ int t = 1; t; }) == 1",
]


def _dump(node) -> str:
    """The whole tree, every attribute and coordinate."""
    if isinstance(node, UnsupportedInvariant):
        return f"unsupported: {node}"
    parts = [type(node).__name__, str(getattr(node, "coord", None))]
    for name in getattr(node, "attr_names", ()):
        parts.append(f"{name}={getattr(node, name)!r}")
    for name, child in node.children():
        parts.append(f"{name}: {_dump(child)}")
    return "(" + " ".join(parts) + ")"


def _alone(text: str, typedefs) -> str:
    try:
        return _dump(parse_invariant(text, typedefs))
    except UnsupportedInvariant as e:
        return _dump(e)


def test_together_as_alone() -> None:
    together = parse_invariants(TEXTS, TYPEDEFS)
    assert [_dump(r) for r in together] == [_alone(t, TYPEDEFS) for t in TEXTS]


def test_each_bad_text_in_a_part_of_good_ones() -> None:
    good = ["a == %d" % k for k in range(20)]
    for bad in ("a ==", "(a", "a)", "x == 1); return (2", "int x"):
        texts = good[:7] + [bad] + good[7:]
        assert [_dump(r) for r in parse_invariants(texts, TYPEDEFS)] == \
            [_alone(t, TYPEDEFS) for t in texts]


def test_parts_and_checks() -> None:
    texts = ["a == %d" % k for k in range(1203)]
    calls = []
    results = parse_invariants(texts, set(), check=lambda: calls.append(1))
    assert len(calls) == 3
    assert [_dump(r) for r in results] == [_alone(t, set()) for t in texts]


def test_witness_values_of_the_repository() -> None:
    """Every invariant text of the repository's YAML witnesses (as written, quotes and all
    escapes left to YAML: a sample of real shapes)."""
    texts = []
    paths = sorted(ROOT.glob("tests/witness_suite/**/*.yml")) + \
        sorted(ROOT.glob("sv-benchmarks-sample/**/*.yml")) + sorted(ROOT.glob("tests/data/**/*.yml"))
    for path in paths:
        for match in re.finditer(r'^\s*(?:value|string):\s*"(.*)"\s*$',
                                 path.read_text(errors="replace"), re.MULTILINE):
            texts.append(match.group(1).replace('\\"', '"'))
    texts = texts[:3000]
    assert len(texts) > 100
    assert [_dump(r) for r in parse_invariants(texts, TYPEDEFS)] == \
        [_alone(t, TYPEDEFS) for t in texts]
