"""Native random testing: the gcc-compiled program run on random inputs, many times.

Our interpreter (`testing.py`) runs thousands of loop iterations per second, the compiled
program hundreds of millions: errors behind long loops whose length an input chooses (a
counter up to n >= 65536, say) are found here.  Every nondet call draws a value of its type
(small numbers, magnitudes of every bit length, neighbours of powers of two, uniform bits)
and records it; when the error is reached or a check fails, the run prints the values drawn so
far, which are the counterexample's inputs.  The pipeline replays them like any other.
"""
from __future__ import annotations

import os
import struct
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

from ..execution.harness import compile_program, program_text, read_markers

# one execution (10^8 loop iterations or so); longer ones are stopped: most of them come from
# huge random values and would take all the time
RUN_SECONDS = 0.05
# the first execution may take this long (at most a third of the budget); when it ends by
# itself in more than RUN_SECONDS, every later one may take twice as long as it did: a
# program whose every execution is long (three loops over arrays of 100000 elements filled
# from inputs: 0.15 s with the inputs printed) is not cut short, and one whose first run
# drew a huge loop bound costs that run alone (every eighth run long took 2 s of bitvector/
# sum02-1's 3, whose error needs many short runs)
LONG_RUN_SECONDS = 1.0
# inputs of one execution that can make a counterexample: loops that fill arrays of 100000
# elements from inputs need that many (array-examples/standard_copy*); the arrays are in the
# build's zeroed data, whose pages cost nothing until a run writes them
MAX_RECORDED = 1 << 20

# xorshift64*, seeded from FUZZ_SEED; the C library under names of our own (see harness.py)
SOURCE = [
    'extern char *__fuzz_getenv(const char *) __asm__("getenv");',
    'extern long long __fuzz_atoll(const char *) __asm__("atoll");',
    "static unsigned long long __fuzz_state;",
    f"static long long __fuzz_values[{MAX_RECORDED}];",
    "static int __fuzz_count;",
    # the kinds of integer values (`__fuzz_next`) this run draws, one bit each: every kind
    # with an odd seed, a subset chosen by the seed with an even one ("swarm testing": a run
    # that never draws small values passes `while (nondet())` a thousand times, which no run
    # drawing every kind does: loop-lit/afnp2014's wrong `y <= 999` at its loop head)
    "static unsigned __fuzz_kinds;",
    "static void __fuzz_start(void) { const char *seed = __fuzz_getenv(\"FUZZ_SEED\");",
    "  unsigned long long number = seed ? (unsigned long long)__fuzz_atoll(seed) : 1;",
    "  __fuzz_state = 0x9E3779B97F4A7C15ULL * number + 1;",
    "  __fuzz_kinds = (number & 1) ? 0xff"
    " : (unsigned)(((number * 0xD1B54A32D192ED03ULL) >> 40) % 255) + 1; }",
    "static unsigned long long __fuzz_random(void) {",
    "  if (!__fuzz_state) __fuzz_start();",
    "  __fuzz_state ^= __fuzz_state >> 12; __fuzz_state ^= __fuzz_state << 25;",
    "  __fuzz_state ^= __fuzz_state >> 27; return __fuzz_state * 2685821657736338717ULL; }",
    # a value for a type of `size` bytes: small, of a random bit length, next to a power of
    # two, or any bits
    "static long long __fuzz_next(unsigned size) {",
    "  unsigned long long kind, r, v;",
    # (the first `__fuzz_random()` reads the seed, and with it the kinds)
    "  do kind = __fuzz_random() % 8; while (!(__fuzz_kinds >> kind & 1));",
    "  r = __fuzz_random();",
    "  unsigned width = size >= 8 ? 64 : 8 * size;",
    "  if (kind == 0) return (long long)(r % 33) - 16;",
    "  if (kind <= 4) { unsigned bits = r % width + 1; v = __fuzz_random();",
    "    if (bits < 64) v &= (1ULL << bits) - 1;",
    "    return (__fuzz_random() & 1) ? -(long long)v : (long long)v; }",
    "  if (kind == 5) return (long long)(1ULL << (r % width)) + (long long)(__fuzz_random() % 3) - 1;",
    "  return (long long)r; }",
    f"static unsigned char __fuzz_floating[{MAX_RECORDED}];",
    "static void __fuzz_record(long long value) {",
    f"  if (__fuzz_count < {MAX_RECORDED}) __fuzz_values[__fuzz_count] = value;",
    "  __fuzz_count++; }",
    # a floating value: drawn as any bits, a small integer or a tenth of one (NaN, the
    # infinities, zeros, subnormals all come from the bits), recorded as its double's bits
    "static double __fuzz_next_double(unsigned size) {",
    "  unsigned long long kind = __fuzz_random() % 4, r = __fuzz_random(); double d; float f;",
    "  if (kind == 0) return (double)((long long)(r % 2001) - 1000);",
    "  if (kind == 1) return ((double)((long long)(r % 2001) - 1000)) / 10;",
    "  if (size == 4) { unsigned int b = (unsigned int)r; __builtin_memcpy(&f, &b, 4); return f; }",
    "  __builtin_memcpy(&d, &r, 8); return d; }",
    "static void __fuzz_record_double(double value) { long long bits;",
    "  __builtin_memcpy(&bits, &value, 8);",
    f"  if (__fuzz_count < {MAX_RECORDED}) __fuzz_floating[__fuzz_count] = 1;",
    "  __fuzz_record(bits); }",
    "static void __fuzz_report(void) { int i;",
    f"  if (__fuzz_count > {MAX_RECORDED}) {{ __replay_printf(\"FUZZ-TOO-MANY-INPUTS\\n\"); return; }}",
    '  __replay_printf("FUZZ-INPUTS");',
    "  for (i = 0; i < __fuzz_count; i++) if (__fuzz_floating[i]) "
    '__replay_printf(" d:%llx", (unsigned long long)__fuzz_values[i]); '
    'else __replay_printf(" %lld", __fuzz_values[i]);',
    '  __replay_printf("\\n"); }',
]
# a value of the nondet function's own type, recorded after the conversion (GNU C)
# (a floating one recorded as the bits of its double: `(long long)__v` could trap)
NEXT_VALUE = ("({ {type} __v = _Generic(({type})0, float: __fuzz_next_double(4), "
              "double: __fuzz_next_double(8), default: ({type})__fuzz_next(sizeof({type}))); "
              "_Generic(__v, float: __fuzz_record_double(__v), double: __fuzz_record_double(__v), "
              "default: __fuzz_record((long long)__v)); __v; })")


