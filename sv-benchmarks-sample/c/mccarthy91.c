extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mccarthy91.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// McCarthy's 91 function: nested recursion, as deep as 100 - x for any int x. Safe.

int f91(int x) {
  if (x > 100) {
    return x - 10;
  }
  return f91(f91(x + 11));
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  int result = f91(x);
  if (result == 91 || (x > 101 && result == x - 10)) {
    return 0;
  }
  reach_error();
  return 0;
}
