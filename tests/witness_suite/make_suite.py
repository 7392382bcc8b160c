"""Generate our own witness suite for the expected-true tasks of the shared corpus.

Run `.venv/bin/python tests/witness_suite/make_suite.py` from the project root; it (re)writes
`tests/witness_suite/<category>/<task>.<kind>[-N].yml` and `tests/witness_suite/MANIFEST.tsv`.
The programs are read in place from `../shared/corpus/sv-benchmarks/c/` (never copied); witness
locations are computed from the program text (line and 1-based column of the first character of
the loop keyword, or of the statement for location invariants), so they are the positions a
producer would write for exactly these files.

For every task: one valid witness (true, inductive invariants that imply the property) and
mutants of it.  `off-by-one` and `strengthened` mutants are false on a concrete execution whose
nondet values are recorded (`inputs`), `moved` puts an invariant at another loop where it is
false, `weakened` drops conjuncts or relaxes bounds (still true, so it must never be rejected).
The `inputs` of a valid witness are random executions (seeded) on which it must hold.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
BENCH = CORPUS / "sv-benchmarks" / "c"

KINDS = ("valid", "off-by-one", "strengthened", "moved", "weakened")
EXPECTATION = {"valid": "confirm", "weakened": "not-false", "off-by-one": "reject",
               "strengthened": "reject", "moved": "reject"}


@dataclass
class Loc:
    needle: str                   # text starting at the loop keyword / the statement
    occurrence: int = 1
    function: str = "main"
    kind: str = "loop_invariant"  # or location_invariant


def loc(needle: str, occurrence: int = 1, function: str = "main") -> Loc:
    return Loc(needle, occurrence, function, "location_invariant")


@dataclass
class Mutant:
    kind: str
    changes: dict                 # location name -> new invariant (None: drop it)
    inputs: list                  # nondet values of an execution on which it is false
    note: str


@dataclass
class Task:
    path: str                     # task definition relative to sv-benchmarks/c, without .yml
    locations: dict               # name -> Loc, in witness order
    valid: dict                   # name -> invariant
    note: str
    mutants: list
    rand: Optional[Callable] = None   # Random -> inputs; None: deterministic program
    runs: int = 4
    # executions do not end within replay's own time limit (10 s): the test replays a prefix of
    # them, with the program's output unbuffered and the program stopped after this many seconds
    exec_limit: Optional[float] = None


def bools(r: random.Random, n: int) -> list:
    return [r.randint(0, 1) for _ in range(n)]


def loop_flags(r: random.Random, most: int) -> list:
    """Nonzero values for `most` iterations at most, then 0 (a nondet loop condition)."""
    return [r.choice([1, -1, 7, 2147483647]) for _ in range(r.randint(0, most))] + [0]


def trex04_inputs(r: random.Random) -> list:
    c1, c2, c3, c4 = bools(r, 4)
    d = 1 - c1 - c4
    x = r.randint(-1000000, 1000000) if d == 1 else r.randint(-1000000, 0)
    values = [x, c1, c2]
    if c2:
        values += bools(r, 2)
    values += [c3, c4]
    if c3:
        values += bools(r, 2)
    return values


# Fermat's method keeps 4 (A + r) == (u - 1)^2 - (v - 1)^2; u * u fits in long long only with
# bounds: u grows from 2 R + 1 (R > 1 - sqrt(A) > -46340) to at most A + 2, and v stays 1 while u is
# not positive, below u otherwise (u - 2 <= A, not u <= A + 2: A + 2 overflows int for A == INT_MAX)
FERMAT_IDENTITY = "A % 2 == 1 && v >= 1 && v % 2 == 1 && u % 2 != 0 && 4 * (A + r) == u * u - v * v - 2 * u + 2 * v"
FERMAT_INVARIANT = ("A % 2 == 1 && v % 2 == 1 && u % 2 != 0 && u >= -92681 && u - 2 <= A && "
                    "((u <= 1 && v == 1 && r < 0) || (u >= 3 && v >= 1 && v <= u - 2)) && "
                    "4 * (A + r) == u * u - v * v - 2 * u + 2 * v")


def fermat_inputs(r: random.Random) -> list:
    a = r.randrange(1, 2000, 2)
    root = int(a ** 0.5)
    candidates = [v for v in range(-2, root + 3) if (v - 1) ** 2 < a]
    return [a, r.choice(candidates)]


def spam_inputs(r: random.Random) -> list:
    if r.random() < 0.2:
        return [r.randint(0, 4), r.randint(-5, 0)]
    return [r.randint(5, 40), r.randint(-3, 60)] + bools(r, 80)


def rle(values: list) -> list:
    """JSON form of an input list: runs of 4 or more equal values as {"value", "repeat"}."""
    out, i = [], 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        out += [{"value": values[i], "repeat": j - i}] if j - i >= 4 else values[i:j]
        i = j
    return out


def expand(items: list) -> list:
    values = []
    for item in items:
        if isinstance(item, dict):
            values += [item["value"]] * item["repeat"]
        else:
            values.append(item)
    return values


# ---------------------------------------------------------------- eureka_01-2: constant arrays
EU_SOURCE = [0, 4, 1, 1, 0, 0, 1, 3, 4, 4, 2, 2, 3, 0, 0, 3, 1, 2, 2, 3]
EU_DEST = [1, 3, 4, 1, 1, 4, 3, 4, 3, 0, 0, 0, 0, 2, 3, 0, 2, 1, 0, 4]
EU_CONST = " && ".join(
    ["nodecount == 5", "edgecount == 20", "source == 0", "INFINITY == 899"]
    + [f"Source[{k}] == {v}" for k, v in enumerate(EU_SOURCE)]
    + [f"Dest[{k}] == {v}" for k, v in enumerate(EU_DEST)]
    + [f"Weight[{k}] == {k}" for k in range(20)])
EU_DIST = " && ".join(f"0 <= distance[{k}] && distance[{k}] <= 899" for k in range(5))
EU_INIT = " && ".join(["(i <= 0 || distance[0] == 0)"]
                      + [f"(i <= {k} || distance[{k}] == 899)" for k in range(1, 5)])

# ---------------------------------------------------------------- parity
def _parity(v: str) -> str:
    a = f"({v} ^ ({v} >> 1u))"
    b = f"({a} ^ ({a} >> 2u))"
    return f"(((({b} & 286331153U) * 286331153U) >> 28u) & 1u)"


PARITY_BITS = f"(unsigned int)parity1 == ({_parity('v1')} ^ {_parity('v')})"

GSV_LOWER = "(x >= -50 || 2LL * x >= (long long)y * (y - 1) - 999100)"

TASKS: list[Task] = [
    # ------------------------------------------------------------ bitvector
    Task("bitvector/parity",
         {"L": Loc("while (v1 != 0)")},
         {"L": f"(parity1 == 0 || parity1 == 1) && v1 <= v && {PARITY_BITS}"},
         "parity1 xor parity(v1) == parity(v); v1 only loses bits",
         [Mutant("strengthened", {"L": f"parity1 == 0 && v1 <= v && {PARITY_BITS}"}, [1],
                 "parity1 is 1 after the first iteration when v has odd parity"),
          Mutant("off-by-one", {"L": f"(parity1 == 0 || parity1 == 1) && v1 < v && {PARITY_BITS}"},
                 [6], "v1 == v at the first loop head"),
          Mutant("weakened", {"L": "(parity1 == 0 || parity1 == 1) && v1 <= v"}, [],
                 "parity relation dropped")],
         rand=lambda r: [r.randrange(2 ** 32)]),
    # ------------------------------------------------------------ loop-acceleration
    Task("loop-acceleration/array_1-2",
         {"L": Loc("for (i = 0; i < 1024; i++)")},
         {"L": "0 <= i && i <= 1024 && (i < 1024 || A[1023] == 1023)"},
         "A[1023] is written in the last iteration only; no quantifier needed",
         [Mutant("off-by-one", {"L": "0 <= i && i <= 1023 && (i < 1024 || A[1023] == 1023)"}, [],
                 "i == 1024 at the last loop head"),
          Mutant("strengthened", {"L": "0 <= i && i <= 1024 && (i < 1024 || A[1022] == 1023)"}, [],
                 "A[1022] == 1022 at the last loop head"),
          Mutant("strengthened", {"L": "0 <= i && i <= 1024 && i % 2 == 0"}, [],
                 "i == 1 at the second loop head"),
          Mutant("weakened", {"L": "0 <= i && i <= 1024"}, [], "array fact dropped")]),
    Task("loop-acceleration/array_4",
         {"L1": Loc("for (i = 0; i < 1024-1; i++)"), "L2": Loc("for (i = 0; A[i] != 0; i++)")},
         {"L1": "0 <= i && i <= 1023", "L2": "0 <= i && i <= 1023 && A[1023] == 0"},
         "the sentinel A[1023] == 0 bounds the search loop; no quantifier needed",
         [Mutant("off-by-one", {"L2": "0 <= i && i <= 1022 && A[1023] == 0"}, [1] * 1023,
                 "all of A[0..1022] nonzero: the search stops at i == 1023"),
          Mutant("off-by-one", {"L1": "0 <= i && i <= 1022"}, [0] * 1023,
                 "i == 1023 when the first loop exits"),
          Mutant("strengthened", {"L2": "0 <= i && i <= 1023 && A[1023] == 0 && A[0] == 0"},
                 [5] + [0] * 1022, "A[0] is a nondet value"),
          Mutant("weakened", {"L2": "0 <= i && i <= 1023"}, [], "sentinel fact dropped")],
         rand=lambda r: [r.choice([0, 0, 1, -3, 12]) for _ in range(1023)], runs=3),
    Task("loop-acceleration/const_1-1",
         {"L": Loc("while (y < 1024)")},
         {"L": "y <= 1024 && (x == 0 || y == 0) && (y != 0 || x == 1)"},
         "x becomes 0 in the first iteration",
         [Mutant("off-by-one", {"L": "y <= 1023 && (x == 0 || y == 0) && (y != 0 || x == 1)"}, [],
                 "y == 1024 at the last loop head"),
          Mutant("strengthened", {"L": "y <= 1024 && x == 0"}, [], "x == 1 at the first loop head"),
          Mutant("weakened", {"L": "y <= 1024"}, [], "relation of x and y dropped")]),
    Task("loop-acceleration/diamond_1-1",
         {"L": Loc("while (x < 99)")},
         {"L": "(y % 2 == 0 && x % 2 == 0 && x <= 100) || (y % 2 == 1 && x <= 99)"},
         "even y: x even; odd y: x counts up to 99",
         [Mutant("off-by-one", {"L": "(y % 2 == 0 && x % 2 == 0 && x <= 100) || (y % 2 == 1 && x <= 98)"},
                 [1], "odd y: x == 99 at the last loop head"),
          Mutant("strengthened", {"L": "x % 2 == 0 && x <= 100"}, [3], "odd y: x == 1 after one iteration"),
          Mutant("weakened", {"L": "x <= 100"}, [], "parity dropped")],
         rand=lambda r: [r.randrange(2 ** 32)]),
    Task("loop-acceleration/functions_1-1",
         {"L": Loc("while (x < 0x0fffffff)")},
         {"L": "x % 2 == 0 && x <= 268435456U"},
         "x stays even, stops at 0x10000000",
         [Mutant("off-by-one", {"L": "x % 2 == 0 && x <= 268435455U"}, [],
                 "x == 0x10000000 at the last loop head"),
          Mutant("strengthened", {"L": "x % 2 == 0 && x <= 268435456U && x != 1000"}, [],
                 "x == 1000 after 500 iterations"),
          Mutant("weakened", {"L": "x <= 268435456U"}, [], "parity dropped")]),
    Task("loop-acceleration/multivar_1-1",
         {"L": Loc("while (x < 1024)")},
         {"L": "x == y"},
         "x and y move together",
         [Mutant("off-by-one", {"L": "x == y + 1"}, [7], "x == y at the first loop head"),
          Mutant("strengthened", {"L": "x == y && x < 1024"}, [1020], "x == 1024 at the last loop head"),
          Mutant("strengthened", {"L": "x == y && x <= 1024"}, [5000], "no bound on the initial x"),
          Mutant("weakened", {"L": "x <= y"}, [], "equality relaxed")],
         rand=lambda r: [r.choice([r.randrange(0, 1100), r.randrange(2 ** 32)])]),
    Task("loop-acceleration/nested_1-1",
         {"O": Loc("while (x < 0x0fffffff)"), "I": Loc("while (y < 10)")},
         {"O": "x <= 268435455U && (y == 10 || (x == 0 && y == 0))",
          "I": "y <= 10 && x < 268435455U"},
         "x counts up by one to 0x0fffffff (odd); inner loop leaves y == 10",
         [Mutant("strengthened", {"O": "x <= 268435455U && (y == 10 || (x == 0 && y == 0)) && x != 200"}, [],
                 "x == 200 at the 201st outer loop head"),
          Mutant("moved", {"O": None, "I": "x <= 268435455U && (y == 10 || (x == 0 && y == 0))"}, [],
                 "outer invariant at the inner loop: y == 1 in the first inner iteration"),
          Mutant("off-by-one", {"I": "y <= 9 && x < 268435455U"}, [], "y == 10 when the inner loop exits"),
          Mutant("weakened", {"O": "x <= 268435455U", "I": "y <= 10"}, [], "relations dropped")],
         exec_limit=0.5),
    Task("loop-acceleration/overflow_1-1",
         {"L": Loc("while (x >= 10)")},
         {"L": "x % 2 == 0 && (x >= 10 || x == 0)"},
         "x stays even and wraps around to 0",
         [Mutant("strengthened", {"L": "x % 2 == 0 && (x >= 10 || x == 0) && x != 12"}, [], "x == 12 at the second head"),
          Mutant("off-by-one", {"L": "x % 2 == 0 && (x >= 11 || x == 0)"}, [], "x == 10 at the first head"),
          Mutant("weakened", {"L": "x >= 10 || x % 2 == 0"}, [], "disjunction instead of conjunction")],
         exec_limit=0.5),
    Task("loop-acceleration/phases_1-1",
         {"L": Loc("while (x < 0x0fffffff)")},
         {"L": "(x <= 65520U || x % 2 == 0) && x <= 268435456U"},
         "from 0xfff0 (even) on x goes up by 2",
         [Mutant("off-by-one", {"L": "(x <= 65520U || x % 2 == 0) && x <= 268435455U"}, [],
                 "x == 0x10000000 at the last loop head"),
          Mutant("strengthened", {"L": "x % 2 == 0 && x <= 268435456U"}, [], "x == 1 after one iteration"),
          Mutant("weakened", {"L": "x <= 268435456U"}, [], "parity dropped")]),
    Task("loop-acceleration/phases_2-2",
         {"L": Loc("while (x < y)")},
         {"L": "x == 1 && y >= 1"},
         "x * x == 1: x stays 1 (the loop never ends for y >= 2)",
         [Mutant("off-by-one", {"L": "x == 1 && y >= 2"}, [1], "y == 1 is allowed"),
          Mutant("strengthened", {"L": "x == 1 && x < y"}, [1], "x == y == 1 at the first loop head"),
          Mutant("weakened", {"L": "x >= 1"}, [], "y bound and x's value dropped")],
         rand=lambda r: [r.choice([0, 1])], runs=2),
    Task("loop-acceleration/simple_1-2",
         {"L": Loc("while (x < 0x0fffffff)")},
         {"L": "x % 2 == 0 && x <= 268435456U"},
         "x stays even",
         [Mutant("off-by-one", {"L": "x % 2 == 0 && x <= 268435455U"}, [], "x == 0x10000000 at the exit"),
          Mutant("strengthened", {"L": "x % 2 == 0 && x <= 268435456U && x != 1000"}, [],
                 "x == 1000 after 500 iterations"),
          Mutant("weakened", {"L": "x <= 268435456U"}, [], "parity dropped")]),
    Task("loop-acceleration/simple_2-1",
         {"L": Loc("while (x < 0x0fffffff)"), "A": loc("__VERIFIER_assert(x >= 0x0fffffff)")},
         {"L": "x <= 4294967295U", "A": "x >= 268435455U"},
         "the property follows from the loop exit; location invariant before the assertion",
         [Mutant("off-by-one", {"A": "x >= 268435456U"}, [268435000], "x == 0x0fffffff after the loop"),
          Mutant("strengthened", {"L": "x % 2 == 0"}, [268435453], "the initial x is arbitrary"),
          Mutant("off-by-one", {"L": "x <= 268435455U"}, [268435456], "an initial x above the bound"),
          Mutant("weakened", {"A": "x >= 268435455U || x == 0"}, [], "a disjunct added")],
         rand=lambda r: [r.choice([r.randrange(268000000, 2 ** 32), r.randrange(2 ** 32)
                                   if r.random() < 0.3 else 268435000])]),
    Task("loop-acceleration/simple_3-2",
         {"L": Loc("while (x < N)")},
         {"L": "x % 2 == 0 && x <= N + 1"},
         "x even, at most N + 1",
         [Mutant("off-by-one", {"L": "x % 2 == 0 && x <= N"}, [1], "N == 1: x == 2 at the exit"),
          Mutant("strengthened", {"L": "x % 4 == 0 && x <= N + 1"}, [3], "x == 2 after one iteration"),
          Mutant("weakened", {"L": "x <= N + 1"}, [], "parity dropped")],
         rand=lambda r: [r.randrange(2 ** 16)]),
    Task("loop-acceleration/simple_4-2",
         {"L": Loc("while (x > 0)")},
         {"L": "x % 2 == 0 && x <= 268435440U"},
         "x stays even, goes down from 0x0ffffff0",
         [Mutant("off-by-one", {"L": "x % 2 == 0 && x <= 268435439U"}, [], "x == 0x0ffffff0 at the first head"),
          Mutant("strengthened", {"L": "x % 2 == 0 && x <= 268435440U && x != 268435438U"}, [], "x == 0x0fffffee after one iteration"),
          Mutant("strengthened", {"L": "x % 2 == 0 && x > 0"}, [], "x == 0 at the exit"),
          Mutant("weakened", {"L": "x <= 268435440U"}, [], "parity dropped")]),
    Task("loop-acceleration/underapprox_1-2",
         {"L": Loc("while (x < 6)")},
         {"L": "x <= 6 && y == 1U << x"},
         "y == 2^x: never a multiple of 3",
         [Mutant("off-by-one", {"L": "x <= 5 && y == 1U << x"}, [], "x == 6 at the exit"),
          Mutant("strengthened", {"L": "x <= 6 && y == 1U << x && y < 64"}, [], "y == 64 at the exit"),
          Mutant("weakened", {"L": "x <= 6 && y % 3 != 0"}, [], "exact value of y dropped")]),
    Task("loop-acceleration/underapprox_2-2",
         {"L": Loc("while (x < 6)")},
         {"L": "x <= 6 && y == 1U << x"},
         "x counts to 6",
         [Mutant("off-by-one", {"L": "x <= 6 && y == 1U << (x + 1)"}, [], "y == 1 at the first head"),
          Mutant("strengthened", {"L": "x < 6 && y == 1U << x"}, [], "x == 6 at the exit"),
          Mutant("weakened", {"L": "y >= 1 && y <= 64"}, [], "bound on x dropped")]),
    # ------------------------------------------------------------ loop-crafted
    Task("loop-crafted/simple_vardep_1",
         {"L": Loc("while (k < 0x0fffffff)")},
         {"L": "j == 2 * i && k == 3 * i && k <= 268435455U"},
         "k == 3 i stops exactly at 0x0fffffff",
         [Mutant("off-by-one", {"L": "j == 2 * i && k == 3 * i && k <= 268435454U"}, [],
                 "k == 0x0fffffff at the exit"),
          Mutant("strengthened", {"L": "j == 2 * i && k == 3 * i && k <= 268435455U && i != 1000"}, [], "i == 1000 after 1000 iterations"),
          Mutant("weakened", {"L": "k == i + j"}, [], "bound dropped")]),
    # ------------------------------------------------------------ loop-invariants
    Task("loop-invariants/bin-suffix-5",
         {"L": Loc("while (__VERIFIER_nondet_int())")},
         {"L": "(x & 7) == 5 && x >= 5"},
         "x == 5 mod 8",
         [Mutant("strengthened", {"L": "(x & 15) == 5 && x >= 5"}, [1, 0], "x == 13 after one iteration"),
          Mutant("off-by-one", {"L": "(x & 7) == 5 && x >= 6"}, [0], "x == 5 at the first head"),
          Mutant("strengthened", {"L": "(x & 7) == 5 && x < 100"}, [1] * 13 + [0], "x == 109 after 13 iterations"),
          Mutant("weakened", {"L": "x >= 5"}, [], "low bits dropped")],
         rand=lambda r: loop_flags(r, 40)),
    Task("loop-invariants/const",
         {"L": Loc("while (__VERIFIER_nondet_uint())")},
         {"L": "s == 0"},
         "s is never incremented",
         [Mutant("off-by-one", {"L": "s == 1"}, [0], "s == 0 at the first head"),
          Mutant("weakened", {"L": "s <= 1"}, [], "relaxed bound")],
         rand=lambda r: sum(([r.randint(1, 9), r.randint(0, 1)] for _ in range(r.randint(0, 20))), []) + [0]),
    Task("loop-invariants/eq1",
         {"L": Loc("while (__VERIFIER_nondet_uint())")},
         {"L": "w == x && y == z"},
         "both pairs move together",
         [Mutant("off-by-one", {"L": "w == x + 1 && y == z"}, [3, 4, 0], "w == x at the first head"),
          Mutant("strengthened", {"L": "w == x && y == z && w <= 100"}, [100, 0, 1, 1, 0],
                 "w == 101 after one increment"),
          Mutant("strengthened", {"L": "w == x && y == z && y != 0"}, [5, 1, 1, 0, 0], "y == 0 after one decrement"),
          Mutant("weakened", {"L": "w == x"}, [], "second equality dropped")],
         rand=lambda r: [r.randrange(2 ** 32), r.randrange(2 ** 32)]
         + sum(([1, r.randint(0, 1)] for _ in range(r.randint(0, 20))), []) + [0]),
    Task("loop-invariants/even",
         {"L": Loc("while (__VERIFIER_nondet_int())")},
         {"L": "x % 2 == 0"},
         "x stays even",
         [Mutant("strengthened", {"L": "x % 4 == 0"}, [1, 0], "x == 2 after one iteration"),
          Mutant("off-by-one", {"L": "x % 2 == 1"}, [0], "x == 0 at the first head"),
          Mutant("strengthened", {"L": "x % 2 == 0 && x < 4"}, [1, 1, 0], "x == 4 after two iterations"),
          Mutant("weakened", {"L": "x % 2 == 0 || x == 1"}, [], "a disjunct added")],
         rand=lambda r: loop_flags(r, 40)),
    Task("loop-invariants/odd",
         {"L": Loc("while (__VERIFIER_nondet_int())")},
         {"L": "x % 2 == 1"},
         "x stays odd",
         [Mutant("strengthened", {"L": "x % 4 == 1"}, [1, 0], "x == 3 after one iteration"),
          Mutant("off-by-one", {"L": "x % 2 == 0"}, [0], "x == 1 at the first head"),
          Mutant("weakened", {"L": "x >= 1"}, [], "parity dropped (x odd is never 0)")],
         rand=lambda r: loop_flags(r, 40)),
    # ------------------------------------------------------------ loop-invgen
    Task("loop-invgen/SpamAssassin-loop",
         {"O": Loc("for (i = 0; i < len; )"), "I": Loc("for (j = 0; i < len && j < limit; )")},
         {"O": "0 <= i && bufsize >= 0 && limit == bufsize - 4",
          "I": "0 <= i && 0 <= j && (j == 0 || j <= limit + 2) && bufsize >= 0 && limit == bufsize - 4"},
         "j < limit == bufsize - 4 at the inner head leaves room for three increments",
         [Mutant("off-by-one", {"I": "0 <= i && 0 <= j && (j == 0 || j <= limit + 1) && bufsize >= 0 && "
                                     "limit == bufsize - 4"}, [5, 10] + [0] * 10,
                 "limit == 1: j == 3 after one pass through the first branch"),
          Mutant("strengthened", {"O": "0 <= i && bufsize >= 0 && limit == bufsize - 4 && i <= 5"},
                 [6, 12] + [0] * 12, "i reaches len == 12"),
          Mutant("off-by-one", {"O": "0 <= i && bufsize >= 0 && limit == bufsize - 3"}, [6, 0],
                 "limit == bufsize - 4"),
          Mutant("weakened", {"O": "0 <= i", "I": "0 <= i && 0 <= j && bufsize >= 0 && limit == bufsize - 4"},
                 [], "bound on j dropped")],
         rand=spam_inputs),
    Task("loop-invgen/down",
         {"L1": Loc("while( i < n )"), "L2": Loc("while( j > 0 )")},
         {"L1": "0 <= i && i == k && (i <= n || i == 0)", "L2": "k >= j && k >= 0"},
         "k == max(n, 0) after the first loop; k >= j in the second",
         [Mutant("off-by-one", {"L2": "k >= j + 1 && k >= 0"}, [3], "k == j == n at the second loop's first head"),
          Mutant("off-by-one", {"L1": "0 <= i && i == k && (i < n || i == 0)"}, [3], "i == n at the exit"),
          Mutant("moved", {"L2": "0 <= i && i == k && (i <= n || i == 0)", "L1": None}, [2],
                 "i == k does not hold in the second loop, where only k decreases"),
          Mutant("strengthened", {"L1": "0 <= i && i == k && (i <= n || i == 0) && k <= 5"}, [10],
                 "k reaches n == 10"),
          Mutant("weakened", {"L2": "k >= 0"}, [], "relation to j dropped")],
         rand=lambda r: [r.randint(-5, 60)]),
    Task("loop-invgen/half_2",
         {"L1": Loc("while( i < n )"), "L2": Loc("while( j < n/2 )")},
         {"L1": "0 <= i && i % 2 == 0 && (i == 0 || i <= n + 1) && k == n - i / 2",
          "L2": "j >= 0 && (n < 0 || k == n / 2 - j)"},
         "k == n - i/2 in the first loop, k + j == n/2 in the second",
         [Mutant("off-by-one", {"L1": "0 <= i && i % 2 == 0 && (i == 0 || i <= n) && k == n - i / 2"}, [3],
                 "odd n: i == n + 1 at the exit"),
          Mutant("off-by-one", {"L2": "j >= 0 && (n < 0 || k == n / 2 - j + 1)"}, [4], "k == n/2 at the first head"),
          Mutant("moved", {"L2": "0 <= i && i % 2 == 0 && (i == 0 || i <= n + 1) && k == n - i / 2",
                           "L1": None}, [4], "k decreases in the second loop while i stays"),
          Mutant("strengthened", {"L2": "j >= 0 && (n < 0 || k == n / 2 - j) && k > 0"}, [4],
                 "k == 0 when the second loop exits"),
          Mutant("weakened", {"L2": "j >= 0"}, [], "relation of k and j dropped")],
         rand=lambda r: [r.randint(-5, 60)]),
    Task("loop-invgen/up",
         {"L1": Loc("while( i < n )"), "L2": Loc("while( j < n )")},
         {"L1": "0 <= i && i == k && (i <= n || i == 0)", "L2": "j >= 0 && (n < 0 || k + j == n)"},
         "k == max(n, 0) after the first loop; k + j == n in the second",
         [Mutant("off-by-one", {"L2": "j >= 0 && (n < 0 || k + j == n + 1)"}, [3], "k + j == n at the first head"),
          Mutant("off-by-one", {"L1": "0 <= i && i == k && (i < n || i == 0)"}, [3], "i == n at the exit"),
          Mutant("moved", {"L2": "0 <= i && i == k && (i <= n || i == 0)", "L1": None}, [2],
                 "i == k does not hold in the second loop"),
          Mutant("strengthened", {"L2": "j >= 0 && (n < 0 || k + j == n) && k > 0"}, [2],
                 "k == 0 when the second loop exits"),
          Mutant("weakened", {"L2": "j >= 0"}, [], "relation of k and j dropped")],
         rand=lambda r: [r.randint(-5, 60)]),
    # ------------------------------------------------------------ loop-lit
    Task("loop-lit/afnp2014",
         {"L": Loc("while (y < 1000 && __VERIFIER_nondet_int())")},
         {"L": "0 <= y && y <= 1000 && x >= y && x >= 1 && 2 * x == y * y - y + 2"},
         "x == 1 + y(y-1)/2 >= y",
         [Mutant("off-by-one", {"L": "0 <= y && y <= 999 && x >= y && x >= 1 && 2 * x == y * y - y + 2"},
                 [1] * 1000, "y == 1000 at the last head"),
          Mutant("strengthened", {"L": "0 <= y && y <= 1000 && x >= y && x >= 1 && x <= 100"}, [1] * 20 + [0],
                 "x == 191 after 20 iterations"),
          Mutant("off-by-one", {"L": "0 <= y && y <= 1000 && x >= y && x >= 1 && 2 * x == y * y - y + 1"},
                 [0], "2x == 2 at the first head"),
          Mutant("weakened", {"L": "x >= y && x >= 1"}, [], "exact value and bounds dropped")],
         rand=lambda r: loop_flags(r, 1100)),
    Task("loop-lit/bhmr2007",
         {"L": Loc("while (i < n)")},
         {"L": "0 <= i && i <= n && n <= 1000000 && i <= a && a <= 2 * i && i <= b && b <= 2 * i "
               "&& a + b == 3 * i"},
         "a + b grows by 3 per iteration",
         [Mutant("off-by-one", {"L": "0 <= i && i <= n - 1 && n <= 1000000 && a + b == 3 * i"}, [2, 1, 0],
                 "i == n at the exit"),
          Mutant("strengthened", {"L": "0 <= i && i <= n && n <= 1000000 && a + b == 3 * i && a == b"}, [1, 1],
                 "a == 1, b == 2 after one iteration"),
          Mutant("off-by-one", {"L": "0 <= i && i <= n && n <= 1000000 && a + b == 3 * i + 1"}, [0],
                 "a + b == 0 at the first head"),
          Mutant("weakened", {"L": "0 <= i && i <= n && n <= 1000000 && i <= a && a <= 2 * i && i <= b "
                                   "&& b <= 2 * i"}, [], "sum dropped")],
         rand=lambda r: [n := r.randint(-3, 40)] + bools(r, max(n, 0))),
    Task("loop-lit/gsv2008",
         {"L": Loc("while (x < 0)")},
         {"L": f"-1000 < y && {GSV_LOWER} && (x < 0 || y > 0) && (x >= 0 || y <= 999999)"},
         "2x >= y(y-1) - 999100 bounds x from below; x < 0 forces y small",
         [Mutant("off-by-one", {"L": f"-999 < y && {GSV_LOWER} && (x < 0 || y > 0) && (x >= 0 || y <= 999999)"},
                 [-999], "y == -999 at the first head"),
          Mutant("strengthened", {"L": f"-1000 < y && {GSV_LOWER} && x < 0"}, [100], "x == 50 at the exit"),
          Mutant("off-by-one", {"L": "-1000 < y && (x >= -50 || 2LL * x >= (long long)y * (y - 1) - 999000) "
                                     "&& (x < 0 || y > 0)"}, [-999],
                 "the lower bound of x is tight for y0 == -999"),
          Mutant("strengthened", {"L": f"-1000 < y && {GSV_LOWER} && (x < 0 || y > 0) && y <= 1000"}, [5000],
                 "y == 5000 at the first head"),
          Mutant("weakened", {"L": "x < 0 || y > 0"}, [], "bounds dropped")],
         rand=lambda r: [r.choice([r.randint(-999, 100), r.randint(-999, 999999)])]),
    Task("loop-lit/hhk2008",
         {"L": Loc("while (cnt > 0)")},
         {"L": "res + cnt == a + b && 0 <= cnt && cnt <= b"},
         "res + cnt is constant",
         [Mutant("off-by-one", {"L": "res + cnt == a + b && 0 <= cnt && cnt <= b - 1"}, [5, 3],
                 "cnt == b at the first head"),
          Mutant("strengthened", {"L": "res + cnt == a + b && 0 <= cnt && cnt <= b && res == a"}, [5, 3],
                 "res == a + 1 after one iteration"),
          Mutant("weakened", {"L": "0 <= cnt && cnt <= b"}, [], "sum dropped")],
         rand=lambda r: [r.randint(-1000000, 1000000), r.randint(-5, 3000)]),
    # ------------------------------------------------------------ loop-new
    Task("loop-new/count_by_k",
         {"L": Loc("for (i = 0; i < 1000000*k; i += k)")},
         {"L": "0 <= k && k <= 10 && 0 <= i && i <= 1000000 * k && (k == 0 || i % k == 0)"},
         "i is a multiple of k up to 1000000 k",
         [Mutant("off-by-one", {"L": "0 <= k && k <= 10 && 0 <= i && i <= 1000000 * k - 1"}, [0],
                 "k == 0: i == 0 > -1"),
          Mutant("strengthened", {"L": "0 <= k && k <= 10 && 0 <= i && i <= 1000000 * k && i != 7"}, [7],
                 "k == 7: i == 7 after one iteration"),
          Mutant("off-by-one", {"L": "0 <= k && k <= 10 && 0 <= i && i < 1000000 * k"}, [3], "i == 3000000 at the exit"),
          Mutant("weakened", {"L": "0 <= k && k <= 10 && 0 <= i && i <= 1000000 * k"}, [], "divisibility dropped")],
         rand=lambda r: [r.randint(-2, 10)]),
    Task("loop-new/half",
         {"L": Loc("for(i = 0; i < 2*k; i++)")},
         {"L": "0 <= i && (i == 0 || i <= 2 * k) && n == (i + 1) / 2 && k <= 1000000 && k >= -1000000"},
         "n counts the even numbers below i",
         [Mutant("off-by-one", {"L": "0 <= i && (i == 0 || i <= 2 * k) && n == i / 2"}, [1], "i == 1, n == 1"),
          Mutant("strengthened", {"L": "0 <= i && (i == 0 || i <= k) && n == (i + 1) / 2"}, [2], "i == 3 > k"),
          Mutant("weakened", {"L": "0 <= i && (i == 0 || i <= 2 * k)"}, [], "count dropped")],
         rand=lambda r: [r.randint(-20, 2000)]),
    # ------------------------------------------------------------ loop-simple
    Task("loop-simple/nested_1",
         {"L": Loc("for(a = 0; a < 6; ++a)")},
         {"L": "0 <= a && a <= 6"},
         "a counts to 6",
         [Mutant("off-by-one", {"L": "0 <= a && a <= 5"}, [], "a == 6 at the exit"),
          Mutant("strengthened", {"L": "0 <= a && a <= 6 && a % 2 == 0"}, [], "a == 1 at the second head"),
          Mutant("weakened", {"L": "0 <= a"}, [], "upper bound dropped")]),
    Task("loop-simple/nested_2",
         {"O": Loc("for(a = 0; a < 6; ++a)"), "I": Loc("for(b = 0; b < 6; ++b)")},
         {"O": "0 <= a && a <= 6 && b == 6", "I": "0 <= b && b <= 6 && 0 <= a && a < 6"},
         "the inner loop always leaves b == 6",
         [Mutant("moved", {"I": "0 <= a && a <= 6 && b == 6", "O": None}, [], "b == 0 at the inner head"),
          Mutant("moved", {"O": "0 <= b && b <= 6 && 0 <= a && a < 6", "I": None}, [], "a == 6 at the last outer head"),
          Mutant("off-by-one", {"I": "0 <= b && b <= 5 && 0 <= a && a < 6"}, [], "b == 6 when the inner loop exits"),
          Mutant("strengthened", {"O": "0 <= a && a <= 3 && b == 6"}, [], "a reaches 6"),
          Mutant("weakened", {"O": "0 <= a && a <= 6"}, [], "b == 6 dropped")]),
    # ------------------------------------------------------------ loop-zilu
    Task("loop-zilu/benchmark04_conjunctive",
         {"L": Loc("while (j<=n-1)")},
         {"L": "n >= 1 && 0 <= j && j <= n && k >= n - j"},
         "k - (n - j) never decreases",
         [Mutant("off-by-one", {"L": "n >= 1 && 0 <= j && j <= n && k >= n - j + 1"}, [1, 0, 1], "k == n"),
          Mutant("strengthened", {"L": "n >= 1 && 0 <= j && j < n && k >= n - j"}, [1, 0, 1], "j == n at the exit"),
          Mutant("weakened", {"L": "n >= 1 && 0 <= j && j <= n"}, [], "relation of k dropped")],
         rand=lambda r: [(n := r.randint(-1, 60)) + r.randint(-2, 100), r.choice([0, 0, 0, 1]), n]),
    Task("loop-zilu/benchmark26_linear",
         {"L": Loc("while (x<y)")},
         {"L": "x <= y"},
         "x counts up to y",
         [Mutant("off-by-one", {"L": "x < y"}, [1, 2], "x == y at the exit"),
          Mutant("strengthened", {"L": "x <= y && x <= 0"}, [1, 3], "initial x is positive"),
          Mutant("weakened", {"L": "(long long)x <= (long long)y + 1"}, [], "bound relaxed")],
         rand=lambda r: [x := r.randint(-2 ** 31, 2 ** 31 - 1000000), x + r.randint(-3, 100000)]),
    # ------------------------------------------------------------ loops
    Task("loops/count_up_down-1",
         {"L": Loc("while(x>0)")},
         {"L": "x + y == n"},
         "x + y is constant",
         [Mutant("off-by-one", {"L": "x + y == n + 1"}, [3], "x + y == n at the first head"),
          Mutant("strengthened", {"L": "x + y == n && y <= 3"}, [5], "y == 4 after four iterations"),
          Mutant("strengthened", {"L": "x + y == n && x == n"}, [5], "x == n - 1 after one iteration"),
          Mutant("weakened", {"L": "y <= n"}, [], "sum dropped")],
         rand=lambda r: [r.randint(0, 200000)]),
    Task("loops/eureka_01-2",
         {"I1": Loc("for(i = 0; i < nodecount; i++)", 1), "O2": Loc("for(i = 0; i < nodecount; i++)", 2),
          "I2": Loc("for(j = 0; j < edgecount; j++)"), "L3": Loc("for(i = 0; i < edgecount; i++)"),
          "L4": Loc("for(i = 0; i < nodecount; i++)", 3)},
         {"I1": f"{EU_CONST} && 0 <= i && i <= 5 && {EU_INIT}",
          "O2": f"{EU_CONST} && {EU_DIST} && 0 <= i && i <= 5",
          "I2": f"{EU_CONST} && {EU_DIST} && 0 <= i && i < 5 && 0 <= j && j <= 20",
          "L3": f"{EU_CONST} && {EU_DIST} && 0 <= i && i <= 20",
          "L4": f"{EU_CONST} && {EU_DIST} && 0 <= i && i <= 5"},
         "the arrays are constant (5 and 20 elements, written out); distances stay in [0, 899]",
         [Mutant("moved", {"L3": f"{EU_CONST} && {EU_DIST} && 0 <= i && i <= 5"}, [],
                 "the node-loop bound i <= 5 at the edge loop, which runs to 20"),
          Mutant("off-by-one", {"I2": f"{EU_CONST} && {EU_DIST} && 0 <= i && i < 5 && 0 <= j && j <= 19"}, [],
                 "j == 20 when the inner loop exits"),
          Mutant("strengthened", {"L4": f"{EU_CONST} && {EU_DIST} && 0 <= i && i <= 5 && distance[2] == 899"}, [],
                 "distance[2] == 13 after relaxation"),
          Mutant("moved", {"O2": f"{EU_CONST} && 0 <= i && i <= 5 && {EU_INIT}"}, [],
                 "distance[1] == 899 no longer holds after the first relaxation round"),
          Mutant("weakened", {"I1": "0 <= i && i <= 5", "O2": f"{EU_DIST} && 0 <= i && i <= 5",
                              "I2": f"{EU_DIST} && 0 <= i && i < 5 && 0 <= j && j <= 20",
                              "L3": f"{EU_DIST} && 0 <= i && i <= 20", "L4": f"{EU_DIST} && 0 <= i && i <= 5"},
                 [], "facts about the constant arrays dropped")]),
    Task("loops/n.c11",
         {"L": Loc("while(__VERIFIER_nondet_bool())")},
         {"L": "len <= 4"},
         "len wraps to 0 at 4 before the write",
         [Mutant("off-by-one", {"L": "len <= 3"}, [1, 1, 1, 1, 0], "len == 4 after four iterations"),
          Mutant("strengthened", {"L": "len < 2"}, [1, 1, 0], "len == 2 after two iterations"),
          Mutant("weakened", {"L": "len <= 5"}, [], "bound relaxed")],
         rand=lambda r: [1] * r.randint(0, 30) + [0]),
    Task("loops/sum01-2",
         {"L": Loc("for(i=1; i<=n; i++)")},
         {"L": "1 <= i && (i <= n + 1 || i == 1) && sn == 2 * (i - 1) && n < 1000"},
         "sn == 2 (i - 1)",
         [Mutant("off-by-one", {"L": "1 <= i && (i <= n + 1 || i == 1) && sn == 2 * i"}, [3], "sn == 0 at i == 1"),
          Mutant("off-by-one", {"L": "1 <= i && (i <= n || i == 1) && sn == 2 * (i - 1)"}, [3], "i == n + 1 at the exit"),
          Mutant("strengthened", {"L": "1 <= i && (i <= n + 1 || i == 1) && sn == 2 * (i - 1) && sn <= 10"}, [10],
                 "sn == 12 after six iterations"),
          Mutant("weakened", {"L": "1 <= i && sn >= 0"}, [], "relation dropped")],
         rand=lambda r: [r.randint(-1000, 999)]),
    Task("loops/sum03-2",
         {"L": Loc("while(1)")},
         {"L": "sn == 2 * x"},
         "sn == 2x modulo 2^32",
         [Mutant("strengthened", {"L": "sn == 2 * x && x != 100"}, [0, 0], "x == 100 after 100 iterations"),
          Mutant("off-by-one", {"L": "sn == 2 * x + 2"}, [0, 0], "sn == 0 at the first head"),
          Mutant("weakened", {"L": "sn % 2 == 0"}, [], "relation to x dropped")],
         rand=lambda r: [r.randrange(2 ** 32), r.randrange(2 ** 32)], runs=1, exec_limit=0.5),
    Task("loops/sum04-2",
         {"L": Loc("for(i=1; i<=8; i++)")},
         {"L": "1 <= i && i <= 9 && sn == 2 * (i - 1)"},
         "sn == 2 (i - 1)",
         [Mutant("off-by-one", {"L": "1 <= i && i <= 8 && sn == 2 * (i - 1)"}, [], "i == 9 at the exit"),
          Mutant("strengthened", {"L": "1 <= i && i <= 9 && sn == 2 * (i - 1) && sn < 16"}, [], "sn == 16 at the exit"),
          Mutant("weakened", {"L": "1 <= i && i <= 9"}, [], "sum dropped")]),
    Task("loops/terminator_02-2",
         {"L": Loc("while(x<100 && z>100)")},
         {"L": "x < 200 && 100 <= z && z < 200 && x - z > -300"},
         "bounds; the property follows from the loop exit",
         [Mutant("off-by-one", {"L": "x < 200 && 101 <= z && z < 200"}, [0, 101, 0], "z == 100 at the exit"),
          Mutant("strengthened", {"L": "x < 100 && 100 <= z && z < 200"}, [99, 150, 1], "x == 100 at the exit"),
          Mutant("weakened", {"L": "x < 200"}, [], "bounds dropped")],
         rand=lambda r: [r.randint(-99, 199), r.randint(101, 199)] + bools(r, 600)),
    Task("loops/terminator_03-2",
         {"L": Loc("while(x<100)")},
         {"L": "y > 0 && y <= 1000000"},
         "y is positive and bounded (so x + y cannot overflow); the property follows from the loop exit",
         [Mutant("off-by-one", {"L": "y > 1 && y <= 1000000"}, [99, 1], "y == 1"),
          Mutant("strengthened", {"L": "y > 0 && y <= 1000000 && x < 100"}, [99, 1], "x == 100 at the exit"),
          Mutant("strengthened", {"L": "y > 0 && y <= 1000000 && x < 100 + y"}, [500, 1],
                 "the initial x is arbitrary"),
          Mutant("weakened", {"L": "y > 0"}, [], "upper bound dropped")],
         rand=lambda r: [r.choice([r.randint(-1000000, 300), r.randint(-2 ** 31, 2 ** 31 - 1)]),
                         r.choice([r.randint(1, 1000000), r.randint(-5, 0)])]),
    Task("loops/trex01-2",
         {"L1": Loc("while (z < k)", function="f"), "L2": Loc("while (x > 0 && y > 0)", function="f")},
         {"L1": "k <= 1073741823 && 1 <= z && (z == 1 || (k > 0 && z < 2 * k))",
          "L2": "-1000000 <= x && x <= 1000000 && -1000000 <= y && y <= 1000000 && (d == 1 || d == 2) "
                "&& z >= x - 999999"},
         "f is inlined twice (d == 1, d == 2); z doubles below 2k; z drops at most as often as x",
         [Mutant("off-by-one", {"L1": "k <= 1073741823 && 1 <= z && (z == 1 || (k > 0 && z < k))"}, [1, 5, 5, 2],
                 "z == k == 2 at the exit of the first loop"),
          Mutant("moved", {"L2": "k <= 1073741823 && 1 <= z && (z == 1 || (k > 0 && z < 2 * k))"},
                 [1, 5, 5, 1, 1, 1, 0], "z == 0 in the second loop"),
          Mutant("moved", {"L1": "-1000000 <= x && x <= 1000000 && -1000000 <= y && y <= 1000000 && "
                                 "(d == 1 || d == 2) && z >= x - 999999"}, [1, 2000000, 0, 0],
                 "x is not bounded yet at the first loop"),
          Mutant("strengthened", {"L2": "-1000000 <= x && x <= 1000000 && -1000000 <= y && y <= 1000000 && "
                                        "(d == 1 || d == 2) && x > 0"}, [1, 1, 1, 1, 1, 1],
                 "x == 0 at the exit of the second loop"),
          Mutant("weakened", {"L2": "-1000000 <= x && x <= 1000000 && (d == 1 || d == 2)"}, [], "bounds dropped")],
         rand=lambda r: [r.randint(0, 1), r.randint(-1100000, 1100000), r.randint(-1100000, 1100000),
                         r.choice([r.randint(-2 ** 31, 2 ** 31 - 1), r.randint(-10, 1000000)])] + bools(r, 3000)),
    Task("loops/trex04",
         {"L": Loc("while(x>0)")},
         {"L": "-1 <= d && d <= 1 && (d == -1 || (-1000000 <= x && x <= 1000000))"},
         "d in {1, 0, -1}; for d == -1 x grows and wraps (signed overflow wraps, as the README says)",
         [Mutant("off-by-one", {"L": "-1 <= d && d <= 0"}, [5, 0, 0, 0, 0], "d == 1"),
          Mutant("strengthened", {"L": "-1 <= d && d <= 1 && x > 0"}, [1, 0, 0, 0, 0], "x == 0 at the exit"),
          Mutant("off-by-one", {"L": "-1 <= d && d <= 1 && (d == -1 || (-1000000 <= x && x <= 999999))"},
                 [1000000, 0, 0, 0, 0], "x == 1000000 at the first head"),
          Mutant("weakened", {"L": "-1 <= d && d <= 1"}, [], "bounds of x dropped")],
         rand=trex04_inputs),
    # ------------------------------------------------------------ nla-digbench-scaling
    Task("nla-digbench-scaling/ps2-ll_unwindbound1",
         {"L": Loc("while (counter++<1)")},
         {"L": "0 <= counter && counter <= 1 && c == counter && y == c && 2 * x == y * y + y"},
         "at most one iteration; 2x == y(y+1)",
         [Mutant("off-by-one", {"L": "0 <= counter && counter <= 0 && c == counter && y == c"}, [5],
                 "counter == 1 at the second head"),
          Mutant("strengthened", {"L": "0 <= counter && counter <= 1 && y == 0"}, [5], "y == 1 after one iteration"),
          Mutant("weakened", {"L": "0 <= counter && counter <= 1"}, [], "values dropped")],
         rand=lambda r: [r.randint(-2 ** 31, 2 ** 31 - 1)]),
    Task("nla-digbench-scaling/sqrt1-ll_valuebound20",
         {"L": Loc("while (1)")},
         {"L": "0 <= a && a <= 4 && t == 2 * a + 1 && s == (a + 1) * (a + 1) && 1 <= n && n <= 20"},
         "s == (a+1)^2 <= 25",
         [Mutant("off-by-one", {"L": "0 <= a && a <= 3 && t == 2 * a + 1 && s == (a + 1) * (a + 1)"}, [20],
                 "a == 4 at the last head for n == 20"),
          Mutant("strengthened", {"L": "0 <= a && a <= 4 && t == 2 * a + 1 && s == (a + 1) * (a + 1) && s <= n"},
                 [1], "s == 4 > n at the exit"),
          Mutant("off-by-one", {"L": "0 <= a && a <= 4 && t == 2 * a && s == (a + 1) * (a + 1)"}, [1],
                 "t == 1 at the first head"),
          Mutant("weakened", {"L": "0 <= a && a <= 4"}, [], "equalities dropped")],
         rand=lambda r: [r.randint(-3, 25)]),
    # ------------------------------------------------------------ nla-digbench
    Task("nla-digbench/egcd-ll",
         {"L": Loc("while (1)")},
         {"L": "1 <= a && a <= x && 1 <= b && b <= y && 1 == p * s - r * q && a == y * r + x * p "
               "&& b == x * q + y * s"},
         "Bezout identities of the subtractive extended Euclid",
         [Mutant("off-by-one", {"L": "1 <= a && a <= x - 1 && 1 <= b && b <= y"}, [3, 5], "a == x at the first head"),
          Mutant("strengthened", {"L": "1 <= a && a <= x && 1 <= b && b <= y && p == 1"}, [3, 5],
                 "p == 2 after two iterations"),
          Mutant("strengthened", {"L": "1 <= a && a <= x && 1 <= b && b <= y && a >= b"}, [3, 5], "a < b initially"),
          Mutant("weakened", {"L": "1 <= a && a <= x && 1 <= b && b <= y && a == y * r + x * p "
                                   "&& b == x * q + y * s"}, [], "determinant dropped")],
         rand=lambda r: [r.randint(1, 3000), r.randint(1, 3000)]),
    Task("nla-digbench/fermat1-ll",
         {"O": Loc("while (1)", 1), "I1": Loc("while (1)", 2), "I2": Loc("while (1)", 3)},
         {"O": FERMAT_INVARIANT, "I1": FERMAT_INVARIANT, "I2": FERMAT_INVARIANT},
         "the polynomial identity of Fermat's method at all three loops, with the bounds that keep "
         "u * u and v * v within long long (u <= A + 2; v == 1 while u <= 1, else v <= u - 2)",
         [Mutant("off-by-one", {"O": "A % 2 == 1 && v >= 3 && v % 2 == 1"}, [5, 2], "v == 1 at the first head"),
          Mutant("strengthened", {"I1": "A % 2 == 1 && v >= 1 && v % 2 == 1 && r >= 0"}, [5, 2],
                 "r == -1 at the first inner head"),
          Mutant("off-by-one", {"I2": "A % 2 == 1 && v >= 1 && 4 * (A + r) == u * u - v * v - 2 * u + 2 * v + 4"},
                 [5, 2], "the identity is exact"),
          Mutant("off-by-one", {"O": FERMAT_INVARIANT.replace("u - 2 <= A", "u <= A")}, [1, 1],
                 "u == A + 2 at the first head when A == 1"),
          Mutant("weakened", {"O": "A % 2 == 1 && v >= 1 && v % 2 == 1", "I1": "v >= 1", "I2": "v % 2 == 1"}, [],
                 "identity dropped"),
          Mutant("weakened", {name: FERMAT_IDENTITY for name in ("O", "I1", "I2")}, [],
                 "the identity without the bounds: no overflow of u * u follows from it inductively")],
         rand=fermat_inputs),
    Task("nla-digbench/geo1-ll",
         {"L": Loc("while (1)")},
         {"L": "z >= 1 && k >= 1 && 1 <= c && c <= k && (unsigned long long)x * z - x - y + 1 == 0"},
         "x z - x - y + 1 == 0 (computed modulo 2^64, as the program's long long arithmetic wraps)",
         [Mutant("off-by-one", {"L": "z >= 1 && k >= 1 && 1 <= c && c <= k - 1"}, [2, 2], "c == k at the exit"),
          Mutant("strengthened", {"L": "z >= 1 && k >= 1 && 1 <= c && c <= k && x == 1"}, [2, 3],
                 "x == 3 after one iteration"),
          Mutant("weakened", {"L": "z >= 1 && k >= 1 && 1 <= c && c <= k"}, [], "identity dropped")],
         rand=lambda r: [r.randint(0, 12), r.randint(0, 40)]),
    Task("nla-digbench/ps2-ll",
         {"L": Loc("while (1)")},
         {"L": "0 <= c && (c <= k || c == 0) && y == c && 2 * x == y * y + y"},
         "2x == y(y+1)",
         [Mutant("off-by-one", {"L": "0 <= c && (c < k || c == 0) && y == c"}, [1], "c == k at the exit"),
          Mutant("strengthened", {"L": "0 <= c && (c <= k || c == 0) && y == c && x <= 3"}, [5], "x == 6 after 3 iterations"),
          Mutant("off-by-one", {"L": "0 <= c && (c <= k || c == 0) && y == c && 2 * x == y * y + y + 1"}, [0],
                 "x == 0 at the first head"),
          Mutant("weakened", {"L": "0 <= c && y == c"}, [], "x relation dropped")],
         rand=lambda r: [r.choice([r.randint(-5, 20000), r.randint(-2 ** 31, 0)])]),
    Task("nla-digbench/sqrt1-ll",
         {"L": Loc("while (1)")},
         {"L": "0 <= a && a <= 46340 && t == 2 * a + 1 && s == (a + 1) * (a + 1) && (a == 0 || a * a <= n)"},
         "s == (a+1)^2 and a^2 <= n",
         [Mutant("off-by-one", {"L": "0 <= a && a <= 46340 && t == 2 * a + 1 && (a == 0 || a * a < n)"}, [1],
                 "a == 1, n == 1 at the last head"),
          Mutant("strengthened", {"L": "0 <= a && a <= 46340 && t == 2 * a + 1 && s <= n"}, [1], "s == 4 > n at the exit"),
          Mutant("weakened", {"L": "0 <= a && a <= 46340 && t == 2 * a + 1"}, [], "s dropped")],
         rand=lambda r: [r.choice([r.randint(-5, 5000), r.randint(-2 ** 31, 2 ** 31 - 1)])]),
    # ------------------------------------------------------------ ntdrivers-simplified (no loops)
    Task("ntdrivers-simplified/kbfiltr_simpl1.cil",
         {"PNP": loc("if (irpStack__MinorFunction == 0)", function="KbFilter_PnP"),
          "CALL": loc("if (compRegistered) {", function="IofCallDriver"),
          "WAIT": loc("if (s == MPR3) {", 2, function="KeWaitForSingleObject"),
          "COMPLETE": loc("if (s == NP) {\n    s = DC;", function="IofCompleteRequest"),
          "MAIN": loc("if (pended == 1) {\n    if (s == NP)", function="main")},
         {"PNP": "s == NP && NP == 1 && DC == 2 && SKIP1 == 3 && SKIP2 == 4 && MPR1 == 5 && MPR3 == 6 && IPC == 7 "
                 "&& UNLOADED == 0 && compRegistered == 0 && pended == 0 && setEventCalled == 0 && customIrp == 0",
          "CALL": "(s == NP || s == SKIP1) && (compRegistered == 0 || s == NP) && NP == 1 && SKIP1 == 3 "
                  "&& MPR1 == 5 && MPR3 == 6",
          "WAIT": "s == MPR3 && setEventCalled == 1",
          "COMPLETE": "s == NP && NP == 1 && DC == 2",
          "MAIN": "pended == 0 && UNLOADED == 0 && (s == DC || s == SKIP2) && 2 <= s && s <= 4 && DC == 2 "
                  "&& SKIP2 == 4 && IPC == 7"},
         "loop-free: location invariants on the driver state machine",
         [Mutant("strengthened", {"CALL": "s == NP"}, [0, 1, 0, 3, 0, 0, 0, 23, 0, 0, 0, 0],
                 "minor function 23: s == SKIP1 when calling the lower driver"),
          Mutant("off-by-one", {"MAIN": "pended == 0 && 3 <= s && s <= 4"},
                 [0, 1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0], "minor function 0: s == DC == 2 at the end"),
          Mutant("strengthened", {"MAIN": "pended == 0 && s == SKIP2"},
                 [0, 1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0], "minor function 0: s == DC at the end"),
          Mutant("off-by-one", {"WAIT": "s == MPR3 && setEventCalled == 0"},
                 [0, 1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1, 5, 0], "the completion routine set the event"),
          Mutant("weakened", {"PNP": "s == NP", "CALL": "s == NP || s == SKIP1", "MAIN": "s == DC || s == SKIP2"}, [],
                 "constants dropped")],
         rand=lambda r: [r.choice([0, 1, 2, 3, 3, 5, 23, 259, -1]) for _ in range(20)], runs=6),
]


# ---------------------------------------------------------------- generation
def program_of(task: Task) -> Path:
    from instrument.task import load_task_definition
    return Path(load_task_definition(str(BENCH / (task.path + ".yml"))).program)


def position(text: str, needle: str, occurrence: int) -> tuple[int, int]:
    start = -1
    for _ in range(occurrence):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start) + 1
    return line, start - (text.rfind("\n", 0, start) + 1) + 1


def witness_text(task: Task, program: Path, invariants: list, label: str) -> str:
    text = program.read_text(encoding="utf-8")
    digest = hashlib.sha256(program.read_bytes()).hexdigest()
    name = program.name
    entry_uuid = uuid.uuid5(uuid.NAMESPACE_URL, f"validate-correctness/witness-suite/{task.path}/{label}")
    lines = [
        "# Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0",
        f"# {label} witness for {task.path} (generated by tests/witness_suite/make_suite.py)",
        "- entry_type: \"invariant_set\"",
        "  metadata:",
        "    format_version: \"2.0\"",
        f"    uuid: \"{entry_uuid}\"",
        "    creation_time: \"2026-11-23T12:00:00Z\"",
        "    producer:",
        "      name: \"handwritten\"",
        "      version: \"1.0\"",
        "    task:",
        "      input_files:",
        f"        - {json.dumps(name)}",
        "      input_file_hashes:",
        f"        {json.dumps(name)}: \"{digest}\"",
        "      specification: \"G ! call(reach_error())\"",
        "      data_model: \"ILP32\"",
        "      language: \"C\"",
        "  content:",
    ]
    for where, value in invariants:
        line, column = position(text, where.needle, where.occurrence)
        keyword = text[text.index(where.needle):].split("(")[0].strip()
        if where.kind == "loop_invariant":
            assert keyword in ("while", "for", "do"), (task.path, where.needle)
        lines += [
            "    - invariant:",
            f"        type: \"{where.kind}\"",
            "        location:",
            f"          file_name: {json.dumps(name)}",
            f"          line: {line}",
            f"          column: {column}",
            f"          function: \"{where.function}\"",
            f"        value: {json.dumps(value)}",
            "        format: \"c_expression\"",
        ]
    return "\n".join(lines) + "\n"


def invariants_of(task: Task, changes: Optional[dict] = None) -> list:
    values = dict(task.valid)
    for name, value in (changes or {}).items():
        values[name] = value
    return [(task.locations[name], values[name]) for name in task.locations if values.get(name) is not None]


def main() -> int:
    sys.path.insert(0, str(ROOT))
    rows = []
    written = set()
    for old in HERE.glob("*/*.yml"):
        old.unlink()
    for task in TASKS:
        program = program_of(task)
        category, name = task.path.split("/")
        directory = HERE / category
        directory.mkdir(exist_ok=True)
        task_rel = f"sv-benchmarks/c/{task.path}.yml"
        limit = "" if task.exec_limit is None else str(task.exec_limit)
        valid_file = directory / f"{name}.valid.yml"
        valid_file.write_text(witness_text(task, program, invariants_of(task), "valid"), encoding="utf-8")
        if task.rand is None:
            vectors = [[]]
        else:
            rng = random.Random(f"witness-suite/{task.path}")
            vectors = [task.rand(rng) for _ in range(task.runs)]
        rows.append([valid_file.relative_to(HERE).as_posix(), task_rel, "valid", "confirm",
                     json.dumps([rle(v) for v in vectors]), limit, task.note])
        counters: dict = {}
        for mutant in task.mutants:
            assert mutant.kind in KINDS[1:], mutant.kind
            counters[mutant.kind] = counters.get(mutant.kind, 0) + 1
            label = mutant.kind if counters[mutant.kind] == 1 else f"{mutant.kind}-{counters[mutant.kind]}"
            path = directory / f"{name}.{label}.yml"
            assert path not in written
            written.add(path)
            path.write_text(witness_text(task, program, invariants_of(task, mutant.changes), label),
                            encoding="utf-8")
            inputs = "" if mutant.kind == "weakened" else json.dumps(rle(mutant.inputs))
            rows.append([path.relative_to(HERE).as_posix(), task_rel, mutant.kind, EXPECTATION[mutant.kind],
                         inputs, limit, mutant.note])
    with open(HERE / "MANIFEST.tsv", "w", encoding="utf-8") as f:
        f.write(MANIFEST_HEADER)
        f.write("witness\ttask\tkind\texpectation\tinputs\texec_limit\tnote\n")
        for row in rows:
            assert all("\t" not in c and "\n" not in c for c in row)
            f.write("\t".join(row) + "\n")
    print(f"{len(TASKS)} tasks, {len(rows)} witnesses")
    return 0


MANIFEST_HEADER = """\
# Our own witness suite for the expected-true unreach-call tasks of ../shared/corpus (issue 3, item 7).
# Generated by make_suite.py.  Columns: witness (relative to this folder), task (relative to the corpus),
# kind (valid / off-by-one / strengthened / moved / weakened), expectation (confirm: valid; reject: the
# witness is wrong; not-false: true but maybe too weak, must never be rejected), inputs (JSON: for a
# wrong mutant the nondet values of an execution on which a mutated invariant is false; for a valid
# witness a list of random executions on which it holds; {"value": v, "repeat": n} is a run of n
# values), exec_limit (empty: replay runs the program to its end; seconds: no execution of this
# program ends within replay's own 10 s limit, so the test replays a prefix of it, stopping the
# program after that many seconds), note.
# `moved` mutants exist where a program has two or more loops and an invariant of one loop is false
# at another (not for array_4, SpamAssassin-loop, fermat1-ll: no such invariant whose values are
# defined at the other loop); kbfiltr_simpl1.cil has no loops (location invariants only).
# All invariants are true under the validator's semantics, where signed overflow wraps (trex04 with
# d == -1 and geo1-ll with large k overflow; their invariants hold modulo 2^32 / 2^64).
#
# Expected-true tasks NOT covered:
#   array-examples/standard_copy1_ground-1  needs a quantified invariant (a1[k] == a2[k] for all k < i,
#                                           100000 elements): not expressible as a C expression
#   loops/insertion_sort-2                  variable-length array (front end: Unsupported) and a
#                                           quantified sortedness invariant
#   nla-digbench-scaling/cohencu-ll_unwindbound1
#                                           the program reaches reach_error (a == 1: after one
#                                           iteration 6*a*x - x*z + 12*x == 6), so no valid witness
#                                           exists; the corpus's expected verdict `true` is wrong
#   recursive-simple/afterrec-2, fibo_10-2, fibo_20-2, fibo_5-1, id_i10_o10-2
#                                           recursion (front end: Unsupported)
"""

if __name__ == "__main__":
    sys.exit(main())
