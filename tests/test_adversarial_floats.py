"""Adversarial tests of `float` and `double` (issue 16, floating-point part).

Each program is one a careless floating-point model gets wrong (NaN compared as a number,
-0.0 taken for +0.0, float arithmetic done in double, out-of-range conversions to integers
taken as wrapping, literals rounded twice, x87 excess precision, ...).  Its ground truth
comes from gcc, in both data models, built as the harness builds: `-m32 -msse2 -mfpmath=sse`
(ILP32) or `-m64` (LP64), `-ffp-contract=off`, with `-fsanitize=float-cast-overflow` trapping
the undefined conversions.  The nondet functions read the bits of their values from argv.

For every case: a `true` only where no probe input reaches the error (and the program's
logic says none can), a `false` only where a probe input reaches it without a trap, an
`unknown` where a probe traps (undefined behaviour) or the construct is not modelled.
"""
from __future__ import annotations

import math
import struct
import subprocess
from pathlib import Path

import pytest

from conftest import dedent, validate_with_report as _validate

HEAD = dedent("""
    extern void abort(void);
    extern int __VERIFIER_nondet_int(void);
    extern float __VERIFIER_nondet_float(void);
    extern double __VERIFIER_nondet_double(void);
    void reach_error(void) { abort(); }
    """)

# the nondet functions of the ground-truth build: each reads the next argv word (hex bits for
# the floating types, decimal for int)
GROUND_TRUTH_INPUTS = dedent("""
    extern unsigned long long strtoull(const char *, char **, int);
    extern long long strtoll(const char *, char **, int);
    extern int puts(const char *);
    extern void exit(int);
    static char **gt_args; static int gt_next = 1;
    static const char *gt_word(void) { return gt_args[gt_next] ? gt_args[gt_next++] : "0"; }
    int __VERIFIER_nondet_int(void) { return (int)strtoll(gt_word(), 0, 10); }
    long long __VERIFIER_nondet_longlong(void) { return strtoll(gt_word(), 0, 10); }
    unsigned long long __VERIFIER_nondet_ulonglong(void) { return strtoull(gt_word(), 0, 10); }
    float __VERIFIER_nondet_float(void) {
      unsigned int b = (unsigned int)strtoull(gt_word(), 0, 16); float f;
      __builtin_memcpy(&f, &b, 4); return f; }
    double __VERIFIER_nondet_double(void) {
      unsigned long long b = strtoull(gt_word(), 0, 16); double d;
      __builtin_memcpy(&d, &b, 8); return d; }
    void reach_error(void) { puts("ERROR"); exit(0); }
    """)
GCC_FLAGS = {"ILP32": ["-m32", "-msse2", "-mfpmath=sse"], "LP64": ["-m64"]}


def _float(value: float) -> str:
    return "%08x" % struct.unpack("<I", struct.pack("<f", value))[0]


def _double(value: float) -> str:
    return "%016x" % struct.unpack("<Q", struct.pack("<d", value))[0]


NAN = math.nan
INF = math.inf


def _ground_truth(tmp_path: Path, source: str, model: str, inputs=(),
                  flags=None) -> str:
    """"error", "trap" (undefined behaviour) or "ok" for one run of the gcc build."""
    text = source.replace(HEAD, "").replace("int main(void) {",
                                            "int main(int argc, char **argv) { gt_args = argv;")
    program = tmp_path / "gt.c"
    program.write_text(GROUND_TRUTH_INPUTS + text)
    binary = tmp_path / f"gt-{model}"
    build = flags if flags is not None else GCC_FLAGS[model] + [
        "-ffp-contract=off", "-fsanitize=float-cast-overflow",
        "-fsanitize-undefined-trap-on-error"]
    subprocess.run(["gcc", "-O0", "-w", *build, str(program), "-o", str(binary)], check=True)
    run = subprocess.run([str(binary), *inputs], capture_output=True, text=True, timeout=60)
    if "ERROR" in run.stdout:
        return "error"
    return "trap" if run.returncode < 0 else "ok"


