"""A self-check of the generator: a sample of its programs compiles with gcc in both data models.

The plain program (the validator's input) is compiled with `-Wall`: every warning outside
`BENIGN` (what random expressions produce on purpose: constant comparisons, conversions that
change a constant, unused variables) is reported, so an implicit declaration, a pointer
type mismatch or a missing return shows up here and not as a strange verdict.  The
ground-truth text (instrumentation and driver declarations included) must compile with
`-Werror=implicit-function-declaration`.  Programs whose names do not resolve (ScopeError,
discarded by the campaign) are counted apart.
"""
from __future__ import annotations

import re
import subprocess
from collections import Counter

from .analysis import ScopeError, locations
from .campaign import program_seed
from .cprog import MODELS, Mode
from .driver import SUPPORT, domains_c
from .generate import generate

BENIGN = {"unused-label", "unused-variable", "unused-but-set-variable", "unused-local-typedefs",
          "bool-compare", "bool-operation", "tautological-compare", "overflow",
          "switch", "switch-outside-range", "switch-bool", "int-in-bool-context", "char-subscripts",
          "enum-compare", "shift-count-negative", "shift-count-overflow", "div-by-zero",
          "shift-negative-value", "array-bounds", "parentheses", "unused-value",
          "logical-not-parentheses", "sequence-point", "dangling-else", "type-limits",
          "sizeof-array-div"}
MACHINE = {"ILP32": ["-m32", "-msse2", "-mfpmath=sse"], "LP64": ["-m64"]}


def _gcc(text: str, model: str, flags: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(["gcc", *MACHINE[model], "-std=gnu11", "-fsyntax-only", *flags,
                           "-x", "c", "-"], input=text, capture_output=True, text=True,
                          timeout=60)


def self_check(count: int, seed: int, features: frozenset) -> list[str]:
    """Problems found in `count` programs of the campaign's seeds (empty: all good)."""
    problems: list[str] = []
    scope_errors = 0
    warnings: Counter = Counter()
    for index in range(count):
        program = generate(program_seed(seed, index), features)
        try:
            locations(program)
        except ScopeError:
            scope_errors += 1
        plain = program.render()
        for model in MODELS:
            done = _gcc(plain, model, ["-Wall"])
            for line in done.stderr.splitlines():
                kind = re.search(r"\[-W([a-z0-9-]+)(=\d+)?\]", line)
                if "error:" in line or (kind and kind.group(1) not in BENIGN):
                    problems.append(f"program {seed}:{index} ({model}, plain): {line}")
                elif kind:
                    warnings[kind.group(1)] += 1
            if done.returncode != 0 and not problems:
                problems.append(f"program {seed}:{index} ({model}, plain): gcc failed")
            text = SUPPORT + domains_c(program.draws, model) + program.render(Mode(gt=True))
            done = _gcc(text, model, ["-w", "-Werror=implicit-function-declaration"])
            if done.returncode != 0:
                problems.append(f"program {seed}:{index} ({model}, ground truth): "
                                f"{done.stderr.strip()[:500]}")
    if scope_errors:
        print(f"({scope_errors} of {count} programs would be discarded: names that do not "
              "resolve)")
    print("benign warnings: " + ", ".join(f"{k} {n}" for k, n in warnings.most_common()))
    return problems
