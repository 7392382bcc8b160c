/* Postfix and prefix steps of bit-fields keep C's values where nothing overflows: `s.d++`
   gives the old value (2147483646) and leaves 2147483647, `s.a++` of a signed 3-bit 3 gives 3
   and wraps to -4, `++s.b` of an unsigned 5-bit 31 gives 0 (false on 2147483646). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
struct S { int a : 3; unsigned int b : 5; unsigned int d : 31; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 2147483645 || x > 2147483646) return 0;
  struct S s = {3, 31, x};
  int r = s.d++;
  int t = s.a++;
  int u = ++s.b;
  if (r == 2147483646 && s.d == 2147483647u && t == 3 && s.a == -4 && u == 0 && s.b == 0)
    reach_error();
  return 0;
}
