/* unsigned __int128 in LP64: reachable for x == 3 (gcc -m32 rejects __int128). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned __int128 big = (unsigned __int128)(unsigned) x << 64;
  if ((unsigned)(big >> 64) == 3u) reach_error();
  return 0;
}