/* always_inline, noinline, unused, const and pure (used as promised) do not change what a
   program computes (gcc: reachable for x == 4). */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { /*MARK:error*/ __assert_fail("0", "f.c", 3, "reach_error"); }
int g = 5;
__attribute__((always_inline)) static inline int twice(int v) { return 2 * v; }
__attribute__((noinline)) static int plus_one(int v) { return v + 1; }
__attribute__((const)) static int square(int v) { return v * v; }
__attribute__((pure)) static int get(void) { return g; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int unused_variable __attribute__((unused)) = 0;
  if (x < -100 || x > 100) return 0;
  if (twice(x) + plus_one(x) + square(x) == 3 * x + 1 + 16 && get() == 5) reach_error();
  return 0;
}