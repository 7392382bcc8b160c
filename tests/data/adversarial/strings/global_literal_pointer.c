/* A global pointer initialised with a string literal points to a living object from the
   start (not NULL, dereferenced as the literal), as do literals chosen in main; the error is
   reached for x == 42 only. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
const char *g = "abc";
const char *h;
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (g == 0 || g[1] != 'b' || strlen(g) != 3) reach_error();
  h = x ? "de" : "fgh";
  if (strlen(h) == 3 && x) reach_error();
  if (x == 42 && g[2] == 'c') reach_error();
  return 0;
}
