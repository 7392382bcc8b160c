/* Local labels (__label__): each block's L is its own label (gcc: reachable for x == 2). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  { __label__ L; if (x == 1) goto L; r += 1; L: ; }
  { __label__ L; if (x == 2) goto L; r += 10; L: ; }
  if (r == 1) reach_error();
  return 0;
}