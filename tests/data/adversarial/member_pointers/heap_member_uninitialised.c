/* malloc's bytes are indeterminate: strcmp of a member never written reads them. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
extern int strcmp(const char *, const char *);
struct S { int id; char name[4]; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S *p = malloc(2 * sizeof(struct S));
  p[0].name[0] = 0;
  if (x) { /*MARK:before-uninit*/ if (strcmp(p[1].name, "ab") == 0) reach_error(); }
  free(p);
  return 0;
}