@dataclass
class FuzzResult:
    runs: int = 0
    error_inputs: list | None = None                  # values that reach the error
    failed_checks: dict = field(default_factory=dict)  # (index, where) -> values
    message: str = ""


def fuzz(weave_result, error_function: str, data_model: str, deadline: float,
         stop_at_error: bool = True) -> FuzzResult:
    """Executions with seeds 1, 2, ... until the deadline (or the error is reached)."""
    result = FuzzResult()
    text = program_text(weave_result, error_function, SOURCE, NEXT_VALUE, report="__fuzz_report();")
    with tempfile.TemporaryDirectory(prefix="fuzz-") as directory:
        binary, result.message = compile_program(text, data_model, directory,
                                                 max(1.0, deadline - time.monotonic()))
        if binary is None:
            return result
        seed = 0
        limit = min(LONG_RUN_SECONDS, max(RUN_SECONDS, (deadline - time.monotonic()) / 3))
        while time.monotonic() < deadline - 0.05:
            seed += 1
            environment = dict(os.environ, FUZZ_SEED=str(seed))
            started = time.monotonic()
            ended = False
            try:
                run = subprocess.run([binary], capture_output=True, text=True, env=environment,
                                     timeout=min(limit, max(0.05, deadline - time.monotonic())))
                output, ended = run.stdout, True
            except subprocess.TimeoutExpired as e:
                output = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            if seed == 1:
                took = time.monotonic() - started
                limit = max(RUN_SECONDS, min(LONG_RUN_SECONDS, 2 * took)) if ended else RUN_SECONDS
            result.runs += 1
            _take(output, result)
            if stop_at_error and result.error_inputs is not None:
                break
    return result


def _take(output: str, result: FuzzResult) -> None:
    """The first counterexample of each kind: each marker follows the line of its inputs."""
    inputs = None
    for line in output.splitlines():
        if line.startswith("FUZZ-INPUTS"):
            inputs = [_number(v) for v in line.split()[1:]]
            continue
        if line == "FUZZ-TOO-MANY-INPUTS":
            inputs = None
            continue
        reached_error, failed = read_markers([line])
        if inputs is None:
            continue
        if reached_error and result.error_inputs is None:
            result.error_inputs = inputs
        for check in failed:
            result.failed_checks.setdefault(check, inputs)


def _number(text: str):
    """A recorded input: an integer, or `d:` and the hex bits of a floating value's double."""
    if text.startswith("d:"):
        return struct.unpack("<d", struct.pack("<Q", int(text[2:], 16)))[0]
    return int(text)
