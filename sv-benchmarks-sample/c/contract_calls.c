extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "contract_calls.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// A function called twice, with a function contract (format 2.1). Safe.

int half(int x) {
  return x / 2;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  int a = half(x);
  int b = half(a - 10);
  __VERIFIER_assert(a <= 50 && b <= 20);
  return 0;
}
