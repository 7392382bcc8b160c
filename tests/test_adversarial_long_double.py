"""Adversarial tests of `long double` (issue 16): gcc's x87 80-bit extended format on i386
and x86-64 (64 significand bits, the integer bit explicit: as values z3's FPSort(15, 64)),
computed by the x87 unit with 64-bit precision also in the ILP32 build with
`-mfpmath=sse`, sizeof 12 (i386) or 16 (x86-64).

Each program is one a careless model gets wrong: long double computed as double (double
rounding through long double, 1 + LDBL_EPSILON, integers of 64 bits that are exact in long
double and not in double, values beyond DBL_MAX that are finite in long double), subnormals
and the largest exponent, NaN.  The ground truth comes from gcc in both data models, built as
the harness builds (`test_adversarial_floats.check_ground_truth`); the nondet functions read
their values from argv.  Python floats hold only the long double values that are doubles, so
the interpreter gives up on the others and these verdicts come from z3 (inputs) or the
gcc-compiled run (programs without inputs).
"""
from __future__ import annotations

import pytest

from conftest import dedent, validate_with_report as _validate
from test_adversarial_floats import HEAD as FLOAT_HEAD, _double, check_ground_truth

HEAD = FLOAT_HEAD + dedent("""
    extern long long __VERIFIER_nondet_longlong(void);
    extern unsigned long long __VERIFIER_nondet_ulonglong(void);
    """)

BOTH = ("ILP32", "LP64")