def check_ground_truth(tmp_path: Path, source: str, model: str, probes, verdict: str) -> None:
    """The probes agree with the expected verdict: none reaches the error of a `true`
    program, one reaches it in a `false` one, one traps in an `unknown` one."""
    outcomes = {_ground_truth(tmp_path, source, model, words) for words in probes}
    if verdict == "true":
        assert outcomes == {"ok"}, outcomes
    elif verdict == "false":
        assert "error" in outcomes, outcomes
    else:
        assert "trap" in outcomes, outcomes


# name -> (program, verdict, probe inputs (argv words) for the ground truth, what the
# reason must name when the verdict is unknown)
CASES = {
    # NaN is the one value that differs from itself: any bit pattern is an input
    "nan_differs_from_itself": (HEAD + dedent("""
        int main(void) {
          float x = __VERIFIER_nondet_float();
          if (x != x) reach_error();
          return 0;
        }
        """), "false", [[_float(NAN)], [_float(1.0)]], None),
    # the guard `!(x >= 10)` is not `x < 10`: a NaN never leaves the loop, nor does a huge
    # negative x (x + 1 == x)
    "nan_keeps_a_loop_going": (HEAD + dedent("""
        int main(void) {
          float x = __VERIFIER_nondet_float();
          int n = 0;
          while (!(x >= 10.0f)) {
            x = x + 1.0f;
            n++;
            if (n > 100) reach_error();
          }
          return 0;
        }
        """), "false", [[_float(NAN)], [_float(0.0)]], None),
    # the task nan_float_range: the range test filters NaN out
    "range_test_excludes_nan": (HEAD + dedent("""
        int main(void) {
          float x = __VERIFIER_nondet_float();
          if (x >= -1e10 && x <= 1e10) {
            if (!(x == x)) reach_error();
          }
          return 0;
        }
        """), "true", [[_float(NAN)], [_float(INF)], [_float(-0.0)]], None),
    # -0.0 == 0.0, yet 1 / -0.0 is -infinity (Annex F: no undefined behaviour)
    "negative_zero_divides_to_minus_infinity": (HEAD + dedent("""
        int main(void) {
          double z = -0.0;
          if (z == 0.0 && 1.0 / z < 0) reach_error();
          return 0;
        }
        """), "false", [[]], None),
    # -0.0 is false as a truth value, NaN true
    "truth_of_negative_zero_and_nan": (HEAD + dedent("""
        int main(void) {
          double z = -0.0;
          double n = 0.0 / 0.0;
          if (z) reach_error();
          if (!n) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # (int)2147483648.0f is undefined (C11 6.3.1.4p1), not INT_MIN
    "float_to_int_out_of_range": (HEAD + dedent("""
        int main(void) {
          float f = 2147483648.0f;
          int i = (int)f;
          if (i < 0) reach_error();
          return 0;
        }
        """), "unknown", [[]], "conversion of a floating value that does not fit"),
    "nondet_float_to_int": (HEAD + dedent("""
        int main(void) {
          float f = __VERIFIER_nondet_float();
          if (f > 0) {
            int i = (int)f;
            if (i < 0) reach_error();
          }
          return 0;
        }
        """), "unknown", [[_float(3e9)], [_float(INF)]],
        "conversion of a floating value that does not fit"),
    # a negative value to unsigned: undefined from -1 on, but -0.5 truncates to 0
    "negative_float_to_unsigned": (HEAD + dedent("""
        int main(void) {
          float f = -1.0f;
          unsigned u = (unsigned)f;
          if (u == 0) reach_error();
          return 0;
        }
        """), "unknown", [[]], "conversion of a floating value that does not fit"),
    "minus_one_half_to_unsigned_is_zero": (HEAD + dedent("""
        int main(void) {
          float f = -0.5f;
          unsigned u = (unsigned)f;
          if (u != 0) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # 16777217 has no float: it rounds to 16777216 (nearest even)
    "int_to_float_rounds": (HEAD + dedent("""
        int main(void) {
          int n = 16777217;
          float f = n;
          if (f != 16777216.0f) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # 0.1f + 0.2f is 0.3f in float; 0.1 + 0.2 is not 0.3 in double
    "float_sum_is_computed_in_float": (HEAD + dedent("""
        int main(void) {
          float x = 0.1f, y = 0.2f;
          if (x + y != 0.3f) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    "double_sum_is_inexact": (HEAD + dedent("""
        int main(void) {
          double a = 0.1, b = 0.2;
          if (a + b != 0.3) reach_error();
          return 0;
        }
        """), "false", [[]], None),
    # a float compared with a double constant is promoted: 0.1f != 0.1
    "float_promoted_against_double_constant": (HEAD + dedent("""
        int main(void) {
          float f = 0.1f;
          if (f == 0.1) reach_error();
          if (f != 0.1f) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # SSE: x * 10 overflows to infinity in double; the x87 unit (80-bit registers) would
    # keep 1e309 and divide back to 1e308 (checked below)
    "no_excess_precision": (HEAD + dedent("""
        int main(void) {
          double x = 1e308;
          double y = x * 10.0 / 10.0;
          if (y == 1e308) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # floating division by zero is infinity (Annex F), not undefined
    "division_by_zero_is_infinite": (HEAD + dedent("""
        int main(void) {
          double z = 0.0;
          double r = 1.0 / z;
          if (r > 1e308) reach_error();
          return 0;
        }
        """), "false", [[]], None),
    # unsigned operands convert as unsigned: 4294967295u is 2^32 as a float, not -1; 3e9f
    # fits an unsigned int; a double beyond FLT_MAX converts to infinity (defined)
    "unsigned_and_narrowing_conversions": (HEAD + dedent("""
        int main(void) {
          unsigned u = 4294967295u;
          float f = u;
          if (f != 4294967296.0f) reach_error();
          unsigned v = (unsigned)3e9f;
          if (v != 3000000000u) reach_error();
          double d = 1e300;
          float g = (float)d;
          if (!(g > 3e38f) || g == d) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # 64-bit integers (x87 code on i386 even with -mfpmath=sse): 2^64 - 1 is 2^64 as a
    # float, the largest double below 2^64 converts back exactly, 2^63 + 1 rounds to 2^63
    "sixty_four_bit_conversions": (HEAD + dedent("""
        int main(void) {
          unsigned long long u = 18446744073709551615ULL;
          float f = u;
          if (f != 0x1p64f) reach_error();
          double d = 18446744073709549568.0;
          unsigned long long w = (unsigned long long)d;
          if (w != 18446744073709549568ULL) reach_error();
          long long n = -9223372036854775807LL - 1;
          double e = n;
          if (e != -0x1p63 || (long long)e != n) reach_error();
          double g = (double)(9223372036854775808ULL + 1);
          if (g != 0x1p63) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    "double_to_unsigned_long_long_overflow": (HEAD + dedent("""
        int main(void) {
          double d = 18446744073709551616.0;
          unsigned long long w = (unsigned long long)d;
          if (w == 0) reach_error();
          return 0;
        }
        """), "unknown", [[]], "conversion of a floating value that does not fit"),
    # a large nondet float absorbs + 1
    "absorbing_addition": (HEAD + dedent("""
        int main(void) {
          float x = __VERIFIER_nondet_float();
          if (x > 0 && x + 1.0f == x) reach_error();
          return 0;
        }
        """), "false", [[_float(1e8)], [_float(1.0)]], None),
    # compound assignments and ++ on a float
    "compound_assignment_and_increment": (HEAD + dedent("""
        int main(void) {
          float f = 0.5f;
          f += 1;
          f++;
          f *= 2;
          --f;
          if (f != 4.0f) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # _Bool from a float is x != 0 (0.5f is true), not a conversion through int
    "bool_from_float": (HEAD + dedent("""
        int main(void) {
          _Bool b = 0.5f;
          _Bool n = __VERIFIER_nondet_float();
          if (!b) reach_error();
          if (n != 0 && n != 1) reach_error();
          return 0;
        }
        """), "true", [[_float(NAN)], [_float(0.25)]], None),
    # float -> double -> float is the identity on every value but NaN
    "float_double_round_trip": (HEAD + dedent("""
        int main(void) {
          float f = __VERIFIER_nondet_float();
          double d = f;
          float g = (float)d;
          if (f == f && g != f) reach_error();
          return 0;
        }
        """), "true", [[_float(1e-45)], [_float(-INF)], [_float(0.1)]], None),
    # ten times 0.1f is not 1.0f
    "accumulated_rounding_in_a_loop": (HEAD + dedent("""
        int main(void) {
          float x = 0.0f;
          int i;
          for (i = 0; i < 10; i++) x += 0.1f;
          if (x == 1.0f) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # 2^54 + 2^30 + 1 to float directly rounds up to 2^54 + 2^31; through double (2^54 + 2^30,
    # a tie) it would round down to 2^54
    "long_long_to_float_rounds_once": (HEAD + dedent("""
        int main(void) {
          long long n = 18014399583223809LL;
          float f = (float)n;
          if (f != 0x1.000002p54f) reach_error();
          return 0;
        }
        """), "true", [[]], None),
    # fabs(-0.0) is +0.0, isnan through the built-in
    "fabs_and_isnan": (HEAD + dedent("""
        double fabs(double);
        int main(void) {
          double x = __VERIFIER_nondet_double();
          double z = fabs(-0.0);
          if (1.0 / z < 0) reach_error();
          if (__builtin_isnan(x) && x == x) reach_error();
          if (fabs(x) < 0) reach_error();
          return 0;
        }
        """), "true", [[_double(NAN)], [_double(-INF)]], None),
    # <math.h>'s classification macros (GCC built-ins): isinf gives the sign
    "math_h_classification": (dedent("""
        #include <math.h>
        """) + HEAD + dedent("""
        int main(void) {
          float x = __VERIFIER_nondet_float();
          if (isinf(x) && x < 0 && isinf(x) != -1) reach_error();
          if (isfinite(x) && (isnan(x) || isinf(x))) reach_error();
          if (!isfinite(x) && !isnan(x) && !isinf(x)) reach_error();
          if (isinf(-INFINITY) != -1 || !isnan(NAN) || isfinite(HUGE_VAL)) reach_error();
          return 0;
        }
        """), "true", [[_float(-INF)], [_float(NAN)], [_float(2.5)]], None),
    # a float nondet reaching the assertion through a conditional expression
    "conditional_of_floats": (HEAD + dedent("""
        int main(void) {
          int c = __VERIFIER_nondet_int();
          float v = c ? 1.5f : 2;
          if (v != 1.5f && v != 2.0f) reach_error();
          return 0;
        }
        """), "true", [["0"], ["1"]], None),
    # float + 1 saturates at 2^24 (16777216 + 1 rounds to even, back to 16777216): a loop
    # with a nondet length never passes it, and a loop that counts to 2^24 + 3 never ends
    "saturating_increment_never_passes": (HEAD + dedent("""
        int main(void) {
          float x = 0.0f;
          while (__VERIFIER_nondet_int()) x = x + 1.0f;
          if (x > 16777216.0f) reach_error();
          return 0;
        }
        """), "true", [["1", "1", "0"]], None),
    "saturating_increment_loops_forever": (HEAD + dedent("""
        int main(void) {
          float x = 0.0f;
          int n = 0;
          while (x < 16777219.0f) {
            x = x + 1.0f;
            n++;
            if (n > 16777216) reach_error();
          }
          return 0;
        }
        """), "false", [[]], None),
    # not modelled: unknown naming the construct
    "sqrt_is_not_modelled": (HEAD + dedent("""
        double sqrt(double);
        int main(void) {
          double x = __VERIFIER_nondet_double();
          if (x >= 0 && sqrt(x) * sqrt(x) > x + 1) reach_error();
          return 0;
        }
        """), "unknown", None, "math library function 'sqrt'"),
    # long double is modelled (test_adversarial_long_double.py has its own cases)
    "long_double_holds_a_double": (HEAD + dedent("""
        int main(void) {
          long double x = 1.0;
          if (x != 1.0) reach_error();
          return 0;
        }
        """), "true", [[]], None),
}


@pytest.mark.parametrize("model", ["ILP32", "LP64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_floating_verdict_matches_gcc(cli, ws, prp, tmp_path, name, model):
    source, verdict, probes, reason = CASES[name]
    if probes is not None:
        check_ground_truth(tmp_path, source, model, probes, verdict)
    run, report = _validate(cli, ws, prp, source, (), "--data-model", model)
    expected = "false(unreach-call)" if verdict == "false" else verdict
    assert run.result == expected, report["reason"]
    if reason is not None:
        assert reason in report["reason"]


def test_x87_excess_precision_differs(tmp_path):
    """The reason for `-mfpmath=sse` on i386: the x87 build keeps 1e309 in a register."""
    source = CASES["no_excess_precision"][0]
    assert _ground_truth(tmp_path, source, "ILP32", flags=["-m32", "-mfpmath=387"]) == "error"
    assert _ground_truth(tmp_path, source, "ILP32") == "ok"


LOOP = HEAD + dedent("""
    int main(void) {
      float x = 0.0f;
      float y = __VERIFIER_nondet_float();
      while (__VERIFIER_nondet_int()) {
        x = x + 0.5f;
      }
      return 0;
    }
    """)


@pytest.mark.parametrize("value,status", [("x >= 0.0f", "confirmed"),
                                          ("x == x", "confirmed"),
                                          ("x < 1e30f", "confirmed"),
                                          ("y == y", "rejected"),
                                          ("x <= 2.0f", "rejected")])
def test_floating_invariants(cli, ws, prp, value, status):
    """`y == y` fails for a NaN input; x + 0.5f stops growing at 2^24 (the sum rounds back
    to x), so `x < 1e30f` holds on every execution, and `x <= 2.0f` fails after 5 rounds."""
    line = LOOP.splitlines().index("  while (__VERIFIER_nondet_int()) {") + 1
    run, report = _validate(cli, ws, prp, LOOP, [("loop_invariant", line, None, value)])
    assert report["invariants"][0]["status"] == status, report["invariants"][0]["reason"]


def test_violation_witness_with_floating_values_is_confirmed(cli, ws, prp):
    from validator.outputs.violation_check import check_violation_witness
    source = HEAD + dedent("""
        int main(void) {
          float x = __VERIFIER_nondet_float();
          double y = __VERIFIER_nondet_double();
          if (x != x && y > 1e300) reach_error();
          return 0;
        }
        """)
    program = ws.write("prog.c", source)
    witness = ws.write("w.yml", dedent("""
        - entry_type: invariant_set
          metadata:
            format_version: "2.0"
            uuid: 0b1c2d3e-0000-4000-8000-000000000001
            creation_time: "2024-01-01T00:00:00Z"
            producer: {name: test-producer, version: "1.0"}
            task:
              input_files: ["prog.c"]
              input_file_hashes: {}
              specification: "G ! call(reach_error())"
              data_model: ILP32
              language: C
          content: []
        """))
    violation = ws.dir / "violation.yml"
    run = cli("--witness", witness, program, "--spec", prp, "--timeout", "20",
              "--violation-witness-out", violation)
    assert run.result == "false(unreach-call)"
    text = violation.read_text()
    assert "x != x" in text                     # NaN has no literal
    check = check_violation_witness(str(program), str(violation), "ILP32", 30)
    assert check.confirmed, check.reason
