/* The array keeps a second copy of a freed block's pointer: reading through it on 5. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
int main(void) {
  int *a[2];
  int n = __VERIFIER_nondet_int();
  a[0] = malloc(sizeof(int));
  a[1] = a[0];
  *a[0] = 1;
  free(a[0]);
  a[0] = 0;
  if (n == 5) { /*MARK:before-stale*/ if (*a[1] == 1) reach_error(); }
  return 0;
}
