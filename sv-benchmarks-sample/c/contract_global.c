extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "contract_global.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// Function contract with \old of a global (format 2.1). Safe.

int global = 0;

int f(int x) {
  int old = global;
  global = global + x;
  return old;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x <= 0 || x > 1000) return 0;
  int a = f(x);
  int b = f(x);
  __VERIFIER_assert(a == 0 && b == x && global == 2 * x);
  return 0;
}