# name -> (program, {data model: verdict}, probe inputs (argv words) for the ground truth,
# what the reason must name when the verdict is unknown)
CASES = {
    # 1 + 2^-53 + n 2^-105 rounds to 1 + 2^-53 in long double (64 bits), which then ties to
    # 1.0 in double; computed in double directly it rounds up to 1 + 2^-52
    "double_rounding_differs": (HEAD + dedent("""
        int main(void) {
          int n = __VERIFIER_nondet_int();
          if (n < 1 || n > 3) return 0;
          double b = 0x1p-53 + n * 0x1p-105;
          long double s = (long double)1.0 + b;
          double via = (double)s;
          double direct = 1.0 + b;
          if (via == direct) reach_error();
          return 0;
        }
        """), {m: "true" for m in BOTH}, [["1"], ["2"], ["3"]], None),
    "double_rounding_reaches": (HEAD + dedent("""
        int main(void) {
          int n = __VERIFIER_nondet_int();
          if (n < 1 || n > 3) return 0;
          double b = 0x1p-53 + n * 0x1p-105;
          long double s = (long double)1.0 + b;
          if ((double)s == 1.0 && 1.0 + b > 1.0) reach_error();
          return 0;
        }
        """), {m: "false" for m in BOTH}, [["2"]], None),
    # 1e300 * 1e300 * k is finite in long double, infinite once converted to double
    "beyond_double_max_is_finite": (HEAD + dedent("""
        int main(void) {
          int k = __VERIFIER_nondet_int();
          if (k < 1 || k > 9) return 0;
          long double big = 1e300;
          big = big * (k * 1e300);
          double d = (double)big;
          if (d == 1.0 / 0.0 && big / 1e300 > 1e299) reach_error();
          return 0;
        }
        """), {m: "false" for m in BOTH}, [["1"], ["9"]], None),
    "long_double_product_is_not_infinite": (HEAD + dedent("""
        int main(void) {
          int k = __VERIFIER_nondet_int();
          if (k < 1 || k > 9) return 0;
          long double big = 1e300;
          big = big * (k * 1e300);
          if (big == 1.0 / 0.0) reach_error();
          return 0;
        }
        """), {m: "true" for m in BOTH}, [["1"], ["9"]], None),
    # 64-bit integers convert to long double exactly, and back
    "long_long_round_trip_is_exact": (HEAD + dedent("""
        int main(void) {
          long long a = __VERIFIER_nondet_longlong();
          long double x = a;
          if ((long long)x != a) reach_error();
          return 0;
        }
        """), {m: "true" for m in BOTH},
        [["1152921504606846977"], ["9223372036854775807"], ["-9223372036854775808"]], None),
    "unsigned_long_long_round_trip_is_exact": (HEAD + dedent("""
        int main(void) {
          unsigned long long u = __VERIFIER_nondet_ulonglong();
          long double x = u;
          if ((unsigned long long)x != u) reach_error();
          return 0;
        }
        """), {m: "true" for m in BOTH}, [["18446744073709551615"], ["9007199254740993"]],
        None),
    # the same through double loses the low bits
    "long_long_through_double_is_not_exact": (HEAD + dedent("""
        int main(void) {
          long long a = __VERIFIER_nondet_longlong();
          if (a < 0 || a > 0x3fffffffffffffffLL) return 0;
          long double x = a;
          double d = a;
          if ((long long)x == a && (long long)d != a) reach_error();
          return 0;
        }
        """), {m: "false" for m in BOTH}, [["1152921504606846977"]], None),
    # LDBL_EPSILON is 2^-63: 1 + 2^-k differs from 1 for k up to 63 (52 in double)
    "epsilon_has_64_bits": (HEAD + dedent("""
        int main(void) {
          long double e = 1.0L;
          int n = 0;
          while (1.0L + e != 1.0L) { e = e / 2; n++; }
          if (n != 64) reach_error();
          return 0;
        }
        """), {m: "true" for m in BOTH}, [[]], None),
    # halving 1 reaches the smallest subnormal 2^-16445 (LDBL_MIN is 2^-16382)
    "subnormals_down_to_2_pow_minus_16445": (HEAD + dedent("""
        int main(void) {
          long double m = 1.0L;
          int n = 0;
          while (m / 2 != 0) { m = m / 2; n++; }
          if (n != 16445) reach_error();
          return 0;
        }
        """), {m: "true" for m in BOTH}, [[]], None),
    # doubling 1 stays finite up to 2^16383 (LDBL_MAX is just below 2^16384)
    "largest_exponent_16383": (HEAD + dedent("""
        int main(void) {
          long double x = 1.0L;
          int n = 0;
          while (x * 2 != 1.0 / 0.0) { x = x * 2; n++; }
          if (n == 16383) reach_error();
          return 0;
        }
        """), {m: "false" for m in BOTH}, [[]], None),
    # NaN converts to a long double NaN: equal to nothing, ordered with nothing
    "nan_stays_nan": (HEAD + dedent("""
        int main(void) {
          double x = __VERIFIER_nondet_double();
          long double y = x;
          if (y != y && x == x) reach_error();
          if (x != x && (y < 1.0L || y >= 1.0L || y == y)) reach_error();
          return 0;
        }
        """), {m: "true" for m in BOTH}, [[_double(float("nan"))], [_double(1.5)]], None),
    "nan_is_unordered": (HEAD + dedent("""
        int main(void) {
          double x = __VERIFIER_nondet_double();
          long double y = x;
          if (!(y < 1.0L) && !(y >= 1.0L)) reach_error();
          return 0;
        }
        """), {m: "false" for m in BOTH}, [[_double(float("nan"))]], None),
    "sizeof_long_double": (HEAD + dedent("""
        int main(void) {
          if (sizeof(long double) != 12) reach_error();
          return 0;
        }
        """), {"ILP32": "true", "LP64": "false"}, [[]], None),
    # a conversion of a long double beyond INT_MAX to int is undefined (UBSan traps it)
    "conversion_out_of_range_is_undefined": (HEAD + dedent("""
        int main(void) {
          int k = __VERIFIER_nondet_int();
          if (k < 1 || k > 3) return 0;
          long double x = 3e9;
          int i = (int)(x * k);
          if (i == 0) reach_error();
          return 0;
        }
        """), {m: "unknown" for m in BOTH}, [["1"]], "undefined behaviour"),
    # not modelled: a long double input (replays pass 64 bits), a literal that is no double
    "nondet_long_double_is_not_modelled": (HEAD + dedent("""
        extern long double __VERIFIER_nondet_long_double(void);
        int main(void) {
          long double x = __VERIFIER_nondet_long_double();
          if (x > 1.0L) reach_error();
          return 0;
        }
        """), {m: "unknown" for m in BOTH}, None, "returning long double"),
    "literal_that_is_no_double_is_not_modelled": (HEAD + dedent("""
        int main(void) {
          long double x = 0.1L;
          if (x == 0.1) reach_error();
          return 0;
        }
        """), {m: "unknown" for m in BOTH}, None, "long double constant 0.1L"),
}


@pytest.mark.parametrize("model", BOTH)
@pytest.mark.parametrize("name", sorted(CASES))
def test_long_double_verdict_matches_gcc(cli, ws, prp, tmp_path, name, model):
    source, verdicts, probes, reason = CASES[name]
    verdict = verdicts[model]
    if probes is not None:
        check_ground_truth(tmp_path, source, model, probes, verdict)
    run, report = _validate(cli, ws, prp, source, (), "--data-model", model,
                            "--timeout", "60")
    expected = "false(unreach-call)" if verdict == "false" else verdict
    assert run.result == expected, report["reason"]
    if reason is not None:
        assert reason in report["reason"]
