extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "switch_mod3.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// A switch inside a for loop distributes i % 3 over three counters. Safe.

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 0 && n <= 1000)) return 0;
  int a = 0;
  int b = 0;
  int c = 0;
  int i;
  for (i = 0; i < n; i++) {
    switch (i % 3) {
    case 0:
      a++;
      break;
    case 1:
      b++;
      break;
    default:
      c++;
      break;
    }
  }
  __VERIFIER_assert(a + b + c == n);
  __VERIFIER_assert(a >= b && b >= c && a - c <= 1);
  return 0;
}
