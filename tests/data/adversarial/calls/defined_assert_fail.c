/* The program's __assert_fail returns (gcc does not treat it as noreturn): the error is reached
   for x == 3.  Its parameters point into string literals (read-only objects). */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int g = 0;
void __assert_fail(const char *assertion, const char *file, unsigned int line,
                   const char *function) {
  g = 1;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) __assert_fail("x != 3", "prog.c", 14, "main");
  if (g) reach_error();
  return 0;
}
