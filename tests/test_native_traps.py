"""The gcc build of the replay and of native runs traps every undefined behaviour the encoder
models, in both data models.  Native execution may prove a program (a run that ends by itself
had no undefined behaviour) only because of this: each kind is checked here, with a control
run that ends normally (same program, an input without the undefined behaviour)."""
from __future__ import annotations

import subprocess

import pytest

from pycparserext.ext_c_parser import GnuCParser

from validator.execution.harness import c_text, compile_program

# name: (declarations, statement with undefined behaviour when k == 1; defined when k == 0)
KINDS = {
    "int addition": ("int x = 2147483647;", "x = x + k;"),
    "int subtraction": ("int x = -2147483647 - 1;", "x = x - k;"),
    "int multiplication": ("int x = 1 << 29;", "x = x * (k + 1) * 2;"),
    "int negation": ("int x = -2147483647 - k;", "x = -x;"),
    "int increment": ("int x = 2147483647 - 1 + k;", "x++;"),
    "long long addition": ("long long x = 9223372036854775807LL;", "x = x + k;"),
    "long long multiplication": ("long long x = 1LL << 62;", "x = x * (k + 1);"),
    "int division INT_MIN / -1": ("int x = -2147483647 - 1;", "x = x / (k ? -1 : 1);"),
    "int remainder INT_MIN % -1": ("int x = -2147483647 - 1;", "x = x % (k ? -1 : 1);"),
    "long long division LLONG_MIN / -1": ("long long x = -9223372036854775807LL - 1;",
                                          "x = x / (k ? -1 : 1);"),
    "long long remainder LLONG_MIN % -1": ("long long x = -9223372036854775807LL - 1;",
                                           "x = x % (k ? -1 : 1);"),
    "division by zero": ("int x = 7;", "x = x / (1 - k);"),
    "long long division by zero": ("long long x = 7;", "x = x / (1 - k);"),
    "remainder by zero": ("int x = 7;", "x = x % (1 - k);"),
    "shift by the width": ("int x = 0;", "x = x << (31 + k);"),
    "shift by a negative amount": ("int x = 1;", "x = x >> (0 - k);"),
    "left shift of a negative value": ("int x = 1 - 2 * k;", "x = x << 1;"),
    "left shift out of range": ("int x = 1 << 29;", "x = x << (1 + k);"),
    "long long shift by the width": ("long long x = 0;", "x = x << (63 + k);"),
    "array index out of bounds": ("int a[3] = {1, 2, 3}; int x;", "x = a[2 + k];"),
    "array index below zero": ("int a[3] = {1, 2, 3}; int x;", "x = a[0 - k];"),
    "__builtin_unreachable reached": ("int x = 0;", "if (k) __builtin_unreachable();"),
    "union member array index past its array": ("union { int i; char c[2]; } u; int x;",
                                                 "u.i = 0; x = u.c[1 + k];"),
    "_Bool union member read from a byte other than 0 or 1": (
        "union { _Bool b; unsigned char c; } u; int x;", "u.c = 1 + k; x = u.b;"),
    # GCC folds `x * 2 >= x` to `x >= 0` and `e || 1` to 1 (the undefined cases are its to
    # choose): the operations printed in their own type keep the evaluation
    "overflow GCC would fold in a comparison": ("int x = 1 + 1073741824 * k;", "x = x * 2 >= x;"),
    "division GCC would fold under || 1": ("int x = 7;", "x = (x / (1 - k) >= 0) || 1;"),
    # GCC computes an arithmetic result used only in a narrower type in that type (no overflow
    # check left): the harness prints each operation as a statement expression of its own type
    "overflow under a cast to char": ("int x = 1 + 100000000 * k; signed char c;",
                                      "c = (signed char)(x * 37);"),
    "overflow assigned to char": ("int x = 1 + 100000000 * k; signed char c;", "c = x * 37;"),
    "overflow assigned to short": ("int x = 1 + 2147483646 * k; short c;", "c = x + 2;"),
    "overflow under a mask": ("int x = 1 + 100000000 * k;", "x = (x * 37) & 0xff;"),
    "overflow compared as char": ("int x = 1 + 100000000 * k;", "x = (signed char)(x * 37) < 0;"),
    "negation assigned to char": ("int x = -2147483647 - k; signed char c;", "c = -x;"),
    # ... and `c *= x` for a narrow lvalue in the narrow type: printed as `c = c * x`
    "compound multiplication of a char": ("int x = 0; signed char c = 3; "
                                          "int big = 1 + 1073741822 * k;", "c *= big;"),
    "compound multiplication of a bit-field": ("int x = 0; struct { int i : 3; } s = { 3 }; "
                                               "int big = 1 + 1073741822 * k;", "s.i *= big;"),
    "compound multiplication through a pointer": (
        "int x = 0; short h = 3; short *p = &h; int big = 1 + 1073741822 * k;", "*p *= big;"),
    # an lvalue with side effects: evaluated once through a pointer to it (or to its struct)
    "compound multiplication of a char at a[i++]": (
        "int x = 0; int i = 0; signed char a[2] = { 3, 3 }; int big = 1 + 1073741822 * k;",
        "a[i++] *= big; x = i - 1;"),
    "compound multiplication of a bit-field at a[i++]": (
        "int x = 0; int i = 0; struct { int f : 3; } a[2] = { { 3 }, { 3 } }; "
        "int big = 1 + 1073741822 * k;", "a[i++].f *= big; x = i - 1;"),
    "compound multiplication of a bit-field at p++->f": (
        "int x = 0; struct T { int f : 3; } a[2] = { { 3 }, { 3 } }; struct T *p = a; "
        "int big = 1 + 1073741822 * k;", "p++->f *= big; x = (int)(p - a) - 1;"),
}

