/* The member pointer dies with its block. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
struct S { int id; char name[4]; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S *p = malloc(2 * sizeof(struct S));
  p[1].name[0] = 'z';
  char *q = p[1].name;
  free(p);
  if (x) { /*MARK:before-dangling*/ if (*q == 'z') reach_error(); }
  return 0;
}
