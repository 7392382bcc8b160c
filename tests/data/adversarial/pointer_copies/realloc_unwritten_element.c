/* `realloc` copies the old block's element 1, never written, without using it (no undefined
   behaviour); a[0] is x, the error on 5.  The copy is an execution that is not modelled,
   never the end of the executions as an uninitialised read. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { /*MARK:error*/ abort(); }
#include <stdlib.h>
int main(void) {
  int *a = malloc(2 * sizeof(int));
  a[0] = __VERIFIER_nondet_int();
  a = realloc(a, 4 * sizeof(int));
  if (a[0] == 5) reach_error();
  free(a);
  return 0;
}