PROGRAM = """
extern int atoi(const char *);
int main(int argc, char **argv) {
  volatile int k = atoi(argv[1]);
  %s
  %s
  return (int)(x & 1) * 0 + (int)sizeof(k) * 0;
}
"""


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    built = {}
    for data_model in ("ILP32", "LP64"):
        for name, (declarations, statement) in KINDS.items():
            directory = tmp_path_factory.mktemp("trap")
            # through the harness's own printing of the parsed program, as replays do
            ast = GnuCParser().parse(PROGRAM % (declarations, statement))
            binary, message = compile_program(c_text(ast), data_model, str(directory),
                                              timeout=60.0)
            assert binary is not None, message
            built[(data_model, name)] = binary
    return built


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_modelled_undefined_behaviour_traps(binaries, data_model, kind):
    binary = binaries[(data_model, kind)]
    control = subprocess.run([binary, "0"], capture_output=True, timeout=10)
    assert control.returncode == 0, "the control run (no undefined behaviour) must end normally"
    run = subprocess.run([binary, "1"], capture_output=True, timeout=10)
    # a trap (SIGILL from the sanitizer, SIGFPE from the divider): never a normal end
    assert run.returncode < 0, f"{kind} ({data_model}) ran to its end: exit {run.returncode}"


LABELLED = """
extern int atoi(const char *);
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  int a = 0;
  __typeof__(n + 1) t = n * 2;
  int s = sizeof(n + 1);
  int arr[n + 2];
  arr[0] = n - 1;
  switch (n) { case 3: a = a + 1; break; default: a = a - 1; }
  for (int i = 0; i < n - 1; i++) { a = a + i; }
  a = n ? a << 1 : -a;
%s
  a = a + 2147480000;
  return (a + t + s + arr[0] + n) == 0;
}
"""


def test_each_checked_operation_starts_a_basic_block(tmp_path):
    """The replay build puts a local label before each operation it checks (gcc -O0 splits a
    basic block at every inline trap, moving the rest of the block each time: a long
    straight-line function took minutes to compile); the label is accepted wherever an
    operation may stand (typeof, sizeof, array sizes, case bodies, loops) and changes nothing:
    the last of a long run of additions still traps, and only there."""
    body = "\n".join(["  a = a + 1;"] * 3000)
    text = c_text(GnuCParser().parse(LABELLED % body))
    operations = text.count("__auto_type __own_type_")
    assert operations > 3000 and text.count("__label__ __own_block_") == operations
    binary, message = compile_program(text, "ILP32", str(tmp_path), timeout=120.0)
    assert binary is not None, message
    assert subprocess.run([binary, "3"], capture_output=True, timeout=10).returncode == 0
    # a is 3004 before the last addition for n = 3; about 2.02e9 for n = 45000 (its loop)
    run = subprocess.run([binary, "45000"], capture_output=True, timeout=30)
    assert run.returncode < 0
