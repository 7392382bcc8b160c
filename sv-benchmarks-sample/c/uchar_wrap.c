extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "uchar_wrap.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
  return;
}

// Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
// An unsigned char counter wraps around (300 increments = 44 mod 256). Safe.

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char start = c;
  int n = 0;
  while (n < 300) {
    c++;
    n++;
  }
  __VERIFIER_assert(c == (unsigned char)(start + 44));
  return 0;
}
